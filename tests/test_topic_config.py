"""The topic configuration (knowledge/vocab.yml ``topic_config``) agrees with the bot's data.

Every topic has its intent in the domain, a rule that answers it, example questions in the
NLU data and keywords; no ``ask_*`` intent is left without a topic (or a stated other use);
no place the bot treats as uncovered is one of the covered municipalities.
"""

from __future__ import annotations

import copy
import re

import pytest
import yaml
from conftest import ROOT

from knowledge import curated

VOCAB = curated.load_vocab()
DOMAIN = yaml.safe_load((ROOT / "bot" / "domain" / "core.yml").read_text(encoding="utf-8"))
RULES = yaml.safe_load((ROOT / "data" / "rules.yml").read_text(encoding="utf-8"))["rules"]


def nlu_examples() -> dict[str, list[str]]:
    examples: dict[str, list[str]] = {}
    for path in sorted((ROOT / "data" / "nlu").glob("*.yml")):
        for block in yaml.safe_load(path.read_text(encoding="utf-8")).get("nlu") or []:
            if "intent" in block:
                lines = [line.strip()[2:] for line in block["examples"].splitlines() if line.strip().startswith("- ")]
                examples.setdefault(block["intent"], []).extend(lines)
    return examples


EXAMPLES = nlu_examples()


@pytest.mark.parametrize("topic", list(VOCAB["topics"]))
def test_every_topic_has_intent_rule_examples_and_keywords(topic):
    config = VOCAB["topic_config"][topic]
    intent = config["intent"]
    assert intent in DOMAIN["intents"], f"{intent} is not in bot/domain"
    answering = [r for r in RULES if any(step.get("intent") == intent for step in r["steps"])]
    assert answering, f"no rule in data/rules.yml answers {intent}"
    assert any(step.get("action") == "action_answer_topic" for r in answering for step in r["steps"])
    assert len(EXAMPLES.get(intent, [])) >= 10, f"{intent} has too few example questions"
    assert config["keywords"], f"{topic} has no keywords"
    assert config["example"].strip()


def test_no_ask_intent_lacks_a_topic():
    topic_intents = {c["intent"] for c in VOCAB["topic_config"].values()}
    other = set(VOCAB.get("non_topic_intents") or {})
    orphans = [i for i in DOMAIN["intents"] if i.startswith("ask_") and i not in topic_intents | other]
    assert not orphans, f"ask_* intents with no topic: {orphans}"
    assert not (topic_intents & other)
    assert all(i in DOMAIN["intents"] for i in other)


def test_the_vocabulary_validates_and_bad_config_is_caught():
    assert curated.validate_vocab(VOCAB) == []
    broken = copy.deepcopy(VOCAB)
    broken["topic_config"]["pests"]["duties"] = ["exterminate", "no_such_duty"]
    broken["topic_config"]["heating"]["intent"] = "ask_heat"
    del broken["topic_config"]["screens"]
    messages = [str(p) for p in curated.validate_vocab(broken)]
    assert any("no_such_duty" in m for m in messages)
    assert any("ask_heating" in m for m in messages)
    assert any("topic_config.screens" in m for m in messages)


def test_the_knowledge_base_carries_the_configuration(kb):
    configs = kb.topic_configs()
    assert list(configs) == list(VOCAB["topics"])
    assert configs["pests"].duties == ("exterminate",)
    assert kb.topic_for_intent("ask_service_of_notices") == "service_of_notices"
    assert kb.topic_for_intent("ask_definition") is None
    assert {t for t, c in configs.items() if c.space} == {"sleeping_room_size", "occupancy_floor_space"}


def test_every_municipality_maps_the_clerk_topics(kb):
    for muni in kb.municipalities():
        for topic in ("appeals_board", "code_precedence", "service_of_notices"):
            coverage = kb.coverage(muni.key, topic)
            assert coverage.addressed == bool(coverage.sections)
    assert kb.coverage("howard", "appeals_board").addressed
    assert not kb.coverage("amery", "appeals_board").addressed


def test_no_other_place_is_a_covered_municipality(kb):
    others = [place["name"] for place in kb.places().get("other_places") or []]
    assert others
    for place in others:
        key = kb.resolve_municipality(place)
        assert key is None, f"{place!r} is listed as uncovered but resolves to {key}"
    names = {re.sub(r"^(town|village|city) of ", "", m.name.lower()) for m in kb.municipalities()}
    assert not names & {p.lower() for p in others}


def test_every_space_check_belongs_to_exactly_one_topic(kb):
    """The calculator's checks map to topics through ``space_kinds`` (data), each check to one topic."""
    from knowledge.space import space_topic

    owners: dict[str, list[str]] = {}
    for topic, config in kb.topic_configs().items():
        for kind in config.space_kinds:
            owners.setdefault(kind, []).append(topic)
    assert set(owners) == {"bedroom", "rooming_bedroom", "unit", "ceiling", "window", "fixtures"}
    assert all(len(topics) == 1 for topics in owners.values()), owners
    assert space_topic(kb, "unit") == "occupancy_floor_space"
    assert space_topic(kb, "unit", rooming=True) == space_topic(kb, "bedroom") == "sleeping_room_size"
