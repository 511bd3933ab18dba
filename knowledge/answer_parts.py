"""An answer's text as data: its parts in order, for channels to render without reading the words.

The assistant's answer is one text (what the REST channel and the tracker store keep) and a
payload. The lines of the text that channels treat specially are written here and nowhere
else: the citation line (:func:`source_line`), the hint that more sections can be quoted
(:func:`more_line`) and the one question that would settle a verdict (:func:`ask_line`).
:func:`parts` gives the same text back as an ordered list of parts, each with the exact
``text`` it reads as (so joining them with newlines gives the text again):

- ``{"kind": "lead"}``, ``{"kind": "unless"}``, ``{"kind": "question"}``: a "who has to do it?"
  verdict's lead, its exception line and its question (the payload's ``verdict``);
- ``{"kind": "source", "citation": …, "quote": …}``: a citation and the verbatim quote as shown
  (shortened with "…" where long; the full text is in the payload's ``citations``);
- ``{"kind": "more"}``: 'say "quote the section"' for the sections not quoted (chat only);
- ``{"kind": "words"}``: everything else.

``actions.common.send`` puts them in the payload channels receive (``parts``); the SMS, web chat
and clerk desk render from them, never from the words of the text.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

SOURCE_PREFIX = "Source: "
ASK_PREFIX = "To say for sure: "
_MORE = re.compile(r'^\(and \d+ more: say "quote the section"')
_SOURCE = re.compile(r'^Source: (?P<citation>.+?): "(?P<quote>.*)"$')


def source_line(citation: str, quote: str) -> str:
    """``Source: <citation>: "<quote>"``: how an answer cites a section (the quote already shortened)."""
    return f'{SOURCE_PREFIX}{citation}: "{quote}"'


def more_line(count: int) -> str:
    """The hint that ``count`` more sections are cited but not quoted."""
    return f'(and {count} more: say "quote the section" for the full text)'


def ask_line(question: str) -> str:
    """The one question that would settle a verdict."""
    return ASK_PREFIX + question


def _verdict_lines(payload: Mapping[str, Any]) -> list[tuple[str, str]]:
    verdict = payload.get("verdict")
    if not isinstance(verdict, Mapping):
        return []
    known = [("lead", verdict.get("lead")), ("unless", verdict.get("unless"))]
    if isinstance(verdict.get("question"), str) and verdict["question"]:
        known.append(("question", ask_line(verdict["question"])))
    return [(kind, text) for kind, text in known if isinstance(text, str) and text]


def _source(line: str, citations: Sequence[str]) -> dict[str, Any] | None:
    if not line.startswith(SOURCE_PREFIX) or not line.endswith('"'):
        return None
    for citation in citations:  # the payload's own citations first (a citation may hold ': "')
        head = f'{SOURCE_PREFIX}{citation}: "'
        if line.startswith(head):
            return {"kind": "source", "text": line, "citation": citation, "quote": line[len(head) : -1]}
    match = _SOURCE.match(line)
    return {"kind": "source", "text": line, **match.groupdict()} if match else None


def parts(text: str, payload: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The text of an answer (see ``source_line`` and co.) as ordered parts; ``payload`` names its verdict lines."""
    payload = payload if isinstance(payload, Mapping) else {}
    cited = [c.get("citation") for c in payload.get("citations") or [] if isinstance(c, Mapping)]
    citations = sorted({c for c in cited if isinstance(c, str) and c}, key=len, reverse=True)
    special = _verdict_lines(payload)
    lines = text.split("\n")
    found: list[dict[str, Any]] = []
    index = 0
    while index < len(lines):
        rest = "\n".join(lines[index:])
        for kind, known in special:
            if rest == known or rest.startswith(known + "\n"):
                found.append({"kind": kind, "text": known})
                index += known.count("\n") + 1
                break
        else:
            line = lines[index]
            part = _source(line, citations)
            if part is None:
                part = {"kind": "more" if _MORE.match(line) else "words", "text": line}
            found.append(part)
            index += 1
    return found


def text_of(found: Sequence[Mapping[str, Any]]) -> str:
    """The text the parts read as (the answer's text)."""
    return "\n".join(str(p.get("text", "")) for p in found)


def words(found: Sequence[Mapping[str, Any]], drop: Sequence[str] = ("source", "more")) -> str:
    """The answer in words alone: by default no citation lines and no hint to ask for more (the desk shows
    every section in full)."""
    return "\n".join(str(p.get("text", "")) for p in found if p.get("kind") not in drop)


def channel_payload(text: str, payload: Mapping[str, Any]) -> dict[str, Any]:
    """The payload channels receive with the answer's ``text``: the answer's own, plus its ``parts``."""
    return {**payload, "parts": parts(text, payload)}
