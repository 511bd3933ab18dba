"""Bathroom fixtures counted for the people a question names: "For 9 persons, at least 2 are needed: …", and
whether the ones they have are enough ("9 of us … share one bathroom. Is that legal?")."""

from __future__ import annotations

import re
from typing import Any

from knowledge import selector
from knowledge.compose.parts import first_part
from knowledge.kb import KnowledgeBase
from knowledge.parsing import people_vocab
from knowledge.parsing.numbers import words_to_digits


def for_head_count(kb: KnowledgeBase, standard: Any, question: str) -> str:
    """ "For 9 persons, at least 2 are needed: …" when the question counts people and the standard sets
    one fixture for each so many persons "or fraction thereof" (the text's own rounding; without those
    words only a count the figure divides exactly is computed)."""
    count = selector.head_count(question)
    description = kb.standard_description(standard.key).split(" (")[0]
    if (count or 0) < selector.FIXTURE_MIN_PEOPLE or standard.unit != "persons" or not standard.value or " per " not in description:
        return ""
    each = int(standard.value)
    thing = description.split(" per ", 1)[1]
    if "fraction thereof" not in standard.quote.lower() and count % each:
        # no rounding in the text, so no count needed is computed; but "8 of us share one bathroom" against one for each
        # six persons is settled either way: one serves six, not eight
        have = stated_fixtures(question)
        if have is None or selector.question_kind(first_part(question)) != "yes_no":
            return ""
        enough = have * each >= count
        return (
            f"{'Yes' if enough else 'No'}: the code requires one {thing} for each {each} persons; "
            f"{have} {'serves' if have == 1 else 'serve'} at most {have * each} persons, and there are {count}."
        )
    need = -(-count // each)
    # (a count the figure divides exactly needs no rounding: "for each six persons", 18 persons: 3)
    how = f"or fraction thereof ({count} ÷ {each}, rounded up)" if count % each else f"({count} ÷ {each})"
    line = f"For {count} persons, at least {need} {'is' if need == 1 else 'are'} needed: one {thing} for each {each} persons {how}."

    have = stated_fixtures(question)
    if have is None or selector.question_kind(first_part(question)) != "yes_no":
        return line
    # "9 of us … and we all share one bathroom. Is that legal?": the count they have, against the count needed
    return f"{'No' if have < need else 'Yes'}: {line[0].lower()}{line[1:-1]}; {have} {'falls short' if have < need else 'is enough'}."


def settles_by_count(line: str) -> bool:
    """Whether a ``for_head_count`` line settles the yes or no itself (the count they have against the count needed),
    so the provision's wording gives none."""
    return line.startswith(("No:", "Yes:"))


def stated_fixtures(question: str) -> int | None:
    """How many bathrooms (toilets, baths…: people.yml ``fixture_words``) the question says there are ("we all share
    one bathroom", "only 2 toilets"); None when it gives no count."""
    words = "|".join(re.escape(w) for w in sorted(people_vocab().get("fixture_words") or (), key=len, reverse=True))
    found = re.search(rf"\b(\d+|a single|a)\s+(?:full\s+|shared\s+|working\s+)?(?:{words})s?\b", words_to_digits(question.lower()))
    if not found:
        return None
    return 1 if found.group(1) in ("a", "a single") else int(found.group(1))


def counted_by_sentence(kb: KnowledgeBase, municipality: str, lead: Any, question: str) -> str:
    """The computed count (``for_head_count``) of a standard stated in the leading sentence's own provision, when
    the question counts people ("23 roomers, how many full baths?"); empty otherwise."""
    sentence = " ".join(lead.text.split()).lower()
    for standard in kb.standards(municipality=municipality):  # of any topic: a bathroom question may lead with it
        if standard.unit == "persons" and standard.citation == lead.citation and standard.quote:
            if " ".join(standard.quote.split()).lower() in sentence:
                return for_head_count(kb, standard, question)
    return ""
