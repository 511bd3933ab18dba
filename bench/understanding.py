"""``make understanding``: put question sets to the running assistant and compare two runs, question by question.

``tests/test_understanding.py`` scores one set per pytest run. Developers working on understanding need
more: many sets at once (the acceptance set, the place questions, the development sets), the same
scoring, every outcome kept so two runs of different code can be compared. This is that tool:

    python -m bench.understanding run --tag before acc places 1 2 dev/35
    python -m bench.understanding compare before after
    python -m bench.understanding misses after --set dev/36

A set is ``acc`` (``tests/acceptance/blind.yml``), ``places`` (``blind_places.yml``), a number N
(``blind_devN.yml``, under ``acceptance/`` or ``acceptance/dev/``), ``dev`` (every development set) or
a path. One stack (``python -m bot.launch`` on free ports, as ``make run`` starts it) serves the run;
questions go three at a time. Each outcome (set, id, right, not understood, why, the reply's head) is
written to ``build/understanding/TAG.json``.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import click
import yaml

ROOT = Path(__file__).resolve().parent.parent
ACCEPTANCE = ROOT / "tests" / "acceptance"
OUT = ROOT / "build" / "understanding"


def set_paths(names: tuple[str, ...]) -> list[Path]:
    """The question files the names stand for, in order, each once."""
    paths: list[Path] = []
    for name in names:
        if name == "acc":
            found = [ACCEPTANCE / "blind.yml"]
        elif name == "places":
            found = [ACCEPTANCE / "blind_places.yml"]
        elif name == "dev":
            found = sorted(
                [*ACCEPTANCE.glob("blind_dev*.yml"), *(ACCEPTANCE / "dev").glob("blind_dev*.yml")],
                key=lambda p: int(re.sub(r"\D", "", p.stem) or 1),
            )
        elif re.fullmatch(r"(dev/)?\d+", name):
            number = name.split("/")[-1]
            stem = "blind_dev" if number == "1" else f"blind_dev{number}"
            found = [p for p in (ACCEPTANCE / f"{stem}.yml", ACCEPTANCE / "dev" / f"{stem}.yml") if p.exists()]
        else:
            found = [Path(name)]
        if not found:
            raise click.BadParameter(f"no question set {name!r}")
        for path in found:
            if not path.exists():
                raise click.BadParameter(f"no question set {path}")
            if path not in paths:
                paths.append(path)
    return paths


def set_name(path: Path) -> str:
    stem = path.stem
    if stem == "blind":
        return "acc"
    if stem == "blind_places":
        return "places"
    number = stem.removeprefix("blind_dev")
    return number or "1" if stem.startswith("blind_dev") else stem


def summary(rows: list[dict[str, Any]]) -> str:
    """ "81.8% right first (279/341), not understood 0.0%, places 18/19"."""
    in_scope = [r for r in rows if r.get("place") != "ask"]
    places = [r for r in rows if r.get("place")]
    right = sum(r["right"] for r in in_scope)
    nu = sum(r["not_understood"] for r in in_scope)
    share = right / max(1, len(in_scope))
    text = f"{share:.1%} right first ({right}/{len(in_scope)}), not understood {nu / max(1, len(in_scope)):.1%}"
    if places:
        text += f", places {sum(r['right'] for r in places)}/{len(places)}"
    return text


def load(tag: str) -> list[dict[str, Any]]:
    return json.loads((OUT / f"{tag}.json").read_text(encoding="utf-8"))


@click.group()
def cli() -> None:
    """Measure how often the assistant answers the question that was asked."""


@cli.command()
@click.argument("sets", nargs=-1, required=True)
@click.option("--tag", required=True, help="Name of this run: its outcomes go to build/understanding/TAG.json.")
@click.option("--workers", default=3, show_default=True, help="Questions put at once.")
def run(sets: tuple[str, ...], tag: str, workers: int) -> None:
    """Put the SETS (acc, places, dev, a number, or a path) to a fresh stack and score every answer."""
    sys.path.insert(0, str(ROOT / "tests"))
    import stack  # noqa: PLC0415 - the tests' own launcher and scoring, so the figures agree with them
    from test_understanding import ask  # noqa: PLC0415

    from knowledge.kb import KnowledgeBase  # noqa: PLC0415

    paths = set_paths(sets)
    kb = KnowledgeBase(ROOT / "build" / "kb.sqlite")
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as state:
        running = stack.start(Path(state), RATE_LIMIT_IP="off", RATE_LIMIT_SENDER="off")  # (a run is a flood by design)
        try:
            for path in paths:
                entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
                with ThreadPoolExecutor(workers) as pool:
                    outcomes = list(pool.map(lambda e: ask(running.base, e, kb), entries))
                found = [_row(set_name(path), o) for o in outcomes]
                click.echo(f"{set_name(path):>7}: {summary(found)}")
                rows += found
        finally:
            running.stop()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{tag}.json").write_text(json.dumps(rows, indent=1, ensure_ascii=False), encoding="utf-8")
    click.echo(f"    all: {summary(rows)}  -> {OUT / (tag + '.json')}")


def _row(name: str, outcome: Any) -> dict[str, Any]:
    entry = outcome.entry
    expect = entry.get("expect") or {}
    return {
        "set": name,
        "id": str(entry.get("id")),
        "register": entry.get("register"),
        "place": expect.get("place"),
        "right": outcome.right,
        "not_understood": outcome.not_understood,
        "why": outcome.why,
        "municipality": entry.get("municipality"),
        "before": entry.get("before") or [],
        "question": entry.get("question"),
        "expect": expect,
        "reply": outcome.reply[:600],
    }


@cli.command()
@click.argument("before")
@click.argument("after")
def compare(before: str, after: str) -> None:
    """Questions answered right in one run and not the other (runs by tag), and each set's figures."""
    old = {(r["set"], r["id"]): r for r in load(before)}
    new = {(r["set"], r["id"]): r for r in load(after)}
    for key in sorted(set(old) & set(new)):
        if old[key]["right"] != new[key]["right"]:
            sign = "+" if new[key]["right"] else "-"
            # the acceptance set is never read question by question: its ids only
            asked = "" if key[0] == "acc" else f" {new[key]['question']!r}"
            click.echo(f"{sign} {key[0]}/{key[1]} [{new[key]['municipality']}]{asked}")
    sets = sorted({k[0] for k in new}, key=lambda s: (not s.isdigit(), int(s) if s.isdigit() else 0, s))
    for name in sets:
        a = [r for k, r in old.items() if k[0] == name]
        b = [r for k, r in new.items() if k[0] == name]
        click.echo(f"{name:>7}: {summary(a) if a else '-'}  ->  {summary(b)}")


@cli.command()
@click.argument("tag")
@click.option("--set", "only", default=None, help="Only this set (acc, places, a number).")
def misses(tag: str, only: str | None) -> None:
    """The questions a run got wrong, with the head of each reply (not the acceptance set's: it is never read)."""
    for row in load(tag):
        if row["right"] or (only and row["set"] != only.split("/")[-1]) or row["set"] == "acc":
            continue  # (the acceptance set is never read question by question)
        click.echo(f"{row['set']}/{row['id']} [{row['municipality']}] {row['why']}")
        for turn in row["before"]:
            click.echo(f"    before: {turn}")
        click.echo(f"    Q: {row['question']}")
        click.echo(f"    expect: {json.dumps(row['expect'], ensure_ascii=False)[:300]}")
        click.echo("    A: " + row["reply"][:400].replace("\n", " | "))


if __name__ == "__main__":
    cli()
