"""Another topic's provision, when it matches the question much better than the topic the classifier took: the
classifier took the wrong topic ("gonna rent out my moms old house … do i need a rental license?" stays with its
topic when only the story matches the other)."""

from __future__ import annotations

from typing import Any, Sequence

from knowledge import question_form, selector
from knowledge.kb import KnowledgeBase, Municipality

# When the topic's best provision matches less than ELSEWHERE_MAX_HERE of the question, a provision of
# another topic that matches at least ELSEWHERE_MARGIN more (and well enough to be the closest
# provision of an unsure question; any such provision when the topic's best is under
# ANSWER_MIN_LEXICAL) answers instead: the classifier took the wrong topic.
ELSEWHERE_MAX_HERE = 0.5
ELSEWHERE_MARGIN = 0.2
ELSEWHERE_MIN_WEIGHT = 10.0  # summed idf of the words the other provision matches (a long, specific question)


def closest_elsewhere(topic: str, ranked: Sequence[Any], overall: Sequence[Any]) -> str | None:
    """Another topic whose provision (the best of ``overall``: ``elsewhere``) matches the question much better than
    the topic's own best, when that matches less than ELSEWHERE_MAX_HERE."""
    here = ranked[0].lexical if ranked else 0.0
    if not overall or here >= ELSEWHERE_MAX_HERE:
        return None
    return next((t for t in overall[0].candidate.topics if t not in (topic, "definition")), None)


def elsewhere(
    kb: KnowledgeBase, muni: Municipality, question: str, role: str | None, ranked: Sequence[Any], answer_min: float
) -> list[Any]:
    """The code's whole ranking when its best provision matches the question much better than the topic's best;
    empty otherwise."""
    from knowledge.compose.unsure import CLOSEST_MIN_LEXICAL

    here = ranked[0].lexical if ranked else 0.0
    best = selector.select(kb, question, muni.key, role, (), limit=5)
    # below ``answer_min`` (ANSWER_MIN_LEXICAL) the topic has nothing to say: any good closest provision is better
    needed = CLOSEST_MIN_LEXICAL if here < answer_min else max(CLOSEST_MIN_LEXICAL, here + ELSEWHERE_MARGIN)
    if not best or best[0].lexical < needed:
        return []
    if selector.match_weight(kb, question, muni.key, best[0]) < ELSEWHERE_MIN_WEIGHT:
        return []  # a short question ("rooming house rules in Amery?") matches much by little: its topic stands
    story, asking = question_form.story_and_question(question)
    if story and ranked:  # the story matches the other provision, the asking sentence the topic's: the topic stands
        # ("gonna rent out my moms old house, single family, one tenant. do i need a rental license?")
        on_asking = {_identity(r): r.lexical for r in selector.select(kb, asking, muni.key, role, (), limit=500)}
        if on_asking.get(_identity(best[0]), 0.0) < on_asking.get(_identity(ranked[0]), 0.0):
            return []
    return best


def _identity(ranked: Any) -> tuple[str, str, str]:
    return (ranked.candidate.kind, ranked.candidate.key, ranked.candidate.citation)
