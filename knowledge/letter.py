"""The repair-request letter a tenant sends the landlord, composed from the cited ordinance text.

Pure functions over the knowledge base (nothing is read at import time). A letter holds the date,
the tenant's name and address (the web page fills them in the browser; they reach the server
only if the tenant sends them), the problem in the tenant's own words, each cited section with
its verbatim text, a request for repair within a reasonable time, the office that enforces the
code as the place to turn, where the text comes from, and the "information, not legal advice"
line. It makes no legal claim beyond the cited text: it quotes what the code says and asks.

How people ask for a letter ("write a letter to my landlord about the mice") is data, in
``knowledge/letter.yml``.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping
from urllib.parse import urlencode

import yaml

from knowledge.compose import DISCLAIMER, topic_from_text
from knowledge.kb import KnowledgeBase, KnowledgeBaseError, UnknownCitation

LETTER_DATA = Path(__file__).resolve().parent / "letter.yml"
MAX_SECTIONS = 6
MAX_PROBLEM_CHARS = 1000

# What the letter shows where the tenant has not typed something yet.
NAME_BLANK = "(your name)"
ADDRESS_BLANK = "(your address)"
PROBLEM_BLANK = "(describe the problem in your own words)"
LANDLORD_DEFAULT = "Landlord"

SUBJECT = "Request for repairs"
INTRO = "I am writing to ask you to repair a problem at my home. The problem is:"
ASK = "Please make the repair within a reasonable time, and let me know in writing when the work will be done."


class LetterError(KnowledgeBaseError):
    """A letter that cannot be written (no cited section); ``str()`` is fit to show."""


@dataclass(frozen=True)
class CitedText:
    """One cited section: how it is cited, its heading, its verbatim text."""

    citation: str
    section: str
    heading: str
    quote: str


@dataclass(frozen=True)
class Letter:
    """A repair-request letter (see the module)."""

    municipality: str  # key
    municipality_name: str
    day: dt.date
    problem: str
    sections: tuple[CitedText, ...]
    office: str
    code: str  # "the City of Amery housing code (chapter 258, City of Amery Minimum Housing Code)"
    provenance: str
    tenant_name: str = ""
    tenant_address: str = ""
    landlord_name: str = ""

    @property
    def intro(self) -> str:
        """The opening sentence, with the problem in the tenant's words."""
        problem = self.problem or PROBLEM_BLANK
        return f"{INTRO} {problem}" + ("" if problem[-1:] in ".!?)" else ".")

    @property
    def code_says(self) -> str:
        """The line that introduces the quotes."""
        return f"The {self.code} says:" if len(self.sections) == 1 else f"The {self.code} says, in these sections:"

    @property
    def where_to_turn(self) -> str:
        """The enforcing officer as the place to turn if nothing happens."""
        return (
            f"If the problem is not fixed, I may ask the {self.office}, who enforces the "
            f"{self.municipality_name} housing code, to look at it."
        )

    @property
    def disclaimer(self) -> str:
        return DISCLAIMER


def long_date(day: dt.date) -> str:
    """ "December 1, 2026"."""
    return f"{day:%B} {day.day}, {day.year}"


def _clean(text: str | None, limit: int) -> str:
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in str(text or "")).split())
    return text[:limit].rstrip()


def _only_heading(text: str, heading: str) -> bool:
    """A row that holds nothing but its section's number and heading (nothing to quote)."""
    rest = text.replace(heading, "", 1) if heading else text
    return len(re.sub(r"[\W\d_]+", "", re.sub(r"§\s*[\d.-]+[A-Z]?", "", rest))) < 3


def compose_letter(
    kb: KnowledgeBase,
    municipality: str,
    citations: Iterable[str],
    problem: str = "",
    day: dt.date | None = None,
    tenant_name: str = "",
    tenant_address: str = "",
    landlord_name: str = "",
) -> Letter:
    """The letter for ``municipality`` quoting the given sections (citations as the knowledge base
    writes them; unknown ones are left out, repeats once). :class:`LetterError` when none is left,
    :class:`~knowledge.kb.UnknownMunicipality` for a place the texts do not cover."""
    muni = kb.municipality(municipality)
    cited: list[CitedText] = []
    for citation in citations:
        try:
            section = kb.section(muni.key, str(citation))
        except UnknownCitation:
            continue
        if any(c.section == section.citation for c in cited) or _only_heading(section.text, section.heading):
            continue
        heading = section.heading.rstrip(". ")
        cited.append(CitedText(section.full_citation, section.citation, heading, section.text))
        if len(cited) == MAX_SECTIONS:
            break
    if not cited:
        raise LetterError(
            f"I need a section of the {muni.name} code to quote in the letter. Ask your question first, "
            "then choose “Write a letter”."
        )
    return Letter(
        municipality=muni.key,
        municipality_name=muni.name,
        day=day or dt.date.today(),
        problem=_clean(problem, MAX_PROBLEM_CHARS),
        sections=tuple(cited),
        office=muni.office,
        code=f"{muni.name} housing code (chapter {muni.chapter}, {muni.code_title})",
        provenance=muni.provenance,
        tenant_name=_clean(tenant_name, 200),
        tenant_address=_clean(tenant_address, 300),
        landlord_name=_clean(landlord_name, 200),
    )


def letter_text(letter: Letter) -> str:
    """The whole letter as plain text (what the printed page says)."""
    lines = [
        long_date(letter.day),
        "",
        letter.tenant_name or NAME_BLANK,
        letter.tenant_address or ADDRESS_BLANK,
        "",
        f"Re: {SUBJECT}",
        "",
        f"Dear {letter.landlord_name or LANDLORD_DEFAULT},",
        "",
        letter.intro,
        "",
        letter.code_says,
    ]
    for cited in letter.sections:
        lines += ["", f"{cited.citation} ({cited.heading}):", f'"{cited.quote}"']
    lines += [
        "",
        ASK,
        "",
        letter.where_to_turn,
        "",
        "Sincerely,",
        letter.tenant_name or NAME_BLANK,
        "",
        "---",
        letter.provenance,
        letter.disclaimer,
    ]
    return "\n".join(lines)


def letter_query(municipality: str, citations: Iterable[str], topic: str | None = None) -> str:
    """The query string of a letter (or shared answer) link: municipality and sections, nothing personal."""
    pairs = [("m", municipality), *(("s", c) for c in citations)]
    if topic:
        pairs.append(("t", topic))
    return urlencode(pairs)


LETTER_PATH = "/webhooks/webchat/letter"
LETTER_SECTIONS = 3  # sections a letter offered under an answer quotes (the ones the answer shows)


def letter_from_reply(
    kb: KnowledgeBase, messages: Iterable[Mapping[str, Any]], problem: str = "", day: dt.date | None = None
) -> Letter | None:
    """The letter for the bot's reply (its messages as channels get them): the last answer that
    cites its municipality's text, quoting the first sections it cites. None when the reply
    cites nothing (e.g. it asks which municipality first)."""
    answer = None
    for message in messages:
        custom = message.get("custom") if isinstance(message, Mapping) else None
        if isinstance(custom, Mapping) and custom.get("addressed") and custom.get("municipality"):
            if any(isinstance(c, Mapping) and c.get("section") for c in custom.get("citations") or []):
                answer = custom
    if answer is None:
        return None
    sections = [str(c["section"]) for c in answer["citations"] if isinstance(c, Mapping) and c.get("section")]
    try:
        return compose_letter(kb, str(answer["municipality"]), sections[:LETTER_SECTIONS], problem, day)
    except KnowledgeBaseError:
        return None


def sms_letter(letter: Letter, url: str | None) -> str:
    """The short version for a text message, led by the link where the full letter can be printed
    (so that it is on the first text even when the rest runs to a second)."""
    cited = "; ".join(c.citation for c in letter.sections[:2])
    if len(letter.sections) > 2:
        cited += f" and {len(letter.sections) - 2} more"
    problem = letter.problem.rstrip(".!? ") if letter.problem else "the problem at my home"
    return "\n".join(
        [
            f"Your letter to the landlord, with the code's text, to print: {url}"
            if url
            else "Your letter to the landlord, with the code's text, can be printed from the web chat.",
            f"Short version: Dear {letter.landlord_name or LANDLORD_DEFAULT}, please repair this problem: {problem}. "
            f"The {letter.municipality_name} housing code addresses this in {cited}. {ASK} "
            f"If it is not fixed, I may ask the {letter.office} to look at it.",
            letter.disclaimer,
        ]
    )


# -- recognising a request for a letter ---------------------------------------------------------
def problem_topic(kb: KnowledgeBase, problem: str) -> str | None:
    """The topic a problem's words name first ("mice in the kitchen" → pests, not the kitchen), by
    the topics' keywords (``topic_config`` in knowledge/vocab.yml); the longer word wins a tie."""
    lowered = problem.lower()
    best: tuple[int, int, str] | None = None
    for topic, config in kb.topic_configs().items():
        for word in config.keywords:
            match = re.search(r"(?<![a-z])" + re.escape(word.lower()), lowered)
            if match and (best is None or (match.start(), -len(word)) < best[:2]):
                best = (match.start(), -len(word), topic)
    return best[2] if best else topic_from_text(kb, problem)


def letter_message(kb: KnowledgeBase, problem: str, intents: Iterable[str] | None = None) -> str | None:
    """What to ask the bot for a letter about ``problem``, so that the letter can quote the code:
    the topic the problem's words name, as the bot's own structured message, with the municipality
    when the words name one (``/ask_pests{"municipality": "holland"}``). None when the words name no
    topic (or the bot has no such intent): then the text goes to the bot as typed."""
    topic = problem_topic(kb, problem) if problem else None
    intent = kb.topic_configs()[topic].intent if topic else ""
    if not intent or (intents is not None and intent not in set(intents)):
        return None
    message = f"/{intent}"
    lowered = f" {problem.lower()} "
    for muni in kb.municipalities():
        names = (muni.name, *muni.aliases)
        if any(re.search(r"(?<!\w)" + re.escape(n.lower()) + r"(?!\w)", lowered) for n in names):
            return message + json.dumps({"municipality": muni.key})
    return message


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


@lru_cache(maxsize=1)
def request_phrases(path: Path = LETTER_DATA) -> tuple[str, ...]:
    """The phrases that start a request for a letter (``knowledge/letter.yml``), longest first."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    phrases = {_words(p) for p in data.get("requests") or [] if isinstance(p, str) and _words(p)}
    return tuple(sorted(phrases, key=len, reverse=True))


def letter_request(text: str, phrases: Iterable[str] | None = None) -> str | None:
    """The problem in the tenant's words when ``text`` asks for a letter ("write a letter to my
    landlord about the mice" → "the mice"; "" when it names none), else None."""
    plain = _words(str(text or "")[: MAX_PROBLEM_CHARS * 2])
    plain = re.sub(r"^(?:please|hi|hello|ok|okay|so)\s+", "", plain)
    plain = re.sub(r"\s+please$", "", plain)
    for phrase in phrases if phrases is not None else request_phrases():
        if plain == phrase or plain.startswith(phrase + " "):
            rest = plain[len(phrase) :].strip()
            # Keep the tenant's own spelling and punctuation for the problem: the tail of the text.
            if not rest:
                return ""
            tail = str(text).strip().rstrip("?!. ")
            lowered, at = tail.lower(), 0
            for word in phrase.split():
                found = lowered.find(word, at)
                at = found + len(word) if found >= 0 else at
            at = lowered.find(rest.split()[0], at)
            return _clean(tail[at:] if at >= 0 else rest, MAX_PROBLEM_CHARS)
    return None
