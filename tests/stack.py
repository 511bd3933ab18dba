"""Start the servers the way `make run` does (``python -m bot.launch``), for tests and the soak run.

A :class:`Stack` is one launcher process on free loopback ports with its own state folder (tracker
store, SMS state, log). It knows its servers' process ids (for memory figures) and stops its
whole process group, nothing else.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
# Settings a developer's shell may carry that would change what the tests see.
_CLEARED = (
    "SMS_",
    "TWILIO_",
    "CLERK_TOKEN",
    "RASA_AUTH_TOKEN",
    "RATE_LIMIT_",
    "BOT_ENDPOINTS",
    "ACTION_TIMEOUT",
    "ACTION_SERVER_",
    "RETENTION_",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


@dataclass
class Stack:
    """One launcher and its servers."""

    state: Path
    env: dict[str, str]
    process: subprocess.Popen
    log_path: Path
    base: str | None = None  # the Rasa server, when started
    action_health: str | None = None  # the action server's /health, when started
    _log: object = field(default=None, repr=False)

    def wait_until_up(self, timeout: float = 240.0) -> Stack:
        """Wait until every started server answers; RuntimeError (with the log's tail) if the launcher exits."""
        deadline = time.monotonic() + timeout
        pending = [url for url in (f"{self.base}/" if self.base else None, self.action_health) if url]
        while pending and time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the launcher exited with {self.process.returncode}:\n{self.log_tail()}")
            pending = [url for url in pending if not answers(url)]
            if pending:
                time.sleep(0.3)
        if pending:
            self.stop()
            raise TimeoutError(f"{pending} did not answer within {timeout} s:\n{self.log_tail()}")
        return self

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_text().splitlines()[-lines:])

    def server_pids(self) -> dict[str, int]:
        """{"rasa": pid, "actions": pid} of the servers the launcher started (from /proc)."""
        found: dict[str, int] = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                ppid = int(stat.rsplit(")", 1)[1].split()[1])
                if ppid != self.process.pid:
                    continue
                args = (entry / "cmdline").read_bytes().split(b"\0")
            except (OSError, ValueError, IndexError):
                continue
            if b"bot.rasa_server" in args:
                found["rasa"] = int(entry.name)
            elif b"bot.action_server" in args or b"rasa_sdk" in args:
                found["actions"] = int(entry.name)
        return found

    def rss_mb(self) -> dict[str, float]:
        """Resident memory of each server, in MB."""
        sizes = {}
        for name, pid in self.server_pids().items():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        sizes[name] = int(line.split()[1]) / 1024
            except OSError:
                pass
        return sizes

    def stop(self, grace: float = 30.0) -> int | None:
        """SIGTERM the launcher (it stops its servers); SIGKILL the group if it hangs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        if self._log is not None:
            self._log.close()  # type: ignore[attr-defined]
            self._log = None
        return self.process.returncode


def start(
    state: Path, only: str | None = None, wait: bool = True, log_name: str = "servers.log", **env: str | None
) -> Stack:
    """Start ``python -m bot.launch`` (both servers, or ``only`` one) on free ports with ``state`` for its files.

    ``env`` adds or overrides environment variables (e.g. ``TWILIO_AUTH_TOKEN``; ``None`` removes one); ports, the
    action endpoint and the SQLite files default to fresh ones under ``state``.
    """
    state.mkdir(parents=True, exist_ok=True)
    rasa_port, action_port = free_port(), free_port()
    full = {k: v for k, v in os.environ.items() if not k.startswith(_CLEARED)}
    full.update(
        {
            "RASA_PORT": str(rasa_port),
            "ACTION_PORT": str(action_port),
            "ACTION_ENDPOINT_URL": f"http://127.0.0.1:{action_port}/webhook",
            "TRACKER_DB": str(state / "tracker.db"),
            "SMS_DB": str(state / "sms.db"),
            "RASA_TELEMETRY_ENABLED": "false",
            "TF_CPP_MIN_LOG_LEVEL": "2",
        }
    )
    for name, value in env.items():
        if value is None:
            full.pop(name, None)  # None: not set at all
        else:
            full[name] = value
    log_path = state / log_name
    log = open(log_path, "ab")
    argv = [sys.executable, "-m", "bot.launch", *(["--only", only] if only else [])]
    process = subprocess.Popen(argv, cwd=ROOT, env=full, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    stack = Stack(state, full, process, log_path, _log=log)
    if only in (None, "rasa"):
        stack.base = f"http://127.0.0.1:{full['RASA_PORT']}"
    if only in (None, "actions"):
        stack.action_health = f"http://127.0.0.1:{full['ACTION_PORT']}/health"
    return stack.wait_until_up() if wait else stack
