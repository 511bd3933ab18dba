"""People's shorthand for question words ("wat temp do i hv to heat to"): read as full words before the question's form,
parties and facts are read (``shorthand`` in knowledge/synonyms.yml, compiled into the knowledge base)."""

from __future__ import annotations

import pytest

from knowledge import question_form, shorthand
from knowledge.compose import duty_asked


def test_the_built_knowledge_base_holds_the_table(kb):
    table = kb.shorthand()
    assert table["wat"] == "what" and table["hv"] == "have"
    assert "4" not in table and "r" not in table  # a count, or a letter that can mean anything, is never expanded


def test_whole_words_are_expanded_in_any_case_and_the_rest_is_kept(kb):
    text = "holland twn - WAT temp do i hv to heat the apts to? what's hvac"
    assert shorthand.expand(text, kb.shorthand()) == "holland twn - what temp do i have to heat the apts to? what's hvac"
    assert shorthand.expand("", kb.shorthand()) == ""
    assert shorthand.expand("u", {}) == "u"


def test_an_expanded_question_asks_for_the_figure_not_who(kb):
    raw = "holland twn - wat temp do i hv to be able to heat the apts to in winter"
    assert question_form.question_kind(raw) != "figure"  # as written, "wat temp" asks for no figure
    expanded = shorthand.expand(raw, kb.shorthand())
    assert question_form.question_kind(expanded) == "figure"
    assert duty_asked(kb, "heating", expanded) is None


def test_a_malformed_table_is_an_error(tmp_path):
    path = tmp_path / "synonyms.yml"
    path.write_text("shorthand:\n  two words: x\n", encoding="utf-8")
    with pytest.raises(ValueError, match="shorthand"):
        shorthand.load(path)
    path.write_text("shorthand:\n  wat: what\n", encoding="utf-8")
    assert shorthand.load(path) == {"wat": "what"}


def test_the_actions_read_the_message_expanded():
    from test_hostile_trackers import make_tracker

    from actions.safety import clean_tracker

    tracker = clean_tracker(make_tracker("wat temp do i hv to heat to", "ask_heating"))
    assert tracker.latest_message["text"] == "what temp do i have to heat to"
