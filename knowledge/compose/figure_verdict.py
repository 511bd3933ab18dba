"""A "Yes" or "No" from a figure a yes/no question states, compared with the figure of the standard that answers it:
"is once a month ok?" against "at least once each week" is "No"; "do three members in attendance constitute a quorum?"
against "Three members … shall constitute a quorum" is "Yes"; "we get 90 days to move out. is that the rule?" against
"… not to exceed 60 days" is "No".

Which side of a standard's figure complies, how people write figures of each unit, and the words that tell a claim
about the code from a situation are data (``knowledge/stated_figures.yml``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from knowledge import question_form
from knowledge.kb import KnowledgeBase
from knowledge.parsing.numbers import words_to_digits
from knowledge.yes_no_forms import opens_yes_no

FIGURES_PATH = Path(__file__).resolve().parent.parent / "stated_figures.yml"
BOUNDS = ("min", "max", "exact")
# A figure "more than" or "less than" the one stated sits this far past it (in the standard's unit).
_PAST = 1e-6
_NUMBER = r"(?<![\d.])(\d+(?:\.\d+)?)\s*"


@lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    """The stated-figure data (``knowledge/stated_figures.yml``)."""
    with open(FIGURES_PATH, encoding="utf-8") as handle:
        return yaml.safe_load(handle) or {}


@lru_cache(maxsize=64)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def stated_values(text: str, unit: str) -> list[float]:
    """The figures of ``unit`` a text states, in that unit, each once, in order ("handrail is 2 ft 4 in" -> [28.0] in
    inches; "more than 10 percent" -> [10.000001]; "once a month" -> [0.23] per week)."""
    return list(dict.fromkeys(value for value, _, _ in _stated(text, unit)))


def _stated(text: str, unit: str) -> list[tuple[float, str, bool]]:
    """Each figure of ``unit`` the text states, in order, with the words just before it and whether they put it on one
    side of the number ("more than 10 percent")."""
    data = load()
    lowered = words_to_digits(question_form._QUOTED.sub(" ", " ".join(text.lower().split())))  # (not "code says 'at least once …'")
    found: list[tuple[int, float]] = []
    taken: list[tuple[int, int]] = []
    if unit in ("in", "ft"):  # "2 ft 6 in", "7 feet 6 inches": one length
        pattern = _NUMBER + r"(?:feet|foot|ft\b|')\s*(?:and\s+)?(\d+(?:\.\d+)?)\s*(?:inches|inch|in\b|\")"
        for match in _compiled(pattern).finditer(lowered):
            feet, inches = float(match.group(1)), float(match.group(2))
            found.append((match.start(), feet * 12 + inches if unit == "in" else feet + inches / 12))
            taken.append(match.span())
    for spec in data.get("units", {}).get(unit, []):
        for match in _compiled(_NUMBER + f"(?:{spec['said']})").finditer(lowered):
            if any(start <= match.start() < end for start, end in taken):
                continue
            found.append((match.start(), float(match.group(1)) * float(spec.get("scale", 1))))
            taken.append(match.span())
    for phrase, value in (data.get("phrases", {}).get(unit) or {}).items():
        for match in _compiled(phrase).finditer(lowered):
            if not any(start <= match.start() < end for start, end in taken):
                found.append((match.start(), float(value)))
    stated: list[tuple[float, str, bool]] = []
    for start, value in sorted(found):
        before = lowered[max(0, start - 30) : start]
        above, below = _compiled(data["above"]).search(before), _compiled(data["below"]).search(before)
        value += _PAST if above else -_PAST if below else 0.0
        stated.append((round(value, 7), before, bool(above or below)))
    return stated


def _claims(question: str, value_start_words: str) -> bool:
    """Whether the question asks what the code requires, rather than whether a situation complies."""
    return claims_asked(question) or bool(_compiled(load()["claimed"]).search(value_start_words))


def claims_asked(asked: str) -> bool:
    """Whether an asking sentence asks about a claim of what the code requires ("does the code require …?", "landlord
    says it only has to be 65. is he right?")."""
    return bool(_compiled(load()["claims"]).search(asked))


def disputed_claim(asked: str) -> bool:
    """Whether an asking sentence asks only whether what someone said is right ("is he right?", "is that true?")."""
    return bool(_compiled(load()["disputed_claim"]).search(asked))


def _asks_yes_no(question: str) -> bool:
    """Whether a question asks yes or no, though it names a figure (``opens_yes_no``), or after a clause ("If only two
    members … concur …, may the variance be granted?")."""
    return opens_yes_no(question) or question_form._clause_then_yes_no(question_form.story_and_question(question)[1].lower())


def fails_asked(asked: str) -> bool:
    """Whether an asking sentence asks whether a situation fails the code ("is that too small?", "do i have to fix
    it?"), so that "Yes" means it does not comply."""
    return bool(_compiled(load()["fails_asked"]).search(asked))


def complies(bound: str, stated: float, required: float) -> bool:
    """Whether a stated figure meets a standard's figure on the side ``bound`` says."""
    if bound == "min":
        return stated >= required - 1e-9
    if bound == "max":
        return stated <= required + 1e-9
    return abs(stated - required) < 1e-6


def figure_verdict(standard: Any, question: str) -> str | None:
    """ "Yes" or "No" when a yes/no question states one figure of ``standard``'s unit that settles it, else None.

    A claim about the code ("does the code require at least 10 percent?", "is a permit valid for two years?") is "Yes"
    when the figure is the code's; a situation ("is once a month ok?") is "Yes" when it complies, and "No" when it does
    not; a question whether it fails ("is that too small?", "do i have to fix it?") the other way round.
    """
    bound = (load().get("bounds") or {}).get(getattr(standard, "key", ""))
    value = getattr(standard, "value", None)
    if bound not in BOUNDS or not isinstance(value, (int, float)):
        return None
    if not _asks_yes_no(question):
        return None
    found = _stated(question, standard.unit)
    if len({v for v, _, _ in found}) != 1:
        return None  # none, or several that may disagree ("3 days ago … do i have 10 days?")
    stated, before, sided = found[0]
    asked = question_form.story_and_question(question)[1]
    if _compiled(load().get("still_required") or r"(?!)").search(asked):
        return "Yes"  # "roomer says dont bother w/ weekly sheets … do i still have to change them": the requirement stands
    if fails_asked(asked):
        return "No" if complies(bound, stated, value) else "Yes"
    if not sided and _claims(asked, before):
        bound = "exact"  # a claim about the code: yes only when the figure is the code's
    return "Yes" if complies(bound, stated, value) else "No"


def sentence_figure_verdict(kb: KnowledgeBase, municipality: str, citation: str, sentence: str, question: str) -> str | None:
    """:func:`figure_verdict` for a sentence of a section, from the one standard with a bound whose quote is in it
    ("All stairways … shall have … a handrail at not less than two feet six inches …"); None without exactly one."""
    folded = " ".join(sentence.lower().split())
    bounds = load().get("bounds") or {}
    inside = [
        s
        for s in kb.standards(municipality=municipality)
        if s.citation == citation and s.key in bounds and " ".join(s.quote.lower().split()) in folded
    ]
    return figure_verdict(inside[0], question) if len(inside) == 1 else None
