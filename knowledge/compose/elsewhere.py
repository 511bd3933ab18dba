"""Another topic's provision, when it matches the question much better than the topic the classifier took: the
classifier took the wrong topic ("gonna rent out my moms old house … do i need a rental license?" stays with its
topic when only the story matches the other)."""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from knowledge import question_form, selector
from knowledge.compose.asked import keywords_named
from knowledge.compose.verdicts import topic_for_duty
from knowledge.facts import asked_duty
from knowledge.kb import KnowledgeBase, Municipality
from knowledge.scopes import cited_scope, unnamed_scope
from knowledge.titles import named_titles
from knowledge.yes_no_forms import ACT_TOLD, COUNTS_ON, ESCAPE_COUNTED_ON

# When the topic's best provision matches less than ELSEWHERE_MAX_HERE of the question, a provision of
# another topic that matches at least ELSEWHERE_MARGIN more (and well enough to be the closest
# provision of an unsure question; any such provision when the topic's best is under
# ANSWER_MIN_LEXICAL) answers instead: the classifier took the wrong topic.
ELSEWHERE_MAX_HERE = 0.5
ELSEWHERE_MARGIN = 0.2
ELSEWHERE_MIN_WEIGHT = 10.0  # summed idf of the words the other provision matches (a long, specific question)


# Another of the top three intents' topics answers instead when the classifier gave it at least this
# confidence and its best provision matches this much more of the question.
OTHER_TOPIC_MIN_CONFIDENCE = 0.1
OTHER_TOPIC_MARGIN = 0.2


def better_topic(
    kb: KnowledgeBase,
    muni: Municipality,
    topic: str,
    question: str,
    role: str | None,
    ranking: Sequence[tuple[str, float]],
    ranked: Sequence[Any],
    floor: float = 0.0,
) -> str | None:
    """Another topic of the classifier's top three whose best provision matches the question much better (and at
    least ``floor``) than the topic's best (``ranked``); None otherwise."""
    others = []
    for intent, confidence in list(ranking)[:3]:
        other = kb.topic_for_intent(intent)
        if other and other != topic and confidence >= OTHER_TOPIC_MIN_CONFIDENCE:
            others.append(other)
    if not others:
        return None
    best = selector.select(kb, question, muni.key, role, ranking, topics=others, limit=1)
    here = ranked[0].lexical if ranked else 0.0
    if best and best[0].lexical >= max(here + OTHER_TOPIC_MARGIN, floor):
        head = question_form.FIGURE_HEAD.search(question) if floor > 0 else None
        if head and selector.stem(head.group(1).lower()) not in {selector.stem(w) for w in selector.tokens(best[0].candidate.text)}:
            return None  # (the figure a topic this code leaves alone asks: "What minimum ceiling height … for a sleeping room?")
        return next(t for t in best[0].candidate.topics if t in others)
    return None


def closest_elsewhere(kb: KnowledgeBase, topic: str, ranked: Sequence[Any], overall: Sequence[Any], question: str) -> str | None:
    """Another topic whose provision (the best of ``overall``: ``elsewhere``) matches the question much better than
    the topic's own best, when that matches less than ELSEWHERE_MAX_HERE; not when the question names the topic by one
    of its keywords that the other provision lacks, and names the other topic by none ("do i need a rental license
    … to rent out my single family house?" is about licences, not the extermination duties of a single dwelling
    unit)."""
    here = ranked[0].lexical if ranked else 0.0
    if not overall or here >= ELSEWHERE_MAX_HERE:
        return None
    topics = [t for t in overall[0].candidate.topics if t not in (topic, "definition")]
    # of the best provision's topics, the one most of the next best share ("… have to move out. How long would we get
    # to leave?": the order to vacate's unfit dwellings, with its 60 days, not the penalties it also serves)
    # (a tie goes to the topic whose description the question matches: "so drafty … fix drafty windows" met by "…
    # weathertight, watertight and rodentproof" is maintenance, not pests)
    described = selector.match_descriptions(kb, question, overall[0].candidate.municipality, {t: kb.topics().get(t, "") for t in topics})
    other = max(topics, key=lambda t: (sum(t in r.candidate.topics for r in overall), described.get(t, 0.0)), default=None)
    named = keywords_named(kb.topic_config(topic).keywords, question)
    if other and named and not keywords_named(named, overall[0].candidate.text):
        # (but "the windows are so drafty … does the landlord have to deal with it?" is met by "Every window … shall be
        # reasonably weathertight", a maintenance duty that names the window)
        # ... named outside the purpose the question gives ("can i shut off the water for 2 hrs to fix a leaking pipe?": the
        # shut-off, not the leak it is for)
        asked = question_form.PURPOSE_CLAUSE.sub(" ", question) if keywords_named(named, question_form.PURPOSE_CLAUSE.sub(" ", question)) else question
        return other if keywords_named(kb.topic_config(other).keywords, asked) else None
    return other

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
    if ranked and {w for w in ranked[0].matched if w.startswith("how ")} - set(best[0].matched):
        return []  # the topic's provision has the figure asked ("how many days to file appeal"), the other has not
    story, asking = question_form.story_and_question(question)
    if story and ranked:  # the story matches the other provision, the asking sentence the topic's: the topic stands
        # ("gonna rent out my moms old house, single family, one tenant. do i need a rental license?")
        on_asking = {_identity(r): r.lexical for r in selector.select(kb, asking, muni.key, role, (), limit=500)}
        if on_asking.get(_identity(best[0]), 0.0) < on_asking.get(_identity(ranked[0]), 0.0):
            return []
    return best


def _identity(ranked: Any) -> tuple[str, str, str]:
    return (ranked.candidate.kind, ranked.candidate.key, ranked.candidate.citation)


# A provision of another topic answers for a topic this code leaves alone when it matches this much of the question.
UNADDRESSED_MIN_LEXICAL = 0.6
# ... and matches at least this many of the question's concepts that are not keywords of a topic the code leaves alone
ELSEWHERE_MIN_OTHER_CONCEPTS = 3
# ... less of both for a definition that says the question's weightiest word itself, as a word of its own ("landlord
# crammed 4 guys into one bedroom … is overcrowding even against the rules?": NUISANCE, "Overcrowding a room with
# occupants"; not the "ceiling" of BASEMENT's "floor-to-ceiling height")
LITERAL_MIN_LEXICAL = 0.4
LITERAL_MIN_CONCEPTS = 2


def addressed_elsewhere(
    kb: KnowledgeBase,
    muni: Municipality,
    topic: str,
    question: str,
    role: str | None,
    ranking: Sequence[tuple[str, float]],
    facts: Mapping[str, Any] | None = None,
) -> str | None:
    """The addressed topic of the provision of this code that matches most of the question, whatever the classifier
    guessed, when it matches at least ``UNADDRESSED_MIN_LEXICAL`` of it and weighs as much as a closest provision must
    ("… rooming house in dresser … does my bedroom window have to have blinds or curtains?", taken for window area,
    which the Village of Dresser text leaves alone: its rooming houses' shades and drapes, the conversation being about
    a rooming house: ``facts``); None otherwise."""
    from knowledge.compose.unsure import CLOSEST_MIN_WEIGHT

    ranked = selector.select(kb, question, muni.key, role, ranking, kinds=("standard", "rule", "sentence"), limit=3)
    if not ranked or ranked[0].lexical < UNADDRESSED_MIN_LEXICAL:
        return None
    if selector.match_weight(kb, question, muni.key, ranked[0]) < CLOSEST_MIN_WEIGHT:
        return None
    scope = unnamed_scope(kb, question, ranked[0].candidate) or cited_scope(kb, question, ranked[0].candidate)
    fact = (kb.scopes().get(scope) or {}).get("fact") if scope else None
    if scope and not (fact and (facts or {}).get(fact) is True):
        return None  # "… minimum square feet per occupant of a dwelling unit?": not the rooming houses' figure
    # "do i need a rooming house permit or rental license …": words of a topic this code leaves alone, matched in
    # another sense ("licensed", "may permit a variance"), do not move the question elsewhere
    if heaviest_concept(kb, question, muni.key) not in ranked[0].matched:
        return None  # "min ceiling ht for bdrm in a finished attic?" is not met by the heating figure's "above floor level"
    named = keywords_named(kb.topic_config(topic).keywords, question)
    if named and not keywords_named(named, ranked[0].candidate.text):
        return None  # "What minimum ceiling height applies to habitable rooms …?" is not met by the heating's "habitable rooms"
    silent = [topic, *(t for t in kb.topics() if not kb.coverage(muni.key, t).addressed)]
    keywords = {k for t in silent for k in kb.topic_config(t).keywords}
    # an officer's title says who acts, not what is asked ("… give the Building Inspector a right to enter … notice?"
    # is not the Enforcement sentence's "the Building Inspector shall give notice to the City Attorney")
    titles = named_titles(kb, question)
    beside = [m for m in ranked[0].matched if not any(k in m for k in keywords) and not set(m.split()) <= titles]
    if len(beside) < ELSEWHERE_MIN_OTHER_CONCEPTS:
        return None
    return next((t for t in ranked[0].candidate.topics if t != topic and kb.coverage(muni.key, t).addressed), None)


def defined_elsewhere(kb: KnowledgeBase, muni: Municipality, question: str, role: str | None) -> str | None:
    """The term of this code whose definition matches most of a question its topic leaves alone (at least
    ``UNADDRESSED_MIN_LEXICAL`` and ``ELSEWHERE_MIN_OTHER_CONCEPTS`` of its concepts, its heaviest word among them)
    when it asks yes or no ("… 7 of us crammed in a tiny 2 room place … Is overcrowding like that against the housing
    code?": NUISANCE, "Overcrowding a room with occupants"); None otherwise."""
    from knowledge.compose.unsure import CLOSEST_MIN_WEIGHT

    kind = selector.question_kind(question)
    if kind == "figure" or (kind != "yes_no" and not question_form.ASKS_CLASSIFICATION.search(question)):
        return None  # a definition settles whether something falls under it, not "how many people can live in …?"
        # (nor "what minimum ceiling height …, and how is floor area under low ceilings treated?")
    best = selector.select(kb, question, muni.key, role, (), kinds=("definition",), limit=1)
    heaviest = heaviest_concept(kb, question, muni.key)
    literal = bool(best and heaviest and re.search(rf"(?<![\w-]){re.escape(heaviest)}(?![\w-])", best[0].candidate.text.lower()))
    if not best or best[0].lexical < (LITERAL_MIN_LEXICAL if literal else UNADDRESSED_MIN_LEXICAL):
        return None
    if selector.match_weight(kb, question, muni.key, best[0]) < CLOSEST_MIN_WEIGHT:
        return None
    if heaviest not in best[0].matched or len(best[0].matched) < (LITERAL_MIN_CONCEPTS if literal else ELSEWHERE_MIN_OTHER_CONCEPTS):
        return None  # "is my 10x10 bedroom big enough for 2 people?" is not what LIGHT HOUSEKEEPING means
    named = kb.match_term(heaviest or "", muni.key)
    if named and named.lower() in (heaviest or "").lower():
        return None  # "can I rent out a basement apartment?" names a term: what the term means does not answer it
    return best[0].candidate.key


def duty_topic(kb: KnowledgeBase, muni: Municipality, topic: str, question: str) -> str | None:
    """The topic of the duty a message names ("shut off the gas"), when this code has a rule on that duty and the
    topic taken is another: the classifier read the story ("Our landlord in Dresser shut off the gas … No heat, no
    stove, we're cooking on a hot plate. Is he allowed to keep it off like this?" is no kitchen question)."""
    duty = asked_duty(question, kb.fact_vocabulary())
    asking = question_form.story_and_question(question)[1]
    if duty and selector.question_kind(asking) == "figure" and asked_duty(asking, kb.fact_vocabulary()) != duty:
        return None  # "… landlord says to use blankets. How warm is the landlord supposed to keep it?": a figure, no bedding
    named = topic_for_duty(kb, duty) if duty else None
    return named if named and named != topic and kb.rules(muni.key, duty) else None


def heaviest_concept(kb: KnowledgeBase, question: str, municipality: str) -> str | None:
    """The words of the question's concept that weighs most in this code (its rarest wording), as the selector
    reads the question; None for a question with no concept."""
    found, weights = selector.asked_concepts(kb, selector.without_titles(kb, question), municipality)
    return max(zip(weights, (c.words for c in found)))[1] if found else None


# After a story, the topic the sentence that asks names takes over when its best provision matches this much more of
# that sentence than the topic's own best does ("… holes in the floor, rats everywhere, the ceiling is sagging. Can the
# town condemn it?": condemning, not the floors the story told of), and the classifier saw it among its top three.
ASKED_TOPIC_GAIN = 0.4
# ... and when the asking sentence names this topic, another topic's provision naming the same thing must match this much more
NAMED_BOTH_GAIN = 0.05


def asked_topic(
    kb: KnowledgeBase,
    muni: Municipality,
    topic: str,
    question: str,
    role: str | None,
    ranking: Sequence[tuple[str, float]],
    ranked: Sequence[Any],
    other: str | None = None,
) -> str | None:
    """After a story, the topic the sentence that asks names (a keyword of it): none to go to when it names this one
    ("… caved-in roof and rats everywhere … Can the town condemn it?" stays with condemning, whatever the rats match);
    that topic when it is another of the classifier's top three that this code addresses and its best provision
    matches far more of the asking sentence (``ASKED_TOPIC_GAIN``) than this topic's best. Otherwise ``other`` (the
    topic another test found), as it is."""
    from knowledge.compose.unsure import topic_from_text

    story, asking = question_form.story_and_question(question)
    if not story or not ranked:
        return other
    named = topic_from_text(kb, asking)
    if named == topic:  # (… unless the other topic's provision names what the asking sentence names of this one: "does
        # the landlord have to fix drafty windows …?" met by "every window, exterior door … shall be weathertight")
        words = keywords_named(kb.topic_config(topic).keywords, asking)
        best = selector.select(kb, question, muni.key, role, ranking, topics=[other], limit=1) if other and words else []
        if not best or not keywords_named(words, best[0].candidate.text):
            return None
        # (… and matches more of the asking sentence: not "do i have to register … as a rooming house?", which the
        # rooming house's own "… unless he or she has registered …" meets as well)
        here, there = _asking_shares(kb, muni.key, asking, ranked[0], best[0])
        return other if there >= here + NAMED_BOTH_GAIN else None
    seen = {kb.topic_for_intent(intent) for intent, _ in list(ranking)[:3]}
    if other is not None or not named or named not in seen or not kb.coverage(muni.key, named).addressed:
        return other
    best = selector.select(kb, question, muni.key, role, ranking, topics=[named], limit=1)
    if not best:
        return None
    here, there = _asking_shares(kb, muni.key, asking, ranked[0], best[0])  # the sentence alone ("Can the town condemn it?")
    return named if there >= here + ASKED_TOPIC_GAIN else None


def _asking_shares(kb: KnowledgeBase, municipality: str, asking: str, here: Any, there: Any) -> tuple[float, float]:
    """The shares of the asking sentence's concepts (by weight) that two ranked provisions match."""
    found, weights = selector.asked_concepts(kb, asking, municipality)
    total = sum(weights) or 1.0
    mine, theirs = (sum(w for c, w in zip(found, weights) if c.words in r.matched) / total for r in (here, there))
    return mine, theirs


# A provision saying a thing does not relieve ("… the fact that a permit was issued shall not constitute a defense")
# answers a question whether that thing protects the asker from another topic, when it matches this much of it (little:
# such provisions are few, and "In any such action" names the penalty only by its place), among this many candidates.
RELIEF_MIN_LEXICAL = 0.15
RELIEF_LOOK = 80


def relieving_topic(topic: str, relieving: Any | None) -> str | None:
    """The topic of the provision that says the thing the user counts on does not relieve or excuse (``relieving``:
    ``relieving_provision``; "… the one who gave me my rooming house permit. doesnt the permit protect me?": the
    Penalty's "… shall not constitute a defense"), when it is of another topic; ``topic`` itself when it is of this one
    (then the question stays here); None when there is none."""
    if relieving is None:
        return None
    return topic if topic in relieving.candidate.topics else next((t for t in relieving.candidate.topics if t != "definition"), None)


def relieving_provision(kb: KnowledgeBase, muni: Municipality, question: str, role: str | None) -> Any | None:
    """The provision saying the thing the user counts on does not relieve or excuse, ranked; None when the question
    counts on nothing (``COUNTS_ON``) or no such provision matches it."""
    if not COUNTS_ON.search(question) or selector.question_kind(question) != "yes_no":
        return None  # (… "he can't get penalized for code problems. Is that true?" counts on it too)
    for ranked in selector.select(kb, question, muni.key, role, (), limit=RELIEF_LOOK):
        text = ranked.candidate.text
        if ranked.lexical >= RELIEF_MIN_LEXICAL and question_form.NOT_RELIEVED.search(text) and question_form.yes_no(question, text):
            return ranked
    if not ESCAPE_COUNTED_ON.search(question):
        return None
    # the paper counted on ("lease says tenant handles all repairs … its on him not me right?"): the provision saying such
    # a paper does not relieve ("A contract … shall not relieve any party …"), however little of the story it meets
    for paper in dict.fromkeys(m.lower() for m in _INSTRUMENTS.findall(question)):
        for ranked in selector.select(kb, paper, muni.key, role, (), limit=RELIEF_LOOK):
            text = ranked.candidate.text
            if ranked.lexical > 0 and question_form.NOT_RELIEVED.search(text) and question_form.yes_no(question, text):
                return ranked
    return None


_INSTRUMENTS = re.compile(question_form._FORMS["relief_instruments"], re.IGNORECASE)


# A provision of the topic that matches at least this share of a long question that names one of the topic's keywords,
# and names it too, is given as the closest provision rather than saying the text is silent ("… had the gas shut off.
# Is he allowed to do that?": "No owner … shall cause any … utility … to be … shut off"). Set from the dev sets.
KEYWORD_CONFIRMED_MIN_LEXICAL = 0.15


def keyword_confirmed(kb: KnowledgeBase, topic: str, question: str, ranked: Sequence[Any]) -> Any | None:
    """For a question of permission, the first of the topic's best provisions that forbids something named by a keyword
    of the topic, when the question names one too (and matches at least KEYWORD_CONFIRMED_MIN_LEXICAL of it); None otherwise (a
    provision that only names the same thing, "basement", "inspect", does not settle a long story: tried, it answered
    seven questions the texts are silent on)."""
    keywords = kb.topic_config(topic).keywords
    named = keywords_named(keywords, question)
    if not named or not question_form.PERMISSION.search(question_form.story_and_question(question)[1]):
        return None
    return next(
        (
            r
            for r in ranked[:5]
            if r.lexical >= KEYWORD_CONFIRMED_MIN_LEXICAL
            and question_form.NEGATIONS.search(r.candidate.text)
            and keywords_named(keywords, r.candidate.text)  # (in its own words: "turned off" asked, "shut off" forbidden)
        ),
        None,
    )


def act_topic(kb: KnowledgeBase, muni: Municipality, topic: str, question: str, role: str | None, ranked: Sequence[Any]) -> str | None:
    """The topic of a prohibition of the act a story tells, when the sentence that asks only asks leave for it ("its
    january and my landlord turned off our heat … can he just do that?": the shut-off, not the 70° the heating must
    reach) and this topic's best provision forbids nothing; None otherwise. The act is named by a keyword of that
    topic in the story, and its best provision for the question forbids something."""
    story, asking = question_form.story_and_question(question)
    if not story or not question_form.PERMISSION.search(asking) or not ACT_TOLD.search(asking):
        return None
    if ranked and question_form.NEGATIONS.search(ranked[0].candidate.text):
        return None  # this topic can say no itself
    for other in kb.topics():
        if other == topic or not keywords_named(kb.topic_config(other).keywords, story) or not kb.coverage(muni.key, other).addressed:
            continue
        best = selector.select(kb, question, muni.key, role, (), topics=[other], limit=1)
        if best and question_form.NEGATIONS.search(best[0].candidate.text):
            return other
    return None


def silent_figure_topic(kb: KnowledgeBase, muni: Municipality, topic: str, question: str) -> str | None:
    """A topic this code leaves alone whose figure a figure question asks, naming the topic by a keyword ("… how much
    can he get fined for this?" in a code with no penalty section: the fine, not the heating's 70°), when that figure's
    description matches the question (``ASKED_MIN_MATCH``) clearly better than any figure of this topic or stated by
    this code; None otherwise. Its answer is the honest silence."""
    from knowledge.compose.asked import ASKED_MIN_MATCH

    if selector.question_kind(question) != "figure":
        return None
    silent = {t for t in kb.topics() if not kb.coverage(muni.key, t).addressed}
    if not any(keywords_named(kb.topic_config(t).keywords, question) for t in silent if t != topic):
        return None  # (no topic it could go to is named: nothing to weigh)
    owner = {key: t for t in kb.topics() for key in kb.topic_config(t).standards}
    story, asking = question_form.story_and_question(question)  # (after a story, the sentence that asks)
    asked, descriptions = selector.without_titles(kb, asking if story else question), {k: kb.standard_description(k) for k in owner}
    # (each weighed in the code that has its words: "forfeiture" weighs nothing in a code that never says it)
    each = [selector.match_descriptions(kb, asked, m.key, descriptions) for m in kb.municipalities()]
    scores = {k: max(s.get(k, 0.0) for s in each) for k in owner}
    best = max(scores, key=lambda k: scores[k], default=None)
    if best is None or scores[best] < ASKED_MIN_MATCH or owner[best] == topic or owner[best] not in silent:
        return None
    if not keywords_named(kb.topic_config(owner[best]).keywords, question):
        return None  # (the question names that topic: not "room for 2 min size" met by a window's minimum size)
    # (a figure this topic has, or one this code states, that answers nearly as well keeps the question here)
    kept = {*kb.topic_config(topic).standards, *(k for k in owner if kb.standards(k, muni.key))}
    return None if any(scores.get(k, 0.0) >= scores[best] - SILENT_FIGURE_MARGIN for k in kept) else owner[best]


# ... clearly better: by more than this share of the question
SILENT_FIGURE_MARGIN = 0.1
