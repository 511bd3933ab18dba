"""Head counts, ages and dwelling-unit counts: "3 kids", "a 12-year-old", "a duplex"."""

from __future__ import annotations

import re

from knowledge.parsing.numbers import (
    _NUM_TOKEN_RE,
    MAX_AGE_YEARS,
    MAX_TEXT_CHARS,
    _number_value,
    words_to_digits,
)
from knowledge.parsing.patterns import (
    _PLEX,
    entities,
)

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
