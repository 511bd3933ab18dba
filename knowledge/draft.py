"""Draft a curated municipality file from a new ordinance text (``knowledge draft TEXT_FILE``).

The draft is a starting point for a curator, never a source of answers: every entry it writes
carries ``review: true`` (and the municipality block and the coverage map too), and
``knowledge validate`` lists each one as *unreviewed* until the curator checks it against the
text, corrects it and deletes the mark. Everything it quotes is cut from the text itself
(verbatim, with the line it starts on), so the draft passes the validator's verbatim checks;
what it guesses — the structure, the standard keys, the duties, the topics — is marked as a
guess.

What it finds:

* **sections**, split by their printed numbers (``§ 190-3 Inspections.``, ``12.01 TITLE``), by
  enumerators under them (``A.``, ``(1)``, ``(a)``: ``§ 190-6A(1)``, ``12.05(1)(a)``), by ALL-CAPS
  headings, and by blank-line paragraphs; where no number is printed the citation is the
  heading plus the item (``basis: unknown``, as the schema asks);
* **definitions**: ``(4) DWELLING — …``, ``(9) Habitable Room - …``, ``X shall mean …`` and an
  ALL-CAPS term on its own line followed by its text, in a definitions section;
* **candidate standards**: every number with a unit (square feet, feet, inches, degrees, percent,
  days, hours, years, persons, dollars, foot-candles, …), with the clause that states it as the
  quote, the words that state it as ``value_text``, the value, and the likeliest vocabulary key by
  unit and wording (``key_candidates`` lists the next best);
* **candidate duties**: sentences where an owner, operator or occupant *shall* do something, with
  the party, the likeliest duty of the vocabulary and the sentence as the quote;
* **the coverage matrix** it suggests: for every topic of ``knowledge/vocab.yml``, the sections
  whose heading and text share the most words with the topic's name and description, or
  ``not_addressed``.

:func:`recall` measures a draft against a curated file of the same text (how many of its sections,
definitions, standards and duties the draft found); the README reports it for the five codes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from knowledge import curated
from knowledge.curated import Source, fold, numbers_in
from knowledge.draft_text import Block, blocks, stems

REVIEW_NOTE = (
    "Drafted by `knowledge draft` from the text: every entry marked review: true is a guess to check "
    "against the text, correct and then unmark. Fill in what the text does not say (officer, office)."
)


# -- the draft ------------------------------------------------------------------------------------
@dataclass
class _Unit:
    citation: str
    basis: str
    heading: str
    heading_basis: str
    line: int
    text: str
    parent: str | None = None
    label: str | None = None
    top: bool = False

    def row(self) -> dict[str, Any]:
        row: dict[str, Any] = {"citation": self.citation, "basis": self.basis}
        if self.parent:
            row["parent"] = self.parent
        row["heading"] = self.heading
        if self.heading_basis != "verbatim":
            row["heading_basis"] = self.heading_basis
        if self.label:
            row["label"] = self.label
        row["line"] = self.line
        row["text"] = self.text
        row["review"] = True
        return row


_ROMAN = {"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"}


def _enum_kind(kind: str, marker: str) -> str:
    if kind == "letter":
        return "upper"
    if marker.isdigit():
        return "digit"
    return "roman" if marker in _ROMAN and marker != "i" or marker in {"ii", "iii", "iv"} else "lower"


def _first(marker: str) -> bool:
    return marker in ("1", "a", "A", "i")


def _heading_of(rest: str) -> str:
    """The heading on a section's first line: up to its first period (``Inspections.`` -> ``Inspections``)."""
    head = rest.split(". ", 1)[0].strip()
    return head.rstrip(".").strip() or rest.strip()


def _definition_in(rest: str) -> tuple[str, str] | None:
    """(term, text) of an enumerated definition: ``DWELLING — Any …``, ``Basement - a …``, ``X shall mean …``."""
    match = re.match(r"^([A-Z][A-Za-z'/ -]{0,60}?)\s*[—–]\s*(\S.*)$", rest) or re.match(
        r"^([A-Z][A-Za-z'/ ]{0,60}?)\s+-\s+(\S.*)$", rest
    )
    if match:
        return match.group(1).strip(), match.group(2)
    match = re.match(r"^([A-Z][A-Za-z'/ -]{0,60}?)\s+(?:shall mean|means|shall include|includes)\b", rest)
    if match:
        return match.group(1).strip(), rest
    return None


class _Drafter:
    def __init__(self, raw: str, vocab: dict[str, Any]):
        self.raw = raw
        self.source = Source(raw)
        self.vocab = vocab
        self.units: list[_Unit] = []
        self.definitions: list[dict[str, Any]] = []
        self.citations: set[str] = set()

    def unique(self, citation: str) -> str:
        if citation not in self.citations:
            self.citations.add(citation)
            return citation
        n = 2
        while f"{citation} [{n}]" in self.citations:
            n += 1
        self.citations.add(f"{citation} [{n}]")
        return f"{citation} [{n}]"

    def split(self) -> None:
        top: _Unit | None = None
        stack: list[tuple[str, str, _Unit]] = []  # (enumerator kind, marker, unit)
        paragraphs = 0
        in_definitions = False
        pending_term: Block | None = None
        cut = blocks(self.raw)
        merged: set[int] = set()
        for index, block in enumerate(cut):
            if index in merged:
                continue
            if pending_term is not None:
                if block.kind in ("para",) and top is not None:
                    term = pending_term.marker.rstrip(".")
                    citation = self.unique(f"{top.citation}, {term}")
                    self.units.append(
                        _Unit(citation, "unknown", top.heading, top.heading_basis, pending_term.line,
                              pending_term.text + "\n" + block.text, parent=top.citation, label=f"definition of {term}")
                    )  # fmt: skip
                    self.definitions.append(
                        {"term": term, "text": block.text, "citation": citation, "basis": "unknown",
                         "line": block.line, "review": True}  # fmt: skip
                    )
                    pending_term = None
                    continue
                pending_term = None
            if block.kind in ("section", "decimal"):
                citation = block.marker if block.kind == "decimal" else re.sub(r"^§\s*", "§ ", block.marker)
                heading = _heading_of(block.rest) if block.kind == "section" else block.rest.strip()
                text = block.text
                following = cut[index + 1] if index + 1 < len(cut) else None
                if len(block.lines) == 1 and following is not None and following.kind == "para":
                    text += "\n" + following.text  # the heading line and its lead-in are one unit
                    merged.add(index + 1)
                top = _Unit(self.unique(citation), "stated", heading, "verbatim", block.line, text, top=True)
                self.units.append(top)
                stack, paragraphs = [], 0
                in_definitions = "definition" in heading.lower()
                continue
            if block.kind == "caps":
                following = cut[index + 1] if index + 1 < len(cut) else None
                defines = (
                    following is not None
                    and following.kind == "para"
                    and len(block.marker.split()) <= 5
                    and re.match(r"(Any|An?|The|That|Includes?|Paid|Used|Combustible|Approved)\b", following.rest)
                )
                if top is not None and (in_definitions or defines):
                    pending_term = block  # a defined term on its own line; its text follows
                    continue
                heading = block.marker.rstrip(".")
                top = _Unit(self.unique(heading), "unknown", heading, "verbatim", block.line, block.text,
                            label=heading.lower(), top=True)  # fmt: skip
                self.units.append(top)
                stack, paragraphs = [], 0
                in_definitions = "definition" in heading.lower()
                continue
            if top is None:
                top = _Unit(self.unique("Opening text"), "unknown", "Opening text", "descriptive", block.line,
                            block.text, label="opening text", top=True)  # fmt: skip
                self.units.append(top)
                if re.search(r"\bdefined\b|\bdefinitions\b", block.text, re.I):
                    in_definitions = True
                continue
            if block.kind in ("paren", "letter"):
                kind = _enum_kind(block.kind, block.marker)
                kinds = [k for k, _, _ in stack]
                # the next item of a list already open closes the deeper ones; a "(1)" or "(a)" that
                # restarts a kind already open is a new list one level deeper (12.05(1)(a)(1))
                if kind in kinds and not (_first(block.marker) and stack[kinds.index(kind)][1] != block.marker):
                    del stack[kinds.index(kind) :]
                parent = stack[-1][2] if stack else top
                mark = block.marker if block.kind == "letter" and not stack else f"({block.marker})"
                path = "".join(m if k == "upper" and i == 0 else f"({m})" for i, (k, m, _) in enumerate(stack))
                suffix = path + mark
                if top.basis == "stated":
                    citation, basis, label = f"{top.citation}{suffix}", "stated", None
                else:
                    citation, basis, label = f"{top.citation}, {suffix}", "unknown", f"item {suffix}"
                unit = _Unit(self.unique(citation), basis, top.heading, top.heading_basis, block.line, block.text,
                             parent=parent.citation, label=label)  # fmt: skip
                self.units.append(unit)
                stack.append((kind, block.marker, unit))
                definition = _definition_in(block.rest) if in_definitions else None
                if definition and self.source.folded.find(fold(definition[0])) >= 0:
                    self.definitions.append(
                        {"term": definition[0], "text": definition[1] + "".join("\n" + x for x in block.lines[1:]),
                         "citation": unit.citation, "basis": basis, "line": block.line, "review": True}  # fmt: skip
                    )
                continue
            # a paragraph without a number: under the current section
            paragraphs += 1
            stack = []
            label = f"paragraph {paragraphs + 1}"
            citation = f"{top.citation}, {label}"
            self.units.append(
                _Unit(self.unique(citation), "unknown", top.heading, top.heading_basis, block.line, block.text,
                      parent=top.citation, label=label)  # fmt: skip
            )
            if re.search(r"\bdefined\b|following definitions", block.text, re.I):
                in_definitions = True

    # -- standards and duties --------------------------------------------------------------------
    def standards(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for unit in self.units:
            text = fold(unit.text)
            for match in _QUANTITY.finditer(text):
                unit_name = _unit_of(match)
                if unit_name is None:
                    continue
                value_text = match.group(0).strip()
                quote = _clause(text, match.start(), match.end())
                candidate = self.standard(unit, unit_name, value_text, quote)
                if candidate:
                    out.append(candidate)
        return out

    def standard(self, unit: _Unit, found_unit: str, value_text: str, quote: str) -> dict[str, Any] | None:
        keys = _KEYS_BY_UNIT.get(found_unit, [])
        standards = self.vocab["standards"]
        if not keys:
            return None
        words = stems(quote + " " + unit.heading)
        scored = sorted(
            ((len(words & stems(k + " " + standards[k]["description"])), -i, k) for i, k in enumerate(keys)),
            reverse=True,
        )
        key = scored[0][2]
        numbers = numbers_in(value_text)
        if not numbers:
            return None
        value: float = numbers[0]
        if found_unit == "ft" and re.search(r"inch", value_text, re.I) and len(numbers) >= 4:
            value = numbers[-2]  # "seven feet six inches": 7.5 (numbers_in gives feet, inches, then both ways)
            if standards[key]["unit"] == "in":
                value = numbers[-1]
        elif standards[key]["unit"] == "in" and found_unit == "ft":
            value *= 12
        if re.match(r"\s*(minus\b|-)", value_text, re.I):
            value = -abs(value)
        row: dict[str, Any] = {
            "key": key,
            "value": int(value) if float(value).is_integer() else round(value, 4),
            "value_text": value_text,
            "citation": unit.citation,
            "quote": quote,
            "review": True,
            "key_candidates": [k for _, _, k in scored[1:4]],
        }
        return row

    def duties(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        duties = self.vocab["duties"]
        seen: set[tuple[str, str]] = set()
        for unit in self.units:
            text = fold(unit.text)
            clauses = [c for s in _sentences(text) for c in _clauses(s)]
            for sentence in clauses:
                subject = sentence.split(" shall ", 1)[0] if " shall " in sentence else None
                if subject is None or len(subject) > 160:
                    continue
                party = _party(subject)
                if party is None or (unit.citation, sentence) in seen:
                    continue
                seen.add((unit.citation, sentence))
                words = stems(sentence)
                scored = sorted(
                    ((len(words & stems(d + " " + desc)), -i, d) for i, (d, desc) in enumerate(duties.items())),
                    reverse=True,
                )
                out.append(
                    {"duty": scored[0][2], "party": party, "when": {}, "citation": unit.citation, "quote": sentence,
                     "review": True, "duty_candidates": [d for _, _, d in scored[1:4]]}  # fmt: skip
                )
        return out

    def coverage(self) -> dict[str, Any]:
        coverage: dict[str, Any] = {}
        defining = {d["citation"] for d in self.definitions}  # a definition answers no topic by itself
        unit_words = [(u, stems(u.heading), stems(u.text)) for u in self.units if u.citation not in defining]
        for topic, description in self.vocab["topics"].items():
            wanted = stems(topic + " " + str(description))
            scored = []
            for unit, heading, text in unit_words:
                score = 2 * len(wanted & heading) + len(wanted & text)
                if score >= 3:
                    scored.append((score, unit.citation))
            scored.sort(key=lambda pair: -pair[0])
            best = scored[0][0] if scored else 0
            chosen = [c for s, c in scored if s >= max(3, best * 0.6)][:5]
            coverage[topic] = chosen or "not_addressed"
        return coverage


# -- quantities -----------------------------------------------------------------------------------
_NUM_WORDS = sorted((w for w in curated._NUMBER_WORDS if w.isalpha() or "-" in w), key=len, reverse=True)
_WORD = "|".join(re.escape(w) for w in _NUM_WORDS)
_NUM = rf"(?:\$\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?(?:\s+\d+/\d+)?|\d+/\d+|(?:{_WORD})(?:[\s-]+(?:and\s+)?(?:{_WORD}))*)"
_UNITS = {
    "sq ft": r"square\s+feet|square\s+foot|sq\.?\s*ft\.?",
    "footcandles": r"foot[\s-]*candles?|footcandles?",
    "ft": rf"(?:feet|foot|ft\.?)(?:\s*,?\s*(?P<inches>{_NUM})\s*inch(?:es)?)?",
    "in": r"inches|inch",
    "°F": r"degrees(?:\s+fahrenheit|\s+f\b)?|°\s*f?",
    "percent": r"percent|per\s+cent|%",
    "days": r"(?:consecutive\s+|calendar\s+|business\s+|working\s+)?days?",
    "hours": r"hours?",
    "years": r"years?",
    "persons": r"persons|people|occupants|members",
    "units": r"(?:or\s+more\s+)?(?:dwelling\s+|rooming\s+)?units",
    "risers": r"risers",
    "outlets": r"(?:separate\s+)?(?:convenience\s+)?outlets",
    "exits": r"(?:means\s+of\s+)?(?:exits|egress)",
    "votes": r"votes",
    "per week": r"(?:times?\s+)?(?:a|per|each|every)\s+week",
    "fraction": r"of\s+the\s+(?:floor|required|minimum|total)",
}
_QUANTITY = re.compile(
    rf"(?<![\w§])(?P<num>(?:minus\s+|[-+])?{_NUM})(?:\s*\(\s*[\d.,$]+\s*\))?[\s-]*(?:(?:additional|more|separate|consecutive|clear)\s+)?(?P<unit>{'|'.join(f'(?P<u{i}>{p})' for i, p in enumerate(_UNITS.values()))})(?!\w)"
    rf"|(?P<usd>\$\s?\d[\d,]*(?:\.\d\d)?)",
    re.IGNORECASE,
)
_UNIT_NAMES = list(_UNITS)
_VOCAB_UNITS = {  # unit found in the text -> units of vocabulary keys it can state
    "sq ft": ["sq ft"], "ft": ["ft", "in"], "in": ["in"], "°F": ["°F"], "percent": ["percent", "fraction"],
    "days": ["days"], "hours": ["hours"], "years": ["years"], "persons": ["persons"], "footcandles": ["footcandles"],
    "units": ["units"], "risers": ["risers"], "outlets": ["outlets"], "exits": ["exits"], "votes": ["votes"],
    "per week": ["per week"], "USD": ["USD"], "fraction": ["fraction"],
}  # fmt: skip
_KEYS_BY_UNIT: dict[str, list[str]] = {}


def _index_keys(vocab: dict[str, Any]) -> None:
    _KEYS_BY_UNIT.clear()
    for found, units in _VOCAB_UNITS.items():
        _KEYS_BY_UNIT[found] = [k for k, v in vocab["standards"].items() if v["unit"] in units]


def _unit_of(match: re.Match[str]) -> str | None:
    if match.group("usd"):
        return "USD"
    for i, name in enumerate(_UNIT_NAMES):
        if match.group(f"u{i}"):
            if name == "fraction" and not re.search(r"half|third|quarter|/", match.group("num"), re.I):
                return None
            return name
    return None


def _sentences(text: str) -> list[str]:
    """The sentences of folded text (cut after . ; or : before a capital, a digit or a bracket)."""
    return [s.strip() for s in re.split(r"(?<=[.;:])\s+(?=[A-Z(\d])", text) if s.strip()]


def _clauses(sentence: str) -> list[str]:
    """The sentence, and its parts after "except", "provided", "unless" (each may name another party)."""
    parts = re.split(r",?\s+(?=(?:except|provided|unless|but)\b)", sentence)
    return [sentence] + [p.strip() for p in parts[1:] if " shall " in p] if len(parts) > 1 else [sentence]


def _clause(text: str, start: int, end: int, limit: int = 280) -> str:
    """The sentence of ``text`` around [start, end), cut to about ``limit`` characters at word boundaries."""
    left = max(text.rfind(". ", 0, start), text.rfind("; ", 0, start), text.rfind(": ", 0, start))
    left = 0 if left < 0 else left + 2
    right_candidates = [i for i in (text.find(". ", end), text.find("; ", end)) if i >= 0]
    right = min(right_candidates) + 1 if right_candidates else len(text)
    if right - left > limit:
        left = max(left, start - limit // 2)
        right = min(right, end + limit // 2)
        if left > 0 and text[left - 1] != " ":
            left = text.find(" ", left) + 1 or left
        if right < len(text) and text[right] != " ":
            right = text.rfind(" ", left, right) if text.rfind(" ", left, right) > end else right
    return text[left:right].strip().rstrip(";:,").strip()


def _party(subject: str) -> str | None:
    lowered = subject.lower()
    owner = re.search(r"\bowners?\b", lowered)
    operator = re.search(r"\boperators?\b", lowered)
    occupant = re.search(r"\b(occupants?|tenants?)\b", lowered)
    if owner and operator:
        return "owner_or_operator"
    if owner and occupant:
        # "the owner or occupant shall": a party of its own where the schema has one; otherwise the curator decides
        return "owner_or_occupant" if "owner_or_occupant" in curated.PARTIES else None
    if owner:
        return "owner"
    if operator:
        return "operator"
    if occupant:
        return "occupant"
    return None


# -- municipality ---------------------------------------------------------------------------------
_OFFICERS = ("Building Inspector", "Health Officer", "Code Enforcement Officer", "Zoning Administrator",
             "Housing Inspector", "Building Official", "Public Health Officer")  # fmt: skip


def municipality(raw: str, source_file: str, key: str | None = None, name: str | None = None) -> dict[str, Any]:
    """The municipality block, guessed from the text where it says (name, kind, chapter, officer)."""
    if not name:
        found = Counter(re.findall(r"\b(Town|Village|City) of ([A-Z][a-z]+(?: [A-Z][a-z]+)?)", raw))
        name = " of ".join(found.most_common(1)[0][0]) if found else (key or Path(source_file).stem).title()
    kind = name.split(" of ", 1)[0].lower() if " of " in name else "city"
    if kind not in ("town", "village", "city"):
        kind = "city"
    core = name.split(" of ", 1)[-1]
    key = key or re.sub(r"[^a-z0-9]+", "_", core.lower()).strip("_")
    chapters = Counter(re.findall(r"§\s*(\d+)-\d+", raw))
    chapter = chapters.most_common(1)[0][0] if chapters else ""
    if not chapter:
        decimal = Counter(re.findall(r"^(\d{1,3})\.\d{2}\b", raw, re.MULTILINE))
        chapter = decimal.most_common(1)[0][0] if decimal else "?"
    officers = Counter({o: raw.count(o) for o in _OFFICERS if o in raw})
    officer = officers.most_common(1)[0][0] if officers else "?"
    title = re.search(r'known (?:and may be cited )?(?:and referred to )?as (?:the )?"?([^".]{4,80})', fold(raw))
    return {
        "key": key,
        "name": name,
        "kind": kind,
        "state": "Wisconsin" if "Wisconsin" in raw or "WI" in raw else "?",
        "code_title": fold(title.group(1)) if title else "?",
        "chapter": chapter,
        "citation_prefix": f"{name} Code",
        "enforcing_officer": officer,
        "office": officer,
        "source_file": Path(source_file).name,
        "aliases": sorted({core, name, f"{core} WI", f"{core}, Wisconsin"}),
        "notes": REVIEW_NOTE,
        "review": True,
    }


def with_section_prefix(muni: dict[str, Any], sections: list[dict[str, Any]]) -> dict[str, Any]:
    """The municipality block with ``section_prefix`` (how the printed section numbers start: "190-",
    "12.") after ``chapter``, guessed from the drafted sections; left out when none prints a number."""
    printed = Counter(
        found.group(1)
        for row in sections
        if row.get("basis") in ("stated", "cross_reference")
        and (found := re.match(r"\s*§*\s*(\d+[-.])", str(row.get("citation") or "")))
    )
    if not printed:
        return muni
    out: dict[str, Any] = {}
    for name, value in muni.items():
        out[name] = value
        if name == "chapter":
            out["section_prefix"] = printed.most_common(1)[0][0]
    return out


def draft(raw: str, source_file: str, key: str | None = None, name: str | None = None,
          vocab: dict[str, Any] | None = None) -> dict[str, Any]:  # fmt: skip
    """A draft curated file (as data) for the ordinance text ``raw``."""
    vocab = vocab or curated.load_vocab()
    _index_keys(vocab)
    drafter = _Drafter(raw, vocab)
    drafter.split()
    sections = [u.row() for u in drafter.units]
    return {
        "municipality": with_section_prefix(municipality(raw, source_file, key, name), sections),
        "sections": sections,
        "definitions": drafter.definitions,
        "standards": drafter.standards(),
        "rules": drafter.duties(),
        "coverage": drafter.coverage(),
        "coverage_review": True,
    }


def dump(data: dict[str, Any]) -> str:
    """The draft as YAML, in the curated files' layout (block scalars for texts)."""
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    def text_repr(dumper: yaml.SafeDumper, value: str) -> Any:
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    _Dumper.add_representer(str, text_repr)
    header = "# " + REVIEW_NOTE + "\n"
    return header + yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=110)


# -- how much of a curated file a draft finds -----------------------------------------------------
@dataclass
class Recall:
    """How many of a curated file's entries a draft of the same text found."""

    sections: tuple[int, int] = (0, 0)
    definitions: tuple[int, int] = (0, 0)
    standards: tuple[int, int] = (0, 0)
    standards_keyed: tuple[int, int] = (0, 0)
    duties: tuple[int, int] = (0, 0)
    coverage: tuple[int, int] = (0, 0)
    missed: dict[str, list[str]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {k: list(v) for k, v in self.__dict__.items() if k != "missed"}


def _span(source: Source, text: str, line: int | None = None) -> tuple[int, int] | None:
    at = source.locate(text, line)
    if at < 0:
        at = source.folded.find(fold(text))
    return (at, at + len(fold(text))) if at >= 0 else None


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> float:
    inter = max(0, min(a[1], b[1]) - max(a[0], b[0]))
    union = max(a[1], b[1]) - min(a[0], b[0])
    return inter / union if union else 0.0


def recall(drafted: dict[str, Any], curated_data: dict[str, Any], raw: str, threshold: float = 0.8) -> Recall:
    """Match a draft against the curated file of the same text.

    A section is found when a drafted section covers nearly the same stretch of the text (the two
    spans overlap by ``threshold`` of their union); a definition when a drafted definition has the
    same term (case aside); a standard when a drafted standard states the same value in a quote
    overlapping the curated quote (``standards_keyed``: and guessed the same key); a duty when a
    drafted duty names the same party in a quote overlapping the curated one.
    """
    source = Source(raw)
    result = Recall()
    spans = [s for s in (_span(source, r["text"], r.get("line")) for r in drafted["sections"]) if s]
    found, missed = 0, []
    for row in curated_data["sections"]:
        span = _span(source, row["text"], row.get("line"))
        if span and any(_overlap(span, s) >= threshold for s in spans):
            found += 1
        else:
            missed.append(str(row["citation"]))
    result.sections = (found, len(curated_data["sections"]))
    result.missed["sections"] = missed
    terms = {fold(d["term"]).lower() for d in drafted["definitions"]}
    hits = [fold(d["term"]).lower() in terms for d in curated_data["definitions"]]
    result.definitions = (sum(hits), len(hits))
    result.missed["definitions"] = [d["term"] for d, h in zip(curated_data["definitions"], hits) if not h]

    def quote_span(text: str) -> tuple[int, int] | None:
        return _span(source, text)

    drafted_standards = [(s, quote_span(s["quote"])) for s in drafted["standards"]]
    found = keyed = 0
    missed = []
    for row in curated_data["standards"]:
        span = quote_span(row.get("quote") or "")
        try:
            value = float(row.get("value"))
        except (TypeError, ValueError):
            value = None
        matches = [
            s for s, s_span in drafted_standards
            if span and s_span and min(span[1], s_span[1]) > max(span[0], s_span[0])
            and value is not None and (abs(float(s["value"]) - value) < 1e-6
                                       or any(abs(n - value) < 1e-6 for n in numbers_in(s["value_text"])))
        ]  # fmt: skip
        if matches:
            found += 1
            keyed += any(s["key"] == row["key"] for s in matches)
        else:
            missed.append(f"{row['key']} ({row.get('value_text')})")
    result.standards = (found, len(curated_data["standards"]))
    result.standards_keyed = (keyed, len(curated_data["standards"]))
    result.missed["standards"] = missed
    drafted_rules = [(r, quote_span(r["quote"])) for r in drafted["rules"]]
    found, missed = 0, []
    for row in curated_data["rules"]:
        span = quote_span(row.get("quote") or "")
        ok = any(
            span and r_span and min(span[1], r_span[1]) > max(span[0], r_span[0]) and r["party"] == row["party"]
            for r, r_span in drafted_rules
        )
        found += bool(ok)
        if not ok:
            missed.append(f"{row['duty']} ({row['party']})")
    result.duties = (found, len(curated_data["rules"]))
    result.missed["duties"] = missed
    # coverage: the draft agrees on a topic when both say not_addressed, or its suggested sections
    # overlap (in the text) one of the curated sections for the topic
    by_citation = {str(r["citation"]): r for r in curated_data["sections"]}
    drafted_by_citation = {str(r["citation"]): r for r in drafted["sections"]}
    agree, missed = 0, []
    for topic, entry in (curated_data.get("coverage") or {}).items():
        suggested = drafted["coverage"].get(topic, "not_addressed")
        if entry == "not_addressed" or suggested == "not_addressed":
            ok = entry == suggested
        else:
            want = [_span(source, by_citation[str(c)]["text"], by_citation[str(c)].get("line"))
                    for c in entry if str(c) in by_citation]  # fmt: skip
            got = [_span(source, drafted_by_citation[c]["text"], drafted_by_citation[c].get("line"))
                   for c in suggested if c in drafted_by_citation]  # fmt: skip
            ok = any(a and b and min(a[1], b[1]) > max(a[0], b[0]) for a in want for b in got)
        agree += ok
        if not ok:
            missed.append(topic)
    result.coverage = (agree, len(curated_data.get("coverage") or {}))
    result.missed["coverage"] = missed
    return result


def recall_all(data_dir: Path = curated.DATA_DIR, sources_dir: Path = curated.SOURCES_DIR) -> dict[str, Recall]:
    """:func:`recall` of a fresh draft of every curated file's source text, by municipality key."""
    out: dict[str, Recall] = {}
    vocab = curated.load_vocab()
    for path in curated.data_files(data_dir):
        data = curated.load_file(path)
        source_file = data["municipality"]["source_file"]
        raw = (sources_dir / source_file).read_text(encoding="utf-8")
        out[path.stem] = recall(draft(raw, source_file, vocab=vocab), data, raw)
    return out


def recall_table(results: dict[str, Recall]) -> list[list[str]]:
    """Rows for the README: found / curated for each kind of entry."""

    def cell(pair: Iterable[int]) -> str:
        found, total = pair
        return f"{found}/{total} ({100 * found / total:.0f}%)" if total else "0/0"

    return [
        [key, cell(r.sections), cell(r.definitions), cell(r.standards), cell(r.standards_keyed), cell(r.duties),
         cell(r.coverage)]  # fmt: skip
        for key, r in results.items()
    ]
