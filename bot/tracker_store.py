"""The conversation (tracker) store: Rasa's SQL tracker store, tuned for one SQLite file.

``bot/endpoints.yml`` names :class:`SQLiteTrackerStore`. It is Rasa's ``SQLTrackerStore`` —
same table, same rows, same API (the clerk desk reads it) — with three changes that matter
because Rasa runs the store synchronously inside its event loop, after every message
(measured with ``make bench``; see the README's Performance section):

* connections are kept in a small pool. SQLAlchemy 1.4 opens and closes a new SQLite
  connection for every query session on a file database (``NullPool``); closing the last
  connection of a WAL database checkpoints it and syncs the disk, every time;
* the database is in WAL mode with ``synchronous=NORMAL``: a commit appends to the log without
  waiting for the disk (it is synced at checkpoints). A crash of the server loses nothing; a
  power cut can lose the last moments of conversations, never corrupt the file;
* reading a conversation, counting its stored events and writing the new ones are plain SQL
  on a pooled connection (one transaction for a save), not ORM queries: SQLAlchemy 1.4
  computes a cache key for every ORM statement it runs, and that took about an eighth of the
  Rasa server's CPU per message (py-spy, 16 concurrent senders). The statements read and
  write exactly the rows Rasa's own queries do (``_event_query``).
"""

from __future__ import annotations

import itertools
import json
import logging
from typing import Any

import sqlalchemy as sa
from rasa.core.tracker_store import SQLTrackerStore
from rasa.shared.core.events import SessionStarted
from rasa.shared.core.trackers import DialogueStateTracker
from rasa.shared.nlu.constants import INTENT_NAME_KEY

from bot.rasa_version import require_pinned_rasa

logger = logging.getLogger(__name__)

POOL_SIZE = 4
# The events of a conversation's latest session: Rasa's ``_event_query`` (every event at or after
# the newest ``session_started``, or every event if there is none), ordered by id. ?1 is the
# sender, ?2 the session-start type name.
LATEST_SESSION = """
    WITH start AS (SELECT max(timestamp) AS t FROM events WHERE sender_id = ?1 AND type_name = ?2)
    SELECT {columns} FROM events, start
    WHERE events.sender_id = ?1 AND (start.t IS NULL OR events.timestamp >= start.t)
"""
SELECT_LATEST = LATEST_SESSION.format(columns="events.data") + " ORDER BY events.id"
COUNT_LATEST = LATEST_SESSION.format(columns="count(*)")
SELECT_ALL = "SELECT data FROM events WHERE sender_id = ?1 ORDER BY id"
INSERT = (
    "INSERT INTO events (sender_id, type_name, timestamp, intent_name, action_name, data) VALUES (?, ?, ?, ?, ?, ?)"
)

PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=5000")


def _set_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        for pragma in PRAGMAS:
            cursor.execute(pragma)
    finally:
        cursor.close()


class SQLiteTrackerStore(SQLTrackerStore):
    """Rasa's ``SQLTrackerStore`` on a SQLite file, with pooled connections and WAL (see the module)."""

    def __init__(self, domain: Any = None, dialect: str = "sqlite", db: str = "rasa.db", **kwargs: Any) -> None:
        require_pinned_rasa("bot.tracker_store")
        if dialect != "sqlite":
            raise ValueError(f"SQLiteTrackerStore stores conversations in SQLite, not {dialect!r}")
        super().__init__(domain, dialect=dialect, db=db, **kwargs)
        url = self.engine.url
        self.engine.dispose()
        self.engine = sa.create_engine(
            url,
            poolclass=sa.pool.QueuePool,
            pool_size=POOL_SIZE,
            max_overflow=POOL_SIZE,
            connect_args={"check_same_thread": False},  # the pool hands a connection to one thread at a time
        )
        sa.event.listen(self.engine, "connect", _set_pragmas)
        self.sessionmaker = sa.orm.session.sessionmaker(bind=self.engine)

    async def save(self, tracker: DialogueStateTracker) -> None:
        """Store the tracker's new events (the rows ``SQLTrackerStore.save`` writes, in one transaction)."""
        await self.stream_events(tracker)
        with self.engine.begin() as connection:
            stored = connection.exec_driver_sql(COUNT_LATEST, (tracker.sender_id, SessionStarted.type_name)).scalar()
            rows = []
            for event in itertools.islice(tracker.events, stored or 0, None):
                data = event.as_dict()
                rows.append(
                    (
                        tracker.sender_id,
                        event.type_name,
                        data.get("timestamp"),
                        (data.get("parse_data", {}).get("intent", {}) or {}).get(INTENT_NAME_KEY),
                        data.get("name"),
                        json.dumps(data),
                    )
                )
            if rows:
                connection.exec_driver_sql(INSERT, rows)
        logger.debug(f"Tracker with sender_id '{tracker.sender_id}' stored to database")

    async def _retrieve(self, sender_id: str, fetch_events_from_all_sessions: bool) -> DialogueStateTracker | None:
        """The conversation's latest session (or all of it), as ``SQLTrackerStore._retrieve`` returns it."""
        with self.engine.connect() as connection:
            if fetch_events_from_all_sessions:
                result = connection.exec_driver_sql(SELECT_ALL, (sender_id,))
            else:
                result = connection.exec_driver_sql(SELECT_LATEST, (sender_id, SessionStarted.type_name))
            events = [json.loads(data) for (data,) in result]
        if self.domain and events:
            return DialogueStateTracker.from_dict(sender_id, events, self.domain.slots)
        return None
