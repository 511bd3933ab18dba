"""A question for a period of time is answered by a provision that states one, or the code does not address it (real
knowledge base, no servers): "how much notice must he give?" is not answered with a sentence that states no time."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_topic
from knowledge.question_form import ASKS_PERIOD, STATES_PERIOD


def ask(kb, municipality: str, topic: str, question: str):
    return answer_topic(kb, municipality, topic, question=question, ranking=[(f"ask_{topic}", 0.9)])


@pytest.mark.parametrize(
    "municipality, topic, question",
    [
        # Muskego's extract sets no notice before entry, nor an appeal deadline (its appeals are cut off)
        ("muskego", "inspections", "my landlord in muskego just lets himself in whenever, no warning. does the code say how much notice he has to give?"),
        ("amery", "inspections", "My landlord in Amery says he wants me out by the end of the month. How much notice does he have to give me?"),
    ],
)
def test_a_period_no_provision_states_is_not_addressed(kb, municipality, topic, question):
    answer = ask(kb, municipality, topic, question)
    assert "does not address" in answer.text and "Inspector" in answer.text, answer.text
    assert not answer.payload.get("addressed", True)


@pytest.mark.parametrize(
    "municipality, topic, question, stated",
    [
        ("holland", "notices_hearings_appeals", "how long do I have to appeal a notice in holland?", "10 days"),
        ("dresser", "rooming_houses", "dresser rooming house, how long is the permit good for?", "one year"),
    ],
)
def test_a_period_a_provision_states_leads(kb, municipality, topic, question, stated):
    assert stated in ask(kb, municipality, topic, question).text.split("\n")[0]


def test_the_forms_read_periods():
    assert ASKS_PERIOD.search("how much notice does he have to give?")
    assert ASKS_PERIOD.search("What is the deadline to appeal?") and ASKS_PERIOD.search("how long do i have to move out")
    assert not ASKS_PERIOD.search("how long is the bedroom?") and not ASKS_PERIOD.search("how warm must it be?")
    assert STATES_PERIOD.search("filed within 10 days after service") and STATES_PERIOD.search("within a reasonable time")
    assert not STATES_PERIOD.search("The Building Inspector shall investigate all electrical deficiencies")
