"""Provisions limited to one kind of dwelling (``scopes`` in ``knowledge/synonyms.yml``): which scopes a
question names, which a provision is limited to, and which of those a question leaves unnamed."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from knowledge.kb import KnowledgeBase
from knowledge.question_form import _WORD

if TYPE_CHECKING:
    from knowledge.selector import Candidate


def _words_and_denial(kb: KnowledgeBase, question: str) -> tuple[str, re.Pattern[str] | None]:
    """A question's words (spaced, for whole-phrase matching) and the pattern of a scope's wording it denies."""
    lowered = " " + " ".join(_WORD.findall(question.lower().replace("'", "").replace("-", ""))) + " "
    every = tuple(w for scope, entry in kb.scopes().items() for w in [scope, *(entry.get("wordings") or [])])
    return lowered, _denied(tuple(kb.meta("scope_negations") or ()), every)


def named_scopes(kb: KnowledgeBase, question: str) -> set[str]:
    """The scopes (``scopes`` in knowledge/synonyms.yml) a question names ("my roomer" -> rooming house)."""
    lowered, denied = _words_and_denial(kb, question)
    if denied is not None:
        lowered = denied.sub(" ", lowered)  # "dresser 2br apartment (not rooming house)": no rooming house named
    from knowledge.parsing.numbers import words_to_digits  # noqa: PLC0415 - the parsing package loads the spaCy patterns

    uncounted = re.sub(r" \d+(?= )", "", f" {words_to_digits(lowered.strip())} ")  # "rent 3 rooms": "rent rooms"
    named: set[str] = set()
    for scope, entry in kb.scopes().items():
        wordings = [f" {' '.join(_WORD.findall(w.replace('-', '')))} " for w in [scope, *(entry.get("wordings") or [])]]
        if any(w in lowered or w in uncounted for w in wordings):
            named.add(scope)
    return named


def denies_a_scope(kb: KnowledgeBase, question: str) -> bool:
    """Whether a question denies a scope ("a regular 2br apt? not renting rooms", "other than rooming house permits")."""
    lowered, denied = _words_and_denial(kb, question)
    return denied is not None and denied.search(lowered) is not None


def _flat(phrase: str) -> str:
    return " ".join(_WORD.findall(str(phrase).lower().replace("'", "").replace("-", "")))


@functools.lru_cache(maxsize=4)
def _denied(negations: tuple[str, ...], wordings: tuple[str, ...]) -> re.Pattern[str] | None:
    """A pattern for a scope's wording after a word that denies it (``scope_negations``: "not rooming house")."""
    negated = sorted({_flat(n) for n in negations} - {""}, key=len, reverse=True)
    named = sorted({_flat(w) for w in wordings} - {""}, key=len, reverse=True)
    if not negated or not named:
        return None
    alternatives = "|".join(re.escape(n) for n in negated)
    scopes = "|".join(re.escape(w) for w in named)
    return re.compile(rf" (?:{alternatives}) (?:{scopes})(?= )")


def provision_scopes(kb: KnowledgeBase, text: str) -> set[str]:
    """The scopes a provision's text is limited to (it names them), not those it names as an exception
    ("with the exception of rooming houses": it applies to every other dwelling; ``scope_exceptions``)."""
    lowered = " " + " ".join(_WORD.findall(text.lower())) + " "
    exceptions = [" ".join(_WORD.findall(str(e).lower())) for e in kb.meta("scope_exceptions") or ()]
    found: set[str] = set()
    for scope, entry in kb.scopes().items():
        phrases = "|".join(re.escape(" ".join(_WORD.findall(p))) for p in [scope, *(entry.get("code_wordings") or [])])
        for match in re.finditer(rf" (?:{phrases})s? ", lowered):
            before = " " + " ".join(lowered[: match.start()].split()[-4:]) + " "
            if not any(f" {e} " in before for e in exceptions if e):
                found.add(scope)
                break
    return found


# The end of a list's lead-in read for the scope of its items (the lead-in is the last sentence before the colon).
LEAD_IN_CHARS = 300


def unnamed_scope(kb: KnowledgeBase, question: str, candidate: Candidate) -> str | None:
    """The scope a candidate is limited to that the question does not name (None: it applies as asked)."""
    if candidate.kind == "definition" or not kb.scopes():
        return None
    sections = {s.citation: s for s in kb.sections(candidate.municipality)}
    section = sections.get(candidate.citation)
    # the section's heading and its parent's ("All such facilities shall be … accessible from a common hall" is in
    # Amery's § 258-22A, under § 258-22 "Rooming houses")
    parent = sections.get(section.parent) if section is not None and section.parent else None
    headings = " ".join(s.heading or "" for s in (section, parent) if s is not None)
    # … and the lead-in of the list it is an item of ("(4) The total of openable window area in each room …" under "No
    # basement space shall be used as a habitable room … unless:")
    lead_in = parent.text.rstrip()[-LEAD_IN_CHARS:] if parent is not None and parent.text.rstrip().endswith(":") else ""
    extra = provision_scopes(kb, f"{candidate.text} {headings} {lead_in}") - named_scopes(kb, question)
    return min(extra) if extra else None


def cited_scope(kb: KnowledgeBase, question: str, candidate: Candidate) -> str | None:
    """A scope the candidate's citation names and the question does not ("Rooming houses (1)(d)": "such permit shall
    be deemed … revoked" is no general provision, though its sentence names no rooming house)."""
    extra = provision_scopes(kb, candidate.citation) - named_scopes(kb, question)
    return min(extra) if extra else None
