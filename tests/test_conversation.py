"""Conversations with the trained model (in process) and the real action server."""

from __future__ import annotations

import asyncio

import pytest
from conftest import MODEL_PATH

pytestmark = pytest.mark.rasa


@pytest.fixture(scope="module")
def talk(action_server):
    from rasa.core.agent import Agent
    from rasa.utils.endpoints import EndpointConfig

    from bot import places

    places.install()  # as the Rasa server does: the replies name the covered places
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    agent = Agent.load(str(MODEL_PATH), action_endpoint=EndpointConfig(action_server))

    def say(sender: str, text: str) -> list[dict]:
        return loop.run_until_complete(agent.handle_text(text, sender_id=sender))

    yield say
    loop.close()


def joined(messages: list[dict]) -> str:
    return "\n".join(m.get("text") or "" for m in messages)


def test_slice_question_in_one_message(talk):
    reply = joined(talk("c1", "Who is responsible for extermination in the Town of Holland?"))
    assert "Town of Holland Code § 190-10, extermination paragraph" in reply
    assert "shall be responsible for the extermination" in reply


def test_municipality_asked_for_then_remembered(talk):
    first = talk("c2", "who has to exterminate the roaches")
    assert "Which municipality" in joined(first)
    assert [b["title"] for b in first[0]["buttons"]][0] == "Town of Holland"
    second = joined(talk("c2", "Holland"))
    assert "§ 190-10" in second
    third = joined(talk("c2", "and who pays for the exterminator?"))
    assert "Town of Holland" in third


def test_greeting_and_help_name_every_covered_place_from_the_knowledge_base(talk, kb):
    """The greeting and help replies name the places through ``{covered_places}``, which the Rasa
    server's patch fills from the knowledge base (a new municipality needs no reply edited)."""
    for reply in (joined(talk("c3", "hello")), joined(talk("c3", "what can you do"))):
        assert all(m.name in reply for m in kb.municipalities()), reply
        assert "{" not in reply and "None" not in reply and "five" not in reply.lower()


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_message_gets_a_polite_question(talk, text):
    reply = joined(talk("c4", text))
    assert reply and "?" in reply
