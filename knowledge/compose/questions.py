"""Answers led by the question asked: the provision the selector ranks first (a figure, a party, a
definition or the sentence that answers it), yes or no first where the wording settles it, and
what the text does not state said plainly; also which duty a message asks about.
"""

from __future__ import annotations

import functools
import re
from contextvars import ContextVar
from typing import Any, Callable, Mapping, Sequence

from knowledge import question_form, selector, titles
from knowledge.answer_parts import source_line
from knowledge.compose import membership
from knowledge.compose.answer import (
    DUTY_PHRASES,
    Answer,
    _lower_first,
    _officer,
    _unique,
    citation_payload,
    no_match,
    not_addressed,
    shorten,
    standard_line,
    standard_payload,
)
from knowledge.compose.asked import ASKED_MIN_MATCH, duty_of_who_question, pinned_part, pinned_ranking, pinned_topic
from knowledge.compose.asking import (
    ASKING_MIN_WORDS,
    asking_first,
    asking_sentence_share,
    asking_share,
    asks_less,
    joint_share,
    period_first,
    time_setting_first,
)
from knowledge.compose.beside import not_by_definition, reached_sentence, topicless_sentence
from knowledge.compose.computed import (
    age_counted,
    ceiling_check,
    fine_for_days,
    limit_check,
    outlet_check,
    room_figures,
    stated_temperature,
    temperature_check,
)
from knowledge.compose.definitions import (
    defined_for,
    member_definition,
    quoted_definition,
    settled_by_definition,
    with_silence,
)
from knowledge.compose.elapsed import elapsed_verdict, period_sentence
from knowledge.compose.elsewhere import (
    act_topic,
    addressed_elsewhere,
    asked_topic,
    better_topic,
    closest_elsewhere,
    duty_topic,
    elsewhere,
    keyword_confirmed,
    relieving_provision,
    relieving_topic,
    silent_figure_topic,
)
from knowledge.compose.figure_verdict import figure_verdict, sentence_figure_verdict
from knowledge.compose.fixture_counts import counted_by_sentence, for_head_count, settles_by_count
from knowledge.compose.lists import describes_failing, failing_verdict, item_lead_in, led_by, matched_items, whole_list
from knowledge.compose.lookups import _definition_payload, answer_definition, compared_definitions, named_term
from knowledge.compose.membership import also_defined, definition_part, with_membership
from knowledge.compose.parts import first_part, first_part_first, first_part_kind, later_part_verdict, two_part_first
from knowledge.compose.plain_verdict import (
    _BINDS,
    ANSWER_MIN_LEXICAL,
    CONDITIONAL,
    _verdict,
    asks_exception,
    excepted_verdict,
    excepts,
    left_out_verdict,
    names_exception,
    names_needed,
    shifted_by_agreement,
    side_verdict,
    whole_sentence,
)
from knowledge.compose.referring import referring_sentence
from knowledge.compose.requirement import answer_for_duty
from knowledge.compose.settling import naming_more_first, settling_first
from knowledge.compose.unit_scope import fitting_first, prefer_general
from knowledge.kb import KnowledgeBase, Municipality, Section
from knowledge.scopes import denies_a_scope
from knowledge.sentences import states_a_figure
from knowledge.yes_no_forms import ASKS_FOR_FIGURE, ESCAPE_COUNTED_ON

ALSO_PREFIX = "The code also sets"
# A figure must match this share of the question to be shown on the "also" line (no bed-linen figure by exits).
ALSO_MIN_LEXICAL = 0.15
SECOND_PREFIX = "On the rest of the question, the code says"
# A yes/no question the best provision's wording does not settle as a plain yes or no.
NO_PLAIN_VERDICT = "The text does not put it as a plain yes or no; "
# A yes/no question whose best provision matches less than this share of it, and settles nothing, is not addressed
# directly: the answer says so, gives that provision, and names whom to ask.
INDIRECT_MAX_SHARE = 0.45
_MEASURE_ENOUGH = re.compile(question_form._FORMS["measure_enough"], re.IGNORECASE)
SENTENCE_LIMIT = 700  # a sentence that answers is shown whole unless it is very long


def _display_sentence(text: str) -> str:
    """A sentence to show as the answer, without a leading heading ("D. Rubbish storage. Every …")."""
    parts = selector._SENTENCE_END.split(text, maxsplit=1)
    if len(parts) == 2 and len(parts[0]) < 80 and not selector._VERB.search(parts[0]) and parts[1].strip():
        return parts[1].strip()
    return text


def _find_standard(kb: KnowledgeBase, municipality: str, key: str, citation: str) -> Any:
    found = [s for s in kb.standards(key, municipality) if s.citation == citation]
    return found[0] if found else kb.standard(municipality, key)


# The topics one question has been passed through on its way to an answer (one topic may hand it to another, never
# back: "… can i use the permit as a defense?" went from penalties to rooming houses and back without end).
_ON_THE_WAY: ContextVar[frozenset[tuple[str, str]]] = ContextVar("_ON_THE_WAY", default=frozenset())


def _once_on_the_way(answer: Callable[..., Answer | None]) -> Callable[..., Answer | None]:
    """``answer`` for one question on a topic, each topic passed through at most once (None, the topic's overview, if a
    way round comes back to it)."""

    @functools.wraps(answer)
    def once(kb: KnowledgeBase, municipality: str, topic: str, question: str, *rest: Any, **named: Any) -> Answer | None:
        if (topic, question) in _ON_THE_WAY.get():
            return None
        token = _ON_THE_WAY.set(_ON_THE_WAY.get() | {(topic, question)})
        try:
            return answer(kb, municipality, topic, question, *rest, **named)
        finally:
            _ON_THE_WAY.reset(token)

    return once


@_once_on_the_way
def answer_question(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    question: str,
    facts: Mapping[str, Any] | None = None,
    role: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
) -> Answer | None:
    """The answer to one question on a topic, led by the provision the selector ranks first.

    None when nothing in the topic's provisions matches a word of the question (the caller
    then gives the topic's overview).
    """
    muni = kb.municipality(municipality)
    config = kb.topic_config(topic)
    coverage = kb.coverage(muni.key, topic)
    facts = facts or {}
    two_part = definition_part(kb, question, muni.key)
    if two_part is not None:  # "to what temperature must …, and how is 'ordinary minimum winter conditions' defined?"
        first = answer_question(kb, muni.key, topic, two_part[0], facts, role, ranking)
        if first is not None and first.payload.get("addressed", True):
            return also_defined(kb, first, two_part[1], muni.key)
    pinned = pinned_topic(kb, question)  # "how much fine … if he dont fix the heat?": the fine's topic, silent or not
    direct = answer_question(kb, muni.key, pinned, question, facts, role, ()) if pinned not in (None, topic) else None
    if direct is not None:
        return direct
    compared = compared_definitions(kb, question, muni.key)
    if compared is not None:  # "what distinguishes a 'basement' from a 'cellar'?"
        return compared
    if selector.question_kind(selector.without_titles(kb, question)) == "definition":
        term = named_term(kb, question, muni.key)
        if term:  # "how does the code define 'basement'?", whatever topic it was taken for
            return with_membership(kb, question, term, muni.key, answer_definition(kb, term, muni.key))
    quoted = quoted_definition(kb, question, muni.key)
    if quoted is not None:  # "What is the 'Board' in ch. 205?"
        return quoted
    member = member_definition(kb, question, muni.key) or membership.officer_definition(kb, question, muni.key)  # "by who?"
    if member is not None:  # "rats all over the dumpsters … Does that already count as an infestation?"
        return member
    if selector.unnamed_things(kb, question, muni.key) and not (
        config.standards
        and selector.question_kind(question) == "figure"
        and _asked_missing_standard(kb, muni, config.standards, question, None)
    ):  # "do i need smoke detectors?": no provision names them (a figure asked, "what height do handrails need to be?",
        # is said to be unstated below)
        return no_match(muni, question, topic)
    duties = [d for d in config.duties if kb.rules(muni.key, d)]
    standards = [s for key in config.standards for s in kb.standards(key, muni.key)]
    if not coverage.addressed and not duties and not standards:
        from knowledge.compose.unsure import CLOSEST_MIN_LEXICAL

        other = None if pinned == topic else (
            relieving_topic(topic, relieving_provision(kb, muni, question, role))  # "… lease … so the landlord is free from the code now??"
            or better_topic(kb, muni, topic, question, role, ranking, (), CLOSEST_MIN_LEXICAL)
            or addressed_elsewhere(kb, muni, topic, question, role, ranking, facts)
            or duty_topic(kb, muni, topic, question)  # "… shut off the gas … No heat, no stove …": the shut-off's
        )
        if other is not None:  # "… a rooming house in Dresser … no blinds. Does the owner have to put something up?"
            return answer_question(kb, muni.key, other, question, facts, role, ())
        # "is overcrowding treated as a nuisance?": a definition of this code may settle it all the same
        # ("… 7 of us crammed in a tiny 2 room place … is overcrowding like that against the code?": NUISANCE)
        # (not "ceiling is 6'10. is that tall enough": a measure asked against a figure, not what a word means)
        settled = None if _MEASURE_ENOUGH.search(question) else settled_by_definition(kb, question, muni.key) or defined_for(kb, question, muni.key, role)
        return with_silence(kb, settled, muni.key, topic, question) if settled else not_addressed(muni, coverage.description.lower(), topic, coverage)
    computed = (
        room_figures(kb, muni.key, config.standards, question)
        or temperature_check(kb, muni, config.standards, question)
        or ceiling_check(kb, muni, config.standards, question)
        or age_counted(kb, muni, config.standards, question)
        or limit_check(kb, muni, config.standards, question)
        or outlet_check(kb, muni, config.standards, question)
        or stated_temperature(kb, muni, config.standards, question)
        or fine_for_days(kb, muni, config.standards, question)
    )
    if computed is not None:  # "bdrm 10x12 - min window area?": the figures for that room, computed
        return computed
    # a question about the thing ("is there anything in the code that makes him fix the roof?") is not answered by who
    thing = any(p.search(question) for p in kb.fact_vocabulary().thing_questions)
    kinds = tuple(k for k in selector.KINDS if k != "rule") if thing else selector.KINDS
    ranked = selector.select(kb, question, muni.key, role, ranking, topics=[topic], kinds=kinds, limit=12)
    if pinned == topic:  # "how big a fine … furnace broken all january??", "… What kind of fine could he actually get?"
        ranked = pinned_ranking(kb, muni.key, topic, question, role, ranking, kinds, ranked, ANSWER_MIN_LEXICAL)
    # a figure of this topic the code does not state ("what temperature must the water heater reach?" where only
    # heating has one) is said to be missing, not answered with another topic's figure
    # (… unless a yes/no question is better met by another topic the classifier guessed: "he says he doesn't need any
    # kind of permit to rent out his house. Is that right?" is the rental license, not the rooming-house permit's term)
    unstated = (ranked and config.standards and _asked_missing_standard(kb, muni, config.standards, question, ranked[0])) or None
    if pinned == topic and config.standards and not unstated:  # "What is the dollar amount of the penalty … for failing to …?"
        unstated = _asked_missing_standard(kb, muni, config.standards, pinned_part(kb, question), None)
    if unstated and ASKS_FOR_FIGURE.search(question) and referring_sentence(kb, muni.key, topic, question, unstated) is None:
        return _unstated(kb, muni, unstated, topic, question)  # "is there a required hot water temperature?": it states none
        # (but "is there a fine or something": "… subject to a penalty as provided in sec. 25.04" says where it is set)
    asks_yes_no = unstated and selector.question_kind(selector.without_titles(kb, question)) == "yes_no"
    other = None if (unstated and not asks_yes_no) or pinned == topic else better_topic(kb, muni, topic, question, role, ranking, ranked)
    unstated = None if other else unstated
    overall = [] if unstated or other is not None else elsewhere(kb, muni, question, role, ranked, ANSWER_MIN_LEXICAL)
    relieving = relieving_provision(kb, muni, question, role)  # "… can i use the permit as a defense?": the Penalty's
    relief = relieving_topic(topic, relieving)  # "… shall not constitute a defense" here keeps the question here
    other = other or (relief if relief != topic else None) or act_topic(kb, muni, topic, question, role, ranked) or silent_figure_topic(kb, muni, topic, question)
    other = other or (closest_elsewhere(kb, topic, ranked, overall, question) if relief != topic else None)
    other = other if unstated or (other is not None and other in (relief, pinned)) else asked_topic(kb, muni, topic, question, role, ranking, ranked, other)
    if other is not None and pinned != topic and (other, question) not in _ON_THE_WAY.get():  # (passed through: answer here)
        return answer_question(kb, muni.key, other, question, facts, role, ())
    beyond = _beyond_topics(kb, muni, topic, question, role, overall)
    if beyond is not None:  # "how must the agent inform the owner of an order?": a sentence of the OWNER definition
        return beyond
    ranked = asking_first(kb, muni.key, question, selector.matching_first(ranked, ANSWER_MIN_LEXICAL))
    relieving = relieving if relief == topic and ESCAPE_COUNTED_ON.search(question) else None  # "so they cant cite me … right"
    ranked = [relieving, *(r for r in ranked if r.candidate.key != relieving.candidate.key)] if relieving else ranked
    if not ranked or (ranked[0].lexical < ANSWER_MIN_LEXICAL and not relieving):
        ranked = _asking_sentence_ranking(kb, muni, topic, question, role, ranking) or ranked
    if unstated and (not ranked or ranked[0].lexical < ANSWER_MIN_LEXICAL):
        # "what temp does the water heater need to hit?" where nothing of the topic matches: that figure is missing
        return _unstated(kb, muni, unstated, topic, question)
    # (a long story: its asking sentence's share; but "… gas shut off … Is there anyone in the village who is supposed to do
    # something about this?" is answered by the provision naming the officer that the story matches)
    officer = selector.asks_for_officer(kb, question)  # "who issues permits?"
    names_asked_officer = officer and bool(ranked) and question_form.names_officer(ranked[0].candidate.text)
    if not ranked or (asking_share(kb, question, muni.key, ranked[0]) < ANSWER_MIN_LEXICAL and not names_asked_officer and not relieving):
        defined = _closest_definition(kb, muni, question, role)
        if defined is not None:  # "how does the code distinguish a basement from a half-basement?": its definitions
            return defined
        from knowledge.compose.unsure import topic_from_text

        story, asking = question_form.story_and_question(question)
        named = topic_from_text(kb, asking) if story else None
        if named == topic or (named and not kb.coverage(muni.key, named).addressed):
            named = None
        # "… part of the kitchen ceiling is caving in. Can the town condemn it?": the topic the asking sentence names;
        # "… shut off the gas … no stove … Is he allowed to keep it off like this?": the topic of the duty named
        named = named or duty_topic(kb, muni, topic, question)
        if named and pinned != topic:
            return answer_question(kb, muni.key, named, question, facts, role, ranking)
        confirmed = keyword_confirmed(kb, topic, question, ranked)
        if confirmed is not None:  # "… had the gas shut off. Is he allowed to do that?": the topic's own word in both
            return compose_lead(kb, muni, topic, question, [confirmed, *(r for r in ranked if r is not confirmed)], role, closest=True)
        from knowledge.compose.unsure import closest_instead  # noqa: PLC0415 - (nothing on the topic matches: any closer?)
        return closest_instead(kb, muni.key, topic, question, role, ranking, facts) or no_match(muni, question, topic)
    kind = selector.question_kind(selector.without_titles(kb, question))
    leading = first_part_kind(kb, question, kind)  # "Does it need a permit, and how long is it good for?": yes/no first
    if leading == "figure":
        ranked = first_part_first(kb, muni.key, topic, question, role, ranking, ranked)
    if leading == "figure" and ranked[0].candidate.kind != "standard":
        # a figure question: the best figure first, unless it matches far less than the best sentence (less far
        # when that sentence states a figure itself: "… by one person shall contain at least 70 square feet")
        figure = next((r for r in ranked if r.candidate.kind == "standard" and not selector.other_unit(question, r.candidate)), None)
        if figure is not None and selector.times_the_asked_act(kb, question, ranked[0].candidate.text) and not selector.times_the_asked_act(kb, question, figure.candidate.text):
            figure = None  # "how long do i have to appeal …?": the time set for the appeal, not the days to notify of findings
        margin = STATED_FIGURE_MARGIN if states_a_figure(ranked[0].candidate.text) else FIGURE_PROMOTE_MARGIN
        # … unless it matches the story rather than the sentence that asks ("health officer found problems at my
        # rooming hse, how long to fix?": the reasonable period to correct them, not the 24 hours to report a sale)
        if figure is not None and pinned != topic and asks_less(kb, muni.key, question, figure, ranked[0]):  # (a fine asked: its figure)
            figure = None
        if figure is not None and (pinned == topic or figure.lexical >= max(ranked[0].lexical - margin, ALSO_MIN_LEXICAL)):
            # … unless a sentence among the best states a figure and matches far more than the figure does
            # ("permit suspended … how long to ask for a hearing?": "within 10 days", not the 24 hours to report a sale)
            stating = next((r for r in ranked[:FIGURE_LOOKAHEAD] if r.candidate.kind == "sentence" and states_a_figure(r.candidate.text)
                            and r.lexical >= figure.lexical + STATED_FIGURE_MARGIN), None)
            ranked = [stating or figure, *[r for r in ranked if r is not (stating or figure)]]
    if leading == "figure":
        ranked = time_setting_first(ranked, lambda r: asking_sentence_share(kb, question, muni.key, r))
    second = False
    if leading != "figure":  # "Is a permit needed, and how long is it valid?": the first part leads
        ranked, second = two_part_first(kb, muni.key, topic, question, role, ranking, ranked)
    ranked = naming_more_first(question, prefer_general(kb, question, ranked))  # ("… shared bath in the basement?")
    itemized = bool(ranked) and item_lead_in(kb, muni.key, ranked[0].candidate.citation) is not None  # its lead-in may settle it
    share_of = lambda r: asking_share(kb, question, muni.key, r)  # noqa: E731
    ranked = settling_first(question, ranked, None if itemized else share_of, kb, share_of)
    ranked = fitting_first(kb, question, ranked, ANSWER_MIN_LEXICAL)  # "6 unit bldg": not the rule for four or fewer
    # (the sentence that sets the time for the act asked about first: "how long do i have to appeal …?")
    timed = period_first(
        question, ranked, ANSWER_MIN_LEXICAL,
        lambda r: asking_sentence_share(kb, question, muni.key, r) + selector.times_the_asked_act(kb, question, r.candidate.text),
    )
    if timed is None:  # "how much notice must he give before coming in?": no provision of it states a period
        return no_match(muni, question, topic)
    ranked = timed
    if officer and not (leading == "figure" and first_part(question) != question):  # (not "how many members …, and who appoints them?")
        ranked = titles.naming_an_officer(kb, muni, ranked, titles.asks_whom_to_contact(kb, question))
    # (not for a question whether something relieves: "i had a permit, can they still fine me?" is the defense's)
    asks_amount = bool(ASKS_FOR_FIGURE.search(question)) and not question_form.RELIEF.search(question)
    referring = referring_sentence(kb, muni.key, topic, question, unstated, role, ranking) if unstated and asks_amount else None
    if referring is not None:  # "… is there a fine or something": where the text says the fine is set leads
        ranked = [referring, *(r for r in ranked if r.candidate.citation != referring.candidate.citation or r.candidate.text != referring.candidate.text)]
    lead = ranked[0]
    preface = ask_officer = ""
    duty = (
        duty_of_who_question(kb, muni.key, config.duties, question, lead, ranked)
        if kind == "who" and config.duties and not officer
        else None
    )
    if duty:
        if duty in duties:
            answer = answer_for_duty(kb, muni.key, duty, facts, topic, role, question, lead)
            answer.payload["lead"] = _lead_payload(lead)
            return answer
        what = DUTY_PHRASES.get(duty, duty.replace("_", " "))
        preface = f"The {muni.name} code text does not say who is responsible for {what} (it does not address who must do it)."
        ask_officer = f"For who must act, ask the {_officer(muni)}."
    elif leading == "figure" and config.standards:
        missing = _asked_missing_standard(kb, muni, config.standards, question, lead) or (unstated if pinned == topic else None)
        if missing and (defined := _defined_figure(kb, muni, question)) is not None:  # "how is … determined?": its definition
            return defined
        referring = referring_sentence(kb, muni.key, topic, question, missing, role, ranking) if missing else None
        if referring is not None:  # "dresser housing code fine how much": where the text says the figure is set
            ranked = [referring, *(r for r in ranked if r is not referring)]
            lead = referring
        if missing and lead.candidate.kind == "standard" and _stated_figure_is_about_it(kb, muni, question, lead, missing):
            # the figure the text does state comes first; what it does not state follows
            answer = compose_lead(kb, muni, topic, question, ranked, role, note=_not_stated(kb, muni, missing))
            answer.payload["review"] = "not_stated"
            return answer
        if missing:
            preface, ask_officer = _not_stated(kb, muni, missing), f"For that figure, ask the {_officer(muni)}."
    if referring is not None and not preface and unstated:  # "… is there a fine or something": not stated, but where it is set
        preface = _not_stated(kb, muni, unstated)[:-1] + "; it says where it is set."
        ask_officer = f"For that figure, ask the {_officer(muni)}."
    scoped = ask_officer if preface else scope_note(kb, muni, question, lead, facts, topic)  # what it does not say first
    # a provision limited to a kind of dwelling the question does not name comes first, what it is limited to next
    answer = compose_lead(kb, muni, topic, question, ranked, role, preface=preface, note=scoped, second=second, verdicts=not scoped)
    if preface or scoped:
        answer.payload["review"] = "not_stated"
    return answer


def _asking_sentence_ranking(
    kb: KnowledgeBase, muni: Municipality, topic: str, question: str, role: str | None, ranking: Sequence[tuple[str, float]]
) -> list[Any] | None:
    """The topic's provisions ranked for the sentence that asks alone, when a long story drowns it ("the upstairs
    bedroom … has a slanted roof, most of the room you cant even stand up straight in. is there a rule about how
    high the ceiling has to be?"): None when there is no story or the asking sentence matches no better."""
    from knowledge.compose.unsure import topic_from_text

    story, bare = question_form.story_and_question(question)
    # "… shutting off our water on Friday. Can he really do that?": with the sentence before, unless it names the topic
    named = bool(story) and topic_from_text(kb, bare) == topic
    asking = bare if named else question_form.asking_with_antecedent(question, kb.meta("back_references") or (), ASKING_MIN_WORDS)
    if not story or (len(asking.split()) < ASKING_MIN_WORDS and not named):
        return None
    ranked = selector.matching_first(
        selector.select(kb, asking, muni.key, role, ranking, topics=[topic], limit=12), ANSWER_MIN_LEXICAL
    )
    return ranked if ranked and ranked[0].lexical >= ANSWER_MIN_LEXICAL else None


def _closest_definition(kb: KnowledgeBase, muni: Municipality, question: str, role: str | None) -> Answer | None:
    """The definition of a term the question names that matches it well when nothing of its topic does (as well as
    the closest provision of an unsure question must), with what it settles; None otherwise."""
    from knowledge.compose.unsure import CLOSEST_MIN_LEXICAL, CLOSEST_MIN_WEIGHT

    best = selector.select(kb, question, muni.key, role, (), kinds=("definition",), limit=1)
    if not best or best[0].lexical < CLOSEST_MIN_LEXICAL:
        return None
    if selector.match_weight(kb, question, muni.key, best[0]) < CLOSEST_MIN_WEIGHT:
        return None
    term = best[0].candidate.key
    generic = {str(w).lower() for w in (kb.meta("definition_membership") or {}).get("generic_words") or ()}
    if term.lower() in generic or not set(selector.tokens(term)) <= set(selector.tokens(question)):
        return None  # a term the question does not name ("leave" is in "RUBBISH"'s "leaves"), or names every provision
    return with_membership(kb, question, term, muni.key, answer_definition(kb, term, muni.key))

def scope_note(
    kb: KnowledgeBase, muni: Municipality, question: str, lead: Any, facts: Mapping[str, Any] | None = None, topic: str = ""
) -> str:
    """ "This applies only to rooming houses: the … code text does not address it for dwellings in general …"
    when the best provision is limited to a kind of dwelling the question does not name (a rooming-house
    permit for a question about a rental license), nor the conversation (its ``facts``), nor the ``topic`` it was
    taken for (the scope's own: "9 ppl how many toilets?" about rooming houses); empty otherwise."""
    scope = selector.unnamed_scope(kb, question, lead.candidate)
    entry = (kb.scopes().get(scope) or {}) if scope else {}
    # (a topic taken for the scope's own does not put the question in it when the question denies a scope: "need a
    # rental license for a regular 2br apt? not renting rooms")
    own_topic = bool(topic) and entry.get("topic") == topic and not denies_a_scope(kb, question)
    if scope is None or (entry.get("fact") and (facts or {}).get(entry["fact"]) is True) or own_topic:
        return ""
    only = str((kb.scopes().get(scope) or {}).get("only") or scope)
    return (
        f"This applies only to {only}: the {muni.name} code text does not address it for dwellings in general. "
        f"For your case, ask the {_officer(muni)}."
    )


def _beyond_topics(
    kb: KnowledgeBase, muni: Municipality, topic: str, question: str, role: str | None, best: Sequence[Any]
) -> Answer | None:
    """The answer of a provision that belongs to no topic (a definition, a sentence inside one: "Any person acting
    as the agent of the owner … shall … notify the owner by means of a certified letter") when it leads ``best``
    (``elsewhere``: it matches the question much better than the topic's best); None otherwise."""
    if not best or (best[0].candidate.kind != "definition" and best[0].candidate.topics):
        return None
    sentence = topicless_sentence(best)
    if sentence is not None:
        return compose_lead(kb, muni, topic, question, [sentence], role)
    term = best[0].candidate.key
    if not_by_definition(kb, question, best[0].candidate.text):
        return None  # "What minimum ceiling height … for a sleeping room?" is not what "cellar" means
    return with_membership(kb, question, term, muni.key, answer_definition(kb, term, muni.key))


# A figure question leads with the best numeric standard when it matches at most this much less of
# the question than the best sentence (and at least as much as a figure on the "also" line: ALSO_MIN_LEXICAL).
FIGURE_PROMOTE_MARGIN = 0.3
STATED_FIGURE_MARGIN = 0.15
FIGURE_LOOKAHEAD = 5  # how many of the best are looked at for a sentence stating a figure

# ... and no figure is missing where the lead provision matches nearly all of the question ("Must the required minimum
# window area be located entirely above grade?": "Such required minimum window area is located entirely above …")
LEAD_MATCHES_ALL = 0.85


def _stated_figure_is_about_it(kb: KnowledgeBase, muni: Municipality, question: str, lead: Any, missing: str) -> bool:
    """Whether the stated figure that leads is about what was asked ("min openable window area?": 4% of
    the floor area, where the share of the window area is not stated); then it leads, with the note on
    what is not stated. A figure about something else (urinals, for a water-heater temperature), or one the
    question names clearly less than the ``missing`` one (a board's quorum, asked its members' terms), does
    not: the silence comes first."""
    texts = {lead.candidate.key: kb.standard_description(lead.candidate.key), missing: kb.standard_description(missing)}
    scores = selector.match_descriptions(kb, question, muni.key, texts)
    stated = scores.get(lead.candidate.key, 0.0)
    return stated >= MISSING_LEAD_MIN and stated >= scores.get(missing, 0.0) - MISSING_LEAD_MARGIN

# A stated figure leads before the note on a missing one only when its description matches this much of the question,
# and no less than the missing one's by more than the margin.
MISSING_LEAD_MIN = 0.4
MISSING_LEAD_MARGIN = 0.15


def _asked_missing_standard(
    kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str, lead: Any
) -> str | None:
    """The figure a question asks for when this code does not state it: a standard of the topic whose
    description matches the question better than the provision the selector found (None otherwise)."""
    stated = {s.key for key in standards for s in kb.standards(key, muni.key)}
    texts = {key: kb.standard_description(key) for key in standards}
    # the place's and the code's names weigh nothing ("amery - what height do handrails need to be … city housing code?")
    scores = selector.match_descriptions(kb, selector.without_titles(kb, question), muni.key, texts)
    best = max(standards, key=lambda k: (scores.get(k, 0.0), k in stated))
    if best in stated or scores.get(best, 0.0) < ASKED_MIN_MATCH:
        return None
    asking = question_form.story_and_question(question)[1]
    opening = {*question_form._WORD.findall(asking.lower())[:1], question_form._opening_after_place(asking)}  # ("amery - does …")
    if lead is not None and lead.lexical >= LEAD_MATCHES_ALL and opening & question_form.YES_NO_STARTS:
        return None
    if any(scores.get(k, 0.0) >= scores[best] - 0.1 for k in stated):
        return None  # a figure the text does state answers nearly as well
    if lead is not None and lead.candidate.kind == "standard" and scores.get(lead.candidate.key, 0.0) >= scores[best]:
        return None
    if lead is not None and question_form.ASKS_PERIOD.search(asking) and question_form.STATES_PERIOD.search(lead.candidate.text):
        return None  # "how long does he get to fix it": "Allow a reasonable time for the performance of any act it requires."
    return best


def _not_stated(kb: KnowledgeBase, muni: Municipality, missing: str) -> str:
    """The sentence saying this code does not state a figure (``missing``, a standard key)."""
    what = _lower_first(kb.standard_description(missing).split(" (")[0])
    return f"The {muni.name} code text does not state the {what} (it does not address that figure)."


def _unstated(kb: KnowledgeBase, muni: Municipality, missing: str, topic: str, question: str = "") -> Answer:
    """The honest answer that this code does not state the figure asked (``missing``, a standard key), unless a
    definition the question names states it (``_defined_figure``)."""
    if (defined := _defined_figure(kb, muni, question)) is not None:
        return defined
    answer = not_addressed(muni, f"the {_lower_first(kb.standard_description(missing).split(' (')[0])}", topic)
    answer.payload["review"] = "not_stated"
    return answer


def _defined_figure(kb: KnowledgeBase, muni: Municipality, question: str) -> Answer | None:
    """The definition stating a figure of a term of three words or more the question names ("how is the outdoor design
    temperature called ordinary minimum winter conditions determined?", not "it's freezing"); None otherwise."""
    term = kb.match_term(question, muni.key) if question else None
    found = kb.definitions(term, muni.key) if term and len(term.split()) >= 3 and selector.names_term(question, term) else []
    return answer_definition(kb, term, muni.key) if found and re.search(r"\d", found[0].text) else None


def _lead_payload(ranked: Any) -> dict[str, Any]:
    return {"kind": ranked.candidate.kind, "citation": ranked.candidate.citation, "score": round(ranked.score, 3)}


def compose_lead(
    kb: KnowledgeBase,
    muni: Municipality,
    topic: str,
    question: str,
    ranked: Sequence[Any],
    role: str | None = None,
    closest: bool = False,
    preface: str = "",
    note: str = "",
    second: bool = False,
    verdicts: bool = True,
) -> Answer:
    """An answer that leads with the first of ``ranked`` (selector results): the direct answer,
    its citation and verbatim quote, and at most one line "The code also sets …". A ``note`` follows
    the direct answer (what the text does not state, next to the figure it does). With ``second`` (a
    question in two parts), the second of ``ranked`` answers the second part on that line."""
    long_form = role == "clerk"
    lead = ranked[0].candidate
    asked = first_part(question)  # a two-part question's yes or no is its first part's
    lines: list[str] = [preface] if preface else []
    plain_verdicts = verdicts and not preface  # no yes or no from a provision the question may not be under
    cited: list[Section] = []
    shown_standards: list[Any] = []
    if lead.kind == "standard":
        standard = _find_standard(kb, muni.key, lead.key, lead.citation)
        section = kb.section(muni.key, standard.citation)
        figure = figure_verdict(standard, asked) if plain_verdicts else None  # "is once a month ok?": "at least once each week"
        verdict = figure or (_verdict(asked, standard.quote, asking_share(kb, question, muni.key, ranked[0])) if plain_verdicts else None)
        if plain_verdicts and verdict is None:  # "the wall is 2 feet from it … does the window still count?"
            verdict = left_out_verdict(kb.standard_description(standard.key), standard.value, question)
        opening = f"{verdict}. " if verdict else ""
        counted = for_head_count(kb, standard, question) if plain_verdicts else ""
        if counted:  # "9 ppl how many toilets?": the computed figure first
            lines.append(counted)
            opening = "" if settles_by_count(counted) else opening
        if closest:
            lines.append(f"{opening}The closest provision in the {muni.name} code: {standard_line(kb, standard)}.")
        else:
            lines.append(f"{opening}In the {muni.name}, {standard_line(kb, standard)}.")
        if note:
            lines.append(note)
        lines.append(source_line(section.full_citation, shorten(standard.quote)))
        cited.append(section)
        shown_standards.append(standard)
    elif lead.kind == "definition":
        found = kb.definitions(lead.key, muni.key)
        payload = _definition_payload(kb, found[0])
        where = f"The closest provision in the {muni.name} code is its" if closest else f"In the {muni.name} code, the"
        lines.append(f'{where} definition of "{found[0].term}" ({payload["citation"]}): "{shorten(found[0].text)}"')
        lines.extend([note] if note else [])
        answer_citations = [payload]
    else:
        section = kb.section(muni.key, lead.citation)
        counted = counted_by_sentence(kb, muni.key, lead, question) if plain_verdicts else ""
        lines.extend([counted] if counted else [])  # "17 of us … only two bathrooms, how many are there supposed to be?"
        share = asking_share(kb, question, muni.key, ranked[0])
        settled = settles_by_count(counted)  # the counts settle it, not the provision's wording
        late = elapsed_verdict(asked, lead.text, section.text if section else "") if plain_verdicts and not settled else None
        figure = sentence_figure_verdict(kb, muni.key, lead.citation, lead.text, asked) if plain_verdicts and not settled else None
        verdict = (late or figure or side_verdict(kb, asked, lead.text) or _verdict(asked, lead.text, share)) if plain_verdicts and not settled else None
        verdict = None if verdict == "Yes" and not names_needed(asked, lead.text) else verdict  # "need a … permit?": it names none
        # ("… 2 wks ago … is it too late?": the sentence that sets the period the verdict counts, when the lead sets none)
        shown = (period_sentence(section.text) if late and section is not None and not period_sentence(lead.text) else None) or lead.text
        whole = whole_sentence(section.text, lead.text) if section is not None else lead.text  # a rule's quote is cut
        if plain_verdicts and verdict is None and shifted_by_agreement(kb, muni.key, asked, section, whole):
            verdict = "Yes"  # "can i put in the lease that tenants clean the common hallway?": "… assumed … by agreement"
        unsettled = verdict is None and question_form.NEGATIONS.search(whole) is not None  # "can i shut off the gas 2 a unit while fixing the furnace"
        if (verdict == "No" or unsettled) and question_form.PERMISSION.search(asked) and names_exception(kb, asked, whole):
            # "can landlord shut water off to fix a pipe?": "… except …"; "… no working fan up to code?": the exception unmet
            verdict = "No" if verdict == "No" and names_exception(kb, asked, whole, lacking=True) else excepted_verdict(asked, whole)
            shown = whole
        elif (not verdict and asks_exception(asked, whole)) or (verdict in (None, "No") and question_form.PERMISSION.search(asked) and excepts(whole)):
            # "when may a required utility be discontinued?", "… shut the water off … to replace a frozen main. am i
            # allowed": the prohibition with its exception ("… except for such temporary emergencies when …")
            shown = whole
        listed = whole_list(kb, muni.key, ranked, question)
        introduced = (listed[1] if listed else item_lead_in(kb, muni.key, lead.citation)) if plain_verdicts else None
        if introduced and not _BINDS.search(lead.text) and not question_form.NEGATIONS.search(lead.text):
            verdict = None  # an item that binds nothing itself ("… window area … as required in § 190-7A"): its lead-in
        if verdict is None and introduced and not settled:
            # "… part of the glass sits below grade. May the room be used as a habitable room?": the item matches,
            # its lead-in ("No basement space shall be used as a habitable room … unless:") settles it
            # ("can i rent out my basement as a bedroom?" describes no item: only if its conditions are met)
            described = matched_items(ranked, listed[2], listed[0].citation) if listed else [lead]
            together = [r for r in ranked if r.candidate.text.strip() == introduced.strip() or any(r.candidate.citation == d.citation for d in described)]
            together_share = joint_share(kb, question, muni.key, together)  # the lead-in with the items the story describes
            verdict = _verdict(asked, introduced, max(share, together_share), conditional=not described)
        items = [lead.text, *(f"{listed[1]} {item.text}" for item in (listed[2] if listed else ()))]  # each with its lead-in
        # "… the only window is partly below the dirt. can that be rented as a bedroom?": item (3) fails
        verdict = failing_verdict(asked, items, verdict, CONDITIONAL) if plain_verdicts else verdict
        opening = f"{verdict}. " if verdict else (later_part_verdict(question, lead.text, share) if plain_verdicts and not settled and not second else "")
        yes_no = plain_verdicts and selector.question_kind(selector.without_titles(kb, asked)) == "yes_no"
        if not verdict and yes_no and not settled and not closest and question_form.ASKS_FOR_RULE.search(asked):
            opening = "Yes. "  # "… If there's a fire I don't know how I'd get out. Isn't there a rule about that?"
        elif not verdict and yes_no and not settled and not closest and share < INDIRECT_MAX_SHARE:
            # "can my landlord rent out the basement as a bedroom?" met only by the basement windows' screens
            opening = f"The {muni.name} code text does not address this directly; "
            note = note or f"For an answer, ask the {_officer(muni)}."
        elif not verdict and yes_no and not settled:
            opening = NO_PLAIN_VERDICT  # say so plainly: the wording does not settle it as a yes or no
        if listed is not None:  # "what conditions must be met …?": the lead-in and all its items
            parent, introduced, items = listed
            where = f"The closest provision in the {muni.name} code is {parent.full_citation}:" if closest else ""
            lines.append(f'{opening}{where or parent.full_citation + " says:"} "{_display_sentence(introduced)}"')
            lines.extend(f'- "{shorten(_display_sentence(item.text), SENTENCE_LIMIT)}"' for item in items)
            failing = [item for item in items if plain_verdicts and describes_failing(asked, f"{introduced} {item.text}")]
            asked_items = matched_items(ranked, items, parent.citation, kb.synonyms()) if yes_no or failing else []  # the items it describes
            asked_items = [*failing, *(item for item in asked_items if item not in failing)]
            cited.extend([*asked_items, parent, *(item for item in items if item not in asked_items)])
            ranked = ranked[:1]  # the list is the answer: no "also" line
        else:  # (an item led by "… shall be condemned … placarded by the Building Inspector:" is quoted after it)
            led = led_by(kb, muni.key, lead.citation) if lead.kind == "sentence" else None
            said = f'{_display_sentence(led[1])}" … "' if led else ""
            the = "the" if opening.endswith("; ") else "The"
            where = f"{the} closest provision in the {muni.name} code is {section.full_citation}:" if closest else f"{section.full_citation} says:"
            lines.append(f'{opening}{where} "{said}{shorten(_display_sentence(shown), SENTENCE_LIMIT)}"')
            cited.extend([section, led[0]] if led else [])
        lines.extend([note] if note else [])
        cited.append(section)
        reached = reached_sentence(kb, muni.key, lead, ranked)  # "the screens 12.06(2) requires": that requirement too
        lines.extend([f'{reached[0].full_citation} says: "{shorten(_display_sentence(reached[1]), SENTENCE_LIMIT)}"'] if reached else [])
        cited.extend([reached[0]] if reached else [])
    also = next(
        (
            r.candidate
            for r in ranked[1:]
            if r.candidate.kind == "standard"
            and not selector.other_unit(question, r.candidate)
            and r.lexical >= ALSO_MIN_LEXICAL
            and r.candidate.text != lead.text and (r.candidate.key != lead.key or r.candidate.citation != lead.citation)
        ),
        None,
    )
    part_two = ranked[1].candidate if second and len(ranked) > 1 and ranked[1].candidate.kind != "definition" else None
    if part_two is not None and part_two.kind != "standard":  # the second part of the question, answered too
        section = kb.section(muni.key, part_two.citation)
        lines.append(f'{SECOND_PREFIX} ({section.full_citation}): "{shorten(_display_sentence(part_two.text), SENTENCE_LIMIT)}"')
        cited.append(section)
        also = None
    elif part_two is not None:
        also = part_two
    if also is not None:
        standard = _find_standard(kb, muni.key, also.key, also.citation)
        section = kb.section(muni.key, standard.citation)
        lines.append(f"{ALSO_PREFIX} {standard_line(kb, standard)} ({section.full_citation}).")
        shown_standards.append(standard)
        cited.append(section)
    coverage = kb.coverage(muni.key, topic) if topic in kb.topics() else None
    others = [s for s in (coverage.sections if coverage else ()) if s.citation not in {c.citation for c in cited}]
    if long_form and others:
        lines.append("The other sections on this topic, in full:")
        lines.extend(f'{s.full_citation}: "{s.text}"' for s in others)
    elif others:
        lines.append('(say "quote the section" for the full text of this and the related sections)')
    citations = [citation_payload(s) for s in _unique([*cited, *others])]
    if lead.kind == "definition":
        citations = answer_citations + citations
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "lead": {"kind": lead.kind, "citation": lead.citation},
        "standards": [standard_payload(s) for s in shown_standards],
        "duties": [],
        "ask_fact": None,
        "citations": citations,
    }
    return Answer("\n".join(lines), payload)
