"""Room sizes: "10x12", "3 by 4 meters", "120 sq ft", "10' x 12'6\"" read into a :class:`Room` in feet."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from knowledge.parsing.numbers import (
    _FRACTION_CHARS,
    M_TO_FT,
    MAX_AREA_SQFT,
    MAX_SIDE_FT,
    MIN_PLAUSIBLE_SIDE_FT,
    MIN_SIDE_FT,
    SQM_TO_SQFT,
    _fmt,
    _number_value,
    fmt_feet,
    fmt_number,
    words_to_digits,
)
from knowledge.parsing.patterns import (
    parse,
)


@dataclass(frozen=True)
class Room:
    """A room size read from text, in feet and square feet.

    ``converted_from`` is ``"m"`` when the text gave metres (or ``"in"`` for inches) and the
    figures were converted; ``assumed_unit`` is True when the text gave no unit and feet were
    assumed. A room that cannot be read safely has ``area_sqft`` None and a ``question`` to ask.
    """

    width_ft: float | None
    length_ft: float | None
    area_sqft: float | None
    source_text: str
    converted_from: str | None = None
    assumed_unit: bool = False
    question: str | None = None
    given: str = ""  # what was read, in the units the text used: "3 m × 4 m", "10 ft × 12 ft 6 in"

    @property
    def ok(self) -> bool:
        """True when the room has an area to compute with."""
        return self.question is None and self.area_sqft is not None

    @classmethod
    def from_area(cls, area_sqft: float, source_text: str | None = None) -> Room:
        """A room known only by its floor area in square feet."""
        text = source_text or f"{_fmt(round(area_sqft, 2))} sq ft"
        return cls(None, None, area_sqft, text, given=f"{fmt_number(area_sqft)} sq ft")

    def describe(self) -> str:
        """The room in feet: "10 ft × 12 ft = 120 sq ft" or "120 sq ft"."""
        if self.area_sqft is None:
            return self.source_text
        if self.converted_from == "m":
            metric = f"{fmt_number(self.area_sqft / SQM_TO_SQFT)} m²"
            lead = f"{self.given} = {metric}" if self.width_ft is not None else metric
            return f"{lead} = {fmt_number(self.area_sqft)} sq ft"
        if self.width_ft is not None and self.length_ft is not None:
            return f"{fmt_feet(self.width_ft)} × {fmt_feet(self.length_ft)} = {fmt_number(self.area_sqft)} sq ft"
        return f"{fmt_number(self.area_sqft)} sq ft"

    def reading_note(self) -> str | None:
        """How the text was read, when that is worth saying (units assumed or converted)."""
        if self.assumed_unit:
            return f'"{self.source_text.strip()}" gave no unit: read as feet.'
        if self.converted_from == "m":
            return "Converted from metres to feet (1 m = 3.2808 ft; 1 m² = 10.764 sq ft)."
        if self.converted_from == "in":
            return f"Converted from inches: {self.given} = {self.describe()}."
        return None


_LEX = re.compile(
    r"""
    (?P<area_ft>sq\.?[\s-]*(?:ft\.?|feet|foot)|square[\s-]*(?:feet|foot|ft\.?)|sqft|sft|sf|ft2|ft²)
  | (?P<area_m>sq\.?\s*(?:m\.?|meters?|metres?)(?![a-z])|square\s*(?:meters?|metres?|m)(?![a-z])|sqm|m2|m²)
  | (?P<ft>feet|foot|ft\.?|')
  | (?P<inch>inches|inch|in\.?(?![a-z])|")
  | (?P<m>meters?|metres?|mtrs?|m\.?(?![a-z]))
  | (?P<sep>x|by|\*)
  | (?P<num>-?\d+(?:[.,]\d+)*)
  | (?P<skip>[\s().,:;=\-–—]+|wide|long|deep)
  | (?P<other>\S)
    """,
    re.VERBOSE,
)


def _normalize(text: str) -> str:
    text = text.lower()
    for old, new in (("’", "'"), ("‘", "'"), ("′", "'"), ("”", '"'), ("“", '"'), ("″", '"'), ("''", '"'), ("×", "x")):
        text = text.replace(old, new)
    text = words_to_digits(text)
    for char, value in _FRACTION_CHARS.items():
        text = re.sub(rf"(\d+)\s*{char}", lambda m, v=value: _fmt(int(m.group(1)) + v), text)
        text = text.replace(char, _fmt(value))
    text = re.sub(r"(\d+)\s+(\d{1,2})/(\d{1,2})", lambda m: _mixed(m), text)
    return text


def _mixed(match: re.Match[str]) -> str:
    whole, num, den = int(match.group(1)), int(match.group(2)), int(match.group(3))
    if den == 0 or num >= den:
        return match.group(0)
    return _fmt(whole + num / den)


def _lex(text: str) -> list[tuple[str, Any]]:
    tokens: list[tuple[str, Any]] = []
    for match in _LEX.finditer(_normalize(text)):
        kind = match.lastgroup or "other"
        if kind == "skip":
            continue
        if kind == "num":
            value = _number_value(match.group())
            tokens.append(("num", value) if value is not None else ("other", match.group()))
        else:
            tokens.append((kind, match.group()))
    return tokens


def _room_question(text: str, question: str) -> Room:
    return Room(None, None, None, text, question=question)


def _read_side(tokens: list[tuple[str, Any]], i: int) -> tuple[float | None, str | None, int]:
    """One side: (value, unit, next index); unit is "ft", "inch", "m" or None."""
    if i >= len(tokens) or tokens[i][0] != "num":
        return None, None, i
    value, i = tokens[i][1], i + 1
    unit = None
    if i < len(tokens) and tokens[i][0] in ("ft", "inch", "m"):
        unit, i = tokens[i][0], i + 1
    if unit == "ft" and i < len(tokens) and tokens[i][0] == "num":
        inches, i = tokens[i][1], i + 1
        if i < len(tokens) and tokens[i][0] == "inch":
            i += 1
        sign = -1 if value < 0 else 1
        value = value + sign * inches / 12.0
        unit = "ft"
    return value, unit, i


def _side_text(value: float, unit: str | None) -> str:
    if unit == "ft":
        whole = math.floor(value)
        inches = round((value - whole) * 12, 2)
        if value >= 0 and inches and float(inches).is_integer():
            return f"{whole} ft {int(inches)} in"
        return fmt_feet(value)
    if unit == "m":
        return f"{fmt_number(value)} m"
    if unit == "inch":
        return f"{fmt_number(value)} in"
    return fmt_number(value)


def interpret_dimensions(text: str) -> Room:
    """Read one ``dimensions`` span ("10x12", "3 by 4 meters", "120 sq ft", "10' x 12'6\\"")."""
    source = text
    tokens = _lex(text)
    if any(kind == "other" for kind, _ in tokens) or not tokens or tokens[0][0] != "num":
        return _room_question(source, f'I could not read a room size in "{_clip(source)}".')
    if len(tokens) >= 2 and tokens[1][0] in ("area_ft", "area_m") and len(tokens) == 2:
        value, unit = tokens[0][1], tokens[1][0]
        return _area_room(source, value, "m" if unit == "area_m" else None)
    a, unit_a, i = _read_side(tokens, 0)
    if a is None or i >= len(tokens) or tokens[i][0] != "sep":
        return _room_question(source, f'I could not read a room size in "{_clip(source)}".')
    b, unit_b, i = _read_side(tokens, i + 1)
    trailing = None
    if i < len(tokens) and tokens[i][0] in ("ft", "inch", "m"):
        trailing, i = tokens[i][0], i + 1
    if b is None or i != len(tokens):
        return _room_question(source, f'I could not read a room size in "{_clip(source)}".')
    return _pair_room(source, a, unit_a, b, unit_b, trailing)


def _clip(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _area_room(source: str, value: float, metric: str | None) -> Room:
    area = value * SQM_TO_SQFT if metric else value
    given = f"{fmt_number(value)} m²" if metric else f"{fmt_number(value)} sq ft"
    if value <= 0:
        return _room_question(source, f"A floor area of {given} is not possible. What is the floor area?")
    if area > MAX_AREA_SQFT:
        return _room_question(
            source, f"{given} is more than I can take for a room or a dwelling unit. Please check the number."
        )
    return Room(None, None, area, source, converted_from="m" if metric else None, given=given)


def _pair_room(source: str, a: float, unit_a: str | None, b: float, unit_b: str | None, trailing: str | None) -> Room:
    unit_a = unit_a or trailing or unit_b
    unit_b = unit_b or trailing or unit_a
    if unit_a != unit_b:
        return _room_question(
            source,
            f'"{_clip(source)}" mixes units ({unit_a} and {unit_b}). Please give both sides in feet or both in metres.',
        )
    unit = unit_a
    assumed = False
    for side in (a, b):
        if side <= 0:
            return _room_question(
                source,
                f"A room side of {fmt_number(side)} is not possible: sides must be more than zero. What size is it?",
            )
    if unit is None:
        if max(a, b) > MAX_SIDE_FT:
            return _room_question(
                source,
                f"A room side of {_fmt(max(a, b))} is more than I can take in feet or in metres "
                f"(at most {_fmt(MAX_SIDE_FT)} ft). Please check the size.",
            )
        if min(a, b) < MIN_PLAUSIBLE_SIDE_FT:
            return _room_question(
                source,
                f'Is "{_clip(source)}" in feet or in metres? (For example "{_fmt(a)} by {_fmt(b)} feet" or '
                f'"{_fmt(a)} by {_fmt(b)} meters".)',
            )
        unit, assumed = "ft", True
    factor = {"ft": 1.0, "m": M_TO_FT, "inch": 1 / 12.0}[unit]
    width, length = a * factor, b * factor
    given = f"{_side_text(a, unit)} × {_side_text(b, unit)}"
    for side, raw in ((width, a), (length, b)):
        if side > MAX_SIDE_FT:
            return _room_question(
                source,
                f"A room side of {_side_text(raw, unit)} is more than I can take "
                f"(at most {_fmt(MAX_SIDE_FT)} ft). Please check the size.",
            )
        if side < MIN_SIDE_FT:
            return _room_question(
                source,
                f"A room side of {_side_text(raw, unit)} is too small for a room. Please check the size.",
            )
    converted = {"m": "m", "inch": "in"}.get(unit)
    return Room(width, length, width * length, source, converted, assumed, given=given)


_CONNECTORS = {
    "(",
    ")",
    ",",
    "=",
    ":",
    "-",
    "–",
    "—",
    "is",
    "of",
    "or",
    "so",
    "about",
    "approx",
    "approximately",
    "roughly",
    "around",
    "room",
    "bedroom",
    "a",
    "an",
    "total",
    "totaling",
    "totalling",
    "makes",
    "which",
    "that",
    "'s",
    "i.e.",
}


def parse_rooms(text: str) -> list[Room]:
    """Every room size in ``text`` ("two bedrooms, 10x12 and 9x11" gives two rooms).

    A pair and an area written together ("a 10x12 room of 120 sq ft") are one room; if they
    disagree, the room carries a question instead. A lone number such as "120" is not read
    as an area: it comes back as a room with a question. Never raises on user text.
    """
    if not isinstance(text, str) or not text.strip():
        return []
    doc = parse(text)
    spans = [e for e in doc.ents if e.label_ == "dimensions"]
    rooms: list[Room] = []
    i = 0
    while i < len(spans):
        room = interpret_dimensions(spans[i].text)
        if i + 1 < len(spans) and _joined(doc, spans[i], spans[i + 1]):
            other = interpret_dimensions(spans[i + 1].text)
            room = _merge(room, other, doc[spans[i].start : spans[i + 1].end].text)
            i += 1
        rooms.append(room)
        i += 1
    if not rooms:
        taken = {t.i for e in doc.ents for t in e}
        for token in doc:
            if token.i in taken or not re.fullmatch(r"\d+(?:[.,]\d+)*", token.text):
                continue
            value = _number_value(token.text)
            if value is not None and value >= 20:
                rooms.append(
                    _room_question(
                        token.text,
                        f'Is {token.text} the floor area in square feet? Please say "{token.text} sq ft", '
                        'or give the sides, such as "10 by 12 feet".',
                    )
                )
                break
    return rooms


def _joined(doc: Any, first: Any, second: Any) -> bool:
    """True when two spans describe one room ("10x12 (120 sq ft)", "a 10x12 room of 500 sq ft")."""
    gap = doc[first.end : second.start]
    if len(gap) > 4 or any(t.lower_ not in _CONNECTORS for t in gap):
        return False
    first_area = not _has_sides(first.text)
    second_area = not _has_sides(second.text)
    return first_area != second_area


def _has_sides(text: str) -> bool:
    return any(kind == "sep" for kind, _ in _lex(text))


def _merge(a: Room, b: Room, source: str) -> Room:
    for room in (a, b):
        if not room.ok:
            return Room(None, None, None, source, question=room.question)
    pair, area = (a, b) if a.width_ft is not None else (b, a)
    assert pair.area_sqft is not None and area.area_sqft is not None
    if abs(pair.area_sqft - area.area_sqft) <= max(1.0, 0.02 * area.area_sqft):
        return Room(
            pair.width_ft,
            pair.length_ft,
            pair.area_sqft,
            source,
            pair.converted_from,
            pair.assumed_unit,
            given=pair.given,
        )
    return Room(
        None,
        None,
        None,
        source,
        question=(
            f"{pair.given} makes {fmt_number(pair.area_sqft)} sq ft, not {area.given}. "
            "Which is right: the sides or the area?"
        ),
    )


def parse_length(text: str) -> float | None:
    """A length such as a ceiling height, in feet: "7", "7.5 ft", "7'6\\"", "7 ft 6 in", "2.3 m"."""
    if not isinstance(text, str) or len(text) > 100:
        return None
    tokens = _lex(text)
    value, unit, i = _read_side(tokens, 0)
    if value is None or i != len(tokens) or not math.isfinite(value):
        return None
    return value * {"ft": 1.0, None: 1.0, "m": M_TO_FT, "inch": 1 / 12.0}[unit]
