"""The only code that reads Rasa's tracker store for the clerk desk's review list.

It reaches under Rasa's FailSafe/Awaitable wrappers to the store itself, orders an SQL store's
conversations by recency, and reads an SQL store in a worker thread (Rasa 3.6 runs SQLAlchemy
synchronously inside its async methods).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

logger = logging.getLogger("bot.channels.clerk")  # the clerk desk's log, as before the split


def _innermost_store(store: Any) -> Any:
    """The tracker store under Rasa's FailSafe/Awaitable wrappers."""
    seen = 0
    while hasattr(store, "_tracker_store") and seen < 5:
        store = store._tracker_store
        seen += 1
    return store


def _recent_sql_keys(store: Any, limit: int) -> list[str] | None:
    """Sender ids of an SQLTrackerStore, most recently active first (None if the store is not SQL)."""
    model = getattr(store, "SQLEvent", None)
    if model is None or not hasattr(store, "session_scope"):
        return None
    import sqlalchemy as sa

    with store.session_scope() as session:
        rows = (
            session.query(model.sender_id, sa.func.max(model.id).label("last"))
            .group_by(model.sender_id)
            .order_by(sa.desc("last"))
            .limit(limit)
            .all()
        )
    return [sender for sender, _ in rows]


async def _scan(store: Any, limit: int) -> tuple[list[str], list[tuple[str, list[dict[str, Any]]]]]:
    """Keys and every conversation's events (all sessions), read through the tracker store's API."""
    keys: list[str] | None = None
    try:
        keys = _recent_sql_keys(store, limit)
    except Exception as exc:  # noqa: BLE001 - fall back to the store's own keys()
        logger.warning("clerk desk: could not order conversations by recency: %s", exc)
    if keys is None:
        keys = sorted(str(k) for k in await store.keys())[:limit]
    conversations = []
    for key in keys:
        tracker = await store.retrieve_full_tracker(key)
        if tracker is None:
            tracker = await store.retrieve(key)
        if tracker is not None:
            conversations.append((key, [event.as_dict() for event in tracker.events]))
        await asyncio.sleep(0)
    return keys, conversations


async def read_conversations(agent: Any, limit: int) -> tuple[list[str], list[tuple[str, list[dict[str, Any]]]]]:
    """Read up to ``limit`` conversations without blocking the server's event loop.

    Rasa 3.6's SQLTrackerStore declares ``keys()``/``retrieve()`` async but runs SQLAlchemy
    synchronously inside them, so for an SQL store the whole scan runs in a worker thread (with
    its own event loop; SQLite uses a fresh connection per session there). Other stores are read
    on the loop, yielding between conversations.
    """
    store = agent.tracker_store
    inner = _innermost_store(store)
    if hasattr(inner, "session_scope"):
        return await asyncio.to_thread(lambda: asyncio.run(_scan(inner, limit)))
    return await _scan(store, limit)
