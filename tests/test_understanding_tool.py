"""The developers' understanding tool (``bench/understanding.py``, ``make understanding``): which files a set
name stands for, the figures it prints, and the question-by-question comparison of two runs."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from bench import understanding


def test_set_names_stand_for_the_acceptance_place_and_development_files():
    paths = understanding.set_paths(("acc", "places", "1", "36", "acc"))
    assert [p.name for p in paths] == ["blind.yml", "blind_places.yml", "blind_dev.yml", "blind_dev36.yml"]
    assert paths[3].parent.name == "dev"
    assert [understanding.set_name(p) for p in paths] == ["acc", "places", "1", "36"]
    every = understanding.set_paths(("dev",))
    numbers = [int(understanding.set_name(p)) for p in every]
    assert len(every) >= 36 and every[0].name == "blind_dev.yml" and numbers == sorted(numbers) and numbers[-1] >= 40
    with pytest.raises(click.BadParameter):
        understanding.set_paths(("999",))


def test_the_summary_counts_place_questions_apart():
    rows = [
        {"right": True, "not_understood": False, "place": None},
        {"right": False, "not_understood": True, "place": None},
        {"right": True, "not_understood": False, "place": "covered"},
        {"right": False, "not_understood": False, "place": "ask"},
    ]
    assert understanding.summary(rows) == "66.7% right first (2/3), not understood 33.3%, places 1/2"


def test_compare_lists_the_questions_that_changed(tmp_path, monkeypatch):
    monkeypatch.setattr(understanding, "OUT", tmp_path)
    row = {"set": "36", "id": "BQ001", "municipality": "muskego", "question": "which applies?", "place": None}
    before = [{**row, "right": False, "not_understood": False}, {**row, "id": "BQ002", "right": True, "not_understood": False}]
    after = [{**row, "right": True, "not_understood": False}, {**row, "id": "BQ002", "right": True, "not_understood": False}]
    (tmp_path / "a.json").write_text(json.dumps(before))
    (tmp_path / "b.json").write_text(json.dumps(after))
    result = CliRunner().invoke(understanding.cli, ["compare", "a", "b"])
    assert result.exit_code == 0, result.output
    assert "+ 36/BQ001 [muskego] 'which applies?'" in result.output
    assert "BQ002" not in result.output
    assert "50.0% right first (1/2), not understood 0.0%  ->  100.0% right first (2/2)" in result.output


def test_the_acceptance_sets_questions_are_never_shown(tmp_path, monkeypatch):
    monkeypatch.setattr(understanding, "OUT", tmp_path)
    row = {"set": "acc", "id": "q1", "municipality": "amery", "question": "a secret question", "place": None, "register": "tenant",
           "why": "lead=False", "before": [], "expect": {}, "reply": "a reply", "not_understood": False}
    (tmp_path / "a.json").write_text(json.dumps([{**row, "right": True}]))
    (tmp_path / "b.json").write_text(json.dumps([{**row, "right": False}]))
    compared = CliRunner().invoke(understanding.cli, ["compare", "a", "b"]).output
    assert "- acc/q1 [amery]" in compared and "secret" not in compared
    assert "secret" not in CliRunner().invoke(understanding.cli, ["misses", "b"]).output
