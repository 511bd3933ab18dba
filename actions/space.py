"""The space check ("Is my bedroom big enough?"): a Rasa form that asks only for what is missing.

The form collects the municipality, the room or unit size and the number of occupants (and
their ages where the code's figures depend on age); ``action_space_answer`` hands them to the
calculator in ``knowledge.space`` and sends its verdict, working and citation.
"""

from __future__ import annotations

from typing import Any, Dict, List

from rasa_sdk import Action, FormValidationAction, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.common import current_municipality, kb, send
from actions.safety import guarded
from knowledge import parsing, space
from knowledge.compose import ask_municipality
from knowledge.kb import KnowledgeBaseError

SPACE_INTENTS = ("ask_space_check", "ask_sleeping_room_size", "ask_occupancy_floor_space")
UNIT_WORDS = ("apartment", "unit", "house", "home", "flat", "live", "living", "overcrowd", "dwelling", "condo")
ROOM_WORDS = ("bedroom", "room", "sleep")


def space_request(tracker: Tracker) -> str:
    """The text of the message that asked for the space check."""
    for event in reversed(tracker.events):
        if (
            event.get("event") == "user"
            and (event.get("parse_data") or {}).get("intent", {}).get("name") in SPACE_INTENTS
        ):
            return event.get("text") or ""
    return tracker.latest_message.get("text") or ""


def space_kind(text: str) -> str:
    """ "bedroom" or "unit": what the user asked about."""
    lowered = text.lower()
    if any(w in lowered for w in ROOM_WORDS):
        return "bedroom"
    return "unit" if any(w in lowered for w in UNIT_WORDS) else "bedroom"


def wants_capacity(text: str) -> bool:
    """True for "how many can sleep/live there?" questions (no occupant count needed)."""
    return "how many" in text.lower() and parsing.parse_people(text) is None


def _people(value: str | None) -> int | None:
    """A head count from a form answer: "3 kids", "three", or a bare "3"."""
    if not value:
        return None
    people = parsing.parse_people(str(value))
    if people is None:
        number = parsing.parse_number(str(value).strip())
        people = int(number) if number is not None and float(number).is_integer() else None
    return people


def _ages(value: str | None) -> List[float] | None:
    """Ages from a form answer ("3, 5 and 14", "6 months and 10 years"), in years."""
    return (parsing.parse_age_answer(str(value)) or None) if value else None


def calculate(key: str, kind: str, size: str | None, people: int | None, ages: List[float] | None):
    """Run the calculator for one request; returns a SpaceResult or a list of them (several rooms)."""
    rooms = parsing.parse_rooms(size) if size else []
    if kind == "unit":
        return space.dwelling_unit(kb(), key, rooms if len(rooms) > 1 else (rooms[0] if rooms else None), people, ages)
    if len(rooms) > 1:
        return space.sleeping_rooms(kb(), key, rooms, people, ages)
    return space.sleeping_room(kb(), key, rooms[0] if rooms else None, people, ages)


def _first(result: Any) -> Any:
    return result[0] if isinstance(result, list) else result


class ValidateSpaceForm(FormValidationAction):
    """Checks each answer as it comes; asks for ages only where the code's figures need them."""

    def name(self) -> str:
        return "validate_space_form"

    @guarded
    async def run(self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict) -> List[Dict[str, Any]]:
        return await super().run(dispatcher, tracker, domain)

    async def required_slots(
        self, domain_slots: List[str], dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> List[str]:
        request = space_request(tracker)
        slots = [s for s in domain_slots if s != "ages" and not (s == "occupants" and wants_capacity(request))]
        key = kb().resolve_municipality(tracker.get_slot("municipality"))
        size, people = tracker.get_slot("space_size"), _people(tracker.get_slot("occupants"))
        if key and size and people and not tracker.get_slot("ages"):
            try:
                result = _first(calculate(key, space_kind(request), size, people, None))
            except KnowledgeBaseError:
                return slots
            if result.verdict == space.NEED_INFO and "how old" in (result.question or "").lower():
                slots.append("ages")
        return slots

    def validate_municipality(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Dict[str, Any]:
        key = kb().resolve_municipality(str(value)) if value else None
        return {"municipality": key}

    def validate_space_size(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Dict[str, Any]:
        rooms = parsing.parse_rooms(str(value)) if value else []
        bad = next((r.question for r in rooms if r.question), None)
        if not rooms or bad:
            dispatcher.utter_message(text=bad or "I couldn't read that size.")
            return {"space_size": None}
        return {"space_size": str(value)}

    def validate_occupants(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Dict[str, Any]:
        people = _people(value)
        if people is None or not 0 < people <= 100:
            dispatcher.utter_message(text="How many people would sleep or live there? A number, please (1 to 100).")
            return {"occupants": None}
        return {"occupants": str(value)}

    def validate_ages(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Dict[str, Any]:
        if not _ages(value):
            dispatcher.utter_message(text='Their ages, please, for example "3 and 14" or "6 months and 10 years".')
            return {"ages": None}
        return {"ages": str(value)}


class ActionAskMunicipality(Action):
    """The form's question for the municipality: the five as buttons (and a word on unknown places)."""

    def name(self) -> str:
        return "action_ask_municipality"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        _, unknown = current_municipality(tracker)
        return send(dispatcher, ask_municipality(kb(), unknown), tracker)


class ActionAskSpaceSize(Action):
    """The form's question for the size."""

    def name(self) -> str:
        return "action_ask_space_size"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        if space_kind(space_request(tracker)) == "unit":
            text = 'How big is the dwelling unit\'s habitable floor area? For example "650 sq ft" or "two rooms, 12x14 and 10x11".'
        else:
            text = 'How big is the room? For example "10x12", "10 by 12 feet" or "120 sq ft".'
        dispatcher.utter_message(text=text)
        return []


class ActionAskOccupants(Action):
    """The form's question for the number of occupants."""

    def name(self) -> str:
        return "action_ask_occupants"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        where = "sleep in the room" if space_kind(space_request(tracker)) == "bedroom" else "live in the unit"
        dispatcher.utter_message(text=f"How many people would {where}?")
        return []


class ActionAskAges(Action):
    """The form's question for ages, asked only where the code's figures depend on age."""

    def name(self) -> str:
        return "action_ask_ages"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        dispatcher.utter_message(
            text='The code\'s figures depend on age here. How old is each of them? For example "3, 7 and 14".'
        )
        return []


class ActionSpaceAnswer(Action):
    """The calculator's verdict, working and citation; the facts are kept for follow-ups."""

    def name(self) -> str:
        return "action_space_answer"

    @guarded
    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: Dict[str, Any]
    ) -> List[Dict[str, Any]]:
        request = space_request(tracker)
        facts = {
            "kind": space_kind(request),
            "size": tracker.get_slot("space_size"),
            "people": _people(tracker.get_slot("occupants")),
            "ages": _ages(tracker.get_slot("ages")),
        }
        return answer_space(dispatcher, tracker, facts)


def answer_space(dispatcher: CollectingDispatcher, tracker: Tracker, facts: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Send the calculator's answer for ``facts`` (kind, size, people, ages) in the municipality in play."""
    key, unknown = current_municipality(tracker)
    if key is None:
        return send(dispatcher, ask_municipality(kb(), unknown), tracker)
    try:
        answer = space.to_answer(calculate(key, facts["kind"], facts["size"], facts["people"], facts["ages"]))
    except KnowledgeBaseError:
        dispatcher.utter_message(text="Sorry, I can't look that up right now. Please try again in a moment.")
        return []
    topic = "sleeping_room_size" if facts["kind"] == "bedroom" else "occupancy_floor_space"
    return send(dispatcher, answer, tracker) + [
        SlotSet("municipality", key),
        SlotSet("topic", topic),
        SlotSet("last_space", facts),
        SlotSet("space_size", None),
        SlotSet("occupants", None),
        SlotSet("ages", None),
    ]
