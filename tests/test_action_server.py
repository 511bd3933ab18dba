"""The action server process itself: lean (no TensorFlow), and its spaCy parser still reads sizes.

The quantity parser loads spaCy, whose backend (thinc) would import TensorFlow, which Rasa
installs. ``actions/__init__.py`` keeps it out of the action-server process; without that the
process carries about 370 MB it never uses. These tests use the session's action server, started
the way the launcher and a container start it (``python -m bot.action_server --actions actions``), and look
at the running process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import requests
from conftest import ROOT


def test_the_action_server_does_not_load_tensorflow(action_server_process):
    pid, _ = action_server_process
    libraries = Path(f"/proc/{pid}/maps").read_text()
    assert "spacy" in libraries or "thinc" in libraries or "cymem" in libraries  # spaCy is loaded…
    assert "tensorflow" not in libraries  # …without TensorFlow
    assert "libtorch" not in libraries


def test_the_lean_action_server_still_answers_a_space_check(action_server, domain):
    url = action_server
    slots = dict.fromkeys(domain["slots"])
    slots.update(municipality="holland", space_size="a 10 by 12 foot bedroom", occupants="2")
    tracker = {
        "sender_id": "lean",
        "slots": slots,
        "latest_message": {"text": "2", "intent": {"name": "inform", "confidence": 0.9}, "entities": []},
        "events": [],
        "paused": False,
        "followup_action": None,
        "active_loop": {},
        "latest_action_name": "space_form",
    }
    response = requests.post(
        url,
        json={"next_action": "action_space_answer", "sender_id": "lean", "tracker": tracker, "domain": domain},
        timeout=30,
    )
    assert response.status_code == 200, response.text[:300]
    text = "\n".join(r.get("text") or "" for r in response.json()["responses"])
    assert "120" in text  # 10 × 12 ft read by the spaCy patterns
    assert "190-" in text  # cited to a Holland section


def test_tensorflow_is_untouched_outside_the_action_server():
    """Importing the actions package elsewhere (the Rasa process, these tests) must not block TensorFlow."""
    script = "import actions, sys; import tensorflow; print(tensorflow.__name__)"
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-1000:]
    assert result.stdout.strip() == "tensorflow"
