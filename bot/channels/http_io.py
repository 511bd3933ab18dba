"""What every channel does with an HTTP request the same way: its media type, its JSON body, its text.

* :func:`media_type` / :func:`is_json` — the content type without parameters; no content type is
  not JSON (browsers send cross-site posts without one, or with a "simple" one, without a CORS
  preflight, so accepting it would let any page write into a conversation);
* :func:`json_object` — the one body parser: the body as a JSON object, or :class:`NotAJsonObject`
  (each channel words its own 400);
* :func:`clean_text` — the one text cleaner: control characters dropped;
* :data:`SECURITY_HEADERS` — the headers every page and API answer of the web chat and the clerk
  desk carries.

No Rasa here: plain Sanic requests.
"""

from __future__ import annotations

import json
from typing import Any, Dict

from sanic.request import Request

MAX_BODY_BYTES = 64 * 1024
JSON_TYPE = "application/json"
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


class NotAJsonObject(ValueError):
    """The body is not a JSON object: ``parsed`` is False when it is not JSON at all."""

    def __init__(self, parsed: bool):
        super().__init__("not a JSON object" if parsed else "not JSON")
        self.parsed = parsed


def media_type(request: Request) -> str:
    """The request's media type, lower case, without parameters ("" when there is none)."""
    return (request.headers.get("content-type") or "").split(";")[0].strip().lower()


def is_json(request: Request) -> bool:
    """Exactly ``application/json`` (parameters such as charset allowed); no content type is not JSON."""
    return media_type(request) == JSON_TYPE


def json_object(raw: bytes | None) -> Dict[str, Any]:
    """The body as a JSON object; :class:`NotAJsonObject` when it is not JSON or not an object."""
    try:
        body = json.loads(raw or b"")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise NotAJsonObject(parsed=False) from None
    if not isinstance(body, dict):
        raise NotAJsonObject(parsed=True)
    return body


def clean_text(text: str, *, squeeze: bool = False) -> str:
    """Drop control characters (line breaks and tabs become spaces) and surrounding space.

    ``squeeze``: also make every run of spaces one space (an SMS keyword or answer).
    """
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(cleaned.split()) if squeeze else cleaned.strip()
