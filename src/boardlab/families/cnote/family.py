"""The C-Note family (Erich Friedman's "100"): write digits around given digits to hit the sums.

Backends: `cpsat` (the model of `model_cpsat.py`: any mode, named search strategies, two
formulations of "contains the digit"), `brute` (the plain-Python enumerator of `brute.py`, for small grids:
the ground truth of the tests), `dp` (grids one, two or three cells wide or high, exactly, by
dynamic programming over one line's partial sums, `dp.py`, or two lines', `dp3.py`) and `auto` (the default, `auto_backend`: `dp`
where `dp.cheap` says so and no CP-SAT option is given, `cpsat` otherwise). Options: `--target`
(every row and column, overrides the file), `--model domain|digits`, `--no-presolve` (so that the search strategy alone decides,
as in the strategy experiment); for `generate`: `--size` (N or WxH), `--target`, `--any`, `--mix`.
"""

from __future__ import annotations

import random
import time
from typing import Any

from boardlab.core.deadline import Deadline
from boardlab.core.enumerate import Budget, classify, collect
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.family import Family, Generated
from boardlab.core.grading import Grade
from boardlab.core.options import BoardSize, Option, parse_board_size
from boardlab.core.oracle import Hint
from boardlab.core.results import Mode, Outcome, Result, SolveRequest, Stats
from boardlab.families.cnote import io, render, verify
from boardlab.families.cnote.choices import GRADES, MODELS, STRATEGIES
from boardlab.families.cnote.io import CNoteInstance


def auto_backend(instance: CNoteInstance, request: SolveRequest) -> str:
    """The backend `auto` runs: `cpsat` when an option of CP-SAT's is given (`--strategy`,
    `--model`, `--no-presolve`, `--seed`), else `dp` on a grid one, two or three cells wide or
    high where its steps are few (`dp.cheap`: exact and far faster there; the generator's final
    proof of a 2x7 puzzle at 725 took CP-SAT 20-33 s, forty-first session), else `cpsat`."""
    from boardlab.families.cnote import dp

    cpsat_only = request.strategy is not None or request.seed is not None
    if cpsat_only or request.options.get("model") or request.options.get("no_presolve"):
        return "cpsat"
    return "dp" if dp.cheap(instance) else "cpsat"


class CNote(Family[CNoteInstance]):
    name = "cnote"
    title = "C-Note"
    rules = (
        "A grid of single digits: write digits before and/or after each one (possibly none) so that "
        "every row and every column adds up to the target (100 unless stated; a target per row and "
        "per column may be given). Every number is a positive integer without leading zeros whose "
        "decimal writing contains the cell's digit."
    )
    puzzle_help = (
        "a puzzle file: rows of digits and an optional 'target: N' line (or JSON); - for stdin "
        "(write one with 'boardlab cnote example')"
    )
    hint_help = 'the numbers written so far: {"grid": [[n or null, ...], ...]}, one row per grid row'
    backends = ("auto", "cpsat", "brute", "dp")
    seeded_backends = ("auto", "cpsat")
    parallel_backends = ("auto", "cpsat")
    strategies = STRATEGIES
    modes = frozenset({Mode.FIRST, Mode.ALL, Mode.COUNT, Mode.UNIQUE})
    has_clues = True
    offers_hints = True
    levels = GRADES
    offers_grade = True
    options = (
        Option(
            "target",
            int,
            None,
            "target of every row and column (overrides the puzzle's; default 100)",
            verbs=("solve", "count", "generate", "render", "check", "hint", "grade", "convert"),
            minimum=1,
            maximum=io.MAX_TARGET,
        ),
        Option(
            "model",
            str,
            None,
            "formulation of 'contains the digit' (default auto: domain, or digits where a cell's number may exceed 20,000)",
            choices=MODELS,
        ),
        Option(
            "no_presolve",
            bool,
            False,
            "switch CP-SAT presolve off (so that the search strategy alone decides)",
        ),
        Option(
            "size",
            BoardSize,
            "4x4",
            "grid of the generated puzzle: N (N x N) or WxH (W columns, H rows)",
            verbs=("generate",),
            minimum=1,
            maximum=io.MAX_SIDE,
            rectangular=True,
        ),
        Option(
            "any",
            bool,
            False,
            "generate any puzzle the planted solution solves, not necessarily "
            "with exactly one solution (default: unique; instant at every target)",
            verbs=("generate",),
        ),
        Option(
            "mix",
            int,
            None,
            "random changes tried on a unique puzzle's solution to make it less regular "
            "(default twice the longer side; 0: none, faster)",
            verbs=("generate",),
            minimum=0,
            maximum=10_000,
        ),
    )

    formats = io
    drawing = render

    # formats

    def apply_options(self, instance: CNoteInstance, options: dict[str, Any]) -> CNoteInstance:
        target = options.get("target")
        return io.with_target(instance, target) if target is not None else instance

    def verify(self, instance: CNoteInstance, solution: dict[str, Any]) -> list[str]:
        return verify.violations(instance.grid, instance.rows, instance.cols, solution)

    # solving
    def solve_instance(self, instance: CNoteInstance, request: SolveRequest) -> Result:
        backend = request.backend or "auto"
        if backend == "auto":
            backend = auto_backend(instance, request)
            request = self.auto_workers(request, backend)
        if backend == "brute":
            outcome = self._brute(instance, request)
        elif backend == "dp":
            outcome = self._dp(instance, request)
        else:
            from boardlab.families.cnote import model_cpsat as model

            outcome = model.solve(instance, request)
        return outcome.to_result(self.name, self.to_json(instance))

    def _native(self, name: str, request: SolveRequest) -> None:
        """Unsupported for the CP-SAT options on a backend of its own (`brute`, `dp`)."""
        if request.strategy not in (None, "portfolio"):
            raise Unsupported("search strategies apply to the cpsat backend")
        for option, flag in (("model", "--model"), ("no_presolve", "--no-presolve")):
            if request.options.get(option):
                raise Unsupported(f"{flag} applies to the cpsat backend, not to {name}")

    def _brute(self, instance: CNoteInstance, request: SolveRequest) -> Outcome:
        """The brute-force enumerator as a native producer for the core engine."""
        from boardlab.families.cnote.brute import solutions

        self._native("brute", request)
        start = time.perf_counter()
        found = solutions(instance, request.deadline)
        outcome = collect(Budget.of(request), found, lambda grid: {"grid": grid})
        seconds = time.perf_counter() - start
        model = "row-major enumeration"
        outcome.stats = Stats(seconds, backend="brute", model=model, extra=outcome.stats.extra)
        return outcome

    def _dp(self, instance: CNoteInstance, request: SolveRequest) -> Outcome:
        """The partial sums of a strip (`dp.Strip`) or of a grid three cells wide or high
        (`dp3.Band`): its solutions through the core engine's consumer, or with `count` its exact
        count (and the solutions `--limit` asks to list)."""
        from boardlab.families.cnote.dp import NotStrip, Strip, solver

        self._native("dp", request)
        start = time.perf_counter()
        try:
            strip = solver(instance, request.deadline)
        except NotStrip as error:
            raise Unsupported(f"{error} (choose --backend cpsat or auto)") from None
        budget = Budget.of(request)
        decode = lambda grid: {"grid": grid}  # noqa: E731
        if request.mode == Mode.COUNT:
            count = strip.count()
            listed = [decode(grid) for _, grid in zip(range(budget.keep or 0), strip.solutions())]
            outcome = classify(budget, count, listed, exhausted=True)
        else:
            outcome = collect(budget, strip.solutions(), decode)
        seconds = time.perf_counter() - start
        lines = "columns" if strip.transposed else "rows"
        if isinstance(strip, Strip):
            model = f"partial sums of the {lines}' first numbers"
        else:
            model = f"partial sums of the {lines}' first two numbers (bitsets)"
        outcome.stats = Stats(seconds, backend="dp", model=model, extra=outcome.stats.extra)
        outcome.stats.extra["dp_steps"] = strip.steps
        if instance.unbalanced is not None:
            outcome.stats.extra["reason"] = instance.unbalanced
        return outcome

    # generating
    def generate_instance(self, seed: int, options: dict[str, Any]) -> Generated[CNoteInstance]:
        from boardlab.families.cnote.generate import generate

        width, height = parse_board_size(
            options.get("size") or 4, rectangular=True, minimum=1, maximum=io.MAX_SIDE
        )
        target = options.get("target") or io.DEFAULT_TARGET
        unique = not options.get("any")
        if not unique and options.get("mix") is not None:
            raise BadInput(
                "--mix changes a unique puzzle's solution, --any makes no unique puzzle: drop --mix"
            )
        if not unique and options.get("difficulty") is not None:
            raise BadInput(
                "--difficulty grades puzzles with one solution, --any makes puzzles that need not "
                "have one: choose one of --any, --difficulty"
            )
        instance, planted, report = generate(height, width, target, seed, unique, moves=options.get("mix"))
        stats = Stats(
            seconds=report.seconds,
            backend="cpsat",
            model=(
                report.extra["planted"]
                if report.extra.get("planted", "").startswith("annealed")
                else "2x2 exhaustion"
                if report.extra.get("planted", "").startswith("one of the")
                else "planted solution" + (" + CEGAR digits" if unique else "")
            ),
        )
        stats.extra.update(
            attempts=report.attempts, uniqueness_checks=report.solves, unique=unique, **report.extra
        )
        return Generated(instance, {"grid": planted}, stats, unique=unique)

    def example_puzzle(self) -> Any:
        return "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n"  # a 4x4 with one solution

    def library(self) -> list[dict[str, Any]]:
        from boardlab.data import CNOTE_PUBLISHED, entries, json_lines

        return entries(json_lines(CNOTE_PUBLISHED))

    def sample(self, rng: random.Random) -> CNoteInstance:
        """Half the time a Friedman-style square of digits 1-9 with one target; otherwise any
        shape, digits 0-9 and per-line targets (solvable or not)."""
        if rng.random() < 0.5:
            n = rng.randint(2, 4)
            grid = [[rng.randint(1, 9) for _ in range(n)] for _ in range(n)]
            return io.make_instance(grid, rng.choice([60, 100, 150]))
        height, width = rng.randint(1, 4), rng.randint(1, 4)
        grid = [[rng.randint(0, 9) for _ in range(width)] for _ in range(height)]
        if height == width and rng.random() < 0.4:
            return io.make_instance(grid, rng.choice([10, 20, 35, 60, 100, 150]))
        rows = [rng.randint(1, 120) for _ in range(height)]
        cols = [rng.randint(1, 120) for _ in range(width)]
        if rng.random() < 0.7 and sum(rows) >= width:  # mostly balanced, so that some have solutions
            total = sum(rows)
            base = total // width
            cols = [base] * (width - 1) + [total - base * (width - 1)]
        return io.make_instance(grid, None, rows, cols)

    # grading
    def grade_instance(self, instance: CNoteInstance, deadline: Deadline) -> Grade:
        """See `grade.py`: easy (line propagation), medium (+ probing), hard (search needed)."""
        from boardlab.families.cnote.grade import grade

        return grade(instance, deadline)

    # playing
    def hint(self, instance: CNoteInstance, partial: dict[str, Any] | None) -> Hint:
        """See `hint.py`: a partial placement is the solution grid with null for empty cells."""
        from boardlab.families.cnote.hint import hint

        return hint(instance, partial)
