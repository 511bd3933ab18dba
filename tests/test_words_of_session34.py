"""People's words read as they mean them (misses of the blind sets written for session 34, fixed generally): which law
prevails, a permission granted by "is hereby authorized" or by another's duty to give access, the other side's claim
that the asker must buy their own, "only on our side", and "too small for two teenagers" after the two were named.
All on the real built knowledge base, no Rasa."""

from __future__ import annotations

import pytest

from knowledge import question_form
from knowledge.compose import answer_topic
from knowledge.parsing.household import parse_household
from knowledge.yes_no_forms import grants, precedence_verdict

HOWARD_UDC = (
    "If any of the provisions of this ordinance are in conflict with the Uniform Dwelling Code, the Uniform Dwelling "
    "Code shall take precedence."
)
MUSKEGO_STRICTER = (
    "If any standard or regulation required by the Minimum Housing Code differs from a standard or regulation of some "
    "other provision of the Minimum Housing Code or other City ordinances or regulations or state regulations, the "
    "stricter shall take precedence."
)
MUSKEGO_STATE = (
    "If, however, the state or any of its agencies is found to have a more restrictive regulation in regard to or in "
    "conflict with these provisions, that regulation shall take precedence over this code."
)


@pytest.mark.parametrize(
    ("question", "provision", "verdict"),
    [
        ("Does the Town code govern where the two conflict?", HOWARD_UDC, "No"),
        ("if they conflict does the UDC take precedence?", HOWARD_UDC, "Yes"),
        ("Where a standard differs from a state regulation, does the less restrictive standard apply?", MUSKEGO_STRICTER, "No"),
        ("does the more restrictive one govern?", MUSKEGO_STRICTER, "Yes"),
        ("does the state rule take precedence over the city code?", MUSKEGO_STATE, "Yes"),  # "that regulation": the state's
        ("does the city code still apply?", MUSKEGO_STATE, "No"),
        ("does the code apply to my garage?", HOWARD_UDC, None),  # no kind of law asked about
    ],
)
def test_which_law_prevails_is_read_from_the_provision(question, provision, verdict):
    assert precedence_verdict(question, provision) == verdict
    if verdict is not None:
        assert question_form.yes_no(question, provision) == verdict


def test_a_permission_is_granted_by_authority_or_by_another_sides_duty_to_give_access():
    holland = "the Building Inspector is hereby authorized to enter, examine, and survey at all reasonable times all dwellings"
    amery = (
        "Every occupant of a rental dwelling or rental dwelling unit shall give the owner thereof, or his/her agent or "
        "employee, access to any part of such rental dwelling"
    )
    assert grants(holland) and grants(amery)
    assert not grants("such building shall be fenced off so as to prevent access")
    assert question_form.yes_no("can i go into my tenants apt in amery to fix stuff, or do they get to say no", amery) == "Yes"


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "lead"),
    [
        # the other side says the asker must buy their own; the text says the thing "shall be supplied"
        ("dresser", "rooming_houses", "my room in a rooming house in dresser has no blinds or curtains and the operator says i gotta buy my own. is that right?", "No"),
        # "only on our side": one unit infested, so the occupant; the landlord's claim is right
        ("holland", "pests", "we rent half of a duplex out in the town of holland and we've got mice, but only on our side. landlord says getting rid of them is on us. is that true?", "Yes"),
    ],
)
def test_a_claim_about_who_must_is_checked(kb, municipality, topic, question, lead):
    assert answer_topic(kb, municipality, topic, question=question).text.startswith(lead)


def test_the_people_a_story_named_are_not_counted_again_by_a_plural_that_fits_them():
    told = "my son is 14 and his cousin is 15 and they share a bedroom. the landlord says its too small for two teenagers"
    assert [p.age for p in parse_household(told).persons] == [14.0, 15.0]
    # ... but two children after two adults are two more
    assert len(parse_household("me and my husband need a room for two kids").persons) == 4


@pytest.mark.parametrize(
    ("question", "provision", "verdict"),
    [
        # a constancy the provision requires, limited to some hours by the story
        (
            "In the mornings there's never any hot water in the shared shower, and the owner says hot water is only "
            "'guaranteed' at night. Is that allowed?",
            "Every lavatory basin and bathtub or shower shall be supplied with hot water at all times.",
            "No",
        ),
        # what the user counts on, in their words
        (
            "but i had a permit from the village for the work. doesnt that cover me?",
            "In any such action, the fact that a permit was issued shall not constitute a defense",
            "No",
        ),
    ],
)
def test_a_yes_or_no_in_the_users_words(question, provision, verdict):
    assert question_form.yes_no(question, provision) == verdict


def test_req_is_a_question_of_need():
    assert question_form.OBLIGATION.search("tenant says back door doesnt seal. am i req to fix that or is it cosmetic")


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "lead"),
    [
        # a lower temperature someone says is enough, asked "is he right?"
        ("howard", "heating", "howard wi, its freezing in my apartment and my landlord says the furnace only has to keep it at 65. is he right?", "No"),
        # one unit infested, in the words of the one who rents it or of the landlord
        ("holland", "pests", "we rent half of a duplex in the town of holland and theres mice in our side only. landlord says its on us to get rid of them. is that right??", "Yes"),
        ("muskego", "pests", "tenant in unit 3 of my 4plex in muskego has roaches, only his unit. do i have to pay for the spraying?", "No"),
        # a total someone said, less than the days of the violation make it
        ("howard", "penalties", "my landlord in the town of howard has been in violation for a broken furnace for 10 days now. someone told me the most he can be fined is $200 total. is that true?", "No. Up to 10 × $200"),
        # a clerk's longer subject still proposes the occupant
        ("holland", "inspections", "Is an occupant of a dwelling unit in the Town of Holland required to give the Building Inspector access at reasonable times for an inspection?", "Yes"),
        # which law prevails, asked of the one that does not
        ("muskego", "code_precedence", "Where a standard in the City of Muskego code differs from a state regulation on the same subject, does the less restrictive standard apply?", "No"),
    ],
)
def test_stories_are_read_for_the_verdict(kb, municipality, topic, question, lead):
    assert answer_topic(kb, municipality, topic, question=question).text.startswith(lead)


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "quoted"),
    [
        # the act the prohibition forbids, in other words
        ("amery", "unfit_dwellings", "the city put a condemned sign on my rental. can i take the sign off myself?", "No person shall deface or remove the placard"),
        # what the thing must be, not who supplies it
        ("muskego", "garbage_rubbish", "muskego - do the garbage cans i put out for tenants have to be any particular kind", "made of metal or heavy molded plastic"),
    ],
)
def test_the_provision_asked_about_leads(kb, municipality, topic, question, quoted):
    assert quoted in answer_topic(kb, municipality, topic, question=question).text.split("\n")[0]


def test_a_question_naming_its_topic_is_not_sent_to_another_topic_that_its_other_words_match(kb):
    # "single family house" matches the extermination duty of "a dwelling containing a single dwelling unit", but the
    # question is about licences: Holland has none for dwellings in general, so it says so
    text = answer_topic(
        kb, "holland", "rental_licensing", question="do i need a rental license or to register w the town to rent out my single family house in holland"
    ).text
    assert "does not address" in text and "extermination" not in text


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # the asker owns the duplex (no "I"), and the text puts containers on the owner only above two units
        ("own a duplex in the town of howard. do i have to supply the garbage cans?", "No, not on the owner"),
        ("have a duplex in twn of howard. do i have to provide garbage cans for both units or is that on the tenants?", "No, not on the owner"),
    ],
)
def test_an_owner_asking_of_a_duty_the_text_puts_on_owners_of_larger_buildings_is_told_no(kb, question, lead):
    from knowledge.compose.verdicts import answer_duty
    from knowledge.facts import read

    facts = read(question, kb.fact_vocabulary())  # (as the action reads them: a duplex is two units)
    assert answer_duty(kb, "howard", "supply_garbage_containers", facts, "garbage_rubbish", question=question).text.startswith(lead)


def test_a_two_to_one_vote_is_two_votes_for(kb):
    from knowledge.compose.figure_verdict import figure_verdict, stated_values

    asked = "May the Board of Zoning Appeals grant a variance on a two-to-one vote when only three members are present?"
    assert stated_values(asked, "votes") == [2.0]
    assert figure_verdict(kb.standard("dresser", "variance_min_votes"), asked) == "No"


def test_a_long_story_naming_the_topic_is_answered_from_the_provision_that_names_it_too(kb):
    # the story dilutes the match, but "shut off" is the topic's own word, in the question and in the provision
    asked = "I was two weeks late on rent and my landlord in Amery had the gas shut off. Now I have no heat and no hot water. Is he allowed to do that?"
    text = answer_topic(kb, "amery", "utility_shutoffs", question=asked).text
    assert "closest provision" in text and "shut off" in text.split("\n")[0] and "does not address this question" not in text
