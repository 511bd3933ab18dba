"""When the classifier is unsure: the closest provision in the municipality's code, or an honest
"does not address" for a housing question with no good match; and the topic a free text names.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from knowledge import question_form, selector
from knowledge.compose.answer import Answer, no_match
from knowledge.compose.asked import asking_sentence_topic, names_keyword, pinned_topic
from knowledge.compose.asking import asking_sentence_share, period_first
from knowledge.compose.beside import topicless_sentence
from knowledge.compose.computed import (
    age_counted,
    ceiling_check,
    limit_check,
    outlet_check,
    room_figures,
    temperature_check,
)
from knowledge.compose.elsewhere import relieving_provision, relieving_topic
from knowledge.compose.membership import officer_definition, with_membership
from knowledge.compose.plain_verdict import ANSWER_MIN_LEXICAL
from knowledge.compose.questions import (
    _ON_THE_WAY,
    answer_question,
    compose_lead,
    member_definition,
    quoted_definition,
    scope_note,
)
from knowledge.compose.unit_scope import prefer_general
from knowledge.kb import KnowledgeBase, Municipality
from knowledge.yes_no_forms import ESCAPE_COUNTED_ON


def topic_from_text(kb: KnowledgeBase, text: str) -> str | None:
    """The topic a free-text request names by its words (the topics' keywords), or None (longest keyword wins)."""
    lowered = text.lower()
    best: tuple[int, str] | None = None
    for topic, config in kb.topic_configs().items():
        for word in config.keywords:
            if names_keyword(word, lowered) and (best is None or len(word) > best[0]):
                best = (len(word), topic)
    return best[1] if best else None


def named_topics(kb: KnowledgeBase, text: str) -> set[str]:
    """Every topic a text names by one of its keywords ("minimum total window area for a sleeping room …": the window
    topic and the sleeping-room one)."""
    lowered = text.lower()
    return {topic for topic, config in kb.topic_configs().items() if any(names_keyword(w, lowered) for w in config.keywords)}


# When the classifier is unsure (see README "When the assistant is unsure" for how these were set).
CLOSEST_MIN_LEXICAL = 0.4  # share of the question's concepts the closest provision must contain
CLOSEST_MIN_WEIGHT = 2.0  # and how much (summed idf) of the question's words it must match
# ... or less of them when the classifier's top three intents hold the provision's topic too: two readings agree ("…
# fighting about the rent … he flipped off the electric to my unit … My food is going bad. Can he even do that?")
CONCURRING_MIN_LEXICAL = 0.25
CONCURRING_MIN_CONFIDENCE = 0.2


@dataclass(frozen=True)
class Unsure:
    """What the selector makes of a message the classifier was unsure about."""

    housing: bool  # the message has words the housing codes (or the synonym table) know
    topic: str | None  # the topic of the best provision, when one matches well
    answer: Answer | None  # the answer for the municipality in play (None: ask which one)


def answer_unsure(
    kb: KnowledgeBase,
    question: str,
    municipality: str | None,
    role: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
    facts: Mapping[str, Any] | None = None,
) -> Unsure:
    """Never give up on an in-scope question: search every provision of the municipality.

    A good match is answered as "The closest provision in the <name> code: …" with its
    citation; a housing question with no good match gets an honest "the <name> code text does
    not address …" naming the enforcing officer (``addressed: false``, so it goes to the clerk's
    review list). ``housing`` is False for messages with no housing content at all.
    """
    munis = [kb.municipality(municipality)] if municipality else kb.municipalities()
    quoted = quoted_definition(kb, question, munis[0].key) if municipality else None
    if quoted is not None:  # "… before a dwelling is a 'rooming house'?"
        return Unsure(True, None, quoted)
    member = member_definition(kb, question, munis[0].key) if municipality else None
    if member is not None:  # "Does that include a baby?" after a floor-space answer: what an occupant is
        return Unsure(True, None, member)
    officer = officer_definition(kb, question, munis[0].key) if municipality else None
    if officer is not None:  # "the code keeps saying approved - approved by who exactly?"
        return Unsure(True, None, officer)
    pinned = pinned_topic(kb, question) if municipality else None
    direct = answer_question(kb, munis[0].key, pinned, question, facts, role, ranking) if pinned else None
    if direct is not None:  # "whats the fine in holland if a rental doesnt meet the housing code? …": the fine's topic
        return Unsure(True, pinned, direct)
    relieving = relieving_provision(kb, munis[0], question, role) if municipality and ESCAPE_COUNTED_ON.search(question) else None
    relief = relieving_topic("", relieving)  # "may a rooming house operator … defend on the ground that a permit was issued?"
    direct = answer_question(kb, munis[0].key, relief, question, facts, role, ranking) if relief else None
    if direct is not None:
        return Unsure(True, relief, direct)
    housing = selector.has_housing_words(kb, question)
    best: tuple[float, Any, Municipality] | None = None
    for muni in munis:
        ranked = selector.matching_first(
            selector.select(kb, question, muni.key, role, ranking, limit=12), CLOSEST_MIN_LEXICAL
        )
        strength = selector.match_weight(kb, question, muni.key, ranked[0]) if ranked else 0.0
        if ranked and (best is None or ranked[0].score > best[0]):
            best = (ranked[0].score, (ranked, strength), muni)
    if not housing or best is None:
        return Unsure(housing, None, None)
    (ranked, strength), muni = best[1], best[2]
    top = ranked[0]
    good = top.lexical >= CLOSEST_MIN_LEXICAL and strength >= CLOSEST_MIN_WEIGHT
    concurring = None if good or top.lexical < CONCURRING_MIN_LEXICAL or strength < CLOSEST_MIN_WEIGHT else _concurs(kb, top, ranking)
    topic = next((t for t in top.candidate.topics if t != "definition"), None) if good else concurring
    if municipality is None:
        return Unsure(True, topic, None)
    if not (good or concurring) or selector.unnamed_things(kb, question, muni.key):  # "smoke detectors", named by no provision
        return Unsure(True, None, no_match(muni, question, topic or "unknown"))
    named = asking_sentence_topic(kb, question, topic, muni.key, told=False)
    if named != topic:  # "… rats all over my rental … can the town actually condemn the place?": the topic it asks
        direct = answer_question(kb, muni.key, named, question, facts, role, ranking)
        if direct is not None and direct.payload.get("addressed"):
            direct.payload["review"] = "closest"
            return Unsure(True, named, direct)
    if concurring:  # the topic's own answer, with its yes or no
        direct = answer_question(kb, muni.key, concurring, question, facts, role, ranking)
        if direct is not None and direct.payload.get("addressed"):
            direct.payload["review"] = "closest"
            return Unsure(True, concurring, direct)
    if topic:  # "its 64 in there when its really cold out, ok?": the closest topic's computed figures
        standards = kb.topic_config(topic).standards
        computed = (
            room_figures(kb, muni.key, standards, question)
            or temperature_check(kb, muni, standards, question)
            or ceiling_check(kb, muni, standards, question)
            or age_counted(kb, muni, standards, question)
            or limit_check(kb, muni, standards, question)
            or outlet_check(kb, muni, standards, question)
        )
        if computed is not None:
            computed.payload.update({"closest": True, "review": "closest", "topic": topic})
            return Unsure(True, topic, computed)
    if topic and selector.question_kind(question) == "who" and kb.topic_config(topic).duties:
        direct = answer_question(kb, muni.key, topic, question, facts, role, ranking)
        if direct is not None and direct.payload.get("addressed"):
            direct.payload["review"] = "closest"
            return Unsure(True, topic, direct)
    # ("how long do we have to get out?" after an order to vacate: "vacated within a reasonable time, not to exceed 60
    # days" matches "how long" alone, less than the exits' "means of egress" matches "get out")
    share = lambda r: asking_sentence_share(kb, question, muni.key, r)  # noqa: E731
    timed = period_first(question, prefer_general(kb, question, ranked), ANSWER_MIN_LEXICAL, share)
    if timed is None:  # "how much notice does he have to give me?": no close provision states a period
        return Unsure(True, None, no_match(muni, question, topic or "unknown"))
    ranked = timed
    inner = topicless_sentence(ranked) if ranked[0].candidate.kind == "definition" and selector.question_kind(question) != "definition" else None
    if inner is not None:  # "how is the manager required to inform the owner?": the definition's own sentence on it
        # (not "…, what qualifies as a multiple dwelling?": the definition itself)
        ranked = [inner, *(r for r in ranked if r is not inner)]
    top = ranked[0]
    scoped = scope_note(kb, muni, question, top)
    answer = compose_lead(kb, muni, topic or "definition", question, ranked, role, closest=True, note=scoped, verdicts=not scoped)
    if top.candidate.kind == "definition" and not scoped:  # "dresser: does the yard count as premises or only the bldg?"
        answer = with_membership(kb, question, top.candidate.key, muni.key, answer)
    answer.payload.update(
        {"closest": True, "review": "not_stated" if scoped else "closest", "topic": topic or "definition"}
    )
    return Unsure(True, topic, answer)


def _concurs(kb: KnowledgeBase, top: Any, ranking: Sequence[tuple[str, float]]) -> str | None:
    """The topic of the provision the selector found that one of the classifier's top three intents (at
    ``CONCURRING_MIN_CONFIDENCE`` or more) names too; None when none does."""
    named = [kb.topic_for_intent(intent) for intent, confidence in list(ranking)[:3] if confidence >= CONCURRING_MIN_CONFIDENCE]
    return next((t for t in named if t and t in top.candidate.topics), None)


# Set while the whole code is searched for a question its topic had nothing for (no search within that search).
_SEARCHING: ContextVar[bool] = ContextVar("_SEARCHING", default=False)


def closest_instead(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    question: str,
    role: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
    facts: Mapping[str, Any] | None = None,
) -> Answer | None:
    """For a question the classifier gave a topic none of whose provisions matches it: the closest provision of the
    whole code, as for a question the classifier is unsure of, when one matches well ("muskego tenant punched a hole in
    the wall. does the housing code say anything about that?", taken for pests: "No person shall willfully or wantonly
    damage …"); None when none does (the topic's honest "does not address" stands), and for a question handed to this
    topic by another (a topic the code leaves alone handed "do i need a rental license …?" on: its silence stands), and
    for a short message pointing back to what was said before."""
    if _SEARCHING.get() or len(_ON_THE_WAY.get()) > 1 or not ranking or kb.topic_for_intent(list(ranking)[0][0]) != topic:
        return None  # (only for the topic the classifier named first: not a follow-up read on the topic in play)
    story, _ = question_form.story_and_question(question)
    if not story and question_form.refers_back(question, kb.meta("back_references") or ()):
        return None  # "who pays for that?" after a story told before: the topic in play answers it, not any provision
    if not _matches_the_weightiest(kb, question, municipality, role, ranking):
        return None
    token = _SEARCHING.set(True)
    try:
        found = answer_unsure(kb, question, municipality, role, ranking, facts)
    finally:
        _SEARCHING.reset(token)
    answer = found.answer
    return None if answer is None or not answer.payload.get("addressed", True) or found.topic in (None, topic) else answer


def _matches_the_weightiest(
    kb: KnowledgeBase, question: str, municipality: str, role: str | None, ranking: Sequence[tuple[str, float]]
) -> bool:
    """Whether the best provision of the whole code matches the weightiest thing the question asks about ("punched a
    hole": "… willfully or wantonly damage …"), not only lesser words beside it ("… doesn't have a single smoke detector.
    Doesn't the housing code make the landlord put them in?" met by "rental", "landlord" and "single" alone)."""
    best = selector.select(kb, question, municipality, role, ranking, limit=1)
    found, weights = selector.asked_concepts(kb, question, municipality)
    if not best or not found:
        return False
    matched = set(best[0].matched)
    unmatched = max((w for c, w in zip(found, weights) if c.words not in matched), default=0.0)
    return any(w > unmatched for c, w in zip(found, weights) if c.words in matched)
