"""The ``knowledge`` command line: build, validate and query the ordinance knowledge base."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from knowledge import curated
from knowledge.build import DEFAULT_DB_PATH, BuildError

DB_OPTION = click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_DB_PATH,
    show_default=True,
    envvar="HOUSING_KB_PATH",
    help="The knowledge base database.",
)


@click.group()
@click.version_option(package_name="housing-code-assistant", message="%(version)s")
def cli() -> None:
    """Housing-code knowledge base: build it, check it and look things up.

    Everything comes from the five municipal housing-code texts shipped in
    knowledge/sources/. This is information, not legal advice.
    """


@cli.command()
@click.argument("keys", nargs=-1)
@click.option("--warnings/--no-warnings", default=True, help="Also list warnings (uncovered source text).")
def validate(keys: tuple[str, ...], warnings: bool) -> None:
    """Check the curated files against their source texts.

    KEYS limits the check to those municipalities (e.g. holland amery); the default is all.
    Exits non-zero when any error is found.
    """
    _, problems = curated.validate_all(list(keys) or None)
    errors = [p for p in problems if p.level == "error"]
    for problem in problems:
        if problem.level == "error" or warnings:
            click.echo(str(problem))
    click.echo(f"{len(errors)} errors, {len(problems) - len(errors)} warnings")
    sys.exit(1 if errors else 0)


@cli.command()
@DB_OPTION
def build(db: Path) -> None:
    """Validate the curated files and compile them into the SQLite knowledge base."""
    from knowledge.build import build as run_build

    try:
        counts = run_build(db)
    except BuildError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        raise click.ClickException(f"{len(exc.problems)} validation errors; nothing was built.") from None
    click.echo(f"built {db}: " + ", ".join(f"{n} {t}" for t, n in counts.items()))


@cli.command("build-nlp")
@DB_OPTION
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("build/spacy_model"),
              show_default=True, help="Where to save the spaCy pipeline.")
def build_nlp(db: Path, out: Path) -> None:
    """Build the project's spaCy pipeline (blank English + entity rules from the knowledge base)."""
    from knowledge.kb import KnowledgeBase
    from knowledge.nlp import build_pipeline

    nlp = build_pipeline(KnowledgeBase(db), out)
    patterns = len(nlp.get_pipe("entity_ruler").patterns)
    click.echo(f"saved spaCy pipeline to {out} ({patterns} entity patterns)")


def main() -> None:
    """Entry point for the ``knowledge`` console script."""
    cli()


if __name__ == "__main__":
    main()
