"""The text of an ordinance cut into blocks (for ``knowledge draft``), and the crude word stems it matches by.

A block starts at every printed section number (``§ 190-3``, ``12.01 TITLE``), enumerator (``A.``,
``(1)``, ``(a)``), ALL-CAPS line and blank line; :mod:`knowledge.draft` turns blocks into sections.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# -- lines and blocks ------------------------------------------------------------------------------
_SECTION = re.compile(r"^(§\s*\d+[-.]\d+(?:\.\d+)?[A-Z]?)\.?\s+(\S.*)$")
_DECIMAL = re.compile(r"^(\d{1,3}\.\d{1,3})\s+([A-Z][A-Z0-9 ,;:&'()/-]{2,})$")
_PAREN = re.compile(r"^\(([0-9]{1,2}|[a-z]|[ivx]{1,4})\)\s*(.*)$")
_LETTER = re.compile(r"^([A-Z])\.\s+(\S.*)$")
_CAPS = re.compile(r"^[A-Z][A-Z0-9 ,;:&'()/.-]{1,79}$")
_STOP = set(
    "the a an and or of to in on for by with any every each all such this that than which who shall be is are "
    "as at from its it their there these those other not no per more less least most within upon into "
    "used use being been have has had may must also said same thereof therein where when whether".split()
)


@dataclass
class Block:
    """A run of lines that starts a unit of the text: its kind, marker and lines."""

    kind: str  # section | decimal | paren | letter | caps | para
    line: int  # 1-based line of its first line
    lines: list[str]
    marker: str = ""  # the printed number, enumerator or heading
    rest: str = ""  # the first line after the marker

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def _start(line: str) -> tuple[str, str, str] | None:
    """(kind, marker, rest) when ``line`` starts a new unit, else None."""
    stripped = line.strip()
    for kind, pattern in (("section", _SECTION), ("decimal", _DECIMAL), ("paren", _PAREN), ("letter", _LETTER)):
        match = pattern.match(stripped)
        if match:
            return kind, match.group(1), match.group(2)
    if _CAPS.match(stripped) and sum(c.isalpha() for c in stripped) >= 3 and not stripped.startswith("["):
        return "caps", stripped, ""
    return None


def blocks(raw: str) -> list[Block]:
    """Cut the text into blocks at every printed number, enumerator, ALL-CAPS line and blank line."""
    out: list[Block] = []
    current: Block | None = None
    lines = raw.split("\n")
    lengths = sorted(len(x.strip()) for x in lines if x.strip())
    width = lengths[int(len(lengths) * 0.8)] if lengths else 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            current = None
            continue
        start = _start(line)
        if current is not None and not start and width >= 50:
            # hard-wrapped text: a short line ending a sentence, then a capital, starts a new paragraph
            last = current.lines[-1].strip()
            if last.endswith((".", ":", '."')) and len(last) < 0.75 * width and line.strip()[:1].isupper():
                current = None
        if start or current is None or current.kind == "caps":
            kind, marker, rest = start or ("para", "", line.strip())
            current = Block(kind, number, [line], marker, rest)
            out.append(current)
        else:
            current.lines.append(line)
    return out


# -- words ----------------------------------------------------------------------------------------
def stems(text: str) -> set[str]:
    """Crude stems (first five letters) of the content words of ``text``."""
    words = re.findall(r"[a-z]+", text.lower().replace("_", " "))
    return {w[:5] for w in words if len(w) > 2 and w not in _STOP}
