"""End to end: both servers started as `make run` starts them, real HTTP to the REST webhook."""

from __future__ import annotations

import pytest
import requests
from conftest import customs, rest, texts

pytestmark = pytest.mark.servers


def test_slice_question_through_rest(servers, kb):
    messages = rest(servers, "e2e-1", "Who is responsible for extermination in the Town of Holland?")
    reply = texts(messages)
    assert "Town of Holland Code § 190-10, extermination paragraph" in reply
    assert "Every occupant of a dwelling containing a single dwelling unit shall be responsible" in reply
    (payload,) = customs(messages)
    assert payload["municipality"] == "holland"
    assert payload["citations"][0]["quote"] == kb.section("holland", "190-10E").text


def test_no_municipality_gets_a_question_with_buttons(servers):
    messages = rest(servers, "e2e-2", "who has to exterminate the roaches")
    assert "Which municipality" in texts(messages)
    buttons = [b["title"] for m in messages for b in m.get("buttons", [])]
    assert "Village of Dresser" in buttons


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_message_gets_a_polite_question(servers, text):
    reply = texts(rest(servers, "e2e-3", text))
    assert "?" in reply


def test_conversation_survives_in_the_sqlite_tracker_store(servers):
    rest(servers, "e2e-4", "who exterminates in Muskego")
    follow = texts(rest(servers, "e2e-4", "who has to get rid of the mice"))
    assert "City of Muskego" in follow


@pytest.mark.parametrize(
    ("body", "content_type"),
    [("not json", "application/json"), ('{"sender": "x"}', "application/json"), ("", "text/plain")],
)
def test_malformed_requests_are_not_server_errors(servers, body, content_type):
    response = requests.post(
        f"{servers}/webhooks/rest/webhook", data=body.encode(), headers={"Content-Type": content_type}, timeout=10
    )
    assert response.status_code < 500
