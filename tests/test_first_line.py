"""People's own words reach the provision that answers them, and the answer's first line says it (real knowledge
base, no servers): the words of the synonym table, the question forms and the topic that the best provisions share."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_topic


def ask(kb, municipality: str, topic: str, question: str, confidence: float = 0.9):
    return answer_topic(kb, municipality, topic, question=question, ranking=[(f"ask_{topic}", confidence)])


@pytest.mark.parametrize(
    "municipality, topic, question, first_line",
    [
        # a leak in a drain pipe is the plumbing's ("free from defects, leaks and obstructions")
        (
            "howard",
            "maintenance",
            "howard rental, slow leak in the drain pipe under kitchen sink. is that actually a code violation or just "
            "maintenance?",
            "free from defects, leaks and obstructions",
        ),
        # a license one cannot transfer is "nontransferable"
        ("amery", "rental_licensing", "can i just transfer my rental license to the buyer when i sell the duplex in amery?", "nontransferable"),
        # how a board is composed is what it consists of
        (
            "howard",
            "appeals_board",
            "How is the Town of Howard Housing Appeals Board composed, and which of its members do not vote?",
            "five members",
        ),
        # "deep underground" is how far below the grade
        (
            "muskego",
            "basements",
            "My landlord in Muskego wants to rent the basement of the house to my roommate as his bedroom. The basement "
            "is pretty deep underground. Are there rules about that?",
            "three feet six inches",
        ),
        # personal service and what serves instead
        (
            "howard",
            "service_of_notices",
            "If personal service cannot be made, what alternative method of service satisfies section 12.11 of the "
            "Town of Howard ordinance for a notice and order?",
            "registered mail",
        ),
        # "warmer than" asks for a figure: the bathroom's
        ("amery", "heating", "what about the bathroom in amery, is that supposed to be warmer than the other rooms?", "+80°"),
        # "communal areas" are the shared ones, the owner's from three units up
        (
            "muskego",
            "cleanliness",
            "Under the City of Muskego Minimum Housing Code, at what number of dwelling units does the owner become "
            "responsible for keeping communal areas safe, clean and sanitary?",
            "three or more dwelling units",
        ),
        # a word in the singular meets the table's plural ("blind" is "blinds")
        (
            "dresser",
            "rooming_houses",
            "There's no blind or curtain on my window and people walking by can see right in. "
            "Does the operator have to give me something for that?",
            "shades, draw drapes",
        ),
        # "more than one person" asks for the figure for more than one
        (
            "dresser",
            "sleeping_room_size",
            "What floor space per occupant is required for a rooming house sleeping room occupied by more than one "
            "person in the Village of Dresser?",
            "50 square feet",
        ),
    ],
)
def test_the_first_line_holds_what_was_asked(kb, municipality, topic, question, first_line):
    answer = ask(kb, municipality, topic, question)
    assert first_line in answer.text.split("\n")[0], answer.text


def test_a_lease_does_not_override_the_code(kb):
    question = (
        "My lease in Muskego says I'm responsible for all repairs and bug control no matter what. Does what the lease "
        "says override the city housing code?"
    )
    answer = ask(kb, "muskego", "code_precedence", question)
    first = answer.text.split("\n")[0]
    assert first.startswith("No. ") and "shall not relieve any party" in first, answer.text


def test_is_that_really_in_the_code_is_yes_when_a_provision_holds_it(kb):
    question = "muskego - city saying i have to repaint the peeling siding on my rental. is that really in the housing code?"
    answer = ask(kb, "muskego", "maintenance", question)
    assert answer.text.startswith("Yes. ") and "painted or suitably surfaced" in answer.text.split("\n")[0], answer.text


def test_the_members_who_do_not_vote_are_the_ex_officio_ones(kb):
    question = (
        "How many members sit on the Town of Howard Housing Appeals Board, which members are non-voting, and what is "
        "the term of appointment?"
    )
    first = ask(kb, "howard", "appeals_board", question).text.split("\n")[0]
    assert "members of the housing appeals board: five members" in first and "variance" not in first, first


@pytest.mark.parametrize(
    "municipality, topic, confidence, question, first_line",
    [
        # taken for service of notices: of the best provisions' topics, the order to vacate's (unfit dwellings, the
        # best sentence serving penalties too) answers it
        (
            "howard",
            "service_of_notices",
            0.5,
            "The inspector told my landlord in Howard to fix a bunch of stuff months ago and he did nothing. Now there's "
            "talk that we'll all have to move out. How long would we get to leave?",
            "vacated: 60 days",
        ),
        # taken for kitchens (the stove, the hot plate), which the Dresser text covers only for rooming houses: the
        # duty the story names answers it
        (
            "dresser",
            "bathroom_kitchen_facilities",
            0.6,
            "Our landlord in Dresser shut off the gas to our apartment three weeks ago, said it was 'for repairs', but "
            "nobody has been out to fix anything. No heat, no stove, we're cooking on a hot plate. Is he allowed to keep "
            "it off like this?",
            "Discontinuance of service",
        ),
        # shutting off the electricity is shutting off a utility
        (
            "amery",
            "utility_shutoffs",
            0.7,
            "My landlord in Amery shut off our electricity saying he's 'doing work on the wiring' but it's been two weeks "
            "and nobody has been here. Is he allowed to do that?",
            "No owner, operator, or occupant shall cause any service facility",
        ),
    ],
)
def test_a_misread_question_reaches_the_provision_that_answers_it(kb, municipality, topic, confidence, question, first_line):
    answer = ask(kb, municipality, topic, question, confidence)
    assert first_line in answer.text.split("\n")[0], answer.text
