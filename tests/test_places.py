"""The right place: other places, kinds and states are never mapped to a covered code (knowledge/places.yml)."""

from __future__ import annotations

import pytest

from knowledge import curated
from knowledge.compose import ask_municipality
from knowledge.entities import named_as_nearby, other_place_wins, place_qualifiers
from knowledge.nlp import load_pipeline

PLACES = curated.load_places()


@pytest.fixture(scope="module")
def nlp():
    return load_pipeline()


def places_in(nlp, text):
    return [(e.label_, e.text) for e in nlp(text).ents if e.label_ in ("municipality", "other_place")]


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("Is this legal in the Village of Howard?", "Village of Howard"),
        ("City of Holland rules for bedrooms", "City of Holland"),
        ("I live in Holland, Michigan", "Holland, Michigan"),
        ("Holland MI bedroom size", "Holland MI"),
        ("holland mi", "holland mi"),
        ("We rent a farmhouse in Howard Township, Michigan.", "Howard Township, Michigan"),
        ("I rent in the Town of Holland, MI", "Town of Holland, MI"),
        ("I live in a county, not a town", "a county"),
        ("Waukesha County landlord here", "Waukesha County"),
        ("I live in Madison, who has to fix the heat?", "Madison"),
        ("Green Bay bedroom size", "Green Bay"),
        ("town of amery", "town of amery"),
    ],
)
def test_other_places_are_read_as_such(nlp, text, other, kb):
    found = places_in(nlp, text)
    assert ("other_place", other) in found
    assert not any(label == "municipality" for label, _ in found)
    assert kb.resolve_municipality(other) is None


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Howard", "howard"),
        ("Holland", "holland"),
        ("Town of Howard", "howard"),
        ("Holland WI", "holland"),
        ("Amery, WI", "amery"),
        ("dresser rooming house with 3 roomers", "dresser"),
        ("the apartment is in dresser", "dresser"),
        ("In Muskego, who exterminates?", "muskego"),
        ("dresser. ive asked my landlord three times to fix the window", "dresser"),  # the name opens the message
        ("dreser apt, the gas got shut off", "dresser"),  # a typo beside a word around the name
    ],
)
def test_covered_places_are_read_with_their_own_kind(nlp, text, key, kb):
    found = [t for label, t in places_in(nlp, text) if label == "municipality"]
    assert found and kb.resolve_municipality(found[0]) == key


def test_furniture_is_not_a_village(nlp):
    assert places_in(nlp, "my dresser is broken") == []


def test_outside_the_limits_wins_over_a_covered_name(nlp, kb):
    found = places_in(nlp, "we are outside city limits of Amery")
    assert ("other_place", "outside city limits") in found
    cores = [m.name.split(" of ", 1)[-1].lower() for m in kb.municipalities()]
    assert other_place_wins("Amery", "outside city limits", cores, PLACES)
    assert other_place_wins("Howard", "Village of Howard", cores, PLACES)
    assert not other_place_wins("Amery", "Madison", cores, PLACES, "I moved from Madison to Amery")


@pytest.mark.parametrize(
    "text",
    [
        "I rent a house just outside the Muskego city limits",
        "have a rental just outside Amery city limits, ok?",
        "my rental is out past the city limits",
    ],
)
def test_outside_a_named_place_is_not_the_place(nlp, kb, text):
    """ "just outside the Muskego city limits" is another place, not the City of Muskego."""
    found = places_in(nlp, text)
    assert [label for label, _ in found] == ["other_place"]
    assert place_qualifiers(found[0][1], PLACES)[3]


def test_a_covered_common_word_opening_a_message_is_the_place(nlp, kb):
    found = places_in(nlp, "dresser - is my duplex a 'multiple dwelling' under the housing code?")
    assert found and found[0][0] == "municipality" and kb.resolve_municipality(found[0][1]) == "dresser"
    assert places_in(nlp, "my dresser - the one in the bedroom - is broken") == []


def test_qualifiers_keep_kind_and_state():
    assert place_qualifiers("Village of Howard", PLACES) == ("village", None, False, False)
    assert place_qualifiers("Holland, Michigan", PLACES) == (None, "MI", False, False)
    assert place_qualifiers("Town of Holland WI", PLACES) == ("town", "WI", False, False)
    assert place_qualifiers("Waukesha County", PLACES)[2]
    assert place_qualifiers("outside city limits", PLACES)[3]


@pytest.mark.parametrize(
    "unknown", ["Village of Howard", "Holland, Michigan", "a county", "outside city limits", "Madison"]
)
def test_the_bot_says_what_it_covers_and_asks(kb, unknown):
    answer = ask_municipality(kb, unknown)
    assert kb.covered_names() in answer.text and "Which of these, if any" in answer.text
    assert [b["title"] for b in answer.buttons] == [m.name for m in kb.municipalities()]
    assert answer.payload["unknown"] == unknown


def test_no_other_place_is_a_covered_municipality(kb):
    munis = [{"key": m.key, "name": m.name, "kind": m.kind} for m in kb.municipalities()]
    assert curated.validate_places(PLACES, munis) == []
    bad = {
        **PLACES,
        "other_places": [*PLACES["other_places"], {"name": "Town of Howard", "kind": "town", "state": "WI"}],
    }
    problems = curated.validate_places(bad, munis)
    assert len(problems) == 1 and "covered municipality" in problems[0].message


def test_the_people_vocabulary_validates():
    assert curated.validate_people(curated.load_people()) == []
    broken = {**curated.load_people(), "singular": {"nanny": "grown"}}
    assert any("band" in p.message for p in curated.validate_people(broken))


def test_places_are_compiled_into_the_knowledge_base(kb):
    assert kb.places()["other_places"] == PLACES["other_places"]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("I rent an apartment in New Berlin, right next to Muskego.", "Muskego"),
        ("I live in St. Croix Falls, not far from Dresser.", "from Dresser"),
        ("our farmhouse is near the City of Amery", "City of Amery"),
        ("a few miles from holland, is 60 degrees ok?", "holland"),
        ("We live in the Village of Osceola, just up the road from Dresser.", "from Dresser"),
        ("she lives in the Amery area and rents out a house", "Amery"),
        ("we live outside Amery, who has to fix the heat", "Amery"),
    ],
)
def test_a_covered_name_that_says_what_the_place_is_near_is_not_the_place(text, named):
    """ "New Berlin, right next to Muskego" is New Berlin: the covered name only says where it is near."""
    assert named_as_nearby(text, named, PLACES)
    assert other_place_wins(named, "New Berlin", ["muskego"], PLACES, text)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("I moved from Madison to Amery, who fixes the heat?", "Amery"),
        ("my apartment in Muskego is next to a bar", "Muskego"),
        ("in dresser, near the school", "dresser"),
        ("the area of Muskego I live in floods", "Muskego"),
        ("there's garbage piled outside my apartment in Amery", "Amery"),
    ],
)
def test_a_covered_name_in_its_own_right_stays_the_place(text, named):
    assert not named_as_nearby(text, named, PLACES)


@pytest.mark.parametrize(
    "text",
    [
        "got a code violation notice in howard kansas, how many days do i have to appeal",
        "amery twp - do i need a rental license for the farmhouse i rent out?",
        "A property owner just beyond the Village of Dresser boundary asks whether the penalties apply to him.",
        "My address says Howard but the tax bill says I'm in a different municipality.",
    ],
)
def test_another_state_a_township_or_beyond_the_boundary_is_not_the_covered_place(nlp, kb, text):
    """Every state is known by name, "twp" is a town (the covered Amery is a city), and a dwelling beyond a covered
    place's boundary, or in another municipality than its address says, is somewhere else."""
    found = places_in(nlp, text)
    cores = [m.name.split(" of ", 1)[-1].lower() for m in kb.municipalities()]
    named = next((t for label, t in found if label == "municipality"), None)
    others = [t for label, t in found if label == "other_place"]
    assert others and other_place_wins(named, others[0], cores, PLACES, text), found


def test_holland_twp_is_the_covered_town(nlp, kb):
    found = places_in(nlp, "holland twp - do i need a rental license?")
    assert found and found[0][0] == "municipality" and kb.resolve_municipality(found[0][1]) == "holland"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("I live in New Berlin, right on the Muskego border. The handrail is loose.", "Muskego"),
        ("My apartment's in Osceola, right next door to Dresser. The heat has been out.", "Dresser"),
    ],
)
def test_a_covered_name_as_a_border_or_next_door_is_not_the_place(text, named):
    assert named_as_nearby(text, named, PLACES)


@pytest.mark.parametrize(
    ("text", "named", "other"),
    [
        ("i have units in new berlin and muskego, do screens have to be up all summer", "muskego", "new berlin"),
        ("not sure if my lot is in dresser or osceola, its right on the line", "dresser", "osceola"),
        ("my landlord lives in Muskego but my apartment is in Milwaukee. which rules apply?", "Muskego", "Milwaukee"),
        ("im in waukesha not muskego, same bedroom size rules?", "muskego", "waukesha"),
    ],
)
def test_another_town_named_beside_a_covered_one_leaves_the_place_open(text, named, other):
    """Two towns, one covered: the bot asks which code applies rather than answer for the covered one."""
    assert other_place_wins(named, other, ["holland", "howard", "amery", "dresser", "muskego"], PLACES, text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Village of Ashwaubenon rental, who fixes the heat?", ("other_place", "Village of Ashwaubenon")),
        ("I live in the Town of Norway", ("other_place", "Town of Norway")),
        ("what about ashwaubenon?", ("other_place", "ashwaubenon")),
        ("town of hollnd", ("municipality", "town of hollnd")),
        ("in the city of amery", ("municipality", "city of amery")),
    ],
)
def test_a_municipality_that_is_none_of_ours_is_another_place(nlp, text, found):
    """ "Town of", "Village of", "City of" before a name that is not ours (nor a misspelling of ours) is another place."""
    assert found in places_in(nlp, text)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Under Chapter 190, within what period must a person file for a hearing?", "holland"),
        ("under ch. 205, who supplies the garbage containers?", "muskego"),
        ("Under § 190-12, which defects require a dwelling to be condemned?", "holland"),
        ("what does § 12.06 require of screens?", "howard"),
        ("what does chapter 19 say about rooming house permits?", "dresser"),
        ("ch 258 rental license term?", "amery"),
    ],
)
def test_a_clerks_chapter_or_section_number_names_the_code(nlp, kb, text, key):
    """The chapter and the section numbers are each code's own (``chapter`` and ``section_prefix`` in its data file)."""
    found = [t for label, t in places_in(nlp, text) if label == "municipality"]
    assert found and kb.resolve_municipality(found[0]) == key, found


def test_a_number_alone_names_no_code(nlp):
    assert not places_in(nlp, "I have 12 kids and 190 sq ft, is that ok?")


def test_two_covered_places_named_leave_the_code_open_unless_one_is_where_the_user_comes_from_or_compares_with():
    """ "rentals in both Holland and Howard": the bot asks which (a user with both reads either answer as his);
    "I moved from Howard to Holland" is Holland, "… posting alone, as Holland does?" is Howard."""
    from knowledge.entities import two_covered_named

    names = {"holland": "Holland", "howard": "Howard"}
    both = "I own rentals in both Holland and Howard. What temperature do I have to keep the heat at?"
    assert two_covered_named(["holland", "howard"], names, PLACES, both) == ["holland", "howard"]
    assert two_covered_named(["howard", "holland"], names, PLACES, "I moved from Howard to Holland. how warm?") == []
    compared = "Does the Town of Howard permit service by posting alone, as Holland does?"
    assert two_covered_named(["howard", "holland"], {"howard": "Town of Howard", "holland": "Holland"}, PLACES, compared) == []
    assert two_covered_named(["amery"], {"amery": "Amery"}, PLACES, "amery heat") == []


def test_two_covered_places_are_asked_about_or_compared_when_the_user_asks_to_compare(kb):
    from knowledge.compose import place_choice

    both = "Town of Holland and Town of Howard"
    asked = place_choice(kb, both, "holland and howard - do i have to supply trash cans in a 6 unit", "garbage_rubbish")
    assert asked.payload["ask"] == "municipality" and "Each has its own code" in asked.text, asked.text
    assert all(m.name in asked.text for m in kb.municipalities()) and not asked.payload.get("citations")
    compared = place_choice(kb, both, "compare the heat temperature in holland and howard", "heating")
    assert compared.payload.get("comparison") and "Town of Howard" in compared.text, compared.text
