"""What the calculator returns: verdicts, reasons, input bounds and the result data classes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from knowledge.kb import KnowledgeBase, Section

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

# What a ``need_info`` result still needs (its ``needs``), whatever the words of its question.
NEEDS_SIZE = "size"  # the floor area of the room or dwelling unit
NEEDS_OCCUPANTS = "occupants"  # how many people (in each room)
NEEDS_AGES = "ages"  # how old each person is
NEEDS_CEILING = "ceiling"  # the ceiling height or the areas under low and full-height ceilings
NEEDS_WINDOWS = "windows"  # the window areas
NEEDS = (NEEDS_SIZE, NEEDS_OCCUPANTS, NEEDS_AGES, NEEDS_CEILING, NEEDS_WINDOWS)

# Sanity bounds on input (not law: they only stop absurd input from producing a verdict).
MAX_ROOM_AREA_SQFT = 10_000.0
MAX_UNIT_AREA_SQFT = 100_000.0
MAX_ROOM_OCCUPANTS = 50
MAX_UNIT_OCCUPANTS = 100
MAX_ROOMING_PERSONS = 1_000
MAX_CEILING_FT = 30.0
_EPS = 1e-9

def space_topic(kb: KnowledgeBase, kind: str, rooming: bool = False) -> str:
    """The topic a space check's answer belongs to (``space_kinds`` in the topic configuration of
    knowledge/vocab.yml): a bedroom → sleeping_room_size, a dwelling unit → occupancy_floor_space.
    A unit check for a rooming house is a sleeping-room check."""
    kind = "rooming_bedroom" if rooming and kind in ("bedroom", "unit") else kind
    for topic, config in kb.topic_configs().items():
        if kind in config.space_kinds:
            return topic
    raise KeyError(f"no topic lists the space check {kind!r} in space_kinds (knowledge/vocab.yml)")


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
    needs: tuple[str, ...] = ()  # for ``need_info``: what its question asks for (NEEDS), as data

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
