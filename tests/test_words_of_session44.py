"""People's words read as they mean them (misses of the blind sets written for session 44, fixed generally): a rooming
house defined by "one or more rooming units" is what renting one room makes; what a definition takes in again after an
exception ("… except garbage, and the term shall include … yard trimmings") is not excepted; asked whether some people are
included, a provision "including" them answers "Yes"; a chimney is a thing a code addresses only by naming it; the house
"next door" is where, not a door; the board's "result" is its findings; renting out "spare rooms" is a rooming house; a
"backed up sewer" is the nuisance's unsanitary sewer. All on the real built knowledge base."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_definition, answer_topic
from knowledge.compose.membership import with_membership
from knowledge.compose.plain_verdict import _verdict
from knowledge.yes_no_forms import included_asked


@pytest.mark.parametrize(
    ("municipality", "term", "question", "opening"),
    [
        # "… containing one or more rooming units in which space is let by the owner or operator": one room let is one
        ("dresser", "rooming house", "dresser - just renting 1 room in my house to a guy, he doesnt get a kitchen. does that "
         "make it a rooming house?", "Yes"),
        ("howard", "rooming house", "im renting one room in a guy's house in Howard. I dont have a kitchen, I just sleep and "
         "live in the room. Does that count as a rooming house?", "Yes"),
        # "Combustible and noncombustible waste materials, except garbage, and the term shall include … yard trimmings"
        ("holland", "rubbish", "holland code - do storm branches n yard trimmings count as rubbish?", "Yes"),
        # ... but what the exception leaves out stays out
        ("holland", "rubbish", "holland code - does garbage count as rubbish?", "No"),
    ],
)
def test_what_a_definition_takes_in(kb, municipality, term, question, opening):
    defined = kb.definitions(term, municipality)[0].term
    answer = with_membership(kb, question, defined, municipality, answer_definition(kb, defined, municipality))
    assert answer.text.startswith(opening)


def test_a_rooming_house_counted_by_persons_is_not_made_by_one_room(kb):
    # Holland's rooming house is let "to three or more persons who are not husband or wife, son or daughter …"
    defined = kb.definitions("rooming house", "holland")[0].term
    question = "holland - renting 1 room in my house to a student. does that make it a rooming house?"
    answer = with_membership(kb, question, defined, "holland", answer_definition(kb, defined, "holland"))
    assert not answer.text.startswith("Yes")


def test_people_a_provision_includes_by_name():
    provision = (
        "At least one flush water closet, lavatory basin and bathtub or shower … shall be supplied for each eight persons "
        "or fraction thereof residing within a rooming house, including members of the operator's family wherever they "
        "share the use of said facilities."
    )
    question = ("In counting persons for rooming house bathroom requirements in the Village of Dresser, are members of the "
                "operator's family included?")
    assert included_asked(question, provision)
    assert _verdict(question, provision, 0.3) == "Yes"
    # people the provision does not name
    assert not included_asked("are overnight guests included?", provision)


@pytest.mark.parametrize(
    ("municipality", "topic", "question", "first_lines"),
    [
        # "No person shall deface or remove the placard …": the sign on the house next door
        ("amery", "unfit_dwellings", "there's a condemned sign on the house next door in amery that got wrecked in the "
         "tornado. the guy is living in it anyway and says he can just take the sign down himself. can he?",
         "remove the placard"),
        # "… shall be notified within ten days in writing of such findings": the board's result
        ("howard", "notices_hearings_appeals", "After the Howard appeals board decides my landlord's case, how soon do they "
         "have to send the result out in writing?", "within ten days"),
        # renting out spare rooms is running a rooming house: the permit
        ("dresser", "rooming_houses", "dresser village - want to rent out 3 spare rooms in my house to guys working at the "
         "plant, no kitchens just rooms. do i need a permit for that", "Yes"),
        # "Unsanitary sewer or inadequate fixtures." is a nuisance
        ("dresser", "cleanliness", "is a backed up sewer line or bad bathroom fixtures considered a nuisance under the "
         "dresser village code?", "Unsanitary sewer or inadequate fixtures"),
    ],
)
def test_the_first_lines_answer_what_was_asked(kb, municipality, topic, question, first_lines):
    assert first_lines in " ".join(answer_topic(kb, municipality, topic, question=question).text.split("\n")[:2])


def test_a_chimney_is_named_or_the_text_is_silent(kb):
    question = "old house, chimney crumbling at the top. does the housing code say anything about keeping chimneys up?"
    assert "does not address" in answer_topic(kb, "holland", "maintenance", question=question).text.split("\n")[0]
    assert "chimney" in kb.meta("named_only")


def test_a_duty_the_code_puts_on_no_one_gives_way(kb):
    from knowledge.compose.asked import closer_duty, duty_asked

    # Dresser keeps no rule on repair of the structure, but its rooming house operator's sanitary maintenance of all
    # walls, floors and ceilings answers who keeps them up
    upkeep = ("i run a rooming house in dresser, 1890s bldg, walls n ceilings need patching. whos responsible for upkeep "
              "of the walls floors ceilings - me or the roomers?")
    asked = duty_asked(kb, "rooming_houses", upkeep)
    assert asked is not None and not kb.rules("dresser", asked[0])
    duty, _ = closer_duty(kb, "dresser", asked, upkeep)
    assert duty != asked[0] and any(r.party == "operator" for r in kb.rules("dresser", duty))
    # only the story names the duty, and the code gives it no one: the question's own topic answers
    blinds = ("my room in a dresser rooming house has an old cracked window with no blinds or curtains at all, and the "
              "owner says he doesn't have to put anything up. does he?")
    assert closer_duty(kb, "dresser", duty_asked(kb, "rooming_houses", blinds), blinds) is None
    # a duty the code does give someone is kept
    kept = ("muskego", ("exterminate", "pests"))
    assert closer_duty(kb, *kept, "who has to get rid of the roaches in my muskego apartment?") == kept[1]


def test_a_period_asked_is_no_definition_asked():
    from knowledge.question_form import question_kind

    assert question_kind("once a rooming house permit has been suspended, within what period must the operator petition "
                         "for a hearing before the permit is treated as revoked?") == "figure"
    assert question_kind("is a boarder treated as an occupant?") == "definition"
