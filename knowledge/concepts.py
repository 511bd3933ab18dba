"""What a question asks about: its *concepts*. A concept is a phrase of the synonym table (knowledge/synonyms.yml;
people's words with the code's words for them, longest first, a long one in any inflection) or
a remaining content word, each with the stemmed word sequences that express it in the texts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from knowledge.citations import normalize
from knowledge.question_form import _WORD
from knowledge.stemming import stem

STOPWORDS = frozenset(
    """a about above after again all also am an and any are as at be been being but by can could did do does
    doing done for from get gets got had has have having he her here hers him his how i if in into is it its
    just me might more most must my no nor not now of off on once only or other our out over own please same
    she should so some such than that the their them then there these they this those through to too under
    until up upon us very was we were what when where which while who whom whose why will with without would you your
    yours shall thereof therein thereto hereby herein said each every may let lets like tell know need needs needed
    want wants im ive id dont doesnt isnt cant wont u r ur pls plz thx ok okay hi hey hello much per
    whats thats theres heres even really actually just right saying says said say looking because bc cuz many
    going gonna wanna though tho anyway anyways
    reqd req reqs reqmt reqmts required require requires requirement requirements""".split()
)


# Phrases that only join a sentence, whose words name nothing ("in order to safeguard" is no order).
_FUNCTION_PHRASES = re.compile(r"\bin order (?:to|that)\b")


def tokens(text: str) -> list[str]:
    """The stemmed content words of a text (stop words dropped)."""
    text = _FUNCTION_PHRASES.sub(" ", text.lower().replace("'", ""))
    return [stem(w) for w in _WORD.findall(text) if w not in STOPWORDS]


def _phrase_tokens(phrase: str) -> tuple[str, ...]:
    return tuple(stem(w) for w in _WORD.findall(phrase.lower()) if w not in STOPWORDS) or tuple(
        stem(w) for w in _WORD.findall(phrase.lower())
    )


@dataclass(frozen=True)
class Concept:
    """Something the question asks about, and the word sequences that express it."""

    words: str
    alternatives: tuple[tuple[str, ...], ...]
    code_phrases: tuple[str, ...] = ()
    # a phrase that loses words on the way ("good for" is "good") matches only where it stands as written
    literal: str | None = None


_CITED = re.compile(
    r"(?:§+\s*|\bsec(?:tion|\.)?\s*)(\d{1,4}[.-]\d{1,3}[a-z]?)\b|\b(\d{2,4}-\d{1,3}[a-z]?)\b", re.IGNORECASE
)


def cited_sections(question: str) -> tuple[str, ...]:
    """The section numbers a question cites, normalized ("Under § 190-3 ..." → ("190-3",))."""
    return tuple(normalize(a or b) for a, b in _CITED.findall(str(question or "")))


def _phrases_by_first_word(synonyms: dict[str, tuple[str, ...]]) -> dict[str, list[tuple[list[str], str]]]:
    by_first: dict[str, list[tuple[list[str], str]]] = {}
    for phrase in synonyms:
        parts = _WORD.findall(phrase.lower())
        if parts:
            by_first.setdefault(parts[0], []).append((parts, phrase))
    for entries in by_first.values():
        entries.sort(key=lambda e: -len(e[0]))
    return by_first


@lru_cache(maxsize=8192)
def _stems_of(parts: tuple[str, ...]) -> list[str]:
    return [stem(p) for p in parts]


# A phrase of the table this long matches other inflections of its words too ("never asks for a hearing"); a shorter
# one only as written (or with a plural last word): "show up" (a board's attendance) is not "showed up" at the door,
# nor "come in" (access) "bugs keep coming in". Set from the dev sets: 2 and 3 words lost 8 questions, 4 none.
STEMMED_PHRASE_MIN_WORDS = 4
_PHRASE_CACHE: dict[int, tuple[dict[str, tuple[str, ...]], dict[str, list[tuple[list[str], str]]]]] = {}
_BY_STEM: dict[int, tuple[dict[str, tuple[str, ...]], dict[str, list[tuple[list[str], str]]]]] = {}


def _phrases_by_first_stem(synonyms: dict[str, tuple[str, ...]]) -> dict[str, list[tuple[list[str], str]]]:
    """The table's long phrases (``STEMMED_PHRASE_MIN_WORDS``) by the stem of their first word: such a phrase matches
    the question's words when their stems agree ("never asks for a hearing" is "never asked for a hearing")."""
    cached = _BY_STEM.get(id(synonyms))
    if cached is None or cached[0] is not synonyms:
        table: dict[str, list[tuple[list[str], str]]] = {}
        for phrase in synonyms:
            parts = _WORD.findall(phrase.lower())
            if len(parts) >= STEMMED_PHRASE_MIN_WORDS:
                table.setdefault(stem(parts[0]), []).append((parts, phrase))
        cached = _BY_STEM[id(synonyms)] = (synonyms, table)
    return cached[1]


_POSSESSIVE = re.compile(r"(\w)['’]s\b")
# A pronoun inside a phrasal verb of the synonym table ("ripped it off", "turn them off") is that verb still.
_OBJECT_PRONOUNS = ("it", "them", "that", "this", "him", "her")
_OBJECT_DETERMINERS = ("the", "my", "our", "his", "her", "their", "your")


def concepts(text: str, synonyms: dict[str, tuple[str, ...]]) -> list[Concept]:
    """What a question asks about: synonym-table phrases (longest first), then the remaining words."""
    # a possessive is its word ("Dresser's Housing Code" names the place; "the owner's duty" the owner)
    words = _WORD.findall(_POSSESSIVE.sub(r"\1", text.lower()).replace("'", ""))
    key = id(synonyms)
    cached = _PHRASE_CACHE.get(key)
    if cached is None or cached[0] is not synonyms:
        cached = (synonyms, _phrases_by_first_word(synonyms))
        _PHRASE_CACHE[key] = cached
    by_first = cached[1]
    stems = [stem(w) for w in words]
    by_stem = _phrases_by_first_stem(synonyms)
    used = [False] * len(words)
    matches: list[tuple[int, int, str]] = []  # (length, start, phrase)
    gapped: set[tuple[int, str]] = set()  # phrasal verbs around their object: the object's words stay free
    for start, word in enumerate(words):
        for parts, phrase in by_first.get(word, ()):
            size = len(parts)
            window = words[start : start + size]
            if len(window) == size and (
                window == parts or (window[:-1] == parts[:-1] and window[-1] in (parts[-1] + "s", parts[-1] + "es"))
            ):
                matches.append((size, start, phrase))
            elif size >= STEMMED_PHRASE_MIN_WORDS and stems[start : start + size] == _stems_of(tuple(parts)):
                matches.append((size, start, phrase))  # "never asks for a hearing" is "never asked for a hearing"
            elif size == 2 and words[start + 1 : start + 3] in ([p, parts[1]] for p in _OBJECT_PRONOUNS):
                matches.append((3, start, phrase))  # "ripped it off" is "ripped off", "took them down" "took down"
            elif size == 2 and start + 3 < len(words) and words[start + 1] in _OBJECT_DETERMINERS and words[start + 3] == parts[1]:
                matches.append((4, start, phrase))  # "turned the water off" is "turned off" (the water is its own concept)
                gapped.add((start, phrase))
        for parts, phrase in by_stem.get(stems[start], ()):
            if parts[0] != word and stems[start : start + len(parts)] == _stems_of(tuple(parts)):
                matches.append((len(parts), start, phrase))  # "asks for a hearing" is "asked for a hearing"
        if word.endswith("s") and word[:-1] in by_first:
            for parts, phrase in by_first[word[:-1]]:
                if len(parts) == 1:
                    matches.append((1, start, phrase))
        elif word + "s" in by_first and word not in by_first:  # "no blind or curtain" is "blinds", "curtains"
            for parts, phrase in by_first[word + "s"]:
                if len(parts) == 1:
                    matches.append((1, start, phrase))
    found: list[Concept] = []
    exact = {(start, phrase) for size, start, phrase in matches if words[start : start + size] == _WORD.findall(phrase)}
    for size, start, phrase in sorted(matches, key=lambda m: (-m[0], m[1], (m[1], m[2]) not in exact)):
        if any(used[start : start + size]):
            continue
        for i in (start, start + size - 1) if (start, phrase) in gapped else range(start, start + size):
            used[i] = True
        alternatives = [_phrase_tokens(phrase)] + [_phrase_tokens(t) for t in synonyms[phrase]]
        reduced = len(alternatives[0]) < len(_WORD.findall(phrase)) and alternatives[0] not in alternatives[1:]
        found.append(
            Concept(
                phrase,
                tuple(a for a in dict.fromkeys(alternatives) if a),
                tuple(t for t in synonyms[phrase] if len(t.split()) > 1),
                phrase if reduced else None,
            )
        )
    # a number is no concept (its value is weighed on its own: NUMBER_BONUS, HEAD_COUNT_BONUS): "2 weeks late on
    # rent" matched "(2)" of any provision; but the parts of a section the question cites are ("section 12.16")
    cited = {part for section in cited_sections(text) for part in re.split(r"[.-]", section)}
    for i, word in enumerate(words):
        if used[i] or word in STOPWORDS or (word.isdigit() and word not in cited):
            continue
        stemmed = stem(word)
        if any(c.alternatives == ((stemmed,),) for c in found):
            continue
        found.append(Concept(word, ((stemmed,),)))
    return found


_PHRASE_CACHE: dict[int, tuple[dict[str, tuple[str, ...]], dict[str, list[tuple[list[str], str]]]]] = {}
