"""Provisions limited by a kind of dwelling the question does not name (a general one that matches nearly as well
leads instead), or by a number of dwelling units ("in structures … containing not more than four dwelling units",
"every multiple dwelling containing five or more dwelling units") against the building a question describes ("6 unit
bldg"): one whose limit the building fails does not lead while one that fits matches as well."""

from __future__ import annotations

from typing import Any, Sequence

from knowledge import selector
from knowledge.compose.membership import by_unit_count
from knowledge.compose.plain_verdict import ANSWER_MIN_LEXICAL
from knowledge.kb import KnowledgeBase
from knowledge.scopes import cited_scope


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


# A provision for dwellings in general leads instead of a better-matching one limited to a kind of dwelling
# the question does not name (a rooming house) when it matches at most this much less of the question.
GENERAL_MARGIN = 0.3
# ... or at most this much less when it is on another subject (no topic in common).
OTHER_SUBJECT_MARGIN = 0.15


def prefer_general(kb: KnowledgeBase, question: str, ranked: Sequence[Any]) -> list[Any]:
    """The ranking with a general provision first when the best one is limited to a kind of dwelling the
    question does not name and a general one matches nearly as well ("is my landlord required to give me
    a shower or tub?": every dwelling unit's bathtub or shower, not the rooming houses' ratio)."""
    ranked = list(ranked)
    if not ranked:
        return ranked
    lead = ranked[0].candidate  # limited by its words, or by its citation ("Rooming houses, B": "All such facilities …")
    if selector.unnamed_scope(kb, question, lead) is None and cited_scope(kb, question, lead) is None:
        return ranked
    floor = max(ANSWER_MIN_LEXICAL, ranked[0].lexical - GENERAL_MARGIN)
    general = next(
        (
            r
            for r in ranked[1:]
            if r.lexical >= floor
            # on another subject only when nearly as good ("sq ft per person … apt": not the shut-offs it barely matches)
            and (set(r.candidate.topics) & set(lead.topics) or r.lexical >= ranked[0].lexical - OTHER_SUBJECT_MARGIN)
            and selector.unnamed_scope(kb, question, r.candidate) is None
            and cited_scope(kb, question, r.candidate) is None
        ),
        None,
    )
    return [general, *[r for r in ranked if r is not general]] if general is not None else ranked
