"""The REST channel (``POST /webhooks/rest/webhook``), hardened against bad requests.

Same request and response shape as Rasa's own ``RestInput`` — ``{"sender": ..., "message":
...}`` in, a JSON list of bot messages out — but a body that is not a JSON object, a missing
or non-text message, or an over-long one gets a clear 400 or a polite reply, never a 500.
"""

from __future__ import annotations

import json
import logging
from asyncio import CancelledError
from typing import Any, Awaitable, Callable, Dict

from rasa.core.channels.channel import CollectingOutputChannel, UserMessage
from rasa.core.channels.rest import RestInput
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse

logger = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 2000
MAX_SENDER_CHARS = 128
SORRY = "Sorry, something went wrong on my side. Please try again in a moment."


def parse_body(request: Request) -> tuple[Dict[str, Any] | None, str | None]:
    """The request's JSON object, or an error message for the client."""
    try:
        body = json.loads(request.body or b"")
    except (ValueError, UnicodeDecodeError):
        return None, 'The body must be JSON like {"sender": "me", "message": "hello"}.'
    if not isinstance(body, dict):
        return None, 'The body must be a JSON object like {"sender": "me", "message": "hello"}.'
    return body, None


def clean_text(text: str) -> str:
    """Drop control characters (keeping line breaks and tabs as spaces)."""
    return "".join(ch if ch.isprintable() else " " for ch in text).strip()


class RestChannel(RestInput):
    """Rasa's REST channel with input validation."""

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
            body, error = parse_body(request)
            if body is None:
                return response.json({"error": error}, status=400)
            message = body.get("message", "")
            if message is None:
                message = ""
            if not isinstance(message, str):
                return response.json({"error": '"message" must be text.'}, status=400)
            sender = body.get("sender") or "default"
            if not isinstance(sender, (str, int)) or len(str(sender)) > MAX_SENDER_CHARS:
                return response.json(
                    {"error": f'"sender" must be text of at most {MAX_SENDER_CHARS} characters.'}, status=400
                )
            metadata = body.get("metadata") if isinstance(body.get("metadata"), dict) else None
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
            return response.json(collector.messages)

        return webhook
