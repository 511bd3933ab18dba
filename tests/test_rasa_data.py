"""Rasa's own checks: training data validation, test stories, and the held-out NLU set."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import MODEL_PATH, ROOT

pytestmark = pytest.mark.rasa
RASA = str(Path(os.sys.executable).parent / "rasa")
ENV = {**os.environ, "RASA_TELEMETRY_ENABLED": "false", "TF_CPP_MIN_LOG_LEVEL": "2"}
HELD_OUT = ROOT / "tests" / "nlu" / "heldout.yml"
# Written by an author who saw only the ordinance texts and the topic list, never data/ (three registers).
HELD_OUT_BLIND = ROOT / "tests" / "nlu" / "heldout_blind.yml"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([RASA, *args], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600)


def test_training_data_validates_without_warnings():
    result = run(
        "data", "validate", "--config", "config.yml", "--domain", "bot/domain", "--data", "data", "--fail-on-warnings"
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def test_test_stories_pass(tmp_path):
    result = run(
        "test",
        "core",
        "--model",
        str(MODEL_PATH),
        "--stories",
        "tests/stories",
        "--fail-on-prediction-errors",
        "--out",
        str(tmp_path),
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


def held_out_examples(path: Path = HELD_OUT) -> list[tuple[str, str]]:
    import re

    pairs = []
    for block in yaml.safe_load(path.read_text(encoding="utf-8"))["nlu"]:
        for line in block["examples"].splitlines():
            line = line.strip()
            if line.startswith("- "):
                pairs.append((re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", line[2:]), block["intent"]))
    return pairs


@pytest.mark.parametrize("path", [HELD_OUT, HELD_OUT_BLIND], ids=["heldout", "heldout_blind"])
def test_held_out_set_is_never_trained_on(path):
    import re

    trained = set()
    for data_file in (ROOT / "data" / "nlu").glob("*.yml"):
        for block in yaml.safe_load(data_file.read_text(encoding="utf-8"))["nlu"]:
            for line in block.get("examples", "").splitlines():
                if line.strip().startswith("- "):
                    trained.add(re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", line.strip()[2:]).lower())
    # one or two words ("hey", "thanks a lot") anyone would write; anything longer must not be trained on
    assert [text for text, _ in held_out_examples(path) if text.lower() in trained and len(text.split()) > 2] == []


def top_intent(parse: dict) -> str:
    """The classifier's best intent (as `rasa test nlu` scores it: the fallback's threshold aside)."""
    ranking = [r for r in parse.get("intent_ranking") or [] if r["name"] != "nlu_fallback"]
    return ranking[0]["name"] if ranking else parse["intent"]["name"]


# Regression floors, just under the figures measured on the trained model (`make nlu-test` prints
# Rasa's own). The blind set, written without seeing data/, is the one that shows understanding.
# Measured 2026-12-01 after dropping the 18 training examples that coincided with blind ones:
# heldout 0.929 / 0.928, heldout_blind 0.816 / 0.780 (accuracy / macro-F1); with the blind-authored
# training examples (session 5): heldout 0.935 / 0.933, heldout_blind 0.895 / 0.894.
FLOORS = {"heldout": (0.92, 0.92), "heldout_blind": (0.88, 0.88)}


@pytest.mark.parametrize("path", [HELD_OUT, HELD_OUT_BLIND], ids=["heldout", "heldout_blind"])
def test_held_out_intent_accuracy(path):
    """A regression guard; `make nlu-test` reports Rasa's own figures (accuracy, macro-F1)."""
    from rasa.core.agent import Agent
    from sklearn.metrics import f1_score

    logging.getLogger("rasa").setLevel(logging.WARNING)
    agent = Agent.load(str(MODEL_PATH))
    loop = asyncio.new_event_loop()
    pairs = held_out_examples(path)
    predicted = [top_intent(loop.run_until_complete(agent.parse_message(text))) for text, _ in pairs]
    loop.close()
    truth = [intent for _, intent in pairs]
    accuracy = sum(p == t for p, t in zip(predicted, truth)) / len(truth)
    # Macro-F1 over the set's own intents: an intent the set never asks for (say request_human) adds no
    # zero-F1 class of its own; predicting it still costs the true intent its recall.
    macro_f1 = f1_score(truth, predicted, labels=sorted(set(truth)), average="macro", zero_division=0)
    misses = [(text, want, got) for (text, want), got in zip(pairs, predicted) if want != got]
    print(f"{path.stem}: accuracy {accuracy:.3f}, macro-F1 {macro_f1:.3f}, {len(pairs)} examples")
    floor_accuracy, floor_f1 = FLOORS[path.stem]
    assert accuracy >= floor_accuracy and macro_f1 >= floor_f1, (accuracy, macro_f1, misses)
