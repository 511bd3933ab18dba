"""The light English stemmer the provision selector reads questions and provisions with."""

from __future__ import annotations

import re
from functools import lru_cache

# a stem of one syllable ending consonant-vowel-consonant ("fil", "vot", "shar"), left by -ed or -ing: its word ends in e
_SHORT_STEM = re.compile(r"^[^aeiou]*[aeiou][^aeiouwxy]$")


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A light English stemmer (plurals, -ing, -ed, -ation), enough to meet "heating" with "heat"."""
    w = word.lower()
    if len(w) <= 3 or w.isdigit():
        return w
    for suffix, repl in (
        ("ications", "ic"),
        ("ication", "ic"),
        ("ations", "at"),
        ("ation", "at"),
        ("ators", "at"),
        ("ator", "at"),
        ("ies", "y"),
        ("sses", "ss"),
        ("ings", ""),
        ("ing", ""),
        ("ied", "y"),
        ("ed", ""),
        ("es", "e"),
        ("s", ""),
    ):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                return w
            w = w[: len(w) - len(suffix)] + repl
            if suffix in ("ings", "ing", "ed") and _SHORT_STEM.match(w):
                w += "e"  # "filed", "filing" meet "file"; "voted" "vote" (not "fixed", "owned", "opened")
            break
    if w.endswith("e") and len(w) > 4:
        w = w[:-1]
    return w
