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
* new events are written with one multi-row INSERT instead of one ORM object per event.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import sqlalchemy as sa
from rasa.core.tracker_store import SQLTrackerStore
from rasa.shared.core.trackers import DialogueStateTracker
from rasa.shared.nlu.constants import INTENT_NAME_KEY

logger = logging.getLogger(__name__)

POOL_SIZE = 4
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
        """Store the tracker's new events (the rows ``SQLTrackerStore.save`` writes, in one INSERT)."""
        await self.stream_events(tracker)
        with self.session_scope() as session:
            rows = []
            for event in self._additional_events(session, tracker):
                data = event.as_dict()
                rows.append(
                    {
                        "sender_id": tracker.sender_id,
                        "type_name": event.type_name,
                        "timestamp": data.get("timestamp"),
                        "intent_name": (data.get("parse_data", {}).get("intent", {}) or {}).get(INTENT_NAME_KEY),
                        "action_name": data.get("name"),
                        "data": json.dumps(data),
                    }
                )
            if rows:
                session.execute(sa.insert(self.SQLEvent.__table__), rows)
            session.commit()
        logger.debug(f"Tracker with sender_id '{tracker.sender_id}' stored to database")
