"""``rasa`` with the project's guards installed: ``python -m bot.rasa_server run ...``.

Takes exactly the arguments of the ``rasa`` command, and before Rasa starts

* installs :mod:`bot.perf` (removes a cost Rasa pays on every answer; ``make bench`` measures it);
* installs :mod:`bot.action_guard` (a bounded wait for the action server, and a polite
  sentence instead of silence when it fails);
* for ``run``: switches Rasa's HTTP API on only together with a token. When ``RASA_AUTH_TOKEN``
  is set it adds ``--enable-api --auth-token <token>`` (inside this process, so the token does
  not show in the process list); ``--enable-api`` without ``--auth-token`` or ``--jwt-secret``
  is refused.

``bot/launch.py`` starts the Rasa server this way; so should any deployment.
"""

from __future__ import annotations

import os
import sys

from bot import perf
from bot.action_guard import install

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


def main() -> None:
    sys.argv = ["rasa", *with_api_token(sys.argv[1:], dict(os.environ))]
    perf.install()
    install()
    from rasa.__main__ import main as rasa_main

    rasa_main()


if __name__ == "__main__":
    main()
