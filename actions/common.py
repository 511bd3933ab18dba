"""What every action shares: the knowledge base, reading the tracker, sending answers."""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from knowledge.compose import DISCLAIMER, Answer
from knowledge.kb import KnowledgeBase

_KB: KnowledgeBase | None = None


def kb() -> KnowledgeBase:
    """The process-wide knowledge base (opened on first query, not at import)."""
    global _KB
    if _KB is None:
        _KB = KnowledgeBase()
    return _KB


def mentioned_municipality(tracker: Tracker) -> str | None:
    """The municipality named in the latest message, as the user wrote it."""
    values = list(tracker.get_latest_entity_values("municipality"))
    return values[-1] if values else None


def current_municipality(tracker: Tracker) -> tuple[str | None, str | None]:
    """(key of the municipality in play, unknown name the user gave) from message and memory."""
    named = mentioned_municipality(tracker)
    if named:
        key = kb().resolve_municipality(named)
        return (key, None) if key else (None, named)
    remembered = tracker.get_slot("municipality")
    return (kb().resolve_municipality(remembered), None) if remembered else (None, None)


def send(dispatcher: CollectingDispatcher, answer: Answer, tracker: Tracker) -> List[Dict[str, Any]]:
    """Utter an answer (text, buttons, custom payload); add the disclaimer once per conversation."""
    text = answer.text
    events: List[Dict[str, Any]] = []
    if answer.payload.get("citations") and not tracker.get_slot("disclaimer_shown"):
        text += "\n" + DISCLAIMER
        events.append(SlotSet("disclaimer_shown", True))
    dispatcher.utter_message(text=text, buttons=answer.buttons or None, json_message=answer.payload or None)
    return events
