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

DATA_DIR_OPTION = click.option(
    "--data-dir",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=curated.DATA_DIR,
    show_default=True,
    envvar="HOUSING_KB_DATA_DIR",
    help="The curated municipality files (one <key>.yml per municipality).",
)
SOURCES_DIR_OPTION = click.option(
    "--sources-dir",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=curated.SOURCES_DIR,
    show_default=True,
    envvar="HOUSING_KB_SOURCES_DIR",
    help="The source texts the curated files quote.",
)


@click.group()
@click.version_option(package_name="housing-code-assistant", message="%(version)s")
def cli() -> None:
    """Housing-code knowledge base: build it, check it and look things up.

    Everything comes from the municipal housing-code texts shipped in knowledge/sources/
    (one curated file per municipality in knowledge/data/). This is information, not legal advice.
    """


@cli.command()
@click.argument("keys", nargs=-1)
@click.option("--warnings/--no-warnings", default=True, help="Also list warnings (uncovered source text).")
@DATA_DIR_OPTION
@SOURCES_DIR_OPTION
def validate(keys: tuple[str, ...], warnings: bool, data_dir: Path, sources_dir: Path) -> None:
    """Check the curated files against their source texts.

    KEYS limits the check to those municipalities (e.g. holland amery); the default is all.
    Exits non-zero when any error is found.
    """
    _, problems = curated.validate_all(list(keys) or None, data_dir, sources_dir)
    errors = [p for p in problems if p.level == "error"]
    for problem in problems:
        if problem.level == "error" or warnings:
            click.echo(str(problem))
    pending = [p for p in problems if p.level == "unreviewed"]
    summary = f"{len(errors)} errors, {len(problems) - len(errors) - len(pending)} warnings"
    click.echo(summary + (f", {len(pending)} unreviewed (drafted entries still marked review: true)" if pending else ""))
    sys.exit(1 if errors else 0)


@cli.command()
@click.argument("text_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--key", help="The municipality's key (default: from the name the text gives).")
@click.option("--name", help='The municipality\'s name, e.g. "Town of Holland" (default: the one the text names most).')
@click.option("--out", "-o", type=click.Path(dir_okay=False, path_type=Path), help="Write the draft here (default: stdout).")
@click.option("--check/--no-check", default=True, help="Run the validator on the draft and print its summary (stderr).")
def draft(text_file: Path, key: str | None, name: str | None, out: Path | None, check: bool) -> None:
    """Draft a curated data file from a new ordinance TEXT_FILE, for a curator to review.

    The draft splits the text into sections by their printed numbers or headings, finds the
    definitions, lists candidate numeric standards and duties (who "shall" do what), each with its
    verbatim quote, and suggests the coverage of every topic. Every entry is marked `review: true`;
    `knowledge validate` lists those as unreviewed until the curator checks and unmarks them.
    Put the text in knowledge/sources/ and the reviewed file in knowledge/data/<key>.yml.
    """
    from knowledge import draft as drafting

    raw = text_file.read_text(encoding="utf-8")
    data = drafting.draft(raw, text_file.name, key=key, name=name)
    text = drafting.dump(data)
    if out:
        out.write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)
    counts = {k: len(data[k]) for k in ("sections", "definitions", "standards", "rules")}
    addressed = sum(1 for v in data["coverage"].values() if v != "not_addressed")
    click.echo(
        f"drafted {data['municipality']['name']}: {counts['sections']} sections, {counts['definitions']} definitions, "
        f"{counts['standards']} candidate standards, {counts['rules']} candidate duties; "
        f"{addressed} of {len(data['coverage'])} topics suggested as addressed" + (f"; wrote {out}" if out else ""),
        err=True,
    )
    if check:
        import yaml

        loaded = yaml.safe_load(text)  # what a curator's file will hold
        problems = curated.validate(loaded, curated.Source(raw), curated.load_vocab())
        errors = [p for p in problems if p.level == "error"]
        for problem in errors:
            click.echo(str(problem), err=True)
        pending = sum(p.level == "unreviewed" for p in problems)
        click.echo(
            f"validator: {len(errors)} errors, {len(problems) - len(errors) - pending} warnings, {pending} unreviewed",
            err=True,
        )


@cli.command()
@DB_OPTION
@DATA_DIR_OPTION
@SOURCES_DIR_OPTION
def build(db: Path, data_dir: Path, sources_dir: Path) -> None:
    """Validate the curated files and compile them into the SQLite knowledge base.

    Refuses (and builds nothing) when a file has a validation error or an entry `knowledge draft`
    marked `review: true` that nobody has reviewed yet.
    """
    from knowledge.build import build as run_build

    try:
        counts = run_build(db, data_dir=data_dir, sources_dir=sources_dir)
    except BuildError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        if any(p.level == "error" for p in exc.problems):
            raise click.ClickException(f"{len(exc.problems)} validation errors; nothing was built.") from None
        raise click.ClickException(str(exc)) from None
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
        click.echo(f"{muni.name} — {definition.term} ({definition.full_citation}):")
        click.echo(click.wrap_text(definition.text, 96, initial_indent="  ", subsequent_indent="  "))


@cli.command()
@DB_OPTION
@click.argument("standard")
def compare(db: Path, standard: str) -> None:
    """Compare one numeric standard across the municipalities (e.g. sleeping_room_one_occupant)."""
    from knowledge import compare as comparing
    from knowledge.kb import KnowledgeBaseError

    try:
        kb = _kb(db)
        comparison = comparing.compare_standard(kb, standard)
    except comparing.UnknownStandard as exc:
        raise click.ClickException(f"{exc} Known: {', '.join(sorted(comparing.standard_catalog(kb)))}") from None
    except KnowledgeBaseError as exc:
        _fail(exc)
    click.echo(comparing.comparison_lines(comparison, quotes=True))


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


# -- the space and occupancy calculator ------------------------------------------------------------
@cli.group()
def space() -> None:
    """Space and occupancy calculator: bedrooms, dwelling units, ceilings, windows, rooming-house fixtures.

    Every figure comes from the municipality's own text (its standards in the knowledge base),
    with the arithmetic, the citation and the verbatim rule. MUNICIPALITY is a name or key
    (the keys are the file names in knowledge/data/) or "all". Room sizes are read as people write
    them: 10x12, "10 by 12 feet", "10' x 12'6\"", "120 sq ft", "3 by 4 meters".
    """


def _space_options(func):
    func = click.option("--json", "as_json", is_flag=True, help="Print the structured payload (JSON) instead of text.")(
        func
    )
    return DB_OPTION(func)


def _space_run(db: Path, municipality: str, compute, as_json: bool) -> None:
    """Run ``compute(kb, key)`` for one municipality (or all) and print the answer(s)."""
    import json

    from knowledge.compose import DISCLAIMER
    from knowledge.kb import KnowledgeBaseError
    from knowledge.space import BAD_INPUT, NEED_INFO, to_answer

    try:
        kb = _kb(db)
        keys = (
            [m.key for m in kb.municipalities()]
            if municipality.strip().lower() == "all"
            else [kb.municipality(municipality).key]
        )
        answers = []
        for key in keys:
            results = compute(kb, key)
            answers.append((results, to_answer(results)))
    except KnowledgeBaseError as exc:
        _fail(exc)
    if as_json:
        payloads = [answer.payload for _, answer in answers]
        click.echo(json.dumps(payloads[0] if len(payloads) == 1 else payloads, indent=2, ensure_ascii=False))
        return
    for results, answer in answers:
        items = results if isinstance(results, list) else [results]
        if len(answers) == 1 and any(r.verdict == NEED_INFO and r.reason == BAD_INPUT for r in items):
            raise click.ClickException(answer.text)
        click.echo(answer.text)
        click.echo("")
    click.echo(DISCLAIMER)


def _space_rooms(words: tuple[str, ...]):
    from knowledge.parsing import parse_rooms

    text = " ".join(words).strip()
    if not text:
        return []
    rooms = parse_rooms(text)
    if not rooms:
        raise click.ClickException(
            f'I could not find a room size in "{text[:80]}". Give it as, for example, 10x12, '
            '"10 by 12 feet", "10\' x 12\'6"" or "120 sq ft".'
        )
    return rooms


def _space_people(value: str | None) -> list[int] | None:
    """--people: "3", "2,1" (one count per room) or words ("3 kids", "a family of four")."""
    from knowledge.parsing import parse_number, parse_people

    if value is None:
        return None
    parts = [p.strip() for p in value.split(",")]
    counts: list[int] = []
    for part in parts:
        number = parse_number(part)
        if number is None:
            number = parse_people(part)
        if number is None or not float(number).is_integer():
            raise click.BadParameter(f"{part!r} is not a number of people (e.g. 3, or 2,1 for two rooms).")
        counts.append(int(number))
    return counts


def _space_ages(value: str | None) -> list[float] | None:
    """--ages: "3,14" (years), "6 months,14", "newborn,3"."""
    from knowledge.parsing import parse_ages, parse_number

    if value is None:
        return None
    ages: list[float] = []
    for part in [p.strip() for p in value.split(",") if p.strip()]:
        number = parse_number(part)
        found = [number] if number is not None else parse_ages(part) or parse_ages(part + " old")
        if not found:
            raise click.BadParameter(f"{part!r} is not an age (give years, e.g. 3,14, or '6 months').")
        ages.extend(found)
    return ages


def _space_area(value: str | None, label: str):
    """An area option: a number of square feet, or text with units ("56 m2", "600 sq ft")."""
    from knowledge.parsing import parse_number, parse_rooms

    if value is None:
        return None
    number = parse_number(value)
    if number is not None:
        return number
    rooms = parse_rooms(value)
    if len(rooms) == 1 and rooms[0].ok and rooms[0].question is None:
        return rooms[0].area_sqft
    if len(rooms) == 1 and rooms[0].question:
        raise click.BadParameter(rooms[0].question, param_hint=label)
    raise click.BadParameter(f"{value!r} is not an area (give square feet, e.g. 600, or '56 m2').", param_hint=label)


@space.command("bedroom")
@_space_options
@click.argument("municipality")
@click.argument("room", nargs=-1)
@click.option("--people", "-p", help='How many sleep in the room: 3, "3 kids"; with several rooms one count each: 2,1.')
@click.option("--ages", "-a", help='Ages of the sleepers in years, comma-separated: 3,14 ("6 months" for a baby).')
@click.option("--rooming", is_flag=True, help="Use the rooming-house figures instead of the dwelling-unit ones.")
@click.option("--low-area", help="Floor area (sq ft) under a ceiling too low to count toward occupancy.")
def space_bedroom(
    db: Path,
    as_json: bool,
    municipality: str,
    room: tuple[str, ...],
    people: str | None,
    ages: str | None,
    rooming: bool,
    low_area: str | None,
) -> None:
    """Is a sleeping room big enough? With ROOM and --people/--ages: the verdict; ROOM only: the
    most sleepers it allows; --people only: the minimum area.

    Examples: knowledge space bedroom muskego 10x12 --people 3;
    knowledge space bedroom amery "10 by 12" --ages 3,14; knowledge space bedroom holland --people 2
    """
    from knowledge.space import sleeping_room, sleeping_rooms

    rooms = _space_rooms(room)
    counts = _space_people(people)
    age_list = _space_ages(ages)
    low = _space_area(low_area, "--low-area")

    def compute(kb, key):
        if len(rooms) > 1:
            per_room = counts[0] if counts and len(counts) == 1 else counts
            return sleeping_rooms(kb, key, rooms, per_room, age_list, rooming=rooming)
        count = None
        if counts:
            if len(counts) > 1:
                raise click.BadParameter("one room, one head count (several counts are for several rooms).")
            count = counts[0]
        return sleeping_room(kb, key, rooms[0] if rooms else None, count, age_list, rooming=rooming, low_area=low)

    _space_run(db, municipality, compute, as_json)


@space.command("unit")
@_space_options
@click.argument("municipality")
@click.argument("rooms", nargs=-1)
@click.option("--area", help="Total habitable floor area of the dwelling unit: 600 (sq ft) or '56 m2'.")
@click.option("--people", "-p", help='How many live in the unit: 4, "a family of four".')
@click.option("--ages", "-a", help="Ages in years, comma-separated (persons the code does not count are left out).")
@click.option("--closet-hall-area", help="Closet and hall area (sq ft), counted only as far as the code allows.")
@click.option("--low-area", help="Floor area (sq ft) under a ceiling too low to count toward occupancy.")
def space_unit(
    db: Path,
    as_json: bool,
    municipality: str,
    rooms: tuple[str, ...],
    area: str | None,
    people: str | None,
    ages: str | None,
    closet_hall_area: str | None,
    low_area: str | None,
) -> None:
    """How many people can live in a dwelling unit? Give the habitable area (--area, or the
    habitable ROOMS to add up) and/or --people.

    Examples: knowledge space unit holland --people 4 --area 600;
    knowledge space unit amery 10x12 12x14 11x15 --people 3; knowledge space unit muskego --area 590
    """
    from knowledge.space import dwelling_unit

    room_list = _space_rooms(rooms)
    if room_list and area is not None:
        raise click.UsageError("Give either --area or the rooms, not both.")
    total = _space_area(area, "--area")
    counts = _space_people(people)
    if counts and len(counts) > 1:
        raise click.BadParameter("give one head count for the unit.", param_hint="--people")
    age_list = _space_ages(ages)
    closets = _space_area(closet_hall_area, "--closet-hall-area")
    low = _space_area(low_area, "--low-area")

    def compute(kb, key):
        given = room_list or total
        return dwelling_unit(
            kb,
            key,
            given,
            counts[0] if counts else None,
            age_list,
            low_area=low,
            closet_hall_area=closets,
        )

    _space_run(db, municipality, compute, as_json)


@space.command("ceiling")
@_space_options
@click.argument("municipality")
@click.argument("room", nargs=-1, required=True)
@click.option("--low-area", help="Floor area (sq ft) under a ceiling too low to count toward occupancy.")
@click.option("--tall-area", help="Floor area (sq ft) with a ceiling at least the code's minimum height.")
@click.option("--height", help="One ceiling height over the whole room: 7.5, 7'6\", '7 ft 6 in'.")
def space_ceiling(
    db: Path,
    as_json: bool,
    municipality: str,
    room: tuple[str, ...],
    low_area: str | None,
    tall_area: str | None,
    height: str | None,
) -> None:
    """Ceiling rules for a room: floor under low ceilings not counted, and the minimum height
    over part of the floor.

    Examples: knowledge space ceiling holland 12x14 --low-area 30; knowledge space ceiling amery 12x14 --height 7
    """
    from knowledge.parsing import parse_length
    from knowledge.space import ceiling

    rooms = _space_rooms(room)
    if len(rooms) != 1:
        raise click.UsageError("Give one room at a time.")
    low = _space_area(low_area, "--low-area")
    tall = _space_area(tall_area, "--tall-area")
    feet = None
    if height is not None:
        feet = parse_length(height)
        if feet is None:
            raise click.BadParameter(f"{height!r} is not a height (e.g. 7.5 or 7'6\").", param_hint="--height")

    def compute(kb, key):
        return ceiling(kb, key, rooms[0], low_area=low, tall_area=tall, height=feet)

    _space_run(db, municipality, compute, as_json)


@space.command("window")
@_space_options
@click.argument("municipality")
@click.argument("room", nargs=-1, required=True)
@click.option("--window-area", help="The room's total window area (sq ft), to check it.")
@click.option("--openable-area", help="The room's openable window area (sq ft), to check it.")
@click.option("--skylight", is_flag=True, help="The only window is a skylight.")
@click.option(
    "--sleeping/--not-sleeping",
    default=None,
    help="Whether it is a sleeping room (some codes state window figures for sleeping rooms only).",
)
def space_window(
    db: Path,
    as_json: bool,
    municipality: str,
    room: tuple[str, ...],
    window_area: str | None,
    openable_area: str | None,
    skylight: bool,
    sleeping: bool | None,
) -> None:
    """Minimum window area and openable area for a room.

    Examples: knowledge space window howard 10x12; knowledge space window amery 10x12 --window-area 11
    """
    from knowledge.space import windows

    rooms = _space_rooms(room)
    if len(rooms) != 1:
        raise click.UsageError("Give one room at a time.")
    window = _space_area(window_area, "--window-area")
    openable = _space_area(openable_area, "--openable-area")

    def compute(kb, key):
        return windows(
            kb,
            key,
            rooms[0],
            window_area=window,
            openable_area=openable,
            skylight_only=skylight,
            sleeping_room=sleeping,
        )

    _space_run(db, municipality, compute, as_json)


@space.command("fixtures")
@_space_options
@click.argument("municipality")
@click.option("--people", "-p", required=True, help="Persons in the rooming house who share the facilities.")
def space_fixtures(db: Path, as_json: bool, municipality: str, people: str) -> None:
    """Toilets, lavatory basins and baths a rooming house needs for its persons.

    Example: knowledge space fixtures muskego --people 13
    """
    from knowledge.space import fixtures

    counts = _space_people(people)
    if not counts or len(counts) != 1:
        raise click.BadParameter("give one number of persons.", param_hint="--people")

    def compute(kb, key):
        return fixtures(kb, key, counts[0])

    _space_run(db, municipality, compute, as_json)


def main() -> None:
    """Entry point for the ``knowledge`` console script."""
    cli()


if __name__ == "__main__":
    main()
