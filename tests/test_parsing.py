"""Room sizes, head counts, ages and unit counts are read as people write them, and garbage never crashes."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.parsing import (
    ENTITY_LABELS,
    ENTITY_PATTERNS,
    MAX_SIDE_FT,
    entities,
    parse_ages,
    parse_length,
    parse_number,
    parse_people,
    parse_rooms,
    parse_units,
)

M = 1 / 0.3048  # feet in a metre


def one_room(text):
    rooms = parse_rooms(text)
    assert len(rooms) == 1, rooms
    return rooms[0]


@pytest.mark.parametrize(
    ("text", "width", "length", "area", "assumed"),
    [
        ("10x12", 10, 12, 120, True),
        ("10X12", 10, 12, 120, True),
        ("10 x 12", 10, 12, 120, True),
        ("10×12", 10, 12, 120, True),
        ("10 by 12 feet", 10, 12, 120, False),
        ("10 ft by 12 ft", 10, 12, 120, False),
        ("10ft x 12ft", 10, 12, 120, False),
        ("10 ft. by 12 ft.", 10, 12, 120, False),
        ("10x12 ft", 10, 12, 120, False),
        ("10' x 12'6\"", 10, 12.5, 125, False),
        ("10'6\"x12'", 10.5, 12, 126, False),
        ("10′×12′6″", 10, 12.5, 125, False),
        ("10’ x 12’", 10, 12, 120, False),
        ("10 ft 6 in by 12 ft", 10.5, 12, 126, False),
        ("9.5'x11'", 9.5, 11, 104.5, False),
        ("10 1/2 by 12", 10.5, 12, 126, True),
        ("10½ x 12", 10.5, 12, 126, True),
        ("ten by twelve", 10, 12, 120, True),
        ("twenty-two by ten feet", 22, 10, 220, False),
        ("my bedroom is 10 feet wide by 12 feet long", 10, 12, 120, False),
        ("120 x 144 inches", 10, 12, 120, False),
    ],
)
def test_room_sides_in_feet(text, width, length, area, assumed):
    room = one_room(text)
    assert room.ok and room.question is None
    assert room.width_ft == pytest.approx(width)
    assert room.length_ft == pytest.approx(length)
    assert room.area_sqft == pytest.approx(area)
    assert room.assumed_unit is assumed
    if assumed:
        assert "read as feet" in room.reading_note()


@pytest.mark.parametrize(
    ("text", "area"),
    [
        ("120 sq ft", 120),
        ("120 sq. ft.", 120),
        ("120 square feet", 120),
        ("120sqft", 120),
        ("120 sf", 120),
        ("120 ft²", 120),
        ("1,200 sq ft", 1200),
        ("a 120-square-foot room", 120),
    ],
)
def test_areas(text, area):
    room = one_room(text)
    assert room.ok and room.area_sqft == pytest.approx(area)
    assert room.width_ft is None and room.converted_from is None and not room.assumed_unit


@pytest.mark.parametrize(
    ("text", "width_m", "length_m"),
    [
        ("3 by 4 meters", 3, 4),
        ("3 x 4 m", 3, 4),
        ("3m x 4m", 3, 4),
        ("3x4m", 3, 4),
        ("3 metres by 4 metres", 3, 4),
        ("3,5 x 4 m", 3.5, 4),
    ],
)
def test_metres_are_converted_and_say_so(text, width_m, length_m):
    room = one_room(text)
    assert room.ok and room.converted_from == "m" and not room.assumed_unit
    assert room.width_ft == pytest.approx(width_m * M)
    assert room.area_sqft == pytest.approx(width_m * length_m * M * M)
    assert "m²" in room.describe() and "Converted from metres" in room.reading_note()


def test_square_metres():
    room = one_room("12 m²")
    assert room.converted_from == "m" and room.area_sqft == pytest.approx(12 * M * M)
    assert one_room("12 m2").area_sqft == pytest.approx(room.area_sqft)


def test_several_rooms_at_once():
    rooms = parse_rooms("two bedrooms, 10x12 and 9x11")
    assert [r.area_sqft for r in rooms] == [120, 99]
    assert all(r.ok for r in rooms)


def test_sides_and_area_that_agree_are_one_room():
    rooms = parse_rooms("a 10x12 room (120 sq ft)")
    assert len(rooms) == 1 and rooms[0].ok and rooms[0].area_sqft == 120


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a 10x12 room of 500 sq ft", ["120 sq ft", "500 sq ft", "Which is right"]),
        ("3 by 4", ["feet or in metres"]),
        ("3x4", ["feet or in metres"]),
        ("120", ["square feet"]),
        ("my room is 120", ["square feet"]),
        ("-5 by 3", ["not possible"]),
        ("0 by 12", ["not possible"]),
        ("150 by 12 ft", ["at most 100 ft"]),
        ("99999999999 by 2", ["at most 100 ft"]),
        ("0.5 by 12 ft", ["too small"]),
        ("10 ft x 3 m", ["mixes units"]),
        ("0 sq ft", ["not possible"]),
    ],
)
def test_unusable_sizes_come_back_as_a_question(text, words):
    rooms = parse_rooms(text)
    assert len(rooms) == 1
    room = rooms[0]
    assert not room.ok and room.area_sqft is None and room.question
    for word in words:
        assert word in room.question


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "x",
        "🏠🛏️🙂" * 50,
        "1e308 by 2",
        "10x12x8",
        "by by by x x x",
        "sq ft",
        "'" * 300,
        "9" * 5000 + " by 2",
        "10 " * 7000,
        "ab" * 10_000,
        "\x00\x01\u202e",
    ],
)
def test_garbage_never_crashes(text):
    for parse in (parse_rooms, parse_people, parse_ages, parse_units, parse_length, parse_number):
        parse(text)
    for room in parse_rooms(text):
        assert room.question or room.ok


def test_twenty_thousand_characters():
    text = "my bedroom is 10x12 and " + "blah " * 4000
    assert len(text) > 20_000
    assert [r.area_sqft for r in parse_rooms(text)] == [120]


def test_non_strings_are_nothing():
    assert parse_rooms(None) == [] and parse_people(None) is None and parse_ages(None) == []


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_any_text_is_safe_and_rooms_are_sane(text):
    for room in parse_rooms(text):
        if room.ok:
            assert 0 < room.area_sqft and math.isfinite(room.area_sqft)
            if room.width_ft is not None:
                assert 0 < room.width_ft <= MAX_SIDE_FT and 0 < room.length_ft <= MAX_SIDE_FT
        else:
            assert room.question
    parse_people(text)
    parse_ages(text)
    parse_units(text)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("3 kids", 3),
        ("two people", 2),
        ("a family of four", 4),
        ("family of 5", 5),
        ("5 of us", 5),
        ("the five of us", 5),
        ("me and my 2 kids", 3),
        ("me and my wife", 2),
        ("2 adults and 3 kids", 5),
        ("a family of four with 2 kids", 4),
        ("just me", 1),
        ("I live alone", 1),
        ("we are 4 persons", 4),
        ("my 2 teenage sons", 2),
        ("a 4-person household", 4),
        ("3 occupants", 3),
        ("is 8x8 ok for 1 tenant", 1),
        ("two renters", 2),
        ("my tenant wants to put 3 kids in a 9x10 room", 3),  # the tenant who tells is not counted
        ("the bedroom", None),
        ("2.5 people", None),
    ],
)
def test_people(text, count):
    assert parse_people(text) == count


@pytest.mark.parametrize(
    ("text", "ages"),
    [
        ("6 months old", [0.5]),
        ("a 6-month-old", [0.5]),
        ("12 years old", [12]),
        ("a 12-year-old", [12]),
        ("a one-year-old", [1]),
        ("ages 3, 7 and 14", [3, 7, 14]),
        ("ages 3,7 and 14", [3, 7, 14]),
        ("my kids are 3, 7, and 14 years old", [3, 7, 14]),
        ("two 12-year-olds", [12, 12]),
        ("aged 12", [12]),
        ("14 years of age", [14]),
        ("12yo", [12]),
        ("newborn", [0]),
        ("I have lived here 12 years", []),
    ],
)
def test_ages(text, ages):
    assert parse_ages(text) == pytest.approx(ages)


@pytest.mark.parametrize(
    ("text", "units"),
    [
        ("4 units", 4),
        ("a duplex", 2),
        ("a triplex", 3),
        ("fourplex", 4),
        ("a 4-plex", 4),
        ("single-family home", 1),
        ("single family house", 1),
        ("6-unit building", 6),
        ("a 6 unit building", 6),
        ("two-family house", 2),
        ("12 apartments", 12),
        ("my apartment", None),
    ],
)
def test_units(text, units):
    assert parse_units(text) == units


@pytest.mark.parametrize(
    ("text", "feet"),
    [("7", 7), ("7.5 ft", 7.5), ("7'6\"", 7.5), ("7 ft 6 in", 7.5), ("2.3 m", 2.3 * M), ("seven feet", 7)],
)
def test_lengths(text, feet):
    assert parse_length(text) == pytest.approx(feet)


def test_entities_on_a_whole_message():
    found = entities("Is a 10x12 bedroom big enough for me and my 2 kids, a 3-year-old and a newborn, in our duplex?")
    assert [(e.label, e.text) for e in found] == [
        ("dimensions", "10x12"),
        ("people", "me and my 2 kids"),
        ("age", "3-year-old"),
        ("age", "newborn"),
        ("units", "duplex"),
    ]


def test_interpreters_work_on_an_entity_text_too():
    for entity in entities("3 by 4 meters for a family of four, ages 3, 7 and 14, in a 6-unit building"):
        if entity.label == "dimensions":
            assert one_room(entity.text).converted_from == "m"
        elif entity.label == "people":
            assert parse_people(entity.text) == 4
        elif entity.label == "age":
            assert parse_ages(entity.text) == [3, 7, 14]
        elif entity.label == "units":
            assert parse_units(entity.text) == 6


def test_patterns_cover_the_four_labels_and_validate():
    import spacy

    assert {p["label"] for p in ENTITY_PATTERNS} == set(ENTITY_LABELS)
    nlp = spacy.blank("en")
    nlp.add_pipe("entity_ruler", config={"validate": True}).add_patterns(ENTITY_PATTERNS)


def test_spacy_is_not_loaded_at_import_time():
    code = "import sys, knowledge.parsing, knowledge.space; print('spacy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- households: who the people are, with what their words say about ages (knowledge/people.yml) ---------
from knowledge.parsing import parse_household, parse_space_request, resolve_ages  # noqa: E402


@pytest.mark.parametrize(
    ("text", "bands", "ages"),
    [
        ("me and my 2 kids", ["adult", "child", "child"], []),
        ("my husband, me and our toddler", ["adult", "adult", "toddler"], []),
        ("a mom and her 6-month-old", ["adult", "person"], [0.5]),
        ("a couple with a baby", ["adult", "adult", "baby"], []),
        ("an adult and a 6-year-old", ["adult", "person"], [6]),
        ("3 teenagers", ["teen"] * 3, []),
        ("4 roomers", ["adult"] * 4, []),
        ("amery min sq ft 4 an apt w 4 tnts", ["adult"] * 4, []),
        ("3 roomers", ["adult"] * 3, []),
        ("my 2 teenage sons", ["teen", "teen"], []),
        ("my kids are 3, 7, and 14 years old", ["child"] * 3, [3, 7, 14]),
        ("my two boys ages 8 and 13", ["child", "child"], [8, 13]),
        ("me and my 2 kids, a 3-year-old and a newborn", ["adult", "child", "child"], [3, 0]),
        ("2 adults and a 6-year-old", ["adult", "adult", "person"], [6]),
        ("bdrm 9x10 2 kids ok?", ["child", "child"], []),
        ("me and my 2 kids (they're 8 and 10) share a 10x11 bedroom", ["adult", "child", "child"], [8, 10]),
        ("tnt wants to add a roommate so 3 ppl", ["adult", "person", "person"], []),
        ("me and my wife, adding a roommate for a total of 3 people", ["adult", "adult", "adult"], []),
        ("my daughters are 8 and 14 and they share a bedroom", ["child", "child"], [8, 14]),
        ("I share a room in a rooming house with two other guys", ["adult", "adult", "adult"], []),
        ("I share a room with my brother", ["person", "adult"], []),
        ("me and two other guys share a 12x12 room", ["adult", "adult", "adult"], []),
        # a head count broken down in brackets is counted once; "other people" beside one band are more people
        ("5 ppl want to lease my unit (2 adults 3 kids)", ["adult", "adult", "child", "child", "child"], []),
        ("4 people: me, my wife and 2 kids", ["adult", "adult", "child", "child"], []),
        ("2 adults and 2 other people", ["adult", "adult", "person", "person"], []),
        # an age told bare after the person it belongs to
        ("my daughter is 10 and my son is 14, they share a bedroom that is 8 by 9", ["child", "child"], [10, 14]),
        ("my son just turned 13", ["child"], [13]),
        # the speaker's own age, ages after ", who are", an age in months after the person, a family added to roomers
        ("my sister is 16 and i'm 19, and we share a bedroom. big enough for the two of us?", ["person", "adult"], [16, 19]),
        ("my three kids, who are 14, 9 and 4, would all sleep in the big bedroom", ["child"] * 3, [14, 9, 4]),
        ("two adults, children aged 5 and 3, and a baby of seven months", ["adult", "adult", "person", "person", "baby"], [5, 3, 7 / 12]),
        ("18 roomers plus my family of 3 all share the bathrooms", ["adult"] * 18 + ["person"] * 3, []),
        # the same count named again is the same people
        ("my three boys share a bedroom. how many square feet do three kids in one room need?", ["child"] * 3, []),
        ("2 kids in one room and 2 kids in the other", ["child"] * 4, []),
    ],
)
def test_households_are_read_with_who_is_who(text, bands, ages):
    household = parse_household(text)
    assert household is not None and household.count == len(bands)
    assert [p.band for p in household.persons] == bands
    assert household.ages == pytest.approx(ages)


@pytest.mark.parametrize(
    "text", ["can you tell me the minimum", "I'm a tenant, is my bedroom big enough", "my dresser is 10x12", ""]
)
def test_no_household_where_none_is_described(text):
    household = parse_household(text)
    assert household is None or household.count is None


def test_a_count_not_given_is_not_guessed():
    household = parse_household("is the room big enough for my kids")
    assert household is not None and household.count is None


def test_the_baby_moving_in_adds_to_the_people_already_there():
    household = parse_household("what if the baby moves in with us?")
    assert household is not None and household.adding and [p.band for p in household.persons] == ["baby"]


def test_too_small_adds_nobody():
    household = parse_household("my 2 kids share it, the landlord says it's too small for two")
    assert household is not None and not household.adding and household.count == 2


def test_an_age_band_is_used_only_when_it_decides():
    # a teenager is over 12 whatever his age: his age is known for a code that changes at 12
    teen = parse_household("3 teenagers")
    assert teen is not None
    count, ages = resolve_ages(teen, [1, 12], counted_over=1)
    assert count == 3 and len(ages) == 3 and all(a > 12 for a in ages)
    # a child may be under or over 12: unknown, asked only where it decides
    kids = parse_household("2 kids")
    assert kids is not None
    assert resolve_ages(kids, [12]) == (2, [])
    # a toddler counts as an occupant (as an unstated age does) and is under 12
    toddler = parse_household("our toddler")
    assert toddler is not None
    _, ages = resolve_ages(toddler, [1, 12], counted_over=1)
    assert len(ages) == 1 and 1 < ages[0] < 12


@pytest.mark.parametrize(
    ("text", "rooms", "closet", "low"),
    [
        ("a 10x12 bedroom with a 2x4 closet, ok for 2 kids?", [120], 8, None),
        ("is a 10 x 12 bedroom ok, the closet is 3x5", [120], 15, None),
        ("my apartment is 600 sq ft plus 60 sq ft of closets and halls, 4 people", [600], 60, None),
        ("10x12 bedroom but 20 sq ft is under a sloped ceiling", [120], None, 20),
        ("two bedrooms, 10x12 and 9x11", [120, 99], None, None),
    ],
)
def test_closets_halls_and_low_ceilings_are_not_the_room(text, rooms, closet, low):
    request = parse_space_request(text)
    assert [r.area_sqft for r in request.rooms] == pytest.approx(rooms)
    assert request.closet_hall_sqft == (pytest.approx(closet) if closet else None)
    assert request.low_ceiling_sqft == (pytest.approx(low) if low else None)


def test_what_the_request_asks_for():
    assert parse_space_request("How many square feet do two kids need").wants_minimum
    assert parse_space_request("minimum for 4 people").wants_minimum
    assert not parse_space_request("is a 10x12 room ok for 2 kids").wants_minimum
    assert parse_space_request("how many people can sleep in a 10x12 room").wants_capacity
    assert parse_space_request("dresser rooming house, 3 roomers, 10x12").rooming
    assert parse_space_request("and for 3 people?").follow_up
    assert parse_space_request("the other bedroom is 8x9").follow_up
    assert not parse_space_request("is my 10x12 bedroom ok for 2 kids").follow_up
    assert parse_space_request("is my apartment big enough?").asks_adequacy
    assert parse_space_request("Our bedroom feels too small for the 3 of us").asks_adequacy
    assert not parse_space_request("is a 10x12 room ok for 2 kids").asks_adequacy


def test_words_that_start_like_an_age_mark_are_plain_words():
    """ "agent", "ages" are words, not the parser's age marks: no crash, no head count."""
    from knowledge.parsing import parse_space_request

    for text in ("does an agent count as the owner", "what ages count", "agelist agent age"):
        request = parse_space_request(text)
        assert not (request.household and request.household.count)


def test_ages_in_brackets_and_ordinals_are_read():
    """ "a baby (6 months)", "my 3 kids (4, 7 and 13)" give ages; "a 2nd guy in with me" is two people."""
    from knowledge.parsing import parse_household

    baby = parse_household("me and my husband have a baby (6 months) and a 3 year old")
    assert baby.count == 4 and sorted(baby.ages) == [0.5, 3.0]
    kids = parse_household("my 3 kids (4, 7 and 13) share a bedroom thats 10 x 11")
    assert kids.count == 3 and kids.ages == [4.0, 7.0, 13.0]
    assert parse_household("my daughter 6 years old and my son 3 years old").count == 2
    assert parse_household("the owner wants to move a 2nd guy in with me").count == 2
    assert parse_household("2nd floor bedroom for me and my wife").count == 2
    assert parse_household("amery 9x9 bdrm, couple + 8mo baby ok?").ages == [8 / 12]
    assert parse_household("me and my 3 yr son").count == 2


def test_a_size_with_a_count_of_bedrooms_is_the_units():
    """ "2 bdrm, 700 sq ft habitable" sizes the dwelling unit, not a bedroom; a room's own size stays a bedroom."""
    unit = parse_space_request("max ppl in a 2 bdrm, 700 sq ft habitable?")
    assert unit.kind == "unit" and unit.wants_capacity
    assert parse_space_request("1 bdrm apt is 800 sqft, ok to rent?").kind == "unit"
    assert parse_space_request("living room, kitchen and 2 bedrooms add up to about 500 sq ft").kind == "unit"
    assert parse_space_request("is a 10x12 bedroom ok for 2 kids").kind == "bedroom"
    assert parse_space_request("is a 10 x 12 bedroom ok for 2 kids").kind == "bedroom"
    # a one-bedroom cottage, or a size asked of "a dwelling unit", is the unit's
    assert parse_space_request("building a small 600 sqft 1bdrm cottage to rent. whats the min sq ft for a dwelling unit?").kind == "unit"
    assert parse_space_request("our 1 bedroom cottage is 550 sq ft").kind == "unit"
    assert parse_space_request("can all four of us sleep in one bedroom thats 10 x 12?").kind == "bedroom"


@pytest.mark.parametrize(
    "text, ages",
    [
        ("i have three kids, 15, 10 and 6. they'd all share a 10x10 bedroom", [15, 10, 6]),
        ("my two boys, 8 and 11, share it", [8, 11]),
        ("our two nephews, 6 and 13, come to live with us", [6, 13]),
    ],
)
def test_ages_listed_bare_after_the_people_are_theirs(text, ages):
    household = parse_household(text)
    assert household is not None and [p.age for p in household.persons] == ages


def test_numbers_after_other_plurals_are_no_ages():
    assert parse_household("we have 4 units, 2 and 3 are vacant") is None


def test_a_size_too_small_for_a_counted_bedroom_unit_is_a_rooms():
    request = parse_space_request(
        "we rent a 2 bedroom in Amery. my 3 kids (4, 7 and 14) are supposed to share the other one which is like 11 by 9 feet"
    )
    assert request.kind == "bedroom"
    assert parse_space_request("2 bdrm apt 450 sq ft for 5 people ok?").kind == "unit"


def test_the_room_the_asking_sentence_names_after_a_count_of_bedrooms_is_asked_about():
    request = parse_space_request(
        "I rent a small two-bedroom in Amery and my 8 year old son and I share one bedroom so my sister can have the "
        "other one. How much space does our room need to have for the two of us?"
    )
    assert request.kind == "bedroom" and request.household.count == 2 and 8.0 in request.household.ages
    # the unit's words in the asking sentence keep it the unit's
    assert parse_space_request("we rent a 2 bedroom. how much space does the apartment need for 5 of us?").kind == "unit"


def test_the_one_person_the_asking_sentence_names_is_the_one_asked_about():
    request = parse_space_request(
        "My son's room is really small, I measured it and it's about 60 square feet. How big is a bedroom supposed to "
        "be for one kid?"
    )
    assert request.household.count == 1
    # several people asked about keep the ages the story gave ("all 3 of them": the kids of 4, 7 and 14)
    request = parse_space_request(
        "me and my boyfriend have one room and my 3 kids (4, 7 and 14) share the other one which is like 11 by 9 feet. "
        "is that big enough for all 3 of them??"
    )
    assert sorted(request.household.ages)[-3:] == [4.0, 7.0, 14.0]


def test_how_much_floor_a_household_needs_asks_the_minimum():
    request = parse_space_request("muskego wi 3br house, 5 tenants. how much habitable sq ft do i need total?")
    assert request.kind == "unit" and request.wants_minimum and request.household.count == 5


def test_a_short_minimum_question_needs_no_room_size():
    """ "muskego, 3 ppl in 1 apt, min total sq ft?" asks the minimum for three people: no room size is needed."""
    request = parse_space_request("muskego, 3 ppl in 1 apt, min total sq ft?")
    assert request.wants_minimum and request.household is not None and request.household.count == 3


def test_a_lateness_is_not_an_age():
    """ "my roommate is 2 weeks late" tells no age."""
    household = parse_household("my roommate is 2 weeks late")
    assert household is not None and household.ages == []


@pytest.mark.parametrize(
    "text, count, ages",
    [
        # a group word opening the message, "w" for with
        ("couple w an 8 month old baby wants the 9x9 bdrm", 3, [None, None, 8 / 12]),
        # a family's size, then its people with their ages in shorthand
        ("min sqft for fam of 5 in amery? 2 adults + kids 2, 5, 11", 5, [None, None, 2.0, 5.0, 11.0]),
        # "the baby" is the baby already counted; a brand new baby is a newborn
        ("a family of four with a brand new baby, too small for five of us? Does the baby even count?", 5, [0.0, None, None, None, None]),
        # a family added after "us" and a possessive
        ("There are 9 of us renters plus the owner's family of 3, and we all share one bathroom.", 12, [None] * 12),
    ],
)
def test_households_said_in_shorthand_are_counted(text, count, ages):
    household = parse_household(text)
    assert household is not None and household.count == count, household
    assert [None if p.age is None else round(p.age, 3) for p in household.persons] == [
        None if a is None else round(a, 3) for a in ages
    ], household


def test_a_family_is_a_whole_dwelling_and_min_sqft_needs_no_room_size():
    request = parse_space_request("min sqft for fam of 5 in amery? 2 adults + kids 2, 5, 11")
    assert request.kind == "unit" and request.wants_minimum and request.household.count == 5


def test_the_baby_named_first_is_still_counted():
    assert parse_household("me and the baby").count == 2


def test_a_window_described_before_its_size_is_the_windows():
    """ "the only window is tiny, maybe 2 feet by 3 feet" is the window's size, not a second room; "min window area for
    a 10x12 room" is the room's."""
    request = parse_space_request("Our living room is 12 by 15 feet and the only window is tiny, maybe 2 feet by 3 feet.")
    assert [r.source_text for r in request.rooms] == ["12 by 15 feet"] and request.window_sqft == 6.0
    assert parse_space_request("min window area for a 10x12 room?").window_sqft is None


def test_in_laws_and_grandparents_are_people():
    household = parse_household("me, my husband and three kids, and now my mother-in-law wants to move in with us")
    assert household is not None and household.count == 6, household


@pytest.mark.parametrize(
    "text, kind, area, closet",
    [
        ("town of howard - got a 900 sq ft 1br i want to rent out, is that big enough per code??", "unit", 900.0, None),
        ("a 600 square foot cottage for rent, just me and my cat. Is 600 too small?", "unit", 600.0, None),
        # the closets left out of a size are not its closets
        ("holland twp 2br unit, total living space abt 560 sqft (not counting bath/closets) max # of ppl?", "unit", 560.0, None),
        ("a 10x12 bedroom with a 2x4 closet", "bedroom", 120.0, 8.0),
        # "enough room" is space, not a room
        ("3 of us in an 850 sq ft apartment in Muskego, is that enough room?", "unit", 850.0, None),
    ],
)
def test_the_kind_and_size_of_the_space(text, kind, area, closet):
    request = parse_space_request(text)
    assert (request.kind, [r.area_sqft for r in request.rooms], request.closet_hall_sqft) == (kind, [area], closet)


@pytest.mark.parametrize(
    "text, people",
    [
        # an age in brackets after a counted person, "3yo" too
        ("couple w/ 1 kid (3yo) wants to rent", [("adult", None), ("adult", None), ("child", 3.0)]),
        # a group after a full stop, before a joiner
        ("400 sq ft habitable. couple w/ 1 kid", [("adult", None), ("adult", None), ("child", None)]),
        # a baby told by its months inside the kids' ages: the same three kids
        ("me, my husband and our 3 kids (6, 3 and a baby who is 8 months)",
         [("adult", None), ("adult", None), ("child", 6.0), ("child", 3.0), ("child", 0.67)]),
        # "a couple of weeks" is no couple
        ("we waited a couple of weeks", None),
        # the age of the one just named, told by a pronoun
        ("what if we put the baby's crib in there too, she's 6 months?", [("baby", 0.5)]),
        # "more than one person" is a condition, not the people
        ("a rooming house sleeping room occupied by more than one person", None),
        # "we're 6" is six in all, the baby among them
        ("We're 6 counting the baby.", [("baby", None)] + [("person", None)] * 5),
    ],
)
def test_households_told_in_shorthand(text, people):
    household = parse_household(text)
    found = [(p.band, p.age if p.age is None else round(p.age, 2)) for p in household.persons] if household else None
    assert found == people


def test_an_approximate_size_is_read():
    (room,) = parse_rooms("muskego 2br, ~480 sq ft habitable. max occupants?")
    assert room.area_sqft == 480
    (room,) = parse_rooms("bedroom is ≈10x12")
    assert room.area_sqft == 120


@pytest.mark.parametrize(
    "text, topic",
    [
        ("do closets and the hallway count toward the floor space?", "occupancy_floor_space"),
        ("does the part under the sloped ceiling count?", "ceiling_height"),
        # a check to make: people, a size or a room asked about
        ("bedroom 10x12 plus a closet, 2 kids ok?", None),
        ("is that enough space?", None),
        ("is my room too small for my kids?", None),
    ],
)
def test_a_question_about_what_a_part_of_a_dwelling_counts_for(text, topic):
    from knowledge.parsing import part_question

    assert part_question(text) == topic



@pytest.mark.parametrize(
    "text, fixtures",
    [
        ("we have 1 bathroom for like 12 people. is that allowed", True),
        ("11 of us sharing one toilet and one tub", True),
        ("a 10x12 bathroom for 2 people", False),  # a size given: a room
        ("is the bathroom big enough?", False),  # no people counted
    ],
)
def test_people_counted_against_bathroom_fixtures(text, fixtures):
    from knowledge.parsing import fixture_question

    assert fixture_question(text) is fixtures


def test_our_place_is_the_dwelling_unit():
    request = parse_space_request("me, my wife and our 2 kids rent in the Town of Holland. how much floor space does our place legally need?")
    assert request.kind == "unit" and request.household and request.household.count == 4


def test_a_cited_section_number_counts_no_one_and_sizes_no_room():
    """ "Under § 12.11(2)(a) …" is a clerk's citation, not a person aged 2 (it was read as a bedroom question)."""
    from knowledge import parsing

    cited = "Under § 12.11(2)(a) of the Town of Howard code, within what period must a petition be filed?"
    request = parsing.parse_space_request(cited)
    assert request.household is None and not request.rooms, request
    assert parsing.parse_household("Sec. 190-10 and 12.09(1)(a): who cleans?") is None
    kids = parsing.parse_space_request("Under § 190-9, is a 10x12 room ok for 2 kids?")
    assert kids.household.count == 2 and kids.rooms[0].area_sqft == 120


def test_a_bare_number_after_a_space_check_is_a_head_count():
    """ "and for 6?", "for three?": that many people (people.yml ``bare_counts``); a bigger bare number is none."""
    from knowledge import parsing

    for text, count in (("and for 6?", 6), ("for three?", 3), ("what about for 5", 5)):
        request = parsing.parse_space_request(text)
        assert request.household is not None and request.household.count == count, text
        assert request.follow_up, text
    assert parsing.parse_space_request("and for 600?").household is None
    assert parsing.parse_space_request("Is that enough for 4 people?").follow_up
