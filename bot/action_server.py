"""The action server, closed: ``python -m bot.action_server --actions actions --port 5055``.

rasa_sdk's own server (``python -m rasa_sdk``) listens on every interface, takes any caller, and
answers a body it cannot run with a 500 that echoes the exception and the request body (the
whole conversation), logging a traceback each time. This one runs the same actions through the
same executor, and

* listens on ``ACTION_SERVER_HOST`` (default ``127.0.0.1``: only the Rasa server on the same
  machine reaches it). The container set-up (``deploy/``), where the Rasa servers reach the
  action servers over a private network, sets ``0.0.0.0`` *together with* a shared secret;
* when ``ACTION_SERVER_TOKEN`` is set, answers ``/webhook`` and ``/actions`` only to callers
  that send it (``Authorization: Bearer <token>``; compared in constant time): the Rasa server
  sends it from ``bot/endpoints*.yml`` (``action_endpoint.headers``). ``/health`` stays open
  (it says nothing but "ok"). :data:`NEEDS_TOKEN` refuses to listen beyond loopback without one;
* answers a body that is not an action call (not JSON, not an object, no ``next_action``, no
  tracker object) with a 400 ``{"error": ...}`` that echoes nothing, and logs one line;
* answers an action that fails with a 500 ``{"error": "The action failed."}``, again without
  echoing anything; the log gets one line (the traceback only at DEBUG);
* sends no CORS headers (browsers have no business here).

The launcher (``bot/launch.py``) starts it this way; so should any deployment.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import ipaddress
import json
import logging
import os
import sys
import zlib
from typing import Any

logger = logging.getLogger("bot.action_server")

DEFAULT_HOST = "127.0.0.1"
MAX_BODY_BYTES = 8 * 1024 * 1024  # a tracker with a long history; Rasa's calls are far smaller
NEEDS_TOKEN = (
    "refusing to listen on {host} without ACTION_SERVER_TOKEN: anyone who can reach the port could run "
    "actions with forged conversations. Set ACTION_SERVER_TOKEN (the same value for the Rasa server), or "
    "ACTION_SERVER_HOST=127.0.0.1."
)
BAD_CALL = "The body is not an action call (a JSON object with next_action and tracker)."


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) only accepts connections from this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def token_ok(header: str, expected: str) -> bool:
    """Whether an ``Authorization`` header carries ``expected`` as a bearer token (constant time)."""
    given = header[7:].strip() if header[:7].lower() == "bearer " else ""
    digest = lambda text: hashlib.sha256(text.encode("utf-8", "replace")).digest()  # noqa: E731
    return bool(given) and hmac.compare_digest(digest(given), digest(expected))


def action_call(body: bytes, encoding: str | None) -> dict[str, Any] | None:
    """The action call in a request body, or None when it is not one."""
    try:
        if (encoding or "").lower() == "deflate":
            body = zlib.decompressobj().decompress(body, MAX_BODY_BYTES)
        call = json.loads(body or b"")
    except (ValueError, UnicodeDecodeError, RecursionError, zlib.error):
        return None
    if not isinstance(call, dict) or not isinstance(call.get("next_action"), str):
        return None
    if not isinstance(call.get("tracker"), dict) or not isinstance(call.get("domain", {}), dict):
        return None
    return call


def create_app(actions_package: str, token: str | None = None) -> Any:
    """The Sanic app: ``/health``, ``/actions`` and ``/webhook``, with the checks above."""
    from rasa_sdk import utils
    from rasa_sdk.executor import ActionExecutor
    from rasa_sdk.interfaces import ActionExecutionRejection, ActionNotFoundException
    from sanic import Sanic, response
    from sanic.request import Request

    app = Sanic("housing_actions", configure_logging=False)
    app.config.REQUEST_MAX_SIZE = MAX_BODY_BYTES
    executor = ActionExecutor()
    executor.register_package(actions_package)

    def refused(request: Request) -> Any:
        if not token or token_ok(request.headers.get("authorization", ""), token):
            return None
        logger.warning("action server: a call without the right ACTION_SERVER_TOKEN refused")
        return response.json({"error": "This action server needs its token."}, status=401)

    @app.get("/health")
    async def health(_: Request) -> Any:
        return response.json({"status": "ok"})

    @app.get("/actions")
    async def actions(request: Request) -> Any:
        return refused(request) or response.json([{"name": name} for name in executor.actions])

    @app.post("/webhook")
    async def webhook(request: Request) -> Any:
        denied = refused(request)
        if denied is not None:
            return denied
        call = action_call(request.body, request.headers.get("content-encoding"))
        if call is None:
            logger.warning("action server: a request that is not an action call refused")
            return response.json({"error": BAD_CALL}, status=400)
        utils.check_version_compatibility(call.get("version"))
        name = call["next_action"][:100]
        try:
            result = await executor.run(call)
        except ActionExecutionRejection as exc:
            logger.debug(exc)
            return response.json({"error": exc.message, "action_name": exc.action_name}, status=400)
        except ActionNotFoundException as exc:
            logger.error("action server: no action %r", name)
            return response.json({"error": exc.message, "action_name": exc.action_name}, status=404)
        except Exception as exc:  # noqa: BLE001 - one line in the log, nothing of the call in the answer
            logger.error("action server: action %r failed: %s", name, type(exc).__name__)
            logger.debug("action %r failed", name, exc_info=True)
            return response.json({"error": "The action failed."}, status=500)
        return response.json(result)

    @app.exception(Exception)
    async def any_error(request: Request, exc: Exception) -> Any:
        status = getattr(exc, "status_code", 500)
        if not isinstance(status, int) or not 400 <= status < 600:
            status = 500
        if status >= 500:
            logger.error("action server: %s on %s", type(exc).__name__, request.path[:100])
        return response.json({"error": "Not found." if status == 404 else "The request failed."}, status=status)

    return app


def keep_frameworks_out() -> None:
    """Mark TensorFlow and PyTorch absent before spaCy loads, as ``actions/__init__.py`` does under
    ``python -m rasa_sdk`` (nothing here uses them; they would cost ~370 MB)."""
    from actions import UNUSED_FRAMEWORKS

    for name in UNUSED_FRAMEWORKS:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None = "import fails"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.action_server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", default="actions", help="the package of the actions (default: actions)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("ACTION_PORT") or 5055))
    parser.add_argument(
        "--host",
        default=os.environ.get("ACTION_SERVER_HOST") or DEFAULT_HOST,
        help="address to listen on (default: ACTION_SERVER_HOST, else 127.0.0.1)",
    )
    args = parser.parse_args(argv)
    keep_frameworks_out()
    token = os.environ.get("ACTION_SERVER_TOKEN") or None
    if not is_loopback(args.host) and not token:
        print(NEEDS_TOKEN.format(host=args.host), file=sys.stderr, flush=True)
        return 2
    from rasa_sdk import utils

    logging.basicConfig(
        level=os.environ.get("LOG_LEVEL", "INFO").upper(), format="%(asctime)s %(levelname)s %(name)s - %(message)s"
    )
    utils.update_sanic_log_level()
    app = create_app(args.actions, token)
    logger.info(
        "action server on http://%s:%d%s", args.host, args.port, " (needs ACTION_SERVER_TOKEN)" if token else ""
    )
    app.run(args.host, args.port, workers=utils.number_of_sanic_workers(), access_log=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
