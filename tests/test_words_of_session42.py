"""People's words read as they mean them (misses of the blind sets written for session 42, fixed generally): a figure
asked stays with the topic that has it; "considered properly served" asks how, not what a word means; "who has the
power to" asks for the officer; what the user counts on to escape is answered by the provision that says it does not;
"can he just do that?" asks leave for the act the story told; "rent it again" is "again be used for human habitation";
a polite request to tell or to confirm is read without its politeness; "the term owner" names a term, not a figure; a
way "through" a room the code requires to be without one is not allowed; a person the story says someone will send is
not asked for. All on the real built knowledge base."""

from __future__ import annotations

import pytest

from knowledge import question_form
from knowledge.compose import answer_definition, answer_topic
from knowledge.compose.lookups import asked_term
from knowledge.compose.membership import with_membership
from knowledge.handoff import wants_person
from knowledge.yes_no_forms import without_polite_confirm


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "first_line"),
    [
        # a figure asked ("how many days") stays with the topic whose provision states it, whatever else matches more
        ("howard", "notices_hearings_appeals", "got a violation notice from the howard inspector for my duplex, how many days "
         "to file an appeal", "thirty days"),
        # "considered properly served" asks how a notice is served, not what "occupant" means
        ("holland", "service_of_notices", "When the Building Inspector issues a notice under Chapter 190, by what methods may "
         "that notice be considered properly served upon the owner or occupant?", "§ 190-4A(4)"),
        # "who has the power to" asks for the officer
        ("holland", "unfit_dwellings", "our rental in holland is falling apart, mice all over and the porch roof is sagging. "
         "who has the power to condemn it?", "placarded by the Building Inspector"),
        # what the user counts on to escape: the provision that says it does not, however little else it matches
        ("dresser", "rooming_houses", "dresser gave me a rooming house permit so they cant cite me for code stuff right",
         "No. Village of Dresser Housing Code, Penalty says: \"In any such action, the fact that a permit was issued"),
        ("dresser", "penalties", "landlord in dresser says the health officer never told him the rules so he can't get in "
         "trouble. is that a real excuse?", "No. Village of Dresser Housing Code, Penalty says"),
        # ... but hoping still to do something ("can i still get a hearing?") counts on nothing to escape
        ("dresser", "rooming_houses", "the dresser health officer suspended my rooming house permit 12 days ago, can i still "
         "get a hearing?", "No, 12 days is more than the 10 days the text allows."),
        # "doesn't somebody have to okay that?" asks whose approval: the sentence naming the officer
        ("amery", "utility_shutoffs", "my amery landlord shut off the water days ago while he thinks about fixing the pipes. "
         "doesn't somebody have to okay that?", "approved by the Building Inspector"),
        # a plumber fixing pipes is the repair the shut-off's exception allows
        ("muskego", "utility_shutoffs", "muskego ok to shut the water off to a unit while the plumber fixes pipes?",
         "Yes, but only if its conditions are met."),
        # "can he just do that?" asks leave for the act the story told (the shut-off), not for the heat's 70°
        ("holland", "heating", "its february and my landlord in holland turned off our heat, says its his furnace. can he "
         "just do that?", "No. Town of Holland Code § 190-8, shutoff of services and utilities paragraph says"),
        # ... but "is that allowed?" of a condition stays with the condition
        ("muskego", "windows_light_ventilation", "my bathroom in muskego has no window at all, is that allowed?",
         "No. City of Muskego Minimum Housing Code, Light, ventilation and heating, C says"),
        # "rent it again" after a condemnation or an order to vacate is "again be used for human habitation"
        ("amery", "unfit_dwellings", "amery condemned my rental, when can i rent it out again", "written approval is secured"),
        ("howard", "unfit_dwellings", "howard made me vacate my unit after the order, when can i rent it again",
         "written approval is secured from the Building Inspector"),
        # "corrective action" is the code's "remedial action"
        ("holland", "notices_hearings_appeals", "What must a Town of Holland notice of violation contain regarding the "
         "corrective action expected of the owner?", "an outline of remedial action"),
        # a polite request to tell asks what, not whether
        ("howard", "appeals_board", "Could you advise on the eligibility requirements for appointment to the Town of Howard "
         "Housing Appeals Board?", "To be eligible for appointment"),
        # a polite request to confirm is read without it: the question is whether, not permission
        ("holland", "unfit_dwellings", "Could you please confirm whether, under Chapter 190, a dwelling so dilapidated and "
         "vermin infested that it creates a serious hazard must be condemned and placarded by the Building Inspector?", "Yes."),
        # an emergency: the order the inspector may issue without notice or hearing
        ("holland", "notices_hearings_appeals", "the holland inspector told us to get out tonight, the place is a health "
         "hazard. the landlord says he cant do that without a hearing first. can he?", "without notice or hearing"),
        # another code said to differ: the Uniform Dwelling Code's precedence
        ("howard", "code_precedence", "the state uniform dwelling code says something different than the howard housing code "
         "about my new apartment. which one applies?", "the Uniform Dwelling Code shall take precedence"),
        # "where do i get the license" asks for the office that issues it
        ("amery", "rental_licensing", "where do i get an amery rental license, city hall or somewhere else",
         "through the Office of Building Inspector"),
        # "does the term owner include …?" asks whether, not a term of years
        ("muskego", "code_precedence", "Under the City of Muskego Minimum Housing Code, does the term owner include a land "
         "contract vendee?", "Yes. The City of Muskego code's definition of \"owner\" says"),
        # a way through a bedroom the code requires to be without one
        ("howard", "bathroom_kitchen_facilities", "howard twnhse 2 units - ok if unit B only gets to the bathroom thru unit A "
         "bdrm?", "No. Town of Howard Code 12.05(2) says"),
        # "can i call the inspector to come look?": he may inspect upon a complaint
        ("amery", "maintenance", "can i call the amery building inspector to come look at my room? the ceiling has leaked for "
         "weeks", "Yes. City of Amery Code, Inspection and access says: \"Upon a complaint by any person"),
        # "lock the bathroom" takes away the unrestricted access to a bath and toilet
        ("muskego", "bathroom_kitchen_facilities", "the people i rent a room from in muskego lock the only bathroom when they "
         "leave for work. can they do that?", "unrestricted access to a bath and flush toilet"),
        # the act an officer is told to do in the story, asked back ("can he actually do that")
        ("holland", "unfit_dwellings", "holland - the inspector says he might placard my rooming house as unfit bc of the mice, "
         "can he actually do that", "Yes."),
        # a lease that puts the repairs on the tenant does not leave the landlord with no responsibility
        ("muskego", "maintenance", "my muskego lease says i handle all repairs including the furnace. does that mean the "
         "landlord has no responsibility under the code?", "No. City of Muskego Minimum Housing Code, Responsibilities"),
        # "the penalty" asks its amount, which Dresser sets elsewhere
        ("dresser", "penalties", "dresser - what's the penalty if i rent out a place that doesnt meet the housing code",
         "does not state the maximum forfeiture or fine"),
        # a fixture that leaks is plumbing kept free from leaks; a rule set back for an exception the question does not
        # name ("except where such responsibility is assumed … by agreement") does not lead
        ("howard", "maintenance", "the kitchen sink in my howard rental has been leaking under the cabinet for weeks. "
         "landlord keeps saying later. does he have to fix it", "Yes. Town of Howard Code 12.08(2) says"),
        # a figure of a topic this code leaves alone, asked in another's words: the honest silence, not a figure of that one
        ("holland", "inspections", "if my rental fails the holland inspection and i dont fix it, how much is the fine",
         "does not address fines, forfeitures and other penalties"),
        ("holland", "heating", "my holland landlord ignored the order to fix our furnace for a month, we use space heaters. "
         "how much can he get fined for this?", "does not address fines, forfeitures and other penalties"),
        # a measure asked against a figure this code leaves alone: no definition's "Yes"
        ("dresser", "ceiling_height", "dresser basement apt, ceiling is 6'10. is that tall enough under the village code",
         "does not address minimum ceiling height"),
    ],
)
def test_the_first_line_answers_what_was_asked(kb, municipality, topic, question, first_line):
    assert first_line in answer_topic(kb, municipality, topic, question=question).text.split("\n")[0]


def test_an_open_question_about_an_officer_s_power_gets_no_yes(kb):
    asked = "On what grounds may the Town of Holland Building Inspector condemn and placard a dwelling as unfit?"
    assert not answer_topic(kb, "holland", "unfit_dwellings", question=asked).text.startswith("Yes")


def test_what_a_definition_excludes_answers_no_and_the_term_named_as_such_is_the_one_asked(kb):
    asked = "Under the Village of Dresser Housing Code, is a rooming unit intended to be used for cooking?"
    term = asked_term(kb, asked, "dresser")
    assert term is not None
    assert with_membership(kb, asked, term, "dresser", answer_definition(kb, term, "dresser")).text.startswith("No, ")
    asked = "our building in amery is run by a management company that acts like it owns it. is the manager legally the owner?"
    term = asked_term(kb, asked, "amery")
    assert term is not None and term.lower() == "owner"
    assert with_membership(kb, asked, term, "amery", answer_definition(kb, term, "amery")).text.startswith("No. ")
    assert asked_term(kb, "what is a manager under the amery code", "amery").lower() == "operator"


def test_forms_of_asking():
    assert question_form.question_kind("does the term owner include a land contract vendee?") == "yes_no"
    assert question_form.question_kind("what is the term of a board member in howard") == "figure"
    assert question_form.question_kind("Could you advise on the eligibility requirements for the Board?") == "open"
    assert question_form.question_kind("Could you tell me who appoints the Board?") == "who"
    assert without_polite_confirm("Could you please confirm whether a permit is needed?") == "a permit is needed?"
    assert question_form.question_kind("by what methods may that notice be considered properly served?") != "definition"
    assert question_form.question_kind("is a basement considered a habitable room?") == "definition"


def test_a_person_the_story_says_someone_will_send_is_not_asked_for(kb):
    assert not wants_person(kb, "toilet leaks when we flush. landlord keeps saying hell send someone. does he have to fix it?")
    assert wants_person(kb, "send someone out pls, amery")
