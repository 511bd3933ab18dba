"""What every check shares: one municipality's standards and the result being built, and small helpers."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from knowledge.compose import not_addressed as compose_not_addressed
from knowledge.kb import KnowledgeBase, Municipality, Standard
from knowledge.parsing import Room, fmt_number
from knowledge.space.results import (
    _EPS,
    BAD_INPUT,
    NEED_INFO,
    NEEDS_SIZE,
    NO_FIGURE,
    NOT_ADDRESSED,
    TEXT_SILENT,
    TEXT_UNSETTLED,
    Source,
    SpaceResult,
    space_topic,
)


class _Ctx:
    """One municipality's standards, sections and the result being built."""

    def __init__(self, kb: KnowledgeBase, municipality: str, kind: str, topic: str | None = None):
        self.kb = kb
        self.muni: Municipality = kb.municipality(municipality)
        self.kind = kind
        self.topic = topic or space_topic(kb, kind)
        self.sources: list[Source] = []
        self.notes: list[str] = []
        self._standards: dict[str, Standard] | None = None
        # whether a person aged exactly the occupant age ("over one year of age") counts: the text
        # does not settle it, so the public functions run both ways (see _either_way)
        self.boundary_counts = False

    def std(self, key: str) -> Standard | None:
        """The standards row of ``key`` for this municipality (proper rows only), or None.

        Same as ``kb.standard(muni, key)`` (the first row of the key), read in one query per result.
        """
        if self._standards is None:
            self._standards = {}
            for row in self.kb.standards(municipality=self.muni.key):
                self._standards.setdefault(row.key, row)
        return self._standards.get(key)

    def use(self, *standards: Standard | None) -> None:
        """Record standards as sources of the result (citation and verbatim quote)."""
        for std in standards:
            if std is None or any(s.key == std.key for s in self.sources):
                continue
            section = self.kb.section(self.muni.key, std.citation)
            self.sources.append(Source(std.key, std.value, std.value_text, section.full_citation, std.quote, section))

    def note(self, text: str | None) -> None:
        if text and text not in self.notes:
            self.notes.append(text)

    def result(self, verdict: str, summary: str, arithmetic: str = "", **kwargs: Any) -> SpaceResult:
        return SpaceResult(
            municipality=self.muni.key,
            municipality_name=self.muni.name,
            kind=self.kind,
            topic=self.topic,
            verdict=verdict,
            summary=summary,
            arithmetic=arithmetic,
            numbers=kwargs.pop("numbers", {}),
            notes=list(self.notes),
            sources=list(self.sources),
            question=kwargs.pop("question", None),
            reason=kwargs.pop("reason", None),
            needs=tuple(kwargs.pop("needs", ())),
        )

    def need_info(
        self, question: str, reason: str = BAD_INPUT, summary: str | None = None, *, needs: tuple[str, ...], **kwargs: Any
    ):
        """A question back instead of a verdict (bad input: just the question, without other notes).

        ``needs`` says what the question asks for (``NEEDS`` in :mod:`knowledge.space.results`), so that a
        form acts on it without reading the question's words.
        """
        if reason == BAD_INPUT:
            self.notes.clear()
            self.sources.clear()
        return self.result(NEED_INFO, summary or question, question=question, reason=reason, needs=needs, **kwargs)

    def silent(self, what: str) -> SpaceResult:
        """The text has no such rule: say so and name the office, never another town's rule."""
        text = compose_not_addressed(self.muni, what, self.topic).text
        return self.result(NOT_ADDRESSED, text, reason=TEXT_SILENT)

    def no_figure(self, what: str, summary_lead: str = "", **kwargs: Any) -> SpaceResult:
        text = (
            f"{summary_lead}I don't have the {self.muni.name} figure for {what} in my knowledge base, so I can't "
            f"compute it. The section is quoted below; for an answer, ask the {self.muni.contact}."
        )
        return self.result(NOT_ADDRESSED, text.strip(), reason=NO_FIGURE, **kwargs)

    def unsettled(self, summary: str, arithmetic: str = "", **kwargs: Any) -> SpaceResult:
        text = f"{summary} For an answer, ask the {self.muni.contact}."
        return self.result(NOT_ADDRESSED, text, arithmetic, reason=TEXT_UNSETTLED, **kwargs)

    @property
    def ask_office(self) -> str:
        return f"the {self.muni.contact}"


def sqft(value: float) -> str:
    """ "120 sq ft"."""
    return f"{fmt_number(value)} sq ft"


def _pct(std: Standard) -> str:
    return f"{fmt_number(std.value or 0)}%"


def _ge(a: float, b: float) -> bool:
    """a ≥ b, tolerating floating-point noise (exactly at the minimum meets it)."""
    return a >= b - _EPS * max(1.0, abs(b))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _area_of(value: Room | float | int | None) -> tuple[Room | None, str | None]:
    """A Room from a Room or a number of square feet; (None, question) when it is unusable."""
    if value is None:
        return None, None
    if isinstance(value, Room):
        if not value.ok:
            return None, value.question or "What is the floor area?"
        return value, None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None, "What is the floor area, in square feet?"
    return Room.from_area(float(value)), None


def _check_area(ctx: _Ctx, room: Room, limit: float, what: str) -> SpaceResult | None:
    area = room.area_sqft or 0.0
    if area <= 0:
        return ctx.need_info(f"A floor area of {sqft(area)} is not possible. What is the {what}'s floor area?", needs=(NEEDS_SIZE,))
    if area > limit:
        return ctx.need_info(
            f"{sqft(area)} is more than I can take for a {what} (at most {sqft(limit)}). Please check the size.", needs=(NEEDS_SIZE,)
        )
    ctx.note(room.reading_note())
    return None


def _check_part_area(ctx: _Ctx, value: float | None, total: float, label: str) -> SpaceResult | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        return ctx.need_info(f"The {label} must be a number of square feet, zero or more. What is it?", needs=(NEEDS_SIZE,))
    if value > total + _EPS:
        return ctx.need_info(
            f"The {label} ({sqft(value)}) is more than the whole floor ({sqft(total)}). Which figure is right?", needs=(NEEDS_SIZE,)
        )
    return None


def _age_words(age: float) -> str:
    if age <= 0:
        return "newborn"
    if age < 1:
        months = round(age * 12)
        return f"{months}-month-old" if months >= 1 else f"{fmt_number(age * 52, 0)}-week-old"
    return f"{fmt_number(age)}-year-old"


@dataclass
class _Need:
    low: float = 0.0
    high: float = 0.0
    text_low: str = ""
    text_high: str = ""
    used: list[Standard] = field(default_factory=list)
    missing: str | None = None
    unknown: int = 0
    at_threshold: int = 0

    @property
    def settled(self) -> bool:
        return abs(self.high - self.low) <= _EPS


def _occ(n: int) -> str:
    return f"{n} occupant{'s' if n != 1 else ''}"


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
