"""Answers composed from the knowledge base: plain words, citation, verbatim quote."""

from __future__ import annotations

from knowledge.compose import answer_duty, answer_topic, ask_municipality, shorten


def test_holland_extermination_answer_cites_and_quotes(kb):
    answer = answer_topic(kb, "holland", "pests")
    assert "Town of Holland Code § 190-10, extermination paragraph" in answer.text
    assert "Every occupant of a dwelling containing a single dwelling unit shall be responsible" in answer.text
    quote = answer.payload["citations"][0]["quote"]
    assert quote == kb.section("holland", "190-10E").text
    assert answer.payload["municipality"] == "holland" and answer.payload["topic"] == "pests"


def test_facts_decide_the_party(kb):
    single = answer_duty(kb, "holland", "exterminate", {"units_in_building": 1, "owner_failure": False}, "pests")
    assert single.payload["party"] == "occupant" and single.payload["decided"]
    assert "responsibility of the occupant" in single.text
    shared = answer_duty(kb, "holland", "exterminate", {"units_in_building": 6, "infested_units": 3}, "pests")
    assert shared.payload["party"] == "owner"


def test_silent_text_says_so_and_names_the_officer(kb):
    # Dresser's extract says nothing on ceilings (heating, where it only defines a term, is in test_audit)
    answer = answer_topic(kb, "dresser", "ceiling_height")
    assert "does not address" in answer.text
    assert "Health Officer" in answer.text
    assert answer.payload["addressed"] is False and answer.payload["citations"] == []
    for other in kb.municipalities():
        if other.key != "dresser":
            assert other.name.split(" of ")[-1] not in answer.text


def test_asking_for_the_municipality_offers_each_covered_one(kb):
    answer = ask_municipality(kb)
    assert [b["title"] for b in answer.buttons] == [m.name for m in kb.municipalities()]
    assert answer.buttons[0]["title"] == "Town of Holland"  # the data files' order: Holland is listed first
    unknown = ask_municipality(kb, "Madison")
    assert "Madison" in unknown.text and all(m.name in unknown.text for m in kb.municipalities())


def test_shorten_keeps_words_whole_and_marks_the_cut():
    text = "word " * 200
    short = shorten(text, 50)
    assert short.endswith(" …") and len(short) <= 52 and "wor " not in short
    assert shorten("short text") == "short text"
