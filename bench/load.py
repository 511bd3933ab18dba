"""The load runner: conversations through the REST channel at a fixed concurrency.

``concurrency`` workers each hold one conversation at a time (a distinct sender per
conversation) and send its messages one after the other, the next as soon as the answer
arrives (no think time). A message counts as answered when the reply is HTTP 200 with a
non-empty list of bot messages; otherwise it is an error: ``http`` (another status),
``empty`` (200 with no bot message), ``timeout`` or ``exception`` (connection refused, reset,
bad JSON, ...). Every run is bounded in messages and in time.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any, Sequence

import aiohttp

REQUEST_TIMEOUT_S = 30.0


def reply_is_answer(body: Any) -> bool:
    """Whether a REST channel reply holds at least one bot message with text, buttons or a payload."""
    return isinstance(body, list) and any(
        isinstance(m, dict) and (m.get("text") or m.get("custom") or m.get("buttons") or m.get("image")) for m in body
    )


async def _post(session: aiohttp.ClientSession, url: str, sender: str, text: str) -> tuple[str | None, float, str]:
    """Send one message; (error kind or None, latency in ms, error detail)."""
    start = time.perf_counter()
    try:
        async with session.post(url, json={"sender": sender, "message": text}) as response:
            raw = await response.read()
            elapsed = (time.perf_counter() - start) * 1000
            if response.status != 200:
                return "http", elapsed, f"HTTP {response.status}: {raw[:120]!r}"
            try:
                body = await response.json(content_type=None)
            except ValueError:
                return "exception", elapsed, f"not JSON: {raw[:120]!r}"
            if not reply_is_answer(body):
                return "empty", elapsed, f"empty reply to {text!r}"
            return None, elapsed, ""
    except asyncio.TimeoutError:
        return "timeout", (time.perf_counter() - start) * 1000, f"timeout on {text!r}"
    except aiohttp.ClientError as exc:
        return "exception", (time.perf_counter() - start) * 1000, f"{type(exc).__name__}: {exc}"


async def run_level(
    url: str,
    conversations: Sequence[Sequence[str]],
    concurrency: int,
    max_messages: int,
    max_seconds: float,
    label: str = "bench",
) -> dict[str, Any]:
    """Run conversations at ``concurrency`` until ``max_messages`` are sent or ``max_seconds`` pass.

    Returns the raw round: ``latencies_ms`` of the answered messages, ``errors`` by kind,
    ``wall_s`` (first request to last response), ``error_samples``.
    """
    if not conversations:
        raise ValueError("no conversations to send")
    run_id = uuid.uuid4().hex[:8]
    latencies: list[float] = []
    errors: dict[str, int] = {}
    samples: list[str] = []
    state = {"sent": 0, "next": 0}
    deadline = time.monotonic() + max_seconds
    connector = aiohttp.TCPConnector(limit=concurrency)
    timeout = aiohttp.ClientTimeout(total=REQUEST_TIMEOUT_S)

    def more() -> bool:
        return state["sent"] < max_messages and time.monotonic() < deadline

    async def worker(session: aiohttp.ClientSession) -> None:
        while more():
            index = state["next"]
            state["next"] += 1
            conversation = conversations[index % len(conversations)]
            sender = f"{label}-{run_id}-{index}"
            for text in conversation:
                if not more():
                    return
                state["sent"] += 1
                kind, elapsed, detail = await _post(session, url, sender, text)
                if kind is None:
                    latencies.append(elapsed)
                else:
                    errors[kind] = errors.get(kind, 0) + 1
                    if len(samples) < 5:
                        samples.append(detail)

    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        start = time.perf_counter()
        await asyncio.gather(*(worker(session) for _ in range(concurrency)))
        wall = time.perf_counter() - start
    return {"latencies_ms": latencies, "errors": errors, "wall_s": wall, "error_samples": samples}


def run_level_sync(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """:func:`run_level` from synchronous code."""
    return asyncio.run(run_level(*args, **kwargs))
