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
"""

from __future__ import annotations

import math
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

ENTITY_LABELS = ("dimensions", "people", "age", "units")

M_TO_FT = 1 / 0.3048  # exact: the international foot is 0.3048 m
SQM_TO_SQFT = M_TO_FT**2
MAX_TEXT_CHARS = 10_000  # longer messages are read up to this many characters
MIN_SIDE_FT = 1.0
MAX_SIDE_FT = 100.0
MAX_AREA_SQFT = 100_000.0
MAX_AGE_YEARS = 125.0
MIN_PLAUSIBLE_SIDE_FT = 5.0  # a bare pair ("10x12") is read as feet only if both sides are at least this

# -- number words --------------------------------------------------------------------------
_ONES = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
}
_TEENS = {
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
NUMBER_WORDS = {**_ONES, **_TEENS, **_TENS, "hundred": 100}
_FRACTION_CHARS = {"½": 0.5, "¼": 0.25, "¾": 0.75}

# -- token vocabularies for the patterns ------------------------------------------------------
_FT = ["ft", "ft.", "feet", "foot", "'", "’", "′"]
_IN = ["in", "in.", "inch", "inches", '"', "”", "″", "''"]
_M = ["m", "m.", "meter", "meters", "metre", "metres", "mtr", "mtrs"]
_TRAILING_UNIT = ["ft", "ft.", "feet", "foot", "'", "’", "′", "m", "m.", "meter", "meters", "metre", "metres", "inches"]
_SEP = ["x", "×", "by", "*"]
_SIDE_WORDS = ["wide", "long", "deep"]
_SQ = ["sq", "sq.", "square"]
_LINEAR = ["ft", "ft.", "feet", "foot", "m", "m.", "meter", "meters", "metre", "metres"]
_AREA_UNIT = ["sf", "sqft", "sq.ft", "sq.ft.", "sft", "ft2", "ft²", "m2", "m²", "sqm", "sq.m", "sq.m."]


def _people_words() -> tuple[list[str], list[str]]:
    """The nouns for people and the relation words, from ``knowledge/people.yml`` (read once, for the patterns)."""
    import yaml

    with open(Path(__file__).resolve().parent / "people.yml", encoding="utf-8") as handle:
        vocab = yaml.safe_load(handle)
    singular = [w for w in vocab["singular"] if w not in vocab["self_words"]]
    return sorted({*vocab["plural"], *singular}), singular


_PEOPLE_NOUNS, _RELATIONS = _people_words()
_PEOPLE_ADJ = ["small", "young", "little", "grown", "adult", "teenage", "older", "younger", "more", "other"]
_AGE_UNITS = ["year", "years", "yr", "yrs", "month", "months", "mo", "mos", "week", "weeks", "wk", "wks"]
_UNIT_NOUNS = ["unit", "units", "apartment", "apartments", "apt", "apts", "flat", "flats"]
_BUILDING_WORDS = ["building", "buildings", "house", "home", "complex", "dwelling", "property", "rental", "residence"]
_PLEX = {
    "duplex": 2,
    "triplex": 3,
    "fourplex": 4,
    "quadplex": 4,
    "quadruplex": 4,
    "quad": 4,
    "fiveplex": 5,
    "sixplex": 6,
    "eightplex": 8,
}

_NUM_TOKEN_RE = r"-?(?:\d+(?:[.,]\d+)*[½¼¾]?|[½¼¾])"
_WORDS_RE = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_SIDE_IN_TOKEN = r"\d+(?:\.\d+)?(?:(?:'|’|′|ft|m)(?:\d+(?:\.\d+)?(?:\"|”|″)?)?)?"

NUM = {"LOWER": {"REGEX": rf"^(?:{_NUM_TOKEN_RE}|{_WORDS_RE})$"}}
_NUM_WORD = {"LOWER": {"IN": list(NUMBER_WORDS)}}
_FRAC = {"TEXT": {"REGEX": r"^\d{1,2}/\d{1,2}$"}}
_PAIR_TOKEN = {"LOWER": {"REGEX": rf"^-?{_SIDE_IN_TOKEN}[x×*]{_SIDE_IN_TOKEN}$"}}
_FT_IN_TOKEN = {"LOWER": {"REGEX": r"^\d+(?:\.\d+)?['’′]\d+(?:\.\d+)?[\"”″]?$"}}
_AREA_TOKEN = {
    "LOWER": {"REGEX": r"^\d+(?:[.,]\d+)*(?:sq\.?ft\.?|sqft|sf|sft|ft2|ft²|sq\.?m\.?|sqm|m2|m²)$"},
}
_PLEX_TOKEN = {"LOWER": {"REGEX": r"^\d+-?plex$"}}
_AGE_TOKEN = {"LOWER": {"REGEX": r"^\d+(?:yo|y/o|yrs?)$"}}


def _opt(spec: dict[str, Any]) -> dict[str, Any]:
    return {**spec, "OP": "?"}


def _in(words: Iterable[str]) -> dict[str, Any]:
    return {"LOWER": {"IN": list(words)}}


_DOT = _opt({"ORTH": "."})
_HYPHEN = {"ORTH": "-"}
# A number: digits, a word ("twelve", "twenty-two", "one hundred twenty") or a mixed fraction ("10 1/2").
NUMBER_PHRASE: list[dict[str, Any]] = [NUM, _opt(_HYPHEN), _opt(_NUM_WORD), _opt(_NUM_WORD), _opt(_FRAC)]


def _sides() -> list[list[dict[str, Any]]]:
    """Token sequences for one side of a room: 10 | 10 ft | 10 ft 6 in | 10' 6" | 3 m | 12'6"."""
    side_word = _opt(_in(_SIDE_WORDS))
    return [
        [*NUMBER_PHRASE, side_word],
        [*NUMBER_PHRASE, _in(_FT), _DOT, side_word],
        [*NUMBER_PHRASE, _in(_FT), _DOT, *NUMBER_PHRASE, _in(_IN), _DOT, side_word],
        [*NUMBER_PHRASE, _in(_M), _DOT, side_word],
        [_FT_IN_TOKEN, _opt(_in(['"', "”", "″", "in", "inches"])), side_word],
    ]


def _dimension_patterns() -> list[list[dict[str, Any]]]:
    sides = _sides()
    trailing = _opt(_in(_TRAILING_UNIT))
    patterns = [[*a, _in(_SEP), *b, trailing] for a in sides for b in sides]
    patterns.append([_PAIR_TOKEN, _opt(_in(_FT + _M + ['"', "”", "″"])), trailing])
    patterns.append([_AREA_TOKEN])
    patterns.append([*NUMBER_PHRASE, _in(_AREA_UNIT)])
    patterns.append([*NUMBER_PHRASE, _opt(_HYPHEN), _in(_SQ), _DOT, _opt(_HYPHEN), _in(_LINEAR), _DOT])
    return patterns


def _people_patterns() -> list[list[dict[str, Any]]]:
    noun = _in(_PEOPLE_NOUNS)
    adj = _opt(_in(_PEOPLE_ADJ))
    me = _in(["me", "i", "myself"])
    joiner = _in(["and", "plus", "+", "&", "with"])
    return [
        [*NUMBER_PHRASE, adj, noun],
        [*NUMBER_PHRASE, {"LOWER": "family"}, {"LOWER": {"IN": ["members", "member"]}}],
        [
            *NUMBER_PHRASE,
            _opt(_HYPHEN),
            {"LOWER": {"IN": ["person", "people", "member"]}},
            _in(["household", "family"]),
        ],
        [_opt(_in(["a", "the", "our", "my"])), {"LOWER": "family"}, {"LOWER": "of"}, *NUMBER_PHRASE],
        [_opt({"LOWER": "the"}), *NUMBER_PHRASE, {"LOWER": "of"}, _in(["us", "them"])],
        [me, joiner, _in(["my", "our"]), *NUMBER_PHRASE, adj, noun],
        [me, joiner, _in(["my", "our"]), _in(_RELATIONS)],
        [_in(["just", "only"]), _in(["me", "myself"])],
        [{"LOWER": "by"}, {"LOWER": "myself"}],
        [_in(["live", "living", "lives"]), {"LOWER": "alone"}],
    ]


def _age_patterns() -> list[list[dict[str, Any]]]:
    unit = _in(_AGE_UNITS)
    run = {"LOWER": {"REGEX": rf"^(?:,|and|&|{_NUM_TOKEN_RE}|{_WORDS_RE})$"}, "OP": "*"}
    return [
        [*NUMBER_PHRASE, unit, {"LOWER": "old"}],
        [*NUMBER_PHRASE, unit, {"LOWER": "of"}, {"LOWER": "age"}],
        [*NUMBER_PHRASE, run, NUM, unit, {"LOWER": "old"}],
        [*NUMBER_PHRASE, _HYPHEN, unit, _HYPHEN, _in(["old", "olds"])],
        [NUM, *NUMBER_PHRASE, _HYPHEN, unit, _HYPHEN, {"LOWER": "olds"}],
        [_in(["age", "ages", "aged"]), *NUMBER_PHRASE],
        [_in(["age", "ages", "aged"]), *NUMBER_PHRASE, run, NUM],
        [_AGE_TOKEN],
        [*NUMBER_PHRASE, _in(["yo", "y.o.", "y/o"])],
        [*NUMBER_PHRASE, {"LOWER": "y"}, {"ORTH": "/"}, {"LOWER": "o"}],
        [_in(["newborn", "newborns"])],
    ]


def _units_patterns() -> list[list[dict[str, Any]]]:
    return [
        [*NUMBER_PHRASE, _opt(_HYPHEN), _in(_UNIT_NOUNS)],
        [*NUMBER_PHRASE, _opt(_HYPHEN), _in(["unit", "apartment", "family"]), _in(_BUILDING_WORDS)],
        [*NUMBER_PHRASE, {"LOWER": "dwelling"}, _in(["unit", "units"])],
        [*NUMBER_PHRASE, _HYPHEN, {"LOWER": "family"}],
        [*NUMBER_PHRASE, _opt(_HYPHEN), {"LOWER": "plex"}],
        [_PLEX_TOKEN],
        [_in(_PLEX)],
        [{"LOWER": "single"}, _opt(_HYPHEN), {"LOWER": "family"}, _opt(_in(_BUILDING_WORDS))],
    ]


def _build_patterns() -> list[dict[str, Any]]:
    groups = {
        "dimensions": _dimension_patterns(),
        "people": _people_patterns(),
        "age": _age_patterns(),
        "units": _units_patterns(),
    }
    return [{"label": label, "pattern": pattern} for label, patterns in groups.items() for pattern in patterns]


ENTITY_PATTERNS: list[dict[str, Any]] = _build_patterns()
"""entity_ruler patterns for ``dimensions``, ``people``, ``age`` and ``units`` (blank English tokenizer)."""


# -- the cached pipeline --------------------------------------------------------------------
_NLP: Any = None
_NLP_LOCK = threading.Lock()


def pipeline():
    """A blank-English spaCy pipeline with :data:`ENTITY_PATTERNS` (built on first use, then cached)."""
    global _NLP
    if _NLP is None:
        with _NLP_LOCK:
            if _NLP is None:
                import spacy

                nlp = spacy.blank("en")
                ruler = nlp.add_pipe("entity_ruler", config={"validate": True, "overwrite_ents": True})
                ruler.add_patterns(ENTITY_PATTERNS)
                _NLP = nlp
    return _NLP


@dataclass(frozen=True)
class Entity:
    """A span the patterns found: label, text and character offsets."""

    label: str
    text: str
    start: int
    end: int
    token_start: int
    token_end: int


def entities(text: str, labels: Iterable[str] = ENTITY_LABELS) -> list[Entity]:
    """The ``dimensions`` / ``people`` / ``age`` / ``units`` spans in ``text``, in text order."""
    if not isinstance(text, str) or not text.strip():
        return []
    wanted = set(labels)
    doc = pipeline()(text[:MAX_TEXT_CHARS])
    return [Entity(e.label_, e.text, e.start_char, e.end_char, e.start, e.end) for e in doc.ents if e.label_ in wanted]


# -- numbers ----------------------------------------------------------------------------------
def _number_value(token: str) -> float | None:
    """A digit token's value: "1,200" → 1200, "3,5" → 3.5, "10½" → 10.5, "-5" → -5."""
    token = token.strip()
    frac = 0.0
    if token and token[-1] in _FRACTION_CHARS:
        frac = _FRACTION_CHARS[token[-1]]
        token = token[:-1]
        if token in ("", "-"):
            return -frac if token == "-" else frac
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?", token):
        token = token.replace(",", "")
    elif re.fullmatch(r"-?\d+,\d+", token):
        token = token.replace(",", ".")
    try:
        value = float(token)
    except ValueError:
        return None
    if not math.isfinite(value):
        return None
    return value - frac if value < 0 else value + frac


def _words_value(words: list[str]) -> tuple[float | None, int]:
    """The value of the number words at the start of ``words`` and how many words it used."""
    i, value = 0, None
    if i < len(words) and words[i] in _TENS:
        value, i = _TENS[words[i]], i + 1
        if i < len(words) and words[i] in _ONES and _ONES[words[i]] > 0:
            value, i = value + _ONES[words[i]], i + 1
        return value, i
    if i < len(words) and (words[i] in _ONES or words[i] in _TEENS):
        value = _ONES.get(words[i], _TEENS.get(words[i]))
        i += 1
        if i < len(words) and words[i] == "hundred":
            value, i = value * 100, i + 1
            if i < len(words) and words[i] == "and":
                i += 1
            rest, used = _words_value(words[i:])
            if rest is not None and rest < 100:
                value, i = value + rest, i + used
        return value, i
    return None, 0


def words_to_digits(text: str) -> str:
    """Replace number words by digits: "ten by twelve" → "10 by 12", "twenty-two" → "22"."""
    parts = re.split(r"([a-z]+)", text.lower())
    out: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        if part in NUMBER_WORDS:
            # gather the run: word, separator (space or hyphen), word, ...
            words, j = [part], i
            while j + 2 < len(parts) and parts[j + 1].strip(" -") == "" and parts[j + 2] in {*NUMBER_WORDS, "and"}:
                words.append(parts[j + 2])
                j += 2
            value, used = _words_value(words)
            if value is None:
                out.append(part)
                i += 1
                continue
            out.append(_fmt(value))
            i += 2 * used - 1
            continue
        out.append(part)
        i += 1
    return "".join(out)


def parse_number(text: str) -> float | None:
    """A number written as digits or words ("12", "1,200", "ten", "twenty-two"), or None."""
    if not isinstance(text, str):
        return None
    cleaned = words_to_digits(text.strip())
    if not re.fullmatch(_NUM_TOKEN_RE, cleaned):
        return None
    return _number_value(cleaned)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


# -- rooms ------------------------------------------------------------------------------------
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


def fmt_number(value: float, places: int = 2) -> str:
    """A number for people: 120, 129.17, 5.4 (no trailing zeros)."""
    if value is None or not math.isfinite(value):
        return str(value)
    text = f"{round(value, places):,.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def fmt_feet(value: float) -> str:
    """A length in feet: "10 ft", "12.5 ft"."""
    return f"{fmt_number(value)} ft"


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
    doc = pipeline()(text[:MAX_TEXT_CHARS])
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


# -- people, ages, units --------------------------------------------------------------------
_TOTAL_WORDS = {"people", "persons", "person", "occupants", "occupant", "residents", "resident", "sleepers"}


def _span_numbers(text: str) -> list[float]:
    return [v for v in (_number_value(m) for m in re.findall(_NUM_TOKEN_RE, words_to_digits(text))) if v is not None]


def interpret_people(text: str) -> tuple[int | None, bool]:
    """Read one ``people`` span: (count, is_total). "me and my 2 kids" → (3, True)."""
    lowered = " ".join(words_to_digits(text.lower()).split())
    if re.search(r"\b(just|only) (me|myself)\b|\bby myself\b|\balone\b", lowered):
        return 1, True
    numbers = _span_numbers(lowered)
    starts_with_me = re.match(r"^(me|i|myself)\b", lowered) is not None
    if starts_with_me and not numbers:
        return 2, True  # me and my wife
    if len(numbers) != 1 or not float(numbers[0]).is_integer():
        return None, False
    count = int(numbers[0])
    if starts_with_me:
        return count + 1, True
    words = set(re.findall(r"[a-z]+", lowered))
    is_total = bool(words & (_TOTAL_WORDS | {"family", "us", "them", "household"}))
    return count, is_total


def parse_people(text: str) -> int | None:
    """How many people a text speaks of ("3 kids", "a family of four", "me and my 2 kids"), or None.

    Parts add up ("2 adults and 3 kids" → 5); a stated total wins when it is larger
    ("a family of four with 2 kids" → 4). Zero or negative counts are returned as they are
    written, for the caller to question.
    """
    totals: list[int] = []
    parts: list[int] = []
    for entity in entities(text, ["people"]):
        count, is_total = interpret_people(entity.text)
        if count is None:
            continue
        (totals if is_total else parts).append(count)
    if not totals and not parts:
        return None
    return max(max(totals, default=0), sum(parts)) if (totals and parts) else (max(totals) if totals else sum(parts))


def interpret_age(text: str) -> list[float]:
    """Read one ``age`` span into ages in years ("6 months old" → [0.5], "ages 3, 7 and 14" → [3, 7, 14])."""
    lowered = " ".join(words_to_digits(text.lower()).split())
    if "newborn" in lowered:
        return [0.0]
    factor = 1.0
    if re.search(r"\b(month|months|mo|mos)\b", lowered):
        factor = 1 / 12
    elif re.search(r"\b(week|weeks|wk|wks)\b", lowered):
        factor = 7 / 365.25
    numbers: list[float] = []
    for raw in re.findall(_NUM_TOKEN_RE, lowered):
        if re.fullmatch(r"\d+(?:,\d+)+", raw):  # "3,7" in a list of ages is two ages
            numbers.extend(float(p) for p in raw.split(","))
        else:
            value = _number_value(raw)
            if value is not None:
                numbers.append(value)
    if lowered.endswith("olds") and len(numbers) == 2 and float(numbers[0]).is_integer() and 0 < numbers[0] <= 20:
        return [numbers[1] * factor] * int(numbers[0])  # "two 12-year-olds"
    return [n * factor for n in numbers]


def parse_ages(text: str) -> list[float]:
    """Every age in ``text``, in years (months and weeks converted): "a 12-year-old", "newborn"."""
    ages: list[float] = []
    for entity in entities(text, ["age"]):
        ages.extend(interpret_age(entity.text))
    return ages


def parse_age_answer(text: str) -> list[float]:
    """Ages given in answer to "How old is each of them?": "3, 5 and 14", "6 months and 10 years".

    Each comma- or "and"-separated part is read on its own, so "6 months and 10 years" is
    [0.5, 10]; a bare number is years. Parts that hold no number are skipped.
    """
    ages = parse_ages(text)
    if ages:
        return ages
    found: list[float] = []
    for part in re.split(r",|;|&|\band\b|\bplus\b", str(text)[:MAX_TEXT_CHARS].lower()):
        if re.search(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|newborn", part):
            found.extend(interpret_age(part))
    return [age for age in found if 0 <= age <= MAX_AGE_YEARS]


def interpret_units(text: str) -> int | None:
    """Read one ``units`` span: "duplex" → 2, "6-unit building" → 6, "single-family home" → 1."""
    lowered = " ".join(words_to_digits(text.lower()).split())
    if lowered.startswith("single"):
        return 1
    for word, count in _PLEX.items():
        if re.search(rf"\b{word}\b", lowered):
            return count
    numbers = _span_numbers(lowered)
    if len(numbers) == 1 and float(numbers[0]).is_integer():
        return int(numbers[0])
    return None


def parse_units(text: str) -> int | None:
    """How many dwelling units a text says the building has ("4 units", "a duplex"), or None."""
    for entity in entities(text, ["units"]):
        count = interpret_units(entity.text)
        if count is not None:
            return count
    return None


def parse_length(text: str) -> float | None:
    """A length such as a ceiling height, in feet: "7", "7.5 ft", "7'6\\"", "7 ft 6 in", "2.3 m"."""
    if not isinstance(text, str) or len(text) > 100:
        return None
    tokens = _lex(text)
    value, unit, i = _read_side(tokens, 0)
    if value is None or i != len(tokens) or not math.isfinite(value):
        return None
    return value * {"ft": 1.0, None: 1.0, "m": M_TO_FT, "inch": 1 / 12.0}[unit]


# -- households: who the people are ("my husband, me and our toddler") ------------------------
PEOPLE_PATH = Path(__file__).resolve().parent / "people.yml"
_PEOPLE_VOCAB: dict[str, Any] | None = None


def people_vocab() -> dict[str, Any]:
    """The household and space vocabulary of ``knowledge/people.yml`` (read on first use, then cached)."""
    global _PEOPLE_VOCAB
    if _PEOPLE_VOCAB is None:
        import yaml

        with open(PEOPLE_PATH, encoding="utf-8") as handle:
            _PEOPLE_VOCAB = yaml.safe_load(handle)
    return _PEOPLE_VOCAB


@dataclass(frozen=True)
class Person:
    """One person of a household: the word's age band (``adult``, ``child``, …) and the age if stated."""

    band: str
    age: float | None = None


@dataclass(frozen=True)
class Household:
    """The people a message speaks of. ``complete`` is False when a count is missing ("my kids")."""

    persons: tuple[Person, ...]
    complete: bool = True
    adding: bool = False  # the people join those already there ("what if the baby moves in with us?")

    @property
    def count(self) -> int | None:
        """How many people, or None when the message does not say."""
        return len(self.persons) if self.complete and self.persons else None

    @property
    def ages(self) -> list[float]:
        """The ages stated, in years."""
        return [p.age for p in self.persons if p.age is not None]

    def plus(self, other: Household) -> Household:
        """This household with ``other``'s people added."""
        return Household(self.persons + other.persons, self.complete and other.complete)


_AGE_UNIT_RE = r"(?:years?|yrs?|y|months?|mos?|m|weeks?|wks?)"
_AGE_LIST_RE = re.compile(
    rf"\b(?:ages?d?\s+)?((?:\d+(?:\.\d+)?\s*(?:,\s*and|,|&|and)\s*)+\d+(?:\.\d+)?)\s*-?\s*({_AGE_UNIT_RE})\s*-?\s*olds?\b"
    rf"|\bage[sd]?\s+((?:\d+(?:\.\d+)?\s*(?:,\s*|&\s*|and\s+|,\s*and\s+))*\d+(?:\.\d+)?)(?:\s*({_AGE_UNIT_RE})\b)?"
)
_AGE_ONE_RE = re.compile(
    rf"\b(\d+(?:\.\d+)?)\s*-?\s*({_AGE_UNIT_RE})\s*-?\s*(olds?)\b|\b(\d+(?:\.\d+)?)\s*(yo|y/o|y\.o\.)(?=\W|$)|\b(newborns?)\b"
)


def _age_factor(unit: str | None) -> float:
    unit = (unit or "y").lower()
    if unit.startswith("mo") or unit == "m":
        return 1 / 12
    if unit.startswith("w"):
        return 7 / 365.25
    return 1.0


def _mark_ages(text: str) -> tuple[str, list[list[float]]]:
    """Replace age phrases by markers ``AGE0``, ``AGE1``, …; return the text and each marker's ages."""
    found: list[list[float]] = []

    def list_sub(match: re.Match[str]) -> str:
        raw = match.group(1) or match.group(3)
        unit = match.group(2) or match.group(4)
        values = [float(v) * _age_factor(unit) for v in re.findall(r"\d+(?:\.\d+)?", raw)]
        found.append(values)
        return f" agelist{len(found) - 1} "

    def one_sub(match: re.Match[str]) -> str:
        if match.group(6):
            found.append([0.0])
        elif match.group(1):
            found.append([float(match.group(1)) * _age_factor(match.group(2))])
            if match.group(3) == "olds":
                found[-1].append(-1.0)  # plural marker: "two 12-year-olds"
        else:
            found.append([float(match.group(4))])
        return f" age{len(found) - 1} "

    text = _AGE_LIST_RE.sub(list_sub, text)
    text = _AGE_ONE_RE.sub(one_sub, text)
    return text, found


def _phrase_in(words: list[str], i: int, phrases: Iterable[str]) -> bool:
    """Whether one of ``phrases`` (space-separated words) starts at ``words[i]``."""
    for phrase in phrases:
        parts = phrase.split()
        if words[i : i + len(parts)] == parts:
            return True
    return False


def parse_household(text: str) -> Household | None:
    """Who the people of a message are, with what their words say about their ages, or None.

    "me and my 2 kids" → an adult and two children; "my husband, me and our toddler" → two adults
    and a toddler; "a mom and her 6-month-old" → an adult and a child of 0.5 years; "a couple with
    a baby"; "3 teenagers"; "4 roomers"; "a family of four with 2 kids" → four, two of them children.
    The words come from ``knowledge/people.yml``. Never raises on user text.
    """
    if not isinstance(text, str) or not text.strip():
        return None
    vocab = people_vocab()
    lowered = words_to_digits(text[:MAX_TEXT_CHARS].lower()).replace("’", "'")
    lowered = re.sub(r"\d+(?:\.\d+)?\s*(?:x|×|by|\*)\s*\d+(?:\.\d+)?", " dims ", lowered)  # room sizes are not people
    lowered, age_marks = _mark_ages(lowered)
    words = re.findall(r"agelist\d+|age\d+|\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)*|[,&+]", lowered)
    singular: dict[str, str] = vocab["singular"]
    plural: dict[str, str] = vocab["plural"]
    groups: dict[str, list[str]] = vocab["groups"]
    dets = {str(d) for d in vocab["determiners"]}
    joiners = {str(j) for j in vocab["joiners"]}
    adjectives = set(_PEOPLE_ADJ) | {"new", "teenage", "adult", "grown", "baby"}
    nouns = set(singular) | set(plural)
    persons: list[Person] = []
    total: int | None = None
    complete = True
    open_group: list[int] = []  # indexes of persons from a plural count, still without ages
    attached = [False]  # the last ages went to people already counted ("2 kids, a 3-year-old and a newborn")
    uncounted: str | None = None  # the band of "my kids" (a count not given), until ages give it
    i = 0
    n = len(words)

    def is_number(word: str) -> bool:
        return re.fullmatch(r"\d+(?:\.\d+)?", word) is not None

    def skip_adjectives(j: int) -> int:
        while j < n and words[j] in adjectives and j + 1 < n and (words[j + 1] in nouns or words[j + 1] in adjectives):
            j += 1
        return j

    def band_of(j: int, noun_band: str) -> str:
        """A "teenage" before the noun makes the band teen."""
        return "teen" if j > 0 and words[j - 1] == "teenage" and noun_band in ("child", "person") else noun_band

    def attach(ages: list[float], after_comma: bool) -> bool:
        """Give stated ages to the people of the last plural count that have none yet."""
        nonlocal open_group
        if not open_group or not after_comma or len(ages) > len(open_group):
            return False
        low, high = vocab["bands"].get(persons[open_group[0]].band, vocab["bands"]["person"])
        if not all(low <= age <= high + 1 for age in ages):
            return False
        for age in ages:
            index = open_group.pop(0)
            persons[index] = Person(persons[index].band, age)
        attached[0] = True
        return True

    while i < n:
        word = words[i]
        prev = words[i - 1] if i else ""
        if word.startswith("agelist"):
            ages = age_marks[int(word[7:])]
            if uncounted is not None:  # "my kids are 3, 7 and 14 years old"
                persons.extend(Person(uncounted, a) for a in ages)
                uncounted, complete = None, True
                i += 1
                continue
            if not attach(ages, prev in (",", "ages", "aged") or prev in plural or prev.startswith("agelist")):
                if len(ages) > 1 or prev in dets:
                    persons.extend(Person("person", a) for a in ages)
            i += 1
            continue
        if word.startswith("age"):
            ages = age_marks[int(word[3:])]
            count = 1
            if ages and ages[-1] == -1.0:  # "two 12-year-olds"
                ages = ages[:-1]
                count = int(float(prev)) if is_number(prev) and float(prev).is_integer() else 0
                if not count:
                    complete = False
            before = words[i - 2] if prev in dets and i > 1 else prev
            after_comma = before == "," or (attached[0] and before in joiners)
            if not attach(ages * count, after_comma):
                persons.extend(Person("person", ages[0]) for _ in range(count))
            j = i + 1
            if j < n and words[j] in singular:  # "a 6-year-old son"
                j += 1
            i = j
            continue
        if is_number(word):
            value = float(word)
            j = skip_adjectives(i + 1)
            if j < n and words[j] in plural | singular and value.is_integer() and 0 < value <= 1000:
                band = band_of(j, plural.get(words[j]) or singular[words[j]])
                start = len(persons)
                persons.extend(Person(band) for _ in range(int(value)))
                open_group = list(range(start, len(persons)))
                i = j + 1
                continue
            if j + 1 < n and words[j] == "of" and words[j + 1] in ("us", "them") and value.is_integer():
                total = int(value)
                i = j + 2
                continue
            if (
                j < n
                and words[j] in ("person", "people", "member")
                and j + 1 < n
                and words[j + 1] in ("household", "family")
            ):
                total = int(value) if value.is_integer() else None
                i = j + 2
                continue
            i += 1
            continue
        if word in ("family", "household") and i + 2 < n and words[i + 1] == "of" and is_number(words[i + 2]):
            total = int(float(words[i + 2])) if float(words[i + 2]).is_integer() else None
            i += 3
            continue
        if word == "we" and i + 2 < n and words[i + 1] == "are" and is_number(words[i + 2]):
            total = int(float(words[i + 2]))
            i += 3
            continue
        if word in groups and (prev in dets or prev in joiners):
            persons.extend(Person(band) for band in groups[word])
            open_group = []
            i += 1
            continue
        if word in ("me", "myself"):
            nxt = words[i + 1] if i + 1 < n else ""
            if prev in ("just", "only", "by") and nxt not in joiners:
                persons.append(Person("adult"))
                i += 1
                continue
            if prev in joiners or prev == "for" or nxt in joiners - {","}:
                persons.append(Person("adult"))
                i += 1
                continue
            i += 1
            continue
        if word == "alone" and prev in ("live", "living", "lives", "sleep", "sleeps"):
            persons.append(Person("adult"))
            i += 1
            continue
        if word in dets:
            j = skip_adjectives(i + 1)
            if j < n and words[j] in singular:
                persons.append(Person(band_of(j, singular[words[j]])))
                open_group = []
                i = j + 1
                continue
            if j < n and words[j] in plural and word in ("my", "our", "her", "his", "their", "the"):
                complete, uncounted = False, band_of(j, plural[words[j]])  # "my kids": how many is not said
                i = j + 1
                continue
        elif word in singular and prev in joiners and word not in ("person", "occupant", "resident", "sleeper"):
            persons.append(Person(singular[word]))  # "husband, me and toddler"
            i += 1
            continue
        i += 1
    if total is not None:
        if total <= 0:
            return Household((), False)
        if total > len(persons):
            persons.extend(Person("person") for _ in range(total - len(persons)))
            complete = True
        elif total < len(persons):
            persons = persons[:total] if all(p.band == "person" and p.age is None for p in persons[total:]) else persons
    if not persons and complete:
        return None
    adding = any(_phrase_in(words, k, vocab["adding"]) for k in range(n))
    return Household(tuple(persons), complete and bool(persons), adding)


def resolve_ages(
    household: Household, thresholds: Iterable[float], counted_over: float | None = None
) -> tuple[int | None, list[float]]:
    """A head count and the ages the calculator can use, for a code whose figures change at ``thresholds``.

    A stated age is used as it is. A word's age band is used only when the whole band lies on one side
    of every threshold (a teenager is over 12; an adult is over 1); the age given to the calculator is
    then the band's middle, which is on the same side of every threshold. Otherwise the age stays unknown.
    ``counted_over`` is the age a person must be over to count as an occupant: a band reaching over it
    (a toddler, a baby) is taken as over it, as the calculator counts a person whose age is not given.
    """
    bands: dict[str, list[float]] = people_vocab()["bands"]
    cuts = sorted(set(float(t) for t in thresholds))
    ages: list[float] = []
    for person in household.persons:
        if person.age is not None:
            ages.append(person.age)
            continue
        low, high = bands.get(person.band, bands["person"])
        if counted_over is not None and low <= counted_over < high:
            low = counted_over + 1 / 24  # counted, as an unstated age is
        if all(low > t or high < t for t in cuts) and all(not (low <= t < high) for t in cuts):
            ages.append((low + high) / 2)
    return household.count, ages


@dataclass(frozen=True)
class SpaceRequest:
    """What a space-check message says: the people, the rooms and their parts, and what is asked."""

    household: Household | None
    rooms: tuple[Room, ...]
    closet_hall_sqft: float | None
    low_ceiling_sqft: float | None
    kind: str | None  # "bedroom", "unit" or None (not said)
    rooming: bool
    wants_minimum: bool
    follow_up: bool
    wants_capacity: bool = False


def _has_phrase(text: str, phrases: Iterable[str]) -> bool:
    return any(re.search(rf"(?<![a-z]){re.escape(p)}(?![a-z])", text) for p in phrases)


_CLAUSE_ENDS = {",", ";", ".", "and", "but", "plus", "with", "while", "&", "+"}


def parse_space_parts(text: str) -> tuple[list[Room], float | None, float | None]:
    """The rooms a message sizes, and the closet-and-hall and low-ceiling areas it gives separately.

    "a 10x12 bedroom with a 2x4 closet" → the room is 10x12, the closet 8 sq ft; "600 sq ft plus 40 sq ft
    of halls"; "10x12 but 20 sq ft is under a sloped ceiling". A size is a part (closet, hall, low
    ceiling) when the words of ``knowledge/people.yml`` ``space_parts`` are next to it.
    """
    if not isinstance(text, str) or not text.strip():
        return [], None, None
    parts: dict[str, list[str]] = people_vocab()["space_parts"]
    room_words = set(people_vocab()["space_kinds"]["bedroom"]) | set(people_vocab()["space_kinds"]["unit"])
    doc = pipeline()(text[:MAX_TEXT_CHARS])
    spans = [e for e in doc.ents if e.label_ == "dimensions"]
    if not spans:
        return parse_rooms(text), None, None
    main: list[Any] = []
    closet = low = None
    for k, span in enumerate(spans):
        after_end = min(span.end + 8, spans[k + 1].start if k + 1 < len(spans) else len(doc))
        after_words = [t.lower_ for t in doc[span.end : after_end]]
        after_words = after_words[: next((i for i, w in enumerate(after_words) if w in _CLAUSE_ENDS), len(after_words))]
        before_start = spans[k - 1].end if k else 0
        before_words = [t.lower_ for t in doc[max(before_start, span.start - 4) : span.start]]
        if before_words and any(w in (",", ";", ".") for w in before_words):
            cut = max(i for i, w in enumerate(before_words) if w in (",", ";", "."))
            before_words = before_words[cut + 1 :]
        first_after = next((w for w in after_words if w not in ("ft", "feet", "foot", "'", "sq", "square")), "")
        if first_after in room_words:
            main.append(span)
            continue
        around = " ".join(before_words + ["@"] + after_words)
        area = interpret_dimensions(span.text)
        if not area.ok and area.question and " in feet or in metres" in area.question:
            area = interpret_dimensions(span.text + " ft")  # a closet may well be 2x4 feet
        if area.ok and _has_phrase(around, parts["low_ceiling"]):
            low = (low or 0.0) + (area.area_sqft or 0.0)
        elif area.ok and _has_phrase(around, parts["closet_hall"]):
            closet = (closet or 0.0) + (area.area_sqft or 0.0)
        else:
            main.append(span)
    if len(main) == len(spans):
        return parse_rooms(text), None, None
    rooms = [interpret_dimensions(span.text) for span in main]
    return rooms, closet, low


def parse_space_request(text: str) -> SpaceRequest:
    """Read a space-check message: who, which rooms (and closets, low ceilings), and what is asked."""
    vocab = people_vocab()
    lowered = " ".join(str(text or "").lower().split())[:MAX_TEXT_CHARS]
    rooms, closet, low = parse_space_parts(lowered)
    rooms = [r for r in rooms if not re.fullmatch(r"\d+(?:[.,]\d+)*", r.source_text.strip())]  # "30 units" is no room
    kinds = vocab["space_kinds"]
    kind = None
    rooming = _has_phrase(lowered, vocab["rooming"])
    if _has_phrase(lowered, kinds["bedroom"]) or rooming:
        kind = "bedroom"
    elif _has_phrase(lowered, kinds["unit"]):
        kind = "unit"
    household = parse_household(lowered)
    wants_minimum = not rooms and _has_phrase(lowered, vocab["minimum_questions"])
    follow_up = (
        any(lowered.startswith(p + " ") or lowered == p for p in vocab["follow_up_starts"])
        or _has_phrase(lowered, vocab["follow_up_words"])
    ) or bool(household and household.adding)
    wants_capacity = household is None and "how many" in lowered and not wants_minimum
    return SpaceRequest(household, tuple(rooms), closet, low, kind, rooming, wants_minimum, follow_up, wants_capacity)
