"""Sentences about the covered municipalities, built from their data (never a count or a list in code).

"the five codes side by side" counts the knowledge base (:func:`count_word`); lists of names are
joined as people write them (:func:`and_list`); and :func:`section_numbering` says how each code's
printed section numbers start, from each data file's ``section_prefix``.
"""

from __future__ import annotations

from typing import Any, Iterable

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def count_word(count: int) -> str:
    """A count as people write it in a sentence: "five", "twelve", then digits ("13")."""
    return _COUNT_WORDS[count] if 0 <= count < len(_COUNT_WORDS) else str(count)


def and_list(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def section_numbering(municipalities: Iterable[Any]) -> str:
    """How each code's printed section numbers start, as a sentence: "Section numbers I know start
    with 190- (Town of Holland) and 12. (Town of Howard); the Village of Dresser extract cites by
    heading." (``section_prefix`` and ``name`` of each municipality; empty prefix: cites by heading)."""
    munis = list(municipalities)
    numbered = [f"{m.section_prefix} ({m.name})" for m in munis if m.section_prefix]
    by_heading = [m.name for m in munis if not m.section_prefix]
    parts = []
    if numbered:
        parts.append("Section numbers I know start with " + and_list(numbered))
    if by_heading:
        cite = "extract cites" if len(by_heading) == 1 else "extracts cite"
        parts.append(f"the {and_list(by_heading)} {cite} by heading")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""
