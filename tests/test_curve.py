"""The cost curve's synthetic knowledge bases: renamed copies of the five codes that build and are told apart."""

from __future__ import annotations

import yaml

from bench import curve
from knowledge import curated
from knowledge.nlp import typos


def test_place_names_are_distinct_reproducible_and_not_typos_of_each_other():
    names = curve.place_names(200, avoid={"holland", "amery"})
    assert len(set(names)) == 200 and names == curve.place_names(200, avoid={"holland", "amery"})
    lowered = [n.lower() for n in names]
    for index, name in enumerate(lowered[:40]):  # a one-edit typo of one name is never another name
        assert not (typos(name) & set(lowered[:index] + lowered[index + 1 :]))
    assert not {"holland", "amery"} & set(lowered)


def test_a_renamed_copy_changes_the_names_and_keeps_the_law():
    original = curated.load_file(curated.DATA_DIR / "amery.yml")
    copy = curve.renamed(original, "Brainton")
    muni = copy["municipality"]
    assert (muni["key"], muni["name"], muni["citation_prefix"]) == ("brainton", "City of Brainton", "City of Brainton Code")
    assert "Brainton" in muni["aliases"] and not any("Amery" in a for a in muni["aliases"])
    assert muni["source_file"] == original["municipality"]["source_file"]  # the text is unchanged
    assert copy["sections"] == original["sections"] and copy["standards"] == original["standards"]
    assert original["municipality"]["name"] == "City of Amery"  # the original is untouched


def test_seven_municipalities_build_and_each_copy_is_found_by_its_new_name(tmp_path):
    from knowledge.build import build
    from knowledge.kb import KnowledgeBase

    added = curve.synthetic_data(7, tmp_path / "data")
    assert len(added) == 2 and len(list((tmp_path / "data").glob("*.yml"))) == 7
    counts = build(tmp_path / "kb.sqlite", data_dir=tmp_path / "data")
    assert counts["municipalities"] == 7
    kb = KnowledgeBase(tmp_path / "kb.sqlite")
    try:
        for name in added:
            key = kb.resolve_municipality(name)
            assert key and kb.municipality(key).name == name
            data = yaml.safe_load((tmp_path / "data" / f"{key}.yml").read_text(encoding="utf-8"))
            first = data["sections"][0]["citation"]
            assert kb.section(key, str(first)).text == curated.fold(data["sections"][0]["text"])
    finally:
        kb.close()
