"""Questions in two parts ("How long is a rooming house permit valid, and may it be transferred?",
"do i need a license to rent my house out? how long is it good for"): the first part's answer leads and the
second's follows, each cited."""

from __future__ import annotations

import re
from typing import Any, Sequence

from knowledge import question_form, selector
from knowledge.compose.membership import question_parts
from knowledge.kb import KnowledgeBase

# A part's best provision must match this share of it to lead (as any answer must: ANSWER_MIN_LEXICAL).
PART_MIN_LEXICAL = 0.3
# A part this short ("who from", "how fast?") says too little on its own to rank by.
PART_MIN_WORDS = 3
# The second part of a question is answered by the one of the whole question's best this many that holds most of it.
SECOND_LOOK = 6
# After a question, a remark ("The flies are awful this summer and we have none.") picks, among the provisions that
# match the question within this much of its best, the one that matches the whole message best.
REMARK_MARGIN = 0.05


def _text_key(ranked: Any) -> tuple[str, str, str]:
    return ranked.candidate.key, ranked.candidate.citation, ranked.candidate.text


def _same(a: Any, b: Any) -> bool:
    return (a.candidate.key, a.candidate.citation) == (b.candidate.key, b.candidate.citation)


def first_part_first(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    question: str,
    role: str | None,
    ranking: Sequence[tuple[str, float]],
    ranked: Sequence[Any],
) -> list[Any]:
    """A two-part figure question ("what is the minimum ceiling height …, and how is floor area under a low
    ceiling treated …?") leads with the figure of its first part and gives the second's next (the "also"
    line); the ranking as it was for a one-part question or parts that name no figure of their own."""
    parts = question_parts(question)
    if len(parts) != 2 or min(len(p.split()) for p in parts) < 3 or selector.question_kind(parts[0]) != "figure":
        return list(ranked)  # (a yes/no question first, "can they give me a variance? how many votes?", is not)
    best = [
        selector.select(kb, part, municipality, role, ranking, topics=[topic], kinds=("standard",), limit=1)
        for part in parts
    ]
    if not best[0] or not best[1] or best[0][0].lexical < PART_MIN_LEXICAL or best[1][0].lexical < PART_MIN_LEXICAL:
        return list(ranked)
    first, second = best[0][0], best[1][0]
    if _same(first, second):
        return list(ranked)
    return [first, second, *[r for r in ranked if not _same(r, first) and not _same(r, second)]]


def first_part(question: str) -> str:
    """A two-part question's first part ("Does it need a permit, and how long …?" → "Does it need a permit?");
    the question itself otherwise."""
    parts = question_parts(question)
    if len(parts) != 2 or len(parts[0].split()) < PART_MIN_WORDS:
        return question
    return parts[0].rstrip(" ,;?") + "?"


def first_part_kind(kb: KnowledgeBase, question: str, kind: str) -> str:
    """The form of a two-part question's first part ("Does a rooming house need a permit, and how long is it
    good for?" leads with a yes or no, not the figure the second part asks); ``kind`` for a one-part question."""
    asked = first_part(question)
    return kind if asked == question else selector.question_kind(selector.without_titles(kb, asked))


def _asks(part: str) -> bool:
    """Whether the part after a question asks too ("… and how long is it good for?"), rather than telling more
    ("does my bedroom window have to have blinds? mine has nothing and people can see right in")."""
    words = re.findall(r"[a-z]+", part.lower())
    starts = question_form.YES_NO_STARTS | question_form.REQUEST_STARTS  # "Please give the exact wording."
    return part.rstrip().endswith("?") or question_form.asks_wh(part) or bool(words and words[0] in starts)


def two_part_first(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    question: str,
    role: str | None,
    ranking: Sequence[tuple[str, float]],
    ranked: Sequence[Any],
) -> tuple[list[Any], bool]:
    """(the ranking, whether its second answers the second part) for a question in two parts: the best
    provision for the first part leads (when it matches enough of it), and the best for the whole question
    besides it comes second, to be shown as well. A one-part question keeps its ranking (False)."""
    parts = question_parts(question)
    ranked = list(ranked)
    if len(parts) != 2 or len(parts[0].split()) < PART_MIN_WORDS or len(ranked) < 2:
        return ranked, False
    from knowledge.compose.settling import SETTLE_LOOK, settling_first

    best = selector.select(kb, parts[0], municipality, role, ranking, topics=[topic], limit=SETTLE_LOOK)
    best = settling_first(parts[0], best)  # "need a rental license? …": the provision that requires one
    if not best or best[0].lexical < PART_MIN_LEXICAL:
        return ranked, False
    lead, asks_again = best[0], _asks(parts[1])
    if not asks_again:  # a remark after the question: of the first part's near-best, the whole message's best
        near = [b for b in best if b.lexical >= best[0].lexical - REMARK_MARGIN]
        lead = next((r for r in ranked if any(_same(r, b) for b in near)), best[0])
    first = next((r for r in ranked if _same(r, lead)), lead)
    rest = [r for r in ranked if not _same(r, first)]
    if selector.question_kind(parts[1]) == "figure":  # "… how long is it good for": the figure answers it
        # the figure that holds most of the second part ("… and what is the term of appointment?"), then of the whole
        # question ("only has a skylight … how big does it need to be": the skylight's)
        figures = [r for r in rest if r.candidate.kind == "standard" and r.lexical >= PART_MIN_LEXICAL]
        asked = selector.select(kb, parts[1], municipality, role, ranking, topics=[topic], kinds=("standard",), limit=50) if len(figures) > 1 else []
        on_part = {(r.candidate.key, r.candidate.citation): round(r.lexical, 3) for r in asked}
        figure = max(figures, key=lambda r: (on_part.get((r.candidate.key, r.candidate.citation), 0.0), r.lexical), default=None)
        if figure is not None:
            rest = [figure, *[r for r in rest if r is not figure]]
    elif _asks(parts[1]):  # "… which body hears appeals …, and where may a party aggrieved … seek further relief?": of the
        # whole question's near-best, the one that holds most of the second part ("… in any court of competent jurisdiction")
        near = [r for r in rest[:SECOND_LOOK] if r.lexical >= PART_MIN_LEXICAL and r.candidate.text != first.candidate.text]
        asked = selector.select(kb, parts[1], municipality, role, ranking, topics=[topic], limit=50) if len(near) > 1 else []
        on_part = {_text_key(r): r.lexical for r in asked}
        second = max(near, key=lambda r: on_part.get(_text_key(r), 0.0), default=None)
        if second is not None and on_part.get(_text_key(second), 0.0) > 0:
            rest = [second, *[r for r in rest if r is not second]]
    if not rest or rest[0].lexical < PART_MIN_LEXICAL or rest[0].candidate.text == first.candidate.text:
        return [first, *rest], False
    if not asks_again:  # "… blinds or curtains? mine has nothing …": the first part leads, the rest is told
        return [first, *rest], False
    return [first, *rest], True


def later_part_verdict(question: str, provision: str, share: float) -> str:
    """ "As to the second part, yes. " when a question in two parts asks something else first and then yes or no ("By
    what methods may a notice … be served …? In particular, is posting a copy … sufficient by itself?") and the
    provision's wording settles the second part; empty otherwise, and when the first part asks for a figure (the
    figure leads: "What is the maximum forfeiture …, and is each day a separate offense?")."""
    from knowledge.compose.plain_verdict import _verdict

    parts = question_parts(question)
    if len(parts) != 2 or selector.question_kind(parts[0]) in ("yes_no", "figure") or selector.question_kind(parts[1]) != "yes_no":
        return ""
    verdict = _verdict(parts[1], provision, share)
    return f"As to the second part, {verdict.lower()}. " if verdict in ("Yes", "No") else ""
