"""The clerk desk: real HTTP against both servers started as `make run` starts them (with a clerk token).

The review list is checked on conversations driven through the public REST webhook first; the
reason a turn is listed depends on what the trained model makes of it, so those tests assert on
what the bot really answered (read back from the REST reply) and on what a clerk needs to see.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import uuid
from html import escape
from pathlib import Path

import pytest
import requests
from conftest import ROOT, customs, launched, rest, texts

from bot.channels.clerk import REASONS, review_items
from knowledge.compose import DISCLAIMER

TOKEN = "desk-" + secrets.token_urlsafe(16)
RUN = uuid.uuid4().hex[:8]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")

servers_mark = pytest.mark.servers


@pytest.fixture(scope="module")
def desk(tmp_path_factory):
    """Both servers via the launcher, with CLERK_TOKEN set before they start; yields the desk's base URL."""
    with launched(tmp_path_factory.mktemp("clerk"), CLERK_TOKEN=TOKEN) as base:
        yield base


def url(base: str, path: str = "") -> str:
    return f"{base}/webhooks/clerk/{path}"


def get(base: str, path: str, **params) -> requests.Response:
    return requests.get(url(base, path), params=params, timeout=30)


def review(base: str, **params) -> requests.Response:
    return requests.get(
        url(base, "api/review"), params=params, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60
    )


# -- the page ---------------------------------------------------------------------------------------
@servers_mark
def test_the_page_is_served_with_labels_for_every_field(desk):
    response = get(desk, "")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    html = response.text
    ids = re.findall(r'<(?:input|select|textarea)[^>]*\bid="([^"]+)"', html)
    assert len(ids) >= 10
    labelled = set(re.findall(r'<label for="([^"]+)"', html))
    assert set(ids) <= labelled, f"fields without a label: {set(ids) - labelled}"
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "<script>" not in html  # only the page's own script file
    for name, kind in (("clerk.js", "javascript"), ("clerk.css", "css"), ("sheet.js", "javascript")):
        asset = get(desk, f"static/{name}")
        assert asset.status_code == 200 and kind in asset.headers["content-type"]
    bare = requests.get(f"{desk}/webhooks/clerk", allow_redirects=False, timeout=10)
    assert bare.status_code in (301, 302, 307, 308) and bare.headers["location"].endswith("/webhooks/clerk/")


@servers_mark
def test_meta_lists_the_pickers(desk, kb):
    meta = get(desk, "api/meta").json()
    assert [m["name"] for m in meta["municipalities"]] == [m.name for m in kb.municipalities()]
    assert meta["topics"] == kb.topics()
    assert meta["standards"]["sleeping_room_one_occupant"]["municipalities"] == ["holland", "amery", "muskego"]
    assert meta["review_enabled"] is True and meta["disclaimer"] == DISCLAIMER


# -- answers, comparison, lookup ---------------------------------------------------------------------
@servers_mark
def test_long_form_answer_quotes_every_section_in_full(desk, kb):
    answer = get(desk, "api/answer", municipality="City of Amery", topic="sleeping_room_size").json()
    assert answer["addressed"] is True
    assert [s["section"] for s in answer["sections"]] == kb.coverage_matrix()["sleeping_room_size"]["amery"]
    for section in answer["sections"]:
        assert section["quote"] == kb.section("amery", section["section"]).text
        assert section["citation"].startswith("City of Amery Code")


@servers_mark
def test_silent_text_answer_names_the_towns_own_officer(desk, kb):
    answer = get(desk, "api/answer", municipality="dresser", topic="heating").json()
    assert answer["addressed"] is False and answer["sections"] == []
    assert "does not address" in answer["summary"] and "Health Officer" in answer["summary"]
    for other in kb.municipalities():
        if other.key != "dresser":
            assert other.name.split(" of ")[-1] not in answer["summary"]


@servers_mark
def test_compare_a_standard_as_json_html_and_text(desk, kb):
    data = get(desk, "api/compare", standard="sleeping_room_one_occupant").json()
    values = {e["municipality"]["key"]: [v["value"] for v in e["values"]] for e in data["municipalities"]}
    assert values == {"holland": [70], "howard": [], "amery": [80], "dresser": [], "muskego": [70]}
    notes = {e["municipality"]["key"]: e.get("note", "") for e in data["municipalities"]}
    assert "Building and Housing Inspector" in notes["howard"] and "Health Officer" in notes["dresser"]

    html = get(desk, "api/compare", standard="sleeping_room_one_occupant", format="html")
    assert html.status_code == 200 and html.headers["content-type"].startswith("text/html")
    assert "<table" in html.text and html.text.count('<th scope="row">') == len(kb.municipalities()) and "@media print" in html.text
    assert "80 square feet" in html.text and "City of Amery Code § 258-18B" in html.text

    lines = get(desk, "api/compare", standard="sleeping_room_one_occupant", format="text").text.splitlines()
    assert len(lines) == len(kb.municipalities()) and lines[1].startswith("Town of Howard: not addressed in this text")


@servers_mark
def test_compare_a_topic(desk, kb):
    data = get(desk, "api/compare", topic="hot water").json()
    assert data["topic"] == "hot_water"
    for entry in data["municipalities"]:
        key = entry["municipality"]["key"]
        assert [s["section"] for s in entry["sections"]] == kb.coverage_matrix()["hot_water"][key]


@servers_mark
@pytest.mark.parametrize(
    ("q", "municipality", "kind", "first"),
    [
        ("190-9", "", "section", "§ 190-9"),
        ("12.07 1 a", "", "section", "12.07(1)(a)"),
        ("§ 258-18(B)", "amery", "section", "§ 258-18B"),
        ("landlord", "holland", "definition", "§ 190-2"),
        ("habitable room", "", "definition", None),
    ],
)
def test_lookup_by_citation_or_term(desk, q, municipality, kind, first):
    response = get(desk, "api/lookup", q=q, municipality=municipality)
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["kind"] == kind and data["results"]
    if first:
        assert data["results"][0]["section"] == first
    assert all(r["quote"] for r in data["results"])


@servers_mark
def test_lookup_that_finds_nothing_is_a_404_with_suggestions(desk):
    response = get(desk, "api/lookup", q="heat furnace")
    assert response.status_code == 404
    body = response.json()
    assert "No section or defined term" in body["error"] and body["suggestions"]


@servers_mark
def test_a_number_the_extract_does_not_print_is_searched_by_heading(desk, kb):
    data = get(desk, "api/lookup", q="205-7").json()
    assert data["kind"] == "by_heading" and data["searched"] == "headings"
    assert data["note"].startswith("The Muskego extract prints no section numbers except § 205-2")
    assert "search by heading" in data["note"]
    assert [r["section"] for r in data["results"]] == [s.citation for s in kb.sections("muskego") if not s.parent]
    searched = get(desk, "api/lookup", q="205-7 garbage").json()
    assert searched["searched"] == "search" and all(r["municipality"] == "muskego" for r in searched["results"])
    assert any("\u27e6garbage\u27e7" in r["snippet"].lower() for r in searched["results"])  # shown as <mark>
    assert get(desk, "api/lookup", q="190-99").status_code == 404  # Holland prints numbers: simply not there


@servers_mark
@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status"),
    [
        ("GET", "api/answer", {"params": {"municipality": "Madison", "topic": "heating"}}, 400),
        ("GET", "api/answer", {"params": {"municipality": "amery", "topic": "jacuzzis"}}, 400),
        ("GET", "api/answer", {"params": {"municipality": "", "topic": ""}}, 400),
        ("GET", "api/answer", {"params": {"municipality": "amery", "topic": "x" * 3000}}, 400),
        ("GET", "api/compare", {"params": {"standard": "bedroom_colour"}}, 400),
        ("GET", "api/compare", {"params": {"topic": "heating", "standard": "heating_temp_f"}}, 400),
        ("GET", "api/compare", {"params": {"topic": "heating", "format": "pdf"}}, 400),
        ("GET", "api/lookup", {"params": {"q": "999-99", "municipality": "holland"}}, 404),
        ("GET", "api/lookup", {"params": {"q": "  "}}, 400),
        ("GET", "api/lookup", {"params": {"q": '" OR 1=1 NEAR(* -- ^'}}, 404),
        ("GET", "api/lookup", {"params": {"q": "190-9", "municipality": "Atlantis"}}, 400),
        ("GET", "api/search", {"params": {"q": "garbage", "limit": "lots"}}, 400),
        ("GET", "api/search", {"params": {"q": ""}}, 400),
        ("POST", "api/answer", {}, 405),
        ("DELETE", "api/compare", {}, 405),
        ("PUT", "sheet", {}, 405),
        ("GET", "api/ask", {}, 405),
        ("POST", "api/ask", {"data": b"not json", "headers": {"Content-Type": "application/json"}}, 400),
        ("POST", "api/ask", {"json": ["a", "list"]}, 400),
        ("POST", "api/ask", {"json": {"question": ""}}, 400),
        ("POST", "api/ask", {"json": {"question": {"nested": 1}}}, 400),
        ("POST", "api/ask", {"json": {"question": "q" * 2001}}, 400),
        ("POST", "api/ask", {"json": {"question": "hi", "session": "../../admin"}}, 400),
        ("POST", "api/ask", {"json": {"question": "hi", "municipality": "Madison"}}, 400),
        ("POST", "api/ask", {"data": b"{" + b" " * 70000 + b"}", "headers": {"Content-Type": "application/json"}}, 413),
        ("GET", "sheet", {"params": {"municipality": "holland"}}, 400),
        ("GET", "sheet", {"params": {"municipality": "holland", "citation": "999-1"}}, 404),
        ("GET", "sheet", {"params": {"municipality": "nowhere", "topic": "heating"}}, 400),
        ("GET", "no/such/page", {}, 404),
        ("GET", "static/..%2F..%2Fchannels%2Fclerk.py", {}, 404),
        ("GET", "api/review", {"params": {"limit": "0"}, "headers": {"Authorization": f"Bearer {TOKEN}"}}, 400),
    ],
)
def test_bad_input_gets_a_clear_json_error(desk, method, path, kwargs, status):
    response = requests.request(method, url(desk, path), timeout=30, **kwargs)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["error"]


@servers_mark
def test_a_huge_url_is_refused_not_crashed(desk):
    # Sanic refuses request lines over 8 KB itself (413, before any route): still a 4xx, never a 500.
    response = get(desk, "api/lookup", q="x" * 20000)
    assert 400 <= response.status_code < 500


# -- the printable sheet -----------------------------------------------------------------------------
@servers_mark
def test_printable_sheet_from_the_page_form(desk, kb):
    question = "My landlord says the bedroom is big enough <is it?> & what now"
    response = requests.post(
        url(desk, "sheet"),
        data={"question": question, "municipality": "amery", "topic": "sleeping_room_size"},
        timeout=30,
    )
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    html = response.text
    assert escape(question) in html and "<is it?>" not in html
    assert "City of Amery" in html and DISCLAIMER in html
    today = dt.date.today()
    assert f'datetime="{today.isoformat()}"' in html
    for citation in kb.coverage_matrix()["sleeping_room_size"]["amery"]:
        section = kb.section("amery", citation)
        assert escape(section.full_citation) in html and escape(section.text) in html
    assert "@media print" in html and 'class="toolbar no-print"' in html
    assert "default-src 'none'" in response.headers["content-security-policy"]


@servers_mark
def test_printable_sheet_for_named_sections_and_for_silence(desk, kb):
    named = get(desk, "sheet", municipality="holland", citation=["190-9B", "190-9C"], question="Bedroom size?")
    assert named.status_code == 200
    assert escape(kb.section("holland", "190-9B").text) in named.text
    assert escape(kb.section("holland", "190-9C").text) in named.text
    silent = get(desk, "sheet", municipality="dresser", topic="heating", question="How warm?")
    assert silent.status_code == 200 and "does not address" in silent.text and "Health Officer" in silent.text


# -- the bot behind the desk ---------------------------------------------------------------------------
@servers_mark
def test_ask_passes_the_question_to_the_bot_and_quotes_its_citations_in_full(desk, kb):
    response = requests.post(
        url(desk, "api/ask"),
        json={"question": "who has to exterminate the roaches", "municipality": "holland"},
        timeout=30,
    )
    assert response.status_code == 200, response.text
    data = response.json()
    assert re.fullmatch(r"clerk-[0-9a-f]{16}", data["session"])
    assert data["sent"] == "who has to exterminate the roaches in the Town of Holland"
    assert data["messages"] and any(m.get("text") for m in data["messages"])
    assert data["citations"], "the Holland extermination answer cites its section"
    for citation in data["citations"]:
        assert citation["quote"] == kb.section(citation["municipality"], citation["section"]).text
    assert all(hit["quote"] for hit in data["search"])
    asked = {"question": "Who must get rid of the mice?", "municipality": "muskego", "session": data["session"]}
    again = requests.post(url(desk, "api/ask"), json=asked, timeout=30)
    assert again.json()["sent"] == "Who must get rid of the mice in the City of Muskego?"
    named = {"question": "who exterminates in Amery?", "municipality": "muskego"}
    assert requests.post(url(desk, "api/ask"), json=named, timeout=30).json()["sent"] == named["question"]
    assert again.status_code == 200 and again.json()["session"] == data["session"]


# -- the review list ---------------------------------------------------------------------------------------
CONVERSATIONS = {
    "gibberish": ["asdf qwerty zxcv"],
    "heat": ["how warm must the heat be in Dresser"],
    "roaches": ["who has to exterminate roaches in Dresser"],
    "answered": ["who has to exterminate roaches", "Holland"],
}


@pytest.fixture(scope="module")
def driven(desk):
    """The conversations above, driven through the public REST webhook; sender → the bot's replies."""
    replies = {}
    for name, messages in CONVERSATIONS.items():
        sender = f"resident-{name}-{RUN}"
        replies[sender] = [rest(desk, sender, message) for message in messages]
    return replies


def items_of(data: dict, sender: str) -> list[dict]:
    return [item for item in data["items"] if item["sender"] == sender]


@servers_mark
def test_review_list_is_refused_without_the_token(desk):
    missing = requests.get(url(desk, "api/review"), timeout=10)
    assert missing.status_code == 401 and missing.json()["error"]
    assert missing.headers["www-authenticate"].startswith("Bearer")
    wrong = requests.get(url(desk, "api/review"), headers={"Authorization": "Bearer nope"}, timeout=10)
    assert wrong.status_code == 403 and "not right" in wrong.json()["error"]
    almost = requests.get(url(desk, "api/review"), headers={"Authorization": f"Bearer {TOKEN[:-1]}"}, timeout=10)
    assert almost.status_code == 403
    # The token never goes in the URL (logs, history): refused even when it is the right one.
    by_query = requests.get(url(desk, "api/review"), params={"token": TOKEN}, timeout=30)
    assert by_query.status_code == 400 and "Authorization" in by_query.json()["error"]


@servers_mark
def test_review_list_shows_what_the_bot_could_not_answer(desk, driven, kb):
    data = review(desk, limit=200).json()
    assert data["threshold"] == 0.45  # the FallbackClassifier threshold in config.yml
    listed = {item["sender"] for item in data["items"]}
    for sender, replies in driven.items():
        if "-answered-" in sender:
            continue
        (item,) = items_of(data, sender)
        reply = replies[0]
        # What a clerk needs: the resident's words, why it is listed, when, and the conversation.
        assert item["text"] == CONVERSATIONS[sender.split("-")[1]][0]
        assert item["reasons"] and set(item["reasons"]) <= set(REASONS)
        assert item["why"] == [REASONS[r] for r in item["reasons"]]
        assert item["time"] and item["time"].startswith(str(dt.date.today().year))
        excerpt_text = "\n".join(t["text"] for t in item["excerpt"])
        assert item["text"] in excerpt_text
        assert all(line in excerpt_text for line in texts(reply).splitlines() if line)
        if any(c.get("addressed") is False for c in customs(reply)):
            assert "not_addressed" in item["reasons"]
        if "Sorry, I didn't catch that" in texts(reply):
            assert "fallback" in item["reasons"]
        for suggestion in item["suggestions"]:
            assert suggestion["citation"] and suggestion["quote"]
    answered = [s for s in driven if "-answered-" in s]
    assert not listed & set(answered), "an answered conversation is on the review list"


@servers_mark
def test_review_list_explains_the_dresser_questions(desk, driven):
    data = review(desk, limit=200).json()
    (roaches,) = items_of(data, f"resident-roaches-{RUN}")
    assert "not_addressed" in roaches["reasons"] and roaches["municipality"] == "dresser"
    bot_lines = [t["text"] for t in roaches["excerpt"] if t["role"] == "bot"]
    assert any("does not address" in line and "Health Officer" in line for line in bot_lines)
    (heat,) = items_of(data, f"resident-heat-{RUN}")
    assert heat["suggestions"], "heating sections of the texts are suggested"
    assert any("heat" in s["quote"].lower() for s in heat["suggestions"])
    (gibberish,) = items_of(data, f"resident-gibberish-{RUN}")
    assert gibberish["suggestions"] == []


@servers_mark
def test_the_desks_own_questions_stay_off_the_list_unless_asked_for(desk):
    asked = requests.post(
        url(desk, "api/ask"), json={"question": "who has to exterminate roaches in Dresser"}, timeout=30
    ).json()
    assert asked["addressed"] is False
    default = review(desk, limit=500).json()
    assert not items_of(default, asked["session"])
    everything = review(desk, limit=500, include_clerk="1").json()
    assert items_of(everything, asked["session"])


@servers_mark
def test_review_list_is_switched_off_without_a_clerk_token(servers):
    if os.environ.get("CLERK_TOKEN"):
        pytest.skip("CLERK_TOKEN is set in this environment, so the shared servers have one")
    response = requests.get(f"{servers}/webhooks/clerk/api/review", params={"token": "anything"}, timeout=10)
    assert response.status_code == 403 and "CLERK_TOKEN" in response.json()["error"]
    assert requests.get(f"{servers}/webhooks/clerk/api/meta", timeout=10).json()["review_enabled"] is False


# -- review reasons the current model rarely produces, on real Rasa events ----------------------------------
def _events(intent: str, confidence: float, text: str, bot: str, action: str, custom: dict | None = None):
    from rasa.shared.core.events import ActionExecuted, BotUttered, UserUttered

    ranking = [{"name": intent, "confidence": confidence}, {"name": "ask_pests", "confidence": 0.2}]
    parse = {"intent": {"name": intent, "confidence": confidence}, "intent_ranking": ranking, "entities": []}
    return [
        ActionExecuted("action_listen").as_dict(),
        UserUttered(text, parse["intent"], [], parse).as_dict(),
        ActionExecuted(action).as_dict(),
        BotUttered(bot, {"custom": custom} if custom else {}, {"utter_action": action}).as_dict(),
        ActionExecuted("action_listen").as_dict(),
    ]


@pytest.mark.parametrize(
    ("intent", "confidence", "action", "custom", "reason"),
    [
        ("nlu_fallback", 0.45, "utter_default", None, "fallback"),
        ("ask_pests", 0.3, "action_answer_topic", {"addressed": True, "citations": [{}]}, "low_confidence"),
        ("out_of_scope", 0.9, "utter_out_of_scope", None, "out_of_scope"),
        ("ask_heating", 0.99, "action_answer_topic", {"municipality": "dresser", "addressed": False}, "not_addressed"),
        (
            "ask_pests",
            0.99,
            "action_answer_topic",
            {"ask": "municipality", "unknown": "Madison"},
            "unknown_municipality",
        ),
    ],
)
def test_review_reasons_from_tracker_events(kb, intent, confidence, action, custom, reason):
    events = _events(intent, confidence, "is the heat warm enough", "a reply", action, custom)
    (item,) = review_items("resident-x", events, 0.45, kb)
    assert reason in item["reasons"]
    assert [t["role"] for t in item["excerpt"]] == ["user", "bot"]
    assert item["suggestions"] and all(s["quote"] for s in item["suggestions"])


def test_words_the_texts_do_not_contain_are_listed_even_when_the_model_is_sure(kb):
    events = _events(
        "ask_pests", 0.99, "asdf qwerty zxcv", "Which municipality?", "action_answer_topic", {"ask": "municipality"}
    )
    (item,) = review_items("resident-z", events, 0.45, kb)
    assert item["reasons"] == ["no_match"] and item["suggestions"] == []
    greeting = _events("greet", 0.99, "hiya there", "Hello!", "utter_greet")
    assert review_items("resident-z", greeting, 0.45, kb) == []


def test_answered_turns_and_the_desks_own_turns_are_not_listed(kb):
    answered = _events("ask_pests", 0.98, "who exterminates", "answer", "action_answer_topic", {"citations": [{}]})
    assert review_items("resident-y", answered, 0.45, kb) == []
    fallback = _events("nlu_fallback", 0.45, "blah", "Sorry", "utter_default")
    assert review_items("clerk-abcdef12", fallback, 0.45, kb) == []
    assert review_items("clerk-abcdef12", fallback, 0.45, kb, include_clerk=True)


# -- screenshots with the system's headless Chromium (skipped where there is none) --------------------------
@servers_mark
@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")
def test_page_and_printed_sheet_in_a_browser(desk, driven):
    playwright = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(url(desk))
            # a selector wait, not wait_for_function: its polling evaluates a string, which the page's CSP refuses
            page.wait_for_selector("#answer-topic option:nth-child(6)", state="attached")
            page.fill("#question", "How big must a bedroom be for one person?")
            page.select_option("#answer-municipality", "amery")
            page.select_option("#answer-topic", "sleeping_room_size")
            page.click("#answer-form button[type=submit]")
            page.wait_for_selector("#answer-result blockquote")
            assert "City of Amery Code § 258-18B" in page.inner_text("#answer-result")
            page.select_option("#compare-standard", "sleeping_room_one_occupant")
            page.click("#compare-standard-form button[type=submit]")
            page.wait_for_selector("#compare-result table")
            assert "80 square feet" in page.inner_text("#compare-result")
            page.fill("#lookup-query", "heat furnace")  # nothing by that citation or term
            page.click("#lookup-form button[type=submit]")
            page.wait_for_selector("#lookup-result .error")
            assert "Perhaps one of these" in page.inner_text("#lookup-result")  # the 404's suggestions
            page.fill("#lookup-query", "190-9B")
            page.click("#lookup-form button[type=submit]")
            page.wait_for_selector("#lookup-result h3")
            assert "190-9B" in page.inner_text("#lookup-result") and not page.query_selector("#lookup-result .error")
            page.fill("#question", "")
            page.click("#ask-form button[type=submit]")
            page.wait_for_selector("#ask-result .error")
            assert page.evaluate("document.activeElement.id") == "question"  # sent back to type it
            page.fill("#question", "Who has to exterminate the roaches in Holland?")
            page.click("#ask-form button[type=submit]")
            page.wait_for_selector("#ask-result blockquote")
            assert "The assistant's answer" in page.inner_text("#ask-result")
            assert page.evaluate("document.activeElement.tagName") == "H3"  # the result's heading has the focus
            page.fill("#question", "How big must a bedroom be for one person?")
            page.fill("#review-token", TOKEN)
            page.click("#review-form button[type=submit]")
            page.wait_for_selector("#review-result article")
            assert "asdf qwerty zxcv" in page.inner_text("#review-result")
            page.screenshot(path=str(ARTIFACTS / "clerk_page.png"), full_page=True)

            with page.expect_popup() as popup:
                page.click("#answer-result .actions button")
            sheet = popup.value
            sheet.wait_for_load_state()
            assert "How big must a bedroom be for one person?" in sheet.inner_text("main")
            assert sheet.is_visible(".toolbar")
            sheet.emulate_media(media="print")
            assert not sheet.is_visible(".toolbar")  # no navigation chrome on paper
            sheet.screenshot(path=str(ARTIFACTS / "clerk_sheet_print.png"), full_page=True)
            sheet.pdf(path=str(ARTIFACTS / "clerk_sheet.pdf"), format="Letter")
            assert not errors, errors
        finally:
            browser.close()
