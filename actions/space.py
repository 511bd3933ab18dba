"""The space check ("Is my bedroom big enough?"): a Rasa form that asks only for what is missing.

The form collects the municipality, the room or unit size and the number of occupants (and
their ages where the code's figures depend on age); ``action_space_answer`` hands them to the
calculator in ``knowledge.space`` and sends its verdict, working and citation.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, List

from rasa_sdk import Action, FormValidationAction, Tracker
from rasa_sdk.events import SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.common import current_facts, current_municipality, intent_of, kb, send, user_texts
from actions.safety import guarded
from knowledge import parsing, question_form, space
from knowledge.compose import answer_topic, ask_municipality, defined_for, settled_by_definition
from knowledge.compose.asked import figure_of_other_topic
from knowledge.compose.computed import ceiling_answer
from knowledge.compose.definitions import member_definition, with_silence
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


def tells_of_other_topic(tracker: Tracker) -> str | None:
    """The topic in play when a message the NLU took for a space check goes on with it and asks nothing of a space
    ("what if it's just my own son sleeping down there?" after a basement question, "what about when a new person
    moves into a room?" after the linen rule): no size, no minimum, no "big enough", no "how many"; or the other topic
    whose figure the message asks ("max fine for overcrowding a unit?"); else None."""
    topic = tracker.get_slot("topic")
    figure = figure_of_other_topic(kb(), tracker.latest_message.get("text") or "") if _is_request(tracker) else None
    if figure is not None:  # "howard - max fine for overcrowding a unit?": the penalties' figure, whatever the topic in play
        return figure
    if not topic or is_space_topic(topic) or topic not in kb().topics() or not _is_request(tracker):
        return None
    if space.clean_facts(tracker.get_slot("last_space")):
        return None  # a space check in play: a follow-up to it
    request = parsing.parse_space_request(tracker.latest_message.get("text") or "")
    sizes = any(r.ok for r in request.rooms) or request.wants_minimum or request.asks_adequacy or request.wants_capacity
    return None if sizes else str(topic)


def adds_to_who_question(tracker: Tracker) -> bool:
    """Whether a message the NLU took for a space check only adds facts to the last "who" question
    ("4 unit, 2 tenants" after "who takes out the trash?"): it sizes no room, and states facts of it."""
    from actions.answers import adds_facts

    text = tracker.latest_message.get("text") or ""
    if is_space_topic(tracker.get_slot("topic")) or space_request(tracker) != text:
        return False  # a space check in play, or the form has asked its questions since
    return not parsing.parse_space_request(text).rooms and adds_facts(tracker, "space_check")


def rooming_in_play(tracker: Tracker) -> bool:
    """Whether the conversation is about a rooming house (the fact ``rooming_fact`` of knowledge/people.yml), so a
    space check uses the rooming-house figures though the message names no roomer."""
    return current_facts(tracker).get(parsing.people_vocab().get("rooming_fact") or "") is True


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


# How many earlier user messages are read for the people a space check is for, when it names none ("I'm a single
# mom with 3 kids" … "our apartment is 500 square feet" … "is that enough space for us?").
HOUSEHOLD_TURNS = 3


def told_household(tracker: Tracker) -> List[List[Any]] | None:
    """The people an earlier message of the conversation told of (the latest first), as remembered facts; None when
    none did."""
    users = [e for e in tracker.events if e.get("event") == "user"][:-1][-HOUSEHOLD_TURNS:]
    for event in reversed(users):
        text = event.get("text")
        if not isinstance(text, str) or text.startswith("/"):
            continue
        household = parsing.parse_space_request(text).household
        people = space.household_facts(household) if household is not None and not household.adding else None
        if people:
            return people
    return None


def _ages(value: str | None) -> List[float] | None:
    """Ages from a form answer ("3, 5 and 14", "6 months and 10 years"), in years."""
    return (parsing.parse_age_answer(str(value)) or None) if value else None


def _form_start(tracker: Tracker) -> int | None:
    """The index of the event that started the space form this time (None: it never ran)."""
    events = list(tracker.events)
    return max(
        (i for i, e in enumerate(events) if e.get("event") == "active_loop" and e.get("name") == "space_form"),
        default=None,
    )


def _ages_were_asked(tracker: Tracker) -> bool:
    """Whether the form asked "how old is each?" since it started (ages in the request are read from its words).

    Read from the form's own events, not from the intents: an answer such as "3, 5 and 14" may be
    classified as anything, even as a new space check.
    """
    started = _form_start(tracker)
    if started is None:
        return False
    return any(
        e.get("event") == "slot" and e.get("name") == "requested_slot" and e.get("value") == "ages"
        for e in list(tracker.events)[started:]
    )


def updated_space(tracker: Tracker, last: Any, topic: str | None = None) -> Dict[str, Any]:
    """The space facts for the latest message, read as a follow-up to the last check ("and for two people?").

    Without a last check, the message's own facts; with neither room nor people, the minimum for the
    people ("a bedroom for 4 people") or the capacity of the room is what it asks for.
    """
    text = tracker.latest_message.get("text") or ""
    request = parsing.parse_space_request(text)
    if (tracker.latest_message.get("intent") or {}).get("name") == "inform_municipality" and last:
        request = dataclasses.replace(request, kind=None)  # "scratch that, the house is in muskego": where, not which space
    facts = space.merge_request(dataclasses.replace(request, follow_up=True), last)
    facts["rooming"] = facts["rooming"] or rooming_in_play(tracker)
    unknown = [p for p in facts.get("persons") or [] if p[1] is None]
    if unknown and not request.household and not request.rooms:  # "3, 7 and 14" after "how old is each?"
        ages = parsing.parse_age_answer(text)
        if ages and len(ages) <= len(unknown):
            facts["ages"] = ages
    if not facts.get("kind"):
        facts["kind"] = "unit" if "unit" in kb().topic_config(topic).space_kinds else "bedroom"
    if facts.get("rooms") and not facts.get("persons") and not request.wants_capacity:
        facts["persons"] = told_household(tracker)  # "… is that enough space for us?": the household told before
    if facts.get("persons") and not facts.get("rooms"):
        facts["minimum"] = True
    if facts.get("rooms") and not facts.get("persons"):
        facts["capacity"] = True
    return facts


def is_space_topic(topic: str | None) -> bool:
    """Whether the space calculator answers ``topic`` (``space: true`` in the topic configuration)."""
    return bool(topic) and topic in kb().topics() and kb().topic_config(topic).space


def space_topic(tracker: Tracker, last: Dict[str, Any] | None = None) -> str:
    """The space topic in play: the topic slot when it is one, else the one the last check's kind names."""
    topic = tracker.get_slot("topic")
    if is_space_topic(topic):
        return str(topic)
    last = space.clean_facts(tracker.get_slot("last_space")) if last is None else last
    return space.space_topic(kb(), "unit" if last.get("kind") == "unit" else "bedroom", bool(last.get("rooming")))


# A message this short may ask the space figure just given for people or a room it names ("for 2 kids").
FIGURE_FOLLOW_UP_MAX_WORDS = 12


def follows_space_figure(tracker: Tracker) -> bool:
    """Whether the latest message asks the space figure the last answer gave, with no check in play, for the people
    or the room it names ("for 2 kids" after "how big does a bedroom have to be in amery?")."""
    if space.clean_facts(tracker.get_slot("last_space")) or not is_space_topic(tracker.get_slot("topic")):
        return False
    text = tracker.latest_message.get("text") or ""
    if not isinstance(text, str) or text.startswith("/") or len(text.split()) > FIGURE_FOLLOW_UP_MAX_WORDS:
        return False
    request = parsing.parse_space_request(text)
    given = bool(request.household and request.household.count) or any(r.ok for r in request.rooms)
    return given and (request.follow_up or text.lower().split()[:1] == ["for"])


def follows_space_check(tracker: Tracker, text: str | None = None, ages_only: bool = False) -> bool:
    """Whether a message (the latest one by default) goes on with the space check in play, whatever
    intent the NLU gave it: the ages the last answer asked for ("3, 7 and 14"), or (unless
    ``ages_only``) a follow-up that changes its people or its room ("and for 3 people?", "what if the
    baby moves in?", "the other bedroom is 8x9").

    A space check is in play when the last answer was one (the topic slot is a space topic) and its
    facts are remembered.
    """
    last = space.clean_facts(tracker.get_slot("last_space"))
    if not last or not is_space_topic(tracker.get_slot("topic")):
        return False
    text = (tracker.latest_message.get("text") or "") if text is None else text
    if not isinstance(text, str) or not text.strip() or text.startswith("/"):
        return False
    request = parsing.parse_space_request(text)
    if not (last.get("rooms") or last.get("persons")):
        # the last answer gave the minimum and needs a size or people: "850 sq ft" (no other kind of space) goes on
        return (
            not ages_only
            and request.kind is None
            and (any(r.ok for r in request.rooms) or request.household is not None)
        )
    unknown = [p for p in last.get("persons") or [] if p[1] is None]
    if last.get("ages_asked") and unknown and not request.household and not request.rooms:
        ages = parsing.parse_age_answer(text)
        if ages and len(ages) <= len(unknown):
            return True
    if ages_only:
        return False
    changes = bool(request.household and request.household.count) or any(r.ok for r in request.rooms)
    return request.follow_up and changes


def space_facts(tracker: Tracker, request: str | None = None) -> Dict[str, Any]:
    """Everything the conversation has said for this space check: the request, the form's answers, memory."""
    request = space_request(tracker) if request is None else request
    facts = space.merge_request(parsing.parse_space_request(request), tracker.get_slot("last_space"))
    facts["rooming"] = facts["rooming"] or rooming_in_play(tracker)
    size = tracker.get_slot("space_size")
    if size and not facts["rooms"]:
        rooms, closet, low = parsing.parse_space_parts(str(size))
        # (the request's own words sizing nothing, or "how big does the room need to be?" given when asked its size)
        latest = tracker.latest_message.get("text")
        unsized = str(size) == request or (str(size) == latest and _asks_minimum_instead(tracker))
        if any(r.ok for r in rooms) or not unsized:
            facts["rooms"] = [r.source_text for r in rooms] if rooms else [str(size)]
            facts["closet_hall_sqft"] = closet if closet is not None else facts.get("closet_hall_sqft")
            facts["low_ceiling_sqft"] = low if low is not None else facts.get("low_ceiling_sqft")
            named = parsing.parse_space_request(str(size)).kind if str(size) != request else None
            facts["kind"] = named or facts.get("kind")  # "they share a bedroom thats 8x9" when asked the unit's size
    if not facts["persons"]:
        facts["persons"] = _people(tracker.get_slot("occupants"))
    if not facts["persons"] and not facts.get("capacity"):
        facts["persons"] = told_household(tracker)  # "I'm a single mom with 3 kids" … "is that enough space for us?"
    if not facts["rooms"] and _asks_minimum_instead(tracker):
        facts["minimum"] = True  # "how big does the room need to be?" when asked its size
    if not facts["persons"] and asks_capacity_instead(tracker, request):
        facts["capacity"] = True  # "max how many ppl can i put in it?" when asked how many people would live there
    facts["ages"] = (_ages(tracker.get_slot("ages")) or []) if _ages_were_asked(tracker) else []
    facts["kind"] = facts.get("kind") or told_kind(tracker, request) or "bedroom"
    return facts


def told_kind(tracker: Tracker, request: str) -> str | None:
    """The kind of space ("unit" or "bedroom") the user message before the request named, when the request names none
    ("splitting my house into 2 apts" … "each would be about 800 sq ft, is that ok?"); None otherwise."""
    users = user_texts(tracker)
    at = max((i for i, t in enumerate(users) if t == request), default=None)
    return parsing.parse_space_request(users[at - 1]).kind if at else None


def _asks_minimum_instead(tracker: Tracker) -> bool:
    """Whether the latest message, given when the check asked how big the room is, asks the minimum instead ("how big
    does the room need to be?"), sizing nothing."""
    text = tracker.latest_message.get("text") or ""
    if not isinstance(text, str) or _is_request(tracker):
        return False
    latest = parsing.parse_space_request(text)
    return latest.wants_minimum and not any(r.ok for r in latest.rooms)


def asks_capacity_instead(tracker: Tracker, request: str) -> bool:
    """Whether the latest message, given when the check asked how many people, asks how many the space holds
    ("max how many ppl can i put in it?"), naming nobody."""
    text = tracker.latest_message.get("text") or ""
    if not isinstance(text, str) or text == request:
        return False
    latest = parsing.parse_space_request(text)
    return latest.wants_capacity and latest.household is None


def calculate(key: str, facts: Dict[str, Any]):
    """Run the calculator on the facts; returns a SpaceResult or a list of them (several rooms)."""
    return space.check(kb(), key, facts)


def _is_request(tracker: Tracker) -> bool:
    """Whether the latest message is the one that asked for the space check (not an answer to the form).

    Read from the events (no user message since the form started), whatever intent the NLU gave it.
    """
    started = _form_start(tracker)
    if started is None:
        return True
    return not any(e.get("event") == "user" for e in list(tracker.events)[started:])


def _answer_text(tracker: Tracker, value: Any) -> str:
    """The whole latest message, so that a size or a household is read with the words around it."""
    text = tracker.latest_message.get("text")
    return str(text) if isinstance(text, str) and text.strip() else (str(value) if value else "")


def _asks_membership(tracker: Tracker) -> bool:
    """Whether the message asks if someone or something falls under a defined term and gives no room size ("couple +
    their 8 month old. does the baby count as an occupant for the sq ft rule?"): the definition answers, not a check."""
    key, _ = current_municipality(tracker)
    text = tracker.latest_message.get("text") or ""
    if not key or parsing.parse_space_request(text).rooms:
        return False
    return member_definition(kb(), text, key) is not None


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
        if follows_space_check(tracker, space_request(tracker)):
            return []  # a follow-up to the last check: the calculator answers it (and asks what it needs)
        if _is_request(tracker) and parsing.part_question(tracker.latest_message.get("text") or ""):
            return []  # "do closets count toward the floor space?": the provision on closets answers
        if _is_request(tracker) and parsing.fixture_question(tracker.latest_message.get("text") or ""):
            return []  # "1 bathroom for like 12 people. is that allowed": the fixture count answers
        if _is_request(tracker) and _asks_membership(tracker):
            return []  # "couple + their 8 month old. does the baby count as an occupant?": the definition answers
        if _is_request(tracker) and follows_space_figure(tracker):
            return []  # "for 4 people" after the figure: the minimum for them, no room size needed
        if adds_to_who_question(tracker):
            return []  # "4 unit, 2 tenants" after "who takes out the trash?": facts for that question
        if tells_of_other_topic(tracker):
            return []  # "what if it's just my son sleeping down there?" after a basement question: that topic's
        if tracker.get_slot("requested_slot") == "space_size" and _asks_minimum_instead(tracker):
            return []  # "how big does the room need to be?" when asked how big it is: the minimum for the people
        request = parsing.parse_space_request(space_request(tracker))
        if (
            request.kind == "unit"
            and request.asks_adequacy
            and not request.rooms
            and not request.household
            and not tracker.get_slot("requested_slot")
        ):
            return []  # "is my apartment big enough?": the calculator says what the code needs (Howard: 1,000 sq ft a unit)
        key, _ = current_municipality(tracker)
        key = key or kb().resolve_municipality(tracker.get_slot("municipality"))
        if (
            key
            and not tracker.get_slot("requested_slot")
            and ceiling_answer(kb(), key, tracker.latest_message.get("text") or "")
        ):
            return []  # "attic bedroom 12x14, only 60 sq ft of it 7 1/2 ft or higher": the ceiling rule, no head count
        if key and not tracker.get_slot("requested_slot") and sized_window_topic(tracker.latest_message.get("text") or ""):
            return []  # "11 x 12 and the only window is maybe 2 ft by 3 ft. big enough?": the window check, no head count
        facts = space_facts(tracker)
        try:
            needed = space.missing(kb(), key, facts)
        except KnowledgeBaseError:
            needed = []
        just_set = set(tracker.slots_to_validate())  # validated (read with the whole message) before use
        if facts.get("capacity") and not facts.get("persons"):
            just_set.discard("occupants")  # "max how many ppl can i put in it?" answers the question for the people
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
        if _asks_minimum_instead(tracker):
            return {"space_size": None}  # "how big does the room need to be?": the minimum is answered instead
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
        if people is None and asks_capacity_instead(tracker, space_request(tracker)):
            return {"occupants": None}  # how many the space holds is the answer wanted (space_facts)
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
    """The form's question for the municipality: the covered ones as buttons (and a word on unknown places)."""

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
        if adds_to_who_question(tracker):  # "4 unit, 2 tenants" after "who takes out the trash?"
            from actions.answers import answer_or_ask

            return answer_or_ask(dispatcher, tracker, tracker.get_slot("topic"), same_question=True, follow_up=True)
        if _is_request(tracker) and parsing.part_question(tracker.latest_message.get("text") or ""):
            from actions.answers import answer_or_ask

            return answer_or_ask(dispatcher, tracker, space_topic(tracker))  # "do closets count toward the floor space?"
        if _is_request(tracker) and _asks_membership(tracker):
            from actions.answers import answer_or_ask

            return answer_or_ask(dispatcher, tracker, space_topic(tracker))  # "does the baby count as an occupant?"
        other = tells_of_other_topic(tracker)
        if other:  # "what if it's just my own son sleeping down there?" after a basement question
            from actions.answers import answer_or_ask

            return answer_or_ask(dispatcher, tracker, other, follow_up=other == tracker.get_slot("topic"))
        if _is_request(tracker) and parsing.fixture_question(tracker.latest_message.get("text") or ""):
            from actions.answers import answer_or_ask

            topics = parsing.people_vocab().get("fixture_topics") or {}
            topic = topics.get("rooming" if rooming_in_play(tracker) else "dwelling")
            return answer_or_ask(dispatcher, tracker, topic)  # "1 bathroom for 12 people, ok?": how many are required
        if follows_space_check(tracker, space_request(tracker)):  # "and for 3 people?", "3, 7 and 14"
            last = space.clean_facts(tracker.get_slot("last_space"))
            return answer_space(dispatcher, tracker, updated_space(tracker, last, space_topic(tracker, last)))
        if _is_request(tracker) and follows_space_figure(tracker):  # "for 2 kids" after the figure
            return answer_space_figure(dispatcher, tracker)
        window = sized_window_topic(tracker.latest_message.get("text") or "") if _is_request(tracker) else None
        if window:  # a room and its window sized, nobody named: the window figures for that room
            from actions.answers import answer_or_ask

            return answer_or_ask(dispatcher, tracker, window)
        facts = space_facts(tracker)
        return answer_space(dispatcher, tracker, facts)


def sized_window_topic(text: str) -> str | None:
    """The window topic (``named_room_figure``) when a message sizes a room and its window and names nobody ("our
    bedroom is about 11 x 12 and the only window is maybe 2 ft by 3 ft. Is that big enough?"); None otherwise."""
    from actions.answers import named_room_figure, space_topic_named

    return named_room_figure(text, space_topic_named(text)) if parsing.parse_space_request(text).window_sqft else None


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
    topic = space.space_topic(kb(), "unit" if facts.get("kind") == "unit" else "bedroom", bool(facts.get("rooming")))
    if key is None:  # the check waits for the place: it is answered when the user picks one
        events = send(dispatcher, ask_municipality(kb(), unknown), tracker)
        return events + [SlotSet("last_space", {**facts, "ages": []}), SlotSet("pending_topic", topic)]
    text = tracker.latest_message.get("text") or ""
    ceiling = ceiling_answer(kb(), key, text)
    if ceiling is not None:  # the ceiling rule the message asks about ("only 80 sq ft has 7'6\" of headroom")
        return send(dispatcher, ceiling, tracker) + [SlotSet("municipality", key), SlotSet("topic", topic)]
    try:
        # ("Does a room of 8 by 11 feet meet the minimum for two adults?" … "amery": the question asked before the place)
        users = user_texts(tracker)
        asked = users[-2] if intent_of(tracker) == "inform_municipality" and len(users) > 1 else text
        answer = space.yes_no_first(space.to_answer(calculate(key, facts)), asked)
    except KnowledgeBaseError:
        dispatcher.utter_message(text="Sorry, I can't look that up right now. Please try again in a moment.")
        return []
    if answer.payload.get("verdict") == space.NOT_ADDRESSED and answer.payload.get("reason") == space.TEXT_SILENT:
        # "7 of us in a 2 bedroom, does the code say anything about overcrowding?": no figure, but a definition of
        # the code may settle it ("Overcrowding a room" is a nuisance) or name the term the text defines
        settled = settled_by_definition(kb(), text, key) or defined_for(kb(), text, key)
        topical = settled or answer_topic(kb(), key, topic, question=text)
        # (not a definition for a figure asked: "What minimum ceiling height … for a sleeping room?" is no "cellar")
        defined = topical.payload.get("topic") == "definition" and question_form.question_kind(text) != "figure"
        if settled is not None:  # ("Yes. … "(b) Overcrowding a room with occupants."", and what the text does not set)
            answer = with_silence(kb(), settled, key, topic, text)
        elif not topical.payload.get("addressed", True) or defined:
            answer = topical
    asked_ages = answer.payload.get("verdict") == space.NEED_INFO and space.NEEDS_AGES in answer.payload.get(
        "needs", ()
    )
    if facts.get("persons") and answer.payload.get("verdict") != space.NEED_INFO:
        facts = {**facts, "persons": _with_ages(facts)}
    facts = {**facts, "ages": [], "ages_asked": asked_ages}
    return send(dispatcher, answer, tracker) + [
        SlotSet("municipality", key),
        SlotSet("topic", topic),
        SlotSet("pending_topic", None),
        SlotSet("last_space", facts),
        SlotSet("space_size", None),
        SlotSet("occupants", None),
        SlotSet("ages", None),
    ]


def answer_space_figure(dispatcher: CollectingDispatcher, tracker: Tracker) -> List[Dict[str, Any]]:
    """The space figure just given, computed for the people or the room the latest message names
    (``follows_space_figure``: "for 2 kids")."""
    return answer_space(dispatcher, tracker, updated_space(tracker, {}, space_topic(tracker)))
