"""SMS formatting (bot/channels/sms_format.py): encodings and segments, plain GSM-7 text, compact
citations, numbered options, pages. Pure functions, checked against the real knowledge base."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.channels.sms_format import (
    MAX_MESSAGE_CHARS,
    MORE_FOOTER,
    encoding,
    fits,
    is_gsm7,
    normalise,
    numbered_options,
    paginate,
    render,
    segments,
    shorten_quote,
    strip_footer,
    strip_markdown,
    units,
)
from knowledge.answer_parts import channel_payload
from knowledge.compose import answer_topic, ask_municipality


def words(text: str) -> list[str]:
    return text.split()


def pages_text(pages: list[str]) -> str:
    return "\n".join(strip_footer(p) for p in pages)


def sent(answer) -> list[dict]:
    """An answer as the SMS channel gets it from Rasa: its text, then its payload (with its parts)."""
    return [{"text": answer.text}, {"custom": channel_payload(answer.text, answer.payload)}]


# -- segments ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 0),
        ("a" * 160, 1),
        ("a" * 161, 2),
        ("a" * 306, 2),
        ("a" * 307, 3),
        ("§" * 160, 1),  # "§" is in the GSM-7 alphabet
        ("[" * 80, 1),  # extension characters take two septets
        ("[" * 81, 2),
        ("é" * 160, 1),
        ("ç" * 70, 1),  # not GSM-7: the message goes as UCS-2
        ("ç" * 71, 2),
        ("ç" * 134, 2),
        ("ç" * 135, 3),
        ("😀" * 35, 1),  # outside the BMP: two UTF-16 units each
        ("😀" * 36, 2),
    ],
)
def test_segments_follow_gsm7_and_ucs2_sizes(text, expected):
    assert segments(text) == expected


def test_encoding_and_units():
    assert encoding("Town of Holland Code § 190-10") == "GSM-7"
    assert encoding("“quoted”") == "UCS-2"
    assert units("a{b}") == 6
    assert not fits("a" * (MAX_MESSAGE_CHARS + 1), 20)


# -- plain GSM-7 text --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        ("“Every occupant” — the owner’s duty…", '"Every occupant" - the owner\'s duty...'),
        ("at least 70° F. at a distance", "at least 70 degrees F. at a distance"),
        ("not less than 120°. Such", "not less than 120 degrees. Such"),
        ("(Bathroom +80°).", "(Bathroom +80 degrees)."),
        ("15°F above", "15 degrees F above"),
        ("a\u00a0b\u2009c", "a b c"),
        ("soft\u00adhyphen and zero\u200bwidth", "softhyphen and zerowidth"),
        ("façade, naïve, café", "facade, naive, café"),
        ("Town of Holland Code § 190-10", "Town of Holland Code § 190-10"),
        ("½ inch × 2", "1/2 inch x 2"),
    ],
)
def test_normalise_replaces_typography_gsm7_lacks(raw, plain):
    assert normalise(raw) == plain
    assert is_gsm7(normalise(raw))


def test_normalise_keeps_what_has_no_plain_equivalent():
    assert normalise("fine 👍") == "fine 👍"
    assert encoding(normalise("fine 👍")) == "UCS-2"


def test_every_ordinance_text_normalises_to_gsm7(kb):
    for muni in kb.municipalities():
        for section in kb.sections(muni.key):
            plain = normalise(section.full_citation + " " + section.text)
            assert is_gsm7(plain), (section.full_citation, [c for c in plain if not is_gsm7(c)])


def test_strip_markdown():
    md = "# Heading\n**Bold** and *italic* and `code`\n* item\n> quoted\nSee [the code](https://example.org/code)."
    assert strip_markdown(md) == (
        "Heading\nBold and italic and code\n- item\nquoted\nSee the code (https://example.org/code)."
    )
    # citations in brackets and snake_case survive
    assert strip_markdown('[Town of Holland Code § 190-10] "x" units_in_building') == (
        '[Town of Holland Code § 190-10] "x" units_in_building'
    )


# -- citations ---------------------------------------------------------------------------


def test_shorten_quote_cuts_at_a_word_and_marks_the_cut():
    quote = "Every occupant of a dwelling containing a single dwelling unit shall be responsible for the extermination"
    short = shorten_quote(quote, 60)
    assert short.endswith("...") and len(short) <= 63
    assert quote.startswith(short[:-3])
    assert shorten_quote("Short enough.", 60) == "Short enough."
    assert shorten_quote('The end …"'[:-1], 100) == "The end"


def test_source_line_becomes_a_compact_citation(kb):
    answer = answer_topic(kb, "holland", "pests")
    citation = answer.payload["citations"][0]
    text = render(sent(answer)).text
    assert "Source:" not in text
    line = next(line for line in text.split("\n") if line.startswith(f'[{citation["citation"]}]'))
    assert line.startswith(f'[{citation["citation"]}] "Every occupant of a dwelling')
    short = line.split('] "', 1)[1].rstrip('"')
    assert short.endswith("...") and citation["quote"].startswith(short[:-3])


def test_the_citation_comes_from_the_payload_not_from_the_words():
    """The SMS never reads the text: its payload's parts say what is a citation, whatever the text says."""
    custom = {
        "parts": [
            {"kind": "words", "text": "The owner must do it."},
            {"kind": "source", "text": "(a line in any words)", "citation": "City of Muskego Code § 205-9",
             "quote": "A very long verbatim quote that goes on and on …"},
        ],
    }
    reply = render([{"text": "The owner must do it.\nSee the code."}, {"custom": custom}], quote_limit=30)
    assert reply.text == 'The owner must do it.\n[City of Muskego Code § 205-9] "A very long verbatim quote..."'
    # a text without parts (a form's question) goes as it is: no line of it is taken for a citation
    plain = 'Answer.\nSource: City of Muskego Code § 205-9: "A quote"'
    assert render([{"text": plain}]).text == plain


def test_the_verdict_page_comes_from_the_payload_whatever_the_words(kb):
    from knowledge.compose import answer_duty

    answer = answer_duty(kb, "holland", "exterminate", {}, "pests")
    verdict = answer.payload["verdict"]
    custom = channel_payload(answer.text, answer.payload)
    for part in custom["parts"]:  # reword every line: the first page must not depend on the words
        if part["kind"] != "source":
            part["text"] = "Reworded: " + part["text"]
    reply = render([{"text": "anything"}, {"custom": custom}])
    assert reply.first is not None and reply.first.startswith(verdict["short"].split(":")[0])
    assert reply.first.split("\n")[-1] == verdict["short_citation"]
    assert "[Town of Holland Code § 190-10, extermination paragraph]" in reply.text
    # the exception is said in full after the first page when the first page asks the question instead
    assert verdict["kind"] == "undecided" and "Reworded: " + verdict["unless"] in reply.text


def test_rendered_answer_is_plain_gsm7_with_the_compact_citation(kb):
    answer = answer_topic(kb, "holland", "pests")
    reply = render(sent(answer))
    assert "[Town of Holland Code § 190-10, extermination paragraph]" in reply.text
    assert '"Every occupant of a dwelling containing a single dwelling unit' in reply.text
    assert reply.text.startswith("In the Town of Holland")
    assert is_gsm7(reply.text)
    assert "Source:" not in reply.text and "…" not in reply.text
    assert reply.options == []
    assert len(reply.text) < len(answer.text)


# -- numbered options --------------------------------------------------------------------


def test_numbered_options_wording():
    assert numbered_options([]) == ""
    assert numbered_options(["Town of Holland"]) == "Reply 1 for Town of Holland."
    assert numbered_options(["A", "B", "C"]) == "Reply 1 for A, 2 for B or 3 for C."


def test_buttons_become_numbered_options(kb):
    question = ask_municipality(kb)
    reply = render([{"text": question.text, "buttons": question.buttons}, {"custom": question.payload}])
    names = [m.name for m in kb.municipalities()]
    assert reply.text.startswith("Which municipality")
    assert f"Reply 1 for {names[0]}, 2 for {names[1]}" in reply.text
    assert reply.text.rstrip(".").endswith(f"{len(names)} for {names[-1]}")
    assert reply.options == [b["payload"] for b in question.buttons]
    assert segments(reply.text) <= 2


def test_link_buttons_are_shown_not_numbered():
    reply = render([{"text": "See:", "buttons": [{"title": "Code", "payload": "https://example.org/code"}]}])
    assert reply.text == "See:\nCode: https://example.org/code" and reply.options == []


def test_render_tolerates_odd_messages():
    assert render([]).text == ""
    assert render([{"text": None}, {"buttons": [{"title": None}]}, "junk", {"custom": {"citations": "x"}}]).text == ""  # type: ignore[list-item]


# -- pages -------------------------------------------------------------------------------


def test_short_text_is_one_page():
    assert paginate("Hello.") == ["Hello."]
    assert paginate("   ") == []


def test_long_answer_is_split_into_pages_that_carry_the_whole_text(kb):
    answer = answer_topic(kb, "holland", "pests")
    text = render(sent(answer)).text
    pages = paginate(text, 2)
    assert len(pages) > 1
    for number, page in enumerate(pages, 1):
        assert segments(page) <= 2 and len(page) <= MAX_MESSAGE_CHARS
        if number < len(pages):
            assert page.endswith(f"({number}/{len(pages)}) {MORE_FOOTER}")
        else:
            assert MORE_FOOTER not in page
    assert words(pages_text(pages)) == words(text)
    # the citation line is not broken across pages
    assert any("[Town of Holland Code § 190-10, extermination paragraph]" in p for p in pages)


def test_pages_prefer_line_and_sentence_ends():
    text = "\n".join(
        f"Line {n} says something about a housing rule, with a clause. And a second sentence." for n in range(8)
    )
    pages = paginate(text, 2)
    for page in pages[:-1]:
        body = strip_footer(page)
        assert body.endswith("."), body


def test_ucs2_pages_use_ucs2_sizes():
    text = " ".join(["ünïcödé ç"] * 60)
    pages = paginate(text, 2)
    assert all(segments(p) <= 2 for p in pages)
    assert all(encoding(p) == "UCS-2" for p in pages)
    assert words(pages_text(pages)) == words(text)


def test_one_segment_pages():
    text = "word " * 200
    pages = paginate(text, 1)
    assert all(segments(p) == 1 for p in pages)
    assert words(pages_text(pages)) == words(text)


def test_more_segments_mean_fewer_pages(kb):
    text = render(sent(answer_topic(kb, "amery", "pests"))).text
    counts = [len(paginate(text, n)) for n in (1, 2, 4, 10)]
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1]
    assert all(len(p) <= MAX_MESSAGE_CHARS for p in paginate(text * 3, 50))


_SMS_TEXT = st.text(
    alphabet=st.sampled_from(list("abcdefgh ijk.,;:\n\"'§[]") + ["ç", "😀", "é"]), min_size=0, max_size=2500
)


@settings(max_examples=200, deadline=None)
@given(text=_SMS_TEXT, max_segments=st.integers(min_value=1, max_value=11))
def test_pages_always_fit_and_lose_nothing(text, max_segments):
    pages = paginate(text, max_segments)
    for page in pages:
        assert fits(page, max_segments), (page, segments(page))
        assert page.strip()
    assert re.sub(r"\s+", "", pages_text(pages)) == re.sub(r"\s+", "", text)


def test_a_verdict_that_fits_one_page_is_said_once(kb):
    """On one page the verdict is not said twice (the first-page digest, then the answer in full)."""
    from knowledge.compose import answer_duty

    answer = answer_duty(kb, "holland", "supply_garbage_containers", {"units_in_building": 12}, "garbage_rubbish")
    reply = render(sent(answer))
    assert reply.first is not None and reply.whole is not None
    (page,) = reply.pages(10)
    assert page == reply.whole and reply.first.split("\n")[0] not in page
    assert page.count("the owner") >= 1 and "§ 190-10" in page
    assert len(reply.pages(1)) > 1 and reply.pages(1)[0].startswith(reply.first.split("\n")[0])
