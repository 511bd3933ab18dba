"""Pure functions of the benchmark: percentiles, level summaries, ratios, targets and verdicts.

Nothing here measures or starts anything, so it is tested on fixed numbers
(``tests/test_bench.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

PASS, MISS, NA = "PASS", "MISS", "n/a"

# Kinds of failed request the load runner counts.
ERROR_KINDS = ("http", "empty", "timeout", "exception")


def percentile(values: Iterable[float], q: float) -> float | None:
    """The ``q``-th percentile (0..100) with linear interpolation between ranks (numpy's default).

    ``None`` for no values.
    """
    data = sorted(values)
    if not data:
        return None
    if not 0 <= q <= 100:
        raise ValueError(f"percentile must be within 0..100, not {q}")
    rank = (len(data) - 1) * q / 100
    low, high = math.floor(rank), math.ceil(rank)
    if low == high:
        return data[low]
    return data[low] + (data[high] - data[low]) * (rank - low)


def median(values: Iterable[float]) -> float | None:
    """The median (``None`` for no values)."""
    return percentile(values, 50)


def summarize_level(
    concurrency: int, latencies_ms: Sequence[float], errors: Mapping[str, int], wall_s: float
) -> dict[str, Any]:
    """One concurrency level: latency percentiles of the answered messages, throughput, errors.

    ``latencies_ms`` are the answered (200, non-empty) messages; ``errors`` counts the others by
    kind; ``wall_s`` is the time from the first request to the last response.
    """
    answered = len(latencies_ms)
    failed = sum(errors.values())
    return {
        "concurrency": concurrency,
        "messages": answered + failed,
        "answered": answered,
        "errors": failed,
        "errors_by_kind": {k: v for k, v in sorted(errors.items()) if v},
        "wall_s": round(wall_s, 3),
        "msgs_per_s": round(answered / wall_s, 2) if wall_s > 0 else None,
        "p50_ms": _round(percentile(latencies_ms, 50)),
        "p95_ms": _round(percentile(latencies_ms, 95)),
        "p99_ms": _round(percentile(latencies_ms, 99)),
        "mean_ms": _round(sum(latencies_ms) / answered if answered else None),
        "max_ms": _round(max(latencies_ms) if latencies_ms else None),
    }


def merge_rounds(concurrency: int, rounds: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Pool the raw rounds of one level (``latencies_ms``, ``errors``, ``wall_s`` each) into one summary.

    Percentiles are over all answered messages; throughput is the median of the rounds'
    throughputs (the machine is shared, so one slow round should not set the figure); each
    round's p50 and throughput are kept to show the spread.
    """
    latencies = [x for r in rounds for x in r["latencies_ms"]]
    errors: dict[str, int] = {}
    for r in rounds:
        for kind, n in r["errors"].items():
            errors[kind] = errors.get(kind, 0) + n
    wall = sum(r["wall_s"] for r in rounds)
    summary = summarize_level(concurrency, latencies, errors, wall)
    per_round = [summarize_level(concurrency, r["latencies_ms"], r["errors"], r["wall_s"]) for r in rounds]
    throughputs = [r["msgs_per_s"] for r in per_round if r["msgs_per_s"] is not None]
    summary["msgs_per_s"] = _round(median(throughputs), 2)
    summary["rounds"] = [
        {"p50_ms": r["p50_ms"], "p95_ms": r["p95_ms"], "msgs_per_s": r["msgs_per_s"]} for r in per_round
    ]
    summary["error_samples"] = [s for r in rounds for s in r.get("error_samples", [])][:5]
    return summary


def ratio(ours: float | None, theirs: float | None) -> float | None:
    """ours / theirs, rounded; ``None`` when either is missing or the divisor is zero."""
    if ours is None or theirs is None or theirs == 0:
        return None
    return round(ours / theirs, 2)


def _round(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


@dataclass(frozen=True)
class Target:
    """A figure the benchmark compares with a limit: ``value <= limit`` (``at_most``) or ``>=``."""

    key: str
    label: str
    limit: float
    unit: str
    at_most: bool = True

    def verdict(self, value: float | None) -> str:
        if value is None:
            return NA
        ok = value <= self.limit if self.at_most else value >= self.limit
        return PASS if ok else MISS

    def describe(self) -> str:
        return f"{'≤' if self.at_most else '≥'} {self.limit:g} {self.unit}"


# The targets for this 2-core machine (the task's, not Rasa's).
TARGETS: tuple[Target, ...] = (
    Target("c1_p50_ms", "sequential p50 (incl. action call)", 60, "ms"),
    Target("c1_p95_ms", "sequential p95", 150, "ms"),
    Target("c16_msgs_per_s", "throughput at concurrency 16", 40, "msg/s", at_most=False),
    Target("c16_p95_ms", "p95 at concurrency 16", 500, "ms"),
    Target("c16_errors", "errors at concurrency 16", 0, "errors"),
    Target("cold_start_s", "cold start (start → first answer)", 25, "s"),
    Target("training_s", "full training (rasa train --force)", 120, "s"),
    Target("rasa_rss_mb", "Rasa server peak RSS", 1200, "MB"),
    Target("actions_rss_mb", "action server peak RSS", 150, "MB"),
)


def headline(bot: Mapping[str, Any]) -> dict[str, float | None]:
    """The figures the targets and ratios are about, from one bot's results."""
    levels = bot.get("levels", {})

    def level(c: int, field: str) -> float | None:
        return (levels.get(str(c)) or {}).get(field)

    rss = bot.get("rss_mb", {})
    return {
        "c1_p50_ms": level(1, "p50_ms"),
        "c1_p95_ms": level(1, "p95_ms"),
        "c16_msgs_per_s": level(16, "msgs_per_s"),
        "c16_p95_ms": level(16, "p95_ms"),
        "c16_errors": level(16, "errors"),
        "c16_rasa_cpu_ms_per_msg": ((levels.get("16") or {}).get("server_cpu_ms_per_msg") or {}).get("rasa"),
        "cold_start_s": bot.get("cold_start_s"),
        "training_s": bot.get("training_s"),
        "rasa_rss_mb": rss.get("rasa"),
        "actions_rss_mb": rss.get("actions"),
    }


def checks(bot: Mapping[str, Any], targets: Sequence[Target] = TARGETS) -> list[dict[str, Any]]:
    """Every target with our figure and PASS / MISS (n/a when the figure was not measured)."""
    figures = headline(bot)
    return [
        {
            "key": t.key,
            "label": t.label,
            "value": figures.get(t.key),
            "target": t.describe(),
            "verdict": t.verdict(figures.get(t.key)),
        }
        for t in targets
    ]


# ours / starter ratios: latency (lower is better), throughput (higher is better), the rest lower.
RATIO_KEYS = (
    "c1_p50_ms",
    "c1_p95_ms",
    "c16_p95_ms",
    "c16_msgs_per_s",
    "c16_rasa_cpu_ms_per_msg",
    "cold_start_s",
    "training_s",
    "rasa_rss_mb",
)


def ratios(ours: Mapping[str, Any], starter: Mapping[str, Any]) -> dict[str, float | None]:
    """ours / starter for the headline figures, plus the p50 and throughput ratio at every level."""
    a, b = headline(ours), headline(starter)
    out = {k: ratio(a[k], b[k]) for k in RATIO_KEYS}
    for c in sorted(set(ours.get("levels", {})) & set(starter.get("levels", {})), key=int):
        out[f"c{c}_p50_ms"] = ratio(ours["levels"][c]["p50_ms"], starter["levels"][c]["p50_ms"])
        out[f"c{c}_msgs_per_s"] = ratio(ours["levels"][c]["msgs_per_s"], starter["levels"][c]["msgs_per_s"])
    return out


def format_value(value: Any) -> str:
    """A figure for the printed tables."""
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 10 else f"{value:,.2f}"
    return str(value)


def format_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain-text table with aligned columns."""
    cells = [[str(h) for h in header]] + [[format_value(v) if not isinstance(v, str) else v for v in r] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """The same table in Markdown (for the README)."""
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    for r in rows:
        out.append("| " + " | ".join(v if isinstance(v, str) else format_value(v) for v in r) + " |")
    return "\n".join(out)
