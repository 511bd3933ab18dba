"""A defined term looked up by the words that name it, on the real built knowledge base."""

from knowledge.compose.term_names import named_term, term_names


def test_a_term_is_found_by_its_words_its_plural_and_its_synonyms(kb):
    howard = term_names(kb, "howard")
    assert named_term(howard, "rooming house") == "rooming house"
    assert named_term(howard, "rooming houses") == "rooming house"
    amery = term_names(kb, "amery")
    assert named_term(amery, "landlord") == "owner"
    assert named_term(amery, "bed bugs") == named_term(amery, "bedbug")


def test_only_the_whole_phrase_names_a_term(kb):
    amery = term_names(kb, "amery")
    assert named_term(amery, "the owner") is None  # the words singled out, not a text to search
    assert named_term(amery, "rooming house") is None  # a term Amery's text does not define
    assert named_term(amery, "s") is None
