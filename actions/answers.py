"""Actions that answer topic questions from the knowledge base, with the conversation's memory."""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.common import current_facts, current_municipality, current_role, intent_of, kb, send
from actions.safety import guarded
from actions.space import answer_space
from knowledge import facts as fact_reading
from knowledge import parsing
from knowledge.compose import (
    TOPIC_DUTIES,
    answer_duty,
    answer_topic,
    ask_municipality,
    duty_asked,
    topic_for_duty,
    topic_from_text,
)
from knowledge.kb import KnowledgeBaseError

CANNOT_LOOK_UP = "Sorry, I can't look that up right now. Please try again in a moment."
SPACE_TOPICS = ("sleeping_room_size", "occupancy_floor_space")


def updated_space(tracker: Tracker, last: Dict[str, Any]) -> Dict[str, Any]:
    """The last space check's facts with what the latest message changes ("and for two people?")."""
    text = tracker.latest_message.get("text") or ""
    rooms = parsing.parse_rooms(text)
    people = parsing.parse_people(text)
    ages = parsing.parse_ages(text)
    return {
        "kind": last.get("kind", "bedroom"),
        "size": text if rooms else last.get("size"),
        "people": people if people is not None else last.get("people"),
        "ages": ages or (None if people is not None else last.get("ages")),
    }


def adds_facts(tracker: Tracker, asked_topic: str | None = None) -> bool:
    """Whether the latest message adds facts to the last "who" question (whatever its intent)."""
    last = tracker.get_slot("topic")
    text = tracker.latest_message.get("text") or ""
    changed = asked_topic is not None and asked_topic != last
    related = TOPIC_DUTIES.get(last or "", ())
    return bool(last) and fact_reading.adds_facts(
        text, kb().fact_vocabulary(), tracker.get_slot("follow_duty"), changed, related
    )


def topic_of(intent: str) -> str | None:
    """The knowledge-base topic an ``ask_<topic>`` intent asks about (None for other intents)."""
    if intent.startswith("ask_") and intent[4:] in kb().topics():
        return intent[4:]
    return None


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
    last_space = tracker.get_slot("last_space")
    if key and topic in SPACE_TOPICS and isinstance(last_space, dict):
        return answer_space(dispatcher, tracker, updated_space(tracker, last_space))
    facts = current_facts(tracker) if facts is None else facts
    text = tracker.latest_message.get("text") or ""
    remembered = tracker.get_slot("follow_duty") if follow_up else tracker.get_slot("duty") if same_question else None
    asked = duty_asked(kb(), topic, text, remembered, follow_up, facts)
    duty, topic = asked if asked else (None, topic)
    if key is None:
        events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
        return events + [
            SlotSet("pending_topic", topic),
            SlotSet("municipality", None),
            SlotSet("facts", facts),
            SlotSet("duty", duty),
            SlotSet("follow_duty", duty or kb().fact_vocabulary().topic_duty.get(topic)),
        ]
    try:
        if duty:
            answer = answer_duty(kb(), key, duty, facts, topic, current_role(tracker))
        else:
            answer = answer_topic(kb(), key, topic, facts, current_role(tracker))
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
        asked = topic_of(intent_of(tracker))
        if adds_facts(tracker, asked):  # "it's a duplex" after "who buys the garbage cans?"
            return answer_or_ask(dispatcher, tracker, tracker.get_slot("topic"), same_question=True, follow_up=True)
        topic = asked or tracker.get_slot("pending_topic") or tracker.get_slot("topic")
        if topic is None:
            text = tracker.latest_message.get("text") or ""
            named = duty_asked(kb(), None, text)
            if named:  # "4 unit, 2 tenants' units dirty. me or them?"
                return answer_or_ask(dispatcher, tracker, named[1])
            topic = topic_for_duty(fact_reading.asked_duty(text, kb().fact_vocabulary())) or topic_from_text(text)
        if topic is None:
            dispatcher.utter_message(
                text="Thanks, I'll keep that in mind. What would you like to know about your housing code?"
            )
            return [SlotSet("facts", current_facts(tracker))]
        return answer_or_ask(dispatcher, tracker, topic, same_question=asked is None or asked == tracker.get_slot("topic"))


class ActionSetMunicipality(Action):
    """Remember the municipality the user named; answer the waiting (or last) question for it."""

    def name(self) -> str:
        return "action_set_municipality"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        key, unknown = current_municipality(tracker)
        if key is None or unknown:
            events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
            return events + [SlotSet("municipality", None)]
        text = tracker.latest_message.get("text") or ""
        named = topic_for_duty(fact_reading.asked_duty(text, kb().fact_vocabulary()))
        if named:  # "City of Amery utilities", "do I have to let the landlord in, twn of holland"
            return answer_or_ask(dispatcher, tracker, named)
        topic = tracker.get_slot("pending_topic") or tracker.get_slot("topic")
        if topic:
            return answer_or_ask(dispatcher, tracker, topic, same_question=True)
        topic = topic_from_text(text)
        if topic:  # "Town of Howard trash q"
            return answer_or_ask(dispatcher, tracker, topic)
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
            return events + answer_or_ask(dispatcher, tracker, tracker.get_slot("topic"), same_question=True, follow_up=True)
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
