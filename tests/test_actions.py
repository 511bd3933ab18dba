"""Actions against the real domain and knowledge base (CollectingDispatcher, Tracker)."""

from __future__ import annotations

import asyncio

import pytest
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.answers import ActionAnswerTopic, ActionSetMunicipality


def tracker(text: str, intent: str, entities=(), slots=None) -> Tracker:
    all_slots = {
        "municipality": None,
        "role": None,
        "topic": None,
        "pending_topic": None,
        "asked_fact": None,
        "facts": None,
        "last_citations": None,
        "disclaimer_shown": False,
        **(slots or {}),
    }
    return Tracker(
        sender_id="unit",
        slots=all_slots,
        latest_message={
            "text": text,
            "intent": {"name": intent, "confidence": 0.99},
            "entities": [{"entity": "municipality", "value": v} for v in entities],
        },
        events=[],
        paused=False,
        followup_action=None,
        active_loop={},
        latest_action_name="action_listen",
    )


def run(action, tracker_, domain):
    dispatcher = CollectingDispatcher()
    events = asyncio.run(action.run(dispatcher, tracker_, domain))
    return dispatcher.messages, {e["name"]: e["value"] for e in events if e.get("event") == "slot"}


def test_action_names_are_in_the_domain(domain):
    assert {ActionAnswerTopic().name(), ActionSetMunicipality().name()} <= set(domain["actions"])


def test_slice_question_is_answered_with_citation_and_quote(domain, kb):
    messages, slots = run(
        ActionAnswerTopic(),
        tracker("Who is responsible for extermination in the Town of Holland?", "ask_pests", ["Town of Holland"]),
        domain,
    )
    (message,) = messages
    assert "Town of Holland Code § 190-10, extermination paragraph" in message["text"]
    assert "not legal advice" in message["text"]
    assert message["custom"]["citations"][0]["quote"] == kb.section("holland", "190-10E").text
    assert slots["disclaimer_shown"] is True and slots["municipality"] == "holland"
    assert slots["topic"] == "pests" and slots["pending_topic"] is None
    assert slots["last_citations"][0]["quote"] == kb.section("holland", "190-10E").text


def test_disclaimer_is_given_once(domain):
    messages, slots = run(
        ActionAnswerTopic(),
        tracker("who exterminates in holland", "ask_pests", ["holland"], {"disclaimer_shown": True}),
        domain,
    )
    assert "not legal advice" not in messages[0]["text"]
    assert "disclaimer_shown" not in slots


def test_no_municipality_asks_with_a_button_for_each_covered_one_and_keeps_the_question(domain, kb):
    messages, slots = run(ActionAnswerTopic(), tracker("who has to exterminate the roaches", "ask_pests"), domain)
    (message,) = messages
    assert message["text"].startswith("Which municipality is the dwelling in? I cover the Town of Holland")
    assert [b["title"] for b in message["buttons"]] == [m.name for m in kb.municipalities()]
    assert slots["pending_topic"] == "pests"


def test_remembered_municipality_is_used(domain):
    messages, _ = run(
        ActionAnswerTopic(), tracker("and who exterminates?", "ask_pests", slots={"municipality": "holland"}), domain
    )
    assert "Town of Holland" in messages[0]["text"]


def test_naming_the_municipality_answers_the_waiting_question(domain):
    messages, slots = run(
        ActionSetMunicipality(),
        tracker("Holland", "inform_municipality", ["Holland"], {"pending_topic": "pests"}),
        domain,
    )
    assert "§ 190-10" in messages[0]["text"]
    assert slots["municipality"] == "holland" and slots["pending_topic"] is None


@pytest.mark.parametrize("place", ["Madison", "Green Bay"])
def test_unknown_municipality_lists_the_covered_ones(domain, kb, place):
    messages, slots = run(ActionSetMunicipality(), tracker(place, "inform_municipality", [place]), domain)
    assert place in messages[0]["text"] and all(m.name in messages[0]["text"] for m in kb.municipalities())
    assert slots["municipality"] is None


def test_a_question_that_also_names_the_place_is_answered_as_asked(domain):
    """ "I'm in Holland, how warm …?" (read as naming a place): the answer leads with the figure asked for,
    not the topic's overview (the question reaches the provision selector)."""
    question = tracker(
        "I'm in Holland, how warm does the landlord have to keep the bathroom?", "inform_municipality", ["holland"]
    )
    question.latest_message["intent_ranking"] = [
        {"name": "inform_municipality", "confidence": 0.5},
        {"name": "ask_heating", "confidence": 0.4},
    ]
    messages, slots = run(ActionSetMunicipality(), question, domain)
    first = messages[0]["text"].split("\n")[0]
    assert slots["topic"] == "heating"
    assert "70°" in first and not first.endswith(":"), first


def test_the_replies_name_the_covered_places_from_the_knowledge_base(kb):
    """``{covered_places}`` in the greeting/help replies is filled by the Rasa server's patch from the
    knowledge base, with no action server involved; a slot value given wins."""
    from rasa.core.nlg.response import TemplatedNaturalLanguageGenerator as Generator

    from bot import places

    places.install()
    places.install()  # idempotent
    variables = Generator._response_variables({"covered_places": None, "municipality": "holland"}, {})
    assert variables["covered_places"] == kb.covered_names() and variables["municipality"] == "holland"
    assert all(m.name in variables["covered_places"] for m in kb.municipalities())
    assert Generator._response_variables({"covered_places": "X"}, {})["covered_places"] == "X"
