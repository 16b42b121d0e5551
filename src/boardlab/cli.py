"""The `boardlab` command line, built from the family registry.

`boardlab FAMILY VERB ...` exists for every registered family, with the verbs solve, count,
generate, check and render; each family's own options (declared in `Family.options`) are added
to the verbs they belong to. Exit codes (DESIGN.md): 0 answered (also "no solution"), 1 a checked
solution is invalid, 2 bad input or usage, 3 time limit reached without an answer, 4 internal
error (an answer failed verification). Errors are one line on stderr, never a traceback
(set BOARDLAB_DEBUG=1 to see one).
"""

from __future__ import annotations

import functools
import gc
import inspect
import json
import os
import sys
from typing import TYPE_CHECKING, Annotated, Any, Callable, Optional

import typer
from rich.console import Console
from rich.markup import escape

from boardlab import __version__
from boardlab.bench.command import bench_command
from boardlab.core import registry
from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput, BoardlabError, SolverBug
from boardlab.core.family import Family, Record
from boardlab.core.io import load_json_argument, read_instances
from boardlab.core.results import Mode, Result, SolveRequest, Status

if TYPE_CHECKING:
    from rich.progress import Progress

EXIT_OK, EXIT_INVALID, EXIT_BAD_INPUT, EXIT_TIME_LIMIT, EXIT_INTERNAL = 0, 1, 2, 3, 4


def _click_exceptions(name: str) -> tuple[type[BaseException], ...]:
    """The click exception class `name` of the click typer runs on: its vendored copy (recent
    typer) or else click itself. A typer with its own copy never raises click's classes, so
    click (often installed too, for uvicorn) is not imported for nothing."""
    for module_name in ("typer._click.exceptions", "click.exceptions"):
        try:
            module = __import__(module_name, fromlist=[name])
        except ImportError:
            continue
        return (getattr(module, name),) if hasattr(module, name) else ()
    return ()


_EXIT = _click_exceptions("Exit") + (typer.Exit,)
_ABORT = _click_exceptions("Abort") + (typer.Abort,)
_HELP = _click_exceptions("NoArgsIsHelpError")
_USAGE = _click_exceptions("ClickException")

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

app = typer.Typer(
    name="boardlab",
    help="A constraint-programming lab for chessboard and grid puzzles.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

STATUS_STYLE = {
    Status.SOLVED: "bold green",
    Status.OPTIMAL: "bold green",
    Status.FEASIBLE: "bold yellow",
    Status.UNSATISFIABLE: "bold red",
    Status.UNKNOWN: "bold magenta",
}


# ---- building commands with family-specific options ------------------------------------------
def _family_parameters(family: Family, verb: str) -> list[inspect.Parameter]:
    params = []
    for option in family.options:
        if verb not in option.verbs:
            continue
        info = typer.Option(
            option.flag,
            help=escape(option.help + (f" (one of: {', '.join(option.choices)})" if option.choices else "")),
            min=option.minimum if option.type in (int, float) else None,
            max=option.maximum if option.type in (int, float) else None,
            show_default=option.default is not None,
        )
        annotation = Annotated[option.type if option.default is not None else Optional[option.type], info]
        params.append(inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=option.default, annotation=annotation))
    return params


def _with_parameters(function: Callable[..., Any], family: Family, verb: str) -> Callable[..., Any]:
    """`function` with the family's options for `verb` added to its signature.

    The wrapper splits the family options off into one `options` dict for `function`.
    """
    base = inspect.signature(function, eval_str=True)
    extra = _family_parameters(family, verb)
    names = {p.name for p in extra}
    clash = names & set(base.parameters)
    if clash:
        raise RuntimeError(f"{family.name} option(s) {clash} clash with common options")

    def command(**kwargs: Any) -> Any:
        options = {name: kwargs.pop(name) for name in names}
        choices = {o.name: o.choices for o in family.options if o.choices}
        for name, value in options.items():
            if value is not None and name in choices and value not in choices[name]:
                raise BadInput(f"--{name.replace('_', '-')} must be one of {', '.join(choices[name])}, got '{value}'")
        return function(family=family, options=options, **kwargs)

    parameters = [p for p in base.parameters.values() if p.name not in ("family", "options")] + extra
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__doc__ = function.__doc__
    return command


class _Interrupted(BaseException):
    """Ctrl-C during a command, on its way to `main`. typer turns a KeyboardInterrupt into a
    silent exit code 130 (click into Abort), so a command cannot let it through: it raises this
    instead (a BaseException, like KeyboardInterrupt, so no `except Exception` stops it)."""


def _interruptible(function: Callable[..., Any]) -> Callable[..., Any]:
    """`function` (a command), raising `_Interrupted` where it was interrupted by Ctrl-C, so that
    `main` says "interrupted" once and exits 130."""

    @functools.wraps(function)
    def command(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except KeyboardInterrupt:
            raise _Interrupted() from None

    return command


# ---- shared pieces ---------------------------------------------------------------------------
JsonFlag = Annotated[bool, typer.Option("--json", help="print JSON (one object per puzzle, one per line)")]
TimeLimit = Annotated[Optional[float], typer.Option("--time-limit", min=0.0, help="stop after this many seconds (status unknown)")]
Workers = Annotated[Optional[int], typer.Option("--workers", min=1, help="parallel workers where the backend uses them")]
Backend = Annotated[Optional[str], typer.Option("--backend", help="solver backend (see `boardlab families`)")]
Strategy = Annotated[Optional[str], typer.Option("--strategy", help="search strategy (see `boardlab families`)")]
SolverSeed = Annotated[Optional[int], typer.Option("--seed", help="random seed of the solver")]
Limit = Annotated[Optional[int], typer.Option("--limit", min=1, help="at most K solutions")]


def _progress() -> tuple[Progress | None, Callable[[int, int], None] | None]:
    """A progress bar on stderr (only when it is a terminal) and the callback that feeds it."""
    if not err.is_terminal:
        return None, None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
        console=err, transient=True,
    )
    task = bar.add_task("subproblems", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return bar, update


def _records(family: Family, argument: str, options: dict[str, Any]) -> list[Record]:
    return read_instances(family, argument, options)


def _print_result(family: Family, record: Record, result: Result, many: bool) -> None:
    if many:
        out.rule(record.label, style="dim")
    status = result.status
    line = f"[{STATUS_STYLE[status]}]{status.value}[/]"
    if result.count is not None:
        line += f"  count: [bold]{result.count}[/]"
    if result.unique is not None:
        line += "  unique: " + ("[bold green]yes[/]" if result.unique else "[bold red]no[/]")
    if status == Status.UNSATISFIABLE:
        line += "  (no solution exists)"
    if status == Status.UNKNOWN:
        line += "  (time limit reached)"
    out.print(line)
    for index, solution in enumerate(result.solutions):
        if len(result.solutions) > 1:
            out.print(f"[dim]solution {index + 1}[/]")
        out.print(family.render_text(record.instance, solution))
    stats = result.stats.to_json()
    shown = {k: v for k, v in stats.items() if v is not None and k != "seconds"}
    out.print(f"[dim]{stats['seconds']:.3f} s  " + "  ".join(f"{k}: {v}" for k, v in shown.items()) + "[/]")


def _error_object(family: Family, record: Record) -> dict[str, Any]:
    return {"family": family.name, "status": "error", "error": str(record.error), "source": record.label}


def _run(family: Family, argument: str, options: dict[str, Any], request: SolveRequest, as_json: bool) -> int:
    records = _records(family, argument, options)
    many = len(records) > 1
    code = EXIT_OK
    bar, update = (None, None) if many else _progress()
    request.progress = update
    for record in records:
        if record.error is not None:
            _say(f"error: {record.error}")
            if as_json:
                print(json.dumps(_error_object(family, record)), flush=True)
            code = EXIT_BAD_INPUT
            continue
        try:
            if bar is not None:
                with bar:
                    result = family.solve(record.instance, request)
            else:
                result = family.solve(record.instance, request)
        except BadInput as error:
            if not many:
                raise
            _say(f"error: {error.located(source=record.label)}")
            code = EXIT_BAD_INPUT
            continue
        if as_json:
            print(json.dumps(result.to_json()), flush=True)
        else:
            _print_result(family, record, result, many)
        if result.status == Status.UNKNOWN and code == EXIT_OK:
            code = EXIT_TIME_LIMIT
    return code


def _single(family: Family, argument: str, options: dict[str, Any]) -> Any:
    records = _records(family, argument, options)
    if len(records) != 1:
        raise BadInput(f"expected one puzzle, found {len(records)}", source=argument)
    if records[0].error is not None:
        raise records[0].error
    return records[0].instance


def _write_new_file(path: str, text: str, force: bool) -> None:
    """Write `text` to `path`, never replacing an existing file unless asked."""
    if path == "-":
        sys.stdout.write(text)
        return
    if os.path.exists(path) and not force:
        if sys.stdin.isatty() and err.is_terminal:
            if not typer.confirm(f"{path} exists. Overwrite?", default=False, err=True):
                raise BadInput("not overwritten", source=path)
        else:
            raise BadInput("file exists (use --force to overwrite)", source=path)
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise BadInput(f"cannot write file: {error.strerror}", source=path) from None


# ---- the verbs -------------------------------------------------------------------------------
def solve_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Annotated[str, typer.Argument(metavar="PUZZLE", help="board size N, puzzle file (- for stdin) or game ID")],
    all_: Annotated[bool, typer.Option("--all", help="all solutions (with --limit: at most K)")] = False,
    limit: Limit = None,
    count: Annotated[bool, typer.Option("--count", help="count the solutions")] = False,
    unique: Annotated[bool, typer.Option("--unique", help="prove the solution unique (stops at a second one)")] = False,
    optimise: Annotated[bool, typer.Option("--optimise", help="optimise (families with an objective)")] = False,
    time_limit: TimeLimit = None,
    backend: Backend = None,
    strategy: Strategy = None,
    workers: Workers = None,
    seed: SolverSeed = None,
    as_json: JsonFlag = False,
) -> None:
    """Solve puzzles: one solution, all, a count, a uniqueness proof, or an optimum."""
    chosen = [name for name, flag in (("--all", all_ or limit is not None), ("--count", count), ("--unique", unique), ("--optimise", optimise)) if flag]
    if len(chosen) > 1:
        raise BadInput(f"choose one of {', '.join(chosen)}")
    mode = Mode.FIRST
    if all_ or limit is not None:
        mode = Mode.ALL
    elif count:
        mode = Mode.COUNT
    elif unique:
        mode = Mode.UNIQUE
    elif optimise:
        mode = Mode.OPTIMISE
    request = SolveRequest(mode, limit, Deadline.after(time_limit), backend, strategy, workers, seed, options)
    raise typer.Exit(_run(family, puzzle, options, request, as_json))


def count_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Annotated[str, typer.Argument(metavar="PUZZLE", help="board size N, puzzle file (- for stdin) or game ID")],
    limit: Annotated[Optional[int], typer.Option("--limit", min=0, help="also list up to K solutions")] = None,
    time_limit: TimeLimit = None,
    backend: Backend = None,
    workers: Workers = None,
    as_json: JsonFlag = False,
) -> None:
    """Count all solutions."""
    request = SolveRequest(Mode.COUNT, limit, Deadline.after(time_limit), backend, None, workers, None, options)
    raise typer.Exit(_run(family, puzzle, options, request, as_json))


def generate_command(
    family: Family,
    options: dict[str, Any],
    seed: Annotated[Optional[int], typer.Option("--seed", help="random seed (same seed, same puzzle)")] = None,
    out_path: Annotated[Optional[str], typer.Option("--out", help="also write the puzzle to this file (.json: JSON, else text)")] = None,
    force: Annotated[bool, typer.Option("--force", help="overwrite --out if it exists")] = False,
    as_json: JsonFlag = False,
) -> None:
    """Generate a puzzle (with a unique solution where the puzzle has clues)."""
    generated = family.generate(seed, options)
    instance_json = family.to_json(generated.instance)
    if out_path is not None:
        text = json.dumps(instance_json) + "\n" if out_path.endswith(".json") else family.dump_text(generated.instance)
        _write_new_file(out_path, text, force)
    if as_json:
        print(json.dumps({
            "family": family.name,
            "instance": instance_json,
            "solution": generated.solution,
            "seed": generated.stats.seed,
            "stats": generated.stats.to_json(),
        }))
        return
    out.print(f"[bold]{family.title}[/] puzzle, seed {generated.stats.seed}:")
    out.print(family.render_text(generated.instance))
    out.print("[dim]text format:[/]")
    out.print(family.dump_text(generated.instance), markup=False, end="")
    out.print("[dim]solution:[/]")
    out.print(family.render_text(generated.instance, generated.solution))


def check_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Annotated[str, typer.Argument(metavar="PUZZLE", help="board size N, puzzle file (- for stdin) or game ID")],
    solution: Annotated[str, typer.Argument(metavar="SOLUTION_JSON", help="solution JSON, inline or a file (- for stdin)")],
    as_json: JsonFlag = False,
) -> None:
    """Check a proposed solution: exit 0 when valid, 1 when not (violations listed)."""
    if puzzle == "-" and solution == "-":
        raise BadInput("only one of PUZZLE and SOLUTION_JSON can be read from stdin")
    instance = _single(family, puzzle, options)
    data = load_json_argument(solution)
    if isinstance(data, dict) and "solutions" in data and isinstance(data["solutions"], list) and data["solutions"]:
        data = data["solutions"][0]  # accept the output of `solve --json` as well
    problems = family.check(instance, data)
    if as_json:
        print(json.dumps({"family": family.name, "valid": not problems, "violations": problems}))
    elif problems:
        out.print("[bold red]invalid[/]")
        for problem in problems:
            out.print(f"  - {problem}", markup=False)
    else:
        out.print("[bold green]valid[/]")
    raise typer.Exit(EXIT_INVALID if problems else EXIT_OK)


def render_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Annotated[str, typer.Argument(metavar="PUZZLE", help="board size N, puzzle file (- for stdin) or game ID")],
    solve: Annotated[bool, typer.Option("--solve", help="draw the puzzle with a solution")] = False,
    solution: Annotated[Optional[str], typer.Option("--solution", help="draw this solution (JSON inline or file)")] = None,
    svg: Annotated[Optional[str], typer.Option("--svg", help="write an SVG file (- for stdout)")] = None,
    force: Annotated[bool, typer.Option("--force", help="overwrite the SVG file if it exists")] = False,
    as_json: Annotated[bool, typer.Option("--json", help='print {"family", "instance", "solution", "svg"}')] = False,
) -> None:
    """Draw a puzzle in the terminal, or as SVG."""
    instance = _single(family, puzzle, options)
    drawn = None
    if solution is not None:
        drawn = family.solution_from_json(instance, load_json_argument(solution))
        problems = family.verify(instance, drawn)
        if problems:
            _say(f"warning: the solution is invalid: {problems[0]}")
    elif solve:
        result = family.solve(instance, SolveRequest())
        if not result.solutions:
            _say(f"{result.status.value}: nothing to draw but the puzzle")
        drawn = result.solutions[0] if result.solutions else None
    if as_json:
        print(json.dumps({"family": family.name, "instance": family.to_json(instance), "solution": drawn, "svg": family.render_svg(instance, drawn)}))
    if svg is not None:
        _write_new_file(svg, family.render_svg(instance, drawn), force)
        if svg != "-":
            _say(f"wrote {svg}")
        return
    if not as_json:
        out.print(family.render_text(instance, drawn))


def hint_command(
    family: Family,
    options: dict[str, Any],
    puzzle: Annotated[str, typer.Argument(metavar="PUZZLE", help="board size N, puzzle file (- for stdin) or game ID")],
    placed: Annotated[Optional[str], typer.Argument(metavar="PARTIAL_JSON", help="the placements so far (JSON inline or file), as Family.hint documents")] = None,
    as_json: JsonFlag = False,
) -> None:
    """A hint: the next placement that follows, or the mistakes in the placements so far."""
    instance = _single(family, puzzle, options)
    partial = load_json_argument(placed) if placed is not None else None
    answer = family.hint(instance, partial)
    if as_json:
        print(json.dumps(answer))
        return
    out.print(f"[bold]{escape(str(answer.get('status')))}[/]: {escape(str(answer.get('message')))}", highlight=False)
    for key in ("place", "remove"):
        if answer.get(key):
            out.print(f"  {key}: {json.dumps(answer[key])}", markup=False)
    for key, value in answer.items():
        if key not in ("status", "message", "place", "remove"):
            out.print(f"  {key}: {json.dumps(value)}", markup=False)


VERBS: dict[str, Callable[..., Any]] = {
    "solve": solve_command,
    "count": count_command,
    "generate": generate_command,
    "check": check_command,
    "render": render_command,
    "hint": hint_command,
}


def _family_app(family: Family) -> typer.Typer:
    sub = typer.Typer(help=f"{family.title}: {family.rules}", no_args_is_help=True, add_completion=False)
    for verb, function in VERBS.items():
        sub.command(verb, help=function.__doc__)(_interruptible(_with_parameters(function, family, verb)))
    return sub


@app.command("families")
@_interruptible
def families_command(as_json: JsonFlag = False) -> None:
    """List the registered puzzle families, their backends, strategies and options."""
    found = registry.families()
    if as_json:
        print(json.dumps([family.describe() for family in found]))
        return
    for family in found:
        out.print(f"[bold]{family.name}[/]  {family.title}")
        out.print(f"  {family.rules}", markup=False)
        out.print(f"  [dim]backends:[/] {', '.join(family.backends)}")
        if family.strategies:
            out.print(f"  [dim]strategies:[/] {', '.join(family.strategies)}")
        for option in family.options:
            out.print(f"  [dim]{option.flag} ({'/'.join(option.verbs)}):[/] {escape(option.help)}", highlight=False)


@app.command("serve")
@_interruptible
def serve_command(
    host: Annotated[str, typer.Option("--host", help="address to listen on (127.0.0.1: this machine only)")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port")] = 8000,
    workers: Annotated[Optional[int], typer.Option("--workers", min=1, max=32, help="solver processes (solves at once)")] = None,
) -> None:
    """Serve the web page and the JSON API on http://HOST:PORT/ (needs the web extra)."""
    try:
        from boardlab.web.server import serve
    except ImportError as error:
        raise BadInput(f"boardlab serve needs the web extra: pip install 'boardlab[web]' ({error})") from None
    serve(host, port, workers)


def _version(value: bool) -> None:
    if value:
        print(f"boardlab {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True, help="print the version")] = False,
) -> None:
    """A constraint-programming lab for chessboard and grid puzzles."""


for _family in registry.families():
    app.add_typer(_family_app(_family), name=_family.name)

app.command("bench")(_interruptible(bench_command))


def _say(message: str) -> None:
    """One line on stderr, never wrapped."""
    print(f"boardlab: {' '.join(message.split())}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command, turning every error into one line and an exit code."""
    if argv is None:
        # Run as the program: the command's imports (numba, OR-Tools) allocate ~10^5 objects
        # that live until exit; collecting the young generation every 100,000 allocations
        # instead of 700 spares ~0.04 s of repeated full collections (measured), and
        # long-running commands (serve, bench) still collect.
        gc.set_threshold(100_000, 50, 100)
    command = typer.main.get_command(app)
    try:
        code = command.main(args=argv, prog_name="boardlab", standalone_mode=False)
    except _EXIT as stop:
        code = getattr(stop, "exit_code", EXIT_OK)
    except _HELP as shown:
        print(shown.format_message(), file=sys.stderr)
        code = EXIT_BAD_INPUT
    except _USAGE as error:
        _say(f"error: {error.format_message()}")
        code = EXIT_BAD_INPUT
    except (KeyboardInterrupt, _Interrupted, *_ABORT):
        _say("interrupted")
        code = 130
    except SolverBug as bug:
        _say(f"internal error: {bug}")
        code = EXIT_INTERNAL
    except BoardlabError as error:
        _say(f"error: {error}")
        code = EXIT_BAD_INPUT
    except BrokenPipeError:
        code = EXIT_OK
    except Exception as error:  # a bug: one line, unless debugging
        if os.environ.get("BOARDLAB_DEBUG"):
            raise
        _say(f"internal error: {type(error).__name__}: {error} (BOARDLAB_DEBUG=1 shows the traceback)")
        code = EXIT_INTERNAL
    if argv is None:
        # Run as the program (not called with arguments, as tests do): the process ends now,
        # so spare the interpreter's last garbage collections over the ~10^5 objects numba,
        # OR-Tools and rich leave behind (0.1-0.2 s of every nqueens count, measured). Exit
        # handlers still run and files are still closed; only reference cycles are left to
        # the operating system.
        gc.freeze()
    sys.exit(code if isinstance(code, int) else EXIT_OK)
