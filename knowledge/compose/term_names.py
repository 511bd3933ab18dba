"""A defined term looked up by exactly the words that name it ("owner", "dwelling units" → "Owner", "Dwelling Unit").

Unlike ``KnowledgeBase.match_term``, which finds a term anywhere in a text, this looks up one phrase a question has
already singled out (the words after "does the term …", after "count as …").
"""

from __future__ import annotations

import re

from knowledge.kb import KnowledgeBase

_WORD = re.compile(r"[a-z0-9]+")


def term_names(kb: KnowledgeBase, municipality: str) -> dict[str, str]:
    """The municipality's defined terms and their synonyms, keyed by their words in lower case ("dwelling unit")."""
    return {" ".join(_WORD.findall(phrase.lower())): term for phrase, term in kb.term_phrases(municipality).items()}


def named_term(names: dict[str, str], named: str) -> str | None:
    """The term that ``named`` (words in lower case, as ``term_names`` keys them) names exactly or in the plural."""
    return names.get(named) or (names.get(named[:-1]) if named.endswith("s") else None)
