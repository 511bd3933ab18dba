"""A topic the code leaves alone, guessed by the classifier, gives way to a provision of another topic that
matches most of the question; words of a topic the code leaves alone, matched in another sense, and a provision
limited to a kind of dwelling the conversation has not named, do not."""

from __future__ import annotations

import pytest

from knowledge.compose.elsewhere import addressed_elsewhere
from knowledge.compose.questions import answer_question

BLINDS = "does my bedroom window have to have blinds or curtains? mine has nothing and people walking by can see right in"


def test_a_rooming_house_conversation_gets_the_rooming_house_provision(kb):
    answer = answer_question(kb, "dresser", "windows_light_ventilation", BLINDS, facts={"rooming_house": True})
    assert answer.text.startswith("Yes.") and "shades, draw drapes" in answer.text, answer.text


def test_without_a_rooming_house_the_text_is_silent(kb):
    muni = kb.municipality("dresser")
    assert addressed_elsewhere(kb, muni, "windows_light_ventilation", BLINDS, None, ()) is None


@pytest.mark.parametrize(
    "municipality, topic, question",
    [
        # "licensed", "may permit a variance": the words of a topic the code leaves alone, in another sense
        ("muskego", "rental_licensing", "do i need a rental license or permit to rent out my house in muskego?"),
        ("howard", "rooming_houses", "renting out a couple rooms in my house in town of howard. do i need a rooming house permit or rental license from the town?"),
        # the heaviest word of the question ("ceiling") is not in the heating figure that matches "height"
        ("howard", "ceiling_height", "Town of Howard - min ceiling ht for bdrm in a finished attic?"),
        # the rooming houses' figure, for a question about dwelling units
        ("dresser", "occupancy_floor_space", "Does the Village of Dresser Housing Code prescribe a minimum number of square feet of floor space per occupant of a dwelling unit?"),
    ],
)
def test_silent_stays_silent(kb, municipality, topic, question):
    answer = answer_question(kb, municipality, topic, question)
    assert answer.payload.get("addressed") is False and "does not address" in answer.text, answer.text
