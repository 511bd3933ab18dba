"""A question about how two defined terms differ gets both definitions, and a definition question gets the term
its asking sentence names, on the real knowledge base."""

from __future__ import annotations

from knowledge.compose import answer_question, asked_term, compared_definitions


def test_two_terms_compared_get_both_definitions_verbatim(kb):
    question = "What distinguishes a 'basement' from a 'cellar' in the Village of Dresser Housing Code?"
    answer = compared_definitions(kb, question, "dresser")
    assert answer is not None
    lines = answer.text.splitlines()
    assert lines[0] == 'How the Village of Dresser code defines "basement" and "cellar":'
    assert "1/2 or more" in lines[1] and "less than 1/2" in lines[2]
    first_two = [c["quote"] for c in answer.payload["citations"][:2]]
    assert any("having less than 1/2 of its clear floor-to-ceiling height" in q for q in first_two)
    # whatever topic the classifier chose, the comparison answers
    assert answer_question(kb, "dresser", "basements", question).text == answer.text


def test_the_place_named_is_no_term_compared(kb):
    question = "How does the Muskego code distinguish a hotel from a rooming house?"
    answer = compared_definitions(kb, question, "muskego")
    assert answer is not None and answer.payload["terms"] == ["hotel", "rooming house"]
    assert "five or more rooms" in answer.text


def test_one_term_or_no_comparison_word_is_no_comparison(kb):
    assert compared_definitions(kb, "what is the difference in a basement?", "dresser") is None
    assert compared_definitions(kb, "is a basement a cellar?", "dresser") is None


def test_the_asking_sentence_names_the_term(kb):
    question = "How does the Muskego code treat a rooming house? How many rooms make a hotel?"
    assert asked_term(kb, question, "muskego") == "hotel"
    assert asked_term(kb, "what is a rooming house", "muskego") == "rooming house"
    assert asked_term(kb, "what's a habitable room", None) == "habitable room"
