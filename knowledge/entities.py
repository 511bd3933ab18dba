"""Entity rules for the conversation: pests, the user's role, and places the assistant does not cover.

These are spaCy ``entity_ruler`` patterns added to the project's pipeline by
:func:`knowledge.nlp.build_pipeline`, plus the small interpreters that turn an entity's text
into a value (``"cockroaches"`` → ``"roaches"``, ``"I'm the landlord"`` → ``"landlord"``).
"""

from __future__ import annotations

import re
from typing import Any

from knowledge.phrase_match import has_phrase

# canonical pest -> words people use
PESTS: dict[str, tuple[str, ...]] = {
    "roaches": ("roach", "roaches", "cockroach", "cockroaches", "cockroachs", "rochas", "roachs"),
    "mice": ("mouse", "mice", "mouses"),
    "rats": ("rat", "rats"),
    "rodents": ("rodent", "rodents", "vermin"),
    "bed bugs": ("bedbug", "bedbugs", "bed-bugs"),
    "ants": ("ant", "ants"),
    "fleas": ("flea", "fleas"),
    "termites": ("termite", "termites"),
    "wasps": ("wasp", "wasps", "hornets", "bees"),
    "silverfish": ("silverfish",),
    "spiders": ("spider", "spiders"),
    "insects": ("insect", "insects", "bugs", "bug", "pests", "pest"),
}

# canonical role -> words people use for themselves
ROLES: dict[str, tuple[str, ...]] = {
    "tenant": ("tenant", "renter", "resident", "occupant", "lodger", "roomer"),
    "landlord": ("landlord", "landlady", "owner", "property", "manager", "operator", "lessor"),
    "clerk": ("clerk", "inspector", "official", "staff"),
}

_ARTICLES = ["a", "an", "the", "one"]
_SELF = [
    [{"LOWER": "i"}, {"LOWER": {"IN": ["'m", "am", "’m", "m"]}}],
    [{"LOWER": {"IN": ["im", "iam"]}}],
    [{"LOWER": "as"}],
    [{"LOWER": "we"}, {"LOWER": {"IN": ["'re", "are", "’re"]}}],
]


def pest_of(text: str) -> str | None:
    """The canonical pest a word or phrase names, or None."""
    words = re.findall(r"[a-z-]+", text.lower())
    joined = " ".join(words)
    for canonical, variants in PESTS.items():
        if canonical in joined or any(w in variants for w in words) or joined.replace(" ", "") in variants:
            return canonical
    return None


def role_of(text: str | None) -> str | None:
    """The canonical role ("tenant", "landlord", "clerk") a phrase names, or None."""
    if not text:
        return None
    words = re.findall(r"[a-z]+", text.lower())
    for canonical, variants in ROLES.items():
        if canonical in words or any(w in variants for w in words):
            return canonical
    return None


def entity_patterns(
    covered_spellings: list[str],
    places: dict[str, Any] | None = None,
    covered: list[tuple[str, str, list[str]]] | None = None,
) -> list[dict[str, Any]]:
    """entity_ruler patterns for the labels ``pest``, ``role`` and ``other_place``.

    ``covered_spellings`` are the lower-case spellings of the covered municipalities, so that
    "Town of X" is an other place only when X is not one of ours. ``places`` is knowledge/places.yml
    and ``covered`` the covered municipalities as (core name, kind, spellings): "Village of Howard",
    "Holland, Michigan", "Waukesha County" and "outside city limits" are other places.
    """
    patterns: list[dict[str, Any]] = []
    for variants in PESTS.values():
        for variant in variants:
            patterns.append({"label": "pest", "pattern": [{"LOWER": t} for t in variant.replace("-", " - ").split()]})
    patterns.append({"label": "pest", "pattern": [{"LOWER": "bed"}, {"LOWER": {"IN": ["bug", "bugs"]}}]})
    role_words = sorted({w for variants in ROLES.values() for w in variants} - {"property", "manager"})
    for self_tokens in _SELF:
        base = [*self_tokens, {"LOWER": {"IN": _ARTICLES}, "OP": "?"}]
        patterns.append({"label": "user_role", "pattern": [*base, {"LOWER": {"IN": role_words}}]})
        patterns.append({"label": "user_role", "pattern": [*base, {"LOWER": "property"}, {"LOWER": "manager"}]})
        patterns.append({"label": "user_role", "pattern": [*base, {"LOWER": "town"}, {"LOWER": "clerk"}]})
    patterns.extend(place_patterns(places or {}, covered or []))
    kind_words = sorted({w for words in ((places or {}).get("kinds") or {}).values() for w in words})
    if kind_words:  # "Village of Ashwaubenon", "the Town of Norway": a municipality that is none of ours
        not_names = sorted(set(covered_spellings) | set((places or {}).get("not_place_names") or []))
        name = {"IS_ALPHA": True, "LOWER": {"NOT_IN": not_names}}
        patterns.append({"label": "other_place", "pattern": [{"LOWER": {"IN": kind_words}}, {"LOWER": "of"}, name]})
    return patterns


def _tokens(phrase: str) -> list[dict[str, Any]]:
    return [{"LOWER": t} for t in phrase.lower().split()]


def place_patterns(places: dict[str, Any], covered: list[tuple[str, str, list[str]]]) -> list[dict[str, Any]]:
    """``other_place`` patterns from knowledge/places.yml.

    Longer matches win over the ``municipality`` patterns, so "Village of Howard" (the covered one is a
    town), "Holland, Michigan" and "Holland MI" are other places, never the covered Town.
    """
    patterns: list[dict[str, Any]] = []
    for place in places.get("other_places") or []:
        name = str(place["name"])
        # "St. Croix Falls" written "st croix falls" or "Saint Croix Falls" too
        for written in dict.fromkeys([name, *(re.sub(r"\bSt\. ", s, name) for s in ("St ", "Saint ") if "St. " in name)]):
            patterns.append({"label": "other_place", "pattern": _tokens(written)})
    kinds: dict[str, list[str]] = places.get("kinds") or {}
    states = [phrase for names in (places.get("states") or {}).values() for phrase in names]
    for core, kind, spellings in covered:
        name = {"LOWER": {"IN": sorted(set(spellings) | {core})}}
        for other_kind, words in kinds.items():
            if other_kind == kind:
                continue
            patterns.append({"label": "other_place", "pattern": [{"LOWER": {"IN": words}}, {"LOWER": "of"}, name]})
            patterns.append({"label": "other_place", "pattern": [name, {"LOWER": {"IN": words}}]})
        kind_word = {"LOWER": {"IN": sorted({w for words in kinds.values() for w in words})}}
        any_kind = {**kind_word, "OP": "?"}
        for state in states:  # "Holland, Michigan", "Howard Township, Michigan", "Town of Holland, MI"
            tokens = [{"LOWER": t} for t in state.split()]
            patterns.append({"label": "other_place", "pattern": [name, any_kind, {"ORTH": ",", "OP": "?"}, *tokens]})
            patterns.append(
                {
                    "label": "other_place",
                    "pattern": [kind_word, {"LOWER": "of"}, name, {"ORTH": ",", "OP": "?"}, *tokens],
                }
            )
    county = places.get("county_words") or ["county"]
    not_det = [
        "a",
        "an",
        "the",
        "my",
        "our",
        "your",
        "which",
        "what",
        "this",
        "that",
        "same",
        "any",
        "each",
        "every",
        "what's",
    ]
    patterns.append(
        {
            "label": "other_place",
            "pattern": [{"IS_ALPHA": True, "LOWER": {"NOT_IN": not_det}}, {"LOWER": {"IN": county}}],
        }
    )
    patterns.append({"label": "other_place", "pattern": [{"LOWER": {"IN": ["a", "the"]}}, {"LOWER": {"IN": county}}]})
    patterns.append(
        {"label": "other_place", "pattern": [{"LOWER": {"IN": county}}, {"LOWER": "of"}, {"IS_TITLE": True}]}
    )
    for phrase in places.get("outside_phrases") or []:
        tokens = phrase.split()
        if "{place}" not in tokens:
            patterns.append({"label": "other_place", "pattern": [{"LOWER": t} for t in tokens]})
            continue
        word = {"IS_ALPHA": True, "LOWER": {"NOT_IN": ["the", "of", "a"]}}
        for name in ([word], [word, word], [word, {"LOWER": "of"}, word]):  # "{place}": "Muskego", "Village of Dresser"
            pattern = [name_token for t in tokens for name_token in (name if t == "{place}" else [{"LOWER": t}])]
            patterns.append({"label": "other_place", "pattern": pattern})
    return patterns


def _outside_pattern(phrase: str) -> str:
    """A regular expression for one ``outside_phrases`` entry ("{place}": one or two words, or "<kind> of <name>")."""
    place = r"(?:[a-z]+ of [a-z]+|[a-z]+(?: [a-z]+)?)"
    return r"(?<![a-z])" + re.escape(phrase).replace(re.escape("{place}"), place) + r"(?![a-z])"



def place_qualifiers(text: str, places: dict[str, Any]) -> tuple[str | None, str | None, bool, bool]:
    """What a place's words say besides its name: (kind, state, is a county, is outside the limits).

    "Village of Howard" → ("village", None, False, False); "Holland, Michigan" → (None, "MI", False, False);
    "Waukesha County" → (None, None, True, False); "outside city limits" → (…, True).
    """
    lowered = " ".join(re.findall(r"[a-z]+", str(text).lower()))
    words = lowered.split()
    kind = None
    for name, variants in (places.get("kinds") or {}).items():
        if any(v in words for v in variants):
            kind = name
            break
    state = None
    for code, names in (places.get("states") or {}).items():
        if has_phrase(lowered, names):
            state = code
            break
    if state is None and any(w in words for w in places.get("home_state") or []):
        state = "WI"
    county = any(w in words for w in places.get("county_words") or [])
    outside = any(re.search(_outside_pattern(p), lowered) for p in places.get("outside_phrases") or [])
    return kind, state, county, outside


def named_as_nearby(text: str, named: str | None, places: dict[str, Any]) -> bool:
    """Whether the covered name a message gives stands after a word of nearness ("right next to Muskego",
    "not far from Dresser", "near the City of Amery": ``near_phrases``) or before one ("the Amery area":
    ``near_after``), so the dwelling is somewhere else."""
    if not named or not text:
        return False
    words = re.findall(r"[a-z]+", str(named).lower())
    before = {w.lower() for w in places.get("place_words_before") or []}
    while words and words[0] in before:
        words = words[1:]  # "from Dresser" → "dresser"
    if not words:
        return False
    kinds = "|".join(re.escape(v) for vs in (places.get("kinds") or {}).values() for v in vs) or "city"
    name = r"\s+".join(re.escape(w) for w in words)
    lowered = " ".join(re.findall(r"[a-z]+", str(text).lower()))
    for phrase in places.get("near_phrases") or []:
        near = r"\s+".join(re.escape(w) for w in str(phrase).lower().split())
        if re.search(rf"(?<![a-z]){near}\s+(?:the\s+)?(?:(?:{kinds})\s+of\s+)?{name}(?![a-z])", lowered):
            return True
    after = "|".join(re.escape(str(w).lower()) for w in places.get("near_after") or [])
    return bool(after) and re.search(rf"(?<![a-z]){name}\s+(?:{after})(?![a-z])", lowered) is not None


def other_place_wins(
    named: str | None, other: str | None, covered_cores: list[str], places: dict[str, Any], text: str = ""
) -> bool:
    """When a message names both a covered place and another one, whether the other is the place meant.

    It is when it qualifies a covered name ("Village of Howard", "Holland, Michigan"), is a county or an
    area outside the limits, or when the covered name only says what the place is near ("New Berlin,
    right next to Muskego": ``text`` is the message). Another town named beside a covered one leaves the
    place open ("units in New Berlin and Muskego", "in dresser or osceola"), unless the message gives it
    as where the user comes from (``origin_words``: "I moved from Madison to Amery").
    """
    if not other:
        return False
    if not named or named_as_nearby(text, named, places):
        return True
    lowered = str(other).lower()
    _, _, county, outside = place_qualifiers(other, places)
    if county or outside or any(re.search(rf"\b{re.escape(c)}\b", lowered) for c in covered_cores):
        return True
    name = r"\s+".join(re.escape(w) for w in re.findall(r"[a-z]+", lowered))
    origins = "|".join(re.escape(str(w).lower()) for w in places.get("origin_words") or [])
    said = " ".join(re.findall(r"[a-z]+", str(text).lower()))
    if not text or not name or (origins and re.search(rf"\b(?:{origins})\s+(?:the\s+)?{name}\b", said)):
        return False
    # "i have rentals in amery and one in st croix falls. whats the min bedroom size in amery": the place the sentence
    # that asks puts the question in, when it names only one of them (not "… Osceola, just down the road from Dresser.
    # Do the Dresser rooming house rules cover me?", which asks whether a covered code reaches the other place)
    from knowledge.question_form import story_and_question

    story, asking = story_and_question(str(text))
    asked = " ".join(re.findall(r"[a-z]+", asking.lower())) if story else ""
    covered = r"\s+".join(re.escape(w) for w in re.findall(r"[a-z]+", str(named).lower()))
    if asked and covered and re.search(rf"\bin (?:the )?(?:(?:city|town|village) of )?{covered}\b", asked) and not re.search(rf"\b{name}\b", asked):
        return False
    return True


def two_covered_named(keys: list[str], names: dict[str, str], places: dict[str, Any], text: str) -> list[str]:
    """The covered municipalities a message leaves open between, when it names two or more and none is where the
    user comes from or what it compares with (``origin_words``, ``reference_words``) ("rentals in both Holland and Howard", "Amery or maybe Dresser, we're right on the line"); an
    empty list when it names one, or all but one are given as origins ("I moved from Howard to Holland": Holland).
    ``keys`` are the covered keys named, in order; ``names`` maps each key to the name the message used."""
    distinct = list(dict.fromkeys(keys))
    if len(distinct) < 2:
        return []
    words = [*(places.get("origin_words") or []), *(places.get("reference_words") or [])]
    origins = "|".join(r"\s+".join(re.escape(p) for p in str(w).lower().split()) for w in words)
    said = " ".join(re.findall(r"[a-z]+", str(text).lower()))
    kinds = "|".join(re.escape(v) for vs in (places.get("kinds") or {}).values() for v in vs) or "city"
    left = []
    for key in distinct:
        name = r"\s+".join(re.escape(w) for w in re.findall(r"[a-z]+", str(names.get(key, key)).lower()))
        if origins and name and re.search(rf"\b(?:{origins})\s+(?:the\s+)?(?:(?:{kinds})\s+of\s+)?{name}\b", said):
            continue
        left.append(key)
    return left if len(left) >= 2 else []
