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
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("build/spacy_model"),
    show_default=True,
    help="Where to save the spaCy pipeline.",
)
def build_nlp(db: Path, out: Path) -> None:
    """Build the project's spaCy pipeline (blank English + entity rules from the knowledge base)."""
    from knowledge.kb import KnowledgeBase
    from knowledge.nlp import build_pipeline

    nlp = build_pipeline(KnowledgeBase(db), out)
    patterns = len(nlp.get_pipe("entity_ruler").patterns)
    click.echo(f"saved spaCy pipeline to {out} ({patterns} entity patterns)")


def _kb(db: Path):
    from knowledge.kb import KnowledgeBase

    return KnowledgeBase(db)


def _fail(exc: Exception) -> None:
    raise click.ClickException(str(exc)) from None


@cli.command()
@DB_OPTION
@click.argument("municipality")
@click.argument("citation", nargs=-1, required=True)
def section(db: Path, municipality: str, citation: tuple[str, ...]) -> None:
    """Print a section by citation, verbatim, with its provenance.

    Examples: knowledge section holland 190-9B; knowledge section howard 12.07 1 a
    """
    from knowledge.kb import KnowledgeBaseError

    try:
        kb = _kb(db)
        found = kb.section(municipality, " ".join(citation))
        children = kb.children(found.municipality, found.citation)
    except KnowledgeBaseError as exc:
        _fail(exc)
    click.echo(found.full_citation + (f" — {found.heading}" if found.heading else ""))
    if found.basis != "stated":
        click.echo(f"[citation {found.basis.replace('_', ' ')}: {found.evidence or found.label}]")
    click.echo("")
    click.echo(click.wrap_text(found.text, 96))
    for child in children:
        click.echo("")
        click.echo(click.wrap_text(f"{child.display}: {child.text}", 96, subsequent_indent="    "))


@cli.command()
@DB_OPTION
@click.argument("term")
@click.option("--municipality", "-m", help="Only this municipality.")
@click.option("--all", "all_", is_flag=True, help="Every municipality (the default when -m is not given).")
def define(db: Path, term: str, municipality: str | None, all_: bool) -> None:
    """Print the definition of TERM (or of the term it is a synonym of), verbatim."""
    from knowledge.kb import KnowledgeBaseError

    try:
        kb = _kb(db)
        found = kb.definitions(term, None if all_ else municipality)
        names = {m.key: m for m in kb.municipalities()}
    except KnowledgeBaseError as exc:
        _fail(exc)
    if not found:
        raise click.ClickException(f"No definition of {term!r} in the texts. Try: knowledge search {term!r}")
    for definition in found:
        muni = names[definition.municipality]
        click.echo(f"{muni.name} — {definition.term} ({muni.citation_prefix}, {definition.citation}):")
        click.echo(click.wrap_text(definition.text, 96, initial_indent="  ", subsequent_indent="  "))


@cli.command()
@DB_OPTION
@click.argument("standard")
def compare(db: Path, standard: str) -> None:
    """Compare one numeric standard across the five municipalities (e.g. sleeping_room_one_occupant)."""
    from knowledge.kb import KnowledgeBaseError

    try:
        kb = _kb(db)
        munis = kb.municipalities()
        rows = kb.standards(standard)
    except KnowledgeBaseError as exc:
        _fail(exc)
    known = {r.key for r in kb.standards()}
    if standard not in known:
        raise click.ClickException(f"No standard {standard!r}. Known: {', '.join(sorted(known))}")
    for muni in munis:
        mine = [r for r in rows if r.municipality == muni.key]
        if not mine:
            click.echo(f"{muni.name}: not addressed in this text (ask the {muni.office})")
        for row in mine:
            cited = kb.section(muni.key, row.citation).full_citation
            extra = f" ({row.conditions})" if row.conditions else ""
            click.echo(f'{muni.name}: {row.value_text}{extra} — {cited}: "{row.quote}"')


@cli.command()
@DB_OPTION
@click.argument("query", nargs=-1, required=True)
@click.option("--municipality", "-m", help="Only this municipality.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 100), help="How many results.")
def search(db: Path, query: tuple[str, ...], municipality: str | None, limit: int) -> None:
    """Full-text search over sections and definitions (any text is safe)."""
    from knowledge.kb import KnowledgeBaseError

    try:
        hits = _kb(db).search(" ".join(query), municipality, limit)
    except KnowledgeBaseError as exc:
        _fail(exc)
    if not hits:
        click.echo("No matches.")
    for hit in hits:
        click.echo(f"{hit.title}: {hit.snippet}")


@cli.command()
@DB_OPTION
@click.option("--markdown", is_flag=True, help="As a Markdown table (for the README).")
def coverage(db: Path, markdown: bool) -> None:
    """Print the topic × municipality coverage matrix (sections, or — where the text is silent)."""
    from knowledge.kb import KnowledgeBaseError

    try:
        kb = _kb(db)
        click.echo(coverage_table(kb, markdown))
    except KnowledgeBaseError as exc:
        _fail(exc)


def coverage_table(kb, markdown: bool = True) -> str:
    """The coverage matrix as text: a cell is the number of sections that answer, or — for not addressed."""
    munis = kb.municipalities()
    matrix = kb.coverage_matrix()
    header = ["topic", *(m.name.split(" of ")[-1] for m in munis)]
    rows = [
        [topic, *(str(len(matrix[topic][m.key])) if matrix[topic][m.key] else "—" for m in munis)]
        for topic in kb.topics()
    ]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in [header, *rows])


def main() -> None:
    """Entry point for the ``knowledge`` console script."""
    cli()


if __name__ == "__main__":
    main()
