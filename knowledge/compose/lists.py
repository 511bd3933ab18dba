"""A list answers as a whole: "what conditions must be met before basement space may be used as a habitable
room?" is met by the items of "No basement space shall be used as a habitable room or dwelling unit unless:",
which match the question alike; the answer quotes the lead-in and every item, each cited."""

from __future__ import annotations

from typing import Any, Sequence

from knowledge.kb import KnowledgeBase, Section
from knowledge.sentences import lead_in_of

# A sibling item this close to the best-ranked one (in selector score) makes the whole list the answer.
LIST_MARGIN = 0.1
# How many of the next-ranked candidates are looked at for a sibling.
LIST_LOOKAHEAD = 3


def lead_in(kb: KnowledgeBase, municipality: str, citation: str) -> str | None:
    """The short sentence ending a section with a colon ("… unless:"), which introduces its items; else None."""
    return lead_in_of(kb.section(municipality, citation).text)


# A lead-in that leads (a long one, which the selector ranks as a sentence) brings at most this many items along.
LED_LIST_MAX_ITEMS = 4


def _led_list(kb: KnowledgeBase, municipality: str, lead: Any) -> tuple[Section, str, list[Section]] | None:
    """(the section, its lead-in, its items) when the best-ranked sentence is itself the lead-in the section ends
    with, introducing a short list of items in child sections; None otherwise."""
    section = kb.section(municipality, lead.citation)
    if section is None or not lead.text.rstrip().endswith(":") or not section.text.rstrip().endswith(lead.text.rstrip()):
        return None
    items = kb.children(municipality, section.citation)
    return (section, lead.text.strip(), items) if 0 < len(items) <= LED_LIST_MAX_ITEMS else None


def whole_list(kb: KnowledgeBase, municipality: str, ranked: Sequence[Any]) -> tuple[Section, str, list[Section]] | None:
    """(the list's section, its lead-in, its items in text order) when the best-ranked sentence is an item of
    a list and another item of the same list ranks within ``LIST_MARGIN`` of it; None otherwise (a question
    about one item gets that item)."""
    if not ranked or ranked[0].candidate.kind != "sentence":
        return None
    led = _led_list(kb, municipality, ranked[0].candidate)
    if led is not None:  # "Can the inspector condemn the place?": "… any of the following defects shall be condemned …:"
        return led
    parent = kb.section(municipality, ranked[0].candidate.citation).parent
    if not parent:
        return None
    introduced = lead_in(kb, municipality, parent)
    if introduced is None:
        return None
    best = ranked[0]
    siblings = [
        r
        for r in ranked[1 : 1 + LIST_LOOKAHEAD]
        if r.candidate.kind == "sentence"
        and r.candidate.citation != best.candidate.citation
        and r.score >= best.score - LIST_MARGIN
        and kb.section(municipality, r.candidate.citation).parent == parent
    ]
    if not siblings:
        return None
    return kb.section(municipality, parent), introduced, kb.children(municipality, parent)
