"""Actions that answer topic questions from the knowledge base, with the conversation's memory."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable, Dict, List, Sequence

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.common import (
    current_facts,
    current_municipality,
    current_role,
    intent_of,
    kb,
    latest_entity,
    question_before_place,
    send,
    user_texts,
    with_counted_people,
)
from actions.safety import guarded
from actions.space import (
    answer_space,
    answer_space_figure,
    follows_space_check,
    follows_space_figure,
    is_space_topic,
    rooming_in_play,
    space_topic,
    updated_space,
)
from knowledge import facts as fact_reading
from knowledge import parsing, question_form, selector, space
from knowledge.compose import (
    answer_for_duty,
    answer_topic,
    ask_municipality,
    asking_sentence_topic,
    duty_asked,
    elapsed,
    keeps_topic,
    place_choice,
    settled_by_definition,
    topic_for_duty,
    topic_from_text,
    unaddressed_guess,
)
from knowledge.compose.asked import closer_duty, figure_of_other_topic, minimum_of_other_topic, pinned_topic
from knowledge.compose.asking import ASKING_MIN_WORDS
from knowledge.compose.computed import ceiling_answer, temperature_topic
from knowledge.compose.definitions import member_definition, quoted_definition
from knowledge.compose.membership import membership_term
from knowledge.compose.runner_up import runner_up_topic
from knowledge.compose.unsure import named_topics
from knowledge.handoff import handoff, wants_person
from knowledge.kb import KnowledgeBaseError
from knowledge.phrase_match import has_phrase
from knowledge.yes_no_forms import asks_leave

CANNOT_LOOK_UP = "Sorry, I can't look that up right now. Please try again in a moment."


def space_in_message(tracker: Tracker) -> bool:
    """Whether the latest message gives a room size, or who sleeps in a bedroom ("bdrm 9x10 2 kids ok?")."""
    text = tracker.latest_message.get("text") or ""
    if duty_asked(kb(), None, text):  # "who buys the trash bins for my 4 roomers?" asks about a duty, not a room
        return False
    request = parsing.parse_space_request(text)
    if any(room.ok for room in request.rooms):
        return True
    if parsing.names_fixture(text):
        return False  # "11 of us sharing one toilet": how many fixtures, not how big a room
    counted = bool(request.household and request.household.count)
    if not counted or not (request.kind == "bedroom" or request.wants_minimum):
        return False  # "a bedroom for 4 people" is one
    if request.wants_minimum and not request.rooms and minimum_of_other_topic(kb(), text):
        return False  # "… at her unit. … what minimum temperature must the water-heating facilities …": no space's
    if told_other_topic(text, request):  # "roof's been leaking into my kid's room for weeks": the leak, told
        return False
    # … when the sentence that asks is about the space ("… with like 6 other people. The sheets and towels haven't been
    # changed in a month. Aren't they supposed to do that?" is not)
    asked = question_form.asking_with_antecedent(text, kb().meta("back_references") or (), ASKING_MIN_WORDS)  # "…, is that ok?"
    asking = " ".join(asked.lower().split())
    kinds = parsing.people_vocab()["space_kinds"]
    return request.wants_minimum or request.asks_adequacy or has_phrase(asking, [*kinds["bedroom"], *kinds["unit"]])


def told_other_topic(text: str, request: parsing.SpaceRequest | None = None) -> str | None:
    """The topic a message that asks nothing about space names, when it tells of another one ("roof's been leaking
    into my kid's room for weeks, we're in Amery": maintenance, though a child's room is named); else None."""
    request = request or parsing.parse_space_request(text)
    if "?" in text or request.wants_minimum or request.asks_adequacy or any(room.ok for room in request.rooms):
        return None
    if question_form.question_kind(text) != "open" or question_form.asks_wh(text):
        return None  # "min room size for 3 ppl in 1 room at my dresser rooming house": asked, though without a "?"
    named = topic_from_text(kb(), text)
    return named if named is not None and not is_space_topic(named) else None


# The calculator's kinds that are figures of a room, not checks of its size (knowledge/vocab.yml ``space_kinds``).
ROOM_FIGURE_KINDS = frozenset({"ceiling", "window"})


def room_figure_topic(topic: str) -> bool:
    """Whether a topic gives a room's window or ceiling figures: its question is no room check, whoever sleeps there."""
    kinds = set(kb().topic_config(topic).space_kinds)
    return bool(kinds) and kinds <= ROOM_FIGURE_KINDS


def named_room_figure(text: str, asked: str | None) -> str | None:
    """The window or ceiling topic a room-size question asks a figure of ("what is the minimum total window area for a
    sleeping room with a floor area of 100 square feet?"), when the classifier took it for a space topic and the
    message gives a room but no people; None otherwise."""
    if not asked or not is_space_topic(asked):
        return None
    asking = question_form.story_and_question(text)[1]
    figures = [t for t in named_topics(kb(), asking) if room_figure_topic(t)]
    if len(figures) == 1 and question_form.question_kind(asking) == "figure" and parsing.parse_space_request(text).rooms:
        return figures[0]  # "our kids bedroom in amery is 12 x 10, how big do the windows have to be": whoever sleeps there
    # ("The living room … is about 200 square feet and it has one small window that opens maybe 4 square feet. … Is
    # that enough?": the story names the window, the asking sentence nothing)
    figures = figures or [t for t in named_topics(kb(), text) if room_figure_topic(t)]
    request = parsing.parse_space_request(text) if len(figures) == 1 else None
    return figures[0] if request is not None and request.rooms and request.household is None else None


def space_topic_named(text: str) -> str:
    """The space topic of the kind of space a message names (a bedroom's when it names none)."""
    request = parsing.parse_space_request(text)
    return space.space_topic(kb(), request.kind or "bedroom", request.rooming)


def checks_a_room(text: str) -> bool:
    """Whether a message gives both a room's size and who sleeps in it ("3 roomers in a 10x12 room, ok?"),
    or who and that the minimum is asked ("3 of us in one room, how big must it be?"), and asks about no
    duty: a space check, whatever topic the classifier saw in it."""
    if duty_asked(kb(), None, text):
        return False
    request = parsing.parse_space_request(selector.without_titles(kb(), text))  # the "Minimum Housing Code" asks no minimum
    counted = bool(request.household and request.household.count)
    if any(r.ok for r in request.rooms):
        return counted
    # "3 of us in one room in a rooming house, how big must it be?": the minimum for them, no size needed
    fixtures = parsing.names_fixture(text)
    # (not the minimum of another topic's thing: "… her unit. … what minimum temperature must …")
    return counted and request.wants_minimum and not fixtures and not minimum_of_other_topic(kb(), text)


def topic_asked(tracker: Tracker, min_confidence: float = 0.1) -> str | None:
    """A topic the latest message also asks about, besides naming a place (from its space facts or the
    intent ranking's top three); None for a bare place name."""
    text = tracker.latest_message.get("text") or ""
    if text.startswith("/") or len(text.split()) < 3:
        return None
    if (pinned := pinned_topic(kb(), text)) is not None:  # "… a permit issued, can i still be penalized …?": the penalties
        return pinned
    if space_in_message(tracker):
        kind = parsing.parse_space_request(text).kind
        return space.space_topic(kb(), "unit" if kind == "unit" else "bedroom")
    ranking = tracker.latest_message.get("intent_ranking")
    if not isinstance(ranking, list):
        return None
    for candidate in ranking[:3]:
        if not isinstance(candidate, dict):
            continue
        confidence = candidate.get("confidence")
        topic = topic_of(str(candidate.get("name") or ""))
        if topic and isinstance(confidence, (int, float)) and confidence >= min_confidence:
            return topic
    return None


def adds_facts(tracker: Tracker, asked_topic: str | None = None) -> bool:
    """Whether the latest message adds facts to the last "who" question (whatever its intent)."""
    last = tracker.get_slot("topic")
    text = tracker.latest_message.get("text") or ""
    changed = asked_topic is not None and asked_topic != last
    related = kb().topic_config(last).duties if last in kb().topic_configs() else ()
    duty = tracker.get_slot("follow_duty")
    deciding = kb().deciding_facts(duty) if duty else frozenset()
    return bool(last) and fact_reading.adds_facts(text, kb().fact_vocabulary(), duty, changed, related, deciding)


def topic_of(intent: str) -> str | None:
    """The knowledge-base topic an ``ask_<topic>`` intent asks about (None for other intents)."""
    return kb().topic_for_intent(intent) if intent.startswith("ask_") else None


# A message this short may go on with the topic in play when the NLU's unsure guess is a topic this code does not address.
GUESS_FOLLOW_UP_MAX_WORDS = 20
QUESTION_STARTS = ("who", "what", "how", "whose", "which", "can", "do", "does", "is", "must", "should")
# Intents that add facts to the last question (the answer then weighs the rules with them).
FACT_INTENTS = (
    "affirm",
    "deny",
    "inform_facts",
    "inform_only_my_unit",
    "inform_several_units_infested",
    "inform_common_areas_infested",
    "inform_owner_fault",
)


def intent_ranking(parse: Dict[str, Any]) -> List[tuple[str, float]]:
    """The top three intents of a parse as (name, confidence), the fallback pseudo-intent left out."""
    ranking = [
        (str(r.get("name")), float(r.get("confidence") or 0.0))
        for r in parse.get("intent_ranking") or []
        if r.get("name") and r.get("name") != "nlu_fallback"
    ]
    return ranking[:3]


def question_for(tracker: Tracker, topic: str) -> tuple[str | None, List[tuple[str, float]]]:
    """The user's question on ``topic`` and its intent ranking: the latest message when it asked
    it, else the last message whose intent asked it ("bedroom size?" … "Amery"). A question whether it is too late
    that tells no time is asked of the time an earlier message told ("got a notice 18 days ago" … "can i still get a
    hearing?")."""
    question, ranking = _question_for(tracker, topic)
    if question and question == tracker.latest_message.get("text"):
        question = with_counted_people(tracker, question)  # "8 of us renting rooms" … "only one bathroom. ok?"
    if question and elapsed.asks_if_late_untimed(question):
        earlier = user_texts(tracker)[:-1][-TIME_TOLD_TURNS:]
        told = next((t for t in map(elapsed.told_time, reversed(earlier)) if t), None)
        told = told or elapsed.told_time(" ".join([*earlier, question]))  # "on the 2nd" … "its the 20th now"
        if told:
            return f"{told} {question}", ranking
    return question, ranking


# How many earlier user messages are read for the time a question whether it is too late asks of.
TIME_TOLD_TURNS = 2


# A question this short, after a message that only told a story, is searched with the story before it.
STORY_FOLLOW_UP_MAX_WORDS = 12


def after_story(tracker: Tracker, text: str) -> str:
    """The question with the story the user's message before it told ("selling my rooming house in dresser next month"
    … "anything i have to tell the village and by when"): that message asked nothing (no question mark, no question
    form) and this one is short and tells no story of its own; the question alone otherwise."""
    users = user_texts(tracker)
    before = users[-2].strip() if len(users) > 1 else ""
    if not before or before.startswith("/") or "?" in before or len(text.split()) > STORY_FOLLOW_UP_MAX_WORDS:
        return text
    if question_form.question_kind(before) != "open" or question_form.asks_wh(before) or question_form.story_and_question(text)[0]:
        return text
    told = f"{before.rstrip(' .!')}. {text}"
    # ("back br is 10x14" … "3 kids in there ok?" is the space check's, which reads the room from the conversation)
    return text if any(r.ok for r in parsing.parse_space_request(told).rooms) else told


def _question_for(tracker: Tracker, topic: str) -> tuple[str | None, List[tuple[str, float]]]:
    """:func:`question_for` before the time told earlier is added."""
    latest = tracker.latest_message or {}
    if asks_again_elsewhere(tracker):  # "And if the same kind of notice came from the Town of Howard?"
        earlier = _earlier_question(tracker, topic)
        if earlier[0]:
            return earlier
    text = str(latest.get("text") or "")
    if question_form.WHAT_IF_INSTEAD.search(text) and tracker.get_slot("topic") == topic:
        earlier = _earlier_question(tracker, topic)  # "… 4 ft below grade … rent it out?" … "what if it's my own son?"
        if earlier[0]:
            return f"{earlier[0].replace('?', '.').rstrip(' .!')}. {text}", intent_ranking(latest)  # the latest asks
    asked = topic_of(intent_of(tracker)) or space_topic_named(text)  # (unsure: the space the message sizes)
    if topic_of(intent_of(tracker)) == topic or named_room_figure(text, asked) == topic:
        return latest.get("text") or None, intent_ranking(latest)
    if runner_up_topic(kb(), text, asking_sentence_topic(kb(), text, topic_of(intent_of(tracker)), where := current_municipality(tracker)[0]), intent_ranking(latest), where) == topic:  # "… rats …", a close 2nd
        return text or None, intent_ranking(latest)
    if parsing.fixture_question(str(latest.get("text") or "")):
        return latest.get("text") or None, intent_ranking(latest)  # "1 bathroom for like 12 people. ok?": its own question
    ranked = [name for name, _ in intent_ranking(latest)]
    if intent_of(tracker) == "nlu_fallback" and ranked and topic_of(ranked[0]) == topic:
        return latest.get("text") or None, intent_ranking(latest)  # the classifier's best guess, under its threshold
    if intent_of(tracker) in FACT_INTENTS:
        return None, []  # new facts for the last question: answer with the rules and the facts
    if topic_asked(tracker) == topic:  # "I'm in Holland, how warm …?", "Green Bay, who fixes the furnace?"
        return latest.get("text") or None, intent_ranking(latest)
    # "9 ppl how many toilets?" after "i run a rooming house", or a long question naming its place ("My landlord in
    # Muskego just walks in … how much notice …?"): a question of its own, not "what about Amery?"
    own = not latest_entity(tracker, "municipality") or len(text.split()) > ASK_AGAIN_MAX_WORDS
    if intent_of(tracker) == "nlu_fallback" and "?" in text and own:
        return text, intent_ranking(latest)
    return _earlier_question(tracker, topic)


def _earlier_question(tracker: Tracker, topic: str) -> tuple[str | None, List[tuple[str, float]]]:
    """The last message before the latest whose intent asked ``topic`` (or an unclear one just before the
    latest), with its intent ranking."""
    wanted = kb().topic_config(topic).intent
    users = [e for e in reversed(list(tracker.events or [])) if e.get("event") == "user"][1:]
    for number, event in enumerate(users):
        parse = event.get("parse_data") or {}
        intent = (parse.get("intent") or {}).get("name")
        if str(event.get("text") or "").startswith("/"):
            continue
        # the question itself, or an unclear question just before "which municipality?" was answered
        if intent == wanted or (number == 0 and intent == "nlu_fallback"):
            return event.get("text") or None, intent_ranking(parse)
    return None, []


# A message asking the last question again for another place is short.
ASK_AGAIN_MAX_WORDS = 16


def asks_again_elsewhere(tracker: Tracker) -> bool:
    """Whether the latest message names a municipality and asks the last question again for it with a word of
    sameness ("And if the same kind of notice came from the Town of Howard?": ``same_question_words``)."""
    text = str((tracker.latest_message or {}).get("text") or "").lower()
    words = re.findall(r"[a-z]+", text)
    same = set(kb().meta("same_question_words") or ())
    return bool(latest_entity(tracker, "municipality")) and 0 < len(words) <= ASK_AGAIN_MAX_WORDS and bool(set(words) & same)


def named_space_topic(key: str | None, topic: str, text: str, rooming: bool = False, earlier: str = "") -> str:
    """The space topic of the kind of space a message names ("how big does an apartment have to be …?": a dwelling
    unit) when the classifier's space topic is one this code leaves alone and the named one it addresses (the
    Town of Howard sets a floor area per dwelling unit, none per bedroom), or when the message says the whole unit
    ("min sq ft per person for a whole apt?": ``unit_phrases``); ``topic`` otherwise. A message that names no kind of
    space takes the one the ``earlier`` message named ("splitting my house into 2 apts" … "each would be about 800 sq
    ft, is that ok?")."""
    if not key or not is_space_topic(topic):
        return topic
    request = parsing.parse_space_request(text)
    if request.kind not in ("bedroom", "unit") and earlier:
        request = dataclasses.replace(request, kind=parsing.parse_space_request(earlier).kind)
    if request.kind not in ("bedroom", "unit"):
        return topic
    whole = request.kind == "unit" and has_phrase(" ".join(text.lower().split()), parsing.people_vocab()["unit_phrases"])
    if kb().coverage(key, topic).addressed and not whole:  # "min sq ft per person for a whole apt?" is the unit's
        return topic
    named = space.space_topic(kb(), request.kind, request.rooming or rooming)  # ``rooming``: the conversation's
    return named if named != topic and kb().coverage(key, named).addressed else topic


def asks_membership_of(text: str, key: str) -> bool:
    """Whether a yes/no question asks if something falls under a term this code defines ("rats all over the
    dumpsters … Does that already count as an infestation?")."""
    return selector.question_kind(text) == "yes_no" and membership_term(kb(), text, key) is not None


# How many of the classifier's other topics a yes/no question naming no party is tried under (DP066's "does hot water have
# to be available 24/7?" under rooming houses, where the classifier's first guess was the fallback).
CLASSIFIED_TOPICS_TRIED = 1


# How much of a question the best provision of a topic must match for its yes or no to settle a question naming no party.
SETTLED_MIN_LEXICAL = 0.45


def matches_well(key: str, topic: str, text: str) -> bool:
    """Whether a topic's best provision matches a question well enough to settle it (``SETTLED_MIN_LEXICAL``)."""
    best = selector.select(kb(), text, key, None, (), topics=[topic], limit=1)
    return bool(best) and best[0].lexical >= SETTLED_MIN_LEXICAL


def settled_yes_no(
    key: str,
    homes: Sequence[str],
    facts: Dict[str, Any],
    role: str | None,
    asked: str,
    ranking: List[tuple[str, float]],
    accept: Callable[[str, Any], bool],
) -> tuple[Any, str] | None:
    """(answer, topic) of the first of ``homes`` whose answer to ``asked`` opens "Yes." or "No." and that ``accept``
    takes (topic, answer); None when none does."""
    for home in dict.fromkeys(homes):
        found = answer_topic(kb(), key, home, facts, role, asked, ranking)
        if found.text.startswith(("Yes.", "No.")) and accept(home, found):
            return found, home
    return None


def unsettled_no_party(text: str) -> bool:
    """Whether a yes/no question names no party ("amery rooming house - does hot water have to be available 24/7?"): a
    duty its words name does not settle it, the provision's own yes or no may; not "… pest control is our problem. Is
    that true?", which asks whose it is."""
    vocabulary = kb().fact_vocabulary()
    return selector.question_kind(text) == "yes_no" and not any(p.search(text) for p in vocabulary.party_words)


def answer_or_ask(
    dispatcher: CollectingDispatcher,
    tracker: Tracker,
    topic: str,
    facts: Dict[str, Any] | None = None,
    same_question: bool = False,
    follow_up: bool = False,
) -> List[Dict[str, Any]]:
    """Answer ``topic`` for the municipality in play, or ask which municipality (remembering the topic).

    A "who has to ...?" question about one duty of the topic gets that duty's verdict; with
    ``same_question`` (the message adds facts to the last question) the duty asked before is kept.
    """
    key, unknown = current_municipality(tracker)
    last_space = space.clean_facts(tracker.get_slot("last_space"))
    text = tracker.latest_message.get("text") or ""
    users = user_texts(tracker)
    topic = named_space_topic(key, topic, text, rooming_in_play(tracker), users[-2] if len(users) > 1 else "")
    request = parsing.parse_space_request(text)
    asks_figure = question_form.question_kind(question_form.story_and_question(text)[1]) == "figure"
    if (request.window_sqft and not request.household or asks_figure) and not last_space:
        # "… 11 x 12 and the only window is a little one, maybe 2 ft by 3 ft. Is that big enough for a bedroom?": the
        # window it sizes, checked for that room, not a head count to ask for
        topic = named_room_figure(text, topic) or topic
    adequacy = request.asks_adequacy  # "is my bedroom big enough?": the check, not a figure
    part = parsing.part_question(text) if is_space_topic(topic) else None
    if part:  # "do closets and the hallway count toward the floor space?": the provision on them, not a check
        topic, last_space = part, None
    ceiling = ceiling_answer(kb(), key, text) if key and is_space_topic(topic) else None
    if ceiling is not None:  # "attic bedroom 12x14, only 60 sq ft of it 7 1/2 ft or higher, ok?": the ceiling rule
        return send(dispatcher, ceiling, tracker) + [SlotSet("municipality", key), SlotSet("topic", topic)]
    member = member_definition(kb(), text, key) if key and is_space_topic(topic) else None
    if member is not None:  # "my roommate sleeps in the dining room. Does that count as a bedroom?": the definition
        return send(dispatcher, member, tracker) + [SlotSet("municipality", key), SlotSet("topic", topic)]
    if is_space_topic(topic) and (last_space or space_in_message(tracker) or adequacy):
        settled = settled_by_definition(kb(), text, key) if key and adequacy and not last_space else None
        if settled is not None and not space_in_message(tracker):  # "is overcrowding a nuisance in Dresser?"
            return send(dispatcher, settled, tracker) + [SlotSet("municipality", key), SlotSet("topic", topic)]
        return answer_space(dispatcher, tracker, updated_space(tracker, last_space, topic))
    facts = current_facts(tracker) if facts is None else facts
    remembered = tracker.get_slot("follow_duty") if follow_up else tracker.get_slot("duty") if same_question else None
    asked = closer_duty(kb(), key, duty_asked(kb(), topic, text, remembered, follow_up, facts), text)
    if asked and key and (quoted_definition(kb(), text, key) is not None or asks_membership_of(text, key)):
        asked = None  # "does 'infestation' include pests around the garbage containers?": the definition, not a duty
    if asked and key and selector.unnamed_things(kb(), text, key):
        asked = None  # "… keeping my security deposit for carpet cleaning. Is he allowed?": no provision names it
    checked = None
    if key and asked and selector.question_kind(text) != "who":
        # the topic the words name first ("keep the heat at 70?": heating, though the duty asked is kept with hot water)
        ranked = (topic_of(i) for i, _ in intent_ranking(tracker.latest_message or {}))
        checked = temperature_topic(kb(), key, text, [topic_from_text(kb(), text), topic, *ranked])
    if checked:  # "turned water heater down to 110 … legal or no": the temperature compared, not who keeps it working
        asked, topic = None, checked
    # the classifier's topics, before a duty's own home replaces the topic ("amery rooming house - does hot water have to be
    # available 24/7?" is hot water's "at all times" or the rooming house's, whatever duty its words name)
    ranked_topics = [t for t in (topic_of(i) for i, _ in intent_ranking(tracker.latest_message or {})[:3]) if t and t in kb().topics()]
    classified = tuple(dict.fromkeys((topic, *ranked_topics)))[: 1 + CLASSIFIED_TOPICS_TRIED]
    duty, topic = asked if asked else (None, topic)
    if key is None:
        events = send(dispatcher, place_choice(kb(), unknown, text, topic), tracker)
        return events + [
            SlotSet("pending_topic", topic),
            SlotSet("municipality", None),
            SlotSet("facts", facts),
            SlotSet("duty", duty),
            SlotSet("follow_duty", duty or kb().fact_vocabulary().topic_duty.get(topic)),
        ]
    try:
        if duty:
            earlier, earlier_ranking = question_for(tracker, topic)
            asked_text = earlier or text  # "Amery" answering "which one?": the question before
            answer = answer_for_duty(kb(), key, duty, facts, topic, current_role(tracker), question=asked_text)
            leave, no_party = asks_leave(asked_text), unsettled_no_party(asked_text)
            # (naming no party: the classifier's topics that match it well, not a "No." sharing only "building", "owner")
            def well_matched() -> list[str]:
                return [t for t in classified if matches_well(key, t, asked_text)] if no_party and not leave else []

            settled = None
            if not kb().rules(key, duty) and selector.question_kind(asked_text) == "yes_no":
                # "… says he's the building inspector … do i have to let him in?" where the code puts that duty on no one:
                # the provision's own yes or no ("… may give … free access …, or require a warrant")
                # ("dresser can i shut off tenant utilities", where no one is said to keep facilities working: the
                # classifier's topic's "No owner, operator or occupant shall cause any … utility to be … shut off …")
                # ("dresser rooming hse - hot water all the time or ok to limit it to certain hours?": no party, a good match)
                well = well_matched()
                homes = (topic, classified[0]) if leave else (topic, *well)
                settled = settled_yes_no(
                    key, homes, facts, current_role(tracker), asked_text, earlier_ranking,
                    lambda home, found: bool(question_form.CHOICE_GIVEN.search(found.text.split("\n")[0]))  # "… or require a warrant"
                    or leave or (home in well and home != topic),
                )
            elif not answer.text.startswith(("Yes", "No")) and (leave or no_party):
                # "… moved in and it was disgusting … Is a landlord allowed to rent a place out in that condition?", which
                # the duty's answer does not settle: the provision's own yes or no ("No owner shall … let … unless it is
                # clean …"), not who keeps it clean; "amery rooming house - does hot water have to be available 24/7?":
                # hot water's "at all times", not who keeps facilities working
                homes = (topic, classified[0]) if leave else tuple(well_matched())
                settled = settled_yes_no(key, homes, facts, current_role(tracker), asked_text, earlier_ranking, lambda home, found: True)
            if settled is not None:
                answer, topic = settled
        else:
            question, ranking = (text, intent_ranking(tracker.latest_message or {})) if checked else question_for(tracker, topic)
            answer = answer_topic(kb(), key, topic, facts, current_role(tracker), question, ranking)
            if answer.payload.get("review") == "no_match" and not same_question:
                from actions.fallback import in_play_instead

                within = in_play_instead(tracker, text, key, topic)  # "Two seats are vacant. Who appoints?" after a quorum
                if within is not None:
                    answer, topic = within, tracker.get_slot("topic")
    except KnowledgeBaseError:
        dispatcher.utter_message(text=CANNOT_LOOK_UP)
        return []
    return send(dispatcher, answer, tracker) + [
        SlotSet("municipality", key),
        SlotSet("topic", topic),
        SlotSet("pending_topic", None),
        SlotSet("facts", facts),
        SlotSet("asked_fact", answer.payload.get("ask_fact")),
        SlotSet("duty", duty),
        # the duty a follow-up that only adds facts will be about ("it's a duplex")
        SlotSet("follow_duty", duty or kb().fact_vocabulary().topic_duty.get(topic)),
    ]


class ActionAnswerTopic(Action):
    """Answer the topic the latest intent asks about, or the last topic again with new facts."""

    def name(self) -> str:
        return "action_answer_topic"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        if wants_person(kb(), tracker.latest_message.get("text") or ""):  # "who do I call? the furnace quit"
            from actions.handoff import ActionRequestHuman

            return await ActionRequestHuman().run(dispatcher, tracker, domain)
        asked = topic_of(intent_of(tracker))
        if is_space_topic(asked):  # ("… max fine for overcrowding a unit?": the penalties' figure)
            said = tracker.latest_message.get("text") or ""
            asked = told_other_topic(said) or figure_of_other_topic(kb(), said) or asked
        place, other = current_municipality(tracker)  # "… rats … can the town condemn it?": the asking sentence's topic
        said, where, ranks = tracker.latest_message.get("text") or "", None if other else place, intent_ranking(tracker.latest_message)
        asked = runner_up_topic(kb(), said, asking_sentence_topic(kb(), said, asked, where), ranks, where)  # a close second
        asked = pinned_topic(kb(), tracker.latest_message.get("text") or "") or asked  # "how much fine … if he dont fix the heat"
        # the space check in play goes on ("and for 3 people?", "3, 7 and 14"); a message the NLU reads as
        # another topic's question goes on with it only when it is the ages the last answer asked for
        if follows_space_check(tracker, ages_only=asked is not None and not is_space_topic(asked)):
            return answer_or_ask(dispatcher, tracker, space_topic(tracker))
        if (asked is None or is_space_topic(asked)) and follows_space_figure(tracker):  # "for 2 kids" after the figure
            return answer_space_figure(dispatcher, tracker)
        if adds_facts(tracker, asked):  # "it's a duplex" after "who buys the garbage cans?"
            return answer_or_ask(dispatcher, tracker, tracker.get_slot("topic"), same_question=True, follow_up=True)
        text = tracker.latest_message.get("text") or ""
        last = tracker.get_slot("topic")
        confidence = float((tracker.latest_message.get("intent") or {}).get("confidence") or 0.0)
        key, unknown = current_municipality(tracker)
        # "is that per day or just one time?" after the fine; "can the buyer just use my permit?" after a rooming-house
        # permit answer, which the NLU took, unsure, for a topic this code does not address (basements in Dresser)
        place = key if not unknown else None
        kept = keeps_topic(kb(), text, asked, confidence, last)
        if kept or unaddressed_guess(kb(), place, asked, confidence, last):
            from actions.fallback import follow_up_answer

            # (a guess this code does not address gives way only to a short follow-up)
            within = follow_up_answer(tracker, text, last, place, kept or len(text.split()) <= GUESS_FOLLOW_UP_MAX_WORDS, None)
            if within is not None:
                return send(dispatcher, within, tracker) + [SlotSet("municipality", key), SlotSet("topic", last)]
        asked = named_room_figure(text, asked) or asked  # "what is the minimum window area for a sleeping room of 100 sq ft?"
        if asked and not is_space_topic(asked) and not room_figure_topic(asked) and checks_a_room(text):
            # "dresser rooming house with 3 roomers in a 10x12 room, ok?": the check, whatever the topic (not a
            # window or ceiling question: "my husband is 6'2\", is there a minimum ceiling height?")
            request = parsing.parse_space_request(text)
            return answer_or_ask(
                dispatcher, tracker, space.space_topic(kb(), request.kind or "bedroom", request.rooming)
            )
        topic = asked or tracker.get_slot("pending_topic") or tracker.get_slot("topic")
        if topic is None:
            named = duty_asked(kb(), None, text)
            if named:  # "4 unit, 2 tenants' units dirty. me or them?"
                return answer_or_ask(dispatcher, tracker, named[1])
        if topic is None and ("?" in text or text.lower().split()[:1] in ([w] for w in QUESTION_STARTS)):
            from actions.fallback import ActionClarify  # a question with facts but no topic yet: search the code

            return await ActionClarify().run(dispatcher, tracker, domain)
        if topic is None:
            topic = topic_for_duty(kb(), fact_reading.asked_duty(text, kb().fact_vocabulary())) or topic_from_text(
                kb(), text
            )
        if topic is None:
            dispatcher.utter_message(
                text="Thanks, I'll keep that in mind. What would you like to know about your housing code?"
            )
            return [SlotSet("facts", current_facts(tracker))]
        return answer_or_ask(
            dispatcher, tracker, topic, same_question=asked is None or asked == tracker.get_slot("topic")
        )


class ActionSetMunicipality(Action):
    """Remember the municipality the user named; answer the waiting (or last) question for it."""

    def name(self) -> str:
        return "action_set_municipality"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        key, unknown = current_municipality(tracker)
        # "I'm in Madison, who exterminates?": the question waits for the place; "and the bedroom in Amery?"
        asked = topic_asked(tracker, 0.15 if key is None or unknown else 0.3)
        if key is None or unknown:
            if asked:
                return answer_or_ask(dispatcher, tracker, asked)
            events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
            return events + [SlotSet("municipality", None)]
        text = tracker.latest_message.get("text") or ""
        from actions.handoff import waiting_hand_off

        wanted = waiting_hand_off(tracker)
        if wanted is not None:  # "is there someone at the town I can talk to?" … "howard": that town's officer
            answer = handoff(kb(), key, wanted, tracker.get_slot("topic"))
            return send(dispatcher, answer, tracker) + [SlotSet("municipality", key)]
        named = topic_for_duty(kb(), fact_reading.asked_duty(text, kb().fact_vocabulary()))
        if named:  # "City of Amery utilities", "do I have to let the landlord in, twn of holland"
            return answer_or_ask(dispatcher, tracker, named)
        if asked:
            return answer_or_ask(dispatcher, tracker, asked)
        topic = tracker.get_slot("pending_topic") or tracker.get_slot("topic")
        if topic:
            return answer_or_ask(dispatcher, tracker, topic, same_question=True)
        topic = topic_from_text(kb(), text)
        if topic:  # "Town of Howard trash q"
            return answer_or_ask(dispatcher, tracker, topic)
        if latest_entity(tracker, "user_role"):  # "I'm a landlord in the Town of Holland"
            return await ActionSetRole().run(dispatcher, tracker, domain)
        waiting = question_before_place(tracker)
        if waiting is not None:  # "… who is treated as the owner under a land contract?" … "amery": that question
            from knowledge.compose import answer_unsure

            question, parse = waiting
            unsure = answer_unsure(kb(), question, key, current_role(tracker), intent_ranking(parse), current_facts(tracker))
            if unsure.housing and unsure.answer is not None:
                events = send(dispatcher, unsure.answer, tracker) + [SlotSet("municipality", key)]
                return events + ([SlotSet("topic", unsure.topic)] if unsure.topic else [])
        name = kb().municipality(key).name
        dispatcher.utter_message(text=f"Got it: {name}. What would you like to know about its housing code?")
        return [SlotSet("municipality", key)]


class ActionSetRole(Action):
    """Remember whether the user is a tenant, a landlord or a clerk."""

    def name(self) -> str:
        return "action_set_role"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        role = current_role(tracker)
        key, _ = current_municipality(tracker)
        where = f" in the {kb().municipality(key).name}" if key else ""
        if role == "clerk":
            text = f"Welcome. I'll give you full sections and verbatim quotes{where}. What is the resident's question?"
        elif role in ("tenant", "landlord"):
            text = f"Thanks. I'll answer as for a {role}{where}. What would you like to know?"
        else:
            text = "Thanks. What would you like to know about your housing code?"
        events: List[Dict[str, Any]] = [SlotSet("role", role)]
        if key:
            events.append(SlotSet("municipality", key))
        topic = tracker.get_slot("pending_topic")
        if topic and key:
            return events + answer_or_ask(dispatcher, tracker, topic, same_question=True)
        if key and adds_facts(tracker):  # "I rent one unit of a duplex" after a "who" question
            return events + answer_or_ask(
                dispatcher, tracker, tracker.get_slot("topic"), same_question=True, follow_up=True
            )
        asked = duty_asked(kb(), None, tracker.latest_message.get("text") or "")
        if asked:  # "I rent a house in Howard. Do I have to let the landlord in to fix stuff?"
            return events + answer_or_ask(dispatcher, tracker, asked[1])
        dispatcher.utter_message(text=text)
        return events


class ActionAnswerFact(Action):
    """A yes or no to the question the last answer asked ("Was it the owner's fault?")."""

    def name(self) -> str:
        return "action_answer_fact"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        asked = tracker.get_slot("asked_fact")
        topic = tracker.get_slot("topic")
        if topic and adds_facts(tracker):  # "the unit is vacant" read as a yes or no
            return answer_or_ask(dispatcher, tracker, topic, same_question=True, follow_up=True)
        facts = (kb().meta("facts") or {}) if asked else {}
        if not asked or not topic or facts.get(asked, {}).get("type") != "bool":
            if asked and topic:
                dispatcher.utter_message(text=kb().fact_question(asked) + " (a number, please)")
            else:
                dispatcher.utter_message(text="OK. What would you like to know about your housing code?")
            return []
        known = dict(tracker.get_slot("facts") or {})
        known[asked] = intent_of(tracker) == "affirm"
        return answer_or_ask(dispatcher, tracker, topic, known, same_question=True)
