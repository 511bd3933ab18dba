"""``make bench``: measure the assistant as users feel it, next to Rasa's starter assistant.

In one run (about 6–8 minutes on the 2-core machine):

1. in-process medians of a knowledge-base section lookup, a full-text search and (where
   ``knowledge/space/`` exists) a calculator call;
2. training time: the starter (``rasa init --no-prompt``, which trains it) and ours
   (``rasa train --force`` into a temporary folder, cache in a temporary folder too);
3. cold start: ours started as ``make run`` starts it (``python -m bot.launch``, free ports, a
   temporary SQLite tracker store), the starter with ``rasa run`` — start command to first answer;
4. load: at each concurrency (1, 4, 16, 64) and for each round, ours then the starter, each
   conversation from a distinct sender, bounded in messages and seconds per round;
5. peak resident memory of each server (VmHWM, process and descendants) and server CPU time per
   message at each level;
6. the cost curve (:mod:`bench.curve`): knowledge bases of 5, 50 and 200 municipalities (renamed
   copies of the five) — build time, ``kb.section`` / ``kb.search`` medians, the entity ruler's size
   and parse time. The curve's REST p50 with a model retrained per size takes another 10–15
   minutes, so it is ``make bench-curve`` (``python -m bench.curve``); its last figures are kept in
   ``results.json`` under ``curve_rest``.

Prints each figure with its target and PASS/MISS (never fails on a figure), the ours/starter
ratios and the machine's load, and writes ``bench/results.json`` and ``bench/latency.png``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any, Mapping

from bench import curve, micro, stats, workload
from bench.load import run_level_sync
from bench.servers import (
    MemorySampler,
    Started,
    cmdline,
    cpu_seconds,
    first_answer,
    free_port,
    spawn,
    terminate,
    wait_for_children,
)

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HERE = Path(__file__).resolve().parent

LEVELS = (1, 4, 16, 64)
# Per round and level: at most this many messages, and at most this many seconds.
CAPS = {1: (120, 30.0), 4: (160, 30.0), 16: (320, 40.0), 64: (448, 45.0)}
DEFAULT_CAP = (320, 40.0)
WARMUP_MESSAGES = 24
TRAIN_TIMEOUT_S = 600.0
COLD_START_TIMEOUT_S = 180.0
OUR_FIRST_QUESTION = "Who is responsible for extermination in the Town of Holland?"
STARTER_FIRST_MESSAGE = "hello"


def log(message: str) -> None:
    print(f"bench: {message}", flush=True)


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def quiet_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment every Rasa command of the benchmark runs with."""
    env = {**os.environ, "RASA_TELEMETRY_ENABLED": "false", "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONDONTWRITEBYTECODE": "1"}
    env.update(extra or {})
    return env


def tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# -- training -----------------------------------------------------------------------------------
def timed_command(argv: list[str], cwd: Path, env: Mapping[str, str], log_path: Path) -> tuple[float | None, str]:
    """Run a command to completion; (seconds, "") or (None, why it failed)."""
    start = time.monotonic()
    with open(log_path, "wb") as out:
        try:
            done = subprocess.run(
                argv, cwd=cwd, env=dict(env), stdout=out, stderr=subprocess.STDOUT, timeout=TRAIN_TIMEOUT_S
            )
        except subprocess.TimeoutExpired:
            return None, f"timed out after {TRAIN_TIMEOUT_S:.0f} s"
    elapsed = time.monotonic() - start
    if done.returncode != 0:
        return None, f"exit code {done.returncode}:\n{tail(log_path)}"
    return elapsed, ""


def train_ours(tmp: Path) -> dict[str, Any]:
    """``rasa train --force`` of our assistant into a temporary folder."""
    out = tmp / "train"
    argv = [str(BIN / "rasa"), "train", "--config", "config.yml", "--domain", "bot/domain", "--data", "data",
            "--out", str(out), "--fixed-model-name", "housing", "--force"]  # fmt: skip
    env = quiet_env({"RASA_CACHE_DIRECTORY": str(tmp / "train-cache")})
    seconds, why = timed_command(argv, ROOT, env, tmp / "train.log")
    if seconds is not None and not (out / "housing.tar.gz").exists():
        seconds, why = None, "no model written"
    return {
        "training_s": _r(seconds),
        "training_command": "rasa train --force (temporary --out and cache)",
        "training_error": why or None,
    }


def init_starter(tmp: Path) -> tuple[Path, dict[str, Any]]:
    """``rasa init --no-prompt`` into a temporary folder (it trains the starter's default config)."""
    folder = tmp / "starter"
    folder.mkdir()
    argv = [str(BIN / "rasa"), "init", "--no-prompt", "--init-dir", str(folder)]
    env = quiet_env({"RASA_CACHE_DIRECTORY": str(tmp / "starter-cache")})
    seconds, why = timed_command(argv, folder, env, tmp / "starter-init.log")
    if seconds is not None and not list((folder / "models").glob("*.tar.gz")):
        seconds, why = None, "rasa init wrote no model"
    return folder, {
        "training_s": _r(seconds),
        "training_command": "rasa init --no-prompt (scaffold + training)",
        "training_error": why or None,
    }


# -- servers ------------------------------------------------------------------------------------
def start_ours(tmp: Path, extra_env: Mapping[str, str]) -> Started:
    """Our two servers, started by ``python -m bot.launch`` as ``make run`` does; waits for the first answer."""
    from bot import launch

    rasa_port, action_port = free_port(), free_port()
    env = quiet_env(
        {
            "RASA_PORT": str(rasa_port),
            "ACTION_PORT": str(action_port),
            "ACTION_ENDPOINT_URL": f"http://127.0.0.1:{action_port}/webhook",
            "TRACKER_DB": str(tmp / "ours-tracker.db"),
            "SMS_DB": str(tmp / "ours-sms.db"),
            # every simulated user is this one loopback address: the per-address limit (50 a
            # second) would otherwise cap the load levels, not the assistant
            "RATE_LIMIT_IP": "off",
            **extra_env,
        }
    )
    expected = dict(launch.commands({**launch.defaults(env), **env}))
    names = {"rasa": expected["rasa server"], "actions": expected["action server"]}
    log_path = tmp / "ours-servers.log"
    started_at = time.monotonic()
    process = spawn([sys.executable, "-m", "bot.launch"], ROOT, env, log_path)
    started = Started(process, {}, log_path, f"http://127.0.0.1:{rasa_port}")
    started.extra["argv"] = names
    started.extra["tracker_db"] = Path(env["TRACKER_DB"])
    try:
        # A console script (bin/rasa) runs as "python bin/rasa ...": the interpreter comes first.
        started.roots = wait_for_children(
            process.pid,
            {n: (lambda a, want=argv: a in (want, [a[0], *want[1:]]) or a[1:] == want) for n, argv in names.items()},
        )
        started.extra["argv"] = {name: cmdline(pid) for name, pid in started.roots.items()}
        started.extra["sampler"] = MemorySampler(started.roots).start()
        cold, first_ms, reply = first_answer(
            started.webhook, OUR_FIRST_QUESTION, lambda: process.poll() is None, started_at, COLD_START_TIMEOUT_S
        )
    except Exception:
        log(f"our servers did not answer; log:\n{tail(log_path)}")
        stop(started)
        raise
    started.cold_start_s, started.first_latency_ms, started.first_reply = cold, first_ms, reply
    started.extra["first_answer_cites"] = "190-10" in json.dumps(reply)
    return started


# The starter gets the same tracker store as ours (so the ratios compare the assistants, not the
# storage); it has no custom actions, so no action server.
STARTER_ENDPOINTS = """# Written by make bench.
tracker_store:
  type: bot.tracker_store.SQLiteTrackerStore
  dialect: sqlite
  db: {db}
"""


def start_starter(folder: Path) -> Started:
    """The starter's ``rasa run`` (REST channel only, 127.0.0.1); waits for the first answer."""
    port = free_port()
    db = folder / "tracker.db"
    (folder / "bench-endpoints.yml").write_text(STARTER_ENDPOINTS.format(db=db), encoding="utf-8")
    (folder / "bench-credentials.yml").write_text("rest:\n", encoding="utf-8")
    argv = [str(BIN / "rasa"), "run", "--model", "models", "--endpoints", "bench-endpoints.yml",
            "--credentials", "bench-credentials.yml", "--port", str(port), "--interface", "127.0.0.1"]  # fmt: skip
    log_path = folder.parent / "starter-server.log"
    started_at = time.monotonic()
    # PYTHONPATH: this checkout's bot.tracker_store (Rasa would fall back to memory without it).
    process = spawn(argv, folder, quiet_env({"PYTHONPATH": str(ROOT)}), log_path)
    started = Started(process, {"rasa": process.pid}, log_path, f"http://127.0.0.1:{port}")
    started.extra["tracker_db"] = db
    started.extra["sampler"] = MemorySampler(started.roots).start()
    try:
        cold, first_ms, reply = first_answer(
            started.webhook, STARTER_FIRST_MESSAGE, lambda: process.poll() is None, started_at, COLD_START_TIMEOUT_S
        )
    except Exception:
        log(f"the starter did not answer; log:\n{tail(log_path)}")
        stop(started)
        raise
    started.cold_start_s, started.first_latency_ms, started.first_reply = cold, first_ms, reply
    started.extra["argv"] = {"rasa": cmdline(process.pid)}  # as the kernel shows it, for the last-resort kill
    return started


def stop(started: Started | None) -> dict[str, Any]:
    """Stop a bot's servers; its peak memory per server."""
    if started is None:
        return {}
    sampler = started.extra.pop("sampler", None)
    memory = sampler.stop() if sampler else {}
    others = {
        pid: started.extra["argv"][name] for name, pid in started.roots.items() if name in started.extra.get("argv", {})
    }
    terminate(started.process, others)
    return memory


def stored_events(db: Path | None) -> int | None:
    """How many events the tracker store wrote (a check that it really stored the conversations)."""
    if db is None or not db.exists():
        return None
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
            return conn.execute("select count(*) from events").fetchone()[0]
    except sqlite3.Error:
        return None


# -- load ---------------------------------------------------------------------------------------
def measure_round(started: Started, bot: str, convs: list[list[str]], level: int, round_no: int) -> dict[str, Any]:
    """One bounded round at one concurrency, with the servers' CPU time per message."""
    messages, seconds = CAPS.get(level, DEFAULT_CAP)
    cpu_before = {name: cpu_seconds(pid) for name, pid in started.roots.items()}
    raw = run_level_sync(started.webhook, convs, level, messages, seconds, label=f"{bot}-c{level}-r{round_no}")
    cpu_after = {name: cpu_seconds(pid) for name, pid in started.roots.items()}
    sent = len(raw["latencies_ms"]) + sum(raw["errors"].values())
    raw["cpu_s"] = {name: cpu_after[name] - cpu_before[name] for name in cpu_before}
    raw["sent"] = sent
    return raw


def level_summary(level: int, rounds: list[dict[str, Any]]) -> dict[str, Any]:
    summary = stats.merge_rounds(level, rounds)
    sent = sum(r["sent"] for r in rounds)
    if sent:
        names = rounds[0]["cpu_s"].keys()
        summary["server_cpu_ms_per_msg"] = {
            n: round(1000 * sum(r["cpu_s"][n] for r in rounds) / sent, 1) for n in names
        }
        rasa_ms = summary["server_cpu_ms_per_msg"].get("rasa")
        # Rasa answers in one event loop (one core): its CPU per message bounds its throughput.
        summary["rasa_cpu_bound_msgs_per_s"] = round(1000 / rasa_ms, 1) if rasa_ms else None
    return summary


# -- report -------------------------------------------------------------------------------------
def _r(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


def report(results: Mapping[str, Any]) -> str:
    """The printed summary: levels, other figures, targets, ratios, in-process timings, load."""
    ours, starter = results.get("ours", {}), results.get("starter", {})
    parts: list[str] = []
    levels = sorted({int(c) for bot in (ours, starter) for c in bot.get("levels", {})})
    if levels:
        rows = []
        for c in levels:
            a, b = ours.get("levels", {}).get(str(c), {}), starter.get("levels", {}).get(str(c), {})
            rows.append([
                c, a.get("p50_ms"), a.get("p95_ms"), a.get("p99_ms"), a.get("msgs_per_s"), a.get("errors"),
                b.get("p50_ms"), b.get("p95_ms"), b.get("p99_ms"), b.get("msgs_per_s"), b.get("errors"),
                stats.ratio(a.get("p50_ms"), b.get("p50_ms")), stats.ratio(a.get("msgs_per_s"), b.get("msgs_per_s")),
            ])  # fmt: skip
        header = ["conc", "ours p50", "p95", "p99", "msg/s", "err", "starter p50", "p95", "p99", "msg/s", "err",
                  "p50 ratio", "msg/s ratio"]  # fmt: skip
        parts.append(
            "Latency (ms) and throughput through POST /webhooks/rest/webhook\n" + stats.format_table(header, rows)
        )

        def cpu(bot: Mapping[str, Any], c: int, server: str) -> float | None:
            return bot.get("levels", {}).get(str(c), {}).get("server_cpu_ms_per_msg", {}).get(server)

        def bound(bot: Mapping[str, Any], c: int) -> float | None:
            return bot.get("levels", {}).get(str(c), {}).get("rasa_cpu_bound_msgs_per_s")

        cpu_rows = [
            [
                c,
                cpu(ours, c, "rasa"),
                cpu(ours, c, "actions"),
                bound(ours, c),
                cpu(starter, c, "rasa"),
                bound(starter, c),
            ]
            for c in levels
        ]
        parts.append(
            "Server CPU per message (ms; less sensitive to a busy machine than latency) and the throughput it\n"
            "allows Rasa's single event loop with a core to itself (1000 / Rasa ms)\n"
            + stats.format_table(
                ["conc", "ours rasa", "ours actions", "ours bound msg/s", "starter rasa", "starter bound msg/s"],
                cpu_rows,
            )
        )
    a, b = stats.headline(ours), stats.headline(starter)
    other = [
        [label, a.get(key), b.get(key), stats.ratio(a.get(key), b.get(key))]
        for key, label in (("cold_start_s", "cold start (s)"), ("training_s", "full training (s)"),
                           ("rasa_rss_mb", "Rasa server peak RSS (MB)"), ("actions_rss_mb", "action server peak RSS (MB)"))
    ]  # fmt: skip
    parts.append(
        "Start-up, training, memory\n" + stats.format_table(["figure", "ours", "starter", "ours/starter"], other)
    )
    if ours:
        parts.append(
            "Targets (ours)\n"
            + stats.format_table(
                ["figure", "value", "target", "verdict"],
                [[c["label"], c["value"], c["target"], c["verdict"]] for c in results["checks"]],
            )
        )
    if results.get("micro"):
        rows = [
            [name, m.get("median_us"), m.get("p95_us"), m.get("calls"), m.get("skipped", "")]
            for name, m in results["micro"].items()
        ]
        parts.append("In-process (µs)\n" + stats.format_table(["call", "median", "p95", "calls", "note"], rows))
    machine = results["machine"]
    parts.append(
        f"Machine: {machine['cpus']} CPUs; load average (1/5/15 min) at start {machine['loadavg_start']}, "
        f"at end {machine['loadavg_end']}; per phase: "
        + "; ".join(f"{k} {v[0]}" for k, v in machine["loadavg_phases"].items())
    )
    return "\n\n".join(parts)


def markdown(results: Mapping[str, Any]) -> str:
    """The README's Performance table."""
    ours, starter = results.get("ours", {}), results.get("starter", {})
    rows = []
    for c in sorted(int(c) for c in ours.get("levels", {})):
        a, b = ours["levels"][str(c)], starter.get("levels", {}).get(str(c), {})
        rows.append([f"concurrency {c}: p50 / p95 / p99 ms", f"{a['p50_ms']:.0f} / {a['p95_ms']:.0f} / {a['p99_ms']:.0f}",
                     f"{b['p50_ms']:.0f} / {b['p95_ms']:.0f} / {b['p99_ms']:.0f}" if b else "—",
                     _fmt_ratio(stats.ratio(a["p50_ms"], b.get("p50_ms")))])  # fmt: skip
        rows.append([f"concurrency {c}: messages/s (errors)", f"{a['msgs_per_s']:.1f} ({a['errors']})",
                     f"{b['msgs_per_s']:.1f} ({b['errors']})" if b else "—",
                     _fmt_ratio(stats.ratio(a["msgs_per_s"], b.get("msgs_per_s")))])  # fmt: skip
    a, b = stats.headline(ours), stats.headline(starter)
    for key, label in (("cold_start_s", "cold start, s"), ("training_s", "full training, s"),
                       ("rasa_rss_mb", "Rasa server peak RSS, MB"), ("actions_rss_mb", "action server peak RSS, MB")):  # fmt: skip
        rows.append(
            [
                label,
                stats.format_value(a.get(key)),
                stats.format_value(b.get(key)),
                _fmt_ratio(stats.ratio(a.get(key), b.get(key))),
            ]
        )
    return stats.markdown_table(["figure", "ours", "rasa init starter", "ours / starter"], rows)


def _previous(path: Path) -> dict[str, Any]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _fmt_ratio(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"


# -- main ---------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)), help="concurrencies (default 1,4,16,64)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds per level and bot (default 2)")
    parser.add_argument("--only", choices=("both", "ours", "starter"), default="both", help="which assistants")
    parser.add_argument(
        "--skip-train", action="store_true", help="do not time our training (the starter is trained anyway)"
    )
    parser.add_argument(
        "--env", action="append", default=[], metavar="KEY=VALUE", help="extra environment for our servers"
    )
    parser.add_argument("--out", type=Path, default=HERE / "results.json")
    parser.add_argument("--plot", type=Path, default=HERE / "latency.png")
    parser.add_argument("--markdown", action="store_true", help="also print the README table")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (logs, models)")
    parser.add_argument("--no-curve", action="store_true", help="skip the 5/50/200 cost curve")
    parser.add_argument("--curve-sizes", default=",".join(map(str, curve.SIZES)), help="cost curve sizes (5,50,200)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    levels = [int(x) for x in args.levels.split(",") if x.strip()]
    extra_env = dict(kv.split("=", 1) for kv in args.env)
    do_ours, do_starter = args.only in ("both", "ours"), args.only in ("both", "starter")
    tmp = Path(tempfile.mkdtemp(prefix="housing-bench-"))
    phases: dict[str, list[float]] = {}
    results: dict[str, Any] = {
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "command": "make bench  (" + " ".join(["python -m bench.run", *(argv if argv is not None else sys.argv[1:])]) + ")",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "loadavg_start": loadavg()},
        "settings": {
            "levels": levels,
            "rounds": args.rounds,
            "caps_per_round": {str(c): CAPS.get(c, DEFAULT_CAP) for c in levels},
            "extra_env": extra_env,
            "rss_unit": "MiB (VmHWM, process + descendants)",
        },  # fmt: skip
    }
    ours: dict[str, Any] = {}
    starter: dict[str, Any] = {}
    bots: dict[str, Started] = {}
    log(f"temporary folder {tmp}; load average {loadavg()}")
    try:
        if do_ours:
            phases["in-process"] = loadavg()
            log("in-process knowledge-base timings")
            results["micro"] = micro.measure(ROOT / "build" / "kb.sqlite")
        if do_starter:
            phases["starter training"] = loadavg()
            log("rasa init --no-prompt (trains the starter)")
            folder, info = init_starter(tmp)
            starter.update(info)
            log(
                f"starter trained in {info['training_s']} s"
                if info["training_error"] is None
                else f"starter training failed: {info['training_error']}"
            )
        if do_ours and not args.skip_train:
            phases["our training"] = loadavg()
            log("rasa train --force (ours)")
            ours.update(train_ours(tmp))
            log(
                f"ours trained in {ours['training_s']} s"
                if ours["training_error"] is None
                else f"our training failed: {ours['training_error']}"
            )
        if do_ours:
            phases["our cold start"] = loadavg()
            bots["ours"] = start_ours(tmp, extra_env)
            ours["cold_start_s"] = _r(bots["ours"].cold_start_s, 2)
            ours["first_answer_ms"] = _r(bots["ours"].first_latency_ms)
            ours["first_answer_cites_190_10"] = bots["ours"].extra["first_answer_cites"]
            log(f"ours answered {ours['cold_start_s']} s after start")
            if not ours["first_answer_cites_190_10"]:
                log("warning: the first answer did not cite § 190-10 (is the model the one this checkout trains?)")
        if do_starter and starter.get("training_s") is not None:
            phases["starter cold start"] = loadavg()
            bots["starter"] = start_starter(folder)
            starter["cold_start_s"] = _r(bots["starter"].cold_start_s, 2)
            starter["first_answer_ms"] = _r(bots["starter"].first_latency_ms)
            log(f"starter answered {starter['cold_start_s']} s after start")
        convs = {"ours": workload.ours(), "starter": workload.starter()}
        for name, started in bots.items():
            run_level_sync(started.webhook, convs[name][::-1], 4, WARMUP_MESSAGES, 30.0, label=f"{name}-warmup")
        raw: dict[str, dict[int, list[dict[str, Any]]]] = {name: {c: [] for c in levels} for name in bots}
        for c in levels:
            phases[f"concurrency {c}"] = loadavg()
            for r in range(args.rounds):
                for name, started in bots.items():
                    one = measure_round(started, name, convs[name], c, r)
                    raw[name][c].append(one)
                    p50 = stats.percentile(one["latencies_ms"], 50)
                    log(f"{name:7s} c={c:<3d} round {r + 1}: {len(one['latencies_ms'])} answered, "
                        f"{sum(one['errors'].values())} errors, p50 {p50 or 0:.0f} ms, "
                        f"{len(one['latencies_ms']) / one['wall_s']:.1f} msg/s")  # fmt: skip
        for name, data in (("ours", ours), ("starter", starter)):
            if name in bots:
                data["levels"] = {str(c): level_summary(c, raw[name][c]) for c in levels}
                data["conversations"] = {"count": len(convs[name]), "messages": workload.message_count(convs[name])}
    finally:
        for name, started in list(bots.items()):
            memory = stop(started)
            target = ours if name == "ours" else starter
            target["rss_mb"] = {server: m["peak_mb"] for server, m in memory.items()}
            target["rss_processes"] = {server: m["processes"] for server, m in memory.items()}
            target["tracker_events_stored"] = stored_events(started.extra.get("tracker_db"))
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)
    if not args.no_curve:
        phases["cost curve"] = loadavg()
        log("cost curve: 5, 50 and 200 municipalities (in-process figures; REST p50: make bench-curve)")
        sizes = [int(x) for x in args.curve_sizes.split(",") if x.strip()]
        results["curve"] = curve.run(sizes, rest=False)
    results["machine"]["loadavg_end"] = loadavg()
    results["machine"]["loadavg_phases"] = phases
    previous = _previous(args.out)
    if "curve_rest" in previous:
        results["curve_rest"] = previous["curve_rest"]  # measured by make bench-curve; kept until it runs again
    if ours:
        results["ours"] = ours
        results["checks"] = stats.checks(ours)
    if starter:
        results["starter"] = starter
    if ours and starter:
        results["ratios_ours_over_starter"] = stats.ratios(ours, starter)
    print()
    print(report(results))
    if results.get("curve"):
        print()
        print("Cost curve (renamed copies of the five codes; in-process)")
        print(curve.report(results["curve"]["curve"]))
    if results.get("curve_rest"):
        print()
        print(f"Cost curve with REST p50 (last `make bench-curve`, {results['curve_rest'].get('generated', '?')})")
        print(curve.report(results["curve_rest"]["curve"]))
    if args.markdown:
        print()
        print(markdown(results))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if any(bot.get("levels") for bot in (ours, starter)):
        from bench.plot import plot

        plot(results, args.plot)
        log(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out} and {args.plot.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
