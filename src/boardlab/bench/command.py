"""The `boardlab bench` command: run the experiments and write the report, or compare two runs.

Exit codes: 0 done; 1 `--compare` found cases answered differently in the two files; 2 bad
arguments or an unreadable results file; 4 some case raised an error (a bug in an experiment:
the report lists it); 130 interrupted (finished cases are kept, and the report is written from
them; the same command resumes).

Every `boardlab` command builds this command's help, so this module imports only what the
signature needs; the runner, the report and the results files are imported when it runs.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from boardlab.bench.defaults import DEFAULT_REPEAT, DEFAULT_TIME_LIMIT, QUICK_BUDGET
from boardlab.cli.errors import Interrupted
from boardlab.cli.output import write
from boardlab.core.errors import BadInput

if TYPE_CHECKING:
    from boardlab.bench import runner

EXIT_DIFFERENT = 1
EXIT_ERRORS = 4


def _default_out(quick: bool) -> Path:
    return Path("bench-results-quick" if quick else "bench-results")


def _command_line(settings: runner.Settings, given: dict[str, object]) -> str:
    words = ["boardlab", "bench"]
    if settings.quick:
        words.append("--quick")
    for selector in settings.only:
        words += ["--only", selector]
    for flag, value in given.items():
        if value is not None:
            words += [flag, str(value)]
    if settings.fresh:
        words.append("--fresh")
    return shlex.join(words)


def _list(selectors: tuple[str, ...]) -> None:
    """Print the selected experiments: key, cases (quick/full), what they compare, title."""
    from boardlab.bench import runner

    for experiment in runner.select(selectors):
        try:
            counts = f"{len(experiment.cases(True))}/{len(experiment.cases(False))} cases (quick/full)"
        except Exception as error:  # shown, not raised: listing is for finding such problems too
            counts = f"cases fail: {type(error).__name__}: {error}"
        compared = ", ".join(
            f"{label} {value}"
            for label, value in (
                ("x:", experiment.x),
                ("series:", experiment.series),
                ("reference:", experiment.reference),
            )
            if value
        )
        write(f"{experiment.key}\t{counts}\t{compared}\t{experiment.title}\n")


def bench_command(
    quick: Annotated[
        bool,
        typer.Option(
            "--quick",
            help=f"the quick cases, {DEFAULT_TIME_LIMIT[True]:g} s per case, within a {QUICK_BUDGET:g} s budget (CI)",
        ),
    ] = False,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", metavar="FAMILY[/EXPERIMENT]", help="run only these (repeatable)"),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="DIR",
            help="results, report and plots go here (default: bench-results, quick: bench-results-quick)",
        ),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            metavar="S",
            help=f"seconds per case and repeat (default: {DEFAULT_TIME_LIMIT[False]:g}, quick: {DEFAULT_TIME_LIMIT[True]:g})",
        ),
    ] = None,
    repeat: Annotated[
        int | None,
        typer.Option(
            "--repeat",
            metavar="K",
            help=f"repeats per case, the median is kept (default: {DEFAULT_REPEAT[False]}, quick: {DEFAULT_REPEAT[True]})",
        ),
    ] = None,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="discard earlier results in DIR instead of resuming")
    ] = False,
    seed: Annotated[int, typer.Option("--seed", help="random seed set before each run (recorded)")] = 0,
    budget: Annotated[
        float | None,
        typer.Option(
            "--budget",
            metavar="S",
            help=f"stop starting cases after S seconds in all (default: none, quick: {QUICK_BUDGET:g})",
        ),
    ] = None,
    report_only: Annotated[
        bool, typer.Option("--report-only", help="rewrite DIR/report.md from DIR/results.jsonl, run nothing")
    ] = False,
    list_: Annotated[
        bool,
        typer.Option("--list", help="list the experiments (with --only: those) and their cases, run nothing"),
    ] = False,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--compare",
            metavar="A.jsonl B.jsonl",
            help="print time ratios B/A between two results files instead of running",
        ),
    ] = None,
) -> None:
    """Run the families' benchmark experiments and write DIR/report.md (resumable), or compare two runs."""
    err = Console(stderr=True, highlight=False)
    selectors = tuple(only or ())
    if compare is not None:
        extra = [
            flag
            for flag, value in (
                ("--list", list_),
                ("--report-only", report_only),
                ("--quick", quick),
                ("--out", out),
                ("--time-limit", time_limit),
                ("--repeat", repeat),
                ("--fresh", fresh),
                ("--budget", budget),
                ("--seed", seed or None),
            )
            if value
        ]
        if extra:
            raise BadInput(f"--compare takes only --only, not {', '.join(extra)}")
        from boardlab.bench.compare import compare as compare_files

        text, differing = compare_files(compare[0], compare[1], selectors)
        write(text)
        if differing:
            raise typer.Exit(EXIT_DIFFERENT)
        return
    if list_:
        _list(selectors)
        return
    from boardlab.bench import report, runner
    from boardlab.bench.results import ERROR, read_records

    settings = runner.Settings(
        out=out or _default_out(quick),
        quick=quick,
        only=selectors,
        time_limit=time_limit,
        repeat=repeat,
        fresh=fresh,
        seed=seed,
        budget=budget,
    )
    if report_only:
        if fresh:
            raise BadInput("--report-only keeps the results: it cannot be --fresh")
        records = read_records(settings.results_path)
        command = _command_line(settings, {"--out": out})
        written = report.write(
            settings.out,
            records,
            quick=settings.quick,
            source=settings.results_path,
            command=command + " --report-only",
        )
        err.print(f"bench: wrote {written}", markup=False, soft_wrap=True)
        return
    if settings.out.exists() and not settings.out.is_dir():
        raise BadInput("not a directory", source=str(settings.out))
    try:
        settings.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"cannot create the directory: {error.strerror}", source=str(settings.out)) from None
    summary = runner.run(settings, console=err)
    command = _command_line(
        settings,
        {
            "--out": out,
            "--time-limit": time_limit,
            "--repeat": repeat,
            "--budget": budget,
            "--seed": seed or None,
        },
    )
    notes = list(summary.problems)
    if not runner.select(()):
        notes.append("no experiments are registered (a family adds them in bench/experiments/NAME.py)")
    if summary.interrupted:
        notes.append(f"interrupted: {summary.left} of {summary.planned} cases not run yet (rerun to resume)")
    elif summary.left:
        notes.append(f"{summary.left} of {summary.planned} cases not run within the budget (rerun to resume)")
    records = (
        read_records(settings.results_path, tolerate_torn_tail=True) if settings.results_path.exists() else []
    )
    written = report.write(
        settings.out,
        records,
        quick=settings.quick,
        source=settings.results_path,
        command=command,
        notes=notes,
    )
    statuses = ", ".join(f"{status} {count}" for status, count in sorted(summary.statuses.items()))
    err.print(
        f"bench: ran {summary.ran} case(s)"
        + (f" ({statuses})" if statuses else "")
        + f", {summary.already} already in {settings.results_path}"
        + (f", {summary.left} not run" if summary.left else ""),
        markup=False,
        soft_wrap=True,
    )
    for problem in notes:
        err.print(f"bench: {problem}", markup=False, soft_wrap=True)
    err.print(f"bench: wrote {written}", markup=False, soft_wrap=True)
    if summary.interrupted:
        err.print("bench: interrupted; finished cases are kept, the same command resumes", markup=False)
        raise Interrupted()  # `main` says "interrupted" and exits 130, as for every command
    if summary.statuses.get(ERROR) or summary.problems:
        err.print("bench: some cases failed with an error (listed in the report)", markup=False)
        raise typer.Exit(EXIT_ERRORS)
