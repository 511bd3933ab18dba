"""A question on a topic the code leaves alone, or a yes/no question no provision settles in its wording, answered
from what the text does say (real knowledge base): a definition that holds the question's words, a rule the code has
on the thing asked about, a prohibition a little further down the ranking."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_topic


def ask(kb, municipality: str, topic: str, question: str):
    return answer_topic(kb, municipality, topic, question=question, ranking=[(f"ask_{topic}", 0.9)])


@pytest.mark.parametrize(
    "question",
    [
        "There's 7 of us crammed in a tiny 2 room place in Dresser because my cousin's family moved in. "
        "Is overcrowding like that against the housing code?",
        # asked openly how the code classifies it: the definition that classifies it answers all the same
        "How does the Village of Dresser Housing Code classify overcrowding a room with occupants?",
    ],
)
def test_a_definition_holding_the_words_of_a_silent_topics_question_answers_it(kb, question):
    answer = ask(kb, "dresser", "occupancy_floor_space", question)
    # the clause of the definition that holds its words first, the whole definition after
    first = answer.text.split("\n")[0]
    assert '"nuisance"' in first and "Overcrowding a room with occupants" in first, answer.text
    assert '"nuisance" means' in answer.text.lower()


def test_a_definition_does_not_answer_a_figure_or_a_question_naming_its_term(kb):
    how_many = ask(kb, "dresser", "occupancy_floor_space", "how many people can live in a 2 bedroom apartment in dresser?")
    assert "does not address" in how_many.text, how_many.text
    basement = ask(kb, "dresser", "basements", "Can I rent out a basement apartment in the Village of Dresser?")
    assert "does not address" in basement.text, basement.text
    bedroom = ask(kb, "howard", "sleeping_room_size", "is my 10x10 bedroom big enough for 2 people in Howard")
    assert "does not address" in bedroom.text and "Light Housekeeping" not in bedroom.text.split("\n")[0], bedroom.text


def test_is_there_a_rule_about_it_is_yes_when_a_provision_holds_it(kb):
    question = (
        "The only hallway out of my room in a Dresser rooming house is piled with junk and old furniture. If there's "
        "a fire I don't know how I'd get out. Isn't there a rule about that?"
    )
    answer = ask(kb, "dresser", "stairs_handrails_exits", question)
    assert answer.text.startswith("Yes. "), answer.text
    assert "safe, unobstructed means of egress" in answer.text.split("\n")[0]


def test_a_prohibition_further_down_answers_a_yes_no_question_after_a_clause(kb):
    question = "amery bldg inspector put a placard on my rental. once i fix everything can i just take it down myself"
    answer = ask(kb, "amery", "unfit_dwellings", question)
    assert answer.text.startswith("No. "), answer.text
    assert "No person shall deface or remove the placard" in answer.text.split("\n")[0]


def test_peoples_words_for_which_law_prevails_and_for_roomers_bathrooms(kb):
    precedence = ask(
        kb, "muskego", "code_precedence",
        "If the Muskego Minimum Housing Code and a state regulation prescribe different standards on the same matter, which prevails?",
    )
    assert "the stricter shall take precedence" in precedence.text.split("\n")[0], precedence.text
    bathrooms = ask(kb, "amery", "rooming_houses", "renting rooms in my house in amery, 12 roomers total. how many bathrooms do i need")
    assert bathrooms.text.startswith("For 12 persons, at least 2 are needed"), bathrooms.text


def test_muskego_says_it_sets_no_right_of_entry_and_quotes_what_it_has(kb):
    question = "Does the Muskego Minimum Housing Code give the Building Inspector a right to enter and inspect occupied dwellings, and how much notice must be given?"
    answer = ask(kb, "muskego", "inspections", question)
    first = answer.text.split("\n")[0]
    assert "does not address" in first and "investigate all electrical deficiencies" in first, answer.text
    assert "Building Inspector, who enforces" in answer.text
    assert "City Attorney" not in answer.text  # the officer's title moves no question to the Enforcement sentence


def test_a_term_followed_by_under_the_village_code_is_still_the_term_asked(kb):
    from knowledge.compose.membership import membership_term

    question = (
        "There are rats all over the dumpsters behind our apartment building in Dresser, though I haven't seen any "
        "inside yet. Does that already count as an infestation under the village code?"
    )
    assert membership_term(kb, question, "dresser").lower() == "infestation"
