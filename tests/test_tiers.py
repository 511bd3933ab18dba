"""Test tiers and the small knowledge base: `make test-fast` leaves out what needs servers, a browser,
PostgreSQL/Redis or the trained model; the small knowledge base is built from YAML the tests write."""

from __future__ import annotations

import re
from pathlib import Path

import conftest
import pytest

ROOT = Path(__file__).resolve().parent.parent


class _Item:
    """What pytest_collection_modifyitems reads of a collected test."""

    def __init__(self, function, fixtures=(), marks=()):
        self.function = function
        self.fixturenames = list(fixtures)
        self.own_markers = [pytest.mark.__getattr__(m).mark for m in marks]

    def add_marker(self, marker):
        self.own_markers.append(marker.mark)

    def get_closest_marker(self, name):
        return next((m for m in self.own_markers if m.name == name), None)

    def marks(self) -> set[str]:
        return {m.name for m in self.own_markers}


def _plain(kb):
    return kb


def _launches(tmp_path):
    import stack

    return stack.start(tmp_path)


def _in_a_browser(desk):
    return "/usr/bin/chromium", desk


def test_tests_are_put_in_their_tier_by_the_fixtures_and_launchers_they_use():
    items = {
        "plain": _Item(_plain, ["kb"]),
        "servers": _Item(_plain, ["servers"]),
        "actions": _Item(_plain, ["action_server"]),
        "launches": _Item(_launches, ["tmp_path"]),
        "browser": _Item(_in_a_browser, ["desk"]),
        "services": _Item(_plain, ["database"]),
        "marked": _Item(_plain, [], ["rasa"]),
    }
    conftest.pytest_collection_modifyitems(None, list(items.values()))
    assert items["plain"].marks() == set()
    assert {"servers", "rasa"} <= items["servers"].marks() and {"servers", "rasa"} <= items["actions"].marks()
    assert "servers" in items["launches"].marks()
    assert {"servers", "browser", "rasa"} <= items["browser"].marks()
    assert "services" in items["services"].marks()
    assert items["marked"].marks() == {"rasa"}


def test_make_test_fast_deselects_every_tier_marker_and_pyproject_declares_them():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    fast = re.search(r"^FAST := (.*)$", makefile, re.MULTILINE)
    assert fast and set(re.findall(r"not (\w+)", fast.group(1))) == {"servers", "browser", "services", "rasa"}
    assert re.search(r"^test-fast: .*\$\(KB\) \$\(SPACY\)", makefile, re.MULTILINE)  # no $(MODEL): nothing trained
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for marker in ("servers", "browser", "services", "rasa"):
        assert f'"{marker}: ' in pyproject


def test_the_small_knowledge_base_answers_from_its_own_two_codes(small_kb):
    assert [m.name for m in small_kb.municipalities()] == ["Town of Alpha", "Village of Beta"]
    assert small_kb.resolve_municipality("alpha wi") == "alpha"
    section = small_kb.section("alpha", "1-3")
    assert section.full_citation.endswith("§ 1-3") and "70 square feet" in section.text
    assert small_kb.standard("beta", "sleeping_room_one_occupant").value == 90
    assert small_kb.standard("beta", "heating_temp_f").value == 68
    assert small_kb.standard("alpha", "heating_temp_f") is None  # silent: never another town's figure
    assert [r.party for r in small_kb.rules("alpha", "exterminate")] == ["occupant"]
    assert small_kb.coverage("beta", "pests").addressed is False
    assert small_kb.definitions("occupant", "alpha")[0].text.startswith("Any person living")


def test_the_entity_ruler_built_from_the_small_knowledge_base_knows_only_its_names(small_kb, tmp_path):
    from knowledge.nlp import build_pipeline

    nlp = build_pipeline(small_kb, tmp_path / "spacy")
    found = [(e.text, e.ent_id_) for e in nlp("Is my bedroom big enough in the Village of Beta or in Alpha?").ents
             if e.label_ == "municipality"]  # fmt: skip
    assert found == [("Village of Beta", "beta"), ("Alpha", "alpha")]
    assert not [e for e in nlp("what about Holland?").ents if e.label_ == "municipality"]
