"""The clerk desk: a Rasa input channel whose blueprint serves the town-hall clerk's page and API.

Mounted by Rasa under ``/webhooks/clerk/`` (``bot/credentials.yml``). A thin adapter: the
answers, comparisons and sheets come from :mod:`knowledge.compare` and :mod:`knowledge.sheet`;
free-text questions go to the bot itself (``request.app.ctx.agent``, sender ``clerk-<random>``,
metadata ``{"role": "clerk"}``); the review list reads conversations from Rasa's tracker store.
``/api/ask`` runs the full bot, so it shares the rate-limit policy of every public route that
does (:func:`bot.ratelimit.shared_policy`: per client address and per ``session``; 429 with
``Retry-After``) and takes only ``application/json`` (415 otherwise).

=====================  ======  ==========================================================
path                   method  what
=====================  ======  ==========================================================
``/``                  GET     the clerk page (``bot/clerk/``)
``/static/<file>``     GET     its script and style sheet
``/api/meta``          GET     municipalities, topics, standards (for the pickers)
``/api/answer``        GET     ``municipality``, ``topic``: the long-form answer, every section in full
``/api/compare``       GET     ``topic`` or ``standard``; ``format`` json (default), html or text
``/api/lookup``        GET     ``q`` (citation or defined term), optional ``municipality``
``/api/search``        GET     ``q``, optional ``municipality``, ``limit``: full sections found
``/api/ask``           POST    ``{"question", "municipality"?, "session"?}``: the bot's answer + search
``/sheet``             GET/    ``question``, ``municipality``, ``topic`` and/or ``citation`` (repeatable):
                       POST    the printable answer sheet (HTML); POST takes a form or JSON
``/api/review``        GET     what the assistant could not answer (needs the clerk token)
=====================  ======  ==========================================================

Only the review list needs the clerk token (``CLERK_TOKEN``; ``Authorization: Bearer <token>``
only: a ``?token=`` in the URL, where it would land in logs and browser history, is refused with
a 400; wrong tokens are counted per client address, ``RATE_LIMIT_CLERK_TOKEN``, then 429), because
it shows residents' conversations (phone numbers masked to their last two digits); everything else serves the public
ordinance texts the public chat already answers from. Every error is JSON with a 4xx status
(503 while the model or knowledge base is not there); bad input never gets a 500.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import Any, Awaitable, Callable, Dict, Iterable, List, Mapping

import yaml
from rasa.core.channels.channel import CollectingOutputChannel, InputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

from bot.channels import UsesKnowledgeBase
from bot.channels.rest import NOTHING_SAID, clean_text
from bot.ratelimit import client_address, refusal_text, retry_after, shared_policy
from knowledge import compare, sheet
from knowledge.citations import find_citation, looks_like_citation
from knowledge.compose import unprinted_number_note
from knowledge.kb import (
    KnowledgeBase,
    KnowledgeBaseError,
    KnowledgeBaseUnavailable,
    UnknownCitation,
    UnknownMunicipality,
)

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent.parent
ASSETS = Path(__file__).resolve().parent.parent / "clerk"
STATIC_FILES = {"clerk.js": "text/javascript", "clerk.css": "text/css", "sheet.js": "text/javascript"}

MAX_QUESTION_CHARS = 2000
MAX_QUERY_CHARS = compare.MAX_QUERY_CHARS
MAX_CITATIONS = 40
MAX_BODY_BYTES = 64 * 1024
REVIEW_DEFAULT_LIMIT = 50
REVIEW_MAX_LIMIT = 500
REVIEW_MAX_CONVERSATIONS = 2000
SESSION_PATTERN = re.compile(r"clerk-[A-Za-z0-9_-]{6,64}")
ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]
DEFAULT_FALLBACK_THRESHOLD = 0.3  # Rasa's FallbackClassifier default

PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SHEET_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
COMMON_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


class BadRequest(Exception):
    """A request the client must fix; ``str()`` is the message."""

    def __init__(self, message: str, status: int = 400, **extra: Any):
        super().__init__(message)
        self.status = status
        self.extra = extra


# -- responses -----------------------------------------------------------------------------
def error(status: int, message: str, **extra: Any) -> HTTPResponse:
    """A JSON error: ``{"error": message, ...}``."""
    headers = dict(COMMON_HEADERS)
    headers.update(extra.pop("headers", {}))
    return response.json({"error": message, **extra}, status=status, headers=headers)


def ok_json(data: Any, **headers: str) -> HTTPResponse:
    return response.json(data, headers={**COMMON_HEADERS, "Cache-Control": "no-store", **headers})


def ok_html(body: str, csp: str = SHEET_CSP) -> HTTPResponse:
    return response.html(body, headers={**COMMON_HEADERS, "Content-Security-Policy": csp, "Cache-Control": "no-store"})


Handler = Callable[..., Awaitable[HTTPResponse]]


def guarded(*methods: str) -> Callable[[Handler], Handler]:
    """Allow only ``methods`` (others: 405 JSON) and turn every failure into a clear JSON error."""

    def decorate(handler: Handler) -> Handler:
        @wraps(handler)
        async def wrapper(request: Request, *args: Any, **kwargs: Any) -> HTTPResponse:
            if request.method not in methods:
                return error(
                    405,
                    f"{request.method} is not allowed here; use {' or '.join(methods)}.",
                    headers={"Allow": ", ".join(methods)},
                )
            try:
                return await handler(request, *args, **kwargs)
            except BadRequest as exc:
                return error(exc.status, str(exc), **exc.extra)
            except compare.NotFound as exc:
                return error(404, str(exc), suggestions=exc.suggestions)
            except UnknownCitation as exc:
                return error(404, str(exc))
            except (UnknownMunicipality, compare.UnknownTopic, compare.UnknownStandard) as exc:
                return error(400, str(exc))
            except KnowledgeBaseUnavailable as exc:
                logger.error("clerk desk: %s", exc)
                return error(503, "The knowledge base is not available right now. Please try again later.")
            except KnowledgeBaseError as exc:
                return error(400, str(exc))
            except Exception:  # noqa: BLE001 - the client gets a clear JSON answer, the log the details
                logger.exception("clerk desk request failed: %s %s", request.method, request.path)
                return error(500, "Sorry, something went wrong on our side.")

        return wrapper

    return decorate


# -- request parameters ----------------------------------------------------------------------
def text_param(
    params: Mapping[str, Any], name: str, required: bool = False, limit: int = MAX_QUERY_CHARS
) -> str | None:
    """A text parameter, cleaned of control characters; 400 when required and empty or too long."""
    value = params.get(name)
    if isinstance(value, list):
        value = value[0] if value else None
    if value is not None and not isinstance(value, str):
        raise BadRequest(f'"{name}" must be text.')
    value = clean_text(value or "")
    if len(value) > limit:
        raise BadRequest(f'"{name}" is too long ({len(value):,} characters; at most {limit:,}).')
    if required and not value:
        raise BadRequest(f'Give "{name}".')
    return value or None


def list_param(params: Any, name: str) -> list[str]:
    """A repeatable parameter (query string, form, or JSON list)."""
    if hasattr(params, "getlist"):
        values = params.getlist(name) or []
    else:
        values = params.get(name) or []
        values = [values] if isinstance(values, str) else values
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise BadRequest(f'"{name}" must be text or a list of texts.')
    values = [clean_text(v) for v in values if v and v.strip()]
    if len(values) > MAX_CITATIONS or any(len(v) > 200 for v in values):
        raise BadRequest(f'Too many or too long "{name}" values (at most {MAX_CITATIONS}, 200 characters each).')
    return values


def json_body(request: Request) -> dict[str, Any]:
    if len(request.body or b"") > MAX_BODY_BYTES:
        raise BadRequest(f"The request body is too large (at most {MAX_BODY_BYTES // 1024} KB).", status=413)
    try:
        body = json.loads(request.body or b"")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest('The body must be JSON like {"question": "..."}.') from None
    if not isinstance(body, dict):
        raise BadRequest('The body must be a JSON object like {"question": "..."}.')
    return body


def content_type(request: Request) -> str:
    """The request's media type, lower case, without parameters ("" when there is none)."""
    return (request.headers.get("content-type") or "").split(";")[0].strip().lower()


def form_or_json(request: Request) -> Any:
    """POST parameters: a JSON object, or an HTML form (``application/x-www-form-urlencoded``)."""
    if len(request.body or b"") > MAX_BODY_BYTES:
        raise BadRequest(f"The request body is too large (at most {MAX_BODY_BYTES // 1024} KB).", status=413)
    kind = content_type(request)
    if kind == "application/json":
        return json_body(request)
    if kind != "application/x-www-form-urlencoded":
        raise BadRequest("Send a form (application/x-www-form-urlencoded) or JSON (application/json).", status=415)
    return request.form


# -- the clerk token ---------------------------------------------------------------------------
def check_token(request: Request) -> None:
    """Raise 403 when CLERK_TOKEN is unset, 400 for a token in the URL, 401 without a token, 403 with a
    wrong one (constant time), 429 after too many wrong ones from this address (``RATE_LIMIT_CLERK_TOKEN``)."""
    expected = os.environ.get("CLERK_TOKEN", "")
    if not expected:
        raise BadRequest(
            "The review list is switched off: no clerk token is configured (set CLERK_TOKEN on the server).",
            status=403,
        )
    if "token" in request.args:
        raise BadRequest(
            "Send the clerk token in the Authorization header (Authorization: Bearer <token>), never in the "
            "URL, where it ends up in logs and browser history.",
            status=400,
        )
    address = client_address(request)
    throttle = shared_policy().wrong_token
    wait = throttle.wait(address) if throttle is not None else 0.0
    if wait:
        raise BadRequest(
            f"Too many wrong clerk tokens from this address. Please wait {retry_after(wait)} seconds.",
            status=429,
            headers={"Retry-After": str(retry_after(wait))},
        )
    header = request.headers.get("authorization", "")
    given = header[7:].strip() if header[:7].lower() == "bearer " else ""
    if not given:
        raise BadRequest(
            "The review list needs the clerk token (Authorization: Bearer <token>).",
            status=401,
            headers={"WWW-Authenticate": 'Bearer realm="clerk"'},
        )
    # Digests first, so that neither the content nor the length of the token leaks through timing.
    # "replace": a header with bytes that are not UTF-8 is just a wrong token, not a server error.
    digest = lambda text: hashlib.sha256(text.encode("utf-8", "replace")).digest()  # noqa: E731
    if not hmac.compare_digest(digest(given), digest(expected)):
        if throttle is not None:
            throttle.take(address)
        logger.warning("clerk desk: a wrong clerk token")
        raise BadRequest("That clerk token is not right.", status=403)


# -- the review list ---------------------------------------------------------------------------
@lru_cache(maxsize=1)
def fallback_threshold(config_path: Path = ROOT / "config.yml") -> float:
    """The FallbackClassifier threshold of the NLU pipeline in ``config.yml`` (Rasa's default if none)."""
    try:
        config = yaml.safe_load(config_path.read_text(encoding="utf-8")) or {}
        for component in config.get("pipeline") or []:
            if isinstance(component, dict) and component.get("name") == "FallbackClassifier":
                return float(component.get("threshold", DEFAULT_FALLBACK_THRESHOLD))
    except (OSError, ValueError, TypeError, yaml.YAMLError) as exc:
        logger.warning("clerk desk: could not read the fallback threshold from %s: %s", config_path, exc)
    return DEFAULT_FALLBACK_THRESHOLD


FALLBACK_ACTIONS = {"action_default_fallback", "utter_default", "action_two_stage_fallback", "action_clarify"}
OUT_OF_SCOPE_ACTIONS = {"utter_out_of_scope", "action_out_of_scope"}
SMALL_TALK = {"greet", "goodbye", "thanks", "help", "affirm", "deny", "bot_challenge", "chitchat"}
QUESTION_WORDS = set(
    "who what when where why how which whose whom can could do does did is are am must should may will would "
    "has have shall".split()
)
REASONS = {
    "fallback": "the assistant did not understand (nlu_fallback / utter_default)",
    "out_of_scope": "out of scope",
    "low_confidence": "intent confidence below the fallback threshold",
    "not_addressed": "answered that the municipality's text does not address it",
    "unknown_municipality": "a place none of the covered texts covers",
    "misunderstood": "taken for a municipality name, but no municipality was recognised",
    "unanswered": "a question that got neither an answer from the texts nor a follow-up question",
    "no_match": "no word of it occurs in the covered texts, and no cited answer was given",
    "handoff": "the user asked to talk to a person",
}


def conversation_turns(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """User and bot turns from tracker events (as ``Event.as_dict()`` gives them), with the actions run."""
    turns: list[dict[str, Any]] = []
    for event in events:
        kind = event.get("event")
        if kind == "user":
            parse = event.get("parse_data") or {}
            intent = parse.get("intent") or {}
            ranking = [i for i in parse.get("intent_ranking") or [] if i.get("name") != "nlu_fallback"]
            turns.append(
                {
                    "role": "user",
                    "text": event.get("text") or "",
                    "timestamp": event.get("timestamp"),
                    "intent": intent.get("name"),
                    "confidence": intent.get("confidence"),
                    "top_intent": ranking[0] if ranking else None,
                    "entities": [
                        {"entity": x.get("entity"), "value": x.get("value")} for x in parse.get("entities") or []
                    ],
                    "metadata": event.get("metadata") or {},
                    "input_channel": event.get("input_channel"),
                    "actions": [],
                }
            )
        elif kind == "bot":
            data = event.get("data") or {}
            turns.append(
                {
                    "role": "bot",
                    "text": event.get("text") or "",
                    "timestamp": event.get("timestamp"),
                    "custom": data.get("custom"),
                    "utter_action": (event.get("metadata") or {}).get("utter_action"),
                }
            )
        elif kind == "action" and turns:
            user = next((t for t in reversed(turns) if t["role"] == "user"), None)
            if user is not None and event.get("name") not in ("action_listen", None):
                user["actions"].append(event.get("name"))
    return turns


def _looks_like_question(text: str) -> bool:
    words = text.lower().split()
    return "?" in text or bool(words and words[0].strip(",.!") in QUESTION_WORDS)


def _reasons(user: dict[str, Any], replies: list[dict[str, Any]], threshold: float) -> list[str]:
    """Why a user turn belongs on the review list (empty: it was answered)."""
    reasons: list[str] = []
    actions = set(user["actions"]) | {r.get("utter_action") for r in replies if r.get("utter_action")}
    intent = user.get("intent") or ""
    text = user.get("text") or ""
    if intent == "nlu_fallback" or actions & FALLBACK_ACTIONS:
        reasons.append("fallback")
    if intent.startswith("out_of_scope") or actions & OUT_OF_SCOPE_ACTIONS:
        reasons.append("out_of_scope")
    confidence = user.get("confidence")
    if intent != "nlu_fallback" and isinstance(confidence, (int, float)) and confidence < threshold:
        reasons.append("low_confidence")
    customs = [r["custom"] for r in replies if isinstance(r.get("custom"), dict)]
    if any(c.get("addressed") is False for c in customs):
        reasons.append("not_addressed")
    if any(c.get("ask") == "municipality" and c.get("unknown") for c in customs):
        reasons.append("unknown_municipality")
    if any(c.get("handoff") for c in customs):
        reasons.append("handoff")
    named = any(e.get("entity") == "municipality" for e in user.get("entities") or [])
    if not reasons and intent == "inform_municipality" and not named and not text.startswith("/"):
        reasons.append("misunderstood")
    answered = any(c.get("citations") or "addressed" in c or c.get("ask") for c in customs)
    if not reasons and not answered and intent not in SMALL_TALK and _looks_like_question(text):
        reasons.append("unanswered")
    return reasons


def _unmatched(kb: KnowledgeBase, user: dict[str, Any], replies: list[dict[str, Any]]) -> bool:
    """A confident guess at words the texts do not contain ("asdf qwerty zxcv" taken for a topic question)."""
    text = user.get("text") or ""
    if text.startswith("/") or len(text.split()) < 2 or (user.get("intent") or "") in SMALL_TALK:
        return False
    if any(e.get("entity") == "municipality" for e in user.get("entities") or []):
        return False
    if any(isinstance(r.get("custom"), dict) and r["custom"].get("citations") for r in replies):
        return False
    try:
        return not compare.suggest_sections(kb, text, None, limit=1)
    except KnowledgeBaseError:
        return False


_PHONE_LIKE = re.compile(r"(?:whatsapp:)?\+?[\d\s().-]{7,}")


def display_sender(sender: str) -> str:
    """A conversation id as the review list shows it: never a full phone number, never a web-chat id.

    ``sms:<hash>`` (the salted hash of a number) is shown as it is; an id that looks like a phone
    number (an SMS conversation stored before the ``sms:`` ids, or a REST sender who typed one) is
    masked to its last two digits; a web-chat id (a bearer secret, in its visitor's cookie) is
    shown as a short digest of it.
    """
    if _PHONE_LIKE.fullmatch(sender) and sum(ch.isdigit() for ch in sender) >= 7:
        digits = [ch for ch in sender if ch.isdigit()]
        return "•" * (len(digits) - 2) + "".join(digits[-2:])
    if sender.startswith("web:"):
        return "web:" + hashlib.sha256(sender.encode("utf-8", "replace")).hexdigest()[:12]
    return sender


def from_the_desk(sender: str, user: Mapping[str, Any]) -> bool:
    """Whether a user turn was sent by the clerk desk (its channel; never the client's metadata)."""
    channel = user.get("input_channel")
    if channel:
        return channel == "clerk"
    return sender.startswith("clerk-")


def review_items(
    sender: str,
    events: Iterable[Mapping[str, Any]],
    threshold: float,
    kb: KnowledgeBase | None = None,
    include_clerk: bool = False,
    context: int = 1,
) -> list[dict[str, Any]]:
    """The turns of one conversation the assistant could not answer, each with the turns around it.

    Reasons (see :data:`REASONS`): ``fallback`` (nlu_fallback / utter_default), ``out_of_scope``,
    ``low_confidence`` (intent confidence below ``threshold``), ``not_addressed`` (a bot answer
    whose custom payload has ``addressed: false``), ``unknown_municipality`` (a place the texts do
    not cover), and two checks for confident misreadings that no threshold catches:
    ``misunderstood`` (taken for a municipality name, none recognised: "asdf qwerty zxcv"),
    ``unanswered`` (a question answered with neither a text, a "not addressed" nor a follow-up
    question) and ``no_match`` (none of its words occur in the texts and no cited answer came). Suggested sections come from a full-text search of the user's subject words.
    Turns the clerk desk itself sent (input channel ``clerk``; for turns stored without a channel,
    a ``clerk-…`` sender) are left out unless asked for; what a client writes in its metadata
    plays no part (a REST caller cannot hide a conversation by claiming the clerk role).
    The ``sender`` of an item is :func:`display_sender`: never a full phone number.
    """
    turns = conversation_turns(events)
    exchanges: list[list[dict[str, Any]]] = []
    for turn in turns:
        if turn["role"] == "user" or not exchanges:
            exchanges.append([])
        exchanges[-1].append(turn)
    items = []
    for index, exchange in enumerate(exchanges):
        user = exchange[0]
        if user["role"] != "user":
            continue
        if not include_clerk and from_the_desk(sender, user):
            continue
        replies = exchange[1:]
        reasons = _reasons(user, replies, threshold)
        if not reasons and kb is not None and _unmatched(kb, user, replies):
            reasons = ["no_match"]
        if not reasons:
            continue
        municipality = next(
            (
                r["custom"].get("municipality")
                for r in replies
                if isinstance(r.get("custom"), dict) and r["custom"].get("municipality")
            ),
            None,
        )
        if municipality is None and kb is not None:
            named = [e["value"] for e in user["entities"] if e.get("entity") == "municipality" and e.get("value")]
            municipality = kb.resolve_municipality(str(named[-1])) if named else None
        excerpt = []
        for number, around in enumerate(
            exchanges[max(0, index - context) : index + context + 1], max(0, index - context)
        ):
            for turn in around:
                excerpt.append(
                    {
                        "role": turn["role"],
                        "text": turn["text"],
                        "timestamp": turn["timestamp"],
                        "flagged": number == index,
                        **(
                            {"intent": turn["intent"], "confidence": turn["confidence"]}
                            if turn["role"] == "user"
                            else {"addressed": (turn.get("custom") or {}).get("addressed")}
                        ),
                    }
                )
        suggestions: list[dict[str, Any]] = []
        if kb is not None and user["text"].strip():
            try:
                suggestions = compare.suggest_sections(kb, user["text"], municipality, limit=3)
            except KnowledgeBaseError as exc:
                logger.warning("clerk desk: no suggestions for a review item: %s", exc)
        items.append(
            {
                "sender": display_sender(sender),
                "timestamp": user["timestamp"],
                "time": _iso(user["timestamp"]),
                "reasons": reasons,
                "why": [REASONS[r] for r in reasons],
                "text": user["text"],
                "intent": user["intent"],
                "confidence": user["confidence"],
                "top_intent": user["top_intent"],
                "municipality": municipality,
                "bot": [r["text"] for r in replies if r["role"] == "bot" and r["text"]],
                "excerpt": excerpt,
                "suggestions": suggestions,
            }
        )
    return items


def _iso(timestamp: Any) -> str | None:
    if not isinstance(timestamp, (int, float)):
        return None
    return dt.datetime.fromtimestamp(timestamp, dt.timezone.utc).isoformat(timespec="seconds")


def _innermost_store(store: Any) -> Any:
    """The tracker store under Rasa's FailSafe/Awaitable wrappers."""
    seen = 0
    while hasattr(store, "_tracker_store") and seen < 5:
        store = store._tracker_store
        seen += 1
    return store


def _recent_sql_keys(store: Any, limit: int) -> list[str] | None:
    """Sender ids of an SQLTrackerStore, most recently active first (None if the store is not SQL)."""
    model = getattr(store, "SQLEvent", None)
    if model is None or not hasattr(store, "session_scope"):
        return None
    import sqlalchemy as sa

    with store.session_scope() as session:
        rows = (
            session.query(model.sender_id, sa.func.max(model.id).label("last"))
            .group_by(model.sender_id)
            .order_by(sa.desc("last"))
            .limit(limit)
            .all()
        )
    return [sender for sender, _ in rows]


async def _scan(store: Any, limit: int) -> tuple[list[str], list[tuple[str, list[dict[str, Any]]]]]:
    """Keys and every conversation's events (all sessions), read through the tracker store's API."""
    keys: list[str] | None = None
    try:
        keys = _recent_sql_keys(store, limit)
    except Exception as exc:  # noqa: BLE001 - fall back to the store's own keys()
        logger.warning("clerk desk: could not order conversations by recency: %s", exc)
    if keys is None:
        keys = sorted(str(k) for k in await store.keys())[:limit]
    conversations = []
    for key in keys:
        tracker = await store.retrieve_full_tracker(key)
        if tracker is None:
            tracker = await store.retrieve(key)
        if tracker is not None:
            conversations.append((key, [event.as_dict() for event in tracker.events]))
        await asyncio.sleep(0)
    return keys, conversations


async def read_conversations(agent: Any, limit: int) -> tuple[list[str], list[tuple[str, list[dict[str, Any]]]]]:
    """Read up to ``limit`` conversations without blocking the server's event loop.

    Rasa 3.6's SQLTrackerStore declares ``keys()``/``retrieve()`` async but runs SQLAlchemy
    synchronously inside them, so for an SQL store the whole scan runs in a worker thread (with
    its own event loop; SQLite uses a fresh connection per session there). Other stores are read
    on the loop, yielding between conversations.
    """
    store = agent.tracker_store
    inner = _innermost_store(store)
    if hasattr(inner, "session_scope"):
        return await asyncio.to_thread(lambda: asyncio.run(_scan(inner, limit)))
    return await _scan(store, limit)


# -- the bot ---------------------------------------------------------------------------------
def mentions_municipality(kb: KnowledgeBase, text: str) -> bool:
    """Whether ``text`` names one of the covered municipalities (by key, name or alias)."""
    lowered = f" {text.lower()} "
    for muni in kb.municipalities():
        for name in (muni.key, muni.name, *muni.aliases):
            if re.search(r"(?<!\w)" + re.escape(name.lower()) + r"(?!\w)", lowered):
                return True
    return False


def bot_citations(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every citation in the custom payloads of the bot's messages, in full, without repeats."""
    found: list[dict[str, Any]] = []
    for message in messages:
        custom = message.get("custom")
        if not isinstance(custom, dict):
            continue
        for citation in custom.get("citations") or []:
            if isinstance(citation, dict) and citation not in found:
                found.append(citation)
    return found


def heading_search(kb: KnowledgeBase, query: str, municipality: str | None) -> dict[str, Any] | None:
    """A section number that a text which prints (almost) no numbers cannot have ("205-7" for
    Muskego): the note that says so, and the search by heading run for the clerk (the words of the
    query besides the number, or else the extract's headed sections). None when this does not apply."""
    if not looks_like_citation(query) and not find_citation(query):
        return None
    citation = find_citation(query) or query
    keys = [kb.municipality(municipality).key] if municipality else kb.municipalities_for_citation(citation)
    if len(keys) != 1:
        return None
    note = unprinted_number_note(kb, keys[0], citation)
    if note is None:
        return None
    words = " ".join(w for w in re.sub(r"§|\d+[.-]\d+\S*", " ", query).split() if len(w) > 1)
    results = compare.search_sections(kb, words, keys[0], limit=10) if words else []
    searched = "search" if results else "headings"
    if not results:
        results = [
            {"kind": "section", **compare.section_entry(s), "municipality_name": kb.municipality(keys[0]).name}
            for s in kb.sections(keys[0])
            if not s.parent
        ]
    return {
        "kind": "by_heading",
        "query": query,
        "note": note,
        "municipality": compare.municipality_info(kb.municipality(keys[0])),
        "searched": searched,
        "results": results,
        "not_found_in": [],
    }


# -- the channel -------------------------------------------------------------------------------
class ClerkChannel(UsesKnowledgeBase, InputChannel):
    """The clerk desk's page and API, mounted at ``/webhooks/clerk/``."""

    @classmethod
    def name(cls) -> str:
        return "clerk"

    @classmethod
    def from_credentials(cls, credentials: Dict[str, Any] | None) -> ClerkChannel:
        return cls()

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[Any]]) -> Blueprint:
        bp = Blueprint("housing_clerk_desk", __name__)
        kb = lambda: self.kb  # noqa: E731 - resolved per request so a rebuilt KB path is honoured

        def route(path: str, handler: Handler) -> None:
            bp.add_route(handler, path, methods=ALL_METHODS)

        # -- page and assets
        @guarded("GET")
        async def page(request: Request) -> HTTPResponse:
            if not request.path.endswith("/"):
                return response.redirect(request.path + "/", status=308)
            return ok_html(_asset("index.html"), PAGE_CSP)

        @guarded("GET")
        async def asset(request: Request, name: str) -> HTTPResponse:
            if name not in STATIC_FILES:
                return error(404, f"No such file: {name[:80]!r}.")
            return response.text(
                _asset(name),
                content_type=f"{STATIC_FILES[name]}; charset=utf-8",
                headers={**COMMON_HEADERS, "Cache-Control": "no-cache"},
            )

        # -- knowledge
        @guarded("GET")
        async def meta(request: Request) -> HTTPResponse:
            base = kb()
            return ok_json(
                {
                    "municipalities": [compare.municipality_info(m) for m in base.municipalities()],
                    "topics": base.topics(),
                    "standards": compare.standard_catalog(base),
                    "review_enabled": bool(os.environ.get("CLERK_TOKEN")),
                    "disclaimer": sheet.DISCLAIMER,
                }
            )

        @guarded("GET")
        async def answer(request: Request) -> HTTPResponse:
            municipality = text_param(request.args, "municipality", required=True)
            topic = text_param(request.args, "topic", required=True)
            return ok_json(compare.long_answer(kb(), municipality, topic))

        @guarded("GET")
        async def compare_view(request: Request) -> HTTPResponse:
            topic = text_param(request.args, "topic")
            standard = text_param(request.args, "standard")
            fmt = (text_param(request.args, "format") or "json").lower()
            if fmt not in ("json", "html", "text"):
                raise BadRequest('"format" must be json, html or text.')
            if bool(topic) == bool(standard):
                raise BadRequest('Give either "topic" or "standard" (not both).')
            data = compare.compare_topic(kb(), topic) if topic else compare.compare_standard(kb(), standard)
            if fmt == "html":
                return ok_html(sheet.comparison_page(data, back_href="../", script_src="../static/sheet.js"))
            if fmt == "text":
                return response.text(compare.comparison_lines(data, quotes=True), headers=COMMON_HEADERS)
            return ok_json(data)

        @guarded("GET")
        async def lookup(request: Request) -> HTTPResponse:
            query = text_param(request.args, "q", required=True)
            municipality = text_param(request.args, "municipality")
            try:
                return ok_json(compare.lookup(kb(), query, municipality))
            except compare.NotFound:
                by_heading = heading_search(kb(), query, municipality)
                if by_heading is None:
                    raise
                return ok_json(by_heading)

        @guarded("GET")
        async def search(request: Request) -> HTTPResponse:
            query = text_param(request.args, "q", required=True)
            try:
                limit = int(request.args.get("limit") or 10)
            except ValueError:
                raise BadRequest('"limit" must be a whole number.') from None
            if not 1 <= limit <= 50:
                raise BadRequest('"limit" must be between 1 and 50.')
            municipality = text_param(request.args, "municipality")
            return ok_json({"query": query, "results": compare.search_sections(kb(), query, municipality, limit)})

        # -- the bot
        @guarded("POST")
        async def ask(request: Request) -> HTTPResponse:
            if len(request.body or b"") <= MAX_BODY_BYTES and content_type(request) != "application/json":
                raise BadRequest('Send JSON (Content-Type: application/json) like {"question": "..."}.', status=415)
            policy = shared_policy()
            wait = policy.take(client_address(request))
            if wait:
                raise BadRequest(refusal_text(wait), status=429, headers={"Retry-After": str(retry_after(wait))})
            body = json_body(request)
            question = text_param(body, "question", required=True, limit=MAX_QUESTION_CHARS)
            municipality = text_param(body, "municipality")
            muni = kb().municipality(municipality) if municipality else None
            session = body.get("session")
            if session is not None and (not isinstance(session, str) or not SESSION_PATTERN.fullmatch(session)):
                raise BadRequest('"session" must be an id this desk gave out (clerk-…).')
            sender = session or f"clerk-{secrets.token_hex(8)}"
            wait = policy.take(None, sender)
            if wait:
                raise BadRequest(refusal_text(wait), status=429, headers={"Retry-After": str(retry_after(wait))})
            agent = getattr(request.app.ctx, "agent", None)
            if agent is None or not agent.is_ready():
                return error(503, "The assistant is not ready (no model loaded). The lookups still work.")
            sent = question
            if muni is not None and not mentions_municipality(kb(), question):
                body, punctuation = re.fullmatch(r"(.*?)([?.!]*)", question, re.S).groups()
                sent = f"{body.rstrip()} in the {muni.name}{punctuation}"
            collector = CollectingOutputChannel()
            try:
                await agent.handle_message(
                    UserMessage(sent, collector, sender, input_channel=self.name(), metadata={"role": "clerk"})
                )
            except Exception:  # noqa: BLE001 - the lookups below still help the clerk
                logger.exception("clerk desk: the bot failed on a question")
                return error(503, "The assistant could not answer just now. Try the lookup or search instead.")
            messages = [
                {k: m[k] for k in ("text", "buttons", "custom") if m.get(k) is not None} for m in collector.messages
            ]
            messages = messages or [{"text": NOTHING_SAID}]
            customs = [m["custom"] for m in messages if isinstance(m.get("custom"), dict)]
            addressed = [c["addressed"] for c in customs if "addressed" in c]
            return ok_json(
                {
                    "session": sender,
                    "question": question,
                    "sent": sent,
                    "messages": messages,
                    "citations": bot_citations(messages),
                    "addressed": addressed[-1] if addressed else None,
                    "municipality": next((c["municipality"] for c in customs if c.get("municipality")), None),
                    "topic": next((c["topic"] for c in customs if c.get("topic")), None),
                    "search": compare.suggest_sections(kb(), question, muni.key if muni else None, limit=5),
                }
            )

        # -- the printable sheet
        @guarded("GET", "POST")
        async def answer_sheet(request: Request) -> HTTPResponse:
            params = request.args if request.method == "GET" else form_or_json(request)
            question = text_param(params, "question", limit=MAX_QUESTION_CHARS) or ""
            municipality = text_param(params, "municipality", required=True)
            topic = text_param(params, "topic")
            citations = list_param(params, "citation")
            if not topic and not citations:
                raise BadRequest('Give a "topic" or at least one "citation" for the sheet.')
            if topic:
                data = compare.long_answer(kb(), municipality, topic)
                if citations:
                    extra = compare.cited_answer(kb(), municipality, citations)["sections"]
                    have = {s["section"] for s in data["sections"]}
                    data["sections"] += [s for s in extra if s["section"] not in have]
                    data["addressed"] = data["addressed"] or bool(extra)
            else:
                data = compare.cited_answer(kb(), municipality, citations)
            html = sheet.answer_sheet(question, data, dt.date.today(), back_href="./", script_src="static/sheet.js")
            return ok_html(html)

        # -- the review list
        @guarded("GET")
        async def review(request: Request) -> HTTPResponse:
            check_token(request)
            try:
                limit = int(request.args.get("limit") or REVIEW_DEFAULT_LIMIT)
                scan = int(request.args.get("conversations") or REVIEW_MAX_CONVERSATIONS)
            except ValueError:
                raise BadRequest('"limit" and "conversations" must be whole numbers.') from None
            if not 1 <= limit <= REVIEW_MAX_LIMIT or not 1 <= scan <= REVIEW_MAX_CONVERSATIONS:
                raise BadRequest(
                    f'"limit" must be 1–{REVIEW_MAX_LIMIT} and "conversations" 1–{REVIEW_MAX_CONVERSATIONS}.'
                )
            include_clerk = (request.args.get("include_clerk") or "").lower() in ("1", "true", "yes")
            agent = getattr(request.app.ctx, "agent", None)
            if agent is None or agent.tracker_store is None:
                return error(503, "The conversation store is not available (no model loaded).")
            keys, conversations = await read_conversations(agent, scan)
            threshold = fallback_threshold()
            items: list[dict[str, Any]] = []
            for sender, events in conversations:
                items += review_items(sender, events, threshold, kb(), include_clerk)
                await asyncio.sleep(0)
            items.sort(key=lambda i: i["timestamp"] or 0, reverse=True)
            return ok_json(
                {
                    "threshold": threshold,
                    "conversations_scanned": len(keys),
                    "total": len(items),
                    "items": items[:limit],
                }
            )

        @guarded(*ALL_METHODS)
        async def unknown(request: Request, path: str = "") -> HTTPResponse:
            if not path.strip("/"):  # Sanic files "/webhooks/clerk/" here, not under "/"
                return await page(request)
            return error(404, f"The clerk desk has no {('/' + path)[:100]!r}. Start at the page: ./")

        route("/", page)
        route("/static/<name>", asset)
        route("/api/meta", meta)
        route("/api/answer", answer)
        route("/api/compare", compare_view)
        route("/api/lookup", lookup)
        route("/api/search", search)
        route("/api/ask", ask)
        route("/sheet", answer_sheet)
        route("/api/review", review)
        route("/<path:path>", unknown)
        return bp


@cache
def _asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


__all__: List[str] = ["ClerkChannel", "review_items", "conversation_turns", "fallback_threshold"]
