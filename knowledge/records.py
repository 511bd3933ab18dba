"""The records the knowledge base returns (:mod:`knowledge.kb`): sections, definitions, standards,
topic coverage and configuration, search hits. Plain immutable data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Section:
    """One unit of ordinance text with its citation."""

    municipality: str
    citation: str
    basis: str
    parent: str
    heading: str
    label: str
    display: str
    evidence: str
    line: int | None
    text: str
    full_citation: str
    provenance: str = ""  # the municipality's provenance line (Municipality.provenance)

    @property
    def inferred(self) -> bool:
        """True when the citation's number or letter is not stated in the text."""
        return self.basis in ("inferred", "unknown")


@dataclass(frozen=True)
class Definition:
    """A defined term of one municipality's code."""

    municipality: str
    term: str
    text: str
    citation: str
    basis: str
    synonyms: tuple[str, ...]
    full_citation: str = ""


@dataclass(frozen=True)
class Standard:
    """A numeric standard with the verbatim quote it comes from."""

    municipality: str
    key: str
    value: float | None
    value_text: str
    unit: str
    conditions: str
    params: dict[str, Any]
    citation: str
    quote: str


@dataclass(frozen=True)
class Coverage:
    """Whether a municipality's text addresses a topic, and in which sections."""

    municipality: str
    topic: str
    description: str
    addressed: bool
    sections: tuple[Section, ...]
    note: str = ""
    defines: tuple[Definition, ...] = ()
    note_sections: tuple[Section, ...] = ()


@dataclass(frozen=True)
class TopicConfig:
    """How a topic is asked and answered (``topic_config`` in knowledge/vocab.yml)."""

    topic: str
    description: str
    intent: str
    duties: tuple[str, ...]
    standards: tuple[str, ...]
    keywords: tuple[str, ...]
    example: str
    space: bool
    space_kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class SearchHit:
    """A full-text search result."""

    kind: str  # "section" or "definition"
    municipality: str
    citation: str
    title: str
    snippet: str
