"""A ceiling the question describes, checked against the code's, on the real knowledge base: a stated height
compared with the minimum ("the ceiling is 7 ft flat, good enough?"), the half-the-floor rule for a room sized
with the floor that has full height ("12x14, only 60 sq ft of it 7 1/2 ft or higher"), and floor under a ceiling
too low to count; whatever topic the classifier took the question for."""

from __future__ import annotations

import pytest

from knowledge import parsing
from knowledge.compose import answer_topic
from knowledge.compose.computed import ceiling_answer, stated_ceiling

CEILING = "ceiling_height"


@pytest.mark.parametrize(
    "question, feet",
    [
        ("the ceiling is 7 ft flat across the whole room", 7.0),
        ("basement ceilings are 6'10\" in my rental", 6.0 + 10 / 12),
        ("is a 7' ceiling ok in a bedroom?", 7.0),
        ("ceiling slopes down to about 3 ft at the sides", 3.0),
        ("bedroom 10x12, how many kids can sleep there?", None),
    ],
)
def test_a_stated_ceiling_height_is_read(question, feet):
    assert stated_ceiling(question) == (pytest.approx(feet) if feet is not None else None)


def test_a_full_height_part_of_a_sized_room_is_read():
    request = parsing.parse_space_request(
        "the room is 12x14 but only maybe 60 sq ft of it has a ceiling 7 1/2 feet or higher. does that meet code?"
    )
    assert request.tall_ceiling_sqft == 60
    assert [r.area_sqft for r in request.rooms if r.ok] == [168]


def test_a_ceiling_below_the_minimum_is_a_no(kb):
    answer = answer_topic(
        kb, "amery", CEILING, question="amery - finishing an upstairs bedroom, the ceiling is 7 ft flat across the whole room. good enough?"
    )
    assert answer.text.startswith("No. A ceiling of 7 ft is below the seven feet six inches"), answer.text
    assert any("seven feet six inches" in c["quote"] for c in answer.payload["citations"])


def test_a_ceiling_at_the_minimum_is_a_yes(kb):
    answer = answer_topic(kb, "holland", CEILING, question="is a 7' ceiling ok in a bedroom in holland?")
    assert answer.text.startswith("Yes. A ceiling of 7 ft is not below the seven feet"), answer.text


def test_too_little_full_height_floor_fails_the_half_the_floor_rule(kb):
    question = (
        "I'm about to sign a lease in Muskego where the 2nd bedroom is a finished attic, 12x16, but I measured and only "
        "around 80 sq ft of it has 7'6\" or more of headroom. Is that even a legal bedroom?"
    )
    answer = ceiling_answer(kb, "muskego", question)  # the classifier took it for a bedroom-size question
    assert answer is not None
    assert answer.text.startswith("No, in the City of Muskego, for a room of 12 ft × 16 ft = 192 sq ft: 80 sq ft"), answer.text
    assert "(96 sq ft)" in answer.text


def test_floor_under_a_ceiling_too_low_does_not_count(kb):
    answer = answer_topic(
        kb, "holland", CEILING,
        question="converting my attic into a bedroom, town of holland. ceiling slopes down to about 3 ft at the sides. "
        "does the whole floor count toward the sq ft?",
    )
    assert answer.text.startswith("No. Floor under a ceiling of 3 ft does not count"), answer.text
    assert "five feet" in answer.text


def test_a_room_check_with_a_ceiling_height_stays_a_room_check(kb):
    # the people in a sized room are the question; the ceiling height alone does not answer it
    assert ceiling_answer(kb, "amery", "bedroom 10x12 with 8 ft ceilings, ok for my 2 kids?") is None


def test_a_code_without_ceiling_figures_gives_no_ceiling_check(kb):
    assert ceiling_answer(kb, "howard", "the ceiling is 7 ft, good enough?") is None
