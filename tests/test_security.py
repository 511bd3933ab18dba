"""Security: Rasa's HTTP API only with a token, CORS only for the web chat's origin, rate limits on
the public channels, and no message text or phone numbers in the logs.
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import subprocess
import sys
import time
import uuid
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
import stack
from conftest import ROOT
from twilio.request_validator import RequestValidator

from bot.rasa_server import NO_TOKEN, with_api_token
from bot.ratelimit import RateLimiter, retry_after

API_TOKEN = "security-api-token-" + uuid.uuid4().hex
TWILIO_TOKEN = "security-twilio-token"
PUBLIC = "https://sms.example.org"
CHAT_ORIGIN = "https://chat.example.org"
MARKER = "zebra-" + uuid.uuid4().hex[:10]  # a word that can only reach the logs by logging message text
PHONE = "+1555" + str(uuid.uuid4().int)[:7]


@pytest.fixture(scope="module")
def secured(tmp_path_factory):
    """Both servers with an API token, one allowed browser origin, and small rate limits."""
    servers = stack.start(
        tmp_path_factory.mktemp("security"),
        RASA_AUTH_TOKEN=API_TOKEN,
        RASA_CORS_ORIGINS=CHAT_ORIGIN,
        TWILIO_AUTH_TOKEN=TWILIO_TOKEN,
        SMS_PUBLIC_BASE_URL=PUBLIC,
        RATE_LIMIT_SENDER="3/60",
        RATE_LIMIT_IP="12/60",
        RATE_LIMIT_SMS="2/600",
    )
    yield servers
    servers.stop()


def rest(base: str, sender: str, message: str) -> requests.Response:
    return requests.post(f"{base}/webhooks/rest/webhook", json={"sender": sender, "message": message}, timeout=60)


def sms(base: str, phone: str, body: str) -> requests.Response:
    form = {"From": phone, "To": "+15550001111", "Body": body, "MessageSid": "SM" + uuid.uuid4().hex}
    url = f"{PUBLIC}/webhooks/sms/webhook"
    signature = RequestValidator(TWILIO_TOKEN).compute_signature(url, form)
    return requests.post(
        f"{base}/webhooks/sms/webhook", data=form, headers={"X-Twilio-Signature": signature}, timeout=60
    )


def twiml_text(response: requests.Response) -> str:
    return "".join(m.text or "" for m in ET.fromstring(response.content).iter("Message"))


# -- the HTTP API ---------------------------------------------------------------------------------
@pytest.mark.servers
def test_the_api_needs_the_token(secured):
    sender = "api-" + uuid.uuid4().hex[:6]
    assert rest(secured.base, sender, "hello").status_code == 200  # the channels need no token
    url = f"{secured.base}/conversations/{sender}/tracker"
    assert requests.get(url, timeout=10).status_code == 401
    assert requests.get(url, params={"token": "wrong"}, timeout=10).status_code == 401
    assert (
        requests.post(f"{secured.base}/conversations/{sender}/messages", json={"text": "hi"}, timeout=10).status_code
        == 401
    )
    assert requests.get(f"{secured.base}/status", timeout=10).status_code == 401
    tracker = requests.get(url, params={"token": API_TOKEN}, timeout=10)
    assert tracker.status_code == 200 and tracker.json()["sender_id"] == sender


@pytest.mark.servers
def test_the_token_is_not_on_any_command_line(secured):
    for pid in [secured.process.pid, *secured.server_pids().values()]:
        assert API_TOKEN.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes()


@pytest.mark.servers
def test_without_a_token_the_api_is_off(servers):
    assert requests.get(f"{servers}/conversations/someone/tracker", timeout=10).status_code == 404
    assert requests.get(f"{servers}/status", timeout=10).status_code == 404


def test_the_api_is_never_switched_on_without_a_token():
    assert with_api_token(["run", "--port", "1"], {}) == ["run", "--port", "1"]
    assert with_api_token(["run"], {"RASA_AUTH_TOKEN": "t"}) == ["run", "--enable-api", "--auth-token", "t"]
    assert with_api_token(["train"], {"RASA_AUTH_TOKEN": "t"}) == ["train"]
    with pytest.raises(SystemExit, match="RASA_AUTH_TOKEN"):
        with_api_token(["run", "--enable-api"], {})
    result = subprocess.run(
        [sys.executable, "-m", "bot.rasa_server", "run", "--enable-api"],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "RASA_TELEMETRY_ENABLED": "false"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0 and NO_TOKEN in result.stderr


# -- CORS -------------------------------------------------------------------------------------------
def preflight(base: str, origin: str) -> requests.Response:
    return requests.options(
        f"{base}/webhooks/rest/webhook",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
        timeout=10,
    )


@pytest.mark.servers
def test_cors_allows_only_the_configured_origin(secured):
    assert preflight(secured.base, CHAT_ORIGIN).headers.get("access-control-allow-origin") == CHAT_ORIGIN
    for other in ("https://evil.example", secured.base, "null"):
        assert "access-control-allow-origin" not in preflight(secured.base, other).headers
    sent = requests.post(
        f"{secured.base}/webhooks/rest/webhook",
        json={"sender": "cors-" + uuid.uuid4().hex[:6], "message": "hello"},
        headers={"Origin": "https://evil.example"},
        timeout=30,
    )
    assert "access-control-allow-origin" not in sent.headers  # a browser would not hand the answer over


@pytest.mark.servers
def test_cors_by_default_is_the_servers_own_origin(servers):
    """The web chat is served by the Rasa server itself: its origin is the only one allowed by default."""
    port = servers.rsplit(":", 1)[1]
    own = f"http://localhost:{port}"
    assert preflight(servers, own).headers.get("access-control-allow-origin") == own
    assert "access-control-allow-origin" not in preflight(servers, "https://evil.example").headers


# -- logs --------------------------------------------------------------------------------------------
@pytest.mark.servers
def test_logs_hold_no_message_text_and_no_phone_numbers(secured):
    assert rest(secured.base, "log-" + uuid.uuid4().hex[:6], f"who exterminates {MARKER} in Holland").status_code == 200
    assert sms(secured.base, PHONE, f"heat {MARKER} in Amery").status_code == 200
    assert sms(secured.base, PHONE, "/restart").status_code == 200
    log = secured.log_text()
    assert MARKER not in log
    assert PHONE not in log and PHONE[1:] not in log
    assert not re.search(r"^\S+ \S+ DEBUG ", log, re.M)  # the launcher runs at INFO


# -- rate limits --------------------------------------------------------------------------------------
def test_token_bucket_refills_at_its_rate():
    limiter = RateLimiter.from_spec("3/60")
    assert [limiter.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limiter.take("a", now=0.0)
    assert wait == pytest.approx(20.0) and retry_after(wait) == 20
    assert limiter.take("b", now=0.0) == 0.0  # per key
    assert limiter.take("a", now=20.0) == 0.0  # one token back after 20 s
    assert limiter.take("a", now=20.0) > 0
    assert limiter.first_refusal("a") and not limiter.first_refusal("a")
    limiter.take("a", now=100.0)
    limiter.forget_idle(now=1000.0)
    assert len(limiter) == 0


@pytest.mark.parametrize("spec", ["", "off", "0", "OFF"])
def test_a_limit_can_be_switched_off(spec):
    assert RateLimiter.from_spec(spec) is None


@pytest.mark.parametrize("spec", ["lots", "5", "5/0", "0/60", "-1/60", "5/-3"])
def test_a_malformed_limit_is_refused(spec):
    with pytest.raises(ValueError, match="N/S"):
        RateLimiter.from_spec(spec)


def test_the_key_count_is_bounded():
    limiter = RateLimiter(1, 60, max_keys=100)
    for i in range(1000):
        limiter.take(f"sender-{i}", now=0.0)
    assert len(limiter) == 100


@pytest.mark.servers
def test_rest_limits_one_sender_politely(secured):
    sender = "flood-" + uuid.uuid4().hex[:6]
    assert [rest(secured.base, sender, "hello").status_code for _ in range(3)] == [200, 200, 200]
    refused = rest(secured.base, sender, "hello")
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert "faster than I can answer" in refused.json()["error"]
    assert rest(secured.base, "calm-" + uuid.uuid4().hex[:6], "hello").status_code == 200  # others are not affected


@pytest.mark.servers
def test_rest_limits_one_address(secured):
    codes = [rest(secured.base, f"many-{i}-{uuid.uuid4().hex[:4]}", "hi").status_code for i in range(14)]
    assert 429 in codes and codes[0] == 200
    refused = rest(secured.base, "one-more", "hi")
    assert refused.status_code == 429 and refused.json()["error"]


@pytest.mark.servers
def test_sms_limits_one_phone_politely_and_stop_always_works(secured):
    phone = "+1555" + str(uuid.uuid4().int)[:7]
    first, second = sms(secured.base, phone, "hello"), sms(secured.base, phone, "who exterminates in Holland")
    assert first.status_code == second.status_code == 200 and twiml_text(second)
    third = sms(secured.base, phone, "and the heat?")
    assert third.status_code == 200 and "texting faster than I can answer" in twiml_text(third)
    fourth = sms(secured.base, phone, "hello?")
    assert fourth.status_code == 200 and twiml_text(fourth) == ""  # told once, then quiet
    stop = sms(secured.base, phone, "STOP")
    assert "unsubscribed" in twiml_text(stop)
    other = sms(secured.base, "+1555" + str(uuid.uuid4().int)[:7], "hello")
    assert twiml_text(other) and "faster" not in twiml_text(other)


# == issue 14: identity, a closed action server, one rate-limit policy, retention ====================
CLERK = "clerk-token-" + uuid.uuid4().hex
ACTION_TOKEN = "action-token-" + uuid.uuid4().hex
DAY = 86400.0
SEEDED_OLD, SEEDED_NEW = "seeded-old-" + uuid.uuid4().hex[:8], "seeded-new-" + uuid.uuid4().hex[:8]


def seed_state(state: Path) -> None:
    """Before the servers start: a conversation idle for 100 days and one from yesterday (Rasa's table),
    and SMS records of both ages."""
    import sqlite3

    from bot.channels.sms import SmsState

    now = time.time()
    with sqlite3.connect(state / "tracker.db") as db:
        db.execute(
            "create table events (id integer primary key, sender_id varchar(255) not null, type_name varchar(255) "
            "not null, timestamp float, intent_name varchar(255), action_name varchar(255), data text)"
        )
        for sender, when in ((SEEDED_OLD, now - 100 * DAY), (SEEDED_NEW, now - DAY)):
            event = {"event": "user", "timestamp": when, "text": "is the heat warm enough?", "parse_data": {}}
            db.execute(
                "insert into events (sender_id, type_name, timestamp, data) values (?, 'user', ?, ?)",
                (sender, when, json.dumps(event)),
            )
    sms_state = SmsState(state / "sms.db")
    sms_state.claim("SMold", now=now - 100 * DAY)
    sms_state.claim("SMnew", now=now - DAY)
    sms_state.close()


@pytest.fixture(scope="module")
def private(tmp_path_factory):
    """Both servers with the default rate limits, SMS, the API, a clerk token, an action-server token and a
    small wrong-token allowance; the state folder seeded with records older than the retention period."""
    state = tmp_path_factory.mktemp("private")
    seed_state(state)
    servers = stack.start(
        state,
        RASA_AUTH_TOKEN=API_TOKEN,
        TWILIO_AUTH_TOKEN=TWILIO_TOKEN,
        SMS_PUBLIC_BASE_URL=PUBLIC,
        CLERK_TOKEN=CLERK,
        ACTION_SERVER_TOKEN=ACTION_TOKEN,
        RATE_LIMIT_CLERK_TOKEN="3/600",
    )
    yield servers
    servers.stop()


def tracker_events(base: str, sender: str) -> list[dict]:
    response = requests.get(f"{base}/conversations/{sender}/tracker", params={"token": API_TOKEN}, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["events"]


def user_texts(base: str, sender: str) -> list[str]:
    return [e.get("text") for e in tracker_events(base, sender) if e.get("event") == "user"]


def sms_conversation(servers: stack.Stack, phone: str) -> str:
    from bot.channels.sms import SmsState, conversation_id

    state = SmsState(servers.env["SMS_DB"])
    try:
        return conversation_id(state.phone_key(phone))
    finally:
        state.close()


def review(base: str, **params: str) -> requests.Response:
    return requests.get(
        f"{base}/webhooks/clerk/api/review",
        params=params,
        headers={"Authorization": f"Bearer {CLERK}"},
        timeout=120,
    )


def listening(port: int) -> list[str]:
    """The local addresses of the listening TCP sockets on ``port`` (from /proc/net/tcp and tcp6)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            address, hex_port = fields[1].rsplit(":", 1)
            if fields[3] == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                raw = bytes.fromhex(address)
                # /proc prints each 32-bit word in host (little-endian) order
                words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
                found.append(str(ipaddress.ip_address(words)))
    return found


# -- conversation ids -----------------------------------------------------------------------------------
@pytest.mark.servers
def test_a_rest_caller_using_a_texters_number_sees_a_new_empty_conversation(private):
    phone = "+1555" + str(uuid.uuid4().int)[:7]
    assert "Holland" in twiml_text(sms(private.base, phone, "who has to exterminate in the Town of Holland?"))
    texted = sms_conversation(private, phone)
    assert user_texts(private.base, texted) == ["who has to exterminate in the Town of Holland?"]
    # The same number as a REST sender: a conversation of its own, with nothing of the texter's in it.
    assert user_texts(private.base, phone) == []
    reply = requests.post(
        f"{private.base}/webhooks/rest/webhook", json={"sender": phone, "message": "and the heating?"}, timeout=60
    )
    assert reply.status_code == 200
    assert "Which municipality" in " ".join(m.get("text") or "" for m in reply.json())  # no town learnt
    assert user_texts(private.base, phone) == ["and the heating?"]
    assert user_texts(private.base, texted) == ["who has to exterminate in the Town of Holland?"]  # untouched
    # Nor can it name the texter's conversation, a web chat's or the desk's.
    for taken in (texted, "web:" + uuid.uuid4().hex, "clerk-" + uuid.uuid4().hex[:12], "SMS:" + texted[4:]):
        refused = requests.post(
            f"{private.base}/webhooks/rest/webhook", json={"sender": taken, "message": "/restart"}, timeout=30
        )
        assert refused.status_code == 400 and "may not start with" in refused.json()["error"], taken
    assert user_texts(private.base, texted) == ["who has to exterminate in the Town of Holland?"]
    assert phone not in json.dumps(tracker_events(private.base, texted))


@pytest.mark.servers
def test_client_metadata_and_the_clerk_prefix_cannot_hide_a_conversation(private):
    sender = "hider-" + uuid.uuid4().hex[:8]
    sent = requests.post(
        f"{private.base}/webhooks/rest/webhook",
        json={"sender": sender, "message": "asdf qwerty zxcv blorp?", "metadata": {"role": "clerk"}},
        timeout=60,
    )
    assert sent.status_code == 200
    listed = review(private.base)
    assert listed.status_code == 200, listed.text
    assert sender in {item["sender"] for item in listed.json()["items"]}
    assert all(e.get("metadata", {}).get("role") != "clerk" for e in tracker_events(private.base, sender))


@pytest.mark.servers
def test_the_review_list_shows_a_texter_by_hash_never_by_number(private):
    phone = "+1555" + str(uuid.uuid4().int)[:7]
    assert sms(private.base, phone, "asdf qwerty zxcv blorp?").status_code == 200
    listed = review(private.base)
    assert listed.status_code == 200
    assert sms_conversation(private, phone) in {item["sender"] for item in listed.json()["items"]}
    assert phone[1:] not in listed.text and phone[-7:] not in listed.text


def test_phone_like_ids_are_masked_to_two_digits():
    from bot.channels.clerk import display_sender

    assert display_sender("+15551234567") == "•" * 9 + "67"
    assert display_sender("whatsapp:+15551234567").endswith("67") and "555123" not in display_sender("+15551234567")
    assert display_sender("sms:0123456789abcdef") == "sms:0123456789abcdef"
    assert display_sender("resident-7") == "resident-7"
    web = display_sender("web:secret-cookie-value")
    assert web.startswith("web:") and "secret" not in web


# -- the action server --------------------------------------------------------------------------------------
@pytest.mark.servers
def test_the_action_server_listens_on_loopback_only(private):
    port = int(private.env["ACTION_PORT"])
    addresses = listening(port)
    assert addresses and all(ipaddress.ip_address(a).is_loopback for a in addresses), addresses
    # the Rasa server still reaches it (with the token) and answers from the texts
    reply = rest(private.base, "actions-" + uuid.uuid4().hex[:6], "who has to exterminate in the Town of Holland?")
    assert reply.status_code == 200 and "190-10" in str(reply.json())


@pytest.mark.servers
def test_the_action_server_needs_its_token_and_echoes_nothing(private):
    webhook = f"http://127.0.0.1:{private.env['ACTION_PORT']}/webhook"
    call = {"next_action": "action_answer_topic", "tracker": {"sender_id": MARKER}, "domain": {}}
    assert requests.post(webhook, json=call, timeout=30).status_code == 401
    wrong = requests.post(webhook, json=call, headers={"Authorization": "Bearer nope"}, timeout=30)
    assert wrong.status_code == 401
    auth = {"Authorization": f"Bearer {ACTION_TOKEN}"}
    for junk in (b"not json " + MARKER.encode(), b"[1, 2]", json.dumps({"tracker": MARKER}).encode()):
        bad = requests.post(webhook, data=junk, headers={**auth, "Content-Type": "application/json"}, timeout=30)
        assert bad.status_code == 400 and MARKER not in bad.text and bad.json()["error"]
    forged = requests.post(webhook, json=call, headers=auth, timeout=30)  # a forged, nearly empty tracker
    assert forged.status_code in (200, 400, 500) and MARKER not in forged.text
    log = private.log_text()
    assert MARKER not in log and "Traceback" not in log


def test_the_action_server_refuses_to_listen_wider_without_a_token():
    env = {k: v for k, v in os.environ.items() if not k.startswith("ACTION_SERVER_")}
    result = subprocess.run(
        [sys.executable, "-m", "bot.action_server", "--host", "0.0.0.0", "--port", str(stack.free_port())],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and "ACTION_SERVER_TOKEN" in result.stderr


# -- routes: content types, limits, the clerk token, the banner ------------------------------------------------
@pytest.mark.servers
def test_a_post_without_a_content_type_is_refused(private):
    body = json.dumps({"sender": "beacon-" + uuid.uuid4().hex[:6], "message": "/restart"}).encode()
    bare = requests.Request("POST", f"{private.base}/webhooks/rest/webhook", data=body).prepare()
    bare.headers.pop("Content-Type", None)
    with requests.Session() as session:
        assert session.send(bare, timeout=30).status_code == 415
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        sent = requests.post(
            f"{private.base}/webhooks/rest/webhook", data=body, headers={"Content-Type": kind}, timeout=30
        )
        assert sent.status_code == 415, kind
    ask = requests.post(
        f"{private.base}/webhooks/clerk/api/ask",
        data=json.dumps({"question": "heat?"}),
        headers={"Content-Type": "text/plain"},
        timeout=30,
    )
    assert ask.status_code == 415 and ask.json()["error"]


@pytest.mark.servers
def test_ninety_quick_questions_at_the_clerk_desk_get_429s(private):
    url = f"{private.base}/webhooks/clerk/api/ask"
    first = requests.post(url, json={"question": "hello"}, timeout=60)
    assert first.status_code == 200, first.text
    session = first.json()["session"]

    def ask(_: int) -> requests.Response:
        return requests.post(url, json={"question": "hello", "session": session}, timeout=120)

    with ThreadPoolExecutor(max_workers=8) as pool:  # quick: eight at a time, as a script would send them
        responses = list(pool.map(ask, range(89)))
    codes = [first.status_code, *(r.status_code for r in responses)]
    assert set(codes) == {200, 429} and codes.count(200) >= 60, codes  # the 60-message burst, then 429s
    refused = next(r for r in responses if r.status_code == 429)
    assert int(refused.headers["retry-after"]) >= 1 and "faster than I can answer" in refused.json()["error"]
    other = requests.post(url, json={"question": "hello"}, timeout=60)  # another session is not affected
    assert other.status_code == 200


@pytest.mark.servers
def test_the_server_banner_names_no_version(private):
    import rasa

    root = requests.get(f"{private.base}/", timeout=10)
    assert root.status_code == 200
    assert "Rasa" not in root.text and rasa.__version__ not in root.text


@pytest.mark.servers
def test_the_clerk_token_in_the_url_is_refused_and_wrong_ones_are_throttled(private):
    url = f"{private.base}/webhooks/clerk/api/review"
    in_url = requests.get(url, params={"token": CLERK}, timeout=30)
    assert in_url.status_code == 400 and "Authorization" in in_url.json()["error"]
    both = requests.get(url, params={"token": CLERK}, headers={"Authorization": f"Bearer {CLERK}"}, timeout=30)
    assert both.status_code == 400
    assert review(private.base).status_code == 200  # the header is the way
    wrong = [
        requests.get(url, headers={"Authorization": f"Bearer guess-{i}"}, timeout=30).status_code for i in range(5)
    ]
    assert wrong[:3] == [403, 403, 403] and wrong[3:] == [429, 429], wrong
    throttled = review(private.base)  # from this address even the right token waits now
    assert throttled.status_code == 429 and int(throttled.headers["retry-after"]) >= 1


# -- SMS: the signed URL ----------------------------------------------------------------------------------------
def test_the_launcher_refuses_a_twilio_token_without_the_public_url(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMS_", "TWILIO_", "BOT_", "RATE_LIMIT_"))}
    env.update(
        TWILIO_AUTH_TOKEN="t",
        RASA_PORT=str(stack.free_port()),
        ACTION_PORT=str(stack.free_port()),
        TRACKER_DB=str(tmp_path / "t.db"),
    )
    result = subprocess.run(
        [sys.executable, "-m", "bot.launch", "--only", "rasa"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and "SMS_PUBLIC_BASE_URL" in result.stderr and "Host" in result.stderr
    assert "starting" not in result.stdout


def test_the_sms_channel_checks_the_host_against_the_allow_list():
    from bot.channels.sms import SmsChannel

    with pytest.raises(ValueError, match="SMS_PUBLIC_BASE_URL"):
        SmsChannel("token", db_path=":memory:")

    class Request:  # what signed_url reads of a Sanic request
        scheme, path, query_string = "https", "/webhooks/sms/webhook", ""

        def __init__(self, host: str) -> None:
            self.host = host

    channel = SmsChannel.__new__(SmsChannel)
    channel.public_base_url, channel.allowed_hosts = None, frozenset({"sms.example.org"})
    assert channel.signed_url(Request("sms.example.org")) == "https://sms.example.org/webhooks/sms/webhook"
    assert channel.signed_url(Request("evil.example")) is None


# -- retention ----------------------------------------------------------------------------------------------------
def tracker_senders(servers: stack.Stack) -> set[str]:
    import sqlite3

    with sqlite3.connect(servers.env["TRACKER_DB"]) as db:
        return {sender for (sender,) in db.execute("select distinct sender_id from events")}


@pytest.mark.servers
def test_the_purge_runs_at_start_up(private):
    import sqlite3

    report = "retention: removed 1 conversation (1 events) idle for over 90 days"
    for _ in range(600):  # the launcher runs the purge beside the servers; wait for its report
        if report in private.log_text():
            break
        time.sleep(0.2)
    assert report in private.log_text(), private.log_tail()
    senders = tracker_senders(private)
    assert SEEDED_OLD not in senders and SEEDED_NEW in senders
    with sqlite3.connect(private.env["SMS_DB"]) as db:
        assert {sid for (sid,) in db.execute("select sid from seen")} >= {"SMnew"}
        assert db.execute("select count(*) from seen where sid = 'SMold'").fetchone()[0] == 0


@pytest.mark.servers
def test_make_purge_removes_old_records_and_keeps_new_ones(private):
    import sqlite3

    old, new = "old-" + uuid.uuid4().hex[:8], "new-" + uuid.uuid4().hex[:8]
    for sender in (old, new):
        assert rest(private.base, sender, "who has to exterminate in the Town of Holland?").status_code == 200
    phone = "+1555" + str(uuid.uuid4().int)[:7]
    assert sms(private.base, phone, "STOP").status_code == 200
    with sqlite3.connect(private.env["TRACKER_DB"]) as db:  # a hundred days pass for one of them
        db.execute("update events set timestamp = timestamp - ? where sender_id = ?", (100 * DAY, old))
    with sqlite3.connect(private.env["SMS_DB"]) as db:
        db.execute("update seen set received = received - ?", (100 * DAY,))
        db.execute("update optout set since = since - ?", (100 * DAY,))
    result = subprocess.run(
        [sys.executable, "-m", "bot.retention", "purge"],
        cwd=ROOT,
        env=private.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert re.search(r"removed [1-9]\d* conversations? \(\d+ events\) idle for over 90 days", result.stdout)
    assert re.search(r"removed SMS records older than 90 days: [1-9]\d* message ids", result.stdout)
    assert new in tracker_senders(private) and old not in tracker_senders(private)
    assert user_texts(private.base, old) == []  # gone, also for Rasa
    assert user_texts(private.base, new) == ["who has to exterminate in the Town of Holland?"]
    stop_again = sms(private.base, phone, "who exterminates in Holland?")  # the opt-out is kept
    assert twiml_text(stop_again) == ""
    helped = subprocess.run(
        [sys.executable, "-m", "bot.retention", "purge", "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert helped.returncode == 0 and "--days" in helped.stdout


def test_the_launcher_purges_again_at_its_interval(tmp_path):
    """While it runs, the launcher repeats the purge every RETENTION_INTERVAL_HOURS (here 3.6 s instead of a day)."""
    running = stack.start(tmp_path, only="rasa", wait=False, RETENTION_INTERVAL_HOURS="0.001")
    try:
        for _ in range(1500):  # until two reports are in the log, or the launcher gives up
            if running.log_text().count("idle for over 90 days") >= 2 or running.process.poll() is not None:
                break
            time.sleep(0.2)
        assert running.log_text().count("idle for over 90 days") >= 2, running.log_tail()
    finally:
        running.stop()


@pytest.mark.parametrize("days", ["0", "-5", "forever", "nan"])
def test_a_malformed_retention_period_is_named(tmp_path, days):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SMS_", "TWILIO_", "BOT_", "RETENTION_"))}
    env.update(RETENTION_DAYS=days, RASA_PORT=str(stack.free_port()), TRACKER_DB=str(tmp_path / "t.db"))
    result = subprocess.run(
        [sys.executable, "-m", "bot.launch", "--only", "rasa"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and "RETENTION_DAYS" in result.stderr and "starting" not in result.stdout
