"""What every answer is made of: the :class:`Answer` type, quoting and citation helpers, and the
honest "the text does not address …" answer that names the enforcing officer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from knowledge.answer_parts import source_line
from knowledge.kb import Coverage, KnowledgeBase, Municipality, Section

DISCLAIMER = "This is general information from the ordinance text, not legal advice."
QUOTE_LIMIT = 420

PARTY_NAMES = {
    "owner": "the owner",
    "operator": "the operator",
    "occupant": "the occupant (the tenant)",
    "owner_or_operator": "the owner or operator",
    "owner_or_occupant": "the owner or the occupant (the tenant)",
}

DUTY_PHRASES = {
    "exterminate": "exterminating insects, rodents and other pests",
    "supply_garbage_containers": "supplying garbage containers",
    "supply_rubbish_containers": "supplying rubbish containers",
    "dispose_garbage": "disposing of garbage",
    "dispose_rubbish": "disposing of rubbish",
    "clean_shared_areas": "keeping the shared or public areas clean",
    "clean_own_unit": "keeping one's own part of the dwelling clean",
    "clean_plumbing_fixtures": "keeping plumbing fixtures clean",
    "give_access_for_repairs": "giving access for repairs",
    "give_access_for_inspection": "giving the inspector access",
    "inform_max_occupants": "telling occupants the maximum number allowed",
    "maintain_supplied_facilities": "maintaining supplied facilities",
    "keep_in_repair": "keeping the structure in good repair",
    "hang_screens": "supplying and hanging screens",
    "supply_heat": "supplying heat",
    "use_heating_facilities": "the proper use and operation of the heating facilities",
    "supply_linens": "supplying bed linen and towels",
    "maintain_bedding": "keeping supplied bedding clean and sanitary",
    "maintain_vacant_building": "securing and maintaining a vacant building",
    "keep_services_connected": "not shutting off utility services (heat, water, electricity)",
}


@dataclass
class Answer:
    """What the assistant says: text, optional quick-reply buttons, and a structured payload."""

    text: str
    payload: dict[str, Any] = field(default_factory=dict)
    buttons: list[dict[str, str]] = field(default_factory=list)


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Shorten a verbatim text at a word boundary, marking the cut with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + " …"


def standard_payload(standard: Any) -> dict[str, Any]:
    """A numeric standard as channels receive it in an answer's payload."""
    return {
        "key": standard.key,
        "value": standard.value,
        "unit": standard.unit,
        "value_text": standard.value_text,
        "citation": standard.citation,
    }


def standard_line(kb: KnowledgeBase, standard: Any) -> str:
    """ "floor area of a sleeping room used by one occupant: at least 70 square feet (conditions)"."""
    description = kb.standard_description(standard.key).split(" (")[0]
    conditions = f" ({plain(kb, standard.conditions)})" if standard.conditions else ""
    words = _plain_value(kb, standard)
    said = f", that is {words}" if words and words not in standard.value_text else ""  # "once each week, that is weekly"
    return f"{_lower_first(description)}: {standard.value_text}{said}{conditions}"


def _plain_value(kb: KnowledgeBase, standard: Any) -> str:
    """A standard's value in everyday words, where the vocabulary gives them (``plain``: 1 per week is "weekly")."""
    table = ((kb.meta("standards") or {}).get(standard.key) or {}).get("plain") or {}  # (its keys JSON strings: "1")
    value = standard.value
    key = str(int(value)) if isinstance(value, (int, float)) and float(value).is_integer() else str(value)
    return str(table.get(key) or "")


def citation_payload(section: Section) -> dict[str, Any]:
    """A citation as channels receive it: what to show, how it is known, the full verbatim text."""
    return {
        "municipality": section.municipality,
        "citation": section.full_citation,
        "section": section.citation,
        "basis": section.basis,
        "heading": section.heading,
        "quote": section.text,
        # Where the text comes from: chapter, adoption date where the text states it, "an extract".
        "provenance": section.provenance,
    }


def quote_lines(sections: Iterable[Section], limit: int = QUOTE_LIMIT) -> str:
    """'Source: <citation>: "<quote>"' lines for the given sections."""
    return "\n".join(source_line(s.full_citation, shorten(s.text, limit)) for s in sections)


def _officer(muni: Municipality) -> str:
    return muni.contact  # the office, named once


def _defined_terms(muni: Municipality, coverage: Coverage) -> str:
    """'the Village of Dresser code defines "GARBAGE" and "RUBBISH" but sets no duty or standard for them'."""
    terms = [f'"{d.term}"' for d in coverage.defines]
    joined = terms[0] if len(terms) == 1 else ", ".join(terms[:-1]) + " and " + terms[-1]
    return (
        f"the {muni.name} code defines {joined} but sets no duty or standard for {'it' if len(terms) == 1 else 'them'}"
    )


def not_addressed(muni: Municipality, what: str, topic: str, coverage: Coverage | None = None) -> Answer:
    """The honest answer when a municipality's text is silent on a question.

    Where the code only defines the terms of the topic, the answer says so and quotes the
    definitions; where the file notes what the text does say (e.g. that the extract leaves the
    penalty out), the note and its sections are given.
    """
    officer = _officer(muni)
    lines = [f"The {muni.name} housing code text I have does not address {what}."]
    cited: list[dict[str, Any]] = []
    if coverage is not None and coverage.defines:
        lines[0] = (
            f"The {muni.name} housing code text I have does not address {what}: {_defined_terms(muni, coverage)}."
        )
        for definition in coverage.defines:
            lines.append(source_line(definition.full_citation, shorten(definition.text)))
            cited.append(
                {
                    "municipality": muni.key,
                    "citation": definition.full_citation,
                    "section": definition.citation,
                    "basis": definition.basis,
                    "heading": f"definition of {definition.term}",
                    "quote": definition.text,
                }
            )
    if coverage is not None and coverage.note:
        lines[0] = lines[0].rstrip(".") + f": {coverage.note}."
    if coverage is not None:
        for section in coverage.note_sections:
            lines.append(source_line(section.full_citation, shorten(section.text)))
            cited.append(citation_payload(section))
    lines.append(f"For an answer, ask the {officer}, who enforces the {muni.name} code.")
    payload: dict[str, Any] = {"municipality": muni.key, "topic": topic, "addressed": False, "citations": cited}
    if coverage is not None and coverage.defines:
        payload["defines"] = [d.term for d in coverage.defines]
    return Answer("\n".join(lines), payload)


def no_party_line(muni: Municipality, what: str, section: Section | None) -> str:
    """Where the code sets a requirement but names no one to carry it: never "nobody has to"."""
    where = f" ({section.full_citation})" if section is not None else ""
    return (
        f"The {muni.name} text does not address who is responsible for {what}, but that does not mean no one is: "
        f"the code sets the requirement{where}, and the {_officer(muni)} enforces it and can say who must act."
    )


# Duties a code can require without naming who carries them ("every dwelling shall have heating
# facilities"): where no rule names a party, the answer says what the code requires and who
# enforces it, so it never reads as "nobody has to".
REQUIRED_WITHOUT_PARTY = ("supply_heat", "maintain_supplied_facilities", "keep_in_repair")


def no_figure_line(kb: KnowledgeBase, muni: Municipality, topic: str) -> str:
    """'The City of Amery text states no figure for the temperature …' for a topic answered by one figure."""
    keys = kb.topic_config(topic).standards if topic in kb.topics() else ()
    if len(keys) != 1:
        return ""
    description = kb.standard_description(keys[0])
    return f"The {muni.name} text states no figure for the {description[0].lower() + description[1:]}."


_INTERNAL_KEY = re.compile(r"\b(?:see )?([a-z]+(?:_[a-z0-9]+)+)\b")


def plain(kb: KnowledgeBase, text: str) -> str:
    """Text fit to show: an internal key (``heating_measure_height_in``) becomes what it stands for."""

    def spell(match: re.Match[str]) -> str:
        key = match.group(1)
        description = kb.standard_description(key)
        if description == key.replace("_", " "):
            return key.replace("_", " ")
        return ("see " if match.group(0).startswith("see ") else "") + "the " + _lower_first(description.split(" (")[0])

    return _INTERNAL_KEY.sub(spell, text)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text


def _unique(sections: Iterable[Section]) -> list[Section]:
    seen: dict[tuple[str, str], Section] = {}
    for section in sections:
        seen.setdefault((section.municipality, section.citation), section)
    return list(seen.values())


def no_match(muni: Municipality, question: str, topic: str) -> Answer:
    """The honest answer when no provision of a code matches the question: it does not address it (for the
    clerk's review list)."""
    answer = not_addressed(muni, f'this question ("{_clip(question)}")', topic)
    answer.payload.update({"review": "no_match", "question": _clip(question, 200)})
    return answer


def _clip(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"
