"""People's shorthand for the words a question is asked with ("wat temp do i hv to heat to").

The table is data (``shorthand`` in ``knowledge/synonyms.yml``), compiled into the knowledge base by
``knowledge.build``; the actions read each message through :func:`expand` before reading its form,
its parties and its facts.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import yaml

SYNONYMS_PATH = Path(__file__).with_name("synonyms.yml")
_KEY = re.compile(r"[a-z0-9]+")


def load(path: Path = SYNONYMS_PATH) -> dict[str, str]:
    """The ``shorthand`` table of ``knowledge/synonyms.yml``: word -> expansion. Keys are single lowercase
    words; a malformed entry is an error, not silently dropped."""
    with open(path, encoding="utf-8") as handle:
        data = yaml.safe_load(handle) or {}
    table: dict[str, str] = {}
    for word, expansion in (data.get("shorthand") or {}).items():
        if not _KEY.fullmatch(str(word)) or not isinstance(expansion, str) or not expansion.strip():
            raise ValueError(f"shorthand.{word}: a single lowercase word mapped to its expansion")
        table[str(word)] = expansion.strip()
    return table


@functools.lru_cache(maxsize=8)
def _pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(r"(?<![\w'’])(" + alternatives + r")(?![\w'’])", re.I)


def expand(text: str, table: dict[str, str]) -> str:
    """``text`` with each whole word of ``table`` (any case) replaced by its expansion: "wat temp do i hv to
    heat to" -> "what temp do i have to heat to". Everything else is kept as written."""
    if not table or not text:
        return text
    return _pattern(tuple(sorted(table))).sub(lambda m: table[m.group(1).lower()], text)
