"""What every action shares: the knowledge base, reading the tracker, sending answers."""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher

from knowledge import facts as fact_reading
from knowledge.answer_parts import channel_payload
from knowledge.compose import DISCLAIMER, Answer
from knowledge.entities import named_as_nearby, other_place_wins, role_of, two_covered_named
from knowledge.kb import KnowledgeBase

_KB: KnowledgeBase | None = None

def kb() -> KnowledgeBase:
    """The process-wide knowledge base (opened on first query, not at import)."""
    global _KB
    if _KB is None:
        _KB = KnowledgeBase()
    return _KB


def intent_of(tracker: Tracker) -> str:
    """The latest message's intent name ('' when none)."""
    return (tracker.latest_message.get("intent") or {}).get("name") or ""


def latest_entity(tracker: Tracker, entity: str) -> str | None:
    """The last value of an entity in the latest message."""
    values = list(tracker.get_latest_entity_values(entity))
    return str(values[-1]) if values else None


def current_municipality(tracker: Tracker) -> tuple[str | None, str | None]:
    """(key of the municipality in play, a place the user named that is not covered)."""
    named = latest_entity(tracker, "municipality")
    other = latest_entity(tracker, "other_place")
    cores = [m.name.split(" of ", 1)[-1].lower() for m in kb().municipalities()]
    text = tracker.latest_message.get("text") or ""
    if other and other_place_wins(named, other, cores, kb().places(), text):
        return None, other  # "Village of Howard", "Holland, Michigan", "outside city limits": never a covered code
    if named and named_as_nearby(text, named, kb().places()):
        return None, f"near {named}"  # "I live near Amery": somewhere beside a covered place, not in it
    if named:
        open_between = _open_between(tracker, text)
        if open_between:  # "rentals in both Holland and Howard": which code the question is for is not said
            return None, " and ".join(kb().municipality(k).name for k in open_between)
        key = _named_municipality(tracker, named)
        outside = _said_outside(tracker, key, cores) if key else None
        if outside and len(text.split()) > len(str(named).split()) + BARE_CHOICE_EXTRA_WORDS:
            # "I live just outside the Amery city limits" … "does the amery rental license thing apply to my landlord?":
            # still outside (a bare "Amery" answering "which one?" picks it)
            return None, outside
        if key:
            return key, None
    if other:
        return None, other
    if named:
        return None, named
    remembered = tracker.get_slot("municipality")
    return (kb().resolve_municipality(remembered), None) if remembered else (None, None)


# A message naming a place with at most this many other words only picks it ("Amery", "it's in Amery").
BARE_CHOICE_EXTRA_WORDS = 3
# How many earlier user messages are read for a place the user said the dwelling is outside of, or near.
OUTSIDE_TURNS = 3


def _said_outside(tracker: Tracker, key: str, cores: List[str]) -> str | None:
    """The uncovered place an earlier message gave as outside, or near, the covered municipality ``key`` ("just
    outside the Amery city limits"), or None."""
    users = [e for e in tracker.events if e.get("event") == "user"][:-1][-OUTSIDE_TURNS:]
    for event in reversed(users):
        text = event.get("text") or ""
        entities = (event.get("parse_data") or {}).get("entities") or []
        named = next((e.get("value") for e in entities if e.get("entity") == "municipality"), None)
        other = next((e.get("value") for e in entities if e.get("entity") == "other_place"), None)
        resolved = kb().resolve_municipality(str(named)) if named else None
        if other and other_place_wins(named, other, cores, kb().places(), text):
            if resolved == key or (not named and key in str(other).lower()):
                return str(other)
        elif named and resolved == key and named_as_nearby(text, named, kb().places()):
            return f"near {named}"
    return None


def _open_between(tracker: Tracker, text: str) -> List[str]:
    """The covered municipalities a message names when it leaves the choice between them open: two or more named,
    none of them the one in play (that one's answer came first: "Does Howard permit posting alone, as Holland
    does?" asks about Howard) and none given as where the user comes from."""
    values = [str(v) for v in tracker.get_latest_entity_values("municipality")]
    keyed = [(kb().resolve_municipality(v), v) for v in values]
    keys = [k for k, _ in keyed if k]
    slot = _slot_before_message(tracker, "municipality")
    remembered = kb().resolve_municipality(slot) if isinstance(slot, str) and slot else None
    if remembered in keys:
        return []
    return two_covered_named(keys, {k: v for k, v in reversed(keyed) if k}, kb().places(), text)


def user_texts(tracker: Tracker) -> List[str]:
    """The text of every user message of the conversation, oldest first (the latest last)."""
    return [str(e.get("text") or "") for e in tracker.events or [] if e.get("event") == "user"]


def _slot_before_message(tracker: Tracker, slot: str) -> Any:
    """A slot's value before the latest message (its entities fill some slots before any action runs)."""
    events = list(tracker.events)
    last_user = max((i for i, e in enumerate(events) if e.get("event") == "user"), default=len(events))
    for event in reversed(events[:last_user]):
        if event.get("event") == "slot" and event.get("name") == slot:
            return event.get("value")
        if event.get("event") == "restart":
            return None
    return None


def _named_municipality(tracker: Tracker, last: str) -> str | None:
    """The covered municipality a message names. Naming two, it means the first that is not the one in play ("Does the
    Town of Howard permit service by posting alone, as Holland does?" after a Holland answer: Howard; "not Holland,
    Muskego": Muskego); naming one, that one."""
    keys = [k for k in (kb().resolve_municipality(str(v)) for v in tracker.get_latest_entity_values("municipality")) if k]
    if len(set(keys)) < 2:
        return kb().resolve_municipality(last)
    slot = tracker.get_slot("municipality")
    remembered = kb().resolve_municipality(slot) if isinstance(slot, str) and slot else None
    return next((k for k in keys if k != remembered), keys[0])


def current_role(tracker: Tracker) -> str | None:
    """tenant, landlord or clerk, when the user said so (now or earlier)."""
    said = role_of(latest_entity(tracker, "user_role") or tracker.get_slot("role"))
    if said:
        return said
    # "My landlord … says he needs to come in" then "do I have to let him in?": a tenant's words, said earlier
    earlier = [e.get("text") or "" for e in tracker.events if e.get("event") == "user"][:-1]
    return fact_reading.asker_role(" ".join(earlier[-EARLIER_TURNS:]), kb().fact_vocabulary())


# How many earlier user messages are read for the side the user's words show.
EARLIER_TURNS = 3


def current_facts(tracker: Tracker) -> Dict[str, Any]:
    """The building facts known so far, corrected by what the latest message says (whatever its intent)."""
    known = tracker.get_slot("facts")
    text = tracker.latest_message.get("text") or ""
    return fact_reading.update(
        known if isinstance(known, dict) else {}, text, kb().fact_vocabulary(), current_role(tracker), intent_of(tracker)
    )


def send(dispatcher: CollectingDispatcher, answer: Answer, tracker: Tracker) -> List[Dict[str, Any]]:
    """Utter an answer (text, buttons, custom payload); add the disclaimer once per conversation."""
    text = answer.text
    events: List[Dict[str, Any]] = []
    if answer.payload.get("citations") and not tracker.get_slot("disclaimer_shown"):
        text += "\n" + DISCLAIMER
        events.append(SlotSet("disclaimer_shown", True))
    payload = channel_payload(text, answer.payload) if answer.payload else None  # the text's parts, for channels
    dispatcher.utter_message(text=text, buttons=answer.buttons or None, json_message=payload)
    events.append(SlotSet("facts", current_facts(tracker)))  # every message's facts are kept
    if answer.payload.get("citations"):
        events.append(SlotSet("last_citations", answer.payload["citations"]))
    return events


def question_before_place(tracker: Tracker) -> tuple[str, Dict[str, Any]] | None:
    """The user's message before the latest one and its parse, when the bot answered it by asking which municipality
    ("Where a rental dwelling is being purchased on a land contract, who is treated as the owner?" … "amery"): the
    question waits for the place."""
    events = list(tracker.events or [])
    users = [i for i, e in enumerate(events) if e.get("event") == "user"]
    if len(users) < 2:
        return None
    between = [e for e in events[users[-2] + 1 : users[-1]] if e.get("event") == "bot"]
    custom = ((between[-1].get("data") or {}).get("custom") or {}) if between else {}
    if custom.get("ask") != "municipality":
        return None
    earlier = events[users[-2]]
    return str(earlier.get("text") or ""), earlier.get("parse_data") or {}


# How many earlier user messages are read for the people a question about bathroom fixtures counts on.
COUNT_TOLD_TURNS = 2


def with_counted_people(tracker: Tracker, text: str) -> str:
    """A question that states how many bathrooms there are but counts no people, with the earlier message that
    counted them before it ("There are 8 of us renting rooms." … "There's only one bathroom for all of us. Is that
    even allowed?"); the question alone otherwise."""
    from knowledge import selector
    from knowledge.compose.fixture_counts import stated_fixtures

    if stated_fixtures(text) is None or selector.head_count(text) is not None:
        return text
    earlier = user_texts(tracker)[:-1][-COUNT_TOLD_TURNS:]
    counted = next((t for t in reversed(earlier) if not t.startswith("/") and selector.head_count(t)), None)
    return f"{counted.rstrip(' .!?')}. {text}" if counted else text
