"""Read room sizes, head counts, ages and unit counts as people write them — in one place.

Two layers, both here so the NLU layer (Rasa, through the saved spaCy pipeline) and the
action server read a message the same way:

* :data:`ENTITY_PATTERNS` — spaCy ``entity_ruler`` token patterns (labels ``dimensions``,
  ``people``, ``age``, ``units``) for a *blank English* tokenizer. ``knowledge.nlp.build_pipeline``
  adds them to the project's pipeline. The blank tokenizer keeps some forms in one token
  (``10x12``, ``3x4`` in ``3x4m``, ``12'6`` in ``12'6"``, ``10'6"x12``, ``120sqft``), so those
  are matched by a REGEX on the token; the rest are token sequences (``10`` ``'`` ``x`` ``12``).
* The interpreters — :func:`parse_rooms`, :func:`parse_people`, :func:`parse_ages`,
  :func:`parse_units` — run the same patterns over a whole message or over one entity's text
  and turn each span into numbers. They never raise on user text: what cannot be read is
  left out, and a room size that cannot be read safely comes back as a :class:`Room` with a
  ``question`` to ask instead of a number.

spaCy is loaded on first use, not at import time, and the pipeline is cached.

The modules: :mod:`~knowledge.parsing.numbers` (digits, number words, bounds),
:mod:`~knowledge.parsing.patterns` (the entity_ruler patterns and the cached pipeline),
:mod:`~knowledge.parsing.rooms` (room sizes), :mod:`~knowledge.parsing.counts` (head counts,
ages, unit counts), :mod:`~knowledge.parsing.household` (who the people are) and
:mod:`~knowledge.parsing.request` (a space-check message read whole). Everything public is
importable from ``knowledge.parsing``.
"""

from __future__ import annotations

from knowledge.parsing.bands import band_name, band_span
from knowledge.parsing.counts import (
    interpret_age,
    interpret_people,
    interpret_units,
    parse_age_answer,
    parse_ages,
    parse_people,
    parse_units,
)
from knowledge.parsing.household import (
    PEOPLE_PATH,
    Household,
    Person,
    parse_household,
    people_vocab,
    resolve_ages,
)
from knowledge.parsing.numbers import (
    M_TO_FT,
    MAX_AGE_YEARS,
    MAX_AREA_SQFT,
    MAX_SIDE_FT,
    MAX_TEXT_CHARS,
    MIN_PLAUSIBLE_SIDE_FT,
    MIN_SIDE_FT,
    NUMBER_WORDS,
    SQM_TO_SQFT,
    fmt_feet,
    fmt_number,
    parse_number,
    words_to_digits,
)
from knowledge.parsing.patterns import (
    ENTITY_LABELS,
    ENTITY_PATTERNS,
    NUM,
    NUMBER_PHRASE,
    Entity,
    entities,
    pipeline,
)
from knowledge.parsing.request import (
    SpaceRequest,
    fixture_question,
    names_fixture,
    parse_space_parts,
    parse_space_request,
    part_question,
)
from knowledge.parsing.rooms import (
    Room,
    interpret_dimensions,
    parse_length,
    parse_rooms,
)

__all__ = [
    "M_TO_FT",
    "SQM_TO_SQFT",
    "MAX_TEXT_CHARS",
    "MIN_SIDE_FT",
    "MAX_SIDE_FT",
    "MAX_AREA_SQFT",
    "MAX_AGE_YEARS",
    "MIN_PLAUSIBLE_SIDE_FT",
    "NUMBER_WORDS",
    "words_to_digits",
    "parse_number",
    "fmt_number",
    "fmt_feet",
    "ENTITY_LABELS",
    "NUM",
    "NUMBER_PHRASE",
    "ENTITY_PATTERNS",
    "pipeline",
    "Entity",
    "entities",
    "Room",
    "interpret_dimensions",
    "parse_rooms",
    "parse_length",
    "interpret_people",
    "parse_people",
    "interpret_age",
    "parse_ages",
    "parse_age_answer",
    "interpret_units",
    "parse_units",
    "PEOPLE_PATH",
    "people_vocab",
    "Person",
    "Household",
    "band_name",
    "band_span",
    "parse_household",
    "resolve_ages",
    "SpaceRequest",
    "parse_space_parts",
    "fixture_question",
    "names_fixture",
    "part_question",
    "parse_space_request",
]
