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
