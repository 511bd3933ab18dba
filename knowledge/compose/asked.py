"""What a message asks about, before any provision is ranked: which duty ("who buys the garbage cans?"), and
whether a short message pointing back keeps the topic in play ("is that per day or just one time?")."""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from knowledge import question_form, selector
from knowledge.compose.answer import DUTY_PHRASES, REQUIRED_WITHOUT_PARTY
from knowledge.compose.verdicts import _topic_duties, topic_for_duty
from knowledge.facts import asked_duty, is_who_question
from knowledge.kb import KnowledgeBase
from knowledge.phrase_match import has_phrase
from knowledge.yes_no_forms import first_question


def duty_asked(
    kb: KnowledgeBase,
    topic: str | None,
    text: str,
    remembered: str | None = None,
    follow_up: bool = False,
    facts: Mapping[str, Any] | None = None,
) -> tuple[str, str] | None:
    """(duty, topic) when a message asks who carries one duty ("who buys the garbage cans?"), else None.

    A duty named within the ``topic`` the NLU picked is answered with its verdict; a duty of
    another topic only when the message asks who ("who has to provide heat?" under heating). A
    message that only adds facts ("it's a duplex") keeps the duty asked before (``remembered``).
    """
    vocabulary = kb.fact_vocabulary()
    own = _topic_duties(kb).get(topic or "", ())
    if follow_up and remembered:  # the message only adds facts to the last question
        home = topic_for_duty(kb, remembered) or topic
        if remembered == "clean_own_unit" and (facts or {}).get("shared_areas_infested") is True:
            remembered = "clean_shared_areas"  # "4 units, I mean the hallway and basement"
        return (remembered, home) if home else None
    if selector.asks_for_officer(kb, text):
        return None  # "who approves the extermination methods?": an officer's role, not a party's duty
    if question_form.RELIEF.search(question_form.story_and_question(text)[1]):
        return None  # "lease says tenants clean the halls. so im off the hook right": whether the lease relieves him
    if question_form.SHIFTED_BY_AGREEMENT.search(text):
        return None  # "may the owner's responsibility … be assumed by an occupant through an agreement?": the text's exception
    # a duty of the topic named in a "who" question, a short phrase ("garbage cans holland") or a yes/no
    # question about a party ("must the tenant let him in?") gets its verdict; another question about it
    # ("what must garbage containers be made of?", "must a bathroom have hot water?") goes to the selector
    # "how warm is the landlord supposed to keep it?" asks for a figure, not who ("supposed to" is no "who")
    kind = selector.question_kind(text)
    if kind != "who" and any(p.search(text) for p in vocabulary.thing_questions):
        return None  # "what kind of cans do they have to be?": the thing, not who
    # "what is the heat supposed to reach?", "what is the landlord supposed to provide?": a thing, not who
    what = question_form.asking_opens_with(text, {"what", "which"})
    who = kind == "who" or (is_who_question(text, vocabulary) and kind != "figure" and not what)
    about = who or (_about_a_party(text, vocabulary) and not what) or _asks_about_story(text, vocabulary)
    named = asked_duty(text, vocabulary, among=own) if own and about else None
    # a duty of another topic: asked who, or a yes/no question about a party ("roomer won't let me in. required?")
    # (not a bare complaint: "the heat in my apartment keeps going out" is about the classifier's topic's thing)
    asks = kind != "open" or "?" in text or bool(question_form.YES_NO_HINTS.search(text))
    elsewhere = about and asks and kind != "figure" and any(p.search(text) for p in vocabulary.party_words)
    # ... unless it names the own thing of a topic without duties ("do I have to provide hot water to the tub?"),
    # where naming both sides still asks who ("do i have to supply heat and hot water or tenants")
    both = any(p.search(text) for p in vocabulary.proposals.get("both", ()))
    if named is None and (kind == "who" or both or ((who or elsewhere) and not _names_topic(kb, topic, text))):
        named = asked_duty(text, vocabulary)
        if named is not None and kind != "who" and _story_only(kb, topic, text, named, vocabulary):
            named = None  # "does my landlord have to put screens on the windows? The bugs are terrible": screens
        elif named is not None and kind != "who" and not both and _asks_own_thing(kb, topic, text, named):
            named = None  # "During insect season, is screening of openable windows optional?": screens, not pests
    if named is None and remembered and not asked_duty(text, vocabulary):
        named = remembered
    if named is None:
        return None
    asking = first_question(text)  # "… the bldg is sealed up fine. do i have to pay …?": no leave asked
    if kind == "yes_no" and question_form.PERMISSION.search(asking) and _names_exception_of(kb, named, text):
        return None  # "can landlord shut water off to fix a pipe?": what the prohibition's exception allows, not who
    if named == "clean_own_unit" and (facts or {}).get("shared_areas_infested") is True and _POINTS_TO_THEM.search(
        question_form.story_and_question(text)[1]
    ):
        named = "clean_shared_areas"  # "… the shared entryway and stairs are disgusting" … "whose job is it to keep those clean?"
    home = topic if named in own else (topic_for_duty(kb, named) or topic)
    return (named, home) if home else None


# "keep those clean": the shared areas the story named, not "keep my apartment clean"
_POINTS_TO_THEM = re.compile(r"\b(?:those|these|them|they)\b", re.IGNORECASE)


def _names_exception_of(kb: KnowledgeBase, duty: str, text: str) -> bool:
    """Whether a question names what only the exception in the section of one of a duty's rules covers (in any
    code: "… shut off …, except for such temporary interruption as may be necessary while actual repairs …")."""
    from knowledge.compose.plain_verdict import names_exception, whole_sentence

    sentences = {
        whole_sentence(kb.section(m.key, rule.citation).text, rule.quote)
        for m in kb.municipalities()
        for rule in kb.rules(m.key, duty)
    }
    return any(names_exception(kb, text, sentence) for sentence in sentences)


_PINNED = {str(t): re.compile(str(p), re.IGNORECASE) for t, p in question_form._FORMS["pinned_topics"].items()}


def _pinning(kb: KnowledgeBase, question: str) -> tuple[str, re.Match[str]] | None:
    """The first topic of ``pinned_topics`` whose pattern a question matches, with the match."""
    return next(((t, m) for t, p in _PINNED.items() if t in kb.topics() for m in [p.search(question)] if m), None)


def pinned_topic(kb: KnowledgeBase, question: str) -> str | None:
    """The topic that alone answers what a question asks for, whatever its story tells ("how much fine the landlord get
    … if he dont fix the heat for weeks??": penalties; ``pinned_topics`` of knowledge/question_forms.yml), or None."""
    found = _pinning(kb, question)
    return found[0] if found else None


def pinned_part(kb: KnowledgeBase, question: str) -> str:
    """A question up to the words that pin its topic ("What is the dollar amount of the penalty" of "… for failing to
    provide a working toilet in a rental unit?"): what it asks for, without what it is asked about."""
    found = _pinning(kb, question)
    return question[: found[1].end()] if found else question


def pinned_ranking(
    kb: KnowledgeBase, municipality: str, topic: str, question: str, role: str | None, ranking: Any, kinds: Any, ranked: list[Any], least: float
) -> list[Any]:
    """The ranking of a question whose asking words pin its topic: on those words when the whole question matches less
    than ``least`` ("how big a fine … furnace broken all january??"); as it is otherwise."""
    if ranked and ranked[0].lexical >= least:
        return ranked
    return selector.select(kb, pinned_part(kb, question), municipality, role, ranking, topics=[topic], kinds=kinds, limit=12)


# The classifier's confidence under which a short message pointing back keeps the topic in play (``keeps_topic``).
KEEP_TOPIC_MAX_CONFIDENCE = 0.8
_OTHER_FIGURE_FOR = re.compile(question_form._FORMS["other_figure_for"], re.IGNORECASE)


def asks_other_figure_for(text: str) -> bool:
    """Whether a message asks if the figure or rule in play differs for one thing ("is there a different number for
    bathrooms?": ``other_figure_for`` of knowledge/question_forms.yml)."""
    return _OTHER_FIGURE_FOR.search(text) is not None


def keeps_topic(kb: KnowledgeBase, text: str, asked: str | None, confidence: float, last: str | None) -> bool:
    """Whether a short message that points back ("is that per day or just one time?" after the fine) asks about the
    topic in play although the classifier took it, without much confidence, for another topic (hearings): it names
    none of that other topic's keywords ("and the bedroom in Amery?" does). A question whether the figure in play
    differs for one thing (``other_figure_for``: "is there a different number for bathrooms?") always does; one that names
    a keyword of the topic in play and none of the other's does too ("… or can I ask for a warrant?" after an inspection
    answer, taken for access for repairs)."""
    if not last or not asked or asked == last or last not in kb.topics():
        return False
    if asks_other_figure_for(text):  # "is there a different number for bathrooms?" after the heating figure
        return True
    if confidence >= KEEP_TOPIC_MAX_CONFIDENCE:
        return False
    # "do I have to let him in or can I ask for a warrant?" after the inspector's visit: a word of the topic in play
    in_play = bool(keywords_named(kb.topic_config(last).keywords, question_form.story_and_question(text)[1]))
    if not in_play and not question_form.refers_back(text, kb.meta("back_references") or ()):
        return False
    # (a word of each: the one in play, "… let him in or can I ask for a warrant?")
    return in_play or not keywords_named(kb.topic_config(asked).keywords, text)


def unaddressed_guess(
    kb: KnowledgeBase, municipality: str | None, asked: str | None, confidence: float, last: str | None
) -> bool:
    """Whether the classifier's unsure guess is a topic this municipality's code does not address while another
    topic is in play: the topic in play is tried first ("can the buyer just use my permit?" after a rooming-house
    permit answer, taken for basements in Dresser)."""
    if not municipality or not last or not asked or asked == last or last not in kb.topics():
        return False
    if confidence >= KEEP_TOPIC_MAX_CONFIDENCE or asked not in kb.topics():
        return False
    return not kb.coverage(municipality, asked).addressed


# A keyword is a word's start ("exterminat" in "exterminator"), after at most one of these prefixes ("unsanitary",
# "reinspection", "unlicensed"); one of three letters or fewer is a whole word ("rat", "rats": not "operator", "rather").
_KEYWORD_PREFIXES = "un|re|non|over|pre|dis|mis|in|sub"
SHORT_KEYWORD = 3


def names_keyword(word: str, lowered: str) -> bool:
    """Whether a lower-case text names a topic keyword (``topic_config``) as a word or a word's start."""
    if word not in lowered:
        return False
    if len(word) <= SHORT_KEYWORD:
        return re.search(rf"\b{re.escape(word)}s?\b", lowered) is not None
    return re.search(rf"\b(?:{_KEYWORD_PREFIXES})?{re.escape(word)}", lowered) is not None


def keywords_named(keywords: Any, text: str, unless: str = "") -> list[str]:
    """The topic keywords (substrings, lower case: ``topic_config``) a message names, but those inside ``unless``."""
    words = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    return [k for k in keywords if names_keyword(k, words) and k not in unless]


def _story_only(kb: KnowledgeBase, topic: str | None, text: str, duty: str, vocabulary: Any) -> bool:
    """Whether a duty of another topic is named only by a message's story while the message names the classifier's
    topic's own thing ("bugs and flies keep coming in, none of the windows have screens. does my landlord have to
    put them up?": screens, not extermination)."""
    story, asking = question_form.story_and_question(text)
    config = kb.topic_configs().get(topic or "")
    if not story or config is None or duty in config.duties or asked_duty(asking, vocabulary) is not None:
        return False
    # a kind of dwelling ("a roomer won't let me in. required?") is where the duty applies, not another thing asked
    scoped = _scope_wordings(kb)
    return bool(keywords_named(config.keywords, text, unless=scoped))


def _scope_wordings(kb: KnowledgeBase) -> str:
    """Every wording of the dwelling scopes ("rooming house", "basement"), joined: where a duty applies, not a thing
    asked about."""
    return " ".join(w for scope in kb.scopes().values() for w in scope.get("wordings") or ())


def _asks_own_thing(kb: KnowledgeBase, topic: str | None, text: str, duty: str) -> bool:
    """Whether the sentence that asks names the classifier's topic's own thing while the duty found belongs to
    another topic ("is screening of openable windows optional during insect season?": screens, where "insect"
    names the extermination duty): a question that is not "who" and names no party is about the thing it names."""
    config = kb.topic_configs().get(topic or "")
    if config is None or duty in config.duties:
        return False
    asking = question_form.story_and_question(text)[1]
    if any(p.search(asking) for p in kb.fact_vocabulary().party_words):
        return False  # "is supplying heat on me?": who carries the duty
    scoped = _scope_wordings(kb)
    return bool(keywords_named(config.keywords, asking, unless=scoped))


def _names_topic(kb: KnowledgeBase, topic: str | None, text: str) -> bool:
    """Whether a message names one of the keywords of a topic that assigns no duty of its own
    (``topic_config`` in knowledge/vocab.yml): "hot water" in a hot-water question is the thing asked
    about. A topic with duties keeps its duty questions ("must a roomer in a rooming house give the
    owner access?", "no heat, is supplying heat on me?")."""
    config = kb.topic_configs().get(topic or "")
    if config is None or config.duties:
        return False
    keywords = config.keywords
    asking = question_form.story_and_question(text)[1]  # "… to fix the broken window. do i have to let him in?"
    return has_phrase(" ".join(re.findall(r"[a-z0-9]+", asking.lower())), [*keywords, *(f"{k}s" for k in keywords)])


def _asks_about_story(text: str, vocabulary: Any) -> bool:
    """Whether a message tells a story and then asks only what the code says about it ("tenant keeps refusing to
    let me in to fix the pipe. wat does the code say": ``story_questions``)."""
    story, asking = question_form.story_and_question(text)
    return bool(story) and any(p.search(asking) for p in vocabulary.story_questions)


def _bare_phrase(text: str) -> bool:
    """A message that names things without a question's opening ("Access for repairs in Howard?",
    "Town of Holland, WI rubbish container q")."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    return not set(words[:2]) & (question_form.WH_WORDS | question_form.YES_NO_STARTS)


def _about_a_party(text: str, vocabulary: Any) -> bool:
    """Whether a message that is not a "who" question still asks who carries a duty: it does not open
    with what/which/how..., and it is a bare phrase ("garbage cans, Town of Howard") or names a party or
    the asker ("must a roomer give the owner access?", "rubbish bins mine to provide?")."""
    if question_form.asks_wh(text) or question_form.asking_opens_with(text, question_form.WH_WORDS):
        return False  # "… the landlord says he's going to appeal. How long does he have to ask for a hearing?"
    return _bare_phrase(text) or any(p.search(text) for p in vocabulary.party_words)


# The topic the sentence that asks names replaces the classifier's when its provisions match at least this share of
# that sentence, and this much more of it than the classifier's topic's do.
ASKING_TOPIC_MIN = 0.5
ASKING_TOPIC_GAIN = 0.3


# How many of a topic's best provisions are looked at for one the other topic does not share.
ASKING_TOPIC_LOOK = 10


def asking_sentence_topic(
    kb: KnowledgeBase, text: str, topic: str | None, municipality: str | None = None, told: bool = True
) -> str | None:
    """The topic the sentence that asks names, after a story, when the classifier took the message for another one
    ("theres a big hole in the roof, black mold, and rats all over my rental … can the town actually condemn the
    place?": unfit dwellings, not pests): the story named the classifier's topic, the asking sentence names another and
    does not point back, and that topic's provisions match much more of it in the ``municipality`` in play
    (``ASKING_TOPIC_MIN``, ``ASKING_TOPIC_GAIN``); ``topic`` otherwise. A keyword counts from the start of a word ("rat",
    not "operator"); the space topics, which read the whole story, are left as they are. Without ``told`` the topic
    need not be named in the story (the closest provision's, when the classifier was unsure)."""
    story, asking = question_form.story_and_question(text)
    if not story or topic is None or topic not in kb.topics() or kb.topic_config(topic).space:
        return topic
    if not re.search(r"[.!?]\s", text.strip()):
        return topic  # one sentence ("Under Muskego's rooming house provisions, who …?"): its clause is no story
    if question_form.POINTS_TO_A_THING.search(question_form.TRAILING_CLAUSE.split(asking.lower().replace("'", ""), 1)[0]):
        return topic  # "… the water heater is 'set right'. what temperature does it have to reach?": the heater's (not
        # "… Can I ask for a hearing if I think it's unfair?")
    named = _topics_named(kb, asking)
    # … only when the story names the classifier's topic (it was taken from the story) and the question does not (or
    # nothing names it: "my grandpa rents in amery … after his bath … is the bathroom supposed to be warmer than the
    # other rooms …?", taken for rooming houses)
    unnamed = told and not any(name == topic for _, name in _topics_named(kb, text))
    # (… a guess this code is silent on stays: "… keeps coming into my apartment … Does he have to give notice before
    # coming in?" in Muskego, not its notices of violation)
    unnamed = unnamed and municipality is not None and kb.coverage(municipality, topic).addressed
    if not named or any(name == topic for _, name in named) or told and not unnamed and topic not in {name for _, name in _topics_named(kb, story)}:
        return topic
    if municipality is None or kb.topic_config(max(named)[1]).space:
        return topic
    # ("… water heater so low it's barely warm. What temperature is required?" stays with the hot water)
    # (a provision of both topics tells them apart no more: "condemned" items that are "vermin infested" are pests' too)
    # (of the topics it names, the one whose provisions match it most: "is the bathroom supposed to be warmer …?" is the
    # heat's, though "bathroom" is the longer keyword; the longer keyword breaks a tie)
    def matched(one: str, other: str) -> float:
        found = selector.select(kb, asking, municipality, topics=[one], limit=ASKING_TOPIC_LOOK)
        return max((r.lexical for r in found if not {one, other} <= set(r.candidate.topics)), default=0.0)

    scores = {n: matched(n, topic) for _, n in sorted(named, reverse=True) if not kb.topic_config(n).space}
    best = max(scores, key=lambda n: scores[n])
    return best if scores[best] >= max(ASKING_TOPIC_MIN, matched(topic, best) + ASKING_TOPIC_GAIN) else topic


def figure_of_other_topic(kb: KnowledgeBase, text: str) -> str | None:
    """The one topic that is no space check a figure question sizing no room names, when it has figures of its own
    ("howard - max fine for overcrowding a unit?", "whats the fine if i rent out a bdrm thats too small?": the
    penalties, though a unit or a bedroom is named); None otherwise."""
    from knowledge import parsing  # noqa: PLC0415

    asking = question_form.story_and_question(text)[1]
    if question_form.question_kind(asking) != "figure" or any(r.ok for r in parsing.parse_space_request(text).rooms):
        return None
    # (a keyword as a thing, not as a quality: "the maximum number of occupants permitted" names no permit)
    things = " ".join(w for w in re.findall(r"[a-z0-9]+", asking.lower()) if not w.endswith(("ed", "ing")))
    named = {name for _, name in _topics_named(kb, things) if not kb.topic_config(name).space and not kb.topic_config(name).space_kinds}
    found = named.pop() if len(named) == 1 else None
    return found if found is not None and kb.topic_config(found).standards else None


def minimum_of_other_topic(kb: KnowledgeBase, text: str) -> bool:
    """Whether the minimum or maximum a message asks is of a thing of a topic that is no space check ("… at her unit.
    … what minimum temperature must the supplied water-heating facilities be capable of …?": the heat's, not the
    unit's floor space; ``figure_head`` of knowledge/question_forms.yml)."""
    head = question_form.FIGURE_HEAD.search(question_form.story_and_question(text)[1])
    named = {name for _, name in _topics_named(kb, head.group(1))} if head else set()
    return bool(named) and not any(kb.topic_config(name).space or kb.topic_config(name).space_kinds for name in named)


def _topics_named(kb: KnowledgeBase, text: str) -> list[tuple[int, str]]:
    """(keyword length, topic) for each topic keyword a text names from the start of a word."""
    lowered = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    return [
        (len(word), name)
        for name, config in kb.topic_configs().items()
        for word in config.keywords
        if names_keyword(word, lowered)
    ]


# A description must match at least this share of the question to count as what was asked.
ASKED_MIN_MATCH = 0.25
# A sentence naming an officer answers a "who" question instead of the duty when it matches this much more than a rule.
OFFICER_LEAD_MARGIN = 0.25


def duty_of_who_question(
    kb: KnowledgeBase, municipality: str, duties: Sequence[str], question: str, lead: Any, ranked: Sequence[Any] = ()
) -> str | None:
    """The duty of a topic a "who" question asks about (stated in this code or not): the best match
    of the question against the duties' descriptions, else the rule the selector ranked first; None
    when the question is about someone else ("who issues the permits?"), or when the lead is a sentence naming an
    officer that matches far more than any rule ("gas got shut off by utility, who gets told": "… the Health Officer
    shall be notified")."""
    rules = [r.lexical for r in ranked if r.candidate.kind == "rule"]
    if lead.candidate.kind == "sentence" and question_form.names_officer(lead.candidate.text) and lead.lexical >= max(rules, default=0.0) + OFFICER_LEAD_MARGIN:
        return None
    described = kb.meta("duties") or {}
    texts = {d: f"{described.get(d, '')} {DUTY_PHRASES.get(d, '')}" for d in duties}
    scores = selector.match_descriptions(kb, question, municipality, texts)
    best = max(duties, key=lambda d: (scores.get(d, 0.0), bool(kb.rules(municipality, d)), -duties.index(d)))
    if scores.get(best, 0.0) >= ASKED_MIN_MATCH:
        return best
    if lead.candidate.kind == "rule" and lead.candidate.key in duties:
        return lead.candidate.key
    # the one duty of a topic whose words the question names ("… half the windows have no screens … Who's supposed to deal
    # with this?": hanging screens; not "ice … on the inside of our windows … who's supposed to fix that?" taken for pests)
    home = topic_for_duty(kb, duties[0]) if len(duties) == 1 and kb.rules(municipality, duties[0]) else None
    return duties[0] if home and keywords_named(kb.topic_config(home).keywords, question) else None


# The share of a question a rule of another duty must match to answer it, where the duty its words name has no rule in
# the municipality's code (set from the dev sets: the operator's "sanitary maintenance of all walls, floors and
# ceilings" matches "whos responsible for upkeep of the walls floors ceilings" 0.81).
CLOSER_DUTY_MIN_LEXICAL = 0.6
# a rule that only forbids (what no one may do) says nothing of who must do the thing asked (case matters: "No owner")
_FORBIDS = re.compile(question_form._FORMS["only_forbids"])


def closer_duty(kb: KnowledgeBase, municipality: str | None, asked: tuple[str, str] | None, text: str) -> tuple[str, str] | None:
    """The (duty, topic) a message asks about in one code: the one its words name (``duty_asked``), unless that code puts
    it on no one and a rule of another duty there matches the question well ("i run a rooming house in dresser … whos
    responsible for upkeep of the walls floors ceilings - me or the roomers?": not keeping the structure in repair, which
    the Dresser text gives no one, but the operator's sanitary maintenance of all walls, floors and ceilings). None where
    that code puts it on no one and only the story names it: the question's own topic answers."""
    if asked is None or municipality is None or asked[0] not in REQUIRED_WITHOUT_PARTY or kb.rules(municipality, asked[0]):
        return asked  # (a duty answered through others, "trash_containers", is not one the code puts on no one)
    story, asking = question_form.story_and_question(text)
    if story and selector.question_kind(asking) == "yes_no" and asked_duty(asking, kb.fact_vocabulary()) is None:
        return None  # "… foundation has gaps … mice everywhere … does he have to seal the foundation?": the duty is the story's
    ranked = selector.select(kb, text, municipality, kinds=("rule",), limit=1)
    if not ranked or ranked[0].lexical < CLOSER_DUTY_MIN_LEXICAL or not kb.rules(municipality, ranked[0].candidate.key):
        return asked
    if _FORBIDS.search(ranked[0].candidate.text):
        return asked  # "who supplies required utilities in dresser?" is not answered by "No owner … shall cause … shut off"
    duty = ranked[0].candidate.key
    return duty, topic_for_duty(kb, duty) or asked[1]
