"""Who must carry a duty: the verdict first (the party, what it depends on, or that the text is
silent), then the one "Unless …" line, the question that would settle it, and the citations.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from knowledge import question_form
from knowledge.answer_parts import ask_line, source_line
from knowledge.answer_parts import parts as answer_parts
from knowledge.answer_parts import words as answer_words
from knowledge.compose.answer import (
    DUTY_PHRASES,
    PARTY_NAMES,
    QUOTE_LIMIT,
    REQUIRED_WITHOUT_PARTY,
    Answer,
    citation_payload,
    no_party_line,
    not_addressed,
    quote_lines,
    shorten,
)
from knowledge.compose.beside import reached_by_rule
from knowledge.compose.conditions import _wording, describe_condition, describe_depends, describe_rule
from knowledge.compose.plain_verdict import whole_sentence
from knowledge.facts import asker_unknown, proposed_side, refusing_side, repairs_excepted
from knowledge.facts import load as load_fact_vocabulary
from knowledge.facts import normalize as normalize_facts
from knowledge.kb import KnowledgeBase, Municipality, Section
from knowledge.phrase_match import has_phrase
from knowledge.rules import Determination, Rule, Verdict, decide, evaluate, rule_status
from knowledge.yes_no_forms import conflicts_with


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
    prefer: str | None = None,
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
    # ``prefer``: the quote of the rule the question matched best, first among rules that tie ("the pipe under my
    # sink is dripping" quotes the plumbing rule, not the general one of the same duty and party)
    rules = sorted(kb.rules(muni.key, duty), key=lambda r: r.quote != prefer) if prefer else kb.rules(muni.key, duty)
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
    lead = _verdict_lead(muni, what, verdict, role, cases, vocabulary.duty_qualifiers)
    forbidden = _forbidden(kb, vocabulary, verdict, muni, question)
    answered = "" if forbidden else (
        _yes_or_no(vocabulary, verdict, question, role) or _not_on_proposed(vocabulary, verdict, rules, facts, question, role)
    )
    lead = forbidden or (answered + lead[0].lower() + lead[1:] if answered else lead)
    only = _only_when(rules, facts) if verdict.kind == "silent" and not answered and not forbidden else ""
    if only and "; ask the " in lead:  # "… when the building has two dwelling units (the text decides it only when …); ask …"
        lead = lead.replace("; ask the ", f" ({only}); ask the ", 1)
    unless = _unless_line(verdict)
    to_ask = kb.fact_question(verdict.question, muni.key) if verdict.question else None
    cited_rules = [verdict.rule, *(c.rule for c in verdict.cases), *(e.rule for e in verdict.exceptions)]
    if verdict.rule is None and not verdict.cases:
        cited_rules += rules
    cited = _cited_sections(kb, muni.key, cited_rules)
    lines = [lead, *([unless] if unless else []), *([ask_line(to_ask)] if to_ask else [])]
    # a yes resting on the rule's own exception ("… except for such temporary interruption as may be necessary while
    # actual repairs …") quotes the whole sentence, exception and all
    excepting = bool(forbidden) and not forbidden.startswith("No. ")
    reached = reached_by_rule(kb, muni.key, verdict.rule, question) if verdict.kind == "decided" else None
    if reached is not None and reached[0] not in cited:  # "doesn't he have to fix the roof?": the item on roofs, second
        cited.insert(1, reached[0])
    lines.append(_rule_quote_lines(cited, [r for r in cited_rules if r is not None], quote_limit, whole=excepting))
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
            "question": to_ask,
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
    sides = {vocabulary.sides.get(p) for p in verdict.parties}
    refuser = refusing_side(question, vocabulary, role)
    if refuser is not None and None not in sides:  # "tenant won't let me in, can she do that?": not if it is her duty
        return "No, " if refuser in sides else ""
    if any(p.search(question) for p in vocabulary.proposals.get("waived", ())):
        return "No, "  # "can i rent it w/o cleaning?": it must be done, by the party the verdict names
    asking = question_form.story_and_question(question)[1]  # (asked leave to do it another way: not "tenants say its my job. right?")
    if verdict.rule is not None and question_form.PERMISSION.search(asking) and conflicts_with(question, verdict.rule.quote):
        return "No, not that way: "  # "can i just tell them verbally?": "… shall advise the occupant in writing …"
    left_out = question_form.left_out_condition(question, verdict.rule.quote) if verdict.rule is not None else None
    if left_out and question_form.question_kind(question) == "yes_no":
        return f"No, not without {left_out}: "  # "showed up with no warning … do I have to let him in?": "after due notice"
    side = proposed_side(question, vocabulary, role)
    if side is None and any(p.search(question) for p in vocabulary.proposals.get("obliged", ())):
        return "Yes, "  # "doesn't it have to be fixed?": it must be done, by the party the verdict names
    if side is None and len(sides) == 1 and None not in sides and asker_unknown(question, vocabulary, role):
        who = " or ".join("the " + p.replace("_", " ") for p in verdict.parties)  # "the owner or operator"
        return f"If you are {who}, yes: "  # "porch steps r rotting, am i on the hook to fix?"
    if side is None or None in sides:
        return ""
    return "Yes, " if side in sides else "No, "


def _forbidden(
    kb: KnowledgeBase, vocabulary: Any, verdict: Verdict, muni: Municipality, question: str | None
) -> str | None:
    """ "No. In the …, the owner or operator and the occupant may not shut off …" when a yes/no question asks whether
    the act a decided prohibition forbids is allowed ("landlord turned off the water to make me leave, is that
    legal?"), unless it names one of the texts' exceptions ("while fixing the furnace"); None otherwise."""
    entry = vocabulary.prohibitions.get(verdict.duty)
    if entry is None or verdict.kind != "decided" or not question:
        return None
    if not any(p.search(question) for p in vocabulary.proposals.get("allowed", ())):
        return None
    if has_phrase(question.lower(), entry["unless_named"]):
        section = kb.section(muni.key, verdict.rule.citation) if verdict.rule is not None else None
        return _excepted(entry.get("excepted"), section.text if section else "", muni, question)  # "… off to fix …"
    parties = " nor ".join(_names((p,)) for p in verdict.parties)
    who = f"neither {parties}" if len(verdict.parties) > 1 else _names(verdict.parties)
    return f"No. In the {muni.name}, {who} may {'' if len(verdict.parties) > 1 else 'not '}{entry['act']}."


def _excepted(excepted: Any, quote: str, muni: Municipality, question: str) -> str | None:
    """ "Yes, but only … while the repairs are actually being made" when the question names the repairs the rule's own
    text excepts ("shut water off 1 day for plumbing repair ok?"); "No, not unless …" when it says nothing is being done;
    None when the rule makes no such exception or the question names none."""
    found = repairs_excepted(question, quote, excepted)
    return str(excepted["not_made" if found == "stalled" else "while_made"]).format(name=muni.name) if found else None


def _only_when(rules: Sequence[Rule], facts: Mapping[str, Any]) -> str:
    """ "the text decides it only when the building has three or more dwelling units", for a silent verdict's
    rule the facts given fall short of (a Muskego duplex's shared areas); empty when none does."""
    # (the counts a rule needs, not its exceptions: "unless the tenant has taken on this duty by agreement with the owner")
    counted = [{f: c for f, c in r.conditions.items() if not isinstance(c, bool)} for r in rules if rule_status(r, facts)[0] == "fails"]
    counted = [c for c in counted if c]
    if not counted:
        return ""
    when = " and ".join(describe_condition(f, c) for f, c in counted[0].items())
    return f"the text decides it only when {when}"  # (a silent lead names no party: the quote below shows whom)


def _not_on_proposed(
    vocabulary: Any, verdict: Verdict, rules: Sequence[Rule], facts: Mapping[str, Any], question: str | None, role: str | None
) -> str:
    """ "No, not on the owner by this text: " when a yes/no question proposes a side ("must the owner of a Howard duplex
    provide garbage containers?") that the text names no one for, and the rule that would put it on that side does not
    hold for the facts given (Howard's owner supplies them only where the dwelling exceeds two units); empty otherwise."""
    if verdict.kind != "silent" or not question:
        return ""
    side = proposed_side(question, vocabulary, role)
    if side is None and asker_unknown(question, vocabulary, role) and not any(rule_status(r, facts)[0] == "holds" for r in rules):
        # "town of howard duplex - do i hav to provide the trash cans": whichever side asks, the text puts it on no one
        side = next((vocabulary.sides.get(r.party) for r in rules if rule_status(r, facts)[0] == "fails"), None)
    if side is None:
        return ""
    failing = [r for r in rules if vocabulary.sides.get(r.party) == side and rule_status(r, facts)[0] == "fails"]
    if not failing:
        return ""
    party = _names((failing[0].party,), short=True)
    # ("… a duplex …": "No, not on the owner by this text (it puts it on the owner only when the building has three or
    # more dwelling units): …")
    when = " and ".join(describe_condition(f, s) for f, s in (failing[0].conditions or {}).items())
    return f"No, not on {party} by this text (it puts it on {party} only when {when}): " if when else f"No, not on {party} by this text: "


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
    qualifiers: Sequence[str] = (),
) -> str:
    """The first sentence: the party (decided), what it depends on (undecided), or that the text is silent.
    A decided duty's time the rule's own words set ("at all reasonable times", ``facts.yml``
    ``duty_qualifiers``) follows the party."""
    if verdict.kind == "decided":
        party = _party_for(verdict.parties, role)
        when = _when_in_quote(verdict.rule.quote if verdict.rule is not None else "", qualifiers)
        return f"In the {muni.name}, {what} is the responsibility of {party}{_given_conditions(verdict)}{when}."
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


def _rule_quote_lines(sections: Sequence[Section], rules: Sequence[Rule], limit: int, whole: bool = False) -> str:
    """'Source:' lines for the sections of a verdict, each quoting the words of the rule it rests on (found
    verbatim in the section) rather than the section's opening ("§ 190-3 Inspections. The Town Building
    Inspector is …" for the occupant's duty to give access, further down the same section); a clerk's
    long form quotes the sections whole."""
    if limit > QUOTE_LIMIT:
        return quote_lines(sections, limit)
    lines = []
    for section in sections:
        text = " ".join(section.text.split())
        own = {r.quote for r in rules if r.citation == section.citation and r.quote}
        # one rule of the section: its words; several (the cases of an undecided verdict): the section
        quote = next(iter(own)) if len(own) == 1 and " ".join(next(iter(own)).split()) in text else None
        if quote and whole:  # with ``whole``: the sentence the rule's words are in, to its end
            quote = whole_sentence(text, quote)
        lines.append(source_line(section.full_citation, shorten(quote or section.text, limit)))
    return "\n".join(lines)


def _when_in_quote(quote: str, qualifiers: Sequence[str]) -> str:
    """ ", at all reasonable times" when the rule's quote sets the duty's time in one of ``qualifiers``."""
    lowered = " ".join(quote.lower().split())
    return next((f", {q}" for q in qualifiers if q in lowered), "")


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


def _topic_duties(kb: KnowledgeBase) -> dict[str, tuple[str, ...]]:
    """Each topic's duties (the topic configuration in knowledge/vocab.yml)."""
    return {topic: config.duties for topic, config in kb.topic_configs().items()}


def topic_for_duty(kb: KnowledgeBase, duty: str | None) -> str | None:
    """The topic a duty (or the first duty of an ``either`` pair) belongs to, or None."""
    members = kb.fact_vocabulary().members(duty)
    return next((t for t, ds in _topic_duties(kb).items() if members and members[0] in ds), None)
