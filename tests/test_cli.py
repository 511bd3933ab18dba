"""The `knowledge` command line, for clerks and developers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from knowledge.cli import cli


def test_every_command_has_help():
    runner = CliRunner()
    result = runner.invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in cli.commands:
        sub = runner.invoke(cli, [name, "--help"])
        assert sub.exit_code == 0 and sub.output.strip(), name


def test_validate_passes_on_the_shipped_files():
    result = CliRunner().invoke(cli, ["validate"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("0 errors, 0 warnings")


def test_build_writes_a_database(tmp_path):
    db = tmp_path / "kb.sqlite"
    result = CliRunner().invoke(cli, ["build", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert db.exists() and "sections" in result.output


def test_readme_coverage_matrix_is_generated_from_the_data(kb):
    from conftest import ROOT

    from knowledge.cli import coverage_table

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- coverage:start -->")[1].split("<!-- coverage:end -->")[0].strip()
    assert table == coverage_table(kb, markdown=True)


# -- the space calculator on the command line ----------------------------------------------------------
SPACE_EXAMPLES = [
    (["space", "bedroom", "muskego", "10x12", "--people", "3"], "meets the minimum for 3 occupants"),
    (["space", "bedroom", "amery", "10 by 12", "--ages", "3,14"], "1 over 12 × 40 sq ft + 1 under 12 × 30 sq ft"),
    (["space", "unit", "holland", "--people", "4", "--area", "600"], "450 sq ft required"),
    (["space", "window", "howard", "10x12"], "at least 12 sq ft of window and at least 5.4 sq ft of it openable"),
    (["space", "ceiling", "holland", "12x14", "--low-area", "30"], "138 sq ft of its floor counts"),
    (["space", "fixtures", "muskego", "--people", "13"], 'without "or fraction thereof"'),
    (["space", "bedroom", "holland", "two", "bedrooms,", "10x12", "and", "9x11", "--people", "2,1"], "Room 2:"),
    (["space", "bedroom", "amery", "3 by 4 meters"], "Converted from metres"),
    (["space", "unit", "amery", "--area", "56 m2"], "allows at most"),
    (["space", "bedroom", "all", "10x12", "--people", "2"], "Village of Dresser"),
]


@pytest.mark.parametrize(("args", "expected"), SPACE_EXAMPLES)
def test_space_commands(args, expected):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert expected in result.output
    assert "not legal advice" in result.output


def test_space_cli_says_what_the_bot_says(kb):
    from knowledge.parsing import parse_rooms
    from knowledge.space import sleeping_room, to_answer

    result = CliRunner().invoke(cli, ["space", "bedroom", "muskego", "10x12", "--people", "3"])
    answer = to_answer(sleeping_room(kb, "muskego", parse_rooms("10x12")[0], 3))
    assert answer.text in result.output


def test_space_json_payload():
    import json

    result = CliRunner().invoke(cli, ["space", "unit", "holland", "--people", "4", "--area", "600", "--json"])
    payload = json.loads(result.output)
    assert payload["verdict"] == "meets" and payload["numbers"]["required_sqft"] == 450
    assert payload["citations"] and all(c["rule_quote"] in c["quote"] for c in payload["citations"])


def test_every_space_command_has_help():
    runner = CliRunner()
    group = cli.commands["space"]
    for name in group.commands:
        sub = runner.invoke(cli, ["space", name, "--help"])
        assert sub.exit_code == 0 and "Usage:" in sub.output and len(sub.output) > 200, name


@pytest.mark.parametrize(
    "args",
    [
        ["space", "bedroom", "muskego", "3 by 4", "--people", "2"],
        ["space", "bedroom", "muskego", "--", "-5 by 3", "--people", "2"],
        ["space", "bedroom", "muskego", "10x12", "--people", "-3"],
        ["space", "bedroom", "muskego", "10x12", "--people", "0"],
        ["space", "bedroom", "muskego", "10x12", "--people", "51"],
        ["space", "bedroom", "muskego", "10x12", "--people", "lots"],
        ["space", "bedroom", "muskego", "10x12", "--ages", "old"],
        ["space", "bedroom", "muskego", "120"],
        ["space", "bedroom", "muskego", "x"],
        ["space", "bedroom", "muskego", "1e308 by 2"],
        ["space", "bedroom", "muskego", "a 10x12 room of 500 sq ft", "--people", "2"],
        ["space", "bedroom", "springfield", "10x12"],
        ["space", "bedroom", "muskego", "🏠" * 20],
        ["space", "bedroom", "muskego", "9" * 20_000],
        ["space", "unit", "holland", "--area", "abc", "--people", "2"],
        ["space", "unit", "holland", "--area", "inf", "--people", "2"],
        ["space", "unit", "holland", "10x12", "--area", "600"],
        ["space", "ceiling", "holland", "12x14", "--height", "nan"],
        ["space", "ceiling", "holland", "12x14", "--low-area", "500"],
        ["space", "window", "howard", "10x12", "--window-area", "-4"],
        ["space", "fixtures", "muskego", "--people", "0"],
        ["space", "fixtures", "muskego"],
    ],
)
def test_space_bad_input_is_a_clear_error(args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert "Error" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    "args",
    [
        ["section", "madison", "1-1"],
        ["section", "holland", "999-9"],
        ["section", "holland", "   "],
        ["define", "zzzz-not-a-term"],
        ["define", "  "],
        ["define", "habitable room", "-m", "green bay"],
        ["compare", "no_such_standard"],
        ["search", '"unbalanced OR ( NEAR'],
        ["search", "garbage", "-m", "nowhere"],
        ["search", "x", "--limit", "0"],
    ],
)
def test_bad_input_gets_a_clear_error_not_a_traceback(args):
    result = CliRunner().invoke(cli, args)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.strip()


def test_search_with_fts_syntax_is_just_words():
    result = CliRunner().invoke(cli, ["search", 'garbage" OR "rubbish'])
    assert result.exit_code == 0 and "garbage" in result.output.lower()
