"""The cost curve: what grows when the assistant covers 5, 50 or 200 municipalities.

``python -m bench.curve`` (also the last phase of ``make bench``) builds synthetic knowledge
bases from renamed copies of the five curated files, in a temporary folder: copy *i* of code
*k* gets a new key, name, aliases and citation prefix (a made-up place name), while its
sections, standards, rules and source text stay those of *k* (the texts are not copied or
changed; the validator reads them from ``knowledge/sources/`` as for the real files). Size 5
is the five real files. For each size it reports

* ``build_s``: validating and compiling the files into SQLite (``knowledge.build.build``);
* ``kb.section`` / ``kb.search``: in-process medians (µs), as in :mod:`bench.micro`;
* the entity ruler: its pattern count, the time to build and save the spaCy pipeline
  (:func:`knowledge.nlp.build_pipeline`), and the median time to parse one message with it;
* with ``--rest`` (the default in ``make bench``): ``rasa train`` on the project's data plus one
  ``inform_municipality`` file naming every synthetic municipality, with the config pointed at
  that size's spaCy pipeline (all in the temporary folder), then both servers on that model and
  knowledge base, and the sequential (concurrency 1) REST p50 / p95 over the benchmark's
  conversations (the same messages at every size).

Nothing under ``build/`` or ``models/`` is touched.
"""

from __future__ import annotations

import argparse
import copy
import datetime as dt
import json
import os
import random
import shutil
import sys
import tempfile
import time
from itertools import cycle
from pathlib import Path
from typing import Any, Mapping

import yaml

from bench import workload
from bench.load import run_level_sync
from bench.micro import SEARCHES, time_calls
from bench.servers import first_answer, free_port, spawn, terminate
from bench.stats import percentile

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
HERE = Path(__file__).resolve().parent

SIZES = (5, 50, 200)
TRAIN_TIMEOUT_S = 900.0
START_TIMEOUT_S = 240.0
REST_MESSAGES = 120
REST_SECONDS = 90.0
WARMUP_MESSAGES = 12
FIRST_QUESTION = "Who is responsible for extermination in the Town of Holland?"
PARSE_MESSAGES = 200

_ONSETS = ["b", "br", "c", "d", "f", "g", "gr", "h", "k", "l", "m", "n", "p", "r", "s", "st", "t", "tr", "v", "w"]
_VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "oo"]
_CODAS = ["", "l", "n", "r", "s", "m", "nd", "rt", "x"]
_ENDINGS = ["ton", "ville", "field", "burg", "dale", "mont", "wick", "ford", "haven", "stead"]


def log(message: str) -> None:
    print(f"curve: {message}", flush=True)


# -- synthetic knowledge bases -------------------------------------------------------------------
def place_names(count: int, seed: int = 16, avoid: set[str] | None = None) -> list[str]:
    """``count`` distinct made-up place names ("Brainton", "Steamford"), reproducible by ``seed``.

    No name is one of ``avoid`` (lower case), and none is a one-edit typo of another (the entity
    ruler matches typos), so every synthetic municipality is told apart from the others.
    """
    from knowledge.nlp import typos

    rng = random.Random(seed)
    taken: set[str] = {a.lower() for a in (avoid or set())}
    blocked: set[str] = set()
    for word in taken:
        blocked |= typos(word)
    names: list[str] = []
    while len(names) < count:
        word = rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS) + rng.choice(_ENDINGS)
        variants = typos(word) | {word}
        if word in taken or variants & blocked:
            continue
        taken.add(word)
        blocked |= variants
        names.append(word.capitalize())
    return names


def _core(name: str) -> str:
    """"City of Amery" -> "Amery"."""
    return name.split(" of ", 1)[-1]


def renamed(data: Mapping[str, Any], new: str) -> dict[str, Any]:
    """A copy of one curated file's data as the municipality ``new``: key, name, aliases, titles."""
    out = copy.deepcopy(dict(data))
    muni = out["municipality"]
    old = _core(muni["name"])

    def swap(text: Any) -> Any:
        return str(text).replace(old, new).replace(old.lower(), new.lower()) if text is not None else text

    muni["key"] = new.lower()
    for field in ("name", "citation_prefix", "code_title"):
        if field in muni:
            muni[field] = swap(muni[field])
    muni["aliases"] = [swap(a) for a in muni.get("aliases") or []]
    muni.pop("order", None)  # listed after the real ones (each file's order is its own)
    muni.pop("common_word", None)  # a made-up name is no everyday word
    muni["notes"] = f"Synthetic copy of {data['municipality']['name']} for the cost curve (bench/curve.py)."
    return out


def synthetic_data(size: int, out_dir: Path, data_dir: Path | None = None) -> list[str]:
    """Write ``size`` curated files into ``out_dir``: the five real ones, then renamed copies.

    Returns the display names of the synthetic municipalities (empty for ``size`` <= 5).
    """
    from knowledge import curated

    data_dir = data_dir or curated.DATA_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    originals = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in curated.data_files(data_dir)]
    for path in curated.data_files(data_dir):
        shutil.copy(path, out_dir / path.name)
    real = {_core(d["municipality"]["name"]).lower() for d in originals}
    extra = max(0, size - len(originals))
    added: list[str] = []
    for index, new in enumerate(place_names(extra, avoid=real)):
        data = renamed(originals[index % len(originals)], new)
        (out_dir / f"{data['municipality']['key']}.yml").write_text(
            yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8"
        )
        added.append(data["municipality"]["name"])
    return added


# -- in-process figures --------------------------------------------------------------------------
def kb_figures(db_path: Path, iterations: int = 1000, max_seconds: float = 4.0) -> dict[str, Any]:
    """kb.section and kb.search medians over every municipality's sections (µs)."""
    from knowledge.kb import KnowledgeBase

    kb = KnowledgeBase(db_path)
    try:
        keys = [m.key for m in kb.municipalities()]
        citations = [(k, s.citation) for k in keys for s in kb.sections(k)[:40]]
        random.Random(7).shuffle(citations)
        section_args, search_args = cycle(citations), cycle(SEARCHES)
        return {
            "municipalities": len(keys),
            "kb.section": time_calls(lambda: kb.section(*next(section_args)), iterations, max_seconds),
            "kb.search": time_calls(lambda: kb.search(*next(search_args)), iterations // 4, max_seconds),
        }
    finally:
        kb.close()


def messages(limit: int = PARSE_MESSAGES) -> list[str]:
    """The benchmark's user messages (the same at every size), first ``limit``."""
    flat = [text for conversation in workload.ours() for text in conversation]
    return flat[:limit]


def ruler_figures(db_path: Path, out_dir: Path) -> dict[str, Any]:
    """Build and save the spaCy pipeline from ``db_path``; its pattern count, build time and parse time."""
    import spacy

    from knowledge.kb import KnowledgeBase
    from knowledge.nlp import build_pipeline, load_pipeline

    spacy.blank("en")  # import and warm spaCy first: its one-off start-up is not the ruler's cost
    kb = KnowledgeBase(db_path)
    try:
        start = time.perf_counter()
        build_pipeline(kb, out_dir)
        build_s = time.perf_counter() - start
    finally:
        kb.close()
    start = time.perf_counter()
    nlp = load_pipeline(out_dir)
    load_s = time.perf_counter() - start
    ruler = nlp.get_pipe("entity_ruler")
    texts = messages()
    for text in texts[:20]:
        nlp(text)  # warm
    samples = []
    for text in texts:
        begin = time.perf_counter()
        nlp(text)
        samples.append((time.perf_counter() - begin) * 1e6)
    return {
        "patterns": len(ruler.patterns),
        "build_save_s": round(build_s, 2),
        "load_s": round(load_s, 2),
        "parse_median_us": round(percentile(samples, 50) or 0, 1),
        "parse_p95_us": round(percentile(samples, 95) or 0, 1),
        "messages": len(samples),
    }


# -- the model and the servers -------------------------------------------------------------------
def names_nlu(names: list[str], path: Path) -> None:
    """An NLU file: the synthetic municipalities as ``inform_municipality`` examples."""
    lines = ['version: "3.1"', "nlu:", "  - intent: inform_municipality", "    examples: |"]
    templates = ["[{full}](municipality)", "[{core}](municipality)", "I live in [{core}](municipality)"]
    for index, full in enumerate(names):
        lines.append("      - " + templates[index % len(templates)].format(full=full, core=_core(full)))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def quiet_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    env = {**os.environ, "RASA_TELEMETRY_ENABLED": "false", "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONDONTWRITEBYTECODE": "1"}
    env.update(extra or {})
    return env


def train(work: Path, spacy_dir: Path, names: list[str]) -> dict[str, Any]:
    """``rasa train`` into ``work`` with the config's spaCy model replaced by ``spacy_dir``."""
    config = (ROOT / "config.yml").read_text(encoding="utf-8")
    if "model: build/spacy_model" not in config:
        return {"train_s": None, "train_error": "config.yml does not name build/spacy_model"}
    (work / "config.yml").write_text(config.replace("model: build/spacy_model", f"model: {spacy_dir}"), "utf-8")
    data = ["data"]
    if names:
        names_nlu(names, work / "names.yml")
        data.append(str(work / "names.yml"))
    argv = [str(BIN / "rasa"), "train", "--config", str(work / "config.yml"), "--domain", "bot/domain",
            "--data", *data, "--out", str(work / "models"), "--fixed-model-name", "housing", "--force"]  # fmt: skip
    env = quiet_env({"RASA_CACHE_DIRECTORY": str(work / "cache")})
    start = time.monotonic()
    with open(work / "train.log", "wb") as out:
        try:
            done = subprocess_run(argv, env, out)
        except TimeoutError as exc:
            return {"train_s": None, "train_error": str(exc)}
    seconds = time.monotonic() - start
    if done != 0 or not (work / "models" / "housing.tar.gz").exists():
        tail = (work / "train.log").read_text(errors="replace").splitlines()[-20:]
        return {"train_s": None, "train_error": f"exit {done}: " + "\n".join(tail)}
    return {"train_s": round(seconds, 1), "train_error": None}


def subprocess_run(argv: list[str], env: Mapping[str, str], out: Any) -> int:
    import subprocess

    try:
        return subprocess.run(argv, cwd=ROOT, env=dict(env), stdout=out, stderr=subprocess.STDOUT,
                              timeout=TRAIN_TIMEOUT_S).returncode  # fmt: skip
    except subprocess.TimeoutExpired:
        raise TimeoutError(f"training timed out after {TRAIN_TIMEOUT_S:.0f} s") from None


class Servers:
    """The action server and the Rasa server of one size, on free ports."""

    def __init__(self, work: Path, db_path: Path):
        self.work = work
        rasa_port, action_port = free_port(), free_port()
        env = quiet_env(
            {
                "ACTION_ENDPOINT_URL": f"http://127.0.0.1:{action_port}/webhook",
                "TRACKER_DB": str(work / "tracker.db"),
                "SMS_DB": str(work / "sms.db"),
                "HOUSING_KB_PATH": str(db_path),
                "RATE_LIMIT_IP": "off",
            }
        )
        self.actions = spawn([sys.executable, "-m", "rasa_sdk", "--actions", "actions", "--port", str(action_port)],
                             ROOT, env, work / "actions.log")  # fmt: skip
        self.rasa = spawn([sys.executable, "-m", "bot.rasa_server", "run", "--model",
                           str(work / "models" / "housing.tar.gz"), "--endpoints", str(ROOT / "bot" / "endpoints.yml"),
                           "--credentials", str(ROOT / "bot" / "credentials.yml"), "--port", str(rasa_port)],
                          ROOT, env, work / "rasa.log")  # fmt: skip
        self.url = f"http://127.0.0.1:{rasa_port}/webhooks/rest/webhook"
        self.started = time.monotonic()

    def alive(self) -> bool:
        return self.rasa.poll() is None and self.actions.poll() is None

    def wait(self) -> float:
        cold, _, _ = first_answer(self.url, FIRST_QUESTION, self.alive, self.started, START_TIMEOUT_S)
        return cold

    def stop(self) -> None:
        terminate(self.rasa)
        terminate(self.actions)


def paired_rest(works: Mapping[int, Path], messages_per_size: int = REST_MESSAGES) -> dict[int, dict[str, Any]]:
    """Sequential REST latency of every size's servers, all running at once, each message sent to every
    size in turn (so a busy moment of the machine falls on all sizes alike); per size p50/p95 (ms)."""
    import requests

    servers = {size: Servers(work, work / "kb.sqlite") for size, work in works.items()}
    out: dict[int, dict[str, Any]] = {}
    try:
        for size, server in servers.items():
            out[size] = {"cold_start_s": round(server.wait(), 1)}
        convs = workload.ours()
        for size, server in servers.items():
            run_level_sync(server.url, convs[::-1], 1, WARMUP_MESSAGES, 30.0, label=f"curve-warmup-{size}")
        latencies: dict[int, list[float]] = {size: [] for size in servers}
        by_message: list[tuple[str, dict[int, float]]] = []
        errors: dict[int, int] = {size: 0 for size in servers}
        sent = 0
        order = sorted(servers)
        with requests.Session() as session:
            for index, conversation in enumerate(convs):
                for text in conversation:
                    if sent >= messages_per_size:
                        break
                    sent += 1
                    order = order[1:] + order[:1]  # rotate who goes first
                    this: dict[int, float] = {}
                    by_message.append((text, this))
                    for size in order:
                        begin = time.perf_counter()
                        try:
                            reply = session.post(servers[size].url, json={"sender": f"curve-{size}-{index}",
                                                 "message": text}, timeout=30)  # fmt: skip
                            ok = reply.status_code == 200 and bool(reply.json())
                        except (requests.RequestException, ValueError):
                            ok = False
                        if ok:
                            latencies[size].append((time.perf_counter() - begin) * 1000)
                            this[size] = latencies[size][-1]
                        else:
                            errors[size] += 1
                if sent >= messages_per_size:
                    break
        for size in servers:
            out[size].update(
                {
                    "rest_p50_ms": round(percentile(latencies[size], 50) or 0, 1),
                    "rest_p95_ms": round(percentile(latencies[size], 95) or 0, 1),
                    "rest_answered": len(latencies[size]),
                    "rest_errors": errors[size],
                    "rest_method": "all sizes' servers at once; each message to every size in turn (paired)",
                }
            )
        small, large = min(servers), max(servers)
        gaps = sorted(
            ((t[large] - t[small], text) for text, t in by_message if small in t and large in t), reverse=True
        )
        out[large]["slowest_vs_smallest"] = [
            {"message": text, "extra_ms": round(gap, 1)} for gap, text in gaps[:12]
        ]  # the messages that lose most at the largest size (where the growth is)
    finally:
        for server in servers.values():
            server.stop()
    return out


# -- one size, the whole curve -------------------------------------------------------------------
def measure_size(size: int, tmp: Path, rest: bool, train_sizes: set[int], reuse: bool = False) -> dict[str, Any]:
    """Build one size and take its in-process figures; with ``rest``, train its model (``reuse``: keep
    a model already in ``tmp`` from an earlier ``--keep`` run)."""
    from knowledge.build import build

    work = tmp / f"n{size}"
    names = synthetic_data(size, work / "data")
    db_path = work / "kb.sqlite"
    start = time.perf_counter()
    counts = build(db_path, data_dir=work / "data")
    out: dict[str, Any] = {"size": size, "build_s": round(time.perf_counter() - start, 2), "rows": counts}
    out.update(kb_figures(db_path))
    out["ruler"] = ruler_figures(db_path, work / "spacy_model")
    log(f"{size}: built in {out['build_s']} s; kb.section {out['kb.section']['median_us']} µs, "
        f"kb.search {out['kb.search']['median_us']} µs; {out['ruler']['patterns']} patterns, "
        f"parse {out['ruler']['parse_median_us']} µs")  # fmt: skip
    if rest and size in train_sizes:
        if reuse and (work / "models" / "housing.tar.gz").exists():
            log(f"{size}: reusing the model in {work / 'models'}")
            out.update({"train_s": None, "train_error": None, "train_reused": True})
            return out
        log(f"{size}: rasa train (log {work / 'train.log'})")
        out.update(train(work, (work / "spacy_model").resolve(), names))
        if out["train_s"] is not None:
            log(f"{size}: trained in {out['train_s']} s")
        else:
            log(f"{size}: training failed: {out['train_error']}")
    return out


def summary(curve: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure at the largest size over the smallest (the growth factors)."""
    small, large = curve[0], curve[-1]

    def ratio(a: float | None, b: float | None) -> float | None:
        return round(b / a, 2) if a and b is not None else None

    return {
        "sizes": f"{small['size']} -> {large['size']}",
        "build_s": ratio(small["build_s"], large["build_s"]),
        "kb.section": ratio(small["kb.section"]["median_us"], large["kb.section"]["median_us"]),
        "kb.search": ratio(small["kb.search"]["median_us"], large["kb.search"]["median_us"]),
        "patterns": ratio(small["ruler"]["patterns"], large["ruler"]["patterns"]),
        "parse": ratio(small["ruler"]["parse_median_us"], large["ruler"]["parse_median_us"]),
        "train_s": ratio(small.get("train_s"), large.get("train_s")),
        "rest_p50": ratio(small.get("rest_p50_ms"), large.get("rest_p50_ms")),
    }


def table(curve: list[dict[str, Any]]) -> list[list[str]]:
    """Rows for a text or Markdown table: one figure per row, one size per column."""

    def fmt(value: Any) -> str:
        return "—" if value is None else str(value)

    rows = [
        ["build (validate + compile), s", *[fmt(c["build_s"]) for c in curve]],
        ["kb.section median, µs", *[fmt(c["kb.section"]["median_us"]) for c in curve]],
        ["kb.search median, µs", *[fmt(c["kb.search"]["median_us"]) for c in curve]],
        ["entity ruler patterns", *[fmt(c["ruler"]["patterns"]) for c in curve]],
        ["spaCy pipeline build + save, s", *[fmt(c["ruler"]["build_save_s"]) for c in curve]],
        ["spaCy parse per message (median), µs", *[fmt(c["ruler"]["parse_median_us"]) for c in curve]],
        ["rasa train, s", *[fmt(c.get("train_s")) for c in curve]],
        ["sequential REST p50 / p95, ms",
         *[f"{c['rest_p50_ms']} / {c['rest_p95_ms']}" if c.get("rest_p50_ms") else "—" for c in curve]],  # fmt: skip
    ]
    return rows


def report(curve: list[dict[str, Any]], markdown: bool = False) -> str:
    from bench import stats

    header = ["figure", *[f"{c['size']} codes" for c in curve]]
    if markdown:
        return stats.markdown_table(header, table(curve))
    return stats.format_table(header, table(curve))


def run(
    sizes: list[int], rest: bool, train_sizes: set[int] | None = None, keep: bool = False, reuse: Path | None = None
) -> dict[str, Any]:
    """Measure every size; the curve as a dict (``sizes``, per-size figures, ``growth``)."""
    tmp = reuse or Path(tempfile.mkdtemp(prefix="housing-curve-"))
    keep = keep or reuse is not None
    log(f"temporary folder {tmp}")
    train_sizes = set(sizes) if train_sizes is None else train_sizes
    try:
        curve = [measure_size(size, tmp, rest, train_sizes, reuse is not None) for size in sorted(sizes)]
        trained = {c["size"]: tmp / f"n{c['size']}" for c in curve if (tmp / f"n{c['size']}" / "models" / "housing.tar.gz").exists()}
        if rest and trained:
            log(f"REST: servers of sizes {', '.join(map(str, trained))} at once, messages paired")
            figures = paired_rest(trained)
            for c in curve:
                c.update(figures.get(c["size"], {}))
                if c["size"] in figures:
                    log(f"{c['size']}: sequential REST p50 {c['rest_p50_ms']} ms, p95 {c['rest_p95_ms']} ms")
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return {"sizes": sorted(sizes), "curve": curve, "growth": summary(curve)}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.curve", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="municipality counts (default 5,50,200)")
    parser.add_argument("--no-rest", action="store_true", help="skip training and the REST p50 (in-process only)")
    parser.add_argument("--train-sizes", help="only these sizes get a trained model and REST p50 (default: all)")
    parser.add_argument("--out", type=Path, default=HERE / "results.json",
                        help="merged into this file as 'curve_rest' ('curve' with --no-rest)")  # fmt: skip
    parser.add_argument("--markdown", action="store_true", help="also print the README table")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--reuse", type=Path, help="a folder kept by --keep: reuse its trained models (no retraining)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",") if x.strip()]
    train_sizes = {int(x) for x in args.train_sizes.split(",")} if args.train_sizes else None
    result = run(sizes, not args.no_rest, train_sizes, args.keep, args.reuse)
    result["command"] = " ".join(["python -m bench.curve", *(argv if argv is not None else sys.argv[1:])])
    result["generated"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    result["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    print()
    print("Cost curve (renamed copies of the five codes)")
    print(report(result["curve"]))
    print("growth, largest size over smallest:", json.dumps(result["growth"]))
    if args.markdown:
        print()
        print(report(result["curve"], markdown=True))
    merge_results(args.out, result, "curve" if args.no_rest else "curve_rest")
    return 0


def merge_results(path: Path, result: Mapping[str, Any], key: str) -> None:
    """Store the curve under ``key`` in ``path`` (keeping the rest of the file): ``curve_rest`` for a run
    with the REST p50 (``make bench-curve``), ``curve`` for in-process figures only."""
    existing: dict[str, Any] = {}
    if path.exists():
        try:
            existing = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            existing = {}
    existing[key] = dict(result)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(existing, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
