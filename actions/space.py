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


def space_request(tracker: Tracker) -> str:
    """The text of the message that asked for the space check (the one that started the form, if it ran)."""
    events = list(tracker.events)
    started = max(
        (i for i, e in enumerate(events) if e.get("event") == "active_loop" and e.get("name") == "space_form"),
        default=None,
    )
    for index in range(len(events) - 1 if started is None else started, -1, -1):
        event = events[index]
        if event.get("event") != "user":
            continue
        if started is not None or (event.get("parse_data") or {}).get("intent", {}).get("name") in SPACE_INTENTS:
            return event.get("text") or ""
    return tracker.latest_message.get("text") or ""


def space_kind(text: str) -> str:
    """ "bedroom" or "unit": what the user asked about (words in knowledge/people.yml)."""
    return parsing.parse_space_request(text).kind or "bedroom"


def _people(value: str | None) -> List[List[Any]] | None:
    """The people of a form answer ("me and my 2 kids", "three", a bare "3"), as remembered facts."""
    if not value:
        return None
    people = space.household_facts(parsing.parse_household(str(value)))
    if people is None:
        number = parsing.parse_number(str(value).strip())
        if number is not None and float(number).is_integer() and 0 < number <= space.MAX_UNIT_OCCUPANTS:
            people = [["person", None]] * int(number)
    return people


def _ages(value: str | None) -> List[float] | None:
    """Ages from a form answer ("3, 5 and 14", "6 months and 10 years"), in years."""
    return (parsing.parse_age_answer(str(value)) or None) if value else None


def _ages_were_asked(tracker: Tracker) -> bool:
    """Whether the form asked "how old is each?" since the request (ages in the request are read from its words)."""
    for event in reversed(tracker.events):
        if event.get("event") == "slot" and event.get("name") == "requested_slot" and event.get("value") == "ages":
            return True
        if (
            event.get("event") == "user"
            and (event.get("parse_data") or {}).get("intent", {}).get("name") in SPACE_INTENTS
        ):
            return False
    return False


def space_facts(tracker: Tracker, request: str | None = None) -> Dict[str, Any]:
    """Everything the conversation has said for this space check: the request, the form's answers, memory."""
    request = space_request(tracker) if request is None else request
    facts = space.merge_request(parsing.parse_space_request(request), tracker.get_slot("last_space"))
    size = tracker.get_slot("space_size")
    if size and not facts["rooms"]:
        rooms, closet, low = parsing.parse_space_parts(str(size))
        facts["rooms"] = [r.source_text for r in rooms] if rooms else [str(size)]
        facts["closet_hall_sqft"] = closet if closet is not None else facts.get("closet_hall_sqft")
        facts["low_ceiling_sqft"] = low if low is not None else facts.get("low_ceiling_sqft")
    if not facts["persons"]:
        facts["persons"] = _people(tracker.get_slot("occupants"))
    facts["ages"] = (_ages(tracker.get_slot("ages")) or []) if _ages_were_asked(tracker) else []
    facts["kind"] = facts.get("kind") or "bedroom"
    return facts


def calculate(key: str, facts: Dict[str, Any]):
    """Run the calculator on the facts; returns a SpaceResult or a list of them (several rooms)."""
    return space.check(kb(), key, facts)


def _is_request(tracker: Tracker) -> bool:
    """Whether the latest message is the one that asked for the space check (not an answer to the form)."""
    return (tracker.latest_message.get("intent") or {}).get("name") in SPACE_INTENTS


def _answer_text(tracker: Tracker, value: Any) -> str:
    """The whole latest message, so that a size or a household is read with the words around it."""
    text = tracker.latest_message.get("text")
    return str(text) if isinstance(text, str) and text.strip() else (str(value) if value else "")


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
        key, _ = current_municipality(tracker)
        key = key or kb().resolve_municipality(tracker.get_slot("municipality"))
        try:
            needed = space.missing(kb(), key, space_facts(tracker))
        except KnowledgeBaseError:
            needed = []
        just_set = set(tracker.slots_to_validate())  # validated (read with the whole message) before use
        return [s for s in domain_slots if (s == "municipality" and not key) or s in needed or s in just_set]

    def validate_municipality(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Dict[str, Any]:
        key, _ = current_municipality(tracker)
        return {"municipality": key}

    def validate_space_size(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Dict[str, Any]:
        text = _answer_text(tracker, value)
        if _is_request(tracker):  # the request's sizes are read from its words (space_facts)
            return {"space_size": text or None}
        rooms, _, _ = parsing.parse_space_parts(text) if text else ([], None, None)
        if not rooms:
            rooms = parsing.parse_rooms(str(value)) if value else []
            text = str(value) if value else ""
        bad = next((r.question for r in rooms if r.question), None)
        if not rooms or bad:
            dispatcher.utter_message(text=bad or "I couldn't read that size.")
            return {"space_size": None}
        return {"space_size": text}

    def validate_occupants(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Dict[str, Any]:
        text = _answer_text(tracker, value)
        if _is_request(tracker):  # the request's people are read from its words (space_facts)
            return {"occupants": text or None}
        people = _people(text) or _people(str(value) if value else None)
        if people is None or not 0 < len(people) <= 100:
            dispatcher.utter_message(text="How many people would sleep or live there? A number, please (1 to 100).")
            return {"occupants": None}
        return {"occupants": text if _people(text) else str(value)}

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
        facts = space_facts(tracker)
        return answer_space(dispatcher, tracker, facts)


def _with_ages(facts: Dict[str, Any]) -> List[List[Any]]:
    """The people with the ages the user gave in answer to "how old is each?" (kept for follow-ups)."""
    rest = list(facts.get("ages") or [])
    out = []
    for band, age in facts["persons"]:
        if age is None and rest:
            age = rest.pop(0)
        out.append([band, age])
    return out


def answer_space(dispatcher: CollectingDispatcher, tracker: Tracker, facts: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Send the calculator's answer for ``facts`` (see ``knowledge.space.merge_request``) in the municipality in play."""
    key, unknown = current_municipality(tracker)
    topic = (
        "occupancy_floor_space" if facts.get("kind") == "unit" and not facts.get("rooming") else "sleeping_room_size"
    )
    if key is None:  # the check waits for the place: it is answered when the user picks one
        events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
        return events + [SlotSet("last_space", {**facts, "ages": []}), SlotSet("pending_topic", topic)]
    try:
        answer = space.to_answer(calculate(key, facts))
    except KnowledgeBaseError:
        dispatcher.utter_message(text="Sorry, I can't look that up right now. Please try again in a moment.")
        return []
    if facts.get("persons") and answer.payload.get("verdict") != space.NEED_INFO:
        facts = {**facts, "persons": _with_ages(facts)}
    facts = {**facts, "ages": []}
    return send(dispatcher, answer, tracker) + [
        SlotSet("municipality", key),
        SlotSet("topic", topic),
        SlotSet("pending_topic", None),
        SlotSet("last_space", facts),
        SlotSet("space_size", None),
        SlotSet("occupants", None),
        SlotSet("ages", None),
    ]
