"""Officers' titles in a question (facts.yml ``officer_titles``: "building inspector", "health officer"): who is
involved, which weighs little beside what is asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

from knowledge.question_form import story_and_question

if TYPE_CHECKING:
    from knowledge.kb import KnowledgeBase
    from knowledge.selector import Concept

_WORD = re.compile(r"[a-z0-9]+")

# An officer's title told in a question's story, not in its last sentence ("got a violation notice from the
# building inspector yesterday. how long do i have to appeal it?"), says who is involved, not what is asked:
# it weighs this share of its weight. A question about an officer (``officer_questions``) keeps it.
OFFICER_TITLE_SHARE = 0.2


def titles_weigh_little(
    kb: KnowledgeBase, question: str, found: Sequence[Concept], weights: list[float]
) -> list[float]:
    """The concepts' weights with the officer titles (facts.yml ``officer_titles``) that only a question's story
    names cut to OFFICER_TITLE_SHARE."""
    vocabulary = kb.fact_vocabulary()
    story, asking = story_and_question(question)
    if not story or any(p.search(question) for p in vocabulary.officer_questions):
        return weights

    def named(text: str) -> set[str]:
        lowered = " " + " ".join(_WORD.findall(text.lower())) + " "
        return {w for title in vocabulary.officer_titles if f" {title} " in lowered for w in title.split()}

    words = named(story) - named(asking)
    if not words:
        return weights
    return [w * OFFICER_TITLE_SHARE if set(c.words.split()) <= words else w for c, w in zip(found, weights)]


def title_words(kb: KnowledgeBase, question: str, found: Sequence[Concept]) -> frozenset[str]:
    """The words of the officer titles a question names ("can the building inspector come into my apartment?"), with
    the parties it names ("does my landlord have to agree?"), when it names other things too (what they may do); empty
    when it names none or nothing else. A provision that matches only these says who, not what."""
    vocabulary = kb.fact_vocabulary()
    lowered = " " + " ".join(_WORD.findall(question.lower())) + " "
    titles = frozenset(w for t in vocabulary.officer_titles if f" {t} " in lowered for w in t.split())
    parties = {w for c in found for w in c.words.split() if any(p.search(w) for p in vocabulary.party_words)}
    words = titles | parties
    return words if words and any(not set(c.words.split()) <= words for c in found) else frozenset()
