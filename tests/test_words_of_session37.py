"""People's words read as they mean them (misses of the blind sets written for session 37, fixed generally): one of two
things a provision asks either of, asked "is that legal?"; a unit's own minimum floor space asked of "a small 1br"; an
official asked for by office; a right of entry; outlets the code never names; an entry that waits on identification not
shown; a unit let dirty at move-in; an inspector dispensing with notice; a permit carried over from the seller; a shut-off for
a repair in progress; a required minimum named, not asked; the code's own outlet count; a distance beyond a rule's reach. All on the real built knowledge base, no Rasa."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_topic
from knowledge.compose.unsure import answer_unsure
from knowledge.parsing import parse_space_request
from knowledge.space.dialogue import check, merge_request
from knowledge.space.rendering import result_text
from knowledge.yes_no_forms import either_suffices

AMERY_BATHROOM = "which is equipped with a flush water closet, a lavatory basin and a bathtub and/or shower"
WINDOW = "Every habitable room shall have a least one window or skylight facing directly to the outdoors."


@pytest.mark.parametrize(
    ("question", "provision", "verdict"),
    [
        ("amery - unit has toilet & sink but only a shower, no tub. is that legal?", AMERY_BATHROOM, "Yes"),
        ("only a tub in my unit, there's no shower. is it up to code?", AMERY_BATHROOM, "Yes"),
        ("no shower or tub at all in my unit. is that legal?", AMERY_BATHROOM, None),
        ("does the landlord have to put in a tub? we only have a shower, no bathtub", AMERY_BATHROOM, "No"),
        # one to be put in place of the other is a question of its own ("No skylight shall be installed in lieu of a window")
        ("my bedroom has no window and the landlord will cut a skylight in the roof instead. Is that OK?", WINDOW, None),
    ],
)
def test_one_of_two_things_a_provision_asks_either_of_meets_the_code(question, provision, verdict):
    assert either_suffices(question, provision) == verdict


def test_a_shower_without_a_tub_is_legal_where_the_code_asks_a_bathtub_and_or_shower(kb):
    asked = "amery - unit has toilet & sink but only a shower, no tub. is that legal?"
    assert answer_topic(kb, "amery", "bathroom_kitchen_facilities", question=asked).text.startswith(
        "Yes. City of Amery Code, Basic equipment and facilities, B says:"
    )


def test_a_units_own_minimum_floor_space_answers_a_minimum_asked_of_an_apartment(kb):
    asked = "howard - is there a min sq footage for a rental apt? mine's a small 1br like 600sqft"
    assert "1000 square feet" in answer_topic(kb, "howard", "occupancy_floor_space", question=asked).text.split("\n")[0]
    request = parse_space_request(asked)
    assert request.kind == "unit"  # "a small 1br" is the apartment, not a bedroom of it
    assert "does not meet the minimum of 1,000 sq ft for every dwelling unit" in result_text(check(kb, "howard", merge_request(request, None)))


def test_an_official_asked_for_is_the_one_the_provision_names_not_a_party_of_a_rule(kb):
    asked = "Which City of Muskego official should a resident contact regarding electrical deficiencies in a rental unit under the Minimum Housing Code?"
    answer = answer_unsure(kb, asked, "muskego").answer
    assert "The Building Inspector shall investigate all electrical deficiencies" in answer.text.split("\n")[0]


def test_a_right_of_entry_is_no_rodents_entry(kb):
    asked = "Does the Village of Dresser Housing Code grant the Health Officer a right of entry to inspect dwellings, and if so at what hours and upon what notice?"
    text = answer_unsure(kb, asked, "dresser").answer.text
    assert "EXTERMINATION" not in text
    assert "does not address" in text and "Health Officer" in text


def test_outlets_the_code_never_names_are_not_answered_with_hall_lighting(kb):
    asked = "amery - how many outlets per room does code need in a rental"
    assert answer_topic(kb, "amery", "electrical", question=asked).text.startswith("The City of Amery housing code text I have does not address")
    assert "two separate" in answer_topic(kb, "holland", "electrical", question="how many outlets per room does code need in a rental").text


@pytest.mark.parametrize(
    ("municipality", "topic", "asked", "lead"),
    [
        pytest.param(
            "howard",
            "inspections",
            "A guy showed up at my door saying he's the building inspector for the Town of Howard and wants to look through my "
            "apartment. He wouldn't show me any ID. Do I have to let him in?",
            "No. Town of Howard Code 12.10(1) says:",
            id="entry-waits-on-identification",
        ),
        pytest.param(
            "amery",
            "cleanliness",
            "I just moved into my apartment in Amery and it was filthy — old food in the fridge, dirt everywhere. Was the "
            "landlord even allowed to rent it to me like that?",
            'No. City of Amery Code, Safe and sanitary maintenance, H says: "No owner shall occupy or let to any other occupant any vacant',
            id="let-dirty-at-move-in",
        ),
        pytest.param(
            "holland",
            "notices_hearings_appeals",
            "Is there any circumstance in which the Building Inspector may dispense with notice and hearing entirely?",
            "Yes. Town of Holland Code § 190-4, emergency orders paragraph says:",
            id="dispense-with-notice",
        ),
        pytest.param(
            "holland",
            "rooming_houses",
            "If a rooming house in the Town of Holland is sold, may the new owner continue to operate under the seller's "
            "existing rooming house permit?",
            'No. Town of Holland Code § 190-11, rooming house permit paragraph says: "No such permit shall be transferable."',
            id="sellers-permit",
        ),
        pytest.param(
            "amery",
            "utility_shutoffs",
            "amery - swapping out the water heater tmrw, ok to shut water off a few hrs w tenants home?",
            "Yes, but only if its conditions are met.",
            id="shut-off-for-a-repair",
        ),
        pytest.param(
            "holland",
            "basements",
            "May a basement room in the Town of Holland be used as a habitable room where part of its required minimum window "
            "area lies below the adjoining grade?",
            "No. Town of Holland Code § 190-9, basement habitable space paragraph, window area above grade item (3) says:",
            id="a-required-minimum-named-is-no-figure-asked",
        ),
        pytest.param(
            "muskego",
            "electrical",
            "Is a habitable room with only one wall convenience outlet and no supplied ceiling or wall fixture compliant with "
            "the City of Muskego Minimum Housing Code?",
            "No. With 1 outlet and no light fixture, the room falls short",
            id="one-outlet-no-fixture",
        ),
        pytest.param(
            "holland",
            "electrical",
            "Does Holland's requirement of two electric convenience outlets per habitable room apply to a farmhouse whose "
            "nearest power line is 450 feet away?",
            "No. In the Town of Holland, minimum number of separate electrical outlets",
            id="beyond-the-reach-of-the-rule",
        ),
    ],
)
def test_the_answer_leads_with_what_was_asked(kb, municipality, topic, asked, lead):
    assert answer_topic(kb, municipality, topic, question=asked).text.startswith(lead)
