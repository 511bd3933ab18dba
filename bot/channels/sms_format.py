"""Turn the bot's replies into SMS: plain GSM-7 text, compact citations, numbered options, pages.

Pure functions, no Rasa, Sanic or network code; the SMS channel (``bot/channels/sms.py``) uses
them. What an SMS costs depends on its encoding: a message whose every character is in the
GSM 03.38 alphabet goes as GSM-7 (160 characters in one segment, 153 per part when it is
split; the extension characters ``^{}\\[~]|€`` count twice); any other character makes the
whole message UCS-2 (70 characters, 67 per part). So typography the alphabet lacks (curly
quotes, dashes, the ellipsis, the degree sign, non-breaking spaces) is replaced by plain
equivalents. "§" is kept: it *is* in the GSM-7 alphabet, and it is how citations read.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM7_EXTENDED = frozenset("^{}\\[~]|€\f")

MAX_MESSAGE_CHARS = 1600  # the longest body Twilio accepts for one message
SINGLE_SEGMENT = {"GSM-7": 160, "UCS-2": 70}
SEGMENT_PART = {"GSM-7": 153, "UCS-2": 67}
QUOTE_CHARS = 100  # how much of a verbatim quote an SMS citation carries
MORE_FOOTER = "Reply MORE for the rest"

_TYPOGRAPHY = str.maketrans(
    {
        **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u00b4", "'"),
        **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'),
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"),
        **dict.fromkeys("\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000\t", " "),
        **dict.fromkeys("\u200b\u200c\u200d\u2060\ufeff\u00ad", ""),
        "\u2026": "...",
        "\u2022": "-",
        "\u00b7": "-",
        "\u00d7": "x",
        "\u00bd": "1/2",
        "\u00bc": "1/4",
        "\u00be": "3/4",
        "\u00a9": "(c)",
        "\u00ae": "(R)",
        "\u2122": "(TM)",
        "\u2264": "<=",
        "\u2265": ">=",
        "\u2260": "!=",
        "\u2248": "~",
        "\u2192": "->",
    }
)
_DEGREES_SCALE = re.compile(r"\s*°\s*([FC])\b")
_DEGREES = re.compile(r"\s*°")


@dataclass
class Reply:
    """One bot turn, ready for SMS: the whole text and the button payloads its numbers stand for."""

    text: str
    options: list[str] = field(default_factory=list)
    first: str | None = None  # what the first page must hold on its own (a verdict), when there is one
    # the reply without that first-page digest: sent instead when it fits one page (no verdict said twice)
    whole: str | None = None

    def pages(self, max_segments: int) -> list[str]:
        """The pages to send: the reply on one page when it fits one (without the first-page digest),
        else the digest first and the rest after "MORE"."""
        if self.whole and fits(self.whole, max_segments):
            return [self.whole]
        return paginate(self.text, max_segments, self.first)


# -- encoding and segments -------------------------------------------------------------


def is_gsm7(text: str) -> bool:
    """Whether every character of ``text`` is in the GSM-7 alphabet (basic or extension)."""
    return all(ch in GSM7_BASIC or ch in GSM7_EXTENDED for ch in text)


def encoding(text: str) -> str:
    """ "GSM-7" or "UCS-2": how an SMS carrying ``text`` is encoded."""
    return "GSM-7" if is_gsm7(text) else "UCS-2"


def units(text: str) -> int:
    """The length that counts for segments: GSM-7 septets, or UTF-16 code units for UCS-2."""
    if is_gsm7(text):
        return sum(2 if ch in GSM7_EXTENDED else 1 for ch in text)
    return len(text.encode("utf-16-le")) // 2


def segments(text: str) -> int:
    """How many SMS segments ``text`` takes (0 for no text)."""
    if not text:
        return 0
    kind, length = encoding(text), units(text)
    if length <= SINGLE_SEGMENT[kind]:
        return 1
    return math.ceil(length / SEGMENT_PART[kind])


def fits(text: str, max_segments: int) -> bool:
    """Whether ``text`` goes as one Twilio message of at most ``max_segments`` segments."""
    return len(text) <= MAX_MESSAGE_CHARS and segments(text) <= max_segments


# -- plain text ------------------------------------------------------------------------


def _plain_char(ch: str) -> str:
    """A GSM-7 stand-in for ``ch`` (its letters without accents), or ``ch`` itself if there is none."""
    if ch in GSM7_BASIC or ch in GSM7_EXTENDED:
        return ch
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base if base and is_gsm7(base) else ch


def normalise(text: str) -> str:
    """Replace typography GSM-7 lacks by plain equivalents; keep what has no equivalent (e.g. emoji)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _DEGREES_SCALE.sub(r" degrees \1", text)
    text = _DEGREES.sub(" degrees", text)
    text = text.translate(_TYPOGRAPHY)
    return "".join(_plain_char(ch) for ch in text)


def strip_markdown(text: str) -> str:
    """Plain text from light markdown: links, bold, italics, code, headings, bullets, quotes."""
    text = re.sub(r"\[([^\]\n]+)\]\(((?:https?|mailto|tel):[^)\s]+)\)", r"\1 (\2)", text)
    text = re.sub(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1", r"\2", text)
    text = re.sub(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])", r"\1", text)
    text = re.sub(r"`+([^`\n]*)`+", r"\1", text)
    text = re.sub(r"^[ \t]*#{1,6}[ \t]+", "", text, flags=re.M)
    text = re.sub(r"^[ \t]*[*+][ \t]+", "- ", text, flags=re.M)
    return re.sub(r"^[ \t]*>[ \t]?", "", text, flags=re.M)


def tidy(text: str) -> str:
    """Collapse runs of spaces, trim every line, and allow at most one blank line in a row."""
    lines = [re.sub(r"[ ]{2,}", " ", line).strip() for line in text.split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


# -- citations -------------------------------------------------------------------------


def shorten_quote(quote: str, limit: int = QUOTE_CHARS) -> str:
    """The start of a verbatim quote, cut at a word boundary and marked "..." if it was cut."""
    quote = " ".join(quote.split())
    if quote.endswith("…"):
        quote = quote[:-1].rstrip()
    if len(quote) <= limit:
        return quote
    cut = quote[: limit + 1].rsplit(" ", 1)[0] if " " in quote[: limit + 1] else quote[:limit]
    return cut.rstrip(",;:.-") + "..."


def compact_citation(citation: str, quote: str, limit: int = QUOTE_CHARS) -> str:
    """``[Town of Holland Code § 190-10, extermination paragraph] "Every occupant of ..."``."""
    short = shorten_quote(quote, limit)
    return f'[{citation}] "{short}"' if short else f"[{citation}]"


# -- options and whole replies ---------------------------------------------------------


def numbered_options(titles: Sequence[str]) -> str:
    """``Reply 1 for Town of Holland, 2 for Town of Howard or 3 for City of Amery.``"""
    parts = [f"{number} for {title}" for number, title in enumerate(titles, 1)]
    if not parts:
        return ""
    if len(parts) == 1:
        return f"Reply {parts[0]}."
    return "Reply " + ", ".join(parts[:-1]) + " or " + parts[-1] + "."


def _parts_of(messages: Sequence[Mapping[str, Any]], index: int) -> list[Mapping[str, Any]] | None:
    """The parts of message ``index``'s answer: in its own payload, or in the payload message that follows
    it (Rasa sends an answer's text and its payload as two messages). None: a text with no parts."""
    for candidate in (messages[index], messages[index + 1] if index + 1 < len(messages) else None):
        if candidate is None or (candidate is not messages[index] and candidate.get("text")):
            continue
        custom = candidate.get("custom")
        found = custom.get("parts") if isinstance(custom, Mapping) else None
        if isinstance(found, list) and all(isinstance(p, Mapping) and isinstance(p.get("text"), str) for p in found):
            return found
    return None


def _part_text(part: Mapping[str, Any], limit: int) -> str:
    """One part of an answer as SMS says it: a citation in compact form, anything else as it reads."""
    if part.get("kind") == "source" and isinstance(part.get("citation"), str):
        quote = part.get("quote") if isinstance(part.get("quote"), str) else ""
        return compact_citation(part["citation"], quote, limit)
    return str(part["text"])


def render(messages: Iterable[Mapping[str, Any]], quote_limit: int = QUOTE_CHARS) -> Reply:
    """One SMS-ready reply from the bot's messages (Rasa's collected output for one turn).

    An answer is rendered from its payload's ``parts`` (``knowledge.answer_parts``): citations in
    compact form, the verdict's first page from the payload's ``verdict``. A text without parts
    (a form's question, a greeting) is sent as it is.
    """
    messages = [m for m in messages if isinstance(m, Mapping)]
    parts: list[str] = []
    titles: list[str] = []
    payloads: list[str] = []
    first: str | None = None
    whole_answer: str | None = None  # the verdict's answer in full, said once (for a reply that fits one page)
    digest_parts = 0
    for index, message in enumerate(messages):
        found = _parts_of(messages, index) if isinstance(message.get("text"), str) else None
        if found is not None:
            verdict = _verdict_of(messages, index)
            verdict_first = _verdict_first(found, verdict) if first is None and not parts and verdict else None
            if verdict_first is not None:
                whole_answer = "\n".join(_part_text(p, quote_limit) for p in found)
                first, found = verdict_first
                parts.append(first)
                digest_parts = 1 + bool(found)  # the digest, then the rest of that answer
            if found:
                parts.append("\n".join(_part_text(p, quote_limit) for p in found))
        elif isinstance(message.get("text"), str) and message["text"].strip():
            parts.append(message["text"])
        for key in ("image", "attachment"):
            if isinstance(message.get(key), str) and message[key].strip():
                parts.append(message[key])
        for button in message.get("buttons") or []:
            if not isinstance(button, Mapping):
                continue
            title, payload = button.get("title"), button.get("payload") or button.get("url")
            if not isinstance(title, str) or not isinstance(payload, str) or not payload:
                continue
            if payload.startswith(("http://", "https://")):
                parts.append(f"{title}: {payload}")
            else:
                titles.append(" ".join(strip_markdown(title).split()))
                payloads.append(payload)
    text = strip_markdown("\n".join(parts))
    whole = None
    if first is not None and whole_answer is not None:
        whole = strip_markdown("\n".join([whole_answer, *parts[digest_parts:]]))
    if titles:
        text += "\n" + numbered_options(titles)
        whole = whole + "\n" + numbered_options(titles) if whole is not None else None
    return Reply(
        tidy(normalise(text)),
        payloads,
        tidy(normalise(first)) if first else None,
        tidy(normalise(whole)) if whole is not None else None,
    )


def _verdict_of(messages: Sequence[Mapping[str, Any]], index: int) -> Mapping[str, Any] | None:
    """The ``verdict`` of the payload that goes with message ``index`` (its own or the next message's)."""
    for candidate in messages[index : index + 2]:
        custom = candidate.get("custom")
        if isinstance(custom, Mapping) and isinstance(custom.get("verdict"), Mapping):
            return custom["verdict"]
        if candidate is not messages[index]:
            break
    return None


def _verdict_first(
    found: Sequence[Mapping[str, Any]], verdict: Mapping[str, Any]
) -> tuple[str, list[Mapping[str, Any]]] | None:
    """(first page, the parts for the rest) of a "who has to do it?" answer, from its payload's verdict.

    The first page carries the verdict in a few words, its one exception line (or, when the
    facts do not decide, the one question) and the citation; the rest is the answer in full
    words, the exception when the first page did not carry it, the quotes and what else the
    message says.
    """
    short = verdict.get("short")
    if not found or found[0].get("kind") != "lead" or not isinstance(short, str) or not short:
        return None
    undecided = verdict.get("kind") == "undecided"
    second = verdict.get("question") if undecided else verdict.get("short_unless")
    second = f"To say for sure: {second}" if second and undecided else second
    first = "\n".join(x for x in (short, second, verdict.get("short_citation")) if isinstance(x, str) and x)
    said = {"question"} if undecided and second else {"unless"} if second else set()
    return first, [p for p in found if p.get("kind") not in said]


# -- pages -----------------------------------------------------------------------------

# Where a page may end: (separator, characters of it kept on the page, penalty). The break
# chosen maximises its position minus penalty x the page's room, so a line or sentence end wins
# unless it leaves much more of the page empty than a clause or word end would. Breaking inside
# a "quote" costs QUOTE_PENALTY more.
_BREAKS: tuple[tuple[str, int, float], ...] = (
    ("\n", 1, 0.0),
    (". ", 1, 0.1),
    ("? ", 1, 0.1),
    ("! ", 1, 0.1),
    ("; ", 1, 0.2),
    (": ", 1, 0.2),
    (", ", 1, 0.3),
    (" ", 0, 0.55),
)
QUOTE_PENALTY = 0.3


def _footer(number: int, total: int) -> str:
    return f"\n({number}/{total}) {MORE_FOOTER}"


def _longest_prefix(text: str, reserve: str, max_segments: int) -> int:
    """The largest ``n`` such that ``text[:n] + reserve`` fits (at least 1)."""
    low, high = 1, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if fits(text[:middle] + reserve, max_segments):
            low = middle
        else:
            high = middle - 1
    return low


def _cut(text: str, limit: int) -> int:
    """Where to end a page of at most ``limit`` characters: a line, sentence, clause or word end."""
    best, best_score = limit, -float(limit)  # a hard cut, the last resort
    inside_quote = False
    for index in range(1, limit):
        if text[index - 1] == '"':
            inside_quote = not inside_quote
        for separator, keep, penalty in _BREAKS:
            if text.startswith(separator, index):
                score = index - (penalty + (QUOTE_PENALTY if inside_quote else 0.0)) * limit
                if score > best_score:
                    best, best_score = index + keep, score
                break
    return best


def paginate(text: str, max_segments: int = 2, first: str | None = None) -> list[str]:
    """Split ``text`` into messages of at most ``max_segments`` segments and 1,600 characters.

    Every page but the last ends with "(n/N) Reply MORE for the rest"; the pages, without those
    footers, carry the whole text. When ``text`` starts with ``first`` and that fits a page,
    the first page is exactly ``first`` (a verdict that must be read before the rest).
    """
    text = text.strip()
    if not text:
        return []
    if fits(text, max_segments):
        return [text]
    digits = len(str(len(text)))
    reserve = _footer(int("9" * digits), int("9" * digits))
    if not fits("x" + reserve, max_segments):
        raise ValueError(f"{max_segments} segment(s) leave no room for a page")
    pages: list[str] = []
    first = (first or "").strip()
    if first and text.startswith(first) and len(text) > len(first) and fits(first + reserve, max_segments):
        pages.append(first)
        text = text[len(first) :].strip()
    while text:
        if pages and fits(text, max_segments):
            pages.append(text)
            break
        end = _cut(text, _longest_prefix(text, reserve, max_segments))
        pages.append(text[:end].rstrip())
        text = text[end:].strip()
    total = len(pages)
    return [page + _footer(n, total) if n < total else page for n, page in enumerate(pages, 1)]


def strip_footer(page: str) -> str:
    """A page without its "(n/N) Reply MORE for the rest" footer."""
    return re.sub(r"\n\(\d+/\d+\) " + re.escape(MORE_FOOTER) + r"$", "", page)
