"""Whether it is too late: the time a question says has passed, against the period the provision sets.

"A Howard property owner received a notice and order three weeks ago … Is it too late?" met by "Such petition shall be
filed within thirty days of the date the notice and order are served" → "No: 3 weeks (21 days) is within the 30 days".
The wordings are ``knowledge/question_forms.yml`` ``elapsed``, ``asks_too_late``, ``asks_still_time`` and
``provision_period`` and ``late_action``; dates of the month ("on the 2nd … its the 20th now") are ``elapsed_dates``.
"""

from __future__ import annotations

import re

from knowledge.parsing import words_to_digits
from knowledge.question_form import _FORMS

_ELAPSED = re.compile(_FORMS["elapsed"], re.IGNORECASE)
_DATES = re.compile(_FORMS["elapsed_dates"], re.IGNORECASE | re.DOTALL)
_TOO_LATE = re.compile(_FORMS["asks_too_late"], re.IGNORECASE)
_STILL_TIME = re.compile(_FORMS["asks_still_time"], re.IGNORECASE)
_PERIOD = re.compile(_FORMS["provision_period"], re.IGNORECASE)
_LATE_ACTION = re.compile(_FORMS["late_action"], re.IGNORECASE)
DAYS = {"hour": 1 / 24, "day": 1, "week": 7, "month": 30}
# A month is read as 30 days; a time within this many days of the period's end is too close to call (a time told in
# days against a period in days is compared as it is: only the last day itself is not called).
CLOSE_DAYS = 3
_COUNTS = {"a": 1, "an": 1, "one": 1, "a couple": 2, "a couple of": 2}


def _count(count: str) -> int:
    """ "3" → 3, "a couple of" → 2."""
    return int(count) if count.isdigit() else _COUNTS[count.lower()]


def _days(count: str, unit: str) -> float:
    return _count(count) * DAYS[unit.lower().rstrip("s")]


def _told(count: str, unit: str) -> str:
    n = _count(count)
    return f"{n} {unit.lower().rstrip('s')}{'' if n == 1 else 's'}"


def _time_told(lowered: str) -> tuple[int, str, bool] | None:
    """How long ago the question says something happened, as (days, the words to say it, whether it was told in days):
    "3 weeks ago" → (21, "3 weeks (21 days)", False); "on the 2nd … its the 20th now" → (18, "18 days", True); None
    when it tells no time."""
    told = _ELAPSED.search(lowered)
    if told:
        count, unit = told.group("n") or told.group("n2"), told.group("unit") or told.group("unit2")
        passed, said = _days(count, unit), _told(count, unit)
        in_days = unit.lower().startswith("day")
        return passed, said if in_days else f"{said} ({passed} days)", in_days
    dates = _DATES.search(lowered)
    if dates:
        then, now = int(dates.group("then")), int(dates.group("now"))
        if 1 <= then <= 31 and 1 <= now <= 31 and then != now:
            passed = now - then if now > then else now + 30 - then
            return passed, f"{passed} day{'' if passed == 1 else 's'}", True
    return None


def told_time(text: str) -> str | None:
    """The time a message says has passed, as a sentence to put before a later question ("It's been 18 days."), or
    None: "got a notice 18 days ago" … "can i still get a hearing?" asks of that time."""
    found = _time_told(words_to_digits(" ".join(str(text).split())))
    return f"It's been {found[0]} days." if found else None


def asks_if_late_untimed(question: str) -> bool:
    """Whether a question asks whether it is too late, or still time, and tells no time itself ("can i still ask for a
    hearing?"): the time an earlier message told is the one it asks of."""
    lowered = words_to_digits(" ".join(question.split()))
    return _time_told(lowered) is None and bool(_TOO_LATE.search(lowered) or _STILL_TIME.search(lowered))


def asks_if_late(question: str) -> bool:
    """Whether a question tells how long ago something happened and asks whether it is too late or still time ("got a
    violation notice 5 weeks ago, can i still appeal it?"): a question of the period, answered by a provision that
    states one."""
    lowered = words_to_digits(" ".join(question.split()))
    return _time_told(lowered) is not None and bool(_TOO_LATE.search(lowered) or _STILL_TIME.search(lowered))


def sets_period(provision: str) -> bool:
    """Whether a provision sets the period for a step the asker takes ("Such petition shall be filed within thirty days
    of the date …"), not one for the board ("… shall be notified within ten days")."""
    return bool(_LATE_ACTION.search(words_to_digits(provision)))


def elapsed_verdict(question: str, *provisions: str) -> str | None:
    """ "No, 3 weeks (21 days) is within the 30 days the text allows" (or "Yes, …") when a yes/no question tells how long
    ago something happened and asks whether it is too late, or whether there is still time, and the first of
    ``provisions`` that sets any period sets one (the lead's sentence, then its whole section); None otherwise (no time
    told, no such question, no single period, or too close to call)."""
    if not asks_if_late(question):
        return None
    lowered = words_to_digits(" ".join(question.split()))
    too_late, told = _TOO_LATE.search(lowered), _time_told(lowered)
    assert told is not None
    periods: set[tuple[str, str]] = set()
    for provision in provisions:
        periods = {(m.group("n"), m.group("unit").lower().rstrip("s")) for m in _PERIOD.finditer(words_to_digits(provision))}
        if periods:
            break
    if len(periods) != 1:
        return None
    (count, unit), = periods
    allowed = _days(count, unit)
    passed, said, in_days = told
    if abs(passed - allowed) <= (0 if in_days and unit in ("day", "hour") else CLOSE_DAYS):
        return None
    within = passed < allowed
    period = _told(count, unit)
    if within:
        return f"{'No' if too_late else 'Yes'}, {said} is within the {period} the text allows"
    return f"{'Yes' if too_late else 'No'}, {said} is more than the {period} the text allows"


def period_sentence(text: str) -> str | None:
    """The first sentence of ``text`` that sets a period ("Such notice shall automatically become an order if a written
    petition … is not filed … within 10 days after such notice is served"), or None."""
    from knowledge.sentences import split_sentences  # noqa: PLC0415

    return next((s for s in split_sentences(text) if _PERIOD.search(words_to_digits(s))), None)
