"""Ceilings: minimum heights and floor area under low ceilings."""

from __future__ import annotations

import math
from typing import Any

from knowledge.kb import KnowledgeBase
from knowledge.parsing import Room, fmt_number
from knowledge.space.context import (
    _check_part_area,
    _Ctx,
    _ge,
    sqft,
)
from knowledge.space.occupants import (
    _room_or_ask,
)
from knowledge.space.results import (
    _EPS,
    COMPUTED,
    FAILS,
    MAX_CEILING_FT,
    MEETS,
    NEEDS_CEILING,
    SpaceResult,
)


def fmt_height(feet: float) -> str:
    """7 → "7 ft", 7.5 → "7 ft 6 in"."""
    whole = math.floor(feet + _EPS)
    inches = round((feet - whole) * 12, 1)
    if inches >= 12:
        whole, inches = whole + 1, 0
    if inches == 0:
        return f"{whole} ft"
    return f"{whole} ft {fmt_number(inches)} in"


def ceiling(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None,
    *,
    low_area: float | None = None,
    tall_area: float | None = None,
    height: float | None = None,
) -> SpaceResult:
    """Ceiling rules for one habitable room.

    ``low_area``: floor under a ceiling lower than ``floor_excluded_below_ft`` (not counted for
    occupancy where the text says so). ``tall_area``: floor with a ceiling at least
    ``ceiling_height_min_ft``; or ``height``: one ceiling height (ft) over the whole room. The
    half-the-floor rule (``ceiling_share_of_floor``) is checked against the whole floor area.
    """
    ctx = _Ctx(kb, municipality, "ceiling")
    exclusion = ctx.std("floor_excluded_below_ft")
    min_height = ctx.std("ceiling_height_min_ft")
    share = ctx.std("ceiling_share_of_floor")
    if exclusion is None and min_height is None:
        return ctx.silent("minimum ceiling heights or floor area under low ceilings")
    room_obj = _room_or_ask(ctx, room, "12x14 feet")
    if isinstance(room_obj, SpaceResult):
        return room_obj
    area = room_obj.area_sqft or 0.0
    if height is not None:
        if isinstance(height, bool) or not isinstance(height, (int, float)) or not math.isfinite(height):
            return ctx.need_info("What is the ceiling height, in feet?", needs=(NEEDS_CEILING,))
        if height <= 0 or height > MAX_CEILING_FT:
            return ctx.need_info(
                f"A ceiling height of {fmt_number(height)} ft is not possible. What is it?", needs=(NEEDS_CEILING,)
            )
        if low_area is not None or tall_area is not None:
            return ctx.need_info(
                "Give either one ceiling height for the whole room or the areas under low and full-height "
                "ceilings, not both. Which is it?",
                needs=(NEEDS_CEILING,),
            )
        low_area = area if exclusion is not None and height < (exclusion.value or 0) else 0.0
        tall_area = area if min_height is not None and _ge(height, min_height.value or 0) else 0.0
    for value, label in ((low_area, "low-ceiling area"), (tall_area, "full-height area")):
        problem = _check_part_area(ctx, value, area, label)
        if problem:
            return problem
    if low_area is not None and tall_area is not None and low_area + tall_area > area + _EPS:
        return ctx.need_info(
            f"The low-ceiling area ({sqft(low_area)}) and the full-height area ({sqft(tall_area)}) add up to more "
            f"than the floor ({sqft(area)}). Which is right?",
            needs=(NEEDS_CEILING,),
        )
    numbers: dict[str, Any] = {"area_sqft": area}
    steps = [room_obj.describe()]
    findings: list[str] = []
    if height is not None:
        steps.append(f"ceiling {fmt_height(height)} throughout")
    if exclusion is not None:
        ctx.use(exclusion)
        limit = exclusion.value_text
        if low_area is not None:
            counted = area - low_area
            numbers.update(low_area_sqft=low_area, counted_area_sqft=counted)
            if low_area:
                steps.append(f"{sqft(area)} − {sqft(low_area)} under {limit} = {sqft(counted)} counts toward occupancy")
            else:
                steps.append(f"no floor under {limit}: all {sqft(area)} count toward occupancy")
            findings.append(f"{sqft(counted)} of its floor counts toward the maximum permissible occupancy")
        else:
            findings.append(
                f"floor under a ceiling lower than {limit} does not count toward the maximum permissible occupancy "
                "(tell me that area to get the counted area)"
            )
    verdict = COMPUTED
    if min_height is None or share is None:
        if (tall_area is not None and height is None) or (height is not None and min_height is None):
            ctx.use(min_height, share)
            lead = f"In the {ctx.muni.name}, for a room of {room_obj.describe()}: " + "; ".join(findings) + ". "
            return ctx.no_figure(
                "the minimum ceiling height over part of the floor", summary_lead=lead, numbers=numbers
            )
        ctx.note(
            f"I don't have the {ctx.muni.name} figure for the minimum ceiling height in my knowledge base; the "
            f"section is quoted below. Ask the {ctx.muni.contact}."
        )
    else:
        ctx.use(min_height, share)
        frac = share.value or 0.0
        need = frac * area
        h = fmt_height(min_height.value or 0.0)
        numbers.update(full_height_required_sqft=need, min_height_ft=min_height.value, share_of_floor=frac)
        steps.append(f"{share.value_text} × {sqft(area)} = {sqft(need)} must have a ceiling of at least {h}")
        if tall_area is not None:
            ok = _ge(tall_area, need)
            numbers["full_height_area_sqft"] = tall_area
            steps.append(f"{sqft(tall_area)} has it → {'meets' if ok else 'does not meet'} the minimum")
            verdict = MEETS if ok else FAILS
            findings.append(
                f"{sqft(tall_area)} with a ceiling of at least {h} {'meets' if ok else 'does not meet'} the rule "
                f"that {share.value_text} of the floor ({sqft(need)}) must have one"
            )
        elif low_area is not None and low_area > area - need + _EPS:
            verdict = FAILS
            steps.append(
                f"at most {sqft(area - low_area)} can have it (the rest is under {exclusion.value_text if exclusion else ''}) "
                "→ does not meet the minimum"
            )
            findings.append(
                f"with {sqft(low_area)} under a low ceiling, less than {share.value_text} of the floor can have a "
                f"ceiling of at least {h}, so it does not meet that rule"
            )
        else:
            findings.append(f"at least {sqft(need)} ({share.value_text} of the floor) needs a ceiling of at least {h}")
            ctx.note(f"To check the {h} rule, tell me how much of the floor has a ceiling of at least {h}.")
    if verdict in (MEETS, FAILS):  # the finding that decides comes first
        findings = findings[-1:] + findings[:-1]
    summary = f"In the {ctx.muni.name}, for a room of {room_obj.describe()}: " + "; ".join(findings) + "."
    return ctx.result(verdict, summary, "; ".join(steps), numbers=numbers)
