"""Compose the assistant's answers from the knowledge base.

Every answer puts the rule in plain words first, then the citation and the verbatim quote
(shortened with an ellipsis where long), and carries a structured payload (municipality,
topic, citations with their full verbatim quotes) for channels to render. When a text is
silent on a question, the answer says so and names that code's enforcing officer; it never
borrows another town's rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from knowledge import question_form, selector
from knowledge.answer_parts import ask_line, more_line, source_line
from knowledge.answer_parts import parts as answer_parts
from knowledge.answer_parts import words as answer_words
from knowledge.buttons import municipality_buttons
from knowledge.citations import with_prefix
from knowledge.facts import asked_duty, is_who_question, proposed_side
from knowledge.facts import load as load_fact_vocabulary
from knowledge.facts import normalize as normalize_facts
from knowledge.kb import Coverage, KnowledgeBase, Municipality, Section, UnknownCitation
from knowledge.rules import Determination, Rule, Verdict, decide, evaluate

DISCLAIMER = "This is general information from the ordinance text, not legal advice."
QUOTE_LIMIT = 420

PARTY_NAMES = {
    "owner": "the owner",
    "operator": "the operator",
    "occupant": "the occupant (the tenant)",
    "owner_or_operator": "the owner or operator",
    "owner_or_occupant": "the owner or the occupant (the tenant)",
}

DUTY_PHRASES = {
    "exterminate": "exterminating insects, rodents and other pests",
    "supply_garbage_containers": "supplying garbage containers",
    "supply_rubbish_containers": "supplying rubbish containers",
    "dispose_garbage": "disposing of garbage",
    "dispose_rubbish": "disposing of rubbish",
    "clean_shared_areas": "keeping the shared or public areas clean",
    "clean_own_unit": "keeping one's own part of the dwelling clean",
    "clean_plumbing_fixtures": "keeping plumbing fixtures clean",
    "give_access_for_repairs": "giving access for repairs",
    "give_access_for_inspection": "giving the inspector access",
    "inform_max_occupants": "telling occupants the maximum number allowed",
    "maintain_supplied_facilities": "maintaining supplied facilities",
    "hang_screens": "supplying and hanging screens",
    "supply_heat": "supplying heat",
    "supply_linens": "supplying bed linen and towels",
    "maintain_vacant_building": "securing and maintaining a vacant building",
    "keep_services_connected": "not shutting off utility services (heat, water, electricity)",
}

_OP_WORDS = {
    "eq": "exactly {n}",
    "gte": "{n} or more",
    "gt": "more than {n}",
    "lte": "at most {n}",
    "lt": "fewer than {n}",
    "ne": "other than {n}",
}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass
class Answer:
    """What the assistant says: text, optional quick-reply buttons, and a structured payload."""

    text: str
    payload: dict[str, Any] = field(default_factory=dict)
    buttons: list[dict[str, str]] = field(default_factory=list)


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """Shorten a verbatim text at a word boundary, marking the cut with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + " …"


def citation_payload(section: Section) -> dict[str, Any]:
    """A citation as channels receive it: what to show, how it is known, the full verbatim text."""
    return {
        "municipality": section.municipality,
        "citation": section.full_citation,
        "section": section.citation,
        "basis": section.basis,
        "heading": section.heading,
        "quote": section.text,
        # Where the text comes from: chapter, adoption date where the text states it, "an extract".
        "provenance": section.provenance,
    }


def quote_lines(sections: Iterable[Section], limit: int = QUOTE_LIMIT) -> str:
    """'Source: <citation>: "<quote>"' lines for the given sections."""
    return "\n".join(source_line(s.full_citation, shorten(s.text, limit)) for s in sections)


def _count(n: int) -> str:
    return _NUMBER_WORDS.get(n, str(n))


@lru_cache(maxsize=1)
def _wording() -> dict[str, dict[str, str]]:
    """How each fact reads in an answer (knowledge/facts.yml `wording`), read on first use."""
    return {k: dict(v) for k, v in (load_fact_vocabulary().get("wording") or {}).items()}


def describe_condition(fact: str, spec: Any) -> str:
    """One condition of a rule in plain words ("the building has two or more dwelling units")."""
    words = _wording().get(fact, {})
    if isinstance(spec, bool):
        key = "when_true" if spec else "when_false"
        return words.get(key) or f"{fact.replace('_', ' ')} is {'true' if spec else 'false'}"
    singular = words.get("one") or fact.replace("_", " ") + " is {n}"
    plural = words.get("many") or singular
    if isinstance(spec, (int, float)):
        if spec == 1 and words.get("only_one"):
            return words["only_one"]
        return (singular if spec == 1 else plural).format(n=_count(int(spec)))
    if spec.get("eq") == 1 and words.get("only_one"):
        return words["only_one"]
    if set(spec) == {"gte", "lte"} and spec["gte"] == spec["lte"]:
        return describe_condition(fact, spec["gte"])
    if set(spec) == {"gte", "lte"} and spec["gte"] <= 1:
        return describe_condition(fact, {"lte": spec["lte"]})
    if set(spec) == {"gte", "lte"}:
        span = f"{_count(spec['gte'])} to {_count(spec['lte'])}"
        return plural.format(n=span)
    words_ = " and ".join(_OP_WORDS[op].format(n=_count(bound)) for op, bound in spec.items())
    only_one = len(spec) == 1 and list(spec.values())[0] == 1 and list(spec)[0] in ("eq", "lte")
    return (singular if only_one else plural).format(n=words_)


def describe_depends(fact: str) -> str:
    """A fact as the clause after "depends on" ("how many dwelling units are infested")."""
    return _wording().get(fact, {}).get("depends") or fact.replace("_", " ")


def describe_rule(rule: Rule) -> str:
    """What a rule covers and its conditions in plain words ("in every case" when it has neither)."""
    parts = [f"for {rule.scope}"] if rule.scope else []
    if rule.conditions:
        parts.append("when " + " and ".join(describe_condition(f, s) for f, s in rule.conditions.items()))
    return " ".join(parts) or "in every case"


def _officer(muni: Municipality) -> str:
    return muni.contact  # the office, named once


def _defined_terms(muni: Municipality, coverage: Coverage) -> str:
    """'the Village of Dresser code defines "GARBAGE" and "RUBBISH" but sets no duty or standard for them'."""
    terms = [f'"{d.term}"' for d in coverage.defines]
    joined = terms[0] if len(terms) == 1 else ", ".join(terms[:-1]) + " and " + terms[-1]
    return (
        f"the {muni.name} code defines {joined} but sets no duty or standard for {'it' if len(terms) == 1 else 'them'}"
    )


def not_addressed(muni: Municipality, what: str, topic: str, coverage: Coverage | None = None) -> Answer:
    """The honest answer when a municipality's text is silent on a question.

    Where the code only defines the terms of the topic, the answer says so and quotes the
    definitions; where the file notes what the text does say (e.g. that the extract leaves the
    penalty out), the note and its sections are given.
    """
    officer = _officer(muni)
    lines = [f"The {muni.name} housing code text I have does not address {what}."]
    cited: list[dict[str, Any]] = []
    if coverage is not None and coverage.defines:
        lines[0] = (
            f"The {muni.name} housing code text I have does not address {what}: {_defined_terms(muni, coverage)}."
        )
        for definition in coverage.defines:
            lines.append(source_line(definition.full_citation, shorten(definition.text)))
            cited.append(
                {
                    "municipality": muni.key,
                    "citation": definition.full_citation,
                    "section": definition.citation,
                    "basis": definition.basis,
                    "heading": f"definition of {definition.term}",
                    "quote": definition.text,
                }
            )
    if coverage is not None and coverage.note:
        lines[0] = lines[0].rstrip(".") + f": {coverage.note}."
    if coverage is not None:
        for section in coverage.note_sections:
            lines.append(source_line(section.full_citation, shorten(section.text)))
            cited.append(citation_payload(section))
    lines.append(f"For an answer, ask the {officer}, who enforces the {muni.name} code.")
    payload: dict[str, Any] = {"municipality": muni.key, "topic": topic, "addressed": False, "citations": cited}
    if coverage is not None and coverage.defines:
        payload["defines"] = [d.term for d in coverage.defines]
    return Answer("\n".join(lines), payload)


def no_party_line(muni: Municipality, what: str, section: Section | None) -> str:
    """Where the code sets a requirement but names no one to carry it: never "nobody has to"."""
    where = f" ({section.full_citation})" if section is not None else ""
    return (
        f"The {muni.name} text does not name who is responsible for {what}, but that does not mean no one is: "
        f"the code sets the requirement{where}, and the {_officer(muni)} enforces it and can say who must act."
    )


# Duties a code can require without naming who carries them ("every dwelling shall have heating
# facilities"): where no rule names a party, the answer says what the code requires and who
# enforces it, so it never reads as "nobody has to".
REQUIRED_WITHOUT_PARTY = ("supply_heat", "maintain_supplied_facilities")


def no_figure_line(kb: KnowledgeBase, muni: Municipality, topic: str) -> str:
    """'The City of Amery text states no figure for the temperature …' for a topic answered by one figure."""
    keys = kb.topic_config(topic).standards if topic in kb.topics() else ()
    if len(keys) != 1:
        return ""
    description = kb.standard_description(keys[0])
    return f"The {muni.name} text states no figure for the {description[0].lower() + description[1:]}."


def answer_duty(
    kb: KnowledgeBase,
    municipality: str,
    duty: str,
    facts: Mapping[str, Any],
    topic: str,
    role: str | None = None,
    quote_limit: int = QUOTE_LIMIT,
    what: str | None = None,
    question: str | None = None,
) -> Answer:
    """Who must carry ``duty`` in a municipality, given what the user told us.

    The verdict comes first: the party, in the first sentence, when the facts decide; then one
    "Unless ..." line with the exceptions that could still change it; then the citations. When
    the facts do not decide, the first sentence says what it depends on (the common case first)
    and the answer asks one question. When the text names nobody for these facts, it says so and
    names the enforcing officer.
    """
    if duty in kb.fact_vocabulary().either:
        return answer_either(kb, municipality, duty, facts, topic, role, quote_limit, question)
    muni = kb.municipality(municipality)
    rules = kb.rules(muni.key, duty)
    what = what or DUTY_PHRASES.get(duty, duty.replace("_", " "))
    if not rules:
        coverage = kb.coverage(muni.key, topic)
        if coverage.addressed and duty in REQUIRED_WITHOUT_PARTY:
            section = coverage.sections[0]
            return Answer(
                no_party_line(muni, what, section) + "\n" + quote_lines([section], quote_limit),
                {
                    "municipality": muni.key,
                    "topic": topic,
                    "addressed": True,
                    "duties": [],
                    "ask_fact": None,
                    "citations": [citation_payload(section)],
                    "duty": duty,
                    "party": None,
                    "decided": False,
                    "deciding_facts": [],
                },
            )
        if coverage.addressed:
            return _silent_duty(kb, muni, what, duty, topic, list(coverage.sections)[:2], quote_limit)
        return not_addressed(muni, f"who is responsible for {what}", topic, coverage)
    vocabulary = kb.fact_vocabulary()
    facts = normalize_facts(facts)
    verdict = decide(rules, facts, duty, vocabulary.exception_defaults, vocabulary.ask, vocabulary.same_as)
    cases = _case_list(rules, facts, verdict, vocabulary) if verdict.kind == "undecided" else []
    lead = _verdict_lead(muni, what, verdict, role, cases)
    answered = _yes_or_no(vocabulary, verdict, question, role)
    lead = answered + lead[0].lower() + lead[1:] if answered else lead
    unless = _unless_line(verdict)
    question = kb.fact_question(verdict.question, muni.key) if verdict.question else None
    cited_rules = [verdict.rule, *(c.rule for c in verdict.cases), *(e.rule for e in verdict.exceptions)]
    if verdict.rule is None and not verdict.cases:
        cited_rules += rules
    cited = _cited_sections(kb, muni.key, cited_rules)
    lines = [lead, *([unless] if unless else []), *([ask_line(question)] if question else [])]
    lines.append(quote_lines(cited, quote_limit))
    determination = evaluate(rules, facts, duty)
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "duties": [_verdict_payload(verdict, determination)],
        "ask_fact": verdict.question,
        "citations": [citation_payload(s) for s in cited],
        # what a channel with little room shows first (SMS: lead, exception line, first citation)
        "verdict": {
            "lead": lead,
            "unless": unless,
            "question": question,
            "kind": verdict.kind,
            "short": _short_lead(muni, what, verdict, role),
            "short_unless": _unless_line(verdict, short=True),
            "short_citation": f"[{cited[0].display}]" if cited else None,
        },
        # kept flat for the single-duty case
        "duty": duty,
        "party": verdict.party,
        "parties": list(verdict.parties),
        "decided": verdict.kind == "decided",
        "deciding_facts": [verdict.question] if verdict.question else [e.fact for e in verdict.exceptions],
    }
    return Answer("\n".join(lines), payload)


def _yes_or_no(vocabulary: Any, verdict: Verdict, question: str | None, role: str | None) -> str:
    """ "Yes: " or "No: " when a yes/no question proposed one side ("do I have to let him in?") and the
    verdict decides; empty otherwise. The verdict sentence follows, so "in the ..." goes on in lower case."""
    if verdict.kind != "decided" or not question:
        return ""
    side = proposed_side(question, vocabulary, role)
    sides = {vocabulary.sides.get(p) for p in verdict.parties}
    if side is None or None in sides:
        return ""
    return "Yes, " if side in sides else "No, "


def _definiteness(kb: KnowledgeBase, payload: Mapping[str, Any]) -> int:
    """How firmly a duty answer names a party: on one side of the lease (0), decided for both sides
    (1), depending on a fact (2), not said by the text (3)."""
    verdict = payload.get("verdict") or {}
    if verdict.get("kind") == "decided":
        sides = {kb.fact_vocabulary().sides.get(p) for p in payload.get("parties") or ()}
        return 0 if len(sides) == 1 and None not in sides else 1
    return 2 if verdict.get("kind") == "undecided" else 3


def _gloss(kb: KnowledgeBase, muni: Municipality, terms: Sequence[str]) -> str | None:
    """The municipality's own definitions of the words a pair of duties turns on, quoted briefly."""
    quoted = []
    for term in terms:
        found = kb.definitions(term, muni.key)
        if found:
            quoted.append(f'"{term}" is "{shorten(found[0].text, 90)}" ({found[0].citation})')
    return ("In this code, " + "; ".join(quoted) + ".") if quoted else None


def answer_either(
    kb: KnowledgeBase,
    municipality: str,
    pair: str,
    facts: Mapping[str, Any],
    topic: str,
    role: str | None = None,
    quote_limit: int = QUOTE_LIMIT,
    question: str | None = None,
) -> Answer:
    """A "who" question whose words do not tell two duties apart ("who supplies the trash bins?":
    garbage or rubbish containers): both verdicts, the firmer one first (see ``either`` in
    knowledge/facts.yml). When both name the same party the answer is one verdict for both."""
    entry = kb.fact_vocabulary().either[pair]
    muni = kb.municipality(municipality)
    members = list(entry["duties"])
    answers = [
        answer_duty(kb, muni.key, d, facts, topic_for_duty(kb, d) or topic, role, quote_limit, question=question)
        for d in members
    ]
    order = sorted(range(len(members)), key=lambda i: (_definiteness(kb, answers[i].payload), i))
    first, rest = answers[order[0]], [answers[i] for i in order[1:]]
    same = all(
        (a.payload.get("verdict") or {}).get("kind") == (first.payload.get("verdict") or {}).get("kind")
        and a.payload.get("parties") == first.payload.get("parties")
        for a in rest
    )
    citations = _unique_payloads([c for a in [first, *rest] for c in a.payload.get("citations") or []])
    payload = {**first.payload, "duty": pair, "duties": [d for a in answers for d in a.payload.get("duties") or []]}
    payload["citations"] = citations
    sources = "\n".join(source_line(c["citation"], shorten(c["quote"], quote_limit)) for c in citations)
    if same:  # one verdict for both ("In the Town of Howard, ... is the responsibility of the owner")
        both = answer_duty(
            kb, muni.key, members[order[0]], facts, topic, role, quote_limit, what=entry["what"], question=question
        )
        said = [answer_words(answer_parts(both.text, both.payload), drop=("source",))]
        payload.update({k: v for k, v in both.payload.items() if k in ("verdict", "party", "parties", "decided")})
        return Answer("\n".join([*said, sources]), payload)
    leads = [first.payload["verdict"]["lead"]]
    for other in rest:
        lead = other.payload["verdict"]["lead"]
        prefix = f"In the {muni.name}, "
        lead = lead[len(prefix) :] if lead.startswith(prefix) else lead
        leads.append("Separately, " + lead[0].lower() + lead[1:])
    unless = [v["unless"] for v in (a.payload["verdict"] for a in [first, *rest]) if v.get("unless")]
    question = next((a.payload["verdict"]["question"] for a in [first, *rest] if a.payload["verdict"].get("question")), None)
    gloss = _gloss(kb, muni, entry.get("terms") or ())
    lines = [
        " ".join(leads),
        *unless[:1],
        *([gloss] if gloss else []),
        *([ask_line(question)] if question else []),
        sources,
    ]
    payload["ask_fact"] = next((a.payload.get("ask_fact") for a in [first, *rest] if a.payload.get("ask_fact")), None)
    payload["verdict"] = {**first.payload["verdict"], "lead": " ".join(leads), "question": question}
    return Answer("\n".join(lines), payload)


def _unique_payloads(citations: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    seen: set[tuple[str, str]] = set()
    found = []
    for c in citations:
        key = (c["municipality"], c["citation"])
        if key not in seen:
            seen.add(key)
            found.append(c)
    return found


def _silent_duty(
    kb: KnowledgeBase,
    muni: Municipality,
    what: str,
    duty: str,
    topic: str,
    sections: list[Section],
    quote_limit: int,
) -> Answer:
    """A duty the text assigns to no one, in a topic it does address: said first, with the officer and the sections."""
    verdict = Verdict(duty, "silent", (), None, {})
    lead = _verdict_lead(muni, what, verdict, None)
    text = lead + ("\n" + quote_lines(sections, quote_limit) if sections else "")
    short = _short_lead(muni, what, verdict, None)
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "duties": [
            {"duty": duty, "party": None, "parties": [], "decided": False, "kind": "silent", "deciding_facts": []}
        ],
        "ask_fact": None,
        "citations": [citation_payload(s) for s in sections],
        "verdict": {
            "lead": lead,
            "unless": None,
            "question": None,
            "kind": "silent",
            "short": short,
            "short_unless": None,
            "short_citation": f"[{sections[0].display}]" if sections else None,
        },
        "duty": duty,
        "party": None,
        "parties": [],
        "decided": False,
        "deciding_facts": [],
    }
    return Answer(text, payload)


def _names(parties: Iterable[str], short: bool = False) -> str:
    """The parties in words ("the occupant (the tenant)"; short: "the occupant")."""
    return " and ".join(("the " + p.replace("_", " ")) if short else PARTY_NAMES.get(p, p) for p in parties)


def _party_for(parties: tuple[str, ...], role: str | None) -> str:
    """The parties in words, with what they mean for the user ("the occupant (that is you, as the tenant)")."""
    note = _role_note(parties[0], role) if len(parties) == 1 else ""
    return _names(parties, short=bool(note)) + note


def _given_conditions(verdict: Verdict) -> str:
    """The conditions of the deciding rule that rest on what the user said, as a "when ..." clause."""
    if verdict.rule is None:
        return ""
    given = [(f, spec) for f, spec in verdict.rule.conditions.items() if f in verdict.used]
    scope = f" for {verdict.rule.scope}" if verdict.rule.scope else ""
    return scope + ((" when " + " and ".join(describe_condition(f, spec) for f, spec in given)) if given else "")


def _used_facts(verdict: Verdict) -> str:
    """What the user said that the duty's rules depend on, as a "when ..." clause."""
    said = [describe_condition(f, v) for f, v in verdict.used.items() if not isinstance(v, bool) or v]
    return (" when " + " and ".join(said)) if said else ""


CASE_DEPTH = 3


def _case_list(
    rules: list[Rule], facts: Mapping[str, Any], verdict: Verdict, vocabulary: Any, depth: int = CASE_DEPTH
) -> list[tuple[list[str], tuple[str, ...] | None]]:
    """The cases an undecided verdict depends on: (conditions in words, parties or None when more facts decide).

    A case that still depends on another fact is split by that fact too (``depth`` levels deep),
    so the common case is named instead of "it depends".
    """
    found: list[tuple[list[str], tuple[str, ...] | None]] = []
    assert verdict.question is not None
    for case in verdict.cases:
        condition = describe_condition(verdict.question, case.spec)
        if case.settled:
            found.append(([condition], case.parties))
            continue
        value = case.spec if not isinstance(case.spec, Mapping) else case.spec.get("gte", case.spec.get("lte"))
        deeper = decide(
            rules,
            {**facts, verdict.question: value},
            verdict.duty,
            vocabulary.exception_defaults,
            vocabulary.ask,
            vocabulary.same_as,
        )
        if deeper.kind != "undecided":
            found.append(([condition], deeper.parties))
        elif depth > 1 and deeper.question:
            for conditions, parties in _case_list(
                rules, {**facts, verdict.question: value}, deeper, vocabulary, depth - 1
            ):
                found.append(([condition, *conditions], parties))
        else:
            found.append(([condition], None))
    return found


def _verdict_lead(
    muni: Municipality,
    what: str,
    verdict: Verdict,
    role: str | None,
    cases: list[tuple[list[str], tuple[str, ...] | None]] | None = None,
) -> str:
    """The first sentence: the party (decided), what it depends on (undecided), or that the text is silent."""
    if verdict.kind == "decided":
        party = _party_for(verdict.parties, role)
        return f"In the {muni.name}, {what} is the responsibility of {party}{_given_conditions(verdict)}."
    officer = muni.office if muni.office == muni.enforcing_officer else f"{muni.office} ({muni.enforcing_officer})"
    if verdict.kind == "silent":
        return (
            f"The {muni.name} text does not address who is responsible for {what}{_used_facts(verdict)}; "
            f"ask the {officer}, who enforces the {muni.name} code."
        )
    assert verdict.question is not None
    # the cases with a party first (the common case leads), each party once; then the open and silent ones
    grouped: dict[tuple[str, ...] | None, list[str]] = {}
    for conditions, parties in cases or []:
        grouped.setdefault(parties, []).append(" and ".join(conditions))
    parts = []
    for parties, whens in sorted(grouped.items(), key=lambda item: 0 if item[0] else 1 if item[0] is None else 2):
        when = ", or when ".join(whens)
        if parties is None:
            parts.append(f"when {when}, more facts decide")
        elif not parties:
            parts.append(f"when {when}, the text does not say who")
        else:
            parts.append(f"{_party_for(parties, role)} when {when}")
    return (
        f"In the {muni.name}, who is responsible for {what} depends on {describe_depends(verdict.question)}: "
        + "; ".join(parts)
        + "."
    )


def _unless_line(verdict: Verdict, short: bool = False) -> str | None:
    """The one line of exceptions that could still change the verdict ("Unless ... (then the owner)")."""
    if not verdict.exceptions:
        return None
    by_parties: dict[tuple[str, ...], list[str]] = {}
    for e in verdict.exceptions:
        words = _wording().get(e.fact, {}).get("short") if short and isinstance(e.spec, bool) else None
        by_parties.setdefault(e.parties, []).append(words or describe_condition(e.fact, e.spec))
    parts = []
    for parties, conditions in by_parties.items():
        listed = conditions[0] if len(conditions) == 1 else ", ".join(conditions[:-1]) + " or " + conditions[-1]
        parts.append(f"{listed} (then {_names(parties, short=True)})")
    return "Unless " + ", or ".join(parts) + "."


def _short_lead(muni: Municipality, what: str, verdict: Verdict, role: str | None) -> str:
    """The verdict in a few words, for a first SMS page ("City of Muskego: the occupant ... is responsible ...")."""
    what = (load_fact_vocabulary().get("duty_short") or {}).get(verdict.duty, what)
    if verdict.kind == "decided":
        return f"In the {muni.name}, {what}: {_party_for(verdict.parties, role)}."
    if verdict.kind == "silent":
        return f"In the {muni.name}, {what}: the text does not say who; ask the {muni.office}."
    return f"In the {muni.name}, {what}: it depends on {describe_depends(verdict.question or '')}."


def _verdict_payload(verdict: Verdict, determination: Determination) -> dict[str, Any]:
    return {
        "duty": verdict.duty,
        "party": verdict.party,
        "parties": list(verdict.parties),
        "decided": verdict.kind == "decided",
        "kind": verdict.kind,
        "deciding_facts": [verdict.question] if verdict.question else [e.fact for e in verdict.exceptions],
        "exceptions": [e.fact for e in verdict.exceptions],
        "evaluator_party": determination.party,
    }


def _duty_payload(determination: Determination) -> dict[str, Any]:
    return {
        "duty": determination.duty,
        "party": determination.party,
        "parties": determination.parties,
        "decided": determination.decided,
        "deciding_facts": determination.deciding_facts,
    }


def _duty_text(muni: Municipality, what: str, determination: Determination, rules: list[Rule], role: str | None) -> str:
    if determination.party is not None:
        return _decided_text(muni, what, determination, role)
    return _cases_text(muni, what, determination.alternatives or rules)


def _role_note(party: str, role: str | None) -> str:
    if party == "owner_or_occupant":
        return ""
    if role == "tenant":
        return " (that is you, as the tenant)" if party == "occupant" else " (your landlord, not you)"
    if role == "landlord":
        return (
            " (that is you, as the owner)" if party in ("owner", "owner_or_operator", "operator") else " (your tenant)"
        )
    return ""


def _decided_text(muni: Municipality, what: str, determination: Determination, role: str | None = None) -> str:
    assert determination.rule is not None and determination.party is not None
    names = [PARTY_NAMES.get(p, p) for p in determination.parties]
    party = " and ".join(names) + ("" if len(names) > 1 else _role_note(determination.party, role))
    when = describe_rule(determination.rule)
    when = "" if when == "in every case" else f" {when}"
    text = f"In the {muni.name}, {what} is the responsibility of {party}{when}."
    chosen = determination.rule.priority
    by_party: dict[tuple[str, bool], list[str]] = {}
    for alternative in determination.alternatives:
        by_party.setdefault((alternative.party, alternative.priority > chosen), []).append(describe_rule(alternative))
    for (other, overrides), conditions in by_party.items():
        how = "instead" if overrides else "as well"
        text += f" It is {PARTY_NAMES.get(other, other)}'s responsibility {how} {', or '.join(conditions)}."
    return text


def _cases_text(muni: Municipality, what: str, rules: list[Rule]) -> str:
    by_party: dict[str, list[Rule]] = {}
    for rule in sorted(rules, key=lambda r: r.priority):
        by_party.setdefault(rule.party, []).append(rule)
    lines = [f"In the {muni.name}, who is responsible for {what} depends on the building:"]
    top = max(r.priority for r in rules)
    for party, party_rules in by_party.items():
        conditions = "; or ".join(describe_rule(r) for r in party_rules)
        overrides = (
            " (this takes precedence)" if all(r.priority == top for r in party_rules) and len(by_party) > 1 else ""
        )
        lines.append(f"- {PARTY_NAMES.get(party, party).capitalize()}: {conditions}{overrides}.")
    return "\n".join(lines)


def _cited_sections(kb: KnowledgeBase, municipality: str, rules: Iterable[Rule | None]) -> list[Section]:
    seen: list[str] = []
    for rule in rules:
        if rule is not None and rule.citation not in seen:
            seen.append(rule.citation)
    return [kb.section(municipality, c) for c in seen]


def ask_municipality(kb: KnowledgeBase, unknown: str | None = None) -> Answer:
    """Ask which of the covered municipalities the user means (their names as buttons).

    An uncovered place is never mapped to a covered code: the answer says what is covered and asks
    which one, if any, applies. A place that shares a covered name but is another kind or in another
    state ("Village of Howard", "Holland, Michigan"), a county, or an address outside the limits is
    named as such.
    """
    from knowledge.entities import place_qualifiers

    munis = kb.municipalities()
    covered = f"I have the housing codes of the {kb.covered_names()}, all in Wisconsin"
    if unknown:
        kind, state, county, outside = place_qualifiers(unknown, kb.places())
        lowered = unknown.lower()
        same_name = [m for m in munis if m.name.split(" of ", 1)[-1].lower() in lowered]
        if outside:
            lead = (
                f'You said "{unknown}". A mailing address can name a town the dwelling is not in, so I won\'t '
                "assume one of these codes applies."
            )
        elif county:
            what = "A county" if lowered.split()[0] in ("a", "the", "county") else f"{unknown} is a county, and it"
            lead = f"{what} is not one of the municipalities I cover."
        elif same_name and (kind or state):
            lead = f"{unknown} is not the {same_name[0].name}, Wisconsin, whose code I have."
        else:
            lead = f"I don't have the housing code of {unknown}."
        text = (
            f"{lead} {covered}. Which of these, if any, is the dwelling in? If none, these codes do not apply: "
            "ask the building inspector or clerk of the municipality where the dwelling is."
        )
    else:
        text = f"Which municipality is the dwelling in? I cover the {kb.covered_names()}."
    buttons = municipality_buttons(munis)
    return Answer(text, {"ask": "municipality", "unknown": unknown}, buttons)


CHAT_QUOTES = 3


def _topic_duties(kb: KnowledgeBase) -> dict[str, tuple[str, ...]]:
    """Each topic's duties (the topic configuration in knowledge/vocab.yml)."""
    return {topic: config.duties for topic, config in kb.topic_configs().items()}


def topic_for_duty(kb: KnowledgeBase, duty: str | None) -> str | None:
    """The topic a duty (or the first duty of an ``either`` pair) belongs to, or None."""
    members = kb.fact_vocabulary().members(duty)
    return next((t for t, ds in _topic_duties(kb).items() if members and members[0] in ds), None)


def duty_asked(
    kb: KnowledgeBase,
    topic: str | None,
    text: str,
    remembered: str | None = None,
    follow_up: bool = False,
    facts: Mapping[str, Any] | None = None,
) -> tuple[str, str] | None:
    """(duty, topic) when a message asks who carries one duty ("who buys the garbage cans?"), else None.

    A duty named within the ``topic`` the NLU picked is answered with its verdict; a duty of
    another topic only when the message asks who ("who has to provide heat?" under heating). A
    message that only adds facts ("it's a duplex") keeps the duty asked before (``remembered``).
    """
    vocabulary = kb.fact_vocabulary()
    own = _topic_duties(kb).get(topic or "", ())
    if follow_up and remembered:  # the message only adds facts to the last question
        home = topic_for_duty(kb, remembered) or topic
        if remembered == "clean_own_unit" and (facts or {}).get("shared_areas_infested") is True:
            remembered = "clean_shared_areas"  # "4 units, I mean the hallway and basement"
        return (remembered, home) if home else None
    # a duty of the topic named in a "who" question, a short phrase ("garbage cans holland") or a yes/no
    # question about a party ("must the tenant let him in?") gets its verdict; another question about it
    # ("what must garbage containers be made of?", "must a bathroom have hot water?") goes to the selector
    who = is_who_question(text, vocabulary) or selector.question_kind(text) == "who"
    about = who or _about_a_party(text, vocabulary)
    named = asked_duty(text, vocabulary, among=own) if own and about else None
    # a duty of another topic: asked who, or a yes/no question about a party ("roomer won't let me in. required?")
    elsewhere = about and selector.question_kind(text) != "figure" and any(p.search(text) for p in vocabulary.party_words)
    if named is None and (who or elsewhere):
        named = asked_duty(text, vocabulary)
    if named is None and remembered and not asked_duty(text, vocabulary):
        named = remembered
    if named is None:
        return None
    home = topic if named in own else (topic_for_duty(kb, named) or topic)
    return (named, home) if home else None


def _bare_phrase(text: str) -> bool:
    """A message that names things without a question's opening ("Access for repairs in Howard?",
    "Town of Holland, WI rubbish container q")."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    return not set(words[:2]) & (question_form.WH_WORDS | question_form.YES_NO_STARTS)


def _about_a_party(text: str, vocabulary: Any) -> bool:
    """Whether a message that is not a "who" question still asks who carries a duty: it does not open
    with what/which/how..., and it is a bare phrase ("garbage cans, Town of Howard") or names a party or
    the asker ("must a roomer give the owner access?", "rubbish bins mine to provide?")."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    if set(words[:2]) & question_form.WH_WORDS:
        return False
    return _bare_phrase(text) or any(p.search(text) for p in vocabulary.party_words)


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
        answered = answer_question(kb, municipality, topic, question, facts, role, ranking)
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
        "standards": [
            {"key": s.key, "value": s.value, "unit": s.unit, "value_text": s.value_text, "citation": s.citation}
            for s in standards
        ],
        "duties": [_duty_payload(d) for d in determinations],
        "ask_fact": ask,
        "citations": [citation_payload(s) for s in _unique([*cited, *coverage.sections])],
    }
    return Answer("\n".join(lines), payload)


ALSO_PREFIX = "The code also sets"
# A yes/no question the best provision's wording does not settle as a plain yes or no.
NO_PLAIN_VERDICT = "The text does not put it as a plain yes or no; "
SENTENCE_LIMIT = 700  # a sentence that answers is shown whole unless it is very long
# Say yes or no only when the provision matches most of the question's concepts: "No" to a
# permission met by a prohibition, "Yes" (the riskier reading) to an obligation met by a duty.
YES_NO_MIN_LEXICAL = {"No": 0.5, "Yes": 0.5}
_INTERNAL_KEY = re.compile(r"\b(?:see )?([a-z]+(?:_[a-z0-9]+)+)\b")


def _display_sentence(text: str) -> str:
    """A sentence to show as the answer, without a leading heading ("D. Rubbish storage. Every …")."""
    parts = selector._SENTENCE_END.split(text, maxsplit=1)
    if len(parts) == 2 and len(parts[0]) < 80 and not selector._VERB.search(parts[0]) and parts[1].strip():
        return parts[1].strip()
    return text


def _verdict(question: str, provision: str, lexical: float) -> str | None:
    verdict = selector.yes_no(question, provision)
    return verdict if verdict and lexical >= YES_NO_MIN_LEXICAL[verdict] else None


def plain(kb: KnowledgeBase, text: str) -> str:
    """Text fit to show: an internal key (``heating_measure_height_in``) becomes what it stands for."""

    def spell(match: re.Match[str]) -> str:
        key = match.group(1)
        description = kb.standard_description(key)
        if description == key.replace("_", " "):
            return key.replace("_", " ")
        return ("see " if match.group(0).startswith("see ") else "") + "the " + _lower_first(description.split(" (")[0])

    return _INTERNAL_KEY.sub(spell, text)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text


def _standard_line(kb: KnowledgeBase, standard: Any) -> str:
    """ "floor area of a sleeping room used by one occupant: at least 70 square feet (conditions)"."""
    description = kb.standard_description(standard.key).split(" (")[0]
    conditions = f" ({plain(kb, standard.conditions)})" if standard.conditions else ""
    return f"{_lower_first(description)}: {standard.value_text}{conditions}"


def _find_standard(kb: KnowledgeBase, municipality: str, key: str, citation: str) -> Any:
    found = [s for s in kb.standards(key, municipality) if s.citation == citation]
    return found[0] if found else kb.standard(municipality, key)


def answer_question(
    kb: KnowledgeBase,
    municipality: str,
    topic: str,
    question: str,
    facts: Mapping[str, Any] | None = None,
    role: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
) -> Answer | None:
    """The answer to one question on a topic, led by the provision the selector ranks first.

    None when nothing in the topic's provisions matches a word of the question (the caller
    then gives the topic's overview).
    """
    muni = kb.municipality(municipality)
    config = kb.topic_config(topic)
    coverage = kb.coverage(muni.key, topic)
    facts = facts or {}
    if selector.question_kind(_without_titles(kb, question)) == "definition":
        term = kb.match_term(question, muni.key)
        if term:  # "how does the code define 'basement'?", whatever topic it was taken for
            return answer_definition(kb, term, muni.key)
    duties = [d for d in config.duties if kb.rules(muni.key, d)]
    standards = [s for key in config.standards for s in kb.standards(key, muni.key)]
    if not coverage.addressed and not duties and not standards:
        return not_addressed(muni, coverage.description.lower(), topic, coverage)
    ranked = selector.select(kb, question, muni.key, role, ranking, topics=[topic], limit=12)
    other = _better_topic(kb, muni, topic, question, role, ranking, ranked)
    if other is not None:
        return answer_question(kb, muni.key, other, question, facts, role, ())
    if not ranked or ranked[0].lexical < ANSWER_MIN_LEXICAL:
        # nothing on the topic in this code matches what was asked: say so honestly
        answer = not_addressed(muni, f'this question ("{_clip(question)}")', topic)
        answer.payload.update({"review": "no_match", "question": _clip(question, 200)})
        return answer
    kind = selector.question_kind(_without_titles(kb, question))
    if kind == "figure" and ranked[0].candidate.kind != "standard":
        # a figure question: the best figure first, unless it matches far less than the best sentence
        figure = next((r for r in ranked if r.candidate.kind == "standard"), None)
        if figure is not None and figure.lexical >= ranked[0].lexical - FIGURE_PROMOTE_MARGIN:
            ranked = [figure, *[r for r in ranked if r is not figure]]
    lead = ranked[0]
    preface = ""
    duty = _asked_duty(kb, muni, config.duties, question, lead) if kind == "who" and config.duties else None
    if duty:
        if duty in duties:
            answer = answer_duty(kb, muni.key, duty, facts, topic, role, question=question)
            answer.payload["lead"] = _lead_payload(lead)
            return answer
        what = DUTY_PHRASES.get(duty, duty.replace("_", " "))
        preface = (
            f"The {muni.name} code text does not say who is responsible for {what} (it does not address who "
            f"must do it); for that, ask the {_officer(muni)}. What the text does say:"
        )
    elif kind == "figure" and config.standards:
        missing = _asked_missing_standard(kb, muni, config.standards, question, lead)
        if missing and lead.candidate.kind == "standard":
            # the figure the text does state comes first; what it does not state follows
            note = (
                f"The {muni.name} code text does not state "
                f"{_lower_first(kb.standard_description(missing).split(' (')[0])} (it does not address that figure)."
            )
            answer = compose_lead(kb, muni, topic, question, ranked, role, note=note)
            answer.payload["review"] = "not_stated"
            return answer
        if missing:
            preface = (
                f"The {muni.name} code text does not state {_lower_first(kb.standard_description(missing).split(' (')[0])}"
                f" (it does not address that figure); for that, ask the {_officer(muni)}. What the text does say:"
            )
    if not preface:
        preface = scope_preface(kb, muni, question, lead)
    answer = compose_lead(kb, muni, topic, question, ranked, role, preface=preface)
    if preface:
        answer.payload["review"] = "not_stated"
    return answer


def scope_preface(kb: KnowledgeBase, muni: Municipality, question: str, lead: Any) -> str:
    """ "The … code text does not address this for dwellings in general …" when the best provision is
    limited to a kind of dwelling the question does not name (a rooming-house permit for a question
    about a rental license); empty otherwise."""
    scope = selector.unnamed_scope(kb, question, lead.candidate)
    if scope is None:
        return ""
    only = str((kb.scopes().get(scope) or {}).get("only") or scope)
    return (
        f"The {muni.name} code text does not address this for dwellings in general: the closest provision "
        f"applies only to {only}. For your case, ask the {_officer(muni)}. What the text does say:"
    )


# Another of the top three intents' topics answers instead when the classifier gave it at least this
# confidence and its best provision matches this much more of the question.
OTHER_TOPIC_MIN_CONFIDENCE = 0.1
OTHER_TOPIC_MARGIN = 0.2


def _better_topic(
    kb: KnowledgeBase,
    muni: Municipality,
    topic: str,
    question: str,
    role: str | None,
    ranking: Sequence[tuple[str, float]],
    ranked: Sequence[Any],
) -> str | None:
    others = []
    for intent, confidence in list(ranking)[:3]:
        other = kb.topic_for_intent(intent)
        if other and other != topic and confidence >= OTHER_TOPIC_MIN_CONFIDENCE:
            others.append(other)
    if not others:
        return None
    best = selector.select(kb, question, muni.key, role, ranking, topics=others, limit=1)
    here = ranked[0].lexical if ranked else 0.0
    if best and best[0].lexical >= here + OTHER_TOPIC_MARGIN:
        return next(t for t in best[0].candidate.topics if t in others)
    return None


# A provision of the topic must match at least this share of the question to be given as the answer.
ANSWER_MIN_LEXICAL = 0.3


# A figure question leads with the best numeric standard when it matches at most this much less of
# the question than the best sentence.
FIGURE_PROMOTE_MARGIN = 0.3


# A description must match at least this share of the question to count as what was asked.
ASKED_MIN_MATCH = 0.25


def _asked_duty(kb: KnowledgeBase, muni: Municipality, duties: Sequence[str], question: str, lead: Any) -> str | None:
    """The duty of a topic a "who" question asks about (stated in this code or not): the best match
    of the question against the duties' descriptions, else the rule the selector ranked first; None
    when the question is about someone else ("who issues the permits?")."""
    described = kb.meta("duties") or {}
    texts = {d: f"{described.get(d, '')} {DUTY_PHRASES.get(d, '')}" for d in duties}
    scores = selector.match_descriptions(kb, question, muni.key, texts)
    best = max(duties, key=lambda d: (scores.get(d, 0.0), bool(kb.rules(muni.key, d)), -duties.index(d)))
    if scores.get(best, 0.0) >= ASKED_MIN_MATCH:
        return best
    if lead.candidate.kind == "rule" and lead.candidate.key in duties:
        return lead.candidate.key
    return None


def _without_titles(kb: KnowledgeBase, question: str) -> str:
    """The question without the codes' own titles ("Minimum Housing Code" is no figure question)."""
    for muni in kb.municipalities():
        for title in (muni.code_title, "minimum housing code", "minimum standards housing code"):
            if title:
                question = re.sub(re.escape(title), " ", question, flags=re.I)
    return question


def _asked_missing_standard(
    kb: KnowledgeBase, muni: Municipality, standards: Sequence[str], question: str, lead: Any
) -> str | None:
    """The figure a question asks for when this code does not state it: a standard of the topic whose
    description matches the question better than the provision the selector found (None otherwise)."""
    stated = {s.key for key in standards for s in kb.standards(key, muni.key)}
    texts = {key: kb.standard_description(key) for key in standards}
    scores = selector.match_descriptions(kb, question, muni.key, texts)
    best = max(standards, key=lambda k: (scores.get(k, 0.0), k in stated))
    if best in stated or scores.get(best, 0.0) < ASKED_MIN_MATCH:
        return None
    if any(scores.get(k, 0.0) >= scores[best] - 0.1 for k in stated):
        return None  # a figure the text does state answers nearly as well
    if lead.candidate.kind == "standard" and scores.get(lead.candidate.key, 0.0) >= scores[best]:
        return None
    return best


def _lead_payload(ranked: Any) -> dict[str, Any]:
    candidate = ranked.candidate
    return {"kind": candidate.kind, "citation": candidate.citation, "score": round(ranked.score, 3)}


def compose_lead(
    kb: KnowledgeBase,
    muni: Municipality,
    topic: str,
    question: str,
    ranked: Sequence[Any],
    role: str | None = None,
    closest: bool = False,
    preface: str = "",
    note: str = "",
) -> Answer:
    """An answer that leads with the first of ``ranked`` (selector results): the direct answer,
    its citation and verbatim quote, and at most one line "The code also sets …". A ``note`` follows
    the direct answer (what the text does not state, next to the figure it does)."""
    long_form = role == "clerk"
    lead = ranked[0].candidate
    lines: list[str] = [preface] if preface else []
    cited: list[Section] = []
    shown_standards: list[Any] = []
    if lead.kind == "standard":
        standard = _find_standard(kb, muni.key, lead.key, lead.citation)
        section = kb.section(muni.key, standard.citation)
        verdict = None if preface else _verdict(question, standard.quote, ranked[0].lexical)
        opening = f"{verdict}. " if verdict else ""
        if closest:
            lines.append(f"{opening}The closest provision in the {muni.name} code: {_standard_line(kb, standard)}.")
        else:
            lines.append(f"{opening}In the {muni.name}, {_standard_line(kb, standard)}.")
        if note:
            lines.append(note)
        lines.append(source_line(section.full_citation, shorten(standard.quote)))
        cited.append(section)
        shown_standards.append(standard)
    elif lead.kind == "definition":
        found = kb.definitions(lead.key, muni.key)
        payload = _definition_payload(kb, found[0])
        where = f"The closest provision in the {muni.name} code is its" if closest else f"In the {muni.name} code, the"
        lines.append(f'{where} definition of "{found[0].term}" ({payload["citation"]}): "{shorten(found[0].text)}"')
        answer_citations = [payload]
    else:
        section = kb.section(muni.key, lead.citation)
        verdict = None if preface else _verdict(question, lead.text, ranked[0].lexical)
        opening = f"{verdict}. " if verdict else ""
        if not verdict and not preface and selector.question_kind(_without_titles(kb, question)) == "yes_no":
            opening = NO_PLAIN_VERDICT  # say so plainly: the wording does not settle it as a yes or no
        if closest:
            lines.append(
                f'{opening}{"the" if opening.endswith("; ") else "The"} closest provision in the {muni.name} code is {section.full_citation}: "{shorten(_display_sentence(lead.text), SENTENCE_LIMIT)}"'
            )
        else:
            lines.append(
                f'{opening}{section.full_citation} says: "{shorten(_display_sentence(lead.text), SENTENCE_LIMIT)}"'
            )
        cited.append(section)
    also = next(
        (
            r.candidate
            for r in ranked[1:]
            if r.candidate.kind == "standard"
            and r.lexical > 0
            and r.candidate.text != lead.text
            and (r.candidate.key != lead.key or r.candidate.citation != lead.citation)
        ),
        None,
    )
    if also is not None:
        standard = _find_standard(kb, muni.key, also.key, also.citation)
        section = kb.section(muni.key, standard.citation)
        lines.append(f"{ALSO_PREFIX} {_standard_line(kb, standard)} ({section.full_citation}).")
        shown_standards.append(standard)
        cited.append(section)
    coverage = kb.coverage(muni.key, topic) if topic in kb.topics() else None
    others = [s for s in (coverage.sections if coverage else ()) if s.citation not in {c.citation for c in cited}]
    if long_form and others:
        lines.append("The other sections on this topic, in full:")
        lines.extend(f'{s.full_citation}: "{s.text}"' for s in others)
    elif others:
        lines.append('(say "quote the section" for the full text of this and the related sections)')
    citations = [citation_payload(s) for s in _unique([*cited, *others])]
    if lead.kind == "definition":
        citations = answer_citations + citations
    payload = {
        "municipality": muni.key,
        "topic": topic,
        "addressed": True,
        "lead": {"kind": lead.kind, "citation": lead.citation},
        "standards": [
            {"key": s.key, "value": s.value, "unit": s.unit, "value_text": s.value_text, "citation": s.citation}
            for s in shown_standards
        ],
        "duties": [],
        "ask_fact": None,
        "citations": citations,
    }
    return Answer("\n".join(lines), payload)


def _unique(sections: Iterable[Section]) -> list[Section]:
    seen: dict[tuple[str, str], Section] = {}
    for section in sections:
        seen.setdefault((section.municipality, section.citation), section)
    return list(seen.values())


def full_quotes(citations: Iterable[Mapping[str, Any]]) -> Answer:
    """The full verbatim text of the citations of the last answer ("quote the section")."""
    cited = [c for c in citations if c.get("quote")]
    if not cited:
        return Answer('Which section? Ask me a question first, or name one, like "show me 190-9".')
    text = "\n\n".join(f'{c["citation"]} ({c.get("heading", "")}):\n"{c["quote"]}"' for c in cited)
    return Answer(
        text, {"municipality": cited[0]["municipality"], "topic": "quote", "addressed": True, "citations": list(cited)}
    )


def _definition_payload(kb: KnowledgeBase, definition: Any) -> dict[str, Any]:
    muni = kb.municipality(definition.municipality)
    return {
        "municipality": muni.key,
        "citation": definition.full_citation or with_prefix(muni.citation_prefix, definition.citation),
        "section": definition.citation,
        "basis": definition.basis,
        "heading": f"definition of {definition.term}",
        "quote": definition.text,
    }


def answer_definition(kb: KnowledgeBase, term: str | None, municipality: str | None = None) -> Answer:
    """What a term means: in one municipality's code, or in each covered code."""
    if not term:
        return Answer("Which term? For example: habitable room, infestation, rubbish, dwelling unit, occupant.")
    munis = [kb.municipality(municipality)] if municipality else kb.municipalities()
    lines, cited = [], []
    for muni in munis:
        found = kb.definitions(term, muni.key)
        if not found:
            lines.append(f'{muni.name}: the text does not define "{term}".')
            continue
        payload = _definition_payload(kb, found[0])
        cited.append(payload)
        try:  # the section the definition sits in, verbatim, as printed ("(1) APPROVED — …")
            section = kb.section(muni.key, found[0].citation)
            if section.text != found[0].text and found[0].text in section.text:
                cited.append(citation_payload(section))
        except UnknownCitation:
            pass
        lines.append(f'{muni.name} — {found[0].term} ({payload["citation"]}): "{shorten(found[0].text)}"')
    if not cited:
        officer = munis[0].office if len(munis) == 1 else "enforcing officer"
        return Answer(
            f"The text{'s' if len(munis) > 1 else ''} I have do{'' if len(munis) > 1 else 'es'} not define "
            f'"{term}". Ask the {officer}.',
            {
                "topic": "definition",
                "term": term,
                "addressed": False,
                "citations": [],
                "municipality": munis[0].key if len(munis) == 1 else None,
            },
        )
    intro = f'What "{term}" means in the housing code{"s" if len(munis) > 1 else ""}:'
    payload = {
        "municipality": munis[0].key if len(munis) == 1 else None,
        "topic": "definition",
        "term": term,
        "addressed": True,
        "citations": cited,
    }
    return Answer("\n".join([intro, *lines]), payload)


# A text that prints at most this many section numbers is searched by heading, not by number.
FEW_PRINTED_NUMBERS = 5
HEADING_EXAMPLES = 6


def printed_numbers(kb: KnowledgeBase, municipality: str) -> list[Section]:
    """The top-most sections of a text whose number it prints or a cross-reference pins down."""
    numbered = [s for s in kb.sections(municipality) if s.basis in ("stated", "cross_reference")]
    citations = {s.citation for s in numbered}
    return [s for s in numbered if s.parent not in citations]


def unprinted_number_note(kb: KnowledgeBase, municipality: str, citation: str) -> str | None:
    """For a number the extract does not print, in a text that prints (almost) none: "The City of
    Muskego extract prints no section numbers except § 205-2; search by heading …". None when the
    text prints numbers enough that a missing one is simply not in the extract."""
    muni = kb.municipality(municipality)
    numbered = printed_numbers(kb, muni.key)
    if len(numbered) > FEW_PRINTED_NUMBERS:
        return None
    shown = [s.display for s in numbered]
    except_ = ""
    if shown:
        except_ = " except " + (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0])
    place = muni.name.split(" of ")[-1]
    return (
        f"The {place} extract prints no section numbers{except_}, so it has no section "
        f"{citation.strip()} to show; search by heading instead (the {muni.office} has the full code)."
    )


def answer_section(kb: KnowledgeBase, citation: str, municipality: str | None = None) -> Answer:
    """A section by number, verbatim, with the units under it."""
    keys = kb.municipalities_for_citation(citation) or ([municipality] if municipality else [])
    if not keys:
        return Answer(
            f'I couldn\'t tell which code "{citation}" is from. {kb.section_numbering()} Name the municipality too.'
        )
    muni = kb.municipality(keys[0])
    try:
        section = kb.section(muni.key, citation)
    except UnknownCitation:
        note = unprinted_number_note(kb, muni.key, citation)
        if note:
            headings = [s.heading for s in kb.sections(muni.key) if not s.parent][:HEADING_EXAMPLES]
            return Answer(
                note + " For example: " + "; ".join(headings) + ".",
                {"municipality": muni.key, "topic": "section", "addressed": False, "citations": [], "by_heading": True},
            )
        return Answer(
            f"The {muni.name} text I have has no section {citation}. The extract may be cut off there; "
            f"the {muni.office} has the full code.",
            {"municipality": muni.key, "topic": "section", "addressed": False, "citations": []},
        )
    children = kb.children(muni.key, section.citation)
    lines = [f"{section.full_citation} — {section.heading}", f'"{section.text}"']
    if section.basis in ("inferred", "unknown"):
        lines.append(
            "(The extract does not print this section's number or letter; it is identified from its place in the text.)"
        )
    for child in children[:8]:
        lines.append(f'- {child.display}: "{shorten(child.text, 200)}"')
    if len(children) > 8:
        lines.append(f'(and {len(children) - 8} more parts: say "quote the section")')
    cited = [section, *children]
    return Answer(
        "\n".join(lines),
        {
            "municipality": muni.key,
            "topic": "section",
            "addressed": True,
            "citations": [citation_payload(s) for s in cited],
        },
    )


def topic_from_text(kb: KnowledgeBase, text: str) -> str | None:
    """The topic a free-text request names by its words (the topics' keywords), or None (longest keyword wins)."""
    lowered = text.lower()
    best: tuple[int, str] | None = None
    for topic, config in kb.topic_configs().items():
        for word in config.keywords:
            if word in lowered and (best is None or len(word) > best[0]):
                best = (len(word), topic)
    return best[1] if best else None


# When the classifier is unsure (see README "When the assistant is unsure" for how these were set).
CLOSEST_MIN_LEXICAL = 0.4  # share of the question's concepts the closest provision must contain
CLOSEST_MIN_WEIGHT = 2.0  # and how much (summed idf) of the question's words it must match


@dataclass(frozen=True)
class Unsure:
    """What the selector makes of a message the classifier was unsure about."""

    housing: bool  # the message has words the housing codes (or the synonym table) know
    topic: str | None  # the topic of the best provision, when one matches well
    answer: Answer | None  # the answer for the municipality in play (None: ask which one)


def _clip(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + "…"


def answer_unsure(
    kb: KnowledgeBase,
    question: str,
    municipality: str | None,
    role: str | None = None,
    ranking: Sequence[tuple[str, float]] = (),
    facts: Mapping[str, Any] | None = None,
) -> Unsure:
    """Never give up on an in-scope question: search every provision of the municipality.

    A good match is answered as "The closest provision in the <name> code: …" with its
    citation; a housing question with no good match gets an honest "the <name> code text does
    not address …" naming the enforcing officer (``addressed: false``, so it goes to the clerk's
    review list). ``housing`` is False for messages with no housing content at all.
    """
    munis = [kb.municipality(municipality)] if municipality else kb.municipalities()
    housing = selector.has_housing_words(kb, question)
    best: tuple[float, Any, Municipality] | None = None
    for muni in munis:
        ranked = selector.select(kb, question, muni.key, role, ranking, limit=12)
        strength = selector.match_weight(kb, question, muni.key, ranked[0]) if ranked else 0.0
        if ranked and (best is None or ranked[0].score > best[0]):
            best = (ranked[0].score, (ranked, strength), muni)
    if not housing or best is None:
        return Unsure(housing, None, None)
    (ranked, strength), muni = best[1], best[2]
    top = ranked[0]
    good = top.lexical >= CLOSEST_MIN_LEXICAL and strength >= CLOSEST_MIN_WEIGHT
    topic = next((t for t in top.candidate.topics if t != "definition"), None) if good else None
    if municipality is None:
        return Unsure(True, topic, None)
    if not good:
        answer = not_addressed(muni, f'this question ("{_clip(question)}")', topic or "unknown")
        answer.payload.update({"review": "no_match", "question": _clip(question, 200)})
        return Unsure(True, None, answer)
    if topic and selector.question_kind(question) == "who" and kb.topic_config(topic).duties:
        direct = answer_question(kb, muni.key, topic, question, facts, role, ranking)
        if direct is not None and direct.payload.get("addressed"):
            direct.payload["review"] = "closest"
            return Unsure(True, topic, direct)
    preface = scope_preface(kb, muni, question, top)
    answer = compose_lead(kb, muni, topic or "definition", question, ranked, role, closest=True, preface=preface)
    answer.payload.update({"closest": True, "review": "not_stated" if preface else "closest", "topic": topic or "definition"})
    return Unsure(True, topic, answer)
