"""The `knowledge` command line, for clerks and developers."""

from __future__ import annotations

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
