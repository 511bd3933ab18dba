"""People's words read as they mean them (misses of the blind sets written for session 45, fixed generally): asked whom
at the city to contact about what the story tells, the topic's provision naming the officer answers; an authority's
act asked in the passive ("may a dwelling that lacks … be condemned?") is settled by "… shall be condemned …"; a
prohibition's exception is shown when leave is asked; a permit that "runs out" expires; a land contract is the
definition's "contractual right"; "all three kids share" a room makes the room the children's; wind coming through a
window is a window that is not weathertight; a unit that "just emptied out" is vacant; a rule that reaches the repair
12.08 requires quotes the part asked about; "No officer, agent or employee … shall be personally liable" is a prohibition;
a bathroom's own window or fan is a bathroom facility. All on the real built knowledge base."""

from __future__ import annotations

import pytest

from knowledge import facts as fact_reading
from knowledge.compose import answer_definition, answer_topic
from knowledge.compose.membership import with_membership
from knowledge.parsing.request import parse_space_request
from knowledge.titles import asks_whom_to_contact


def _first_line(kb, municipality: str, topic: str, question: str) -> str:
    return answer_topic(kb, municipality, topic, question=question).text.splitlines()[0]


def test_whom_to_contact_about_the_story_is_the_officer_the_topic_names(kb):
    question = "sparks come out of an outlet in my muskego flat and the landlord won't answer me. who at the city should i contact?"
    assert asks_whom_to_contact(kb, question)
    assert "The Building Inspector shall investigate all electrical deficiencies" in _first_line(kb, "muskego", "electrical", question)
    # someone of the city told in the story asks no one to contact
    assert not asks_whom_to_contact(kb, "Somebody from the City of Amery put a sign on our door. Can my roommate take it down?")


def test_anybody_at_the_village_to_be_told_is_the_officer_to_be_notified(kb):
    question = "the power company shut off our electric in dresser. does the village need to know about this?"
    assert "the Health Officer shall be notified" in _first_line(kb, "dresser", "utility_shutoffs", question)


@pytest.mark.parametrize(
    ("municipality", "question"),
    [
        ("holland", "may an apartment that lacks sanitation facilities be condemned as unfit?"),
        ("amery", "can a rental in amery be condemned when it has no heating at all?"),
    ],
)
def test_an_authority_act_asked_in_the_passive(kb, municipality, question):
    assert _first_line(kb, municipality, "unfit_dwellings", question).startswith("Yes.")


def test_leave_asked_of_a_prohibition_shows_its_exception(kb):
    # Dresser's exception is only for emergencies the Department of Public Works approves: shown, whatever the verdict
    question = "dresser - gotta shut the water off to the bldg for a day to replace a cracked main. am i allowed"
    assert "approved by the Department of Public Works" in answer_topic(kb, "dresser", "utility_shutoffs", question=question).text
    # Amery's covers actual repairs: allowed on its conditions ("allowed w tenants living there?" asks leave)
    question = "amery - shutting the water off to the bldg for a day to replace the main valve. allowed w tenants there?"
    line = _first_line(kb, "amery", "utility_shutoffs", question)
    assert line.startswith("Yes, but only if its conditions are met") and "temporary interruption" in line


def test_a_permit_that_runs_out_expires(kb):
    line = _first_line(kb, "dresser", "rooming_houses", "does a dresser rooming house permit ever run out?")
    assert "one year" in line


def test_the_hearing_before_the_howard_board_is_the_boards(kb):
    question = "in howard, what if a petitioner fails to appear and state his case at the appeals board hearing?"
    assert "as if no petition were filed" in _first_line(kb, "howard", "appeals_board", question)


def test_a_land_contract_is_the_definitions_contractual_right(kb):
    defined = kb.definitions("owner", "amery")[0].term
    question = "amery - sold my duplex on a land contract. who is the owner for the housing code?"
    answer = with_membership(kb, question, defined, "amery", answer_definition(kb, defined, "amery"))
    assert "such a contractual right" in answer.text.splitlines()[0]


def test_all_the_kids_sharing_a_room_are_the_rooms_people():
    request = parse_space_request("me and my 3 kids (15, 8 and 4) in amery. can all three kids share one bedroom that's 10 by 11?")
    assert request.household is not None and request.household.count == 3


@pytest.mark.parametrize(
    "question",
    [
        "the wind comes right through the bedroom window in my holland rental. does the landlord have to fix that?",
        "ice keeps forming on the inside of the windows in my holland apartment. is that allowed?",
    ],
)
def test_wind_through_a_window_is_not_weathertight(kb, question):
    assert "weathertight" in _first_line(kb, "holland", "maintenance", question)


def test_a_unit_just_emptied_out_is_vacant(kb):
    read = fact_reading.read("amery - unit just emptied out and the next tenants are moving in saturday", kb.fact_vocabulary())
    assert read.get("vacant_unit") is True


def test_the_repair_a_rule_reaches_is_quoted(kb):
    question = "the porch steps at my rental in howard are rotting. does the landlord have to fix them?"
    text = answer_topic(kb, "howard", "maintenance", question=question).text
    assert text.startswith("Yes.") and "12.08(1)(c)" in text


def test_a_shared_entryway_is_a_shared_part(kb):
    question = "who has to keep the shared entryway clean in a 3 unit building in holland?"
    assert "owner" in _first_line(kb, "holland", "cleanliness", question)


def test_an_officer_is_not_personally_liable(kb):
    # "(3) No officer, agent or employee of the Town of Howard shall be personally liable …": a list of who, negated
    question = "the howard inspector cracked my window frame during his inspection. can i sue him personally for it?"
    line = _first_line(kb, "howard", "inspections", question)
    assert line.startswith("No.") and "12.10(3)" in line


def test_a_bathrooms_own_ventilation_is_a_bathroom_facility(kb):
    question = "muskego - bathroom in my rental has no window at all. does there have to be a fan or something instead?"
    assert "mechanical device approved by the Building Inspector" in answer_topic(
        kb, "muskego", "bathroom_kitchen_facilities", question=question
    ).text
