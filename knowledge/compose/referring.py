"""A figure the text leaves out, answered by the sentence that says where it is set: "dresser housing code fine how
much" gets "… subject to a penalty as provided in sec. 25.04 of this Code", "amery rental license fees how much"
gets "Fees as prescribed in the Schedule of Fees shall be paid …" (``refers_elsewhere`` in question_forms.yml)."""

from __future__ import annotations

from typing import Any, Sequence

from knowledge import question_form, selector
from knowledge.kb import KnowledgeBase

# How many of the topic's best-ranked sentences are looked at for one that refers elsewhere.
REFERRING_LOOK = 12


def referring_sentence(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    question: str,
    missing: str,
    role: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
) -> Any | None:
    """The best-ranked sentence of the topic that says where a figure is set and matches a word of the missing
    figure's description (``missing``: a standard key); None when there is none."""
    about = {selector.stem(w) for w in selector.tokens(kb.standard_description(missing).split(" (")[0])}
    ranked = selector.select(
        kb, question, municipality, role, ranking, topics=[topic], kinds=("sentence",), limit=REFERRING_LOOK
    )
    table = kb.synonyms()
    for r in ranked:
        # the words matched and what they stand for ("penalty for overcrowding?": penalty, forfeiture)
        said = [*r.matched, *(a for words in r.matched for a in table.get(words, ()))]
        matched = {selector.stem(w) for words in said for w in selector.tokens(words)}
        if r.lexical > 0 and question_form.REFERS_ELSEWHERE.search(r.candidate.text) and matched & about:
            return r
    return None
