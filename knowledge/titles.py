"""Officers' titles in a question (facts.yml ``officer_titles``: "building inspector", "health officer"): who is
involved, which weighs little beside what is asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from knowledge.question_form import _WORD, story_and_question

if TYPE_CHECKING:
    from knowledge.kb import KnowledgeBase
    from knowledge.selector import Concept


# An officer's title told in a question's story, not in its last sentence ("got a violation notice from the
# building inspector yesterday. how long do i have to appeal it?"), says who is involved, not what is asked:
# it weighs this share of its weight. A question about an officer (``officer_questions``) keeps it.
OFFICER_TITLE_SHARE = 0.2


def titles_weigh_little(
    kb: KnowledgeBase, question: str, found: Sequence[Concept], weights: list[float]
) -> list[float]:
    """The concepts' weights with the officer titles (facts.yml ``officer_titles``) that only a question's story
    names cut to OFFICER_TITLE_SHARE."""
    story, asking = story_and_question(question)
    if not story or any(p.search(question) for p in kb.fact_vocabulary().officer_questions):
        return weights
    words = named_titles(kb, story) - named_titles(kb, asking)
    if not words:
        return weights
    return [w * OFFICER_TITLE_SHARE if set(c.words.split()) <= words else w for c, w in zip(found, weights)]


def named_titles(kb: KnowledgeBase, question: str) -> frozenset[str]:
    """The words of the officer titles a question names ("can the building inspector come in?" -> building, inspector)."""
    lowered = " " + " ".join(_WORD.findall(question.lower())) + " "
    return frozenset(w for t in kb.fact_vocabulary().officer_titles if f" {t} " in lowered for w in t.split())


def who_words(kb: KnowledgeBase, question: str, found: Sequence[Concept]) -> frozenset[str]:
    """The words of the officer titles a question names ("can the building inspector come into my apartment?"), with
    the parties it names ("does my landlord have to agree?"), when it names other things too (what they may do); empty
    when it names none or nothing else. A provision that matches only these says who, not what."""
    parties = {w for c in found for w in c.words.split() if any(p.search(w) for p in kb.fact_vocabulary().party_words)}
    words = named_titles(kb, question) | parties
    return words if words and any(not set(c.words.split()) <= words for c in found) else frozenset()
