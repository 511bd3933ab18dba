"""Start the action server and the Rasa server together, in the foreground.

``make run`` calls this after set-up. Ctrl-C (or SIGTERM) stops both servers and waits for
them, so nothing is left running; if either server dies, the other is stopped too and the
exit code says which failed.

The Rasa server runs as ``python -m bot.rasa_server run ...``: the ``rasa run`` command with a
per-answer cost removed (see that module; ``make bench`` measures it).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def defaults() -> dict[str, str]:
    """The embedded default configuration (SQLite, local action server), overridable by environment."""
    return {
        "ACTION_PORT": "5055",
        "RASA_PORT": "5005",
        "ACTION_ENDPOINT_URL": f"http://127.0.0.1:{os.environ.get('ACTION_PORT', '5055')}/webhook",
        "TRACKER_DB": str(ROOT / "var" / "tracker.db"),
        "SMS_DB": str(ROOT / "var" / "sms.db"),
        "HOUSING_KB_PATH": str(ROOT / "build" / "kb.sqlite"),
        "RASA_TELEMETRY_ENABLED": "false",
    }


def commands(env: dict[str, str]) -> list[tuple[str, list[str]]]:
    """The two server command lines."""
    return [
        (
            "action server",
            [str(BIN / "python"), "-m", "rasa_sdk", "--actions", "actions", "--port", env["ACTION_PORT"]],
        ),
        (
            "rasa server",
            [
                str(BIN / "python"),
                "-m",
                "bot.rasa_server",
                "run",
                "--model",
                str(ROOT / "models"),
                "--endpoints",
                str(ROOT / "bot" / "endpoints.yml"),
                "--credentials",
                str(ROOT / "bot" / "credentials.yml"),
                "--port",
                env["RASA_PORT"],
            ],
        ),
    ]


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


def main() -> int:
    env = {**defaults(), **os.environ}
    Path(env["TRACKER_DB"]).parent.mkdir(parents=True, exist_ok=True)
    Path(env["SMS_DB"]).parent.mkdir(parents=True, exist_ok=True)
    processes: list[subprocess.Popen] = []
    stopping = False

    def on_signal(signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    for name, argv in commands(env):
        print(f"starting {name}: {' '.join(argv)}", flush=True)
        processes.append(subprocess.Popen(argv, cwd=ROOT, env=env, start_new_session=True))
    print(
        f"REST channel: POST http://localhost:{env['RASA_PORT']}/webhooks/rest/webhook  (Ctrl-C stops both servers)",
        flush=True,
    )
    sms_note = "" if env.get("TWILIO_AUTH_TOKEN") else "  (refuses requests until TWILIO_AUTH_TOKEN is set)"
    print(f"SMS channel: POST http://localhost:{env['RASA_PORT']}/webhooks/sms/webhook{sms_note}", flush=True)
    code = 0
    while not stopping:
        for process, (name, _) in zip(processes, commands(env)):
            if process.poll() is not None:
                print(f"{name} exited with code {process.returncode}; stopping", file=sys.stderr, flush=True)
                code = process.returncode or 1
                stopping = True
                break
        time.sleep(0.2)
    stop(processes)
    return code


if __name__ == "__main__":
    sys.exit(main())
