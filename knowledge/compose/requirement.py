"""A party's answer with the requirement the question was about: "who fixes the leaking roof?" gets the owner
from the rule that names a party (§ 190-8's lead-in, or Howard's 12.09(1)(a)(3)), then the roof requirement the
rule applies to, quoted from its own provision."""

from __future__ import annotations

import re
from typing import Any, Mapping

from knowledge import selector
from knowledge.answer_parts import source_line
from knowledge.compose.answer import REQUIRED_WITHOUT_PARTY, Answer, citation_payload, shorten, standard_line
from knowledge.compose.verdicts import answer_duty
from knowledge.kb import KnowledgeBase

# The share of the question a requirement sentence must match to be quoted beside the party.
REQUIREMENT_MIN_LEXICAL = 0.3


def with_requirement(kb: KnowledgeBase, municipality: str, duty: str, answer: Answer, lead: Any) -> Answer:
    """``answer`` (a duty's verdict) with the sentence the question matched best (``lead``, a selector result)
    quoted after it, for a duty whose party is named apart from the requirements it carries
    (``REQUIRED_WITHOUT_PARTY``: heating, supplied facilities, repair) and a sentence of another section."""
    if duty not in REQUIRED_WITHOUT_PARTY or lead is None:
        return answer
    if lead.candidate.kind != "sentence" or lead.lexical < REQUIREMENT_MIN_LEXICAL:
        return answer
    section = kb.section(municipality, lead.candidate.citation)
    cited = {c.get("section") for c in answer.payload.get("citations") or []}
    if section is None or section.citation in cited:
        return answer
    # right after the party's own source, before the exceptions' ("… unless assumed by agreement"): the provision the
    # question is about is the second thing a reader needs
    lines = answer.text.rstrip().split("\n")
    first = next((i for i, line in enumerate(lines) if line.startswith("Source:")), len(lines) - 1)
    lines.insert(first + 1, source_line(section.full_citation, shorten(lead.candidate.text)))
    answer.text = "\n".join(lines)
    citations = list(answer.payload.get("citations") or [])
    answer.payload["citations"] = [*citations[:1], citation_payload(section), *citations[1:]]
    return answer


def answer_for_duty(
    kb: KnowledgeBase,
    municipality: str,
    duty: str,
    facts: Mapping[str, Any],
    topic: str,
    role: str | None = None,
    question: str | None = None,
    lead: Any = None,
) -> Answer:
    """Who carries ``duty`` (:func:`answer_duty`), for the question asked: among rules that tie, the one the
    question matches best is quoted ("the pipe under my sink is dripping": the plumbing rule), and the
    requirement the question is about follows the party where the rule names it apart. ``lead`` is the
    selector's best provision for the question when the caller has ranked them already."""
    if lead is None and question:
        ranked = selector.select(kb, question, municipality, role, topics=[topic], limit=3)
        lead = ranked[0] if ranked else None
    prefer = lead.candidate.text if lead is not None and lead.candidate.kind == "rule" and lead.candidate.key == duty else None
    answer = answer_duty(kb, municipality, duty, facts, topic, role, question=question, prefer=prefer)
    settled = _settled_elsewhere(kb, municipality, topic, facts, role, question, answer)
    return settled or with_asked_figure(kb, municipality, question or "", with_requirement(kb, municipality, duty, answer, lead))


# A figure asked after who must act ("who has to make sure the heat works and how warm is it supposed to get?").
_FIGURE_PART = re.compile(
    r"(?:\band\b|\balso\b|[.?;,]\s)\s*(how (?:warm|hot|cold|big|large|many|much|long|often|high|tall|low|wide)\b[^?.]*)", re.I
)


def with_asked_figure(kb: KnowledgeBase, municipality: str, question: str, answer: Answer) -> Answer:
    """``answer`` (who must act) with the figure a second part of the question asks for, right after its first line and
    cited second: the code's standard that best matches the whole question among those the figure part names ("… who
    has to make sure the heat works and how warm is it supposed to get": the 70° heating figure)."""
    part = _FIGURE_PART.search(question)
    if part is None or not answer.payload.get("citations"):
        return answer
    # (the figure's own words, "how warm", "how hot": not "how many units trigger it", met by any "dwelling units")
    asked = {c.words for c in selector.asked_concepts(kb, part.group(1), municipality)[0] if c.words.startswith("how ")}
    ranked = selector.select(kb, question, municipality, kinds=("standard",), limit=FIGURE_PART_LOOK)
    best = next((r for r in ranked if asked & set(r.matched)), None)
    standard = next((s for s in kb.standards(best.candidate.key, municipality) if s.citation == best.candidate.citation), None) if best else None
    section = kb.section(municipality, best.candidate.citation) if best else None
    if standard is None or section is None:
        return answer
    lines = answer.text.rstrip().split("\n")
    line = standard_line(kb, standard)
    lines.insert(1, f'{line[0].upper()}{line[1:]}: "{shorten(standard.quote)}" ({section.full_citation}).')
    citations = list(answer.payload["citations"])
    cited = [citations[0], citation_payload(section), *(c for c in citations[1:] if c.get("section") != section.citation)]
    return Answer("\n".join(lines), {**answer.payload, "citations": cited}, answer.buttons)


# How many of the code's best standards are looked at for the one a figure part names.
FIGURE_PART_LOOK = 5


# What a provision's answer opens with when it settles a yes/no question.
# (not "Yes": a provision of another party's duty would say it, "must the owner of a duplex supply the cans?" met by
# the occupant's "stored in proper containers")
_SETTLED_OPENINGS = ("No", "Only if")


def _settled_elsewhere(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    facts: Mapping[str, Any],
    role: str | None,
    question: str | None,
    answer: Answer,
) -> Answer | None:
    """For a yes/no question whose duty the text assigns to no one ("do i have to let the Howard inspector in w/o a
    warrant?": no rule names who gives him access), the answer of the provision that settles it ("… may give the
    Building Inspector free access … or require a warrant": No); None when the duty is assigned or nothing settles it."""
    from knowledge.compose.questions import answer_question

    duties = answer.payload.get("duties") or []
    if not question or not duties or any(d.get("kind") != "silent" for d in duties):
        return None
    if selector.question_kind(question) != "yes_no":
        return None
    settled = answer_question(kb, municipality, topic, question, facts, role)
    if settled is None or not settled.payload.get("addressed", True) or not settled.text.startswith(_SETTLED_OPENINGS):
        return None
    return settled
