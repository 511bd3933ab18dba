"""The ordinance knowledge base: one small class over the built SQLite database.

Opening a :class:`KnowledgeBase` touches nothing; the database is opened (read-only) on the first query, so importing
this module or the action server never touches the disk. Every query takes user text safely: unknown names and
citations raise :class:`KnowledgeBaseError` subclasses with a message fit to show, and full-text search escapes FTS5 syntax.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from knowledge import facts as facts_module
from knowledge import phrasing
from knowledge.citations import normalize, with_prefix
from knowledge.question_form import quoted_words
from knowledge.records import Coverage, Definition, SearchHit, Section, Standard, TopicConfig
from knowledge.rules import Rule

DEFAULT_DB_PATH = Path(__file__).resolve().parent.parent / "build" / "kb.sqlite"
REQUIRED_TABLES = ("municipalities", "sections", "definitions", "standards", "rules", "topics", "meta")
# Query results a KnowledgeBase remembers (its file is read-only); past this the memory starts over.
REMEMBERED_QUERIES = 4096
# A municipality named by its chapter or a section number ("Chapter 190", "ch. 205", "§ 190-", "§ 12.06").
_CHAPTER_CITED = re.compile(r"^\s*(?:(?:chapter|chap|ch)\.?\s*(\d+)|§\s*(\d+[-.]\S*))\s*$", re.IGNORECASE)
# The words a message says are defined: after "definition of" (up to four words), before "definition" (up to three).
_NAMED_DEFINITIONS = (
    re.compile(r" (?:definitions? of|meaning of|defines?) (?:the |an? |term |word )?((?:[a-z0-9]+ ){1,4})"),
    re.compile(r"((?:[a-z0-9]+ ){1,3})definition "),
    # "is a property manager acting as agent considered the owner …?": the category asked about, not the thing
    re.compile(r" (?:considered|deemed|treated as|counts? as|counted as|regarded as|classified as|qualify as|qualifies as)"
               r" (?:an? |the )?((?:[a-z0-9]+ ){1,3})"),
    # "does amery code count me as the owner?", "would that make me the operator?"
    re.compile(r" (?:count|counts|consider|considers|treat|treats|make|makes) (?:me|us|him|her|them|it|that|this)"
               r" (?:as )?(?:an? |the )((?:[a-z0-9]+ ){1,3})"),
)


class KnowledgeBaseError(Exception):
    """Base class of the knowledge base's errors; ``str()`` is a message fit for a user."""


class KnowledgeBaseUnavailable(KnowledgeBaseError):
    """The database is missing or unreadable."""


class UnknownMunicipality(KnowledgeBaseError, LookupError):
    """A name that is not one of the covered municipalities."""


class UnknownCitation(KnowledgeBaseError, LookupError):
    """A citation that is not in a municipality's text."""


@dataclass(frozen=True)
class Municipality:
    """A covered municipality and its code."""

    key: str
    name: str
    kind: str
    state: str
    code_title: str
    chapter: str
    citation_prefix: str
    enforcing_officer: str
    office: str
    source_file: str
    aliases: tuple[str, ...]
    notes: str
    # Adoption dates the text itself states: ({"date", "part", "quote"}, ...); empty when it states none.
    adopted: tuple[dict[str, str], ...] = ()
    # Where it is listed (the data file's ``order``; None: after those with one, by key).
    order: int | None = None
    # How the printed section numbers start ("190-", "12."); empty when the extract cites by heading.
    section_prefix: str = ""
    # Whether the bare name is also a common word ("dresser" is furniture): see knowledge/nlp.py.
    common_word: bool = False

    @property
    def contact(self) -> str:
        """The office to ask, named once: "Town Building Inspector", "Office of Building Inspector";
        the officer's title is added only where the office's name does not already carry it."""
        if self.enforcing_officer.lower() in self.office.lower():
            return self.office
        return f"{self.office} ({self.enforcing_officer})"

    @property
    def provenance(self) -> str:
        """Where the quoted text comes from, in plain words: chapter, adoption date(s) the text
        states, and that the product's copy is an extract ("From chapter 258 of the City of Amery
        code (…), adopted 10-6-2004 (…). The text here is an extract, not the complete official code.")."""
        line = f"From chapter {self.chapter} of the {self.name} code ({self.code_title})"
        dates = [a["date"] + (f" ({a['part']})" if a.get("part") else "") for a in self.adopted if a.get("date")]
        if dates:
            line += ", adopted " + (", ".join(dates[:-1]) + " and " + dates[-1] if len(dates) > 1 else dates[0])
            line += " as the text states"
        return line + ". The text here is an extract, not the complete official code."


class KnowledgeBase:
    """Queries over the built knowledge base (``build/kb.sqlite`` unless told otherwise)."""

    def __init__(self, path: str | os.PathLike[str] | None = None):
        self.path = Path(path or os.environ.get("HOUSING_KB_PATH") or DEFAULT_DB_PATH)
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self._munis: dict[str, Municipality] | None = None
        self._fact_vocabulary: facts_module.Vocabulary | None = None
        self._topic_configs: dict[str, TopicConfig] | None = None
        self._shorthand: dict[str, str] | None = None
        self._synonyms: dict[str, tuple[str, ...]] | None = None
        self._concept_phrases: dict[str, tuple[str, ...]] | None = None
        self._names: dict[str, str] | None = None
        self._places: dict[str, Any] | None = None
        self._remembered: dict[tuple[str, tuple[Any, ...]], list[sqlite3.Row]] = {}
        self._all_sections: dict[str, tuple[Section, ...]] = {}

    # -- connection -----------------------------------------------------------------
    @property
    def conn(self) -> sqlite3.Connection:
        """The read-only connection, opened and checked on first use."""
        if self._conn is None:
            with self._lock:
                if self._conn is None:
                    self._conn = self._open()
        return self._conn

    def _open(self) -> sqlite3.Connection:
        if not self.path.exists():
            raise KnowledgeBaseUnavailable(f"The knowledge base {self.path} does not exist. Build it with `make kb`.")
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
        except sqlite3.DatabaseError as exc:
            raise KnowledgeBaseUnavailable(
                f"The knowledge base {self.path} is unreadable ({exc}). Rebuild it with `make kb`."
            ) from exc
        missing = [t for t in REQUIRED_TABLES if t not in names]
        if missing:
            conn.close()
            raise KnowledgeBaseUnavailable(
                f"The knowledge base {self.path} is incomplete (no {', '.join(missing)} table). "
                "Rebuild it with `make kb`."
            )
        return conn

    def check(self) -> dict[str, int]:
        """Open the database and count the rows of each table (a start-up health check)."""
        return {t: self.conn.execute(f"select count(*) from [{t}]").fetchone()[0] for t in REQUIRED_TABLES}

    def close(self) -> None:
        """Close the connection (it reopens on the next query)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._remembered.clear()
        self._all_sections.clear()

    def _rows(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """The rows of a query. The database is opened read-only and a rebuild means a restart, so the
        rows of a query are remembered (at most :data:`REMEMBERED_QUERIES` of them): an answer asks for
        the same topics, sections and standards several times."""
        key = (sql, tuple(params))
        rows = self._remembered.get(key)
        if rows is None:
            rows = self.conn.execute(sql, key[1]).fetchall()
            if len(self._remembered) >= REMEMBERED_QUERIES:
                self._remembered.clear()
            self._remembered[key] = rows
        return list(rows)

    # -- municipalities -------------------------------------------------------------
    def municipalities(self) -> list[Municipality]:
        """All covered municipalities, in the product's order (``order`` in each data file's header)."""
        if self._munis is None:
            munis: dict[str, Municipality] = {}
            for row in self._rows("select * from municipalities order by rowid"):
                data = dict(row)
                data["aliases"] = tuple(json.loads(data["aliases"]))
                data["adopted"] = tuple(json.loads(data.get("adopted") or "[]"))
                data["common_word"] = bool(data.get("common_word"))
                data["section_prefix"] = data.get("section_prefix") or ""
                munis[data["key"]] = Municipality(**data)
            self._munis = munis
        return list(self._munis.values())

    def covered_names(self) -> str:
        """ "Town of Holland, Town of Howard, … and City of Muskego"."""
        return phrasing.and_list([m.name for m in self.municipalities()])

    def covered_count(self) -> str:
        """How many municipalities are covered, in words ("five"), for texts such as "the five codes"."""
        return phrasing.count_word(len(self.municipalities()))

    def section_numbering(self) -> str:
        """How each code's printed section numbers start (``section_prefix`` in its data file), as a
        sentence (:func:`knowledge.phrasing.section_numbering`)."""
        return phrasing.section_numbering(self.municipalities())

    def municipality(self, name: str) -> Municipality:
        """The municipality a key, name or alias names; :class:`UnknownMunicipality` if none."""
        key = self.resolve_municipality(name)
        if key is None:
            raise UnknownMunicipality(
                f"I don't have the housing code of {name.strip() or 'that place'!r}. "
                f"I cover the {self.covered_names()}."
            )
        return self._munis[key]  # type: ignore[index]

    def resolve_municipality(self, text: str | None) -> str | None:
        """The key of the municipality ``text`` names (tolerating case and small typos), or None."""
        if not text or not str(text).strip():
            return None
        if self._munis is not None and isinstance(text, str) and text in self._munis:
            return str(text)  # a key: the common case (every lookup by key), without simplifying every name
        wanted = _simplify(str(text))
        if self._names is None:
            names: dict[str, str] = {}
            for muni in self.municipalities():
                for variant in (muni.key, muni.name, *muni.aliases):
                    names[_simplify(variant)] = muni.key
            self._names = names
        names = self._names
        if wanted not in names:  # "vlg of dresser": the kind words as places.yml spells them ("village of dresser")
            kinds = {str(v): str(k) for k, vs in (self.places().get("kinds") or {}).items() for v in vs}
            wanted = next((w for w in [_simplify(" ".join(kinds.get(w, w) for w in str(text).lower().split()))] if w in names), wanted)
        stripped = wanted
        if wanted not in names:  # "dresser rooming", "in dresser": the words around a place name
            places = self.places()
            around = {str(w) for key in ("place_words_before", "place_words_after", "place_words_opening") for w in places.get(key) or []}
            words = str(text).lower().split()
            while words and words[0] in around:
                words = words[1:]
            while words and words[-1] in around and len(words) > 1:
                words = words[:-1]
            stripped = _simplify(" ".join(words))
            wanted = stripped if stripped in names else wanted
        cited = _CHAPTER_CITED.search(str(text))  # "Chapter 190", "ch. 205", "§ 190-", "§ 12.06": the code's own numbers
        if cited:
            chapter, section = cited.group(1), cited.group(2)
            for muni in self.municipalities():
                if (chapter and chapter == muni.chapter) or (section and section.startswith(muni.section_prefix or "\0")):
                    return muni.key
        exact = {" ".join(v.lower().split()): m.key for m in self.municipalities() for v in (m.key, m.name, *m.aliases)}
        if " ".join(str(text).lower().split()) in exact:
            return exact[" ".join(str(text).lower().split())]  # a name or alias as the data spells it
        others = {_simplify(str(place.get("name", ""))) for place in self.places().get("other_places") or []}
        if wanted in others - set(names):
            return None  # "Muskegon" is a place of its own, not a typo of a covered one
        if wanted in names:
            found: str | None = names[wanted]
        else:
            close = [c for w in (wanted, stripped) for c in difflib.get_close_matches(w, list(names), n=1, cutoff=0.8)]
            found = names[close[0]] if close else None  # ("dreser apt": a typo beside a word around the name)
        # (not "City of Holland", "Holland, Michigan", "Waukesha County": not the covered one)
        return None if found is not None and self._another_place(str(text), self.municipality_by_key(found)) else found

    def municipality_by_key(self, key: str) -> Municipality:
        """A covered municipality by its exact key."""
        self.municipalities()
        assert self._munis is not None
        return self._munis[key]

    def places(self) -> dict[str, Any]:
        """knowledge/places.yml as compiled (other places, kinds, states, common-word names)."""
        if self._places is None:
            self._places = self.meta("places") or {}
        return self._places

    def _another_place(self, text: str, muni: Municipality) -> bool:
        """Whether ``text`` names another kind, another state, a county or an area outside the limits."""
        from knowledge.entities import place_qualifiers

        kind, state, county, outside = place_qualifiers(text, self.places())
        return bool((kind and kind != muni.kind) or (state and state != "WI") or county or outside)

    # -- sections -------------------------------------------------------------------
    def _section(self, row: sqlite3.Row) -> Section:
        muni = self.municipality(row["municipality"])
        return Section(
            municipality=row["municipality"],
            citation=row["citation"],
            basis=row["basis"],
            parent=row["parent"],
            heading=row["heading"],
            label=row["label"],
            display=row["display"],
            evidence=row["evidence"],
            line=row["line"],
            text=row["text"],
            full_citation=with_prefix(muni.citation_prefix, row["display"]),
            provenance=muni.provenance,
        )

    def section(self, municipality: str, citation: str) -> Section:
        """A section by citation, written any common way ("190-9", "§190-9(B)", "12.07 1 a")."""
        muni = self.municipality(municipality)
        norm = normalize(citation)
        if not norm:
            raise UnknownCitation("Which section? Give a number such as 190-9 or 12.07(1).")
        rows = self._rows(
            "select * from sections where municipality = ? and norm = ? order by ordinal", (muni.key, norm)
        )
        if not rows:
            chapter = normalize(muni.chapter)
            if chapter and not norm.startswith(chapter):
                rows = self._rows(
                    "select * from sections where municipality = ? and norm = ? order by ordinal",
                    (muni.key, f"{chapter}-{norm}"),
                )
        if not rows:
            raise UnknownCitation(f"The {muni.name} text has no section {citation.strip()!r}.")
        return self._section(rows[0])

    def sections(self, municipality: str, citations: Iterable[str] | None = None) -> list[Section]:
        """All sections of a municipality in text order, or the given citations in that order."""
        muni = self.municipality(municipality)
        if citations is None:
            if muni.key not in self._all_sections:
                rows = self._rows("select * from sections where municipality = ? order by ordinal", (muni.key,))
                self._all_sections[muni.key] = tuple(self._section(r) for r in rows)
            return list(self._all_sections[muni.key])
        return [self.section(muni.key, c) for c in citations]

    def children(self, municipality: str, citation: str) -> list[Section]:
        """The units directly under a section, in text order."""
        parent = self.section(municipality, citation)
        rows = self._rows(
            "select * from sections where municipality = ? and parent = ? order by ordinal",
            (parent.municipality, parent.citation),
        )
        return [self._section(r) for r in rows]

    # -- definitions ----------------------------------------------------------------
    def definitions(self, term: str, municipality: str | None = None) -> list[Definition]:
        """Definitions of ``term`` (or of a term it is a synonym of), for one or all municipalities."""
        wanted = " ".join(term.lower().split()).strip(" ?.!\"'")
        if not wanted:
            raise KnowledgeBaseError("Which term? For example: habitable room, infestation, rubbish.")
        keys = [self.municipality(municipality).key] if municipality else [m.key for m in self.municipalities()]
        found: list[Definition] = []
        for key in keys:
            rows = self._rows("select * from definitions where municipality = ? order by rowid", (key,))
            exact = [r for r in rows if r["term_lower"] == wanted]
            plural = [r for r in rows if r["term_lower"] in (wanted.rstrip("s"), wanted + "s")]
            synonym = [r for r in rows if wanted in json.loads(r["synonyms"])]
            for row in (exact or plural or synonym)[:1]:
                found.append(self._definition(key, row))
        return found

    def _definition(self, key: str, row: Any) -> Definition:
        """A definitions row, cited the way the section it sits in is cited (never a bare inferred number)."""
        muni = self.municipality(key)
        try:
            where = self.section(key, row["citation"]).full_citation
        except KnowledgeBaseError:
            where = with_prefix(muni.citation_prefix, row["citation"])
        if row["term"].lower() not in where.lower():
            where = f'{where}, definition of "{row["term"]}"'
        return Definition(
            municipality=key,
            term=row["term"],
            text=row["text"],
            citation=row["citation"],
            basis=row["basis"],
            synonyms=tuple(json.loads(row["synonyms"])),
            full_citation=where,
        )

    def terms(self, municipality: str | None = None) -> list[str]:
        """Every defined term (lower case, distinct), for one or all municipalities."""
        if municipality:
            key = self.municipality(municipality).key
            rows = self._rows("select distinct term_lower from definitions where municipality = ?", (key,))
        else:
            rows = self._rows("select distinct term_lower from definitions")
        return sorted(r[0] for r in rows)

    def term_phrases(self, municipality: str | None) -> dict[str, str]:
        """Each defined term and synonym of one (lower case) -> the defined term."""
        sql, params = "select term_lower, synonyms from definitions", []
        if municipality:
            sql += " where municipality = ?"
            params.append(self.municipality(municipality).key)
        phrases: dict[str, str] = {}
        for row in self._rows(sql, params):
            phrases.setdefault(row["term_lower"], row["term_lower"])
            for synonym in json.loads(row["synonyms"]):
                phrases.setdefault(synonym, row["term_lower"])
        return phrases

    def match_term(self, text: str, municipality: str | None = None, quoted_only: bool = False) -> str | None:
        """The defined term (or a synonym of one) that ``text`` mentions, longest match first; a term in
        quotes first (with ``quoted_only``, only a term in quotes)."""
        lowered = " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "
        phrases = self.term_phrases(municipality)
        quoted = [f" {q} " for q in quoted_words(text)]  # "does 'owner' include a land contract buyer?"
        # "under Amery's definition of owner, what must an agent do …", "the Holland kitchen definition": that term
        named = [f" {m.group(1)}" for pattern in _NAMED_DEFINITIONS for m in pattern.finditer(lowered)]
        worded = [(" ".join(re.findall(r"[a-z0-9]+", p)), t) for p, t in sorted(phrases.items(), key=lambda i: -len(i[0]))]
        for haystack in quoted if quoted_only else [*quoted, *named, lowered]:
            term = next((t for words, t in worded if words and (f" {words} " in haystack or f" {words}s " in haystack)), None)
            if term is not None:
                return term
            if haystack in quoted and len(part := {t for words, t in worded if haystack in f" {words} "}) == 1:
                return part.pop()  # a quoted word naming one term only in part (a building called 'substandard')
        return None

    def match_terms(self, text: str, municipality: str | None = None) -> list[str]:
        """Every defined term ``text`` names, in the order it names them (a longer term before the shorter
        ones inside it: "rooming house" is not also "house")."""
        lowered = " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "
        phrases = self.term_phrases(municipality)
        taken = [False] * len(lowered)
        found: list[tuple[int, str]] = []
        for phrase in sorted(phrases, key=len, reverse=True):
            words = " ".join(re.findall(r"[a-z0-9]+", phrase))
            for form in (f" {words} ", f" {words}s ") if words else ():
                start = lowered.find(form)
                if start >= 0 and not any(taken[start + 1 : start + len(form) - 1]):
                    taken[start + 1 : start + len(form) - 1] = [True] * (len(form) - 2)
                    found.append((start, phrases[phrase]))
        return list(dict.fromkeys(term for _, term in sorted(found)))

    def municipalities_for_citation(self, citation: str) -> list[str]:
        """The municipalities whose chapter number a citation starts with ("190-9" → holland)."""
        norm = normalize(citation)
        first = norm.split("-", 1)[0]
        return [m.key for m in self.municipalities() if normalize(m.chapter) == first]

    # -- standards, rules, coverage ---------------------------------------------------
    def standards(self, key: str | None = None, municipality: str | None = None) -> list[Standard]:
        """Numeric standards, filtered by standard key and/or municipality."""
        sql, params = "select * from standards where 1=1", []
        if key:
            sql += " and key = ?"
            params.append(key)
        if municipality:
            sql += " and municipality = ?"
            params.append(self.municipality(municipality).key)
        rows = self._rows(sql + " order by rowid", params)
        return [
            Standard(
                municipality=r["municipality"],
                key=r["key"],
                value=r["value"],
                value_text=r["value_text"],
                unit=r["unit"],
                conditions=r["conditions"],
                params=json.loads(r["params"]),
                citation=r["citation"],
                quote=r["quote"],
            )
            for r in rows
        ]

    def standard(self, municipality: str, key: str) -> Standard | None:
        """The first standard of a key for one municipality, or None when its text has none."""
        found = self.standards(key, municipality)
        return found[0] if found else None

    def rules(self, municipality: str, duty: str | None = None) -> list[Rule]:
        """The responsibility rules of a municipality, optionally for one duty."""
        key = self.municipality(municipality).key
        sql, params = "select * from rules where municipality = ?", [key]
        if duty:
            sql += " and duty = ?"
            params.append(duty)
        return [Rule.from_row(dict(r)) for r in self._rows(sql + " order by rowid", params)]

    def deciding_facts(self, duty: str) -> frozenset[str]:
        """The facts any municipality's rules for ``duty`` are conditioned on ("owner_failure", "infested_units")."""
        rows = self._rows("select * from rules where duty = ?", (duty,))
        return frozenset(k for r in rows for k in Rule.from_row(dict(r)).conditions)

    def meta(self, key: str) -> Any:
        """A value of the ``meta`` table (JSON-decoded where it is JSON)."""
        rows = self._rows("select value from meta where key = ?", (key,))
        if not rows:
            return None
        try:
            return json.loads(rows[0][0])
        except ValueError:
            return rows[0][0]

    def fact_vocabulary(self) -> facts_module.Vocabulary:
        """The compiled fact vocabulary (knowledge/facts.yml as the build validated it)."""
        if self._fact_vocabulary is None:
            self._fact_vocabulary = facts_module.compile_vocabulary(
                self.meta("fact_phrases") or {},
                self.meta("facts") or {},
                {duty: topic for topic, config in self.topic_configs().items() for duty in config.duties},
            )
        return self._fact_vocabulary

    def fact_question(self, fact: str, municipality: str | None = None) -> str:
        """The question that asks a user for a fact the rules depend on.

        A municipality's file may word it after its own definition (``fact_questions``).
        """
        if municipality:
            own = (self.meta("fact_questions") or {}).get(self.municipality(municipality).key) or {}
            if fact in own:
                return own[fact]
        facts = self.meta("facts") or {}
        return facts.get(fact, {}).get("question", fact.replace("_", " ") + "?")

    def standard_description(self, key: str) -> str:
        """What a numeric standard is, in plain words (from the vocabulary)."""
        standards = self.meta("standards") or {}
        return standards.get(key, {}).get("description", key.replace("_", " "))

    def topics(self) -> dict[str, str]:
        """The fixed topic list: key → description."""
        rows = self._rows("select distinct topic, description from topics order by rowid")
        return {r["topic"]: r["description"] for r in rows}

    def topic_configs(self) -> dict[str, TopicConfig]:
        """Every topic's configuration (intent, duties, standards, keywords, example), in topic order."""
        if self._topic_configs is None:
            raw = self.meta("topic_config") or {}
            descriptions = self.topics()
            self._topic_configs = {
                topic: TopicConfig(
                    topic=topic,
                    description=description,
                    intent=str(raw.get(topic, {}).get("intent") or f"ask_{topic}"),
                    duties=tuple(raw.get(topic, {}).get("duties") or ()),
                    standards=tuple(raw.get(topic, {}).get("standards") or ()),
                    keywords=tuple(raw.get(topic, {}).get("keywords") or ()),
                    example=str(raw.get(topic, {}).get("example") or ""),
                    space=bool(raw.get(topic, {}).get("space", False)),
                    space_kinds=tuple(raw.get(topic, {}).get("space_kinds") or ()),
                )
                for topic, description in descriptions.items()
            }
        return self._topic_configs

    def synonyms(self) -> dict[str, tuple[str, ...]]:
        """The reviewed table from people's words to the codes' words (``knowledge/synonyms.yml``)."""
        if self._synonyms is None:
            self._synonyms = {k: tuple(v) for k, v in (self.meta("synonyms") or {}).items()}
        return self._synonyms

    def concept_phrases(self) -> dict[str, tuple[str, ...]]:
        """The synonym table plus the housing phrases the texts do not use ("smoke detector", "carbon
        monoxide"), each its own concept: a question about one is not answered by a provision that
        matches its other words ("smoke" in a smoke pipe, "detectors" nowhere)."""
        if self._concept_phrases is None:
            table = dict(self.synonyms())
            for phrase in self.housing_words():
                if " " in phrase and phrase not in table:
                    table[phrase] = ()
            self._concept_phrases = table
        return self._concept_phrases

    def spelling(self) -> dict[str, int]:
        """Word counts for typo correction (the source texts and the synonym table's words)."""
        return dict(self.meta("spelling") or {})

    def shorthand(self) -> dict[str, str]:
        """People's shorthand for question words ("wat" -> "what", ``shorthand`` in knowledge/synonyms.yml)."""
        if self._shorthand is None:
            self._shorthand = dict(self.meta("shorthand") or {})
        return self._shorthand

    def housing_words(self) -> tuple[str, ...]:
        """Words about housing the texts may not use (``housing_words`` in knowledge/synonyms.yml)."""
        return tuple(self.meta("housing_words") or ())

    def scopes(self) -> dict[str, dict[str, Any]]:
        """Provisions limited to one kind of dwelling (``scopes`` in knowledge/synonyms.yml): the
        scope's phrase in the texts -> {only: what it is limited to, wordings: how a question names it}."""
        return dict(self.meta("scopes") or {})

    def topic_config(self, topic: str) -> TopicConfig:
        """One topic's configuration; :class:`KnowledgeBaseError` for a topic not on the list."""
        try:
            return self.topic_configs()[topic]
        except KeyError:
            raise KnowledgeBaseError(f"{topic!r} is not one of the topics I know.") from None

    def topic_for_intent(self, intent: str) -> str | None:
        """The topic an intent asks about (``ask_pests`` → ``pests``), or None."""
        for config in self.topic_configs().values():
            if config.intent == intent:
                return config.topic
        return None

    def coverage(self, municipality: str, topic: str) -> Coverage:
        """Whether a municipality's text addresses a topic, with the sections that do."""
        key = self.municipality(municipality).key
        rows = self._rows("select * from topics where municipality = ? and topic = ?", (key, topic))
        if not rows:
            raise KnowledgeBaseError(f"{topic!r} is not one of the topics I know.")
        row = rows[0]
        cited = json.loads(row["citations"])
        terms = json.loads(row["defines"]) if "defines" in row.keys() and row["defines"] else []
        defined = []
        for term in terms:
            found = self._rows(
                "select * from definitions where municipality = ? and term_lower = ?", (key, term.lower())
            )
            defined.extend(self._definition(key, r) for r in found[:1])
        noted = json.loads(row["note_citations"]) if "note_citations" in row.keys() and row["note_citations"] else []
        return Coverage(
            municipality=key,
            topic=topic,
            description=row["description"],
            addressed=bool(row["addressed"]),
            sections=tuple(self.section(key, c) for c in cited),
            note=(row["note"] if "note" in row.keys() else "") or "",
            defines=tuple(defined),
            note_sections=tuple(self.section(key, c) for c in noted),
        )

    def coverage_matrix(self) -> dict[str, dict[str, list[str]]]:
        """topic → municipality key → citations (empty list: not addressed)."""
        matrix: dict[str, dict[str, list[str]]] = {}
        for row in self._rows("select topic, municipality, citations from topics order by rowid"):
            matrix.setdefault(row["topic"], {})[row["municipality"]] = json.loads(row["citations"])
        return matrix

    # -- full-text search -------------------------------------------------------------
    def search(self, query: str, municipality: str | None = None, limit: int = 10) -> list[SearchHit]:
        """Full-text search over sections and definitions; any user text is safe here."""
        words = _WORD.findall(query.lower())[:12]
        if not words:
            return []
        key = self.municipality(municipality).key if municipality else None
        hits: list[tuple[float, SearchHit]] = []
        for joiner in (" AND ", " OR "):
            match = joiner.join('"' + w.replace('"', '""') + '"' for w in words)
            hits = self._search_sections(match, key, limit) + self._search_definitions(match, key, limit)
            if hits:
                break
        hits.sort(key=lambda pair: pair[0])
        return [hit for _, hit in hits[:limit]]

    def _search_sections(self, match: str, key: str | None, limit: int) -> list[tuple[float, SearchHit]]:
        rows = self._search_table("sections", 2, match, key, limit)
        return [
            (
                r["rank"],
                SearchHit("section", r["municipality"], r["citation"], self._section(r).full_citation, r["snip"]),
            )
            for r in rows
        ]

    def _search_definitions(self, match: str, key: str | None, limit: int) -> list[tuple[float, SearchHit]]:
        rows = self._search_table("definitions", 1, match, key, limit)
        return [
            (
                r["rank"],
                SearchHit(
                    "definition",
                    r["municipality"],
                    r["citation"],
                    f"{self.municipality(r['municipality']).name} definition of {r['term']}",
                    r["snip"],
                ),
            )
            for r in rows
        ]

    def _search_table(
        self, table: str, snippet_column: int, match: str, key: str | None, limit: int
    ) -> list[sqlite3.Row]:
        """Rows of ``table`` matching an (already escaped) FTS5 query, best first, with rank and snippet."""
        sql = (
            f"select t.*, bm25({table}_fts) as rank, snippet({table}_fts, {snippet_column}, '{MARK_START}', '{MARK_END}', '…', 16) as snip "
            f"from {table}_fts join {table} t on t.rowid = {table}_fts.rowid where {table}_fts match ?"
        )
        params: list[Any] = [match]
        if key:
            sql += " and t.municipality = ?"
            params.append(key)
        return self._rows(sql + " order by rank limit ?", [*params, limit])


_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Search snippets mark the words found with these (not square brackets, which in a legal quote mean
# an editorial change, and which the texts themselves use); pages show them as a highlight (<mark>).
MARK_START, MARK_END = "\u27e6", "\u27e7"


def _simplify(text: str) -> str:
    text = text.lower().replace("wisconsin", " ").replace(",", " ")
    text = re.sub(r"\b(wi|the|of|town|village|city|in|t|v|c)\b\.?", " ", text)
    return " ".join(text.split())
