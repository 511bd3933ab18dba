"""A list answers as a whole: "what conditions must be met before basement space may be used as a habitable
room?" is met by the items of "No basement space shall be used as a habitable room or dwelling unit unless:",
which match the question alike; the answer quotes the lead-in and every item, each cited."""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from knowledge import question_form
from knowledge.kb import KnowledgeBase, Section
from knowledge.sentences import is_lead_in, lead_in_of, named_in_lead_in, split_sentences
from knowledge.titles import asks_for_officer
from knowledge.yes_no_forms import conflicts_with, either_suffices

# A sibling item this close to the best-ranked one (in selector score) makes the whole list the answer.
LIST_MARGIN = 0.1
# How many of the next-ranked candidates are looked at for a sibling.
LIST_LOOKAHEAD = 3


def lead_in(kb: KnowledgeBase, municipality: str, citation: str) -> str | None:
    """The short sentence ending a section with a colon ("… unless:"), which introduces its items; else None."""
    return lead_in_of(kb.section(municipality, citation).text)


def item_lead_in(kb: KnowledgeBase, municipality: str, citation: str) -> str | None:
    """The lead-in of the list a section is an item of ("No basement space shall be used … unless:", or a long one:
    "Any dwelling … which shall be found to have any of the following defects shall be condemned as unfit …:"), or
    None."""
    section = kb.section(municipality, citation)
    parent = kb.section(municipality, section.parent) if section is not None and section.parent else None
    last = split_sentences(parent.text)[-1:] if parent is not None else []
    return last[0] if last and last[0].rstrip().endswith(":") else None


def led_by(kb: KnowledgeBase, municipality: str, citation: str) -> tuple[Section, str] | None:
    """(the parent section, its lead-in) when a section is an item of a list led by a long lead-in that says what befalls
    each item (``lead_in_acts``: "Any dwelling … shall be condemned as unfit … and placarded by the Building Inspector:"): the
    item ("One which is so damaged … or vermin infested …") is quoted after it, which says what the item is for."""
    introduced = item_lead_in(kb, municipality, citation)  # (a short one is the whole list's: ``whole_list``)
    if introduced is None or is_lead_in(introduced) or not named_in_lead_in(kb, introduced):
        return None
    return kb.section(municipality, kb.section(municipality, citation).parent), introduced


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


def whole_list(
    kb: KnowledgeBase, municipality: str, ranked: Sequence[Any], question: str = ""
) -> tuple[Section, str, list[Section]] | None:
    """(the list's section, its lead-in, its items in text order) when the best-ranked sentence is an item of
    a list and another item of the same list ranks within ``LIST_MARGIN`` of it, or when the ``question`` asks which
    officer or body acts and only the lead-in names it ("which body hears variances?": "… the Board of Zoning Appeals
    shall:", not item (2)'s "the Board may permit a variance"); None otherwise (a question about one item gets that
    item)."""
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
    if question and _names_the_body_asked(kb, question, introduced, ranked[0].candidate.text):
        # the item that answers the rest of the question first ("… and how many votes?": (2), "… its quorum?": (1))
        from knowledge.compose.membership import question_parts
        from knowledge.selector import select

        rest = question_parts(question)[-1]
        order = [r.candidate.citation for r in select(kb, rest, municipality, limit=30) if r.lexical > 0]
        order += [r.candidate.citation for r in ranked]
        items = sorted(kb.children(municipality, parent), key=lambda s: order.index(s.citation) if s.citation in order else len(order))
        return kb.section(municipality, parent), introduced, items
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


def _names_the_body_asked(kb: KnowledgeBase, question: str, introduced: str, item: str) -> bool:
    """Whether a question asks which officer or body acts (facts.yml ``officer_questions``) and a list's lead-in
    names one in full ("the Board of Zoning Appeals") that its item does not."""
    if not asks_for_officer(kb, question):
        return False
    titles = [t for t in kb.fact_vocabulary().officer_titles if " " in t]
    lowered, item = " ".join(introduced.lower().split()), " ".join(item.lower().split())
    return any(t in lowered and t not in item for t in titles)


def matched_items(
    ranked: Sequence[Any], items: Sequence[Section], parent: str = "", synonyms: Mapping[str, Sequence[str]] | None = None
) -> list[Section]:
    """The items of a list that match a word of the question no other item of it matches, best-ranked first ("… only
    window is down in a window well": the window-above-grade item; "2 small windows, mostly below ground, and the
    walls get damp": that item and the damp-walls one): the items asked about, cited before the rest. None unless the
    best-ranked candidate of all is one of them or the list's own lead-in (the section ``parent``). ``synonyms`` (the
    synonym table) tell what an item says in the code's words ("toilet": "(2) … a flush water closet …")."""
    by_citation = {item.citation: item for item in items}
    listed = [r for r in ranked if r.candidate.citation in by_citation]
    found: list[Section] = []
    for r in listed:
        others = {word for o in listed if o.candidate.citation != r.candidate.citation for word in o.matched}
        item = by_citation[r.candidate.citation]
        if set(r.matched) - others and item not in found:
            found.append(item)
    if not found:  # the items match the same words through the list's heading: the words each item itself says
        own = {r.candidate.citation: _said_in(r.matched, by_citation[r.candidate.citation].text, synonyms or {}) for r in listed}
        for r in listed:
            others = {word for citation, words in own.items() if citation != r.candidate.citation for word in words}
            if own[r.candidate.citation] - others and by_citation[r.candidate.citation] not in found:
                found.append(by_citation[r.candidate.citation])
        first = ranked[0].candidate.citation if ranked else ""
        return found if found and (first in by_citation or first == parent) else []
    return found if found and ranked and ranked[0].candidate.citation in (found[0].citation, parent) else []


def _said_in(words: Sequence[str], text: str, synonyms: Mapping[str, Sequence[str]]) -> set[str]:
    """The matched words (by their first five letters) a provision's own text says ("shower", not the heading's), in
    their own words or the code's ("toilet": "water closet")."""
    lowered = text.lower()
    return {w for w in words if re.search(rf"\b{re.escape(w[:5])}", lowered) or any(re.search(rf"\b{re.escape(p)}\b", lowered) for p in synonyms.get(w, ()))}


def describes_failing(question: str, text: str) -> bool:
    """Whether a question describes the thing a provision (or a list's item, read with its lead-in) requires as failing:
    what its words rule out ("the glass is all below ground level" against "… entirely above the grade …") or what it
    says is missing ("no shower or tub at all" against "… equipped with … bathtub or shower")."""
    return conflicts_with(question, text) or question_form.lacks_required(question, text)


def failing_verdict(question: str, texts: Sequence[str], verdict: str | None, conditional: str) -> str | None:
    """ "No" when the question describes failing what one of ``texts`` requires and the wording gave no plain answer (a
    conflict also overrides ``conditional``, "Yes, but only if its conditions are met": the condition is told failing);
    ``verdict`` otherwise."""
    either = next((found for text in texts if (found := either_suffices(question, text)) is not None), None)
    if either is not None and verdict != "No":
        # "… only has a shower stall, no bathtub … have to put one in?": "(2) … bathtub or shower …", No; "… is that legal?": Yes
        return either
    violation = verdict in ("No", None, conditional) and ASKS_VIOLATION.search(question_form.story_and_question(question)[1])
    if violation and any(describes_failing(question, text) for text in texts):
        return "Yes"  # "… junk is piled in front of the only way out. Isn't that against the rules?": it is
    for text in texts:
        if conflicts_with(question, text) and verdict in (None, conditional):
            return "No"
        if question_form.lacks_required(question, text) and verdict is None:
            return "No"
    return verdict


# A question whether what it tells breaks the code ("isn't that against the rules?", "is that a violation?"): "Yes" when
# it describes failing what a provision requires (``asks_violation`` in knowledge/question_forms.yml).
ASKS_VIOLATION = question_form._pattern("asks_violation")
