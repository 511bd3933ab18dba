"""The curated files against their sources: verbatim texts, stated numbers, decisive phrases."""

from __future__ import annotations

import pytest

from knowledge import curated


@pytest.fixture(scope="module")
def validated():
    return curated.validate_all()


def test_every_text_quote_number_and_rule_checks_out(validated):
    _, problems = validated
    errors = [str(p) for p in problems if p.level == "error"]
    assert errors == []


def test_all_of_every_source_is_covered(validated):
    _, problems = validated
    assert [str(p) for p in problems if p.level == "warning"] == []


def test_all_five_municipalities_are_curated(validated):
    files, _ = validated
    assert [f["municipality"]["key"] for f in files] == list(curated.MUNICIPALITY_ORDER)


def test_sources_are_the_shipped_copies_unchanged():
    shared = curated.PACKAGE_DIR.parent.parent / "shared" / "seeds"
    if not shared.exists():
        pytest.skip("no ../shared/seeds beside this checkout")
    for path in sorted(shared.glob("*.txt")):
        assert (curated.SOURCES_DIR / path.name).read_bytes() == path.read_bytes()


def test_a_changed_word_is_caught():
    data = curated.load_file(curated.DATA_DIR / "holland.yml")
    source = curated.read_source(data["municipality"])
    row = next(r for r in data["sections"] if r["citation"] == "§ 190-10E")
    row["text"] = row["text"].replace("occupant", "owner", 1)
    problems = curated.validate(data, source, curated.load_vocab())
    assert any("§ 190-10E" in p.where and "verbatim" in p.message for p in problems)


def test_a_wrong_number_is_caught():
    data = curated.load_file(curated.DATA_DIR / "muskego.yml")
    source = curated.read_source(data["municipality"])
    standard = next(s for s in data["standards"] if s["key"] == "sleeping_room_one_occupant")
    standard["value"] = standard["value"] + 10
    problems = curated.validate(data, source, curated.load_vocab())
    assert any("sleeping_room_one_occupant" in p.where and "is not what" in p.message for p in problems)


def test_an_internal_key_in_text_users_see_is_caught():
    data = curated.load_file(curated.DATA_DIR / "amery.yml")
    source = curated.read_source(data["municipality"])
    standard = next(s for s in data["standards"] if s["key"] == "ceiling_height_min_ft")
    standard["conditions"] = (standard.get("conditions") or "") + " (see ceiling_share_of_floor)"
    problems = curated.validate(data, source, curated.load_vocab())
    assert any("ceiling_height_min_ft" in p.where and "not by key" in p.message for p in problems)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("seventy square feet", 70),
        ("1/2", 0.5),
        ("one-half", 0.5),
        ("seven feet six inches", 7.5),
        ("two feet six inches", 30),
        ("minus 20°", -20),
        ("1,000 square feet", 1000),
        ("one hundred fifty", 150),
        ("once each week", 1),
    ],
)
def test_numbers_are_read_the_way_ordinances_write_them(text, value):
    assert value in curated.numbers_in(text)
