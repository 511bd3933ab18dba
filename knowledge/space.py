"""The space and occupancy calculator: "Is my bedroom big enough?", "How many people can live here?".

Plain functions over the knowledge base. Every figure comes from the municipality's own
standards rows (``kb.standard(muni, key)``, keys from ``knowledge/vocab.yml``); no
municipality's numbers are written here. Each function returns a :class:`SpaceResult`: the
verdict, the numbers, the arithmetic in one line, the citation and the verbatim quote of every
rule used; :func:`to_answer` turns results into a :class:`knowledge.compose.Answer`, so the
bot and the CLI say the same thing.

Verdicts:

* ``meets`` / ``does_not_meet`` — the figures decide it;
* ``computed`` — a figure was asked for (a minimum, a capacity) and is given;
* ``not_addressed`` — the calculator gives no verdict from the text. ``reason`` says why:
  ``text_silent`` (the text has no such rule: names the enforcing officer),
  ``text_unsettled`` (the rule does not settle this case, e.g. a child of exactly 12 where the
  text says "over 12" / "under 12"), ``no_figure`` (the text has the rule but the knowledge
  base holds no number for it yet);
* ``need_info`` — a question back instead of a guess. ``reason`` is ``bad_input`` (the input
  cannot be used as given: zero, negative, absurd, ambiguous or contradictory) or
  ``more_info`` (one more fact, e.g. the ages, decides it).

Bad input never raises: it becomes a ``need_info`` result. Unknown municipalities raise
:class:`knowledge.kb.UnknownMunicipality` (its message is fit to show), as everywhere else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from knowledge.compose import Answer, citation_payload
from knowledge.compose import not_addressed as compose_not_addressed
from knowledge.kb import KnowledgeBase, Municipality, Section, Standard
from knowledge.parsing import MAX_AGE_YEARS, Room, fmt_number

MEETS = "meets"
FAILS = "does_not_meet"
COMPUTED = "computed"
NOT_ADDRESSED = "not_addressed"
NEED_INFO = "need_info"
VERDICTS = (MEETS, FAILS, COMPUTED, NOT_ADDRESSED, NEED_INFO)

TEXT_SILENT = "text_silent"
TEXT_UNSETTLED = "text_unsettled"
NO_FIGURE = "no_figure"
BAD_INPUT = "bad_input"
MORE_INFO = "more_info"

# Sanity bounds on input (not law: they only stop absurd input from producing a verdict).
MAX_ROOM_AREA_SQFT = 10_000.0
MAX_UNIT_AREA_SQFT = 100_000.0
MAX_ROOM_OCCUPANTS = 50
MAX_UNIT_OCCUPANTS = 100
MAX_ROOMING_PERSONS = 1_000
MAX_CEILING_FT = 30.0
_EPS = 1e-9

TOPICS = {
    "bedroom": "sleeping_room_size",
    "rooming_bedroom": "sleeping_room_size",
    "unit": "occupancy_floor_space",
    "ceiling": "ceiling_height",
    "window": "windows_light_ventilation",
    "fixtures": "rooming_houses",
}


@dataclass(frozen=True)
class Source:
    """A standard used in a result: its key and figure, the full citation and the verbatim rule."""

    key: str
    value: float | None
    value_text: str
    citation: str
    quote: str
    section: Section


@dataclass
class SpaceResult:
    """What the calculator found for one question about one room, unit or house."""

    municipality: str
    municipality_name: str
    kind: str  # bedroom, unit, ceiling, window, fixtures
    topic: str
    verdict: str
    summary: str
    arithmetic: str = ""
    numbers: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    sources: list[Source] = field(default_factory=list)
    question: str | None = None
    reason: str | None = None

    @property
    def citations(self) -> list[str]:
        """The full citations of the rules used ("Town of Holland Code § 190-9, …")."""
        return _unique(s.citation for s in self.sources)

    @property
    def quotes(self) -> list[str]:
        """The verbatim quotes of the rules used."""
        return _unique(s.quote for s in self.sources)

    @property
    def addressed(self) -> bool:
        """False only when the municipality's text has no such rule at all."""
        return not (self.verdict == NOT_ADDRESSED and self.reason == TEXT_SILENT)


def _unique(items: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


# -- shared helpers ----------------------------------------------------------------------------
class _Ctx:
    """One municipality's standards, sections and the result being built."""

    def __init__(self, kb: KnowledgeBase, municipality: str, kind: str, topic: str | None = None):
        self.kb = kb
        self.muni: Municipality = kb.municipality(municipality)
        self.kind = kind
        self.topic = topic or TOPICS[kind]
        self.sources: list[Source] = []
        self.notes: list[str] = []
        self._standards: dict[str, Standard] | None = None
        # whether a person aged exactly the occupant age ("over one year of age") counts: the text
        # does not settle it, so the public functions run both ways (see _either_way)
        self.boundary_counts = False

    def std(self, key: str) -> Standard | None:
        """The standards row of ``key`` for this municipality (proper rows only), or None.

        Same as ``kb.standard(muni, key)`` (the first row of the key), read in one query per result.
        """
        if self._standards is None:
            self._standards = {}
            for row in self.kb.standards(municipality=self.muni.key):
                self._standards.setdefault(row.key, row)
        return self._standards.get(key)

    def use(self, *standards: Standard | None) -> None:
        """Record standards as sources of the result (citation and verbatim quote)."""
        for std in standards:
            if std is None or any(s.key == std.key for s in self.sources):
                continue
            section = self.kb.section(self.muni.key, std.citation)
            self.sources.append(Source(std.key, std.value, std.value_text, section.full_citation, std.quote, section))

    def note(self, text: str | None) -> None:
        if text and text not in self.notes:
            self.notes.append(text)

    def result(self, verdict: str, summary: str, arithmetic: str = "", **kwargs: Any) -> SpaceResult:
        return SpaceResult(
            municipality=self.muni.key,
            municipality_name=self.muni.name,
            kind=self.kind,
            topic=self.topic,
            verdict=verdict,
            summary=summary,
            arithmetic=arithmetic,
            numbers=kwargs.pop("numbers", {}),
            notes=list(self.notes),
            sources=list(self.sources),
            question=kwargs.pop("question", None),
            reason=kwargs.pop("reason", None),
        )

    def need_info(self, question: str, reason: str = BAD_INPUT, summary: str | None = None, **kwargs: Any):
        """A question back instead of a verdict (bad input: just the question, without other notes)."""
        if reason == BAD_INPUT:
            self.notes.clear()
            self.sources.clear()
        return self.result(NEED_INFO, summary or question, question=question, reason=reason, **kwargs)

    def silent(self, what: str) -> SpaceResult:
        """The text has no such rule: say so and name the office, never another town's rule."""
        text = compose_not_addressed(self.muni, what, self.topic).text
        return self.result(NOT_ADDRESSED, text, reason=TEXT_SILENT)

    def no_figure(self, what: str, summary_lead: str = "", **kwargs: Any) -> SpaceResult:
        text = (
            f"{summary_lead}I don't have the {self.muni.name} figure for {what} in my knowledge base, so I can't "
            f"compute it. The section is quoted below; for an answer, ask the {self.muni.contact}."
        )
        return self.result(NOT_ADDRESSED, text.strip(), reason=NO_FIGURE, **kwargs)

    def unsettled(self, summary: str, arithmetic: str = "", **kwargs: Any) -> SpaceResult:
        text = f"{summary} For an answer, ask the {self.muni.contact}."
        return self.result(NOT_ADDRESSED, text, arithmetic, reason=TEXT_UNSETTLED, **kwargs)

    @property
    def ask_office(self) -> str:
        return f"the {self.muni.contact}"


def sqft(value: float) -> str:
    """ "120 sq ft"."""
    return f"{fmt_number(value)} sq ft"


def _pct(std: Standard) -> str:
    return f"{fmt_number(std.value or 0)}%"


def _ge(a: float, b: float) -> bool:
    """a ≥ b, tolerating floating-point noise (exactly at the minimum meets it)."""
    return a >= b - _EPS * max(1.0, abs(b))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _area_of(value: Room | float | int | None) -> tuple[Room | None, str | None]:
    """A Room from a Room or a number of square feet; (None, question) when it is unusable."""
    if value is None:
        return None, None
    if isinstance(value, Room):
        if not value.ok:
            return None, value.question or "What is the floor area?"
        return value, None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None, "What is the floor area, in square feet?"
    return Room.from_area(float(value)), None


def _check_area(ctx: _Ctx, room: Room, limit: float, what: str) -> SpaceResult | None:
    area = room.area_sqft or 0.0
    if area <= 0:
        return ctx.need_info(f"A floor area of {sqft(area)} is not possible. What is the {what}'s floor area?")
    if area > limit:
        return ctx.need_info(
            f"{sqft(area)} is more than I can take for a {what} (at most {sqft(limit)}). Please check the size."
        )
    ctx.note(room.reading_note())
    return None


def _check_part_area(ctx: _Ctx, value: float | None, total: float, label: str) -> SpaceResult | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        return ctx.need_info(f"The {label} must be a number of square feet, zero or more. What is it?")
    if value > total + _EPS:
        return ctx.need_info(
            f"The {label} ({sqft(value)}) is more than the whole floor ({sqft(total)}). Which figure is right?"
        )
    return None


def _age_words(age: float) -> str:
    if age <= 0:
        return "newborn"
    if age < 1:
        months = round(age * 12)
        return f"{months}-month-old" if months >= 1 else f"{fmt_number(age * 52, 0)}-week-old"
    return f"{fmt_number(age)}-year-old"


# -- who counts as an occupant --------------------------------------------------------------------
@dataclass
class _Occupants:
    persons: int
    counted: list[float | None]  # ages of the persons who count as occupants (None: not given)
    excluded: list[float]  # ages of persons who do not count


def _occupants(ctx: _Ctx, people: int | None, ages: Sequence[float] | None, limit: int) -> _Occupants | SpaceResult:
    """Count the occupants from a head count and/or ages, applying ``occupant_min_age_years``."""
    ages = list(ages or [])
    for age in ages:
        if isinstance(age, bool) or not isinstance(age, (int, float)) or not math.isfinite(age):
            return ctx.need_info("I could not read one of the ages. How old is each person?")
        if age < 0 or age > MAX_AGE_YEARS:
            return ctx.need_info(f"An age of {fmt_number(age)} years is not possible. How old is each person?")
    if people is not None:
        if not _is_int(people):
            return ctx.need_info("How many people? Give a whole number.")
        if people <= 0:
            return ctx.need_info(f"{people} people is not a number of occupants I can check. How many people?")
        if people > limit:
            return ctx.need_info(f"{people} people is more than I can check here (at most {limit}). Please check.")
        if people < len(ages):
            return ctx.need_info(
                f"You said {people} {'person' if people == 1 else 'people'} but gave {len(ages)} ages. "
                "How many people are there?"
            )
    persons = people if people is not None else len(ages)
    if persons > limit:
        return ctx.need_info(f"{persons} people is more than I can check here (at most {limit}). Please check.")
    known: list[float | None] = [float(a) for a in ages] + [None] * (persons - len(ages))
    rule = ctx.std("occupant_min_age_years")
    if rule is None or rule.value is None:
        return _Occupants(persons, known, [])
    boundary = [a for a in known if a is not None and _at_age(a, rule.value)]
    counted = [a for a in known if a is None or (a > rule.value and not _at_age(a, rule.value))]
    counted += boundary if ctx.boundary_counts else []
    excluded = [a for a in known if a is not None and a < rule.value and not _at_age(a, rule.value)]
    over = f"over {rule.value_text} of age"
    if boundary:
        ctx.use(rule)
    if excluded:
        ctx.use(rule)
        names = ", ".join(f"the {_age_words(a)}" for a in excluded)
        ctx.note(
            f"Not counted as {'an occupant' if len(excluded) == 1 else 'occupants'}: {names}. The {ctx.muni.name} "
            f"code's definition of occupant covers only persons {over}."
        )
    if any(a is None for a in counted) and counted:
        ctx.use(rule)
        ctx.note(
            f"I counted every person as an occupant. The {ctx.muni.name} code counts only persons {over}: "
            "a child under one does not count, and the text does not settle whether a child of exactly one does."
        )
    return _Occupants(persons, counted, excluded)


def _at_age(age: float, limit: float) -> bool:
    return abs(age - limit) < 1e-9


def _either_way(
    kb: KnowledgeBase, municipality: str, ages: Sequence[float] | None, run: Callable[[bool], SpaceResult]
) -> SpaceResult:
    """Run a check with a child aged exactly the occupant age counted and not counted.

    The definitions say "over one year of age", which does not settle a child of exactly one
    (like Amery's "over 12" / "under 12" at exactly 12). The same verdict either way is given
    with a note; different verdicts give both outcomes and name the officer, never one silently.
    """
    rule = kb.standard(municipality, "occupant_min_age_years")
    if rule is None or rule.value is None or not ages:
        return run(False)
    at = [a for a in ages if isinstance(a, (int, float)) and not isinstance(a, bool) and _at_age(a, rule.value)]
    if not at:
        return run(False)
    counted, left_out = run(True), run(False)
    if NEED_INFO in (counted.verdict, left_out.verdict):
        return counted if counted.verdict == NEED_INFO else left_out
    child = f"the {_age_words(at[0])}" if len(at) == 1 else f"the {len(at)} children aged exactly {rule.value_text}"
    unsettled = (
        f'The {left_out.municipality_name} code\'s occupant is a person "over {rule.value_text} of age", so the text '
        f"does not settle whether {child} counts as an occupant."
    )
    same = counted.verdict == left_out.verdict and (
        counted.verdict in (MEETS, FAILS) or counted.numbers == left_out.numbers
    )
    if same:
        if counted.summary != left_out.summary:
            left_out.summary += f" Counting {child} as well, the verdict is the same: {counted.summary}"
        left_out.notes.append(unsettled + " Here the verdict is the same either way.")
        left_out.sources += [s for s in counted.sources if s.key not in {o.key for o in left_out.sources}]
        return left_out
    muni = kb.municipality(municipality)
    ask = f" For an answer, ask the {muni.office} ({muni.enforcing_officer})."
    counted.summary, left_out.summary = counted.summary.replace(ask, ""), left_out.summary.replace(ask, "")
    sources = list(left_out.sources) + [s for s in counted.sources if s.key not in {o.key for o in left_out.sources}]
    return SpaceResult(
        municipality=left_out.municipality,
        municipality_name=left_out.municipality_name,
        kind=left_out.kind,
        topic=left_out.topic,
        verdict=NOT_ADDRESSED,
        summary=(f"{unsettled} If {child} counts: {counted.summary} If not: {left_out.summary}{ask}"),
        arithmetic=f"if counted: {counted.arithmetic}; if not counted: {left_out.arithmetic}",
        numbers={"if_counted": counted.numbers, "if_not_counted": left_out.numbers},
        notes=_unique([*left_out.notes, *counted.notes]),
        sources=sources,
        reason=TEXT_UNSETTLED,
    )


def _room_or_ask(ctx: _Ctx, room: Room | float | None, example: str) -> Room | SpaceResult:
    """The room, checked; or what to ask when it is missing, unreadable or impossible."""
    room_obj, question = _area_of(room)
    if question:
        return ctx.need_info(question)
    if room_obj is None:
        return ctx.need_info(f"What is the size of the room (for example {example})?", MORE_INFO)
    return _check_area(ctx, room_obj, MAX_ROOM_AREA_SQFT, "room") or room_obj


def _occupants_or_ask(
    ctx: _Ctx, has_area: bool, people: int | None, ages: Sequence[float] | None, limit: int, question: str
) -> _Occupants | SpaceResult | None:
    """The occupants when given (None when not), or the question to ask when neither they nor an area are."""
    occupants = _occupants(ctx, people, ages, limit) if people is not None or ages else None
    if occupants is None and not has_area:
        return ctx.need_info(question, MORE_INFO)
    return occupants


def _no_occupants(ctx: _Ctx, occupants: _Occupants, why: str) -> SpaceResult:
    """Every person is too young to be an occupant: the per-occupant figures give no number."""
    return ctx.unsettled(
        f"None of these persons counts as an occupant under the {ctx.muni.name} code's definition, and {why}, "
        "so the text gives no figure for them.",
        numbers={"occupants": 0, "persons": occupants.persons},
    )


def _low_area_exclusion(ctx: _Ctx, room: Room, low_area: float | None) -> tuple[float, str] | SpaceResult:
    """The floor area that counts for occupancy, after ``floor_excluded_below_ft`` (if the text has it)."""
    area = room.area_sqft or 0.0
    if low_area is None or low_area == 0:
        return area, ""
    problem = _check_part_area(ctx, low_area, area, "low-ceiling area")
    if problem:
        return problem
    rule = ctx.std("floor_excluded_below_ft")
    if rule is None:
        ctx.note(
            f"The {ctx.muni.name} text I have does not exclude floor area under low ceilings, so all "
            f"{sqft(area)} count."
        )
        return area, ""
    ctx.use(rule)
    counted = area - low_area
    return counted, f"{sqft(area)} − {sqft(low_area)} under a ceiling lower than {rule.value_text} = {sqft(counted)}"


# -- sleeping rooms -----------------------------------------------------------------------------------
_OVER = math.inf  # internal: an occupant known to be over the age threshold
_UNDER = -1.0  # internal: an occupant known to be under it


@dataclass
class _SleepRules:
    one: Standard | None
    per: Standard | None
    additional: Standard | None
    over: Standard | None
    under: Standard | None
    threshold: float | None
    threshold_std: Standard | None

    @property
    def any(self) -> bool:
        return any((self.one, self.per, self.additional, self.over, self.under))

    @property
    def split(self) -> bool:
        return self.per is None and self.additional is None and (self.over is not None or self.under is not None)


def _sleep_rules(ctx: _Ctx, rooming: bool) -> _SleepRules:
    prefix = "rooming_" if rooming else ""
    one = ctx.std(prefix + "sleeping_room_one_occupant")
    per = ctx.std(prefix + "sleeping_room_per_occupant")
    additional = ctx.std(prefix + "sleeping_room_each_additional_occupant")
    over = ctx.std(prefix + "sleeping_room_per_occupant_over_age")
    under = ctx.std(prefix + "sleeping_room_per_occupant_under_age")
    threshold_std = ctx.std(prefix + "sleeping_room_age_threshold_years")
    if per is not None and over is None and isinstance(per.params.get("age"), (int, float)):
        # The row states its own qualifier ("for each occupant thereof over 12 years of age"):
        # its figure is for occupants over that age only.
        over, per = per, None
    threshold = threshold_std.value if threshold_std is not None else None
    if threshold is None:
        for std in (over, under):
            if std is not None and isinstance(std.params.get("age"), (int, float)):
                threshold = float(std.params["age"])
                break
    return _SleepRules(one, per, additional, over, under, threshold, threshold_std)


@dataclass
class _Need:
    low: float = 0.0
    high: float = 0.0
    text_low: str = ""
    text_high: str = ""
    used: list[Standard] = field(default_factory=list)
    missing: str | None = None
    unknown: int = 0
    at_threshold: int = 0

    @property
    def settled(self) -> bool:
        return abs(self.high - self.low) <= _EPS


def _occ(n: int) -> str:
    return f"{n} occupant{'s' if n != 1 else ''}"


def _sleep_need(rules: _SleepRules, ages: Sequence[float | None]) -> _Need:
    """The floor area a sleeping room needs for these occupants (ages None: not given)."""
    n = len(ages)
    if n == 1:
        if rules.one is None:
            return _Need(missing="a room slept in by one occupant")
        v = rules.one.value or 0.0
        return _Need(v, v, f"1 occupant: {sqft(v)} required", f"1 occupant: {sqft(v)} required", [rules.one])
    if rules.per is not None:
        v = rules.per.value or 0.0
        text = f"{_occ(n)} × {sqft(v)} = {sqft(n * v)} required"
        return _Need(n * v, n * v, text, text, [rules.per])
    if rules.additional is not None:
        if rules.one is None:
            return _Need(missing="the first occupant of a room slept in by more than one")
        first, add = rules.one.value or 0.0, rules.additional.value or 0.0
        total = first + (n - 1) * add
        text = f"{sqft(first)} for the first occupant + {n - 1} × {sqft(add)} = {sqft(total)} required"
        return _Need(total, total, text, text, [rules.one, rules.additional])
    if rules.split and rules.threshold is not None:
        return _split_need(rules, ages)
    return _Need(missing="a room slept in by more than one occupant")


def _split_need(rules: _SleepRules, ages: Sequence[float | None]) -> _Need:
    thr = rules.threshold
    assert thr is not None
    over = sum(1 for a in ages if a is not None and a > thr)
    under = sum(1 for a in ages if a is not None and a < thr)
    at = sum(1 for a in ages if a is not None and a == thr)
    unknown = sum(1 for a in ages if a is None)
    t = fmt_number(thr)
    if (over and rules.over is None) or (under and rules.under is None):
        who = f"each occupant over {t}" if over and rules.over is None else f"each occupant under {t}"
        return _Need(missing=f"{who} in a room slept in by more than one occupant")
    if (at or unknown) and (rules.over is None or rules.under is None):
        absent = "over" if rules.over is None else "under"
        return _Need(
            missing=f"each occupant {absent} {t} in a room slept in by more than one occupant",
            unknown=unknown,
            at_threshold=at,
        )
    assert rules.over is not None or rules.under is not None
    ov = rules.over.value if rules.over is not None else 0.0
    un = rules.under.value if rules.under is not None else 0.0
    ov, un = ov or 0.0, un or 0.0

    def text(n_over: int, n_under: int) -> tuple[float, str]:
        parts = []
        if n_over:
            parts.append(f"{n_over} over {t} × {sqft(ov)}")
        if n_under:
            parts.append(f"{n_under} under {t} × {sqft(un)}")
        total = n_over * ov + n_under * un
        return total, " + ".join(parts) + f" = {sqft(total)} required"

    open_ = at + unknown
    cheap_over = ov < un
    low, text_low = text(over + (open_ if cheap_over else 0), under + (0 if cheap_over else open_))
    high, text_high = text(over + (0 if cheap_over else open_), under + (open_ if cheap_over else 0))
    used = [s for s in (rules.over, rules.under) if s is not None]
    if rules.over is None or rules.under is None:
        used += [rules.threshold_std] if rules.threshold_std is not None else []
    return _Need(low, high, text_low, text_high, used, unknown=unknown, at_threshold=at)


def _sleep_what(rooming: bool) -> str:
    return "the floor area of rooming-house sleeping rooms" if rooming else "the minimum floor area of sleeping rooms"


def _room_label(room: Room, rooming: bool) -> str:
    return f"{'rooming-house sleeping room' if rooming else 'bedroom'} of {room.describe()}"


def sleeping_room(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None = None,
    people: int | None = None,
    ages: Sequence[float] | None = None,
    *,
    rooming: bool = False,
    low_area: float | None = None,
) -> SpaceResult:
    """Sleeping room floor area for one municipality.

    With a room and a head count (or ages): the verdict. With a room only: the largest number
    of sleepers it allows. With people only: the minimum floor area. ``room`` is a parsed
    :class:`Room` or square feet; ``ages`` in years (the head count may exceed the ages given);
    ``rooming`` uses the rooming-house figures; ``low_area`` is floor area under a ceiling
    lower than the municipality's ``floor_excluded_below_ft`` (not counted where the text says so).
    A child aged exactly the occupant age is checked both ways (:func:`_either_way`).
    """
    return _either_way(
        kb,
        municipality,
        ages,
        lambda counts: _sleeping_room(kb, municipality, room, people, ages, rooming, low_area, counts),
    )


def _sleeping_room(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None,
    people: int | None,
    ages: Sequence[float] | None,
    rooming: bool,
    low_area: float | None,
    boundary_counts: bool,
) -> SpaceResult:
    ctx = _Ctx(kb, municipality, "bedroom", TOPICS["rooming_bedroom" if rooming else "bedroom"])
    ctx.boundary_counts = boundary_counts
    rules = _sleep_rules(ctx, rooming)
    if not rules.any:
        result = ctx.silent(_sleep_what(rooming))
        if not rooming and _sleep_rules(ctx, True).any:
            result.summary += (
                " Its text does set sleeping-room areas for rooming houses; ask about a rooming house for those."
            )
            result.numbers["rooming_rules_available"] = True
        return result
    room_obj, question = _area_of(room)
    if question:
        return ctx.need_info(question)
    if room_obj is not None:
        problem = _check_area(ctx, room_obj, MAX_ROOM_AREA_SQFT, "room")
        if problem:
            return problem
    occupants = _occupants_or_ask(
        ctx,
        room_obj is not None,
        people,
        ages,
        MAX_ROOM_OCCUPANTS,
        "What is the size of the room (for example 10x12 feet or 120 sq ft), and how many people sleep in it?",
    )
    if isinstance(occupants, SpaceResult):
        return occupants
    if occupants is not None and not occupants.counted:
        return _no_occupants(ctx, occupants, "its sleeping-room figures are stated per occupant")
    if room_obj is None:
        assert occupants is not None
        return _sleep_minimum(ctx, rules, occupants, rooming)
    counted = _low_area_exclusion(ctx, room_obj, low_area)
    if isinstance(counted, SpaceResult):
        return counted
    area, exclusion = counted
    if occupants is None:
        return _sleep_capacity(ctx, rules, room_obj, area, exclusion, rooming)
    return _sleep_verdict(ctx, rules, room_obj, area, exclusion, occupants, rooming)


def _sleep_minimum(ctx: _Ctx, rules: _SleepRules, occupants: _Occupants, rooming: bool) -> SpaceResult:
    n = len(occupants.counted)
    need = _sleep_need(rules, occupants.counted)
    numbers: dict[str, Any] = {"occupants": n, "persons": occupants.persons}
    if need.missing:
        return _missing_sleep_figure(ctx, rules, need, numbers)
    ctx.use(*need.used)
    kind = "rooming-house sleeping room" if rooming else "sleeping room"
    if need.settled:
        numbers["required_sqft"] = need.low
        return ctx.result(
            COMPUTED,
            f"In the {ctx.muni.name}, a {kind} for {_occ(n)} needs at least {sqft(need.low)} of floor area.",
            need.text_low,
            numbers=numbers,
        )
    numbers.update(required_min_sqft=need.low, required_max_sqft=need.high)
    arithmetic = f"{need.text_low}; or {need.text_high}"
    lead = (
        f"In the {ctx.muni.name}, a {kind} for {_occ(n)} needs between {sqft(need.low)} and {sqft(need.high)}, "
        f"depending on ages: {_split_words(rules)}."
    )
    if need.unknown:
        return ctx.need_info(
            _ages_question(ctx, rules), MORE_INFO, summary=lead, arithmetic=arithmetic, numbers=numbers
        )
    return ctx.unsettled(lead + " " + _threshold_words(ctx, rules), arithmetic, numbers=numbers)


def _missing_sleep_figure(ctx: _Ctx, rules: _SleepRules, need: _Need, numbers: dict[str, Any]) -> SpaceResult:
    """No figure for these occupants: ask the ages when they would decide it, else say the figure is missing."""
    ctx.use(rules.one, rules.per, rules.additional, rules.over, rules.under)
    if need.unknown:
        present = "over" if rules.over is not None else "under"
        t = fmt_number(rules.threshold or 0)
        std = rules.over if rules.over is not None else rules.under
        assert std is not None
        question = (
            f"How old is each person who sleeps there? I have the {ctx.muni.name} figure only for occupants "
            f"{present} {t} ({sqft(std.value or 0)} each) in a room slept in by more than one."
        )
        return ctx.need_info(question, MORE_INFO, numbers=numbers)
    return ctx.no_figure(need.missing or "this room", numbers=numbers)


def _split_words(rules: _SleepRules) -> str:
    t = fmt_number(rules.threshold or 0)
    parts = []
    if rules.over is not None:
        parts.append(f"{sqft(rules.over.value or 0)} for each occupant over {t}")
    if rules.under is not None:
        parts.append(f"{sqft(rules.under.value or 0)} for each occupant under {t}")
    return " and ".join(parts)


def _ages_question(ctx: _Ctx, rules: _SleepRules) -> str:
    return f"How old is each person who sleeps there? The {ctx.muni.name} code requires {_split_words(rules)}."


def _threshold_words(ctx: _Ctx, rules: _SleepRules) -> str:
    t = fmt_number(rules.threshold or 0)
    return (
        f'The text says "over {t}" and "under {t}" years of age, so it does not settle which figure applies to '
        f"an occupant of exactly {t}."
    )


def _sleep_verdict(
    ctx: _Ctx,
    rules: _SleepRules,
    room: Room,
    area: float,
    exclusion: str,
    occupants: _Occupants,
    rooming: bool,
) -> SpaceResult:
    n = len(occupants.counted)
    need = _sleep_need(rules, occupants.counted)
    label = _room_label(room, rooming)
    numbers: dict[str, Any] = {
        "area_sqft": room.area_sqft,
        "counted_area_sqft": area,
        "occupants": n,
        "persons": occupants.persons,
    }
    head = "; ".join(p for p in (room.describe(), exclusion) if p)
    if need.missing:
        return _missing_sleep_figure(ctx, rules, need, numbers)
    ctx.use(*need.used)
    if need.settled:
        numbers["required_sqft"] = need.low
        ok = _ge(area, need.low)
        verdict = MEETS if ok else FAILS
        words = "meets the minimum" if ok else "does not meet the minimum"
        summary = (
            f"In the {ctx.muni.name}, a {label} {'meets' if ok else 'does not meet'} the minimum for {_occ(n)}: "
            f"{sqft(need.low)} required, {sqft(area)} {'counted' if exclusion else 'available'}."
        )
        return ctx.result(verdict, summary, f"{head}; {need.text_low} → {words}", numbers=numbers)
    numbers.update(required_min_sqft=need.low, required_max_sqft=need.high)
    ok_low, ok_high = _ge(area, need.low), _ge(area, need.high)
    arithmetic = f"{head}; {need.text_low}; or {need.text_high}"
    if ok_low == ok_high:
        verdict = MEETS if ok_low else FAILS
        t = fmt_number(rules.threshold or 0)
        if need.unknown:
            why = f"whatever the ages not given, over or under {t}"
        elif need.at_threshold == 1:
            why = f"whether the occupant aged exactly {t} counts as over or under {t}"
        else:
            why = f"whether the occupants aged exactly {t} count as over or under {t}"
        summary = (
            f"In the {ctx.muni.name}, a {label} {'meets' if ok_low else 'does not meet'} the minimum for {_occ(n)} "
            f"either way ({why}): {sqft(need.low)} to {sqft(need.high)} required, {sqft(area)} {'counted' if exclusion else 'available'}."
        )
        if need.at_threshold and not need.unknown:
            ctx.note(_threshold_words(ctx, rules) + " Here the verdict is the same either way.")
        return ctx.result(
            verdict, summary, arithmetic + f" → {'meets' if ok_low else 'does not meet'} the minimum", numbers=numbers
        )
    lead = (
        f"In the {ctx.muni.name}, whether a {label} is big enough for {_occ(n)} depends on ages: "
        f"{sqft(need.low)} to {sqft(need.high)} required, {sqft(area)} {'counted' if exclusion else 'available'}."
    )
    if need.unknown:
        return ctx.need_info(
            _ages_question(ctx, rules), MORE_INFO, summary=lead, arithmetic=arithmetic, numbers=numbers
        )
    return ctx.unsettled(lead + " " + _threshold_words(ctx, rules), arithmetic, numbers=numbers)


def _largest(fits: Callable[[int], bool], limit: int) -> int:
    """The largest n in 1..limit with fits(n), 0 if none (fits need not be monotone)."""
    for n in range(limit, 0, -1):
        if fits(n):
            return n
    return 0


def _sleep_capacity(
    ctx: _Ctx, rules: _SleepRules, room: Room, area: float, exclusion: str, rooming: bool
) -> SpaceResult:
    head = "; ".join(p for p in (room.describe(), exclusion) if p)
    label = _room_label(room, rooming)
    numbers: dict[str, Any] = {"area_sqft": room.area_sqft, "counted_area_sqft": area}
    one_fits = rules.one is not None and _ge(area, rules.one.value or 0)
    if rules.split and rules.threshold is not None:
        return _split_capacity(ctx, rules, label, head, area, numbers, one_fits)

    def fits(n: int) -> bool:
        need = _sleep_need(rules, [None] * n)
        return need.missing is None and _ge(area, need.low)

    largest = _largest(fits, MAX_ROOM_OCCUPANTS)
    multi_missing = _sleep_need(rules, [None, None]).missing
    numbers["max_occupants"] = largest
    if largest == 0:
        need1 = _sleep_need(rules, [None])
        ctx.use(rules.one, rules.per, rules.additional)
        if need1.missing:
            return ctx.no_figure(need1.missing, numbers=numbers)
        return ctx.result(
            FAILS,
            f"In the {ctx.muni.name}, a {label} is too small for even one occupant: {need1.text_low}.",
            f"{head}; {need1.text_low} → does not meet the minimum",
            numbers=numbers,
        )
    need = _sleep_need(rules, [None] * largest)
    ctx.use(*need.used)
    steps = [f"{need.text_low.replace(' required', '')} ≤ {sqft(area)}"]
    next_need = _sleep_need(rules, [None] * (largest + 1))
    if next_need.missing is None and largest < MAX_ROOM_OCCUPANTS:
        steps.append(f"{next_need.text_low.replace(' required', '')} > {sqft(area)}")
        ctx.use(*next_need.used)
    if multi_missing and largest == 1:
        ctx.use(rules.one)
        return ctx.no_figure(
            "rooms slept in by more than one occupant",
            summary_lead=f"In the {ctx.muni.name}, a {label} is big enough for one occupant ({need.text_low}). ",
            numbers=numbers,
        )
    summary = f"In the {ctx.muni.name}, a {label} is big enough for up to {_occ(largest)}."
    if not one_fits and rules.one is not None:
        ctx.note(
            f"By the text's own figures one occupant alone needs {sqft(rules.one.value or 0)}, more than this "
            f"room has; the per-occupant figure applies only where more than one sleeps in the room."
        )
        ctx.use(rules.one)
    return ctx.result(COMPUTED, summary, f"{head}; " + "; ".join(steps), numbers=numbers)


def _split_capacity(
    ctx: _Ctx,
    rules: _SleepRules,
    label: str,
    head: str,
    area: float,
    numbers: dict[str, Any],
    one_fits: bool,
) -> SpaceResult:
    """Capacity where the per-occupant figure depends on age: all over the age, or all under it."""
    t = fmt_number(rules.threshold or 0)
    found: dict[str, int] = {}
    steps: list[str] = []
    if rules.one is not None:
        ctx.use(rules.one)
        one = rules.one.value or 0.0
        steps.append(f"1 occupant: {sqft(one)} {'≤' if one_fits else '>'} {sqft(area)}")
    for name, age, std in (("over", _OVER, rules.over), ("under", _UNDER, rules.under)):
        if std is None:
            continue

        def fits(n: int, age: float = age) -> bool:
            need = _sleep_need(rules, [age] * n)
            return n >= 2 and need.missing is None and _ge(area, need.low)

        largest = _largest(fits, MAX_ROOM_OCCUPANTS)
        found[name] = largest
        shown = max(largest, 2)
        need = _sleep_need(rules, [age] * shown)
        ctx.use(*need.used)
        text = need.text_low.replace(" required", "")
        steps.append(f"{text} {'≤' if largest else '>'} {sqft(area)}")
        if largest and largest < MAX_ROOM_OCCUPANTS:
            after = _sleep_need(rules, [age] * (largest + 1))
            steps.append(f"{after.text_low.replace(' required', '')} > {sqft(area)}")
        numbers[f"max_occupants_{name}_{t}"] = largest
    best = max([1 if one_fits else 0, *found.values()])
    numbers["max_occupants"] = best
    arithmetic = f"{head}; " + "; ".join(steps)
    if best == 0:
        return ctx.result(
            FAILS,
            f"In the {ctx.muni.name}, a {label} is too small for any number of occupants.",
            arithmetic + " → does not meet the minimum",
            numbers=numbers,
        )
    groups = [f"{n} occupants {name} {t}" for name, n in found.items() if n >= 2]
    if groups:
        summary = (
            f"In the {ctx.muni.name}, a {label} is big enough for up to {', or up to '.join(groups)} "
            f"({_split_words(rules)}; a mixed group adds up)."
        )
        if not one_fits and rules.one is not None:
            ctx.note(
                f"By the text's own figures one occupant alone needs {sqft(rules.one.value or 0)}, more than this "
                "room has; the per-occupant figures apply only where more than one sleeps in the room."
            )
    else:
        summary = f"In the {ctx.muni.name}, a {label} is big enough for one occupant only."
    return ctx.result(COMPUTED, summary, arithmetic, numbers=numbers)


def sleeping_rooms(
    kb: KnowledgeBase,
    municipality: str,
    rooms: Sequence[Room],
    people: int | Sequence[int] | None = None,
    ages: Sequence[float] | None = None,
    *,
    rooming: bool = False,
) -> list[SpaceResult]:
    """Several rooms at once ("two bedrooms, 10x12 and 9x11"): one result per room.

    ``people`` is one count per room; a single count with several rooms is ambiguous and
    comes back as a question. Ages can be given only with one room.
    """
    rooms = list(rooms)
    if not rooms:
        ctx = _Ctx(kb, municipality, "bedroom")
        return [
            ctx.need_info(
                'I could not find a room size. Give it as, for example, "10x12", "10 by 12 feet" or "120 sq ft".'
            )
        ]
    counts: list[int | None]
    if people is None:
        counts = [None] * len(rooms)
    elif isinstance(people, int) or len(rooms) == 1:
        if len(rooms) > 1:
            ctx = _Ctx(kb, municipality, "bedroom")
            return [
                ctx.need_info(
                    f"How many people sleep in each of the {len(rooms)} rooms? "
                    "(For example: 2 in the first, 1 in the second.)",
                    MORE_INFO,
                )
            ]
        counts = [people if isinstance(people, int) else list(people)[0]]
    else:
        counts = list(people)
        if len(counts) != len(rooms):
            ctx = _Ctx(kb, municipality, "bedroom")
            return [ctx.need_info(f"I have {len(rooms)} rooms but {len(counts)} head counts. Which sleeps how many?")]
    if ages and len(rooms) > 1:
        ctx = _Ctx(kb, municipality, "bedroom")
        return [ctx.need_info("Which room does each person sleep in? Ask about one room at a time with the ages.")]
    return [sleeping_room(kb, municipality, r, c, ages, rooming=rooming) for r, c in zip(rooms, counts)]


# -- dwelling units -----------------------------------------------------------------------------------
@dataclass
class _UnitRules:
    first: Standard | None
    second: Standard | None
    additional: Standard | None
    per_unit: Standard | None
    closet: Standard | None


def _unit_rules(ctx: _Ctx) -> _UnitRules:
    return _UnitRules(
        ctx.std("unit_area_first_occupant"),
        ctx.std("unit_area_second_occupant"),
        ctx.std("unit_area_each_additional_occupant"),
        ctx.std("unit_area_min_per_unit"),
        ctx.std("closet_hall_area_max_pct"),
    )


def _unit_need(rules: _UnitRules, n: int) -> _Need:
    """Habitable floor area a dwelling unit needs for n occupants (n ≥ 1)."""
    used: list[Standard] = []
    total, parts = 0.0, []
    if rules.first is not None:
        first = rules.first.value or 0.0
        total, parts = first, [sqft(first)]
        used.append(rules.first)
        rest = n - 1
        same = (
            rules.second is not None
            and rules.additional is not None
            and rules.second.value == rules.additional.value
            and rules.second.citation == rules.additional.citation
        )
        if rest >= 1 and same:
            assert rules.additional is not None and rules.second is not None
            add = rules.additional.value or 0.0
            total += rest * add
            parts.append(f"{rest} more × {sqft(add)}")
            used += [rules.second, rules.additional]
            rest = 0
        if rest >= 1 and rules.second is not None:
            second = rules.second.value or 0.0
            total += second
            parts.append(f"{sqft(second)} for the second")
            used.append(rules.second)
            rest -= 1
        if rest >= 1:
            if rules.additional is None:
                return _Need(missing="each additional occupant of a dwelling unit")
            add = rules.additional.value or 0.0
            total += rest * add
            parts.append(f"{rest} more × {sqft(add)}")
            used.append(rules.additional)
    text = " + ".join(parts) + f" = {sqft(total)} required for {_occ(n)}" if parts else ""
    if rules.per_unit is not None:
        floor = rules.per_unit.value or 0.0
        used.append(rules.per_unit)
        if floor > total:
            text = f"{sqft(floor)} required for every dwelling unit, whatever the number of occupants"
            total = floor
    return _Need(total, total, text, text, used)


def _unit_area(
    ctx: _Ctx,
    area: Room | float | Sequence[Room] | None,
) -> tuple[Room | None, SpaceResult | None]:
    if area is None:
        return None, None
    if isinstance(area, (list, tuple)):
        rooms = list(area)
        for room in rooms:
            if not isinstance(room, Room) or not room.ok:
                return None, ctx.need_info(
                    (room.question if isinstance(room, Room) else None) or "What is the habitable floor area?"
                )
        if not rooms:
            return None, None
        for room in rooms:
            ctx.note(room.reading_note())
        total = sum(r.area_sqft or 0.0 for r in rooms)
        text = " + ".join(fmt_number(r.area_sqft or 0.0) for r in rooms) + f" = {sqft(total)}"
        room_obj = Room(None, None, total, text, given=text)
        if len(rooms) == 1:
            room_obj = rooms[0]
    else:
        room_obj, question = _area_of(area)
        if question:
            return None, ctx.need_info(question)
    assert room_obj is not None
    problem = _check_area(ctx, room_obj, MAX_UNIT_AREA_SQFT, "dwelling unit")
    return (None, problem) if problem else (room_obj, None)


def dwelling_unit(
    kb: KnowledgeBase,
    municipality: str,
    area: Room | float | Sequence[Room] | None = None,
    people: int | None = None,
    ages: Sequence[float] | None = None,
    *,
    low_area: float | None = None,
    closet_hall_area: float | None = None,
) -> SpaceResult:
    """Dwelling unit floor space for one municipality.

    ``area`` is the total habitable room area (square feet, a :class:`Room`, or a list of rooms
    to add up). With area and people: the verdict; area only: the most occupants it allows;
    people only: the minimum area. Occupants are counted as the code defines them
    (``occupant_min_age_years``). ``closet_hall_area`` counts only as far as the text allows
    (``closet_hall_area_max_pct``); ``low_area`` is floor under a ceiling lower than
    ``floor_excluded_below_ft``. A child aged exactly the occupant age is checked both ways
    (:func:`_either_way`).
    """
    return _either_way(
        kb,
        municipality,
        ages,
        lambda counts: _dwelling_unit(kb, municipality, area, people, ages, low_area, closet_hall_area, counts),
    )


def _dwelling_unit(
    kb: KnowledgeBase,
    municipality: str,
    area: Room | float | Sequence[Room] | None,
    people: int | None,
    ages: Sequence[float] | None,
    low_area: float | None,
    closet_hall_area: float | None,
    boundary_counts: bool,
) -> SpaceResult:
    ctx = _Ctx(kb, municipality, "unit")
    ctx.boundary_counts = boundary_counts
    rules = _unit_rules(ctx)
    if rules.first is None and rules.per_unit is None:
        return ctx.silent("the minimum floor space of a dwelling unit")
    room, problem = _unit_area(ctx, area)
    if problem:
        return problem
    if room is None and people is None and not ages and rules.first is None:
        return _unit_minimum(ctx, rules, None)  # a figure per dwelling unit: no head count needed
    occupants = _occupants_or_ask(
        ctx,
        room is not None,
        people,
        ages,
        MAX_UNIT_OCCUPANTS,
        "What is the total habitable floor area (for example 600 sq ft), and how many people live there?",
    )
    if isinstance(occupants, SpaceResult):
        return occupants
    if room is None:
        assert occupants is not None
        return _unit_minimum(ctx, rules, occupants)
    counted = _low_area_exclusion(ctx, room, low_area)
    if isinstance(counted, SpaceResult):
        return counted
    habitable, exclusion = counted
    problem = _check_part_area(ctx, closet_hall_area, MAX_UNIT_AREA_SQFT, "closet and hall area")
    if problem:
        return problem
    closet = closet_hall_area or 0.0
    if closet and rules.closet is None:
        ctx.note(
            f"The {ctx.muni.name} text I have makes no allowance for closet and hall area, so I counted only the "
            f"habitable room area ({sqft(habitable)})."
        )
        closet = 0.0

    def counted_area(need: float) -> tuple[float, str]:
        if not closet or rules.closet is None:
            return habitable, ""
        cap = (rules.closet.value or 0.0) / 100.0 * need
        part = min(closet, cap)
        text = (
            f"{sqft(habitable)} + closets and halls {sqft(closet)} (at most {_pct(rules.closet)} × {sqft(need)} = "
            f"{sqft(cap)} counts) = {sqft(habitable + part)}"
        )
        return habitable + part, text

    if closet and rules.closet is not None:
        ctx.use(rules.closet)
    shown = room.given if "+" in room.source_text else room.describe()
    head = "; ".join(p for p in (f"{_area_noun(rules)} {shown}", exclusion) if p)
    if occupants is None:
        return _unit_capacity(ctx, rules, room, habitable, head, counted_area)
    n = len(occupants.counted)
    numbers: dict[str, Any] = {
        "area_sqft": room.area_sqft,
        "occupants": n,
        "persons": occupants.persons,
    }
    if n == 0 and rules.first is not None:
        return _no_occupants(ctx, occupants, "its floor space figures are stated per occupant")
    need = _unit_need(rules, max(n, 1))
    if need.missing:
        ctx.use(rules.first, rules.second)
        return ctx.no_figure(need.missing, numbers=numbers)
    ctx.use(*need.used)
    have, closet_text = counted_area(need.low)
    numbers.update(required_sqft=need.low, counted_area_sqft=have)
    ok = _ge(have, need.low)
    arithmetic = "; ".join(p for p in (head, closet_text, need.text_low) if p)
    arithmetic += " → meets the minimum" if ok else " → does not meet the minimum"
    if rules.first is None:
        ctx.note(f"The {ctx.muni.name} text sets no floor space per occupant; the figure is per dwelling unit.")
    summary = (
        f"In the {ctx.muni.name}, a dwelling unit with {_unit_area_words(habitable, have, _area_noun(rules))} "
        f"{'meets' if ok else 'does not meet'} the minimum for {_occ(n)} ({sqft(need.low)} required)."
    )
    return ctx.result(MEETS if ok else FAILS, summary, arithmetic, numbers=numbers)


def _area_noun(rules: _UnitRules) -> str:
    """What the figure measures: habitable floor area where the text prices occupants, else the unit's
    floor space (Howard's "floor space for occupancy" is not limited to habitable rooms)."""
    return "habitable floor area" if rules.first is not None else "floor space"


def _unit_area_words(habitable: float, counted: float, noun: str = "habitable floor area") -> str:
    if counted > habitable + _EPS:
        return f"{sqft(habitable)} of {noun} (plus {sqft(counted - habitable)} of closets and halls that count)"
    return f"{sqft(habitable)} of {noun}"


def _unit_minimum(ctx: _Ctx, rules: _UnitRules, occupants: _Occupants | None) -> SpaceResult:
    if occupants is None:  # the text's figure is per dwelling unit, whoever lives there
        assert rules.per_unit is not None
        need = _unit_need(rules, 1)
        ctx.use(*need.used)
        return ctx.result(
            COMPUTED,
            f"In the {ctx.muni.name}, every dwelling unit needs at least {sqft(need.low)} of floor space, "
            "whatever the number of occupants.",
            need.text_low,
            numbers={"required_sqft": need.low},
        )
    n = len(occupants.counted)
    numbers: dict[str, Any] = {"occupants": n, "persons": occupants.persons}
    if n == 0 and rules.first is not None:
        return _no_occupants(ctx, occupants, "its floor space figures are stated per occupant")
    need = _unit_need(rules, max(n, 1))
    if need.missing:
        ctx.use(rules.first, rules.second)
        return ctx.no_figure(need.missing, numbers=numbers)
    ctx.use(*need.used)
    numbers["required_sqft"] = need.low
    if rules.first is None:
        ctx.note(f"The {ctx.muni.name} text sets no floor space per occupant; the figure is per dwelling unit.")
    return ctx.result(
        COMPUTED,
        f"In the {ctx.muni.name}, a dwelling unit for {_occ(n)} needs at least {sqft(need.low)} of "
        f"{_area_noun(rules)}" + (" for occupancy." if rules.first is None else "."),
        need.text_low,
        numbers=numbers,
    )


def _unit_capacity(
    ctx: _Ctx,
    rules: _UnitRules,
    room: Room,
    habitable: float,
    head: str,
    counted_area: Callable[[float], tuple[float, str]],
) -> SpaceResult:
    numbers: dict[str, Any] = {"area_sqft": room.area_sqft, "counted_area_sqft": habitable}
    if rules.first is None:
        assert rules.per_unit is not None
        need = _unit_need(rules, 1)
        ctx.use(*need.used)
        ok = _ge(habitable, need.low)
        numbers.update(required_sqft=need.low, max_occupants=None)
        summary = (
            f"In the {ctx.muni.name}, a dwelling unit with {sqft(habitable)} of floor space "
            f"{'meets' if ok else 'does not meet'} the minimum of {sqft(need.low)} for every dwelling unit. "
            "The text sets no floor space per occupant, so it sets no maximum number of occupants by floor area."
        )
        arithmetic = f"{head}; {need.text_low} → {'meets' if ok else 'does not meet'} the minimum"
        return ctx.result(MEETS if ok else FAILS, summary, arithmetic, numbers=numbers)

    def fits(n: int) -> bool:
        need = _unit_need(rules, n)
        return need.missing is None and _ge(counted_area(need.low)[0], need.low)

    # The need grows with n faster than the counted closet share, so fits() is monotone.
    lo, hi = 0, 1
    while hi <= 4096 and fits(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if fits(mid) else (lo, mid)
    largest = lo
    numbers["max_occupants"] = largest
    if largest == 0:
        need = _unit_need(rules, 1)
        ctx.use(*need.used)
        numbers["required_sqft"] = need.low
        return ctx.result(
            FAILS,
            f"In the {ctx.muni.name}, a dwelling unit with {sqft(habitable)} of habitable floor area is too small "
            f"for even one occupant ({sqft(need.low)} required).",
            f"{head}; {need.text_low} → does not meet the minimum",
            numbers=numbers,
        )
    need = _unit_need(rules, largest)
    after = _unit_need(rules, largest + 1)
    ctx.use(*need.used, *after.used)
    have, closet_text = counted_area(need.low)
    steps = [p for p in (head, closet_text, need.text_low.replace(" required", "") + f" ≤ {sqft(have)}") if p]
    if after.missing is None:
        have_after = counted_area(after.low)[0]
        steps.append(after.text_low.replace(" required", "") + f" > {sqft(have_after)}")
    elif largest >= 2:
        ctx.use(rules.additional)
    if after.missing and largest == 2:
        return ctx.no_figure(after.missing, numbers=numbers)
    numbers["counted_area_sqft"] = have
    summary = (
        f"In the {ctx.muni.name}, a dwelling unit with {_unit_area_words(habitable, have)} allows at most "
        f"{_occ(largest)}."
    )
    if ctx.std("occupant_min_age_years") is not None:
        rule = ctx.std("occupant_min_age_years")
        assert rule is not None
        ctx.use(rule)
        ctx.note(
            f"Children under {rule.value_text} of age do not count: the {ctx.muni.name} code's occupant is a "
            f"person over {rule.value_text} of age (the text does not settle a child of exactly {rule.value_text})."
        )
    return ctx.result(COMPUTED, summary, "; ".join(steps), numbers=numbers)


# -- ceilings ----------------------------------------------------------------------------------------
def fmt_height(feet: float) -> str:
    """7 → "7 ft", 7.5 → "7 ft 6 in"."""
    whole = math.floor(feet + _EPS)
    inches = round((feet - whole) * 12, 1)
    if inches >= 12:
        whole, inches = whole + 1, 0
    if inches == 0:
        return f"{whole} ft"
    return f"{whole} ft {fmt_number(inches)} in"


def ceiling(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None,
    *,
    low_area: float | None = None,
    tall_area: float | None = None,
    height: float | None = None,
) -> SpaceResult:
    """Ceiling rules for one habitable room.

    ``low_area``: floor under a ceiling lower than ``floor_excluded_below_ft`` (not counted for
    occupancy where the text says so). ``tall_area``: floor with a ceiling at least
    ``ceiling_height_min_ft``; or ``height``: one ceiling height (ft) over the whole room. The
    half-the-floor rule (``ceiling_share_of_floor``) is checked against the whole floor area.
    """
    ctx = _Ctx(kb, municipality, "ceiling")
    exclusion = ctx.std("floor_excluded_below_ft")
    min_height = ctx.std("ceiling_height_min_ft")
    share = ctx.std("ceiling_share_of_floor")
    if exclusion is None and min_height is None:
        return ctx.silent("minimum ceiling heights or floor area under low ceilings")
    room_obj = _room_or_ask(ctx, room, "12x14 feet")
    if isinstance(room_obj, SpaceResult):
        return room_obj
    area = room_obj.area_sqft or 0.0
    if height is not None:
        if isinstance(height, bool) or not isinstance(height, (int, float)) or not math.isfinite(height):
            return ctx.need_info("What is the ceiling height, in feet?")
        if height <= 0 or height > MAX_CEILING_FT:
            return ctx.need_info(f"A ceiling height of {fmt_number(height)} ft is not possible. What is it?")
        if low_area is not None or tall_area is not None:
            return ctx.need_info(
                "Give either one ceiling height for the whole room or the areas under low and full-height "
                "ceilings, not both. Which is it?"
            )
        low_area = area if exclusion is not None and height < (exclusion.value or 0) else 0.0
        tall_area = area if min_height is not None and _ge(height, min_height.value or 0) else 0.0
    for value, label in ((low_area, "low-ceiling area"), (tall_area, "full-height area")):
        problem = _check_part_area(ctx, value, area, label)
        if problem:
            return problem
    if low_area is not None and tall_area is not None and low_area + tall_area > area + _EPS:
        return ctx.need_info(
            f"The low-ceiling area ({sqft(low_area)}) and the full-height area ({sqft(tall_area)}) add up to more "
            f"than the floor ({sqft(area)}). Which is right?"
        )
    numbers: dict[str, Any] = {"area_sqft": area}
    steps = [room_obj.describe()]
    findings: list[str] = []
    if height is not None:
        steps.append(f"ceiling {fmt_height(height)} throughout")
    if exclusion is not None:
        ctx.use(exclusion)
        limit = exclusion.value_text
        if low_area is not None:
            counted = area - low_area
            numbers.update(low_area_sqft=low_area, counted_area_sqft=counted)
            if low_area:
                steps.append(f"{sqft(area)} − {sqft(low_area)} under {limit} = {sqft(counted)} counts toward occupancy")
            else:
                steps.append(f"no floor under {limit}: all {sqft(area)} count toward occupancy")
            findings.append(f"{sqft(counted)} of its floor counts toward the maximum permissible occupancy")
        else:
            findings.append(
                f"floor under a ceiling lower than {limit} does not count toward the maximum permissible occupancy "
                "(tell me that area to get the counted area)"
            )
    verdict = COMPUTED
    if min_height is None or share is None:
        if (tall_area is not None and height is None) or (height is not None and min_height is None):
            ctx.use(min_height, share)
            lead = f"In the {ctx.muni.name}, for a room of {room_obj.describe()}: " + "; ".join(findings) + ". "
            return ctx.no_figure(
                "the minimum ceiling height over part of the floor", summary_lead=lead, numbers=numbers
            )
        ctx.note(
            f"I don't have the {ctx.muni.name} figure for the minimum ceiling height in my knowledge base; the "
            f"section is quoted below. Ask the {ctx.muni.contact}."
        )
    else:
        ctx.use(min_height, share)
        frac = share.value or 0.0
        need = frac * area
        h = fmt_height(min_height.value or 0.0)
        numbers.update(full_height_required_sqft=need, min_height_ft=min_height.value, share_of_floor=frac)
        steps.append(f"{share.value_text} × {sqft(area)} = {sqft(need)} must have a ceiling of at least {h}")
        if tall_area is not None:
            ok = _ge(tall_area, need)
            numbers["full_height_area_sqft"] = tall_area
            steps.append(f"{sqft(tall_area)} has it → {'meets' if ok else 'does not meet'} the minimum")
            verdict = MEETS if ok else FAILS
            findings.append(
                f"{sqft(tall_area)} with a ceiling of at least {h} {'meets' if ok else 'does not meet'} the rule "
                f"that {share.value_text} of the floor ({sqft(need)}) must have one"
            )
        elif low_area is not None and low_area > area - need + _EPS:
            verdict = FAILS
            steps.append(
                f"at most {sqft(area - low_area)} can have it (the rest is under {exclusion.value_text if exclusion else ''}) "
                "→ does not meet the minimum"
            )
            findings.append(
                f"with {sqft(low_area)} under a low ceiling, less than {share.value_text} of the floor can have a "
                f"ceiling of at least {h}, so it does not meet that rule"
            )
        else:
            findings.append(f"at least {sqft(need)} ({share.value_text} of the floor) needs a ceiling of at least {h}")
            ctx.note(f"To check the {h} rule, tell me how much of the floor has a ceiling of at least {h}.")
    summary = f"In the {ctx.muni.name}, for a room of {room_obj.describe()}: " + "; ".join(findings) + "."
    return ctx.result(verdict, summary, "; ".join(steps), numbers=numbers)


# -- windows -----------------------------------------------------------------------------------------
def _sleeping_only(std: Standard) -> bool:
    quote = std.quote.lower()
    return "sleeping room" in quote and "habitable room" not in quote


def windows(
    kb: KnowledgeBase,
    municipality: str,
    room: Room | float | None,
    *,
    window_area: float | None = None,
    openable_area: float | None = None,
    skylight_only: bool = False,
    sleeping_room: bool | None = None,
) -> SpaceResult:
    """Minimum window and openable areas for one room (``window_pct_of_floor``, ``window_min_sqft``,
    ``skylight_pct_of_floor``, ``openable_pct_of_window``, ``openable_pct_of_floor``).

    ``sleeping_room``: True for a sleeping room, False for another habitable room, None if not
    said (figures the text states for sleeping rooms only are then given with a note). With
    ``window_area`` / ``openable_area`` (sq ft): the verdict.
    """
    ctx = _Ctx(kb, municipality, "window")
    pct = ctx.std("window_pct_of_floor")
    minimum = ctx.std("window_min_sqft")
    skylight = ctx.std("skylight_pct_of_floor")
    open_win = ctx.std("openable_pct_of_window")
    open_floor = ctx.std("openable_pct_of_floor")
    if not any((pct, minimum, skylight, open_win, open_floor)):
        return ctx.silent("minimum window or openable window areas")
    room_obj = _room_or_ask(ctx, room, "10x12 feet")
    if isinstance(room_obj, SpaceResult):
        return room_obj
    floor = room_obj.area_sqft or 0.0
    for value, label in ((window_area, "window area"), (openable_area, "openable window area")):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0
        ):
            return ctx.need_info(f"The {label} must be a number of square feet, zero or more. What is it?")
    if window_area is not None and openable_area is not None and openable_area > window_area + _EPS:
        return ctx.need_info(
            f"The openable area ({sqft(openable_area)}) is more than the window area ({sqft(window_area)}). "
            "Which is right?"
        )
    numbers: dict[str, Any] = {"floor_area_sqft": floor}
    steps = [f"floor {room_obj.describe()}"]
    findings: list[str] = []
    checks: list[bool] = []
    room_word = {True: "sleeping room", False: "habitable room (not a sleeping room)", None: "room"}[sleeping_room]
    sleeping_only: list[str] = []

    def applies(std: Standard | None) -> bool:
        if std is None:
            return False
        if _sleeping_only(std):
            ctx.use(std)
            if std.value_text not in sleeping_only:
                sleeping_only.append(std.value_text)
            return sleeping_room is not False
        return True

    need_window: float | None = None
    if applies(pct):
        assert pct is not None
        ctx.use(pct)
        need_window = (pct.value or 0.0) / 100 * floor
        text = f"window {_pct(pct)} × {sqft(floor)} = {sqft(need_window)}"
        if applies(minimum):
            assert minimum is not None
            ctx.use(minimum)
            if (minimum.value or 0.0) > need_window:
                text += f", but not less than {sqft(minimum.value or 0.0)} → {sqft(minimum.value or 0.0)}"
                need_window = minimum.value or 0.0
            else:
                text += f" (not less than {sqft(minimum.value or 0.0)})"
        steps.append(text)
    elif applies(minimum):
        assert minimum is not None
        ctx.use(minimum)
        need_window = minimum.value or 0.0
        steps.append(f"window at least {sqft(need_window)}")
    if need_window is not None:
        numbers["window_required_sqft"] = need_window
        findings.append(f"at least {sqft(need_window)} of window")
    elif pct is None and minimum is None:
        ctx.note(f"The {ctx.muni.name} text I have states no minimum window area.")
    if skylight is not None and applies(skylight):
        ctx.use(skylight)
        need_sky = (skylight.value or 0.0) / 100 * floor
        numbers["skylight_required_sqft"] = need_sky
        steps.append(f"skylight only: {_pct(skylight)} × {sqft(floor)} = {sqft(need_sky)}")
        if skylight_only:
            findings = [f"at least {sqft(need_sky)} of skylight (the only window is a skylight)"]
            need_window_for_check = need_sky
        else:
            ctx.note(f"If the only window is a skylight, the skylight must be at least {sqft(need_sky)}.")
            need_window_for_check = need_window
    else:
        need_window_for_check = need_window
        if skylight_only:
            ctx.note(f"The {ctx.muni.name} text I have states no separate figure for a skylight-only room.")
    need_open: float | None = None
    if open_floor is not None and applies(open_floor):
        ctx.use(open_floor)
        need_open = (open_floor.value or 0.0) / 100 * floor
        steps.append(f"openable {_pct(open_floor)} × {sqft(floor)} = {sqft(need_open)}")
    elif open_win is not None and applies(open_win):
        ctx.use(open_win)
        if need_window is None:
            ctx.note(
                f"The {ctx.muni.name} openable area is a share of the minimum window area, and the text sets no "
                f"minimum window area for this {room_word}, so I can't compute it."
            )
        else:
            need_open = (open_win.value or 0.0) / 100 * need_window
            steps.append(f"openable {_pct(open_win)} × {sqft(need_window)} = {sqft(need_open)}")
            if skylight_only and skylight is not None:
                ctx.note(
                    f"The openable area is {_pct(open_win)} of the minimum window area; I used the "
                    f"{sqft(need_window)} window minimum. The text does not say whether a skylight-only room's "
                    f"larger figure is meant instead ({_pct(open_win)} × {sqft(numbers['skylight_required_sqft'])} = "
                    f"{sqft((open_win.value or 0.0) / 100 * numbers['skylight_required_sqft'])})."
                )
    else:
        ctx.note(f"The {ctx.muni.name} text I have states no minimum openable window area.")
    if sleeping_only:
        figures = _join(sleeping_only)
        if sleeping_room is False:
            ctx.note(
                f"The {ctx.muni.name} text states its window figures ({figures}) for sleeping rooms only, so "
                "they set none for this room."
            )
        elif sleeping_room is None:
            ctx.note(
                f"The {ctx.muni.name} text states {figures} for sleeping rooms only (not for every habitable room)."
            )
    if need_open is not None:
        numbers["openable_required_sqft"] = need_open
        findings.append(f"at least {sqft(need_open)} of it openable")
    for what, given, need in (("window", window_area, need_window_for_check), ("openable", openable_area, need_open)):
        if given is None:
            continue
        if need is None:
            ctx.note(f"I have no minimum {what} area to check the {what} area you gave against.")
            continue
        ok = _ge(given, need)
        checks.append(ok)
        numbers[f"{what}_area_sqft"] = given
        steps.append(f"{what} {sqft(given)} → {'meets' if ok else 'does not meet'} the minimum")
    if not findings and not checks:
        return ctx.result(
            NOT_ADDRESSED,
            f"The {ctx.muni.name} text I have states no window-area figure that applies to this {room_word}. "
            f"For an answer, ask the {ctx.muni.contact}.",
            "; ".join(steps),
            numbers=numbers,
            reason=TEXT_SILENT,
        )
    lead = f"In the {ctx.muni.name}, a {room_word} of {room_obj.describe()} needs " + " and ".join(findings) + "."
    if checks:
        verdict = MEETS if all(checks) else FAILS
        lead += " The windows you describe " + ("meet" if all(checks) else "do not meet") + " the minimum."
    else:
        verdict = COMPUTED
    return ctx.result(verdict, lead, "; ".join(steps), numbers=numbers)


# -- rooming-house fixtures -------------------------------------------------------------------------------
_FIXTURES = (
    ("rooming_persons_per_toilet", "flush toilets (water closets)"),
    ("rooming_persons_per_lavatory", "lavatory basins"),
    ("rooming_persons_per_bath", "bathtubs or showers"),
)


def fixtures(kb: KnowledgeBase, municipality: str, people: int | None) -> SpaceResult:
    """Toilets, lavatory basins and baths a rooming house needs for ``people`` persons.

    ceil(persons / N) where the text says "for each N persons or fraction thereof"; where it
    says only "for each N persons", a remainder is not settled by the text and is reported so.
    """
    ctx = _Ctx(kb, municipality, "fixtures")
    rows = [(ctx.std(key), name) for key, name in _FIXTURES]
    if not any(std for std, _ in rows):
        return ctx.silent("the number of toilets, basins and baths a rooming house needs per person")
    if people is None:
        return ctx.need_info(
            "How many persons live in the rooming house (counting everyone who shares the facilities)?", MORE_INFO
        )
    if not _is_int(people) or people <= 0:
        return ctx.need_info("How many persons? Give a whole number of one or more.")
    if people > MAX_ROOMING_PERSONS:
        return ctx.need_info(f"{people} persons is more than I can check (at most {MAX_ROOMING_PERSONS}).")
    numbers: dict[str, Any] = {"persons": people}
    groups: dict[tuple[int, bool], list[tuple[Standard, str]]] = {}
    for std, name in rows:
        if std is None or not std.value:
            ctx.note(f"I have no {ctx.muni.name} figure for {name}.")
            continue
        ctx.use(std)
        groups.setdefault((int(std.value), "fraction" in std.quote.lower()), []).append((std, name))
    steps: list[str] = []
    settled: list[str] = []
    unsettled: list[str] = []
    for (per, fraction), members in groups.items():
        names = _join([name for _, name in members])
        each = " of each" if len(members) > 1 else ""
        pattern = "{n} each of {names}" if len(members) > 1 else "{n} {names}"
        full, rest = divmod(people, per)
        at_least_one = not fraction and full == 0 and all("at least one" in s.quote.lower() for s, _ in members)
        if at_least_one:
            # "At least one flush toilet, … for each six persons": fewer than six still need one
            steps.append(f'{people} ÷ {per} = {full} full groups; the text requires "at least one" → 1{each}')
            settled.append(pattern.format(n=1, names=names))
            for std, _ in members:
                numbers[f"{std.key.replace('rooming_persons_per_', '')}_required"] = 1
            continue
        for std, _ in members:
            key = std.key.replace("rooming_persons_per_", "")
            if rest == 0 or fraction:
                numbers[f"{key}_required"] = full + (1 if rest else 0)
            else:
                numbers[f"{key}_required_min"] = full
                numbers[f"{key}_required_if_fraction_counts"] = full + 1
        if rest == 0:
            steps.append(f"{people} ÷ {per} = {full} → {full}{each}")
            settled.append(pattern.format(n=full, names=names))
        elif fraction:
            steps.append(
                f'{people} ÷ {per} = {fmt_number(people / per)}, a fraction counts ("or fraction thereof") → {full + 1}{each}'
            )
            settled.append(pattern.format(n=full + 1, names=names))
        else:
            quoted = members[0][0].value_text
            steps.append(f"{people} ÷ {per} = {full} full group{'s' if full != 1 else ''} of {per} + {rest}")
            covered = (
                f"{full}{each} cover {full * per} persons" if full else f"fewer than {per} persons are not a full group"
            )
            unsettled.append(
                f'the text requires {names} "for each {quoted}", without "or fraction thereof", so it does not '
                f"settle whether the remaining {rest} {'person needs' if rest == 1 else 'persons need'} one more: "
                f"{covered}; {full + 1}{each} if a part-group counts."
            )
    if any("operator" in s.section.text.lower() and "family" in s.section.text.lower() for s in ctx.sources):
        ctx.note("Count everyone who shares the facilities, including the operator's family where they share them.")
    urinals = ctx.std("urinal_substitution_max_share")
    if urinals is not None:
        ctx.use(urinals)
        ctx.note(
            f"Where rooms are let only to males, urinals may replace up to {urinals.value_text} of the required "
            "water closets."
        )
    if unsettled:
        summary = f"In the {ctx.muni.name}, for {people} persons in a rooming house, " + " ".join(unsettled)
        if settled:
            summary += " Settled by the text: at least " + "; ".join(settled) + "."
        return ctx.unsettled(summary, "; ".join(steps), numbers=numbers)
    summary = (
        f"In the {ctx.muni.name}, a rooming house with {people} persons needs at least " + "; ".join(settled) + "."
    )
    return ctx.result(COMPUTED, summary, "; ".join(steps), numbers=numbers)


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# -- answers ------------------------------------------------------------------------------------------
def result_payload(result: SpaceResult) -> dict[str, Any]:
    """A result as channels receive it (JSON-safe)."""
    return {
        "municipality": result.municipality,
        "topic": result.topic,
        "kind": result.kind,
        "verdict": result.verdict,
        "reason": result.reason,
        "addressed": result.addressed,
        "summary": result.summary,
        "arithmetic": result.arithmetic,
        "numbers": {
            k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in result.numbers.items()
        },
        "notes": list(result.notes),
        "question": result.question,
        "standards": [
            {"key": s.key, "value": s.value, "value_text": s.value_text, "citation": s.citation, "quote": s.quote}
            for s in result.sources
        ],
        "citations": [
            {**citation_payload(s.section), "rule_quote": s.quote}
            for s in {s.section.citation: s for s in result.sources}.values()
        ],
    }


def result_text(result: SpaceResult) -> str:
    """The result in words: summary, arithmetic, notes, question, then each rule's citation and quote."""
    lines = [result.summary]
    if result.arithmetic:
        lines.append(result.arithmetic)
    lines += [f"Note: {n}" for n in result.notes]
    if result.question and result.question not in result.summary:
        lines.append(result.question)
    shown: list[Source] = []
    for source in result.sources:
        if any(o.citation == source.citation and source.quote in o.quote for o in shown):
            continue
        shown = [o for o in shown if not (o.citation == source.citation and o.quote in source.quote)] + [source]
    lines += [f'Source: {s.citation}: "{s.quote}"' for s in shown]
    return "\n".join(lines)


_COMBINED = {NEED_INFO: 0, FAILS: 1, NOT_ADDRESSED: 2, MEETS: 3, COMPUTED: 4}


def to_answer(results: SpaceResult | Sequence[SpaceResult]) -> Answer:
    """One Answer (text + payload) for one result or several (one per room)."""
    items = [results] if isinstance(results, SpaceResult) else list(results)
    if not items:
        raise ValueError("to_answer needs at least one result")
    first = items[0]
    if len(items) == 1:
        return Answer(result_text(first), result_payload(first))
    texts = [f"Room {i}: " + result_text(r) for i, r in enumerate(items, 1)]
    verdicts = {r.verdict for r in items}
    if verdicts <= {MEETS}:
        verdict = MEETS
    elif verdicts <= {MEETS, COMPUTED}:
        verdict = COMPUTED
    else:
        verdict = min(verdicts, key=lambda v: _COMBINED.get(v, 9))
    payloads = [result_payload(r) for r in items]
    citations: dict[str, dict[str, Any]] = {}
    for payload in payloads:
        for cited in payload["citations"]:
            citations.setdefault(cited["citation"], cited)
    payload = {
        "municipality": first.municipality,
        "topic": first.topic,
        "kind": first.kind,
        "verdict": verdict,
        "addressed": any(r.addressed for r in items),
        "results": payloads,
        "citations": list(citations.values()),
    }
    return Answer("\n\n".join(texts), payload)


# -- the dialogue: what a conversation has said, checked -------------------------------------------------
def age_thresholds(kb: KnowledgeBase, municipality: str) -> list[float]:
    """The ages at which the municipality's space figures change (who is an occupant; over/under an age)."""
    cuts: set[float] = set()
    for row in kb.standards(municipality=kb.municipality(municipality).key):
        if row.key in ("occupant_min_age_years",) or row.key.endswith("age_threshold_years"):
            if isinstance(row.value, (int, float)):
                cuts.add(float(row.value))
        age = row.params.get("age") if isinstance(row.params, dict) else None
        if isinstance(age, (int, float)) and not isinstance(age, bool):
            cuts.add(float(age))
    return sorted(cuts)


def per_unit_only(kb: KnowledgeBase, municipality: str) -> bool:
    """True when the municipality's dwelling-unit figure is per unit, not per occupant (no head count needed)."""
    keys = {row.key for row in kb.standards(municipality=kb.municipality(municipality).key)}
    return "unit_area_min_per_unit" in keys and "unit_area_first_occupant" not in keys


def household_facts(household: Any) -> list[list[Any]] | None:
    """A household as JSON-safe facts ([[band, age], …]) for the conversation's memory; None if unknown."""
    if household is None or not household.complete or not household.persons:
        return None
    return [[p.band, p.age] for p in household.persons]


def clean_facts(value: Any) -> dict[str, Any]:
    """A space check's remembered facts, kept only where they have the right shape (memory may hold anything)."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, Any] = {}
    if value.get("kind") in ("bedroom", "unit"):
        out["kind"] = value["kind"]
    rooms = value.get("rooms")
    if isinstance(rooms, list) and all(isinstance(r, str) and len(r) <= 200 for r in rooms) and len(rooms) <= 10:
        out["rooms"] = rooms
    persons = value.get("persons")
    if (
        isinstance(persons, list)
        and 0 < len(persons) <= MAX_UNIT_OCCUPANTS
        and all(
            isinstance(p, list)
            and len(p) == 2
            and isinstance(p[0], str)
            and (
                p[1] is None
                or (isinstance(p[1], (int, float)) and not isinstance(p[1], bool) and 0 <= p[1] <= MAX_AGE_YEARS)
            )
            for p in persons
        )
    ):
        out["persons"] = persons
    for key in ("closet_hall_sqft", "low_ceiling_sqft"):
        v = value.get(key)
        if (
            isinstance(v, (int, float))
            and not isinstance(v, bool)
            and math.isfinite(v)
            and 0 <= v <= MAX_UNIT_AREA_SQFT
        ):
            out[key] = float(v)
    for key in ("rooming", "minimum", "capacity", "ages_asked"):
        if isinstance(value.get(key), bool):
            out[key] = value[key]
    return out


def merge_request(request: Any, last: dict[str, Any] | None) -> dict[str, Any]:
    """The facts of a space check: what ``request`` (a parsed message) says, over the last check's facts.

    A follow-up keeps the last room and people unless it changes them: "and for 3 people?" replaces the
    people, "what if the baby moves in with us?" adds the baby, "the other bedroom is 8x9" replaces the room.
    A message that is not a follow-up starts afresh.
    """
    last = clean_facts(last) if request.follow_up else {}
    people = household_facts(request.household)
    if people is not None and request.household.adding and last.get("persons"):
        people = list(last["persons"]) + people
    rooms = [r.source_text for r in request.rooms]
    return {
        "kind": request.kind or last.get("kind"),
        "rooms": rooms or last.get("rooms") or [],
        "persons": people
        if people is not None
        else (None if request.rooms and not request.follow_up else last.get("persons")),
        "closet_hall_sqft": request.closet_hall_sqft
        if request.rooms
        else (request.closet_hall_sqft or last.get("closet_hall_sqft")),
        "low_ceiling_sqft": request.low_ceiling_sqft
        if request.rooms
        else (request.low_ceiling_sqft or last.get("low_ceiling_sqft")),
        "rooming": request.rooming or bool(last.get("rooming")),
        "minimum": request.wants_minimum,
        "capacity": request.wants_capacity,
        "ages": [],
    }


def _people_and_ages(kb: KnowledgeBase, municipality: str, facts: dict[str, Any]) -> tuple[int | None, list[float]]:
    from knowledge.parsing import Household, Person, resolve_ages

    persons = facts.get("persons")
    if not persons:
        return None, list(facts.get("ages") or [])
    household = Household(tuple(Person(str(band), age) for band, age in persons))
    stated = [float(a) for a in facts.get("ages") or []]
    if stated:  # ages given in answer to "how old is each?": they fill the people whose age was not stated
        filled, rest = [], list(stated)
        for person in household.persons:
            if person.age is None and rest:
                filled.append(Person(person.band, rest.pop(0)))
            else:
                filled.append(person)
        household = Household(tuple(filled))
    rule = kb.standard(municipality, "occupant_min_age_years") if hasattr(kb, "standard") else None
    counted_over = float(rule.value) if rule is not None and isinstance(rule.value, (int, float)) else None
    return resolve_ages(household, age_thresholds(kb, municipality), counted_over)


def _note_counted_young(kb: KnowledgeBase, municipality: str, facts: dict[str, Any], result: SpaceResult) -> None:
    """Say so when a young child whose age was not given (a baby, a toddler) was counted as an occupant."""
    rule = kb.standard(municipality, "occupant_min_age_years")
    if rule is None or rule.value is None or result.verdict == NEED_INFO or result.numbers.get("occupants") is None:
        return
    from knowledge.parsing import people_vocab

    bands = people_vocab()["bands"]
    stated = len(facts.get("ages") or [])  # ages given in answer to "how old is each?" fill the unknown ones
    unknown = [str(band) for band, age in facts.get("persons") or [] if age is None][stated:]
    young = sorted({band for band in unknown if band != "person" and bands.get(band, [0])[0] <= rule.value})
    if young and not any("counted every person" in n for n in result.notes):
        result.notes.append(
            f"I counted the {' and the '.join(young)} as {'an occupant' if len(young) == 1 else 'occupants'}. The {result.municipality_name} code counts only "
            f"persons over {rule.value_text} of age, so a child {rule.value_text} old or younger does not count."
        )


def check(kb: KnowledgeBase, municipality: str, facts: dict[str, Any]) -> SpaceResult | list[SpaceResult]:
    """Run the calculator on a conversation's facts (see :func:`merge_request`) for one municipality."""
    from knowledge.parsing import interpret_dimensions, parse_rooms

    rooms: list[Room] = []
    for text in facts.get("rooms") or []:
        found = parse_rooms(str(text)) or [interpret_dimensions(str(text))]
        rooms.extend(found)
    people, ages = _people_and_ages(kb, municipality, facts)
    low = facts.get("low_ceiling_sqft")
    closet = facts.get("closet_hall_sqft")
    if facts.get("kind") == "unit" and not facts.get("rooming"):
        area: Any = rooms if len(rooms) > 1 else (rooms[0] if rooms else None)
        unit = dwelling_unit(kb, municipality, area, people, ages, low_area=low, closet_hall_area=closet)
        _note_counted_young(kb, municipality, facts, unit)
        return unit
    rooming = bool(facts.get("rooming"))
    if len(rooms) > 1:
        return sleeping_rooms(kb, municipality, rooms, people, ages, rooming=rooming)
    result = sleeping_room(kb, municipality, rooms[0] if rooms else None, people, ages, rooming=rooming, low_area=low)
    _note_counted_young(kb, municipality, facts, result)
    if closet and rooms and result.verdict != NEED_INFO:
        result.notes.append(
            f"I checked the room's own floor area ({rooms[0].describe()}); the closet or hall "
            f"({sqft(closet)}) is not part of that figure."
        )
    return result


def missing(kb: KnowledgeBase, municipality: str | None, facts: dict[str, Any]) -> list[str]:
    """What the space check still needs to ask: any of "space_size", "occupants", "ages", in that order.

    No size is asked when the minimum is asked for ("how many square feet do two kids need"); no head
    count when the capacity is asked for, or when the municipality's figure is per dwelling unit; ages
    only when the calculator says they decide the verdict.
    """
    need: list[str] = []
    unit = facts.get("kind") == "unit" and not facts.get("rooming")
    per_unit = bool(municipality) and unit and per_unit_only(kb, str(municipality))
    if not facts.get("rooms") and not facts.get("minimum"):
        need.append("space_size")
    if not facts.get("persons") and not facts.get("capacity") and not per_unit:
        need.append("occupants")
    if municipality and not need:
        result = check(kb, municipality, facts)
        first = result[0] if isinstance(result, list) else result
        if first.verdict == NEED_INFO and "how old" in (first.question or "").lower():
            need.append("ages")
    return need
