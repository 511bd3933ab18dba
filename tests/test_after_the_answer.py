"""After the answer, in a real browser: the repair-request letter, a shared answer, a chat that
survives a reload, the message box's limit, the clerk desk's "205-7", and axe-core on the three
pages (web chat, clerk desk, answer sheet), at desktop and phone sizes.

Debian's chromium driven by Playwright (``executable_path``); both servers started as `make run`
starts them. Screenshots (and the letter as a PDF on Letter paper) go to tests/artifacts/.

axe-core comes from the npm registry through `make axe` (pinned, into build/axe). The pages'
Content-Security-Policy allows scripts from the page's own origin only, so the test injects axe's
file into a browser context opened with ``bypass_csp=True`` — in the test's browser only. The
alternative, serving axe from the product in a test mode, would put a switch into the server
that only tests use, and a route that serves a third-party script.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from conftest import ROOT
from playwright.sync_api import Browser, BrowserContext, Page, expect

from knowledge.curated import internal_keys, load_vocab

pytestmark = pytest.mark.servers

AXE = ROOT / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
ARTIFACTS = ROOT / "tests" / "artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("size", ["desktop", "phone"])
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}

expect.set_options(timeout=60_000)  # waiting for the assistant, not a timed assertion




@pytest.fixture
def context(browser: Browser, servers: str, request) -> Iterator[BrowserContext]:
    """A fresh browser session (its own cookie, so its own conversation) at the test's size.
    Any request that leaves the server's origin fails the test; so does a script error."""
    callspec = getattr(request.node, "callspec", None)
    size = callspec.params.get("size", "desktop") if callspec else "desktop"
    ctx = browser.new_context(viewport=VIEWPORTS[size], bypass_csp=True, accept_downloads=True)
    foreign: list[str] = []
    errors: list[str] = []

    def only_same_origin(route) -> None:
        if route.request.url.startswith(servers + "/"):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    ctx.route("**/*", only_same_origin)
    ctx.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))
    yield ctx
    ctx.close()
    assert foreign == [], "nothing may be fetched from elsewhere"
    assert errors == []


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def no_sideways_scroll(page: Page) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"


def open_chat(context: BrowserContext, servers: str) -> Page:
    page = context.new_page()
    page.goto(f"{servers}/webhooks/webchat/")
    expect(page.get_by_label("Municipality")).to_be_enabled()
    return page


def ask(page: Page, text: str) -> None:
    box = page.get_by_label("Your question")
    box.fill(text)
    box.press("Enter")


def axe_findings(page: Page) -> list[dict]:
    """Every axe-core violation on the page (WCAG 2 A/AA and best practices), with its nodes."""
    assert AXE.exists(), "axe-core is missing: run `make axe`"
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                          nodes: v.nodes.map(n => n.target.join(' '))}));
        }"""
    )
    return result


# -- the letter -------------------------------------------------------------------------------------
@SIZES
def test_a_letter_from_an_answer_fills_in_prints_on_letter_paper_and_downloads(context, servers, kb, size):
    chat = open_chat(context, servers)
    ask(chat, "write a letter to my landlord about the mice in the kitchen")
    chat.get_by_role("button", name="Town of Holland").click()
    ready = chat.get_by_role("link", name="open the letter to your landlord")
    expect(ready).to_be_visible()
    expect(
        chat.locator(".reply-actions").last.get_by_role("link", name="Write a letter to the landlord")
    ).to_be_visible()
    shot(chat, f"letter-offer-{size}.png")

    with context.expect_page() as opened:
        ready.click()
    page = opened.value
    page.wait_for_load_state()
    query = parse_qs(urlsplit(page.url).query)
    assert query["m"] == ["holland"] and query["s"], "the link names the code and its sections, nothing else"
    assert "mice" not in urlsplit(page.url).query, "the tenant's words stay out of what is sent to the server"

    letter = page.locator("#letter")
    section = kb.section("holland", query["s"][0])
    expect(letter.locator("blockquote").first).to_have_text(section.text)  # verbatim
    expect(page.get_by_label("The problem, in your own words")).to_have_value("the mice in the kitchen")
    expect(letter).to_contain_text("The problem is: the mice in the kitchen.")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url))
    page.get_by_label("Your name").fill("Pat Tenant")
    page.get_by_label("Your address").fill("12 Elm Street, Apt 3")
    page.get_by_label("Your landlord's name (optional)").fill("Mr. Lee")
    assert sent == [], "what the tenant types is never sent"
    expect(letter).to_contain_text("Dear Mr. Lee,")
    expect(letter.locator(".from")).to_contain_text("Pat Tenant")
    expect(letter.locator(".signature")).to_have_text("Pat Tenant")
    for line in ("within a reasonable time", "Town Building Inspector", "not legal advice", "chapter 190"):
        expect(letter).to_contain_text(line)
    if size == "phone":
        no_sideways_scroll(page)
    shot(page, f"letter-screen-{size}.png")

    # On paper: the letter alone (no form, no buttons, no links), black on white.
    page.emulate_media(media="print")
    expect(page.locator("#letter-form")).to_be_hidden()
    expect(page.get_by_role("button", name="Print the letter")).to_be_hidden()
    expect(page.get_by_role("link", name="← Back to the chat")).to_be_hidden()
    expect(letter).to_be_visible()
    expect(letter.locator(".signature")).to_have_text("Pat Tenant")
    styles = letter.evaluate(
        "el => [getComputedStyle(el).fontFamily, getComputedStyle(document.body).backgroundColor,"
        " getComputedStyle(el.querySelector('.field')).backgroundColor]"
    )
    assert "Georgia" in styles[0] and styles[1] == "rgb(255, 255, 255)" and styles[2] == "rgba(0, 0, 0, 0)", styles
    shot(page, f"letter-print-{size}.png")
    if size == "desktop":
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pdf = page.pdf(path=str(ARTIFACTS / "letter.pdf"), prefer_css_page_size=True)
        assert pdf[:4] == b"%PDF"
        # Letter paper: 8.5 x 11 inches = 612 x 792 points.
        assert re.search(rb"/MediaBox\s*\[\s*0 0 612 792\s*\]", pdf), "the letter prints on Letter paper"
    page.emulate_media(media="screen")

    with page.expect_download() as download:
        page.get_by_role("button", name="Download the letter").click()
    saved = download.value
    assert saved.suggested_filename == "repair-request-letter.txt"
    text = Path(saved.path()).read_text(encoding="utf-8")
    assert "Pat Tenant" in text and "Dear Mr. Lee," in text and section.text in text
    assert "not legal advice" in text


def test_an_answer_about_a_duty_offers_the_letter_with_the_question_as_the_problem(context, servers):
    chat = open_chat(context, servers)
    chat.get_by_label("Municipality").select_option("muskego")
    expect(chat.locator(".msg.bot")).to_have_count(1)
    ask(chat, "Who has to fix the broken furnace?")
    offer = chat.locator(".reply-actions").last.get_by_role("link", name="Write a letter to the landlord")
    expect(offer).to_be_visible()
    href = offer.get_attribute("href") or ""
    assert href.startswith("letter?m=muskego&s=") and href.endswith(
        "#p=" + "Who%20has%20to%20fix%20the%20broken%20furnace%3F"
    )


# -- share -------------------------------------------------------------------------------------------
@SIZES
def test_a_shared_link_reopens_the_answer_for_someone_else(browser, context, servers, kb, size):
    chat = open_chat(context, servers)
    ask(chat, "Who is responsible for extermination in the Town of Holland?")
    actions = chat.locator(".reply-actions").last
    expect(actions).to_be_visible()
    actions.get_by_role("button", name="Copy link").click()
    link = chat.get_by_label("Link to this answer (it holds no personal details)")
    expect(link).to_be_focused()
    url = link.input_value()
    assert url.startswith(f"{servers}/webhooks/webchat/share?m=holland&s=")
    assert "Who" not in url and "hc_chat" not in url
    shot(chat, f"share-link-{size}.png")

    other = browser.new_context(viewport=VIEWPORTS[size])  # someone else: no cookie, no conversation
    try:
        page = other.new_page()
        page.goto(url)
        section = kb.section("holland", parse_qs(urlsplit(url).query)["s"][0])
        expect(page.get_by_role("heading", level=1)).to_have_text("Town of Holland: what the housing code says")
        expect(page.locator("article.source h2").first).to_have_text(section.full_citation)
        expect(page.locator("article.source blockquote").first).to_have_text(section.text)
        expect(page.locator(".provenance")).to_have_text(kb.municipality("holland").provenance)
        expect(page.locator(".disclaimer")).to_contain_text("not legal advice")
        if size == "phone":
            no_sideways_scroll(page)
        shot(page, f"share-page-{size}.png")
    finally:
        other.close()


# -- reload ------------------------------------------------------------------------------------------
@SIZES
def test_a_reload_mid_conversation_brings_back_the_history_and_the_municipality(context, servers, size):
    chat = open_chat(context, servers)
    ask(chat, "who has to get rid of the roaches")
    chat.get_by_role("button", name="Town of Holland").click()
    expect(chat.locator(".citations")).to_have_count(1)
    before = chat.locator(".msg .text").all_inner_texts()

    chat.reload()
    expect(chat.get_by_label("Municipality")).to_have_value("holland")
    expect(chat.locator(".msg .text")).to_have_text(before)
    expect(chat.locator(".citations")).to_have_count(1)
    expect(chat.locator(".quick-replies button:enabled")).to_have_count(0)  # the conversation moved past them
    expect(chat.get_by_role("status")).to_have_text("Your conversation so far is shown.")
    ask(chat, "and in Muskego?")
    expect(chat.locator(".msg.user")).to_have_count(3)
    shot(chat, f"reload-history-{size}.png")


# -- the message box ------------------------------------------------------------------------------------
@SIZES
def test_pasting_5000_characters_keeps_the_text_and_shows_the_limit(context, servers, size):
    chat = open_chat(context, servers)
    box = chat.get_by_label("Your question")
    count = chat.locator("#count")
    expect(count).to_have_text("0 / 2,000 characters")
    box.press_sequentially("mice")
    expect(count).to_have_text("4 / 2,000 characters")
    pasted = ("My landlord will not get rid of the mice. " * 200)[:5000]
    box.fill("")
    box.focus()
    chat.keyboard.insert_text(pasted)  # what a paste does: insert text at the caret
    expect(box).to_have_value(pasted)
    expect(count).to_have_text("5,000 / 2,000 characters: 3,000 too many. Shorten it to send.")
    box.press("Enter")
    expect(box).to_have_value(pasted)  # nothing typed is lost
    expect(chat.locator(".msg.user")).to_have_count(0)
    expect(chat.get_by_role("status")).to_contain_text("Nothing was sent and your text is still in the box")
    expect(box).to_have_attribute("aria-invalid", "true")
    if size == "phone":
        no_sideways_scroll(chat)
    shot(chat, f"too-long-{size}.png")
    box.fill(pasted[:120])
    expect(count).to_have_text("120 / 2,000 characters")


# -- phone reading ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", ["phone"])
def test_on_a_phone_a_long_answer_leads_with_the_answer_and_folds_each_quote_once(context, servers, kb, size):
    chat = open_chat(context, servers)
    ask(chat, "How big must a bedroom be in Muskego?")
    reply = chat.locator(".reply").last
    expect(reply.locator(".citations")).to_be_visible()
    lead = reply.locator(".msg.bot .text").first.inner_text()
    assert lead.startswith("In the City of Muskego")
    quotes = reply.locator("details.citation blockquote")
    texts = [q.text_content() for q in quotes.all()]
    assert texts and len(texts) == len(set(texts)), "each quote once"
    for text in texts:
        assert text not in lead, "the quote is folded below the answer, not repeated in it"
    expect(quotes.first).to_be_hidden()
    expect(reply.locator("details.citation .provenance").first).to_contain_text("chapter 205")
    no_sideways_scroll(chat)
    shot(chat, "phone-long-answer.png")


@pytest.mark.parametrize("size", ["desktop"])
def test_printing_one_answer_prints_that_answer_with_its_quotes_open(context, servers, size):
    chat = open_chat(context, servers)
    ask(chat, "hello")
    expect(chat.locator(".reply")).to_have_count(1)
    ask(chat, "Who is responsible for extermination in the Town of Holland?")
    expect(chat.locator(".reply-actions")).to_have_count(1)
    chat.evaluate("window.print = () => {}")  # the dialog itself is the browser's
    chat.get_by_role("button", name="Print this answer").click()
    chat.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    chat.emulate_media(media="print")
    expect(chat.locator(".reply").first).to_be_hidden()
    expect(chat.locator(".reply").last).to_be_visible()
    expect(chat.locator(".reply").last.locator("details.citation blockquote").first).to_be_visible()
    expect(chat.locator("#composer")).to_be_hidden()
    expect(chat.locator(".reply-actions")).to_be_hidden()
    shot(chat, "print-one-answer.png")


# -- the clerk desk ----------------------------------------------------------------------------------
@SIZES
def test_desk_lookup_of_a_number_the_muskego_extract_does_not_print(context, servers, size):
    page = context.new_page()
    page.goto(f"{servers}/webhooks/clerk/")
    expect(page.locator("#answer-topic option")).not_to_have_count(0)
    page.get_by_label("Section number or term").fill("205-7")
    page.get_by_role("button", name="Look up").click()
    result = page.locator("#lookup-result")
    expect(result).to_contain_text("The Muskego extract prints no section numbers except § 205-2")
    expect(result).to_contain_text("search by heading")
    expect(result.get_by_text("The City of Muskego extract by heading")).to_be_visible()
    expect(result.locator("details summary").first).to_contain_text("§ 205-2")
    expect(result.locator("details")).to_have_count(10)
    if size == "phone":
        no_sideways_scroll(page)
    shot(page, f"desk-205-7-{size}.png")

    page.get_by_label("Section number or term").fill("205-7 garbage")
    page.get_by_role("button", name="Look up").click()
    expect(result.get_by_text("Found by searching the City of Muskego text")).to_be_visible()
    marks = result.locator("summary mark")
    expect(marks.first).to_have_text(re.compile("garbage", re.I))
    summaries = " ".join(result.locator("summary").all_inner_texts())
    assert "⟦" not in summaries and "[garbage" not in summaries.lower()


def test_desk_pickers_speak_plain_words(context, servers):
    page = context.new_page()
    page.goto(f"{servers}/webhooks/clerk/")
    expect(page.locator("#compare-standard option")).not_to_have_count(0)
    shown = " ".join(
        " ".join(page.locator(f"#{picker} option").all_inner_texts())
        for picker in ("answer-topic", "compare-topic", "compare-standard")
    )
    keys = internal_keys(load_vocab())
    assert [k for k in keys if k in shown] == []


def test_desk_comparison_table_fits_a_390_px_phone_and_printing_shows_only_answers(browser, servers):
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        page.goto(f"{servers}/webhooks/clerk/")
        expect(page.locator("#compare-standard option")).not_to_have_count(0)
        page.get_by_label("Number (standard)").select_option("sleeping_room_one_occupant")
        page.get_by_role("button", name="Compare the number").click()
        table = page.locator("#compare-result table")
        expect(table).to_be_visible()
        no_sideways_scroll(page)  # the table scrolls inside its own box
        region = page.locator("#compare-result .table-scroll")
        sizes = region.evaluate("el => [el.scrollWidth, el.clientWidth, el.getBoundingClientRect().right]")
        assert sizes[2] <= PHONE["width"] and sizes[0] >= sizes[1]
        caption = table.locator("caption").inner_text()
        assert "_" not in caption
        shot(page, "desk-compare-phone.png")

        page.emulate_media(media="print")
        expect(page.locator("#compare-result table")).to_be_visible()
        for hidden in ("header.masthead", "#answer-form", "#lookup-form", "#review", "#question-panel", "#answer"):
            expect(page.locator(hidden).first).to_be_hidden()
        shot(page, "desk-print-phone.png")
    finally:
        ctx.close()


# -- accessibility: axe-core on the three pages --------------------------------------------------------
@SIZES
def test_axe_finds_nothing_on_the_web_chat_the_desk_and_the_answer_sheet(context, servers, size):
    chat = open_chat(context, servers)
    assert chat.locator("main").count() == 1
    assert chat.locator("main #composer #message").count() == 1, "the message box sits inside the main landmark"
    ask(chat, "Who is responsible for extermination in the Town of Holland?")
    expect(chat.locator(".reply-actions")).to_have_count(1)
    chat.locator(".reply-actions").get_by_role("button", name="Copy link").click()
    chat.locator("details.citation summary").first.click()
    findings = {"web chat": axe_findings(chat)}

    desk = context.new_page()
    desk.goto(f"{servers}/webhooks/clerk/")
    expect(desk.locator("#compare-topic option")).not_to_have_count(0)
    desk.get_by_role("button", name="Compare the topic").click()
    expect(desk.locator("#compare-result table")).to_be_visible()
    desk.get_by_label("Section number or term").fill("205-7 garbage")
    desk.get_by_role("button", name="Look up").click()
    expect(desk.locator("#lookup-result mark").first).to_be_visible()
    findings["clerk desk"] = axe_findings(desk)

    sheet = context.new_page()
    sheet.goto(f"{servers}/webhooks/clerk/sheet?municipality=amery&topic=heating&question=Is+it+warm+enough%3F")
    expect(sheet.locator("h1")).to_be_visible()
    findings["answer sheet"] = axe_findings(sheet)

    letter_url = chat.locator(".reply-actions .letter-link").get_attribute("href")
    letter = context.new_page()
    letter.goto(f"{servers}/webhooks/webchat/{letter_url}")
    findings["letter"] = axe_findings(letter)
    share = context.new_page()
    share.goto(chat.get_by_label("Link to this answer (it holds no personal details)").input_value())
    findings["shared answer"] = axe_findings(share)

    assert {page: found for page, found in findings.items() if found} == {}


# -- SMS: the short letter and its link ---------------------------------------------------------------
def test_by_sms_a_letter_request_gets_the_short_version_and_a_printable_link(tmp_path, kb):
    from conftest import launched
    from twilio.request_validator import RequestValidator

    token, public = "after-test-token", "https://housing.example.org"
    with launched(tmp_path / "state", TWILIO_AUTH_TOKEN=token, SMS_PUBLIC_BASE_URL=public) as base:

        def text(body: str, sid: str) -> str:
            form = {"From": "+15555550142", "To": "+15555550100", "Body": body, "MessageSid": sid}
            url = f"{public}/webhooks/sms/webhook"
            signature = RequestValidator(token).compute_signature(url, form)
            reply = requests.post(
                f"{base}/webhooks/sms/webhook", data=form, headers={"X-Twilio-Signature": signature}, timeout=30
            )
            assert reply.status_code == 200, reply.text
            return reply.text

        first = text("Write a letter to my landlord about the mice in the Town of Holland", "SM" + "1" * 32)
        assert "Your letter to the landlord, with the code's text, to print: https://" in first, first
        link = re.search(r"https://housing\.example\.org/webhooks/webchat/letter\?[^\s<]+", first)
        rest = first + text("MORE", "SM" + "2" * 32) if "Reply MORE" in first else first
        assert "Short version: Dear Landlord" in rest and "within a reasonable time" in rest
        assert "Town Building Inspector" in rest and "not legal advice" in rest
        assert link, first
        url = link.group(0).replace("&amp;", "&")
        query = parse_qs(urlsplit(url).query)
        assert query["m"] == ["holland"] and query["s"]
        page = requests.get(f"{base}/webhooks/webchat/letter?{urlsplit(url).query}", timeout=10)
        assert page.status_code == 200 and kb.section("holland", query["s"][0]).text[:60] in page.text.replace(
            "&#x27;", "'"
        )
