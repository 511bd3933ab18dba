"""Compose the assistant's answers from the knowledge base.

Every answer puts the rule in plain words first, then the citation and the verbatim quote
(shortened with an ellipsis where long), and carries a structured payload (municipality,
topic, citations with their full verbatim quotes) for channels to render. When a text is
silent on a question, the answer says so and names that code's enforcing officer; it never
borrows another town's rule.

The modules: :mod:`~knowledge.compose.answer` (the :class:`Answer` type, quoting, citations and
the "does not address" answer), :mod:`~knowledge.compose.conditions` (a rule's conditions in
words), :mod:`~knowledge.compose.verdicts` (who must carry a duty),
:mod:`~knowledge.compose.requirement` (a duty's verdict with the requirement the question was about),
:mod:`~knowledge.compose.municipality` (asking which municipality),
:mod:`~knowledge.compose.lookups` (definitions, sections by number, full quotes),
:mod:`~knowledge.compose.questions` (answers led by the question asked),
:mod:`~knowledge.compose.asked` (which duty a message asks about, and whether it keeps the topic in
play), :mod:`~knowledge.compose.topics` (a topic's answer) and
:mod:`~knowledge.compose.unsure` (the closest provision when the classifier is unsure). Everything
public is importable from ``knowledge.compose``.
"""

from __future__ import annotations

from knowledge.compose.answer import (
    DISCLAIMER,
    DUTY_PHRASES,
    PARTY_NAMES,
    QUOTE_LIMIT,
    REQUIRED_WITHOUT_PARTY,
    Answer,
    citation_payload,
    no_figure_line,
    no_party_line,
    not_addressed,
    plain,
    quote_lines,
    shorten,
)

# knowledge.compare words its "not addressed" lines with it (imported from knowledge.compose).
from knowledge.compose.answer import _defined_terms as _defined_terms
from knowledge.compose.asked import asking_sentence_topic, duty_asked, keeps_topic, unaddressed_guess
from knowledge.compose.conditions import (
    describe_condition,
    describe_depends,
    describe_rule,
)
from knowledge.compose.elsewhere import OTHER_TOPIC_MARGIN, OTHER_TOPIC_MIN_CONFIDENCE
from knowledge.compose.lookups import (
    FEW_PRINTED_NUMBERS,
    HEADING_EXAMPLES,
    answer_definition,
    answer_section,
    asked_term,
    compared_definitions,
    full_quotes,
    printed_numbers,
    unprinted_number_note,
)
from knowledge.compose.membership import membership_verdict, with_membership
from knowledge.compose.municipality import (
    ask_municipality,
    place_choice,
)
from knowledge.compose.plain_verdict import ANSWER_MIN_LEXICAL, YES_NO_MIN_LEXICAL
from knowledge.compose.questions import (
    ALSO_PREFIX,
    ASKED_MIN_MATCH,
    FIGURE_PROMOTE_MARGIN,
    NO_PLAIN_VERDICT,
    SENTENCE_LIMIT,
    answer_question,
    compose_lead,
    defined_for,
    scope_note,
    settled_by_definition,
)
from knowledge.compose.requirement import answer_for_duty
from knowledge.compose.topics import (
    CHAT_QUOTES,
    answer_topic,
)
from knowledge.compose.unsure import (
    CLOSEST_MIN_LEXICAL,
    CLOSEST_MIN_WEIGHT,
    Unsure,
    answer_unsure,
    topic_from_text,
)
from knowledge.compose.verdicts import (
    CASE_DEPTH,
    answer_duty,
    answer_either,
    topic_for_duty,
)

__all__ = [
    "asking_sentence_topic",
    "settled_by_definition",
    "DISCLAIMER",
    "QUOTE_LIMIT",
    "PARTY_NAMES",
    "DUTY_PHRASES",
    "Answer",
    "shorten",
    "citation_payload",
    "quote_lines",
    "not_addressed",
    "no_party_line",
    "REQUIRED_WITHOUT_PARTY",
    "no_figure_line",
    "plain",
    "describe_condition",
    "describe_depends",
    "describe_rule",
    "answer_duty",
    "answer_for_duty",
    "answer_either",
    "CASE_DEPTH",
    "topic_for_duty",
    "ask_municipality",
    "place_choice",
    "full_quotes",
    "answer_definition",
    "asked_term",
    "compared_definitions",
    "membership_verdict",
    "with_membership",
    "FEW_PRINTED_NUMBERS",
    "HEADING_EXAMPLES",
    "printed_numbers",
    "unprinted_number_note",
    "answer_section",
    "duty_asked",
    "keeps_topic",
    "unaddressed_guess",
    "ALSO_PREFIX",
    "NO_PLAIN_VERDICT",
    "SENTENCE_LIMIT",
    "YES_NO_MIN_LEXICAL",
    "answer_question",
    "scope_note",
    "OTHER_TOPIC_MIN_CONFIDENCE",
    "OTHER_TOPIC_MARGIN",
    "ANSWER_MIN_LEXICAL",
    "FIGURE_PROMOTE_MARGIN",
    "ASKED_MIN_MATCH",
    "compose_lead",
    "defined_for",
    "CHAT_QUOTES",
    "answer_topic",
    "topic_from_text",
    "CLOSEST_MIN_LEXICAL",
    "CLOSEST_MIN_WEIGHT",
    "Unsure",
    "answer_unsure",
]
