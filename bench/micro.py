"""In-process timings of the knowledge base: a section lookup, a full-text search, the calculator.

Each call is timed on its own with ``time.perf_counter`` (the database is opened and warmed
first); the figures are the median and p95 of many calls, in microseconds. The calculator
(``knowledge/space.py``) is timed only where this checkout has it.
"""

from __future__ import annotations

import importlib
import time
from itertools import cycle
from pathlib import Path
from typing import Any, Callable

from bench.stats import percentile

ROOT = Path(__file__).resolve().parent.parent

SEARCHES = [
    ("garbage containers", None),
    ("extermination", "holland"),
    ("hot water temperature", None),
    ("habitable room", "muskego"),
    ("smoke detector", None),
    ("handrail stairs", "amery"),
    ("rental license", None),
    ("ceiling height", "dresser"),
]


def time_calls(fn: Callable[[], Any], iterations: int, max_seconds: float) -> dict[str, Any]:
    """Median and p95 (µs) of up to ``iterations`` calls of ``fn``, within ``max_seconds``."""
    fn()  # warm (first use opens the database, fills caches)
    samples: list[float] = []
    deadline = time.monotonic() + max_seconds
    while len(samples) < iterations and time.monotonic() < deadline:
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1e6)
    return {
        "median_us": round(percentile(samples, 50), 1),
        "p95_us": round(percentile(samples, 95), 1),
        "calls": len(samples),
    }


def measure(db_path: Path, iterations: int = 2000, max_seconds: float = 5.0) -> dict[str, Any]:
    """The three timings (the calculator's as ``{"skipped": reason}`` where it is missing)."""
    from knowledge.kb import KnowledgeBase

    kb = KnowledgeBase(db_path)
    try:
        keys = [m.key for m in kb.municipalities()]
        citations = [(k, s.citation) for k in keys for s in kb.sections(k)[:40]]
        section_args = cycle(citations)
        search_args = cycle(SEARCHES)
        out: dict[str, Any] = {
            "kb.section": time_calls(lambda: kb.section(*next(section_args)), iterations, max_seconds),
            "kb.search": time_calls(lambda: kb.search(*next(search_args)), iterations // 4, max_seconds),
        }
        out["calculator"] = _calculator(kb, keys, iterations, max_seconds)
        return out
    finally:
        kb.close()


def _calculator(kb: Any, keys: list[str], iterations: int, max_seconds: float) -> dict[str, Any]:
    # Only this checkout's calculator: an editable install elsewhere could otherwise supply one.
    if not (ROOT / "knowledge" / "space.py").exists():
        return {"skipped": "knowledge/space.py is not in this checkout"}
    try:
        space = importlib.import_module("knowledge.space")
    except ImportError as exc:
        return {"skipped": f"knowledge.space does not import ({exc})"}
    calls = cycle(
        [(space.sleeping_room, k, 120.0, 2) for k in keys] + [(space.dwelling_unit, k, 600.0, 3) for k in keys]
    )

    def one() -> None:
        fn, key, area, people = next(calls)
        fn(kb, key, area, people=people)

    try:
        return time_calls(one, iterations, max_seconds)
    except (AttributeError, TypeError) as exc:  # the calculator's API is not the one this knows
        return {"skipped": f"knowledge.space API not recognised ({exc})"}
