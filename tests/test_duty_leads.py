"""How a "who has to …" answer reads (real knowledge base): the duty the message names, "Yes," when the
question proposed the side the verdict names, the time the rule sets, and the rule's own words quoted."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_duty, duty_asked
from knowledge.facts import asked_duty


@pytest.mark.parametrize(
    "text, duty",
    [
        ("Our 4-unit building has a shared laundry room in the basement that is honestly disgusting. "
         "Whose job is it to keep that clean?", "clean_shared_areas"),
        ("tnt's apt is filthy, rotting dishes, smell coming into the hallway. does code actually require the "
         "tnt to keep their unit clean?", "clean_own_unit"),
        ("the hallway is filthy, who cleans it?", "clean_shared_areas"),
        ("my unit is dirty who cleans", "clean_own_unit"),
    ],
)
def test_the_cleaning_duty_named(kb, text, duty):
    assert asked_duty(text, kb.fact_vocabulary()) == duty


def answer(kb, municipality: str, topic: str, question: str):
    asked = duty_asked(kb, topic, question)
    assert asked is not None, question
    return answer_duty(kb, municipality, asked[0], {}, asked[1], None, question=question)


def test_access_is_due_at_the_times_the_rule_sets_and_the_rule_is_quoted(kb):
    reply = answer(
        kb, "holland", "access_for_repairs",
        "my landlord keeps showing up at night to fix stuff. do I legally have to let him in whenever he wants?",
    )
    lead, source = reply.text.split("\n")[:2]
    assert lead == (
        "Yes, in the Town of Holland, giving access for repairs is the responsibility of the occupant (the tenant), "
        "at all reasonable times."
    )
    # the occupant's sentence of § 190-3, not the section's opening about the inspector
    assert source.startswith('Source: Town of Holland Code § 190-3: "Every occupant of a dwelling or dwelling unit shall give')
    assert reply.payload["citations"][0]["quote"] == kb.section("holland", "§ 190-3").text


def test_requiring_the_tenant_proposes_the_tenant(kb):
    reply = answer(
        kb, "muskego", "cleanliness",
        "muskego. tnt's apt is filthy, rotting dishes, smell coming into the hallway. does code actually require the "
        "tnt to keep their unit clean?",
    )
    assert reply.text.startswith("Yes, in the City of Muskego, keeping one's own part of the dwelling clean is the "
                                 "responsibility of the occupant")


def test_an_undecided_verdict_quotes_the_section_whole(kb):
    reply = answer(kb, "holland", "pests", "who has to exterminate the roaches?")
    source = next(line for line in reply.text.split("\n") if line.startswith("Source:"))
    assert source.startswith('Source: Town of Holland Code § 190-10, extermination paragraph: "Every occupant of a dwelling')
    assert "Notwithstanding the foregoing provisions" in source  # the section, not one case's rule


@pytest.mark.parametrize(
    "municipality, topic, question, lead",
    [
        ("holland", "access_for_repairs", "town of holland. tnt wont let the furnace guy in. do they have to?",
         "Yes, in the Town of Holland, giving access for repairs is the responsibility of the occupant (the tenant)"),
        ("muskego", "occupancy_floor_space",
         "muskego 4plex - tnt says I have to tell her in writing how many ppl can live there. do I?",
         "Yes, in the City of Muskego, telling occupants the maximum number allowed is the responsibility of the owner"),
    ],
)
def test_landlords_texts_name_their_duty(kb, municipality, topic, question, lead):
    assert answer(kb, municipality, topic, question).text.startswith(lead)


def test_a_question_about_what_a_thing_must_be_asks_no_duty(kb):
    from knowledge.compose import duty_asked

    assert duty_asked(kb, "garbage_rubbish", "what kind of cans do they have to be?") is None
    assert duty_asked(kb, "garbage_rubbish", "who has to supply the garbage cans, me or the tenants?") is not None


@pytest.mark.parametrize(
    ("municipality", "question"),
    [
        ("holland", "my tenent keeps refusing to let my plumber in to fix a leak under her sink, town of holland. is she allowed to do that?"),
        ("amery", "tenant in amery won't let me in to fix a bathroom leak, says i have to wait til her lease is up. can she do that?"),
    ],
)
def test_a_party_refusing_its_own_duty_is_answered_no(kb, municipality, question):
    """ "My tenant won't let me in, can she do that?": No, giving access is the occupant's duty."""
    reply = answer(kb, municipality, "access_for_repairs", question).text
    assert reply.startswith("No, in the"), reply
    assert "responsibility of the occupant" in reply.split("\n")[0], reply


@pytest.mark.parametrize(
    ("municipality", "party"),
    [("holland", "operator"), ("amery", "operator"), ("dresser", "operator"), ("muskego", "owner")],
)
def test_who_keeps_a_rooming_houses_bedding_clean(kb, municipality, party):
    """Each text's own sentence: the operator keeps supplied bedding clean, except in Muskego, where the owner does."""
    question = "who is responsible for keeping the supplied bedding clean and sanitary in a rooming house?"
    assert duty_asked(kb, "rooming_houses", question) == ("maintain_bedding", "rooming_houses")
    reply = answer_duty(kb, municipality, "maintain_bedding", {"rooming_house": True}, "rooming_houses", None, question=question).text
    first = reply.split("\n")[0]
    assert f"is the responsibility of the {party}" in first and "bedding" in first, reply
    assert "supplied bedding in a clean and sanitary manner" in reply


def test_the_asking_sentence_names_the_duty_asked(kb):
    # the story names repairs, the sentence that asks names access: another topic's duty, so the asked one
    text = ("My landlord texted he is coming Saturday to fix the rotting bathroom floor. I work nights and don't "
            "want him in. Do I have to let him? Holland")
    assert asked_duty(text, kb.fact_vocabulary()) == "give_access_for_repairs"


def test_the_occupant_runs_the_heat_with_care_in_muskego(kb):
    # Muskego H: "Every occupant of a dwelling unit shall be responsible for care in the proper use and proper
    # operation of heating facilities"; Holland says nothing of it
    text = "the landlord says its my fault for messing with the thermostat. am i responsible?"
    assert asked_duty(text, kb.fact_vocabulary()) == "use_heating_facilities"
    first = answer(kb, "muskego", "heating", text).text.splitlines()[0]
    assert first.startswith("Yes, ") and "occupant" in first, first
    silent = answer(kb, "holland", "heating", "who has to run the heating properly in holland?").text
    assert "does not address who is responsible" in silent, silent


def test_whether_it_has_to_be_fixed_at_all_is_a_yes(kb):
    text = "the roof over my bedroom leaks every time it rains. doesn't it have to be fixed? (Amery)"
    first = answer(kb, "amery", "maintenance", text).text.splitlines()[0]
    assert first.startswith("Yes, ") and "owner" in first, first


def test_a_bare_complaint_is_about_the_classifiers_thing_not_another_duty(kb):
    # "the heat keeps going out": the heating figure, not Muskego's water-heater upkeep rule
    assert duty_asked(kb, "heating", "the heat in my apartment keeps going out in muskego") is None
