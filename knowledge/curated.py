"""Load and validate the curated municipality files against their source texts.

The curated files (``knowledge/data/<key>.yml``) are the reviewable source of the
knowledge base; ``knowledge/SCHEMA.md`` describes their fields. This module checks them
against the project's own copy of the ordinance texts (``knowledge/sources/``): every
stored text and quote must be verbatim (whitespace folded), every numeric standard's value
must be stated in its quote, and every rule must rest on a phrase of its cited text.

Nothing here touches the database; :mod:`knowledge.build` compiles the validated files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from knowledge.text_checks import (  # noqa: F401 - re-exported: importers use knowledge.curated's names
    _NUMBER_WORDS,
    EDITORIAL_WORDS,
    _value_matches,
    internal_keys,
    numbers_in,
    plain_words_problems,
    vocab_texts,
)

PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = PACKAGE_DIR / "data"
SOURCES_DIR = PACKAGE_DIR / "sources"
VOCAB_PATH = PACKAGE_DIR / "vocab.yml"
SYNONYMS_PATH = PACKAGE_DIR / "synonyms.yml"

BASES = ("stated", "cross_reference", "inferred", "unknown")
PARTIES = ("owner", "operator", "occupant", "owner_or_operator", "owner_or_occupant")
CONDITION_OPS = ("eq", "ne", "gt", "gte", "lt", "lte")
UNCOVERED_MIN_CHARS = 60
# An internal key (``heating_measure_height_in``): never in text a user is shown (conditions, scopes).
INTERNAL_KEY = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")

REQUIRED_MUNICIPALITY_FIELDS = (
    "key",
    "name",
    "kind",
    "state",
    "code_title",
    "chapter",
    "citation_prefix",
    "enforcing_officer",
    "office",
    "source_file",
)
# Optional fields of the municipality header (knowledge/SCHEMA.md): where it is listed (``order``),
# how its printed section numbers start (``section_prefix``: "190-", "12."), whether its bare name is
# also a common word (``common_word``: "dresser" is furniture), and the rest.
OPTIONAL_MUNICIPALITY_FIELDS = (
    "order",
    "section_prefix",
    "common_word",
    "aliases",
    "notes",
    "adopted",
    "fact_questions",
    "review",
)


def fold(text: str) -> str:
    """Collapse every run of whitespace to one space (the verbatim comparison form)."""
    return " ".join(str(text).split())


@dataclass
class Problem:
    """One validation finding. ``level`` is ``error``, ``warning`` or ``unreviewed`` (an entry a draft
    marked ``review: true`` that no curator has checked yet; see :func:`unreviewed`)."""

    municipality: str
    where: str
    message: str
    level: str = "error"

    def __str__(self) -> str:
        return f"{self.level}: {self.municipality}: {self.where}: {self.message}"


@dataclass
class Source:
    """A source text with a whitespace-folded view and a map from lines to folded offsets."""

    raw: str
    folded: str = field(init=False)
    line_offsets: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.folded = fold(self.raw)
        offsets: list[int] = []
        position = 0
        for line in self.raw.split("\n"):
            offsets.append(position)
            words = line.split()
            if words:
                position += len(" ".join(words)) + 1
        self.line_offsets = offsets

    def locate(self, text: str, line: int | None) -> int:
        """Return the folded offset of ``text`` starting on ``line`` (or anywhere), or -1."""
        needle = fold(text)
        if not needle:
            return -1
        if line is None or not 1 <= line <= len(self.line_offsets):
            return self.folded.find(needle)
        start = self.line_offsets[line - 1]
        end = self.line_offsets[line] if line < len(self.line_offsets) else len(self.folded)
        found = self.folded.find(needle, start)
        return found if start <= found < max(end, start + 1) else -1


def load_vocab(path: Path = VOCAB_PATH) -> dict[str, Any]:
    """Read the shared vocabulary (topics, standards, duties, facts)."""
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


TOPIC_CONFIG_FIELDS = ("intent", "duties", "standards", "keywords", "example")


def validate_vocab(vocab: dict[str, Any]) -> list[Problem]:
    """Check the vocabulary's topic configuration against its own lists.

    Every topic has a ``topic_config`` entry naming its intent (``ask_<topic>``), duties and
    standards from the vocabulary, at least one keyword (lower case) and an example question;
    ``non_topic_intents`` may not reuse a topic's intent.
    """
    problems: list[Problem] = []

    def err(where: str, message: str) -> None:
        problems.append(Problem("vocab", where, message))

    config = vocab.get("topic_config") or {}
    topics = vocab.get("topics") or {}
    for topic in topics:
        entry = config.get(topic)
        if not isinstance(entry, dict):
            err(f"topic_config.{topic}", "missing (every topic needs intent, duties, standards, keywords, example)")
            continue
        for name in TOPIC_CONFIG_FIELDS:
            if name not in entry:
                err(f"topic_config.{topic}", f"missing field {name!r}")
        if entry.get("intent") != f"ask_{topic}":
            err(f"topic_config.{topic}", f"intent must be ask_{topic}")
        for duty in entry.get("duties") or []:
            if duty not in (vocab.get("duties") or {}):
                err(f"topic_config.{topic}", f"duty {duty!r} is not in duties")
        for standard in entry.get("standards") or []:
            if standard not in (vocab.get("standards") or {}):
                err(f"topic_config.{topic}", f"standard {standard!r} is not in standards")
        keywords = entry.get("keywords") or []
        if not keywords:
            err(f"topic_config.{topic}", "needs at least one keyword")
        for word in keywords:
            if not isinstance(word, str) or word != word.lower() or not word.strip():
                err(f"topic_config.{topic}", f"keyword {word!r} must be a lower-case phrase")
        if not str(entry.get("example") or "").strip():
            err(f"topic_config.{topic}", "needs an example question")
        if not isinstance(entry.get("space", False), bool):
            err(f"topic_config.{topic}", "space must be true or false")
    for topic in config:
        if topic not in topics:
            err(f"topic_config.{topic}", "is not a topic in topics")
    intents = {f"ask_{t}" for t in topics}
    for intent in vocab.get("non_topic_intents") or {}:
        if intent in intents:
            err(f"non_topic_intents.{intent}", "is a topic's intent")
    return problems


def load_synonyms(path: Path = SYNONYMS_PATH) -> dict[str, list[str]]:
    """The reviewed table from people's words to the codes' words (``knowledge/synonyms.yml``)."""
    with open(path, encoding="utf-8") as handle:
        data = yaml.safe_load(handle) or {}
    return {str(k): [str(v) for v in (values or [])] for k, values in (data.get("synonyms") or {}).items()}


def load_word_list(key: str, path: Path = SYNONYMS_PATH) -> list[str]:
    """A word list of ``knowledge/synonyms.yml``: ``housing_words`` (housing words the texts may not use),
    ``question_words`` (words that ask rather than name what is asked about), ``back_references`` (words that
    point back to the last answer), ``thing_references`` (to a thing the story named), ``same_question_words``
    (asking the last question again for another place), ``code_names`` (names for a municipality's own code),
    ``before_authority`` (whom a question stands before: "off the hook w the inspector"), ``scope_exceptions`` (words
    before a scope a provision excepts), ``scope_negations`` (words before a scope a question denies),
    ``comparison_words`` (asking how two defined terms differ), ``named_only``, ``lead_in_acts`` or ``sentence_back_references`` (a sentence's opening naming what came before)."""
    with open(path, encoding="utf-8") as handle:
        data = yaml.safe_load(handle) or {}
    return sorted({str(w).lower() for w in data.get(key) or []})


def load_scopes(path: Path = SYNONYMS_PATH) -> dict[str, dict[str, Any]]:
    """Provisions limited to one kind of dwelling (``scopes`` in ``knowledge/synonyms.yml``): the scope's phrase -> {only,
    wordings (a question's), code_wordings (the texts' other phrases for it), fact and topic that put one in it}."""
    with open(path, encoding="utf-8") as handle:
        data = yaml.safe_load(handle) or {}
    return {
        str(k).lower(): {"only": str((v or {}).get("only") or k), **{key: [str(w).lower() for w in ((v or {}).get(key) or [])]
            for key in ("wordings", "code_wordings")}, **{key: str((v or {}).get(key) or "") for key in ("fact", "topic")}}
        for k, v in (data.get("scopes") or {}).items()
    }


def validate_synonyms(synonyms: dict[str, list[str]], sources_dir: Path = SOURCES_DIR) -> list[Problem]:
    """Every people's word is a lower-case phrase, and every code word it maps to occurs in a source text."""
    texts = " ".join(fold(p.read_text(encoding="utf-8")).lower() for p in sorted(sources_dir.glob("*.txt")))
    problems: list[Problem] = []
    for word, targets in synonyms.items():
        where = f"synonyms.{word}"
        if word != word.lower() or not word.strip():
            problems.append(Problem("synonyms", where, "must be a lower-case phrase"))
        if not targets:
            problems.append(Problem("synonyms", where, "maps to no code word"))
        for target in targets:
            if fold(target).lower() not in texts:
                problems.append(Problem("synonyms", where, f"{target!r} occurs in none of the source texts"))
    for scope, entry in load_scopes().items():
        for phrase in (w for w in [scope, *entry["code_wordings"]] if w not in texts):  # the texts' own phrases
            problems.append(Problem("synonyms", f"scopes.{scope}", f"{phrase!r} occurs in none of the source texts"))
        if not entry["wordings"]:
            problems.append(Problem("synonyms", f"scopes.{scope}", "has no wordings"))
    return problems


PLACES_PATH = PACKAGE_DIR / "places.yml"
PEOPLE_PATH = PACKAGE_DIR / "people.yml"
PLACE_KINDS = ("town", "village", "city", "county")


def load_places(path: Path = PLACES_PATH) -> dict[str, Any]:
    """Read the places file (other places, kinds, states, common-word names)."""
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle) or {}


def load_people(path: Path = PEOPLE_PATH) -> dict[str, Any]:
    """Read the household and space vocabulary."""
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle) or {}


def _core(name: str) -> str:
    return " ".join(name.lower().replace(".", "").split(" of ", 1)[-1].split())


def validate_places(places: dict[str, Any], municipalities: list[dict[str, Any]]) -> list[Problem]:
    """Check knowledge/places.yml: known kinds and states, and no other place is a covered municipality."""
    problems: list[Problem] = []
    kinds = places.get("kinds") or {}
    states = places.get("states") or {}
    for kind in kinds:
        if kind not in PLACE_KINDS:
            problems.append(Problem("places", f"kinds.{kind}", "kind must be one of " + ", ".join(PLACE_KINDS)))
    covered = {(_core(m.get("name", "")), m.get("kind")) for m in municipalities}
    covered_keys = {m.get("key") for m in municipalities}
    for key in places.get("covered") or {}:
        problems.append(
            Problem(
                "places",
                f"covered.{key}",
                "a covered municipality's reading is a field of its own data file now: set "
                f"`common_word: true` in the municipality block of knowledge/data/{key}.yml and delete `covered`"
                + ("" if key in covered_keys else f" ({key!r} is not a covered municipality key)"),
            )
        )
    for i, place in enumerate(places.get("other_places") or []):
        where = f"other_places[{i}]"
        if not isinstance(place, dict) or not place.get("name"):
            problems.append(Problem("places", where, "needs a name"))
            continue
        if place.get("kind") not in PLACE_KINDS:
            problems.append(Problem("places", where, f"kind {place.get('kind')!r} is not one of {PLACE_KINDS}"))
        if place.get("state") != "WI" and place.get("state") not in states:
            problems.append(Problem("places", where, f"state {place.get('state')!r} is not in states"))
        if place.get("state") == "WI" and (_core(place["name"]), place.get("kind")) in covered:
            problems.append(Problem("places", where, f"{place['name']} is a covered municipality"))
    return problems


def validate_people(people: dict[str, Any]) -> list[Problem]:
    """Check knowledge/people.yml: every word's band exists and every band is an age range."""
    problems: list[Problem] = []
    bands = people.get("bands") or {}
    for band, span in bands.items():
        if not (isinstance(span, list) and len(span) == 2 and 0 <= span[0] <= span[1] <= 125):
            problems.append(Problem("people", f"bands.{band}", "must be [low, high] years, 0 to 125"))
    for section in ("singular", "plural"):
        for word, band in (people.get(section) or {}).items():
            if band not in bands:
                problems.append(Problem("people", f"{section}.{word}", f"band {band!r} is not in bands"))
    for word, members in (people.get("groups") or {}).items():
        if not all(m in bands for m in members):
            problems.append(Problem("people", f"groups.{word}", "every member must be a band"))
    if not set((people.get("age_bounds") or {}).values()) <= {"below", "above"}:
        problems.append(Problem("people", "age_bounds", "each bound must be below or above"))
    for key in ("determiners", "joiners", "adding", "rooming", "minimum_questions", "adequacy_questions", "unit_phrases", "capacity_questions", "ordinals", "space_parts", "space_kinds"):
        if not people.get(key):
            problems.append(Problem("people", key, "missing"))
    return problems


def data_files(data_dir: Path = DATA_DIR) -> list[Path]:
    """The curated files, by file name (:func:`in_order` puts loaded files in the product's order)."""
    return sorted(data_dir.glob("*.yml"), key=lambda p: p.stem)


def in_order(files: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Loaded curated files in the product's order: by each header's ``order``, then files without
    one, by key (the order the bot lists the municipalities in, e.g. as buttons)."""

    def place(data: dict[str, Any]) -> tuple[int, int, str]:
        muni = data.get("municipality") or {}
        order = muni.get("order")
        known = isinstance(order, int) and not isinstance(order, bool)
        return (0, order, str(muni.get("key"))) if known else (1, 0, str(muni.get("key")))

    return sorted(files, key=place)


# libyaml's loader where PyYAML has it: the same data, about ten times faster than the pure-Python
# one, which took 95% of a build (measured by `make bench`'s cost curve: it grows with every file).
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_file(path: Path) -> dict[str, Any]:
    """Read one curated municipality file."""
    with open(path, encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=_YAML_LOADER) or {}  # noqa: S506 - a safe loader
    for key in ("sections", "definitions", "standards", "rules"):
        data.setdefault(key, [])
    data.setdefault("coverage", {})
    return data


def read_source(municipality: dict[str, Any], sources_dir: Path = SOURCES_DIR) -> Source:
    """The shipped source text a municipality file was curated from."""
    return Source((sources_dir / municipality["source_file"]).read_text(encoding="utf-8"))


def _check_condition(spec: Any) -> bool:
    if isinstance(spec, (bool, int)):
        return True
    if isinstance(spec, dict):
        return bool(spec) and all(op in CONDITION_OPS and isinstance(v, (int, bool)) for op, v in spec.items())
    return False


def check_adopted(adopted: Any, source: Source) -> list[str]:
    """Problems with a municipality's ``adopted`` list: each entry names a ``date`` that occurs in
    its ``quote``, and the quote is verbatim in the source (so a date is shown only where the text
    states it); ``part`` (optional) says which part of the chapter it dates."""
    if adopted is None:
        return []
    if not isinstance(adopted, list):
        return ["adopted must be a list of {date, quote, part}"]
    problems = []
    for index, entry in enumerate(adopted):
        where = f"adopted[{index}]"
        if not isinstance(entry, dict) or not entry.get("date") or not entry.get("quote"):
            problems.append(f"{where} needs a date and the quote that states it")
            continue
        quote = fold(entry["quote"])
        if str(entry["date"]) not in quote:
            problems.append(f"{where}: the date {entry['date']!r} is not in its quote")
        if source.folded.find(quote) < 0:
            problems.append(f"{where}: the quote is not verbatim in the source")
        unknown = set(entry) - {"date", "quote", "part"}
        if unknown:
            problems.append(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    return problems


def check_header(muni: dict[str, Any], sections: list[dict[str, Any]]) -> list[str]:
    """Problems with the header fields that replace code: ``order`` (a positive whole number),
    ``common_word`` (true or false) and ``section_prefix`` (how every printed section number of the
    file starts: the chapter followed by "-" or "."; required when any section's number is printed,
    absent when the extract cites by heading only)."""
    problems: list[str] = []
    order = muni.get("order")
    if "order" in muni and (not isinstance(order, int) or isinstance(order, bool) or order < 1):
        problems.append(f"order must be a positive whole number (where the municipality is listed), not {order!r}")
    if "common_word" in muni and not isinstance(muni["common_word"], bool):
        problems.append(f"common_word must be true or false, not {muni['common_word']!r}")
    printed = [
        str(row.get("citation"))
        for row in sections
        if isinstance(row, dict) and row.get("basis") in ("stated", "cross_reference") and row.get("citation")
    ]
    prefix = muni.get("section_prefix")
    if prefix is None:
        if printed:
            problems.append(
                f"section_prefix is missing: the file has printed section numbers (e.g. {printed[0]!r}); "
                'give how they start, e.g. "190-" or "12."'
            )
        return problems
    chapter = str(muni.get("chapter") or "")
    if not isinstance(prefix, str) or not re.fullmatch(r"\d+[-.]", prefix):
        problems.append(f'section_prefix must be the chapter followed by "-" or ".", e.g. "190-" or "12.", not {prefix!r}')
    elif chapter and prefix[:-1] != chapter:
        problems.append(f"section_prefix {prefix!r} does not start with the chapter {chapter!r}")
    elif not printed:
        problems.append(f"section_prefix {prefix!r} is given but no section has a printed number (stated or cross_reference)")
    else:
        wrong = [c for c in printed if not _LEADING_MARK.sub("", c).startswith(prefix)]
        if wrong:
            problems.append(
                f"section_prefix {prefix!r} does not start {len(wrong)} printed section number(s): "
                + ", ".join(repr(c) for c in wrong[:5])
            )
    return problems


_LEADING_MARK = re.compile(r"^\s*§+\s*")


def validate(data: dict[str, Any], source: Source, vocab: dict[str, Any]) -> list[Problem]:
    """Check one municipality file against its source text and the vocabulary."""
    muni = data.get("municipality") or {}
    key = muni.get("key", "?")
    problems: list[Problem] = []

    def err(where: str, message: str, level: str = "error") -> None:
        problems.append(Problem(key, where, message, level))

    for name in REQUIRED_MUNICIPALITY_FIELDS:
        if not muni.get(name):
            err("municipality", f"missing field {name!r}")
    for name in muni:
        if name not in REQUIRED_MUNICIPALITY_FIELDS and name not in OPTIONAL_MUNICIPALITY_FIELDS:
            err("municipality", f"unknown field {name!r} (knowledge/SCHEMA.md lists the fields)")
    problems.extend(Problem(key, "municipality", m) for m in check_header(muni, data["sections"]))
    if muni.get("kind") not in ("town", "village", "city"):
        err("municipality", "kind must be town, village or city")
    problems.extend(Problem(key, "municipality", m) for m in check_adopted(muni.get("adopted"), source))
    for fact, question in (muni.get("fact_questions") or {}).items():
        if fact not in vocab["facts"]:
            err("municipality", f"fact_questions: {fact!r} is not in knowledge/vocab.yml facts")
        elif not isinstance(question, str) or not question.strip().endswith("?"):
            err("municipality", f"fact_questions: the question for {fact!r} must be a question")

    spans: list[tuple[int, int]] = []
    citations: dict[str, dict[str, Any]] = {}
    for index, row in enumerate(data["sections"]):
        citation = str(row.get("citation") or "")
        where = f"sections[{index}] {citation!r}"
        if not citation:
            err(where, "missing citation")
            continue
        if citation in citations:
            err(where, "duplicate citation")
        citations[citation] = row
        if row.get("basis") not in BASES:
            err(where, f"basis must be one of {', '.join(BASES)}")
        if row.get("basis") in ("cross_reference", "inferred") and not row.get("evidence"):
            err(where, "a cross_reference or inferred citation needs its evidence")
        if row.get("basis") == "cross_reference" and row.get("evidence"):
            if source.folded.find(fold(row["evidence"])) < 0:
                err(where, "evidence phrase is not in the source text")
        if row.get("basis") in ("inferred", "unknown") and not row.get("label"):
            err(where, "an inferred or unknown citation needs a label")
        if not row.get("heading"):
            err(where, "missing heading")
        if row.get("heading_basis", "verbatim") == "verbatim" and row.get("heading"):
            if source.folded.find(fold(row["heading"]).rstrip(".")) < 0:
                err(where, "heading is not verbatim in the source (set heading_basis: descriptive)")
        text = row.get("text")
        if not text or not fold(text):
            err(where, "missing text")
            continue
        at = source.locate(text, row.get("line"))
        if at < 0:
            anywhere = source.folded.find(fold(text))
            if anywhere < 0:
                err(where, "text is not verbatim in the source")
            else:
                err(where, f"text is in the source but does not start on line {row.get('line')}")
            continue
        spans.append((at, at + len(fold(text))))

    for index, row in enumerate(data["sections"]):
        parent = row.get("parent")
        if parent and parent not in citations:
            err(f"sections[{index}] {row.get('citation')!r}", f"parent {parent!r} is not a section")

    terms: set[str] = set()
    for index, row in enumerate(data["definitions"]):
        where = f"definitions[{index}] {row.get('term')!r}"
        term = str(row.get("term") or "")
        if not term:
            err(where, "missing term")
            continue
        if term.lower() in terms:
            err(where, "duplicate term")
        terms.add(term.lower())
        if row.get("basis") not in BASES:
            err(where, f"basis must be one of {', '.join(BASES)}")
        if not row.get("citation"):
            err(where, "missing citation")
        if source.folded.find(fold(term)) < 0:
            err(where, "term is not verbatim in the source")
        text = row.get("text") or ""
        at = source.locate(text, row.get("line"))
        if at < 0:
            err(where, "definition text is not verbatim in the source (or not on its line)")
            continue
        spans.append((at, at + len(fold(text))))

    standard_keys = vocab["standards"]
    stated: dict[str, float] = {}
    for row in data["standards"]:
        if row.get("key") in standard_keys and isinstance(row.get("value"), (int, float)) and "value_from" not in row:
            stated.setdefault(row["key"], row["value"])
    for index, row in enumerate(data["standards"]):
        where = f"standards[{index}] {row.get('key')!r}"
        if row.get("key") not in standard_keys:
            err(where, "key is not in knowledge/vocab.yml standards")
            continue
        for shown in ("conditions", "value_text"):
            if INTERNAL_KEY.search(str(row.get(shown) or "")):
                err(where, f"{shown} is shown to users: name things in words, not by key ({INTERNAL_KEY.findall(str(row[shown]))})")
        section = citations.get(str(row.get("citation")))
        if section is None:
            err(where, f"citation {row.get('citation')!r} is not a section")
            continue
        quote = fold(row.get("quote") or "")
        if not quote or quote not in fold(section["text"]):
            err(where, "quote is not verbatim in the cited section's text")
            continue
        value_text = fold(row.get("value_text") or "")
        if not value_text or value_text not in quote:
            err(where, "value_text must occur in the quote")
            continue
        derived = row.get("value_from")
        if derived is not None:
            # a value fixed by a defined term the quote uses ("every multiple dwelling": more than two units)
            base = stated.get(derived.get("standard")) if isinstance(derived, dict) else None
            if base is None:
                err(where, "value_from must name another standard of this file that states its number")
            elif derived.get("term") and fold(derived["term"]).lower() not in value_text.lower():
                err(where, "value_from term must occur in value_text")
            elif row.get("value") != base + int(derived.get("add", 0)):
                err(
                    where,
                    f"value {row.get('value')!r} is not {derived.get('standard')} ({base}) + {derived.get('add', 0)}",
                )
        elif not _value_matches(row.get("value"), standard_keys[row["key"]]["unit"], value_text):
            err(where, f"value {row.get('value')!r} is not what {value_text!r} states")
        for problem in plain_words_problems(str(row.get("conditions") or ""), vocab):
            err(where, f"conditions are shown to users: {problem}")

    for index, row in enumerate(data["rules"]):
        where = f"rules[{index}] {row.get('duty')!r}"
        if row.get("duty") not in vocab["duties"]:
            err(where, "duty is not in knowledge/vocab.yml duties")
        if row.get("party") not in PARTIES:
            err(where, f"party must be one of {', '.join(PARTIES)}")
        if "scope" in row and (not isinstance(row["scope"], str) or not row["scope"].strip()):
            err(where, "scope must be plain words (what the duty covers)")
        elif "scope" in row and INTERNAL_KEY.search(row["scope"]):
            err(where, "scope is shown to users: name things in words, not by key")
        for fact, spec in (row.get("when") or {}).items():
            if fact not in vocab["facts"]:
                err(where, f"fact {fact!r} is not in knowledge/vocab.yml facts")
            elif not _check_condition(spec):
                err(where, f"condition on {fact!r} is not a value or {{op: value}}")
        section = citations.get(str(row.get("citation")))
        if section is None:
            err(where, f"citation {row.get('citation')!r} is not a section")
        elif not fold(row.get("quote") or "") or fold(row["quote"]) not in fold(section["text"]):
            err(where, "quote is not verbatim in the cited section's text")

    coverage = data.get("coverage") or {}
    for topic in vocab["topics"]:
        entry = coverage.get(topic)
        if entry is None:
            err("coverage", f"topic {topic!r} is not mapped (sections or not_addressed)")
        elif entry != "not_addressed":
            if not isinstance(entry, list) or not entry:
                err("coverage", f"topic {topic!r} must be a list of citations or not_addressed")
                continue
            for cited in entry:
                if str(cited) not in citations:
                    err("coverage", f"topic {topic!r} cites {cited!r}, which is not a section")
    for topic in coverage:
        if topic not in vocab["topics"]:
            err("coverage", f"{topic!r} is not a topic in knowledge/vocab.yml")
    for topic, note in (data.get("coverage_notes") or {}).items():
        where = f"coverage_notes {topic!r}"
        if coverage.get(topic) != "not_addressed":
            err(where, "a coverage note is only for a topic mapped to not_addressed")
        if not isinstance(note, dict) or not (note.get("note") or note.get("defines")):
            err(where, "needs a note or the terms the code defines (defines)")
            continue
        for term in note.get("defines") or []:
            if str(term).lower() not in terms:
                err(where, f"{term!r} is not a defined term of this file")
        for cited in note.get("sections") or []:
            if str(cited) not in citations:
                err(where, f"{cited!r} is not a section")

    problems.extend(unreviewed(data))
    for start, end in uncovered(source.folded, spans):
        snippet = source.folded[start:end]
        err(
            "coverage of source",
            f"no row covers {len(snippet)} chars: {snippet[:90]!r}…",
            level="warning",
        )
    return problems


REVIEW_TABLES = ("sections", "definitions", "standards", "rules")


def unreviewed(data: dict[str, Any]) -> list[Problem]:
    """One ``unreviewed`` finding per entry still marked ``review: true`` (as ``knowledge draft`` writes
    them): the municipality block, each section, definition, standard and rule, and the coverage map
    (``coverage_review: true``). The curator checks the entry against the text, corrects it and
    deletes the mark; until then ``knowledge validate`` lists it."""
    muni = data.get("municipality") or {}
    key = muni.get("key", "?")
    found: list[Problem] = []
    if muni.get("review") is True:
        found.append(Problem(key, "municipality", "drafted, not yet reviewed (name, officer, office, aliases)", "unreviewed"))
    for table in REVIEW_TABLES:
        for index, row in enumerate(data.get(table) or []):
            if isinstance(row, dict) and row.get("review") is True:
                name = row.get("citation") if table == "sections" else row.get("term") or row.get("key") or row.get("duty")
                said = fold(row.get("quote") or row.get("text") or "")
                found.append(
                    Problem(key, f"{table}[{index}] {name!r}", f"drafted, not yet reviewed: {said[:80]!r}", "unreviewed")
                )
    if data.get("coverage_review") is True:
        found.append(Problem(key, "coverage", "the suggested coverage of the topics is not yet reviewed", "unreviewed"))
    return found


def uncovered(folded: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Stretches of the folded source, longer than UNCOVERED_MIN_CHARS, that no span covers."""
    gaps: list[tuple[int, int]] = []
    position = 0
    for start, end in sorted(spans) + [(len(folded), len(folded))]:
        if start > position and len(folded[position:start].strip()) > UNCOVERED_MIN_CHARS:
            gaps.append((position, start))
        position = max(position, end)
    return gaps


def validate_all(
    keys: list[str] | None = None, data_dir: Path = DATA_DIR, sources_dir: Path = SOURCES_DIR
) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Load and validate the curated files in ``data_dir`` (all, or the given keys) against ``sources_dir``."""
    vocab = load_vocab()
    loaded: list[dict[str, Any]] = []
    problems: list[Problem] = validate_vocab(vocab) + validate_synonyms(load_synonyms())  # the shipped texts
    problems += [
        Problem("vocab", where, f"shown to users: {problem}")
        for where, text in vocab_texts(vocab)
        for problem in plain_words_problems(text, vocab)
    ]
    for path in data_files(data_dir):
        if keys and path.stem not in keys:
            continue
        data = load_file(path)
        muni = data.get("municipality") or {}
        if muni.get("key") != path.stem:
            problems.append(Problem(path.stem, "municipality", "key must match the file name"))
            continue
        try:
            source = read_source(muni, sources_dir)
        except (KeyError, OSError) as exc:
            problems.append(Problem(path.stem, "municipality", f"cannot read source: {exc}"))
            continue
        problems.extend(validate(data, source, vocab))
        loaded.append(data)
    loaded = in_order(loaded)
    placed: dict[int, str] = {}
    for data in loaded:
        muni = data["municipality"]
        order = muni.get("order")
        if isinstance(order, int) and not isinstance(order, bool):
            if order in placed:
                problems.append(
                    Problem(muni["key"], "municipality", f"order {order} is also {placed[order]}'s: give each file its own")
                )
            placed.setdefault(order, muni["key"])
    if not keys:
        problems.extend(validate_places(load_places(), [d.get("municipality") or {} for d in loaded]))
        problems.extend(validate_people(load_people()))
    return loaded, problems
