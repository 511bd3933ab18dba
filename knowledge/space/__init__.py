"""The space and occupancy calculator: "Is my bedroom big enough?", "How many people can live here?".

Plain functions over the knowledge base. Every figure comes from the municipality's own
standards rows (``kb.standard(muni, key)``, keys from ``knowledge/vocab.yml``); no
municipality's numbers are written here. Each function returns a :class:`SpaceResult`: the
verdict, the numbers, the arithmetic in one line, the citation and the verbatim quote of every
rule used; :func:`to_answer` turns results into a :class:`knowledge.compose.Answer`, so the
bot and the CLI say the same thing.

Verdicts:

* ``meets`` / ``does_not_meet`` — the figures decide it;
* ``computed`` — a figure was asked for (a minimum, a capacity) and is given;
* ``not_addressed`` — the calculator gives no verdict from the text. ``reason`` says why:
  ``text_silent`` (the text has no such rule: names the enforcing officer),
  ``text_unsettled`` (the rule does not settle this case, e.g. a child of exactly 12 where the
  text says "over 12" / "under 12"), ``no_figure`` (the text has the rule but the knowledge
  base holds no number for it yet);
* ``need_info`` — a question back instead of a guess. ``reason`` is ``bad_input`` (the input
  cannot be used as given: zero, negative, absurd, ambiguous or contradictory) or
  ``more_info`` (one more fact, e.g. the ages, decides it).

Bad input never raises: it becomes a ``need_info`` result. Unknown municipalities raise
:class:`knowledge.kb.UnknownMunicipality` (its message is fit to show), as everywhere else.

The calculator is split by what it checks: :mod:`~knowledge.space.results` (verdicts and the
result classes), :mod:`~knowledge.space.context` (a municipality's standards and the result being
built), :mod:`~knowledge.space.occupants` (who counts), :mod:`~knowledge.space.sleeping`,
:mod:`~knowledge.space.unit`, :mod:`~knowledge.space.ceiling`, :mod:`~knowledge.space.windows`,
:mod:`~knowledge.space.fixtures`, :mod:`~knowledge.space.rendering` (results in words) and
:mod:`~knowledge.space.dialogue` (what a conversation said, checked). Everything public is
importable from ``knowledge.space``.
"""

from __future__ import annotations

from knowledge.compose import Answer, citation_payload
from knowledge.space.ceiling import ceiling, fmt_height
from knowledge.space.context import sqft
from knowledge.space.dialogue import (
    age_thresholds,
    check,
    clean_facts,
    household_facts,
    merge_request,
    missing,
    per_unit_only,
)
from knowledge.space.fixtures import fixtures
from knowledge.space.rendering import result_payload, result_text, to_answer, yes_no_first
from knowledge.space.results import (
    BAD_INPUT,
    COMPUTED,
    FAILS,
    MAX_CEILING_FT,
    MAX_ROOM_AREA_SQFT,
    MAX_ROOM_OCCUPANTS,
    MAX_ROOMING_PERSONS,
    MAX_UNIT_AREA_SQFT,
    MAX_UNIT_OCCUPANTS,
    MEETS,
    MORE_INFO,
    NEED_INFO,
    NEEDS,
    NEEDS_AGES,
    NEEDS_CEILING,
    NEEDS_OCCUPANTS,
    NEEDS_SIZE,
    NEEDS_WINDOWS,
    NO_FIGURE,
    NOT_ADDRESSED,
    TEXT_SILENT,
    TEXT_UNSETTLED,
    VERDICTS,
    Source,
    SpaceResult,
    space_topic,
)
from knowledge.space.sleeping import sleeping_room, sleeping_rooms
from knowledge.space.unit import dwelling_unit
from knowledge.space.windows import WINDOW_KEYS, windows

__all__ = [
    "Answer",
    "citation_payload",
    "ceiling",
    "fmt_height",
    "sqft",
    "age_thresholds",
    "check",
    "clean_facts",
    "household_facts",
    "merge_request",
    "missing",
    "per_unit_only",
    "fixtures",
    "result_payload",
    "result_text",
    "to_answer",
    "yes_no_first",
    "BAD_INPUT",
    "COMPUTED",
    "FAILS",
    "MAX_CEILING_FT",
    "MAX_ROOM_AREA_SQFT",
    "MAX_ROOM_OCCUPANTS",
    "MAX_ROOMING_PERSONS",
    "MAX_UNIT_AREA_SQFT",
    "MAX_UNIT_OCCUPANTS",
    "MEETS",
    "MORE_INFO",
    "NEED_INFO",
    "NEEDS",
    "NEEDS_AGES",
    "NEEDS_CEILING",
    "NEEDS_OCCUPANTS",
    "NEEDS_SIZE",
    "NEEDS_WINDOWS",
    "NO_FIGURE",
    "NOT_ADDRESSED",
    "TEXT_SILENT",
    "TEXT_UNSETTLED",
    "space_topic",
    "VERDICTS",
    "Source",
    "SpaceResult",
    "sleeping_room",
    "sleeping_rooms",
    "dwelling_unit",
    "windows",
    "WINDOW_KEYS",
]
