"""Per-sender and per-address rate limits for the public channels (token buckets, in memory).

A limit is written ``N/S``: at most ``N`` messages in a burst, refilled at ``N`` per ``S``
seconds (``60/60``: 60 at once, then one a second). ``off`` (or ``0``) switches a limit off.
The defaults are generous — a person typing never meets them, nor do the test suites or the
soak test, whose senders each hold their own conversation — and stop one sender or one address
from flooding the assistant:

=====================  ===========  =============================================================
variable               default      what
=====================  ===========  =============================================================
``RATE_LIMIT_SENDER``  ``60/60``    messages per conversation (REST ``sender``, web chat id,
                                    clerk desk ``session``)
``RATE_LIMIT_IP``      ``3000/60``  messages per client address, counted together over REST, the
                                    web chat and the clerk desk's ``/api/ask`` (behind a proxy, set
                                    ``SANIC_PROXIES_COUNT`` or ``SANIC_REAL_IP_HEADER`` so Sanic
                                    sees the client's address, not the proxy's)
``RATE_LIMIT_SMS``     ``30/600``   SMS: texts per phone number (not per address: every text
                                    comes from Twilio's addresses). STOP, START and HELP are never
                                    limited.
``RATE_LIMIT_CLERK_``  ``10/600``   wrong clerk tokens per client address (then 429 until the
``TOKEN``                           bucket refills; a right token is never counted)
=====================  ===========  =============================================================

:class:`Policy` is that one policy; :func:`shared_policy` gives every channel of a server the
same instance, so the per-address budget is shared by every public route that runs the bot (the
clerk desk's ``/api/ask`` cannot be used to get round the REST limits, nor the other way round).

Buckets live in the Rasa server's memory, so each server of a scale-out set-up counts on its
own (the load balancer spreads a sender over several; the limits are there against floods, not
for accounting). Idle buckets are forgotten; at most ``max_keys`` are kept.
"""

from __future__ import annotations

import math
import os
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Mapping

DEFAULTS = {
    "RATE_LIMIT_SENDER": "60/60",
    "RATE_LIMIT_IP": "3000/60",
    "RATE_LIMIT_SMS": "30/600",
    "RATE_LIMIT_CLERK_TOKEN": "10/600",
}
_SPEC = re.compile(r"\s*(\d+)\s*/\s*(\d+(?:\.\d+)?)\s*")


@dataclass
class _Bucket:
    tokens: float
    updated: float
    warned: bool = False


class RateLimiter:
    """Token buckets keyed by any string (a sender id, an address)."""

    def __init__(self, burst: int, per_seconds: float, max_keys: int = 100_000) -> None:
        if burst < 1 or per_seconds <= 0:
            raise ValueError("a rate limit needs at least 1 message per a positive number of seconds")
        self.burst = burst
        self.rate = burst / per_seconds  # tokens per second
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()
        self._takes = 0

    @classmethod
    def from_spec(cls, spec: str | None) -> RateLimiter | None:
        """``"N/S"`` → a limiter; ``"off"``, ``"0"`` or empty → None (no limit). ValueError if malformed."""
        text = (spec or "").strip().lower()
        if text in ("", "off", "0", "none", "no"):
            return None
        match = _SPEC.fullmatch(text)
        if not match or int(match.group(1)) == 0 or float(match.group(2)) <= 0:
            raise ValueError(f"a rate limit is written N/S (N messages per S seconds) or off, not {spec!r}")
        return cls(int(match.group(1)), float(match.group(2)))

    @classmethod
    def from_env(cls, name: str) -> RateLimiter | None:
        """The limiter the environment variable ``name`` (or its default) describes."""
        return cls.from_spec(os.environ.get(name, DEFAULTS.get(name, "off")))

    def _bucket(self, key: str, now: float) -> _Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.updated) * self.rate)
            bucket.updated = now
            if bucket.tokens >= 1:
                bucket.warned = False
        return bucket

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one token for ``key``: 0.0 when allowed, else the seconds until the next one."""
        now = time.monotonic() if now is None else now
        with self._lock:
            self._takes += 1
            if self._takes % 1000 == 0:
                self._forget_idle(now)
            bucket = self._bucket(key, now)
            if bucket.tokens >= 1:
                bucket.tokens -= 1
                return 0.0
            return max(0.001, (1 - bucket.tokens) / self.rate)

    def wait(self, key: str, now: float | None = None) -> float:
        """Like :meth:`take` without spending: 0.0 when ``key`` has a token left, else the seconds until one."""
        now = time.monotonic() if now is None else now
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None:
                return 0.0
            tokens = min(float(self.burst), bucket.tokens + (now - bucket.updated) * self.rate)
            return 0.0 if tokens >= 1 else max(0.001, (1 - tokens) / self.rate)

    def first_refusal(self, key: str) -> bool:
        """True once per stretch of refusals for ``key`` (to tell the sender once, then stay quiet)."""
        with self._lock:
            bucket = self._buckets.get(key)
            if bucket is None or bucket.warned:
                return False
            bucket.warned = True
            return True

    def forget_idle(self, now: float | None = None) -> None:
        """Drop buckets that have refilled completely (they behave exactly like new ones)."""
        with self._lock:
            self._forget_idle(time.monotonic() if now is None else now)

    def _forget_idle(self, now: float) -> None:
        full = [k for k, b in self._buckets.items() if b.tokens + (now - b.updated) * self.rate >= self.burst]
        for key in full:
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)


def retry_after(seconds: float) -> int:
    """Whole seconds for a ``Retry-After`` header (at least 1)."""
    return max(1, math.ceil(seconds))


class Policy:
    """The one rate-limit policy of the public routes that run the bot (see the module docstring).

    ``environ`` (default: this process's environment) holds the ``RATE_LIMIT_*`` settings; a
    malformed one raises ValueError (the launcher checks them before the servers start).
    """

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ

        def limiter(name: str) -> RateLimiter | None:
            return RateLimiter.from_spec(env.get(name, DEFAULTS[name]))

        self.per_sender = limiter("RATE_LIMIT_SENDER")
        self.per_address = limiter("RATE_LIMIT_IP")
        self.per_phone = limiter("RATE_LIMIT_SMS")
        self.wrong_token = limiter("RATE_LIMIT_CLERK_TOKEN")

    def take(self, address: str | None, sender: str | None = None) -> float:
        """One message from ``address`` to conversation ``sender``: 0.0 when allowed, else seconds to wait.

        The address is counted first (a refused address spends nothing of the conversation's budget).
        """
        if address is not None and self.per_address is not None:
            wait = self.per_address.take(address)
            if wait:
                return wait
        if sender is not None and self.per_sender is not None:
            return self.per_sender.take(sender)
        return 0.0


_shared: Policy | None = None
_shared_lock = threading.Lock()


def shared_policy() -> Policy:
    """This process's policy (created from the environment on first use), shared by every channel."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Policy()
        return _shared


def client_address(request: Any) -> str:
    """The client's address as Sanic sees it (behind a proxy: see ``SANIC_PROXIES_COUNT``)."""
    return request.remote_addr or request.ip or "?"


def refusal_text(wait: float) -> str:
    """The polite sentence for a refused message."""
    seconds = retry_after(wait)
    return (
        "You're sending messages faster than I can answer. "
        f"Please wait {seconds} second{'s' if seconds != 1 else ''} and try again."
    )
