"""Sections cut into sentences: which are statements, headings or the lead-in of a list (knowledge/selector.py)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from knowledge.kb import KnowledgeBase

MIN_SENTENCE_CHARS = 25

# A sentence of a section states something when it has one of these words; a short one without any is a
# heading, which answers nothing.
_STATES = re.compile(
    r"\b(?:shall|must|may|is|are|be|been|being|was|were|means?|has|have|had|will|can|cannot|constitutes?|"
    r"includes?|applies|apply|requires?|contains?|provides?|permitted|prohibited)\b",
    re.IGNORECASE,
)
_VERB = re.compile(r"\b(shall|must|may|is|are|be|means|mean|has|have|will|can|constitute|apply|applies)\b", re.I)
# (not after an abbreviation: "under § 66.0119, Wis. Stats., or as required …" is one sentence)
_SENTENCE_END = re.compile(r"(?<=[a-z0-9\)\]\"”][.;])(?<!\bWis\.)(?<!\bOrd\.)(?<!\bNo\.)(?<!\bCh\.)(?<!\bArt\.)(?<!\b[Ss]ec\.)\s+(?=[A-Z(\"“])")


def split_sentences(text: str) -> list[str]:
    """A section's text cut into sentences (very short pieces stay with the next one)."""
    parts = [p.strip() for p in _SENTENCE_END.split(text) if p.strip()]
    merged: list[str] = []
    carry = ""
    for part in parts:
        piece = f"{carry} {part}".strip() if carry else part
        if len(piece) < MIN_SENTENCE_CHARS or (len(piece) < 80 and not _VERB.search(piece)):
            carry = piece  # a list letter or a heading ("A. Foundations, floors, ceilings, roofs.") joins the next
            continue
        merged.append(piece)
        carry = ""
    if carry:
        if merged:
            merged[-1] = f"{merged[-1]} {carry}"
        else:
            merged.append(carry)
    return merged


def is_heading(sentence: str) -> bool:
    """A short title-cased line that states nothing: a heading, which answers no question (a list item
    such as "(3) Lack of adequate ventilation" is lower case and stays)."""
    if len(sentence) >= 120 or _STATES.search(sentence):
        return False
    words = [w for w in re.findall(r"[A-Za-z]+", sentence) if len(w) > 3]
    return bool(words) and sum(w[0].isupper() for w in words) >= 0.6 * len(words)


def is_lead_in(sentence: str) -> bool:
    """A short sentence that only introduces a list ("No basement space shall be used … unless:")."""
    return len(sentence) < 80 and sentence.rstrip().endswith(":")


def lead_in_of(text: str) -> str | None:
    """The lead-in a section's text ends with ("… unless:"), which introduces its items; None without one."""
    sentences = split_sentences(text)
    return sentences[-1] if sentences and is_lead_in(sentences[-1]) else None


def with_lead_ins(kb: KnowledgeBase, municipality: str, headings: dict[str, str]) -> dict[str, str]:
    """Each section's heading, plus the lead-in of the list it is an item of: "(1) The floor and walls are
    impervious …" is matched with "No basement space shall be used as a habitable room or dwelling unit
    unless:" (its parent's last sentence, a short one ending with a colon), which says what the item is about."""
    sections = kb.sections(municipality)
    lead_ins = {s.citation: lead_in_of(s.text) or named_in_lead_in(kb, s.text) for s in sections}
    return {
        s.citation: f"{headings.get(s.citation, '')} {lead_ins.get(s.parent) or ''}".strip() for s in sections
    }


def named_in_lead_in(kb: KnowledgeBase, text: str) -> str:
    """The acts (``lead_in_acts`` of knowledge/synonyms.yml: "condemned", "placarded") that a long lead-in, the last
    sentence of a section's text, says befall each of its items ("Any dwelling … found to have any of the following
    defects shall be condemned as unfit …:"): an item ("One which is so damaged … or vermin infested …") is about them,
    answers "can the town condemn it?", is matched with them, and is quoted after it (knowledge/compose/lists.py ``led_by``)."""
    sentences = split_sentences(text)
    if not sentences or not sentences[-1].rstrip().endswith(":"):
        return ""
    lowered = " " + " ".join(re.findall(r"[a-z]+", sentences[-1].lower())) + " "
    return " ".join(t for t in (kb.meta("lead_in_acts") or ()) if f" {t} " in lowered)


# A number and what it counts ("at least 70 square feet", "two separate … means of exit", "within ten days").
_FIGURE = re.compile(
    r"\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|sixty|ninety)"
    r"(?:\s+\(\d+\))?\s+(?:[a-z-]+\s+){0,4}?(?:square\s+feet|sq\.?\s*ft|feet|foot|inches|degrees|days|hours|percent|"
    r"persons|occupants|years|months|members|votes|means\s+of\s+(?:exit|egress)|exits|outlets)\b",
    re.IGNORECASE,
)


def states_a_figure(sentence: str) -> bool:
    """Whether a sentence states a figure itself ("Every room occupied for sleeping purposes by one person shall
    contain at least 70 square feet"): such a sentence answers a figure question as well as a stored standard."""
    return bool(_FIGURE.search(sentence))


def referred_to(sentence: str, before: Sequence[str], back: Sequence[str]) -> str:
    """The sentences a sentence refers back to (``before``: its paragraph's first sentence and the one just before it)
    when it begins with one of ``back`` ("No such facilities …"); "" otherwise."""
    opening = " ".join(sentence.lower().split())
    if not before or not any(opening.startswith(f"{w} ") for w in back):
        return ""
    return " ".join(dict.fromkeys(before))
