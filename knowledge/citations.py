"""Citations: tolerant normalisation for lookup, and how a citation is shown to users.

Users write "190-9", "§190-9(B)", "sec. 190-9 b", "12.07 1 a" or "12.07(1)(a)"; all of
them normalise to the same key as the stored citation. What users are shown follows the
rule of law in ``knowledge/SCHEMA.md``: a stated or cross-referenced citation as itself, an
inferred one as its stated parent plus a plain label, never the inferred letter alone.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

_LEADING = re.compile(r"^\s*(?:§+|ss?\.|sec(?:tion|\.)?|s\.)\s*", re.IGNORECASE)
_TOKENS = re.compile(r"\d+|[a-z]+")


def normalize(citation: str) -> str:
    """The lookup key of a citation: lower-case number and letter groups joined by '-'.

    >>> normalize("§ 190-9(B)") == normalize("190-9b") == "190-9-b"
    True
    >>> normalize("12.07 1 a") == normalize("12.07(1)(a)")
    True
    """
    text = _LEADING.sub("", str(citation).lower().replace("§", " "))
    return "-".join(_TOKENS.findall(text))


def looks_like_citation(text: str) -> bool:
    """Whether a user's text is a section number (e.g. "190-9B", "12.07(1)", "§ 258-18")."""
    return bool(
        re.fullmatch(r"\s*(?:§+\s*|sec(?:tion|\.)?\s*)?\d+[.-]\d+\s*(?:\(?[0-9a-z]{1,3}\)?\s*){0,4}", text, re.I)
    )


_FIND = re.compile(
    r"(?:§+\s*|\bsec(?:tion|\.)?\s*)?\b(\d{1,3}[.-]\d{1,3}(?:\s*\(?[0-9]{1,2}\)?|\s*\(?[a-z]\)?(?![a-z]))*)",
    re.IGNORECASE,
)


def find_citation(text: str) -> str | None:
    """The first section number in a user's message ("show me 190-9B please" → "190-9B")."""
    match = _FIND.search(text)
    return match.group(1).strip() if match else None


def display_citation(row: Mapping[str, Any], by_citation: Mapping[str, Mapping[str, Any]]) -> str:
    """The citation as the bot shows it (without the code's name)."""
    basis = row.get("basis")
    citation = str(row["citation"])
    if basis in ("stated", "cross_reference"):
        return citation
    label = row.get("label") or ""
    parent = row.get("parent")
    if basis == "inferred" and parent and parent in by_citation:
        parent_display = display_citation(by_citation[parent], by_citation)
        return f"{parent_display}, {label}" if label else parent_display
    if basis == "inferred":
        return label or citation
    return citation


def with_prefix(prefix: str, display: str) -> str:
    """Join the code's name and a displayed citation: "Town of Holland Code § 190-10"."""
    if display[:1] in "§0123456789":
        return f"{prefix} {display}"
    return f"{prefix}, {display}"
