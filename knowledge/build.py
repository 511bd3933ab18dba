"""Compile the validated curated files into one SQLite database with sqlite-utils.

Tables: ``municipalities``, ``sections``, ``definitions``, ``standards``, ``rules``,
``topics`` (the topic × municipality coverage matrix) and ``meta``; FTS5 indexes over
``sections`` and ``definitions``. The database is written to a temporary file and moved
into place, so a failed build never leaves a half-written knowledge base behind.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import sqlite_utils

from knowledge import curated, shorthand
from knowledge import facts as fact_vocabulary
from knowledge.citations import display_citation, normalize

SCHEMA_VERSION = 1
PROJECT_DIR = curated.PACKAGE_DIR.parent
DEFAULT_DB_PATH = PROJECT_DIR / "build" / "kb.sqlite"


COLUMNS: dict[str, dict[str, type]] = {
    "municipalities": {
        **dict.fromkeys([*curated.REQUIRED_MUNICIPALITY_FIELDS, "aliases", "notes", "adopted", "section_prefix"], str),
        "order": int,
        "common_word": int,
    },
    "sections": {
        **dict.fromkeys(
            [
                "id",
                "municipality",
                "citation",
                "norm",
                "basis",
                "parent",
                "heading",
                "heading_basis",
                "label",
                "display",
                "evidence",
            ],
            str,
        ),
        "line": int,
        "ordinal": int,
        "text": str,
    },
    "definitions": {
        **dict.fromkeys(["id", "municipality", "term", "term_lower", "citation", "basis"], str),
        "line": int,
        "text": str,
        "synonyms": str,
    },
    "standards": {
        "id": str,
        "municipality": str,
        "key": str,
        "value": float,
        **dict.fromkeys(["value_text", "unit", "conditions", "params", "citation", "quote"], str),
    },
    "rules": {
        **dict.fromkeys(["id", "municipality", "duty", "party", "conditions"], str),
        "priority": int,
        "citation": str,
        "quote": str,
        "scope": str,
    },
    "topics": {
        **dict.fromkeys(["id", "topic", "description", "municipality"], str),
        "addressed": int,
        "citations": str,
        "note": str,
        "defines": str,
        "note_citations": str,
    },
}


class BuildError(Exception):
    """The curated files did not validate, or hold drafted entries nobody reviewed; ``problems``
    lists why, ``str()`` says so in a sentence."""

    def __init__(self, problems: list[curated.Problem], message: str | None = None):
        self.problems = problems
        super().__init__(message or f"{len(problems)} validation errors")


def unreviewed_message(pending: list[curated.Problem], data_dir: Path) -> str:
    """Why a build with drafted entries still marked ``review: true`` is refused: the files and entries."""
    by_file: dict[str, list[str]] = {}
    for problem in pending:
        by_file.setdefault(problem.municipality, []).append(problem.where)
    files = "; ".join(
        f"{data_dir / (key + '.yml')}: " + ", ".join(wheres[:6]) + (f" and {len(wheres) - 6} more" if len(wheres) > 6 else "")
        for key, wheres in by_file.items()
    )
    return (
        f"{len(pending)} drafted entries are still marked review: true, so nothing was built ({files}). "
        "Check each against its text, correct it and delete the mark (`knowledge validate` lists them)."
    )


def content_hash(data_dir: Path = curated.DATA_DIR, sources_dir: Path = curated.SOURCES_DIR) -> str:
    """A hash of everything the database is built from (to tell when it is stale)."""
    digest = hashlib.sha256()
    paths = [
        curated.VOCAB_PATH,
        fact_vocabulary.FACTS_PATH,
        curated.SYNONYMS_PATH,
        curated.PLACES_PATH,
        curated.PEOPLE_PATH,
        *curated.data_files(data_dir),
        *sorted(sources_dir.glob("*.txt")),
    ]
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _rows(files: list[dict[str, Any]], vocab: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    tables: dict[str, list[dict[str, Any]]] = {
        name: [] for name in ("municipalities", "sections", "definitions", "standards", "rules", "topics")
    }
    for data in files:
        muni = data["municipality"]
        key = muni["key"]
        tables["municipalities"].append(
            {
                "key": key,
                "name": muni["name"],
                "kind": muni["kind"],
                "state": muni["state"],
                "code_title": muni["code_title"],
                "chapter": str(muni["chapter"]),
                "citation_prefix": muni["citation_prefix"],
                "enforcing_officer": muni["enforcing_officer"],
                "office": muni["office"],
                "source_file": muni["source_file"],
                "order": muni.get("order"),
                "section_prefix": muni.get("section_prefix") or "",
                "common_word": bool(muni.get("common_word")),
                "aliases": json.dumps(muni.get("aliases") or []),
                "notes": muni.get("notes") or "",
                "adopted": json.dumps(
                    [
                        {"date": str(a["date"]), "part": str(a.get("part") or ""), "quote": curated.fold(a["quote"])}
                        for a in muni.get("adopted") or []
                    ]
                ),
            }
        )
        by_citation = {str(r["citation"]): r for r in data["sections"]}
        for order, row in enumerate(data["sections"]):
            citation = str(row["citation"])
            tables["sections"].append(
                {
                    "id": f"{key}:{citation}",
                    "municipality": key,
                    "citation": citation,
                    "norm": normalize(citation),
                    "basis": row["basis"],
                    "parent": row.get("parent") or "",
                    "heading": curated.fold(row["heading"]),
                    "heading_basis": row.get("heading_basis", "verbatim"),
                    "label": row.get("label") or "",
                    "display": display_citation(row, by_citation),
                    "evidence": curated.fold(row.get("evidence") or ""),
                    "line": row.get("line"),
                    "ordinal": order,
                    "text": curated.fold(row["text"]),
                }
            )
        for row in data["definitions"]:
            tables["definitions"].append(
                {
                    "id": f"{key}:{row['term'].lower()}",
                    "municipality": key,
                    "term": row["term"],
                    "term_lower": row["term"].lower(),
                    "citation": str(row["citation"]),
                    "basis": row["basis"],
                    "line": row.get("line"),
                    "text": curated.fold(row["text"]),
                    "synonyms": json.dumps([s.lower() for s in row.get("synonyms") or []]),
                }
            )
        for index, row in enumerate(data["standards"]):
            tables["standards"].append(
                {
                    "id": f"{key}:{row['key']}:{index}",
                    "municipality": key,
                    "key": row["key"],
                    "value": row["value"] if isinstance(row["value"], (int, float)) else None,
                    "value_text": curated.fold(row["value_text"]),
                    "unit": vocab["standards"][row["key"]]["unit"],
                    "conditions": row.get("conditions") or "",
                    "params": json.dumps(row.get("params") or {}),
                    "citation": str(row["citation"]),
                    "quote": curated.fold(row["quote"]),
                }
            )
        for index, row in enumerate(data["rules"]):
            tables["rules"].append(
                {
                    "id": f"{key}:{row['duty']}:{index}",
                    "municipality": key,
                    "duty": row["duty"],
                    "party": row["party"],
                    "conditions": json.dumps(row.get("when") or {}),
                    "priority": int(row.get("priority", 10)),
                    "citation": str(row["citation"]),
                    "quote": curated.fold(row["quote"]),
                    "scope": curated.fold(row.get("scope") or ""),
                }
            )
        notes = data.get("coverage_notes") or {}
        for topic, description in vocab["topics"].items():
            entry = data["coverage"].get(topic, "not_addressed")
            note = notes.get(topic) or {}
            tables["topics"].append(
                {
                    "id": f"{key}:{topic}",
                    "topic": topic,
                    "description": description,
                    "municipality": key,
                    "addressed": entry != "not_addressed",
                    "citations": json.dumps([] if entry == "not_addressed" else [str(c) for c in entry]),
                    "note": curated.fold(note.get("note") or ""),
                    "defines": json.dumps([str(t) for t in note.get("defines") or []]),
                    "note_citations": json.dumps([str(c) for c in note.get("sections") or []]),
                }
            )
        del by_citation
    return tables


def spelling_dictionary(sources_dir: Path = curated.SOURCES_DIR) -> dict[str, int]:
    """Word counts for typo correction: the source texts, plus the people's words of the
    synonym table, the housing words and the topic keywords (so "landlord" is a word too)."""
    import re

    counts: dict[str, int] = {}
    for path in sorted(sources_dir.glob("*.txt")):
        for word in re.findall(r"[a-z]+", path.read_text(encoding="utf-8").lower()):
            counts[word] = counts.get(word, 0) + 1
    vocab = curated.load_vocab()
    extra = [*curated.load_synonyms(), *curated.load_word_list("housing_words")]
    extra += [k for c in vocab["topic_config"].values() for k in c["keywords"]]
    for phrase in extra:
        for word in re.findall(r"[a-z]+", phrase.lower()):
            counts[word] = counts.get(word, 0) + 5
    return {w: c for w, c in counts.items() if len(w) > 1}


def build(
    db_path: Path = DEFAULT_DB_PATH,
    keys: list[str] | None = None,
    data_dir: Path = curated.DATA_DIR,
    sources_dir: Path = curated.SOURCES_DIR,
) -> dict[str, int]:
    """Validate the curated files and compile them into ``db_path``.

    Returns the row count of each table. Raises :class:`BuildError` when any file has a
    validation error (warnings do not stop the build) or an entry a draft marked ``review: true``
    that nobody has reviewed yet (``knowledge validate`` lists those as unreviewed).
    """
    files, problems = curated.validate_all(keys, data_dir, sources_dir)
    vocab = curated.load_vocab()
    phrases = fact_vocabulary.load()
    problems += [
        curated.Problem("facts.yml", "facts", problem)
        for problem in fact_vocabulary.validate(phrases, vocab["facts"], vocab["duties"])
    ]
    errors = [p for p in problems if p.level == "error"]
    if errors:
        raise BuildError(errors)
    pending = [p for p in problems if p.level == "unreviewed"]
    if pending:
        raise BuildError(pending, unreviewed_message(pending, Path(data_dir)))
    tables = _rows(files, curated.load_vocab())
    db_path = Path(db_path)
    db_path.parent.mkdir(parents=True, exist_ok=True)
    tmp_path = db_path.with_suffix(".tmp")
    if tmp_path.exists():
        tmp_path.unlink()
    db = sqlite_utils.Database(tmp_path)
    for name, rows in tables.items():
        db[name].create(COLUMNS[name], pk="key" if name == "municipalities" else "id")
        db[name].insert_all(rows)
    db["sections"].create_index(["municipality", "norm"])
    db["definitions"].create_index(["municipality", "term_lower"])
    db["standards"].create_index(["key", "municipality"])
    db["rules"].create_index(["municipality", "duty"])
    db["topics"].create_index(["municipality", "topic"], unique=True)
    db["sections"].enable_fts(["heading", "label", "text"], tokenize="porter")
    db["definitions"].enable_fts(["term", "text", "synonyms"], tokenize="porter")
    db["meta"].insert_all(
        [
            {"key": "schema_version", "value": str(SCHEMA_VERSION)},
            {"key": "content_hash", "value": content_hash(data_dir, sources_dir)},
            {"key": "facts", "value": json.dumps(curated.load_vocab()["facts"])},
            {"key": "fact_phrases", "value": json.dumps(phrases)},
            {"key": "duties", "value": json.dumps(curated.load_vocab()["duties"])},
            {"key": "standards", "value": json.dumps(curated.load_vocab()["standards"])},
            {"key": "topic_config", "value": json.dumps(curated.load_vocab()["topic_config"])},
            {"key": "synonyms", "value": json.dumps(curated.load_synonyms())},
            {"key": "housing_words", "value": json.dumps(curated.load_word_list("housing_words"))},
            {"key": "question_words", "value": json.dumps(curated.load_word_list("question_words"))},
            {"key": "back_references", "value": json.dumps(curated.load_word_list("back_references"))},
            {"key": "thing_references", "value": json.dumps(curated.load_word_list("thing_references"))},
            {"key": "sentence_back_references", "value": json.dumps(curated.load_word_list("sentence_back_references"))},
            {"key": "same_question_words", "value": json.dumps(curated.load_word_list("same_question_words"))},
            {"key": "code_names", "value": json.dumps(curated.load_word_list("code_names"))},
            {"key": "before_authority", "value": json.dumps(curated.load_word_list("before_authority"))},
            {"key": "shorthand", "value": json.dumps(shorthand.load())},
            {"key": "scope_exceptions", "value": json.dumps(curated.load_word_list("scope_exceptions"))},
            {"key": "scope_negations", "value": json.dumps(curated.load_word_list("scope_negations"))},
            {"key": "comparison_words", "value": json.dumps(curated.load_word_list("comparison_words"))},
            {"key": "named_only", "value": json.dumps(curated.load_word_list("named_only"))},
            {"key": "lead_in_acts", "value": json.dumps(curated.load_word_list("lead_in_acts"))},
            {"key": "scopes", "value": json.dumps(curated.load_scopes())},
            {"key": "spelling", "value": json.dumps(spelling_dictionary(sources_dir))},
            {"key": "handoff", "value": json.dumps(curated.load_vocab().get("handoff") or {})},
            {"key": "definition_membership", "value": json.dumps(curated.load_vocab().get("definition_membership") or {})},
            {"key": "non_topic_intents", "value": json.dumps(curated.load_vocab().get("non_topic_intents") or {})},
            {"key": "places", "value": json.dumps(curated.load_places())},
            {"key": "people", "value": json.dumps(curated.load_people())},
            {
                "key": "fact_questions",
                "value": json.dumps(
                    {d["municipality"]["key"]: d["municipality"].get("fact_questions") or {} for d in files}
                ),
            },
        ],
        pk="key",
    )
    db.conn.commit()
    db.close()
    os.replace(tmp_path, db_path)
    return {name: len(rows) for name, rows in tables.items()}
