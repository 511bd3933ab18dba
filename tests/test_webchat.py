"""The tenants' web chat in a real browser: Debian's chromium driven by Playwright.

Both servers are started as `make run` starts them (the ``servers`` fixture); the page is
served by the Rasa server and talks to its own message route (conversation ``web:<id>``, the id
minted by the server in an HttpOnly cookie). Nothing is downloaded: the
browser is /usr/bin/chromium (`make browser` installs it), and any request that leaves the
server's origin fails the test. Screenshots go to tests/artifacts/ (git-ignored).
"""

from __future__ import annotations

import json

import pytest
import requests
from conftest import ROOT
from playwright.sync_api import Browser, Page, Route, expect

from bot.channels.webchat import municipality_options
from knowledge.compose import ask_municipality

pytestmark = pytest.mark.servers

ARTIFACTS = ROOT / "tests" / "artifacts"
DESKTOP = {"width": 1280, "height": 900}
MOBILE = {"width": 375, "height": 740}
HOLLAND_QUESTION = "Who is responsible for extermination in the Town of Holland?"

# Waiting for the assistant (the first answer loads the model's graph), not a timed assertion.
expect.set_options(timeout=60_000)




class Chat:
    """One browser session on the web chat page, with what a user sees and does."""

    def __init__(self, page: Page, base: str):
        self.page = page
        self.base = base
        self.foreign: list[str] = []  # requests that left the server's origin
        self.errors: list[str] = []  # console errors and uncaught exceptions (e.g. CSP violations)
        page.route("**/*", self._only_same_origin)
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(f"{base}/webhooks/webchat/")
        self.log = page.get_by_role("log", name="Conversation")
        self.input = page.get_by_label("Your question")
        self.picker = page.get_by_label("Municipality")
        expect(self.picker).to_be_enabled()

    def _only_same_origin(self, route: Route) -> None:
        if route.request.url.startswith(self.base + "/"):
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()

    def ask(self, text: str) -> None:
        self.input.fill(text)
        self.input.press("Enter")

    def user_messages(self) -> list[str]:
        return self.page.locator(".msg.user .text").all_inner_texts()

    def bot_text(self):
        return self.page.locator(".msg.bot .text")

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / name), full_page=True)

    def check_clean(self) -> None:
        assert self.foreign == [], "the page must fetch nothing from elsewhere"
        assert self.errors == []


@pytest.fixture
def open_chat(browser: Browser, servers: str):
    """Open the page in a fresh browser session (new sender id); check it stayed clean."""
    contexts = []
    chats: list[Chat] = []

    def open_(viewport: dict[str, int] = DESKTOP) -> Chat:
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        chats.append(Chat(context.new_page(), servers))
        return chats[-1]

    yield open_
    try:
        for chat in chats:
            chat.check_clean()
    finally:
        for context in contexts:
            context.close()


def test_question_gets_a_cited_answer_with_a_collapsible_verbatim_quote(open_chat, kb):
    chat = open_chat()
    chat.ask(HOLLAND_QUESTION)
    expect(chat.input).to_have_value("")
    expect(chat.input).to_be_focused()
    assert chat.user_messages() == [HOLLAND_QUESTION]

    answer = chat.bot_text().filter(has_text="§ 190-10")
    expect(answer).to_have_count(1)
    text = answer.inner_text()
    assert text.startswith("In the Town of Holland")
    assert "\nThis is general information" in text, "line breaks in the bot's text are kept"

    section = kb.section("holland", "190-10E")
    citation = chat.page.locator("details.citation", has=chat.page.locator("summary", has_text="§ 190-10"))
    expect(citation).to_have_count(1)
    expect(citation.locator("summary")).to_have_text(section.full_citation)
    quote = citation.locator("blockquote")
    expect(quote).to_be_hidden()
    citation.locator("summary").click()
    expect(quote).to_be_visible()
    assert quote.text_content() == section.text, "the quote is the section's verbatim text"

    cookie = chat_cookie(chat)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and len(cookie["value"]) == 32
    assert "hc_chat" not in chat.page.evaluate("document.cookie"), "the page's script cannot read the id"
    citation.evaluate("details => details.scrollIntoView({block: 'start'})")
    chat.screenshot("webchat-desktop.png")


def chat_cookie(chat: Chat) -> dict:
    """The conversation cookie the server set for this browser."""
    (cookie,) = [c for c in chat.page.context.cookies() if c["name"] == "hc_chat"]
    return cookie


def test_new_chat_asks_first_then_starts_a_new_conversation(open_chat):
    chat = open_chat()
    chat.ask("hello")
    expect(chat.bot_text()).not_to_have_count(0)
    before = chat_cookie(chat)["value"]

    asked: list[str] = []

    def answer(dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    chat.page.once("dialog", lambda d: answer(d, False))
    chat.page.get_by_role("button", name="New chat").click()
    expect(chat.page.locator(".msg.user")).to_have_count(1)  # "Cancel" keeps the conversation
    assert asked and "new chat" in asked[0].lower()
    assert chat_cookie(chat)["value"] == before

    chat.page.once("dialog", lambda d: answer(d, True))
    chat.page.get_by_role("button", name="New chat").click()
    expect(chat.page.locator(".msg")).to_have_count(0)
    expect(chat.log).to_contain_text("not legal advice")
    chat.ask("who has to exterminate the roaches")
    expect(chat.page.locator(".quick-replies button")).not_to_have_count(0)
    after = chat_cookie(chat)["value"]
    assert after and after != before
    chat.page.reload()
    expect(chat.page.locator(".msg.user .text")).to_have_text(["who has to exterminate the roaches"])


def test_quick_reply_button_answers_in_a_new_session(open_chat, kb):
    chat = open_chat()
    chat.ask("who has to exterminate the roaches")
    buttons = chat.page.locator(".quick-replies button")
    expect(buttons).to_have_text([m.name for m in kb.municipalities()])

    holland = chat.page.get_by_role("button", name="Town of Holland")
    holland.click()
    expect(holland).to_be_disabled()
    expect(chat.page.locator(".quick-replies button:enabled")).to_have_count(0)  # old suggestions retire
    assert chat.user_messages() == ["who has to exterminate the roaches", "Town of Holland"]
    expect(chat.bot_text().filter(has_text="§ 190-10")).to_have_count(1)
    expect(chat.bot_text().filter(has_text="§ 190-10")).to_contain_text("In the Town of Holland")
    expect(chat.page.locator("details.citation summary")).to_contain_text(["§ 190-10"])
    expect(chat.picker).to_have_value("holland")  # the picker follows the conversation
    chat.screenshot("webchat-quick-replies.png")


def test_municipality_picker_sets_the_municipality(open_chat, kb, servers):
    listed = requests.get(f"{servers}/webhooks/webchat/municipalities.json", timeout=10).json()["municipalities"]
    assert listed == municipality_options(kb)
    assert [m["payload"] for m in listed] == [b["payload"] for b in ask_municipality(kb).buttons]

    chat = open_chat()
    options = chat.picker.locator("option")
    expect(options).to_have_text(["Choose…", *(m.name for m in kb.municipalities())])

    chat.picker.select_option("muskego")
    expect(chat.input).to_be_focused()  # back to the message box after the picker
    expect(chat.page.locator(".msg.user")).to_have_count(1)
    assert chat.user_messages() == ["City of Muskego"]
    expect(chat.bot_text()).to_have_count(1)

    chat.ask("who has to get rid of the mice")
    expect(chat.bot_text().filter(has_text="City of Muskego")).not_to_have_count(0)
    expect(chat.page.locator("details.citation summary").first).to_contain_text("City of Muskego")


def test_picker_keyboard_arrows_browse_and_enter_chooses(open_chat):
    chat = open_chat()
    chat.picker.focus()
    chat.page.keyboard.press("ArrowDown")
    chat.page.keyboard.press("ArrowDown")
    expect(chat.picker).to_have_value("howard")
    assert chat.user_messages() == [], "browsing with the arrow keys sends nothing"
    chat.page.keyboard.press("Enter")
    expect(chat.page.locator(".msg.user")).to_have_count(1)
    assert chat.user_messages() == ["Town of Howard"]


def test_keyboard_use_labels_and_live_region(open_chat):
    chat = open_chat()
    expect(chat.log).to_have_attribute("aria-live", "polite")
    chat.input.focus()
    chat.page.keyboard.type("who has to exterminate the roaches")
    chat.page.keyboard.press("Enter")
    first = chat.page.locator(".quick-replies button").first
    expect(first).to_be_visible()

    # Tab from the input backwards reaches the quick replies; focus is visible; Enter activates.
    chat.input.focus()
    for _ in range(12):
        chat.page.keyboard.press("Shift+Tab")
        if chat.page.evaluate("document.activeElement.classList.contains('quick')"):
            break
    focused = chat.page.locator(".quick:focus")
    expect(focused).to_have_count(1)
    outline = focused.evaluate("b => getComputedStyle(b).outlineStyle + ' ' + getComputedStyle(b).outlineWidth")
    assert not outline.startswith("none") and not outline.endswith(" 0px"), outline
    name = focused.inner_text()
    chat.page.keyboard.press("Enter")
    expect(chat.page.locator(".msg.user")).to_have_count(2)
    assert chat.user_messages()[-1] == name


def test_mobile_layout_has_no_horizontal_scroll(open_chat):
    chat = open_chat(MOBILE)
    viewport = chat.page.locator("meta[name=viewport]")
    expect(viewport).to_have_attribute("content", "width=device-width, initial-scale=1")
    chat.ask(HOLLAND_QUESTION)
    expect(chat.bot_text().filter(has_text="§ 190-10")).to_have_count(1)
    citation = chat.page.locator("details.citation").first
    citation.locator("summary").click()
    expect(citation.locator("blockquote")).to_be_visible()

    widths = chat.page.evaluate(
        "() => ({page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth,"
        " log: document.getElementById('log').scrollWidth, logView: document.getElementById('log').clientWidth})"
    )
    assert widths["view"] == MOBILE["width"]
    assert widths["page"] <= widths["view"], widths
    assert widths["log"] <= widths["logView"], widths
    for control in (chat.input, chat.page.get_by_role("button", name="Send"), chat.picker):
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= MOBILE["width"]
    citation.evaluate("details => details.scrollIntoView({block: 'start'})")
    chat.screenshot("webchat-mobile.png")


def _fake_webhook(page: Page, body: object) -> None:
    """Answer the chat's message route with ``body`` (a renderer check; the real server is tested above)."""
    page.route(
        "**/webhooks/webchat/message",
        lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps({"messages": body})),
    )


def test_bot_text_is_shown_as_text_never_as_html(open_chat):
    chat = open_chat()
    hostile = '<img src=x onerror="window.owned=1"><b>bold</b>\nsecond line'
    _fake_webhook(
        chat.page,
        [
            {"text": hostile, "buttons": [{"title": "<i>x</i>", "payload": "/greet"}]},
            {"custom": {"citations": [{"citation": "<u>c</u>", "quote": "<script>window.owned=1</script>"}]}},
        ],
    )
    chat.ask("hello")
    bubble = chat.bot_text().first
    expect(bubble).to_have_text(hostile)
    assert bubble.inner_text().endswith("\nsecond line")
    expect(chat.page.get_by_role("button", name="<i>x</i>")).to_be_visible()
    expect(chat.page.locator("details.citation summary")).to_have_text("<u>c</u>")
    assert chat.page.locator("#log img, #log b, #log i, #log u, #log script").count() == 0
    assert chat.page.evaluate("window.owned") is None


def test_polite_error_when_the_server_does_not_answer(open_chat):
    chat = open_chat()
    chat.page.route("**/webhooks/webchat/message", lambda route: route.abort())
    chat.ask(HOLLAND_QUESTION)
    error = chat.page.locator(".msg.error")
    expect(error).to_contain_text("not answering right now")
    expect(chat.input).to_be_enabled()
    chat.errors.clear()  # the browser logs the failed request itself


def test_page_routes(servers):
    page = requests.get(f"{servers}/webhooks/webchat", timeout=10)
    assert page.status_code == 200 and page.url.endswith("/webhooks/webchat/")
    assert "default-src 'none'" in page.headers["Content-Security-Policy"]
    for asset in ("app.js", "style.css", "page.css", "letter.js"):
        assert requests.get(f"{servers}/webhooks/webchat/static/{asset}", timeout=10).status_code == 200
    for missing in ("static/nope.js", "static/..%2F..%2Fcredentials.yml", "static/index.html"):
        assert requests.get(f"{servers}/webhooks/webchat/{missing}", timeout=10).status_code == 404


# -- the conversation id: minted by the server, kept in an HttpOnly cookie ------------------------
def _session(servers: str) -> requests.Session:
    session = requests.Session()
    page = session.get(f"{servers}/webhooks/webchat/", timeout=10)
    assert page.status_code == 200
    return session


def test_the_server_mints_a_random_conversation_id_in_a_strict_httponly_cookie(servers):
    page = requests.get(f"{servers}/webhooks/webchat/", timeout=10)
    header = page.headers["Set-Cookie"]
    assert header.startswith("hc_chat=") and "HttpOnly" in header and "SameSite=Strict" in header
    assert "Path=/webhooks/webchat" in header
    ids = {_session(servers).cookies["hc_chat"] for _ in range(5)}
    assert len(ids) == 5 and all(len(i) == 32 for i in ids), "every browser gets its own id"
    again = _session(servers)
    first = again.cookies["hc_chat"]
    assert "Set-Cookie" not in again.get(f"{servers}/webhooks/webchat/", timeout=10).headers
    assert again.cookies["hc_chat"] == first, "a reload keeps the conversation"


def test_a_conversation_is_only_reachable_with_its_own_cookie(servers):
    alice, mallory = _session(servers), _session(servers)
    said = alice.post(
        f"{servers}/webhooks/webchat/message",
        json={"message": '/inform_municipality{"municipality": "dresser"}'},
        timeout=30,
    )
    assert said.status_code == 200 and said.json()["messages"]
    assert "recipient_id" not in json.dumps(said.json()), "the id never reaches the page's script"
    mine = alice.get(f"{servers}/webhooks/webchat/history", timeout=10).json()
    assert mine["municipality"] == "dresser" and mine["messages"][0] == {"role": "user", "text": "Village of Dresser"}
    theirs = mallory.get(f"{servers}/webhooks/webchat/history", timeout=10).json()
    assert theirs == {"municipality": None, "messages": []}
    # A client cannot name the conversation: a forged sender in the body is ignored.
    forged = mallory.post(
        f"{servers}/webhooks/webchat/message",
        json={"message": "hello", "sender": "web:" + alice.cookies["hc_chat"]},
        timeout=30,
    )
    assert forged.status_code == 200
    assert alice.get(f"{servers}/webhooks/webchat/history", timeout=10).json() == mine


@pytest.mark.parametrize(
    "headers, body",
    [
        ({}, b'{"message": "hello"}'),  # no content type (a cross-site beacon or no-cors fetch)
        ({"Content-Type": "text/plain"}, b'{"message": "hello"}'),
        ({"Content-Type": "application/x-www-form-urlencoded"}, b"message=hello"),
        ({"Content-Type": "multipart/form-data; boundary=x"}, b"--x--"),
    ],
)
def test_the_message_route_takes_json_only(servers, headers, body):
    session = _session(servers)
    reply = session.post(f"{servers}/webhooks/webchat/message", data=body, headers=headers, timeout=10)
    assert reply.status_code == 415 and "application/json" in reply.json()["error"]


def test_bad_requests_get_clear_answers(servers):
    session = _session(servers)
    url = f"{servers}/webhooks/webchat/message"
    assert session.post(url, data=b"{", headers={"Content-Type": "application/json"}, timeout=10).status_code == 400
    assert session.post(url, json={"message": 5}, timeout=10).status_code == 400
    assert session.post(url, json=["hello"], timeout=10).status_code == 400
    cookieless = requests.post(url, json={"message": "hello"}, timeout=10)
    assert cookieless.status_code == 400 and "Reload the page" in cookieless.json()["error"]
    forged = requests.post(url, json={"message": "hello"}, cookies={"hc_chat": "me"}, timeout=10)
    assert forged.status_code == 400, "only an id this server minted is taken"
    long = session.post(url, json={"message": "x" * 2001}, timeout=10)
    assert long.status_code == 200 and "too long" in long.json()["messages"][0]["text"]
    assert session.post(f"{servers}/webhooks/webchat/new", data=b"{}", timeout=10).status_code == 415


def test_new_mints_a_new_id(servers):
    session = _session(servers)
    before = session.cookies["hc_chat"]
    reply = session.post(f"{servers}/webhooks/webchat/new", json={}, timeout=10)
    assert reply.status_code == 200 and session.cookies["hc_chat"] != before


def test_the_message_route_is_rate_limited(tmp_path):
    from conftest import launched

    with launched(tmp_path / "state", RATE_LIMIT_SENDER="3/600") as base:
        session = _session(base)
        codes = [
            session.post(f"{base}/webhooks/webchat/message", json={"message": "hello"}, timeout=30).status_code
            for _ in range(5)
        ]
        assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]
        other = _session(base)  # another conversation is not held up
        assert other.post(f"{base}/webhooks/webchat/message", json={"message": "hello"}, timeout=30).status_code == 200


def test_shared_and_letter_links_that_name_nothing_known_are_polite_404s(servers):
    for query in (
        "",
        "m=holland",
        "m=nowhere&s=190-10",
        "m=holland&s=999-9",
        "m=holland&" + "&".join(["s=190-10"] * 13),
    ):
        for route in ("share", "letter"):
            reply = requests.get(f"{servers}/webhooks/webchat/{route}?{query}", timeout=10)
            assert reply.status_code == 404, (route, query)
            assert "text/html" in reply.headers["Content-Type"] and "<h1>" in reply.text


def test_history_shows_button_presses_by_their_titles_and_keeps_replies_apart():
    from bot.channels.webchat import history_messages

    buttons = [{"title": "Town of Holland", "payload": '/inform_municipality{"municipality": "holland"}'}]
    events = [
        {"event": "action", "name": "action_session_start"},
        {"event": "user", "text": "/ask_pests", "parse_data": {"entities": []}},
        {"event": "bot", "text": "Which municipality is the dwelling in?", "data": {"buttons": buttons}},
        {"event": "user", "text": buttons[0]["payload"], "parse_data": {"entities": []}},
        {"event": "bot", "text": "In the Town of Holland, …", "data": {"custom": {"municipality": "holland"}}},
        {
            "event": "user",
            "text": '/inform_municipality{"municipality": "amery"}',
            "parse_data": {"entities": [{"entity": "municipality", "value": "amery"}]},
        },
        {"event": "bot", "data": {}},  # nothing to show
    ]
    assert history_messages(events, {"amery": "City of Amery"}) == [
        {"role": "user", "hidden": True},
        {"role": "bot", "text": "Which municipality is the dwelling in?", "buttons": buttons},
        {"role": "user", "text": "Town of Holland"},
        {"role": "bot", "text": "In the Town of Holland, …", "custom": {"municipality": "holland"}},
        {"role": "user", "text": "City of Amery"},
    ]
