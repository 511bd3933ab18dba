"""Provisions shown beside the one that leads: a sentence of no topic that matches as well as a definition does,
and the requirement a rule reaches by reference ("Provision of all facilities … required by this ordinance"
for "the screens 12.06(2) requires": the answer quotes 12.06(2)(a) too)."""

from __future__ import annotations

import re
from typing import Any, Sequence

from knowledge import selector
from knowledge.facts import names_a_side
from knowledge.kb import KnowledgeBase, Section
from knowledge.rules import Rule
from knowledge.sentences import states_a_figure

# A sentence of the texts within this much of a better-matching definition leads instead of it (the sentence of
# the OWNER definition on agents, rather than the whole definition).
SENTENCE_OVER_DEFINITION = 0.1
# A "who" verdict quotes what its rule reaches when one of the question's best this-many sentences is there and
# matches more than this share of the question.
REACHED_LOOK = 12
REACHED_MIN_LEXICAL = 0.2
# A section number as the curated scopes write it ("12.06(2)", "§ 190-6A", "258-18B").
_SECTION_REF = re.compile(r"(?:§\s*)?\b\d+(?:\.\d+|-\d+[A-Z]?)(?:\([0-9a-z]+\))*")


def topicless_sentence(ranked: Sequence[Any]) -> Any | None:
    """A sentence of no topic (one inside a definition) matching within ``SENTENCE_OVER_DEFINITION`` of the best-ranked
    candidate, or None."""
    return next(
        (
            r
            for r in ranked
            if r.candidate.kind == "sentence" and not r.candidate.topics
            and r.lexical >= ranked[0].lexical - SENTENCE_OVER_DEFINITION
        ),
        None,
    )


def _reached(kb: KnowledgeBase, municipality: str, rules: Sequence[Rule]) -> list[str]:
    """The citations the rules reach: the sections their curated scopes name ("the screens 12.06(2) requires") and the
    items of the list a rule's quote introduces ("… which does not comply with the following:")."""
    refs = [_bare(ref) for rule in rules for ref in _SECTION_REF.findall(rule.scope or "")]
    for rule in rules:
        if selector.introduces_list(kb, municipality, rule.citation, rule.quote):
            refs += [_bare(item.citation) for item in kb.children(municipality, rule.citation)]
    return refs


def _bare(citation: str) -> str:
    """A citation without its section sign ("§ 190-6A" → "190-6A"), as scopes and candidates are compared."""
    return citation.replace("§", "").strip()


def _first_within(kb: KnowledgeBase, municipality: str, refs: Sequence[str], ranked: Sequence[Any], floor: float) -> tuple[Section, str] | None:
    for r in ranked:
        candidate = r.candidate
        if candidate.kind == "sentence" and r.lexical > floor and any(_bare(candidate.citation).startswith(ref) for ref in refs):
            section = kb.section(municipality, candidate.citation)
            if section is not None:
                return section, candidate.text
    return None


def reached_sentence(kb: KnowledgeBase, municipality: str, lead: Any, ranked: Sequence[Any]) -> tuple[Section, str] | None:
    """For a rule ``lead`` (a selector candidate) that reaches other sections (``_reached``), the best-ranked sentence
    of those sections (its section and text); None for any other lead or when none is ranked."""
    if lead.kind != "rule":
        return None
    rules = [r for r in kb.rules(municipality, lead.key) if r.citation == lead.citation and r.quote == lead.text]
    refs = _reached(kb, municipality, rules)
    return _first_within(kb, municipality, refs, ranked, 0.0) if refs else None


def reached_by_rule(kb: KnowledgeBase, municipality: str, rule: Rule | None, question: str | None) -> tuple[Section, str] | None:
    """For the rule a "who" verdict rests on, the sentence of the sections it reaches that the question asks about
    ("doesn't he have to actually fix the roof?": item A of the list "… does not comply with the following:",
    "Every foundation, floor, wall, ceiling, and roof shall be …"); None when it reaches none or none matches."""
    refs = _reached(kb, municipality, [rule]) if rule is not None and question else []
    if not refs:
        return None
    ranked = selector.select(kb, str(question), municipality, kinds=("sentence",), limit=REACHED_LOOK)
    return _first_within(kb, municipality, refs, ranked, REACHED_MIN_LEXICAL)


def not_by_definition(kb: KnowledgeBase, question: str, definition: str) -> bool:
    """Whether a definition that matches a question best cannot answer it all the same: a figure asked that it does not
    state ("What minimum ceiling height … for a sleeping room?" is not what "cellar" means), or a duty put on a side,
    which no definition puts on anyone ("… toilet always clogged from misuse. is that on them": not "plumbing")."""
    kind = selector.question_kind(question)
    if kind == "figure":
        return not states_a_figure(definition)
    # (but "… not the owner. inspector sent me an order, do i have to do anything w it?" is met by the duty the "owner"
    # definition puts on an agent: "… shall be bound to notify the owner …")
    return kind != "definition" and names_a_side(question, kb.fact_vocabulary()) and not re.search(r"\b(?:shall|must)\b", definition, re.I)
