"""What curated entries are checked against besides the verbatim quotes: the numbers a phrase of the text
states (digits, fractions, number words: "seven and one-half", "X feet Y inches"), whether a standard's value
is one of them, and plain words (no internal keys, no editorial notes) in the texts users see.

Used by the validator (:mod:`knowledge.curated`, which re-exports these names), the draft and the selector.
"""

from __future__ import annotations

import re
from typing import Any

from knowledge.parsing import NUMBER_WORDS

# The chat parser's number words, plus those the ordinance texts use ("twice", "one-half").
_NUMBER_WORDS: dict[str, float] = {
    **NUMBER_WORDS,
    "thousand": 1000,
    "once": 1,
    "twice": 2,
    "half": 0.5,
    "one-half": 0.5,
    "third": 1 / 3,
    "quarter": 0.25,
}


def _word_number(words: list[str]) -> float | None:
    """The value of a run of number words ("one hundred fifty", "seventy-five"), or None."""
    total, current, seen = 0.0, 0.0, False
    for word in words:
        for part in [word] if word in _NUMBER_WORDS else word.split("-"):
            value = _NUMBER_WORDS.get(part)
            if value is None:
                return None
            seen = True
            if value in (100, 1000):
                current = (current or 1) * value
                if value == 1000:
                    total, current = total + current, 0.0
            else:
                current += value
    return total + current if seen else None


_NUMERIC = re.compile(r"(\d+)\s+(\d+)/(\d+)|(\d+)/(\d+)|(\d[\d,]*(?:\.\d+)?)")
_TOKEN = re.compile(r"\d+\s+\d+/\d+|\d+/\d+|\d[\d,]*(?:\.\d+)?|[a-z]+(?:-[a-z]+)*")


def _numeric_value(token: str) -> float | None:
    match = _NUMERIC.fullmatch(token)
    if not match:
        return None
    if match.group(1):
        return int(match.group(1)) + int(match.group(2)) / int(match.group(3))
    if match.group(4):
        return int(match.group(4)) / int(match.group(5))
    return float(match.group(6).replace(",", ""))


def numbers_in(text: str) -> list[float]:
    """Every number a phrase states: digits, fractions, mixed numbers or number words.

    "minus 20" and "-20°" also give -20; "seven feet six inches" also gives 7.5 (feet) and
    90 (inches); "seven and one-half" gives 7.5.
    """
    lowered = text.lower()
    tokens = _TOKEN.findall(lowered)
    found: list[float] = []
    values: list[float | None] = []
    index = 0
    while index < len(tokens):
        value = _numeric_value(tokens[index])
        length = 1
        if value is None:
            # the longest run of number words from here
            for end in range(len(tokens), index, -1):
                value = _word_number(tokens[index:end])
                if value is not None:
                    length = end - index
                    break
        if value is None and "-" in tokens[index]:
            value = _word_number([tokens[index].split("-")[0]])  # "five-foot candles"
        if value is not None:
            found.append(value)
            if index > 0 and tokens[index - 1] == "minus":
                found.append(-value)
        values.append(value)
        index += length
    for match in re.finditer(r"-\s*(\d+(?:\.\d+)?)\s*°", lowered):
        found.append(-float(match.group(1)))
    # "N and one-half" / "N 1/2"
    for match in re.finditer(r"([a-z0-9]+)\s+and\s+(?:one-half|a half|1/2)", lowered):
        whole = _numeric_value(match.group(1)) or _word_number([match.group(1)])
        if whole is not None:
            found.append(whole + 0.5)
    # "X feet Y inches" as feet and as inches
    for match in re.finditer(r"([a-z0-9-]+)\s*(?:feet|foot|ft\.?)\s*,?\s*([a-z0-9-]+)\s*inch", lowered):
        feet = _numeric_value(match.group(1)) or _word_number([match.group(1)])
        inches = _numeric_value(match.group(2)) or _word_number([match.group(2)])
        if feet is not None and inches is not None:
            found.extend([feet + inches / 12, feet * 12 + inches])
    return found


def _value_matches(value: Any, unit: str, value_text: str) -> bool:
    if unit == "text":
        return True
    try:
        target = float(value)
    except (TypeError, ValueError):
        return False
    candidates = numbers_in(value_text)
    if unit == "fraction":
        candidates += [c / 100 for c in candidates]
    if unit == "in" and re.search(r"\b(feet|foot|ft)\b", value_text.lower()):
        candidates += [c * 12 for c in candidates]
    return any(abs(c - target) < 1e-6 for c in candidates)


# Editorial words that must not reach users; where the text itself is garbled, say "the text as printed reads".
EDITORIAL_WORDS = ("garbled",)


def internal_keys(vocab: dict[str, Any]) -> set[str]:
    """The vocabulary's internal identifiers (snake_case keys of topics, standards, duties, facts)."""
    return {k for part in ("topics", "standards", "duties", "facts") for k in vocab.get(part) or {} if "_" in k}


def plain_words_problems(text: str, vocab: dict[str, Any]) -> list[str]:
    """Internal identifiers or editorial notes in a text users see (empty: plain words only)."""
    words = set(re.findall(r"[a-z0-9]+(?:_[a-z0-9]+)+", text))
    problems = [f"internal identifier {k!r}" for k in sorted(words & internal_keys(vocab))]
    problems += [f"editorial word {w!r}" for w in EDITORIAL_WORDS if w in text.lower()]
    return problems


def vocab_texts(vocab: dict[str, Any]) -> list[tuple[str, str]]:
    """The vocabulary's texts that users see: topic and standard descriptions, fact questions."""
    texts = [(f"topics.{k}", str(v)) for k, v in (vocab.get("topics") or {}).items()]
    for part, field_name in (("standards", "description"), ("facts", "question")):
        for key, value in (vocab.get(part) or {}).items():
            if isinstance(value, dict) and value.get(field_name):
                texts.append((f"{part}.{key}", str(value[field_name])))
    return texts


def repeated_keys(path: Any) -> list[str]:
    """The keys a YAML file gives twice in one mapping ("line 481 and 655: 'took it down'"): YAML keeps only the last,
    so an earlier entry of a long vocabulary file would silently stop counting."""
    import yaml

    found: list[str] = []

    class _Loader(yaml.SafeLoader):
        pass

    def _mapping(loader: Any, node: Any, deep: bool = False) -> Any:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = loader.construct_object(key_node)
            line = key_node.start_mark.line + 1
            if key in seen:
                found.append(f"line {seen[key]} and {line}: {key!r}")
            seen.setdefault(key, line)
        return yaml.SafeLoader.construct_mapping(loader, node, deep)

    _Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    with open(path, encoding="utf-8") as handle:
        yaml.load(handle, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    return found
