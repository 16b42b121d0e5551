"""The verbs of `boardlab FAMILY ...`: the request pipeline (`boardlab.core.requests`, which
the web API runs too) between the flags and the printed answer."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from boardlab.cli.errors import EXIT_BAD_INPUT, EXIT_INVALID, EXIT_OK, EXIT_TIME_LIMIT
from boardlab.cli.flags import (
    Backend,
    Force,
    GeneratorSeed,
    JsonFlag,
    Limit,
    ListPublished,
    Optimise,
    OutFile,
    PublishedName,
    Puzzle,
    SolutionJson,
    SolverSeed,
    Strategy,
    TimeLimit,
    Workers,
)
from boardlab.cli.output import (
    claim_new_file,
    print_board,
    print_check,
    print_explanation,
    print_generated,
    print_grade,
    print_hint,
    print_json,
    print_library,
    print_result,
    say,
    write,
    write_new_file,
)
from boardlab.cli.progress import progress_bar
from boardlab.core import requests
from boardlab.core.deadline import OutOfTime
from boardlab.core.errors import BadInput
from boardlab.core.family import Family
from boardlab.core.interrupts import time_limited
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.core.words import plural

T = TypeVar("T")


def _bad_record(family: Family, record: Any, as_json: bool) -> int:
    """Report a record of a puzzle file that could not be read (the others go on): one line
    on stderr, and its error object with --json; the exit code it sets."""
    say(f"error: {record.error}")
    if as_json:
        print_json(requests.error_json(family, record))
    return EXIT_BAD_INPUT


def _run(family: Family, argument: str, options: dict[str, Any], request: SolveRequest, as_json: bool) -> int:
    """Solve every puzzle `argument` names; the exit code (bad records and time limits noted)."""
    records = requests.read_instances(family, argument, options, what="PUZZLE")
    many = len(records) > 1
    code = EXIT_OK
    bar, update = (None, None) if many else progress_bar()
    request.progress = update
    for record in records:
        if record.error is not None:
            code = _bad_record(family, record, as_json)
            continue
        try:
            if bar is not None:
                with bar:
                    result = requests.solve(family, record.instance, request)
            else:
                result = requests.solve(family, record.instance, request)
        except BadInput as error:
            if not many:
                raise
            say(f"error: {error.located(source=record.label)}")
            code = EXIT_BAD_INPUT
            continue
        if as_json:
            print_json(result.to_json())
        else:
            print_result(family, record, result, many, options)
        if result.status == Status.UNKNOWN and code == EXIT_OK:
            code = EXIT_TIME_LIMIT
    return code


def solve_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Puzzle,
    all_: Annotated[bool, typer.Option("--all", help="all solutions (with --limit: at most K)")] = False,
    limit: Limit = None,
    count: Annotated[bool, typer.Option("--count", help="count the solutions")] = False,
    unique: Annotated[
        bool, typer.Option("--unique", help="prove the solution unique (stops at a second one)")
    ] = False,
    optimise: Optimise = False,
    time_limit: TimeLimit = None,
    backend: Backend = None,
    strategy: Strategy = None,
    workers: Workers = None,
    seed: SolverSeed = None,
    as_json: JsonFlag = False,
) -> None:
    """Solve puzzles: one solution, all, a count or a uniqueness proof."""
    mode = requests.solve_mode(all=all_, count=count, unique=unique, optimise=optimise, limit=limit)
    request = requests.solve_request(
        mode,
        limit=limit,
        time_limit=time_limit,
        backend=backend,
        strategy=strategy,
        workers=workers,
        seed=seed,
        options=options,
    )
    raise typer.Exit(_run(family, puzzle, options, request, as_json))


def count_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Puzzle,
    time_limit: TimeLimit = None,
    backend: Backend = None,
    workers: Workers = None,
    as_json: JsonFlag = False,
) -> None:
    """Count all solutions."""
    request = requests.solve_request(
        Mode.COUNT, time_limit=time_limit, backend=backend, workers=workers, options=options
    )
    raise typer.Exit(_run(family, puzzle, options, request, as_json))


def _located(document: requests.JsonArgument | None) -> AbstractContextManager[None]:
    """Within: an error in the given JSON names its line and column (nothing if none given)."""
    return nullcontext() if document is None else document.located()


def _within(time_limit: float | None, family: Family, what: str, as_json: bool, work: Callable[[], T]) -> T:
    """`work()` under `--time-limit` (`core.interrupts.time_limited`: generators and hints make
    many short solver calls in Python); past it, "unknown" and exit 3, as a solve says it."""
    try:
        with time_limited(time_limit):
            return work()
    except OutOfTime:
        _out_of_time(family, what, time_limit, as_json)


def _out_of_time(family: Family, what: str, time_limit: float | None, as_json: bool) -> NoReturn:
    """Say "unknown" for work that `--time-limit` stopped, and exit 3."""
    limit = f" of {time_limit:g} s" if time_limit is not None else ""
    reason = f"no {what} within the time limit{limit}"
    if as_json:
        print_json({"family": family.name, "status": "unknown", "reason": reason})
    else:
        write(f"unknown (time limit reached): {reason}\n")
    raise typer.Exit(EXIT_TIME_LIMIT)


def generate_command(
    family: Family,
    options: dict[str, Any],
    seed: GeneratorSeed = None,
    out_path: OutFile = None,
    force: Force = False,
    show_solution: Annotated[
        bool, typer.Option("--show-solution", help="also draw the solution (--json always has it)")
    ] = False,
    time_limit: TimeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Generate a puzzle (one solution where it has clues); --show-solution also draws the solution."""
    if out_path is not None:
        force = claim_new_file(out_path, force, "--out", as_json)
    generated = _within(
        time_limit, family, "puzzle", as_json, lambda: requests.generate(family, seed, options)
    )
    if out_path is not None:
        if out_path.endswith(".json"):
            text = json.dumps(family.to_json(generated.instance)) + "\n"
        else:
            form, text = family.shown_text(generated.instance)
            if form == "json":  # the puzzle is made: keep it, in the form that holds it
                say(f"note: {out_path} holds the puzzle as JSON: the text format cannot hold it")
        write_new_file(out_path, text, force, "--out")
    if as_json:
        print_json(requests.generated_json(family, generated))
    else:
        print_generated(family, generated, options, show_solution)


def check_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Puzzle,
    solution: SolutionJson,
    as_json: JsonFlag = False,
) -> None:
    """Check a proposed solution: exit 0 when valid, 1 when not (violations listed)."""
    if puzzle == "-" and solution == "-":
        raise BadInput("only one of PUZZLE and SOLUTION_JSON can be read from stdin")
    instance = requests.read_instance(family, puzzle, options, what="PUZZLE")
    proposed = requests.load_json_argument(solution, what="SOLUTION_JSON")
    with proposed.located():
        answer = requests.check(family, instance, proposed.data)
    if as_json:
        print_json(answer)
    else:
        print_check(answer)
    raise typer.Exit(EXIT_OK if answer["valid"] else EXIT_INVALID)


def render_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Puzzle,
    solve: Annotated[bool, typer.Option("--solve", help="draw the puzzle with a solution")] = False,
    solution: Annotated[
        str | None, typer.Option("--solution", help="draw this solution (JSON inline or file)")
    ] = None,
    svg: Annotated[str | None, typer.Option("--svg", help="write an SVG file (- for stdout)")] = None,
    force: Force = False,
    time_limit: TimeLimit = None,
    as_json: Annotated[
        bool, typer.Option("--json", help='print {"family", "instance", "solution", "svg"}')
    ] = False,
) -> None:
    """Draw a puzzle in the terminal, or as SVG."""
    if puzzle == "-" and solution == "-":
        raise BadInput("only one of PUZZLE and --solution can be read from stdin")
    if svg is not None:
        force = claim_new_file(svg, force, "--svg", as_json)
    instance = requests.read_instance(family, puzzle, options, what="PUZZLE")
    given = requests.load_json_argument(solution, what="--solution") if solution is not None else None
    with _located(given):
        drawing = _within(
            time_limit,
            family,
            "solution to draw",
            as_json,
            lambda: requests.draw(
                family, instance, None if given is None else given.data, solve_it=solve, options=options
            ),
        )
    if drawing.violations:
        say(f"warning: the solution is invalid: {drawing.violations[0]}")
    if drawing.status is Status.UNKNOWN:  # the solve inside stopped at the time limit
        _out_of_time(family, "solution to draw", time_limit, as_json)
    if drawing.status is not None and drawing.solution is None:
        say(f"{drawing.status.value}: nothing to draw but the puzzle")
    if as_json:
        print_json(drawing.to_json())
    if svg is not None:
        write_new_file(svg, drawing.svg(), force, "--svg")
        if svg != "-":
            say(f"wrote {svg}")
        return
    if not as_json:
        print_board(family.render_text(instance, drawing.solution, options))


def hint_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Puzzle,
    placed: Annotated[
        str | None,
        typer.Argument(
            metavar="PARTIAL_JSON",
            help="the placements so far: solution JSON, maybe incomplete (inline or a file)",
        ),
    ] = None,
    all_forced: Annotated[
        bool,
        typer.Option("--all-forced", help="also list every placement that follows (spoils the puzzle)"),
    ] = False,
    time_limit: TimeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """A hint: one step that follows, with its reason, or the mistakes in the placements so far."""
    if puzzle == "-" and placed == "-":
        raise BadInput("only one of PUZZLE and PARTIAL_JSON can be read from stdin")
    instance = requests.read_instance(family, puzzle, options, what="PUZZLE")
    partial = requests.load_json_argument(placed, what="PARTIAL_JSON") if placed is not None else None
    with _located(partial):
        answer = _within(
            time_limit,
            family,
            "hint",
            as_json,
            lambda: requests.hint(
                family, instance, None if partial is None else partial.data, all_forced=all_forced
            ),
        )
    if as_json:
        print_json(answer)
    else:
        print_hint(answer)


Puzzles = Annotated[
    list[str], typer.Argument(metavar="PUZZLE...", help="puzzle files (- for stdin) or game IDs")
]


def grade_command(
    family: Family,
    options: dict[str, Any],
    puzzles: Puzzles,
    time_limit: TimeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Grade puzzles: the difficulty level of each (or unsolvable / ambiguous)."""
    code = EXIT_OK
    for argument in puzzles:
        records = requests.read_instances(family, argument, options, what="PUZZLE")
        for record in records:
            if record.error is not None:
                code = _bad_record(family, record, as_json)
                continue
            answer = requests.grade(family, record.instance, time_limit)
            if as_json:
                print_json(answer)
            else:
                print_grade(record.label, answer, len(records) > 1 or len(puzzles) > 1)
            if answer["difficulty"] == "unknown" and code == EXIT_OK:
                code = EXIT_TIME_LIMIT
    raise typer.Exit(code)


def explain_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Puzzle,
    time_limit: TimeLimit = None,
    as_json: JsonFlag = False,
) -> None:
    """Solve a puzzle step by step: each step's cells, rule and reason."""
    instance = requests.read_instance(family, puzzle, options, what="PUZZLE")
    answer = requests.explain(family, instance, time_limit)
    if as_json:
        print_json(answer)
    else:
        print_explanation(family, instance, answer, options)
    raise typer.Exit(EXIT_TIME_LIMIT if answer["difficulty"] == "unknown" else EXIT_OK)


def convert_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Puzzle,
    to: Annotated[str, typer.Option("--to", help="the format to write (Family.writes)")] = "text",
    out_path: OutFile = None,
    force: Force = False,
    as_json: JsonFlag = False,
) -> None:
    """Write puzzles in another format (text, json, and the family's own: tents gameid, puzzlink)."""
    requests.check_format(family, to)
    if out_path is not None:
        force = claim_new_file(out_path, force, "--out", as_json)
    records = requests.read_instances(family, puzzle, options, what="PUZZLE")
    code = EXIT_OK
    written: list[str] = []
    for record in records:
        if record.error is not None:
            code = _bad_record(family, record, as_json)
            continue
        try:
            answer = requests.convert(family, record.instance, to)
        except BadInput as error:
            if len(records) == 1:
                raise
            say(f"error: {error.located(source=record.label)}")
            code = EXIT_BAD_INPUT
            continue
        text = answer["text"]
        written.append(text if text.endswith("\n") else text + "\n")
        if as_json:
            print_json(answer)
    # text blocks are separated by a blank line (the text format's separator), the one-line
    # formats (JSON, game IDs, URLs) are one per line
    document = ("\n" if to == "text" else "").join(written)
    if out_path is not None and written:  # no file for nothing written (every puzzle was bad)
        write_new_file(out_path, document, force, "--out")
        if out_path != "-":
            say(f"wrote {plural(len(written), 'puzzle')} to {out_path}")
    elif not as_json:
        write(document)
    raise typer.Exit(code)


def example_command(
    family: Family,
    options: dict[str, Any],
    path: Annotated[
        str | None,
        typer.Argument(metavar="FILE", help="where to write it (default: FAMILY.txt; - prints it)"),
    ] = None,
    force: Force = False,
    name: PublishedName = None,
    listing: ListPublished = False,
) -> None:
    """Write a sample puzzle in the family's text format (FAMILY.txt), to try the other verbs on."""
    if listing:
        ignored = [
            flag for flag, given in (("FILE", path is not None), ("--name", name is not None)) if given
        ]
        if ignored:
            raise BadInput(
                f"--list prints the names of the published puzzles and writes none: drop {ignored[0]}"
            )
        print_library(family, family.library())
        return
    target = path if path is not None else f"{family.name}.txt"
    chosen = requests.example(family) if name is None else requests.published(family, name)
    write_new_file(target, chosen["text"], force, "FILE")
    if target != "-":
        say(f"wrote {target}: try 'boardlab {family.name} solve {target}'")


VERBS: dict[str, Callable[..., Any]] = {
    "solve": solve_command,
    "count": count_command,
    "generate": generate_command,
    "check": check_command,
    "render": render_command,
    "hint": hint_command,
    "grade": grade_command,
    "explain": explain_command,
    "convert": convert_command,
    "example": example_command,
}

#: Verbs only some families offer, and the `Family` flag that says whether one does (`convert`:
#: the formats it writes, `Family.writes`; text and JSON in every family).
CAPABILITIES = {"grade": "offers_grade", "explain": "offers_explain", "convert": "writes"}


def verbs_of(family: Family) -> dict[str, Callable[..., Any]]:
    """The verbs `family` offers (`VERBS` less those whose capability flag it does not set)."""
    return {
        verb: function
        for verb, function in VERBS.items()
        if verb not in CAPABILITIES or getattr(family, CAPABILITIES[verb])
    }
