"""Rasa's Redis lock store, made safe for several Rasa servers.

Rasa keeps one conversation's messages in order with a *ticket lock* stored in Redis: each
message takes a ticket and waits until it is served. In Rasa Open Source 3.6 the
``RedisLockStore`` updates that lock by reading it, changing it and writing it back, with
nothing in between to stop another server doing the same: two servers receiving a message of
the same conversation at the same moment can both take ticket 0, run side by side, and the
tracker store then keeps only one of the two messages' events (RasaHQ/rasa#9213; a concurrent
lock store was added upstream and reverted, #11256/#11428). ``tests/test_scaleout.py`` shows it.

:class:`AtomicRedisLockStore` does every read-change-write of a conversation's lock while
holding a short Redis mutex for that conversation (``SET NX PX`` with a token, released by a
script: redis-py's ``Lock``), so tickets are issued, served and cleaned up one at a time across
all servers. Waiting for a ticket is unchanged. Configured in ``bot/endpoints.production.yml``::

    lock_store:
      type: bot.lock_store.AtomicRedisLockStore
      url: ${REDIS_HOST}
      ...   # the same settings as Rasa's redis lock store
"""

from __future__ import annotations

from typing import Any

from rasa.core.lock import TicketLock
from rasa.core.lock_store import LOCK_LIFETIME, LockError, RedisLockStore
from rasa.utils.endpoints import EndpointConfig

from bot.rasa_version import require_pinned_rasa

MUTEX_SECONDS = 10.0  # the longest a mutex is held (it guards a few Redis round trips)


class AtomicRedisLockStore(RedisLockStore):
    """``RedisLockStore`` whose ticket bookkeeping is atomic across Rasa servers."""

    def __init__(self, endpoint_config: EndpointConfig | None = None, **kwargs: Any) -> None:
        require_pinned_rasa("bot.lock_store")
        if endpoint_config is not None:  # how Rasa builds a lock store named by its module path
            kwargs = {"host": endpoint_config.url or "localhost", **endpoint_config.kwargs, **kwargs}
        super().__init__(**kwargs)

    def _mutex(self, conversation_id: str) -> Any:
        # "<prefix>:mutex:<id>" beside the locks' "<prefix>:lock:<id>": no conversation id can name a mutex.
        base = self.key_prefix[: -len("lock:")] if self.key_prefix.endswith("lock:") else self.key_prefix
        return self.red.lock(f"{base}mutex:{conversation_id}", timeout=MUTEX_SECONDS, blocking_timeout=MUTEX_SECONDS)

    def issue_ticket(self, conversation_id: str, lock_lifetime: float = LOCK_LIFETIME) -> int:
        try:
            with self._mutex(conversation_id):
                return super().issue_ticket(conversation_id, lock_lifetime)
        except LockError:
            raise
        except Exception as exc:  # noqa: BLE001 - Rasa expects its own LockError
            raise LockError(f"Error while acquiring lock. Error:\n{exc}") from exc

    def update_lock(self, conversation_id: str) -> None:
        with self._mutex(conversation_id):
            super().update_lock(conversation_id)

    def finish_serving(self, conversation_id: str, ticket_number: int) -> None:
        with self._mutex(conversation_id):
            self._finish(conversation_id, ticket_number)

    def cleanup(self, conversation_id: str, ticket_number: int) -> None:
        # Finish the ticket and delete the lock if no one waits, as one step: otherwise a ticket
        # issued in between would be deleted with the lock, and its holder would run unlocked.
        with self._mutex(conversation_id):
            self._finish(conversation_id, ticket_number)
            if not self.is_someone_waiting(conversation_id):
                self.delete_lock(conversation_id)

    def _finish(self, conversation_id: str, ticket_number: int) -> None:
        lock: TicketLock | None = self.get_lock(conversation_id)
        if lock:
            lock.remove_ticket_for(ticket_number)
            self.save_lock(lock)
