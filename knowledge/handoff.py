"""Hand-off to a person: who enforces each code, for "can I talk to someone?" / "who do I call?".

The texts name each municipality's enforcing officer and office but give no phone numbers or
addresses, so none is given here. The answer's payload carries ``handoff: true``, which puts the
conversation on the clerk desk's review list (bot/channels/clerk.py).
"""

from __future__ import annotations

from knowledge.buttons import municipality_buttons
from knowledge.compose import Answer
from knowledge.kb import KnowledgeBase


def officer_words(office: str, officer: str) -> str:
    """ "the Building and Housing Inspector", "the Office of Building Inspector" (the officer only when it adds)."""
    return f"the {office}" if officer.lower() in office.lower() else f"the {office} ({officer})"


def handoff(kb: KnowledgeBase, municipality: str | None = None) -> Answer:
    """Who to contact about the code of ``municipality`` (or of every covered municipality when unknown)."""
    note = (
        "The code texts I have give no phone number or address for that office: the municipality's "
        "hall can tell you how to reach it. I've also put this conversation on the clerk's review list, so a "
        "person can look at it."
    )
    if municipality:
        muni = kb.municipality(municipality)
        text = (
            f"To talk to a person about the {muni.name} housing code: "
            f"{officer_words(muni.office, muni.enforcing_officer)} enforces it. {note}"
        )
        officers = [{"municipality": muni.key, "office": muni.office, "officer": muni.enforcing_officer}]
        return Answer(text, {"handoff": True, "municipality": muni.key, "officers": officers})
    munis = kb.municipalities()
    lines = [f"- {m.name}: {officer_words(m.office, m.enforcing_officer)}" for m in munis]
    text = (
        "To talk to a person, contact the office that enforces the housing code where the dwelling is:\n"
        + "\n".join(lines)
        + "\nThe code texts I have give no phone numbers or addresses for these offices: each municipality's "
        "hall can tell you how to reach them. I've also put this conversation on the clerk's review list, so a "
        "person can look at it. Which municipality is the dwelling in?"
    )
    officers = [{"municipality": m.key, "office": m.office, "officer": m.enforcing_officer} for m in munis]
    buttons = municipality_buttons(munis)
    return Answer(text, {"handoff": True, "municipality": None, "officers": officers}, buttons)
