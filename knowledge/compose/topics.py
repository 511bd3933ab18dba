"""A topic's answer for one municipality: every rule and figure of the topic, or the question-led
answer when a question is given (the side-by-side comparison is :mod:`knowledge.compare`).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from knowledge.answer_parts import ask_line, more_line
from knowledge.compose.answer import (
    DUTY_PHRASES,
    QUOTE_LIMIT,
    REQUIRED_WITHOUT_PARTY,
    Answer,
    _unique,
    citation_payload,
    no_figure_line,
    no_party_line,
    not_addressed,
    plain,
    quote_lines,
    standard_payload,
)
from knowledge.compose.bounds import unbounded_above
from knowledge.compose.questions import answer_question
from knowledge.compose.verdicts import _cited_sections, _duty_payload, _duty_text, answer_duty
from knowledge.kb import KnowledgeBase, Section
from knowledge.rules import evaluate
from knowledge.yes_no_forms import without_polite_confirm

CHAT_QUOTES = 3


def answer_topic(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    facts: Mapping[str, Any] | None = None,
    role: str | None = None,
    question: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
) -> Answer:
    """Answer a topic question for one municipality from its own text, or say the text is silent.

    With the ``question`` asked, the provision selector picks what to lead with: the figure,
    the party, the definition or the sentence that answers it (yes or no first when the
    question is yes/no and the wording settles it), then the citation with its verbatim quote,
    then at most one line "The code also sets …". Without a question (comparisons, the clerk
    desk's topic view) every rule and figure of the topic is listed. A clerk gets every
    section in full.
    """
    if question and question.strip():
        question = without_polite_confirm(question)  # "Could you please confirm whether … must be condemned …?"
        # "is there a maximum hot water temperature?" where the code sets only a minimum: silent on the maximum
        answered = unbounded_above(kb, municipality, topic, question) or answer_question(kb, municipality, topic, question, facts, role, ranking)
        if answered is not None:
            return answered
    muni = kb.municipality(municipality)
    coverage = kb.coverage(muni.key, topic)
    facts = facts or {}
    long_form = role == "clerk"
    limit = 100_000 if long_form else QUOTE_LIMIT
    config = kb.topic_config(topic)
    duties = [d for d in config.duties if kb.rules(muni.key, d)]
    standards = [s for key in config.standards for s in kb.standards(key, muni.key)]
    if not coverage.addressed and not duties and not standards:
        return not_addressed(muni, coverage.description.lower(), topic, coverage)
    if duties == list(config.duties) and len(duties) == 1 and not standards:
        return answer_duty(kb, muni.key, duties[0], facts, topic, role, limit, question=question)

    lines: list[str] = [f"In the {muni.name}, on {coverage.description[0].lower() + coverage.description[1:]}:"]
    if not standards and not duties and no_figure_line(kb, muni, topic):
        lines.insert(0, no_figure_line(kb, muni, topic))
    cited: list[Section] = []
    for standard in standards:
        lines.append(
            f"- {kb.standard_description(standard.key)}: {standard.value_text}"
            + (f" ({plain(kb, standard.conditions)})" if standard.conditions else "")
        )
        cited.append(kb.section(muni.key, standard.citation))
    determinations = []
    for duty in duties:
        rules = kb.rules(muni.key, duty)
        determination = evaluate(rules, facts, duty)
        determinations.append(determination)
        what = DUTY_PHRASES.get(duty, duty.replace("_", " "))
        sentence = _duty_text(muni, what, determination, rules, role).replace(f"In the {muni.name}, ", "", 1)
        lines.append("- " + sentence[0].upper() + sentence[1:].replace("\n- ", "\n    - "))
        cited.extend(_cited_sections(kb, muni.key, [determination.rule, *(determination.alternatives or rules)]))
    for duty in config.duties:
        if duty not in duties and duty in REQUIRED_WITHOUT_PARTY and (cited or coverage.sections):
            required = (cited or list(coverage.sections))[0]
            lines.append("- " + no_party_line(muni, DUTY_PHRASES.get(duty, duty), required))
            if required not in cited:
                cited.append(required)
        elif duty not in duties:
            lines.append(f"- The {muni.name} text does not say who is responsible for {DUTY_PHRASES.get(duty, duty)}.")
    if not standards and not duties:
        lines.append(
            f"The code addresses it in {len(coverage.sections)} section{'s' if len(coverage.sections) != 1 else ''}:"
        )
    cited = _unique([*cited, *coverage.sections]) if (long_form or not cited) else _unique(cited)
    shown = cited if long_form else cited[:CHAT_QUOTES]
    lines.append(quote_lines(shown, limit))
    if len(cited) > len(shown):
        lines.append(more_line(len(cited) - len(shown)))
    ask = next((d.deciding_facts[0] for d in determinations if d.deciding_facts), None)
    if ask:
        lines.append(ask_line(kb.fact_question(ask, muni.key)))
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "standards": [standard_payload(s) for s in standards],
        "duties": [_duty_payload(d) for d in determinations],
        "ask_fact": ask,
        "citations": [citation_payload(s) for s in _unique([*cited, *coverage.sections])],
    }
    return Answer("\n".join(lines), payload)
