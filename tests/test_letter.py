"""The repair-request letter (knowledge/letter.py) and the provenance line, against the real KB."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from conftest import ROOT

from knowledge import letter as letters
from knowledge.compose import answer_section, answer_topic, citation_payload
from knowledge.curated import Source, check_adopted, fold, load_file, read_source
from knowledge.kb import UnknownMunicipality
from knowledge.sheet import letter_page

DAY = dt.date(2026, 12, 1)


def test_the_letter_quotes_each_cited_section_verbatim_and_asks_no_more_than_the_text(kb):
    letter = letters.compose_letter(kb, "holland", ["190-10E", "§ 190-10E", "999-9"], "mice in the kitchen", DAY)
    section = kb.section("holland", "190-10E")
    assert [c.quote for c in letter.sections] == [section.text]  # once; the unknown one left out
    text = letters.letter_text(letter)
    assert text.startswith("December 1, 2026\n")
    assert f'"{section.text}"' in text and section.full_citation in text
    assert "The problem is: mice in the kitchen." in text
    assert "within a reasonable time" in text
    assert "Town Building Inspector" in text  # the enforcing officer, as where to turn
    assert "not legal advice" in text
    assert "extract" in text and "chapter 190" in text
    for claim in ("violat", "illegal", "you must", "you are required", "liable", "lawsuit", "sue "):
        assert claim not in text.lower(), f"a legal claim beyond the cited text: {claim}"


def test_blanks_show_until_the_tenant_fills_them(kb):
    blank = letters.letter_text(letters.compose_letter(kb, "muskego", ["Maintenance, A"], day=DAY))
    assert letters.NAME_BLANK in blank and letters.ADDRESS_BLANK in blank and letters.PROBLEM_BLANK in blank
    filled = letters.compose_letter(
        kb, "muskego", ["Maintenance, A"], "no heat", DAY, "Pat\x00 Tenant", "12 Elm St", "Mr. Lee"
    )
    text = letters.letter_text(filled)
    assert "Pat Tenant\n12 Elm St" in text and "Dear Mr. Lee," in text and text.rstrip().endswith("not legal advice.")


def test_a_letter_needs_a_section_and_a_covered_place(kb):
    with pytest.raises(letters.LetterError):
        letters.compose_letter(kb, "holland", ["999-9"])
    with pytest.raises(letters.LetterError):
        letters.compose_letter(kb, "holland", ["§ 190-10"])  # only the heading: nothing to quote
    with pytest.raises(UnknownMunicipality):
        letters.compose_letter(kb, "springfield", ["190-10E"])


def test_the_letter_from_a_reply_uses_the_answers_own_citations(kb):
    answer = answer_topic(kb, "howard", "pests")
    letter = letters.letter_from_reply(kb, [{"text": answer.text}, {"custom": answer.payload}], "roaches", DAY)
    assert letter is not None and letter.municipality == "howard"
    cited = [c["section"] for c in answer.payload["citations"]][: letters.LETTER_SECTIONS]
    assert [c.section for c in letter.sections] == [s for s in cited if s in {c.section for c in letter.sections}]
    asking = [{"text": "Which municipality is the dwelling in?", "buttons": []}, {"custom": {"ask": "municipality"}}]
    assert letters.letter_from_reply(kb, asking, "roaches") is None


def test_the_sms_version_is_short_and_links_to_the_full_letter(kb):
    letter = letters.compose_letter(kb, "amery", ["§ 258-18B"], "the bedroom is too small", DAY)
    url = "https://example.org/webhooks/webchat/letter?" + letters.letter_query("amery", ["§ 258-18B"])
    text = letters.sms_letter(letter, url)
    assert url in text and "please repair this problem: the bedroom is too small." in text
    assert len(text) < 700 and "not legal advice" in text and "Office of Building Inspector" in text
    assert letter.sections[0].quote not in text  # the quotes are on the printable page
    assert text.splitlines()[0].endswith(url), "the link leads, so it is on the first text"
    assert "web chat" in letters.sms_letter(letter, None)
    assert letters.letter_query("amery", ["§ 258-18B"], "sleeping_room_size") == (
        "m=amery&s=%C2%A7+258-18B&t=sleeping_room_size"
    )


@pytest.mark.parametrize(
    "text, problem",
    [
        ("write a letter to my landlord about the mice", "the mice"),
        ("Please write a letter to my landlord about: No heat since Monday!", "No heat since Monday"),
        ("Write my landlord a letter about the mice and the roaches", "the mice and the roaches"),
        ("letter to my landlord", ""),
        ("can you write a letter to my landlord about the broken window?", "the broken window"),
        ("who has to get rid of the mice", None),
        ("my landlord wrote me a letter", None),
        ("", None),
    ],
)
def test_a_request_for_a_letter_is_recognised_with_the_tenants_words(text, problem):
    assert letters.letter_request(text) == problem


def test_the_request_phrases_are_data_and_every_letter_topic_has_an_intent(domain, kb):
    phrases = letters.request_phrases()
    assert phrases and all(p == p.lower() for p in phrases)
    assert all(config.intent in domain["intents"] for config in kb.topic_configs().values())


def test_a_request_becomes_the_bots_own_question_with_the_place_it_names(kb):
    assert letters.letter_message(kb, "the mice in the Town of Holland") == (
        "/ask_pests" + json.dumps({"municipality": "holland"})
    )
    assert letters.letter_message(kb, "no heat") == "/ask_heating"
    assert letters.letter_message(kb, "my cat") is None
    assert letters.letter_message(kb, "no heat", intents=["greet"]) is None


def test_the_letter_page_escapes_and_has_the_form_and_the_letter(kb):
    letter = letters.compose_letter(kb, "dresser", ["Rooming houses"], "<b>mold</b>", DAY)
    html = letter_page(letter, "./", "static/page.css", "static/letter.js")
    assert "<b>mold</b>" not in html and "&lt;b&gt;mold&lt;/b&gt;" in html
    assert 'id="letter-form"' in html and "action=" not in html, "the form is never submitted"
    assert "<style" not in html, "the chat's CSP allows no inline style"
    assert html.count('data-field="tenant-name"') == 2


# -- provenance ----------------------------------------------------------------------------------------
def test_every_citation_says_where_its_text_comes_from(kb):
    amery = kb.municipality("amery")
    assert amery.provenance == (
        "From chapter 258 of the City of Amery code (City of Amery Minimum Housing Code), adopted "
        "10-6-2004 (unfit-dwellings article) and 10-2-2019 (rental-dwelling article) as the text states. "
        "The text here is an extract, not the complete official code."
    )
    assert "adopted 5/2/00" in kb.municipality("howard").provenance
    assert "adopted" not in kb.municipality("holland").provenance  # the extract states no date
    for muni in kb.municipalities():
        payload = citation_payload(kb.sections(muni.key)[1])
        assert payload["provenance"] == muni.provenance
        assert f"chapter {muni.chapter}" in payload["provenance"] and "extract" in payload["provenance"]


def test_adoption_dates_are_shown_only_where_the_text_states_them():
    for path in sorted((ROOT / "knowledge" / "data").glob("*.yml")):
        data = load_file(path)
        source = read_source(data["municipality"])
        assert check_adopted(data["municipality"].get("adopted"), source) == []
        for entry in data["municipality"].get("adopted") or []:
            assert entry["date"] in fold(entry["quote"]) and fold(entry["quote"]) in source.folded
    source = Source("[Adopted 10-6-2004 as Title 15]")
    assert check_adopted([{"date": "10-6-2004", "quote": "Adopted 10-6-2004 as Title 15"}], source) == []
    assert check_adopted([{"date": "10-6-2005", "quote": "Adopted 10-6-2004 as Title 15"}], source)
    assert check_adopted([{"date": "1-1-1999", "quote": "Adopted 1-1-1999"}], source)
    assert check_adopted([{"date": "10-6-2004"}], source)
    assert check_adopted("10-6-2004", source)


# -- a section number the extract does not print --------------------------------------------------------
def test_a_number_the_muskego_extract_does_not_print_is_answered_with_search_by_heading(kb):
    answer = answer_section(kb, "205-7")
    assert answer.text.startswith("The Muskego extract prints no section numbers except § 205-2")
    assert "search by heading" in answer.text and "Maintenance" in answer.text
    assert answer.payload["by_heading"] and not answer.payload["addressed"]
    assert "prints no section numbers," in answer_section(kb, "19-4").text  # Dresser prints none
    assert "no section 190-99" in answer_section(kb, "190-99").text  # Holland prints many: just missing


@pytest.mark.parametrize(
    "problem, topic",
    [("the mice in the kitchen", "pests"), ("no heat in the bathroom", "heating"), ("a leaking roof", "maintenance")],
)
def test_the_problems_first_topic_word_decides_what_the_letter_quotes(kb, problem, topic):
    assert letters.problem_topic(kb, problem) == topic
