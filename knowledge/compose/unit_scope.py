"""Provisions limited by a number of dwelling units ("in structures … containing not more than four dwelling units",
"every multiple dwelling containing five or more dwelling units") against the building a question describes ("6 unit
bldg"): one whose limit the building fails does not lead while one that fits matches as well."""

from __future__ import annotations

from typing import Any, Sequence

from knowledge.compose.membership import by_unit_count
from knowledge.kb import KnowledgeBase


def _fails(kb: KnowledgeBase, question: str, ranked: Any) -> bool:
    found = by_unit_count(kb, question, ranked.candidate.text)
    return found is not None and found[0] == "No"


def fitting_first(kb: KnowledgeBase, question: str, ranked: Sequence[Any], floor: float) -> list[Any]:
    """The ranking with the best provision whose unit limit the building meets (or that has none) first, when the first
    one's limit fails it: "6 unit bldg in holland, do hallway lights have to be on 24/7 or can i put switches" leads
    with the lighting at all times of five or more units, not the switches of four or fewer. ``floor`` is the least
    lexical match the one put first must have."""
    if not ranked or not _fails(kb, question, ranked[0]):
        return list(ranked)
    fitting = next((r for r in ranked[1:] if r.lexical >= floor and not _fails(kb, question, r)), None)
    return [fitting, *(r for r in ranked if r is not fitting)] if fitting is not None else list(ranked)
