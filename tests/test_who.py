"""Issue 17's six exchanges, through the REST channel against the trained bot: "who has to do it?"

Each answer names the party the text points to in its first sentence, and asks about nothing
the user already said or cannot know. The SMS rendering of the same answers keeps the verdict,
its exception line and the citation on the first page.
"""

from __future__ import annotations

import re

import pytest
import yaml
from conftest import ROOT, rest

from bot.channels.sms_format import paginate, render, strip_footer
from knowledge.answer_parts import channel_payload
from knowledge.compose import answer_duty
from knowledge.facts import read

pytestmark = pytest.mark.rasa

PAGE_SEGMENTS = yaml.safe_load((ROOT / "bot" / "credentials.yml").read_text(encoding="utf-8"))[
    "bot.channels.sms.SmsChannel"
]["segments_per_page"]


def answer_of(messages: list[dict]) -> tuple[str, dict]:
    """The answer's text and its structured payload (REST sends them as separate messages)."""
    texts = [m["text"] for m in messages if m.get("text")]
    customs = [m["custom"] for m in messages if m.get("custom")]
    assert texts, f"no answer in {messages}"
    return texts[0], (customs[0] if customs else {})


def first_sentence(text: str) -> str:
    return re.split(r"(?<=[.?!])\s+(?=[A-Z])", text.strip().split("\n", 1)[0], maxsplit=1)[0]


def asked(text: str) -> list[str]:
    """The questions an answer asks (outside quotes and citations)."""
    return [line for line in text.split("\n") if "?" in line and not line.startswith(("Source:", '"'))]


def party_first(sentence: str, party: str) -> bool:
    """Whether ``party`` is the first party the sentence names."""
    words = {
        "occupant": r"\b(?:occupant|tenant)",
        "owner_or_operator": r"\bowner or operator",
        "owner": r"\bowner\b(?! or operator)",
    }
    found = {p: re.search(w, sentence) for p, w in words.items()}
    here = found.get(party)
    return bool(here) and all(m is None or m.start() >= here.start() for p, m in found.items() if p != party)


def test_one_message_with_the_facts_gets_the_tenant(servers):
    text, custom = answer_of(
        rest(
            servers,
            "who-1",
            "In Muskego, my building has 4 units and only my unit has mice. Who has to exterminate?",
        )
    )
    sentence = first_sentence(text)
    assert sentence.startswith("In the City of Muskego") and party_first(sentence, "occupant"), text
    assert asked(text) == [], text  # it was told the units, which units and that the unit is lived in
    assert custom["party"] == "occupant" and custom["decided"] is True


def test_two_turns_keep_the_tenant_and_say_what_could_change_it(servers):
    rest(servers, "who-2", "who has to get rid of mice in my rental in muskego")
    text, custom = answer_of(rest(servers, "who-2", "4 unit bldg, only 1 unit has them"))
    lines = text.split("\n")
    assert party_first(first_sentence(text), "occupant"), text  # the tenant is not left out
    assert lines[1].startswith("Unless ") and "(then the owner)" in lines[1], text  # one line of exceptions
    assert not any(line.startswith("Unless ") for line in lines[2:])
    assert not any("How many" in q for q in asked(text)), text


def test_howard_reads_both_facts_of_the_first_message(servers):
    text, _ = answer_of(
        rest(servers, "who-3", "who exterminates in Howard? only my unit is infested, there are 6 units")
    )
    assert first_sentence(text).startswith("In the Town of Howard") and party_first(first_sentence(text), "occupant")
    assert "How many dwelling units are infested?" not in text
    assert asked(text) == [], text


def test_the_shared_parts_rule_decides_muskego(servers):
    text, _ = answer_of(rest(servers, "who-4", "who exterminates in Muskego? 6 units and the hallway has roaches too"))
    assert party_first(first_sentence(text), "owner_or_operator"), text
    assert "depends" not in first_sentence(text) and asked(text) == [], text


def test_a_tenant_is_not_asked_whether_their_home_is_vacant(servers):
    for sender, message in (
        ("who-5a", "I'm a tenant in Muskego, my apartment has roaches. who has to exterminate?"),
        ("who-5b", "my apartment in muskego has mice, who pays the exterminator?"),
    ):
        text, custom = answer_of(rest(servers, sender, message))
        assert not any("vacant" in q.lower() for q in asked(text)), text
        assert custom.get("ask_fact") != "vacant_unit"
        assert len(asked(text)) <= 1, text  # at most one question


def test_a_bedroom_question_after_a_pest_answer_is_answered_as_such(servers):
    rest(servers, "who-6", "I'm a landlord in Holland. who has to get rid of mice?")
    text, custom = answer_of(rest(servers, "who-6", "bdrm 9x10 2 kids ok?"))
    assert "exterminat" not in text.lower(), text
    assert "90 sq ft" in first_sentence(text) and "bedroom" in first_sentence(text), text


def test_holland_gives_the_verdict_and_its_one_exception(servers):
    text, _ = answer_of(
        rest(servers, "who-7", "In Holland, my building has 4 units and only my unit has mice. Who has to exterminate?")
    )
    lines = text.split("\n")
    assert party_first(first_sentence(text), "occupant")
    assert lines[1].startswith("Unless ") and lines[2].startswith("Source: ")


def test_a_later_message_corrects_a_fact(servers):
    rest(servers, "who-8", "In Muskego, my building has 4 units and only my unit has mice. Who has to exterminate?")
    text, _ = answer_of(rest(servers, "who-8", "sorry, the neighbours have them too"))
    assert party_first(first_sentence(text), "owner_or_operator"), text


def test_by_sms_the_verdict_its_exception_and_the_citation_are_the_first_page(servers):
    rest(servers, "who-9", "who has to get rid of mice in my rental in muskego")
    messages = rest(servers, "who-9", "4 unit bldg, only 1 unit has them")
    reply = render(messages)
    pages = paginate(reply.text, PAGE_SEGMENTS, reply.first)
    first = strip_footer(pages[0]).split("\n")
    assert first[0].startswith("In the City of Muskego") and "occupant" in first[0]
    assert first[1].startswith("Unless ") and "(then the owner)" in first[1]
    assert first[2] == "[Responsibilities of owners, operators and occupants, E]"
    assert len(first) == 3  # the rest (the full wording, the quotes) comes on MORE
    whole = "\n".join(strip_footer(p) for p in pages)
    assert (
        '[City of Muskego Minimum Housing Code, Responsibilities of owners, operators and occupants, E] "E. Extermination of pests'
        in whole
    )


CASES = ["", "4 units only my unit", "duplex", "single family house", "6 units hallway", "vacant unit", "rooming house"]


def test_every_verdict_fits_the_first_sms_page(kb):
    """For every municipality, duty and common fact set, the first page is exactly the verdict block."""
    vocabulary = kb.fact_vocabulary()
    checked = 0
    for muni in kb.municipalities():
        for duty in sorted({r.duty for r in kb.rules(muni.key)}):
            for case in CASES:
                for role in (None, "tenant", "landlord"):
                    answer = answer_duty(kb, muni.key, duty, read(case, vocabulary), "test", role)
                    text = answer.text + "\nThis is general information."
                    message = {"text": text, "custom": channel_payload(text, answer.payload)}
                    reply = render([message])
                    assert reply.first, answer.text
                    pages = paginate(reply.text, PAGE_SEGMENTS, reply.first)
                    if len(pages) > 1:
                        assert strip_footer(pages[0]) == reply.first, (reply.first, pages[0])
                    else:  # all of it fits one page
                        assert pages[0].startswith(reply.first)
                    lines = reply.first.split("\n")
                    assert lines[0].startswith(f"In the {muni.name}") and lines[-1].startswith("[")
                    checked += 1
    assert checked > 300
