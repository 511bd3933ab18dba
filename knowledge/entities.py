"""Entity rules for the conversation: pests, the user's role, and places the assistant does not cover.

These are spaCy ``entity_ruler`` patterns added to the project's pipeline by
:func:`knowledge.nlp.build_pipeline`, plus the small interpreters that turn an entity's text
into a value (``"cockroaches"`` → ``"roaches"``, ``"I'm the landlord"`` → ``"landlord"``).
"""

from __future__ import annotations

import re
from typing import Any

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

# Wisconsin places people may name that the assistant does not cover (beyond "city of X" forms).
OTHER_PLACES = (
    "madison",
    "milwaukee",
    "green bay",
    "kenosha",
    "racine",
    "appleton",
    "waukesha",
    "eau claire",
    "oshkosh",
    "janesville",
    "west allis",
    "la crosse",
    "sheboygan",
    "wauwatosa",
    "fond du lac",
    "new berlin",
    "wausau",
    "brookfield",
    "greenfield",
    "beloit",
    "franklin",
    "oak creek",
    "manitowoc",
    "west bend",
    "sun prairie",
    "superior",
    "stevens point",
    "neenah",
    "fitchburg",
    "mequon",
    "de pere",
    "watertown",
    "river falls",
    "menomonie",
    "chippewa falls",
    "hudson",
    "osceola",
    "st. croix falls",
    "new richmond",
    "baraboo",
    "chicago",
    "minneapolis",
    "st. paul",
    "zeeland",
    "grand rapids",
    "new york",
)

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


def entity_patterns(covered_spellings: list[str]) -> list[dict[str, Any]]:
    """entity_ruler patterns for the labels ``pest``, ``role`` and ``other_place``.

    ``covered_spellings`` are the lower-case spellings of the covered municipalities, so that
    "Town of X" is an other place only when X is not one of ours.
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
    for place in OTHER_PLACES:
        patterns.append({"label": "other_place", "pattern": [{"LOWER": t} for t in place.split()]})
    not_ours = {"LOWER": {"NOT_IN": covered_spellings}, "IS_TITLE": True}
    for kind in ("town", "city", "village"):
        patterns.append({"label": "other_place", "pattern": [{"LOWER": kind}, {"LOWER": "of"}, not_ours]})
        patterns.append(
            {"label": "other_place", "pattern": [{"LOWER": kind}, {"LOWER": "of"}, not_ours, {"IS_TITLE": True}]}
        )
    return patterns
