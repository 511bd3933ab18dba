"""A figure the text leaves out is answered with the sentence that says where it is set, after saying it is not
stated: "dresser housing code fine how much" → "… subject to a penalty as provided in sec. 25.04 of this Code"."""

from __future__ import annotations

import pytest

from knowledge.compose.questions import answer_question
from knowledge.compose.referring import referring_sentence


@pytest.mark.parametrize(
    "municipality, topic, question, missing, says",
    [
        ("dresser", "penalties", "dresser housing code fine how much", "does not state", "as provided in sec. 25.04"),
        ("amery", "rental_licensing", "amrey rental license fees how much per unit", "does not state", "Schedule of Fees"),
        # "fine amount" asks a figure too
        ("dresser", "penalties", "dresser - fine amount for a housing violation?", "does not state the", "sec. 25.04"),
        ("muskego", "penalties", "What is the forfeiture amount for a violation of the Muskego housing chapter?",
         "does not state the", "§ 1-4"),
    ],
)
def test_the_sentence_that_says_where_the_figure_is_set_leads(kb, municipality, topic, question, missing, says):
    answer = answer_question(kb, municipality, topic, question)
    first, second = answer.text.splitlines()[:2]
    assert missing in first and says in second, answer.text


def test_a_sentence_refers_only_for_the_figure_it_names(kb):
    # the Dresser penalty sentence says where the fine is set, not a license fee
    assert referring_sentence(kb, "dresser", "penalties", "dresser housing code fine how much", "fine_max") is not None
    assert referring_sentence(kb, "dresser", "penalties", "dresser housing code fine how much", "license_fee") is None
