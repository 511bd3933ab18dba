"""Sleeping rooms: the floor area a room needs, the verdict, and how many it can sleep."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from knowledge.kb import KnowledgeBase, Standard
from knowledge.parsing import Room, fmt_number
from knowledge.space.context import (
    _area_of,
    _check_area,
    _Ctx,
    _ge,
    _Need,
    _occ,
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
    COMPUTED,
    FAILS,
    MAX_ROOM_AREA_SQFT,
    MAX_ROOM_OCCUPANTS,
    MEETS,
    MORE_INFO,
    NEEDS_AGES,
    NEEDS_OCCUPANTS,
    NEEDS_SIZE,
    SpaceResult,
    space_topic,
)

_OVER = math.inf  # internal: an occupant known to be over the age threshold
_UNDER = -1.0  # internal: an occupant known to be under it


@dataclass
class _SleepRules:
    one: Standard | None
    per: Standard | None
    additional: Standard | None
    over: Standard | None
    under: Standard | None
    threshold: float | None
    threshold_std: Standard | None

    @property
    def any(self) -> bool:
        return any((self.one, self.per, self.additional, self.over, self.under))

    @property
    def split(self) -> bool:
        return self.per is None and self.additional is None and (self.over is not None or self.under is not None)


def _sleep_rules(ctx: _Ctx, rooming: bool) -> _SleepRules:
    prefix = "rooming_" if rooming else ""
    one = ctx.std(prefix + "sleeping_room_one_occupant")
    per = ctx.std(prefix + "sleeping_room_per_occupant")
    additional = ctx.std(prefix + "sleeping_room_each_additional_occupant")
    over = ctx.std(prefix + "sleeping_room_per_occupant_over_age")
    under = ctx.std(prefix + "sleeping_room_per_occupant_under_age")
    threshold_std = ctx.std(prefix + "sleeping_room_age_threshold_years")
    if per is not None and over is None and isinstance(per.params.get("age"), (int, float)):
        # The row states its own qualifier ("for each occupant thereof over 12 years of age"):
        # its figure is for occupants over that age only.
        over, per = per, None
    threshold = threshold_std.value if threshold_std is not None else None
    if threshold is None:
        for std in (over, under):
            if std is not None and isinstance(std.params.get("age"), (int, float)):
                threshold = float(std.params["age"])
                break
    return _SleepRules(one, per, additional, over, under, threshold, threshold_std)


def _sleep_need(rules: _SleepRules, ages: Sequence[float | None]) -> _Need:
    """The floor area a sleeping room needs for these occupants (ages None: not given)."""
    n = len(ages)
    if n == 1:
        if rules.one is None:
            return _Need(missing="a room slept in by one occupant")
        v = rules.one.value or 0.0
        return _Need(v, v, f"1 occupant: {sqft(v)} required", f"1 occupant: {sqft(v)} required", [rules.one])
    if rules.per is not None:
        v = rules.per.value or 0.0
        text = f"{_occ(n)} × {sqft(v)} = {sqft(n * v)} required"
        return _Need(n * v, n * v, text, text, [rules.per])
    if rules.additional is not None:
        if rules.one is None:
            return _Need(missing="the first occupant of a room slept in by more than one")
        first, add = rules.one.value or 0.0, rules.additional.value or 0.0
        total = first + (n - 1) * add
        text = f"{sqft(first)} for the first occupant + {n - 1} × {sqft(add)} = {sqft(total)} required"
        return _Need(total, total, text, text, [rules.one, rules.additional])
    if rules.split and rules.threshold is not None:
        return _split_need(rules, ages)
    return _Need(missing="a room slept in by more than one occupant")


def _split_need(rules: _SleepRules, ages: Sequence[float | None]) -> _Need:
    thr = rules.threshold
    assert thr is not None
    over = sum(1 for a in ages if a is not None and a > thr)
    under = sum(1 for a in ages if a is not None and a < thr)
    at = sum(1 for a in ages if a is not None and a == thr)
    unknown = sum(1 for a in ages if a is None)
    t = fmt_number(thr)
    if (over and rules.over is None) or (under and rules.under is None):
        who = f"each occupant over {t}" if over and rules.over is None else f"each occupant under {t}"
        return _Need(missing=f"{who} in a room slept in by more than one occupant")
    if (at or unknown) and (rules.over is None or rules.under is None):
        absent = "over" if rules.over is None else "under"
        return _Need(
            missing=f"each occupant {absent} {t} in a room slept in by more than one occupant",
            unknown=unknown,
            at_threshold=at,
        )
    assert rules.over is not None or rules.under is not None
    ov = rules.over.value if rules.over is not None else 0.0
    un = rules.under.value if rules.under is not None else 0.0
    ov, un = ov or 0.0, un or 0.0

    def text(n_over: int, n_under: int) -> tuple[float, str]:
        parts = []
        if n_over:
            parts.append(f"{n_over} over {t} × {sqft(ov)}")
        if n_under:
            parts.append(f"{n_under} under {t} × {sqft(un)}")
        total = n_over * ov + n_under * un
        return total, " + ".join(parts) + f" = {sqft(total)} required"

    open_ = at + unknown
    cheap_over = ov < un
    low, text_low = text(over + (open_ if cheap_over else 0), under + (0 if cheap_over else open_))
    high, text_high = text(over + (0 if cheap_over else open_), under + (open_ if cheap_over else 0))
    used = [s for s in (rules.over, rules.under) if s is not None]
    if rules.over is None or rules.under is None:
        used += [rules.threshold_std] if rules.threshold_std is not None else []
    return _Need(low, high, text_low, text_high, used, unknown=unknown, at_threshold=at)


def _sleep_what(rooming: bool) -> str:
    return "the floor area of rooming-house sleeping rooms" if rooming else "the minimum floor area of sleeping rooms"


def _room_label(room: Room, rooming: bool) -> str:
    return f"{'rooming-house sleeping room' if rooming else 'bedroom'} of {room.describe()}"


def sleeping_room(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None = None,
    people: int | None = None,
    ages: Sequence[float] | None = None,
    *,
    rooming: bool = False,
    low_area: float | None = None,
) -> SpaceResult:
    """Sleeping room floor area for one municipality.

    With a room and a head count (or ages): the verdict. With a room only: the largest number
    of sleepers it allows. With people only: the minimum floor area. ``room`` is a parsed
    :class:`Room` or square feet; ``ages`` in years (the head count may exceed the ages given);
    ``rooming`` uses the rooming-house figures; ``low_area`` is floor area under a ceiling
    lower than the municipality's ``floor_excluded_below_ft`` (not counted where the text says so).
    A child aged exactly the occupant age is checked both ways (:func:`_either_way`).
    """
    return _either_way(
        kb,
        municipality,
        ages,
        lambda counts: _sleeping_room(kb, municipality, room, people, ages, rooming, low_area, counts),
    )


def _sleeping_room(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None,
    people: int | None,
    ages: Sequence[float] | None,
    rooming: bool,
    low_area: float | None,
    boundary_counts: bool,
) -> SpaceResult:
    ctx = _Ctx(kb, municipality, "bedroom", space_topic(kb, "bedroom", rooming))
    ctx.boundary_counts = boundary_counts
    rules = _sleep_rules(ctx, rooming)
    if not rules.any:
        result = ctx.silent(_sleep_what(rooming))
        if not rooming and _sleep_rules(ctx, True).any:
            result.summary += (
                " Its text does set sleeping-room areas for rooming houses; ask about a rooming house for those."
            )
            result.numbers["rooming_rules_available"] = True
        return result
    room_obj, question = _area_of(room)
    if question:
        return ctx.need_info(question, needs=(NEEDS_SIZE,))
    if room_obj is not None:
        problem = _check_area(ctx, room_obj, MAX_ROOM_AREA_SQFT, "room")
        if problem:
            return problem
    occupants = _occupants_or_ask(
        ctx,
        room_obj is not None,
        people,
        ages,
        MAX_ROOM_OCCUPANTS,
        "What is the size of the room (for example 10x12 feet or 120 sq ft), and how many people sleep in it?",
    )
    if isinstance(occupants, SpaceResult):
        return occupants
    if occupants is not None and not occupants.counted:
        return _no_occupants(ctx, occupants, "its sleeping-room figures are stated per occupant")
    if room_obj is None:
        assert occupants is not None
        return _sleep_minimum(ctx, rules, occupants, rooming)
    counted = _low_area_exclusion(ctx, room_obj, low_area)
    if isinstance(counted, SpaceResult):
        return counted
    area, exclusion = counted
    if occupants is None:
        return _sleep_capacity(ctx, rules, room_obj, area, exclusion, rooming)
    return _sleep_verdict(ctx, rules, room_obj, area, exclusion, occupants, rooming)


def _sleep_minimum(ctx: _Ctx, rules: _SleepRules, occupants: _Occupants, rooming: bool) -> SpaceResult:
    n = len(occupants.counted)
    need = _sleep_need(rules, occupants.counted)
    numbers: dict[str, Any] = {"occupants": n, "persons": occupants.persons}
    if need.missing:
        return _missing_sleep_figure(ctx, rules, need, numbers)
    ctx.use(*need.used)
    kind = "rooming-house sleeping room" if rooming else "sleeping room"
    if need.settled:
        numbers["required_sqft"] = need.low
        return ctx.result(
            COMPUTED,
            f"In the {ctx.muni.name}, a {kind} for {_occ(n)} needs at least {sqft(need.low)} of floor area.",
            need.text_low,
            numbers=numbers,
        )
    numbers.update(required_min_sqft=need.low, required_max_sqft=need.high)
    arithmetic = f"{need.text_low}; or {need.text_high}"
    lead = (
        f"In the {ctx.muni.name}, a {kind} for {_occ(n)} needs between {sqft(need.low)} and {sqft(need.high)}, "
        f"depending on ages: {_split_words(rules)}."
    )
    return _depends_on_ages(ctx, rules, need, lead, arithmetic, numbers)


def _missing_sleep_figure(ctx: _Ctx, rules: _SleepRules, need: _Need, numbers: dict[str, Any]) -> SpaceResult:
    """No figure for these occupants: ask the ages when they would decide it, else say the figure is missing."""
    ctx.use(rules.one, rules.per, rules.additional, rules.over, rules.under)
    if need.unknown:
        present = "over" if rules.over is not None else "under"
        t = fmt_number(rules.threshold or 0)
        std = rules.over if rules.over is not None else rules.under
        assert std is not None
        question = (
            f"How old is each person who sleeps there? I have the {ctx.muni.name} figure only for occupants "
            f"{present} {t} ({sqft(std.value or 0)} each) in a room slept in by more than one."
        )
        return ctx.need_info(question, MORE_INFO, numbers=numbers, needs=(NEEDS_AGES,))
    return ctx.no_figure(need.missing or "this room", numbers=numbers)


def _split_words(rules: _SleepRules) -> str:
    t = fmt_number(rules.threshold or 0)
    parts = []
    if rules.over is not None:
        parts.append(f"{sqft(rules.over.value or 0)} for each occupant over {t}")
    if rules.under is not None:
        parts.append(f"{sqft(rules.under.value or 0)} for each occupant under {t}")
    return " and ".join(parts)


def _ages_question(ctx: _Ctx, rules: _SleepRules) -> str:
    return f"How old is each person who sleeps there? The {ctx.muni.name} code requires {_split_words(rules)}."


def _threshold_words(ctx: _Ctx, rules: _SleepRules) -> str:
    t = fmt_number(rules.threshold or 0)
    return (
        f'The text says "over {t}" and "under {t}" years of age, so it does not settle which figure applies to '
        f"an occupant of exactly {t}."
    )


def _sleep_verdict(
    ctx: _Ctx,
    rules: _SleepRules,
    room: Room,
    area: float,
    exclusion: str,
    occupants: _Occupants,
    rooming: bool,
) -> SpaceResult:
    n = len(occupants.counted)
    need = _sleep_need(rules, occupants.counted)
    label = _room_label(room, rooming)
    numbers: dict[str, Any] = {
        "area_sqft": room.area_sqft,
        "counted_area_sqft": area,
        "occupants": n,
        "persons": occupants.persons,
    }
    head = "; ".join(p for p in (room.describe(), exclusion) if p)
    if need.missing:
        return _missing_sleep_figure(ctx, rules, need, numbers)
    ctx.use(*need.used)
    if need.settled:
        numbers["required_sqft"] = need.low
        ok = _ge(area, need.low)
        verdict = MEETS if ok else FAILS
        words = "meets the minimum" if ok else "does not meet the minimum"
        summary = (
            f"In the {ctx.muni.name}, a {label} {'meets' if ok else 'does not meet'} the minimum for {_occ(n)}: "
            f"{sqft(need.low)} required, {sqft(area)} {'counted' if exclusion else 'available'}."
        )
        return ctx.result(verdict, summary, f"{head}; {need.text_low} → {words}", numbers=numbers)
    numbers.update(required_min_sqft=need.low, required_max_sqft=need.high)
    ok_low, ok_high = _ge(area, need.low), _ge(area, need.high)
    arithmetic = f"{head}; {need.text_low}; or {need.text_high}"
    if ok_low == ok_high:
        verdict = MEETS if ok_low else FAILS
        t = fmt_number(rules.threshold or 0)
        if need.unknown:
            why = f"whatever the ages not given, over or under {t}"
        elif need.at_threshold == 1:
            why = f"whether the occupant aged exactly {t} counts as over or under {t}"
        else:
            why = f"whether the occupants aged exactly {t} count as over or under {t}"
        summary = (
            f"In the {ctx.muni.name}, a {label} {'meets' if ok_low else 'does not meet'} the minimum for {_occ(n)} "
            f"either way ({why}): {sqft(need.low)} to {sqft(need.high)} required, {sqft(area)} {'counted' if exclusion else 'available'}."
        )
        if need.at_threshold and not need.unknown:
            ctx.note(_threshold_words(ctx, rules) + " Here the verdict is the same either way.")
        return ctx.result(
            verdict, summary, arithmetic + f" → {'meets' if ok_low else 'does not meet'} the minimum", numbers=numbers
        )
    lead = (
        f"In the {ctx.muni.name}, whether a {label} is big enough for {_occ(n)} depends on ages: "
        f"{sqft(need.low)} to {sqft(need.high)} required, {sqft(area)} {'counted' if exclusion else 'available'}."
    )
    return _depends_on_ages(ctx, rules, need, lead, arithmetic, numbers)


def _depends_on_ages(
    ctx: _Ctx, rules: _SleepRules, need: _Need, lead: str, arithmetic: str, numbers: dict[str, Any]
) -> SpaceResult:
    """A figure that turns on ages: ask for them when some are unknown, else say the text leaves the
    threshold age unsettled."""
    if need.unknown:
        return ctx.need_info(
            _ages_question(ctx, rules),
            MORE_INFO,
            summary=lead,
            arithmetic=arithmetic,
            numbers=numbers,
            needs=(NEEDS_AGES,),
        )
    return ctx.unsettled(lead + " " + _threshold_words(ctx, rules), arithmetic, numbers=numbers)


def _largest(fits: Callable[[int], bool], limit: int) -> int:
    """The largest n in 1..limit with fits(n), 0 if none (fits need not be monotone)."""
    for n in range(limit, 0, -1):
        if fits(n):
            return n
    return 0


def _sleep_capacity(
    ctx: _Ctx, rules: _SleepRules, room: Room, area: float, exclusion: str, rooming: bool
) -> SpaceResult:
    head = "; ".join(p for p in (room.describe(), exclusion) if p)
    label = _room_label(room, rooming) + (f" ({sqft(area)} of it counted)" if exclusion else "")
    numbers: dict[str, Any] = {"area_sqft": room.area_sqft, "counted_area_sqft": area}
    one_fits = rules.one is not None and _ge(area, rules.one.value or 0)
    if rules.split and rules.threshold is not None:
        return _split_capacity(ctx, rules, label, head, area, numbers, one_fits)

    def fits(n: int) -> bool:
        need = _sleep_need(rules, [None] * n)
        return need.missing is None and _ge(area, need.low)

    largest = _largest(fits, MAX_ROOM_OCCUPANTS)
    multi_missing = _sleep_need(rules, [None, None]).missing
    numbers["max_occupants"] = largest
    if largest == 0:
        need1 = _sleep_need(rules, [None])
        ctx.use(rules.one, rules.per, rules.additional)
        if need1.missing:
            return ctx.no_figure(need1.missing, numbers=numbers)
        return ctx.result(
            FAILS,
            f"In the {ctx.muni.name}, a {label} is too small for even one occupant: {need1.text_low}.",
            f"{head}; {need1.text_low} → does not meet the minimum",
            numbers=numbers,
        )
    need = _sleep_need(rules, [None] * largest)
    ctx.use(*need.used)
    steps = [f"{need.text_low.replace(' required', '')} ≤ {sqft(area)}"]
    next_need = _sleep_need(rules, [None] * (largest + 1))
    if next_need.missing is None and largest < MAX_ROOM_OCCUPANTS:
        steps.append(f"{next_need.text_low.replace(' required', '')} > {sqft(area)}")
        ctx.use(*next_need.used)
    if multi_missing and largest == 1:
        ctx.use(rules.one)
        return ctx.no_figure(
            "rooms slept in by more than one occupant",
            summary_lead=f"In the {ctx.muni.name}, a {label} is big enough for one occupant ({need.text_low}). ",
            numbers=numbers,
        )
    summary = f"In the {ctx.muni.name}, a {label} is big enough for up to {_occ(largest)}."
    if not one_fits and rules.one is not None:
        ctx.note(
            f"By the text's own figures one occupant alone needs {sqft(rules.one.value or 0)}, more than this "
            f"room has; the per-occupant figure applies only where more than one sleeps in the room."
        )
        ctx.use(rules.one)
    return ctx.result(COMPUTED, summary, f"{head}; " + "; ".join(steps), numbers=numbers)


def _split_capacity(
    ctx: _Ctx,
    rules: _SleepRules,
    label: str,
    head: str,
    area: float,
    numbers: dict[str, Any],
    one_fits: bool,
) -> SpaceResult:
    """Capacity where the per-occupant figure depends on age: all over the age, or all under it."""
    t = fmt_number(rules.threshold or 0)
    found: dict[str, int] = {}
    steps: list[str] = []
    if rules.one is not None:
        ctx.use(rules.one)
        one = rules.one.value or 0.0
        steps.append(f"1 occupant: {sqft(one)} {'≤' if one_fits else '>'} {sqft(area)}")
    for name, age, std in (("over", _OVER, rules.over), ("under", _UNDER, rules.under)):
        if std is None:
            continue

        def fits(n: int, age: float = age) -> bool:
            need = _sleep_need(rules, [age] * n)
            return n >= 2 and need.missing is None and _ge(area, need.low)

        largest = _largest(fits, MAX_ROOM_OCCUPANTS)
        found[name] = largest
        shown = max(largest, 2)
        need = _sleep_need(rules, [age] * shown)
        ctx.use(*need.used)
        text = need.text_low.replace(" required", "")
        steps.append(f"{text} {'≤' if largest else '>'} {sqft(area)}")
        if largest and largest < MAX_ROOM_OCCUPANTS:
            after = _sleep_need(rules, [age] * (largest + 1))
            steps.append(f"{after.text_low.replace(' required', '')} > {sqft(area)}")
        numbers[f"max_occupants_{name}_{t}"] = largest
    best = max([1 if one_fits else 0, *found.values()])
    numbers["max_occupants"] = best
    arithmetic = f"{head}; " + "; ".join(steps)
    if best == 0:
        return ctx.result(
            FAILS,
            f"In the {ctx.muni.name}, a {label} is too small for any number of occupants.",
            arithmetic + " → does not meet the minimum",
            numbers=numbers,
        )
    groups = [f"{n} occupants {name} {t}" for name, n in found.items() if n >= 2]
    if groups:
        summary = (
            f"In the {ctx.muni.name}, a {label} is big enough for up to {', or up to '.join(groups)} "
            f"({_split_words(rules)}; a mixed group adds up)."
        )
        if not one_fits and rules.one is not None:
            ctx.note(
                f"By the text's own figures one occupant alone needs {sqft(rules.one.value or 0)}, more than this "
                "room has; the per-occupant figures apply only where more than one sleeps in the room."
            )
    else:
        summary = f"In the {ctx.muni.name}, a {label} is big enough for one occupant only."
    return ctx.result(COMPUTED, summary, arithmetic, numbers=numbers)


def sleeping_rooms(
    kb: KnowledgeBase,
    municipality: str,
    rooms: Sequence[Room],
    people: int | Sequence[int] | None = None,
    ages: Sequence[float] | None = None,
    *,
    rooming: bool = False,
) -> list[SpaceResult]:
    """Several rooms at once ("two bedrooms, 10x12 and 9x11"): one result per room.

    ``people`` is one count per room; a single count with several rooms is ambiguous and
    comes back as a question. Ages can be given only with one room.
    """
    rooms = list(rooms)
    if not rooms:
        ctx = _Ctx(kb, municipality, "bedroom")
        return [
            ctx.need_info(
                'I could not find a room size. Give it as, for example, "10x12", "10 by 12 feet" or "120 sq ft".',
                needs=(NEEDS_SIZE,),
            )
        ]
    counts: list[int | None]
    if people is None:
        counts = [None] * len(rooms)
    elif isinstance(people, int) or len(rooms) == 1:
        if len(rooms) > 1:
            ctx = _Ctx(kb, municipality, "bedroom")
            return [
                ctx.need_info(
                    f"How many people sleep in each of the {len(rooms)} rooms? "
                    "(For example: 2 in the first, 1 in the second.)",
                    MORE_INFO,
                    needs=(NEEDS_OCCUPANTS,),
                )
            ]
        counts = [people if isinstance(people, int) else list(people)[0]]
    else:
        counts = list(people)
        if len(counts) != len(rooms):
            ctx = _Ctx(kb, municipality, "bedroom")
            return [ctx.need_info(f"I have {len(rooms)} rooms but {len(counts)} head counts. Which sleeps how many?", needs=(NEEDS_OCCUPANTS,))]
    if ages and len(rooms) > 1:
        ctx = _Ctx(kb, municipality, "bedroom")
        return [ctx.need_info("Which room does each person sleep in? Ask about one room at a time with the ages.", needs=(NEEDS_OCCUPANTS,))]
    return [sleeping_room(kb, municipality, r, c, ages, rooming=rooming) for r, c in zip(rooms, counts)]
