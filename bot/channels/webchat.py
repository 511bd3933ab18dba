"""The tenants' web chat: a page served by the Rasa server itself (``GET /webhooks/webchat/``).

A thin input channel whose blueprint serves the page (``bot/webchat/index.html``), its two
static files and a small JSON list of the covered municipalities read from the knowledge
base. The page talks to the assistant over the REST channel (``POST /webhooks/rest/webhook``,
same origin), so this channel handles no messages itself. Nothing is fetched from elsewhere
at run time, and a strict Content-Security-Policy keeps it so.

Routes (under ``/webhooks/webchat``):

- ``/`` — the page (``/webhooks/webchat`` redirects here, so relative links resolve);
- ``/static/app.js``, ``/static/style.css`` — its script and style sheet (nothing else);
- ``/municipalities.json`` — ``{"municipalities": [{"key", "name", "payload"}]}``, where
  ``payload`` is the message that tells the assistant the user's municipality.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Awaitable, Callable

from rasa.core.channels.channel import InputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

from bot.channels import UsesKnowledgeBase
from knowledge.kb import KnowledgeBase, KnowledgeBaseError

logger = logging.getLogger(__name__)

WEB_DIR = Path(__file__).resolve().parent.parent / "webchat"
# The only files served besides the page, with their content types.
ASSETS = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
# The intent a municipality choice is sent as (the payload the bot's own buttons use).
INFORM_INTENT = "inform_municipality"
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
UNAVAILABLE = "The list of municipalities is not available right now."


def inform_payload(key: str) -> str:
    """The message that tells the assistant the user's municipality: ``/inform_municipality{...}``."""
    return "/" + INFORM_INTENT + json.dumps({"municipality": key})


def municipality_options(kb: KnowledgeBase) -> list[dict[str, str]]:
    """The covered municipalities, in the product's order, as the page's picker needs them."""
    return [{"key": m.key, "name": m.name, "payload": inform_payload(m.key)} for m in kb.municipalities()]


def _file(name: str, content_type: str) -> HTTPResponse:
    try:
        body = (WEB_DIR / name).read_bytes()
    except OSError:
        logger.exception("web chat file %s is missing", name)
        return response.text("Not found.", status=404, headers=HEADERS)
    return response.raw(body, content_type=content_type, headers=HEADERS)


class WebChatChannel(UsesKnowledgeBase, InputChannel):
    """Serves the web chat page; messages go through the REST channel."""

    @classmethod
    def name(cls) -> str:
        return "webchat"

    @classmethod
    def from_credentials(cls, credentials: dict[str, Any] | None) -> WebChatChannel:
        return cls()

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[Any]]) -> Blueprint:
        webchat = Blueprint("housing_webchat", __name__)

        @webchat.route("/", methods=["GET"])
        async def page(request: Request) -> HTTPResponse:
            if not request.path.endswith("/"):
                return response.redirect(request.path + "/", headers=HEADERS)
            return _file("index.html", "text/html; charset=utf-8")

        @webchat.route("/static/<name>", methods=["GET"])
        async def static(_: Request, name: str) -> HTTPResponse:
            if name not in ASSETS:
                return response.text("Not found.", status=404, headers=HEADERS)
            return _file(name, ASSETS[name])

        @webchat.route("/municipalities.json", methods=["GET"])
        async def municipalities(_: Request) -> HTTPResponse:
            try:
                options = municipality_options(self.kb)
            except KnowledgeBaseError:
                logger.exception("web chat: knowledge base unavailable")
                return response.json({"error": UNAVAILABLE}, status=503, headers=HEADERS)
            return response.json({"municipalities": options}, headers=HEADERS)

        return webchat
