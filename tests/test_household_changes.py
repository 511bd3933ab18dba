"""A space check follows what people say about their household as the conversation goes on (real KB).

Someone joins ("what if my sister moves in with me?"), a baby is expected, only the kids share the room, an age
was given wrong, or the household was told a few messages before the size. Each is read into the check the user
expects, and a follow-up that proposes people for the room is answered yes or no first.
"""

from __future__ import annotations

from actions.answers import ActionAnswerTopic
from knowledge import space
from knowledge.parsing import parse_household, parse_space_request
from knowledge.space import to_answer
from tests.test_space_followup_actions import reply, tracker


def conversation(kb, key, *messages):
    """Run messages through merge_request → check, as the bot does; the last facts and answer."""
    facts = None
    for message in messages:
        facts = space.merge_request(parse_space_request(message), facts)
        facts["kind"] = facts["kind"] or "bedroom"
    answer = space.yes_no_first(to_answer(space.check(kb, key, facts)), messages[-1])
    return facts, answer


def test_someone_moving_in_with_me_joins_me_and_does_not_count_me_twice(kb):
    household = parse_household("what if my sister moves in with me, still ok?")
    assert household is not None and household.adding and len(household.newcomers) == 1
    facts, answer = conversation(kb, "holland", "In the Town of Holland, is a 10x12 bedroom ok for me alone?",
                                 "what if my sister moves in with me, still ok?")
    assert len(facts["persons"]) == 2
    assert answer.text.startswith("Yes, in the Town of Holland") and "2 occupants" in answer.text, answer.text
    # with no check in play, everyone named is counted, the speaker too
    assert parse_household("a roommate moving in with me and my 2 kids").count == 4


def test_a_proposed_newcomer_is_answered_yes_or_no_first(kb):
    _, answer = conversation(kb, "amery", "our two boys (9 and 14) share a bedroom that's 8 ft by 9 ft. is it ok?",
                             "what if we put the baby's crib in there too, she's 6 months?")
    assert answer.text.startswith("Yes, in the City of Amery") and "Not counted as an occupant" in answer.text
    _, answer = conversation(kb, "muskego", "our rental has a 10 by 12 bedroom. Can my two boys, 8 and 11, share it?",
                             "We're expecting a baby in the spring. Could the crib go in that same room with the boys?")
    assert "3 occupants" in answer.text and answer.text.startswith("Yes"), answer.text
    # a follow-up that only asks about other people, with no room checked, is no yes/no
    _, answer = conversation(kb, "amery", "how big does a bedroom have to be for 2 adults?", "what if our toddler joins us?")
    assert not answer.text.startswith(("Yes", "No")), answer.text


def test_the_kids_sharing_a_room_are_its_occupants(kb):
    facts, answer = conversation(kb, "amery", "me, my husband and our 2 kids (6 and 9) rent in Amery. how big does our apartment have to be?",
                                 "the kids share a bedroom, how big does that room need to be?")
    assert facts["kind"] == "bedroom" and len(facts["persons"]) == 2
    assert "60 sq ft" in answer.text, answer.text
    _, answer = conversation(kb, "amery", "it's me, my girlfriend and her two kids, 5 and 8. the kids share one bedroom, how big does it need to be?")
    assert "2 under 12 × 30 sq ft = 60 sq ft" in answer.text, answer.text
    _, answer = conversation(kb, "muskego", "me, my wife and our two kids would share it. the kids room is 75 sq ft, is that big enough for both?")
    assert answer.text.startswith("No, in the City of Muskego") and "80 sq ft required" in answer.text, answer.text
    # a household of children only is checked whole
    facts, _ = conversation(kb, "amery", "our two boys (9 and 14) share a bedroom that's 8 ft by 9 ft")
    assert len(facts["persons"]) == 2


def test_a_corrected_age_replaces_the_one_given_before(kb):
    facts, answer = conversation(
        kb, "holland",
        "me, my husband and our 3 kids are looking at a place in the town of holland with about 450 sq ft of living space. is that too small for us?",
        "wait, actually our youngest is only 8 months old, not 2. does that change it?",
    )
    assert len(facts["persons"]) == 5 and sorted(a for _, a in facts["persons"] if a is not None) == [2 / 3]
    assert "meets the minimum for 4 occupants" in answer.text and "8-month-old" in answer.text, answer.text


def test_the_floor_told_without_the_closets_is_the_floor(kb):
    request = parse_space_request("all the rooms added up without the bathroom and closets are about 520 sq ft. do we have enough space?")
    assert [r.area_sqft for r in request.rooms] == [520] and request.closet_hall_sqft is None
    # a closet sized beside the room is still the closet
    request = parse_space_request("a 10x12 bedroom, not counting the closet which is 2x4")
    assert [r.source_text for r in request.rooms] == ["10x12"] and request.closet_hall_sqft == 8


def test_the_household_told_before_the_size_is_the_one_checked(domain):
    events = [
        {"event": "user", "text": "I'm a single mom with 3 kids renting in Muskego", "parse_data": {"intent": {"name": "inform_municipality"}}},
        {"event": "user", "text": "our apartment is 500 square feet", "parse_data": {"intent": {"name": "ask_space_check"}}},
    ]
    last = {"kind": "unit", "rooms": ["500 square feet"], "persons": None, "capacity": True, "ages": []}
    latest = {"event": "user", "text": "is that enough space for us?", "parse_data": {"intent": {"name": "ask_space_check"}}}
    text = reply(
        ActionAnswerTopic(),
        tracker("is that enough space for us?", "ask_space_check",
                {"municipality": "muskego", "topic": "occupancy_floor_space", "last_space": last}, events=[*events, latest]),
        domain,
    )
    assert "meets the minimum for 4 occupants" in text, text


def test_the_minimum_asked_when_the_size_was_asked_is_answered(domain):
    from actions.space import ActionSpaceAnswer

    request = "My 3 kids share a bedroom in our Amery rental. They're 4, 10 and 14."
    events = [
        {"event": "user", "text": request, "parse_data": {"intent": {"name": "ask_space_check"}}},
        {"event": "active_loop", "name": "space_form"},
        {"event": "slot", "name": "requested_slot", "value": "space_size"},
        {"event": "user", "text": "how big does the room need to be?", "parse_data": {"intent": {"name": "ask_sleeping_room_size"}}},
    ]
    text = reply(
        ActionSpaceAnswer(),
        tracker("how big does the room need to be?", "ask_sleeping_room_size",
                {"topic": None, "last_space": None, "space_size": "how big does the room need to be?", "occupants": request},
                events=events),
        domain,
    )
    assert "a sleeping room for 3 occupants needs" in text and "could not read" not in text, text


def test_people_told_on_another_topic_go_on_with_that_topic(domain):
    from actions.space import ActionSpaceAnswer

    before = {"event": "user", "text": "I rent a room in a rooming house in the Town of Holland. How often are they supposed to "
              "change the sheets and towels?", "parse_data": {"intent": {"name": "ask_rooming_houses"}}}
    latest = "and what about when a new person moves into a room?"
    text = reply(
        ActionSpaceAnswer(),
        tracker(latest, "ask_sleeping_room_size", {"municipality": "holland", "topic": "rooming_houses", "last_space": None},
                events=[before, {"event": "user", "text": latest, "parse_data": {"intent": {"name": "ask_sleeping_room_size"}}}]),
        domain,
    )
    assert "bed linen" in text and "How big is the room" not in text, text


def test_a_bedroom_in_a_dwelling_unit_is_the_bedroom():
    request = parse_space_request("City of Amery: what is the minimum floor area for a sleeping room occupied by a single "
                                  "person in a rental dwelling unit?")
    assert request.kind == "bedroom"
    assert parse_space_request("minimum floor space in a dwelling unit for 3 people").kind == "unit"


def test_someone_and_i_counts_the_speaker_too():
    for text, count in [
        ("my partner and I sleep there with the baby's crib. is a 110 sq ft room ok?", 3),
        ("my wife and i share a 9x10 bedroom, ok?", 2),
        ("my son and i both sleep in a 100 sq ft room", 2),
    ]:
        household = parse_space_request(text).household
        assert household is not None and household.count == count, (text, household)


def test_ages_told_in_a_sentence_of_their_own_go_to_the_children_counted_before():
    for text, ages in [
        ("My 3 kids share a bedroom in our Amery rental. They're 4, 10 and 14.", [4, 10, 14]),
        ("my 2 boys share a 100 sq ft room. they are 5 and 13 years old", [5, 13]),
    ]:
        household = parse_space_request(text).household
        assert household is not None and household.count == len(ages) and household.ages == ages, (text, household)


def test_both_of_us_counts_two_and_ok_or_too_small_asks_the_first(kb):
    _, answer = conversation(kb, "muskego", "our shared bedroom is 10x7. is that big enough for both of us")
    assert answer.text.startswith("No, in the City of Muskego") and "2 occupants × 40 sq ft = 80 sq ft" in answer.text, answer.text
    # "is that ok or is it too small": the first alternative asks, so a room that meets the minimum is "Yes"
    _, answer = conversation(kb, "amery", "my 2 kids (7 and 9) share a bedroom thats 8x9. is that ok or is it too small")
    assert answer.text.startswith("Yes, in the City of Amery") and "meets the minimum for 2 occupants" in answer.text, answer.text
    # … while "is it too small?" alone keeps its own polarity
    _, answer = conversation(kb, "amery", "my 2 kids (7 and 9) share a bedroom thats 8x9. is it too small")
    assert answer.text.startswith("No, in the City of Amery"), answer.text


def test_a_parent_who_gives_a_total_is_the_adult_the_total_adds():
    """ "with my 2 kids, theyre 5 and 9 … all 3 of us": the third is the speaker, a parent, so no age is asked."""
    found = parse_household("Im in Amery with my 2 kids, theyre 5 and 9. all 3 of us sleep in the bedroom")
    assert found is not None and found.complete
    assert sorted((p.band, p.age) for p in found.persons if p.age is not None) == [("child", 5.0), ("child", 9.0)]
    assert [p.band for p in found.persons if p.age is None] == ["adult"]
    # someone else's children say nothing of the speaker
    other = parse_household("my brother and his 2 kids, all 4 of us")
    assert other is not None and "adult" not in [p.band for p in other.persons]


def test_the_same_people_named_again_keep_the_ages_told_before():
    last = {"kind": "bedroom", "rooms": ["9x9"], "persons": [["child", 4.0], ["child", 7.0]]}
    facts = space.merge_request(parse_space_request("is the room actually too small for 2 kids?"), last)
    assert facts["persons"] == [["child", 4.0], ["child", 7.0]] and facts["rooms"] == ["9x9"]


def test_a_codes_title_asks_no_minimum():
    request = parse_space_request("What enforcement step does the Muskego Minimum Housing Code prescribe where a person fails to comply?")
    assert not request.wants_minimum
    assert parse_space_request("what is the minimum bedroom size for a person?").wants_minimum


def test_a_list_of_people_without_commas_counts_the_speaker():
    found = parse_household("me my boyfriend and our roommate all sleep in a 110 sq ft bedroom")
    assert found is not None and len(found.persons) == 3
    assert parse_household("give me my deposit back") is None
