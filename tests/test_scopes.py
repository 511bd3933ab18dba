"""Provisions limited to a kind of dwelling, and the candidate that matches first (real knowledge base)."""

from __future__ import annotations

from knowledge import selector
from knowledge.compose import answer_unsure
from knowledge.scopes import provision_scopes

SHARING = (
    "our landlord in muskego split his house into 2 apartments and now we have to share the only bathroom with "
    "the people in the other unit. is that even legal?"
)


def test_a_scope_named_as_an_exception_does_not_limit_the_provision(kb):
    multiple_use = kb.section("muskego", "Basic equipment and facilities, D").text
    assert "with the exception of rooming houses" in multiple_use
    assert provision_scopes(kb, multiple_use) == set()
    assert provision_scopes(kb, "Every rooming house shall have at least one flush water closet") == {"rooming house"}
    assert provision_scopes(kb, "every dwelling, other than a rooming house, and every rooming house permit") == {
        "rooming house"
    }


def test_the_first_candidate_that_matches_enough_leads(kb):
    ranked = selector.select(kb, SHARING, "muskego", None, [("ask_bathroom_kitchen_facilities", 0.13)], limit=12)
    moved = selector.matching_first(ranked, 0.4)
    assert moved[0].lexical >= 0.4 and sorted(map(id, moved)) == sorted(map(id, ranked))
    assert selector.matching_first(moved, 0.4) == moved  # already first: unchanged
    assert selector.matching_first(ranked, 1.01) == ranked  # nothing matches that much: unchanged


def test_sharing_a_bathroom_between_two_units_gets_the_prohibition(kb):
    unsure = answer_unsure(kb, SHARING, "muskego", None, [("nlu_fallback", 0.45), ("ask_space_check", 0.3)])
    assert unsure.answer is not None
    first = unsure.answer.text.split("\n")[0]
    assert first.startswith("No. The closest provision in the City of Muskego code is"), first
    assert "Under no circumstances may occupants of two or more dwelling units share a toilet" in first


def test_a_sentence_under_a_citation_that_names_the_scope_is_no_general_provision(kb):
    from knowledge.scopes import cited_scope

    question = "how long is that permit good for before i have to renew?"
    revoked = next(
        r for r in selector.select(kb, question, "dresser", topics=["rooming_houses"], limit=30)
        if r.candidate.citation == "Rooming houses (1)(d)"
    )
    assert cited_scope(kb, question, revoked.candidate) == "rooming house"
    assert cited_scope(kb, question + " (rooming house)", revoked.candidate) is None


def test_basement_windows_are_not_every_window(kb):
    """Amery's screens rule covers basement and cellar windows only: a question about the windows of an apartment
    gets that rule, then at once that it applies only to basements and cellars and that the text does not address
    dwellings in general (naming the officer), and no "Yes"; a basement question gets its "Yes"."""
    from knowledge.compose import answer_topic

    question = "Is my landlord in Amery required to put screens on the windows? The mosquitoes are terrible this year."
    answer = answer_topic(kb, "amery", "screens", question=question, ranking=[("ask_screens", 0.9)])
    lines = answer.text.split("\n")
    assert "basement or cellar window" in lines[0] and not lines[0].startswith(("Yes", "No"))
    assert lines[1].startswith("This applies only to basements and cellars") and "Building Inspector" in lines[1]
    # "basement hatchway" in a list of the things weathertight is no basement-only provision
    assert provision_scopes(kb, "Every window, exterior door and basement hatchway shall be reasonably weathertight") == set()
    basement = answer_topic(kb, "amery", "screens", question="do the basement windows need screens in amery?")
    assert basement.text.startswith("Yes.") and "applies only" not in basement.text


def test_a_sentence_under_a_rooming_house_section_is_limited_to_rooming_houses(kb):
    """Amery's § 258-22A sits under § 258-22 "Rooming houses": its "All such facilities shall be … accessible from a
    common hall" names no rooming house, but is limited to them all the same; a question about an apartment's toilet
    down the hall gets every rental unit's own bathroom first."""
    from knowledge.compose import answer_question

    question = "I'm renting an apartment in Amery and the only toilet is down the hall, shared with the apartment next door. Is that legal?"
    candidates = {c.key: c for c in selector.candidates(kb, "amery")}
    hall = next(c for key, c in candidates.items() if key.startswith("§ 258-22A#") and "common hall" in c.text)
    assert selector.unnamed_scope(kb, question, hall) == "rooming house"
    answer = answer_question(kb, "amery", "bathroom_kitchen_facilities", question)
    assert "Every rental dwelling unit shall contain a room within its walls" in answer.text.split("\n")[0]


def test_a_question_within_the_scope_by_its_topic_or_the_conversation_gets_no_scope_note(kb):
    from knowledge.compose import answer_question, answer_topic

    # taken for the rooming-house topic: the computed figure, no "applies only to rooming houses"
    toilets = answer_topic(kb, "dresser", "rooming_houses", question="9 ppl how many toilets?")
    assert toilets.text.startswith("For 9 persons, at least 2 are needed") and "applies only" not in toilets.text
    # a conversation that said it is a rooming house
    blinds = "does my bedroom window have to have blinds or curtains? mine has nothing"
    inside = answer_question(kb, "dresser", "rooming_houses", blinds, facts={"rooming_house": True})
    assert "shades, draw drapes" in inside.text and "applies only" not in inside.text



def test_a_scope_the_question_denies_is_not_named(kb):
    """ "dresser 2br apartment (not rooming house)": no rooming house is named, so a rooming-house provision is limited
    to what the question is not about, and the answer says the text does not address dwellings in general."""
    from knowledge.compose import answer_topic
    from knowledge.scopes import named_scopes

    assert "rooming house" not in named_scopes(kb, "dresser 2br apartment (not rooming house) - min bedroom size?")
    assert "rooming house" in named_scopes(kb, "dresser rooming house - min bedroom size?")
    asked = "dresser 2br apartment (not rooming house) - min bedroom size?"
    answer = answer_topic(kb, "dresser", "sleeping_room_size", question=asked, ranking=[("ask_sleeping_room_size", 0.9)])
    assert "does not address it for dwellings in general" in answer.text and "Health Officer" in answer.text


def test_a_general_provision_leads_only_on_the_same_subject(kb):
    """ "how many sq ft per person … dresser apt": Dresser's only floor space per person is its rooming houses'; a
    general rule on another subject (shut-offs) does not lead instead of it."""
    unsure = answer_unsure(kb, "how many sq ft per person is required in a dresser apt", "dresser",
                           ranking=[("ask_occupancy_floor_space", 0.4)])
    first = unsure.answer.text.split("\n")[0]
    assert "Discontinuance" not in first and "square feet" in first
