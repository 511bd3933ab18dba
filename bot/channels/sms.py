"""The SMS gateway for landlords: Twilio's Messaging webhook in, TwiML out (``POST /webhooks/sms/webhook``).

Twilio posts each incoming text as a form (``From``, ``To``, ``Body``, ``MessageSid``, …) and
sends whatever ``<Message>`` the TwiML answer holds back to the sender, so no outbound API call
is needed. The channel

* refuses every request (403) unless the Twilio auth token is configured, and refuses any
  request whose ``X-Twilio-Signature`` does not match (HMAC-SHA1 over the URL Twilio called
  plus the sorted form fields). That URL is never taken from the request's bare ``Host``
  header: it is ``SMS_PUBLIC_BASE_URL`` + the path, or, when only ``SMS_ALLOWED_HOSTS`` is set,
  the request's scheme, host and path with the host checked against that list (403 otherwise).
  With the token set and neither of the two, the channel refuses to start;
* answers the carrier keywords itself: STOP (and STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT,
  REVOKE, OPTOUT) confirms once and then stays silent until START (UNSTOP, or YES while
  stopped); HELP (INFO) describes the service and how to stop;
* answers a retried ``MessageSid`` with an empty response, without asking the bot again;
* turns the bot's answer into SMS (``sms_format``): plain GSM-7 text, compact citations, pages
  ("Reply MORE for the rest"), buttons as numbered options ("Reply 1 for …");
* keys the conversation by a salted hash of the phone number (``sms:<hash>``), never the number
  itself: the tracker store holds no phone numbers, and no other channel can name an SMS
  conversation (REST refuses ``sms:`` senders); the logs show the same hash;
* limits each phone number to ``RATE_LIMIT_SMS`` texts (:mod:`bot.ratelimit`; STOP, START and
  HELP always work): the first text over the limit gets a polite "slow down", later ones nothing
  until the limit refills.

Opt-out, pages, pending options and seen ``MessageSid``s live in SQLite (``SMS_DB``, default
``var/sms.db``), keyed by the salted hash, so they survive restarts.

Configured in ``bot/credentials.yml`` by the *names* of environment variables, so the server
still starts when they are unset (Rasa fails on an unset ``${VAR}`` in credentials.yml).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import sqlite3
import threading
import time
import traceback
from asyncio import CancelledError
from pathlib import Path
from typing import Any, Awaitable, Callable, Dict, Mapping
from urllib.parse import parse_qsl, quote
from xml.sax.saxutils import escape

from rasa.core.channels.channel import CollectingOutputChannel, InputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse
from twilio.request_validator import RequestValidator

from bot.channels.http_io import clean_text, media_type
from bot.channels.sms_format import render
from bot.ratelimit import shared_policy
from knowledge import letter as letters
from knowledge.kb import KnowledgeBase

logger = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_DB = ROOT / "var" / "sms.db"

MAX_REQUEST_BYTES = 256 * 1024  # Twilio's forms are ~1 KB; a 20,000-character Body still fits
MAX_FORM_FIELDS = 200
MAX_FIELD_CHARS = 64  # From and MessageSid (a phone number or "whatsapp:+…"; a 34-character SID)
MAX_MESSAGE_CHARS = 1600  # the longest SMS Twilio delivers; longer texts get a polite refusal
FORM_TYPE = "application/x-www-form-urlencoded"

STOP_WORDS = frozenset({"STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"})
START_WORDS = frozenset({"START", "UNSTOP"})
RESUME_WHEN_STOPPED = frozenset({"YES"})  # Twilio's opt-in keyword; otherwise an ordinary answer
HELP_WORDS = frozenset({"HELP", "INFO"})
MORE_WORDS = frozenset({"MORE"})

SORRY = "Sorry, something went wrong on my side. Please try again in a moment."
EMPTY = "I got an empty message. Please text your question about a housing code, or reply HELP."
MEDIA_ONLY = "I can only read text. Please type your question about a housing code, or reply HELP."
NO_MORE = "That was the whole answer. Text another question, or reply HELP."
NO_ANSWER = "Sorry, I have no answer to that. Please ask another way, or reply HELP."
TOO_FAST = "You're texting faster than I can answer. Please wait a few minutes, then text your question again."

NO_PUBLIC_URL = (
    "{token} is set, so the SMS channel checks Twilio's signatures, which cover the public URL Twilio "
    "calls. Set SMS_PUBLIC_BASE_URL to that URL's start (e.g. https://housing.example.org), or "
    "SMS_ALLOWED_HOSTS to the host names Twilio may call (comma separated); the request's own Host "
    "header is never trusted."
)

_XML_INVALID = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_TWIML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>'


# -- plain helpers -----------------------------------------------------------------------


def twiml(text: str | None) -> HTTPResponse:
    """A TwiML answer: one ``<Message>`` with ``text`` (XML-escaped), or an empty ``<Response/>``."""
    if not text:
        body = f"{_TWIML_HEAD}<Response/>"
    else:
        body = f"{_TWIML_HEAD}<Response><Message>{escape(_XML_INVALID.sub('', text))}</Message></Response>"
    return response.text(body, content_type="text/xml; charset=utf-8")


def refuse(status: int, reason: str) -> HTTPResponse:
    """A plain-text 4xx for requests that are not (valid, authentic) Twilio webhooks."""
    return response.text(reason + "\n", status=status)


class FormParams(dict):
    """Form fields as ``{name: [values]}``, readable by Twilio's ``RequestValidator`` (``getall``)."""

    def getall(self, name: str) -> list[str]:
        return self[name]

    def first(self, name: str) -> str | None:
        values = self.get(name)
        return values[0] if values else None


def parse_form(body: bytes) -> tuple[FormParams | None, str | None]:
    """The form fields of an urlencoded body, or an error message for the client."""
    try:
        raw = body.decode("utf-8")
        pairs = parse_qsl(raw, keep_blank_values=True, errors="strict", max_num_fields=MAX_FORM_FIELDS)
    except UnicodeDecodeError:
        return None, "The form is not valid UTF-8."
    except ValueError:
        return None, f"The form has too many fields (at most {MAX_FORM_FIELDS})."
    params = FormParams()
    for name, value in pairs:
        params.setdefault(name, []).append(value)
    return params, None


def keyword(text: str) -> str:
    """The message as a carrier keyword: upper case, without surrounding space or end punctuation."""
    return re.sub(r"[\s.!]+$", "", text.strip()).upper()


def conversation_id(key: str) -> str:
    """The SMS conversation's id in the tracker store: ``sms:`` + the phone number's salted hash."""
    return f"sms:{key}"


def allowed_hosts(spec: str | None) -> frozenset[str]:
    """``SMS_ALLOWED_HOSTS`` ("host[:port], …") as a set of lower-case hosts."""
    return frozenset(h.strip().lower() for h in re.split(r"[\s,]+", spec or "") if h.strip())


def redact(text: str, secret: str, stand_in: str) -> str:
    """``text`` with every occurrence of ``secret`` replaced by ``stand_in``."""
    return text.replace(secret, stand_in) if secret else text


# -- state ----------------------------------------------------------------------------


class SmsState:
    """Opt-outs, unread pages, pending options and seen MessageSids, in SQLite.

    Phone numbers are never stored: rows are keyed by :meth:`phone_key`, a salted HMAC whose
    salt is generated once and kept in the database (so keys survive restarts).
    """

    def __init__(
        self,
        path: str | Path,
        seen_ttl: float = 7 * 86400,
        seen_max: int = 50_000,
        pending_ttl: float = 2 * 86400,
        prune_every: int = 200,
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.seen_ttl, self.seen_max, self.pending_ttl, self.prune_every = seen_ttl, seen_max, pending_ttl, prune_every
        self._lock = threading.Lock()
        self._claims = 0
        self._conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False, timeout=10)
        self._conn.execute("pragma journal_mode=wal")
        self._conn.executescript(
            """
            create table if not exists meta (name text primary key, value text not null);
            create table if not exists seen (sid text primary key, received real not null);
            create index if not exists seen_received on seen (received);
            create table if not exists optout (phone_key text primary key, since real not null);
            create table if not exists pending (
                phone_key text primary key, pages text not null, options text not null, updated real not null
            );
            """
        )
        self._conn.execute("insert or ignore into meta values ('salt', ?)", (secrets.token_hex(32),))
        self.salt = self._conn.execute("select value from meta where name = 'salt'").fetchone()[0]
        self.prune()

    def close(self) -> None:
        self._conn.close()

    def phone_key(self, phone: str) -> str:
        """A salted hash standing in for a phone number in the logs and in this database."""
        return hmac.new(self.salt.encode(), phone.encode("utf-8", "replace"), hashlib.sha256).hexdigest()[:16]

    def _execute(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            return self._conn.execute(sql, params)

    def claim(self, message_sid: str, now: float | None = None) -> bool:
        """Record a MessageSid; False if it was seen before (a retry)."""
        now = time.time() if now is None else now
        fresh = self._execute("insert or ignore into seen values (?, ?)", (message_sid, now)).rowcount == 1
        self._claims += 1
        if self._claims % self.prune_every == 0:
            self.prune(now)
        return fresh

    def prune(self, now: float | None = None) -> None:
        """Forget MessageSids older than ``seen_ttl`` or beyond the newest ``seen_max``, and stale pages."""
        now = time.time() if now is None else now
        self._execute("delete from seen where received < ?", (now - self.seen_ttl,))
        self._execute(
            "delete from seen where sid in (select sid from seen order by received desc, rowid desc limit -1 offset ?)",
            (self.seen_max,),
        )
        self._execute("delete from pending where updated < ?", (now - self.pending_ttl,))

    def seen_count(self) -> int:
        return self._execute("select count(*) from seen").fetchone()[0]

    def is_stopped(self, key: str) -> bool:
        return self._execute("select 1 from optout where phone_key = ?", (key,)).fetchone() is not None

    def set_stopped(self, key: str, stopped: bool) -> None:
        if stopped:
            self._execute("insert or ignore into optout values (?, ?)", (key, time.time()))
        else:
            self._execute("delete from optout where phone_key = ?", (key,))

    def save_pending(self, key: str, pages: list[str], options: list[str]) -> None:
        """Remember the unread pages and the numbered options of the latest answer."""
        if not pages and not options:
            self._execute("delete from pending where phone_key = ?", (key,))
            return
        self._execute(
            "insert or replace into pending values (?, ?, ?, ?)",
            (key, json.dumps(pages), json.dumps(options), time.time()),
        )

    def _pending(self, key: str) -> tuple[list[str], list[str]]:
        row = self._execute(
            "select pages, options from pending where phone_key = ? and updated >= ?",
            (key, time.time() - self.pending_ttl),
        ).fetchone()
        return (json.loads(row[0]), json.loads(row[1])) if row else ([], [])

    def next_page(self, key: str) -> str | None:
        """Take the next unread page of the latest answer, if any."""
        pages, options = self._pending(key)
        if not pages:
            return None
        self.save_pending(key, pages[1:], options)
        return pages[0]

    def options(self, key: str) -> list[str]:
        """The button payloads the latest answer offered as numbers 1, 2, …"""
        return self._pending(key)[1]


# -- the channel ------------------------------------------------------------------------


class SmsChannel(InputChannel):
    """Twilio Messaging webhook in, TwiML out; see the module docstring."""

    @classmethod
    def name(cls) -> str:
        return "sms"

    @classmethod
    def from_credentials(cls, credentials: Dict[str, Any] | None) -> SmsChannel:
        credentials = credentials or {}
        token_env = credentials.get("auth_token_env") or "TWILIO_AUTH_TOKEN"
        base_env = credentials.get("public_base_url_env") or "SMS_PUBLIC_BASE_URL"
        db_env = credentials.get("db_env") or "SMS_DB"
        hosts_env = credentials.get("allowed_hosts_env") or "SMS_ALLOWED_HOSTS"
        return cls(
            auth_token=os.environ.get(token_env) or None,
            public_base_url=os.environ.get(base_env) or None,
            allowed_hosts=allowed_hosts(os.environ.get(hosts_env)),
            db_path=os.environ.get(db_env) or DEFAULT_DB,
            segments_per_page=int(credentials.get("segments_per_page") or 2),
            service_name=str(credentials.get("service_name") or "Housing-code guidance"),
            help_contact=str(credentials.get("help_contact") or ""),
            token_env=token_env,
        )

    def __init__(
        self,
        auth_token: str | None,
        public_base_url: str | None = None,
        db_path: str | Path = DEFAULT_DB,
        segments_per_page: int = 2,
        service_name: str = "Housing-code guidance",
        help_contact: str = "",
        token_env: str = "TWILIO_AUTH_TOKEN",
        allowed_hosts: frozenset[str] | set[str] = frozenset(),
    ) -> None:
        self.auth_token = auth_token
        self.validator = RequestValidator(auth_token) if auth_token else None
        self.public_base_url = public_base_url.rstrip("/") if public_base_url else None
        self.allowed_hosts = frozenset(h.lower() for h in allowed_hosts)
        if self.validator is not None and not self.public_base_url and not self.allowed_hosts:
            raise ValueError(NO_PUBLIC_URL.format(token=token_env))
        self.segments_per_page = max(1, segments_per_page)
        self.token_env = token_env
        self.limiter = shared_policy().per_phone
        self._kb: KnowledgeBase | None = None  # opened on the first letter asked for
        # The state database is opened only when the channel can answer at all.
        self.state = SmsState(db_path) if self.validator else None
        contact = f" {help_contact.strip()}" if help_contact.strip() else ""
        self.stop_text = (
            f"{service_name}: you are unsubscribed and will get no more messages. Reply START to resubscribe."
        )
        self.start_text = (
            f"{service_name}: you are subscribed again. Text a question about a housing code. "
            "Reply HELP for help, STOP to opt out."
        )
        self.help_text = (
            f"{service_name}: text a question about a Wisconsin municipal housing code; answers cite the "
            f"ordinance. Information, not legal advice.{contact} Reply STOP to opt out. Msg&data rates may apply."
        )
        if self.validator is None:
            logger.warning("SMS channel is not configured (%s is not set): it will refuse every request", token_env)

    def signed_url(self, request: Request) -> str | None:
        """The URL Twilio signed: the public base URL + path + query, or the request's URL when its host
        is on the allow-list (None: a host that is not)."""
        query = request.query_string
        tail = request.path + (f"?{query}" if query else "")
        if self.public_base_url:
            return self.public_base_url + tail
        host = (request.host or "").lower()
        if host not in self.allowed_hosts:
            return None
        return f"{request.scheme}://{host}{tail}"

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[Any]]) -> Blueprint:
        webhook = Blueprint("housing_sms_webhook", __name__)

        @webhook.route("/", methods=["GET"])
        async def health(_: Request) -> HTTPResponse:
            return response.json({"status": "ok" if self.validator else "not configured"})

        @webhook.route("/webhook", methods=["POST"])
        async def receive(request: Request) -> HTTPResponse:
            if self.validator is None or self.state is None:
                logger.warning("SMS channel is not configured (%s is not set): request refused", self.token_env)
                return refuse(403, "The SMS channel is not configured.")
            if len(request.body or b"") > MAX_REQUEST_BYTES:
                return refuse(413, f"The request is too large (at most {MAX_REQUEST_BYTES:,} bytes).")
            if media_type(request) != FORM_TYPE:
                return refuse(415, f"Expected a Twilio webhook form ({FORM_TYPE}).")
            params, error = parse_form(request.body or b"")
            if params is None:
                return refuse(400, error or "Malformed form.")
            try:
                url = self.signed_url(request)
            except UnicodeDecodeError:
                return refuse(400, "The request URL is not valid UTF-8.")
            if url is None:
                logger.warning("SMS request refused: a host that is not in SMS_ALLOWED_HOSTS")
                return refuse(403, "This host is not one the SMS channel answers on.")
            signature = request.headers.get("x-twilio-signature") or ""
            if not signature or not self.validator.validate(url, params, signature):
                logger.warning("SMS request refused: %s X-Twilio-Signature", "wrong" if signature else "no")
                return refuse(403, "Invalid or missing X-Twilio-Signature.")
            phone = (params.first("From") or "").strip()
            sid = (params.first("MessageSid") or params.first("SmsSid") or "").strip()
            if (
                not phone
                or not sid
                or len(phone) > MAX_FIELD_CHARS
                or len(sid) > MAX_FIELD_CHARS
                or not (phone + sid).isprintable()
            ):
                return refuse(400, "A Twilio message needs From and MessageSid.")
            key = self.state.phone_key(phone)
            try:
                if not self.state.claim(sid):
                    logger.info("SMS %s from %s is a retry: not answered again", sid, key)
                    return twiml(None)
                text = await self.answer(params, phone, key, on_new_message)
            except Exception as exc:  # noqa: BLE001 - the sender gets a polite answer, the log the details
                details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
                logger.error("SMS from %s failed: %s", key, redact(details, phone, key))
                text = SORRY
            return twiml(text)

        return webhook

    async def answer(
        self,
        params: FormParams,
        phone: str,
        key: str,
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
    ) -> str | None:
        """The SMS to send back for one authentic, new message (None: send nothing)."""
        assert self.state is not None
        text = clean_text(params.first("Body") or "", squeeze=True)
        word = keyword(text)
        stopped = self.state.is_stopped(key)
        if word in STOP_WORDS:
            if stopped:
                return None
            self.state.set_stopped(key, True)
            logger.info("SMS from %s: opted out", key)
            return self.stop_text
        if word in HELP_WORDS:
            return self.help_text
        if word in START_WORDS or (stopped and word in RESUME_WHEN_STOPPED):
            self.state.set_stopped(key, False)
            logger.info("SMS from %s: opted in", key)
            return self.start_text
        if stopped:
            logger.info("SMS from %s: opted out, not answered", key)
            return None
        if self.limiter is not None and self.limiter.take(key):
            logger.info("SMS from %s: over the rate limit", key)
            return TOO_FAST if self.limiter.first_refusal(key) else None
        if word in MORE_WORDS:
            return self.state.next_page(key) or NO_MORE
        if not text:
            media = (params.first("NumMedia") or "0").strip()
            return MEDIA_ONLY if re.fullmatch(r"[0-9]{1,3}", media) and int(media) > 0 else EMPTY
        if len(text) > MAX_MESSAGE_CHARS:
            return (
                f"That message is too long for me ({len(text):,} characters). "
                f"Please ask your question in under {MAX_MESSAGE_CHARS:,} characters."
            )
        options = self.state.options(key)
        if options and re.fullmatch(r"[0-9]{1,3}", text):
            number = int(text)
            if not 1 <= number <= len(options):
                return f"Please reply with a number from 1 to {len(options)}, or text your question."
            text = options[number - 1]
        logger.info("SMS from %s: %d characters to the bot", key, len(text))
        problem = letters.letter_request(text)  # "letter to my landlord about the mice": the problem, else None
        asked = letters.letter_message(self.letter_kb, problem) if problem else None
        messages = await self.ask_bot(asked or text, phone, key, on_new_message)
        if problem is not None:
            messages = self.letter_messages(messages, problem)
        reply = render(messages)
        pages = reply.pages(self.segments_per_page) or [NO_ANSWER]
        self.state.save_pending(key, pages[1:], reply.options)
        return pages[0]

    def letter_messages(self, messages: list[Mapping[str, Any]], problem: str) -> list[Mapping[str, Any]]:
        """For a request for a letter: the short letter and a link where the full one can be printed
        (on ``SMS_PUBLIC_BASE_URL``), in place of the answer it quotes; the reply as it is when it
        cites nothing yet (e.g. it asks which municipality)."""
        letter = letters.letter_from_reply(self.letter_kb, messages, problem)
        if letter is None:
            return messages
        query = letters.letter_query(letter.municipality, [c.section for c in letter.sections])
        # The tenant's words ride in the fragment, which a browser never sends to a server.
        words = f"#p={quote(problem)}" if problem else ""
        url = f"{self.public_base_url}{letters.LETTER_PATH}?{query}{words}" if self.public_base_url else None
        return [{"text": letters.sms_letter(letter, url)}]

    @property
    def letter_kb(self) -> KnowledgeBase:
        """The knowledge base, opened on the first letter asked for."""
        if self._kb is None:
            self._kb = KnowledgeBase()
        return self._kb

    async def ask_bot(
        self,
        text: str,
        phone: str,
        key: str,
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
    ) -> list[Mapping[str, Any]]:
        """Run one message through the bot (conversation ``sms:<key>``: the number itself is never stored)."""
        collector = CollectingOutputChannel()
        try:
            await on_new_message(UserMessage(text, collector, conversation_id(key), input_channel=self.name()))
        except CancelledError:
            logger.error("SMS from %s timed out in the bot", key)
            return [{"text": SORRY}]
        return collector.messages
