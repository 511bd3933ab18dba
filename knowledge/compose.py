"""Compose the assistant's answers from the knowledge base.

Every answer puts the rule in plain words first, then the citation and the verbatim quote
(shortened with an ellipsis where long), and carries a structured payload (municipality,
topic, citations with their full verbatim quotes) for channels to render. When a text is
silent on a question, the answer says so and names that code's enforcing officer; it never
borrows another town's rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from knowledge.kb import KnowledgeBase, Municipality, Section
from knowledge.rules import Determination, Rule, evaluate

DISCLAIMER = "This is general information from the ordinance text, not legal advice."
QUOTE_LIMIT = 420

PARTY_NAMES = {
    "owner": "the owner",
    "operator": "the operator",
    "occupant": "the occupant (the tenant)",
    "owner_or_operator": "the owner or operator",
}

DUTY_PHRASES = {
    "exterminate": "exterminating insects, rodents and other pests",
    "supply_garbage_containers": "supplying garbage containers",
    "supply_rubbish_containers": "supplying rubbish containers",
    "dispose_garbage": "disposing of garbage",
    "dispose_rubbish": "disposing of rubbish",
    "clean_shared_areas": "keeping the shared or public areas clean",
    "clean_own_unit": "keeping one's own part of the dwelling clean",
    "clean_plumbing_fixtures": "keeping plumbing fixtures clean",
    "give_access_for_repairs": "giving access for repairs",
    "give_access_for_inspection": "giving the inspector access",
    "inform_max_occupants": "telling occupants the maximum number allowed",
    "maintain_supplied_facilities": "maintaining supplied facilities",
    "hang_screens": "supplying and hanging screens",
    "supply_heat": "supplying heat",
    "supply_linens": "supplying bed linen and towels",
    "maintain_vacant_building": "securing and maintaining a vacant building",
}

# How a condition on a fact reads in plain words: fact -> (phrase when true, when false).
_BOOL_PHRASES = {
    "shared_areas_infested": ("the shared or public parts are infested", "the shared or public parts are not infested"),
    "owner_failure": (
        "the infestation comes from the owner's failure to keep the building rodent-proof or insect-proof",
        "the infestation is not the owner's fault",
    ),
    "occupant_caused": ("the occupant caused it", "the occupant did not cause it"),
    "vacant_unit": ("the unit is vacant", "the unit is occupied"),
    "rooming_house": ("it is a rooming house", "it is not a rooming house"),
}
# How a count condition reads: fact -> (singular, plural) templates with {n}.
_COUNT_PHRASES = {
    "units_in_building": ("the building has {n} dwelling unit", "the building has {n} dwelling units"),
    "units_on_premises": ("{n} dwelling unit is on the premises", "{n} dwelling units share the premises"),
    "infested_units": ("{n} unit is infested", "{n} units are infested"),
}
_OP_WORDS = {
    "eq": "exactly {n}",
    "gte": "{n} or more",
    "gt": "more than {n}",
    "lte": "at most {n}",
    "lt": "fewer than {n}",
    "ne": "other than {n}",
}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass
class Answer:
    """What the assistant says: text, optional quick-reply buttons, and a structured payload."""

    text: str
    payload: dict[str, Any] = field(default_factory=dict)
    buttons: list[dict[str, str]] = field(default_factory=list)


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Shorten a verbatim text at a word boundary, marking the cut with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + " …"


def citation_payload(section: Section) -> dict[str, Any]:
    """A citation as channels receive it: what to show, how it is known, the full verbatim text."""
    return {
        "municipality": section.municipality,
        "citation": section.full_citation,
        "section": section.citation,
        "basis": section.basis,
        "heading": section.heading,
        "quote": section.text,
    }


def quote_lines(sections: Iterable[Section], limit: int = QUOTE_LIMIT) -> str:
    """'Source: <citation>: "<quote>"' lines for the given sections."""
    return "\n".join(f'Source: {s.full_citation}: "{shorten(s.text, limit)}"' for s in sections)


def _count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def describe_condition(fact: str, spec: Any) -> str:
    """One condition of a rule in plain words ("the building has two or more dwelling units")."""
    if fact in _BOOL_PHRASES:
        return _BOOL_PHRASES[fact][0 if spec else 1]
    if isinstance(spec, bool):
        return f"{fact.replace('_', ' ')} is {'true' if spec else 'false'}"
    singular, plural = _COUNT_PHRASES.get(fact, (fact.replace("_", " ") + " is {n}",) * 2)
    if isinstance(spec, (int, float)):
        if fact == "infested_units" and spec == 1:
            return "only one unit is infested"
        return (singular if spec == 1 else plural).format(n=_count(int(spec)))
    words = " and ".join(_OP_WORDS[op].format(n=_count(bound)) for op, bound in spec.items())
    only_one = len(spec) == 1 and list(spec.values())[0] == 1 and list(spec)[0] in ("eq", "lte")
    return (singular if only_one else plural).format(n=words)


def describe_rule(rule: Rule) -> str:
    """The conditions of a rule joined in plain words ("always" when it has none)."""
    if not rule.conditions:
        return "in every case"
    return "when " + " and ".join(describe_condition(f, s) for f, s in rule.conditions.items())


def not_addressed(muni: Municipality, what: str, topic: str) -> Answer:
    """The honest answer when a municipality's text is silent on a question."""
    text = (
        f"The {muni.name} housing code text I have does not address {what}. "
        f"For an answer, ask the {muni.office} ({muni.enforcing_officer}), who enforces the {muni.name} code."
    )
    return Answer(text, {"municipality": muni.key, "topic": topic, "addressed": False, "citations": []})


def answer_duty(kb: KnowledgeBase, municipality: str, duty: str, facts: Mapping[str, Any], topic: str) -> Answer:
    """Who must carry ``duty`` in a municipality, given what the user told us."""
    muni = kb.municipality(municipality)
    rules = kb.rules(muni.key, duty)
    what = DUTY_PHRASES.get(duty, duty.replace("_", " "))
    if not rules:
        return not_addressed(muni, f"who is responsible for {what}", topic)
    determination = evaluate(rules, facts, duty)
    cited = _cited_sections(kb, muni.key, [determination.rule, *(determination.alternatives or rules)])
    if determination.party is not None:
        text = _decided_text(muni, what, determination)
    else:
        text = _cases_text(muni, what, determination.alternatives or rules)
    if determination.deciding_facts:
        text += "\nTo say for sure: " + " ".join(kb.fact_question(f) for f in determination.deciding_facts[:2])
    text += "\n" + quote_lines(cited)
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "duty": duty,
        "party": determination.party,
        "addressed": True,
        "decided": determination.decided,
        "deciding_facts": determination.deciding_facts,
        "citations": [citation_payload(s) for s in cited],
    }
    return Answer(text, payload)


def _decided_text(muni: Municipality, what: str, determination: Determination) -> str:
    assert determination.rule is not None and determination.party is not None
    party = PARTY_NAMES.get(determination.party, determination.party)
    text = f"In the {muni.name}, {what} is the responsibility of {party} {describe_rule(determination.rule)}."
    by_party: dict[str, list[str]] = {}
    for alternative in determination.alternatives:
        by_party.setdefault(alternative.party, []).append(describe_rule(alternative))
    for other, conditions in by_party.items():
        text += f" It is {PARTY_NAMES.get(other, other)}'s responsibility instead {', or '.join(conditions)}."
    return text


def _cases_text(muni: Municipality, what: str, rules: list[Rule]) -> str:
    by_party: dict[str, list[Rule]] = {}
    for rule in sorted(rules, key=lambda r: r.priority):
        by_party.setdefault(rule.party, []).append(rule)
    lines = [f"In the {muni.name}, who is responsible for {what} depends on the building:"]
    top = max(r.priority for r in rules)
    for party, party_rules in by_party.items():
        conditions = "; or ".join(describe_rule(r) for r in party_rules)
        overrides = (
            " (this takes precedence)" if all(r.priority == top for r in party_rules) and len(by_party) > 1 else ""
        )
        lines.append(f"- {PARTY_NAMES.get(party, party).capitalize()}: {conditions}{overrides}.")
    return "\n".join(lines)


def _cited_sections(kb: KnowledgeBase, municipality: str, rules: Iterable[Rule | None]) -> list[Section]:
    seen: list[str] = []
    for rule in rules:
        if rule is not None and rule.citation not in seen:
            seen.append(rule.citation)
    return [kb.section(municipality, c) for c in seen]


def ask_municipality(kb: KnowledgeBase, unknown: str | None = None) -> Answer:
    """Ask which of the covered municipalities the user means (the five names as buttons)."""
    munis = kb.municipalities()
    if unknown:
        text = (
            f"I don't have the housing code of {unknown}. I cover only the {kb.covered_names()}. "
            "Which of these is yours?"
        )
    else:
        text = "Which municipality is the dwelling in?"
    buttons = [{"title": m.name, "payload": f'/inform_municipality{{"municipality": "{m.key}"}}'} for m in munis]
    return Answer(text, {"ask": "municipality", "unknown": unknown}, buttons)


# Topics whose question is "who must do it": answered by the responsibility rules.
TOPIC_DUTIES = {
    "pests": "exterminate",
}


def answer_topic(kb: KnowledgeBase, municipality: str, topic: str, facts: Mapping[str, Any] | None = None) -> Answer:
    """Answer a topic question for one municipality from its own text, or say the text is silent."""
    muni = kb.municipality(municipality)
    coverage = kb.coverage(muni.key, topic)
    if topic in TOPIC_DUTIES and kb.rules(muni.key, TOPIC_DUTIES[topic]):
        return answer_duty(kb, muni.key, TOPIC_DUTIES[topic], facts or {}, topic)
    if not coverage.addressed:
        return not_addressed(muni, coverage.description.lower(), topic)
    sections = list(coverage.sections)
    text = f"In the {muni.name}, the code says this about {coverage.description.lower()}:\n" + quote_lines(sections)
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "citations": [citation_payload(s) for s in sections],
    }
    return Answer(text, payload)
