"""Whether a text holds one of a list of phrases as whole words ("bed" is not in "bedroom").

The vocabulary files give many phrase lists (``people.yml``, ``vocab.yml``, ``places.yml``); each list
is compiled once into one pattern, longest phrase first.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable


@lru_cache(maxsize=512)
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(p) for p in sorted(set(phrases), key=len, reverse=True))
    return re.compile(rf"(?<![a-z])(?:{alternatives})(?![a-z])")


def has_phrase(text: str, phrases: Iterable[str]) -> bool:
    """Whether ``text`` (lowercased by the caller) holds one of ``phrases``, not inside a longer word."""
    phrases = tuple(str(p) for p in phrases or ())
    return bool(phrases) and _pattern(phrases).search(text) is not None
