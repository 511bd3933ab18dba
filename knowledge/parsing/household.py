"""Households: who the people of a message are ("my husband, me and our toddler") and the ages the calculator can use."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from knowledge.parsing.bands import _bound_after, band_span
from knowledge.parsing.numbers import (
    MAX_TEXT_CHARS,
    without_citations,
    words_to_digits,
)
from knowledge.parsing.patterns import (
    _PEOPLE_ADJ,
)

PEOPLE_PATH = Path(__file__).resolve().parent.parent / "people.yml"
_PEOPLE_VOCAB: dict[str, Any] | None = None


def people_vocab() -> dict[str, Any]:
    """The household and space vocabulary of ``knowledge/people.yml`` (read on first use, then cached)."""
    global _PEOPLE_VOCAB
    if _PEOPLE_VOCAB is None:
        import yaml

        with open(PEOPLE_PATH, encoding="utf-8") as handle:
            _PEOPLE_VOCAB = yaml.safe_load(handle)
    return _PEOPLE_VOCAB


def asks_inadequate(question: str, asking: str | None = None) -> bool:
    """Whether a question asks if a space is INadequate ("is it too small?", "problem?": ``people.yml``
    ``negative_adequacy``), so a check that meets the minimum answers "No". Such words in the story do not count
    when the sentence that asks (``asking``) has none and asks whether it is adequate (``positive_adequacy``: "the
    landlord keeps hinting it's too small … is the room big enough by the code?")."""
    from knowledge.phrase_match import has_phrase

    vocab = people_vocab()
    negative = vocab.get("negative_adequacy") or ()
    lowered, asked = (" ".join(str(t).lower().split()) for t in (question, asking or question))
    if not has_phrase(lowered, negative):
        return False
    return has_phrase(asked, negative) or not has_phrase(asked, vocab.get("positive_adequacy") or ())


@dataclass(frozen=True)
class Person:
    """One person of a household: the word's age band (``adult``, ``child``, …) and the age if stated."""

    band: str
    age: float | None = None


@dataclass(frozen=True)
class Household:
    """The people a message speaks of. ``complete`` is False when a count is missing ("my kids")."""

    persons: tuple[Person, ...]
    complete: bool = True
    adding: bool = False  # the people join those already there ("what if the baby moves in with us?")
    total: bool = False  # the count is everyone, told as a total ("a 4th roommate moves in", "so 3 ppl")
    joining: int | None = None  # how many of the persons join the speaker's ("my sister moves in with me": 1)

    @property
    def newcomers(self) -> tuple[Person, ...]:
        """The persons who join those already there: those named before "with me", else all."""
        return self.persons[: self.joining] if self.joining else self.persons

    @property
    def count(self) -> int | None:
        """How many people, or None when the message does not say."""
        return len(self.persons) if self.complete and self.persons else None

    @property
    def ages(self) -> list[float]:
        """The ages stated, in years."""
        return [p.age for p in self.persons if p.age is not None]

    def plus(self, other: Household) -> Household:
        """This household with ``other``'s people added."""
        return Household(self.persons + other.persons, self.complete and other.complete)


_AGE_UNIT_RE = r"(?:years?|yrs?|y|months?|mos?|m|weeks?|wks?)"
_AGE_LIST_RE = re.compile(
    rf"\b(?:ages?d?\s+)?((?:\d+(?:\.\d+)?\s*(?:,\s*and|,|&|and)\s*)+\d+(?:\.\d+)?)\s*-?\s*({_AGE_UNIT_RE})\s*-?\s*olds?\b"
    rf"|\bage[sd]?\s+((?:\d+(?:\.\d+)?\s*(?:,\s*|&\s*|and\s+|n\s+|,\s*and\s+))*\d+(?:\.\d+)?)(?:\s*({_AGE_UNIT_RE})\b)?"
)
_AGE_ONE_RE = re.compile(
    rf"\b(\d+(?:\.\d+)?)\s*-?\s*({_AGE_UNIT_RE})\s*-?\s*(olds?)\b|\b(\d+(?:\.\d+)?)\s*(yo|y/o|y\.o\.)(?=\W|$)|\b(newborns?|brand[- ]new (?:baby|infant))\b"
    # an age before the person it describes, without "old": "an 8mo baby", "my 3 yr son", "a 6 month old"
    rf"|\b(\d+(?:\.\d+)?)\s*-?\s*(months?|mos?|mo|weeks?|wks?|yrs?|years?)\s+(?=(?:baby|infant|son|daughter|kid|child|boy|girl|toddler)\b)"
    # an age in months or weeks after the person it describes: "a baby of seven months"
    rf"|\bof\s+(\d+(?:\.\d+)?)\s*(months?|mos?|weeks?|wks?)\b(?!\s*-?\s*olds?)"
)


# ages in brackets after the people they belong to: "a baby (6 months)", "my 3 kids (4, 7 and 13)",
# "my 2 kids (they're 8 and 10)"
_AGE_BRACKET_RE = re.compile(
    rf"\(\s*(?:(?:they(?:['’]?re| are| r)|ages?d?|aged)\s*:?\s*)*(\d+(?:\.\d+)?(?:\s*(?:,\s*and|,|&|and)\s*\d+(?:\.\d+)?)*)\s*({_AGE_UNIT_RE})?"
    rf"(?:o|/o|\.o\.)?(?:\s*-?\s*olds?)?\s*\)"  # "(3yo)" too
)
# a baby told by its age in months inside such brackets: "our 3 kids (6, 3 and a baby who is 8 months)" (its age in
# years, so the list keeps one unit)
_BRACKET_BABY_RE = re.compile(
    r"(?<=[(,\s])(?:an?|the|our|my)\s+(?:baby|infant|little one)\s+(?:who(?:'s|’s| is)\s+|that(?:'s|’s| is)\s+|of\s+|is\s+)?"
    r"(\d+)\s*(months?|mos?|mo|weeks?|wks?)(?:\s*-?\s*old)?(?=\s*\))"
)
# ... and by its age before it: "our 3 kids (10, 7, and a 6 month old baby)"
_BRACKET_BABY_BEFORE_RE = re.compile(
    r"(?<=[(,\s])(?:an?|the|our|my)\s+(\d+)\s*-?\s*(months?|mos?|mo|weeks?|wks?)(?:\s*-?\s*old)?\s+(?:baby|infant|little one)(?=\s*\))"
)


def _age_factor(unit: str | None) -> float:
    unit = (unit or "y").lower()
    if unit.startswith("mo") or unit == "m":
        return 1 / 12
    if unit.startswith("w"):
        return 7 / 365.25
    return 1.0


def _nouns(kind: str) -> str:
    """The person nouns of ``knowledge/people.yml`` of one ``kind`` ("singular" or "plural") as a regex
    alternation, longest first."""
    return "|".join(sorted((re.escape(str(w)) for w in people_vocab()[kind]), key=len, reverse=True))


@functools.lru_cache(maxsize=1)
def _bare_age_list() -> re.Pattern[str]:
    """Ages listed bare after a comma or an "are" that follows people named in the plural ("three kids, 15, 10
    and 6", "our two nephews, 6 and 13,", "my daughters are 8 and 14", "my three kids, who are 14, 9 and 4"):
    whole numbers joined by commas and a last "and", no unit after them."""
    return re.compile(
        rf"\b({_nouns('plural')})(?:\s*,(?:\s*(?:who are|who're|aged?|ages))?|\s+(?:are|r|who are|aged?))\s*(\d{{1,2}}(?:\s*,\s*\d{{1,2}})*\s*(?:,\s*)?(?:and|&)\s*\d{{1,2}})"
        # ... the last one a baby told in months ("our three kids, who are 7, 4 and 8 months")
        r"(?:\s*(months?|mos?|weeks?|wks?)(?:\s*-?\s*olds?)?)?\b"
        r"(?!\s*(?:x|×|by|sq|square|ft|feet|foot|'|%|percent|units?|rooms?|bedrooms?|\.\d|-?\s*(?:years?|yrs?|months?)))"
    )


@functools.lru_cache(maxsize=1)
def _bare_age_run() -> re.Pattern[str]:
    """Ages listed right after people named in the plural, in shorthand ("2 adults + kids 2, 5, 11"): three or
    more whole numbers joined by commas, no unit after them."""
    return re.compile(
        rf"\b({_nouns('plural')})\s+(\d{{1,2}}(?:\s*,\s*\d{{1,2}}){{2,}})\b"
        r"(?!\s*(?:x|×|by|sq|square|ft|feet|foot|'|%|percent|units?|rooms?|bedrooms?|\.\d|-?\s*(?:years?|yrs?|months?)))"
    )


@functools.lru_cache(maxsize=1)
def _bare_age_one() -> re.Pattern[str]:
    """One age told bare after a person named in the singular ("my daughter is 10 and my son is 14"): a whole
    number after "is", with no unit after it."""
    return re.compile(
        rf"\b({_nouns('singular')})(?:\s+is|'s|\s+who\s+is|\s+who's|\s+just\s+turned|\s+turned)\s+(\d{{1,2}})\b"
        r"(?!\s*(?:x|×|by|sq|square|ft|feet|foot|'|%|percent|units?|rooms?|bedrooms?|\.\d|-|years?|yrs?|y\b|months?|mos?"
        r"|weeks?|wks?|days?|hours?|minutes?|times?|degrees?|°|inch|in\b))"
    )


# the speaker's own age: "my sister is 16 and I'm 19" (the speaker is one of the people, with that age)
_SELF_AGE_RE = re.compile(
    r"\b(?:i'm|im|i am)\s+(\d{1,2})(?:\s*(?:years?|yrs?)\s*-?\s*old)?\b"
    r"(?!\s*(?:x|×|by|sq|square|ft|feet|foot|'|%|percent|units?|rooms?|bedrooms?|\.\d|-|months?|weeks?|days?|hours?|degrees?|°))"
)


# the age of the person just named, told by a pronoun: "what if we put the baby's crib in there too, she's 6 months?"
_PRONOUN_AGE_RE = re.compile(
    rf"\b(?:she|he)(?:'s|’s| is)\s+(?:only |just |about |almost |nearly )?(\d+(?:\.\d+)?)\s*-?\s*({_AGE_UNIT_RE})\b(?:\s*-?\s*olds?)?"
)


# Ages told in a sentence of their own after the people ("My 3 kids share a bedroom. They're 4, 10 and 14."): whole
# numbers joined by commas and a last "and", in years.
_THEY_AGES_RE = re.compile(
    r"\b(?:they(?:'|’)?re|they are|they r|their ages are|ages are)\s+(\d{1,2}(?:\s*,\s*\d{1,2})*\s*(?:,\s*)?(?:and|&)\s*\d{1,2})\b"
    r"(?:\s*(?:years?|yrs?)(?:\s*old)?\b)?(?!\s*(?:x|×|by|sq|square|ft|feet|foot|'|%|percent|units?|rooms?|bedrooms?|\.\d|-?\s*months?))"
)


def _mark_ages(text: str) -> tuple[str, list[list[float]]]:
    """Replace age phrases by markers ``AGE0``, ``AGE1``, …; return the text and each marker's ages."""
    found: list[list[float]] = []

    def list_sub(match: re.Match[str]) -> str:
        raw = match.group(1) or match.group(3)
        unit = match.group(2) or match.group(4)
        values = [float(v) for v in re.findall(r"\d+(?:\.\d+)?", raw)]
        # "they're 4, 7 and 9 months old": the last one a baby (siblings' ages in months would differ by a year at least;
        # "twins, 8 and 8 months" are all babies)
        last_only = _age_factor(unit) < 1 and len(set(values)) > 1
        values = [v * (_age_factor(unit) if not last_only or k == len(values) - 1 else 1.0) for k, v in enumerate(values)]
        found.append(values)
        return f" agelist{len(found) - 1} "

    def one_sub(match: re.Match[str]) -> str:
        if match.group(9):
            found.append([float(match.group(9)) * _age_factor(match.group(10))])
        elif match.group(7):
            found.append([float(match.group(7)) * _age_factor(match.group(8))])
        elif match.group(6):
            found.append([0.0])
        elif match.group(1):
            found.append([float(match.group(1)) * _age_factor(match.group(2))])
            if match.group(3) == "olds":
                found[-1].append(-1.0)  # plural marker: "two 12-year-olds"
        else:
            found.append([float(match.group(4))])
        return f" age{len(found) - 1} "

    def bracket_sub(match: re.Match[str]) -> str:
        values = [float(v) * _age_factor(match.group(2)) for v in re.findall(r"\d+(?:\.\d+)?", match.group(1))]
        found.append(values)
        return f" agelist{len(found) - 1} " if len(values) > 1 else f" age{len(found) - 1} "

    def bare_sub(match: re.Match[str]) -> str:
        found.append([float(v) for v in re.findall(r"\d+", match.group(2))])
        if match.lastindex and match.lastindex >= 3 and match.group(3):  # "7, 4 and 8 months": the last in months
            found[-1][-1] *= _age_factor(match.group(3))
        return f"{match.group(1)} agelist{len(found) - 1} "

    def they_sub(match: re.Match[str]) -> str:
        found.append([float(v) for v in re.findall(r"\d+", match.group(1))])
        return f" , agelist{len(found) - 1} "  # given to the people of the last plural count, as after a comma

    def bare_one_sub(match: re.Match[str]) -> str:
        found.append([float(match.group(2))])
        return f"{match.group(1)} age{len(found) - 1} "

    def self_sub(match: re.Match[str]) -> str:
        found.append([float(match.group(1))])
        return f" me age{len(found) - 1} "

    def pronoun_sub(match: re.Match[str]) -> str:
        found.append([float(match.group(1)) * _age_factor(match.group(2))])
        return f" heage{len(found) - 1} "

    text = _SELF_AGE_RE.sub(self_sub, text)
    text = _PRONOUN_AGE_RE.sub(pronoun_sub, text)
    text = _THEY_AGES_RE.sub(they_sub, text)
    text = _bare_age_list().sub(bare_sub, text)
    text = _bare_age_run().sub(bare_sub, text)
    text = _bare_age_one().sub(bare_one_sub, text)
    for baby in (_BRACKET_BABY_RE, _BRACKET_BABY_BEFORE_RE):
        text = baby.sub(lambda m: f"{float(m.group(1)) * _age_factor(m.group(2)):.2f}", text)
    text = _AGE_BRACKET_RE.sub(bracket_sub, text)
    text = _AGE_LIST_RE.sub(list_sub, text)
    text = _AGE_ONE_RE.sub(one_sub, text)
    return text, found


# words between a person and the age that describes them: "our baby who is 5 months old"
_AGE_LINKS = frozenset({"who", "is", "that", "thats", "was", "just", "only", "about", "around", "now"})


def _phrase_in(words: list[str], i: int, phrases: Iterable[str]) -> bool:
    """Whether one of ``phrases`` (space-separated words) starts at ``words[i]``."""
    for phrase in phrases:
        parts = phrase.split()
        if words[i : i + len(parts)] == parts:
            return True
    return False


def _they_are(found: re.Match[str]) -> str:
    ages = [a for a in found.groups() if a]
    return "they are " + ", ".join(ages[:-1]) + " and " + ages[-1]


def _each_in_turn(found: re.Match[str]) -> str:
    """"my son and daughter are 7 and 9" as "my son is 7 and my daughter is 9" (the first one's "my" serves both)."""
    first, second, first_age, second_age = found.groups()
    singular = people_vocab().get("singular") or {}
    if first.split()[-1] not in singular or second.split()[-1] not in singular:
        return found.group(0)
    if len(second.split()) == 1:
        second = f"{first.split()[0]} {second}"
    return f"{first} is {first_age} and {second} is {second_age}"


@functools.lru_cache(maxsize=1)
def _transposed_person_words() -> dict[str, str]:
    """Each person word of ``people.yml`` of six letters or more with two neighbouring letters swapped ("boyfreind")."""
    vocab = people_vocab()
    words = [w for w in (*(vocab.get("singular") or {}), *(vocab.get("plural") or {})) if re.fullmatch(r"[a-z]{6,}", w)]
    swapped = {w[:i] + w[i + 1] + w[i] + w[i + 2 :]: w for w in words for i in range(1, len(w) - 1) if w[i] != w[i + 1]}
    return {typo: word for typo, word in swapped.items() if typo not in words}


def _person_word(match: re.Match[str]) -> str:
    """The person word a long word is a typo of (two letters swapped, the first letter kept), else the word itself."""
    return _transposed_person_words().get(match.group(0), match.group(0))


def parse_household(text: str) -> Household | None:
    """Who the people of a message are, with what their words say about their ages, or None.

    "me and my 2 kids" → an adult and two children; "my husband, me and our toddler" → two adults
    and a toddler; "a mom and her 6-month-old" → an adult and a child of 0.5 years; "a couple with
    a baby"; "3 teenagers"; "4 roomers"; "a family of four with 2 kids" → four, two of them children.
    The words come from ``knowledge/people.yml``. Never raises on user text.
    """
    if not isinstance(text, str) or not text.strip():
        return None
    vocab = people_vocab()
    lowered = words_to_digits(without_citations(text[:MAX_TEXT_CHARS].lower())).replace("’", "'")
    lowered = re.sub(r"[a-z]{6,}", _person_word, lowered)  # "me and my boyfreind": a boyfriend
    lowered = re.sub(r"\d+(?:\.\d+)?\s*(?:x|×|by|\*)\s*\d+(?:\.\d+)?", " dims ", lowered)  # room sizes are not people
    if vocab.get("unmarked_possessive"):  # "my sons bedroom … big enough for him?": my son's bedroom
        singular = vocab.get("singular") or {}
        lowered = re.sub(
            str(vocab["unmarked_possessive"]),
            lambda m: f"{m.group(1)} {m.group(2)}'s {m.group(3)}" if m.group(2) in singular else m.group(0),
            lowered,
        )
    # "my two daughters … one is 14 and the other is 9": their ages, as "they're 14 and 9"
    if vocab.get("one_and_the_other"):
        lowered = re.sub(str(vocab["one_and_the_other"]), r"they are \1 and \2", lowered)
    including = "|".join(re.escape(str(w)) for w in vocab.get("including_words") or ())
    if including:  # "18 ppl incl me and my family who …": the 18 are everyone (as "me and my family, making 18 ppl")
        lowered = re.sub(rf"\b(\d+ (?:{_nouns('plural')}))\b,?\s+(?:{including})\b\.?\s*([^.,;?!]*)", r"\2, making \1", lowered)
    if vocab.get("each_in_turn"):  # "my son and daughter are 7 and 9": my son is 7 and my daughter is 9
        lowered = re.sub(str(vocab["each_in_turn"]), _each_in_turn, lowered)
    if vocab.get("oldest_to_youngest"):  # "my oldest is 14, the middle one is 8 and the youngest just turned 5"
        lowered = re.sub(str(vocab["oldest_to_youngest"]), _they_are, lowered)
    for pattern in vocab.get("no_one_more") or ():  # "their adult grandson, who is their caregiver": one person again
        lowered = re.sub(str(pattern), " ", lowered)
    phrases = {**(vocab.get("newborn_phrases") or {}), **(vocab.get("counted_phrases") or {})}
    for phrase, counted in phrases.items():  # "both of us": 2 of us; "having a baby": having a newborn
        lowered = re.sub(rf"\b{re.escape(str(phrase))}\b", str(counted), lowered)
    owners = "|".join(re.escape(str(w)) for w in vocab.get("partitive_owners") or ())
    if owners:  # "3 of my kids": my 3 kids
        lowered = re.sub(rf"\b(\d{{1,2}}) of ({owners}) (?=[a-z-]+\b)", r"\2 \1 ", lowered)
    comparisons = "|".join(re.escape(str(c)) for c in [*(vocab.get("comparisons") or ()), *(vocab.get("claimed_limits") or ())])
    if comparisons:  # "occupied by more than one person" sets a condition, "only allows 2 people" a limit: they count no one
        lowered = re.sub(rf"\b(?:{comparisons})\s+\d+(?:\.\d+)?", " ", lowered)
    lowered, age_marks = _mark_ages(lowered)
    words = re.findall(r"agelist\d+|heage\d+|age\d+|\d+(?:st|nd|rd|th)\b|\d+(?:\.\d+)?|[a-z]+(?:-[a-z]+)*|[,&+]", lowered)
    singular: dict[str, str] = vocab["singular"]
    plural: dict[str, str] = vocab["plural"]
    groups: dict[str, list[str]] = vocab["groups"]
    dets = {str(d) for d in vocab["determiners"]}
    speaking = {str(w) for w in vocab.get("speaking") or ()}
    between = {str(w) for w in vocab.get("speaking_between") or ()}
    joiners = {str(j) for j in vocab["joiners"]}
    adjective_bands: dict[str, str] = {str(k): str(v) for k, v in (vocab.get("adjective_bands") or {}).items()}
    adjectives = set(_PEOPLE_ADJ) | {"new", "baby"} | set(adjective_bands)
    nouns = set(singular) | set(plural)
    persons: list[Person] = []
    total: int | None = None
    complete = True
    open_group: list[int] = []  # indexes of persons from a plural count, still without ages
    attached = [False]  # the last ages went to people already counted ("2 kids, a 3-year-old and a newborn")
    uncounted: str | None = None  # the band of "my kids" (a count not given), until ages give it
    uncounted_at = [0]  # how many persons were counted when it was named
    named_at = [-1]  # the word index of the singular noun that added the last person
    joined_speaker: list[int] = []  # where "with me" put the speaker among the persons
    counted_elsewhere: list[bool] = []  # for each "my kids" / "the boys" (no count), whether it was "the …"
    ordinals: dict[str, int] = {str(k): int(v) for k, v in (vocab.get("ordinals") or {}).items()}
    generic: list[tuple[int, int]] = []  # where "5 ppl", "3 people" added persons of no band
    counted: set[tuple[int, str]] = set()  # the plural counts given so far, by size and band
    i = 0
    n = len(words)

    def is_number(word: str) -> bool:
        return re.fullmatch(r"\d+(?:\.\d+)?", word) is not None

    def skip_adjectives(j: int) -> int:
        while j < n and words[j] in adjectives and j + 1 < n and (words[j + 1] in nouns or words[j + 1] in adjectives):
            j += 1
        return j

    def band_of(j: int, noun_band: str) -> str:
        """A "teenage" before the noun makes the band teen, an "adult" adult (``adjective_bands``)."""
        if j > 0 and words[j - 1] in adjective_bands and noun_band in ("child", "person"):
            return adjective_bands[words[j - 1]]
        return noun_band

    def attach(ages: list[float], after_comma: bool) -> bool:
        """Give stated ages to the people of the last plural count that have none yet."""
        nonlocal open_group
        if not open_group or not after_comma or len(ages) > len(open_group):
            return False
        low, high = band_span(persons[open_group[0]].band)
        if not all(low <= age <= high + 1 for age in ages):
            return False
        for age in ages:
            index = open_group.pop(0)
            persons[index] = Person(persons[index].band, age)
        attached[0] = True
        return True

    while i < n:
        word = words[i]
        prev = words[i - 1] if i else ""
        if re.fullmatch(r"agelist\d+", word):
            ages = age_marks[int(word[7:])]
            if uncounted is not None:  # "my kids are 3, 7 and 14 years old"
                # ("my tenants 2 teens (14 and 16)": the ages of the count told after them, who are those people)
                named_after = bool(open_group) and min(open_group) >= uncounted_at[0] and len(ages) == len(open_group)
                if not (named_after and attach(ages, True)):
                    persons.extend(Person(uncounted, a) for a in ages)
                uncounted, complete = None, True
                i += 1
                continue
            # (… or right after the plural count they are the ages of: "can i put 2 kids in it (ages 7 and 10)?")
            last_group = bool(open_group) and open_group[-1] == len(persons) - 1 and len(ages) == len(open_group)
            if not attach(ages, prev in (",", "ages", "aged") or prev in plural or prev.startswith("agelist") or last_group):
                if len(ages) > 1 or prev in dets:
                    persons.extend(Person("person", a) for a in ages)
            i += 1
            continue
        if re.fullmatch(r"heage\d+", word):  # "… the baby's crib … she's 6 months": the last one named without an age
            unaged = [k for k, p in enumerate(persons) if p.age is None]
            if unaged:
                persons[unaged[-1]] = Person(persons[unaged[-1]].band, age_marks[int(word[5:])][0])
            i += 1
            continue
        if re.fullmatch(r"age\d+", word):
            ages = age_marks[int(word[3:])]
            count = 1
            if ages and ages[-1] == -1.0:  # "two 12-year-olds"
                ages = ages[:-1]
                count = int(float(prev)) if is_number(prev) and float(prev).is_integer() else 0
                if not count:
                    complete = False
            before = words[i - 2] if prev in dets and i > 1 else prev
            after_comma = before == "," or (attached[0] and before in joiners)
            between = words[named_at[0] + 1 : i] if named_at[0] >= 0 else ["-"]
            described = named_at[0] == i - 1 or (0 < len(between) <= 3 and set(between) <= _AGE_LINKS)
            if count == 1 and described and persons and persons[-1].age is None:
                persons[-1] = Person(persons[-1].band, ages[0])  # "a baby (6 months)", "my son 4 years old"
            elif not attach(ages * count, after_comma or (count == 1 and prev in nouns)):  # "1 kid (3yo)"
                persons.extend(Person("person", ages[0]) for _ in range(count))
            j = i + 1
            if j < n and words[j] in singular:  # "a 6-year-old son"
                j += 1
            i = j
            continue
        if is_number(word):
            value = float(word)
            j = skip_adjectives(i + 1)
            totals = {str(w) for w in vocab.get("total_words") or ["for"]}
            stated_total = prev in totals or (prev == "of" and i >= 2 and words[i - 2] == "total")
            if stated_total and j < n and value.is_integer() and persons and _the_ones_named(persons, int(value), plural.get(words[j]), vocab):
                # "me and my buddy ... how big for 2 people", "add a roommate so 3 ppl": the ones named, in all ("my son is
                # 14 and his cousin is 15 … too small for two teenagers": the two named)
                total = int(value)
                i = j + 1
                continue
            if j < n and words[j] in plural | singular and value.is_integer() and 0 < value <= 1000:
                band = band_of(j, plural.get(words[j]) or singular[words[j]])
                if prev not in joiners and (int(value), band) in counted and value > 1:
                    i = j + 1  # "My three boys share a bedroom … How many square feet do three kids need?": the same ones
                    continue
                counted.add((int(value), band))
                start = len(persons)
                bound = _bound_after(words, j + 1, vocab)  # "3 kids under 12": children younger than 12
                bounded = f"{band}{bound[0]}{bound[1]:g}" if bound else band
                persons.extend(Person(bounded) for _ in range(int(value)))
                open_group = list(range(start, len(persons)))
                if band == "person":
                    generic.append((start, len(persons)))
                i = bound[2] if bound else j + 1
                continue
            if j + 1 < n and words[j] == "of" and words[j + 1] in ("us", "them") and value.is_integer():
                total = int(value)
                i = j + 2
                continue
            if (
                j < n
                and words[j] in ("person", "people", "member")
                and j + 1 < n
                and words[j + 1] in ("household", "family")
            ):
                total = int(value) if value.is_integer() else None
                i = j + 2
                continue
            i += 1
            continue
        if word in ("family", "household", "fam") and i + 2 < n and words[i + 1] == "of" and is_number(words[i + 2]):
            size = int(float(words[i + 2])) if float(words[i + 2]).is_integer() else None
            # "plus my family of 3", "plus the owner's family of 3" (a joiner within the words before)
            joined = bool(set(words[max(0, i - 4) : i]) & (joiners - {","}))
            if joined and persons and size:  # "18 roomers plus my family of 3": three more
                persons.extend(Person("person") for _ in range(size))
            elif joined and total is not None and size:  # "9 of us renters plus the owner's family of 3": 12
                total += size
            else:
                total = size
            i += 3
            continue
        # "(we're 15 and 17)": the ages of the people named, not a head count
        ages_told = i + 4 < n and is_number(words[i + 2]) and words[i + 3] in ("and", "&", ",") and is_number(words[i + 4])
        if word == "we" and ages_told and words[i + 1] in ("are", "re"):
            told, k = [float(words[i + 2])], i + 3
            while k + 1 < n and words[k] in ("and", "&", ",") and is_number(words[k + 1]):
                told.append(float(words[k + 1]))
                k += 2
            if len(told) == len(persons) and all(p.age is None for p in persons):  # "me and my sister (we're 15 and 17)"
                persons = [Person(p.band if p.band != "adult" or age >= 18 else "person", age) for p, age in zip(persons, told)]
            i = k
            continue
        named_next = (plural.get(words[i + 3]) or singular.get(words[i + 3])) if i + 3 < n else None
        counted_next = named_next not in (None, "person")  # "we're 2 adults and 3 kids": counted by kind, not a total
        if word == "we" and i + 2 < n and words[i + 1] in ("are", "re") and is_number(words[i + 2]) and not ages_told and not counted_next:
            total = int(float(words[i + 2]))
            i += 3
            continue
        nxt_word = words[i + 1] if i + 1 < n else ""
        if word in groups and nxt_word != "of" and (prev in dets or prev in joiners or i == 0 or (nxt_word in joiners and nxt_word != ",")):
            # "couple w an 8 month old baby", "… 400 sq ft habitable. couple w/ 1 kid (3yo)"
            persons.extend(Person(band) for band in groups[word])
            open_group = []
            i += 1
            continue
        if word in ("me", "myself"):
            nxt = words[i + 1] if i + 1 < n else ""
            if prev in ("just", "only", "by") and nxt not in joiners:
                persons.append(Person("adult"))
                i += 1
                continue
            after = words[i + 2] if i + 2 < n else ""
            listed = nxt in ("my", "our") and after in nouns  # "me my boyfriend and our roommate": a list without commas
            if prev in joiners or prev == "for" or nxt in joiners - {","} or listed or (nxt == "," and (after in dets or after in nouns or is_number(after))):
                if prev == "with":
                    joined_speaker.append(len(persons))
                persons.append(Person("adult"))
                named_at[0] = i  # "… and I'm 19": the age that follows is the speaker's
                i += 1
                continue
            i += 1
            continue
        if word == "alone" and prev in ("live", "living", "lives", "sleep", "sleeps"):
            persons.append(Person("adult"))
            i += 1
            continue
        if word in ordinals:  # "a 2nd guy in with me": two people
            j = skip_adjectives(i + 1)
            if j < n and words[j] in singular and total is None:
                total = ordinals[word]
                persons.append(Person(band_of(j, singular[words[j]])))
                i = j + 1
                continue
        if word in dets:
            j = skip_adjectives(i + 1)
            if j < n and words[j] in ordinals:
                i = j
                continue
            if j < n and words[j] in singular:
                band = band_of(j, singular[words[j]])
                if word == "the" and _named_before(persons, band, vocab["bands"]):
                    i = j + 1  # "… with a brand new baby … Does the baby even count?": the same baby
                    continue
                k = j + 1
                while k < n and words[k] in between:
                    k += 1
                if k < n and words[k] in speaking:
                    i = k + 1  # "my mom (keeps) say(ing) the landlord isnt allowed …": who says so, not who sleeps there
                    continue
                persons.append(Person(band))
                named_at[0] = j
                open_group = []
                i = j + 1
                continue
            if j < n and words[j] in plural and word in ("my", "our", "her", "his", "their", "the"):
                complete, uncounted = False, band_of(j, plural[words[j]])  # "my kids": how many is not said
                uncounted_at[0] = len(persons)
                counted_elsewhere.append(word == "the")
                i = j + 1
                continue
        elif word in singular and word not in ("person", "occupant", "resident", "sleeper") and (
            prev in joiners or (nxt_word in joiners - {","} and i + 2 < n and (words[i + 2] in dets | nouns or is_number(words[i + 2])))
        ):
            persons.append(Person(singular[word]))  # "husband, me and toddler"; "single mom + her 8 month old baby"
            i += 1
            continue
        i += 1
    persons = _without_restated(persons, generic)
    if total is not None:
        if total <= 0:
            return Household((), False)
        if total > len(persons):
            fillers = [Person("person") for _ in range(total - len(persons))]
            if _speaker_is_parent(words, vocab) and not any(p.band == "adult" for p in persons):
                fillers[0] = Person("adult")  # "with my 2 kids, theyre 5 and 9 … all 3 of us": the speaker, a parent
            persons.extend(fillers)
            complete = True
        elif total < len(persons):
            persons = persons[:total] if all(p.band == "person" and p.age is None for p in persons[total:]) else persons
    if not persons and complete:
        return None
    speaker = any(p in words for p in vocab["self_words"]) or (total is not None and "we" in words)
    if persons and complete and total is None and not speaker:
        if any(_phrase_in(words, k, vocab.get("sharing_with_me") or ()) for k in range(n)) or any(
            words[k] in nouns and _phrase_in(words, k + 1, vocab.get("named_then_me") or ()) for k in range(n)
        ):
            persons.append(Person("adult"))  # "I share a room with two other guys": three people; "my wife and I": two
    not_adding = vocab.get("not_adding") or ()
    adding = any(_phrase_in(words, k, vocab["adding"]) and not _phrase_in(words, k, not_adding) for k in range(n))
    if adding and persons and not complete and uncounted is not None and counted_elsewhere and all(counted_elsewhere):
        complete = True  # "a baby … Could the crib go in that same room with the boys?": the boys are there already
    # "what if my sister moves in with me (and my son)?": those from the speaker on are already there
    joining = joined_speaker[0] if adding and total is None and joined_speaker and joined_speaker[0] > 0 else None
    return Household(tuple(persons), complete and bool(persons), adding, total is not None, joining)


def _speaker_is_parent(words: list[str], vocab: dict[str, Any]) -> bool:
    """Whether the speaker named their own children ("my 2 kids", "our baby"): ``parent_words`` before a word of
    ``children_bands`` (a number or an adjective may come between)."""
    parents = {str(w) for w in vocab.get("parent_words") or ()}
    bands = {str(b) for b in vocab.get("children_bands") or ()}
    named = {**vocab["singular"], **vocab["plural"]}
    for k, word in enumerate(words):
        if word not in parents:
            continue
        for nxt in words[k + 1 : k + 4]:
            if named.get(nxt) in bands:
                return True
            if nxt in named:
                break
    return False


def children_of(persons: Sequence[Person]) -> tuple[Person, ...]:
    """The children among persons of whom some are adults (a stated age under 18, or a band wholly under adult age,
    such as child, teen, baby); empty when none are, or all are."""
    bands = people_vocab()["bands"]
    adult_low = float(bands["adult"][0])

    def is_child(person: Person) -> bool:
        if person.age is not None:
            return person.age < adult_low
        return person.band not in ("person", "adult") and band_span(person.band)[0] < adult_low

    children = tuple(p for p in persons if is_child(p))
    return children if 0 < len(children) < len(persons) else ()


def _the_ones_named(persons: list[Person], count: int, band: str | None, vocab: dict[str, Any]) -> bool:
    """Whether "for <count> <plural of band>" after a story counts the ones it named: "people" always (a total), another
    band when there are that many named and each is of the band or of an age in it."""
    if band == "person":
        return True
    if band is None or count != len(persons):
        return False
    low, high = vocab["bands"].get(band, vocab["bands"]["person"])
    return all(p.band == band or (p.age is not None and low <= p.age <= high) for p in persons)


def _named_before(persons: list[Person], band: str, bands: dict[str, list[float]]) -> bool:
    """Whether "the <person>" names someone already counted: a person of that band, or of an age in it."""
    low, high = bands.get(band, bands["person"])
    return band != "person" and any(p.band == band or (p.age is not None and low <= p.age <= high) for p in persons)


def _without_restated(persons: list[Person], generic: list[tuple[int, int]]) -> list[Person]:
    """The persons without a plain head count that the message breaks down into bands elsewhere: "5 ppl (2 adults
    3 kids)" is five people, not ten. Only when the others number exactly as many and come in two or more bands
    ("2 adults and 2 other people" stays four)."""
    for start, end in generic:
        others = persons[:start] + persons[end:]
        if len(others) == end - start and len({p.band for p in others}) >= 2 and all(p.band != "person" for p in others):
            return others
    return persons


def resolve_ages(
    household: Household, thresholds: Iterable[float], counted_over: float | None = None
) -> tuple[int | None, list[float]]:
    """A head count and the ages the calculator can use, for a code whose figures change at ``thresholds``.

    A stated age is used as it is. A word's age band is used only when the whole band lies on one side
    of every threshold (a teenager is over 12; an adult is over 1); the age given to the calculator is
    then the band's middle, which is on the same side of every threshold. Otherwise the age stays unknown.
    ``counted_over`` is the age a person must be over to count as an occupant: a band reaching over it
    (a toddler, a baby) is taken as over it, as the calculator counts a person whose age is not given.
    """
    cuts = sorted(set(float(t) for t in thresholds))
    ages: list[float] = []
    for person in household.persons:
        if person.age is not None:
            ages.append(person.age)
            continue
        low, high = band_span(person.band)
        if counted_over is not None and low <= counted_over < high:
            low = counted_over + 1 / 24  # counted, as an unstated age is
        if all(low > t or high < t for t in cuts) and all(not (low <= t < high) for t in cuts):
            ages.append((low + high) / 2)
    return household.count, ages
