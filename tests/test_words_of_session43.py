"""People's words read as they mean them (misses of the blind sets written for session 43, fixed generally): asked
whether a thing is left out of a defined term, the answer turns round; a definition that says a space "is not defined
as" a term leaves it out; things no code names (storm windows, insulation, a filing fee, a gas bill) get the honest
silence; an act a provision denies at the end of its clause ("… but shall not vote.") answers "No"; a question opened
with a negative ("isn't …", "dont the landlord …") or asked after a story that holds a "where" or "when" is a yes/no
question; mice "getting in" by a basement window ask for the screen that keeps them out; "take it any further" after
the Board's decision is the court. All on the real built knowledge base."""

from __future__ import annotations

import pytest

from knowledge import question_form
from knowledge.compose import answer_definition, answer_topic
from knowledge.compose.membership import with_membership
from knowledge.compose.plain_verdict import _verdict
from knowledge.yes_no_forms import denies_act_asked


@pytest.mark.parametrize(
    ("municipality", "term", "question", "opening"),
    [
        # asked whether a newborn is left out of "occupant" ("Any person living, sleeping …"): no
        ("dresser", "occupant", "dresser - is a newborn left out of 'occupant' like some towns do?", "No"),
        ("howard", "occupant", "Does the Town of Howard definition of 'occupant' contain any age exclusion, for "
         "example for infants under one year?", "No"),
        # "Space, partly below grade, which is designed and finished as habitable space is not defined as basement space."
        ("amery", "basement", "Under the City of Amery definitions, is finished habitable space that lies partly below "
         "grade treated as basement space?", "No"),
    ],
)
def test_what_a_definition_leaves_out(kb, municipality, term, question, opening):
    defined = kb.definitions(term, municipality)[0].term
    answer = with_membership(kb, question, defined, municipality, answer_definition(kb, defined, municipality))
    assert answer.text.startswith(opening)


@pytest.mark.parametrize(
    ("municipality", "topic", "question"),
    [
        ("muskego", "windows_light_ventilation", "Does the City of Muskego Minimum Housing Code require storm windows or "
         "specify minimum insulation levels for rental dwellings?"),
        ("howard", "appeals_board", "Is a filing fee required with a petition for hearing before the Town of Howard "
         "Housing Appeals Board?"),
        ("amery", "heating", "amery who pays the gas bill tenant or me, per the housing code?"),
    ],
)
def test_what_no_code_names_gets_the_honest_silence(kb, municipality, topic, question):
    text = answer_topic(kb, municipality, topic, question=question).text
    assert "does not address" in text.split("\n")[0]


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "first_line"),
    [
        # mice getting in by the basement window: the screen or other device that keeps them out
        ("howard", "screens", "there's a gap around the basement window at my place in howard and mice keep getting in. "
         "does the owner have to do something about it?", "which might provide an entry for rodents"),
        # "take it any further" after the Board decides: relief in court
        ("holland", "appeals_board", "had my hearing with the town of holland and the board went against me. can i take "
         "it any further?", "seek relief therefrom in any court"),
    ],
)
def test_the_first_line_answers_what_was_asked(kb, municipality, topic, question, first_line):
    assert first_line in answer_topic(kb, municipality, topic, question=question).text.split("\n")[0]


def test_an_act_the_provision_denies_is_answered_no():
    provision = "The Building Inspector shall be an ex-officio member of the Board and shall act as secretary, but shall not vote."
    assert _verdict("howard housing appeals bd - does the building inspector get a vote??", provision, 1.0) == "No"
    # only the act denied: he does act as secretary
    assert not denies_act_asked("does the building inspector act as secretary?", provision)
    assert _verdict("does the building inspector act as secretary on the board?", provision, 1.0) != "No"


def test_forms_of_asking_yes_or_no():
    # a negative opening, mid-message or first
    assert question_form.question_kind("windows in my rental wont close super drafty in winter dont the landlord got to fix that") == "yes_no"
    assert question_form.question_kind("when our furnace goes out we lose hot water too. isn't the hot water supposed to work?") == "yes_no"
    # a "where" told in the story is no "where" asked
    assert question_form.question_kind("the kitchen sink is in the laundry room, not where the stove is. Is that allowed?") == "yes_no"
    assert question_form.question_kind("where do i file an appeal") == "open"
    # a yes/no clause a few words in, with no question mark
    assert question_form.question_kind("muskego duplex w shared stairway do i need light switches top and bottom") == "yes_no"


def test_an_item_of_a_list_led_by_what_it_is_for_is_quoted_with_its_lead_in(kb):
    # "One which is so damaged … or vermin infested …" is an item of "Any dwelling … found to have any of the following
    # defects shall be condemned as unfit … and placarded by the Building Inspector:": asked whether the town can
    # condemn a house with rats, the item answers, quoted after its lead-in, and both are cited
    asked = "the house i rent in holland is crawling with rats and cockroaches and my kids keep getting sick. can the town condemn it?"
    answer = answer_topic(kb, "holland", "unfit_dwellings", question=asked)
    first = answer.text.split("\n")[0]
    assert first.startswith("Yes.")
    assert "placarded by the Building Inspector:\" … \"One which is so damaged" in first
    first_two = answer.payload["citations"][:2]
    assert "vermin infested" in first_two[0]["quote"] and "placarded by the Building Inspector" in first_two[1]["quote"]
    # a whole section's opening ("The designation of dwellings … shall be carried out in compliance with the
    # following …:") is not put before its parts
    vacant = answer_topic(kb, "amery", "unfit_dwellings", question="when must a vacant building in amery be boarded up?")
    assert "The designation of dwellings" not in vacant.text.split("\n")[0]
