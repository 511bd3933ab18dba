"""The ``knowledge`` command line: build, validate and query the ordinance knowledge base."""

from __future__ import annotations

import sys

import click

from knowledge import curated


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


def main() -> None:
    """Entry point for the ``knowledge`` console script."""
    cli()


if __name__ == "__main__":
    main()
