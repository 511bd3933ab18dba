"""The spaCy ``entity_ruler`` patterns for room sizes, head counts, ages and unit counts, and the pipeline that runs them.

The blank English tokenizer keeps some forms in one token (``10x12``, ``3x4`` in ``3x4m``, ``12'6`` in ``12'6"``,
``10'6"x12``, ``120sqft``), so those are matched by a REGEX on the token; the rest are token sequences
(``10`` ``'`` ``x`` ``12``). :func:`knowledge.nlp.build_pipeline` adds :data:`ENTITY_PATTERNS` to the project's
pipeline; :func:`pipeline` is the same rules alone, built on first use.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from knowledge.parsing.numbers import (
    _NUM_TOKEN_RE,
    _WORDS_RE,
    MAX_TEXT_CHARS,
    NUMBER_WORDS,
)

ENTITY_LABELS = ("dimensions", "people", "age", "units")

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


def _people_words() -> tuple[list[str], list[str], list[str]]:
    """The nouns for people, the relation words and the words of "3 of my kids", from ``knowledge/people.yml`` (read
    once, for the patterns)."""
    import yaml

    with open(Path(__file__).resolve().parent.parent / "people.yml", encoding="utf-8") as handle:
        vocab = yaml.safe_load(handle)
    singular = [w for w in vocab["singular"] if w not in vocab["self_words"]]
    return sorted({*vocab["plural"], *singular}), singular, list(vocab["partitive_owners"])


_PEOPLE_NOUNS, _RELATIONS, _PARTITIVE_OWNERS = _people_words()
_PEOPLE_ADJ = ["small", "young", "little", "single", "grown", "adult", "teenage", "older", "younger", "more", "other"]
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
        [*NUMBER_PHRASE, {"LOWER": "of"}, _in(_PARTITIVE_OWNERS), adj, noun],  # "3 of my kids"
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
                from knowledge.nlp import ruler_pipeline

                _NLP = ruler_pipeline(ENTITY_PATTERNS)
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


# Signs of an approximate number ("~480 sq ft", "≈ 10x12"), read as a space (the same length, so offsets hold).
_APPROXIMATE = str.maketrans({"~": " ", "≈": " "})


def parse(text: str) -> Any:
    """The pipeline's doc of a message (its first ``MAX_TEXT_CHARS``), approximation signs read as spaces."""
    return pipeline()(text[:MAX_TEXT_CHARS].translate(_APPROXIMATE))


def entities(text: str, labels: Iterable[str] = ENTITY_LABELS) -> list[Entity]:
    """The ``dimensions`` / ``people`` / ``age`` / ``units`` spans in ``text``, in text order."""
    if not isinstance(text, str) or not text.strip():
        return []
    wanted = set(labels)
    doc = parse(text)
    return [Entity(e.label_, e.text, e.start_char, e.end_char, e.start, e.end) for e in doc.ents if e.label_ in wanted]
