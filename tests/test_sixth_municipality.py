"""A municipality is two files (issue 16): its source text and its data file, nothing else.

In a temporary copy of the knowledge inputs (``knowledge/data``, ``knowledge/sources``), a sixth
municipality is added as a renamed copy of the Village of Dresser's two files: the "Village of
Testville", key ``testville``, its text ``testville.txt`` with the name replaced, and its data file
with the names replaced and its own place in the list (``order``). Nothing else is edited. It must
build and validate with the command line, be recognised in a message (the spaCy pipeline built
from that knowledge base, and ``kb.resolve_municipality``), be answered with a citation naming the
Village of Testville, and the fast tier's generic checks must hold on the six.

No Rasa model is trained here: recognition is the entity ruler the NLU pipeline loads.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import test_compare as compare_checks
import test_kb as kb_checks
import test_plain_words as plain_words_checks
import test_selector as selector_checks
import test_sms_format as sms_checks
import test_topic_config as topic_checks
import test_verdicts as verdict_checks
from click.testing import CliRunner

from knowledge import curated
from knowledge.cli import cli

OLD, NEW = "Dresser", "Testville"


def renamed(text: str) -> str:
    """The text with Dresser's name replaced, in every case the files write it."""
    return text.replace(OLD, NEW).replace(OLD.lower(), NEW.lower()).replace(OLD.upper(), NEW.upper())


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> tuple[Path, Path]:
    """A copy of the knowledge inputs plus the sixth municipality's two files: (data dir, sources dir)."""
    root = tmp_path_factory.mktemp("sixth")
    data_dir, sources_dir = root / "data", root / "sources"
    shutil.copytree(curated.DATA_DIR, data_dir)
    shutil.copytree(curated.SOURCES_DIR, sources_dir)
    data = (curated.DATA_DIR / "dresser.yml").read_text(encoding="utf-8")
    source_file = re.search(r"^  source_file: (\S+)$", data, re.M).group(1)
    text = (curated.SOURCES_DIR / source_file).read_text(encoding="utf-8")
    (sources_dir / "testville.txt").write_text(renamed(text), encoding="utf-8")
    data = renamed(data).replace(f"source_file: {source_file}", "source_file: testville.txt")
    data = re.sub(r"^  order: \d+$", "  order: 6", data, count=1, flags=re.M)
    (data_dir / "testville.yml").write_text(data, encoding="utf-8")
    return data_dir, sources_dir


@pytest.fixture(scope="module")
def six(inputs, tmp_path_factory):
    """The knowledge base built from the six by ``knowledge build``, and its spaCy pipeline."""
    from knowledge.kb import KnowledgeBase
    from knowledge.nlp import load_pipeline

    data_dir, sources_dir = inputs
    out = tmp_path_factory.mktemp("six-built")
    db, model = out / "kb.sqlite", out / "spacy_model"
    dirs = ["--data-dir", str(data_dir), "--sources-dir", str(sources_dir)]
    built = CliRunner().invoke(cli, ["build", "--db", str(db), *dirs])
    assert built.exit_code == 0, built.output
    assert "6 municipalities" in built.output
    nlp_built = CliRunner().invoke(cli, ["build-nlp", "--db", str(db), "--out", str(model)])
    assert nlp_built.exit_code == 0, nlp_built.output
    kb = KnowledgeBase(db)
    yield kb, load_pipeline(model)
    kb.close()


def test_only_the_two_files_were_added(inputs):
    data_dir, sources_dir = inputs
    assert {p.name for p in data_dir.iterdir()} - {p.name for p in curated.DATA_DIR.iterdir()} == {"testville.yml"}
    assert {p.name for p in sources_dir.iterdir()} - {p.name for p in curated.SOURCES_DIR.iterdir()} == {"testville.txt"}
    for path in curated.DATA_DIR.glob("*.yml"):  # the others are copied unchanged
        assert (data_dir / path.name).read_bytes() == path.read_bytes()


def test_it_validates(inputs):
    data_dir, sources_dir = inputs
    result = CliRunner().invoke(cli, ["validate", "--data-dir", str(data_dir), "--sources-dir", str(sources_dir)])
    assert result.exit_code == 0 and result.output.strip().endswith("0 errors, 0 warnings"), result.output


def test_it_is_listed_sixth_with_its_fields_from_its_data_file(six):
    kb, _ = six
    munis = kb.municipalities()
    assert len(munis) == 6 and kb.covered_count() == "six"
    testville = munis[-1]
    assert (testville.key, testville.name, testville.order) == ("testville", "Village of Testville", 6)
    assert testville.common_word and testville.section_prefix == ""  # as Dresser's: it cites by heading
    assert kb.covered_names().endswith("Village of Dresser, City of Muskego and Village of Testville")


@pytest.mark.parametrize(
    "message", ["who exterminates roaches in testville?", "Testville rooming house rules", "is a village of testvile bedroom ok"]
)
def test_a_message_naming_it_is_recognised(six, message):
    kb, nlp = six
    found = [(e.label_, e.ent_id_) for e in nlp(message).ents if e.label_ == "municipality"]
    assert found == [("municipality", "testville")]


def test_its_name_is_read_as_its_data_file_says(six):
    """Copied from Dresser, the file says ``common_word: true``: lowercase and alone, the word is not the place."""
    _, nlp = six
    assert not [e for e in nlp("my testville drawer has mice").ents if e.label_ == "municipality"]


@pytest.mark.parametrize("name", ["testville", "Village of Testville", "Testville, WI", "in testville", "testvile"])
def test_the_knowledge_base_resolves_it(six, name):
    kb, _ = six
    assert kb.resolve_municipality(name) == "testville"


def test_a_topic_question_gets_a_cited_answer_naming_it(six):
    from knowledge.compose import answer_topic

    kb, _ = six
    answer = answer_topic(kb, "testville", "sleeping_room_size", question="how big must a bedroom be in a rooming house")
    assert answer.payload["addressed"] is True and answer.payload["municipality"] == "testville"
    assert "Village of Testville" in answer.text and "Dresser" not in answer.text
    cited = answer.payload["citations"]
    assert cited and all(c["municipality"] == "testville" for c in cited)
    for citation in cited:  # verbatim from the sixth text
        assert citation["quote"] in kb.section("testville", citation["section"]).text
    # the same law as the text it was copied from, under its own name
    dresser = answer_topic(kb, "dresser", "sleeping_room_size", question="how big must a bedroom be in a rooming house")
    assert answer.text == renamed(dresser.text)


def test_the_bot_offers_it_and_compares_it(six):
    from knowledge.compare import answer_comparison
    from knowledge.compose import answer_section, ask_municipality

    kb, _ = six
    assert [b["title"] for b in ask_municipality(kb).buttons][-1] == "Village of Testville"
    comparison = answer_comparison(kb, "heating").text
    assert comparison.startswith(f"{kb.topics()['heating']} — the six codes side by side:")
    assert "- Village of Testville: not addressed" in comparison
    unknown = answer_section(kb, "77-1").text
    assert "the Village of Dresser and Village of Testville extracts cite by heading" in unknown


def verdict_checks_on_the_sixth(kb):
    """tests/test_verdicts.py's every-fact-combination check, on the sixth's duties only (on all six it
    takes minutes, and the other five are checked there)."""
    duties = sorted({r.duty for r in kb.rules("testville")})
    assert duties
    for duty in duties:
        for facts in verdict_checks.combinations(kb, "testville", duty):
            verdict_checks.check(kb, "testville", duty, facts)


# The fast tier's generic checks, run on the six (each iterates over kb.municipalities()).
GENERIC_CHECKS = [
    kb_checks.test_coverage_matrix_is_complete,
    topic_checks.test_every_municipality_maps_the_clerk_topics,
    topic_checks.test_no_other_place_is_a_covered_municipality,
    compare_checks.test_every_vocabulary_standard_compares_without_error,
    selector_checks.test_every_candidate_is_verbatim_in_its_section,
    selector_checks.test_no_internal_key_in_any_answer,
    plain_words_checks.test_composed_answers_for_every_topic_and_municipality_use_plain_words,
    sms_checks.test_every_ordinance_text_normalises_to_gsm7,
    verdict_checks_on_the_sixth,
]


@pytest.mark.parametrize("check", GENERIC_CHECKS, ids=lambda check: check.__name__.removeprefix("test_"))
def test_the_generic_checks_hold_on_the_six(six, check):
    kb, _ = six
    check(kb)
