"""People's words read as they mean them (the misses of blind sets written for session 30, fixed generally): what a
rule reaches quoted beside it, the party the asking sentence names, windows that do not open, a story's words kept out
of the question asked, a long phrase in any inflection, the part of a list a question describes failing, and the
people, rooms and windows a message tells of."""

from __future__ import annotations

import pytest

from actions.answers import ActionAnswerTopic
from knowledge import question_form, selector
from knowledge.compose import answer_topic, duty_asked
from knowledge.compose.membership import asks_membership, by_person_count
from knowledge.compose.parts import later_part_verdict
from knowledge.compose.requirement import answer_for_duty
from knowledge.compose.unsure import named_topics
from knowledge.concepts import concepts, tokens
from knowledge.facts import names_a_side, read
from knowledge.parsing import parse_household, parse_space_request
from knowledge.parsing.household import asks_inadequate
from tests.test_space_followup_actions import reply, tracker


def first_two(text: str) -> str:
    return "\n".join(text.split("\n")[:2])


def cited(answer) -> list[str]:
    return [c["citation"] for c in answer.payload["citations"]]


# -- what a rule reaches, and the party the asking sentence names ------------------------------------------------------


def test_a_yes_or_no_on_a_rule_quotes_the_requirement_its_scope_names(kb):
    # Howard's owner rule is "Provision of all facilities … required by this ordinance", for "the screens 12.06(2) requires"
    asked = "no screens on any of our bedroom windows and the mosquitoes are eating my kids alive. does the landlord have to put screens in?"
    answer = answer_topic(kb, "howard", "screens", question=asked)
    assert answer.text.startswith("Yes. Town of Howard Code 12.09(1)(a)"), answer.text
    assert "12.06(2)(a)" in cited(answer)[1] and "shall be effectively screened" in answer.text


def test_the_party_named_in_the_asking_sentence_picks_its_rule_not_the_exception(kb):
    ranked = selector.select(kb, "does the landlord have to put screens in?", "howard", topics=["screens"])
    assert ranked[0].candidate.kind == "rule" and ranked[0].candidate.party == "owner"
    # … a party only the story names does not: "The owner keeps saying he'll get to it. Does he have to fix the roof?"
    story = "Water drips through the ceiling. The owner keeps saying he'll 'get to it.' Does he have to fix the roof?"
    answer = answer_for_duty(kb, "howard", "keep_in_repair", {}, "maintenance", question=story)
    assert answer.text.startswith("Yes, in the Town of Howard") and "12.08(1)(a)" in cited(answer)[1], answer.text


def test_a_who_verdict_quotes_the_item_of_the_list_its_rule_introduces(kb):
    asked = "the roof leaks right over my bed. landlord's answer is to give me a bucket. doesn't he have to actually fix the roof?"
    answer = answer_for_duty(kb, "amery", "keep_in_repair", read(asked, kb.fact_vocabulary()), "maintenance", question=asked)
    assert answer.text.startswith("Yes, in the City of Amery"), answer.text
    assert cited(answer)[1].endswith("Safe and sanitary maintenance, A") and "Every foundation, floor, wall, ceiling, and roof" in answer.text
    fix = "amery tenant says the roof leaks into the bedroom every time it rains. is that something the code makes me fix?"
    assert answer_for_duty(kb, "amery", "keep_in_repair", read(fix, kb.fact_vocabulary()), "maintenance", question=fix).text.startswith("Yes")


def test_a_supply_question_for_the_tenants_is_the_owners(kb):
    asked = "duplex in howard, am i supposed to supply the tenants garbage cans?"
    text = answer_for_duty(kb, "howard", "supply_garbage_containers", read(asked, kb.fact_vocabulary()), "garbage_rubbish", question=asked).text
    assert text.startswith("No, not on the owner by this text (it puts it on the owner only when the building has more than two"), text


# -- the numbers and words a message tells ------------------------------------------------------------------------------


def test_a_window_painted_shut_opens_nothing(kb):
    asked = "Our living room in Amery is about 15 by 14 and it only has one small window that's painted shut. Is that up to code?"
    assert parse_space_request(asked).openable_sqft == 0.0
    assert parse_space_request("one of the windows is painted shut, the other opens. room is 10x12").openable_sqft is None
    text = answer_topic(kb, "amery", "windows_light_ventilation", question=asked).text
    assert text.startswith("No, in the City of Amery") and "openable 0 sq ft → does not meet" in text, text


@pytest.mark.parametrize(
    ("asked", "window"),
    [
        ("bedroom is 12 by 10 and it only has one small window, the glass part is maybe 2 feet by 4 feet. enough window?", 8.0),
        ("My bedroom is 11 feet by 12 feet and has a single window. I measured the glass and it's about 10 square feet total.", 10.0),
    ],
)
def test_a_window_described_in_other_words_is_the_windows_size(asked, window):
    request = parse_space_request(asked)
    assert request.window_sqft == window and len(request.rooms) == 1


def test_the_floor_under_a_tall_ceiling_and_a_share_in_words_are_read(kb):
    attic = "The room is 12 by 14 feet but the part where the ceiling is 7 and a half feet or taller is only about 60 square feet"
    assert parse_space_request(attic).tall_ceiling_sqft == 60.0
    text = answer_topic(kb, "muskego", "ceiling_height", question=attic + ". Does that meet the ceiling height rules?").text
    assert text.startswith("No, in the City of Muskego") and "84 sq ft" in text, text
    third = "only about a third of the floor has 7'6 or more headroom. is that ok?"
    assert answer_topic(kb, "muskego", "ceiling_height", question=third).text.startswith("No. 33.3% of the floor")


def test_one_size_said_twice_is_one_room_and_a_sum_of_rooms_is_the_unit():
    twice = "i sleep in a 72 sq ft bedroom with my 9 month old. the landlord says it's too small for two people. isn't 72 square feet enough?"
    assert len(parse_space_request(twice).rooms) == 1
    assert len(parse_space_request("the kids rooms are 10x10 and 10x10").rooms) == 2
    assert parse_space_request("the bedrooms + living room + kitchen come to about 520 sq ft, 5 of us").kind == "unit"
    assert parse_space_request("9x10 bdrm ok for 2 teens (14, 16) + 1 kid (8)?").kind != "unit"


def test_the_ages_of_the_oldest_the_middle_one_and_the_youngest_are_read():
    household = parse_household("My three kids share it. My oldest is 14, the middle one is 8 and the youngest just turned 5.")
    assert [p.age for p in household.persons] == [14.0, 8.0, 5.0]


def test_words_of_inadequacy_in_the_story_do_not_turn_a_question_whether_it_is_enough():
    story = "the landlord keeps hinting it's too small for three people. is the room big enough by the code?"
    assert not asks_inadequate(story, question_form.story_and_question(story)[1])
    assert asks_inadequate("isn't it too small?", "isn't it too small?")
    assert asks_inadequate("have a 1br apt, about 750 sq ft. any issue w size?", "any issue w size?")


# -- the words of the question -------------------------------------------------------------------------------------------


def test_the_authority_one_stands_before_is_not_what_is_asked(kb):
    asked = "muskego - my lease says tenant handles all repairs and pest control. does that get me off the hook w the inspector"
    assert "inspector" not in selector.without_titles(kb, asked)
    assert answer_topic(kb, "muskego", "code_precedence", question=asked).text.startswith("No."), asked


def test_a_long_phrase_of_the_table_matches_in_any_inflection_a_short_one_only_as_written(kb):
    phrases = kb.concept_phrases()
    assert "never asked for a hearing" in [c.words for c in concepts("what happens if he never asks for a hearing though?", phrases)]
    assert "show up" not in [c.words for c in concepts("a man showed up at my door saying he's the inspector", phrases)]
    assert "though" not in [c.words for c in concepts("what if he never responds though", phrases)]
    assert "order" not in tokens("in order to safeguard the health of the occupants")


def test_a_second_part_asked_yes_or_no_is_answered_when_the_first_asks_how(kb):
    asked = (
        "By what methods may a notice of violation be served on an owner under the Town of Holland ordinance? In "
        "particular, is posting a copy on the dwelling sufficient by itself?"
    )
    assert answer_topic(kb, "holland", "service_of_notices", question=asked).text.startswith("As to the second part, yes.")
    assert later_part_verdict("What is the maximum forfeiture, and is each day a separate offense?", "Each day … shall be", 1.0) == ""


@pytest.mark.parametrize(
    ("municipality", "topic", "asked", "opening", "citation"),
    [
        # what the provision's own words rule out
        ("amery", "bathroom_kitchen_facilities",
         "Does the Amery code permit the toilet and bath facilities of a rental unit to be located within a habitable room "
         "rather than in a separate room?", "No.", "Basic equipment and facilities, B"),
        # an item of the list the question describes failing, cited first
        ("holland", "basements", "holland - want to rent a basement room as a bedroom. only window is in a window well, "
         "the glass is all below ground level. ok?", "No.", "window area above grade item (3)"),
        ("howard", "bathroom_kitchen_facilities", "Our apartment in the Town of Howard only has a toilet and a little sink in "
         "the bathroom. There's no shower or tub at all!! Is that allowed?", "No.", "12.05(1)(a)(2)"),
        # a license the seller had does not carry over
        ("amery", "rental_licensing", "just bought a 4plex and the seller already had a rental license for it. does that "
         "carry over to me?", "No.", "Rental registration and licensing, C"),
        # a short question pointing back to the one sentence of a long story it asks about
        ("muskego", "bathroom_kitchen_facilities", "Ok this is weird but my apartment in Muskego and the one next door share a "
         "bathroom. There's a door from their side and a door from our side. The landlord said it was 'grandfathered in'. I'm "
         "a woman living alone and the guy next door is creepy. Is that even allowed?", "No.", "Basic equipment and facilities, D"),
    ],
)
def test_a_yes_or_no_from_the_part_of_the_text_the_question_describes(kb, municipality, topic, asked, opening, citation):
    answer = answer_topic(kb, municipality, topic, question=asked)
    assert answer.text.startswith(opening), answer.text
    assert citation in cited(answer)[0], cited(answer)


def test_who_a_room_is_let_to_counts_one_by_one_and_what_constitutes_asks_what(kb):
    asked = "Does a Town of Holland residence in which the owner lets rooms only to his brother and his sister constitute a rooming house under chapter 190?"
    definition = kb.definitions("rooming house", "holland")[0].text
    assert by_person_count(kb, asked, definition)[0] == "No"
    assert answer_topic(kb, "holland", "rooming_houses", question=asked).text.startswith('No, by the Town of Holland code\'s definition of "rooming house"')
    assert not asks_membership(kb, "What constitutes a quorum of Muskego's Board of Housing Appeals?")
    dining = answer_topic(kb, "muskego", "sleeping_room_size", question="Under Muskego's definitions, can a dining room be counted as a bedroom?")
    assert dining.text.startswith('No, by the City of Muskego code\'s definition of "bedroom"'), dining.text


def test_a_deadline_named_as_the_inspectors_asks_no_period(kb):
    assert not question_form.ASKS_PERIOD.search("if i dont get the repairs done by the inspectors deadline")
    assert question_form.ASKS_PERIOD.search("whats the deadline to appeal")
    text = answer_topic(kb, "howard", "penalties", question="whats the fine in howard if i dont get the repairs done by the inspectors deadline").text
    assert "$200" in first_two(text), text


def test_whose_fault_a_temperature_is_goes_to_the_duty_not_the_figure(kb):
    asked = "turns out he cranked it to 90 & messed w the settings. is that on him?"
    assert names_a_side(asked, kb.fact_vocabulary())
    assert duty_asked(kb, "heating", asked) == ("use_heating_facilities", "heating")
    assert "90° is not below" not in answer_topic(kb, "muskego", "heating", question=asked).text


def test_a_window_figure_asked_of_a_sized_sleeping_room_is_the_window_topics(kb, domain):
    asked = "Under the Town of Howard code, what is the minimum total window area for a sleeping room with a floor area of 100 square feet?"
    assert {"windows_light_ventilation", "sleeping_room_size"} <= named_topics(kb, asked)
    text = reply(ActionAnswerTopic(), tracker(asked, "ask_sleeping_room_size", {"municipality": "howard", "last_space": None}), domain)
    assert text.startswith("In the Town of Howard, a sleeping room of 100 sq ft needs at least 12 sq ft of window"), text


def test_whether_a_permit_goes_with_the_sale_is_answered_by_its_transferability(kb):
    asked = "selling my rooming house in dresser. does the permit go w the sale to the new owner?"
    text = answer_topic(kb, "dresser", "rooming_houses", question=asked).text
    assert text.startswith('No. Village of Dresser Housing Code, Rooming houses (1)(a) says: "No such permit shall be transferable."'), text
    # a duty about the sale ("… shall give notice … after having sold") says nothing of whether the permit transfers
    assert question_form.yes_no(asked, "Every person holding such a permit shall give notice in writing within 24 hours") is None
