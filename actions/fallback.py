"""When the assistant is not sure what was asked: the provision selector searches the whole code.

A good match is answered as "The closest provision in the … code"; a housing question with no
match gets "the … code text does not address …" with the enforcing officer (and goes to the
clerk's review list); "not sure I understood" is kept for messages with no housing content.
The logic is :func:`knowledge.compose.answer_unsure`; this action only adapts the tracker.
"""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.answers import (
    CANNOT_LOOK_UP,
    adds_facts,
    after_story,
    answer_or_ask,
    follows_space_check,
    intent_ranking,
    is_space_topic,
    named_room_figure,
    room_figure_topic,
    space_in_message,
    space_topic,
    space_topic_named,
    topic_asked,
    topic_of,
)
from actions.common import (
    current_facts,
    current_municipality,
    current_role,
    kb,
    latest_entity,
    send,
    with_counted_people,
)
from actions.safety import guarded
from actions.space import answer_space, answer_space_figure, follows_space_figure, rooming_in_play, updated_space
from knowledge import parsing, selector, space
from knowledge.compose import answer_topic, answer_unsure, ask_municipality, duty_asked, topic_for_duty, topic_from_text
from knowledge.compose.asked import asks_other_figure_for, figure_of_other_topic, pinned_topic
from knowledge.compose.definitions import member_definition, quoted_definition
from knowledge.compose.membership import question_parts
from knowledge.facts import asked_duty
from knowledge.handoff import wants_person
from knowledge.kb import KnowledgeBaseError
from knowledge.question_form import asks_wh, refers_back, states_context
from knowledge.scopes import named_scopes

MAX_SUGGESTIONS = 3
# Entities that make an unclear message a follow-up to the last answer ("and for two people?").
FOLLOW_UP_ENTITIES = ("people", "dimensions", "age", "units", "municipality")


# A message this short, or opening as a follow-up ("and how long is that permit good for?"), asks about the topic in play
FOLLOW_UP_MAX_WORDS = 12
# A message this short that names no topic ("how high", "how much does it cost") asks about the topic in play, even
# where another topic's provision matches its few words better (the ceiling's height after a handrail answer).
BARE_FOLLOW_UP_MAX_WORDS = 5


def follow_up_answer(
    tracker: Tracker, text: str, topic: str | None, key: str | None, follow_up: bool, closest: str | None
) -> Any:
    """The answer the topic in play gives to a short or follow-up question the classifier was unsure of ("what kind
    of cans do they have to be?" after a garbage answer), or None (no topic or place in play, a long question, a
    better match in another topic, or nothing in the topic that answers it)."""
    if not topic or not key or topic not in kb().topics():
        return None
    if not (follow_up or len(text.split()) <= FOLLOW_UP_MAX_WORDS) or closest not in (None, topic) and not follow_up:
        return None
    # the kind of dwelling the last question named goes on ("a rooming house permit?" … "how long is that permit good for?")
    users = [e for e in tracker.events or [] if e.get("event") == "user"]
    before = str(users[-2].get("text") or "") if len(users) > 1 else ""
    carried = sorted(named_scopes(kb(), before) - named_scopes(kb(), text))
    counted = with_counted_people(tracker, text)  # "8 of us renting rooms" … "only one bathroom. ok?"
    question = f"{counted} ({', '.join(carried)})" if carried else counted
    # ("is there a different number for bathrooms?" after the heating figure: the heating topic's, not the guesses')
    ranking = [] if asks_other_figure_for(text) else intent_ranking(tracker.latest_message)
    answer = answer_topic(kb(), key, topic, current_facts(tracker), current_role(tracker), question, ranking)
    if carried and answer.payload.get("term") and not kb().match_term(text, key):
        # "how high does it gotta be" after basement stairs: the kind of dwelling carried along is where, not a term
        answer = answer_topic(
            kb(), key, topic, current_facts(tracker), current_role(tracker), text, intent_ranking(tracker.latest_message)
        )
    unanswered = not answer.payload.get("addressed", True) or answer.payload.get("review") == "no_match"
    if unanswered and before and not before.startswith("/") and refers_back(text, kb().meta("back_references") or ()):
        # "does anyone at the village get told about that?" after "the gas company shut off our gas …": what "that" is
        answer = answer_topic(
            kb(), key, topic, current_facts(tracker), current_role(tracker), f"{before.rstrip(' .?!')}. {text}",
            intent_ranking(tracker.latest_message),
        )
        unanswered = not answer.payload.get("addressed", True) or answer.payload.get("review") == "no_match"
    return None if unanswered else answer


# A later message this long or shorter that no provision of its guessed topic matches is tried on the topic in play
# before it is said to be unaddressed ("landlord says that only counts when its 'normal' cold out, not when its like
# -15 like last week. is he right?" after a heating answer).
IN_PLAY_MAX_WORDS = 25


def in_play_instead(tracker: Tracker, text: str, key: str | None, guessed: str | None) -> Any:
    """The answer the topic in play gives to a later message of the same conversation that the guessed topic has no
    matching provision for ("do i seriously have to wash their sheets too??" after a rooming-house permit answer,
    taken for penalties; "Two seats are vacant. Who makes the appointments?" after a quorum answer), or None (no
    earlier question, no other topic in play, a long message, or nothing in the topic in play that answers it)."""
    last = tracker.get_slot("topic")
    if not key or not last or last == guessed or len(text.split()) > IN_PLAY_MAX_WORDS:
        return None
    if sum(1 for e in tracker.events or [] if e.get("event") == "user") < 2:
        return None
    return follow_up_answer(tracker, text, last, key, True, None)


def sized_figure_topic(tracker: Tracker, min_confidence: float = 0.2) -> str | None:
    """The classifier's best topic when it computes figures for a room's size without being a space check
    (``space_kinds`` but not ``space``: windows, ceilings), so a sized room with a window question gets its
    window figures rather than a bedroom check; None otherwise."""
    ranking = [i for i in tracker.latest_message.get("intent_ranking") or [] if isinstance(i, dict)]
    best = next((i for i in ranking if i.get("name") != "nlu_fallback"), None)
    if not best or float(best.get("confidence") or 0) < min_confidence:
        return None
    topic = kb().topic_for_intent(str(best.get("name")))
    if topic and room_figure_topic(topic):  # windows, ceilings; not rooming houses, whose check is a bedroom's
        return topic
    return None


class ActionClarify(Action):
    """Low NLU confidence: ask which of the likely topics was meant (as buttons)."""

    def name(self) -> str:
        return "action_clarify"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        text = (tracker.latest_message.get("text") or "").strip()
        if not text:
            dispatcher.utter_message(
                text='Did you mean to ask something? Try "Who has to exterminate the roaches?" or say "help".'
            )
            return []
        if wants_person(kb(), text):  # "who do I call in Muskego? my landlord won't fix anything"
            from actions.handoff import ActionRequestHuman

            return await ActionRequestHuman().run(dispatcher, tracker, domain)
        key, unknown = current_municipality(tracker)
        if unknown and key is None and latest_entity(tracker, "other_place"):
            # "I'm in Eau Claire", "ok and in Osceola?": a place whose code I don't have; the question in play waits
            pending = topic_asked(tracker, 0.2) or tracker.get_slot("topic") or tracker.get_slot("pending_topic")
            if pending:
                return answer_or_ask(dispatcher, tracker, pending)
            return send(dispatcher, ask_municipality(kb(), unknown), tracker) + [SlotSet("municipality", None)]
        request = parsing.parse_space_request(text)
        # "… 460 square feet … Does the baby even count?" is checked with its room: no definition first
        member = member_definition(kb(), text, key) if key and not unknown and not request.rooms else None
        if member is not None:  # "Does that include a baby?" after a floor-space answer: what an occupant is
            return send(dispatcher, member, tracker) + [SlotSet("municipality", key)]
        one_part = len(question_parts(text)) == 1  # "to what temperature …, and how is '…' defined?": both parts, below
        if key and not unknown and one_part and selector.question_kind(text) == "definition" and kb().match_term(text, key):
            from actions.lookup import ActionDefine  # "How does Chapter 190 … define a rooming house …?"

            return await ActionDefine().run(dispatcher, tracker, domain)
        if follows_space_check(tracker):  # "and for 3 people?", "3, 7 and 14": the space check in play goes on
            return answer_or_ask(dispatcher, tracker, space_topic(tracker))
        if follows_space_figure(tracker):  # "for 2 kids" after "how big does a bedroom have to be?"
            return answer_space_figure(dispatcher, tracker)
        pinned = pinned_topic(kb(), text)
        if pinned is not None:  # "what happens to my landlord … my water heater has been out … does he get fined?"
            return answer_or_ask(dispatcher, tracker, pinned)
        topic = tracker.get_slot("topic")
        # "same question but for the Town of Howard", "and what about my other rental over in amery?": the last
        # question, for the place the message names (before any facts it may seem to add: "my apartment")
        place_follow_up = request.follow_up and bool(latest_entity(tracker, "municipality"))
        if topic and place_follow_up and not space_in_message(tracker):
            return answer_or_ask(dispatcher, tracker, topic)
        if adds_facts(tracker):  # "4plex, common hallway" after a "who" question
            return answer_or_ask(dispatcher, tracker, topic, same_question=True, follow_up=True)
        # "whats the fine if i rent out a bdrm thats too small?": the penalties' figure, not the room's check
        other_figure = figure_of_other_topic(kb(), text) if request.kind or request.asks_adequacy else None
        if other_figure is not None:
            return answer_or_ask(dispatcher, tracker, other_figure)
        if request.kind in ("unit", "bedroom") and request.asks_adequacy:
            # "is my apartment big enough? It's in Howard": the space check asks for what it needs
            wanted = space.space_topic(kb(), request.kind)
            return answer_space(dispatcher, tracker, updated_space(tracker, None, wanted))
        if space_in_message(tracker):  # "bdrm 9x10 2 kids ok?", even after another topic
            # (… or the one the message names: "howard br 11x12, window is only 8 sq ft. ok?")
            computed = sized_figure_topic(tracker) or named_room_figure(text, space_topic_named(text))
            if computed:  # "minimum window area for a sleeping room measuring 100 square feet?": the room's windows
                return answer_or_ask(dispatcher, tracker, computed)
            if not is_space_topic(topic):  # "… a rooming house in Dresser … move a second guy into my room. It's 10 by 9"
                rooming = request.rooming or rooming_in_play(tracker)
                topic = space.space_topic(kb(), "unit" if request.kind == "unit" else "bedroom", rooming)
            return answer_or_ask(dispatcher, tracker, topic)
        # a message naming a duty ("Utilities in Dresser, WI?"), whatever the NLU made of it: its verdict
        named = asked_duty(text, kb().fact_vocabulary())
        asked_duty_topic = duty_asked(kb(), None, text) or (
            duty_asked(kb(), topic_for_duty(kb(), named), text) if named else None
        )
        if asked_duty_topic:
            return answer_or_ask(dispatcher, tracker, asked_duty_topic[1])
        # a topic's word in a bare phrase ("Town of Howard trash q"), or in a question the classifier also thought of
        # that topic ("… to what temperature must heating facilities …?"); otherwise a wh-question ("During insect
        # season, what must be fitted on a door …?": not pests) is left to the selector, which reads all of its words
        named_topic = topic_from_text(kb(), text) if latest_entity(tracker, "municipality") else None
        guessed = {topic_of(name) for name, _ in intent_ranking(tracker.latest_message)}
        if named_topic and asks_wh(text) and named_topic not in guessed:
            named_topic = None
        if named_topic and key and len(question_parts(text)) == 1 and quoted_definition(kb(), text, key) is not None:
            named_topic = None  # "How does … define 'ordinary minimum winter conditions' for the heating requirement?"
        if named_topic and topic_for_duty(kb(), kb().fact_vocabulary().topic_duty.get(named_topic)):
            return answer_or_ask(dispatcher, tracker, named_topic)  # "Town of Howard trash q"
        asked = topic_asked(tracker, 0.2)
        if asked and latest_entity(tracker, "other_place"):
            return answer_or_ask(dispatcher, tracker, asked)  # "Green Bay, who fixes the furnace?"
        if key and not unknown and states_context(text) and named is None and topic_from_text(kb(), text) is None:
            # "just bought a duplex in amery to rent out": the situation, remembered for the question that follows
            if latest_entity(tracker, "user_role"):  # "I'm a landlord in the Town of Holland"
                from actions.answers import ActionSetRole

                return await ActionSetRole().run(dispatcher, tracker, domain)
            name = kb().municipality(key).name
            dispatcher.utter_message(text=f"Got it: {name}. What would you like to know about its housing code?")
            return [SlotSet("municipality", key), SlotSet("facts", current_facts(tracker))]
        try:
            unsure = answer_unsure(
                kb(),
                after_story(tracker, text),
                None if unknown else key,
                current_role(tracker),
                intent_ranking(tracker.latest_message),
                current_facts(tracker),
            )
        except KnowledgeBaseError:
            dispatcher.utter_message(text=CANNOT_LOOK_UP)
            return []
        if asked and latest_entity(tracker, "municipality") and unsure.topic is None:
            # "Amery, who fixes the furnace?" with no provision matching well: the classifier's best guess
            return answer_or_ask(dispatcher, tracker, asked)
        switched = unsure.topic is not None and unsure.topic != topic
        if topic and not switched and any(latest_entity(tracker, e) for e in FOLLOW_UP_ENTITIES):
            return answer_or_ask(dispatcher, tracker, topic)  # "and for three people?", "and in Amery?"
        back = refers_back(text, kb().meta("back_references") or ())  # "how long is it good for before i renew?"
        # … or one with no housing word at all ("do i have to put em up" after a screens answer)
        words = len(text.split())
        bare = (words <= BARE_FOLLOW_UP_MAX_WORDS or not unsure.housing and words <= FOLLOW_UP_MAX_WORDS) and topic_from_text(kb(), text) is None
        within = follow_up_answer(
            tracker, text, topic, key if not unknown else None, request.follow_up or back or bare or asks_other_figure_for(text), unsure.topic
        )
        if within is not None:  # "how long do i have to file?" after an appeal answer: the topic in play answers it
            return send(dispatcher, within, tracker) + [SlotSet("municipality", key), SlotSet("topic", topic)]
        if unsure.housing and unsure.answer is not None and unsure.answer.payload.get("review") == "no_match":
            within = in_play_instead(tracker, text, key if not unknown else None, unsure.topic)
            if within is not None:  # "… -15 like last week. is he right?" after a heating answer: the heating rule
                return send(dispatcher, within, tracker) + [SlotSet("municipality", key), SlotSet("topic", topic)]
        if unsure.housing and unsure.answer is not None:
            events = send(dispatcher, unsure.answer, tracker) + [SlotSet("municipality", key)]
            if unsure.topic:
                events += [SlotSet("topic", unsure.topic), SlotSet("pending_topic", None)]
            return events
        if unsure.housing:  # a housing question, but which code? (the topic waits for the answer)
            events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
            # "… coming in tomorrow to fix the bathroom fan" … "how much warning is he supposed to give me?": the topic
            # already waiting stays when it is the classifier's best guess again
            waiting = tracker.get_slot("pending_topic")
            best = next((t for t in (topic_of(name) for name, _ in intent_ranking(tracker.latest_message)) if t), None)
            return events + [SlotSet("pending_topic", waiting if waiting and best == waiting else unsure.topic), SlotSet("municipality", None)]
        ranking = tracker.latest_message.get("intent_ranking") or []
        topics = kb().topics()
        likely = []
        for candidate in ranking:
            topic = topic_of(candidate.get("name", ""))
            if topic and topic not in likely and candidate.get("confidence", 0) >= 0.05:
                likely.append(topic)
        likely = likely[:MAX_SUGGESTIONS]
        if not likely:
            dispatcher.utter_message(
                text=f"Sorry, I'm not sure what you mean. I answer questions about {kb().covered_count()} "
                + " and ".join(sorted({m.state for m in kb().municipalities()}))
                + " "
                'housing codes; say "help" for examples.'
            )
            return []
        names = [topics[t].split(",")[0].split(" (")[0] for t in likely]
        dispatcher.utter_message(
            text="Sorry, I'm not sure I understood. Did you mean one of these?",
            buttons=[{"title": name, "payload": f"/ask_{topic}"} for name, topic in zip(names, likely)],
            json_message={"clarify": likely, "addressed": None, "fallback": True},
        )
        return []
