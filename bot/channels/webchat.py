"""The tenants' web chat: a page served by the Rasa server itself (``GET /webhooks/webchat/``).

An input channel whose blueprint serves the page (``bot/webchat/index.html``), its static files,
and the chat's own message route. Nothing is fetched from elsewhere at run time, and a strict
Content-Security-Policy keeps it so.

**Identity.** The server mints each browser's conversation id: a random, unguessable value
(:func:`secrets.token_urlsafe`, 192 bits) in the ``hc_chat`` cookie (``HttpOnly``,
``SameSite=Strict``, path ``/webhooks/webchat``, ``Secure`` over HTTPS). The conversation is
``web:<id>``; a client can never name it, and the page's script cannot read it. Other sites'
pages cannot post into it: the cookie is not sent cross-site, and the message route takes only
``application/json`` (a cross-site form or beacon cannot send that without a CORS preflight,
which this server never grants).

Routes (under ``/webhooks/webchat``):

- ``/`` — the page (``/webhooks/webchat`` redirects here); sets the cookie when missing;
- ``/static/<file>`` — its scripts and style sheets (nothing else);
- ``/municipalities.json`` — ``{"municipalities": [{"key", "name", "payload", "provenance"}]}``;
- ``POST /message`` — ``{"message": "..."}`` (``application/json`` only; 415 otherwise, also with
  no content type): the bot's reply as ``{"messages": [...], "letter": {...}?}``; rate-limited
  per conversation (``RATE_LIMIT_SENDER``) and per address (``RATE_LIMIT_IP``) with
  :mod:`bot.ratelimit`;
- ``GET /history`` — the conversation so far (the user's and the bot's messages, from the tracker
  store) and the chosen municipality, so a reload shows it again;
- ``POST /new`` — a new conversation: mints a new id (the page asks before it calls this);
- ``GET /share?m=<key>&s=<section>…[&t=<topic>]`` — a shared answer reopened: each section's
  citation and verbatim text, from the knowledge base (the link holds nothing personal);
- ``GET /letter?m=<key>&s=<section>…`` — the printable repair-request letter
  (:mod:`knowledge.letter`); the tenant's name, address and words are filled in by the page's
  script and never sent here.
"""

from __future__ import annotations

import logging
import re
import secrets
from asyncio import CancelledError
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable, Mapping

from rasa.core.channels.channel import CollectingOutputChannel, InputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

from bot.channels import UsesKnowledgeBase
from bot.channels.http_io import MAX_BODY_BYTES, SECURITY_HEADERS, NotAJsonObject, clean_text, is_json, json_object
from bot.channels.rest import MAX_MESSAGE_CHARS, NOTHING_SAID, SORRY, too_many
from bot.ratelimit import client_address, shared_policy
from knowledge import letter as letters
from knowledge import sheet
from knowledge.buttons import inform_payload  # the picker sends what the buttons send
from knowledge.kb import KnowledgeBase, KnowledgeBaseError, UnknownMunicipality

logger = logging.getLogger(__name__)

WEB_DIR = Path(__file__).resolve().parent.parent / "webchat"
# The only files served besides the page, with their content types.
ASSETS = {
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "page.css": "text/css; charset=utf-8",
    "letter.js": "text/javascript; charset=utf-8",
}
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {"Content-Security-Policy": CSP, **SECURITY_HEADERS, "Cache-Control": "no-cache"}
JSON_HEADERS = {**HEADERS, "Cache-Control": "no-store"}
UNAVAILABLE = "The list of municipalities is not available right now."

COOKIE = "hc_chat"
COOKIE_PATH = "/webhooks/webchat"
COOKIE_MAX_AGE = 90 * 24 * 3600  # as long as conversations are kept (the retention period's default)
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{32}")
SENDER_PREFIX = "web:"
HISTORY_LIMIT = 200
MAX_LINK_SECTIONS = 12
NO_CONVERSATION = "Your chat has expired or cookies are off. Reload the page to start a new chat."


def municipality_options(kb: KnowledgeBase) -> list[dict[str, str]]:
    """The covered municipalities, in the product's order, as the page's picker needs them (with
    each one's provenance line for the citation panels)."""
    return [
        {"key": m.key, "name": m.name, "payload": inform_payload(m.key), "provenance": m.provenance}
        for m in kb.municipalities()
    ]


def new_chat_id() -> str:
    """A fresh, random, unguessable conversation id (32 URL-safe characters, 192 bits)."""
    return secrets.token_urlsafe(24)


def chat_id(request: Request) -> str | None:
    """The conversation id in the request's ``hc_chat`` cookie, if it is one this server minted."""
    value = request.cookies.get(COOKIE) or ""
    return value if ID_PATTERN.fullmatch(value) else None


def sender_id(chat: str) -> str:
    """The tracker's conversation id for a web chat id."""
    return SENDER_PREFIX + chat


def set_chat_cookie(request: Request, reply: HTTPResponse, chat: str) -> None:
    """Give the browser its conversation id (HttpOnly, SameSite=Strict, Secure over HTTPS)."""
    reply.cookies[COOKIE] = chat
    cookie = reply.cookies[COOKIE]
    cookie["path"] = COOKIE_PATH
    cookie["httponly"] = True
    cookie["samesite"] = "Strict"
    cookie["max-age"] = COOKIE_MAX_AGE
    if request.scheme == "https":
        cookie["secure"] = True


def history_messages(events: Iterable[Mapping[str, Any]], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """The user's and the bot's messages of a conversation (tracker events as ``as_dict()`` gives
    them), as the page renders them. A button press is shown by the button's title (or, for a
    municipality choice, its name); other ``/intent`` texts show nothing (``{"role": "user",
    "hidden": true}`` keeps the replies apart)."""
    messages: list[dict[str, Any]] = []
    titles: dict[str, str] = {}
    for event in events:
        kind = event.get("event")
        if kind == "user":
            text = str(event.get("text") or "")
            if text.startswith("/"):
                entities = (event.get("parse_data") or {}).get("entities") or []
                municipality = next((e.get("value") for e in entities if e.get("entity") == "municipality"), None)
                text = titles.get(text) or names.get(str(municipality), "")
            # A structured message with nothing to show still ends the reply before it.
            messages.append({"role": "user", "text": text} if text else {"role": "user", "hidden": True})
        elif kind == "bot":
            data = event.get("data") or {}
            message: dict[str, Any] = {"role": "bot"}
            if event.get("text"):
                message["text"] = event["text"]
            buttons = [b for b in data.get("buttons") or [] if isinstance(b, dict)]
            if buttons:
                message["buttons"] = [{"title": b.get("title"), "payload": b.get("payload")} for b in buttons]
                titles.update({str(b.get("payload")): str(b.get("title") or "") for b in buttons})
            if isinstance(data.get("custom"), dict):
                message["custom"] = data["custom"]
            if len(message) > 1:
                messages.append(message)
    return messages[-HISTORY_LIMIT:]


def letter_question(request: Request, kb: KnowledgeBase, problem: str) -> str | None:
    """For a request for a letter ("… about the mice"), the question the bot answers so that the
    letter can quote the code (:func:`knowledge.letter.letter_message`); None: send the text as typed."""
    agent = getattr(request.app.ctx, "agent", None)
    intents = getattr(getattr(agent, "domain", None), "intents", None)
    try:
        return letters.letter_message(kb, problem, intents)
    except KnowledgeBaseError:
        return None


def link_params(request: Request) -> tuple[str, list[str], str | None]:
    """``m`` (municipality), ``s`` (sections, repeatable) and ``t`` (topic) of a share or letter link."""
    municipality = clean_text(request.args.get("m") or "")[:80]
    sections = [clean_text(s)[:200] for s in request.args.getlist("s") or [] if s and s.strip()]
    topic = clean_text(request.args.get("t") or "")[:80] or None
    if not municipality or not sections:
        raise KnowledgeBaseError("This link is incomplete: it needs a municipality and at least one section.")
    if len(sections) > MAX_LINK_SECTIONS:
        raise KnowledgeBaseError(f"This link names too many sections (at most {MAX_LINK_SECTIONS}).")
    return municipality, sections, topic


def _file(name: str, content_type: str) -> HTTPResponse:
    try:
        body = (WEB_DIR / name).read_bytes()
    except OSError:
        logger.exception("web chat file %s is missing", name)
        return response.text("Not found.", status=404, headers=HEADERS)
    return response.raw(body, content_type=content_type, headers=HEADERS)


def _html(body: str, status: int = 200) -> HTTPResponse:
    return response.html(body, status=status, headers=HEADERS)


def _messages(collected: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bot's messages for the page, without the recipient id (the page never sees the id)."""
    return [{k: v for k, v in m.items() if k != "recipient_id"} for m in collected]


class WebChatChannel(UsesKnowledgeBase, InputChannel):
    """Serves the web chat page and carries its messages (conversation ``web:<id>``)."""

    def __init__(self, kb: KnowledgeBase | None = None) -> None:
        super().__init__(kb)
        # The one policy of every public route that runs the bot (shared buckets per address).
        policy = shared_policy()
        self.per_sender = policy.per_sender
        self.per_address = policy.per_address

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
            reply = _file("index.html", "text/html; charset=utf-8")
            if chat_id(request) is None:
                set_chat_cookie(request, reply, new_chat_id())
            return reply

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

        @webchat.route("/message", methods=["POST"])
        async def message(request: Request) -> HTTPResponse:
            if self.per_address is not None:
                wait = self.per_address.take(client_address(request))
                if wait:
                    return too_many(wait)
            if len(request.body or b"") > MAX_BODY_BYTES:
                return response.json({"error": "The message is too large."}, status=413, headers=JSON_HEADERS)
            if not is_json(request):
                return response.json(
                    {"error": 'Send JSON (Content-Type: application/json) like {"message": "hello"}.'},
                    status=415,
                    headers=JSON_HEADERS,
                )
            try:
                body = json_object(request.body)
            except NotAJsonObject:
                body = None
            if not isinstance(body, dict) or not isinstance(body.get("message"), str):
                return response.json(
                    {"error": 'The body must be JSON like {"message": "hello"}.'}, status=400, headers=JSON_HEADERS
                )
            chat = chat_id(request)
            if chat is None:
                return response.json({"error": NO_CONVERSATION}, status=400, headers=JSON_HEADERS)
            sender = sender_id(chat)
            if self.per_sender is not None:
                wait = self.per_sender.take(sender)
                if wait:
                    return too_many(wait)
            text = clean_text(body["message"])
            if len(text) > MAX_MESSAGE_CHARS:
                return response.json(
                    {
                        "messages": [
                            {
                                "text": f"That message is too long for me ({len(text):,} characters). "
                                f"Please ask your question in under {MAX_MESSAGE_CHARS:,} characters."
                            }
                        ]
                    },
                    headers=JSON_HEADERS,
                )
            problem = letters.letter_request(text)
            sent = letter_question(request, self.kb, problem) if problem is not None else None
            collector = CollectingOutputChannel()
            try:
                await on_new_message(UserMessage(sent or text, collector, sender, input_channel=self.name()))
            except CancelledError:
                logger.error("web chat message timed out")
                collector.messages.append({"text": SORRY})
            except Exception:  # noqa: BLE001 - the user gets a polite answer, the log the details
                logger.exception("web chat message failed")
                collector.messages.append({"text": SORRY})
            messages = _messages(collector.messages) or [{"text": NOTHING_SAID}]
            reply: dict[str, Any] = {"messages": messages}
            if problem is not None:
                reply["letter"] = {"problem": problem}
            return response.json(reply, headers=JSON_HEADERS)

        @webchat.route("/history", methods=["GET"])
        async def history(request: Request) -> HTTPResponse:
            chat = chat_id(request)
            agent = getattr(request.app.ctx, "agent", None)
            store = getattr(agent, "tracker_store", None)
            if chat is None or store is None:
                return response.json({"municipality": None, "messages": []}, headers=JSON_HEADERS)
            try:
                tracker = await store.retrieve(sender_id(chat))
                names = {m.key: m.name for m in self.kb.municipalities()}
            except KnowledgeBaseError:
                names = {}
            except Exception:  # noqa: BLE001 - no history is better than an error page
                logger.exception("web chat: could not read the conversation")
                return response.json({"municipality": None, "messages": []}, headers=JSON_HEADERS)
            if tracker is None:
                return response.json({"municipality": None, "messages": []}, headers=JSON_HEADERS)
            events = [event.as_dict() for event in tracker.events]
            municipality = tracker.get_slot("municipality")
            return response.json(
                {
                    "municipality": municipality if isinstance(municipality, str) else None,
                    "messages": history_messages(events, names),
                },
                headers=JSON_HEADERS,
            )

        @webchat.route("/new", methods=["POST"])
        async def new(request: Request) -> HTTPResponse:
            if not is_json(request):
                return response.json({"error": "Send JSON (Content-Type: application/json)."}, status=415)
            reply = response.json({"ok": True}, headers=JSON_HEADERS)
            set_chat_cookie(request, reply, new_chat_id())
            return reply

        @webchat.route("/share", methods=["GET"])
        async def share(request: Request) -> HTTPResponse:
            try:
                municipality, sections, topic = link_params(request)
                muni = self.kb.municipality(municipality)
                cited = [self.kb.section(muni.key, s) for s in sections]
                description = self.kb.topics().get(topic or "") if topic else None
            except UnknownMunicipality as exc:
                return _html(sheet.notice_page("Link not found", str(exc), "./"), 404)
            except KnowledgeBaseError as exc:
                return _html(sheet.notice_page("Link not found", str(exc), "./"), 404)
            return _html(sheet.shared_answer_page(muni, cited, description, chat_href="./", css_href="static/page.css"))

        @webchat.route("/letter", methods=["GET"])
        async def letter(request: Request) -> HTTPResponse:
            try:
                municipality, sections, _ = link_params(request)
                composed = letters.compose_letter(self.kb, municipality, sections)
            except KnowledgeBaseError as exc:
                return _html(sheet.notice_page("Letter not available", str(exc), "./"), 404)
            return _html(
                sheet.letter_page(composed, chat_href="./", css_href="static/page.css", script_src="static/letter.js")
            )

        return webchat
