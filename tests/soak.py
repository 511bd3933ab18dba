"""A bounded soak test on loopback: concurrent senders, each holding its own conversations.

``make soak`` runs it for 10 minutes with 16 senders (``python tests/soak.py --seconds 600
--senders 16``); ``tests/test_soak.py`` runs a short version in ``make test``. It starts both
servers through the launcher on free loopback ports (or uses ``--base``), and every sender

* talks about its own municipality (sender *i* about municipality *i* mod 5) in conversations of
  a few turns (a question without a place, the place, follow-ups), each under a fresh sender id;
* checks every answer after the place is given names that municipality and no other (no
  cross-talk between concurrent conversations), and that no answer is an error or an apology.

It reports messages, errors by kind, latencies, and the resident memory (RSS) of both servers at
the start (after a warm-up), every minute, and at the end; it exits 1 on any error or when the
end RSS of a server exceeds twice its start plus 200 MB (a generous leak check). Traffic goes
only to 127.0.0.1, is bounded in time, and stops by itself.
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))
import stack  # noqa: E402 - tests/ is not a package

MUNICIPALITIES = [
    ("holland", "Town of Holland"),
    ("howard", "Town of Howard"),
    ("amery", "City of Amery"),
    ("dresser", "Village of Dresser"),
    ("muskego", "City of Muskego"),
]
# One conversation: (message, whether the answer must name the sender's municipality). "{name}" is it.
SCRIPT = [
    ("who has to get rid of the cockroaches?", False),
    ("{name}", True),
    ("who has to supply the garbage cans?", True),
    ("how warm does the heat have to be?", True),
    ("what about hot water?", True),
    ("is there a minimum ceiling height?", True),
]
APOLOGIES = ("Sorry, I can't look that up right now", "Sorry, something went wrong on my side")
RSS_LIMIT = "end RSS < 2 x start + 200 MB"


def leak_ok(start: float, end: float) -> bool:
    return end < 2 * start + 200


@dataclass
class Results:
    """What the senders saw (shared, under a lock)."""

    messages: int = 0
    conversations: int = 0
    errors: Counter = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, latency: float) -> None:
        with self.lock:
            self.messages += 1
            self.latencies.append(latency)

    def error(self, kind: str, detail: str) -> None:
        with self.lock:
            self.errors[kind] += 1
            if len(self.examples) < 20:
                self.examples.append(f"{kind}: {detail[:300]}")


def check(reply: str, own: str, must_name: bool) -> str | None:
    """What is wrong with one answer (None: nothing)."""
    if not reply.strip():
        return "empty"
    if any(a in reply for a in APOLOGIES):
        return "apology"
    if must_name:
        if own not in reply:
            return "missing own municipality"
        others = [name for _, name in MUNICIPALITIES if name != own and name in reply]
        if others:
            return f"names another municipality ({', '.join(others)})"
    return None


def sender_loop(index: int, base: str, deadline: float, results: Results, run: str) -> None:
    _, name = MUNICIPALITIES[index % len(MUNICIPALITIES)]
    session = requests.Session()
    number = 0
    while time.monotonic() < deadline:
        sender = f"soak-{run}-{index}-{number}"
        number += 1
        for message, must_name in SCRIPT:
            if time.monotonic() >= deadline:
                return
            text = message.format(name=name)
            started = time.monotonic()
            try:
                response = session.post(
                    f"{base}/webhooks/rest/webhook", json={"sender": sender, "message": text}, timeout=60
                )
            except requests.RequestException as exc:
                results.error("request failed", f"{sender}: {exc}")
                break
            results.record(time.monotonic() - started)
            if response.status_code != 200:
                results.error(f"HTTP {response.status_code}", f"{sender} {text!r}: {response.text}")
                break
            reply = "\n".join(m.get("text") or "" for m in response.json())
            problem = check(reply, name, must_name)
            if problem:
                results.error(problem, f"{sender} ({name}) {text!r} -> {reply}")
        with results.lock:
            results.conversations += 1


def warm_up(base: str) -> None:
    """One conversation per municipality, so that start-up allocations are not counted as growth."""
    for key, name in MUNICIPALITIES:
        for message, _ in SCRIPT:
            requests.post(
                f"{base}/webhooks/rest/webhook",
                json={"sender": f"warmup-{key}-{uuid.uuid4().hex[:6]}", "message": message.format(name=name)},
                timeout=120,
            )


def run(
    base: str, seconds: float, senders: int, rss: Callable[[], dict[str, float]], say: Callable[[str], None] = print
) -> dict:
    """Soak ``base`` for ``seconds`` with ``senders`` threads; return the figures."""
    warm_up(base)
    samples = [(0.0, rss())]
    say(f"start RSS (MB): {fmt(samples[0][1])}")
    results = Results()
    started = time.monotonic()
    deadline = started + seconds
    tag = uuid.uuid4().hex[:6]
    threads = [
        threading.Thread(target=sender_loop, args=(i, base, deadline, results, tag), daemon=True)
        for i in range(senders)
    ]
    for thread in threads:
        thread.start()
    next_sample = started + 60
    while any(t.is_alive() for t in threads):
        time.sleep(0.5)
        if time.monotonic() >= next_sample:
            samples.append((time.monotonic() - started, rss()))
            say(f"{samples[-1][0]:6.0f} s: {results.messages} messages, RSS (MB) {fmt(samples[-1][1])}")
            next_sample += 60
    elapsed = time.monotonic() - started
    samples.append((elapsed, rss()))
    lat = sorted(results.latencies) or [0.0]
    start_rss, end_rss = samples[0][1], samples[-1][1]
    figures = {
        "seconds": round(elapsed, 1),
        "senders": senders,
        "messages": results.messages,
        "conversations": results.conversations,
        "messages_per_second": round(results.messages / elapsed, 2) if elapsed else 0,
        "errors": sum(results.errors.values()),
        "errors_by_kind": dict(results.errors),
        "error_examples": results.examples,
        "latency_s": {
            "median": round(statistics.median(lat), 3),
            "p95": round(lat[int(0.95 * (len(lat) - 1))], 3),
            "max": round(lat[-1], 3),
        },
        "rss_mb": {"start": start_rss, "end": end_rss, "samples": [[round(t), r] for t, r in samples]},
        "leak_check": RSS_LIMIT,
        "leak_ok": all(leak_ok(start_rss[k], end_rss.get(k, 0)) for k in start_rss),
    }
    say(
        f"{figures['messages']} messages in {figures['conversations']} conversations over {figures['seconds']} s "
        f"({figures['messages_per_second']}/s), {figures['errors']} errors {figures['errors_by_kind'] or ''}"
    )
    say(f"latency: median {figures['latency_s']['median']} s, p95 {figures['latency_s']['p95']} s")
    say(f"RSS (MB) start {fmt(start_rss)}  end {fmt(end_rss)}  ({RSS_LIMIT}: {'ok' if figures['leak_ok'] else 'FAIL'})")
    for example in results.examples[:5]:
        say(f"  {example}")
    return figures


def fmt(sizes: dict[str, float]) -> str:
    return ", ".join(f"{name} {size:.0f}" for name, size in sorted(sizes.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--senders", type=int, default=16)
    parser.add_argument("--out", type=Path, default=Path("build/soak.json"), help="the figures, as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 3600 or not 1 <= args.senders <= 64:
        parser.error("--seconds must be 1-3600 and --senders 1-64")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that `finally` stops the servers
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        print("starting both servers (launcher) on free loopback ports ...", flush=True)
        # Every sender is this one loopback address, and the servers now answer faster than the
        # per-address limit (RATE_LIMIT_IP, 50 a second) lets one address talk: switch it off.
        servers = stack.start(Path(tmp), RATE_LIMIT_IP="off")
        try:
            figures = run(servers.base, args.seconds, args.senders, servers.rss_mb, lambda s: print(s, flush=True))
        finally:
            servers.stop()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(figures, indent=2))
    print(f"figures: {args.out}")
    return 0 if figures["errors"] == 0 and figures["leak_ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
