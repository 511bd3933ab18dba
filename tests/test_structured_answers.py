"""Answers reach the channels and forms as data, never as words to read back (issue 16).

The space form asks for ages because the calculator's result says it ``needs`` them, whatever its
question says; the clerk desk's summary and the channels' citations come from the answer's
``parts``; one module compares the codes for chat, desk and command line; one function builds the
"which municipality?" buttons.
"""

from __future__ import annotations

import pytest
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from knowledge import answer_parts, space
from knowledge.space import dialogue

AMERY_BEDROOM = {"kind": "bedroom", "rooms": ["9x10"], "persons": [["person", None]] * 3, "ages": []}


def _result(question: str, needs: tuple[str, ...]) -> space.SpaceResult:
    return space.SpaceResult(
        "amery", "City of Amery", "bedroom", "sleeping_room_size", space.NEED_INFO, question,
        question=question, reason=space.MORE_INFO, needs=needs,
    )  # fmt: skip


# -- what the calculator still needs ----------------------------------------------------


def test_the_calculator_says_it_needs_the_ages_as_data(kb):
    result = space.check(kb, "amery", AMERY_BEDROOM)
    assert result.verdict == space.NEED_INFO and result.needs == (space.NEEDS_AGES,)
    assert space.to_answer(result).payload["needs"] == ["ages"]
    settled = space.check(kb, "amery", {**AMERY_BEDROOM, "ages": [3, 7, 14]})
    assert settled.needs == () and space.to_answer(settled).payload["needs"] == []


def test_every_question_back_says_what_it_needs(kb):
    asks = [
        space.check(kb, "amery", {"kind": "bedroom", "rooms": ["0x0"], "persons": [["person", None]]}),
        space.sleeping_room(kb, "amery", None, None),
        space.dwelling_unit(kb, "holland", None, None),
        space.fixtures(kb, "holland", None),
    ]
    for result in asks:
        assert result.verdict == space.NEED_INFO
        assert result.needs and set(result.needs) <= set(space.NEEDS), (result.question, result.needs)


@pytest.mark.parametrize(
    ("question", "needs", "asks_ages"),
    [
        ("Give me their birthdays, please.", (space.NEEDS_AGES,), True),  # no "how old" in the words
        ("How old is the building? Its size decides it.", (space.NEEDS_SIZE,), False),  # "how old", not ages
    ],
)
def test_the_form_asks_for_ages_when_the_result_needs_them_whatever_its_words(
    kb, monkeypatch, question, needs, asks_ages
):
    monkeypatch.setattr(dialogue, "check", lambda *args: _result(question, needs))
    assert ("ages" in space.missing(kb, "amery", AMERY_BEDROOM)) is asks_ages


def _tracker() -> Tracker:
    slots = {"municipality": "amery", "role": None, "topic": "sleeping_room_size", "facts": None}
    slots |= {"disclaimer_shown": True, "last_space": None, "last_citations": None}
    message = {"text": "can 3 kids sleep in a 9x10 room in amery", "intent": {"name": "ask_space_check"}, "entities": []}
    return Tracker("unit", slots, message, [], False, None, {}, "action_listen")


@pytest.mark.parametrize(("needs", "asked"), [((space.NEEDS_AGES,), True), ((space.NEEDS_OCCUPANTS,), False)])
def test_the_space_answer_remembers_it_asked_for_ages_from_the_needs(monkeypatch, needs, asked):
    from actions import space as space_actions

    question = "How old is each of them?" if not asked else "Their years, please."  # the words say the opposite
    monkeypatch.setattr(space_actions, "calculate", lambda key, facts: _result(question, needs))
    monkeypatch.setattr(space_actions, "current_municipality", lambda tracker: ("amery", None))
    dispatcher = CollectingDispatcher()
    events = space_actions.answer_space(dispatcher, _tracker(), dict(AMERY_BEDROOM))
    last = next(e for e in events if e.get("name") == "last_space")
    assert last["value"]["ages_asked"] is asked


# -- the answer's parts -------------------------------------------------------------------


def test_parts_read_back_as_the_text_and_name_every_citation(kb):
    from knowledge.compose import answer_duty, answer_topic

    answers = [answer_topic(kb, m.key, t) for m in kb.municipalities() for t in kb.topics()]
    answers += [answer_duty(kb, "holland", "exterminate", {}, "pests")]
    answers += [space.to_answer(space.check(kb, "amery", AMERY_BEDROOM))]
    for answer in answers:
        found = answer_parts.parts(answer.text, answer.payload)
        assert answer_parts.text_of(found) == answer.text
        sources = [p for p in found if p["kind"] == "source"]
        assert [p["text"] for p in sources] == [line for line in answer.text.split("\n") if line.startswith("Source: ")]
        cited = {c["citation"] for c in answer.payload.get("citations") or []}
        assert all(p["citation"] in cited for p in sources), answer.text


def test_a_verdicts_lines_are_named(kb):
    from knowledge.compose import answer_duty

    answer = answer_duty(kb, "holland", "exterminate", {}, "pests")
    kinds = [p["kind"] for p in answer_parts.parts(answer.text, answer.payload)]
    assert kinds[:3] == ["lead", "unless", "question"] and kinds[3:] == ["source"] * (len(kinds) - 3)


def test_the_desk_summary_is_the_answers_words_without_its_quotes_or_the_chat_hint(kb):
    from knowledge import compare

    answer = compare.long_answer(kb, "holland", "bathroom_kitchen_facilities")
    assert "Source:" not in answer["summary"] and "quote the section" not in answer["summary"]  # all quoted below
    assert answer["summary"].startswith("In the Town of Holland") and len(answer["sections"]) > 3


def test_the_desk_summary_does_not_read_the_words(kb, monkeypatch):
    from knowledge import compare

    real = answer_parts.parts
    monkeypatch.setattr(answer_parts, "parts", lambda text, payload: [*real(text, payload), {"kind": "source", "text": "X"}])
    assert not compare.long_answer(kb, "holland", "pests")["summary"].endswith("X")


# -- one comparison for chat, desk and command line ----------------------------------------


def test_the_chat_comparison_renders_the_desks_comparison(kb):
    from knowledge import compare

    comparison = compare.compare_topic(kb, "heating")
    lines = compare.answer_comparison(kb, "heating").text.split("\n")[1:]
    assert len(lines) == len(comparison["municipalities"])
    for line, entry in zip(lines, comparison["municipalities"]):
        brief = entry["in_brief"]
        assert line.startswith(f"- {entry['municipality']['name']}: ")
        assert (brief["summary"] in line and line.endswith(brief["citation"]["citation"])) if brief["addressed"] else (
            "not addressed" in line and entry["municipality"]["office"] in line
        )


def test_the_command_line_comparison_is_the_desks_text(kb):
    from click.testing import CliRunner
    from conftest import KB_PATH

    from knowledge import compare
    from knowledge.cli import cli

    for key in ("sleeping_room_one_occupant", "hearing_request_days"):  # the second: two Holland values
        output = CliRunner().invoke(cli, ["compare", "--db", str(KB_PATH), key]).output
        expected = compare.comparison_lines(compare.compare_standard(kb, key), quotes=True)
        assert output.strip() == expected
    holland = [line for line in expected.split("\n") if line.startswith("Town of Holland: ")]
    assert len(holland) == 2 and all(line.count(' — ') == 1 for line in holland)  # a value and its quote a line


# -- one builder of the municipality choice -------------------------------------------------


def test_every_municipality_choice_sends_the_same_message(kb):
    from bot.channels.webchat import municipality_options
    from knowledge.buttons import inform_payload
    from knowledge.compose import ask_municipality
    from knowledge.handoff import handoff

    expected = [inform_payload(m.key) for m in kb.municipalities()]
    assert expected[0] == '/inform_municipality{"municipality": "' + kb.municipalities()[0].key + '"}'
    assert [b["payload"] for b in ask_municipality(kb).buttons] == expected
    assert [b["payload"] for b in ask_municipality(kb, "Madison").buttons] == expected
    assert [b["payload"] for b in handoff(kb).buttons] == expected
    assert [o["payload"] for o in municipality_options(kb)] == expected
