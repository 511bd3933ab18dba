"""Phrases from the vocabulary files are found as whole words, whichever of a list matches."""

from __future__ import annotations

import pytest

from knowledge.phrase_match import has_phrase


@pytest.mark.parametrize(
    "text, phrases, found",
    [
        ("is my bedroom big enough", ["bedroom"], True),
        ("is my bedroom big enough", ["bed"], False),  # not inside a longer word
        ("a roomer and his roommate", ["room", "roomer"], True),
        ("the roommate", ["room", "roomer"], False),
        ("4 roomers", ["roomer"], False),
        ("can i talk to a real person?", ["real person", "talk to someone"], True),
        ("(attic) 40 sq ft", ["attic"], True),
        ("anything", [], False),
        ("a c.o. please", ["c.o."], True),  # regular-expression characters are plain text
        ("a cxox please", ["c.o."], False),
    ],
)
def test_whole_word_phrases(text, phrases, found):
    assert has_phrase(text, phrases) is found
