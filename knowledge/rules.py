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


# -- verdicts: the answer to "who has to do it?" -------------------------------------------------


def _interval(value: Any) -> tuple[int, int] | None:
    """(low, high) of an open count such as ``{"gte": 2}`` (high capped at 1000), else None."""
    if isinstance(value, Mapping):
        return int(value.get("gte", 0)), int(value.get("lte", 1000))
    return None


@dataclass(frozen=True)
class Outcome:
    """Who carries a duty in one fully known case: the parties (empty when the text is silent)."""

    parties: tuple[str, ...]
    rule: Rule | None


@dataclass(frozen=True)
class Exception_:
    """An exception that could still change a verdict: a fact that is taken as "no" until said."""

    fact: str
    parties: tuple[str, ...]
    rule: Rule | None
    spec: Any = True


@dataclass(frozen=True)
class Case:
    """One answer to the question a verdict asks: the asked fact's values (a condition) and who then."""

    spec: Any
    parties: tuple[str, ...]
    rule: Rule | None
    settled: bool


@dataclass
class Verdict:
    """Who carries a duty given what the user said.

    ``kind`` is ``decided`` (``parties`` carry it whatever the facts not given), ``silent`` (the
    text names nobody for these facts) or ``undecided`` (a fact the user can know would change
    it: ``question`` is that fact, and ``cases`` say who for each of its values).
    ``exceptions`` are the rare circumstances, taken as "no", that would change the answer.
    ``used`` are the given facts that the duty's rules depend on.
    """

    duty: str
    kind: str
    parties: tuple[str, ...]
    rule: Rule | None
    used: dict[str, Any]
    exceptions: list[Exception_] = field(default_factory=list)
    question: str | None = None
    cases: list[Case] = field(default_factory=list)

    @property
    def party(self) -> str | None:
        return self.parties[0] if self.parties else None


def _parties(determination: Determination) -> tuple[str, ...]:
    """The parties of a fully known case; "the owner" alone where the owner and "owner or operator" both hold."""
    parties = determination.parties
    if "owner" in parties and "owner_or_operator" in parties:
        parties = [p for p in parties if p != "owner_or_operator"]
    return tuple(parties)


def _values(rules: list[Rule], fact: str, given: Any) -> list[Any]:
    """The values an unknown (or open-count) fact can take that reach every case the rules distinguish."""
    values = [v for v in _candidates(rules, fact) if isinstance(v, bool) or v >= 1]  # counts start at one
    bounds = _interval(given)
    if bounds is not None:
        low, high = bounds
        values = sorted({v for v in values if low <= v <= high} | {low, min(high, 1000)})
    return values


def _fits(facts: Mapping[str, Any]) -> bool:
    units, infested = facts.get("units_in_building"), facts.get("infested_units")
    if isinstance(units, int) and not isinstance(units, bool):
        if units < 1:
            return False
        if isinstance(infested, int) and not isinstance(infested, bool) and infested > units:
            return False
        if units == 1 and facts.get("shared_areas_infested") is True:
            return False
    return True


def _outcomes(
    rules: list[Rule],
    facts: Mapping[str, Any],
    duty: str,
    open_facts: list[str],
    same_as: Mapping[str, str] | None = None,
) -> dict[tuple[Any, ...], Outcome]:
    """Who carries the duty for every possible combination of the open facts' values.

    A fact of ``same_as`` that is not given takes the value of the fact it names.
    """
    found: dict[tuple[Any, ...], Outcome] = {}
    possible = _fits(facts)  # facts that contradict themselves are taken as given
    for combination in product(*(_values(rules, f, facts.get(f)) for f in open_facts)):
        trial = {**facts, **dict(zip(open_facts, combination))}
        for fact, other in (same_as or {}).items():
            if fact not in trial and isinstance(trial.get(other), int):
                trial[fact] = trial[other]
        if possible and not _fits(trial):
            continue
        determination = evaluate(rules, derive(trial), duty)
        found[combination] = Outcome(_parties(determination), determination.rule)
    return found


def _spec(values: list[Any], top: Any) -> Any:
    """A condition covering a run of a fact's values (``1``, ``{"gte": 2}``, ``True``...)."""
    if isinstance(values[0], bool):
        return values[0]
    low, high = min(values), max(values)
    if low == high and high != top:
        return low
    if high == top:
        return {"gte": low} if low > 0 else {"gte": 0}
    return {"gte": low, "lte": high} if low > 0 else {"lte": high}


def decide(
    rules: Iterable[Rule],
    facts: Facts,
    duty: str,
    exceptions: Iterable[str] | Mapping[str, Any] = (),
    ask_order: Iterable[str] = (),
    same_as: Mapping[str, str] | None = None,
) -> Verdict:
    """Who carries ``duty`` given ``facts``, as an answer to "who has to do it?".

    Facts in ``exceptions`` that the user did not give are taken as "no" (and reported when
    "yes" would change the answer); the other facts the rules depend on are tried at every
    value. When they all give the same parties, the verdict is decided (or silent); otherwise
    the one fact to ask is the one whose answer settles the most cases (``ask_order`` breaks
    ties), and the cases say who for each of its values.
    """
    rules = [r for r in rules if r.duty == duty]
    defaults = dict(exceptions) if isinstance(exceptions, Mapping) else dict.fromkeys(exceptions, False)
    exceptions = tuple(defaults)
    order = list(ask_order)
    known = {k: v for k, v in derive(facts).items() if v is not None}
    relevant: list[str] = []
    for rule in rules:
        for fact in rule.conditions:
            if fact not in relevant:
                relevant.append(fact)
    same_as = {f: other for f, other in (same_as or {}).items() if f in relevant and f not in known}
    assumed = {
        f: defaults.get(f) if defaults.get(f) is not None else False
        for f in relevant
        if f in exceptions and f not in known and f not in same_as
    }
    base = {**known, **assumed}
    open_facts = [f for f in relevant if f not in exceptions and (f not in known or _interval(known[f]))]
    open_facts.sort(key=lambda f: order.index(f) if f in order else len(order))
    used = {f: v for f, v in facts.items() if f in relevant and v is not None}
    outcomes = _outcomes(rules, base, duty, open_facts, same_as)
    distinct = {o.parties for o in outcomes.values()}

    def exceptions_to(current: set[tuple[str, ...]]) -> list[Exception_]:
        """The assumed "no" facts whose "yes" would settle the answer on other parties."""
        found = []
        for fact in [*assumed, *same_as]:
            value = (not assumed[fact]) if fact in assumed else max(_values(rules, fact, None))
            changed = _outcomes(rules, {**base, fact: value}, duty, open_facts, same_as)
            parties = {o.parties for o in changed.values()}
            if len(parties) != 1 or parties == current or not next(iter(parties)):
                continue
            only = next(iter(parties))
            owners = {"owner", "owner_or_operator"}
            if len(current) == 1 and set(only) <= owners and set(next(iter(current))) <= owners and next(iter(current)):
                continue  # "the owner" where "the owner or operator" already is: no change worth a line
            rule = next(iter(changed.values())).rule
            spec = value if fact in assumed else (rule.conditions.get(fact, True) if rule else True)
            found.append(Exception_(fact, only, rule, spec))
        return found

    if len(distinct) <= 1:
        parties = next(iter(distinct)) if distinct else ()
        rule = next((o.rule for o in outcomes.values() if o.rule is not None), None)
        return Verdict(
            duty, "decided" if parties else "silent", parties, rule, used, exceptions_to({parties}) if distinct else []
        )

    best: tuple[float, int, str] | None = None
    for index, fact in enumerate(open_facts):
        position = open_facts.index(fact)
        groups: dict[Any, set[tuple[str, ...]]] = {}
        for combination, outcome in outcomes.items():
            groups.setdefault(combination[position], set()).add(outcome.parties)
        settled = sum(1 for g in groups.values() if len(g) == 1) / max(len(groups), 1)
        splits = len({frozenset(g) for g in groups.values()}) > 1
        if not splits:
            continue
        score = (settled, -index, fact)
        if best is None or score[:2] > best[:2]:
            best = score
    question = best[2] if best else open_facts[0]
    position = open_facts.index(question)
    by_value: dict[Any, list[Outcome]] = {}
    for combination, outcome in outcomes.items():
        by_value.setdefault(combination[position], []).append(outcome)
    values = sorted(by_value)
    cases: list[Case] = []
    run: list[Any] = []
    for value in values + [None]:
        if run and (
            value is None
            or {o.parties for o in by_value[value]} != {o.parties for o in by_value[run[0]]}
            or isinstance(value, bool)
        ):
            outs = by_value[run[0]]
            kinds = {o.parties for o in outs}
            settled_case = len(kinds) == 1
            parties = next(iter(kinds)) if settled_case else ()
            rule = next((o.rule for o in outs if o.rule is not None and o.parties == parties), None)
            cases.append(Case(_spec(run, values[-1]), parties, rule, settled_case))
            run = []
        if value is not None:
            run.append(value)
    current = {o.parties for o in outcomes.values()}
    return Verdict(duty, "undecided", (), None, used, exceptions_to(current), question, cases)
