"""Words and forms people used in the blind sets written for session 51, read generally: a term quoted only in part
('substandard'), "what qualifies as …" after a clause, a membership question naming the defined word itself, "require
an owner to …", "members of the immediate family" (no figure asked), a tenant who "just moved out", a method "considered
proper", "do I have to stop staying there?", "60% below grade", where a permit is kept, bikes and boxes on the stairs,
a fee no provision names, "it has to be watertight", a lease clause putting a chore on tenants, "does the code
prohibit …?", and a few synonyms (binding rules, campers). All on the real built knowledge base."""

from __future__ import annotations

import pytest

from knowledge import selector
from knowledge.compose import answer_for_duty, answer_unsure
from knowledge.compose.membership import by_share, membership_verdict
from knowledge.compose.plain_verdict import _verdict
from knowledge.facts import proposed_side, read


def test_a_word_quoted_from_a_longer_term_names_that_term(kb):
    asked = "A letter from the village of Dresser calls my apartment building 'substandard.' What does that actually mean?"
    assert kb.match_term(asked, "dresser", quoted_only=True).upper() == "SUBSTANDARD BUILDING"
    answer = answer_unsure(kb, asked, "dresser").answer
    assert "does not comply with this chapter" in answer.text.split("\n")[0]
    # a word that several terms share names none of them by itself
    assert kb.match_term("what is a 'unit'?", "holland", quoted_only=True) is None


def test_what_qualifies_as_a_term_after_an_opening_clause_is_its_definition(kb):
    asked = "For purposes of the Town of Holland housing chapter, what qualifies as a multiple dwelling?"
    assert selector.question_kind(asked) == "definition"
    first = answer_unsure(kb, asked, "holland").answer.text.split("\n")[0]
    assert 'definition of "MULTIPLE DWELLING"' in first and "more than two dwelling units" in first  # not a sentence near it


def test_whether_the_defined_word_covers_a_vacant_lot_is_answered_yes(kb):
    asked = "There's an empty lot next to my rental in Muskego. Does the housing code's word 'premises' even cover a vacant lot?"
    definition = kb.definitions("PREMISES", "muskego")[0]
    found = membership_verdict(kb, asked, definition.term, definition.text, "muskego")
    assert found is not None and found[0] == "Yes"


def test_requiring_an_owner_to_keep_a_vacant_unit_clean_is_yes(kb):
    asked = "Does the Town of Holland code require an owner to have a vacant unit clean and sanitary before letting it to a new occupant?"
    assert proposed_side(asked, kb.fact_vocabulary()) == "landlord"
    provision = "No owner shall occupy or let to any other occupant any vacant dwelling unit unless it is clean, sanitary and fit for human occupancy."
    assert selector.yes_no(asked, provision) == "Yes"
    answer = answer_for_duty(kb, "holland", "clean_own_unit", read(asked, kb.fact_vocabulary()), "cleanliness", None, question=asked)
    assert answer.text.startswith("Yes, in the Town of Holland")


def test_a_tenant_who_just_moved_out_leaves_the_unit_vacant(kb):
    asked = "amery - tenant just moved out, place is a mess. do i legally have to clean it before the next one moves in?"
    assert read(asked, kb.fact_vocabulary()).get("vacant_unit") is True
    assert read("my roommate moved out last week, who cleans the hall?", kb.fact_vocabulary()).get("vacant_unit") is not True


def test_members_of_a_family_ask_no_figure():
    asked = "In the City of Muskego, may members of a resident owner's immediate family use basement space in a one-family home as a sleeping room?"
    assert selector.question_kind(asked) == "yes_no"
    provision = (
        "In a one- or two-family residence, any basement or cellar space may be used as a sleeping room by members of the "
        "immediate family of a resident owner, but only on condition that the floors and walls are made impervious"
    )
    assert selector.yes_no(asked, provision) == "Yes"
    assert selector.question_kind("How many members sit on the Town of Howard Housing Appeals Board?") == "figure"
    assert selector.question_kind("what number of members does the board have in howard") == "figure"


def test_a_method_considered_proper_is_how_a_notice_is_served(kb):
    asked = (
        "When personal service on an owner in the Town of Howard is not possible, what alternative method of serving a "
        "notice and order is considered proper?"
    )
    assert selector.question_kind(asked) == "open"
    top = selector.select(kb, asked, "howard", limit=1)[0]
    assert "registered mail" in top.candidate.text
    assert selector.question_kind("is a basement considered a habitable room in muskego?") == "definition"


def test_having_to_stop_staying_after_a_suspension_is_yes():
    provision = (
        "Upon receipt of notice of suspension, the operator shall immediately cease operation of such rooming house and no "
        "person shall occupy for sleeping or living purposes any rooming unit therein."
    )
    asked = "I rent a room in a rooming house in Dresser and the permit is suspended. Do I have to stop staying there?"
    assert _verdict(asked, provision, 0.5) == "Yes"


def test_a_share_below_grade_in_percent_decides_basement_or_cellar(kb):
    asked = "muskego - my lower lvl is about 60% below grade. does the code call that a basement or cellar"
    assert by_share(asked, kb.definitions("CELLAR", "muskego")[0].text)[0] == "Yes"
    assert by_share(asked, kb.definitions("BASEMENT", "muskego")[0].text)[0] == "No"


# (municipality, question, words of the provision the selector must put first)
FIRST_PROVISIONS = [
    ("dresser", "Where is the holder of a Village of Dresser rooming house permit required to keep the permit?", "displayed in a conspicuous"),
    ("holland", "do i have to hang up my rooming house permit somewhere? holland", "displayed in a conspicuous"),
    ("muskego", "Someone in my Muskego apartment building keeps leaving bikes and boxes on the stairs. Isn't that against the rules?", "stored material"),
    ("holland", "holland bldg inspector put out his own rules on rentals. are those actually binding like the ordinance or just guidelines?", "same force and effect"),
    ("amery", "I'm living in a camper on a guy's lot in Amery and paying him rent. Does the city's rental housing code even cover that?", "temporary housing"),
]


@pytest.mark.parametrize("municipality,question,words", FIRST_PROVISIONS)
def test_peoples_words_find_the_provision(kb, municipality, question, words):
    top = selector.select(kb, question, municipality, limit=1)[0]
    assert words in top.candidate.text


def test_a_fee_no_provision_names_is_not_addressed(kb):
    asked = "Is there a fee for obtaining a rooming house permit in the Town of Holland, and if so, how much?"
    assert selector.unnamed_things(kb, asked, "holland") == ["fee"]
    assert selector.unnamed_things(kb, "how much is the fee for a rental license in amery", "amery") == []  # "Fees as prescribed …"


def test_a_quality_the_code_requires_is_yes(kb):
    asked = "amery inspector flagged the leaky roof on my rental - does the code actually say it has to be watertight?"
    answer = answer_for_duty(kb, "amery", "keep_in_repair", read(asked, kb.fact_vocabulary()), "maintenance", None, question=asked)
    assert answer.text.startswith("Yes, ")


def test_a_lease_clause_putting_a_chore_on_tenants_is_a_shift_by_agreement():
    asked = "howard twp - can i put in the lease that tenants clean the common hallway instead of me?"
    assert selector.question_kind(asked) == "yes_no"
    assert selector.yes_no(asked, "except where such responsibility is assumed by an operator or an occupant by agreement") == "Yes"


def test_whether_the_code_prohibits_what_a_provision_forbids_is_yes():
    asked = "Does the City of Muskego housing code prohibit maintaining premises so that stagnant water accumulates in the yard?"
    assert selector.yes_no(asked, "No premises shall be graded or maintained so that stagnant water will accumulate or stand on the ground") == "Yes"
    # a question of permission met by the same prohibition stays "No"
    assert selector.yes_no("can i let water stand in the yard in muskego?", "No premises shall be graded or maintained so that stagnant water will accumulate") == "No"


def test_keeping_the_fixtures_clean_is_the_plumbing_fixtures_duty(kb):
    from knowledge.facts import asked_duty

    vocabulary = kb.fact_vocabulary()
    assert asked_duty("holland - tenant keeps clogging the toilet n leaving the tub gross. is keeping the fixtures clean on them or me", vocabulary) == "clean_plumbing_fixtures"
    assert asked_duty("muskego - tenant clogged toilet w/ wipes AGAIN. who's responsible for that, me or them?", vocabulary) == "clean_plumbing_fixtures"
    assert asked_duty("my apartment is filthy, who has to clean it?", vocabulary) == "clean_own_unit"


def test_landlords_at_large_are_the_owners_side(kb):
    asked = "do landlords in the town of howard have to fix ripped window screens? flies r getting in everywhere"
    assert proposed_side(asked, kb.fact_vocabulary()) == "landlord"
    assert proposed_side("do tenants in amery have to shovel the walk?", kb.fact_vocabulary()) == "tenant"
