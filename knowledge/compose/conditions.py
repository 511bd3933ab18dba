"""A rule's conditions in plain words ("the building has two or more dwelling units"), from the
fact wording in ``knowledge/facts.yml``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from knowledge.facts import load as load_fact_vocabulary
from knowledge.rules import Rule

_OP_WORDS = {
    "eq": "exactly {n}",
    "gte": "{n} or more",
    "gt": "more than {n}",
    "lte": "at most {n}",
    "lt": "fewer than {n}",
    "ne": "other than {n}",
}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


@lru_cache(maxsize=1)
def _wording() -> dict[str, dict[str, str]]:
    """How each fact reads in an answer (knowledge/facts.yml `wording`), read on first use."""
    return {k: dict(v) for k, v in (load_fact_vocabulary().get("wording") or {}).items()}


def describe_condition(fact: str, spec: Any) -> str:
    """One condition of a rule in plain words ("the building has two or more dwelling units")."""
    words = _wording().get(fact, {})
    if isinstance(spec, bool):
        key = "when_true" if spec else "when_false"
        return words.get(key) or f"{fact.replace('_', ' ')} is {'true' if spec else 'false'}"
    singular = words.get("one") or fact.replace("_", " ") + " is {n}"
    plural = words.get("many") or singular
    if isinstance(spec, (int, float)):
        if spec == 1 and words.get("only_one"):
            return words["only_one"]
        return (singular if spec == 1 else plural).format(n=_count(int(spec)))
    if spec.get("eq") == 1 and words.get("only_one"):
        return words["only_one"]
    if set(spec) == {"gte", "lte"} and spec["gte"] == spec["lte"]:
        return describe_condition(fact, spec["gte"])
    if set(spec) == {"gte", "lte"} and spec["gte"] <= 1:
        return describe_condition(fact, {"lte": spec["lte"]})
    if set(spec) == {"gte", "lte"}:
        span = f"{_count(spec['gte'])} to {_count(spec['lte'])}"
        return plural.format(n=span)
    words_ = " and ".join(_OP_WORDS[op].format(n=_count(bound)) for op, bound in spec.items())
    only_one = len(spec) == 1 and list(spec.values())[0] == 1 and list(spec)[0] in ("eq", "lte")
    return (singular if only_one else plural).format(n=words_)


def describe_depends(fact: str) -> str:
    """A fact as the clause after "depends on" ("how many dwelling units are infested")."""
    return _wording().get(fact, {}).get("depends") or fact.replace("_", " ")


def describe_rule(rule: Rule) -> str:
    """What a rule covers and its conditions in plain words ("in every case" when it has neither)."""
    parts = [f"for {rule.scope}"] if rule.scope else []
    if rule.conditions:
        parts.append("when " + " and ".join(describe_condition(f, s) for f, s in rule.conditions.items()))
    return " ".join(parts) or "in every case"
