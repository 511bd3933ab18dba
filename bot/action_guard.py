"""What the Rasa server does when the action server is down, slow or failing: a polite sentence, quickly.

Rasa 3.6 waits up to five minutes for a custom action (``DEFAULT_REQUEST_TIMEOUT`` is
hard-coded; ``action_endpoint`` has no timeout setting), and when the call fails it logs the
error and carries on *silently*: the user gets no answer at all. :func:`install` wraps
``RemoteAction.run`` so that

* each call to the action server is bounded by a timeout: ``ACTION_TIMEOUT`` (seconds) from
  the environment, else ``timeout:`` under ``action_endpoint`` in the endpoints file, else
  :data:`DEFAULT_TIMEOUT`;
* when the call fails — the server refuses the connection, times out, or answers with an HTTP
  error — the bot says :data:`CANNOT_LOOK_UP` instead of nothing, and the error is logged
  (action name and cause; no message text, no sender id).

A 400 from the action server (``ActionExecutionRejection``, the SDK's way for an action to
decline) is passed through unchanged: Rasa then predicts another action, as designed.

``python -m bot.rasa_server`` (what ``bot/launch.py`` starts) installs this before Rasa runs.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any, List

from bot.rasa_version import require_pinned_rasa

logger = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 5.0
CANNOT_LOOK_UP = "Sorry, I can't look that up right now. Please try again in a moment."
_MARK = "_housing_guarded"


def action_timeout(endpoint: Any) -> float:
    """Seconds to wait for one custom action: ``ACTION_TIMEOUT``, else the endpoint's ``timeout:``, else the default."""
    for raw in (os.environ.get("ACTION_TIMEOUT"), getattr(endpoint, "kwargs", {}).get("timeout")):
        if raw in (None, ""):
            continue
        try:
            value = float(raw)
        except (TypeError, ValueError):
            logger.warning("ignoring an action timeout that is not a number: %r", raw)
            continue
        if value > 0:
            return value
    return DEFAULT_TIMEOUT


def describe(exc: BaseException) -> str:
    """The cause of a failed call, for the log: the HTTP status or the error's type and message.

    An HTTP error's body is left out: the action server may echo the request (the conversation) in it.
    """
    cause = exc.__cause__ or exc
    status = getattr(cause, "status", None)
    if isinstance(status, int):
        return f"the action server answered HTTP {status}"
    return f"{type(cause).__name__}: {str(cause)[:200]}"


def install() -> None:
    """Wrap ``RemoteAction.run`` once per process (idempotent); refuses on a Rasa other than the pinned one."""
    require_pinned_rasa("bot.action_guard")
    from rasa.core.actions.action import ActionExecutionRejection, RemoteAction
    from rasa.shared.core.events import BotUttered

    if getattr(RemoteAction.run, _MARK, False):
        return
    original = RemoteAction.run

    async def run(self: RemoteAction, output_channel: Any, nlg: Any, tracker: Any, domain: Any) -> List[Any]:
        timeout = action_timeout(self.action_endpoint)
        try:
            return await asyncio.wait_for(original(self, output_channel, nlg, tracker, domain), timeout)
        except ActionExecutionRejection:
            raise
        except asyncio.TimeoutError:
            logger.error("custom action %s: no answer from the action server within %.3g s", self.name(), timeout)
        except Exception as exc:  # noqa: BLE001 - any failure becomes an apology, never silence
            logger.error("custom action %s failed: %s", self.name(), describe(exc))
        return [BotUttered(CANNOT_LOOK_UP, metadata={"action_failed": self.name()})]

    setattr(run, _MARK, True)
    run.__doc__ = original.__doc__
    RemoteAction.run = run  # type: ignore[method-assign]
