"""Start the action server and the Rasa server together, in the foreground.

``make run`` calls this after set-up. Ctrl-C (or SIGTERM) stops both servers and waits for
them, so nothing is left running; if either server dies, the other is stopped too and the
exit code says which failed.

Before anything starts, the launcher checks what the servers need and, when something is
missing, prints what is wrong and how to fix it, and exits with code 2: the knowledge base
(``make kb``), a trained model (``make train``), and for the production endpoints every
environment variable they name.

Configuration is by environment (see :func:`defaults` and the README):

* ``BOT_ENDPOINTS``: ``local`` (default, ``bot/endpoints.yml``: SQLite tracker store, in-memory
  lock store), ``production`` (``bot/endpoints.production.yml``: PostgreSQL tracker store, Redis
  lock store, all addresses from the environment), or the path of an endpoints file;
* ``RASA_AUTH_TOKEN``: when set, Rasa's HTTP API (``/conversations/...``, ``/model``, ...) is
  switched on and needs this token; when unset, the API is off (only the channels are served);
* ``RASA_CORS_ORIGINS``: the origins allowed to call the server from a browser (space or comma
  separated); default: the server's own origin, which is the web chat's;
* ``ACTION_TIMEOUT``: seconds Rasa waits for an action (see :mod:`bot.action_guard`);
* ``RATE_LIMIT_*``: per-sender and per-address limits of the public channels (:mod:`bot.ratelimit`);
* ``ACTION_SERVER_HOST`` (default ``127.0.0.1``) and ``ACTION_SERVER_TOKEN``: where the action
  server listens and the secret it requires, which the Rasa server sends (:mod:`bot.action_server`;
  beyond loopback the token is required);
* ``RETENTION_DAYS`` (default 90) and ``RETENTION_INTERVAL_HOURS`` (default 24): with the Rasa
  server, the launcher purges older conversations and SMS records at start-up and then at that
  interval (:mod:`bot.retention`, also ``make purge``);
* ``TWILIO_AUTH_TOKEN`` with ``SMS_PUBLIC_BASE_URL`` or ``SMS_ALLOWED_HOSTS``: with the token and
  neither of the others, the launcher refuses to start (:mod:`bot.channels.sms`).

``--only rasa`` or ``--only actions`` starts one of the two (the scale-out set-up runs several
Rasa servers and several action servers, each in its own container).

The Rasa server runs as ``python -m bot.rasa_server run ...``: the ``rasa run`` command with a
per-answer cost removed (see that module; ``make bench`` measures it).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Mapping

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
ENDPOINT_FILES = {"local": ROOT / "bot" / "endpoints.yml", "production": ROOT / "bot" / "endpoints.production.yml"}
_ENV_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class StartupError(Exception):
    """Something the servers need is missing; ``str()`` says what and how to fix it."""


def defaults(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The embedded default configuration (SQLite, local action server), overridable by environment.

    ``environ`` (default: this process's environment) supplies the ports the defaults derive from.
    """
    environ = os.environ if environ is None else environ
    rasa_port = environ.get("RASA_PORT", "5005")
    return {
        "ACTION_PORT": "5055",
        "ACTION_SERVER_HOST": "127.0.0.1",
        "RASA_PORT": rasa_port,
        "ACTION_ENDPOINT_URL": f"http://127.0.0.1:{environ.get('ACTION_PORT', '5055')}/webhook",
        "TRACKER_DB": str(ROOT / "var" / "tracker.db"),
        "SMS_DB": str(ROOT / "var" / "sms.db"),
        "HOUSING_KB_PATH": str(ROOT / "build" / "kb.sqlite"),
        "RASA_TELEMETRY_ENABLED": "false",
        "BOT_ENDPOINTS": "local",
        "RASA_CORS_ORIGINS": f"http://localhost:{rasa_port} http://127.0.0.1:{rasa_port}",
        # INFO: start-up, warnings and errors; no message text (Rasa logs that only at DEBUG).
        "LOG_LEVEL": "INFO",
        # Sanic refuses bodies over this with a 413 before any channel reads them (the channels'
        # own limits are far lower; Rasa's API takes training data, hence not lower than this).
        "SANIC_REQUEST_MAX_SIZE": str(8 * 1024 * 1024),
    }


def endpoints_file(env: dict[str, str]) -> Path:
    """The endpoints file ``BOT_ENDPOINTS`` selects."""
    choice = env.get("BOT_ENDPOINTS") or "local"
    path = ENDPOINT_FILES.get(choice) or Path(choice)
    if not path.is_absolute():
        path = ROOT / path
    if not path.is_file():
        raise StartupError(
            f"BOT_ENDPOINTS={choice!r}: no endpoints file {path}. Use local, production or the path of a file."
        )
    return path


def cors_origins(env: dict[str, str]) -> list[str]:
    """The browser origins ``RASA_CORS_ORIGINS`` allows (empty: none)."""
    return [origin for origin in re.split(r"[\s,]+", env.get("RASA_CORS_ORIGINS") or "") if origin]


def commands(env: dict[str, str], only: str | None = None) -> list[tuple[str, list[str]]]:
    """The server command lines (both, or the one ``only`` names)."""
    servers = [
        (
            "action server",
            [
                str(BIN / "python"),
                "-m",
                "bot.action_server",  # rasa_sdk's executor, on loopback by default, with the optional token
                "--actions",
                "actions",
                "--port",
                env["ACTION_PORT"],
                "--host",
                env.get("ACTION_SERVER_HOST") or "127.0.0.1",
            ],
        ),
        (
            "rasa server",
            [
                str(BIN / "python"),
                "-m",
                "bot.rasa_server",  # rasa, with the action guard; adds the API when RASA_AUTH_TOKEN is set
                "run",
                "--model",
                str(ROOT / "models"),
                "--endpoints",
                str(endpoints_file(env)),
                "--credentials",
                str(ROOT / "bot" / "credentials.yml"),
                "--port",
                env["RASA_PORT"],
                *(["--cors", *cors_origins(env)] if cors_origins(env) else []),
            ],
        ),
    ]
    wanted = {"rasa": "rasa server", "actions": "action server"}.get(only or "")
    return [(name, argv) for name, argv in servers if wanted in (None, name)]


def check_knowledge_base(env: dict[str, str]) -> str:
    """Open the knowledge base and count its rows; StartupError (naming `make kb`) if it is missing or broken."""
    from knowledge.kb import KnowledgeBase, KnowledgeBaseError

    base = KnowledgeBase(env["HOUSING_KB_PATH"])
    try:
        counts = base.check()
        if not counts.get("municipalities") or not counts.get("sections"):
            raise StartupError(
                f"The knowledge base {base.path} is empty (no municipalities or sections). Rebuild it with `make kb`."
            )
    except KnowledgeBaseError as exc:
        raise StartupError(str(exc)) from None
    except StartupError:
        raise
    except Exception as exc:  # noqa: BLE001 - a corrupt file fails in many ways; all need the same fix
        raise StartupError(
            f"The knowledge base {base.path} is unreadable ({exc}). Rebuild it with `make kb`."
        ) from None
    finally:
        base.close()
    return f"{counts['municipalities']} municipalities, {counts['sections']} sections"


def check_model() -> None:
    """A trained model must be in models/."""
    if not any((ROOT / "models").glob("*.tar.gz")):
        raise StartupError(f"No trained model in {ROOT / 'models'}. Train one with `make train`.")


def check_endpoint_variables(path: Path, env: dict[str, str]) -> None:
    """Every ``${VAR}`` the endpoints file names must be set (Rasa would fail with a traceback)."""
    text = "\n".join(line.split("#", 1)[0] for line in path.read_text(encoding="utf-8").splitlines())
    missing = sorted({name for name in _ENV_REFERENCE.findall(text) if name not in env})
    if missing:
        raise StartupError(
            f"{path.name} needs these environment variables, which are not set: {', '.join(missing)} "
            "(an empty value is allowed, e.g. for a password-less Redis)."
        )


def check_rate_limits(env: dict[str, str]) -> None:
    """Every RATE_LIMIT_* must read N/S or off (the channels would fail to start otherwise)."""
    from bot.ratelimit import DEFAULTS, RateLimiter

    for name in DEFAULTS:
        try:
            RateLimiter.from_spec(env.get(name, DEFAULTS[name]))
        except ValueError as exc:
            raise StartupError(f"{name}: {exc}") from None


def check_action_server(env: dict[str, str]) -> str:
    """Beyond loopback the action server needs ACTION_SERVER_TOKEN; the note says how it is reached."""
    from bot.action_server import NEEDS_TOKEN, is_loopback

    host = env.get("ACTION_SERVER_HOST") or "127.0.0.1"
    if not is_loopback(host) and not env.get("ACTION_SERVER_TOKEN"):
        raise StartupError(NEEDS_TOKEN.format(host=host))
    return f"action server: listens on {host}" + (
        ", needs ACTION_SERVER_TOKEN" if env.get("ACTION_SERVER_TOKEN") else ""
    )


def check_sms(env: dict[str, str]) -> None:
    """With TWILIO_AUTH_TOKEN, the signed URL must come from SMS_PUBLIC_BASE_URL or SMS_ALLOWED_HOSTS."""
    from bot.channels.sms import NO_PUBLIC_URL, allowed_hosts

    if (
        env.get("TWILIO_AUTH_TOKEN")
        and not env.get("SMS_PUBLIC_BASE_URL")
        and not allowed_hosts(env.get("SMS_ALLOWED_HOSTS"))
    ):
        raise StartupError(NO_PUBLIC_URL.format(token="TWILIO_AUTH_TOKEN"))


def check_retention(env: dict[str, str]) -> str:
    """RETENTION_DAYS and RETENTION_INTERVAL_HOURS must be positive numbers."""
    from bot.retention import interval_hours, retention_days

    try:
        days, hours = retention_days(env), interval_hours(env)
    except ValueError as exc:
        raise StartupError(str(exc)) from None
    return f"retention: conversations and SMS records older than {days:g} days are purged now and every {hours:g} h"


def preflight(env: dict[str, str], only: str | None = None) -> list[str]:
    """Check everything the servers need; return notes to print. StartupError when something is missing."""
    notes = []
    if only in (None, "actions"):
        notes.append(f"knowledge base {env['HOUSING_KB_PATH']}: {check_knowledge_base(env)}")
        notes.append(check_action_server(env))
    if only in (None, "rasa"):
        check_model()
        check_rate_limits(env)
        check_sms(env)
        notes.append(check_retention(env))
        path = endpoints_file(env)
        check_endpoint_variables(path, env)
        notes.append(f"endpoints: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
        notes.append(
            "Rasa HTTP API: on, needs RASA_AUTH_TOKEN"
            if env.get("RASA_AUTH_TOKEN")
            else "Rasa HTTP API: off (set RASA_AUTH_TOKEN to switch it on, with that token)"
        )
    return notes


def _die_with_parent() -> None:
    """In the child: ask Linux to send SIGTERM if the launcher dies without stopping it (kill -9)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start_purge(env: dict[str, str]) -> subprocess.Popen:
    """Run ``python -m bot.retention purge`` in the background (its report goes to this launcher's output)."""
    return subprocess.Popen(
        [str(BIN / "python"), "-m", "bot.retention", "purge"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        preexec_fn=_die_with_parent,
    )


def stop(processes: list[subprocess.Popen], grace: float = 10.0) -> None:
    """Terminate every process group, then kill what is still running after ``grace`` seconds."""
    for process in processes:
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    deadline = time.monotonic() + grace
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.launch", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["rasa", "actions"], help="start only one of the two servers")
    args = parser.parse_args(argv)
    env = {**defaults(), **os.environ}
    try:
        notes = preflight(env, args.only)
    except StartupError as exc:
        print(f"cannot start: {exc}", file=sys.stderr, flush=True)
        return 2
    for note in notes:
        print(note, flush=True)
    if (env.get("BOT_ENDPOINTS") or "local") == "local":
        Path(env["TRACKER_DB"]).parent.mkdir(parents=True, exist_ok=True)
    Path(env["SMS_DB"]).parent.mkdir(parents=True, exist_ok=True)
    processes: list[subprocess.Popen] = []
    stopping = False

    def on_signal(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    servers = commands(env, args.only)
    for name, argv_ in servers:
        print(f"starting {name}: {' '.join(argv_)}", flush=True)
        processes.append(
            subprocess.Popen(argv_, cwd=ROOT, env=env, start_new_session=True, preexec_fn=_die_with_parent)
        )
    if args.only != "actions":
        base = f"http://localhost:{env['RASA_PORT']}"
        stops = "Ctrl-C stops both servers" if args.only is None else "Ctrl-C stops it"
        print(f"REST channel: POST {base}/webhooks/rest/webhook  ({stops})", flush=True)
        sms_note = "" if env.get("TWILIO_AUTH_TOKEN") else "  (refuses requests until TWILIO_AUTH_TOKEN is set)"
        print(f"Web chat (tenants): {base}/webhooks/webchat/", flush=True)
        print(f"Clerk desk: {base}/webhooks/clerk/  (review list needs CLERK_TOKEN)", flush=True)
        print(f"SMS channel: POST {base}/webhooks/sms/webhook{sms_note}", flush=True)
    code = 0
    purger: subprocess.Popen | None = None
    next_purge = time.monotonic() if args.only != "actions" else float("inf")
    if args.only != "actions":
        from bot.retention import interval_hours

        every = interval_hours(env) * 3600
    while not stopping:
        if purger is not None and purger.poll() is not None:
            if purger.returncode:
                print(
                    f"retention purge failed (exit code {purger.returncode}); will try again",
                    file=sys.stderr,
                    flush=True,
                )
            purger = None
        if purger is None and time.monotonic() >= next_purge:
            purger = start_purge(env)
            next_purge = time.monotonic() + every
        for process, (name, _) in zip(processes, servers):
            if process.poll() is not None:
                print(f"{name} exited with code {process.returncode}; stopping", file=sys.stderr, flush=True)
                code = process.returncode or 1
                stopping = True
                break
        time.sleep(0.2)
    stop([*processes, *([purger] if purger is not None else [])])
    return code


if __name__ == "__main__":
    sys.exit(main())
