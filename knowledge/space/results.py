"""What the calculator returns: verdicts, reasons, input bounds and the result data classes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from knowledge.kb import Section

MEETS = "meets"
FAILS = "does_not_meet"
COMPUTED = "computed"
NOT_ADDRESSED = "not_addressed"
NEED_INFO = "need_info"
VERDICTS = (MEETS, FAILS, COMPUTED, NOT_ADDRESSED, NEED_INFO)

TEXT_SILENT = "text_silent"
TEXT_UNSETTLED = "text_unsettled"
NO_FIGURE = "no_figure"
BAD_INPUT = "bad_input"
MORE_INFO = "more_info"

# Sanity bounds on input (not law: they only stop absurd input from producing a verdict).
MAX_ROOM_AREA_SQFT = 10_000.0
MAX_UNIT_AREA_SQFT = 100_000.0
MAX_ROOM_OCCUPANTS = 50
MAX_UNIT_OCCUPANTS = 100
MAX_ROOMING_PERSONS = 1_000
MAX_CEILING_FT = 30.0
_EPS = 1e-9

TOPICS = {
    "bedroom": "sleeping_room_size",
    "rooming_bedroom": "sleeping_room_size",
    "unit": "occupancy_floor_space",
    "ceiling": "ceiling_height",
    "window": "windows_light_ventilation",
    "fixtures": "rooming_houses",
}


@dataclass(frozen=True)
class Source:
    """A standard used in a result: its key and figure, the full citation and the verbatim rule."""

    key: str
    value: float | None
    value_text: str
    citation: str
    quote: str
    section: Section


@dataclass
class SpaceResult:
    """What the calculator found for one question about one room, unit or house."""

    municipality: str
    municipality_name: str
    kind: str  # bedroom, unit, ceiling, window, fixtures
    topic: str
    verdict: str
    summary: str
    arithmetic: str = ""
    numbers: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    question: str | None = None
    reason: str | None = None

    @property
    def citations(self) -> list[str]:
        """The full citations of the rules used ("Town of Holland Code § 190-9, …")."""
        return _unique(s.citation for s in self.sources)

    @property
    def quotes(self) -> list[str]:
        """The verbatim quotes of the rules used."""
        return _unique(s.quote for s in self.sources)

    @property
    def addressed(self) -> bool:
        """False only when the municipality's text has no such rule at all."""
        return not (self.verdict == NOT_ADDRESSED and self.reason == TEXT_SILENT)


def _unique(items: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen
