"""Security: Rasa's HTTP API only with a token, CORS only for the web chat's origin, rate limits on
the public channels, and no message text or phone numbers in the logs.
"""

from __future__ import annotations

import re
import subprocess
import sys
import uuid
import xml.etree.ElementTree as ET
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
