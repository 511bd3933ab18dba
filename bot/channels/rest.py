"""The REST channel (``POST /webhooks/rest/webhook``), hardened against bad requests.

Same request and response shape as Rasa's own ``RestInput`` — ``{"sender": ..., "message":
...}`` in, a JSON list of bot messages out — but a body that is not a JSON object, a missing
or non-text message, or an over-long one gets a clear 400 or a polite reply, never a 500:

* a body over :data:`MAX_BODY_BYTES`: 413; a content type other than ``application/json``: 415,
  also when there is none (a cross-site page can post without a content type, or with a
  "simple" one, without the browser asking first: ``fetch`` no-cors, ``sendBeacon``);
* a missing, non-text, over-long sender, or one with control characters: 400 (without a sender,
  every anonymous client would share one conversation);
* a sender in another channel's id form (``sms:…``, ``web:…``) or the clerk desk's
  (``clerk-…``): 400. Each channel has its own conversation ids, so a REST caller can never read
  or steer a texter's, a web-chat visitor's or the desk's conversation;
* too many messages from one sender or one client address (:func:`bot.ratelimit.shared_policy`,
  the policy every public route that runs the bot shares): a polite 429 with ``Retry-After``.

The role a conversation is answered for comes from the channel, never from the client: a
``role`` in the request's ``metadata`` is dropped.

Message text is never logged.
"""

from __future__ import annotations

import logging
from asyncio import CancelledError
from typing import Any, Awaitable, Callable, Dict

from rasa.core.channels.channel import CollectingOutputChannel, UserMessage
from rasa.core.channels.rest import RestInput
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

from bot.channels.http_io import MAX_BODY_BYTES, NotAJsonObject, clean_text, is_json, json_object
from bot.ratelimit import client_address, refusal_text, retry_after, shared_policy

logger = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 2000
MAX_SENDER_CHARS = 128
SORRY = "Sorry, something went wrong on my side. Please try again in a moment."
# When the bot has nothing to say (e.g. after a typed "/restart" or "/session_start"), rather than silence:
NOTHING_SAID = 'What would you like to know about your housing code? Say "help" for examples.'
# Conversation-id forms that belong to other channels (SMS, web chat) and to the clerk desk.
RESERVED_PREFIXES = ("sms:", "web:", "clerk-")


def parse_body(request: Request) -> tuple[Dict[str, Any] | None, str | None]:
    """The request's JSON object, or an error message for the client."""
    try:
        return json_object(request.body), None
    except NotAJsonObject as exc:
        if exc.parsed:
            return None, 'The body must be a JSON object like {"sender": "me", "message": "hello"}.'
        return None, 'The body must be JSON like {"sender": "me", "message": "hello"}.'


def reserved(sender: str) -> bool:
    """Whether ``sender`` has another channel's id form (``sms:``, ``web:``) or the clerk desk's (``clerk-``)."""
    return sender.strip().lower().startswith(RESERVED_PREFIXES)


def client_metadata(body: Dict[str, Any]) -> Dict[str, Any] | None:
    """The request's ``metadata`` object without ``role`` (the role comes from the channel)."""
    metadata = body.get("metadata")
    if not isinstance(metadata, dict):
        return None
    return {key: value for key, value in metadata.items() if key != "role"}


def sender_of(body: Dict[str, Any]) -> str | None:
    """The conversation id: text (or a whole number) of 1 to MAX_SENDER_CHARS printable characters."""
    sender = body.get("sender")
    if isinstance(sender, int) and not isinstance(sender, bool):
        sender = str(sender)
    if not isinstance(sender, str) or not 0 < len(sender) <= MAX_SENDER_CHARS or not sender.isprintable():
        return None
    return sender if sender.strip() else None


def too_many(wait: float) -> HTTPResponse:
    """The polite 429."""
    return response.json({"error": refusal_text(wait)}, status=429, headers={"Retry-After": str(retry_after(wait))})


class RestChannel(RestInput):
    """Rasa's REST channel with input validation."""

    def __init__(self) -> None:
        self.policy = shared_policy()

    @classmethod
    def name(cls) -> str:
        return "rest"

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[None]]) -> Blueprint:
        webhook = Blueprint("housing_rest_webhook", __name__)

        @webhook.route("/", methods=["GET"])
        async def health(_: Request) -> HTTPResponse:
            return response.json({"status": "ok"})

        @webhook.route("/webhook", methods=["POST"])
        async def receive(request: Request) -> HTTPResponse:
            wait = self.policy.take(client_address(request))
            if wait:
                return too_many(wait)
            if len(request.body or b"") > MAX_BODY_BYTES:
                return response.json(
                    {"error": f"The request is too large (at most {MAX_BODY_BYTES // 1024} KB)."}, status=413
                )
            if not is_json(request):
                return response.json(
                    {
                        "error": "Send JSON with the header Content-Type: application/json, "
                        'like {"sender": "me", "message": "hello"}.'
                    },
                    status=415,
                )
            body, error = parse_body(request)
            if body is None:
                return response.json({"error": error}, status=400)
            message = body.get("message", "")
            if message is None:
                message = ""
            if not isinstance(message, str):
                return response.json({"error": '"message" must be text.'}, status=400)
            sender = sender_of(body)
            if sender is None:
                return response.json(
                    {
                        "error": '"sender" is required: a conversation id of your choosing '
                        f"(text of at most {MAX_SENDER_CHARS} characters, no control characters)."
                    },
                    status=400,
                )
            if reserved(sender):
                return response.json(
                    {
                        "error": '"sender" may not start with "sms:", "web:" or "clerk-": those conversation ids '
                        "belong to the SMS channel, the web chat and the clerk desk. Choose another id."
                    },
                    status=400,
                )
            wait = self.policy.take(None, sender)
            if wait:
                return too_many(wait)
            metadata = client_metadata(body)
            text = clean_text(message)
            if len(text) > MAX_MESSAGE_CHARS:
                return response.json(
                    [
                        {
                            "recipient_id": str(sender),
                            "text": (
                                f"That message is too long for me ({len(text):,} characters). "
                                f"Please ask your question in under {MAX_MESSAGE_CHARS:,} characters."
                            ),
                        }
                    ]
                )
            collector = CollectingOutputChannel()
            try:
                await on_new_message(
                    UserMessage(text, collector, str(sender), input_channel=self.name(), metadata=metadata)
                )
            except CancelledError:
                logger.error("rest message timed out")
                collector.messages.append({"recipient_id": str(sender), "text": SORRY})
            except Exception:  # noqa: BLE001 - the client gets a polite answer, the log the details
                logger.exception("rest message failed")
                collector.messages.append({"recipient_id": str(sender), "text": SORRY})
            if not collector.messages:
                collector.messages.append({"recipient_id": str(sender), "text": NOTHING_SAID})
            return response.json(collector.messages)

        return webhook
