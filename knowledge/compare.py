"""Comparison across the covered municipalities, and long-form answers for the clerk desk.

Plain data (dicts and lists, JSON-ready) built only from the knowledge base: every number,
quote and citation comes from the built database, and every text is given in full (never
shortened). Where a municipality's text is silent, the entry says so and names that code's
own office and enforcing officer; another town's rule is never put in its place.

- :func:`compare_topic` and :func:`compare_standard`: one entry per municipality, the only
  comparison across the codes: :func:`answer_comparison` renders a topic's for the chat bot
  ("compare bedroom sizes across towns"), :func:`comparison_lines` either as plain text (the
  clerk desk's text format, ``knowledge compare``) and ``knowledge.sheet`` as a table.
- :func:`long_answer`: every section the coverage matrix lists for a municipality and topic,
  verbatim, with the rule in plain words where the knowledge base has one.
- :func:`cited_answer`, :func:`lookup` and :func:`search_sections`: the same full-text form for
  sections a clerk names, for a citation or defined term typed in a lookup box, and for
  full-text search.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Any, Iterable

from knowledge import answer_parts
from knowledge.citations import looks_like_citation, with_prefix
from knowledge.compose import (
    DUTY_PHRASES,
    PARTY_NAMES,
    REQUIRED_WITHOUT_PARTY,
    Answer,
    _defined_terms,
    answer_topic,
    citation_payload,
    not_addressed,
    plain,
)
from knowledge.kb import Definition, KnowledgeBase, KnowledgeBaseError, Municipality, Section, UnknownCitation

NOT_ADDRESSED = "not addressed in this text"
MAX_QUERY_CHARS = 500
# Words that carry no subject matter in a resident's question (dropped before suggesting sections).
STOPWORDS = frozenset(
    """a about am an and any are as at be can could did do does for from has have how i if in is it its me
    must my of on or our should so that the their there they this to us was we what when where which who
    whom whose why will with would you your please tell know need want""".split()
)


class UnknownTopic(KnowledgeBaseError, LookupError):
    """A topic that is not on the fixed topic list."""


class UnknownStandard(KnowledgeBaseError, LookupError):
    """A standard key that is not in the vocabulary."""


class NotFound(KnowledgeBaseError, LookupError):
    """A lookup that matched no section and no defined term; ``suggestions`` are search results."""

    def __init__(self, message: str, suggestions: list[dict[str, Any]] | None = None):
        super().__init__(message)
        self.suggestions = suggestions or []


# -- names ------------------------------------------------------------------------------
def municipality_info(muni: Municipality) -> dict[str, Any]:
    """What a clerk needs to know about a municipality's code and whom to send people to."""
    return {
        "key": muni.key,
        "name": muni.name,
        "state": muni.state,
        "code_title": muni.code_title,
        "chapter": muni.chapter,
        "citation_prefix": muni.citation_prefix,
        "office": muni.office,
        "enforcing_officer": muni.enforcing_officer,
    }


def _key(text: str) -> str:
    return "_".join(str(text).lower().replace("-", " ").split())


def resolve_topic(kb: KnowledgeBase, topic: str) -> str:
    """The topic key ``topic`` names ("Hot water", "hot-water", "hot_water"); :class:`UnknownTopic` if none."""
    topics = kb.topics()
    wanted = _key(topic or "")
    if not wanted:
        raise UnknownTopic("Which topic? Choose one of: " + ", ".join(topics) + ".")
    if wanted in topics:
        return wanted
    close = difflib.get_close_matches(wanted, list(topics), n=3, cutoff=0.75)
    hint = f" Did you mean {' or '.join(close)}?" if close else " Topics: " + ", ".join(topics) + "."
    raise UnknownTopic(f"{_clip(topic)!r} is not one of the topics I know.{hint}")


@lru_cache(maxsize=1)
def _vocab_standards() -> dict[str, dict[str, str]]:
    from knowledge.curated import load_vocab

    return {
        k: {"unit": str(v.get("unit", "")), "description": str(v.get("description", ""))}
        for k, v in load_vocab()["standards"].items()
    }


def standard_catalog(kb: KnowledgeBase) -> dict[str, dict[str, Any]]:
    """Every standard key of the vocabulary: unit, description and which municipalities state it."""
    stated: dict[str, list[str]] = {}
    for row in kb.standards():
        found = stated.setdefault(row.key, [])
        if row.municipality not in found:
            found.append(row.municipality)
    return {key: {**info, "municipalities": stated.get(key, [])} for key, info in _vocab_standards().items()}


def resolve_standard(kb: KnowledgeBase, key: str) -> str:
    """The standard key ``key`` names; :class:`UnknownStandard` (with close keys) if none."""
    catalog = standard_catalog(kb)
    wanted = _key(key or "")
    if not wanted:
        raise UnknownStandard("Which standard? For example: sleeping_room_one_occupant, heating_temp_f.")
    if wanted in catalog:
        return wanted
    close = difflib.get_close_matches(wanted, list(catalog), n=3, cutoff=0.6)
    hint = f" Did you mean {' or '.join(close)}?" if close else ""
    raise UnknownStandard(f"{_clip(key)!r} is not a standard I know.{hint}")


def _clip(text: str, limit: int = 80) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "…"


# -- sections in full ---------------------------------------------------------------------
def section_entry(section: Section) -> dict[str, Any]:
    """A section in full: the citation payload channels get, plus display, label, evidence and line."""
    return {
        **citation_payload(section),
        "display": section.display,
        "label": section.label,
        "evidence": section.evidence,
        "line": section.line,
        "inferred": section.inferred,
    }


def definition_entry(kb: KnowledgeBase, definition: Definition) -> dict[str, Any]:
    """A defined term in full, cited the way the section it sits in is cited."""
    muni = kb.municipality(definition.municipality)
    try:
        where = kb.section(muni.key, definition.citation).full_citation
    except KnowledgeBaseError:
        where = with_prefix(muni.citation_prefix, definition.citation)
    return {
        "kind": "definition",
        "municipality": muni.key,
        "municipality_name": muni.name,
        "term": definition.term,
        "citation": where
        if definition.term.lower() in where.lower()
        else f'{where}, definition of "{definition.term}"',
        "section": definition.citation,
        "basis": definition.basis,
        "quote": definition.text,
        "synonyms": list(definition.synonyms),
    }


# -- comparison ---------------------------------------------------------------------------
def compare_topic(kb: KnowledgeBase, topic: str) -> dict[str, Any]:
    """Each municipality's sections on a topic, in full, or "not addressed in this text"."""
    key = resolve_topic(kb, topic)
    rows: list[dict[str, Any]] = []
    description = kb.topics()[key]
    for muni in kb.municipalities():
        coverage = kb.coverage(muni.key, key)
        entry: dict[str, Any] = {"municipality": municipality_info(muni), "addressed": coverage.addressed}
        entry["in_brief"] = in_brief(kb, muni, key)
        if coverage.addressed:
            entry["sections"] = [section_entry(s) for s in coverage.sections]
        else:
            entry["sections"] = []
            entry["note"] = not_addressed(muni, description.lower(), key).text
        rows.append(entry)
    return {"kind": "topic", "topic": key, "description": description, "municipalities": rows}


def in_brief(kb: KnowledgeBase, muni: Municipality, topic: str) -> dict[str, Any]:
    """A municipality's answer on a topic in a few words (the chat's line): its first two figures and who
    carries its first duty, with the first section cited; or that the text does not address it."""
    payload = answer_topic(kb, muni.key, topic).payload
    if not payload.get("addressed"):
        defined = kb.coverage(muni.key, topic)
        return {"addressed": False, "defines": _defined_terms(muni, defined) if defined.defines else None}
    parts = [
        f"{s['value_text']}" + (f" ({kb.standard_description(s['key']).split(' (')[0].lower()})")
        for s in payload.get("standards", [])[:2]
    ]
    for duty in payload.get("duties", [])[:1]:
        who = " and ".join(PARTY_NAMES.get(p, p) for p in duty["parties"])
        if not duty["party"]:
            who = "depends on the building"
        elif not duty["decided"]:
            who = f"{who}, unless the facts shift it (ask me)"
        parts.append(f"{DUTY_PHRASES.get(duty['duty'], duty['duty'])}: {who}")
    topic_duties = kb.topic_config(topic).duties
    if not payload.get("duties") and topic_duties:
        duty = topic_duties[0]
        if duty in REQUIRED_WITHOUT_PARTY:
            parts.append(f"requires it but names no one for {DUTY_PHRASES.get(duty)} (ask the {muni.office})")
        else:
            parts.append(f"does not say who is responsible for {DUTY_PHRASES.get(duty)}")
    summary = "; ".join(parts) if parts else f"addressed in {len(payload['citations'])} section(s)"
    first = kb.section(muni.key, payload["citations"][0]["section"])
    return {"addressed": True, "summary": summary, "citation": citation_payload(first)}


def answer_comparison(kb: KnowledgeBase, topic: str) -> Answer:
    """The chat's comparison of a topic: one line per municipality (its words in brief and its citation), or
    "not addressed" with the office to ask."""
    comparison = compare_topic(kb, topic)
    lines = [f"{comparison['description']} — the {kb.covered_count()} codes side by side:"]
    cited = []
    for entry in comparison["municipalities"]:
        muni, brief = entry["municipality"], entry["in_brief"]
        if not brief["addressed"]:
            what = f"not addressed: {brief['defines']}" if brief["defines"] else "not addressed in this text"
            lines.append(f"- {muni['name']}: {what} (ask the {muni['office']}).")
            continue
        lines.append(f"- {muni['name']}: {brief['summary']} — {brief['citation']['citation']}")
        cited.append(brief["citation"])
    payload = {"municipality": None, "topic": comparison["topic"], "comparison": True, "addressed": True}
    return Answer("\n".join(lines), {**payload, "citations": cited})


def compare_standard(kb: KnowledgeBase, key: str) -> dict[str, Any]:
    """Each municipality's value of a numeric standard, with conditions, citation and quote."""
    key = resolve_standard(kb, key)
    info = _vocab_standards()[key]
    rows: list[dict[str, Any]] = []
    for muni in kb.municipalities():
        values = []
        for std in kb.standards(key, muni.key):
            section = kb.section(muni.key, std.citation)
            values.append(
                {
                    "value": std.value,
                    "value_text": std.value_text,
                    "unit": std.unit,
                    "conditions": plain(kb, std.conditions) if std.conditions else std.conditions,
                    "params": std.params,
                    "citation": section.full_citation,
                    "section": section.citation,
                    "basis": section.basis,
                    "quote": std.quote,
                    "section_text": section.text,
                }
            )
        entry: dict[str, Any] = {"municipality": municipality_info(muni), "addressed": bool(values), "values": values}
        if not values:
            entry["note"] = not_addressed(muni, info["description"][:1].lower() + info["description"][1:], key).text
        rows.append(entry)
    return {
        "kind": "standard",
        "standard": key,
        "unit": info["unit"],
        "description": info["description"],
        "municipalities": rows,
    }


def comparison_lines(comparison: dict[str, Any], quotes: bool = False) -> str:
    """One plain-text line per municipality: its value or sections with the citation, or "not addressed".

    ``quotes`` adds each standard's verbatim quote (topic comparisons cite sections only), and then
    each value of a municipality that states several gets a line of its own (the clerk desk's text
    and ``knowledge compare``).
    """
    lines = []
    for entry in comparison["municipalities"]:
        muni = entry["municipality"]
        if not entry["addressed"]:
            lines.append(f"{muni['name']}: {NOT_ADDRESSED} (ask the {muni['office']})")
        elif comparison["kind"] == "standard":
            parts = []
            for value in entry["values"]:
                part = value["value_text"]
                if value["conditions"]:
                    part += f" ({value['conditions']})"
                part += f" — {value['citation']}"
                if quotes:
                    part += f': "{value["quote"]}"'
                parts.append(part)
            lines += [f"{muni['name']}: {part}" for part in parts] if quotes else [f"{muni['name']}: " + "; ".join(parts)]
        else:
            cited = [s["citation"] for s in entry["sections"]]
            lines.append(f"{muni['name']}: " + "; ".join(cited))
    return "\n".join(lines)


# -- long-form answers ---------------------------------------------------------------------
def long_answer(kb: KnowledgeBase, municipality: str, topic: str) -> dict[str, Any]:
    """A municipality's answer on a topic in long form: the rule in plain words, then every section in full.

    The sections are every one the coverage matrix lists for the topic (plus any section a
    responsibility rule rests on), verbatim. Where the text is silent, ``addressed`` is false,
    ``sections`` is empty and ``summary`` names that municipality's office and enforcing officer.
    """
    muni = kb.municipality(municipality)
    key = resolve_topic(kb, topic)
    coverage = kb.coverage(muni.key, key)
    short = answer_topic(kb, muni.key, key)
    sections = list(coverage.sections)
    for cited in short.payload.get("citations", []) if short.payload.get("addressed") else []:
        if all(s.citation != cited["section"] for s in sections):
            sections.append(kb.section(muni.key, cited["section"]))
    addressed = bool(sections)
    if addressed:
        summary = answer_parts.words(answer_parts.parts(short.text, short.payload))  # every section follows in full
    else:
        summary = not_addressed(muni, coverage.description.lower(), key, coverage).text
    return {
        "kind": "answer",
        "municipality": municipality_info(muni),
        "topic": key,
        "description": coverage.description,
        "addressed": addressed,
        "summary": summary,
        "sections": [section_entry(s) for s in sections],
    }


def cited_answer(kb: KnowledgeBase, municipality: str, citations: Iterable[str]) -> dict[str, Any]:
    """Named sections of one municipality, in full (for a sheet built from a lookup or the bot's answer)."""
    muni = kb.municipality(municipality)
    sections: list[Section] = []
    for citation in citations:
        section = kb.section(muni.key, citation)
        if section not in sections:
            sections.append(section)
    if not sections:
        raise UnknownCitation("Which sections? Give at least one citation.")
    return {
        "kind": "answer",
        "municipality": municipality_info(muni),
        "topic": None,
        "description": None,
        "addressed": True,
        "summary": f"The {muni.name} code says this, quoted in full:",
        "sections": [section_entry(s) for s in sections],
    }


# -- lookup and search ---------------------------------------------------------------------
def lookup(kb: KnowledgeBase, text: str, municipality: str | None = None) -> dict[str, Any]:
    """A citation ("190-9", "12.07 1 a", a heading label) or a defined term (or synonym), in full.

    With no municipality, a citation is looked for in every text (the chapter numbers differ)
    and a term in every code. Raises :class:`NotFound` with search suggestions when nothing matches.
    """
    query = " ".join(str(text or "").split())
    if not query:
        raise KnowledgeBaseError("Type a section number (such as 190-9 or 12.07(1)(a)) or a defined term.")
    if len(query) > MAX_QUERY_CHARS:
        raise KnowledgeBaseError(f"That is too long to look up (at most {MAX_QUERY_CHARS} characters).")
    munis = [kb.municipality(municipality)] if municipality else kb.municipalities()
    citation_first = municipality is not None or looks_like_citation(query)

    def sections() -> list[dict[str, Any]]:
        found = []
        for muni in munis:
            try:
                section = kb.section(muni.key, query)
            except UnknownCitation:
                continue
            found.append(
                {
                    "kind": "section",
                    **section_entry(section),
                    "municipality_name": muni.name,
                    "children": [section_entry(c) for c in kb.children(muni.key, section.citation)],
                }
            )
        return found

    def definitions() -> list[dict[str, Any]]:
        found = []
        for muni in munis:
            found += [definition_entry(kb, d) for d in kb.definitions(query, muni.key)]
        return found

    order = (sections, definitions) if citation_first else (definitions, sections)
    for finder in order:
        results = finder()
        if results:
            kind = results[0]["kind"]
            missing = [municipality_info(m) for m in munis if all(r["municipality"] != m.key for r in results)]
            return {"kind": kind, "query": query, "results": results, "not_found_in": missing}
    where = munis[0].name if municipality else f"any of the {kb.covered_count()} texts"
    raise NotFound(
        f"No section or defined term {_clip(query)!r} in {where}.",
        search_sections(kb, query, municipality, limit=5),
    )


def search_sections(
    kb: KnowledgeBase, query: str, municipality: str | None = None, limit: int = 10
) -> list[dict[str, Any]]:
    """Full-text search (any text is safe), each hit with its full section or definition text."""
    query = str(query or "")[: MAX_QUERY_CHARS * 4]
    results = []
    for hit in kb.search(query, municipality, limit):
        muni = kb.municipality(hit.municipality)
        entry: dict[str, Any] | None = None
        if hit.kind == "section":
            entry = {"kind": "section", **section_entry(kb.section(muni.key, hit.citation))}
        else:
            prefix = f"{muni.name} definition of "
            term = hit.title[len(prefix) :] if hit.title.startswith(prefix) else ""
            found = [d for d in kb.definitions(term, muni.key) if d.citation == hit.citation] if term else []
            if found:
                entry = definition_entry(kb, found[0])
        if entry is None:
            entry = {"kind": hit.kind, "municipality": muni.key, "citation": hit.title, "quote": None}
        entry["municipality_name"] = muni.name
        entry["snippet"] = hit.snippet
        results.append(entry)
    return results


def suggest_sections(
    kb: KnowledgeBase, text: str, municipality: str | None = None, limit: int = 3
) -> list[dict[str, Any]]:
    """Sections that may answer a resident's words: the subject words searched, in full.

    Drops common words and the municipalities' own names first ("how warm must the heat be in
    Dresser" searches "warm heat"). With a municipality, its own sections come first; the list
    is filled up from the other texts (each entry names its municipality).
    """
    names = set()
    for muni in kb.municipalities():
        for variant in (muni.key, muni.name, *muni.aliases):
            names.update(variant.lower().split())
    words = [w for w in str(text or "")[: MAX_QUERY_CHARS * 4].lower().split() if w.strip("?.,!;:'\"")]
    subject = [w for w in words if w.strip("?.,!;:'\"") not in STOPWORDS | names]
    if not subject:
        return []
    query = " ".join(subject)
    found = search_sections(kb, query, municipality, limit) if municipality else []
    if len(found) < limit:
        seen = {(f["municipality"], f.get("section")) for f in found}
        for entry in search_sections(kb, query, None, limit * 2):
            if (entry["municipality"], entry.get("section")) not in seen and len(found) < limit:
                found.append(entry)
    return found
