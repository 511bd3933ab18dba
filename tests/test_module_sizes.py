"""Each module has one job: no Python module of the project (tests aside) is over 700 lines.

A module that grows past that holds more than one job; split it along its seams (as
``knowledge/space/``, ``knowledge/parsing/`` and ``knowledge/compose/`` are) rather than raise the limit.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 700
SKIPPED = {"tests", ".venv", "venv", "build", "models", "node_modules", "var", "__pycache__"}
# Modules still waiting for their split (issue 16), each with why. Delete the entry when it is split:
# the last test fails while an entry names a module that is no longer over the limit.
PENDING: dict[str, str] = {}


def project_modules() -> list[Path]:
    """Every .py file under the repository root, outside tests, virtual environments and build output."""
    return sorted(
        path
        for path in ROOT.rglob("*.py")
        if not any(part in SKIPPED or part.startswith(".") for part in path.relative_to(ROOT).parts[:-1])
    )


def test_the_scan_finds_the_project_modules():
    found = {path.relative_to(ROOT).as_posix() for path in project_modules()}
    assert {"knowledge/kb.py", "bot/launch.py", "actions/space.py", "knowledge/space/__init__.py"} <= found
    assert not any(name.startswith(("tests/", ".venv/", "build/", "models/")) for name in found)


def line_counts() -> dict[str, int]:
    counts = {}
    for path in project_modules():
        with open(path, encoding="utf-8") as handle:
            counts[path.relative_to(ROOT).as_posix()] = sum(1 for _ in handle)
    return counts


def test_no_module_is_over_700_lines():
    too_long = {name: n for name, n in line_counts().items() if n > MAX_LINES and name not in PENDING}
    assert not too_long, f"modules over {MAX_LINES} lines (split them along their seams): {too_long}"


def test_every_pending_module_is_still_waiting():
    counts = line_counts()
    done = [name for name in PENDING if counts.get(name, 0) <= MAX_LINES]
    assert not done, f"split already (or gone): delete them from PENDING in this file: {done}"
