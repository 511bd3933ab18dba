"""Rooming houses: the toilets, lavatory basins and baths they need per person."""

from __future__ import annotations

from typing import Any

from knowledge.kb import KnowledgeBase, Standard
from knowledge.parsing import fmt_number
from knowledge.space.context import (
    _Ctx,
    _is_int,
    _join,
)
from knowledge.space.results import (
    COMPUTED,
    MAX_ROOMING_PERSONS,
    MORE_INFO,
    NEEDS_OCCUPANTS,
    SpaceResult,
)

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
            "How many persons live in the rooming house (counting everyone who shares the facilities)?", MORE_INFO, needs=(NEEDS_OCCUPANTS,)
        )
    if not _is_int(people) or people <= 0:
        return ctx.need_info("How many persons? Give a whole number of one or more.", needs=(NEEDS_OCCUPANTS,))
    if people > MAX_ROOMING_PERSONS:
        return ctx.need_info(f"{people} persons is more than I can check (at most {MAX_ROOMING_PERSONS}).", needs=(NEEDS_OCCUPANTS,))
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
