"""The capacity a person holds a dwelling in ("my property mgr", "im the personal rep for my dad's estate", "a land
contract buyer"), weighed against the definitions of the terms such persons may fall under (owner, operator).

Asked whether such a person counts as the owner, or whether the code applies to them at all, the thing a definition's
clause must name is the capacity alone, not the rest of the story ("… handles my dresser rental": the rental is no part
of who he is). The words are data: ``definition_membership`` ``capacities``, ``capacity_terms`` and ``capacity_asks``
in ``knowledge/vocab.yml``.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from knowledge import question_form, selector
from knowledge.kb import KnowledgeBase

_WORD = re.compile(r"[a-z0-9]+")


def _config(kb: KnowledgeBase) -> dict[str, Any]:
    return dict(kb.meta("definition_membership") or {})


def named_capacities(kb: KnowledgeBase, question: str) -> list[str]:
    """The capacities (``capacities``) a message names, as written there ("property manager", "executor")."""
    lowered = " " + " ".join(_WORD.findall(question.lower().replace("'", ""))) + " "
    return [str(c) for c in _config(kb).get("capacities") or () if f" {' '.join(_WORD.findall(str(c).lower()))} " in lowered]


def capacity_thing(kb: KnowledgeBase, question: str, term: str, thing: Sequence[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Of the ``thing`` (alternatives, concept) pairs a membership question names, only those of the capacity it
    names, when the term is one a capacity falls under (``capacity_terms``); all of them otherwise."""
    if term.lower() not in {str(t).lower() for t in _config(kb).get("capacity_terms") or ()}:
        return list(thing)
    stems = set(selector.tokens(" ".join(named_capacities(kb, question))))
    kept = [(alternatives, concept) for alternatives, concept in thing if set(selector.tokens(concept.words)) & stems]
    return kept or list(thing)


def asks_if_bound(kb: KnowledgeBase, question: str) -> bool:
    """Whether the sentence that asks, asks if the code binds the person told of ("does the housing code even apply to
    me", "am i responsible under the village code"): ``capacity_asks``."""
    asking = question_form.story_and_question(question)[1] or question
    lowered = " ".join(_WORD.findall(asking.lower().replace("'", "")))
    return any(re.search(str(p), lowered) for p in _config(kb).get("capacity_asks") or ())


def capacity_term(kb: KnowledgeBase, question: str, municipality: str) -> str | None:
    """The term (``capacity_terms``, in order) whose definition names the capacity a message tells of, when it asks
    whether the code binds that person and names no term to weigh it against ("im just the property mgr not the owner.
    does the housing code even apply to me"); None otherwise."""
    if not named_capacities(kb, question) or not asks_if_bound(kb, question):
        return None
    from knowledge.compose.membership import _best_clause  # noqa: PLC0415 - membership imports this module

    least = float(_config(kb).get("min_share", 0.6))
    for term in _config(kb).get("capacity_terms") or ():
        found = kb.definitions(str(term), municipality)
        best = _best_clause(kb, question, str(term), found[0].text, municipality) if found else None
        if best is not None and best[0] >= least:
            return str(term)
    return None
