"""The most a figure may be, asked where the code sets only the least of it ("Does Muskego set a maximum hot water
temperature?"): the text does not address a maximum; the least it sets is given, quoted. The words are data
(``asks_upper_bound``, ``lower_bound_quote``, ``upper_bound_quote``, ``upper_bound_units`` in question_forms.yml)."""

from __future__ import annotations

import re

from knowledge.answer_parts import source_line
from knowledge.compose.answer import Answer, citation_payload, not_addressed, shorten, standard_line, standard_payload
from knowledge.kb import KnowledgeBase
from knowledge.question_form import _FORMS, _pattern
from knowledge.yes_no_forms import first_question

_ASKS_UPPER, _LOWER, _UPPER = _pattern("asks_upper_bound"), _pattern("lower_bound_quote"), _pattern("upper_bound_quote")


def unbounded_above(kb: KnowledgeBase, municipality: str, topic: str, question: str) -> Answer | None:
    """"The … text does not address a maximum …", then the least the code sets, when the first question asks the most a
    figure of the topic may be and every such figure of this code is a least; None otherwise."""
    asked = first_question(question)
    if not _ASKS_UPPER.search(asked) or re.search(r"\d", asked):
        return None  # (a figure told: "the heat gets to 60 max, is that legal?" compares it)
    units = set(_FORMS.get("upper_bound_units") or ())
    config = kb.topic_config(topic)
    found = [s for key in config.standards for s in kb.standards(key, municipality) if s.unit in units]
    if not found or any(_UPPER.search(s.quote) for s in found) or not all(_LOWER.search(s.quote) for s in found):
        return None
    muni, standard = kb.municipality(municipality), found[0]
    section = kb.section(municipality, standard.citation)
    description = kb.standard_description(standard.key).split(" (")[0]
    silent = not_addressed(muni, f"a maximum for the {description[:1].lower()}{description[1:]}", topic)
    head, *rest = silent.text.split("\n")
    lines = [
        head,
        f"It sets only the least: {standard_line(kb, standard)}.",
        source_line(section.full_citation, shorten(standard.quote)),
        *rest,
    ]
    payload = {**silent.payload, "standards": [standard_payload(standard)], "citations": [citation_payload(section)]}
    return Answer("\n".join(lines), payload)
