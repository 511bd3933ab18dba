"""Who counts as an occupant, a child at exactly the occupant age, and the checks of a room's area."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from knowledge.kb import KnowledgeBase
from knowledge.parsing import MAX_AGE_YEARS, Room, fmt_number
from knowledge.space.context import (
    _age_words,
    _area_of,
    _check_area,
    _check_part_area,
    _Ctx,
    _is_int,
    sqft,
)
from knowledge.space.results import (
    FAILS,
    MAX_ROOM_AREA_SQFT,
    MEETS,
    MORE_INFO,
    NEED_INFO,
    NEEDS_AGES,
    NEEDS_OCCUPANTS,
    NEEDS_SIZE,
    NOT_ADDRESSED,
    TEXT_UNSETTLED,
    SpaceResult,
    _unique,
)


@dataclass
class _Occupants:
    persons: int
    counted: list[float | None]  # ages of the persons who count as occupants (None: not given)
    excluded: list[float]  # ages of persons who do not count


def _occupants(ctx: _Ctx, people: int | None, ages: Sequence[float] | None, limit: int) -> _Occupants | SpaceResult:
    """Count the occupants from a head count and/or ages, applying ``occupant_min_age_years``."""
    ages = list(ages or [])
    for age in ages:
        if isinstance(age, bool) or not isinstance(age, (int, float)) or not math.isfinite(age):
            return ctx.need_info("I could not read one of the ages. How old is each person?", needs=(NEEDS_AGES,))
        if age < 0 or age > MAX_AGE_YEARS:
            return ctx.need_info(f"An age of {fmt_number(age)} years is not possible. How old is each person?", needs=(NEEDS_AGES,))
    if people is not None:
        if not _is_int(people):
            return ctx.need_info("How many people? Give a whole number.", needs=(NEEDS_OCCUPANTS,))
        if people <= 0:
            return ctx.need_info(f"{people} people is not a number of occupants I can check. How many people?", needs=(NEEDS_OCCUPANTS,))
        if people > limit:
            return ctx.need_info(f"{people} people is more than I can check here (at most {limit}). Please check.", needs=(NEEDS_OCCUPANTS,))
        if people < len(ages):
            return ctx.need_info(
                f"You said {people} {'person' if people == 1 else 'people'} but gave {len(ages)} ages. "
                "How many people are there?",
                needs=(NEEDS_OCCUPANTS,),
            )
    persons = people if people is not None else len(ages)
    if persons > limit:
        return ctx.need_info(f"{persons} people is more than I can check here (at most {limit}). Please check.", needs=(NEEDS_OCCUPANTS,))
    known: list[float | None] = [float(a) for a in ages] + [None] * (persons - len(ages))
    rule = ctx.std("occupant_min_age_years")
    if rule is None or rule.value is None:
        return _Occupants(persons, known, [])
    boundary = [a for a in known if a is not None and _at_age(a, rule.value)]
    counted = [a for a in known if a is None or (a > rule.value and not _at_age(a, rule.value))]
    counted += boundary if ctx.boundary_counts else []
    excluded = [a for a in known if a is not None and a < rule.value and not _at_age(a, rule.value)]
    over = f"over {rule.value_text} of age"
    if boundary:
        ctx.use(rule)
    if excluded:
        ctx.use(rule)
        names = ", ".join(f"the {_age_words(a)}" for a in excluded)
        ctx.note(
            f"Not counted as {'an occupant' if len(excluded) == 1 else 'occupants'}: {names}. The {ctx.muni.name} "
            f"code's definition of occupant covers only persons {over}."
        )
    if any(a is None for a in counted) and counted:
        ctx.use(rule)
        ctx.note(
            f"I counted every person as an occupant. The {ctx.muni.name} code counts only persons {over}: "
            "a child under one does not count, and the text does not settle whether a child of exactly one does."
        )
    return _Occupants(persons, counted, excluded)


def _at_age(age: float, limit: float) -> bool:
    return abs(age - limit) < 1e-9


def _either_way(
    kb: KnowledgeBase, municipality: str, ages: Sequence[float] | None, run: Callable[[bool], SpaceResult]
) -> SpaceResult:
    """Run a check with a child aged exactly the occupant age counted and not counted.

    The definitions say "over one year of age", which does not settle a child of exactly one
    (like Amery's "over 12" / "under 12" at exactly 12). The same verdict either way is given
    with a note; different verdicts give both outcomes and name the officer, never one silently.
    """
    rule = kb.standard(municipality, "occupant_min_age_years")
    if rule is None or rule.value is None or not ages:
        return run(False)
    at = [a for a in ages if isinstance(a, (int, float)) and not isinstance(a, bool) and _at_age(a, rule.value)]
    if not at:
        return run(False)
    counted, left_out = run(True), run(False)
    if NEED_INFO in (counted.verdict, left_out.verdict):
        return counted if counted.verdict == NEED_INFO else left_out
    child = f"the {_age_words(at[0])}" if len(at) == 1 else f"the {len(at)} children aged exactly {rule.value_text}"
    unsettled = (
        f'The {left_out.municipality_name} code\'s occupant is a person "over {rule.value_text} of age", so the text '
        f"does not settle whether {child} counts as an occupant."
    )
    same = counted.verdict == left_out.verdict and (
        counted.verdict in (MEETS, FAILS) or counted.numbers == left_out.numbers
    )
    if same:
        if counted.summary != left_out.summary:
            left_out.summary += f" Counting {child} as well, the verdict is the same: {counted.summary}"
        left_out.notes.append(unsettled + " Here the verdict is the same either way.")
        left_out.sources += [s for s in counted.sources if s.key not in {o.key for o in left_out.sources}]
        return left_out
    muni = kb.municipality(municipality)
    ask = f" For an answer, ask the {muni.office} ({muni.enforcing_officer})."
    counted.summary, left_out.summary = counted.summary.replace(ask, ""), left_out.summary.replace(ask, "")
    sources = list(left_out.sources) + [s for s in counted.sources if s.key not in {o.key for o in left_out.sources}]
    return SpaceResult(
        municipality=left_out.municipality,
        municipality_name=left_out.municipality_name,
        kind=left_out.kind,
        topic=left_out.topic,
        verdict=NOT_ADDRESSED,
        summary=(f"{unsettled} If {child} counts: {counted.summary} If not: {left_out.summary}{ask}"),
        arithmetic=f"if counted: {counted.arithmetic}; if not counted: {left_out.arithmetic}",
        numbers={"if_counted": counted.numbers, "if_not_counted": left_out.numbers},
        notes=_unique([*left_out.notes, *counted.notes]),
        sources=sources,
        reason=TEXT_UNSETTLED,
    )


def _room_or_ask(ctx: _Ctx, room: Room | float | None, example: str) -> Room | SpaceResult:
    """The room, checked; or what to ask when it is missing, unreadable or impossible."""
    room_obj, question = _area_of(room)
    if question:
        return ctx.need_info(question, needs=(NEEDS_SIZE,))
    if room_obj is None:
        return ctx.need_info(f"What is the size of the room (for example {example})?", MORE_INFO, needs=(NEEDS_SIZE,))
    return _check_area(ctx, room_obj, MAX_ROOM_AREA_SQFT, "room") or room_obj


def _occupants_or_ask(
    ctx: _Ctx, has_area: bool, people: int | None, ages: Sequence[float] | None, limit: int, question: str
) -> _Occupants | SpaceResult | None:
    """The occupants when given (None when not), or the question to ask when neither they nor an area are."""
    occupants = _occupants(ctx, people, ages, limit) if people is not None or ages else None
    if occupants is None and not has_area:
        return ctx.need_info(question, MORE_INFO, needs=(NEEDS_SIZE, NEEDS_OCCUPANTS))
    return occupants


def _no_occupants(ctx: _Ctx, occupants: _Occupants, why: str) -> SpaceResult:
    """Every person is too young to be an occupant: the per-occupant figures give no number."""
    return ctx.unsettled(
        f"None of these persons counts as an occupant under the {ctx.muni.name} code's definition, and {why}, "
        "so the text gives no figure for them.",
        numbers={"occupants": 0, "persons": occupants.persons},
    )


def _low_area_exclusion(ctx: _Ctx, room: Room, low_area: float | None) -> tuple[float, str] | SpaceResult:
    """The floor area that counts for occupancy, after ``floor_excluded_below_ft`` (if the text has it)."""
    area = room.area_sqft or 0.0
    if low_area is None or low_area == 0:
        return area, ""
    problem = _check_part_area(ctx, low_area, area, "low-ceiling area")
    if problem:
        return problem
    rule = ctx.std("floor_excluded_below_ft")
    if rule is None:
        ctx.note(
            f"The {ctx.muni.name} text I have does not exclude floor area under low ceilings, so all "
            f"{sqft(area)} count."
        )
        return area, ""
    ctx.use(rule)
    counted = area - low_area
    return counted, f"{sqft(area)} − {sqft(low_area)} under a ceiling lower than {rule.value_text} = {sqft(counted)}"
