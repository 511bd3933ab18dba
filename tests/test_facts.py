"""Facts read from people's own words (knowledge/facts.yml through knowledge/facts.py), without Rasa."""

from __future__ import annotations

import copy

import pytest

from knowledge import curated
from knowledge import facts as F


@pytest.fixture(scope="module")
def vocabulary():
    vocab = curated.load_vocab()
    return F.compile_vocabulary(F.load(), vocab["facts"])


def test_the_fact_vocabulary_validates():
    vocab = curated.load_vocab()
    assert F.validate(F.load(), vocab["facts"], vocab["duties"]) == []


def test_validation_catches_unknown_facts_bad_values_and_bad_patterns():
    vocab = curated.load_vocab()
    raw = copy.deepcopy(F.load())
    raw["phrases"].append({"fact": "pets_allowed", "value": True, "patterns": ["dog"]})
    raw["phrases"].append({"fact": "vacant_unit", "value": 3, "patterns": ["empty"]})
    raw["phrases"].append({"fact": "units_in_building", "value": 2, "patterns": ["(unclosed"]})
    raw["duty_phrases"]["walk_the_dog"] = ["dog"]
    problems = "\n".join(F.validate(raw, vocab["facts"], vocab["duties"]))
    assert "unknown fact 'pets_allowed'" in problems
    assert "value 3 is not a bool" in problems
    assert "bad pattern '(unclosed'" in problems
    assert "unknown duty 'walk_the_dog'" in problems


def test_every_fact_is_either_asked_or_an_exception_and_has_wording():
    vocab = curated.load_vocab()
    raw = F.load()
    assert set(raw["ask"]) | set(raw["exceptions"]) == set(vocab["facts"])
    assert set(raw["wording"]) == set(vocab["facts"])


@pytest.mark.parametrize(
    "text, expected",
    [
        ("6 units", 6),
        ("it's a duplex", 2),
        ("we rent half of a duplex", 2),
        ("a fourplex", 4),
        ("4 unit bldg", 4),
        ("a single-family house", 1),
        ("my building has four units", 4),
        ("a 12-unit building", 12),
        ("triplex", 3),
        ("ok wat if i add 2 more units so its 5", 5),  # the total said after the units added
        ("what if i add a 5th unit", 5),  # the ordinal of the unit added is the total
        ("we rent a little farmhouse, just us no other units", 1),  # "no other units" is one, not others infested
        ("bed bugs only in my unit in a muskego 8-plex", 8),
        ("a 6plex", 6),
    ],
)
def test_the_number_of_units(vocabulary, text, expected):
    assert F.read(text, vocabulary)["units_in_building"] == expected


def test_an_apartment_building_has_two_or_more_units(vocabulary):
    assert F.read("an apartment building", vocabulary)["units_in_building"] == {"gte": 2}
    # a weak reading never overrides a count given before
    assert "units_in_building" not in F.read("my apartment", vocabulary, {"units_in_building": 6})


@pytest.mark.parametrize(
    "text, infested, shared",
    [
        ("only mine", 1, False),
        ("just my unit", 1, False),
        ("only my unit has mice", 1, False),
        ("the building has 4 units and only ours has them", 1, False),
        ("the neighbours too", {"gte": 2}, None),
        ("my neighbors have them too", {"gte": 2}, None),
        ("the whole building", {"gte": 2}, True),
        ("two units have roaches", 2, None),
        ("what if the people on the other side end up with them too?", {"gte": 2}, None),
        ("The people on the other side say they don't have any.", 1, False),
    ],
)
def test_which_units_are_infested(vocabulary, text, infested, shared):
    facts = F.read(text, vocabulary)
    assert facts["infested_units"] == infested
    assert facts.get("shared_areas_infested") == shared


@pytest.mark.parametrize("text", ["the hallway has roaches", "mice in the basement", "the common areas are infested"])
def test_the_shared_parts(vocabulary, text):
    assert F.read(text, vocabulary)["shared_areas_infested"] is True


def test_an_infested_count_is_not_read_as_the_size_of_the_building(vocabulary):
    facts = F.read("4 unit bldg, only 1 unit has them", vocabulary)
    assert facts["units_in_building"] == 4 and facts["infested_units"] == 1
    facts = F.read("In Muskego, my building has 4 units and only my unit has mice. Who has to exterminate?", vocabulary)
    assert facts == {"units_in_building": 4, "infested_units": 1, "shared_areas_infested": False, "vacant_unit": False}
    assert F.read("4 units with two infested", vocabulary)["infested_units"] == 2
    assert F.read("there are mice in 2 of the 4 units", vocabulary) == {"infested_units": 2, "units_in_building": 4}


def test_the_users_own_home_is_not_vacant(vocabulary):
    assert F.read("my apartment has roaches", vocabulary)["vacant_unit"] is False
    assert F.read("I live on the second floor", vocabulary)["vacant_unit"] is False
    assert F.read("the unit is vacant", vocabulary)["vacant_unit"] is True
    assert F.update({}, "who exterminates?", vocabulary, role="tenant")["vacant_unit"] is False
    assert "vacant_unit" not in F.update({}, "who exterminates?", vocabulary, role="landlord")


@pytest.mark.parametrize(
    "text, fact, value",
    [
        ("it's a rooming house", "rooming_house", True),
        ("my lease says I have to pay for pest control", "assumed_by_agreement", True),
        ("the building is not kept rodent-proof", "maintained_pest_proof", False),  # Howard's test
        ("there are holes in the foundation", "maintained_pest_proof", False),
        ("the landlord never fixed the holes in the walls", "owner_failure", True),
        ("the landlord never fixed the holes in the walls", "maintained_pest_proof", False),
        ("theyre coming in thru big gaps around the pipes that hes never fixed", "owner_failure", True),
    ],
)
def test_rooming_house_lease_and_building_condition(vocabulary, text, fact, value):
    assert F.read(text, vocabulary)[fact] is value


def test_a_later_message_corrects_an_earlier_fact(vocabulary):
    facts = F.update({}, "4 units, only my unit has mice", vocabulary)
    facts = F.update(facts, "actually it's 8 units", vocabulary)
    assert facts["units_in_building"] == 8 and facts["infested_units"] == 1
    facts = F.update(facts, "oh and the neighbours have them too", vocabulary)
    assert facts["infested_units"] == {"gte": 2, "lte": 8}


def test_a_single_family_house_has_no_shared_parts(vocabulary):
    facts = F.update({"infested_units": {"gte": 2}}, "it's a single family house, mice in the basement", vocabulary)
    assert facts["units_in_building"] == 1 and facts["infested_units"] == 1
    assert facts["shared_areas_infested"] is False


def test_the_words_win_over_the_intent(vocabulary):
    facts = F.update({}, "4 unit bldg, only 1 unit has them", vocabulary, intent="inform_several_units_infested")
    assert facts["infested_units"] == 1
    assert F.update({}, "yep that one", vocabulary, intent="inform_only_my_unit")["infested_units"] == 1


def test_a_count_in_the_words_leaves_the_rest_open_whatever_the_intent(vocabulary):
    """ "It's a duplex and my unit has them" says nothing about the other unit (the NLU read "several")."""
    facts = F.update({}, "It's a duplex and my unit has them.", vocabulary, intent="inform_several_units_infested")
    assert facts["units_in_building"] == 2 and "infested_units" not in facts


def test_nothing_is_read_from_unrelated_words(vocabulary):
    assert F.read("bdrm 9x10 2 kids ok?", vocabulary) == {}
    assert F.read("", vocabulary) == {}
    assert F.read("x" * 50_000, vocabulary) == {}


@pytest.mark.parametrize(
    "text, duty",
    [
        ("who buys the garbage cans at a fourplex", "supply_garbage_containers"),
        ("who has to provide rubbish containers", "supply_rubbish_containers"),
        ("who has to take out the trash", "dispose_garbage"),
        ("who exterminates", "exterminate"),
        ("who has to clean the hallways", "clean_shared_areas"),
        ("do I have to let the landlord in for repairs", "give_access_for_repairs"),
        ("can the landlord shut off the heat", "keep_services_connected"),
        ("who is responsible for the cleanliness of areas shared by more than one family?", "clean_shared_areas"),
        # letting the owner in to fix what the inspector wrote up is access for repairs, not for an inspection
        ("amery tenant wont let me in to fix the stuff the inspector wrote up. dont they have to?", "give_access_for_repairs"),
        ("can the tenant refuse to let the inspector in?", "give_access_for_inspection"),
    ],
)
def test_the_duty_a_question_names(vocabulary, text, duty):
    assert F.asked_duty(text, vocabulary) == duty


def test_who_questions(vocabulary):
    assert F.is_who_question("Who has to exterminate?", vocabulary)
    assert F.is_who_question("whose job is it to clean the hall", vocabulary)
    assert not F.is_who_question("how big does a bedroom have to be", vocabulary)


def test_trash_words_name_the_pair_and_garbage_words_name_garbage(vocabulary):
    assert F.asked_duty("who supplies the trash bins?", vocabulary) == "trash_containers"
    assert F.asked_duty("who has to buy the garbage cans", vocabulary) == "supply_garbage_containers"
    assert F.asked_duty("shared garbage area, who provides the containers", vocabulary) == "supply_garbage_containers"
    assert F.asked_duty("bins for trash like boxes and cans", vocabulary) == "supply_rubbish_containers"
    # the pair is found among a topic's duties when one of its duties is there
    assert F.asked_duty("who supplies the trash bins?", vocabulary, among=("supply_garbage_containers",)) == "trash_containers"


def test_a_follow_up_about_the_same_containers_only_adds_facts(vocabulary):
    text = "4 unit building, the shared cans in the basement are broken"
    assert F.adds_facts(text, vocabulary, "supply_garbage_containers", topic_changed=True)
    assert not F.adds_facts(text, vocabulary, "exterminate", topic_changed=True)


def test_two_infested_units_in_plain_words(vocabulary):
    assert F.read("4 units, mine and my neighbor's both have them", vocabulary)["infested_units"]["gte"] == 2


@pytest.mark.parametrize(
    "text, role, side",
    [
        ("my landlord wants to get in to fix the furnace. do I have to let him?", None, "tenant"),
        ("my tenants have roaches, do I have to pay?", None, "landlord"),
        ("do I have to pay for the exterminator?", "landlord", "landlord"),
        ("does the landlord have to fix that?", None, "landlord"),
        ("do tenants have to supply their own cans?", None, "tenant"),
        ("Is extermination my job or the owner's?", "tenant", None),  # both sides named
        ("Do I have to allow it?", None, None),  # the asker's side is not known
        ("who has to exterminate?", "tenant", None),
        # "they" after the other side was named: the side opposite the asker's
        ("tnt wont let me in to fix the furnace, do they have to?", None, "tenant"),
        ("my landlord says the trash cans are on me. does he have to supply them?", None, "landlord"),
        # what the landlord keeps saying is told by the tenant; "legally" between the side and "have to"
        ("roof leaks into my kids bedroom, landlord keeps saying he'll get to it. does he legally have to fix it", None, "landlord"),
        ("amery rental - tnt complains windows drafty. am I reqd to fix?", None, "landlord"),
        # "we rent", "told the landlord": a tenant's words; "he" is then the landlord
        ("The roof leaks. I've told the landlord three times. We rent the whole house. Does he have to fix it?", None, "landlord"),
        ("Is a Muskego landlord required to tell tenants in writing how many occupants are permitted?", None, "landlord"),
        ("moved into my apartment last week and it was disgusting. arent they supposed to clean it first?", None, "landlord"),
        ("the place was filthy when we got the keys. wasnt the landlord supposed to clean it first?", None, "landlord"),
        ("landlord in Muskego sent me a letter saying I have to keep the yard clean. is that really my job?", None, "tenant"),
        ("landlord says that's normal. he's coming saturday but i work nights. do i have to let him in?", None, "tenant"),
        # an asker who introduces themself ("muskego landlord - …", "landlord here")
        ("muskego landlord - do i have to tell tenants in writing how many ppl are allowed in the unit?", None, "landlord"),
        ("landlord here, do i have to supply the garbage cans?", None, "landlord"),
        ("my landlord - he says do i have to let him in?", None, "tenant"),
    ],
)
def test_the_side_a_yes_no_question_proposes(vocabulary, text, role, side):
    assert F.proposed_side(text, vocabulary, role) == side


def test_a_statement_of_a_deciding_fact_adds_it_though_it_names_another_duty(vocabulary):
    """ "the landlord never fixed the holes in the walls" after "who exterminates?" is the owner's failure (a fact the
    extermination rules turn on), though "fixed … walls" names the repair duty; asked as a question it is new."""
    deciding = {"owner_failure", "infested_units", "units_in_building"}
    text = "the landlord never fixed the holes in the walls"
    assert F.asked_duty(text, vocabulary) == "keep_in_repair"
    assert F.adds_facts(text, vocabulary, "exterminate", False, ("exterminate",), deciding)
    assert not F.adds_facts("who has to fix the holes in the walls?", vocabulary, "exterminate", False, ("exterminate",), deciding)
    assert not F.adds_facts(text, vocabulary, "exterminate", False, ("exterminate",), ())


def test_the_facts_a_duty_turns_on_come_from_the_rules(kb):
    assert {"owner_failure", "infested_units", "units_in_building"} <= kb.deciding_facts("exterminate")
    assert kb.deciding_facts("keep_in_repair") == {"assumed_by_agreement"}  # Howard's lease clause; the rest always
    assert kb.deciding_facts("no_such_duty") == frozenset()


def test_the_side_a_question_proposes_through_what_the_code_says_or_whom_a_tenant_refuses(kb):
    from knowledge.facts import proposed_side

    vocabulary = kb.fact_vocabulary()
    said = "Water has been dripping through the kitchen ceiling. Does the code actually say the landlord has to fix the roof?"
    assert proposed_side(said, vocabulary) == vocabulary.sides.get("owner")
    refused = "amery tenant keeps refusing entry to fix the leaky pipe under the sink. do they have to let me in?"
    assert proposed_side(refused, vocabulary) == vocabulary.sides.get("occupant")  # "they": the tenant, not the asker


def test_an_asker_who_would_refuse_a_duty_that_is_theirs_is_told_no(kb):
    """ "he's coming Saturday to replace the fan … can I just refuse?": the asker (a tenant, by "my landlord") refuses
    giving access, which is the occupant's duty: "No,"; "tenant wont let me in … can i insist": the other side's duty."""
    from knowledge.compose import answer_for_duty

    refuse = (
        "My landlord in Howard texted that he's coming Saturday at 10 in the morning to replace the bathroom fan. "
        "I work nights and I really don't want anyone in the apartment. Can I just refuse?"
    )
    vocabulary = kb.fact_vocabulary()
    assert F.asked_duty(refuse, vocabulary) == "give_access_for_repairs"
    assert F.refusing_side(refuse, vocabulary) == vocabulary.sides.get("occupant")
    first = answer_for_duty(kb, "howard", "give_access_for_repairs", {}, "access_for_repairs", question=refuse).text
    assert first.startswith("No,"), first
    insist = "amery tenant wont let me in to replace the rotted bathroom floor. can i insist"
    assert F.proposed_side(insist, vocabulary) == vocabulary.sides.get("occupant")
    keep_out = "He just told me he's coming next Tuesday to fix the floor. Am I allowed to just say no and keep him out?"
    assert F.asked_duty(keep_out, vocabulary) == "give_access_for_repairs"


def test_a_claim_about_the_asker_then_is_that_true_proposes_the_askers_side(vocabulary):
    """ "My landlord says I'm the one who has to keep the yard clean. Is that true?" asks whether the tenant must;
    "the one who" asks no "who"."""
    claim = "My landlord in Muskego says I'm the one who has to keep the yard of the house I rent clean. Is that true?"
    assert F.proposed_side(claim, vocabulary) == "tenant"
    from knowledge.question_form import question_kind

    assert question_kind(claim) == "yes_no"
    assert F.proposed_side("who has to keep the yard clean, me or the landlord?", vocabulary) is None


@pytest.mark.parametrize(
    "text, duty",
    [
        ("landlord turned off the water", "keep_services_connected"),
        ("they cut the power", "keep_services_connected"),
        # a setting, not a shut-off
        ("turned water heater down to 110 to save on gas", None),
        ("turned the heat down to 60", None),
    ],
)
def test_turning_a_setting_down_is_no_shut_off(vocabulary, text, duty):
    found = F.asked_duty(text, vocabulary)
    assert (found == duty) if duty else found != "keep_services_connected"


def test_the_state_a_unit_was_let_in_is_a_vacant_unit(vocabulary):
    for text in (
        "the place was filthy when we got the keys, old food in the fridge and junk everywhere",
        "arent they supposed to clean it before somebody moves in?",
    ):
        assert F.read(text, vocabulary).get("vacant_unit") is True, text


@pytest.mark.parametrize(
    "text, asks_officer",
    [
        ("who's supposed to approve a shutoff then", True),
        ("Who actually inspects these places and can make the owner fix it?", True),
        ("who issues rental permits in amery", True),
        ("who has to fix the furnace?", False),  # a party's duty, not an officer's role
    ],
)
def test_a_question_about_an_officers_role_is_known(vocabulary, text, asks_officer):
    assert any(p.search(text) for p in vocabulary.officer_questions) is asks_officer


def test_a_what_if_question_only_changes_the_facts_of_the_last_one(vocabulary):
    """ "ok and what if the people on the other side end up with them too?" after a pest question, whatever topic the
    NLU took it for (a space check): a question, but one that only changes the facts."""
    text = "ok and what if the people on the other side end up with them too?"
    assert F.adds_facts(text, vocabulary, "exterminate", topic_changed=True)
    # a new question of another topic is not
    assert not F.adds_facts("and what about the bedroom in a duplex?", vocabulary, "exterminate", topic_changed=True)
    # a what-if with no fact in it adds none
    assert not F.adds_facts("what if he says no?", vocabulary, "exterminate", topic_changed=True)


def test_holes_and_a_building_falling_apart_are_not_kept_pest_proof(vocabulary):
    facts = F.read("what if they only got in because the building is falling apart and has holes?", vocabulary)
    assert facts["maintained_pest_proof"] is False


@pytest.mark.parametrize(
    "text, side",
    [
        # the asker, told apart by what the other side says or wants
        ("amery duplex, tenant says bathroom vinyl is peeling. am i on the hook to redo the floor?", "landlord"),
        ("landlord wants to come in to fix the furnace, do i have to let him?", "tenant"),
        # a party named after "must": that party's side
        ("Must a Muskego owner state the maximum number of occupants in writing?", "landlord"),
        ("Must a tenant give the owner access for repairs?", "tenant"),
    ],
)
def test_the_side_a_yes_no_duty_question_proposes(vocabulary, text, side):
    assert F.proposed_side(text, vocabulary) == side



def test_a_landlord_between_tenants_speaks_of_the_last_tenant(vocabulary):
    assert F.read("last tenant left the place filthy", vocabulary)["vacant_unit"] is True
    assert F.read("do i have to clean before renting it again", vocabulary)["vacant_unit"] is True
    for said in ("do i have to supply trash cans 4 a duplex", "do i have to tell tenants the max # of occupants",
                 "do i need to put the max # of occupants in the lease?", "do i have to clean before renting it again"):
        assert F.asker_role(said, vocabulary) == "landlord", said
    assert F.asker_role("do i have to buy my own trash can for my apartment?", vocabulary) != "landlord"


def test_only_us_and_a_claim_about_the_asker(vocabulary):
    told = "we found bed bugs in our apartment in howard, it's a 4 unit building but it's only us."
    assert F.read(told, vocabulary)["infested_units"] == 1
    claim = "landlord says we have to pay for the exterminator. is that right?"
    assert F.proposed_side(claim, vocabulary) == "tenant"


@pytest.mark.parametrize(
    "text",
    [
        "landlord says getting rid of them is on us. is that right??",
        "Landlord says buy your own. Is that right?",
        "landlord wants each of us to pay for our own spray. can he make us?",
        "i rent. roaches in our unit only. is it really on me?",
        "muskego - bed bugs in my apartment AND my neighbors. landlord says each of us deal w our own. is he right",
        "holland - 3 unit bldg and the shared hallway is disgusting. landlord says tenants have to clean it. true?",
    ],
)
def test_the_other_side_putting_it_on_the_asker_proposes_the_askers_side(vocabulary, text):
    assert F.proposed_side(text, vocabulary, "tenant") == "tenant"


def test_no_other_units_is_not_other_units_infested(vocabulary):
    assert "infested_units" not in F.read("just us no other units. mice in the kitchen", vocabulary)
