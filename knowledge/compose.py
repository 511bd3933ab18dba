"""Compose the assistant's answers from the knowledge base.

Every answer puts the rule in plain words first, then the citation and the verbatim quote
(shortened with an ellipsis where long), and carries a structured payload (municipality,
topic, citations with their full verbatim quotes) for channels to render. When a text is
silent on a question, the answer says so and names that code's enforcing officer; it never
borrows another town's rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from knowledge.citations import with_prefix
from knowledge.kb import Coverage, KnowledgeBase, Municipality, Section, UnknownCitation
from knowledge.rules import Determination, Rule, evaluate

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
    "hang_screens": "supplying and hanging screens",
    "supply_heat": "supplying heat",
    "supply_linens": "supplying bed linen and towels",
    "maintain_vacant_building": "securing and maintaining a vacant building",
    "keep_services_connected": "not shutting off utility services (heat, water, electricity)",
}

# How a condition on a fact reads in plain words: fact -> (phrase when true, when false).
_BOOL_PHRASES = {
    "shared_areas_infested": ("the shared or public parts are infested", "the shared or public parts are not infested"),
    "owner_failure": (
        "the infestation comes from the owner's failure to keep the building rodent-proof or insect-proof",
        "the infestation is not the owner's fault",
    ),
    "maintained_pest_proof": (
        "the dwelling is maintained in a reasonably rat-proof and insect-proof condition",
        "the dwelling is not maintained in a reasonably rat-proof or insect-proof condition",
    ),
    "occupant_caused": ("the occupant caused it", "the occupant did not cause it"),
    "vacant_unit": ("the unit is vacant", "the unit is occupied"),
    "rooming_house": ("it is a rooming house", "it is not a rooming house"),
    "assumed_by_agreement": (
        "the tenant has taken on this duty by agreement with the owner",
        "no agreement shifts this duty",
    ),
}
# How a count condition reads: fact -> (singular, plural) templates with {n}.
_COUNT_PHRASES = {
    "units_in_building": ("the building has {n} dwelling unit", "the building has {n} dwelling units"),
    "units_on_premises": ("{n} dwelling unit is on the premises", "{n} dwelling units share the premises"),
    "infested_units": ("{n} unit is infested", "{n} units are infested"),
}
_OP_WORDS = {
    "eq": "exactly {n}",
    "gte": "{n} or more",
    "gt": "more than {n}",
    "lte": "at most {n}",
    "lt": "fewer than {n}",
    "ne": "other than {n}",
}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


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


def citation_payload(section: Section) -> dict[str, Any]:
    """A citation as channels receive it: what to show, how it is known, the full verbatim text."""
    return {
        "municipality": section.municipality,
        "citation": section.full_citation,
        "section": section.citation,
        "basis": section.basis,
        "heading": section.heading,
        "quote": section.text,
    }


def quote_lines(sections: Iterable[Section], limit: int = QUOTE_LIMIT) -> str:
    """'Source: <citation>: "<quote>"' lines for the given sections."""
    return "\n".join(f'Source: {s.full_citation}: "{shorten(s.text, limit)}"' for s in sections)


def _count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


def describe_condition(fact: str, spec: Any) -> str:
    """One condition of a rule in plain words ("the building has two or more dwelling units")."""
    if fact in _BOOL_PHRASES:
        return _BOOL_PHRASES[fact][0 if spec else 1]
    if isinstance(spec, bool):
        return f"{fact.replace('_', ' ')} is {'true' if spec else 'false'}"
    singular, plural = _COUNT_PHRASES.get(fact, (fact.replace("_", " ") + " is {n}",) * 2)
    if isinstance(spec, (int, float)):
        if fact == "infested_units" and spec == 1:
            return "only one unit is infested"
        return (singular if spec == 1 else plural).format(n=_count(int(spec)))
    words = " and ".join(_OP_WORDS[op].format(n=_count(bound)) for op, bound in spec.items())
    only_one = len(spec) == 1 and list(spec.values())[0] == 1 and list(spec)[0] in ("eq", "lte")
    return (singular if only_one else plural).format(n=words)


def describe_rule(rule: Rule) -> str:
    """What a rule covers and its conditions in plain words ("in every case" when it has neither)."""
    parts = [f"for {rule.scope}"] if rule.scope else []
    if rule.conditions:
        parts.append("when " + " and ".join(describe_condition(f, s) for f, s in rule.conditions.items()))
    return " ".join(parts) or "in every case"


def _officer(muni: Municipality) -> str:
    return muni.office if muni.office == muni.enforcing_officer else f"{muni.office} ({muni.enforcing_officer})"


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
            lines.append(f'Source: {definition.full_citation}: "{shorten(definition.text)}"')
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
            lines.append(f'Source: {section.full_citation}: "{shorten(section.text)}"')
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
        f"The {muni.name} text does not name who is responsible for {what}, but that does not mean no one is: "
        f"the code sets the requirement{where}, and the {_officer(muni)} enforces it and can say who must act."
    )


# Duties a code can require without naming who carries them ("every dwelling shall have heating
# facilities"): where no rule names a party, the answer says what the code requires and who
# enforces it, so it never reads as "nobody has to".
REQUIRED_WITHOUT_PARTY = ("supply_heat", "maintain_supplied_facilities")


def no_figure_line(kb: KnowledgeBase, muni: Municipality, topic: str) -> str:
    """'The City of Amery text states no figure for the temperature …' for a topic answered by one figure."""
    keys = TOPIC_STANDARDS.get(topic, ())
    if len(keys) != 1:
        return ""
    description = kb.standard_description(keys[0])
    return f"The {muni.name} text states no figure for the {description[0].lower() + description[1:]}."


def answer_duty(
    kb: KnowledgeBase,
    municipality: str,
    duty: str,
    facts: Mapping[str, Any],
    topic: str,
    role: str | None = None,
    quote_limit: int = QUOTE_LIMIT,
) -> Answer:
    """Who must carry ``duty`` in a municipality, given what the user told us."""
    muni = kb.municipality(municipality)
    rules = kb.rules(muni.key, duty)
    what = DUTY_PHRASES.get(duty, duty.replace("_", " "))
    if not rules:
        coverage = kb.coverage(muni.key, topic)
        if coverage.addressed and duty in REQUIRED_WITHOUT_PARTY:
            section = coverage.sections[0]
            return Answer(
                no_party_line(muni, what, section) + "\n" + quote_lines([section], quote_limit),
                {
                    "municipality": muni.key,
                    "topic": topic,
                    "addressed": True,
                    "duties": [],
                    "ask_fact": None,
                    "citations": [citation_payload(section)],
                    "duty": duty,
                    "party": None,
                    "decided": False,
                    "deciding_facts": [],
                },
            )
        return not_addressed(muni, f"who is responsible for {what}", topic, coverage)
    determination = evaluate(rules, facts, duty)
    cited = _cited_sections(kb, muni.key, [determination.rule, *(determination.alternatives or rules)])
    text = _duty_text(muni, what, determination, rules, role)
    if determination.deciding_facts:
        text += "\nTo say for sure: " + " ".join(
            kb.fact_question(f, muni.key) for f in determination.deciding_facts[:2]
        )
    text += "\n" + quote_lines(cited, quote_limit)
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "duties": [_duty_payload(determination)],
        "ask_fact": determination.deciding_facts[0] if determination.deciding_facts else None,
        "citations": [citation_payload(s) for s in cited],
        # kept flat for the single-duty case
        "duty": duty,
        "party": determination.party,
        "decided": determination.decided,
        "deciding_facts": determination.deciding_facts,
    }
    return Answer(text, payload)


def _duty_payload(determination: Determination) -> dict[str, Any]:
    return {
        "duty": determination.duty,
        "party": determination.party,
        "parties": determination.parties,
        "decided": determination.decided,
        "deciding_facts": determination.deciding_facts,
    }


def _duty_text(muni: Municipality, what: str, determination: Determination, rules: list[Rule], role: str | None) -> str:
    if determination.party is not None:
        return _decided_text(muni, what, determination, role)
    return _cases_text(muni, what, determination.alternatives or rules)


def _role_note(party: str, role: str | None) -> str:
    if party == "owner_or_occupant":
        return ""
    if role == "tenant":
        return " (that is you, as the tenant)" if party == "occupant" else " (your landlord, not you)"
    if role == "landlord":
        return (
            " (that is you, as the owner)" if party in ("owner", "owner_or_operator", "operator") else " (your tenant)"
        )
    return ""


def _decided_text(muni: Municipality, what: str, determination: Determination, role: str | None = None) -> str:
    assert determination.rule is not None and determination.party is not None
    names = [PARTY_NAMES.get(p, p) for p in determination.parties]
    party = " and ".join(names) + ("" if len(names) > 1 else _role_note(determination.party, role))
    when = describe_rule(determination.rule)
    when = "" if when == "in every case" else f" {when}"
    text = f"In the {muni.name}, {what} is the responsibility of {party}{when}."
    chosen = determination.rule.priority
    by_party: dict[tuple[str, bool], list[str]] = {}
    for alternative in determination.alternatives:
        by_party.setdefault((alternative.party, alternative.priority > chosen), []).append(describe_rule(alternative))
    for (other, overrides), conditions in by_party.items():
        how = "instead" if overrides else "as well"
        text += f" It is {PARTY_NAMES.get(other, other)}'s responsibility {how} {', or '.join(conditions)}."
    return text


def _cases_text(muni: Municipality, what: str, rules: list[Rule]) -> str:
    by_party: dict[str, list[Rule]] = {}
    for rule in sorted(rules, key=lambda r: r.priority):
        by_party.setdefault(rule.party, []).append(rule)
    lines = [f"In the {muni.name}, who is responsible for {what} depends on the building:"]
    top = max(r.priority for r in rules)
    for party, party_rules in by_party.items():
        conditions = "; or ".join(describe_rule(r) for r in party_rules)
        overrides = (
            " (this takes precedence)" if all(r.priority == top for r in party_rules) and len(by_party) > 1 else ""
        )
        lines.append(f"- {PARTY_NAMES.get(party, party).capitalize()}: {conditions}{overrides}.")
    return "\n".join(lines)


def _cited_sections(kb: KnowledgeBase, municipality: str, rules: Iterable[Rule | None]) -> list[Section]:
    seen: list[str] = []
    for rule in rules:
        if rule is not None and rule.citation not in seen:
            seen.append(rule.citation)
    return [kb.section(municipality, c) for c in seen]


def ask_municipality(kb: KnowledgeBase, unknown: str | None = None) -> Answer:
    """Ask which of the covered municipalities the user means (the five names as buttons)."""
    munis = kb.municipalities()
    if unknown:
        text = (
            f"I don't have the housing code of {unknown}. I cover only the {kb.covered_names()}. "
            "Which of these is yours?"
        )
    else:
        text = "Which municipality is the dwelling in?"
    buttons = [{"title": m.name, "payload": f'/inform_municipality{{"municipality": "{m.key}"}}'} for m in munis]
    return Answer(text, {"ask": "municipality", "unknown": unknown}, buttons)


# Topics whose question is (partly) "who must do it": answered by the responsibility rules.
TOPIC_DUTIES: dict[str, tuple[str, ...]] = {
    "pests": ("exterminate",),
    "garbage_rubbish": ("supply_garbage_containers", "supply_rubbish_containers", "dispose_garbage", "dispose_rubbish"),
    "cleanliness": ("clean_shared_areas", "clean_own_unit", "clean_plumbing_fixtures"),
    "access_for_repairs": ("give_access_for_repairs",),
    "inspections": ("give_access_for_inspection",),
    "utility_shutoffs": ("keep_services_connected",),
    "rooming_houses": ("supply_linens",),
    "heating": ("supply_heat",),
    "screens": ("hang_screens",),
    "maintenance": ("maintain_supplied_facilities",),
    "unfit_dwellings": ("maintain_vacant_building",),
    "occupancy_floor_space": ("inform_max_occupants",),
}

# Topics answered (partly) by numeric standards, in the order they are stated.
TOPIC_STANDARDS: dict[str, tuple[str, ...]] = {
    "sleeping_room_size": (
        "sleeping_room_one_occupant",
        "sleeping_room_per_occupant",
        "sleeping_room_each_additional_occupant",
        "sleeping_room_per_occupant_over_age",
        "sleeping_room_per_occupant_under_age",
        "rooming_sleeping_room_one_occupant",
        "rooming_sleeping_room_per_occupant",
        "rooming_sleeping_room_each_additional_occupant",
    ),
    "occupancy_floor_space": (
        "unit_area_first_occupant",
        "unit_area_second_occupant",
        "unit_area_each_additional_occupant",
        "unit_area_min_per_unit",
        "occupant_min_age_years",
        "closet_hall_area_max_pct",
    ),
    "ceiling_height": ("ceiling_height_min_ft", "ceiling_share_of_floor", "floor_excluded_below_ft"),
    "windows_light_ventilation": (
        "window_pct_of_floor",
        "window_min_sqft",
        "skylight_pct_of_floor",
        "openable_pct_of_window",
        "openable_pct_of_floor",
    ),
    "heating": ("heating_temp_f", "heating_design_outdoor_f", "heating_measure_height_in"),
    "hot_water": ("hot_water_temp_f",),
    "notices_hearings_appeals": (
        "hearing_request_days",
        "hearing_held_days",
        "appeal_days",
        "appeal_decision_days",
        "appeal_findings_notice_days",
        "compliance_days",
    ),
    "penalties": ("fine_min", "fine_max", "fine_repeat_min", "fine_repeat_max"),
    "unfit_dwellings": (
        "vacate_days",
        "vacant_building_days",
        "secure_damaged_building_days",
        "emergency_order_max_days",
    ),
    "rooming_houses": (
        "permit_term_years",
        "rooming_persons_per_toilet",
        "rooming_persons_per_lavatory",
        "rooming_persons_per_bath",
        "rooming_linens_changes_per_week",
    ),
    "rental_licensing": ("license_term_years", "license_fee", "permit_term_years"),
    "stairs_handrails_exits": ("handrail_height_in", "guardrail_height_in", "rooming_unit_min_exits"),
    "electrical": ("habitable_room_min_outlets",),
    "public_halls_lighting": ("public_hall_light_footcandles",),
    "basements": ("basement_floor_max_below_grade_ft", "basement_ceiling_min_above_grade_ft"),
}

CHAT_QUOTES = 3


def answer_topic(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    facts: Mapping[str, Any] | None = None,
    role: str | None = None,
) -> Answer:
    """Answer a topic question for one municipality from its own text, or say the text is silent.

    The rule in plain words comes first (who must do what, and the numbers), then the
    citations with verbatim quotes. A clerk gets every section in full.
    """
    muni = kb.municipality(municipality)
    coverage = kb.coverage(muni.key, topic)
    facts = facts or {}
    long_form = role == "clerk"
    limit = 100_000 if long_form else QUOTE_LIMIT
    duties = [d for d in TOPIC_DUTIES.get(topic, ()) if kb.rules(muni.key, d)]
    standards = [s for key in TOPIC_STANDARDS.get(topic, ()) for s in kb.standards(key, muni.key)]
    if not coverage.addressed and not duties and not standards:
        return not_addressed(muni, coverage.description.lower(), topic, coverage)
    if duties == list(TOPIC_DUTIES.get(topic, ())) == [TOPIC_DUTIES.get(topic, ("",))[0]] and not standards:
        return answer_duty(kb, muni.key, duties[0], facts, topic, role, limit)

    lines: list[str] = [f"In the {muni.name}, on {coverage.description[0].lower() + coverage.description[1:]}:"]
    if not standards and not duties and no_figure_line(kb, muni, topic):
        lines.insert(0, no_figure_line(kb, muni, topic))
    cited: list[Section] = []
    for standard in standards:
        lines.append(
            f"- {kb.standard_description(standard.key)}: {standard.value_text}"
            + (f" ({standard.conditions})" if standard.conditions else "")
        )
        cited.append(kb.section(muni.key, standard.citation))
    determinations = []
    for duty in duties:
        rules = kb.rules(muni.key, duty)
        determination = evaluate(rules, facts, duty)
        determinations.append(determination)
        what = DUTY_PHRASES.get(duty, duty.replace("_", " "))
        sentence = _duty_text(muni, what, determination, rules, role).replace(f"In the {muni.name}, ", "", 1)
        lines.append("- " + sentence[0].upper() + sentence[1:].replace("\n- ", "\n    - "))
        cited.extend(_cited_sections(kb, muni.key, [determination.rule, *(determination.alternatives or rules)]))
    for duty in TOPIC_DUTIES.get(topic, ()):
        if duty not in duties and duty in REQUIRED_WITHOUT_PARTY and (cited or coverage.sections):
            required = (cited or list(coverage.sections))[0]
            lines.append("- " + no_party_line(muni, DUTY_PHRASES.get(duty, duty), required))
            if required not in cited:
                cited.append(required)
        elif duty not in duties:
            lines.append(f"- The {muni.name} text does not say who is responsible for {DUTY_PHRASES.get(duty, duty)}.")
    if not standards and not duties:
        lines.append(
            f"The code addresses it in {len(coverage.sections)} section{'s' if len(coverage.sections) != 1 else ''}:"
        )
    cited = _unique([*cited, *coverage.sections]) if (long_form or not cited) else _unique(cited)
    shown = cited if long_form else cited[:CHAT_QUOTES]
    lines.append(quote_lines(shown, limit))
    if len(cited) > len(shown):
        lines.append(f'(and {len(cited) - len(shown)} more: say "quote the section" for the full text)')
    ask = next((d.deciding_facts[0] for d in determinations if d.deciding_facts), None)
    if ask:
        lines.append("To say for sure: " + kb.fact_question(ask, muni.key))
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "standards": [
            {"key": s.key, "value": s.value, "unit": s.unit, "value_text": s.value_text, "citation": s.citation}
            for s in standards
        ],
        "duties": [_duty_payload(d) for d in determinations],
        "ask_fact": ask,
        "citations": [citation_payload(s) for s in _unique([*cited, *coverage.sections])],
    }
    return Answer("\n".join(lines), payload)


def _unique(sections: Iterable[Section]) -> list[Section]:
    seen: dict[tuple[str, str], Section] = {}
    for section in sections:
        seen.setdefault((section.municipality, section.citation), section)
    return list(seen.values())


def full_quotes(citations: Iterable[Mapping[str, Any]]) -> Answer:
    """The full verbatim text of the citations of the last answer ("quote the section")."""
    cited = [c for c in citations if c.get("quote")]
    if not cited:
        return Answer('Which section? Ask me a question first, or name one, like "show me 190-9".')
    text = "\n\n".join(f'{c["citation"]} ({c.get("heading", "")}):\n"{c["quote"]}"' for c in cited)
    return Answer(
        text, {"municipality": cited[0]["municipality"], "topic": "quote", "addressed": True, "citations": list(cited)}
    )


def _definition_payload(kb: KnowledgeBase, definition: Any) -> dict[str, Any]:
    muni = kb.municipality(definition.municipality)
    return {
        "municipality": muni.key,
        "citation": definition.full_citation or with_prefix(muni.citation_prefix, definition.citation),
        "section": definition.citation,
        "basis": definition.basis,
        "heading": f"definition of {definition.term}",
        "quote": definition.text,
    }


def answer_definition(kb: KnowledgeBase, term: str | None, municipality: str | None = None) -> Answer:
    """What a term means: in one municipality's code, or in each of the five."""
    if not term:
        return Answer("Which term? For example: habitable room, infestation, rubbish, dwelling unit, occupant.")
    munis = [kb.municipality(municipality)] if municipality else kb.municipalities()
    lines, cited = [], []
    for muni in munis:
        found = kb.definitions(term, muni.key)
        if not found:
            lines.append(f'{muni.name}: the text does not define "{term}".')
            continue
        payload = _definition_payload(kb, found[0])
        cited.append(payload)
        lines.append(f'{muni.name} — {found[0].term} ({payload["citation"]}): "{shorten(found[0].text)}"')
    if not cited:
        officer = munis[0].office if len(munis) == 1 else "enforcing officer"
        return Answer(
            f"The text{'s' if len(munis) > 1 else ''} I have do{'' if len(munis) > 1 else 'es'} not define "
            f'"{term}". Ask the {officer}.',
            {
                "topic": "definition",
                "term": term,
                "addressed": False,
                "citations": [],
                "municipality": munis[0].key if len(munis) == 1 else None,
            },
        )
    intro = f'What "{term}" means in the housing code{"s" if len(munis) > 1 else ""}:'
    payload = {
        "municipality": munis[0].key if len(munis) == 1 else None,
        "topic": "definition",
        "term": term,
        "addressed": True,
        "citations": cited,
    }
    return Answer("\n".join([intro, *lines]), payload)


def answer_section(kb: KnowledgeBase, citation: str, municipality: str | None = None) -> Answer:
    """A section by number, verbatim, with the units under it."""
    keys = kb.municipalities_for_citation(citation) or ([municipality] if municipality else [])
    if not keys:
        return Answer(
            f'I couldn\'t tell which code "{citation}" is from. Section numbers I know start with '
            "190- (Town of Holland), 12. (Town of Howard), 258- (City of Amery) and 205- (City of Muskego); "
            "the Village of Dresser extract cites by heading. Name the municipality too."
        )
    muni = kb.municipality(keys[0])
    try:
        section = kb.section(muni.key, citation)
    except UnknownCitation:
        return Answer(
            f"The {muni.name} text I have has no section {citation}. The extract may be cut off there; "
            f"the {muni.office} has the full code.",
            {"municipality": muni.key, "topic": "section", "addressed": False, "citations": []},
        )
    children = kb.children(muni.key, section.citation)
    lines = [f"{section.full_citation} — {section.heading}", f'"{section.text}"']
    if section.basis in ("inferred", "unknown"):
        lines.append(
            "(The extract does not print this section's number or letter; it is identified from its place in the text.)"
        )
    for child in children[:8]:
        lines.append(f'- {child.display}: "{shorten(child.text, 200)}"')
    if len(children) > 8:
        lines.append(f'(and {len(children) - 8} more parts: say "quote the section")')
    cited = [section, *children]
    return Answer(
        "\n".join(lines),
        {
            "municipality": muni.key,
            "topic": "section",
            "addressed": True,
            "citations": [citation_payload(s) for s in cited],
        },
    )


def answer_comparison(kb: KnowledgeBase, topic: str) -> Answer:
    """One line per municipality on a topic, with its citation, or "not addressed"."""
    description = kb.topics()[topic]
    lines = [f"{description} — the five codes side by side:"]
    cited: list[Section] = []
    for muni in kb.municipalities():
        answer = answer_topic(kb, muni.key, topic)
        payload = answer.payload
        if not payload.get("addressed"):
            defined = kb.coverage(muni.key, topic)
            if defined.defines:
                lines.append(f"- {muni.name}: not addressed: {_defined_terms(muni, defined)} (ask the {muni.office}).")
            else:
                lines.append(f"- {muni.name}: not addressed in this text (ask the {muni.office}).")
            continue
        parts = [
            f"{s['value_text']}" + (f" ({kb.standard_description(s['key']).split(' (')[0].lower()})")
            for s in payload.get("standards", [])[:2]
        ]
        for duty in payload.get("duties", [])[:1]:
            who = " and ".join(PARTY_NAMES.get(p, p) for p in duty["parties"])
            if not duty["party"]:
                who = "depends on the building"
            elif not duty["decided"]:
                who = f"{who}, unless the facts shift it (ask me)"
            parts.append(f"{DUTY_PHRASES.get(duty['duty'], duty['duty'])}: {who}")
        if not payload.get("duties") and TOPIC_DUTIES.get(topic):
            duty = TOPIC_DUTIES[topic][0]
            if duty in REQUIRED_WITHOUT_PARTY:
                parts.append(f"requires it but names no one for {DUTY_PHRASES.get(duty)} (ask the {muni.office})")
            else:
                parts.append(f"does not say who is responsible for {DUTY_PHRASES.get(duty)}")
        first = payload["citations"][0]
        summary = "; ".join(parts) if parts else f"addressed in {len(payload['citations'])} section(s)"
        lines.append(f"- {muni.name}: {summary} — {first['citation']}")
        cited.append(kb.section(muni.key, first["section"]))
    return Answer(
        "\n".join(lines),
        {
            "municipality": None,
            "topic": topic,
            "comparison": True,
            "addressed": True,
            "citations": [citation_payload(s) for s in cited],
        },
    )


# Words that name a topic in a comparison request ("compare bedroom sizes across towns").
TOPIC_KEYWORDS: dict[str, tuple[str, ...]] = {
    "pests": ("pest", "exterminat", "roach", "mice", "mouse", "rat", "bug", "insect", "rodent", "infest"),
    "sleeping_room_size": ("bedroom", "sleeping room", "sleep"),
    "occupancy_floor_space": ("floor space", "occupan", "overcrowd", "how many people", "floor area", "per person"),
    "ceiling_height": ("ceiling",),
    "windows_light_ventilation": ("window", "ventilat", "skylight", "natural light"),
    "heating": ("heat", "furnace", "temperature", "warm"),
    "hot_water": ("hot water", "water heat"),
    "bathroom_kitchen_facilities": ("bathroom", "kitchen", "toilet", "sink", "shower", "bathtub", "stove"),
    "garbage_rubbish": ("garbage", "trash", "rubbish", "refuse", "bins", "cans"),
    "cleanliness": ("clean", "sanitary"),
    "maintenance": ("repair", "maintenance", "roof", "leak"),
    "access_for_repairs": ("access", "let in", "entry", "enter"),
    "inspections": ("inspect",),
    "notices_hearings_appeals": ("appeal", "hearing", "notice"),
    "penalties": ("fine", "penalt", "forfeiture"),
    "unfit_dwellings": ("unfit", "condemn", "placard", "vacant", "vacate"),
    "utility_shutoffs": ("shut off", "shutoff", "utilit", "disconnect"),
    "rooming_houses": ("rooming", "boarding"),
    "rental_licensing": ("licens", "registr", "permit"),
    "basements": ("basement", "cellar"),
    "stairs_handrails_exits": ("stair", "handrail", "railing", "exit", "egress"),
    "screens": ("screen",),
    "electrical": ("outlet", "electric", "wiring"),
    "public_halls_lighting": ("hallway light", "hall light", "public hall", "lighting"),
}


def topic_from_text(text: str) -> str | None:
    """The topic a free-text request names by its words, or None (most specific keyword wins)."""
    lowered = text.lower()
    best: tuple[int, str] | None = None
    for topic, words in TOPIC_KEYWORDS.items():
        for word in words:
            if word in lowered and (best is None or len(word) > best[0]):
                best = (len(word), topic)
    return best[1] if best else None
