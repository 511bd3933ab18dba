"""The project's own spaCy pipeline: blank English plus entity rules from the knowledge base.

No pretrained spaCy model can be downloaded here, and none is needed: the pipeline is
``spacy.blank("en")`` with an ``entity_ruler`` whose patterns are generated from the knowledge
base (municipality names, the ways people write them, and the typos to expect), plus the
calculator's patterns from :mod:`knowledge.parsing` (``dimensions``, ``people``, ``age``,
``units``: room sizes, head counts, ages and dwelling-unit counts). It is saved
to ``build/spacy_model`` and loaded by path, by Rasa's ``SpacyNLP`` and by the action server.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterable

from knowledge.entities import entity_patterns
from knowledge.kb import KnowledgeBase
from knowledge.parsing import ENTITY_PATTERNS

DEFAULT_MODEL_DIR = Path(__file__).resolve().parent.parent / "build" / "spacy_model"

_KIND_WORDS = {  # used only when knowledge/places.yml has no kinds
    "town": ["town", "twn", "tow"],
    "village": ["village", "vilage", "villiage", "vil"],
    "city": ["city", "cty"],
}


def _place_words(kb: KnowledgeBase) -> tuple[set[str], list[str], list[str], dict[str, list[str]]]:
    """The covered names that are also common words (``common_word`` in their data files), and from
    knowledge/places.yml the words that make such a name a place when before or after it ("in dresser",
    "dresser rooming house"), and the kind words."""
    places = kb.places()
    common = {m.name.split(" of ", 1)[-1].lower() for m in kb.municipalities() if m.common_word}
    return (
        common,
        list(places.get("place_words_before") or ["in", "at", "for", "near"]),
        list(places.get("place_words_after") or ["wi", "wis", "wisconsin"]),
        dict(places.get("kinds") or _KIND_WORDS),
    )


_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def typos(word: str) -> set[str]:
    """Plausible one-edit misspellings of a place name (deletion, doubling, swap, vowel slip)."""
    word = word.lower()
    variants = {word}
    for i in range(len(word)):
        variants.add(word[:i] + word[i + 1 :])  # deletion
        variants.add(word[:i] + word[i] + word[i:])  # doubled letter
        if i + 1 < len(word):
            variants.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])  # swap
        if word[i] in "aeiouy":
            for vowel in "aeiouy":
                variants.add(word[:i] + vowel + word[i + 1 :])
    return {v for v in variants if len(v) >= max(4, len(word) - 1)}


def municipality_patterns(kb: KnowledgeBase) -> list[dict[str, Any]]:
    """entity_ruler patterns (label ``municipality``) for every covered municipality."""
    patterns: list[dict[str, Any]] = []
    common_words, before, after, kinds = _place_words(kb)
    for muni in kb.municipalities():
        core = muni.name.split(" of ", 1)[-1].lower()
        spellings = sorted(typos(core) | {core})
        kind = kinds.get(muni.kind, [muni.kind])
        names = {" ".join(a.lower().split()) for a in (muni.name, *muni.aliases)}
        for name in sorted(names):
            if name == core and core in common_words:
                continue  # the bare word alone is furniture as often as a place: see below
            patterns.append({"label": "municipality", "pattern": [{"LOWER": t} for t in name.split()], "id": muni.key})
        spelled = {"LOWER": {"IN": spellings}}
        patterns.append(
            {"label": "municipality", "pattern": [{"LOWER": {"IN": kind}}, {"LOWER": "of"}, spelled], "id": muni.key}
        )
        if core in common_words:
            # "my dresser" is furniture; "Dresser", "in dresser", "dresser wi", "dresser rooming house"
            # and misspellings are the village (common_word in its data file; the context words are in
            # knowledge/places.yml).
            misspelt = {"LOWER": {"IN": [s for s in spellings if s != core]}}
            patterns.append({"label": "municipality", "pattern": [{"ORTH": core.title()}], "id": muni.key})
            patterns.append({"label": "municipality", "pattern": [misspelt], "id": muni.key})
            patterns.append({"label": "municipality", "pattern": [{"LOWER": {"IN": before}}, spelled], "id": muni.key})
            patterns.append({"label": "municipality", "pattern": [spelled, {"LOWER": {"IN": after}}], "id": muni.key})
            opening = [str(m) for m in kb.places().get("place_marks_opening") or ()]
            if opening:  # "dresser - is my duplex a 'multiple dwelling'?": the name opens the message
                patterns.append(
                    {
                        "label": "municipality",
                        "pattern": [{**spelled, "IS_SENT_START": True}, {"ORTH": {"IN": opening}}],
                        "id": muni.key,
                    }
                )
            openers = [str(w) for w in kb.places().get("place_words_opening") or ()]
            if openers:  # "dresser whats considered a rooming house": a question follows the name that opens the message
                patterns.append(
                    {"label": "municipality", "pattern": [{**spelled, "IS_SENT_START": True}, {"LOWER": {"IN": openers}}], "id": muni.key}
                )
        else:
            patterns.append({"label": "municipality", "pattern": [spelled], "id": muni.key})
        patterns.extend(chapter_patterns(muni))
    return patterns


CHAPTER_WORDS = ["chapter", "chap", "ch"]


def chapter_patterns(muni: Any) -> list[dict[str, Any]]:
    """A clerk's reference to the chapter or a section of one code names its municipality ("Under Chapter 190, …",
    "under ch. 205", "Under § 190-4, …", "§ 12.06"): its ``chapter`` and ``section_prefix`` in the data file."""
    patterns: list[dict[str, Any]] = []
    if muni.chapter:
        words = {"LOWER": {"IN": CHAPTER_WORDS}}
        patterns.append(
            {"label": "municipality", "pattern": [words, {"ORTH": ".", "OP": "?"}, {"ORTH": muni.chapter}], "id": muni.key}
        )
    prefix = muni.section_prefix
    if prefix.endswith("-"):
        patterns.append({"label": "municipality", "pattern": [{"ORTH": "§"}, {"ORTH": prefix[:-1]}, {"ORTH": "-"}], "id": muni.key})
    elif prefix.endswith("."):
        number = {"TEXT": {"REGEX": rf"^{re.escape(prefix)}\d"}}
        patterns.append({"label": "municipality", "pattern": [{"ORTH": "§"}, number], "id": muni.key})
    return patterns


def covered_spellings(kb: KnowledgeBase) -> list[str]:
    """Every lower-case spelling (with typos) of the covered municipalities' names."""
    spellings: set[str] = set()
    for muni in kb.municipalities():
        spellings |= typos(muni.name.split(" of ", 1)[-1])
    return sorted(spellings)


def all_patterns(kb: KnowledgeBase) -> list[dict[str, Any]]:
    """Every entity rule of the project's pipeline, in the order the ruler gets them: the covered
    municipalities (here), pests, roles and other places (:mod:`knowledge.entities`), then room sizes,
    head counts, ages and unit counts (:mod:`knowledge.parsing`)."""
    covered = [
        (m.name.split(" of ", 1)[-1].lower(), m.kind, sorted(typos(m.name.split(" of ", 1)[-1])))
        for m in kb.municipalities()
    ]
    return [
        *municipality_patterns(kb),
        *entity_patterns(covered_spellings(kb), kb.places(), covered),
        *ENTITY_PATTERNS,
    ]


def ruler_pipeline(patterns: Iterable[dict[str, Any]]):
    """Blank English with one ``entity_ruler`` holding ``patterns`` (validated; its spans win over others).

    The one place the ruler is made: :func:`build_pipeline` for the saved pipeline, and
    :func:`knowledge.parsing.pipeline` for the calculator's patterns alone.
    """
    import spacy

    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("entity_ruler", config={"validate": True, "overwrite_ents": True})
    ruler.add_patterns(list(patterns))
    return nlp


def build_pipeline(kb: KnowledgeBase, out_dir: Path = DEFAULT_MODEL_DIR, extra: Iterable[dict[str, Any]] = ()):
    """Create the blank-English pipeline with the generated entity rules and save it to ``out_dir``."""
    nlp = ruler_pipeline([*all_patterns(kb), *extra])
    ruler = nlp.get_pipe("entity_ruler")
    nlp.meta["name"] = "housing_rules"
    nlp.meta["description"] = "Blank English plus entity rules generated from the housing-code knowledge base."
    out_dir = Path(out_dir)
    if _same_patterns(out_dir, ruler.patterns):
        return nlp  # unchanged: keep the saved files (and their times), so the model is not retrained
    out_dir.mkdir(parents=True, exist_ok=True)
    nlp.to_disk(out_dir)
    return nlp


def _same_patterns(out_dir: Path, patterns: list[dict[str, Any]]) -> bool:
    """Whether the pipeline saved in ``out_dir`` already has exactly these entity patterns."""
    saved = out_dir / "entity_ruler" / "patterns.jsonl"
    if not saved.exists() or not (out_dir / "meta.json").exists():
        return False
    with open(saved, encoding="utf-8") as handle:
        existing = [json.loads(line) for line in handle if line.strip()]
    return existing == [json.loads(json.dumps(p)) for p in patterns]


def load_pipeline(model_dir: Path = DEFAULT_MODEL_DIR):
    """Load the saved pipeline by path (no download, no package)."""
    import spacy

    return spacy.load(Path(model_dir))
