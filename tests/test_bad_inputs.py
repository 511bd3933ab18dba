"""The bad-input corpus (tests/bad_inputs.yml) through every channel, against the real servers.

Every message text goes through the REST webhook (the web chat's route), the SMS webhook (a
correctly signed Twilio form), and the clerk desk (question, search, lookup); every malformed
request goes to its channel. Nothing may get a 5xx, a stack trace, an apology for a crashed
action, or silence; malformed requests get the 4xx the corpus names, with a readable reason.
"""

from __future__ import annotations

import json
import re
import uuid
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import requests
import stack
import yaml
from twilio.request_validator import RequestValidator

from bot.action_guard import CANNOT_LOOK_UP

pytestmark = pytest.mark.servers

CORPUS = yaml.safe_load((Path(__file__).with_name("bad_inputs.yml")).read_text(encoding="utf-8"))
MESSAGES = CORPUS["messages"]
REQUESTS = [(channel, case) for channel, cases in CORPUS["requests"].items() for case in cases]
TWILIO_TOKEN = "corpus-twilio-token"
CLERK_TOKEN = "corpus-clerk-token"
PUBLIC = "https://sms.example.org"
RUN = uuid.uuid4().hex[:8]
STACK_TRACE = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+|\b\w+Error: ")


def text_of(entry: dict[str, Any]) -> str:
    if "repeat" in entry:
        return entry["repeat"]["text"] * entry["repeat"]["times"]
    return entry.get("text", "")


def body_of(case: dict[str, Any]) -> bytes:
    if "body_hex" in case:
        return bytes.fromhex(case["body_hex"].replace(" ", ""))
    text = text_of({"repeat": case["repeat"]}) if "repeat" in case else case.get("body", "")
    if "wrap" in case:
        text = case["wrap"] % text
    return text.encode("utf-8")


def assert_polite(reply: str, where: str) -> None:
    """A reply a person can read: not empty, no stack trace, no apology for a crashed action."""
    assert reply.strip(), f"{where}: no answer"
    assert not STACK_TRACE.search(reply), f"{where}: stack trace in the reply: {reply[:300]!r}"
    assert CANNOT_LOOK_UP not in reply, f"{where}: an action failed on this input"


def assert_status(response: requests.Response, expect: Any, where: str) -> None:
    assert response.status_code < 500, f"{where}: {response.status_code} {response.text[:300]!r}"
    if str(expect) == "4xx":
        assert 400 <= response.status_code < 500, f"{where}: {response.status_code} {response.text[:200]!r}"
    else:
        assert response.status_code == int(expect), f"{where}: {response.status_code} {response.text[:200]!r}"
    assert not STACK_TRACE.search(response.text), f"{where}: stack trace in the response"
    if response.status_code >= 400:
        assert response.text.strip(), f"{where}: a 4xx without a reason"


@pytest.fixture(scope="module")
def hardened(tmp_path_factory):
    """Both servers via the launcher with every channel configured (SMS, clerk token, API token)."""
    servers = stack.start(
        tmp_path_factory.mktemp("corpus"),
        TWILIO_AUTH_TOKEN=TWILIO_TOKEN,
        SMS_PUBLIC_BASE_URL=PUBLIC,
        CLERK_TOKEN=CLERK_TOKEN,
        RASA_AUTH_TOKEN="corpus-api-token",
    )
    yield servers
    servers.stop()


def test_the_corpus_has_at_least_100_inputs():
    assert len(MESSAGES) + len(REQUESTS) >= 100
    ids = [m["id"] for m in MESSAGES] + [f"{c}/{r['id']}" for c, r in REQUESTS]
    assert len(ids) == len(set(ids)), "corpus ids must be unique"


# -- REST ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("entry", MESSAGES, ids=[m["id"] for m in MESSAGES])
def test_message_through_rest(hardened, entry):
    response = requests.post(
        f"{hardened.base}/webhooks/rest/webhook",
        json={"sender": f"corpus-{entry['id']}-{RUN}", "message": text_of(entry)},
        timeout=60,
    )
    assert_status(response, 200, f"rest {entry['id']}")
    messages = response.json()
    assert isinstance(messages, list) and messages
    assert_polite("\n".join(m.get("text") or "" for m in messages), f"rest {entry['id']}")


# -- SMS ----------------------------------------------------------------------------------------
def signed_post(base: str, form: dict[str, Any], signature: str | None = None, sign: bool = True):
    url = f"{PUBLIC}/webhooks/sms/webhook"
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if signature is not None:
        headers["X-Twilio-Signature"] = signature
    elif sign:
        params = {k: v if isinstance(v, list) else [v] for k, v in form.items()}

        class Params(dict):
            def getall(self, name):
                return self[name]

        headers["X-Twilio-Signature"] = RequestValidator(TWILIO_TOKEN).compute_signature(url, Params(params))
    return requests.post(f"{base}/webhooks/sms/webhook", data=form, headers=headers, timeout=60)


def twiml_text(response: requests.Response) -> str:
    assert response.headers["content-type"].startswith("text/xml")
    root = ET.fromstring(response.content)  # well-formed, whatever the message held
    assert root.tag == "Response"
    return "".join(m.text or "" for m in root.iter("Message"))


@pytest.mark.parametrize("entry", MESSAGES, ids=[m["id"] for m in MESSAGES])
def test_message_through_sms(hardened, entry):
    phone = "+1555" + str(uuid.uuid4().int)[:7]
    form = {"From": phone, "To": "+15550001111", "Body": text_of(entry), "MessageSid": "SM" + uuid.uuid4().hex}
    response = signed_post(hardened.base, form)
    assert_status(response, 200, f"sms {entry['id']}")
    reply = twiml_text(response)
    assert_polite(reply, f"sms {entry['id']}")
    assert len(reply) <= 1600
    assert phone not in reply


# -- clerk desk ---------------------------------------------------------------------------------
@pytest.mark.parametrize("entry", MESSAGES, ids=[m["id"] for m in MESSAGES])
def test_message_through_clerk_desk(hardened, entry):
    text = text_of(entry)
    desk = f"{hardened.base}/webhooks/clerk"
    ask = requests.post(f"{desk}/api/ask", json={"question": text}, timeout=60)
    assert ask.status_code in (200, 400), f"ask {entry['id']}: {ask.status_code} {ask.text[:200]!r}"
    data = ask.json()
    if ask.status_code == 200:
        assert_polite("\n".join(m.get("text") or "" for m in data["messages"]), f"clerk ask {entry['id']}")
    else:
        assert_polite(data["error"], f"clerk ask {entry['id']}")
    for path in ("api/search", "api/lookup"):
        found = requests.get(f"{desk}/{path}", params={"q": text}, timeout=60)
        assert found.status_code in (200, 400, 404, 413), f"{path} {entry['id']}: {found.status_code}"
        assert not STACK_TRACE.search(found.text), f"{path} {entry['id']}: stack trace"
        if found.status_code != 413:  # 413: Sanic refuses an over-long URL itself, in plain text
            json.loads(found.text)


# -- malformed requests, per channel ------------------------------------------------------------
@pytest.mark.parametrize(("channel", "case"), REQUESTS, ids=[f"{c}-{r['id']}" for c, r in REQUESTS])
def test_malformed_request(hardened, channel, case):
    where = f"{channel} {case['id']}"
    if channel == "sms" and "form" in case:
        response = signed_post(hardened.base, case["form"], case.get("signature"), case.get("sign", True))
        assert_status(response, case["expect"], where)
        if response.status_code == 200:
            twiml_text(response)
        return
    default_path = {"rest": "webhook", "sms": "webhook"}.get(channel, "")
    path = case.get("path", default_path)
    url = f"{hardened.base}/webhooks/{channel}/{path}"
    headers = dict(case.get("headers") or {})
    if case.get("token"):
        headers["Authorization"] = f"Bearer {CLERK_TOKEN}"
    if "content_type" in case:
        headers["Content-Type"] = case["content_type"]
    body = body_of(case)
    if case.get("as_query"):
        url, body = f"{url}?{body.decode()}", b""
    elif case.get("query"):
        url = f"{url}?{case['query']}"
    response = requests.request(case.get("method", "POST"), url, data=body or None, headers=headers, timeout=60)
    assert_status(response, case["expect"], where)


def test_nothing_crashed_behind_the_answers(hardened):
    """After the whole corpus, neither server logged a stack trace (a crash that was caught is still a bug)."""
    log = hardened.log_text()
    assert "Traceback (most recent call last)" not in log, log[log.find("Traceback") - 500 :][:3000]
    assert "Encountered an exception while running action" not in log
