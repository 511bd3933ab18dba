"""A list answers as a whole (knowledge/compose/lists.py, knowledge/sentences.py), on the real knowledge base: the
items of "No basement space shall be used as a habitable room or dwelling unit unless:" are matched with their
lead-in, and a question about the conditions gets the lead-in and every item, each cited."""

from __future__ import annotations

from knowledge import selector
from knowledge.compose import answer_topic
from knowledge.compose.lists import lead_in
from knowledge.sentences import is_lead_in

CONDITIONS = "Under § 190-9, what conditions must be met before basement space in the Town of Holland may be used as a habitable room?"


def test_a_short_sentence_ending_with_a_colon_introduces_a_list(kb):
    assert is_lead_in("No basement space shall be used as a habitable room or dwelling unit unless:")
    assert not is_lead_in("Every dwelling unit shall contain at least 1000 square feet of floor space for occupancy.")
    assert lead_in(kb, "holland", "§ 190-9E") == "No basement space shall be used as a habitable room or dwelling unit unless:"
    assert lead_in(kb, "holland", "§ 190-9E(1)") is None


def test_the_items_of_a_list_are_matched_with_its_lead_in(kb):
    best = selector.select(kb, CONDITIONS, "holland", ranking=[("ask_basements", 0.9)], topics=["basements"], limit=4)
    assert {r.candidate.citation for r in best} == {"§ 190-9E(1)", "§ 190-9E(2)", "§ 190-9E(3)", "§ 190-9E(4)"}
    assert all({"basement", "habitable", "room"} <= set(r.matched) for r in best)


def test_a_question_about_the_conditions_gets_the_whole_list_cited(kb):
    answer = answer_topic(kb, "holland", "basements", question=CONDITIONS, ranking=[("ask_basements", 0.9)])
    lines = answer.text.split("\n")
    assert lines[0].endswith('says: "No basement space shall be used as a habitable room or dwelling unit unless:"'), answer.text
    assert lines[1].startswith('- "The floor and walls are impervious')
    assert sum(line.startswith("- ") for line in lines) == 4
    quoted = [c["quote"] for c in answer.payload["citations"]][:5]
    assert quoted[0] == "No basement space shall be used as a habitable room or dwelling unit unless:", quoted
    assert any("openable window area" in q for q in quoted[1:]), quoted
    assert "The code also sets" not in answer.text  # the list is the answer


def test_a_question_about_one_item_gets_that_item(kb):
    answer = answer_topic(
        kb, "holland", "basements",
        question="Town of Holland: must the floor and walls of a basement bedroom be impervious to leakage of runoff water?",
        ranking=[("ask_basements", 0.9)],
    )
    first = answer.text.split("\n")[0]
    assert "impervious to leakage" in first and "- " not in answer.text.split("\n")[1][:2], answer.text


def test_a_long_lead_in_that_leads_brings_its_short_list(kb):
    """ "Can the building inspector condemn the place?" is met by § 190-12's lead-in ("… any of the following
    defects shall be condemned …:"): the answer quotes the defects too, each cited."""
    question = (
        "Part of the roof over the back room of the house I rent in the Town of Holland caved in and there are "
        "raccoons living in the walls now. Can the building inspector condemn the place?"
    )
    answer = answer_topic(kb, "holland", "unfit_dwellings", question=question, ranking=[("ask_unfit_dwellings", 0.9)])
    lines = answer.text.split("\n")
    assert "following defects shall be condemned" in lines[0], answer.text
    assert "damaged, decayed, dilapidated" in lines[1] and "lacks illumination" in lines[2], answer.text
    sections = {c["section"] for c in answer.payload["citations"]}
    assert {"§ 190-12A(1)", "§ 190-12A(2)"} <= sections, sections


def test_a_long_list_is_not_brought_along(kb):
    """§ 190-8's lead-in introduces eight requirements: a question it leads on gets the lead-in, not all eight."""
    answer = answer_topic(kb, "holland", "maintenance", question="Does § 190-8 of the Town of Holland code prohibit letting a dwelling?")
    assert "Every window, exterior door" not in answer.text, answer.text
