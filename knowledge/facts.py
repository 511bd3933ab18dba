"""Read, from a user's own words, the facts the responsibility rules depend on.

The vocabulary (phrases → fact values, the order facts are asked in, which facts are
exceptions, which words name a duty in a "who" question) is data: ``knowledge/facts.yml``,
validated here and compiled into the knowledge base by ``knowledge/build.py``. This module is
pure: no Rasa, no database.

A fact value is an int (a count), a bool, or an open count ``{"gte": n}`` ("the neighbours
have them too": two or more units are infested).
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from knowledge.parsing import words_to_digits
from knowledge.yes_no_forms import first_asked

FACTS_PATH = Path(__file__).resolve().parent / "facts.yml"
_NUMBER = r"(?P<n>\d{1,4})"
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
MAX_TEXT = 2000

Facts = dict[str, Any]


@dataclass(frozen=True)
class Phrase:
    """One compiled phrase: the fact it states, its value, and what it implies besides."""

    fact: str
    value: Any
    pattern: re.Pattern[str]
    counts: bool
    also: Mapping[str, Any] = field(default_factory=dict)
    unless_given: bool = False
    whole_text: bool = False


@dataclass(frozen=True)
class Vocabulary:
    """The compiled fact vocabulary."""

    phrases: tuple[Phrase, ...]
    ask: tuple[str, ...]
    exceptions: tuple[str, ...]
    assumed: Mapping[str, Any]
    same_as: Mapping[str, str]
    roles: Mapping[str, Mapping[str, Any]]
    intents: Mapping[str, Mapping[str, Any]]
    duties: tuple[tuple[str, re.Pattern[str]], ...]
    who: tuple[re.Pattern[str], ...]
    wording: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    topic_duty: Mapping[str, str] = field(default_factory=dict)
    # words that do not tell two duties apart ("trash bins"): name -> its duties, in tie order
    either: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # which side of a lease each party is on (a verdict on one side is the more definite)
    sides: Mapping[str, str] = field(default_factory=dict)
    # yes/no questions that propose one side ("do I have to ...?"), and the asker's side from their words
    proposals: Mapping[str, tuple[re.Pattern[str], ...]] = field(default_factory=dict)
    askers: Mapping[str, tuple[re.Pattern[str], ...]] = field(default_factory=dict)
    # words naming a party or the asker: a yes/no question with them is about who carries a duty
    party_words: tuple[re.Pattern[str], ...] = ()
    # "who" questions about an officer or a body ("who approves ...?", "who issues the permits?"), not a party
    officer_questions: tuple[re.Pattern[str], ...] = ()
    contact_questions: tuple[re.Pattern[str], ...] = ()  # whom to contact about what the story tells (also officer questions)
    thing_questions: tuple[re.Pattern[str], ...] = ()
    # "what if the people on the other side get them too?": a question that only changes the facts of the last one
    what_if_questions: tuple[re.Pattern[str], ...] = ()
    # "… keeps refusing to let me in. wat does the code say": an open question about the duty the story names
    story_questions: tuple[re.Pattern[str], ...] = ()
    # the officers and bodies a text may name: an officer question's answer names one ("issued by the Health Officer")
    officer_titles: tuple[str, ...] = ()
    # the words of a rule that set when a duty is due ("at all reasonable times"): a decided verdict says them
    duty_qualifiers: tuple[str, ...] = ()
    # duties that forbid an act ("no owner shall shut off …"): asked whether the act is allowed, a decided one says no
    # (duty -> {"act": the act in words, "unless_named": words naming the texts' exceptions})
    prohibitions: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # the topic each duty belongs to (vocab.yml's topics), to tell a story's duty from the asked one's
    duty_topics: Mapping[str, str] = field(default_factory=dict)
    # a story's duty that a plainer one the asking sentence names only points back to (``refined_by`` in facts.yml)
    refined_by: Mapping[str, str] = field(default_factory=dict)
    points_back: re.Pattern[str] | None = None  # ... when the asking sentence names the story's thing by a pronoun
    refined_unless: re.Pattern[str] | None = None  # ... and the story tells nothing of the plainer duty's own errand

    def members(self, duty: str | None) -> tuple[str, ...]:
        """The duties a question names: both of an ``either`` pair, else the duty itself."""
        if duty is None:
            return ()
        entry = self.either.get(duty)
        return tuple(entry["duties"]) if entry else (duty,)

    @property
    def exception_defaults(self) -> dict[str, Any]:
        """Every exception fact with the value it is taken to have until the user says otherwise."""
        return {fact: self.assumed.get(fact, False) for fact in self.exceptions}


def load(path: Path = FACTS_PATH) -> dict[str, Any]:
    """The raw fact vocabulary file, parsed once per version of the file (answers read its wording on
    every duty answer; parsing the YAML each time cost about 0.1 s an answer). Read-only: do not mutate."""
    stat = os.stat(path)
    return _parsed(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=4)
def _parsed(path: str, mtime_ns: int, size: int) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _fact_pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + pattern.replace("{N}", _NUMBER) + r")(?!\w)", re.IGNORECASE)


def _valid_value(value: Any, kind: str) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if value == "N":
        return True
    if isinstance(value, Mapping):
        return set(value) <= {"gte", "lte"} and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value.values()
        )
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def validate(raw: Mapping[str, Any], facts: Mapping[str, Mapping[str, Any]], duties: Mapping[str, Any]) -> list[str]:
    """Problems in a raw fact vocabulary, checked against vocab.yml's ``facts`` and ``duties``."""
    problems: list[str] = []
    if not isinstance(raw, Mapping):
        return ["the fact vocabulary must be a mapping"]
    listed = [*raw.get("ask", []), *(raw.get("exceptions") or {})]
    for fact in listed:
        if fact not in facts:
            problems.append(f"ask/exceptions: unknown fact {fact!r}")
    if len(set(listed)) != len(listed):
        problems.append("a fact is listed twice in ask/exceptions")
    for fact in facts:
        if fact not in listed:
            problems.append(f"fact {fact!r} is neither in ask nor in exceptions")
    for fact, value in (raw.get("exceptions") or {}).items():
        if fact in facts and value is not None and not _valid_value(value, facts[fact]["type"]):
            problems.append(f"exceptions.{fact}: {value!r} is not a {facts[fact]['type']}")
    for fact, other in (raw.get("same_as") or {}).items():
        if fact not in raw.get("exceptions", []) or other not in facts or facts[fact]["type"] != "int":
            problems.append(f"same_as: {fact} must be a count listed in exceptions, {other} a known fact")
    for section in ("roles", "intents"):
        for name, given in (raw.get(section) or {}).items():
            for fact, value in given.items():
                if fact not in facts or not _valid_value(value, facts[fact]["type"]) or value == "N":
                    problems.append(f"{section}.{name}: bad fact or value {fact}: {value!r}")
    for index, entry in enumerate(raw.get("phrases") or []):
        where = f"phrases[{index}]"
        fact = entry.get("fact")
        if fact not in facts:
            problems.append(f"{where}: unknown fact {fact!r}")
            continue
        kind = facts[fact]["type"]
        if not _valid_value(entry.get("value"), kind):
            problems.append(f"{where}: value {entry.get('value')!r} is not a {kind}")
        patterns = entry.get("patterns") or []
        if not patterns:
            problems.append(f"{where}: no patterns")
        for pattern in patterns:
            if (entry.get("value") == "N") != ("{N}" in pattern):
                problems.append(f"{where}: value N and {{N}} go together ({pattern!r})")
            try:
                _fact_pattern(pattern)
            except re.error as exc:
                problems.append(f"{where}: bad pattern {pattern!r}: {exc}")
        for other, value in (entry.get("also") or {}).items():
            if other not in facts or not _valid_value(value, facts[other]["type"]) or value == "N":
                problems.append(f"{where}: bad implied fact {other}: {value!r}")
    for duty, patterns in (raw.get("duty_phrases") or {}).items():
        if duty not in duties and duty not in (raw.get("either") or {}):
            problems.append(f"duty_phrases: unknown duty {duty!r}")
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                problems.append(f"duty_phrases.{duty}: bad pattern {pattern!r}: {exc}")
    for fact, words in (raw.get("wording") or {}).items():
        if fact not in facts:
            problems.append(f"wording: unknown fact {fact!r}")
            continue
        needed = ("when_true", "when_false") if facts[fact]["type"] == "bool" else ("one", "many")
        for key in (*needed, "depends"):
            if not isinstance(words.get(key), str) or not words[key].strip():
                problems.append(f"wording.{fact}: {key} is missing")
    for fact in facts:
        if fact not in (raw.get("wording") or {}):
            problems.append(f"wording: fact {fact!r} has no wording")
    for topic, duty in (raw.get("topic_duty") or {}).items():
        if duty not in duties:
            problems.append(f"topic_duty.{topic}: unknown duty {duty!r}")
    for duty, words in (raw.get("duty_short") or {}).items():
        if duty not in duties or not isinstance(words, str):
            problems.append(f"duty_short: unknown duty {duty!r} or no words")
    either = raw.get("either") or {}
    for name, entry in either.items():
        members = (entry or {}).get("duties") or []
        if name in duties or len(members) < 2 or any(d not in duties for d in members):
            problems.append(f"either.{name}: must be a new name for two or more known duties")
        if not isinstance((entry or {}).get("what"), str):
            problems.append(f"either.{name}: 'what' (the duties in words) is missing")
    for party, side in (raw.get("sides") or {}).items():
        if side not in ("landlord", "tenant"):
            problems.append(f"sides.{party}: {side!r} is neither landlord nor tenant")
    for section, allowed in (("proposals", ("asker", "other", "owner", "occupant", "both", "refusal", "asker_refusal", "obliged", "waived", "allowed")), ("asker", ("owner", "occupant"))):
        for name, patterns in (raw.get(section) or {}).items():
            if name not in allowed:
                problems.append(f"{section}.{name}: must be one of {', '.join(allowed)}")
            for pattern in patterns or []:
                try:
                    re.compile(pattern)
                except re.error as exc:
                    problems.append(f"{section}.{name}: bad pattern {pattern!r}: {exc}")
    for duty, entry in (raw.get("prohibitions") or {}).items():
        if duty not in duties or not isinstance((entry or {}).get("act"), str):
            problems.append(f"prohibitions.{duty}: unknown duty, or no 'act' in words")
    for key in ("who_phrases", "story_questions", "what_if_questions"):
        for pattern in raw.get(key) or []:
            try:
                re.compile(pattern)
            except re.error as exc:
                problems.append(f"{key}: bad pattern {pattern!r}: {exc}")
    return problems


def compile_vocabulary(
    raw: Mapping[str, Any], facts: Mapping[str, Mapping[str, Any]], duty_topics: Mapping[str, str] | None = None
) -> Vocabulary:
    """Compile a validated raw vocabulary (``facts`` is vocab.yml's fact list, for the types; ``duty_topics`` the
    topic of each duty, from vocab.yml's topics)."""
    phrases = tuple(
        Phrase(
            fact=entry["fact"],
            value=entry["value"],
            pattern=_fact_pattern(pattern),
            counts=facts[entry["fact"]]["type"] == "int",
            also=dict(entry.get("also") or {}),
            unless_given=bool(entry.get("unless_given")),
            whole_text=bool(entry.get("whole_text")),
        )
        for entry in raw.get("phrases") or []
        for pattern in entry["patterns"]
    )
    contact = tuple(re.compile(p, re.IGNORECASE) for p in raw.get("contact_questions") or ())  # (officer questions too)
    duties = tuple(
        (duty, re.compile(pattern, re.IGNORECASE))
        for duty, patterns in (raw.get("duty_phrases") or {}).items()
        for pattern in patterns
    )
    return Vocabulary(
        duty_topics=dict(duty_topics or {}),
        phrases=phrases,
        ask=tuple(raw.get("ask") or ()),
        exceptions=tuple(raw.get("exceptions") or ()),
        assumed={k: v for k, v in (raw.get("exceptions") or {}).items() if v is not None},
        same_as=dict(raw.get("same_as") or {}),
        roles={k: dict(v) for k, v in (raw.get("roles") or {}).items()},
        intents={k: dict(v) for k, v in (raw.get("intents") or {}).items()},
        duties=duties,
        who=tuple(re.compile(p, re.IGNORECASE) for p in raw.get("who_phrases") or ()),
        wording={k: dict(v) for k, v in (raw.get("wording") or {}).items()},
        topic_duty=dict(raw.get("topic_duty") or {}),
        either={k: dict(v) for k, v in (raw.get("either") or {}).items()},
        proposals={k: tuple(re.compile(p, re.IGNORECASE) for p in v) for k, v in (raw.get("proposals") or {}).items()},
        askers={k: tuple(re.compile(p, re.IGNORECASE) for p in v) for k, v in (raw.get("asker") or {}).items()},
        party_words=tuple(re.compile(p, re.IGNORECASE) for p in raw.get("party_words") or ()),
        officer_questions=(*(re.compile(p, re.IGNORECASE) for p in raw.get("officer_questions") or ()), *contact),
        contact_questions=contact,
        thing_questions=tuple(re.compile(p, re.IGNORECASE) for p in raw.get("thing_questions") or ()),
        what_if_questions=tuple(re.compile(p, re.IGNORECASE) for p in raw.get("what_if_questions") or ()),
        story_questions=tuple(re.compile(p, re.IGNORECASE) for p in raw.get("story_questions") or ()),
        officer_titles=tuple(str(t).lower() for t in raw.get("officer_titles") or ()),
        duty_qualifiers=tuple(str(t).lower() for t in raw.get("duty_qualifiers") or ()),
        sides=dict(raw.get("sides") or {}),
        refined_by=dict(raw.get("refined_by") or {}),
        points_back=re.compile(str(raw["points_back"]), re.IGNORECASE) if raw.get("points_back") else None,
        refined_unless=re.compile(str(raw["refined_unless"]), re.IGNORECASE) if raw.get("refined_unless") else None,
        prohibitions={
            str(d): {
                "act": str(e["act"]),
                "unless_named": tuple(str(w).lower() for w in e.get("unless_named") or ()),
                "excepted": dict(e.get("excepted") or {}) or None,
            }
            for d, e in (raw.get("prohibitions") or {}).items()
        },
    )


def _prepare(text: str) -> str:
    text = (text or "")[:MAX_TEXT].translate(_APOSTROPHES).lower()
    return " ".join(words_to_digits(text).split())


def read(text: str, vocabulary: Vocabulary, known: Mapping[str, Any] | None = None) -> Facts:
    """The facts one message states ("6 units, only mine has roaches" → 6 units, one infested).

    ``known`` (the facts from earlier messages) only matters for phrases marked
    ``unless_given``: a weak reading never overrides a fact given before.
    """
    known = known or {}
    working = original = _prepare(text)
    stated: Facts = {}
    implied: Facts = {}
    for phrase in vocabulary.phrases:
        if phrase.fact in stated or (phrase.unless_given and phrase.fact in known):
            continue
        match = phrase.pattern.search(original if phrase.whole_text else working)
        if match is None:
            continue
        value = phrase.value
        if value == "N":
            value = int(match.group("n"))
        stated[phrase.fact] = value
        for fact, implied_value in phrase.also.items():
            implied.setdefault(fact, implied_value)
        if phrase.counts:
            working = working[: match.start()] + " " * (match.end() - match.start()) + working[match.end() :]
    return normalize({**implied, **stated})


def normalize(facts: Mapping[str, Any]) -> Facts:
    """Make a set of facts consistent by logic alone (a one-unit building has one infested unit at most)."""
    facts = {k: v for k, v in facts.items() if v is not None}
    if facts.get("rooming_house") is True and facts.get("units_in_building") == 1:
        facts.pop("units_in_building")  # "rooms in my house": the rooms are let, it is no single-family house
    units = facts.get("units_in_building")
    infested = facts.get("infested_units")
    if units == 1:
        if infested is not None and infested != 0:
            facts["infested_units"] = 1
        facts["shared_areas_infested"] = False
    elif isinstance(units, int) and isinstance(infested, Mapping) and units >= infested.get("gte", 0):
        bounded = dict(infested)
        bounded["lte"] = min(units, bounded.get("lte", units))
        facts["infested_units"] = bounded["gte"] if bounded.get("gte") == bounded["lte"] else bounded
    elif isinstance(units, int) and isinstance(infested, int) and infested > units:
        facts["infested_units"] = units
    if facts.get("infested_units") == 1 and "shared_areas_infested" not in facts:
        facts["shared_areas_infested"] = False
    return facts


def update(
    known: Mapping[str, Any] | None,
    text: str,
    vocabulary: Vocabulary,
    role: str | None = None,
    intent: str | None = None,
) -> Facts:
    """The facts known after a message: earlier ones, corrected fact by fact by what it states.

    What the words state comes first; the NLU's ``intent`` adds what it implies only when the
    words state none of the facts the bot may ask (a count of units, infested units, shared parts):
    "it's a duplex and my unit has them" says nothing about the other unit, whatever the intent. A role adds what it implies (a tenant's unit is not vacant) unless the
    user said otherwise.
    """
    known = dict(known or {})
    said = read(text, vocabulary, known)
    if not any(fact in said for fact in vocabulary.ask):  # the words, when they count anything, decide
        for fact, value in vocabulary.intents.get(intent or "", {}).items():
            said.setdefault(fact, value)
    if "units_in_building" in said and isinstance(known.get("infested_units"), Mapping):
        known["infested_units"] = {k: v for k, v in known["infested_units"].items() if k != "lte"}
    merged = {**known, **said}
    if role:
        for fact, value in vocabulary.roles.get(role, {}).items():
            merged.setdefault(fact, value)
    return normalize(merged)


def asked_duty(text: str, vocabulary: Vocabulary, among: tuple[str, ...] | None = None) -> str | None:
    """The duty a message names ("who buys the garbage cans" → supply_garbage_containers), or None.

    ``among`` limits the answer to some duties (e.g. those of the topic the NLU picked). Words that
    do not tell two duties apart ("who buys the trash bins?") give the name of the pair (``either``).
    """
    from knowledge.question_form import story_and_question

    def first(part: str) -> str | None:
        lowered = _prepare(part)
        for duty, pattern in vocabulary.duties:
            if (among is None or set(vocabulary.members(duty)) & set(among)) and pattern.search(lowered):
                return duty
        return None

    named = first(text)
    story, asking = story_and_question(text)
    asked = first(asking) if story and named is not None else None
    # the sentence that asks names another topic's duty: "… coming Saturday to fix the rotting floor. … Do I have to
    # let him?" asks access, not repair; within one topic the story's is the more precise ("the hallway is filthy,
    # who cleans it?": the shared areas, not one's own unit)
    # (… unless the story's duty is a kind of the asked one the asking sentence points back to: "… he's the town inspector
    # and wants to look through my apartment … Do I have to let him in right then?" asks the inspector's access; "… supplies
    # the bedding. Who's responsible for keeping it clean …?" the bedding's: ``refined_by``, ``points_back``)
    refined = vocabulary.refined_by.get(named or "") == asked and bool(vocabulary.points_back and vocabulary.points_back.search(asking))
    refined = refined and not (vocabulary.refined_unless and vocabulary.refined_unless.search(story))
    if asked is not None and asked != named and _duty_topic(vocabulary, asked) != _duty_topic(vocabulary, named) and not refined:
        return asked
    return named


def _duty_topic(vocabulary: Vocabulary, duty: str | None) -> str | None:
    """The topic of a duty, or of the first duty of a pair named by words that do not tell them apart."""
    members = vocabulary.members(duty)
    return vocabulary.duty_topics.get(members[0]) if members else None


def adds_facts(
    text: str,
    vocabulary: Vocabulary,
    duty: str | None,
    topic_changed: bool,
    related: tuple[str, ...] = (),
    deciding: Iterable[str] = (),
) -> bool:
    """Whether a message only adds facts to the last "who" question about ``duty`` ("it's a duplex").

    It states a fact, names no duty outside ``duty`` and its ``related`` ones (the same topic's) unless it is a
    statement of a fact ``duty``'s rules turn on (``deciding``), and, if the NLU took it for another topic, is a
    short statement or a "what if" question rather than a new question ("and the bedroom in Amery?" is a question).
    """
    stated = read(text, vocabulary) if duty else {}
    if not stated:
        return False
    named = asked_duty(text, vocabulary)
    # "the shared cans are broken" after "who supplies garbage cans?" names the same duty (or its pair)
    if named is not None and named not in related and not set(vocabulary.members(named)) & set(vocabulary.members(duty)):
        # a question about another duty is a new question; a statement of a fact is not ("the landlord never fixed
        # the holes in the walls" after "who exterminates?": the owner's failure, though it names repairs)
        if "?" in text or is_who_question(text, vocabulary) or not set(stated) & set(deciding):
            return False
    # another duty of the same topic, asked who: "… my fault for messing with the thermostat. am i responsible?"
    # after the heat (the heating facilities' proper use, not their upkeep)
    elif named is not None and "?" in text and is_who_question(text, vocabulary) and not set(
        vocabulary.members(named)
    ) & set(vocabulary.members(duty)):
        return False
    if topic_changed and len(text.split()) > ADDED_FACTS_MAX_WORDS:
        return False
    # "ok and what if the people on the other side end up with them too?" changes the facts, whatever the NLU took it for
    return not topic_changed or "?" not in text or any(p.search(_prepare(text)) for p in vocabulary.what_if_questions)


# A message the NLU took for another topic still only adds facts when it is a statement this short.
ADDED_FACTS_MAX_WORDS = 20


def is_who_question(text: str, vocabulary: Vocabulary) -> bool:
    """Whether a message asks who must do something ("who has to exterminate?")."""
    lowered = _prepare(text)
    return any(pattern.search(lowered) for pattern in vocabulary.who)


def refusing_side(text: str, vocabulary: Vocabulary, role: str | None = None) -> str | None:
    """The side ("landlord" or "tenant") a permission question says refuses a duty ("my tenant won't let my plumber
    in, is she allowed to do that?": the tenant, the other side from the asker's; "can I just refuse?": the
    asker's own side); None otherwise."""
    lowered = _prepare(first_asked(text))  # "Do I have to let him in, or can I say no?": no one refuses
    if any(p.search(lowered) for p in vocabulary.proposals.get("asker_refusal", ())):
        refuser = _asker_party(lowered, vocabulary, role)  # "can I just refuse?": the asker
        return vocabulary.sides.get(refuser) if refuser else None
    if not any(p.search(lowered) for p in vocabulary.proposals.get("refusal", ())):
        return None
    refuser = _OTHER_PARTY.get(_asker_party(lowered, vocabulary, role) or "")
    return vocabulary.sides.get(refuser) if refuser else None


_OTHER_PARTY = {"owner": "occupant", "occupant": "owner"}


def _asker_party(lowered: str, vocabulary: Vocabulary, role: str | None) -> str | None:
    """The asker's party ("owner" or "occupant"): their ``role`` when they said it, else what their words show
    ("my landlord" is a tenant's words); None when neither tells."""
    party = {"tenant": "occupant", "landlord": "owner"}.get(role or "")
    if party is None:
        party = next((side for side, ps in vocabulary.askers.items() if any(p.search(lowered) for p in ps)), None)
    return party


def asker_role(text: str, vocabulary: Vocabulary) -> str | None:
    """ "tenant" or "landlord" when the asker's words show their side ("my landlord" is a tenant's words), else None."""
    party = _asker_party(_prepare(text), vocabulary, None) if text.strip() else None
    return {"occupant": "tenant", "owner": "landlord"}.get(party or "")


def repairs_excepted(text: str, provision: str, excepted: Mapping[str, Any] | None) -> str | None:
    """ "made" when a question names the repairs a prohibition's text excepts ("… except for such temporary interruption
    as may be necessary while actual repairs or alterations are in process": ``excepted`` of a prohibition in
    knowledge/facts.yml), "stalled" when it also tells that nothing is being done ("off 'for repairs' two weeks ago and
    nobody's done anything"); None when the provision makes no such exception or the question names none."""
    if not excepted or not re.search(str(excepted["provision"]), provision, re.I) or not re.search(str(excepted["when"]), text, re.I):
        return None
    return "stalled" if re.search(str(excepted["stalled"]), text, re.I) else "made"


def names_a_side(text: str, vocabulary: Vocabulary) -> bool:
    """Whether a question puts a duty on someone, whichever side ("is that on him?", "do i have to …", "does the landlord
    have to …"), even where the message alone does not tell which side that is."""
    lowered = _prepare(text)
    return any(p.search(lowered) for key in ("asker", "other", "owner", "occupant") for p in vocabulary.proposals.get(key, ()))


def asker_unknown(text: str, vocabulary: Vocabulary, role: str | None = None) -> bool:
    """Whether a yes/no duty question proposes the asker ("porch steps r rotting, am i on the hook to fix?") but
    neither their role nor their words show which side they are on."""
    lowered = _prepare(text)
    if any(p.search(lowered) for p in vocabulary.proposals.get("both", ())):
        return False
    asks_self = any(p.search(lowered) for p in vocabulary.proposals.get("asker", ()))
    return asks_self and _asker_party(lowered, vocabulary, role) is None


def proposed_side(text: str, vocabulary: Vocabulary, role: str | None = None) -> str | None:
    """The side ("landlord" or "tenant") a yes/no duty question proposes, or None.

    "Do I have to let him in?" proposes the asker's side (their ``role``, else what their words show:
    "my landlord" is a tenant's words); "does the landlord have to fix it?" the owner's. A question
    naming two sides ("me or the landlord?") or asking "who" proposes none.
    """
    from knowledge.question_form import SECOND_ALTERNATIVE, story_and_question

    story, asking = story_and_question(text)
    # "landlord says the exterminator is on me. is that right or does he have to pay?": the first alternative asks
    asking = SECOND_ALTERNATIVE.split(asking, maxsplit=1)[0]
    if story and asking:  # "landlord says not his problem. does he have to put screens on doors?": the asking sentence's
        proposed = proposed_side(asking, vocabulary, role or asker_role(text, vocabulary))
        if proposed is not None:
            return proposed
    lowered = _prepare(text)
    # (both sides named, or "who", in the asking sentence: not "the guy who runs it says i have to …" told before it)
    if any(p.search(_prepare(asking) if story and asking else lowered) for p in vocabulary.proposals.get("both", ())):
        return None
    party = None
    asks_self = any(p.search(lowered) for p in vocabulary.proposals.get("asker", ()))
    if asks_self or any(p.search(lowered) for p in vocabulary.proposals.get("other", ())):
        party = _asker_party(lowered, vocabulary, role)
        if not asks_self:  # "tnt won't let me in, do they have to?": the other side from the asker's
            party = _OTHER_PARTY.get(party or "")
    if party is None:  # (the asker's side unknown: "landlord … says we each have to buy our own cans" names the tenants')
        party = next(
            (side for side in ("owner", "occupant") if any(p.search(lowered) for p in vocabulary.proposals.get(side, ()))),
            None,
        )
    return vocabulary.sides.get(party) if party else None


# A rule's quote that is only its exception ("except where such responsibility is assumed by an operator or an occupant
# by agreement", "unless the dwelling is not maintained …"): it answers a question that states its condition.
_EXCEPTION_OPENING = re.compile(r"^\W*(?:except|unless)\b", re.IGNORECASE)


def unstated_exception(question: str, quote: str, conditions: Iterable[str], vocabulary: Vocabulary) -> bool:
    """Whether ``quote`` is a rule's bare exception whose conditions (fact names) the question states none of ("landlord
    says not his problem" states no agreement), so it should not lead."""
    conditions = set(conditions)
    return bool(conditions) and bool(_EXCEPTION_OPENING.match(quote)) and not conditions & set(read(question, vocabulary))
