"""Typo correction of a question against the five texts' own words (symspellpy); off unless HOUSING_SPELLING=1."""

from __future__ import annotations

import os
import re
import threading
import weakref
from typing import Any

from knowledge.kb import KnowledgeBase

_LOCK = threading.Lock()
_SPELLERS: weakref.WeakKeyDictionary[KnowledgeBase, Any] = weakref.WeakKeyDictionary()
# Words people write that are right but not in the dictionary of the texts (kept as they are).
SPELL_MIN_LETTERS = 6
_COMMON = frozenset("my i im me we our you your its it's".split())


def spelling_enabled() -> bool:
    """Typo correction is off unless ``HOUSING_SPELLING=1``: measured on the dev questions it did not
    help (75.9% with it, 76.6% without; it turned "store" into "stove"), see README."""
    return os.environ.get("HOUSING_SPELLING", "0") == "1"


def correct(kb: KnowledgeBase, text: str) -> str:
    """The question with its misspelt words corrected against the texts' own words (symspellpy,
    edit distance up to 2 for words of five letters or more, 1 for shorter ones); numbers, stop
    words and known words stay as they are."""
    from symspellpy import SymSpell, Verbosity

    from knowledge.selector import STOPWORDS

    with _LOCK:
        speller = _SPELLERS.get(kb)
        if speller is None:
            speller = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
            for word, count in kb.spelling().items():
                speller.create_dictionary_entry(word, count)
            _SPELLERS[kb] = speller
    known = kb.spelling()
    out: list[str] = []
    for word in re.findall(r"[A-Za-z]+|[^A-Za-z]+", text):
        lowered = word.lower()
        if (
            not word.isalpha()
            or len(word) < SPELL_MIN_LETTERS
            or lowered in known
            or lowered in STOPWORDS
            or lowered in _COMMON
        ):
            out.append(word)
            continue
        suggestions = speller.lookup(lowered, Verbosity.TOP, max_edit_distance=2 if len(word) >= 5 else 1)
        out.append(suggestions[0].term if suggestions else word)
    return "".join(out)


