"""People's words read as they mean them (misses of the blind sets written for session 35, fixed generally): ages told
after two people, an "adult" before a plural, a count that includes the people named after it, a size restated in
brackets, a fraction of a room under full headroom, a figure the code does not state asked as yes/no, the provision a
short asking sentence names, a list item limited by its lead-in, "mailing it alone", "only if handed in person", an act
done "without notice", a head count the figure divides, a question that denies the rooming-house scope, the officer's
own definition on a hand-off, and the words that pick a duty. All on the real built knowledge base, no Rasa."""

from __future__ import annotations

import pytest

from knowledge import selector
from knowledge.compose import answer_topic, duty_asked
from knowledge.compose.computed import ceiling_answer, stated_ceiling
from knowledge.compose.fixture_counts import for_head_count
from knowledge.handoff import handoff
from knowledge.parsing import band_name, parse_space_request
from knowledge.parsing.household import parse_household
from knowledge.yes_no_forms import ASKS_FOR_FIGURE, also_without


@pytest.mark.parametrize(
    ("text", "bands", "ages"),
    [
        ("My son and daughter are 7 and 9 and they share a bedroom", ["child", "child"], [7.0, 9.0]),
        ("a bedroom shared by two adult occupants", ["adult", "adult"], [None, None]),
        ("can my tenants 2 teens (14 and 16) share it", ["teen", "teen"], [14.0, 16.0]),
        ("2 adults and my kids (3 and 7)", ["adult", "adult", "child", "child"], [None, None, 3.0, 7.0]),
    ],
)
def test_the_people_and_their_ages_are_read_as_told(text, bands, ages):
    household = parse_household(text)
    assert household is not None
    assert [p.band for p in household.persons] == bands
    assert [p.age for p in household.persons] == ages


def test_a_count_including_the_people_named_after_it_counts_them_once():
    assert selector.head_count("rooming house in muskego, 18 ppl incl me and my family who use the same bathrooms") == 18
    household = parse_household("9 people including 2 kids under 5")
    assert household.count == 9 and [band_name(p.band) for p in household.persons].count("child") == 2  # (children under 5)


def test_a_size_restated_in_brackets_is_not_another_room():
    request = parse_space_request("Town of Howard. bedroom in my rental is 10x10 and the window is 3x3 (9 sq ft). does that pass?")
    assert [room.area_sqft for room in request.rooms] == [100.0]
    assert request.window_sqft == 9.0


def test_a_fraction_of_the_room_under_full_headroom_is_compared_with_the_codes_half(kb):
    asked = "attic apartment in the Town of Holland, only about a third of the bedroom has 7 feet of headroom. Is that allowed?"
    answer = ceiling_answer(kb, "holland", asked)
    assert answer is not None and answer.text.startswith("No. 33.3% of the floor")


def test_a_ceiling_height_in_words_is_read_but_not_the_codes_own_threshold(kb):
    assert stated_ceiling("is floor area beneath a sloped ceiling of four feet six inches included?") == 4.5
    assert stated_ceiling("how is the portion of a room with a ceiling lower than five feet treated?") is None
    asked = "In determining maximum permissible occupancy under the Holland chapter, is floor area beneath a sloped ceiling of four feet six inches included?"
    assert ceiling_answer(kb, "holland", asked).text.startswith("No. Floor under a ceiling of 4 ft 6 in does not count")


def test_a_figure_the_code_does_not_state_asked_as_yes_or_no_is_said_to_be_missing(kb):
    asked = "Landlord in Amery keeps the water heater turned way down. Is there a required hot water temperature in the city code?"
    assert ASKS_FOR_FIGURE.search(asked)
    answer = answer_topic(kb, "amery", "hot_water", question=asked)
    assert answer.text.startswith("The City of Amery housing code text I have does not address the temperature")
    assert not ASKS_FOR_FIGURE.search("is my water heater too cold?")


def test_a_short_asking_sentence_picks_the_provision_it_names(kb):
    asked = (
        "The City of Amery is preparing a citation for a landlord who failed to comply with a Building Inspector's order "
        "under the rental housing article. Which penalty provision applies?"
    )
    assert "§ 1-5" in answer_topic(kb, "amery", "penalties", question=asked).text.split("\n")[0]


def test_an_item_of_the_basement_list_does_not_answer_for_every_room(kb):
    lead = answer_topic(kb, "holland", "windows_light_ventilation", question="Does every room in my Holland apartment need a window that opens?")
    assert lead.text.startswith('Yes. Town of Holland Code § 190-7B says: "Every habitable room shall have at least one window')


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "lead"),
    [
        (
            "howard",
            "service_of_notices",
            "The Town of Howard inspector sent my landlord a violation notice by registered mail but nothing was posted at the building. Is mailing it alone enough?",
            "No.",
        ),
        (
            "holland",
            "service_of_notices",
            "For purposes of the Town of Holland housing chapter, is a violation notice validly served only if it is handed to the property owner in person?",
            "No.",
        ),
        ("holland", "notices_hearings_appeals", "May the Town of Holland Building Inspector issue an order without prior notice or a hearing?", "Yes. Town of Holland Code § 190-4, emergency orders"),
        ("muskego", "maintenance", "Muskego: does the code actually make me paint the outside of my rental house?", "Yes."),
        ("holland", "maintenance", "The bathroom floor in my Holland rental is rotted and water soaks right through. isn't the landlord supposed to keep it waterproof?", "Yes. Town of Holland Code § 190-8, bathroom floor"),
    ],
)
def test_the_yes_or_no_is_read_from_the_users_words(kb, municipality, topic, question, lead):
    assert answer_topic(kb, municipality, topic, question=question).text.startswith(lead)


def test_an_act_done_without_the_thing_asked_about_is_the_one_that_answers():
    asked = "May the Building Inspector issue an order without prior notice or a hearing?"
    assert also_without(asked, "he may, without notice or hearing, issue an order reciting the existence of such an emergency")
    assert not also_without(asked, "Any person affected by any such notice may request and shall be granted a hearing")


def test_a_head_count_the_figure_divides_needs_no_rounding(kb):
    standard = kb.standard("muskego", "rooming_persons_per_toilet")
    assert "fraction thereof" not in standard.quote.lower()
    assert for_head_count(kb, standard, "muskego rooming house, 18 ppl. how many toilets do i need").startswith("For 18 persons, at least 3 are needed")
    assert for_head_count(kb, standard, "muskego rooming house w 13 roomers how many bathrooms") == ""  # the text does not round


def test_a_question_that_denies_the_rooming_house_scope_is_told_the_permit_is_for_rooming_houses_only(kb):
    asked = "vlg of dresser - need a rental license for a regular 2br apt? not renting rooms, just the whole unit"
    text = answer_topic(kb, "dresser", "rooming_houses", question=asked).text
    assert "This applies only to rooming houses" in text and not text.startswith("Yes")


def test_a_hand_off_cites_the_codes_own_definition_of_its_officer(kb):
    answer = handoff(kb, "amery", "can i talk to a real person about my apartment?")
    assert "City of Amery Code, Definitions, BUILDING INSPECTOR" in [c["citation"] for c in answer.payload["citations"]]
    assert "The Building Inspector of the City of Amery or his/her authorized representative." in answer.text


@pytest.mark.parametrize(
    ("topic", "text", "duty"),
    [
        ("inspections", "bldg inspector showed up at my rental saying someone complained and he wants to look around. do i have to let him in??", "give_access_for_inspection"),
        ("utility_shutoffs", "Is a tenant permitted to have a required utility discontinued at the rental dwelling?", "keep_services_connected"),
        ("access_for_repairs", "the plumber the landlord sent wants to come in to fix the sink, do i have to let him in?", "give_access_for_repairs"),
    ],
)
def test_the_duty_is_read_from_the_words_that_name_it(kb, topic, text, duty):
    assert duty_asked(kb, topic, text)[0] == duty
