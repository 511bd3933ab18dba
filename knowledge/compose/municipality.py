"""Asking which covered municipality the dwelling is in (never mapping an uncovered place to a
covered code).
"""

from __future__ import annotations

from knowledge.buttons import municipality_buttons
from knowledge.compose.answer import Answer
from knowledge.kb import KnowledgeBase


def ask_municipality(kb: KnowledgeBase, unknown: str | None = None) -> Answer:
    """Ask which of the covered municipalities the user means (their names as buttons).

    An uncovered place is never mapped to a covered code: the answer says what is covered and asks
    which one, if any, applies. A place that shares a covered name but is another kind or in another
    state ("Village of Howard", "Holland, Michigan"), a county, or an address outside the limits is
    named as such.
    """
    from knowledge.entities import place_qualifiers

    munis = kb.municipalities()
    states = sorted({m.state for m in munis})  # each data file's `state`
    covered = f"I have the housing codes of the {kb.covered_names()}, " + (
        f"all in {states[0]}" if len(states) == 1 else "in " + " and ".join(states)
    )
    if unknown:
        kind, state, county, outside = place_qualifiers(unknown, kb.places())
        lowered = unknown.lower()
        same_name = [m for m in munis if m.name.split(" of ", 1)[-1].lower() in lowered]
        near = next((p for p in kb.places().get("near_phrases") or [] if lowered.startswith(f"{p} ")), None)
        both = [m for m in munis if m.name.lower() in lowered]
        if len(both) >= 2:  # "rentals in both Holland and Howard": each code has its own rule
            lead = (
                f"You named the {' and the '.join(m.name for m in both)}. Each has its own code, so I won't "
                "pick one for you."
            )
            text = (
                f"{lead} {covered}. Which of these is the dwelling in? (To see every code side by side, ask me to "
                'compare, e.g. "compare heating across towns".)'
            )
            return Answer(text, {"ask": "municipality", "unknown": unknown}, municipality_buttons(munis))
        if near and same_name:  # "we live out near Amery": beside a covered place, maybe outside its limits
            lead = (
                f"You said the dwelling is {unknown}. A place near the {same_name[0].name} may be outside its "
                "limits, so I won't assume its code applies."
            )
        elif outside:
            lead = (
                f'You said "{unknown}". A mailing address can name a town the dwelling is not in, so I won\'t '
                "assume one of these codes applies."
            )
        elif county:
            what = "A county" if lowered.split()[0] in ("a", "the", "county") else f"{unknown} is a county, and it"
            lead = f"{what} is not one of the municipalities I cover."
        elif same_name and (kind or state):
            lead = f"{unknown} is not the {same_name[0].name}, {same_name[0].state}, whose code I have."
        else:
            lead = f"I don't have the housing code of {unknown}."
        text = (
            f"{lead} {covered}. Which of these, if any, is the dwelling in? If none, these codes do not apply: "
            "ask the building inspector or clerk of the municipality where the dwelling is."
        )
    else:
        text = f"Which municipality is the dwelling in? I cover the {kb.covered_names()}."
    buttons = municipality_buttons(munis)
    return Answer(text, {"ask": "municipality", "unknown": unknown}, buttons)


def place_choice(kb: KnowledgeBase, unknown: str | None, text: str, topic: str | None) -> Answer:
    """The reply when the place is not settled: the comparison of ``topic`` when the message names two or more
    covered municipalities and asks to compare them ("compare the heat in holland and howard": the synonyms'
    ``comparison_words``), else :func:`ask_municipality`."""
    from knowledge.compare import answer_comparison
    from knowledge.phrase_match import has_phrase

    lowered = str(unknown or "").lower()
    both = [m for m in kb.municipalities() if m.name.lower() in lowered]
    if topic and len(both) >= 2 and has_phrase(str(text or "").lower(), kb.meta("comparison_words") or ()):
        return answer_comparison(kb, topic)
    return ask_municipality(kb, unknown)
