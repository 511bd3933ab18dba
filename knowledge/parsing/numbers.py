"""Numbers as people write them: digits, number words, fractions; units and bounds; numbers for people."""

from __future__ import annotations

import math
import re

M_TO_FT = 1 / 0.3048  # exact: the international foot is 0.3048 m
SQM_TO_SQFT = M_TO_FT**2
MAX_TEXT_CHARS = 10_000  # longer messages are read up to this many characters
MIN_SIDE_FT = 1.0
MAX_SIDE_FT = 100.0
MAX_AREA_SQFT = 100_000.0
MAX_AGE_YEARS = 125.0
MIN_PLAUSIBLE_SIDE_FT = 5.0  # a bare pair ("10x12") is read as feet only if both sides are at least this

# A section of a code cited by number ("§ 12.11(2)(a)", "Sec. 190-10", "section 205-8B", "s. 12.09(1)"): no
# size, count or age is in it.
_SECTION_CITATION = re.compile(
    r"(?:§+\s*|\b(?:sections?|secs?\.?|s\.)\s*)\d{1,4}(?:[.-]\d{1,3}[a-z]?)?(?:\s*\(\s*[0-9a-z]{1,4}\s*\))*"
    r"|\b\d{1,4}[.-]\d{1,3}[a-z]?(?:\s*\(\s*[0-9a-z]{1,4}\s*\))+",
    re.IGNORECASE,
)


def without_citations(text: str) -> str:
    """The text with the section numbers it cites blanked out: "Under § 12.11(2)(a), …" counts no one aged 2."""
    return _SECTION_CITATION.sub(" ", text)


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

_NUM_TOKEN_RE = r"-?(?:\d+(?:[.,]\d+)*[½¼¾]?|[½¼¾])"
_WORDS_RE = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))


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


def fmt_number(value: float, places: int = 2) -> str:
    """A number for people: 120, 129.17, 5.4 (no trailing zeros)."""
    if value is None or not math.isfinite(value):
        return str(value)
    text = f"{round(value, places):,.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def fmt_feet(value: float) -> str:
    """A length in feet: "10 ft", "12.5 ft"."""
    return f"{fmt_number(value)} ft"
