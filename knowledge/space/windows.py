"""Windows: minimum window, skylight and openable areas for a room."""

from __future__ import annotations

import math
from typing import Any

from knowledge.kb import KnowledgeBase, Standard
from knowledge.parsing import Room
from knowledge.space.context import (
    _Ctx,
    _ge,
    _join,
    _pct,
    sqft,
)
from knowledge.space.occupants import (
    _room_or_ask,
)
from knowledge.space.results import (
    _EPS,
    COMPUTED,
    FAILS,
    MEETS,
    NEEDS_WINDOWS,
    NOT_ADDRESSED,
    TEXT_SILENT,
    SpaceResult,
)


def _sleeping_only(std: Standard) -> bool:
    quote = std.quote.lower()
    return "sleeping room" in quote and "habitable room" not in quote


class _WindowCheck:
    """One room's window check being built: the municipality's window rules, the working and the findings."""

    def __init__(self, ctx: _Ctx, room: Room, sleeping_room: bool | None):
        self.ctx = ctx
        self.pct = ctx.std("window_pct_of_floor")
        self.minimum = ctx.std("window_min_sqft")
        self.skylight = ctx.std("skylight_pct_of_floor")
        self.open_win = ctx.std("openable_pct_of_window")
        self.open_floor = ctx.std("openable_pct_of_floor")
        self.room = room
        self.floor = room.area_sqft or 0.0
        self.sleeping_room = sleeping_room
        self.room_word = {True: "sleeping room", False: "habitable room (not a sleeping room)", None: "room"}[
            sleeping_room
        ]
        self.numbers: dict[str, Any] = {"floor_area_sqft": self.floor}
        self.steps = [f"floor {room.describe()}"]
        self.findings: list[str] = []
        self.sleeping_only: list[str] = []  # the figures the text states for sleeping rooms only

    def applies(self, std: Standard | None) -> bool:
        """Whether a rule applies to this room (a sleeping-room-only figure does not to another room)."""
        if std is None:
            return False
        if _sleeping_only(std):
            self.ctx.use(std)
            if std.value_text not in self.sleeping_only:
                self.sleeping_only.append(std.value_text)
            return self.sleeping_room is not False
        return True


WINDOW_KEYS = (
    "window_pct_of_floor",
    "window_min_sqft",
    "skylight_pct_of_floor",
    "openable_pct_of_window",
    "openable_pct_of_floor",
)


def _has_window_rules(ctx: _Ctx) -> bool:
    """Whether the text has any window rule at all."""
    return any(ctx.std(key) for key in WINDOW_KEYS)


def _bad_areas(ctx: _Ctx, window_area: float | None, openable_area: float | None) -> SpaceResult | None:
    """The question to ask when the window areas given cannot be used."""
    for value, label in ((window_area, "window area"), (openable_area, "openable window area")):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0
        ):
            return ctx.need_info(
                f"The {label} must be a number of square feet, zero or more. What is it?", needs=(NEEDS_WINDOWS,)
            )
    if window_area is not None and openable_area is not None and openable_area > window_area + _EPS:
        return ctx.need_info(
            f"The openable area ({sqft(openable_area)}) is more than the window area ({sqft(window_area)}). "
            "Which is right?",
            needs=(NEEDS_WINDOWS,),
        )
    return None


def _window_minimum(w: _WindowCheck) -> float | None:
    """The minimum window area (a share of the floor, not less than a minimum), or None if the text sets none."""
    ctx, pct, minimum, floor = w.ctx, w.pct, w.minimum, w.floor
    need_window: float | None = None
    if w.applies(pct):
        assert pct is not None
        ctx.use(pct)
        need_window = (pct.value or 0.0) / 100 * floor
        text = f"window {_pct(pct)} × {sqft(floor)} = {sqft(need_window)}"
        if w.applies(minimum):
            assert minimum is not None
            ctx.use(minimum)
            if (minimum.value or 0.0) > need_window:
                text += f", but not less than {sqft(minimum.value or 0.0)} → {sqft(minimum.value or 0.0)}"
                need_window = minimum.value or 0.0
            else:
                text += f" (not less than {sqft(minimum.value or 0.0)})"
        w.steps.append(text)
    elif w.applies(minimum):
        assert minimum is not None
        ctx.use(minimum)
        need_window = minimum.value or 0.0
        w.steps.append(f"window at least {sqft(need_window)}")
    if need_window is not None:
        w.numbers["window_required_sqft"] = need_window
        w.findings.append(f"at least {sqft(need_window)} of window")
    elif pct is None and minimum is None:
        ctx.note(f"The {ctx.muni.name} text I have states no minimum window area.")
    return need_window


def _skylight_minimum(w: _WindowCheck, need_window: float | None, skylight_only: bool) -> float | None:
    """The window area to check a given one against: the skylight's figure when the only window is one."""
    ctx, skylight = w.ctx, w.skylight
    if skylight is not None and w.applies(skylight):
        ctx.use(skylight)
        need_sky = (skylight.value or 0.0) / 100 * w.floor
        w.numbers["skylight_required_sqft"] = need_sky
        w.steps.append(f"skylight only: {_pct(skylight)} × {sqft(w.floor)} = {sqft(need_sky)}")
        if skylight_only:
            w.findings = [f"at least {sqft(need_sky)} of skylight (the only window is a skylight)"]
            return need_sky
        ctx.note(f"If the only window is a skylight, the skylight must be at least {sqft(need_sky)}.")
        return need_window
    if skylight_only:
        ctx.note(f"The {ctx.muni.name} text I have states no separate figure for a skylight-only room.")
    return need_window


def _openable_minimum(w: _WindowCheck, need_window: float | None, skylight_only: bool) -> float | None:
    """The minimum openable area (a share of the floor or of the minimum window area), or None."""
    ctx, open_floor, open_win = w.ctx, w.open_floor, w.open_win
    need_open: float | None = None
    if open_floor is not None and w.applies(open_floor):
        ctx.use(open_floor)
        need_open = (open_floor.value or 0.0) / 100 * w.floor
        w.steps.append(f"openable {_pct(open_floor)} × {sqft(w.floor)} = {sqft(need_open)}")
    elif open_win is not None and w.applies(open_win):
        ctx.use(open_win)
        if need_window is None:
            ctx.note(
                f"The {ctx.muni.name} openable area is a share of the minimum window area, and the text sets no "
                f"minimum window area for this {w.room_word}, so I can't compute it."
            )
        else:
            need_open = (open_win.value or 0.0) / 100 * need_window
            w.steps.append(f"openable {_pct(open_win)} × {sqft(need_window)} = {sqft(need_open)}")
            if skylight_only and w.skylight is not None:
                sky = w.numbers["skylight_required_sqft"]
                ctx.note(
                    f"The openable area is {_pct(open_win)} of the minimum window area; I used the "
                    f"{sqft(need_window)} window minimum. The text does not say whether a skylight-only room's "
                    f"larger figure is meant instead ({_pct(open_win)} × {sqft(sky)} = "
                    f"{sqft((open_win.value or 0.0) / 100 * sky)})."
                )
    else:
        ctx.note(f"The {ctx.muni.name} text I have states no minimum openable window area.")
    return need_open


def _note_sleeping_only(w: _WindowCheck) -> None:
    """Say which figures the text states for sleeping rooms only."""
    if not w.sleeping_only:
        return
    figures = _join(w.sleeping_only)
    if w.sleeping_room is False:
        w.ctx.note(
            f"The {w.ctx.muni.name} text states its window figures ({figures}) for sleeping rooms only, so "
            "they set none for this room."
        )
    elif w.sleeping_room is None:
        w.ctx.note(
            f"The {w.ctx.muni.name} text states {figures} for sleeping rooms only (not for every habitable room)."
        )


def _check_given(
    w: _WindowCheck,
    window_area: float | None,
    openable_area: float | None,
    need_window: float | None,
    need_open: float | None,
) -> list[bool]:
    """Check the window and openable areas given against the minimums: one True (meets) or False each."""
    checks: list[bool] = []
    for what, given, need in (("window", window_area, need_window), ("openable", openable_area, need_open)):
        if given is None:
            continue
        if need is None:
            w.ctx.note(f"I have no minimum {what} area to check the {what} area you gave against.")
            continue
        ok = _ge(given, need)
        checks.append(ok)
        w.numbers[f"{what}_area_sqft"] = given
        w.steps.append(f"{what} {sqft(given)} → {'meets' if ok else 'does not meet'} the minimum")
    return checks


def windows(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None,
    *,
    window_area: float | None = None,
    openable_area: float | None = None,
    skylight_only: bool = False,
    sleeping_room: bool | None = None,
) -> SpaceResult:
    """Minimum window and openable areas for one room (``window_pct_of_floor``, ``window_min_sqft``,
    ``skylight_pct_of_floor``, ``openable_pct_of_window``, ``openable_pct_of_floor``).

    ``sleeping_room``: True for a sleeping room, False for another habitable room, None if not
    said (figures the text states for sleeping rooms only are then given with a note). With
    ``window_area`` / ``openable_area`` (sq ft): the verdict.
    """
    ctx = _Ctx(kb, municipality, "window")
    if not _has_window_rules(ctx):
        return ctx.silent("minimum window or openable window areas")
    room_obj = _room_or_ask(ctx, room, "10x12 feet")
    if isinstance(room_obj, SpaceResult):
        return room_obj
    problem = _bad_areas(ctx, window_area, openable_area)
    if problem:
        return problem
    w = _WindowCheck(ctx, room_obj, sleeping_room)
    need_window = _window_minimum(w)
    need_window_for_check = _skylight_minimum(w, need_window, skylight_only)
    need_open = _openable_minimum(w, need_window, skylight_only)
    _note_sleeping_only(w)
    if need_open is not None:
        w.numbers["openable_required_sqft"] = need_open
        w.findings.append(f"at least {sqft(need_open)} of it openable")
    checks = _check_given(w, window_area, openable_area, need_window_for_check, need_open)
    if not w.findings and not checks:
        return ctx.result(
            NOT_ADDRESSED,
            f"The {ctx.muni.name} text I have states no window-area figure that applies to this {w.room_word}. "
            f"For an answer, ask the {ctx.muni.contact}.",
            "; ".join(w.steps),
            numbers=w.numbers,
            reason=TEXT_SILENT,
        )
    lead = f"In the {ctx.muni.name}, a {w.room_word} of {room_obj.describe()} needs " + " and ".join(w.findings) + "."
    if checks:
        verdict = MEETS if all(checks) else FAILS
        lead += " The windows you describe " + ("meet" if all(checks) else "do not meet") + " the minimum."
    else:
        verdict = COMPUTED
    return ctx.result(verdict, lead, "; ".join(w.steps), numbers=w.numbers)
