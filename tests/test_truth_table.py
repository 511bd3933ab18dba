"""The truth tables: who carries each duty in each municipality, through the REST channel.

``tests/truth_tables/<key>.yml`` was written by a reader who saw only the five ordinance texts
(never the knowledge base): per duty and case, the party, the quote that decides it, and a user's
message (``one_message``) and the same question in two turns (``turns``). Every row is run both
ways against the trained bot, and the party must be in the first sentence of the answer:

- owner / operator / occupant (or "tenant") / owner_or_operator: the first party named;
- owner_and_occupant: both named, with no "depends";
- undecided: the first sentence says it depends, and the answer asks one question;
- silent: the first sentence says the text does not say who, and the answer names the officer.

A row the project judges wrong is marked ``disputed: "<reason, with the quote>"`` and skipped
with that reason (the expected value is never edited).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from conftest import rest

pytestmark = pytest.mark.rasa

TABLES = Path(__file__).parent / "truth_tables"
# Runs that still fail, each with its reason (reported as xfail; see the file)
OPEN = yaml.safe_load((Path(__file__).parent / "truth_table_open.yml").read_text(encoding="utf-8"))["runs"]
PARTY_WORDS = (  # longest first: "the owner or operator" is not "the owner"
    ("owner_or_operator", r"owners? or operators?"),
    ("operator", r"(?:the|an?|rooming house) operators?"),
    ("occupant", r"occupants?|tenants?|roomers?"),
    ("owner", r"owners?|landlords?"),
)
OFFICERS = {
    "holland": "Building Inspector",
    "howard": "Building Inspector",
    "amery": "Building Inspector",
    "dresser": "Health Officer",
    "muskego": "Building Inspector",
}


def rows() -> list:
    found = []
    for path in sorted(TABLES.glob("*.yml")):
        table = yaml.safe_load(path.read_text(encoding="utf-8"))
        for row in table["rows"]:
            for mode in ("one_message", "turns"):
                run = f"{table['municipality']}-{row['duty']}-{row['case']}-{mode}"
                marks = [pytest.mark.skip(reason=row["disputed"])] if row.get("disputed") else []
                if run in OPEN:
                    marks.append(pytest.mark.xfail(reason=OPEN[run], strict=False))
                found.append(
                    pytest.param(
                        table["municipality"],
                        row,
                        mode,
                        id=run,
                        marks=marks,
                    )
                )
    return found


def first_sentence(text: str) -> str:
    line = text.strip().split("\n", 1)[0]
    return re.split(r"(?<=[.?!])\s+(?=[A-Z])", line, maxsplit=1)[0]


def parties_named(sentence: str) -> list[str]:
    """The parties a sentence names, in order of first mention."""
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for party, pattern in PARTY_WORDS:
        for match in re.finditer(r"\b(?:" + pattern + r")\b", sentence, re.IGNORECASE):
            if not any(a <= match.start() < b for a, b in taken):
                found.append((match.start(), party))
                taken.append((match.start(), match.end()))
    return [party for _, party in sorted(found)]


def questions(text: str) -> int:
    """How many questions an answer asks (quotes and the disclaimer aside)."""
    asked = [line for line in text.split("\n") if not line.startswith(("Source:", '"'))]
    return sum(line.count("?") for line in asked)


def answer_text(messages: list[dict]) -> str:
    texts = [m["text"] for m in messages if m.get("text")]
    assert texts, "the bot said nothing"
    return texts[0]


def check(municipality: str, row: dict, text: str) -> None:
    sentence = first_sentence(text)
    named = parties_named(sentence)
    expected = row["party"]
    where = f"{row['party']} expected ({row['note']})\nanswer:\n{text}"
    if expected in ("owner", "operator", "occupant", "owner_or_operator"):
        assert "depends" not in sentence and "does not" not in sentence, where
        assert named and named[0] == expected, where
    elif expected == "owner_and_occupant":
        assert "depends" not in sentence, where
        assert "occupant" in named and ({"owner", "owner_or_operator"} & set(named)), where
    elif expected == "undecided":
        assert "depends" in sentence, where
        assert questions(text) == 1, where
    elif expected == "silent":
        assert re.search(r"does not (?:say who|address|name who)", sentence), where
        assert OFFICERS[municipality] in text, where
    else:  # pragma: no cover - a table with a party the test does not know
        pytest.fail(f"unknown party {expected!r}")


@pytest.mark.parametrize("municipality, row, mode", rows())
def test_truth_table_row(servers, municipality, row, mode):
    sender = f"truth-{municipality}-{row['duty']}-{row['case']}-{mode}"
    if mode == "one_message":
        text = answer_text(rest(servers, sender, row["one_message"]))
    else:
        first, second = row["turns"]
        rest(servers, sender, first)
        text = answer_text(rest(servers, sender, second))
    check(municipality, row, text)


def test_the_tables_cover_every_municipality_duty_and_case():
    duties = {
        "exterminate",
        "supply_garbage_containers",
        "supply_rubbish_containers",
        "dispose_garbage_rubbish",
        "cleanliness",
        "access_for_repairs",
        "utilities",
    }
    cases = {
        "single_family",
        "duplex",
        "four_units_one_infested",
        "four_units_two_infested",
        "common_areas",
        "vacant_unit",
        "rooming_house",
        "lease_moves_duty",
    }
    for key in OFFICERS:
        table = yaml.safe_load((TABLES / f"{key}.yml").read_text(encoding="utf-8"))
        assert table["municipality"] == key
        assert {(r["duty"], r["case"]) for r in table["rows"]} == {(d, c) for d in duties for c in cases}
        for row in table["rows"]:
            assert row["party"] in (
                "owner",
                "operator",
                "occupant",
                "owner_or_operator",
                "owner_and_occupant",
                "undecided",
                "silent",
            )
            assert isinstance(row["one_message"], str) and len(row["turns"]) == 2


def test_every_open_run_is_a_run_of_the_tables():
    ids = {param.id for param in rows()}
    assert set(OPEN) <= ids, f"open runs not in the tables: {sorted(set(OPEN) - ids)}"
