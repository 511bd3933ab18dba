"""The classifier's second guess, when the code's provisions side with it: "who decides if a house gets condemned in
holland, the town board or the inspector?" was taken for the appeals board (0.52) over unfit dwellings (0.42), and yet
"… shall be condemned as unfit for human habitation and shall be so designated and placarded by the Building
Inspector" matches it far better than anything of the board's. Close guesses are told apart by the text itself."""

from __future__ import annotations

from typing import Sequence

from knowledge import question_form, selector
from knowledge.kb import KnowledgeBase

# The second guess is weighed only when its confidence is at least this, and at most this far below the first's.
RUNNER_UP_MIN_CONFIDENCE = 0.25
RUNNER_UP_MAX_GAP = 0.3
# ... and it wins when its best provision scores this much more than the first guess's best (a provision of both
# topics left out), and matches at least this share of the question.
RUNNER_UP_GAIN = 0.25
RUNNER_UP_MIN_LEXICAL = 0.5
# How many of a topic's best provisions are looked at for one the other topic does not share.
RUNNER_UP_LOOK = 10


def _best(kb: KnowledgeBase, text: str, municipality: str, one: str, other: str) -> selector.Ranked | None:
    """The best-scored provision of topic ``one`` that is not also ``other``'s."""
    found = selector.select(kb, text, municipality, topics=[one], limit=RUNNER_UP_LOOK)
    return next((r for r in found if not {one, other} <= set(r.candidate.topics)), None)


def runner_up_topic(
    kb: KnowledgeBase, text: str, topic: str | None, ranking: Sequence[tuple[str, float]], municipality: str | None
) -> str | None:
    """The topic of the classifier's second intent when it was a close second and its provisions answer ``text`` much
    better than the first's (``RUNNER_UP_*``); ``topic`` otherwise, and whenever ``topic`` is no longer the classifier's
    first (an earlier step chose it), is a space topic, or the second's topic is one this code does not address. After a
    story, only the sentence that asks is weighed."""
    if municipality is None or topic is None or len(ranking) < 2 or topic not in kb.topics():
        return topic
    (first, confidence), (second, second_confidence) = ranking[0], ranking[1]
    other = kb.topic_for_intent(second)
    if kb.topic_for_intent(first) != topic or other is None or other == topic or other not in kb.topics():
        return topic
    if second_confidence < RUNNER_UP_MIN_CONFIDENCE or confidence - second_confidence > RUNNER_UP_MAX_GAP:
        return topic
    if kb.topic_config(topic).space or kb.topic_config(other).space or not kb.coverage(municipality, other).addressed:
        return topic
    asked = question_form.story_and_question(text)[1] or text  # the sentence that asks, not the story ("… spray for
    # bugs, one tenant refusing. do they have to let me in": the access, whatever the story names)
    theirs = _best(kb, asked, municipality, other, topic)
    if theirs is None or theirs.lexical < RUNNER_UP_MIN_LEXICAL:
        return topic
    ours = _best(kb, asked, municipality, topic, other)
    return other if ours is None or theirs.score >= ours.score + RUNNER_UP_GAIN else topic
