"""The SMS gateway (bot/channels/sms.py): Twilio's Messaging webhook in, TwiML out.

End to end: both servers started by the same launcher `make run` uses, with a Twilio auth token
and public base URL set, real HTTP requests signed as Twilio signs them. Plus the state store
and request helpers on their own.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
import yaml
from conftest import ROOT, launched
from twilio.request_validator import RequestValidator

from bot.channels.sms import FormParams, SmsChannel, SmsState, conversation_id, keyword, parse_form
from bot.channels.sms_format import MAX_MESSAGE_CHARS, MORE_FOOTER, is_gsm7, render, segments, strip_footer

# The page size configured for the SMS channel in bot/credentials.yml.
PAGE_SEGMENTS = yaml.safe_load((ROOT / "bot" / "credentials.yml").read_text(encoding="utf-8"))[
    "bot.channels.sms.SmsChannel"
]["segments_per_page"]
TOKEN = "test-twilio-auth-token-6f1c"
PUBLIC = "https://sms.example.test"
PATH = "/webhooks/sms/webhook"
HOLLAND_QUESTION = "Who is responsible for extermination in the Town of Holland?"
HOLLAND_CITATION = "[Town of Holland Code § 190-10, extermination paragraph]"
PHONES: set[str] = set()  # every number the tests text from; none may reach the log


# -- unit: state and helpers ---------------------------------------------------------------


def test_state_dedupes_message_sids_and_survives_reopening(tmp_path):
    state = SmsState(tmp_path / "sms.db")
    key = state.phone_key("+15550100001")
    assert state.claim("SM1") and not state.claim("SM1") and state.claim("SM2")
    state.set_stopped(key, True)
    state.save_pending(key, ["page 2", "page 3"], ["/inform_municipality"])
    state.close()
    again = SmsState(tmp_path / "sms.db")
    assert again.phone_key("+15550100001") == key  # the salt is kept
    assert not again.claim("SM1")
    assert again.is_stopped(key)
    assert again.next_page(key) == "page 2" and again.next_page(key) == "page 3" and again.next_page(key) is None
    assert again.options(key) == ["/inform_municipality"]
    again.close()


def test_state_never_stores_the_phone_number(tmp_path):
    state = SmsState(tmp_path / "sms.db")
    key = state.phone_key("+15550100002")
    assert "15550100002" not in key and len(key) == 16
    assert SmsState(tmp_path / "other.db").phone_key("+15550100002") != key  # salted per installation
    state.set_stopped(key, True)
    state.save_pending(key, ["p"], [])
    state.close()
    assert b"15550100002" not in (tmp_path / "sms.db").read_bytes()


def test_seen_message_sids_are_bounded(tmp_path):
    state = SmsState(tmp_path / "sms.db", seen_max=50, seen_ttl=3600, prune_every=10)
    for n in range(500):
        state.claim(f"SM{n}", now=1_000_000 + n)
    assert state.seen_count() <= 60
    assert not state.claim("SM499", now=1_000_500)  # the newest are still known
    state.prune(now=1_000_000 + 500 + 7200)  # all older than the TTL
    assert state.seen_count() == 0


def test_parse_form():
    params, error = parse_form(b"From=%2B15550100003&Body=caf%C3%A9+%26+more&Body=x&Empty=")
    assert error is None and params is not None
    assert params.first("From") == "+15550100003" and params.getall("Body") == ["café & more", "x"]
    assert params.first("Empty") == "" and params.first("Missing") is None
    assert parse_form(b"Body=%FF")[0] is None
    assert parse_form(b"Body=\xff")[0] is None
    assert parse_form(b"&".join(b"f%d=1" % n for n in range(1000)))[0] is None


def test_signature_over_form_params_matches_twilio():
    params = FormParams({"Body": ["hello"], "From": ["+15550100004"]})
    signature = RequestValidator(TOKEN).compute_signature(PUBLIC + PATH, {"Body": "hello", "From": "+15550100004"})
    assert RequestValidator(TOKEN).validate(PUBLIC + PATH, params, signature)


@pytest.mark.parametrize(
    ("text", "word"), [("stop", "STOP"), ("  Stop. ", "STOP"), ("STOP!", "STOP"), ("stop please", "STOP PLEASE")]
)
def test_keyword(text, word):
    assert keyword(text) == word


class FakeRequest:
    path = PATH
    scheme = "http"

    def __init__(self, query: str = "", host: str = "127.0.0.1:5005") -> None:
        self.query_string = query
        self.host = host
        self.url = f"http://{host}" + PATH + (f"?{query}" if query else "")


def test_signed_url_is_the_public_base_plus_path_behind_a_proxy(tmp_path):
    proxied = SmsChannel("secret", public_base_url=PUBLIC + "/", db_path=tmp_path / "sms.db")
    assert proxied.signed_url(FakeRequest()) == PUBLIC + PATH
    assert proxied.signed_url(FakeRequest("a=1&b=2")) == PUBLIC + PATH + "?a=1&b=2"
    with pytest.raises(ValueError, match="SMS_PUBLIC_BASE_URL"):  # never the bare Host header
        SmsChannel("secret", db_path=tmp_path / "sms.db")
    listed = SmsChannel("secret", db_path=tmp_path / "sms.db", allowed_hosts={"127.0.0.1:5005"})
    assert listed.signed_url(FakeRequest("a=1")) == "http://127.0.0.1:5005" + PATH + "?a=1"
    assert listed.signed_url(FakeRequest("a=1", host="evil.example")) is None


def test_channel_without_token_is_not_configured_and_says_so(monkeypatch, caplog, tmp_path):
    monkeypatch.delenv("HOUSING_TEST_UNSET_TOKEN", raising=False)
    monkeypatch.setenv("HOUSING_TEST_SMS_DB", str(tmp_path / "sms.db"))
    with caplog.at_level("WARNING"):
        channel = SmsChannel.from_credentials(
            {"auth_token_env": "HOUSING_TEST_UNSET_TOKEN", "db_env": "HOUSING_TEST_SMS_DB"}
        )
    assert channel.validator is None and channel.state is None
    assert "not configured" in caplog.text and "HOUSING_TEST_UNSET_TOKEN" in caplog.text
    assert not (tmp_path / "sms.db").exists()


def test_help_and_stop_texts_are_single_gsm7_messages(tmp_path):
    channel = SmsChannel("secret", public_base_url=PUBLIC, db_path=tmp_path / "sms.db")
    for text in (channel.help_text, channel.stop_text, channel.start_text):
        assert is_gsm7(text) and segments(text) <= PAGE_SEGMENTS
    assert "STOP" in channel.help_text and "START" in channel.stop_text


# -- end to end ------------------------------------------------------------------------------


@dataclass
class SmsServer:
    base: str
    log: Path
    tracker_db: Path
    sms_db: Path

    @property
    def url(self) -> str:
        return self.base + PATH

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def sms_server(tmp_path_factory):
    """Both servers via the launcher, with the SMS channel configured; yields an SmsServer."""
    state = tmp_path_factory.mktemp("sms")
    cleared = {k: None for k in os.environ if k.startswith(("SMS_", "TWILIO_"))}
    settings = {"SMS_DB": str(state / "sms.db"), "TWILIO_AUTH_TOKEN": TOKEN, "SMS_PUBLIC_BASE_URL": PUBLIC + "/"}
    with launched(state, **{**cleared, **settings}) as base:
        yield SmsServer(base, state / "servers.log", state / "tracker.db", state / "sms.db")


def new_phone() -> str:
    phone = "+1555" + str(uuid.uuid4().int)[:7]
    PHONES.add(phone)
    return phone


def twilio_form(phone: str, body: str | None, sid: str | None = None) -> dict[str, str]:
    form = {
        "ToCountry": "US",
        "SmsMessageSid": sid or "",
        "NumMedia": "0",
        "From": phone,
        "To": "+15550009999",
        "MessageSid": sid or "SM" + uuid.uuid4().hex,
        "AccountSid": "AC" + "0" * 32,
        "NumSegments": "1",
        "ApiVersion": "2010-04-01",
    }
    form["SmsMessageSid"] = form["MessageSid"]
    if body is not None:
        form["Body"] = body
    return form


def signature(form: dict[str, str], url: str = PUBLIC + PATH, token: str = TOKEN) -> str:
    return RequestValidator(token).compute_signature(url, form)


def post(server: SmsServer, form: dict[str, str], sign: bool = True) -> requests.Response:
    headers = {"X-Twilio-Signature": signature(form)} if sign else {}
    return requests.post(server.url, data=form, headers=headers, timeout=30)


def message_of(response: requests.Response) -> str | None:
    """The text of the TwiML <Message>, or None for an empty <Response/>."""
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/xml")
    assert response.text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(response.content)
    assert root.tag == "Response"
    messages = root.findall("Message")
    assert len(messages) <= 1
    return messages[0].text if messages else None


def sms(server: SmsServer, phone: str, body: str, sid: str | None = None) -> str | None:
    return message_of(post(server, twilio_form(phone, body, sid)))


def read_all_pages(server: SmsServer, phone: str, first: str) -> list[str]:
    pages = [first]
    while pages[-1].endswith(MORE_FOOTER):
        assert len(pages) < 30
        page = sms(server, phone, "MORE")
        assert page is not None
        pages.append(page)
    return pages


def conversation_of(server: SmsServer, phone: str) -> str:
    """The texter's conversation id: ``sms:`` + the salted hash (the number itself is never stored)."""
    state = SmsState(server.sms_db)
    try:
        return conversation_id(state.phone_key(phone))
    finally:
        state.close()


def user_turns(server: SmsServer, phone: str) -> list[str]:
    """What the tracker store recorded the user saying in this conversation."""
    with sqlite3.connect(server.tracker_db) as db:
        rows = db.execute(
            "select data from events where sender_id = ? and type_name = 'user' order by id",
            (conversation_of(server, phone),),
        ).fetchall()
        assert not db.execute("select 1 from events where sender_id = ?", (phone,)).fetchone()
    return [json.loads(data).get("text") for (data,) in rows]


@pytest.mark.servers
def test_signed_question_gets_the_cited_holland_answer_as_twiml(sms_server, kb):
    phone = new_phone()
    first = sms(sms_server, phone, HOLLAND_QUESTION)
    assert first is not None and first.startswith("In the Town of Holland")
    pages = read_all_pages(sms_server, phone, first)
    whole = "\n".join(strip_footer(p) for p in pages)
    assert HOLLAND_CITATION in whole
    quote = re.search(re.escape(HOLLAND_CITATION) + r' "([^"]+)\.\.\."', whole)
    assert quote and kb.section("holland", "190-10E").text.startswith(quote.group(1))
    assert quote.group(1).startswith("Every occupant of a dwelling containing a single dwelling unit")
    assert "Source:" not in whole and "**" not in whole
    for page in pages:
        assert is_gsm7(page) and segments(page) <= PAGE_SEGMENTS


@pytest.mark.servers
def test_unsigned_request_is_refused(sms_server):
    phone = new_phone()
    response = post(sms_server, twilio_form(phone, HOLLAND_QUESTION), sign=False)
    assert response.status_code == 403
    assert user_turns(sms_server, phone) == []


@pytest.mark.servers
@pytest.mark.parametrize(
    "forge",
    [
        pytest.param(lambda form: "not-a-signature", id="garbage"),
        pytest.param(lambda form: signature(form, token="some-other-token"), id="other-token"),
        pytest.param(lambda form: signature({**form, "Body": "something else"}), id="other-body"),
        pytest.param(lambda form: signature(form, url="https://attacker.example" + PATH), id="other-host"),
        pytest.param(lambda form: signature(form, url=PUBLIC + "/webhooks/rest/webhook"), id="other-path"),
    ],
)
def test_wrong_signature_is_refused(sms_server, forge):
    phone = new_phone()
    form = twilio_form(phone, HOLLAND_QUESTION)
    response = requests.post(sms_server.url, data=form, headers={"X-Twilio-Signature": forge(form)}, timeout=30)
    assert response.status_code == 403
    assert user_turns(sms_server, phone) == []


@pytest.mark.servers
def test_signature_for_the_internal_url_is_refused_behind_the_proxy(sms_server):
    """With SMS_PUBLIC_BASE_URL set, only the public URL Twilio called counts."""
    form = twilio_form(new_phone(), "hello")
    response = requests.post(
        sms_server.url, data=form, headers={"X-Twilio-Signature": signature(form, url=sms_server.url)}, timeout=30
    )
    assert response.status_code == 403


@pytest.mark.servers
def test_query_string_is_part_of_the_signed_url(sms_server):
    form = twilio_form(new_phone(), "HELP")
    url = sms_server.url + "?tenant=landlords"
    signed = signature(form, url=PUBLIC + PATH + "?tenant=landlords")
    assert "STOP" in (
        message_of(requests.post(url, data=form, headers={"X-Twilio-Signature": signed}, timeout=30)) or ""
    )
    unsigned_query = signature(form)  # signed without the query Twilio called with
    assert requests.post(url, data=form, headers={"X-Twilio-Signature": unsigned_query}, timeout=30).status_code == 403


@pytest.mark.servers
def test_stop_confirms_once_then_silence_until_start(sms_server):
    phone = new_phone()
    confirmation = sms(sms_server, phone, "STOP")
    assert confirmation is not None and "unsubscribed" in confirmation and "START" in confirmation
    assert sms(sms_server, phone, HOLLAND_QUESTION) is None
    assert sms(sms_server, phone, "stop") is None  # no second confirmation
    assert sms(sms_server, phone, "MORE") is None
    assert HOLLAND_QUESTION not in user_turns(sms_server, phone)  # the bot never saw it
    help_text = sms(sms_server, phone, "HELP")  # HELP is still answered: it says how to come back
    assert help_text is not None and "STOP" in help_text
    resumed = sms(sms_server, phone, "Start")
    assert resumed is not None and "subscribed again" in resumed
    answer = sms(sms_server, phone, HOLLAND_QUESTION)
    assert answer is not None and answer.startswith("In the Town of Holland")


@pytest.mark.servers
@pytest.mark.parametrize("word", ["STOPALL", "unsubscribe", "Cancel", "END", "quit"])
def test_carrier_stop_synonyms(sms_server, word):
    phone = new_phone()
    assert "unsubscribed" in (sms(sms_server, phone, word) or "")
    assert sms(sms_server, phone, "hello") is None
    assert "subscribed again" in (sms(sms_server, phone, "UNSTOP") or "")
    assert sms(sms_server, phone, "hello") is not None


@pytest.mark.servers
def test_yes_resumes_only_when_stopped(sms_server):
    phone = new_phone()
    assert sms(sms_server, phone, "yes") is not None
    assert "subscribed again" not in (sms(sms_server, phone, "yes") or "")
    sms(sms_server, phone, "STOP")
    assert "subscribed again" in (sms(sms_server, phone, "YES") or "")


@pytest.mark.servers
@pytest.mark.parametrize("word", ["HELP", "help", "INFO"])
def test_help_describes_the_service_and_how_to_stop(sms_server, word):
    phone = new_phone()
    text = sms(sms_server, phone, word)
    assert text is not None
    assert "housing code" in text and "not legal advice" in text and "Reply STOP" in text
    assert "Msg&data" in text  # XML-escaped on the wire, parsed back here
    assert is_gsm7(text) and segments(text) <= PAGE_SEGMENTS
    assert user_turns(sms_server, phone) == []  # the channel answers HELP itself


@pytest.mark.servers
def test_more_pages_carry_the_whole_answer(sms_server):
    phone = new_phone()
    first = sms(sms_server, phone, HOLLAND_QUESTION)
    assert first is not None and re.search(r"\(1/\d+\) " + MORE_FOOTER + "$", first)
    pages = read_all_pages(sms_server, phone, first)
    assert len(pages) > 1
    for page in pages:
        assert len(page) <= MAX_MESSAGE_CHARS
    # the same answer through the REST channel, rendered for SMS, is exactly what the pages carry
    rest = requests.post(
        f"{sms_server.base}/webhooks/rest/webhook",
        json={"sender": "sms-more-rest", "message": HOLLAND_QUESTION},
        timeout=30,
    ).json()
    expected = render(rest).text
    assert "\n".join(strip_footer(p) for p in pages).split() == expected.split()
    assert "whole answer" in (sms(sms_server, phone, "more") or "")


@pytest.mark.servers
def test_buttons_become_numbers_and_a_number_answers_the_pending_question(sms_server):
    phone = new_phone()
    question = sms(sms_server, phone, "who has to exterminate the roaches")
    assert question is not None and question.startswith("Which municipality")
    assert "Reply 1 for Town of Holland, 2 for Town of Howard" in question
    assert re.search(r"5 for [A-Z]", question) and not re.search(r"6 for", question)
    assert sms(sms_server, phone, "9") == "Please reply with a number from 1 to 5, or text your question."
    answer = sms(sms_server, phone, "1")
    assert answer is not None and answer.startswith("In the Town of Holland")
    whole = "\n".join(strip_footer(p) for p in read_all_pages(sms_server, phone, answer))
    assert HOLLAND_CITATION in whole
    turns = user_turns(sms_server, phone)
    assert turns[1].startswith("/inform_municipality") and "holland" in turns[1]  # button 1's payload
    assert "1" not in turns and "9" not in turns  # the numbers themselves never reached the bot


@pytest.mark.servers
def test_retried_message_sid_is_not_answered_or_processed_twice(sms_server):
    phone = new_phone()
    sid = "SM" + uuid.uuid4().hex
    form = twilio_form(phone, HOLLAND_QUESTION, sid)
    first = message_of(post(sms_server, form))
    assert first is not None and first.startswith("In the Town of Holland")
    assert message_of(post(sms_server, form)) is None
    assert message_of(post(sms_server, form)) is None
    assert user_turns(sms_server, phone).count(HOLLAND_QUESTION) == 1
    # a retried MORE does not skip a page either
    more_sid = "SM" + uuid.uuid4().hex
    second = sms(sms_server, phone, "MORE", more_sid)
    # page 2, whatever the page size: the answer in full words after the verdict's first page
    assert second is not None and second.startswith("In the Town of Holland, who is responsible")
    assert sms(sms_server, phone, "MORE", more_sid) is None
    third = sms(sms_server, phone, "MORE")
    assert third is not None and third != second


@pytest.mark.servers
@pytest.mark.parametrize("body", ["", "   ", "\x00\x07\n", None], ids=["empty", "blank", "control", "missing"])
def test_empty_body_gets_a_clear_sms(sms_server, body):
    text = message_of(post(sms_server, twilio_form(new_phone(), body)))
    assert text is not None and "empty message" in text


@pytest.mark.servers
def test_media_only_message_gets_a_clear_sms(sms_server):
    form = {**twilio_form(new_phone(), ""), "NumMedia": "1", "MediaUrl0": "https://api.twilio.com/x.jpg"}
    assert "only read text" in (message_of(post(sms_server, form)) or "")


@pytest.mark.servers
def test_very_long_body_gets_a_clear_sms(sms_server):
    phone = new_phone()
    text = message_of(post(sms_server, twilio_form(phone, "pests " * 3334)))
    assert text is not None and "too long" in text and "1,600" in text
    assert user_turns(sms_server, phone) == []


@pytest.mark.servers
def test_xml_special_characters_are_escaped(sms_server):
    text = sms(sms_server, new_phone(), '<Response>&"</Message> Who exterminates in Holland?')
    assert text is not None  # the reply parsed as XML: nothing leaked into the markup


@pytest.mark.servers
@pytest.mark.parametrize(
    ("form", "status"),
    [
        pytest.param({"Body": "hi", "MessageSid": "SMnofrom"}, 400, id="no-from"),
        pytest.param({"Body": "hi", "From": "+15550100099"}, 400, id="no-message-sid"),
        pytest.param({}, 400, id="no-fields"),
        pytest.param({"Body": "hi", "From": "+1" * 100, "MessageSid": "SMlongfrom"}, 400, id="long-from"),
    ],
)
def test_missing_fields_are_a_400(sms_server, form, status):
    headers = {"X-Twilio-Signature": signature(form), "Content-Type": "application/x-www-form-urlencoded"}
    response = requests.post(sms_server.url, data=form, headers=headers, timeout=30)
    assert response.status_code == status, response.text


@pytest.mark.servers
@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        pytest.param(
            b"Body=%FF%FE&From=%2B15550100098&MessageSid=SMx",
            "application/x-www-form-urlencoded",
            400,
            id="bad-utf8-escaped",
        ),
        pytest.param(b"Body=\xff\xfe&From=%2B15550100098", "application/x-www-form-urlencoded", 400, id="bad-utf8-raw"),
        pytest.param(b'{"Body": "hi"}', "application/json", 415, id="json"),
        pytest.param(b"Body=hi", "text/plain", 415, id="text"),
        pytest.param(b"Body=hi", None, 415, id="no-content-type"),
        pytest.param(b"Body=" + b"a" * 1_000_000, "application/x-www-form-urlencoded", 413, id="huge"),
    ],
)
def test_malformed_requests_are_4xx_not_500(sms_server, body, content_type, status):
    headers = {"X-Twilio-Signature": "x"}
    if content_type:
        headers["Content-Type"] = content_type
    response = requests.post(sms_server.url, data=body, headers=headers, timeout=30)
    assert response.status_code == status, response.text


@pytest.mark.servers
def test_health_says_configured(sms_server):
    assert requests.get(sms_server.base + "/webhooks/sms/", timeout=10).json() == {"status": "ok"}


@pytest.mark.servers
def test_phone_numbers_never_reach_the_log(sms_server):
    phone = new_phone()
    assert sms(sms_server, phone, HOLLAND_QUESTION) is not None
    sms(sms_server, phone, "STOP")
    log = sms_server.log_text()
    assert re.search(r"SMS from [0-9a-f]{16}", log)  # the salted hash stands in
    for number in PHONES:
        assert number.lstrip("+") not in log, f"{number} appears in the server log"


@pytest.mark.servers
def test_sms_channel_without_token_refuses_and_logs(servers, tmp_path_factory):
    """`make run` without TWILIO_AUTH_TOKEN: the server starts, the SMS channel refuses with a 403."""
    if os.environ.get("TWILIO_AUTH_TOKEN"):
        pytest.skip("TWILIO_AUTH_TOKEN is set in this environment")
    form = twilio_form(new_phone(), "hello")
    response = requests.post(
        f"{servers}{PATH}",
        data=form,
        headers={"X-Twilio-Signature": signature(form, url=f"{servers}{PATH}")},
        timeout=30,
    )
    assert response.status_code == 403
    assert requests.get(f"{servers}/webhooks/sms/", timeout=10).json() == {"status": "not configured"}
    logs = list(tmp_path_factory.getbasetemp().glob("state*/servers.log"))
    if logs:  # the shared `servers` fixture logs to <basetemp>/state*/servers.log
        assert any(
            "not configured (TWILIO_AUTH_TOKEN is not set): request refused" in p.read_text(errors="replace")
            for p in logs
        )
