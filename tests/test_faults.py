"""Faults: the action server down, slow or broken; the knowledge base missing or corrupt; restarts.

Real servers through the launcher; the broken action server is a small HTTP server in this test
process whose behaviour the test switches (slow, HTTP 500, nonsense, gone).
"""

from __future__ import annotations

import http.server
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests
import stack
from conftest import KB_PATH, ROOT, texts

from bot.action_guard import CANNOT_LOOK_UP

pytestmark = pytest.mark.servers


class FakeActionServer:
    """An action server that misbehaves as told: ``mode`` is slow, error or nonsense."""

    def __init__(self) -> None:
        self.mode = "slow"
        self.port = stack.free_port()
        self.release = threading.Event()
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server API
                self.rfile.read(int(self.headers.get("content-length") or 0))
                if fake.mode == "slow":
                    fake.release.wait(120)  # far longer than the guard waits
                    body, status = b'{"events": [], "responses": []}', 200
                elif fake.mode == "error":
                    body, status = b'{"error": "boom", "request_body": {"secret": "the tracker"}}', 500
                else:
                    body, status = b"<html>not json</html>", 200
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    pass  # the caller gave up waiting: that is the point

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def ask(base: str, sender: str, message: str, timeout: float = 30) -> str:
    """One REST turn; the reply text. ``timeout`` bounds the wait (Rasa's own limit is 5 minutes)."""
    response = requests.post(
        f"{base}/webhooks/rest/webhook", json={"sender": sender, "message": message}, timeout=timeout
    )
    assert response.status_code == 200, response.text
    return texts(response.json())


@pytest.fixture(scope="module")
def fake_actions():
    fake = FakeActionServer()
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def rasa_alone(tmp_path_factory, fake_actions):
    """Only the Rasa server, its action endpoint pointing at the fake; the guard waits 2 seconds."""
    servers = stack.start(
        tmp_path_factory.mktemp("faults"),
        only="rasa",
        ACTION_ENDPOINT_URL=f"http://127.0.0.1:{fake_actions.port}/webhook",
        ACTION_PORT=str(fake_actions.port),
        ACTION_TIMEOUT="2",
    )
    yield servers
    servers.stop()


QUESTION = "Who is responsible for extermination in the Town of Holland?"


@pytest.mark.parametrize("mode", ["slow", "error", "nonsense"])
def test_a_misbehaving_action_server_gets_a_polite_sentence_quickly(rasa_alone, fake_actions, mode):
    fake_actions.mode = mode
    started = time.monotonic()
    reply = ask(rasa_alone.base, f"fault-{mode}", QUESTION)  # the request itself gives up after 30 s
    assert reply == CANNOT_LOOK_UP
    if mode == "slow":
        assert time.monotonic() - started < 30  # not Rasa's five minutes
    # the conversation goes on: small talk needs no action server
    assert "Hello" in ask(rasa_alone.base, f"fault-{mode}", "hello")


def test_the_action_server_down_then_back(rasa_alone, fake_actions, tmp_path):
    fake_actions.close()  # nothing listens on the port any more
    assert ask(rasa_alone.base, "fault-down", QUESTION) == CANNOT_LOOK_UP
    actions = stack.start(tmp_path / "actions", only="actions", ACTION_PORT=str(fake_actions.port))
    try:
        reply = ask(rasa_alone.base, "fault-down", QUESTION)
        assert "Town of Holland Code § 190-10" in reply  # same Rasa server, no restart needed
    finally:
        actions.stop()


def test_failures_are_logged_without_the_conversation(rasa_alone):
    log = rasa_alone.log_text()
    assert "custom action action_answer_topic failed: the action server answered HTTP 500" in log
    assert "no answer from the action server within 2 s" in log
    assert "the tracker" not in log  # the action server's error body is not copied into the log


# -- the knowledge base -----------------------------------------------------------------------------
def corrupt(tmp: Path) -> Path:
    path = tmp / "garbage.sqlite"
    path.write_bytes(b"this is not a database\0" * 200)
    return path


def empty(tmp: Path) -> Path:
    path = tmp / "empty.sqlite"
    sqlite3.connect(path).close()
    path.write_bytes(b"")
    return path


def incomplete(tmp: Path) -> Path:
    path = tmp / "incomplete.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("create table municipalities (key text)")
    return path


def truncated(tmp: Path) -> Path:
    path = tmp / "truncated.sqlite"
    path.write_bytes(KB_PATH.read_bytes()[:8192])
    return path


KB_FAULTS = {
    "missing": lambda tmp: tmp / "nope" / "kb.sqlite",
    "not-a-database": corrupt,
    "empty-file": empty,
    "incomplete": incomplete,
    "truncated": truncated,
}


def launch(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "RATE_LIMIT_", "DB_", "REDIS_"))}
    full.update(
        {"RASA_PORT": str(stack.free_port()), "ACTION_PORT": str(stack.free_port()), "RASA_TELEMETRY_ENABLED": "false"}
    )
    full.update(env)
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, env=full, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize("fault", list(KB_FAULTS))
def test_a_broken_knowledge_base_stops_the_launcher_with_the_fix(tmp_path, fault):
    path = KB_FAULTS[fault](tmp_path)
    result = launch({"HOUSING_KB_PATH": str(path), "TRACKER_DB": str(tmp_path / "t.db")}, "bot.launch")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "cannot start" in result.stderr and "make kb" in result.stderr
    assert "Traceback" not in result.stderr
    assert "starting" not in result.stdout  # nothing was started


@pytest.mark.parametrize("fault", ["missing", "not-a-database", "incomplete"])
def test_the_action_server_itself_checks_the_knowledge_base(tmp_path, fault):
    """Started directly (as in a container), the action server stops at once with the fix."""
    path = KB_FAULTS[fault](tmp_path)
    result = launch(
        {"HOUSING_KB_PATH": str(path)},
        "bot.action_server",
        "--actions",
        "actions",
        "--port",
        str(stack.free_port()),
    )
    assert result.returncode == 2, result.stdout[-2000:] + result.stderr[-2000:]
    assert "make kb" in result.stderr


def test_no_model_names_make_train(tmp_path, monkeypatch):
    from bot import launch as launcher

    monkeypatch.setattr(launcher, "ROOT", tmp_path)
    with pytest.raises(launcher.StartupError, match="make train"):
        launcher.check_model()


def test_production_endpoints_name_the_missing_variables(tmp_path):
    result = launch({"BOT_ENDPOINTS": "production", "DB_HOST": "127.0.0.1"}, "bot.launch", "--only", "rasa")
    assert result.returncode == 2
    for name in ("DB_NAME", "DB_PASSWORD", "REDIS_HOST", "REDIS_PASSWORD"):
        assert name in result.stderr
    assert "DB_HOST" not in result.stderr.split("not set:")[1]


def test_a_malformed_rate_limit_is_named(tmp_path):
    result = launch({"RATE_LIMIT_SENDER": "lots", "TRACKER_DB": str(tmp_path / "t.db")}, "bot.launch")
    assert result.returncode == 2 and "RATE_LIMIT_SENDER" in result.stderr and "N/S" in result.stderr


# -- restarts ---------------------------------------------------------------------------------------
def test_the_conversation_survives_restarts_and_a_crash(tmp_path):
    """SQL tracker store (SQLite in the state folder): turns go on across a clean restart and a kill -9 of Rasa."""
    state = tmp_path / "state"
    sender = "restart-1"
    first = stack.start(state)
    try:
        assert "Which municipality" in ask(first.base, sender, "who has to exterminate the roaches")
    finally:
        assert first.stop() == 0
    second = stack.start(state)  # new ports, same tracker store
    try:
        reply = ask(second.base, sender, "Town of Howard")
        assert "In the Town of Howard" in reply and "exterminating" in reply  # the waiting question is answered
    finally:
        os.kill(second.server_pids()["rasa"], signal.SIGKILL)  # the Rasa server crashes ...
        second.process.wait(60)  # ... the launcher notices, stops the action server and exits
        assert second.stop() != 0
    third = stack.start(state)
    try:
        reply = ask(third.base, sender, "and who has to fix the heating?")
        assert "Town of Howard" in reply  # the municipality is still remembered
    finally:
        third.stop()


def test_the_action_timeout_comes_from_the_environment_then_the_endpoints_file(monkeypatch):
    from rasa.utils.endpoints import EndpointConfig

    from bot.action_guard import DEFAULT_TIMEOUT, action_timeout

    endpoint = EndpointConfig(url="http://127.0.0.1:1/webhook", timeout=7)
    monkeypatch.delenv("ACTION_TIMEOUT", raising=False)
    assert action_timeout(endpoint) == 7
    assert action_timeout(EndpointConfig(url="x")) == DEFAULT_TIMEOUT
    monkeypatch.setenv("ACTION_TIMEOUT", "2.5")
    assert action_timeout(endpoint) == 2.5
    monkeypatch.setenv("ACTION_TIMEOUT", "soon")  # not a number: ignored, with a warning
    assert action_timeout(endpoint) == 7
