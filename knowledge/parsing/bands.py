"""Age bands as the people's words and the message bound them: a word's band of ``knowledge/people.yml`` ("teen":
13 to 19), or one a message bounds ("3 kids under 12": children younger than 12, written "child<12")."""

from __future__ import annotations

import re
from typing import Any


def band_span(band: str) -> tuple[float, float]:
    """The ages [low, high] a band spans: a word's band of ``people.yml``, or one bounded by the message ("child<12":
    a child under 12, "person>12": a person over 12; see :func:`_bound_after`)."""
    from knowledge.parsing.household import people_vocab  # noqa: PLC0415 - the vocabulary's reader lives there

    bands = people_vocab()["bands"]
    found = re.fullmatch(r"([a-z-]+)([<>])(\d+(?:\.\d+)?)", band)
    low, high = (float(x) for x in bands.get(found.group(1) if found else band, bands["person"]))
    if found:
        bound = float(found.group(3))
        if found.group(2) == "<":
            high = min(high, bound - 1 / 365)
        else:
            low = max(low, bound + 1 / 365)
    return low, max(low, high)


def band_name(band: str) -> str:
    """The word for a band in an answer ("child" for a child under 12)."""
    return re.split(r"[<>]", band)[0]


def _bound_after(words: list[str], j: int, vocab: dict[str, Any]) -> tuple[str, float, int] | None:
    """An age bound told after a count of people ("3 kids under 12", "2 boys, both under 10"): ("<" or ">", the
    number, the index after it), from ``age_bounds``; None when none follows."""
    found = _bound_at(words, j, vocab)
    if found is not None:
        return found
    # ... or a few words on, for all of them ("2 kids in 1 bdrm, both under 12"): read where it stands, nothing skipped
    for later in range(j + 1, min(j + LATER_BOUND_WORDS, len(words))):
        if words[later] in {".", "?", "!", "and", "plus", "+"}:
            break
        if words[later] in ("both", "all") and (found := _bound_at(words[: later + 4], later + 1, vocab)) is not None:
            return found[0], found[1], j
    return None


def _bound_at(words: list[str], j: int, vocab: dict[str, Any]) -> tuple[str, float, int] | None:
    """The age bound that starts at ``j`` (after at most three of ``age_bound_between``): ("<" or ">", the number, the
    index after it); None when none does."""
    bounds = {tuple(str(k).split()): str(v) for k, v in (vocab.get("age_bounds") or {}).items()}
    between = {str(w) for w in vocab.get("age_bound_between") or ()}
    years = {str(w) for w in vocab.get("age_bound_years") or ()}
    k = j
    while k < len(words) and k - j < 3 and words[k] in between:
        k += 1
    for phrase, side in bounds.items():
        end = k + len(phrase)
        if tuple(words[k:end]) == phrase and end < len(words) and re.fullmatch(r"\d+(?:\.\d+)?", words[end]):
            after = end + 1
            while after < len(words) and words[after] in years:
                after += 1
            return ("<" if side == "below" else ">"), float(words[end]), after
    return None


# How far after a count of people "both under 12" may stand and bound them all.
LATER_BOUND_WORDS = 8
