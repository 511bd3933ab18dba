"""The Rasa patches refuse to install on a Rasa other than the pinned one, and say which to install."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import rasa.version

from bot import action_guard, perf, places
from bot.lock_store import AtomicRedisLockStore
from bot.rasa_version import PINNED_RASA, UnsupportedRasa, require_pinned_rasa
from bot.tracker_store import SQLiteTrackerStore

ROOT = Path(__file__).resolve().parent.parent


def test_the_pinned_version_is_the_one_the_lock_installs():
    pinned = re.search(r"^rasa==(\S+)$", (ROOT / "requirements.lock").read_text(), re.MULTILINE)
    assert pinned and pinned.group(1) == PINNED_RASA
    assert rasa.version.__version__ == PINNED_RASA  # the venv runs the pinned Rasa


@pytest.mark.parametrize(
    "name, install",
    [
        ("bot.perf", perf.install),
        ("bot.action_guard", action_guard.install),
        ("bot.places", places.install),
        ("bot.tracker_store", lambda tmp: SQLiteTrackerStore(db=str(tmp / "tracker.db"))),
        ("bot.lock_store", lambda tmp: AtomicRedisLockStore(host="127.0.0.1", port=1)),
    ],
)
def test_each_patch_refuses_another_rasa_naming_the_pinned_version(monkeypatch, tmp_path, name, install):
    monkeypatch.setattr(rasa.version, "__version__", "3.7.0")
    with pytest.raises(UnsupportedRasa) as refused:
        install(tmp_path) if name in ("bot.tracker_store", "bot.lock_store") else install()
    message = str(refused.value)
    assert name in message
    assert f"Rasa {PINNED_RASA}" in message and "Rasa 3.7.0" in message
    assert f"rasa=={PINNED_RASA}" in message
    if name == "bot.tracker_store":
        assert not (tmp_path / "tracker.db").exists()  # refused before it touched anything


def test_the_pinned_rasa_passes_the_check(tmp_path):
    # (perf and action_guard are installed on the pinned Rasa by tests/test_server_settings.py; installing
    # them here would patch Rasa for the rest of the session)
    for name in ("bot.perf", "bot.action_guard", "bot.tracker_store", "bot.lock_store"):
        require_pinned_rasa(name)
    store = SQLiteTrackerStore(db=str(tmp_path / "tracker.db"))
    store.engine.dispose()
