"""The dialogue: what a conversation has said about a space check, kept, merged and checked."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from knowledge.kb import KnowledgeBase
from knowledge.parsing import MAX_AGE_YEARS, Room
from knowledge.space.context import (
    sqft,
)
from knowledge.space.results import (
    MAX_UNIT_AREA_SQFT,
    MAX_UNIT_OCCUPANTS,
    NEED_INFO,
    NEEDS_AGES,
    NOT_ADDRESSED,
    TEXT_SILENT,
    SpaceResult,
)
from knowledge.space.sleeping import sleeping_room, sleeping_rooms
from knowledge.space.unit import dwelling_unit


def age_thresholds(kb: KnowledgeBase, municipality: str) -> list[float]:
    """The ages at which the municipality's space figures change (who is an occupant; over/under an age)."""
    cuts: set[float] = set()
    for row in kb.standards(municipality=kb.municipality(municipality).key):
        if row.key in ("occupant_min_age_years",) or row.key.endswith("age_threshold_years"):
            if isinstance(row.value, (int, float)):
                cuts.add(float(row.value))
        age = row.params.get("age") if isinstance(row.params, dict) else None
        if isinstance(age, (int, float)) and not isinstance(age, bool):
            cuts.add(float(age))
    return sorted(cuts)


def per_unit_only(kb: KnowledgeBase, municipality: str) -> bool:
    """True when the municipality's dwelling-unit figure is per unit, not per occupant (no head count needed)."""
    keys = {row.key for row in kb.standards(municipality=kb.municipality(municipality).key)}
    return "unit_area_min_per_unit" in keys and "unit_area_first_occupant" not in keys


def household_facts(household: Any) -> list[list[Any]] | None:
    """A household as JSON-safe facts ([[band, age], …]) for the conversation's memory; None if unknown."""
    if household is None or not household.complete or not household.persons:
        return None
    return [[p.band, p.age] for p in household.persons]


def clean_facts(value: Any) -> dict[str, Any]:
    """A space check's remembered facts, kept only where they have the right shape (memory may hold anything)."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, Any] = {}
    if value.get("kind") in ("bedroom", "unit"):
        out["kind"] = value["kind"]
    rooms = value.get("rooms")
    if isinstance(rooms, list) and all(isinstance(r, str) and len(r) <= 200 for r in rooms) and len(rooms) <= 10:
        out["rooms"] = rooms
    persons = value.get("persons")
    if (
        isinstance(persons, list)
        and 0 < len(persons) <= MAX_UNIT_OCCUPANTS
        and all(
            isinstance(p, list)
            and len(p) == 2
            and isinstance(p[0], str)
            and (
                p[1] is None
                or (isinstance(p[1], (int, float)) and not isinstance(p[1], bool) and 0 <= p[1] <= MAX_AGE_YEARS)
            )
            for p in persons
        )
    ):
        out["persons"] = persons
    for key in ("closet_hall_sqft", "low_ceiling_sqft"):
        v = value.get(key)
        if (
            isinstance(v, (int, float))
            and not isinstance(v, bool)
            and math.isfinite(v)
            and 0 <= v <= MAX_UNIT_AREA_SQFT
        ):
            out[key] = float(v)
    for key in ("rooming", "minimum", "capacity", "ages_asked"):
        if isinstance(value.get(key), bool):
            out[key] = value[key]
    return out


def merge_request(request: Any, last: dict[str, Any] | None) -> dict[str, Any]:
    """The facts of a space check: what ``request`` (a parsed message) says, over the last check's facts.

    A follow-up keeps the last room and people unless it changes them: "and for 3 people?" replaces the
    people, "what if the baby moves in with us?" adds the baby, "the other bedroom is 8x9" replaces the room.
    A message that is not a follow-up starts afresh.
    """
    last = clean_facts(last) if request.follow_up else {}
    people = household_facts(request.household)
    # "what if the baby moves in with us?" adds the baby; "a 4th roommate moves in" (a total) is everyone
    if people is not None and request.household.adding and not request.household.total and last.get("persons"):
        people = list(last["persons"]) + [[p.band, p.age] for p in request.household.newcomers]
    corrected = _corrected_ages(request, last)
    if corrected:  # "wait, actually our youngest is only 8 months old, not 2"
        people = corrected
    if people is not None and _same_people_unaged(people, last.get("persons")):
        people = [list(p) for p in last["persons"]]  # "is the room too small for 2 kids?" after their ages were told
    children = _children_of_last(request, last) if people is None else None
    if children:  # "the kids share a bedroom, how big does that room need to be?" after the household's check
        people, request = children, dataclasses.replace(request, kind="bedroom")
    rooms = [r.source_text for r in request.rooms]
    return {
        "kind": request.kind or last.get("kind"),
        "rooms": rooms or last.get("rooms") or [],
        "persons": people
        if people is not None
        else (None if request.rooms and not request.follow_up else last.get("persons")),
        "closet_hall_sqft": request.closet_hall_sqft
        if request.rooms
        else (request.closet_hall_sqft or last.get("closet_hall_sqft")),
        "low_ceiling_sqft": request.low_ceiling_sqft
        if request.rooms
        else (request.low_ceiling_sqft or last.get("low_ceiling_sqft")),
        "rooming": request.rooming or bool(last.get("rooming")),
        # "how big for two adults?" … "and if our two nephews move in too?": still the minimum, for them all
        "minimum": request.wants_minimum or (not rooms and not last.get("rooms") and bool(last.get("minimum"))),
        "capacity": request.wants_capacity,
        "ages": [],
    }


def _same_people_unaged(people: list[list[Any]], last: Any) -> bool:
    """Whether a follow-up names the last check's people again without their ages (the same bands, none aged)."""
    if not last or len(people) != len(last) or any(p[1] is not None for p in people):
        return False
    return sorted(str(p[0]) for p in people) == sorted(str(p[0]) for p in last)


def _corrected_ages(request: Any, last: dict[str, Any]) -> list[list[Any]] | None:
    """The last check's people with the one age a follow-up corrects (``SpaceRequest.corrects_age``); None when it
    corrects none."""
    whose = getattr(request, "corrects_age", None)
    persons = [list(p) for p in last.get("persons") or []]
    if whose is None or len(persons) < 2:
        return None
    from knowledge.parsing import band_span

    def age_of(person: list[Any]) -> float:
        return float(person[1]) if person[1] is not None else float(sum(band_span(str(person[0]))) / 2)

    if whose == "unstated":
        unstated = [k for k, p in enumerate(persons) if p[1] is None]
        if not unstated:
            return None
        index = unstated[-1]
    else:
        order = sorted(range(len(persons)), key=lambda k: age_of(persons[k]))
        index = order[0] if whose == "youngest" else order[-1]
    persons[index] = [persons[index][0], request.household.persons[0].age]
    return persons


def _children_of_last(request: Any, last: dict[str, Any]) -> list[list[Any]] | None:
    """The children of the last check's people, when a follow-up says only they share the room ("the kids share a
    bedroom"); None otherwise."""
    from knowledge.parsing import Person
    from knowledge.parsing.household import children_of

    if not getattr(request, "children_only", False) or not last.get("persons"):
        return None
    persons = [Person(str(band), age) for band, age in last["persons"]]
    return [[p.band, p.age] for p in children_of(persons)] or None


def _people_and_ages(kb: KnowledgeBase, municipality: str, facts: dict[str, Any]) -> tuple[int | None, list[float]]:
    from knowledge.parsing import Household, Person, resolve_ages

    persons = facts.get("persons")
    if not persons:
        return None, list(facts.get("ages") or [])
    household = Household(tuple(Person(str(band), age) for band, age in persons))
    stated = [float(a) for a in facts.get("ages") or []]
    if stated:  # ages given in answer to "how old is each?": they fill the people whose age was not stated
        filled, rest = [], list(stated)
        for person in household.persons:
            if person.age is None and rest:
                filled.append(Person(person.band, rest.pop(0)))
            else:
                filled.append(person)
        household = Household(tuple(filled))
    rule = kb.standard(municipality, "occupant_min_age_years") if hasattr(kb, "standard") else None
    counted_over = float(rule.value) if rule is not None and isinstance(rule.value, (int, float)) else None
    return resolve_ages(household, age_thresholds(kb, municipality), counted_over)


def _note_counted_young(kb: KnowledgeBase, municipality: str, facts: dict[str, Any], result: SpaceResult) -> None:
    """Say so when a young child whose age was not given (a baby, a toddler) was counted as an occupant."""
    rule = kb.standard(municipality, "occupant_min_age_years")
    if rule is None or rule.value is None or result.verdict == NEED_INFO or result.numbers.get("occupants") is None:
        return
    from knowledge.parsing import band_name, band_span

    stated = len(facts.get("ages") or [])  # ages given in answer to "how old is each?" fill the unknown ones
    unknown = [str(band) for band, age in facts.get("persons") or [] if age is None][stated:]
    young = sorted({band_name(band) for band in unknown if band_name(band) != "person" and band_span(band)[0] <= rule.value})
    if young and not any("counted every person" in n for n in result.notes):
        result.notes.append(
            f"I counted the {' and the '.join(young)} as {'an occupant' if len(young) == 1 else 'occupants'}. The {result.municipality_name} code counts only "
            f"persons over {rule.value_text} of age, so a child {rule.value_text} old or younger does not count."
        )


def check(kb: KnowledgeBase, municipality: str, facts: dict[str, Any]) -> SpaceResult | list[SpaceResult]:
    """Run the calculator on a conversation's facts (see :func:`merge_request`) for one municipality."""
    from knowledge.parsing import interpret_dimensions, parse_rooms

    rooms: list[Room] = []
    for text in facts.get("rooms") or []:
        found = parse_rooms(str(text)) or [interpret_dimensions(str(text))]
        rooms.extend(found)
    people, ages = _people_and_ages(kb, municipality, facts)
    low = facts.get("low_ceiling_sqft")
    closet = facts.get("closet_hall_sqft")
    if facts.get("kind") == "unit" and not facts.get("rooming"):
        area: Any = rooms if len(rooms) > 1 else (rooms[0] if rooms else None)
        unit = dwelling_unit(kb, municipality, area, people, ages, low_area=low, closet_hall_area=closet)
        _note_counted_young(kb, municipality, facts, unit)
        return unit
    rooming = bool(facts.get("rooming"))
    if len(rooms) > 1:
        return sleeping_rooms(kb, municipality, rooms, people, ages, rooming=rooming)
    result = sleeping_room(kb, municipality, rooms[0] if rooms else None, people, ages, rooming=rooming, low_area=low)
    _note_counted_young(kb, municipality, facts, result)
    if closet and rooms and result.verdict != NEED_INFO:
        result.notes.append(
            f"I checked the room's own floor area ({rooms[0].describe()}); the closet or hall "
            f"({sqft(closet)}) is not part of that figure."
        )
    return result


def missing(kb: KnowledgeBase, municipality: str | None, facts: dict[str, Any]) -> list[str]:
    """What the space check still needs to ask: any of "space_size", "occupants", "ages", in that order.

    No size is asked when the minimum is asked for ("how many square feet do two kids need"); no head
    count when the capacity is asked for, or when the municipality's figure is per dwelling unit; ages
    only when the calculator's result says it needs them (its ``needs``, not the words of its question).
    """
    need: list[str] = []
    if municipality:  # a code with no figure for this kind of space answers that at once ("max people in a Dresser apt?")
        probe = check(kb, municipality, {**facts, "minimum": True, "persons": facts.get("persons") or [["adult", None]]})
        first = probe[0] if isinstance(probe, list) else probe
        if first.verdict == NOT_ADDRESSED and first.reason == TEXT_SILENT:
            return need
    unit = facts.get("kind") == "unit" and not facts.get("rooming")
    per_unit = bool(municipality) and unit and per_unit_only(kb, str(municipality))
    if not facts.get("rooms") and not facts.get("minimum"):
        need.append("space_size")
    if not facts.get("persons") and not facts.get("capacity") and not per_unit:
        need.append("occupants")
    if municipality and not need:
        result = check(kb, municipality, facts)
        first = result[0] if isinstance(result, list) else result
        if first.verdict == NEED_INFO and NEEDS_AGES in first.needs:
            need.append("ages")
    return need
