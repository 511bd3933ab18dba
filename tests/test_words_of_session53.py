"""Words and forms people used in the blind sets written for session 53, read generally: a tub without a shower where
the code asks for "a bathtub and/or shower", what a defined term covers in people's words (washer hookups, a yard, an
attached garage, a laundry room in a story, "involve"), a temperature told with "isn't he supposed to make it warmer",
whether a rule "covers" or "reaches" a room it names, rusty water, an inspector's ID, an inspector at 2 in the morning,
notice the inspector must give (not the asker), a sentence naming all the best one names and more, and a duty a
duplex's text puts on no one, asked by someone whose side is not known. All on the real built knowledge base."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_question
from knowledge.compose.membership import membership_verdict
from knowledge.compose.plain_verdict import _verdict
from knowledge.compose.verdicts import answer_duty
from knowledge.question_form import yes_no


def test_a_tub_without_a_shower_is_enough_where_either_is_asked_for(kb):
    asked = "amery rental - bathrm has a tub only no shower, is that ok"
    assert yes_no(asked, "which is equipped with a flush water closet, a lavatory basin and a bathtub and/or shower") == "Yes"
    answer = answer_question(kb, "amery", "bathroom_kitchen_facilities", asked)
    assert answer.text.startswith("Yes.") and "bathtub and/or shower" in answer.text


def _verdict_of(kb, municipality, term, asked):
    (definition,) = kb.definitions(term, municipality)[:1]
    found = membership_verdict(kb, asked, term, definition.text, municipality)
    return found[0] if found else None


@pytest.mark.parametrize(
    "municipality,term,asked,verdict",
    [
        ("dresser", "plumbing", "dresser - does 'plumbing' in the housing code cover the dishwasher and washer hookups?", "Yes"),
        ("dresser", "premises", "dresser: does the yard count as premises or only the bldg?", "Yes"),
        ("muskego", "dwelling", "Under the City of Muskego housing chapter, does an attached garage form part of the 'dwelling'?", "Yes"),
        ("howard", "light housekeeping", "Under the Town of Howard code, does 'light housekeeping' involve the occupants doing their own cooking on the premises?", "Yes"),
        ("howard", "habitable room", "My mom's apartment in Howard has a small laundry room. Does that count as a habitable room?", "No"),
        # the places a story names still count where they are what the definition names ("… finished as living space")
        ("amery", "basement", "In the City of Amery, does a partly below-grade lower level that was designed and finished as living space fall within the code's definition of basement?", "No"),
    ],
)
def test_what_a_term_covers_in_peoples_words(kb, municipality, term, asked, verdict):
    assert _verdict_of(kb, municipality, term, asked) == verdict


def test_isnt_he_supposed_to_make_it_warmer_is_answered_yes(kb):
    asked = "It's January and my apartment in the Town of Holland barely gets to 62 even with the furnace running all day. Isn't the landlord supposed to make it warmer than that?"
    answer = answer_question(kb, "holland", "heating", asked)
    assert answer.text.startswith("Yes. 62° is below the 70°")


@pytest.mark.parametrize(
    "asked",
    [
        "The bathroom in my rental house in the town of holland has no heat vent at all and it gets ice cold. Does the heat rule cover bathrooms?",
        "We rent a farmhouse in holland and the bathroom is freezing every morning. Does the heat have to reach the bathroom too?",
    ],
)
def test_a_rule_covers_a_room_it_names(kb, asked):
    answer = answer_question(kb, "holland", "heating", asked)
    assert answer.text.startswith("Yes.") and "bathrooms and water closet compartments" in answer.text


def test_a_rule_does_not_cover_a_room_it_leaves_out():
    assert _verdict("Does the heat rule cover bathrooms?", "all habitable rooms, excluding bathrooms", 1.0) != "Yes"


def test_rusty_water_asks_for_water_of_safe_sanitary_quality(kb):
    asked = "The water out of my shower in Muskego looks rusty and smells weird. Does the landlord have to give us clean water?"
    answer = answer_question(kb, "muskego", "hot_water", asked, ranking=[("ask_hot_water", 0.9), ("ask_cleanliness", 0.03)])
    assert answer.text.startswith("Yes.") and "water of safe, sanitary quality" in answer.text


def test_the_inspectors_id_is_his_proper_identification(kb):
    asked = "A guy showed up at my door in Howard saying he's the building inspector and wants to look around. Can I ask to see his ID first?"
    answer = answer_question(kb, "howard", "inspections", asked)
    assert answer.text.startswith("Yes.") and "upon showing proper identification" in answer.text


@pytest.mark.parametrize(
    "asked,verdict",
    [
        ("Can the Howard building inspector just show up at 2 in the morning to inspect my house?", "No"),
        ("the inspector came by at midnight, do i have to let him in?", "No"),
        ("he showed up at 11 pm to inspect. is that a violation?", "Yes"),
    ],
)
def test_an_hour_nobody_calls_reasonable(asked, verdict):
    provision = "the Building Inspector is authorized to enter, examine and survey at any reasonable hour all dwellings"
    assert _verdict(asked, provision, 1.0) == verdict


def test_an_hour_of_the_day_is_not_unreasonable():
    provision = "the Building Inspector is authorized to enter, examine and survey at any reasonable hour all dwellings"
    assert _verdict("can the inspector come at 2 in the afternoon?", provision, 1.0) != "No"


def test_notice_the_inspector_must_give_is_not_a_condition_the_asker_may_insist_on():
    provision = "the Building Inspector may enter, examine, and survey, at proper time after due notice, all rental dwelling units"
    assert yes_no("amery inspector just showed up no warning wants to see my units. dont they have to give notice first?", provision) == "Yes"
    assert yes_no("he showed up with no notice. do i have to let him in?", provision) == "No"


def test_a_sentence_naming_all_the_best_one_names_and_more_leads(kb):
    asked = "muskego rooming hse, ok to put the shared bath in the basement if inspector says ok?"
    answer = answer_question(kb, "muskego", "rooming_houses", asked)
    assert answer.text.startswith("No.") and "No such facilities shall be located in a basement." in answer.text.split("\n")[0]


def test_a_duty_the_text_puts_on_no_one_for_a_duplex_is_no_to_whoever_asks(kb):
    asked = "town of howard duplex - do i hav to provide the trash cans"
    answer = answer_duty(kb, "howard", "supply_garbage_containers", {"units_in_building": 2}, "garbage_rubbish", question=asked)
    assert answer.text.startswith("No, not on the owner by this text")
    # (a building over two units is the owner's)
    answer = answer_duty(kb, "howard", "supply_garbage_containers", {"units_in_building": 6}, "garbage_rubbish", question=asked)
    assert not answer.text.startswith("No")


def test_a_rule_for_power_lines_within_300_feet_does_not_reach_500_feet_away(kb):
    asked = "holland twp - rural rental, nearest power lines r like 500 ft away. do the outlet rules even apply"
    answer = answer_question(kb, "holland", "electrical", asked)
    assert answer.text.startswith("No.") and "not more than 300 feet away" in answer.text


def test_what_if_its_the_owners_own_son_asks_whether_the_exception_allows_it(kb):
    asked = "what if its my own son sleeping down there? i live in the house, its a single family. the floor is 5 ft below the ground"
    answer = answer_question(kb, "muskego", "basements", asked)
    assert answer.text.startswith("Yes, on an exception")


def test_a_thing_no_code_names_is_silent_though_the_asking_sentence_says_it_in_other_words(kb):
    from knowledge.compose import answer_unsure

    asked = "It's summer and our rental in howard twp has no air conditioning, it's unbearable. Is the landlord required to cool the place?"
    found = answer_unsure(kb, asked, "howard", None, [("nlu_fallback", 0.45), ("ask_windows_light_ventilation", 0.26)])
    assert "does not address" in found.answer.text and "Building Inspector" in found.answer.text


@pytest.mark.parametrize(
    "question,side",
    [
        ("only 1 unit has mice in my howard 4plex, thats on the tenant right", "tenant"),
        ("is keeping the yard clean the tenants job?", "tenant"),
        ("thats on the landlord right?", "landlord"),
        ("is fixing the furnace the landlords job?", "landlord"),
        ("that's on me or the tenant?", None),
    ],
)
def test_whose_job_a_side_is_said_to_have(kb, question, side):
    from knowledge.facts import proposed_side

    assert proposed_side(question, kb.fact_vocabulary()) == side


def test_outlets_counted_where_the_rule_does_not_reach_are_not_checked(kb):
    asked = "holland cabin rental, nearest power line is like 500 ft away. do i still need 2 outlets per room?"
    answer = answer_question(kb, "holland", "electrical", asked)
    assert answer.text.startswith("No.") and "not more than 300 feet away" in answer.text


def test_an_inspector_showing_up_whenever_is_not_at_reasonable_times():
    provision = "the Building Inspector is hereby authorized to enter, examine, and survey at all reasonable times all dwellings"
    assert _verdict("amery- city inspector says they got a complaint. can they just show up whenever?", provision, 1.0) == "No"


def test_whether_the_inspector_needs_the_owners_ok_is_no_where_the_code_authorizes_entry():
    provision = "For the purpose of making such inspection, the Building Inspector is hereby authorized to enter, examine, and survey at all reasonable times all dwellings"
    assert yes_no("holland - does the bldg inspector need my ok to inspect my rental?", provision) == "No"


def test_what_the_landlord_calls_fine_is_not_where_the_code_requires_it(kb):
    asked = "my bedroom window in amery is cracked and the wind comes right through. the landlord says it's fine. is it?"
    answer = answer_question(kb, "amery", "maintenance", asked)
    assert answer.text.startswith("No.") and "weathertight" in answer.text


def test_the_closest_definition_says_whether_the_thing_falls_under_it(kb):
    from knowledge.compose import answer_unsure

    found = answer_unsure(kb, "dresser: does the yard count as premises or only the bldg?", "dresser", None, [("nlu_fallback", 0.45), ("ask_definition", 0.19)])
    assert found.answer.text.startswith("Yes, by the Village of Dresser code's definition of \"premises\"")


def test_clean_water_is_the_water_supplied_not_cleaning(kb):
    from knowledge.compose.asked import duty_asked

    asked = "The water out of my shower in Muskego looks rusty and smells weird. Does the landlord have to give us clean water?"
    assert (duty_asked(kb, "cleanliness", asked) or ("", ""))[0] != "clean_own_unit"
    assert duty_asked(kb, "cleanliness", "does the landlord have to clean the apartment before we move in?")[0] == "clean_own_unit"


def test_the_occupants_responsibility_for_heating_is_the_care_in_its_use(kb):
    asked = "What responsibility, if any, does the City of Muskego housing code place on occupants with respect to heating facilities?"
    answer = answer_question(kb, "muskego", "heating", asked)
    assert "responsibility of the occupant" in answer.text.split("\n")[0] and "care in the proper use" in answer.text


def test_a_sink_with_only_a_cold_line_lacks_hot_and_cold_running_water(kb):
    answer = answer_question(kb, "howard", "hot_water", "howard twp rental - kitchen sink only has a cold line rn. is that a violation")
    assert answer.text.startswith("Yes.") and "supplied with hot and cold running water" in answer.text.split("\n")[0]


def test_a_claim_that_it_is_fine_is_not_denied_where_the_code_offers_another_way(kb):
    asked = "My bathroom in the town of Howard has no window. The landlord says that's fine. Is it?"
    answer = answer_question(kb, "howard", "windows_light_ventilation", asked)
    assert not answer.text.startswith("No")


def test_walking_in_whenever_told_in_the_story_is_no_hour_asked():
    provision = "upon showing proper identification, the Building Inspector is authorized to enter, examine and survey at any reasonable hour all dwellings"
    asked = "i dont want the town just walking in whenever. can i make him get a warrant first?"
    assert _verdict(asked, provision, 1.0) != "No"
