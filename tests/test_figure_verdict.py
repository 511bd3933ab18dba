"""A figure a yes/no question states, compared with the code's (``knowledge/compose/figure_verdict.py``, its words in
``knowledge/stated_figures.yml``): "is once a month ok?" against "at least once each week" is "No"; "do three members
constitute a quorum?" is "Yes"; a claim about the code is "Yes" only when the figure is the code's. All on the real
built knowledge base, no Rasa."""

from __future__ import annotations

import pytest

from knowledge import curated
from knowledge.compose import answer_topic
from knowledge.compose.figure_verdict import BOUNDS, figure_verdict, load, stated_values


def test_every_bound_names_a_standard_of_the_vocabulary_whose_unit_people_can_write():
    standards = curated.load_vocab()["standards"]
    data = load()
    for key, bound in data["bounds"].items():
        assert key in standards, key
        assert bound in BOUNDS, key
        assert standards[key]["unit"] in data["units"] or standards[key]["unit"] in data["phrases"], key


@pytest.mark.parametrize(
    ("text", "unit", "values"),
    [
        ("handrail is 28 in above the treads. does that pass?", "in", [28.0]),
        ("the railing is 2 ft 6 in high", "in", [30.0]),
        ("no railing at all, does the landlord have to put one in?", "in", []),  # "one in" is no inch
        ("the owner changes them maybe once a month", "per week", [0.23]),
        ("counted for more than 10 percent?", "percent", [10.000001]),
        ("only five foot-candles", "footcandles", [5.0]),
        ("is 1 way out per room enough?", "exits", [1.0]),
        ("If only two members concur", "votes", [2.0]),
    ],
)
def test_figures_are_read_as_people_write_them(text, unit, values):
    assert stated_values(text, unit) == values


@pytest.mark.parametrize(
    ("municipality", "key", "question", "verdict"),
    [
        # a situation: yes when it complies
        ("dresser", "rooming_linens_changes_per_week", "the owner changes them maybe once a month. is once a month ok?", "No"),
        ("dresser", "rooming_linens_changes_per_week", "sheets get changed every week, is that enough?", "Yes"),
        ("howard", "variance_min_votes", "If only two members of the Board concur in granting a variance, may the variance be granted?", "No"),
        ("dresser", "appeals_board_quorum", "Do three members in attendance constitute a quorum of the Board?", "Yes"),
        ("muskego", "closet_hall_area_max_pct", "may closet and hall area be counted for more than 10 percent of the required floor area?", "No"),
        ("muskego", "handrail_height_in", "handrail on the stairs is 28 in above the treads. does that pass?", "No"),
        # a claim about the code: yes only when it is the code's figure
        ("holland", "window_pct_of_floor", "Does the code require that the window area equal at least 10 percent of the floor area?", "Yes"),
        ("holland", "window_pct_of_floor", "Does the code require that the window area equal at least 15 percent of the floor area?", "No"),
        ("dresser", "permit_term_years", "Is a rooming house permit valid for two years from its date of issuance?", "No"),
        ("howard", "public_hall_light_footcandles", "Must every public hall be lighted to at least five foot-candles at all times?", "Yes"),
        # asked whether it fails: the other way round
        ("muskego", "handrail_height_in", "the handrail is only 28 in above the treads. is that too low?", "Yes"),
        # no verdict: no figure, several, or not a yes/no question
        ("dresser", "rooming_linens_changes_per_week", "how often must the linens be changed?", None),
        ("howard", "variance_min_votes", "how many votes does a variance need?", None),
        ("holland", "hearing_request_days", "i got the notice 3 days ago, do i have 10 days to ask for a hearing?", None),
    ],
)
def test_a_stated_figure_settles_a_yes_or_no(kb, municipality, key, question, verdict):
    assert figure_verdict(kb.standard(municipality, key), question) == verdict


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "lead"),
    [
        ("dresser", "rooming_houses", "i rent a furnished room in dresser, the owner changes the sheets and towels maybe once a month. is once a month ok?", "No."),
        ("muskego", "stairs_handrails_exits", "muskego - handrail on the stairs in my rental is 28 in above the treads. does that pass?", "No."),
        ("muskego", "rooming_houses", "renting rooms in a house in muskego, each room has just 1 door out to the hallway. is 1 way out per room enough?", "No."),
        ("howard", "appeals_board", "If only two members of the Town of Howard Housing Appeals Board concur in granting a variance, may the variance be granted?", "No."),
        # a temperature asked as "do i have to fix it?": yes when it is below the code's
        ("holland", "hot_water", "tenant complaining the hot water only gets to 110 at the tap. heater is old but it works. do i have to fix it?", "Yes."),
    ],
)
def test_the_answer_leads_with_the_verdict_of_the_figure(kb, municipality, topic, question, lead):
    assert answer_topic(kb, municipality, topic, question=question).text.startswith(lead)
