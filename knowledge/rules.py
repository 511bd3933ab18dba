"""Evaluate responsibility rules (who must do what) against the facts a user gave.

A rule is data: a duty, a party, conditions on facts, a priority, and the citation and
quote it rests on (see ``knowledge/SCHEMA.md``). Of the rules whose conditions all hold,
the highest priority wins ("notwithstanding" clauses carry a higher priority). Where a
higher-priority rule for another party depends on a fact the user has not given, the
determination lists that fact as the one that could change the answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Iterable, Mapping

Facts = Mapping[str, Any]


@dataclass(frozen=True)
class Rule:
    """One responsibility rule of one municipality."""

    municipality: str
    duty: str
    party: str
    conditions: Mapping[str, Any]
    priority: int
    citation: str
    quote: str
    scope: str = ""

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Rule:
        """Build a rule from a ``rules`` table row (conditions stored as JSON)."""
        conditions = row["conditions"]
        if isinstance(conditions, str):
            conditions = json.loads(conditions)
        return cls(
            municipality=row["municipality"],
            duty=row["duty"],
            party=row["party"],
            conditions=dict(conditions),
            priority=int(row["priority"]),
            citation=row["citation"],
            quote=row["quote"],
            scope=row.get("scope") or "",
        )


@dataclass
class Determination:
    """The outcome of evaluating one duty's rules against some facts."""

    duty: str
    party: str | None
    rule: Rule | None
    assumed: dict[str, Any] = field(default_factory=dict)
    deciding_facts: list[str] = field(default_factory=list)
    alternatives: list[Rule] = field(default_factory=list)
    joint: list[Rule] = field(default_factory=list)

    @property
    def parties(self) -> list[str]:
        """Everyone who carries the duty together (the chosen party first)."""
        found = [self.party] if self.party else []
        for rule in self.joint:
            if rule.party not in found:
                found.append(rule.party)
        return found

    @property
    def decided(self) -> bool:
        """True when the facts settle who is responsible, with nothing left that could override it."""
        return self.party is not None and not self.alternatives


_OPS = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "gt": lambda a, b: a > b,
    "gte": lambda a, b: a >= b,
    "lt": lambda a, b: a < b,
    "lte": lambda a, b: a <= b,
}


def condition_holds(spec: Any, value: Any) -> bool | None:
    """Whether a fact's value satisfies a condition; ``None`` when the value is unknown."""
    if value is None:
        return None
    if isinstance(spec, bool):
        return bool(value) is spec
    if isinstance(spec, (int, float)):
        return not isinstance(value, bool) and value == spec
    if isinstance(spec, Mapping):
        if isinstance(value, bool):
            return False
        try:
            return all(_OPS[op](value, bound) for op, bound in spec.items())
        except TypeError:
            return False
    return False


def rule_status(rule: Rule, facts: Facts) -> tuple[str, list[str]]:
    """``holds``, ``fails`` or ``open`` (with the unknown facts that would decide it)."""
    unknown: list[str] = []
    for fact, spec in rule.conditions.items():
        result = condition_holds(spec, facts.get(fact))
        if result is False:
            return "fails", []
        if result is None:
            unknown.append(fact)
    return ("open", unknown) if unknown else ("holds", [])


def derive(facts: Facts) -> dict[str, Any]:
    """Add what the given facts imply by logic alone (never by law).

    A building with a single dwelling unit has only that unit to be infested and no shared
    or public parts between units.
    """
    derived = {k: v for k, v in facts.items() if v is not None}
    if derived.get("units_in_building") == 1:
        derived.setdefault("infested_units", 1)
        derived.setdefault("shared_areas_infested", False)
    return derived


def evaluate(
    rules: Iterable[Rule],
    facts: Facts,
    duty: str,
    assume: Facts | None = None,
) -> Determination:
    """Decide who carries ``duty`` given ``facts``.

    ``assume`` supplies values for facts the user did not give (recorded in
    ``Determination.assumed``). The facts that could still change the answer are returned in
    ``deciding_facts``, and the rules they would bring in as ``alternatives``.
    """
    known = derive(facts)
    assumed = {k: v for k, v in (assume or {}).items() if k not in known}
    merged = {**known, **assumed}
    ordered = sorted((r for r in rules if r.duty == duty), key=lambda r: -r.priority)
    statuses = [(rule, *rule_status(rule, merged)) for rule in ordered]
    chosen = next((rule for rule, status, _ in statuses if status == "holds"), None)
    open_rules = [(rule, unknown) for rule, status, unknown in statuses if status == "open"]
    if chosen is None:
        settled = _same_whatever_unknown(ordered, merged, duty, _facts_of(open_rules))
        if settled is not None:
            return Determination(duty, settled.party, settled.rule, assumed, [], [], settled.joint)
        alternatives = [rule for rule, _ in open_rules]
        return Determination(duty, None, None, assumed, _facts_of(open_rules), alternatives)
    overriding = [
        (rule, unknown)
        for rule, unknown in open_rules
        if rule.priority >= chosen.priority and rule.party != chosen.party
    ]
    used = {k: v for k, v in assumed.items() if k in chosen.conditions}
    joint = [
        rule
        for rule, status, _ in statuses
        if status == "holds" and rule.priority == chosen.priority and rule.party != chosen.party
    ]
    return Determination(duty, chosen.party, chosen, used, _facts_of(overriding), [r for r, _ in overriding], joint)


def _candidates(rules: list[Rule], fact: str) -> list[Any]:
    """Values of a fact that reach every case the rules distinguish (each bound, and either side of it)."""
    specs = [r.conditions[fact] for r in rules if fact in r.conditions]
    if any(isinstance(s, bool) for s in specs):
        return [True, False]
    values = {1, 1000}
    for spec in specs:
        bounds = spec.values() if isinstance(spec, Mapping) else [spec]
        for bound in bounds:
            if isinstance(bound, (int, float)) and not isinstance(bound, bool):
                values |= {int(bound) - 1, int(bound), int(bound) + 1}
    return sorted(v for v in values if v >= 0)


def _possible(facts: Facts) -> bool:
    """Whether a combination of facts can happen at all (logic only: no more units infested than exist)."""
    units, infested = facts.get("units_in_building"), facts.get("infested_units")
    if isinstance(units, int) and isinstance(infested, int) and not isinstance(units, bool):
        return infested <= units and units >= 1
    return True


def _same_whatever_unknown(rules: list[Rule], facts: Facts, duty: str, unknown: list[str]) -> Determination | None:
    """The determination when every possible value of the unknown facts gives the same party(ies).

    "Only my unit is infested, and it was not the owner's fault" leaves the number of units
    unknown, but in Holland the occupant exterminates whether the building has one unit or
    more: no need to ask. Returns None when the unknown facts could change the answer, when
    some case would leave nobody responsible, or when there are too many unknowns to check.
    """
    if not unknown or len(unknown) > 3:
        return None
    outcome: Determination | None = None
    for combination in product(*(_candidates(rules, fact) for fact in unknown)):
        trial = {**facts, **dict(zip(unknown, combination))}
        if not _possible(trial):
            continue
        result = evaluate(rules, trial, duty)
        if result.rule is None or result.alternatives:
            return None
        if outcome is None:
            outcome = result
        elif set(result.parties) != set(outcome.parties):
            return None
    return outcome


def _facts_of(pairs: list[tuple[Rule, list[str]]]) -> list[str]:
    seen: list[str] = []
    for _, unknown in pairs:
        for fact in unknown:
            if fact not in seen:
                seen.append(fact)
    return seen
