"""Results in words (the text the bot and the CLI say) and as the payload channels receive."""

from __future__ import annotations

import math
import re
from typing import Any, Sequence

from knowledge.answer_parts import source_line
from knowledge.compose import Answer, citation_payload
from knowledge.space.results import (
    COMPUTED,
    FAILS,
    MEETS,
    NEED_INFO,
    NOT_ADDRESSED,
    Source,
    SpaceResult,
)


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
        "needs": list(result.needs),
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
    lines += [source_line(s.citation, s.quote) for s in shown]
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
        "needs": list(dict.fromkeys(n for r in items for n in r.needs)),
        "citations": list(citations.values()),
    }
    return Answer("\n\n".join(texts), payload)


def _proposes_people(lowered: str, vocab: dict[str, Any]) -> bool:
    """Whether a message proposes people for the room checked ("what if my sister moves in?", ``people.yml``
    ``proposing_starts``), naming some."""
    from knowledge.parsing import parse_space_request

    starts = vocab.get("proposing_starts") or ()
    if not any(lowered == s or lowered.startswith(s + " ") for s in starts):
        return False
    household = parse_space_request(lowered).household
    return household is not None and bool(household.persons)


def yes_no_first(answer: Answer, question: str) -> Answer:
    """The check's answer with "Yes." or "No." first when ``question`` asks yes or no ("can he move a 2nd
    guy in with me?", "is my bedroom big enough?") and the verdict is decided. A question whether a space
    is inadequate ("is it too small?", ``people.yml`` ``negative_adequacy``) gets the opposite word."""
    from knowledge.parsing.household import asks_inadequate, people_vocab
    from knowledge.question_form import ASKS_RULE_EXISTS, RULE_EXISTS_OPENING, question_kind, story_and_question

    verdict = answer.payload.get("verdict")
    asking = story_and_question(question or "")[1]
    left_out = re.search(r"^Note: (Not counted as an? ?occupants?: .*)$", answer.text, re.M)
    if left_out and re.search(r"\bcount(?:s|ed)?\b", asking, re.I) and question_kind(asking) == "yes_no":
        # "Does the baby even count?": the person left out, and why, first; the check follows
        rest = answer.text[: left_out.start()] + answer.text[left_out.end() + 1 :]
        return Answer(f"No. {left_out.group(1)}\n{rest}", {**answer.payload, "yes_no": "no"})
    # (the sentence that asks decides: "… a 900 sq ft place in Howard. is that too small?" names a figure in its story)
    lowered = " ".join(str(question).lower().split())
    proposes = _proposes_people(lowered, people_vocab())
    # "Does a sleeping room measuring 8 feet by 11 feet meet the minimum …?" reads as a figure asked, but it opens as yes or no
    opens = bool(set(re.findall(r"[a-z]+", asking.lower())[:1]) & {"does", "do", "is", "are", "can", "will", "would"})
    if verdict in (MEETS, FAILS) and ASKS_RULE_EXISTS.search(lowered):
        # "… is there really a min for the whole unit": there is; then whether the case told meets it
        return Answer(f"{RULE_EXISTS_OPENING}{answer.text}", {**answer.payload, "yes_no": "yes"})
    if verdict not in (MEETS, FAILS) or not (proposes or opens or "yes_no" in (question_kind(question or ""), question_kind(asking))):
        return answer
    negative = asks_inadequate(lowered, asking)
    if negative and re.search(r"\bor (?:is it |is that |are we |its |it's )?(?:" + "|".join(map(re.escape, people_vocab().get("negative_adequacy") or ())) + r")\b", lowered):
        negative = False  # "is that ok or is it too small": the first alternative asks
    word = "Yes" if (verdict == MEETS) != negative else "No"
    text = f"{word}, i{answer.text[1:]}" if answer.text.startswith("In ") else f"{word}. {answer.text}"
    return Answer(text, {**answer.payload, "yes_no": word.lower()})
