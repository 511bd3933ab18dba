"""The responsibility rule evaluator, on the real rules and on generated facts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge.rules import Rule, evaluate

FACTS = st.fixed_dictionaries(
    {},
    optional={
        "units_in_building": st.integers(min_value=1, max_value=200),
        "infested_units": st.integers(min_value=1, max_value=200),  # the question presumes an infestation
        "shared_areas_infested": st.booleans(),
        "owner_failure": st.booleans(),
        "vacant_unit": st.booleans(),
        "rooming_house": st.booleans(),
    },
)


@pytest.fixture(scope="module")
def holland_rules(kb):
    return kb.rules("holland", "exterminate")


@pytest.mark.parametrize(
    ("facts", "party"),
    [
        ({"units_in_building": 1, "owner_failure": False}, "occupant"),
        ({"units_in_building": 1, "owner_failure": True}, "owner"),
        ({"units_in_building": 4, "infested_units": 2}, "owner"),
        ({"units_in_building": 4, "shared_areas_infested": True}, "owner"),
        (
            {"units_in_building": 4, "infested_units": 1, "shared_areas_infested": False, "owner_failure": False},
            "occupant",
        ),
    ],
)
def test_holland_who_exterminates(holland_rules, facts, party):
    result = evaluate(holland_rules, facts, "exterminate")
    assert result.party == party
    assert result.rule is not None and result.rule.citation == "§ 190-10E"


def test_missing_facts_are_named_not_guessed(holland_rules):
    result = evaluate(holland_rules, {}, "exterminate")
    assert result.party is None
    assert "units_in_building" in result.deciding_facts or "infested_units" in result.deciding_facts


def test_an_override_that_may_apply_is_reported(holland_rules):
    result = evaluate(holland_rules, {"units_in_building": 1}, "exterminate")
    assert result.party == "occupant" and not result.decided
    # the owner's failure, and (since § 190-8H was modelled, issue 17) a vacant unit
    assert result.deciding_facts == ["owner_failure", "vacant_unit"]


def test_assumed_facts_are_recorded(holland_rules):
    assume = {"owner_failure": False, "vacant_unit": False}
    result = evaluate(holland_rules, {"units_in_building": 1}, "exterminate", assume=assume)
    assert result.party == "occupant" and result.decided
    assert result.assumed == {} or result.assumed == assume


@settings(max_examples=300, deadline=None)
@given(facts=FACTS)
def test_evaluation_never_fails_and_its_party_has_a_rule_that_holds(kb, facts):
    for municipality in [m.key for m in kb.municipalities()]:
        rules = kb.rules(municipality)
        for duty in {r.duty for r in rules}:
            result = evaluate(rules, facts, duty)
            if result.party is not None:
                assert result.rule is not None and result.rule.party == result.party
                assert result.rule.municipality == municipality


@settings(max_examples=300, deadline=None)
@given(facts=FACTS)
def test_owner_failure_always_puts_extermination_on_the_owner_in_holland(holland_rules, facts):
    result = evaluate(holland_rules, {**facts, "owner_failure": True}, "exterminate")
    assert result.party == "owner"


@settings(max_examples=300, deadline=None)
@given(facts=FACTS, extra=st.sampled_from(["owner_failure", "shared_areas_infested"]))
def test_a_higher_priority_fact_never_hands_the_duty_back(holland_rules, facts, extra):
    """Once the owner is responsible, learning of an owner-side condition keeps it so."""
    before = evaluate(holland_rules, facts, "exterminate")
    after = evaluate(
        holland_rules,
        {**facts, extra: True, "units_in_building": max(2, facts.get("units_in_building", 2))}
        if extra == "shared_areas_infested"
        else {**facts, extra: True},
        "exterminate",
    )
    if before.party == "owner" and before.rule is not None and before.rule.priority >= 20:
        assert after.party == "owner"


def test_rules_from_rows_round_trip():
    rule = Rule.from_row(
        {
            "municipality": "x",
            "duty": "d",
            "party": "owner",
            "conditions": '{"units_in_building": {"gte": 2}}',
            "priority": 10,
            "citation": "c",
            "quote": "q",
        }
    )
    assert evaluate([rule], {"units_in_building": 3}, "d").party == "owner"
    assert evaluate([rule], {"units_in_building": 1}, "d").party is None
    assert evaluate([rule], {"units_in_building": "many"}, "d").party is None


def test_an_unknown_fact_that_cannot_change_the_answer_is_not_asked_for(holland_rules):
    """Only my unit, not the owner's fault: the occupant, whether the building has one unit or more."""
    facts = {"infested_units": 1, "shared_areas_infested": False, "owner_failure": False, "vacant_unit": False}
    result = evaluate(holland_rules, facts, "exterminate")
    assert result.party == "occupant" and result.decided and result.deciding_facts == []


@settings(max_examples=300, deadline=None)
@given(facts=FACTS, completion=FACTS)
def test_a_decided_answer_holds_whatever_else_turns_out_true(kb, facts, completion):
    for municipality in ("holland", "howard", "muskego"):
        rules = kb.rules(municipality, "exterminate")
        result = evaluate(rules, facts, "exterminate")
        if not result.decided:
            continue
        full = {**completion, **facts}
        units, infested = full.get("units_in_building"), full.get("infested_units")
        if units is not None and infested is not None and infested > units:
            continue  # impossible building
        if full.get("units_in_building") == 1 and full.get("shared_areas_infested"):
            continue  # a one-unit building has no shared parts between units
        assert set(evaluate(rules, full, "exterminate").parties) == set(result.parties), (municipality, full)
