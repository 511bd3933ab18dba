"""``rasa`` with the project's guards installed: ``python -m bot.rasa_server run ...``.

Takes exactly the arguments of the ``rasa`` command, and before Rasa starts

* installs :mod:`bot.perf` (removes a cost Rasa pays on every answer; ``make bench`` measures it);
* installs :mod:`bot.action_guard` (a bounded wait for the action server, and a polite
  sentence instead of silence when it fails);
* sends ``ACTION_SERVER_TOKEN``, when set, to the action server with every call
  (``Authorization: Bearer <token>``, added to ``action_endpoint`` unless the endpoints file
  already gives an ``Authorization`` header): :mod:`bot.action_server` checks it;
* answers ``GET /`` with a plain "ok" line instead of Rasa's banner, which names Rasa's version;
* for ``run``: switches Rasa's HTTP API on only together with a token. When ``RASA_AUTH_TOKEN``
  is set it adds ``--enable-api --auth-token <token>`` (inside this process, so the token does
  not show in the process list); ``--enable-api`` without ``--auth-token`` or ``--jwt-secret``
  is refused.

``bot/launch.py`` starts the Rasa server this way; so should any deployment.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from bot import perf, places
from bot.action_guard import install

ROOT_TEXT = "ok"

NO_TOKEN = (
    "refusing to start Rasa's HTTP API without authentication: set RASA_AUTH_TOKEN "
    "(or pass --auth-token / --jwt-secret)"
)


def with_api_token(argv: list[str], env: dict[str, str]) -> list[str]:
    """``argv`` (``rasa`` arguments) with the API switched on when a token is configured.

    Raises SystemExit when the API is asked for without any authentication.
    """
    if not argv or argv[0] != "run":
        return argv
    token = env.get("RASA_AUTH_TOKEN") or ""
    has_auth = any(a in ("-t", "--auth-token", "--jwt-secret") or a.startswith("--auth-token=") for a in argv)
    if token and not has_auth:
        argv = [*argv, "--enable-api", "--auth-token", token]
        has_auth = True
    if "--enable-api" in argv and not has_auth:
        raise SystemExit(NO_TOKEN)
    return argv


def add_action_token(endpoint: Any, token: str | None) -> None:
    """Give the action endpoint ``Authorization: Bearer <token>`` (unless it has an Authorization header)."""
    if endpoint is None or not token:
        return
    headers = endpoint.headers if isinstance(getattr(endpoint, "headers", None), dict) else {}
    if not any(name.lower() == "authorization" for name in headers):
        headers["Authorization"] = f"Bearer {token}"
    endpoint.headers = headers


def install_action_token() -> None:
    """Make Rasa's endpoint reader add ``ACTION_SERVER_TOKEN`` to the action endpoint (idempotent)."""
    from rasa.core.utils import AvailableEndpoints

    original = AvailableEndpoints.read_endpoints.__func__  # type: ignore[attr-defined]
    if getattr(original, "_housing_token", False):
        return

    def read_endpoints(cls: type, endpoint_file: str) -> Any:
        endpoints = original(cls, endpoint_file)
        add_action_token(endpoints.action, os.environ.get("ACTION_SERVER_TOKEN"))
        return endpoints

    read_endpoints._housing_token = True  # type: ignore[attr-defined]
    AvailableEndpoints.read_endpoints = classmethod(read_endpoints)  # type: ignore[method-assign,assignment]


def hide_banner() -> None:
    """``GET /`` answers "ok", not "Hello from Rasa: <version>" (the version helps nobody but an attacker)."""
    import rasa.server
    from sanic import response

    def add_root_route(app: Any) -> None:
        @app.get("/")
        async def hello(_request: Any) -> Any:
            return response.text(ROOT_TEXT)

    rasa.server.add_root_route = add_root_route


def main() -> None:
    sys.argv = ["rasa", *with_api_token(sys.argv[1:], dict(os.environ))]
    perf.install()
    install()
    places.install()
    install_action_token()
    hide_banner()
    from rasa.__main__ import main as rasa_main

    rasa_main()


if __name__ == "__main__":
    main()
