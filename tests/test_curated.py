"""The curated files against their sources: verbatim texts, stated numbers, decisive phrases."""

from __future__ import annotations

import pytest
from conftest import ROOT

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


def test_every_data_file_is_curated_in_the_order_its_header_gives(validated):
    files, _ = validated
    keys = [f["municipality"]["key"] for f in files]
    assert sorted(keys) == sorted(p.stem for p in curated.DATA_DIR.glob("*.yml"))
    assert [f["municipality"]["order"] for f in files] == sorted(f["municipality"]["order"] for f in files)


def _header_problems(data: dict, **changes) -> list[str]:
    muni = {**data["municipality"], **changes}
    muni = {k: v for k, v in muni.items() if v is not None}
    source = curated.read_source(muni)
    problems = curated.validate({**data, "municipality": muni}, source, curated.load_vocab())
    return [p.message for p in problems if p.level == "error"]


def test_the_header_fields_that_replace_code_are_checked():
    holland = curated.load_file(curated.DATA_DIR / "holland.yml")
    dresser = curated.load_file(curated.DATA_DIR / "dresser.yml")
    assert _header_problems(holland) == [] and _header_problems(dresser) == []
    (missing,) = _header_problems(holland, section_prefix=None)
    assert "section_prefix is missing" in missing and "'§ 190-" in missing
    assert any("does not start with the chapter" in m for m in _header_problems(holland, section_prefix="19-"))
    assert any('"-" or "."' in m for m in _header_problems(holland, section_prefix="190"))
    (not_printed,) = _header_problems(dresser, section_prefix="19-")
    assert "no section has a printed number" in not_printed
    assert any("positive whole number" in m for m in _header_problems(holland, order=0))
    assert any("positive whole number" in m for m in _header_problems(holland, order="first"))
    assert any("common_word must be true or false" in m for m in _header_problems(dresser, common_word="yes"))
    assert any("unknown field 'comon_word'" in m for m in _header_problems(dresser, comon_word=True))


def test_two_files_with_one_order_are_caught(tmp_path):
    import shutil

    for key in ("holland", "howard"):
        shutil.copy(curated.DATA_DIR / f"{key}.yml", tmp_path / f"{key}.yml")
    text = (tmp_path / "howard.yml").read_text(encoding="utf-8").replace("  order: 2\n", "  order: 1\n", 1)
    (tmp_path / "howard.yml").write_text(text, encoding="utf-8")
    _, problems = curated.validate_all(["holland", "howard"], data_dir=tmp_path)
    assert [str(p) for p in problems if p.level == "error"] == [
        "error: howard: municipality: order 1 is also holland's: give each file its own"
    ]


def test_a_covered_name_read_as_a_common_word_is_set_in_its_data_file_not_in_places():
    places = {**curated.load_places(), "covered": {"dresser": {"common_word": True}}}
    munis = [f["municipality"] for f in curated.validate_all(["dresser"])[0]]
    (problem,) = curated.validate_places(places, munis)
    assert "common_word: true" in problem.message and "knowledge/data/dresser.yml" in problem.message


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


def test_no_vocabulary_or_ordinance_file_gives_a_key_twice(tmp_path):
    # YAML keeps the last of two equal keys: an earlier synonym ("took it down") would silently stop counting
    from knowledge.text_checks import repeated_keys

    files = sorted((ROOT / "knowledge").glob("*.yml")) + sorted((ROOT / "knowledge" / "data").glob("*.yml"))
    assert len(files) >= 10
    assert {str(f.relative_to(ROOT)): repeated_keys(f) for f in files if repeated_keys(f)} == {}
    twice = tmp_path / "twice.yml"
    twice.write_text("synonyms:\n  tape: [posted]\n  other: [x]\n  tape: [taped]\n", encoding="utf-8")
    assert repeated_keys(twice) == ["line 2 and 4: 'tape'"]
