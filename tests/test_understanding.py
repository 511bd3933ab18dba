"""Does the bot answer the question that was asked? A blind question set through the REST channel.

The set (``tests/acceptance/blind.yml``; another file with ``UNDERSTANDING_SET=path``) was written
by an author who saw only the five ordinance texts and the topic list, never ``data/`` or the
knowledge base. Each entry: ``{id, register, before (earlier turns), question, municipality,
topic, expect: {silent, lead, quote, place, note}}``. Scored, as a user would notice:

* **right provision first**: one of ``expect.lead`` is in the first two sentences of the reply
  and ``expect.quote`` is in the verbatim text of one of the first two citations of the
  payloads; for ``silent: true`` the reply says the text does not address it and names the
  municipality's enforcing officer;
* **not understood**: the share of in-scope questions answered "not sure I understood";
* **place questions** (``expect.place``): ``ask`` — the bot says which places it covers and
  asks, citing no covered code; ``covered`` (a bare "Howard", a typo) — scored as any other
  question, and counted among the in-scope ones too.

When the bot asks which municipality (the question named none), the harness answers with the
entry's municipality, as a user would, and scores that reply. The figures are printed; the test
asserts the measured floor (no regression) and prints the gap to the issue's targets.
"""

from __future__ import annotations

import os
import re
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, customs, rest, texts

pytestmark = pytest.mark.servers

DEFAULT_SET = ROOT / "tests" / "acceptance" / "blind.yml"
SAMPLES = ROOT / "tests" / "understanding" / "samples.yml"
# The targets, and the floors measured on the acceptance set (raise them as the bot improves).
TARGET_RIGHT_FIRST = 0.95
TARGET_NOT_UNDERSTOOD = 0.02
TARGET_PLACE = 1.0
# Measured on tests/acceptance/blind.yml on 2026-12-01 (branch wt-selector, before the other
# helpers' place, space-dialogue and hand-off work was merged): 61.6% right first, 0.0% not
# understood, 63.2% place; then 68.6% right first (branch wt-sel2: limited provisions and plain
# yes/no), 65.7% right first and 84.2% place once merged with main (the same tree without the
# limited-provision scopes: 64.2%); 63.9% after the second merge of main at 04:43; with every branch
# merged (05:08): 68.0% right first, 0.0% not understood, 89.5% place; session 5 (blind-authored
# training examples and the mechanisms in the README): 72.4–74.2% right first over the session's runs,
# 73.0% at its end; session 6: 72.4% at its start (the char n-gram cap), 73.6% at its end (74.5% with a third
# round of blind training data that was dropped); session 7: 75.1% at its end (computed window areas, temperatures
# compared, officer questions, duty leads; the model unchanged); session 8: 75.1% at its end (a fourth dev set rose 11 points, the acceptance set held);
# session 9: 76.0%; session 10: 78.0% at its end; session 11: 79.2% at its end; session 13: 80.1%; session 14: 80.6%; session 15: 80.9%; session 16: 80.6%; session 17: 81.2%; session 18: 81.2%; session 19: 81.5%; session 20: 81.5%. Session 21 made the scoring stricter: "yes" and "no" must be said as words ("no" was found in "not", and both in "The text does not put it as a plain yes or no"). Under it session 20's final code scores 78.6% and session 21's 79.2% (places 89.5% -> 94.7%); session 22: 79.5% (places 94.7%); session 23: 79.8%; session 24: 79.8% (no acceptance question changed); session 25: 80.6%; session 26: 81.2%; session 27: 81.5%; session 28: 81.5%; session 29: 81.8%; session 30: 81.8%; session 31: 81.8%. The floors sit just under those figures (no regression);
# the gap to the targets is printed. The floors apply to the acceptance set only (samples and dev sets just print).
FLOOR_RIGHT_FIRST = 0.81
CEILING_NOT_UNDERSTOOD = 0.02
FLOOR_PLACE = 0.94
NOT_UNDERSTOOD = ("not sure i understood", "not sure what you mean")
INTERNAL_KEY = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“(§$0-9])|(?<=[.!?][\"”)])\s+")


def question_set() -> tuple[Path, list[dict[str, Any]]]:
    path = Path(os.environ.get("UNDERSTANDING_SET") or (DEFAULT_SET if DEFAULT_SET.exists() else SAMPLES))
    return path, yaml.safe_load(path.read_text(encoding="utf-8")) or []


def fold(text: str) -> str:
    return " ".join(str(text).split()).lower()


_NOT_AN_END = re.compile(
    r"(?:^|[\s(\"“])(?:[A-Za-z]|\([0-9a-z]+\)|No|Nos|Stats|Wis|Sec|sec|St|Mr|Mrs|Dr|ft|in|e\.g|i\.e)\.$"
)


def first_sentences(text: str, count: int = 2) -> str:
    """The first ``count`` sentences of a reply (lines count as sentence breaks). A period after a
    list letter or number ("D. Heating facilities", "(1). ") or an abbreviation ("Wis. Stats.")
    does not end a sentence."""
    parts: list[str] = []
    for line in text.split("\n"):
        pieces = [p for p in _SENTENCE.split(line) if p and p.strip()]
        merged: list[str] = []
        for piece in pieces:
            if merged and _NOT_AN_END.search(merged[-1].rstrip()):
                merged[-1] = f"{merged[-1]} {piece}"
            else:
                merged.append(piece.strip())
        parts.extend(merged)
    return " ".join(parts[:count])


@dataclass
class Outcome:
    """How one question was answered."""

    entry: dict[str, Any]
    reply: str
    payloads: list[dict[str, Any]]
    right: bool = False
    not_understood: bool = False
    why: str = ""
    leaks: list[str] = field(default_factory=list)


def covered_names(kb) -> list[str]:
    return [m.name for m in kb.municipalities()]


_ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = dict(zip("twenty thirty forty fifty sixty seventy eighty ninety".split(), range(20, 100, 10)))
_NUMBER_WORD = re.compile(
    rf"\b(?:({'|'.join(_TENS)})(?:[- ]({'|'.join(_ONES[1:10])}))?|({'|'.join(_ONES)}))(?: (hundred|thousand))?\b"
)
# One figure, said as the code says it or as people write it: "thirty days" is "30 days", "1,000 square feet" is
# "1000 sq ft", "70° F" is "70 degrees", "10 percent" is "10%", "five-foot candles" is "5 footcandles".
_FIGURE_FORMS = (
    (re.compile(r"(?<=\d),(?=\d{3}\b)"), ""),
    (re.compile(r"\s*(?:°|degrees?)(?:\s*(?:fahrenheit|f)\b)?"), " degrees"),
    (re.compile(r"\b(?:square|sq\.?)\s*(?:feet|foot|ft\.?)(?!\w)|\bsqft\b"), "sq ft"),
    (re.compile(r"\s*(?:percent|per cent)\b|\s+%"), "%"),
    (re.compile(r"(?<=\d)[- ]?foot[- ]?candles?\b|\bfoot[- ]?candles?\b"), " footcandles"),
    (re.compile(r"(?<=\d) ?(?:feet|foot)\b"), " ft"),
    (re.compile(r"(?<=\d) ?inch(?:es)?\b"), " in"),
)


def _number(match: re.Match[str]) -> str:
    tens, ones, single, scale = match.groups()
    value = _TENS[tens] + (_ONES.index(ones) if ones else 0) if tens else _ONES.index(single)
    return str(value * {"hundred": 100, "thousand": 1000}.get(scale or "", 1))


def figure_forms(text: str) -> str:
    """A folded text with its figures written one way (see ``_FIGURE_FORMS``)."""
    text = _NUMBER_WORD.sub(_number, text)
    for pattern, replacement in _FIGURE_FORMS:
        text = pattern.sub(replacement, text)
    return " ".join(text.split())


def _leads_with(lead: str, head: str) -> bool:
    """Whether the head of a reply says the expected lead: "yes" and "no" as words ("no" is in "not" and "notice"),
    anything else as written ("owner" in "owners", "70" in "70°"), a figure in any of its forms ("thirty days" for
    "30 days")."""
    if lead in ("yes", "no"):
        return re.search(rf"(?<![a-z]){lead}(?![a-z])", head) is not None
    if lead in head:
        return True
    figure = figure_forms(lead)  # a bare number ("eight") is no figure: it would be found in any "(8)"
    return bool(re.search(r"\d", figure)) and not figure.isdigit() and figure in figure_forms(head)


def score(entry: dict[str, Any], reply: str, payloads: list[dict[str, Any]], kb) -> Outcome:
    """Score one reply against its entry's expectation."""
    expect = entry.get("expect") or {}
    outcome = Outcome(entry, reply, payloads)
    lowered = reply.lower()
    outcome.not_understood = any(p in lowered for p in NOT_UNDERSTOOD)
    outcome.leaks = INTERNAL_KEY.findall(reply)
    citations = [c for p in payloads for c in p.get("citations") or []]
    if expect.get("place") == "ask":
        names = sum(name.lower() in lowered for name in covered_names(kb))
        asks = "?" in reply
        cites = bool(citations)
        outcome.right = names >= 3 and asks and not cites
        outcome.why = f"names {names} covered places, asks={asks}, cites={cites}"
        return outcome
    muni = kb.municipality(entry["municipality"]) if entry.get("municipality") else None
    if expect.get("silent"):
        officer = muni is not None and (muni.enforcing_officer.lower() in lowered or muni.office.lower() in lowered)
        silent = "does not address" in lowered or "not addressed" in lowered
        outcome.right = bool(officer and silent)
        outcome.why = f"silent={silent} officer={officer}"
        return outcome
    # "The text does not put it as a plain yes or no" gives neither
    head = fold(first_sentences(reply)).replace("yes or no", " ")
    leads = [str(x) for x in (expect.get("lead") or [])]
    if isinstance(expect.get("lead"), str):
        leads = [expect["lead"]]
    lead_ok = not leads or any(_leads_with(fold(x), head) for x in leads)
    quote = fold(expect.get("quote") or "")
    quote_ok = not quote or any(quote in fold(c.get("quote", "")) for c in citations[:2])
    outcome.right = lead_ok and quote_ok and bool(citations)
    outcome.why = f"lead={lead_ok} quote={quote_ok} cited={bool(citations)}"
    return outcome


def ask(base: str, entry: dict[str, Any], kb) -> Outcome:
    """Put one entry's turns to the bot; answer a "which municipality?" with the entry's municipality."""
    sender = f"understanding-{entry.get('id')}-{uuid.uuid4().hex[:6]}"
    for turn in entry.get("before") or []:
        rest(base, sender, str(turn))
    messages = rest(base, sender, str(entry["question"]))
    payloads = customs(messages)
    expect = entry.get("expect") or {}
    asked = any(p.get("ask") == "municipality" for p in payloads)
    if asked and expect.get("place") != "ask" and entry.get("municipality"):
        messages = rest(base, sender, kb.municipality(entry["municipality"]).name)
        payloads = customs(messages)
    return score(entry, texts(messages), payloads, kb)


def test_the_scoring_reads_replies_as_a_user_would(kb):
    entry = {"municipality": "amery", "expect": {"lead": ["80 square feet"], "quote": "at least 80 square feet"}}
    section = kb.section("amery", "§ 258-18B")
    good = "In the City of Amery, floor area: 80 square feet.\nSource: …"
    assert score(entry, good, [{"citations": [{"quote": section.text}]}], kb).right
    assert first_sentences('Code, D says: "D. Heating facilities. Every dwelling shall heat to 70° F." More.') == (
        'Code, D says: "D. Heating facilities. Every dwelling shall heat to 70° F."'
    )
    said_otherwise = {"municipality": "amery", "expect": {"lead": ["80 sq ft"], "quote": "at least 80 square feet"}}
    assert score(said_otherwise, "In the City of Amery, floor area: eighty square feet.", [{"citations": [{"quote": section.text}]}], kb).right
    assert not score(said_otherwise, "In the City of Amery, floor area: 8 square feet.", [{"citations": [{"quote": section.text}]}], kb).right
    assert _leads_with("70 degrees", "the heat must reach 70° f.") and _leads_with("30 days", "within thirty days")
    assert not _leads_with("eight", "weekly (8)") and not _leads_with("1000 sq ft", "100 sq ft")
    buried = "In the City of Amery, floor area: 70 square feet. Also 60. And then 80 square feet."
    assert not score(entry, buried, [{"citations": [{"quote": section.text}]}], kb).right
    assert not score(entry, good, [{"citations": []}], kb).right
    yes = {"municipality": "amery", "expect": {"lead": ["yes"], "quote": "at least 80 square feet"}}
    unsettled = 'The text does not put it as a plain yes or no; Code B says: "… at least 80 square feet …"'
    assert not score(yes, unsettled, [{"citations": [{"quote": section.text}]}], kb).right
    assert score(yes, "Yes. " + unsettled, [{"citations": [{"quote": section.text}]}], kb).right
    no = {"municipality": "amery", "expect": {"lead": ["no"], "quote": "at least 80 square feet"}}
    assert not score(no, 'The code does not say. Code B says: "… at least 80 square feet …"', [{"citations": [{"quote": section.text}]}], kb).right
    assert score(no, 'No. Code B says: "… at least 80 square feet …"', [{"citations": [{"quote": section.text}]}], kb).right
    silent = {"municipality": "amery", "expect": {"silent": True}}
    officer = kb.municipality("amery").office
    assert score(silent, f"The text does not address it. Ask the {officer}.", [], kb).right
    assert not score(silent, "It does not address it.", [], kb).right
    place = {"municipality": None, "expect": {"place": "ask"}}
    listed = "I cover only the " + ", ".join(covered_names(kb)) + ". Which of these is yours?"
    assert score(place, listed, [{"ask": "municipality"}], kb).right
    assert not score(place, listed, [{"citations": [{"quote": "x"}]}], kb).right


def test_blind_questions(servers, kb):
    path, entries = question_set()
    assert entries, f"no questions in {path}"
    outcomes = [ask(servers, entry, kb) for entry in entries]
    places = [o for o in outcomes if (o.entry.get("expect") or {}).get("place")]  # "ask" or "covered"
    in_scope = [o for o in outcomes if (o.entry.get("expect") or {}).get("place") != "ask"]
    right = sum(o.right for o in in_scope) / max(1, len(in_scope))
    not_understood = sum(o.not_understood for o in in_scope) / max(1, len(in_scope))
    place_right = sum(o.right for o in places) / max(1, len(places)) if places else 1.0
    leaks = sorted({k for o in outcomes for k in o.leaks})
    by_register: dict[str, list[Outcome]] = {}
    for o in in_scope:
        by_register.setdefault(str(o.entry.get("register")), []).append(o)
    print(f"\nunderstanding on {path} ({len(outcomes)} questions, {len(in_scope)} in scope, {len(places)} place):")
    print(f"  right provision first: {right:.1%} (target {TARGET_RIGHT_FIRST:.0%}, floor {FLOOR_RIGHT_FIRST:.0%})")
    print(f"  not understood:        {not_understood:.1%} (target <= {TARGET_NOT_UNDERSTOOD:.0%})")
    print(f"  place questions right: {place_right:.1%} (target {TARGET_PLACE:.0%})")
    for register, group in sorted(by_register.items()):
        print(f"  {register}: {sum(o.right for o in group)}/{len(group)} right first")
    if os.environ.get("UNDERSTANDING_VERBOSE"):
        for o in outcomes:
            if not o.right:
                print(f"  MISS {o.entry.get('id')} [{o.entry.get('municipality')}] {o.entry['question']!r}: {o.why}")
                print("      " + o.reply[:300].replace("\n", " | "))
    gap = [
        f"right first {right:.1%} < {TARGET_RIGHT_FIRST:.0%}" if right < TARGET_RIGHT_FIRST else "",
        f"not understood {not_understood:.1%} > {TARGET_NOT_UNDERSTOOD:.0%}"
        if not_understood > TARGET_NOT_UNDERSTOOD
        else "",
        f"place {place_right:.1%} < {TARGET_PLACE:.0%}" if place_right < TARGET_PLACE else "",
    ]
    print("  gap to the issue's targets: " + ("; ".join(g for g in gap if g) or "none"))
    assert not leaks, f"internal keys in answers: {leaks}"
    if path != DEFAULT_SET:
        return
    assert right >= FLOOR_RIGHT_FIRST, f"right provision first fell to {right:.1%}"
    assert not_understood <= CEILING_NOT_UNDERSTOOD, f"not understood rose to {not_understood:.1%}"
    assert place_right >= FLOOR_PLACE, f"place questions fell to {place_right:.1%}"
