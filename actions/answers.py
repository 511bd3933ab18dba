"""Actions that answer ordinance questions from the knowledge base."""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.common import current_municipality, kb, send
from knowledge.compose import answer_topic, ask_municipality
from knowledge.kb import KnowledgeBaseError


def topic_of(intent: str) -> str:
    """The knowledge-base topic an ``ask_<topic>`` intent asks about."""
    return intent[4:] if intent.startswith("ask_") else intent


def answer_or_ask(dispatcher: CollectingDispatcher, tracker: Tracker, topic: str) -> List[Dict[str, Any]]:
    """Answer ``topic`` for the municipality in play, or ask which municipality (and remember the topic)."""
    key, unknown = current_municipality(tracker)
    if key is None:
        events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
        return events + [SlotSet("pending_topic", topic), SlotSet("municipality", None)]
    try:
        answer = answer_topic(kb(), key, topic)
    except KnowledgeBaseError as exc:
        dispatcher.utter_message(text=f"Sorry, I can't look that up right now: {exc}")
        return []
    return send(dispatcher, answer, tracker) + [SlotSet("municipality", key), SlotSet("pending_topic", None)]


class ActionAnswerTopic(Action):
    """Answer the topic the latest intent asks about."""

    def name(self) -> str:
        return "action_answer_topic"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        intent = tracker.latest_message.get("intent", {}).get("name") or ""
        return answer_or_ask(dispatcher, tracker, topic_of(intent))


class ActionSetMunicipality(Action):
    """Remember the municipality the user named; answer the question that was waiting for it."""

    def name(self) -> str:
        return "action_set_municipality"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        key, unknown = current_municipality(tracker)
        if key is None:
            events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
            return events + [SlotSet("municipality", None)]
        pending = tracker.get_slot("pending_topic")
        if pending:
            return answer_or_ask(dispatcher, tracker, pending)
        name = kb().municipality(key).name
        dispatcher.utter_message(text=f"Got it: {name}. What would you like to know about its housing code?")
        return [SlotSet("municipality", key)]
