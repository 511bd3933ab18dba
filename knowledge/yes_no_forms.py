"""Yes or no from how a provision is worded, beyond ``question_form.yes_no``'s plain cases: a standard the code lets
be met another way ("… may be supplied with … light switches … instead of full-time lighting") or keeps constant
("… shall be lighted … at all times"), a building larger than a provision's own, a thing the provision voids ("… the
same effect as if no petition were filed"). The words are data (``alternative_permitted``, ``constancy``,
``drops_constancy``, ``at_most_units``, ``told_units``, ``still_counts``, ``as_if_not`` in
``knowledge/question_forms.yml``)."""

from __future__ import annotations

import re
from functools import lru_cache

from knowledge.parsing.numbers import words_to_digits
from knowledge.question_form import _FORMS, NEGATIONS, OBLIGATION, PERMISSION, _pattern, story_and_question

ALTERNATIVE_PERMITTED = _pattern("alternative_permitted")
CONSTANCY = _pattern("constancy")
DROPS_CONSTANCY = _pattern("drops_constancy")
_AT_MOST_UNITS = _pattern("at_most_units")
_TOLD_UNITS = _pattern("told_units")
_STILL_COUNTS = _pattern("still_counts")
_AS_IF_NOT = _pattern("as_if_not")
_MAY_IDIOMS = _pattern("may_idioms")
# what the user counts on to protect them ("doesnt the permit protect me?", "i had a permit so they cant fine me right?",
# "can they still fine me?")
COUNTS_ON = re.compile("|".join(f"(?:{_FORMS[k]})" for k in ("relief", "denied_despite", "still_despite")), re.IGNORECASE)
_WORD = re.compile(r"[a-z]{4,}")
# Words compared by their first letters, so "switch" meets "switches" and "lighted" meets "lighting".
_STEM = 5


def _stems(text: str) -> set[str]:
    return {w[:_STEM] for w in _WORD.findall(text.lower())}


@lru_cache(maxsize=2048)
def _unit_limit(provision: str) -> int | None:
    """The largest building a provision applies to ("… containing not more than four dwelling units …": 4), or None."""
    limit = _AT_MOST_UNITS.search(words_to_digits(provision.lower()))
    return int(limit.group(1)) if limit else None


def beyond_size(question: str, provision: str) -> bool:
    """Whether the question tells a building larger than the largest the provision applies to ("6 unit bldg" against
    "… containing not more than four dwelling units …")."""
    limit = _unit_limit(provision)
    told = [int(n) for n in _TOLD_UNITS.findall(words_to_digits(question.lower()))] if limit is not None else []
    return bool(told) and max(told) > limit


def alternative_verdict(question: str, provision: str) -> str | None:
    """ "Yes" when a yes/no question asks about the alternative a provision permits ("the hallway light is on a switch
    … The landlord says that's fine. Is it?" met by "… may be supplied with conveniently located light switches …
    instead of full-time lighting"); "No" when it asks whether the standard replaced must be kept ("must the stairway
    lighting … be kept on at all times?"), or proposes to drop a constancy the provision requires ("can i put the
    hallway lights on a switch instead of leaving them on 24/7?" met by "… shall be lighted … at all times"); None
    otherwise."""
    allowed = ALTERNATIVE_PERMITTED.search(provision)
    if allowed is not None and not NEGATIONS.search(provision[: allowed.start()]):
        instead = _stems(allowed.group("instead"))
        subject = _stems(provision[: allowed.start()])
        if OBLIGATION.search(question) and (CONSTANCY.search(question) or instead & _stems(question)):
            return "No"  # it need not: the alternative is permitted
        if not OBLIGATION.search(question) and (_stems(allowed.group("permitted")) - instead - subject) & _stems(question):
            return "Yes"
        return None
    if PERMISSION.search(question) and DROPS_CONSTANCY.search(question) and CONSTANCY.search(provision):
        return "No" if re.search(r"\b(?:shall|must)\b", provision, re.I) and not NEGATIONS.search(provision) else None
    return None


def voids_asked(question: str, provision: str) -> bool:
    """Whether the sentence that asks asks if something still counts ("… couldnt make it to the hearing date. does my
    petition still count?") and the provision takes it as never made ("The failure of the petitioner … to appear …
    shall have the same effect as if no petition were filed"): "No"."""
    return bool(_STILL_COUNTS.search(story_and_question(question)[1]) and _AS_IF_NOT.search(provision))


def grants(provision: str) -> bool:
    """Whether a provision says "may" of something it permits, not in a phrase such as "as the facts may warrant"."""
    return re.search(r"\bmay\b", _MAY_IDIOMS.sub(" ", provision), re.I) is not None
