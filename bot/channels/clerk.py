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

This module is the HTTP side: one handler per route (:meth:`ClerkChannel.routes`), its request
parameters and the clerk token. Which turns go on the review list is plain analysis in
:mod:`bot.channels.clerk_review`; reading the tracker store is :mod:`bot.channels.clerk_store`; the
body parser, text cleaner and security headers every channel shares are :mod:`bot.channels.http_io`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import logging
import os
import re
import secrets
from functools import cache, wraps
from pathlib import Path
from typing import Any, Awaitable, Callable, Dict, List, Mapping

from rasa.core.channels.channel import CollectingOutputChannel, InputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

from bot.channels import UsesKnowledgeBase
from bot.channels.clerk_review import REASONS, conversation_turns, display_sender, fallback_threshold, review_items
from bot.channels.clerk_store import read_conversations
from bot.channels.http_io import MAX_BODY_BYTES, SECURITY_HEADERS, NotAJsonObject, clean_text, json_object, media_type
from bot.channels.rest import NOTHING_SAID
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

ASSETS = Path(__file__).resolve().parent.parent / "clerk"
STATIC_FILES = {"clerk.js": "text/javascript", "clerk.css": "text/css", "sheet.js": "text/javascript"}

MAX_QUESTION_CHARS = 2000
MAX_QUERY_CHARS = compare.MAX_QUERY_CHARS
MAX_CITATIONS = 40
REVIEW_DEFAULT_LIMIT = 50
REVIEW_MAX_LIMIT = 500
REVIEW_MAX_CONVERSATIONS = 2000
SESSION_PATTERN = re.compile(r"clerk-[A-Za-z0-9_-]{6,64}")
ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]

PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SHEET_CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
COMMON_HEADERS = SECURITY_HEADERS


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
        return json_object(request.body)
    except NotAJsonObject as exc:
        if exc.parsed:
            raise BadRequest('The body must be a JSON object like {"question": "..."}.') from None
        raise BadRequest('The body must be JSON like {"question": "..."}.') from None


content_type = media_type  # the request's media type, lower case, without parameters


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
    """The clerk desk's page and API, mounted at ``/webhooks/clerk/``: one handler per route."""

    @classmethod
    def name(cls) -> str:
        return "clerk"

    @classmethod
    def from_credentials(cls, credentials: Dict[str, Any] | None) -> ClerkChannel:
        return cls()

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[Any]]) -> Blueprint:
        bp = Blueprint("housing_clerk_desk", __name__)
        for path, handler in self.routes():
            bp.add_route(handler, path, methods=ALL_METHODS)
        return bp

    def routes(self) -> list[tuple[str, Handler]]:
        """Each path with its handler, wrapped to allow only its methods and answer every failure in JSON.

        The knowledge base is read per request (``self.kb``), so a rebuilt KB path is honoured.
        """
        return [
            ("/", guarded("GET")(self.page)),
            ("/static/<name>", guarded("GET")(self.asset)),
            ("/api/meta", guarded("GET")(self.meta)),
            ("/api/answer", guarded("GET")(self.answer)),
            ("/api/compare", guarded("GET")(self.compare_view)),
            ("/api/lookup", guarded("GET")(self.lookup)),
            ("/api/search", guarded("GET")(self.search)),
            ("/api/ask", guarded("POST")(self.ask)),
            ("/sheet", guarded("GET", "POST")(self.answer_sheet)),
            ("/api/review", guarded("GET")(self.review)),
            ("/<path:path>", guarded(*ALL_METHODS)(self.unknown)),
        ]

    # -- page and assets
    async def page(self, request: Request) -> HTTPResponse:
        if not request.path.endswith("/"):
            return response.redirect(request.path + "/", status=308)
        return ok_html(_asset("index.html"), PAGE_CSP)

    async def asset(self, request: Request, name: str) -> HTTPResponse:
        if name not in STATIC_FILES:
            return error(404, f"No such file: {name[:80]!r}.")
        return response.text(
            _asset(name),
            content_type=f"{STATIC_FILES[name]}; charset=utf-8",
            headers={**COMMON_HEADERS, "Cache-Control": "no-cache"},
        )

    async def unknown(self, request: Request, path: str = "") -> HTTPResponse:
        if not path.strip("/"):  # Sanic files "/webhooks/clerk/" here, not under "/"
            return await guarded("GET")(self.page)(request)
        return error(404, f"The clerk desk has no {('/' + path)[:100]!r}. Start at the page: ./")

    # -- knowledge
    async def meta(self, request: Request) -> HTTPResponse:
        base = self.kb
        return ok_json(
            {
                "municipalities": [compare.municipality_info(m) for m in base.municipalities()],
                "topics": base.topics(),
                "standards": compare.standard_catalog(base),
                "review_enabled": bool(os.environ.get("CLERK_TOKEN")),
                "disclaimer": sheet.DISCLAIMER,
            }
        )

    async def answer(self, request: Request) -> HTTPResponse:
        municipality = text_param(request.args, "municipality", required=True)
        topic = text_param(request.args, "topic", required=True)
        return ok_json(compare.long_answer(self.kb, municipality, topic))

    async def compare_view(self, request: Request) -> HTTPResponse:
        topic = text_param(request.args, "topic")
        standard = text_param(request.args, "standard")
        fmt = (text_param(request.args, "format") or "json").lower()
        if fmt not in ("json", "html", "text"):
            raise BadRequest('"format" must be json, html or text.')
        if bool(topic) == bool(standard):
            raise BadRequest('Give either "topic" or "standard" (not both).')
        data = compare.compare_topic(self.kb, topic) if topic else compare.compare_standard(self.kb, standard)
        if fmt == "html":
            return ok_html(sheet.comparison_page(data, back_href="../", script_src="../static/sheet.js"))
        if fmt == "text":
            return response.text(compare.comparison_lines(data, quotes=True), headers=COMMON_HEADERS)
        return ok_json(data)

    async def lookup(self, request: Request) -> HTTPResponse:
        query = text_param(request.args, "q", required=True)
        municipality = text_param(request.args, "municipality")
        try:
            return ok_json(compare.lookup(self.kb, query, municipality))
        except compare.NotFound:
            by_heading = heading_search(self.kb, query, municipality)
            if by_heading is None:
                raise
            return ok_json(by_heading)

    async def search(self, request: Request) -> HTTPResponse:
        query = text_param(request.args, "q", required=True)
        try:
            limit = int(request.args.get("limit") or 10)
        except ValueError:
            raise BadRequest('"limit" must be a whole number.') from None
        if not 1 <= limit <= 50:
            raise BadRequest('"limit" must be between 1 and 50.')
        municipality = text_param(request.args, "municipality")
        return ok_json({"query": query, "results": compare.search_sections(self.kb, query, municipality, limit)})

    # -- the bot
    async def ask(self, request: Request) -> HTTPResponse:
        if len(request.body or b"") <= MAX_BODY_BYTES and content_type(request) != "application/json":
            raise BadRequest('Send JSON (Content-Type: application/json) like {"question": "..."}.', status=415)
        policy = shared_policy()
        wait = policy.take(client_address(request))
        if wait:
            raise BadRequest(refusal_text(wait), status=429, headers={"Retry-After": str(retry_after(wait))})
        body = json_body(request)
        question = text_param(body, "question", required=True, limit=MAX_QUESTION_CHARS)
        municipality = text_param(body, "municipality")
        muni = self.kb.municipality(municipality) if municipality else None
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
        if muni is not None and not mentions_municipality(self.kb, question):
            text, punctuation = re.fullmatch(r"(.*?)([?.!]*)", question, re.S).groups()
            sent = f"{text.rstrip()} in the {muni.name}{punctuation}"
        collector = CollectingOutputChannel()
        try:
            await agent.handle_message(
                UserMessage(sent, collector, sender, input_channel=self.name(), metadata={"role": "clerk"})
            )
        except Exception:  # noqa: BLE001 - the lookups below still help the clerk
            logger.exception("clerk desk: the bot failed on a question")
            return error(503, "The assistant could not answer just now. Try the lookup or search instead.")
        return ok_json(self._bot_reply(sender, question, sent, collector.messages, muni.key if muni else None))

    def _bot_reply(
        self, sender: str, question: str, sent: str, collected: list[dict[str, Any]], municipality: str | None
    ) -> dict[str, Any]:
        """What ``/api/ask`` answers: the bot's messages, their citations, and a search of the texts."""
        messages = [{k: m[k] for k in ("text", "buttons", "custom") if m.get(k) is not None} for m in collected]
        messages = messages or [{"text": NOTHING_SAID}]
        customs = [m["custom"] for m in messages if isinstance(m.get("custom"), dict)]
        addressed = [c["addressed"] for c in customs if "addressed" in c]
        return {
            "session": sender,
            "question": question,
            "sent": sent,
            "messages": messages,
            "citations": bot_citations(messages),
            "addressed": addressed[-1] if addressed else None,
            "municipality": next((c["municipality"] for c in customs if c.get("municipality")), None),
            "topic": next((c["topic"] for c in customs if c.get("topic")), None),
            "search": compare.suggest_sections(self.kb, question, municipality, limit=5),
        }

    # -- the printable sheet
    async def answer_sheet(self, request: Request) -> HTTPResponse:
        params = request.args if request.method == "GET" else form_or_json(request)
        question = text_param(params, "question", limit=MAX_QUESTION_CHARS) or ""
        municipality = text_param(params, "municipality", required=True)
        topic = text_param(params, "topic")
        citations = list_param(params, "citation")
        if not topic and not citations:
            raise BadRequest('Give a "topic" or at least one "citation" for the sheet.')
        if topic:
            data = compare.long_answer(self.kb, municipality, topic)
            if citations:
                extra = compare.cited_answer(self.kb, municipality, citations)["sections"]
                have = {s["section"] for s in data["sections"]}
                data["sections"] += [s for s in extra if s["section"] not in have]
                data["addressed"] = data["addressed"] or bool(extra)
        else:
            data = compare.cited_answer(self.kb, municipality, citations)
        html = sheet.answer_sheet(question, data, dt.date.today(), back_href="./", script_src="static/sheet.js")
        return ok_html(html)

    # -- the review list
    async def review(self, request: Request) -> HTTPResponse:
        check_token(request)
        try:
            limit = int(request.args.get("limit") or REVIEW_DEFAULT_LIMIT)
            scan = int(request.args.get("conversations") or REVIEW_MAX_CONVERSATIONS)
        except ValueError:
            raise BadRequest('"limit" and "conversations" must be whole numbers.') from None
        if not 1 <= limit <= REVIEW_MAX_LIMIT or not 1 <= scan <= REVIEW_MAX_CONVERSATIONS:
            raise BadRequest(f'"limit" must be 1–{REVIEW_MAX_LIMIT} and "conversations" 1–{REVIEW_MAX_CONVERSATIONS}.')
        include_clerk = (request.args.get("include_clerk") or "").lower() in ("1", "true", "yes")
        agent = getattr(request.app.ctx, "agent", None)
        if agent is None or agent.tracker_store is None:
            return error(503, "The conversation store is not available (no model loaded).")
        keys, conversations = await read_conversations(agent, scan)
        threshold = fallback_threshold()
        items: list[dict[str, Any]] = []
        for sender, events in conversations:
            items += review_items(sender, events, threshold, self.kb, include_clerk)
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


@cache
def _asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


__all__: List[str] = [
    "ClerkChannel",
    "review_items",
    "conversation_turns",
    "fallback_threshold",
    "display_sender",
    "REASONS",
]
