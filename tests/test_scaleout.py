"""Rasa's distributed set-up: two Rasa servers sharing a PostgreSQL tracker store and a Redis lock store.

Both servers run with ``BOT_ENDPOINTS=production`` (``bot/endpoints.production.yml``) against the
PostgreSQL and Redis of this machine (started here if they are not running), on a fresh database
that is dropped afterwards, with one stateless action server. One conversation alternates its
turns between the two servers and must continue correctly: the municipality given on one server
is used by the other; messages arriving on both at the same moment are all kept. Redis's MONITOR
shows both servers taking the conversation's lock (``bot/lock_store.py``).
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests
import stack
from conftest import texts

pytestmark = pytest.mark.servers

PG = {"host": "127.0.0.1", "port": 5432, "user": "postgres"}
REDIS = {"host": "127.0.0.1", "port": 6379}


def postgres_up() -> bool:
    import psycopg2

    try:
        psycopg2.connect(dbname="postgres", connect_timeout=3, **PG).close()
        return True
    except psycopg2.Error:
        return False


def redis_up() -> bool:
    import redis

    try:
        return bool(redis.Redis(socket_timeout=3, **REDIS).ping())
    except redis.RedisError:
        return False


def start_postgres() -> None:
    versions = sorted(p.name for p in Path("/etc/postgresql").glob("*")) if Path("/etc/postgresql").is_dir() else []
    if versions and shutil.which("pg_ctlcluster"):
        subprocess.run(
            ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1], "main", "start"],
            capture_output=True,
            timeout=60,
        )


def start_redis() -> None:
    if shutil.which("redis-server"):
        subprocess.run(
            [
                "redis-server",
                "--daemonize",
                "yes",
                "--bind",
                "127.0.0.1",
                "--port",
                "6379",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            capture_output=True,
            timeout=30,
        )


def ensure(name: str, is_up, start) -> None:
    """The service answers, or is started here; skip (saying why) if neither."""
    if is_up():
        return
    start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if is_up():
            return
        time.sleep(0.5)
    pytest.skip(f"{name} is not running on 127.0.0.1 and could not be started here")


@pytest.fixture(scope="module")
def database():
    """A fresh PostgreSQL database for this run (dropped afterwards); yields its name."""
    ensure("PostgreSQL", postgres_up, start_postgres)
    ensure("Redis", redis_up, start_redis)
    import psycopg2

    name = f"housing_scaleout_{uuid.uuid4().hex[:10]}"
    admin = psycopg2.connect(dbname="postgres", **PG)
    admin.autocommit = True
    admin.cursor().execute(f'create database "{name}"')
    try:
        yield name
    finally:
        admin.cursor().execute(f'drop database if exists "{name}" with (force)')
        admin.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory, database):
    """One action server and two Rasa servers (A, B) on the shared stores; yields (A, B)."""
    state = tmp_path_factory.mktemp("scaleout")
    actions = stack.start(state / "actions", only="actions")
    production = {
        "BOT_ENDPOINTS": "production",
        "ACTION_ENDPOINT_URL": actions.action_health.replace("/health", "/webhook"),
        "DB_HOST": PG["host"],
        "DB_PORT": str(PG["port"]),
        "DB_NAME": database,
        "DB_USER": PG["user"],
        "DB_PASSWORD": "",
        "REDIS_HOST": REDIS["host"],
        "REDIS_PORT": str(REDIS["port"]),
        "REDIS_PASSWORD": "",
        "REDIS_DB": "1",
    }
    started = []
    try:
        # One after the other: the first creates the tables in the fresh database.
        for name in ("a", "b"):
            started.append(stack.start(state / name, only="rasa", **production))
        yield started[0], started[1]
    finally:
        for servers in started:
            servers.stop()
        actions.stop()
        for name in ("a", "b"):
            assert not (state / name / "tracker.db").exists(), "a Rasa server used SQLite instead of PostgreSQL"


def say(base: str, sender: str, message: str) -> str:
    response = requests.post(f"{base}/webhooks/rest/webhook", json={"sender": sender, "message": message}, timeout=60)
    assert response.status_code == 200, response.text
    return texts(response.json())


class LockWatcher:
    """Redis MONITOR in a thread: the client addresses that touched keys naming ``word``."""

    def __init__(self, word: str) -> None:
        import redis

        self.word = word
        self.clients: set[str] = set()
        self.commands: list[str] = []
        self._stop = threading.Event()
        self._redis = redis.Redis(**REDIS)
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _watch(self) -> None:
        with self._redis.monitor() as monitor:
            self._ready.set()
            for command in monitor.listen():
                if self._stop.is_set():
                    return
                if self.word in command["command"]:
                    self.clients.add(f"{command['client_address']}:{command['client_port']}")
                    self.commands.append(command["command"].split()[0])

    def stop(self) -> None:
        self._stop.set()
        self._redis.ping()  # wakes the monitor up
        self._thread.join(10)


def test_one_conversation_across_two_rasa_servers(cluster, database):
    a, b = cluster
    sender = f"scaleout-{uuid.uuid4().hex[:8]}"
    watcher = LockWatcher(sender)
    try:
        assert "Which municipality" in say(a.base, sender, "who has to exterminate the roaches")  # on A
        answer = say(b.base, sender, "Town of Howard")  # on B: answers the question asked on A
        assert "In the Town of Howard" in answer and "exterminating" in answer
        follow_up = say(a.base, sender, "who has to supply the garbage cans?")  # on A again
        assert "Town of Howard" in follow_up and not any(
            other in follow_up
            for other in ("Town of Holland", "City of Amery", "Village of Dresser", "City of Muskego")
        )
        assert "Town of Howard" in say(b.base, sender, "and how warm does the heat have to be?")
    finally:
        watcher.stop()
    # Both servers took this conversation's lock in the shared Redis lock store.
    assert len(watcher.clients) >= 2, (watcher.clients, watcher.commands[:10])

    import psycopg2

    with psycopg2.connect(dbname=database, **PG) as conn, conn.cursor() as cursor:
        cursor.execute("select count(*), count(distinct type_name) from events where sender_id = %s", (sender,))
        events, kinds = cursor.fetchone()
    assert events > 10 and kinds >= 3  # the whole conversation is in PostgreSQL


def test_simultaneous_turns_on_both_servers_are_all_kept(cluster):
    """Messages of one conversation arriving at the same moment, one on each server, are handled one at a time.

    With Rasa 3.6's own ``type: redis`` lock store both servers could take the same ticket and one
    message's events were lost from the tracker store; bot/lock_store.py makes the ticket atomic.
    """
    a, b = cluster
    sender = f"scaleout-race-{uuid.uuid4().hex[:8]}"
    say(a.base, sender, "City of Amery")
    pairs = [
        ("who has to supply the garbage cans?", "how warm does the heat have to be?"),
        ("is there a minimum ceiling height?", "what about hot water?"),
        ("who has to get rid of the cockroaches?", "what are the rules for screens?"),
    ]
    for first, second in pairs:
        replies: dict[str, str] = {}
        gate = threading.Barrier(2)

        def send(name: str, base: str, message: str, replies=replies, gate=gate) -> None:
            gate.wait(10)
            replies[name] = say(base, sender, message)

        threads = [
            threading.Thread(target=send, args=("a", a.base, first)),
            threading.Thread(target=send, args=("b", b.base, second)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert "City of Amery" in replies["a"] and "City of Amery" in replies["b"]
    sent = [message for pair in pairs for message in pair]
    stored = [e["text"] for e in _events(a, sender) if e.get("event") == "user" and e.get("text") in sent]
    assert sorted(stored) == sorted(sent)  # no message of the conversation was lost


def _events(servers: stack.Stack, sender: str) -> list[dict]:
    """The conversation's events, read from PostgreSQL (the servers' API is off: no token here)."""
    import json

    import psycopg2

    with psycopg2.connect(dbname=servers.env["DB_NAME"], **PG) as conn, conn.cursor() as cursor:
        cursor.execute("select data from events where sender_id = %s order by id", (sender,))
        return [json.loads(row[0]) for row in cursor.fetchall()]


def _slow(store_class):
    """``store_class`` with a pause between reading a lock and writing it back (as under load)."""

    class Slow(store_class):
        def get_lock(self, conversation_id):
            lock = super().get_lock(conversation_id)
            time.sleep(0.05)
            return lock

    return Slow


def _tickets_issued_at_once(store_class) -> list[int]:
    """Two "servers" (two stores, two connections) take a ticket for one conversation at the same moment."""
    conversation = f"ticket-race-{uuid.uuid4().hex[:8]}"
    stores = [_slow(store_class)(host=REDIS["host"], port=REDIS["port"], db=1, key_prefix="housingtest") for _ in "ab"]
    gate = threading.Barrier(2)
    tickets: list[int] = []

    def take(store) -> None:
        gate.wait(10)
        tickets.append(store.issue_ticket(conversation))

    threads = [threading.Thread(target=take, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    stores[0].delete_lock(conversation)
    return tickets


def test_tickets_are_unique_across_servers(database):
    """The atomic lock store gives two servers two tickets; Rasa's own can give both the same one."""
    from rasa.core.lock_store import RedisLockStore

    from bot.lock_store import AtomicRedisLockStore

    assert sorted(_tickets_issued_at_once(AtomicRedisLockStore)) == [0, 1]
    assert _tickets_issued_at_once(RedisLockStore) == [0, 0]  # the race bot/lock_store.py closes


def test_the_retention_purge_works_on_postgresql(cluster):
    """The launcher purged the shared store at start-up; `make purge` removes an aged conversation, keeps a new one."""
    import os
    import sys

    import psycopg2

    a, b = cluster
    for _ in range(600):  # the launcher runs the start-up purge beside the server: wait for its report
        if "retention: removed" in a.log_text():
            break
        time.sleep(0.2)
    assert "retention: removed 0 conversations" in a.log_text()  # the start-up purge ran on PostgreSQL
    old, new = f"scaleout-old-{uuid.uuid4().hex[:8]}", f"scaleout-new-{uuid.uuid4().hex[:8]}"
    say(a.base, old, "City of Amery")
    say(b.base, new, "City of Amery")
    with psycopg2.connect(dbname=a.env["DB_NAME"], **PG) as conn, conn.cursor() as cursor:
        cursor.execute("update events set timestamp = timestamp - %s where sender_id = %s", (100 * 86400, old))
    result = subprocess.run(
        [sys.executable, "-m", "bot.retention", "purge"],
        cwd=Path(__file__).resolve().parent.parent,
        env={**os.environ, **a.env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "removed 1 conversation" in result.stdout
    assert _events(a, old) == [] and _events(a, new)
    assert "Which municipality" not in say(b.base, new, "who has to supply the garbage cans?")  # kept: Amery
