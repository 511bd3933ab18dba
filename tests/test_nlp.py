"""The project's own spaCy pipeline finds the municipality deterministically."""

from __future__ import annotations

import pytest

from knowledge.nlp import load_pipeline


@pytest.fixture(scope="module")
def nlp():
    from conftest import SPACY_PATH

    return load_pipeline(SPACY_PATH)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Who is responsible for extermination in the Town of Holland?", "holland"),
        ("roaches in my apt in hollnd", "holland"),
        ("i rent in the town of howard", "howard"),
        ("City of Amery", "amery"),
        ("amerry wi", "amery"),
        ("we live in Dresser", "dresser"),
        ("village of dreser", "dresser"),
        ("MUSKEGO", "muskego"),
        ("muskgo", "muskego"),
    ],
)
def test_municipality_is_found(nlp, text, key):
    ents = [(e.label_, e.ent_id_) for e in nlp(text).ents]
    assert ("municipality", key) in ents


@pytest.mark.parametrize("text", ["there are bedbugs in my dresser", "the dresser drawer has mice", "who exterminates"])
def test_furniture_and_plain_questions_are_not_places(nlp, text):
    assert [e for e in nlp(text).ents if e.label_ == "municipality"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Is a 10x12 bedroom in Muskego big enough for me and my 2 kids?",
            [("dimensions", "10x12"), ("people", "me and my 2 kids")],
        ),
        (
            "3 by 4 meters room in Amery for a family of four",
            [("dimensions", "3 by 4 meters"), ("people", "a family of four")],
        ),
        (
            "my 12-year-old and 6 month old share a 9 by 10 room",
            [("age", "12-year-old"), ("age", "6 month old"), ("dimensions", "9 by 10")],
        ),
        ("ages 3, 7 and 14", [("age", "ages 3, 7 and 14")]),
        ("a newborn", [("age", "newborn")]),
        ("we have a duplex in the town of holland", [("units", "duplex")]),
        ("a 6-unit building", [("units", "6-unit building")]),
        ("How many people can live in 600 sq ft?", [("dimensions", "600 sq ft")]),
        ("10' x 12'6\" room", [("dimensions", "10' x 12'6\"")]),
    ],
)
def test_calculator_entities_are_found(nlp, text, expected):
    found = [(e.label_, e.text) for e in nlp(text).ents if e.label_ != "municipality"]
    assert found == expected


@pytest.mark.parametrize(
    ("text", "key"),
    [("10 by 12 in dresser", "dresser"), ("a 10x12 room in Holland", "holland"), ("3 kids in amery", "amery")],
)
def test_municipality_survives_next_to_calculator_entities(nlp, text, key):
    assert ("municipality", key) in [(e.label_, e.ent_id_) for e in nlp(text).ents]


def test_saved_pipeline_and_parsing_agree(nlp):
    from knowledge.parsing import entities

    text = "two bedrooms, 10x12 and 9x11, for 2 adults and 3 kids (ages 3, 7 and 14) in a fourplex"
    saved = [(e.label_, e.text) for e in nlp(text).ents if e.label_ != "municipality"]
    assert saved == [(e.label, e.text) for e in entities(text)]
