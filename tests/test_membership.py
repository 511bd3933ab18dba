"""'Is a kitchen a "habitable room"?': Yes or No first when the definition's own clause settles it."""

from __future__ import annotations

import pytest

from knowledge.compose import answer_definition, membership_verdict, with_membership


def verdict(kb, municipality, term, question):
    definition = kb.definitions(term, municipality)[0]
    found = membership_verdict(kb, question, definition.term, definition.text)
    return found and found[0]


@pytest.mark.parametrize(
    "municipality, term, question, expected",
    [
        ("muskego", "habitable room", 'is a kitchen a "habitable room" under the muskego rules?', "Yes"),  # cooking
        ("muskego", "habitable room", 'is a bathroom a "habitable room"?', "No"),  # "excluding bathrooms"
        ("holland", "habitable room", "is a closet a habitable room?", "No"),
        ("muskego", "owner", "muskego - land contract buyer counts as 'owner' under the housing code?", "Yes"),
        # Amery: "Any person acting as the agent of the owner shall not be construed to be the owner"
        ("amery", "owner", 'Is a property manager acting as agent considered the "owner" under the Amery code?', "No"),
        # Muskego: "... who has charge, care or control of any dwelling ... as agent or owner"
        ("muskego", "owner", 'Is a property manager acting as agent considered the "owner" in Muskego?', "Yes"),
        ("amery", "owner", "does owner include a trustee?", "Yes"),
        # a definition by a count of dwelling units, against the building described ("more than two")
        ("dresser", "multiple dwelling", "dresser - is my duplex a 'multiple dwelling' under the housing code?", "No"),
        ("howard", "multiple dwelling", "is a 4plex a multiple dwelling?", "Yes"),
        # a synonym that names no particular thing ("duplex" -> "dwelling") decides nothing
        ("holland", "rooming house", "is my duplex a rooming house?", None),
        ("muskego", "habitable room", "what does habitable room mean?", None),  # not a yes/no question
        # a definition by age ("Any person, over one year of age, …") against the age the question gives
        ("holland", "occupant", "does my 6 month old count as an occupant in holland?", "No"),
        ("holland", "occupant", "Under the Holland code, does an infant under one year count as an occupant?", "No"),
        ("amery", "occupant", "is a 2 year old an occupant?", "Yes"),
        ("amery", "occupant", "does my 1 year old count as an occupant?", None),  # a year and some months is over one
        # no age in the definition: "Any person living, sleeping, cooking or eating in …" is a person of any age
        ("dresser", "occupant", "does my 6 month old count as an occupant under the Dresser code?", "Yes"),
        # whether there is a rule at all is no question what a term covers
        ("howard", "habitable room", "town of howard - my son's bedroom is like 7x8. is there a minimum size for a bedroom?", None),
    ],
)
def test_the_deciding_clause_gives_yes_or_no(kb, municipality, term, question, expected):
    assert verdict(kb, municipality, term, question) == expected


def test_the_answer_leads_with_the_verdict_and_quotes_the_clause_verbatim(kb):
    question = 'Is a property manager acting as agent considered the "owner" under the City of Amery code?'
    answer = with_membership(kb, question, "owner", "amery", answer_definition(kb, "owner", "amery"))
    first = answer.text.split("\n")[0]
    assert first.startswith("No. The City of Amery code's definition of \"owner\" says:")
    clause = first.split('says: "', 1)[1].rstrip('"')
    assert clause in kb.definitions("owner", "amery")[0].text  # verbatim
    assert answer.payload["yes_no"] == "no" and answer.payload["citations"]
    plain = answer_definition(kb, "owner", "amery")
    assert with_membership(kb, "what does owner mean?", "owner", "amery", plain).text == plain.text


def test_a_question_about_part_of_a_long_definition_leads_with_that_part(kb):
    from knowledge.compose import with_membership

    term = "ordinary minimum winter conditions"
    question = 'What winter base temperature is stated in the City of Amery definition of "ordinary minimum winter conditions"?'
    answer = with_membership(kb, question, term, "amery", answer_definition(kb, term, "amery"))
    assert answer.text.startswith("The City of Amery code's definition of \"ordinary minimum winter conditions\" says:")
    assert "-15° F." in answer.text.split("\n")[0]
    plain = answer_definition(kb, term, "amery")
    assert with_membership(kb, f'what does "{term}" mean?', term, "amery", plain).text == plain.text


def test_a_two_part_question_answers_the_figure_then_the_term(kb):
    from knowledge.compose import answer_topic

    question = (
        "Under § 190-7 of the Town of Holland code, to what temperature must heating facilities be capable of "
        'heating habitable rooms, and how is "ordinary minimum winter conditions" defined?'
    )
    answer = answer_topic(kb, "holland", "heating", question=question)
    assert "70°" in answer.text.split("\n")[0]
    cited = [c["citation"] for c in answer.payload["citations"]]
    assert cited[0] == "Town of Holland Code § 190-7E" and any("ORDINARY MINIMUM WINTER CONDITIONS" in c for c in cited)
    assert "15° F above the lowest recorded temperature" in answer.text


@pytest.mark.parametrize(
    "municipality, question, term",
    [
        ("dresser", "There are rats all over the dumpsters behind our building. Does that already count as an infestation?", "infestation"),
        ("dresser", "A lower level has 40 percent of its height below grade. Is it a basement?", "basement"),
        ("holland", "my brother sleeps on the couch in the living room, is that a habitable room?", "habitable room"),
        # a second question after the term ("… n need a permit")
        ("holland", "renting 2 rooms in my house to my nephews, does that make me a rooming house n need a permit", "rooming house"),
        # the term is not what is asked: a possessive, or more after it
        ("holland", "Do I have to pay for the exterminator or is that the landlord's job?", None),
        ("dresser", "are leaves and yard trimmings classified as garbage or as rubbish?", None),
        ("amery", "Do I need a license from the city or is that just for apartment buildings?", None),
    ],
)
def test_the_term_a_sentence_puts_something_under(kb, municipality, question, term):
    from knowledge.compose.membership import membership_term

    found = membership_term(kb, question, municipality)
    assert (found.lower() if found else None) == term


def test_whether_a_baby_counts_asks_what_an_occupant_is(kb):
    """ "does our newborn count in that?" names no term: it asks whether the baby is an occupant
    (``counts_as_term`` in knowledge/vocab.yml), as every code that defines one says."""
    from knowledge.compose.lookups import asked_term
    from knowledge.compose.membership import membership_term

    question = "ok and does our newborn count in that? she's 4 months"
    assert membership_term(kb, question, "holland").lower() == "occupant"
    assert asked_term(kb, question, "holland").lower() == "occupant"
    assert membership_term(kb, "does the landlord count the baby's stroller?", "holland") is None


def test_an_unsure_question_whether_a_baby_is_included_gets_what_an_occupant_is(kb):
    from knowledge.compose import answer_unsure

    unsure = answer_unsure(kb, 'Does that include a baby? We just had a newborn and our place is now "too small".', "amery")
    assert unsure.answer is not None and '"occupant" means' in unsure.answer.text, unsure.answer
    assert "over one year of age" in unsure.answer.text


def test_the_words_that_weigh_in_the_code_decide_a_story_told_around_the_term(kb):
    """The rare words of the thing ("land contract") count for more than the story's common ones ("paying the seller
    monthly"), so the clause on contracts of sale decides; the asking sentence that follows the story asks it."""
    question = (
        "I'm buying the house I live in on a land contract in Amery, paying the seller monthly. "
        "Does the housing code treat me as the owner?"
    )
    answer = with_membership(kb, question, "owner", "amery", answer_definition(kb, "owner", "amery"))
    assert answer.text.startswith("Yes. ") and "conveyance of legal title" in answer.text.split("\n")[0]


def test_a_place_named_in_full_is_no_term_and_a_whole_definition_is_quoted_once(kb):
    from knowledge.compose.lookups import asked_term

    question = "Is a kitchen a habitable room under the City of Muskego housing code?"
    assert asked_term(kb, question, "muskego") == "habitable room"  # not CITY ("The City of Muskego, Wisconsin.")
    assert asked_term(kb, "what does 'city' mean in the muskego code?", "muskego") == "city"
    baby = with_membership(kb, "does my 6 month old count as an occupant in holland?", "occupant", "holland",
                           answer_definition(kb, "occupant", "holland"))
    first, rest = baby.text.split("\n", 1)
    assert first == 'No, by the Town of Holland code\'s definition of "occupant" (quoted below).'
    assert rest.count("over one year of age") == 1



@pytest.mark.parametrize(
    "municipality, question, term, lead",
    [
        # the category asked about ("considered the owner"), not the thing ("property manager" -> OPERATOR)
        ("amery", "Is a property manager acting as agent considered the owner under Amery's rental code?", "owner", "No."),
        # a bare place name is no term ("muskego" is a synonym of Muskego's CITY)
        ("muskego", "muskego - is a land contract buyer the owner under the housing code?", "owner", "Yes."),
        # "For purposes of …" says nothing about the thing asked about
        ("amery", "For purposes of the Amery housing code, is a land contract purchaser treated as the owner?", "owner", "Yes."),
    ],
)
def test_the_term_asked_about_is_the_category(kb, municipality, question, term, lead):
    from knowledge.compose.lookups import asked_term

    assert asked_term(kb, question, municipality) == term
    answer = with_membership(kb, question, term, municipality, answer_definition(kb, term, municipality))
    assert answer.text.startswith(lead), answer.text


def test_the_thing_asked_about_decides_not_the_purpose_named_around_it(kb):
    """ "is a laundry room a 'habitable room' for purposes of the floor-space requirements?": "laundries" stands after
    "excluding"; the "floor space" the purpose names, before it, does not make it a "Yes"."""
    definition = kb.definitions("habitable room", "holland")[0]
    asked = "Under the Town of Holland definitions, is a laundry room a 'habitable room' for purposes of the floor-space requirements?"
    found = membership_verdict(kb, asked, definition.term, definition.text, "holland")
    assert found and found[0] == "No"


def test_a_baby_of_no_stated_age_counts_not_until_over_the_occupant_age(kb):
    """ "does a baby count as an occupant?" against "Any person over one year of age …": not until then (it was a
    wrong "Yes"); an infant "under twelve months" does not; a 3-year-old does."""
    from knowledge.compose.membership import age_verdict

    occupant = "Any person over one year of age living, sleeping, cooking, or eating in a rental dwelling unit."
    assert age_verdict("does a baby count as an occupant in amery?", occupant)[0].startswith("No, not until over one year")
    assert age_verdict("is an infant under twelve months of age counted as an 'occupant'?", occupant)[0] == "No"
    assert age_verdict("does my 3 year old count as an occupant?", occupant)[0] == "Yes"


@pytest.mark.parametrize(
    "question, expected",
    [
        # Holland's rooming house: space let "to three or more persons who are not husband or wife, son or daughter, …"
        ("does a homeowner who rents rooms to two unrelated boarders operate a rooming house?", "No"),
        ("i rent out rooms in my house to 4 guys from the plant. is that a rooming house?", "Yes"),
        ("is a house where the owner rents rooms only to his three adult sons a rooming house?", "No"),  # left out
        ("if i rent rooms to 2 college kids does that make it a rooming house that needs a permit", "No"),
    ],
)
def test_a_definition_by_a_number_of_persons_counts_the_people_named(kb, question, expected):
    definition = kb.definitions("rooming house", "holland")[0]
    found = membership_verdict(kb, question, definition.term, definition.text, "holland")
    assert found and found[0] == expected, found


def test_a_definition_with_no_number_of_persons_counts_none(kb):
    from knowledge.compose.membership import by_person_count

    dresser = kb.definitions("rooming house", "dresser")[0].text
    assert by_person_count(kb, "i rent rooms to 2 guys, is that a rooming house?", dresser) is None
