"""A small knowledge base written by the tests themselves: two tiny made-up municipalities.

For tests of behaviour that does not depend on the five real codes' facts (look-ups, coverage,
silence, the entity ruler, the validator): :func:`write` puts two source texts and their curated
files in a folder, and :func:`build` compiles them with the real builder and validator. Every topic
of the real vocabulary is mapped (to the one section that answers it, or ``not_addressed``), so
the files stay valid when topics are added.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ALPHA_TEXT = """\
§ 1-1 Title.
This chapter shall be known as the Housing Code of the Town of Alpha.
§ 1-2 Definitions.
OCCUPANT
Any person living or sleeping in a dwelling unit.
§ 1-3 Sleeping rooms.
Every room used for sleeping purposes by one occupant shall contain at least 70 square feet of floor space.
§ 1-4 Extermination.
Every occupant of a dwelling containing a single dwelling unit shall be responsible for the extermination of any insects, rodents or other pests therein.
"""

BETA_TEXT = """\
Sleeping rooms
Every room occupied for sleeping purposes by one occupant shall contain at least 90 square feet of floor space.
Heating
Every dwelling shall have heating facilities capable of heating all habitable rooms to a temperature of at least 68 degrees Fahrenheit.
"""


def _section(citation: str, basis: str, heading: str, line: int, text: str, **extra: Any) -> dict[str, Any]:
    return {"citation": citation, "basis": basis, "heading": heading, "line": line, "text": text, **extra}


def municipalities(topics: list[str]) -> dict[str, dict[str, Any]]:
    """The two curated files (as data), with every topic in ``topics`` mapped."""
    alpha = {
        "municipality": {
            "key": "alpha", "name": "Town of Alpha", "kind": "town", "state": "Wisconsin",
            "code_title": "Housing Code", "chapter": "1", "section_prefix": "1-", "citation_prefix": "Town of Alpha Code",
            "enforcing_officer": "Building Inspector", "office": "Town Building Inspector",
            "source_file": "alpha.txt", "aliases": ["Alpha", "Town of Alpha", "Alpha WI"],
            "notes": "A made-up code for the tests.",
        },  # fmt: skip
        "sections": [
            _section("§ 1-1", "stated", "Title", 1, "§ 1-1 Title.\nThis chapter shall be known as the Housing Code of the Town of Alpha."),
            _section("§ 1-2", "stated", "Definitions", 3, "§ 1-2 Definitions."),
            _section("§ 1-3", "stated", "Sleeping rooms", 6, "§ 1-3 Sleeping rooms.\n" + ALPHA_TEXT.splitlines()[6]),
            _section("§ 1-4", "stated", "Extermination", 8, "§ 1-4 Extermination.\n" + ALPHA_TEXT.splitlines()[8]),
        ],  # fmt: skip
        "definitions": [
            {"term": "OCCUPANT", "text": "Any person living or sleeping in a dwelling unit.", "citation": "§ 1-2",
             "basis": "stated", "line": 5},
        ],  # fmt: skip
        "standards": [
            {"key": "sleeping_room_one_occupant", "value": 70, "value_text": "70 square feet", "citation": "§ 1-3",
             "quote": "by one occupant shall contain at least 70 square feet of floor space"},
        ],  # fmt: skip
        "rules": [
            {"duty": "exterminate", "party": "occupant", "when": {"units_in_building": 1}, "citation": "§ 1-4",
             "quote": "Every occupant of a dwelling containing a single dwelling unit shall be responsible for the "
             "extermination of any insects, rodents or other pests therein."},
        ],  # fmt: skip
        "coverage": {t: "not_addressed" for t in topics} | {"sleeping_room_size": ["§ 1-3"], "pests": ["§ 1-4"]},
    }
    beta = {
        "municipality": {
            "key": "beta", "name": "Village of Beta", "kind": "village", "state": "Wisconsin",
            "code_title": "Housing Code", "chapter": "2", "citation_prefix": "Village of Beta Code",
            "enforcing_officer": "Health Officer", "office": "Village Health Officer",
            "source_file": "beta.txt", "aliases": ["Beta", "Village of Beta"],
            "notes": "A made-up code for the tests, without section numbers.",
        },  # fmt: skip
        "sections": [
            _section("Sleeping rooms", "unknown", "Sleeping rooms", 1, "\n".join(BETA_TEXT.splitlines()[:2]), label="sleeping rooms"),
            _section("Heating", "unknown", "Heating", 3, "\n".join(BETA_TEXT.splitlines()[2:4]), label="heating"),
        ],  # fmt: skip
        "definitions": [],
        "standards": [
            {"key": "sleeping_room_one_occupant", "value": 90, "value_text": "90 square feet",
             "citation": "Sleeping rooms", "quote": "at least 90 square feet of floor space"},
            {"key": "heating_temp_f", "value": 68, "value_text": "68 degrees Fahrenheit", "citation": "Heating",
             "quote": "to a temperature of at least 68 degrees Fahrenheit"},
        ],  # fmt: skip
        "rules": [],
        "coverage": {t: "not_addressed" for t in topics} | {"sleeping_room_size": ["Sleeping rooms"], "heating": ["Heating"]},
    }
    return {"alpha": alpha, "beta": beta}


def write(folder: Path) -> tuple[Path, Path]:
    """Write the two source texts and curated files under ``folder``; (data dir, sources dir)."""
    from knowledge.curated import load_vocab

    data_dir, sources_dir = folder / "data", folder / "sources"
    data_dir.mkdir(parents=True, exist_ok=True)
    sources_dir.mkdir(parents=True, exist_ok=True)
    (sources_dir / "alpha.txt").write_text(ALPHA_TEXT, encoding="utf-8")
    (sources_dir / "beta.txt").write_text(BETA_TEXT, encoding="utf-8")
    for key, data in municipalities(list(load_vocab()["topics"])).items():
        (data_dir / f"{key}.yml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "utf-8")
    return data_dir, sources_dir


def build(folder: Path) -> Path:
    """Write the files and compile them (validated) into ``folder/kb.sqlite``; its path."""
    from knowledge.build import build as compile_kb

    data_dir, sources_dir = write(folder)
    db_path = folder / "kb.sqlite"
    # by key: the places file (knowledge/places.yml) describes the real municipalities, not these two
    compile_kb(db_path, keys=["alpha", "beta"], data_dir=data_dir, sources_dir=sources_dir)
    return db_path
