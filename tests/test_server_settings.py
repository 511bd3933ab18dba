"""The Rasa server's performance settings keep Rasa's behaviour.

``bot/tracker_store.py`` (named by ``bot/endpoints.yml``) must store and return conversations
exactly as Rasa's own SQL tracker store does; ``bot/perf.py``'s schema-check cache (installed by ``bot/rasa_server.py``) must
accept and reject action server responses exactly as ``jsonschema.validate`` does.
"""

from __future__ import annotations

import asyncio
import copy
import sqlite3
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.filterwarnings("ignore")


def conversation(domain_obj, sender: str):
    from rasa.shared.core.events import ActionExecuted, BotUttered, SessionStarted, SlotSet, UserUttered
    from rasa.shared.core.trackers import DialogueStateTracker

    events = [
        ActionExecuted("action_session_start"),
        SessionStarted(),
        ActionExecuted("action_listen"),
        UserUttered(
            "who supplies the garbage cans in Holland",
            {"name": "ask_garbage_rubbish", "confidence": 0.98},
            [{"entity": "municipality", "value": "Holland", "start": 32, "end": 39}],
        ),
        ActionExecuted("action_answer_topic"),
        BotUttered("In the Town of Holland ...", {"custom": {"municipality": "holland"}}),
        SlotSet("municipality", "holland"),
        ActionExecuted("action_listen"),
    ]
    return DialogueStateTracker.from_events(sender, events, slots=domain_obj.slots)


@pytest.fixture(scope="module")
def domain_obj():
    from rasa.shared.core.domain import Domain

    return Domain.load(str(ROOT / "bot" / "domain"))


def rows(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "select sender_id, type_name, timestamp, intent_name, action_name, data from events order by id"
        ).fetchall()


def test_endpoints_tracker_store_stores_what_rasas_sql_store_stores(tmp_path, monkeypatch, domain_obj):
    from rasa.core.tracker_store import SQLTrackerStore, TrackerStore
    from rasa.core.utils import AvailableEndpoints
    from rasa.shared.core.events import ActionExecuted, SessionStarted, UserUttered

    from bot.tracker_store import SQLiteTrackerStore

    monkeypatch.setenv("TRACKER_DB", str(tmp_path / "ours.db"))
    monkeypatch.setenv("ACTION_ENDPOINT_URL", "http://127.0.0.1:9/webhook")
    endpoints = AvailableEndpoints.read_endpoints(str(ROOT / "bot" / "endpoints.yml"))
    ours = TrackerStore.create(endpoints.tracker_store, domain_obj)
    while hasattr(ours, "_tracker_store"):  # Rasa's wrappers
        ours = ours._tracker_store
    assert isinstance(ours, SQLiteTrackerStore)  # not Rasa's silent in-memory fallback
    stock = SQLTrackerStore(domain_obj, dialect="sqlite", db=str(tmp_path / "stock.db"))

    first = conversation(domain_obj, "tenant-1")
    follow_up = UserUttered("and in Amery?", {"name": "inform_municipality", "confidence": 0.9})
    # the next day: a new session (Rasa keeps the old one's events in the tracker it is saving)
    new_session = [ActionExecuted("action_session_start"), SessionStarted(), ActionExecuted("action_listen")]
    next_question = UserUttered("how warm must the heat be", {"name": "ask_heat", "confidence": 0.9})
    other = conversation(domain_obj, "tenant-2")

    async def exercise(store):
        tracker = copy.deepcopy(first)  # the same events (and timestamps) for both stores
        await store.save(tracker)
        await store.save(copy.deepcopy(other))  # another conversation in the same table
        tracker.update(copy.deepcopy(follow_up))
        await store.save(tracker)  # only the new event is appended
        await store.save(tracker)  # nothing new: nothing written
        before = await store.retrieve("tenant-1")
        for event in new_session:
            tracker.update(copy.deepcopy(event))
        await store.save(tracker)
        latest = await store.retrieve("tenant-1")  # the new session only
        latest.update(copy.deepcopy(next_question))
        await store.save(latest)
        return (
            before,
            await store.retrieve("tenant-1"),
            await store.retrieve_full_tracker("tenant-1"),
            await store.retrieve("nobody"),
            sorted(await store.keys()),
        )

    got_before, got, full, nobody, keys = asyncio.run(exercise(ours))
    want_before, want, want_full, want_nobody, want_keys = asyncio.run(exercise(stock))
    assert [e.as_dict() for e in got_before.events] == [e.as_dict() for e in want_before.events]
    assert [e.as_dict() for e in got.events] == [e.as_dict() for e in want.events]
    assert [e.as_dict() for e in full.events] == [e.as_dict() for e in want_full.events]
    assert got_before.get_slot("municipality") == "holland" and keys == want_keys == ["tenant-1", "tenant-2"]
    assert len(got.events) == 3 < len(full.events)  # session_started, action_listen, the question: the latest session
    assert got.events[-1].text == "how warm must the heat be"
    assert nobody is None and want_nobody is None
    assert rows(tmp_path / "ours.db") == rows(tmp_path / "stock.db")
    tenant_1 = [row for row in rows(tmp_path / "ours.db") if row[0] == "tenant-1"]
    assert len(tenant_1) == len(full.events)  # each event stored once
    with sqlite3.connect(tmp_path / "ours.db") as conn:
        assert conn.execute("pragma journal_mode").fetchone()[0] == "wal"
    ours.engine.dispose()


def test_tracker_store_is_sqlite_only(tmp_path, domain_obj):
    from bot.tracker_store import SQLiteTrackerStore

    with pytest.raises(ValueError, match="SQLite"):
        SQLiteTrackerStore(domain_obj, dialect="postgresql", db=str(tmp_path / "x.db"))


RESPONSE_OK = {
    "events": [{"event": "slot", "name": "municipality", "value": "holland", "timestamp": None}],
    "responses": [{"text": "In the Town of Holland ...", "custom": {"topic": "pests"}}],
}
RESPONSE_BAD = {"events": [{"event": "slot", "value": "holland"}], "responses": []}  # a slot event needs a name


def test_schema_check_cache_validates_action_responses_like_jsonschema(monkeypatch):
    import jsonschema
    from rasa.core.actions.action import RemoteAction

    from bot import perf

    schema = RemoteAction.action_response_format_spec()
    with pytest.raises(jsonschema.ValidationError) as expected:
        jsonschema.validate(RESPONSE_BAD, schema)
    original = jsonschema.validate
    monkeypatch.setattr(jsonschema, "validate", original)  # restored after the test
    perf.install_schema_check_cache()
    assert jsonschema.validate is not original
    perf.install_schema_check_cache()  # installing twice keeps one wrapper
    checks = []
    validator_cls = jsonschema.validators.validator_for(schema)
    monkeypatch.setattr(validator_cls, "check_schema", classmethod(lambda cls, s: checks.append(s)))
    remote = RemoteAction("action_answer_topic", None)
    for _ in range(3):
        assert remote._validate_action_result(RESPONSE_OK)  # Rasa's own call site
        assert remote._validate_action_result({})
    with pytest.raises(jsonschema.ValidationError) as got:
        remote._validate_action_result(RESPONSE_BAD)
    assert got.value.message.startswith(expected.value.message)  # same error (Rasa appends a hint)
    assert len(checks) == 1  # the schema itself was checked once, not per response
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate([], {"type": "object"})
    with pytest.raises(jsonschema.SchemaError):
        monkeypatch.undo()
        monkeypatch.setattr(jsonschema, "validate", original)
        perf.install_schema_check_cache()
        jsonschema.validate({}, {"type": 12})  # a bad schema is still refused


def test_launcher_starts_rasa_through_the_server_module():
    from bot import launch

    commands = dict(launch.commands({**launch.defaults(), "RASA_PORT": "5005", "ACTION_PORT": "5055"}))
    assert commands["rasa server"][1:4] == ["-m", "bot.rasa_server", "run"]
    assert "--endpoints" in commands["rasa server"]


def test_event_check_cache_accepts_and_refuses_exactly_as_rasa(monkeypatch):
    import jsonschema
    from rasa.core.actions.action import RemoteAction

    from bot import perf

    stock = RemoteAction._validate_action_result
    monkeypatch.setattr(RemoteAction, "_validate_action_result", stock)  # restored after the test
    full_checks = []

    def counting(self, result):
        full_checks.append(result)
        return stock(self, result)

    monkeypatch.setattr(RemoteAction, "_validate_action_result", counting)
    assert perf.install_event_check_cache(max_events=3)
    assert perf.install_event_check_cache()  # installing twice keeps one wrapper
    remote = RemoteAction("action_answer_topic", None)

    def refused(result) -> str:
        with pytest.raises(jsonschema.ValidationError) as raised:
            remote._validate_action_result(result)
        return raised.value.message

    assert remote._validate_action_result(RESPONSE_OK)
    assert len(full_checks) == 1
    other_text = {"events": RESPONSE_OK["events"], "responses": [{"text": "Something else"}]}
    assert remote._validate_action_result(other_text)  # its event passed before: no full check
    assert len(full_checks) == 1
    # the same valid event in a response of the wrong shape, and invalid events, get Rasa's full check and error
    for bad in (
        {"events": RESPONSE_OK["events"], "responses": ["not an object"]},
        {"events": RESPONSE_OK["events"][0]},
        RESPONSE_BAD,
        {"events": [*RESPONSE_OK["events"], {"event": "no_such_event"}]},
        [],
    ):
        before = len(full_checks)
        message = refused(bad)
        assert len(full_checks) == before + 1
        with pytest.raises(jsonschema.ValidationError) as expected:
            stock(remote, bad)
        assert message == expected.value.message
    assert refused(RESPONSE_BAD)  # an invalid event is never remembered as valid
    # at most max_events are remembered: the oldest is checked in full again
    for value in ("howard", "amery", "dresser"):
        assert remote._validate_action_result({"events": [{"event": "slot", "name": "municipality", "value": value}]})
    before = len(full_checks)
    assert remote._validate_action_result(RESPONSE_OK)
    assert len(full_checks) == before + 1


def test_event_type_cache_resolves_exactly_as_rasa(monkeypatch):
    import rasa.shared.utils.common
    from rasa.shared.core.events import ActionExecuted, Event, SlotSet, UserUttered

    from bot import perf

    stock = Event.resolve_by_type
    monkeypatch.setattr(Event, "resolve_by_type", staticmethod(stock))  # restored after the test
    names = sorted({cls.type_name for cls in rasa.shared.utils.common.all_subclasses(Event)})
    want = {name: stock(name) for name in names}
    perf.install_event_type_cache()
    perf.install_event_type_cache()  # installing twice keeps one wrapper
    assert Event.resolve_by_type is not stock
    assert {name: Event.resolve_by_type(name) for name in names} == want
    assert Event.resolve_by_type("nonsense", UserUttered) is UserUttered  # a default, as before
    assert Event.resolve_by_type("topic") is None  # Rasa's legacy TopicSet
    with pytest.raises(ValueError, match="Unknown event name"):
        Event.resolve_by_type("nonsense")
    walks = []
    real_walk = rasa.shared.utils.common.all_subclasses
    monkeypatch.setattr(rasa.shared.utils.common, "all_subclasses", lambda cls: walks.append(cls) or real_walk(cls))
    assert Event.resolve_by_type("slot") is SlotSet and Event.resolve_by_type("action") is ActionExecuted
    assert walks == []  # remembered: no walk of the subclass tree
    with pytest.raises(ValueError):
        Event.resolve_by_type("nonsense")  # never remembered: walked again
    assert walks
    assert Event.from_parameters({"event": "slot", "name": "municipality", "value": "holland"}) == SlotSet(
        "municipality", "holland"
    )


def test_action_calls_reuse_one_connection_and_fail_as_before(monkeypatch):
    """Real HTTP: calls share a kept-alive connection; errors, headers and a server restart behave as Rasa's."""
    from aiohttp import web
    from rasa.utils.endpoints import ClientResponseError, EndpointConfig

    from bot import perf

    monkeypatch.setattr(EndpointConfig, "session", EndpointConfig.session)  # restored after the test
    perf.install_connection_reuse()
    perf.install_connection_reuse()  # installing twice keeps one wrapper
    seen: list[tuple] = []

    async def webhook(request: web.Request):
        seen.append((request.transport.get_extra_info("peername")[1], request.headers.get("X-Token")))
        body = await request.json()
        if body.get("fail"):
            return web.json_response({"error": "no"}, status=500)
        return web.json_response({"events": [], "responses": [{"text": body["n"]}]})

    async def serve(port: int = 0):
        app = web.Application()
        app.router.add_post("/webhook", webhook)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", port)
        await site.start()
        return runner, site._server.sockets[0].getsockname()[1]

    async def exercise():
        runner, port = await serve()
        endpoint = EndpointConfig(f"http://127.0.0.1:{port}/webhook", headers={"X-Token": "t"})
        answers = [await endpoint.request(json={"n": str(i)}, method="post") for i in range(5)]
        with pytest.raises(ClientResponseError) as failed:
            await endpoint.request(json={"fail": True}, method="post")
        await runner.cleanup()  # the action server restarts: its connections are closed
        runner, _ = await serve(port)
        after = await endpoint.request(json={"n": "after"}, method="post")
        await EndpointConfig.session.close_shared_sessions()
        await runner.cleanup()
        return answers, failed.value.status, after

    answers, status, after = asyncio.run(exercise())
    assert [a["responses"][0]["text"] for a in answers] == ["0", "1", "2", "3", "4"]
    assert status == 500 and after["responses"][0]["text"] == "after"
    assert {token for _, token in seen} == {"t"}  # the endpoint's headers on every call
    assert len({client_port for client_port, _ in seen[:6]}) == 1  # one connection for six calls
