"""In-process timings of the knowledge base: a section lookup, a full-text search, the provision
selector (beside the search it complements), the calculator.

Each call is timed on its own with ``time.perf_counter`` (the database is opened and warmed
first); the figures are the median and p95 of many calls, in microseconds. The calculator
(``knowledge/space/``) is timed only where this checkout has it.
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
# People's questions for the provision selector (knowledge/selector.py), each with a municipality
# and the intent ranking the classifier might give.
QUESTIONS = [
    ("who pays for the trash cans at a fourplex", "howard", [("ask_garbage_rubbish", 0.8)]),
    ("smallest bedroom a single person may sleep in", "amery", [("ask_sleeping_room_size", 0.9)]),
    ("can my landlord shut off the water", "dresser", [("ask_utility_shutoffs", 0.7)]),
    ("is an outhouse ok", "holland", []),
    ("how many days to appeal an order", "muskego", [("ask_notices_hearings_appeals", 0.6)]),
    ("does the lease override the code", "muskego", [("ask_code_precedence", 0.4)]),
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
        out["selector.select"] = _selector(kb, iterations // 4, max_seconds)
        out["calculator"] = _calculator(kb, keys, iterations, max_seconds)
        return out
    finally:
        kb.close()


def _selector(kb: Any, iterations: int, max_seconds: float) -> dict[str, Any]:
    if not (ROOT / "knowledge" / "selector.py").exists():
        return {"skipped": "knowledge/selector.py is not in this checkout"}
    selector = importlib.import_module("knowledge.selector")
    for _, key, _ in QUESTIONS:
        selector.index(kb, key)  # each municipality's index is built once per process (not timed)
    calls = cycle(QUESTIONS)

    def one() -> None:
        question, key, ranking = next(calls)
        selector.select(kb, question, key, None, ranking)

    return time_calls(one, iterations, max_seconds)


def _calculator(kb: Any, keys: list[str], iterations: int, max_seconds: float) -> dict[str, Any]:
    # Only this checkout's calculator: an editable install elsewhere could otherwise supply one.
    if not ((ROOT / "knowledge" / "space.py").exists() or (ROOT / "knowledge" / "space" / "__init__.py").exists()):
        return {"skipped": "knowledge/space is not in this checkout"}
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
