"""The sentence that asks: after a story ("… the heat has been out for three days. Can he really do that?"),
how much of the asking sentence a provision matches, and the provision it names first."""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from knowledge import question_form, selector
from knowledge.compose.elapsed import asks_if_late, sets_period
from knowledge.kb import KnowledgeBase
from knowledge.question_form import ASKING_MIN_WORDS  # noqa: F401 - re-exported


def asking_share(kb: KnowledgeBase, question: str, municipality: str, ranked: Any) -> float:
    """The share of the question a ranked candidate matches, counting only its asking sentence when it tells a
    story first ("… full of garbage and I think there are rats now. If I complain, can the building inspector go in
    and inspect?": the yes or no is the inspection's, however little of the story the provision names)."""
    story, _ = question_form.story_and_question(question)
    if not story:
        return ranked.lexical
    return max(ranked.lexical, _asking_only_share(kb, question, municipality, ranked))


def joint_share(kb: KnowledgeBase, question: str, municipality: str, ranked: Sequence[Any]) -> float:
    """The share of the question the ranked candidates match together (a list's lead-in "… shall be condemned as
    unfit …:" with the item a story describes, "One which is so damaged, decayed …", for "… caved-in roof and rats
    everywhere … Can the town condemn it?")."""
    found, weights = selector.asked_concepts(kb, question, municipality)
    weights = selector.titles_weigh_little(kb, question, found, weights)
    matched = {word for r in ranked for word in r.matched}
    return sum(w for c, w in zip(found, weights) if c.words in matched) / (sum(weights) or 1.0)


def asking_sentence_share(kb: KnowledgeBase, question: str, municipality: str, ranked: Any) -> float:
    """The share of the sentence that asks a ranked candidate matches, after a story; its share of the whole
    question otherwise."""
    story, _ = question_form.story_and_question(question)
    return _asking_only_share(kb, question, municipality, ranked) if story else ranked.lexical


def _asking_only_share(kb: KnowledgeBase, question: str, municipality: str, ranked: Any) -> float:
    """The share of the question's asking sentence (with the sentence it points back to) a ranked candidate matches.
    A short asking sentence that points back ("… share a bathroom. … the guy next door is creepy. Is that even
    allowed?") may point to any sentence of the story: the one the candidate matches best."""
    asking = question_form.asking_with_antecedent(question, kb.meta("back_references") or (), ASKING_MIN_WORDS)
    story, asked = question_form.story_and_question(question)
    candidates = [asking]
    if asking != asked:  # it points back: to each of the story's sentences in turn
        candidates += [f"{told} {asked}" for told in _story_sentences(story)]
    return max(joint_share(kb, text, municipality, [ranked]) for text in candidates)


# After a story, a provision matching nearly as much of the whole message (this much less at most) leads when it
# matches far more (ASKING_GAIN) of the sentence that asks ("I asked for a hearing … What happens if I just don't
# go?": the failure to appear, not the thirty days to file).
ASKING_MARGIN = 0.05
ASKING_GAIN = 0.2
ASKING_LOOK = 5


def asking_first(kb: KnowledgeBase, municipality: str, question: str, ranked: Sequence[Any]) -> list[Any]:
    """The ranking with the provision the asking sentence names moved first, when a story comes before it and the
    best provision matches the story rather than the question (``ASKING_MARGIN``, ``ASKING_GAIN``)."""
    ranked = list(ranked)
    story, asking = question_form.story_and_question(question)
    naming = _naming_what_is_asked(kb, municipality, asking, ranked) if story and len(ranked) > 1 else None
    if naming is not None:  # "… they share my bathroom. do i need a permit??": the permit, not the bathrooms
        return [naming, *[r for r in ranked if r is not naming]]
    if not story or len(ranked) < 2:
        return ranked
    if len(asking.split()) < ASKING_MIN_WORDS:  # "… than another town ordinance, which one applies?" says too little on
        # its own, unless a provision matches nearly all it says and the best next to nothing ("… failed to comply with
        # a Building Inspector's order … Which penalty provision applies?")
        return _asking_decides(kb, municipality, question, ranked, {}, ASKING_SHORT_DECISIVE)
    floor = ranked[0].lexical - ASKING_MARGIN
    shares = [(_asking_only_share(kb, question, municipality, r), r) for r in ranked[:ASKING_LOOK] if r.lexical >= floor]
    best_share, best = max(shares, key=lambda pair: pair[0])
    if best is ranked[0] or best_share < shares[0][0] + ASKING_GAIN:
        return _asking_decides(kb, municipality, question, ranked, {id(r): share for share, r in shares})
    return [best, *[r for r in ranked if r is not best]]


# After a story, a provision that matches nearly all of the sentence that asks (ASKING_DECISIVE) leads, among the best
# few (ASKING_DEEP_LOOK) that match nearly as much of the whole message (ASKING_DECISIVE_RATIO), when the best matches next to nothing of it
# (ASKING_MISSED): "I asked for a hearing with the appeals board about the order … What happens if I just don't show
# up?" is the failure to appear, however much of the story the hearing's other sentences match.
ASKING_DECISIVE = 0.8
ASKING_MISSED = 0.2
ASKING_DEEP_LOOK = 10
# ... and that matches at least this share of what the best matches of the whole message (not "… no curtains or blinds
# at all … does the operator have to provide something?": the permit sentences match "operator" and "provide" alone)
ASKING_DECISIVE_RATIO = 0.8
# ... and, after a story, an asking sentence too short to be ranked on its own (ASKING_MIN_WORDS) is decided by a
# provision matching this much of it ("… failed to comply with a Building Inspector's order … Which penalty provision
# applies?": the penalty, though "applies" names nothing)
ASKING_SHORT_DECISIVE = 0.65


def _asking_decides(
    kb: KnowledgeBase, municipality: str, question: str, ranked: list[Any], known: dict[int, float], decisive_share: float = ASKING_DECISIVE
) -> list[Any]:
    """``asking_first``'s second look (``known``: the asking-sentence shares it already measured, by id; a provision
    matching ``decisive_share`` of the asking sentence decides)."""
    from knowledge.compose.plain_verdict import ANSWER_MIN_LEXICAL

    top = known[id(ranked[0])] if id(ranked[0]) in known else _asking_only_share(kb, question, municipality, ranked[0])
    if top > ASKING_MISSED:
        return ranked
    floor = max(ANSWER_MIN_LEXICAL, ranked[0].lexical * ASKING_DECISIVE_RATIO)
    shares = [
        (known[id(r)] if id(r) in known else _asking_only_share(kb, question, municipality, r), r)
        for r in ranked[1:ASKING_DEEP_LOOK]
        if r.lexical >= floor
    ]
    decisive = [(round(share, 3), r.lexical, -i, r) for i, (share, r) in enumerate(shares) if share >= decisive_share]
    if not decisive:
        return ranked
    best = max(decisive, key=lambda t: t[:3])[3]  # the most of the asking sentence, then of the whole message
    return [best, *[x for x in ranked if x is not best]]


_DETERMINERS = r"(?:a|an|the|any|some|my|our|his|her|their|this|that|these|those)"


def _naming_what_is_asked(kb: KnowledgeBase, municipality: str, asking: str, ranked: Sequence[Any]) -> Any | None:
    """After a story, the first of the best few that names every thing the asking sentence asks about (its concepts
    but the parties, named as things: "a permit"), when the best names none of the sentence's concepts and it matches
    enough of the whole message; None otherwise."""
    from knowledge.compose.plain_verdict import ANSWER_MIN_LEXICAL

    parties = kb.fact_vocabulary().party_words
    found, _ = selector.asked_concepts(kb, asking, municipality)
    named = " ".join(re.findall(r"[a-z]+", asking.lower()))  # a thing named as one ("a permit"), not a verb ("give me")
    asked = [c.words for c in found if not any(p.search(c.words) for p in parties)]
    things = [w for w in asked if re.search(rf"\b{_DETERMINERS} {re.escape(w)}\b", named)]
    if not things:
        return None
    naming = [r for r in ranked[1:] if all(w in r.matched for w in things)]
    needed = rf"\b(?:need|needs|require|requires|required|get|have|hold)\s+{_DETERMINERS}\s+(?:{'|'.join(map(re.escape, things))})\b"
    if re.search(needed, named) and not question_form.REQUIRED_CONDITION.search(ranked[0].candidate.text):
        # "… they just sleep there. do i need a permit for that?": the provision requiring one, not another naming it
        required = next((r for r in naming if r.lexical >= REQUIRED_MIN_LEXICAL and question_form.REQUIRED_CONDITION.search(r.candidate.text)), None)
        if required is not None:
            return required
    if any(w in ranked[0].matched for w in asked):
        return None  # the best names something the sentence asks ("… what methods of serving a violation notice …")
    return next((r for r in naming if r.lexical >= ANSWER_MIN_LEXICAL), None)


# ... a provision that makes the thing asked for a condition ("No person shall operate a rooming house unless he holds a
# valid rooming house permit") answers "do i need a …?" though it matches less of the story than ANSWER_MIN_LEXICAL.
REQUIRED_MIN_LEXICAL = 0.2


# A figure of the topic gives way to the best sentence when, after a story, it matches this much less of the sentence
# that asks.
FIGURE_ASKING_GAP = 0.3


def asks_less(kb: KnowledgeBase, municipality: str, question: str, figure: Any, best: Any) -> bool:
    """Whether, after a story, a figure matches far less (``FIGURE_ASKING_GAP``) of the asking sentence than the
    best-ranked provision: the story, not the question, brought it up."""
    story, _ = question_form.story_and_question(question)
    if not story or figure is best:
        return False
    return _asking_only_share(kb, question, municipality, figure) < _asking_only_share(kb, question, municipality, best) - FIGURE_ASKING_GAP


# A sentence that sets a time leads a "how long" question instead of one matching at most this much more.
TIME_SETTING_MARGIN = 0.05


def time_setting_first(ranked: Sequence[Any], asked: Callable[[Any], float] | None = None) -> list[Any]:
    """The ranking with a sentence that sets a time ("… corrected within a reasonable period …") first, when the best
    is a sentence that sets none ("At the end of such period, the Health Officer shall reinspect …") and it matches
    nearly as well, or (``asked``: the share of the sentence that asks) far more of the sentence that asks ("The
    inspector ordered our landlord … because he never fixed stuff. How long do we have to move out?": "vacated
    within a reasonable time, not to exceed 60 days", not what follows when the owner fails to comply)."""
    ranked = list(ranked)
    if not ranked or ranked[0].candidate.kind != "sentence" or question_form.TIME_SETTING.search(ranked[0].candidate.text):
        return ranked
    floor = ranked[0].lexical - TIME_SETTING_MARGIN
    top_asked = asked(ranked[0]) if asked else 1.0
    timed = next((r for r in ranked[1:3] if r.candidate.kind == "sentence" and question_form.TIME_SETTING.search(r.candidate.text)
                  and (r.lexical >= floor or (asked is not None and asked(r) >= top_asked + ASKING_GAIN))), None)
    return [timed, *[r for r in ranked if r is not timed]] if timed is not None else ranked


# How many of the best are looked at for one that states the period a question asks for.
PERIOD_LOOKAHEAD = 5


# A second question joined to the first ("…, and how quickly must …?").
_SECOND_PART = re.compile(r"\band\s+(?:how|what|when|within|who|which|where|whether)\b", re.IGNORECASE)


def period_first(
    question: str, ranked: Sequence[Any], floor: float, share: Callable[[Any], float] | None = None
) -> list[Any] | None:
    """For a question that asks a period ("how much notice does he have to give?", ``asks_period``), the ranking
    with the best candidate that states one first (of those matching at least ``floor``; with ``share``, the one
    that matches most of the sentence that asks: "… permit suspended. how long to ask for a hearing?" is the 10 days
    to petition for the hearing, not the "reasonable period" to correct); None when none does (the code does not
    address that period). Other questions: the ranking as it is."""
    ranked = list(ranked)
    late = asks_if_late(question)  # "… 5 weeks ago, can i still appeal it?": a question of the period too
    if not ranked or not (question_form.ASKS_PERIOD.search(question_form.story_and_question(question)[1]) or late):
        return ranked
    stating = [r for r in ranked[:PERIOD_LOOKAHEAD] if r.lexical >= floor and question_form.STATES_PERIOD.search(r.candidate.text)]
    if not stating:
        return None
    # (a question of two parts keeps its first part first: "For how long is a permit valid, and how quickly must …?";
    # max keeps the first of equals)
    timed = max(stating, key=share) if share is not None and not _SECOND_PART.search(question) else stating[0]
    if late:  # "can i still appeal?": the period the code sets as a figure (the days to ask for a hearing)
        timed = next((r for r in ranked if r.candidate.kind != "standard" and r.lexical >= floor and sets_period(r.candidate.text)), timed)
    return [timed, *[r for r in ranked if r is not timed]]


def _story_sentences(story: str) -> list[str]:
    """The sentences of a story told before a question."""
    return [p for p in question_form._SENTENCE_BREAK.split(str(story or "").strip()) if p.strip()]
