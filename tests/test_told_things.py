"""Things people tell in their own words, read as the code's: furniture piled on the stairs is "stored material", a
suspended permit is the notice "of suspension", an inspector who shows up "unannounced" comes without notice, an
ignored order is a failure to comply, "I shouldn't get fined, right?" counts on an excuse the code rules out
(issue "Answer the question that was asked": the direct answer first, from the provision that settles it)."""

from __future__ import annotations

import pytest

from actions.answers import ActionAnswerTopic
from knowledge import question_form
from knowledge.compose import answer_for_duty, answer_topic
from knowledge.facts import asked_duty
from tests.test_actions import run, tracker


def first_two(text: str) -> str:
    return "\n".join(text.split("\n")[:2])


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "quoted"),
    [
        # furniture piled on the stairs is "stored material"
        ("muskego", "stairs_handrails_exits", "My landlord in Muskego keeps piling old furniture on the stairs up to our "
         "apartment. Is he allowed to do that?", "kept free of refuse or stored material"),
        # a permit "suspended" is the notice "of suspension"
        ("dresser", "rooming_houses", "The Dresser health officer suspended the permit for the rooming house where I "
         "live. Can I keep sleeping there?", "no person shall occupy for sleeping or living purposes"),
        # "unannounced" is without the notice the code requires
        ("amery", "inspections", "can the amery building inspector just show up unannounced to inspect my rentals?",
         "after due notice"),
        # "I shouldn't get fined, right?" counts on an excuse the code rules out
        ("dresser", "penalties", "the dresser health officer missed this problem on his last inspection, so i shouldnt "
         "get fined for it now right?", "constitute a defense"),
    ],
)
def test_told_in_plain_words_and_answered_no_from_the_provision(kb, municipality, topic, question, quoted):
    answer = answer_topic(kb, municipality, topic, question=question, ranking=[(f"ask_{topic}", 0.9)])
    assert answer.text.startswith("No"), answer.text
    assert quoted in first_two(answer.text), answer.text


def test_words_that_leave_notice_out_without_naming_it():
    provision = "the Building Inspector may enter, examine, and survey, at proper time after due notice, all rental dwelling units"
    for question in ("can he just show up unannounced?", "can the inspector come in with no warning?"):
        assert question_form.leaves_out(question)
        assert question_form.yes_no(question, provision) == "No", question
    assert not question_form.leaves_out("can the inspector come in to look at the furnace?")


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "quoted"),
    [
        # an ignored order is a failure to comply
        ("muskego", "notices_hearings_appeals", "muskego inspector gave me an order after a tenant complaint. wat happens "
         "if i just ignore it", "City Attorney"),
        # a placard torn down is the rule against removing it (not the order the story told to ignore)
        ("amery", "unfit_dwellings", "The city of Amery put a big sign on our building saying it's unfit to live in. The "
         "landlord told us to ignore it and tore it down. Can he do that?", "remove the placard"),
    ],
)
def test_told_in_plain_words_and_led_by_the_provision(kb, municipality, topic, question, quoted):
    answer = answer_topic(kb, municipality, topic, question=question, ranking=[(f"ask_{topic}", 0.6)])
    assert quoted in first_two(answer.text), answer.text


def test_a_roof_that_soaks_the_walls_is_the_owners_to_fix_in_muskego(kb):
    question = (
        "Water pours off the roof and soaks the walls of my Muskego rental because the gutters are broken. "
        "Is the landlord responsible for fixing that?"
    )
    answer = answer_topic(kb, "muskego", "maintenance", question=question, ranking=[("ask_maintenance", 1.0)])
    assert answer.text.startswith("Yes") and "owner" in answer.text.split("\n")[0], answer.text


def test_a_chimney_falling_apart_is_the_owners_to_fix(kb):
    question = "we rent in Muskgo and the chimney is falling apart, smoke even comes back into the house. is the landlord supposed to fix that?"
    assert asked_duty(question, kb.fact_vocabulary()) == "keep_in_repair"
    lines = answer_for_duty(kb, "muskego", "keep_in_repair", {}, "maintenance", question=question).text.split("\n")
    assert lines[0].startswith("Yes") and "owner" in lines[0], lines
    assert "Chimneys and supplied smoke pipes" in lines[2], lines


def test_how_long_to_ask_for_a_hearing_is_the_period_of_the_hearing_not_of_the_repairs(kb):
    """Both (c) ("corrected within a reasonable period") and (d) ("within 10 days") state a period; the one the
    sentence that asks names (a hearing) leads."""
    question = "dresser health officer just suspended my rooming house permit. how long do i have to ask for a hearing before its gone for good?"
    answer = answer_topic(kb, "dresser", "rooming_houses", question=question, ranking=[("ask_rooming_houses", 0.9)])
    assert "within 10 days" in first_two(answer.text), answer.text


def test_whether_a_room_counts_as_a_bedroom_is_its_definition_not_a_space_check(domain):
    question = "My roommate sleeps in the dining room of our apartment in Muskego. Does that count as a bedroom under the city code?"
    messages, _ = run(ActionAnswerTopic(), tracker(question, "ask_sleeping_room_size", ["Muskego"]), domain)
    text = messages[0]["text"]
    assert text.startswith("No") and "dining room" in text, text


def test_whether_the_baby_counts_after_the_room_is_told_is_the_occupant_definition(domain):
    question = (
        "We just had a baby and live in a one-bedroom in the Town of Holland. The bedroom is 110 square feet and my "
        "partner and I sleep there with the baby's crib. Does the baby count as an extra person for the size rule?"
    )
    messages, _ = run(ActionAnswerTopic(), tracker(question, "ask_sleeping_room_size", ["Town of Holland"]), domain)
    text = messages[0]["text"]
    assert text.startswith("No") and "over one year of age" in text, text


def test_an_inspector_who_came_with_no_warning_need_not_be_let_in(kb):
    """The duty answer to "do I have to let him in?" says "No, not without notice" when the question leaves out the
    condition the rule sets ("at proper times after due notice")."""
    question = "The building inspector in Amery just showed up at my door with no warning and wants to come in right now. Do I have to let him in?"
    answer = answer_for_duty(kb, "amery", "give_access_for_inspection", {}, "inspections", question=question)
    assert answer.text.startswith("No, not without notice: "), answer.text
    assert "after due notice" in answer.text.split("\n")[1], answer.text


def test_the_topic_the_asking_sentence_names_takes_over_from_the_story(kb):
    question = "The house I rent in Holland is falling apart - holes in the floor, rats everywhere, the ceiling is sagging. Can the town condemn it?"
    ranking = [("ask_maintenance", 0.82), ("ask_ceiling_height", 0.09), ("ask_unfit_dwellings", 0.04)]
    answer = answer_topic(kb, "holland", "maintenance", question=question, ranking=ranking)
    assert "shall be condemned as unfit for human habitation" in first_two(answer.text), answer.text


def test_a_permission_on_conditions_is_yes_but_only_if_they_are_met(kb):
    answer = answer_topic(kb, "holland", "basements", question="can i rent out a basement bdrm in holland wi? wat r the rules")
    assert answer.text.startswith("Yes, but only if its conditions are met."), answer.text


def test_whether_the_code_requires_a_party_to_do_something_is_yes_or_no_first(kb):
    question = "Does the City of Muskego code require landlords to inform tenants of the maximum permitted number of occupants?"
    assert question_form.question_kind(question) == "yes_no"
    answer = answer_topic(kb, "muskego", "occupancy_floor_space", question=question, ranking=[("ask_occupancy_floor_space", 0.8)])
    assert answer.text.startswith("Yes") and "shall advise the occupant in writing" in answer.text.split("\n")[0], answer.text


def test_a_story_then_can_the_town_condemn_it_is_yes_from_the_condemnation_section(kb):
    question = (
        "The house I rent in the Town of Holland has a caved-in part of the roof and rats everywhere, and the landlord "
        "won't do anything. Can the town condemn it?"
    )
    ranking = [("ask_unfit_dwellings", 0.47), ("ask_utility_shutoffs", 0.18), ("ask_pests", 0.13)]
    answer = answer_topic(kb, "holland", "unfit_dwellings", question=question, ranking=ranking)
    assert answer.text.startswith("Yes") and "shall be condemned as unfit" in first_two(answer.text), answer.text


def test_a_license_that_is_nontransferable_does_not_just_transfer(kb):
    answer = answer_topic(kb, "amery", "rental_licensing", question="can the sellers license just transfer to me?",
                          ranking=[("ask_rental_licensing", 0.9)])
    assert answer.text.startswith("No") and "nontransferable" in answer.text.split("\n")[0], answer.text


def test_a_period_asked_in_two_parts_keeps_the_first_part_first(kb):
    question = (
        "For how long is a Town of Holland rooming house permit valid, and how quickly must the permit holder notify "
        "the Building Inspector after selling the rooming house?"
    )
    answer = answer_topic(kb, "holland", "rooming_houses", question=question, ranking=[("ask_rooming_houses", 0.9)])
    assert "one year" in answer.text.split("\n")[0], answer.text
    question = "If a Dresser rooming house permit is suspended, within what period must the operator petition for a hearing to avoid automatic revocation?"
    answer = answer_topic(kb, "dresser", "rooming_houses", question=question, ranking=[("ask_rooming_houses", 0.9)])
    assert "within 10 days" in first_two(answer.text), answer.text


def test_the_owners_own_family_in_the_basement_is_not_checked_against_the_depth_limit(kb):
    """Muskego lets the immediate family of a resident owner sleep in any basement space (on conditions): a question
    naming them is not answered "No" by the 3 ft 6 in limit."""
    question = (
        "muskego: my bsmt floor is about 4 ft below grade outside. can i rent it out as a bedroom? ok what if it's not "
        "rented, just my 16 yr old son sleeping down there. we own and live in the house, single family"
    )
    answer = answer_topic(kb, "muskego", "basements", question=question, ranking=[("ask_basements", 0.9)])
    assert not answer.text.startswith("No"), answer.text
    plain = "can my landlord in muskego rent me a bedroom in his basement? the floor is like 5 ft below the ground outside"
    assert answer_topic(kb, "muskego", "basements", question=plain, ranking=[("ask_basements", 0.9)]).text.startswith("No.")


def test_how_often_to_renew_a_permit_is_its_term_not_the_linen_changes(kb):
    answer = answer_topic(kb, "dresser", "rooming_houses", question="how often do i have to renew my rooming house permit",
                          ranking=[("ask_rooming_houses", 0.9)])
    assert "one year" in answer.text.split("\n")[0], answer.text
