"""Dwelling units: the floor space a unit needs for its occupants, the verdict, and its capacity."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from knowledge.kb import KnowledgeBase, Standard
from knowledge.parsing import Room, fmt_number
from knowledge.space.context import (
    _area_of,
    _check_area,
    _check_part_area,
    _Ctx,
    _ge,
    _Need,
    _occ,
    _pct,
    sqft,
)
from knowledge.space.occupants import (
    _either_way,
    _low_area_exclusion,
    _no_occupants,
    _Occupants,
    _occupants_or_ask,
)
from knowledge.space.results import (
    _EPS,
    COMPUTED,
    FAILS,
    MAX_UNIT_AREA_SQFT,
    MAX_UNIT_OCCUPANTS,
    MEETS,
    NEEDS_SIZE,
    SpaceResult,
)


@dataclass
class _UnitRules:
    first: Standard | None
    second: Standard | None
    additional: Standard | None
    per_unit: Standard | None
    closet: Standard | None


def _unit_rules(ctx: _Ctx) -> _UnitRules:
    return _UnitRules(
        ctx.std("unit_area_first_occupant"),
        ctx.std("unit_area_second_occupant"),
        ctx.std("unit_area_each_additional_occupant"),
        ctx.std("unit_area_min_per_unit"),
        ctx.std("closet_hall_area_max_pct"),
    )


def _unit_need(rules: _UnitRules, n: int) -> _Need:
    """Habitable floor area a dwelling unit needs for n occupants (n ≥ 1)."""
    used: list[Standard] = []
    total, parts = 0.0, []
    if rules.first is not None:
        first = rules.first.value or 0.0
        total, parts = first, [sqft(first)]
        used.append(rules.first)
        rest = n - 1
        same = (
            rules.second is not None
            and rules.additional is not None
            and rules.second.value == rules.additional.value
            and rules.second.citation == rules.additional.citation
        )
        if rest >= 1 and same:
            assert rules.additional is not None and rules.second is not None
            add = rules.additional.value or 0.0
            total += rest * add
            parts.append(f"{rest} more × {sqft(add)}")
            used += [rules.second, rules.additional]
            rest = 0
        if rest >= 1 and rules.second is not None:
            second = rules.second.value or 0.0
            total += second
            parts.append(f"{sqft(second)} for the second")
            used.append(rules.second)
            rest -= 1
        if rest >= 1:
            if rules.additional is None:
                return _Need(missing="each additional occupant of a dwelling unit")
            add = rules.additional.value or 0.0
            total += rest * add
            parts.append(f"{rest} more × {sqft(add)}")
            used.append(rules.additional)
    text = " + ".join(parts) + f" = {sqft(total)} required for {_occ(n)}" if parts else ""
    if rules.per_unit is not None:
        floor = rules.per_unit.value or 0.0
        used.append(rules.per_unit)
        if floor > total:
            text = f"{sqft(floor)} required for every dwelling unit, whatever the number of occupants"
            total = floor
    return _Need(total, total, text, text, used)


def _unit_area(
    ctx: _Ctx,
    area: Room | float | Sequence[Room] | None,
) -> tuple[Room | None, SpaceResult | None]:
    if area is None:
        return None, None
    if isinstance(area, (list, tuple)):
        rooms = list(area)
        for room in rooms:
            if not isinstance(room, Room) or not room.ok:
                return None, ctx.need_info(
                    (room.question if isinstance(room, Room) else None) or "What is the habitable floor area?",
                    needs=(NEEDS_SIZE,),
                )
        if not rooms:
            return None, None
        for room in rooms:
            ctx.note(room.reading_note())
        total = sum(r.area_sqft or 0.0 for r in rooms)
        text = " + ".join(fmt_number(r.area_sqft or 0.0) for r in rooms) + f" = {sqft(total)}"
        room_obj = Room(None, None, total, text, given=text)
        if len(rooms) == 1:
            room_obj = rooms[0]
    else:
        room_obj, question = _area_of(area)
        if question:
            return None, ctx.need_info(question, needs=(NEEDS_SIZE,))
    assert room_obj is not None
    problem = _check_area(ctx, room_obj, MAX_UNIT_AREA_SQFT, "dwelling unit")
    return (None, problem) if problem else (room_obj, None)


def dwelling_unit(
    kb: KnowledgeBase,
    municipality: str,
    area: Room | float | Sequence[Room] | None = None,
    people: int | None = None,
    ages: Sequence[float] | None = None,
    *,
    low_area: float | None = None,
    closet_hall_area: float | None = None,
) -> SpaceResult:
    """Dwelling unit floor space for one municipality.

    ``area`` is the total habitable room area (square feet, a :class:`Room`, or a list of rooms
    to add up). With area and people: the verdict; area only: the most occupants it allows;
    people only: the minimum area. Occupants are counted as the code defines them
    (``occupant_min_age_years``). ``closet_hall_area`` counts only as far as the text allows
    (``closet_hall_area_max_pct``); ``low_area`` is floor under a ceiling lower than
    ``floor_excluded_below_ft``. A child aged exactly the occupant age is checked both ways
    (:func:`_either_way`).
    """
    return _either_way(
        kb,
        municipality,
        ages,
        lambda counts: _dwelling_unit(kb, municipality, area, people, ages, low_area, closet_hall_area, counts),
    )


def _dwelling_unit(
    kb: KnowledgeBase,
    municipality: str,
    area: Room | float | Sequence[Room] | None,
    people: int | None,
    ages: Sequence[float] | None,
    low_area: float | None,
    closet_hall_area: float | None,
    boundary_counts: bool,
) -> SpaceResult:
    ctx = _Ctx(kb, municipality, "unit")
    ctx.boundary_counts = boundary_counts
    rules = _unit_rules(ctx)
    if rules.first is None and rules.per_unit is None:
        return ctx.silent("the minimum floor space of a dwelling unit")
    room, problem = _unit_area(ctx, area)
    if problem:
        return problem
    if room is None and people is None and not ages and rules.first is None:
        return _unit_minimum(ctx, rules, None)  # a figure per dwelling unit: no head count needed
    occupants = _occupants_or_ask(
        ctx,
        room is not None,
        people,
        ages,
        MAX_UNIT_OCCUPANTS,
        "What is the total habitable floor area (for example 600 sq ft), and how many people live there?",
    )
    if isinstance(occupants, SpaceResult):
        return occupants
    if room is None:
        assert occupants is not None
        return _unit_minimum(ctx, rules, occupants)
    counted = _low_area_exclusion(ctx, room, low_area)
    if isinstance(counted, SpaceResult):
        return counted
    habitable, exclusion = counted
    problem = _check_part_area(ctx, closet_hall_area, MAX_UNIT_AREA_SQFT, "closet and hall area")
    if problem:
        return problem
    closet = closet_hall_area or 0.0
    if closet and rules.closet is None:
        ctx.note(
            f"The {ctx.muni.name} text I have makes no allowance for closet and hall area, so I counted only the "
            f"habitable room area ({sqft(habitable)})."
        )
        closet = 0.0

    def counted_area(need: float) -> tuple[float, str]:
        if not closet or rules.closet is None:
            return habitable, ""
        cap = (rules.closet.value or 0.0) / 100.0 * need
        part = min(closet, cap)
        text = (
            f"{sqft(habitable)} + closets and halls {sqft(closet)} (at most {_pct(rules.closet)} × {sqft(need)} = "
            f"{sqft(cap)} counts) = {sqft(habitable + part)}"
        )
        return habitable + part, text

    if closet and rules.closet is not None:
        ctx.use(rules.closet)
    shown = room.given if "+" in room.source_text else room.describe()
    head = "; ".join(p for p in (f"{_area_noun(rules)} {shown}", exclusion) if p)
    if occupants is None:
        return _unit_capacity(ctx, rules, room, habitable, head, counted_area)
    n = len(occupants.counted)
    numbers: dict[str, Any] = {
        "area_sqft": room.area_sqft,
        "occupants": n,
        "persons": occupants.persons,
    }
    if n == 0 and rules.first is not None:
        return _no_occupants(ctx, occupants, "its floor space figures are stated per occupant")
    need = _unit_need(rules, max(n, 1))
    if need.missing:
        ctx.use(rules.first, rules.second)
        return ctx.no_figure(need.missing, numbers=numbers)
    ctx.use(*need.used)
    have, closet_text = counted_area(need.low)
    numbers.update(required_sqft=need.low, counted_area_sqft=have)
    ok = _ge(have, need.low)
    arithmetic = "; ".join(p for p in (head, closet_text, need.text_low) if p)
    arithmetic += " → meets the minimum" if ok else " → does not meet the minimum"
    if rules.first is None:
        ctx.note(f"The {ctx.muni.name} text sets no floor space per occupant; the figure is per dwelling unit.")
    summary = (
        f"In the {ctx.muni.name}, a dwelling unit with {_unit_area_words(habitable, have, _area_noun(rules))} "
        f"{'meets' if ok else 'does not meet'} the minimum for {_occ(n)} ({sqft(need.low)} required)."
    )
    return ctx.result(MEETS if ok else FAILS, summary, arithmetic, numbers=numbers)


def _area_noun(rules: _UnitRules) -> str:
    """What the figure measures: habitable floor area where the text prices occupants, else the unit's
    floor space (Howard's "floor space for occupancy" is not limited to habitable rooms)."""
    return "habitable floor area" if rules.first is not None else "floor space"


def _unit_area_words(habitable: float, counted: float, noun: str = "habitable floor area") -> str:
    if counted > habitable + _EPS:
        return f"{sqft(habitable)} of {noun} (plus {sqft(counted - habitable)} of closets and halls that count)"
    return f"{sqft(habitable)} of {noun}"


def _unit_minimum(ctx: _Ctx, rules: _UnitRules, occupants: _Occupants | None) -> SpaceResult:
    if occupants is None:  # the text's figure is per dwelling unit, whoever lives there
        assert rules.per_unit is not None
        need = _unit_need(rules, 1)
        ctx.use(*need.used)
        return ctx.result(
            COMPUTED,
            f"In the {ctx.muni.name}, every dwelling unit needs at least {sqft(need.low)} of floor space, "
            "whatever the number of occupants.",
            need.text_low,
            numbers={"required_sqft": need.low},
        )
    n = len(occupants.counted)
    numbers: dict[str, Any] = {"occupants": n, "persons": occupants.persons}
    if n == 0 and rules.first is not None:
        return _no_occupants(ctx, occupants, "its floor space figures are stated per occupant")
    need = _unit_need(rules, max(n, 1))
    if need.missing:
        ctx.use(rules.first, rules.second)
        return ctx.no_figure(need.missing, numbers=numbers)
    ctx.use(*need.used)
    numbers["required_sqft"] = need.low
    if rules.first is None:
        ctx.note(f"The {ctx.muni.name} text sets no floor space per occupant; the figure is per dwelling unit.")
    return ctx.result(
        COMPUTED,
        f"In the {ctx.muni.name}, a dwelling unit for {_occ(n)} needs at least {sqft(need.low)} of "
        f"{_area_noun(rules)}" + (" for occupancy." if rules.first is None else "."),
        need.text_low,
        numbers=numbers,
    )


def _unit_capacity(
    ctx: _Ctx,
    rules: _UnitRules,
    room: Room,
    habitable: float,
    head: str,
    counted_area: Callable[[float], tuple[float, str]],
) -> SpaceResult:
    numbers: dict[str, Any] = {"area_sqft": room.area_sqft, "counted_area_sqft": habitable}
    if rules.first is None:
        assert rules.per_unit is not None
        need = _unit_need(rules, 1)
        ctx.use(*need.used)
        ok = _ge(habitable, need.low)
        numbers.update(required_sqft=need.low, max_occupants=None)
        summary = (
            f"In the {ctx.muni.name}, a dwelling unit with {sqft(habitable)} of floor space "
            f"{'meets' if ok else 'does not meet'} the minimum of {sqft(need.low)} for every dwelling unit. "
            "The text sets no floor space per occupant, so it sets no maximum number of occupants by floor area."
        )
        arithmetic = f"{head}; {need.text_low} → {'meets' if ok else 'does not meet'} the minimum"
        return ctx.result(MEETS if ok else FAILS, summary, arithmetic, numbers=numbers)

    def fits(n: int) -> bool:
        need = _unit_need(rules, n)
        return need.missing is None and _ge(counted_area(need.low)[0], need.low)

    # The need grows with n faster than the counted closet share, so fits() is monotone.
    lo, hi = 0, 1
    while hi <= 4096 and fits(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    largest = lo
    numbers["max_occupants"] = largest
    if largest == 0:
        need = _unit_need(rules, 1)
        ctx.use(*need.used)
        numbers["required_sqft"] = need.low
        return ctx.result(
            FAILS,
            f"In the {ctx.muni.name}, a dwelling unit with {sqft(habitable)} of habitable floor area is too small "
            f"for even one occupant ({sqft(need.low)} required).",
            f"{head}; {need.text_low} → does not meet the minimum",
            numbers=numbers,
        )
    need = _unit_need(rules, largest)
    after = _unit_need(rules, largest + 1)
    ctx.use(*need.used, *after.used)
    have, closet_text = counted_area(need.low)
    steps = [p for p in (head, closet_text, need.text_low.replace(" required", "") + f" ≤ {sqft(have)}") if p]
    if after.missing is None:
        have_after = counted_area(after.low)[0]
        steps.append(after.text_low.replace(" required", "") + f" > {sqft(have_after)}")
    elif largest >= 2:
        ctx.use(rules.additional)
    if after.missing and largest == 2:
        return ctx.no_figure(after.missing, numbers=numbers)
    numbers["counted_area_sqft"] = have
    summary = (
        f"In the {ctx.muni.name}, a dwelling unit with {_unit_area_words(habitable, have)} allows at most "
        f"{_occ(largest)}."
    )
    if ctx.std("occupant_min_age_years") is not None:
        rule = ctx.std("occupant_min_age_years")
        assert rule is not None
        ctx.use(rule)
        ctx.note(
            f"Children under {rule.value_text} of age do not count: the {ctx.muni.name} code's occupant is a "
            f"person over {rule.value_text} of age (the text does not settle a child of exactly {rule.value_text})."
        )
    return ctx.result(COMPUTED, summary, "; ".join(steps), numbers=numbers)
