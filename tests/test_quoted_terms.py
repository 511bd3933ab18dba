"""A term the question puts in quotes is the one asked about, whatever the asking sentence names after it (real KB)."""

from __future__ import annotations

from knowledge.compose.lookups import asked_term


def test_the_quoted_term_is_asked(kb):
    question = ("How does the Town of Holland ordinance define a 'rooming house' - specifically, how many unrelated "
                "persons must space be let to?")
    assert asked_term(kb, question, "holland") == asked_term(kb, "what is a rooming house?", "holland") != asked_term(kb, "who is a person?", "holland")
    assert asked_term(kb, "what is a habitable room in amery?", "amery") == asked_term(kb, "define 'habitable room'", "amery")
