"""Shared fixtures: the real built knowledge base, the real domain, real servers."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import pytest
import requests
import stack

if TYPE_CHECKING:
    from playwright.sync_api import Browser

ROOT = Path(__file__).resolve().parent.parent
KB_PATH = ROOT / "build" / "kb.sqlite"
MODEL_PATH = ROOT / "models" / "housing.tar.gz"
SPACY_PATH = ROOT / "build" / "spacy_model"

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ["RASA_TELEMETRY_ENABLED"] = "false"


free_port = stack.free_port


def wait_for(url: str, timeout: float = 120.0, process: subprocess.Popen | None = None) -> None:
    """Poll ``url`` until it answers 200, failing early if ``process`` dies."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode} before {url} answered")
        try:
            if requests.get(url, timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


@pytest.fixture(scope="session")
def kb():
    """The real knowledge base, as `make kb` built it."""
    from knowledge.kb import KnowledgeBase

    assert KB_PATH.exists(), "build/kb.sqlite is missing: run `make kb`"
    base = KnowledgeBase(KB_PATH)
    yield base
    base.close()


@pytest.fixture(scope="session")
def domain():
    """The real Rasa domain, as a plain dict (what rasa_sdk actions receive)."""
    from rasa.shared.core.domain import Domain

    return Domain.load(str(ROOT / "bot" / "domain")).as_dict()


@pytest.fixture(scope="session")
def action_server(action_server_process):
    """A real action server on a free port: its webhook URL."""
    return action_server_process[1]


@pytest.fixture(scope="session")
def action_server_process():
    """A real action server, started as the launcher starts it; yields its pid and webhook URL."""
    port = free_port()
    env = {**os.environ, "HOUSING_KB_PATH": str(KB_PATH)}
    env.pop("ACTION_SERVER_TOKEN", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.action_server", "--actions", "actions", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/health", 60, process)
        yield process.pid, f"http://127.0.0.1:{port}/webhook"
    finally:
        process.terminate()
        process.wait(10)


@contextmanager
def launched(state: Path, **extra_env: str | None) -> Iterator[str]:
    """Both servers started by the same launcher `make run` uses (:func:`stack.start`: free ports,
    state and logs in ``state``); yields the Rasa base URL and stops both on exit. A ``None``
    value removes that variable from the servers' environment."""
    running = stack.start(state, **extra_env)
    try:
        yield running.base
    finally:
        running.stop()


@pytest.fixture(scope="session")
def servers(tmp_path_factory):
    """Both servers as `make run` starts them (no optional tokens); yields the Rasa base URL."""
    with launched(tmp_path_factory.mktemp("state")) as base:
        yield base


def rest(base: str, sender: str, message: str) -> list[dict]:
    """Post one message to the REST channel; return the bot's messages."""
    response = requests.post(f"{base}/webhooks/rest/webhook", json={"sender": sender, "message": message}, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def texts(messages: list[dict]) -> str:
    """All text the bot sent, joined."""
    return "\n".join(m["text"] for m in messages if m.get("text"))


def customs(messages: list[dict]) -> list[dict]:
    """The structured payloads the bot sent."""
    return [m["custom"] for m in messages if m.get("custom")]


@pytest.fixture(scope="session")
def small_kb(tmp_path_factory):
    """A two-municipality knowledge base (Town of Alpha, Village of Beta) built from YAML the tests write
    (``tests/small_kb.py``), for tests that need a knowledge base but not the real codes' facts."""
    import small_kb as small

    from knowledge.kb import KnowledgeBase

    base = KnowledgeBase(small.build(tmp_path_factory.mktemp("small-kb")))
    yield base
    base.close()


# -- test tiers: `make test-fast` runs what needs no server, browser, service or trained model ----
# Tests are marked by the fixtures they use (and the launcher calls in their body), so a new test
# lands in the right tier without remembering a marker. Explicit markers work as well.
_SERVER_FIXTURES = {"servers", "action_server", "action_server_process", "desk", "driven", "cluster", "open_chat"}
_BROWSER_FIXTURES = {"browser", "open_chat", "page"}
_SERVICE_FIXTURES = {"database", "cluster"}  # PostgreSQL and Redis (tests/test_scaleout.py)
_SERVER_CALLS = ("stack.start(", "launched(", "start_stack(")


def _source(item) -> str:
    import inspect

    try:
        return inspect.getsource(item.function)
    except (OSError, TypeError, AttributeError):
        return ""


def pytest_collection_modifyitems(config, items):
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        source = _source(item)
        if fixtures & _SERVER_FIXTURES or any(call in source for call in _SERVER_CALLS):
            item.add_marker(pytest.mark.servers)
        if fixtures & _BROWSER_FIXTURES or "chromium" in source.lower() or "playwright" in source.lower():
            item.add_marker(pytest.mark.browser)
        if fixtures & _SERVICE_FIXTURES:
            item.add_marker(pytest.mark.services)
        if item.get_closest_marker("servers") or item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.rasa)  # the servers load the trained model


# -- the browser: Debian's chromium driven by Playwright (never a downloaded one) ----------------------
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless chromium per test module (the web chat and after-the-answer tests)."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser` (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
