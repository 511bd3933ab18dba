"""The clerk desk's plain-Python core: comparisons, long-form answers, lookup, and the printable sheet."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knowledge.compare import (
    NotFound,
    UnknownStandard,
    UnknownTopic,
    cited_answer,
    compare_standard,
    compare_topic,
    comparison_lines,
    long_answer,
    lookup,
    search_sections,
    suggest_sections,
)
from knowledge.compose import DISCLAIMER, QUOTE_LIMIT
from knowledge.kb import KnowledgeBaseError, UnknownMunicipality
from knowledge.sheet import answer_sheet, comparison_page, comparison_table


def other_towns(kb, key: str) -> list[str]:
    """The names of every covered municipality but ``key`` ("Holland", "Howard", …)."""
    return [m.name.split(" of ")[-1] for m in kb.municipalities() if m.key != key]


def by_key(comparison: dict) -> dict[str, dict]:
    return {entry["municipality"]["key"]: entry for entry in comparison["municipalities"]}


# -- comparison -------------------------------------------------------------------------------
def test_bedroom_size_for_one_occupant_across_the_codes(kb):
    rows = by_key(compare_standard(kb, "sleeping_room_one_occupant"))
    assert list(rows) == [m.key for m in kb.municipalities()]
    assert [v["value"] for v in rows["holland"]["values"]] == [70]
    assert [v["value"] for v in rows["amery"]["values"]] == [80]
    assert [v["value"] for v in rows["muskego"]["values"]] == [70]
    assert rows["amery"]["values"][0]["citation"] == "City of Amery Code § 258-18B"
    assert rows["holland"]["values"][0]["citation"].startswith("Town of Holland Code § 190-9")
    for key in ("holland", "amery", "muskego"):
        value = rows[key]["values"][0]
        assert value["value_text"] in value["quote"]
        assert value["quote"] in kb.section(key, value["section"]).text  # verbatim
    for key in ("howard", "dresser"):
        assert rows[key]["addressed"] is False and rows[key]["values"] == []
        note = rows[key]["note"]
        assert "does not address" in note and kb.municipality(key).office in note
        assert not [name for name in other_towns(kb, key) if name in note]


def test_one_line_per_municipality_for_the_chat_bot(kb):
    lines = comparison_lines(compare_standard(kb, "sleeping_room_one_occupant")).splitlines()
    assert len(lines) == len(kb.municipalities())
    line = dict(zip([m.key for m in kb.municipalities()], lines))
    holland, howard, amery, dresser, muskego = (line[k] for k in ("holland", "howard", "amery", "dresser", "muskego"))
    assert holland.startswith("Town of Holland: 70 square feet") and "Town of Holland Code § 190-9" in holland
    assert amery.startswith("City of Amery: 80 square feet") and "City of Amery Code § 258-18B" in amery
    assert muskego.startswith("City of Muskego: 70 square feet")
    assert "not addressed in this text" in howard and "Building and Housing Inspector" in howard
    assert "not addressed in this text" in dresser and "Health Officer" in dresser
    quoted = comparison_lines(compare_standard(kb, "sleeping_room_one_occupant"), quotes=True)
    assert (
        '"In every rental dwelling unit of two or more rooms, every room occupied for sleeping purposes by one occupant shall contain at least 80 square feet'
        in quoted
    )


def test_topic_comparison_gives_each_towns_own_sections_in_full(kb):
    comparison = compare_topic(kb, "heating")
    rows = by_key(comparison)
    matrix = kb.coverage_matrix()["heating"]
    for key, entry in rows.items():
        assert [s["section"] for s in entry["sections"]] == matrix[key]
        for section in entry["sections"]:
            assert section["quote"] == kb.section(key, section["section"]).text
            assert section["municipality"] == key
    assert rows["dresser"]["addressed"] is False
    assert "Health Officer" in rows["dresser"]["note"]
    line = dict(zip([m.key for m in kb.municipalities()], comparison_lines(comparison).splitlines()))
    assert line["dresser"] == "Village of Dresser: not addressed in this text (ask the Health Officer)"
    assert "Town of Holland Code § 190-7E" in line["holland"]


def test_every_vocabulary_standard_compares_without_error(kb):
    from knowledge.compare import standard_catalog

    for key in standard_catalog(kb):
        comparison = compare_standard(kb, key)
        assert len(comparison["municipalities"]) == len(kb.municipalities())
        stated = {s.municipality for s in kb.standards(key)}
        assert {k for k, e in by_key(comparison).items() if e["addressed"]} == stated


@pytest.mark.parametrize("name", ["sleeping room one occupant", "Sleeping-Room-One-Occupant"])
def test_standard_keys_are_tolerant(kb, name):
    assert compare_standard(kb, name)["standard"] == "sleeping_room_one_occupant"


def test_unknown_topic_and_standard_say_what_is_known(kb):
    with pytest.raises(UnknownTopic, match="Did you mean heating"):
        compare_topic(kb, "heatin")
    with pytest.raises(UnknownTopic, match="Which topic"):
        compare_topic(kb, "  ")
    with pytest.raises(UnknownStandard, match="not a standard"):
        compare_standard(kb, "bedroom_colour")


# -- long-form answers ---------------------------------------------------------------------------
def test_long_answer_gives_every_listed_section_unshortened(kb):
    longest = None
    for topic, row in kb.coverage_matrix().items():
        for key, citations in row.items():
            for citation in citations:
                text = kb.section(key, citation).text
                if len(text) > QUOTE_LIMIT and (longest is None or len(text) > longest[2]):
                    longest = (key, topic, len(text))
    assert longest, "no section longer than the chat's quote limit"
    key, topic, _ = longest
    answer = long_answer(kb, key, topic)
    assert [s["section"] for s in answer["sections"]][: len(kb.coverage_matrix()[topic][key])] == (
        kb.coverage_matrix()[topic][key]
    )
    for section in answer["sections"]:
        assert section["quote"] == kb.section(key, section["section"]).text
        assert "…" not in section["quote"] or "…" in kb.section(key, section["section"]).text
    assert "Source:" not in answer["summary"]


def test_long_answer_for_a_duty_topic_puts_the_rule_in_plain_words(kb):
    answer = long_answer(kb, "Town of Holland", "pests")
    assert answer["addressed"] is True and answer["municipality"]["key"] == "holland"
    assert "who is responsible for exterminating" in answer["summary"]
    cited = [s["section"] for s in answer["sections"]]
    assert "§ 190-10E" in cited
    assert set(kb.coverage_matrix()["pests"]["holland"]) <= set(cited)


def test_silent_text_names_its_own_officer_and_no_other_town(kb):
    answer = long_answer(kb, "dresser", "heating")
    assert answer["addressed"] is False and answer["sections"] == []
    assert "does not address" in answer["summary"] and "Health Officer" in answer["summary"]
    assert not [name for name in other_towns(kb, "dresser") if name in answer["summary"]]


def test_unknown_municipality_in_a_long_answer(kb):
    with pytest.raises(UnknownMunicipality, match="I cover the Town of Holland"):
        long_answer(kb, "Madison", "heating")


def test_cited_answer_quotes_named_sections(kb):
    answer = cited_answer(kb, "holland", ["190-9B", "§ 190-9(B)", "190-9C"])
    assert [s["section"] for s in answer["sections"]] == ["§ 190-9B", "§ 190-9C"]
    with pytest.raises(KnowledgeBaseError):
        cited_answer(kb, "holland", ["999-1"])


# -- lookup and search ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "municipality", "expected"),
    [
        ("190-9", None, ("holland", "§ 190-9")),
        ("§ 190-9(B)", "holland", ("holland", "§ 190-9B")),
        ("12.07 1 a", None, ("howard", "12.07(1)(a)")),
        ("258-18B", None, ("amery", "§ 258-18B")),
        ("Space, use and location requirements, B", "muskego", ("muskego", "Space, use and location requirements, B")),
    ],
)
def test_lookup_by_citation_in_any_usual_form(kb, text, municipality, expected):
    found = lookup(kb, text, municipality)
    assert found["kind"] == "section"
    first = found["results"][0]
    assert (first["municipality"], first["section"]) == expected
    assert first["quote"] == kb.section(*expected).text


def test_lookup_of_a_section_lists_its_children(kb):
    found = lookup(kb, "190-9", "holland")["results"][0]
    assert [c["section"] for c in found["children"]] == [c.citation for c in kb.children("holland", "190-9")]
    assert found["children"], "§ 190-9 has paragraphs"


def test_lookup_of_a_term_by_synonym_across_the_codes(kb):
    found = lookup(kb, "landlord")
    assert found["kind"] == "definition"
    holland = [r for r in found["results"] if r["municipality"] == "holland"]
    assert holland and holland[0]["term"] == "OWNER"
    assert holland[0]["quote"] == kb.definitions("owner", "holland")[0].text
    covered = {r["municipality"] for r in found["results"]} | {m["key"] for m in found["not_found_in"]}
    assert covered == {m.key for m in kb.municipalities()}


def test_lookup_that_finds_nothing_suggests_sections(kb):
    with pytest.raises(NotFound) as caught:
        lookup(kb, "heat furnace")
    assert caught.value.suggestions and all(s["quote"] for s in caught.value.suggestions)
    with pytest.raises(NotFound):
        lookup(kb, "999-99", "holland")


@pytest.mark.parametrize("text", ["", "   ", "x" * 5000])
def test_lookup_rejects_empty_and_huge_text(kb, text):
    with pytest.raises(KnowledgeBaseError):
        lookup(kb, text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(max_size=200), st.sampled_from(['"', "AND OR NOT", "NEAR(", "*", "a:b", "^x", "'"])))
def test_any_text_is_safe_to_look_up_and_search(kb, text):
    try:
        lookup(kb, text)
    except KnowledgeBaseError:
        pass
    for hit in search_sections(kb, text) + suggest_sections(kb, text, "dresser"):
        assert hit["citation"] and hit["municipality"] in {m.key for m in kb.municipalities()}


def test_suggestions_search_the_subject_words(kb):
    hits = suggest_sections(kb, "how warm must the heat be in Dresser", "dresser")
    assert hits, "heating sections exist in other texts"
    assert all("heat" in (h["quote"] + h["heading"]).lower() for h in hits)
    assert suggest_sections(kb, "asdf qwerty zxcv") == []
    assert suggest_sections(kb, "how is it in the") == []


# -- the printable sheet --------------------------------------------------------------------------------
def test_answer_sheet_carries_question_answer_citations_date_and_note(kb):
    answer = long_answer(kb, "amery", "sleeping_room_size")
    html = answer_sheet("How big must a bedroom be?", answer, dt.date(2026, 3, 4))
    assert "How big must a bedroom be?" in html
    assert "City of Amery" in html and "November" not in html and "March 4, 2026" in html
    assert 'datetime="2026-03-04"' in html
    assert DISCLAIMER in html
    for section in answer["sections"]:
        assert section["citation"] in html
        assert _escape(section["quote"]) in html
    assert "Office of Building Inspector" in html
    assert re.search(r"@media print \{.*\.toolbar[^{]*\{ display: none", html, re.S)  # no chrome on paper
    assert "<script" not in html  # no toolbar script unless asked


def test_answer_sheet_escapes_everything(kb):
    answer = long_answer(kb, "dresser", "heating")
    nasty = '<script>alert("x")</script> & <img src=x onerror=alert(1)>'
    html = answer_sheet(nasty, answer, dt.date(2026, 1, 2), back_href='"><script>', script_src="static/sheet.js")
    assert "<script>alert" not in html and "<img" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;" in html
    assert 'href="&quot;&gt;&lt;script&gt;"' in html
    assert '<script src="static/sheet.js" defer></script>' in html
    assert "does not address" in html and "Health Officer" in html


def test_ordinance_texts_are_escaped_too(kb):
    answer = cited_answer(kb, "holland", ["190-9"])
    answer["sections"][0]["quote"] = 'A & B < C "quoted"'
    html = answer_sheet("q", answer, dt.date(2026, 1, 2))
    assert "A &amp; B &lt; C &quot;quoted&quot;" in html


def test_comparison_table_is_an_escaped_html_table(kb):
    comparison = compare_standard(kb, "sleeping_room_one_occupant")
    table = comparison_table(comparison)
    assert table.startswith('<table class="comparison"><caption>') and table.endswith("</table>")
    assert table.count('<th scope="row">') == len(kb.municipalities())
    assert "80 square feet" in table and "City of Amery Code § 258-18B" in table
    assert table.count('class="not-addressed"') == 2
    comparison["municipalities"][1]["note"] = "<b>bold</b>"
    assert "&lt;b&gt;bold&lt;/b&gt;" in comparison_table(comparison)
    page = comparison_page(compare_topic(kb, "heating"), dt.date(2026, 1, 2))
    assert page.startswith("<!doctype html>") and "@media print" in page and DISCLAIMER in page
    assert page.count('<th scope="row">') == len(kb.municipalities())


def _escape(text: str) -> str:
    from html import escape

    return escape(text, quote=True)
