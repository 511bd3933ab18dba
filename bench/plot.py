"""The PNG: latency percentiles and throughput against concurrency, ours next to the starter."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - the backend must be chosen first

STYLES = {"ours": ("tab:blue", "-", "housing-code assistant"), "starter": ("tab:gray", "--", "rasa init starter")}


def plot(results: Mapping[str, Any], path: Path) -> Path:
    """Write the two-panel plot to ``path``."""
    fig, (lat, tput) = plt.subplots(1, 2, figsize=(11, 4.4))
    for bot, (color, style, label) in STYLES.items():
        levels = results.get(bot, {}).get("levels", {})
        xs = sorted(int(c) for c in levels)
        if not xs:
            continue
        rows = [levels[str(c)] for c in xs]
        for field, marker, alpha in (("p50_ms", "o", 1.0), ("p95_ms", "^", 0.7), ("p99_ms", "v", 0.45)):
            lat.plot(
                xs,
                [r[field] for r in rows],
                linestyle=style,
                marker=marker,
                color=color,
                alpha=alpha,
                label=f"{label} {field[:3]}",
            )
        tput.plot(xs, [r["msgs_per_s"] for r in rows], linestyle=style, marker="o", color=color, label=label)
    # The targets, as red crosses where they apply.
    lat.plot([1, 1, 16], [60, 150, 500], "x", color="tab:red", markersize=9, label="targets (c1 p50, c1 p95, c16 p95)")
    tput.plot([16], [40], "x", color="tab:red", markersize=9, label="target (c16)")
    levels = sorted({int(c) for bot in STYLES for c in results.get(bot, {}).get("levels", {})})
    for ax in (lat, tput):
        ax.set_xscale("log", base=2)
        ax.set_xticks(levels or [1])
        ax.set_xticklabels([str(c) for c in levels or [1]])
        ax.set_xlabel("concurrent conversations")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    tput.set_ylim(bottom=0)
    lat.set_yscale("log")
    lat.set_ylabel("latency per message (ms, log scale)")
    lat.set_title("REST latency: p50 / p95 / p99")
    tput.set_ylabel("answered messages per second")
    tput.set_title("Throughput")
    machine = results.get("machine", {})
    fig.suptitle(
        f"make bench, {results.get('generated', '')[:16]} UTC, {machine.get('cpus', '?')} CPUs, "
        f"load average at start {machine.get('loadavg_start', ['?'])[0]}",
        fontsize=9,
    )
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
