"""The N-Queens family: n queens, no two on a row, column or diagonal.

Backends: `construct` (one solution for any n, O(n), optionally streamed to a file),
`bitboard` (numba backtracking: first, all, count, unique; n <= 62; counts of an empty board
use the constellation or the full-symmetry counter, totals and fundamental counts in one pass,
on all cores or Ray; `solve --all --fundamental` lists one solution per symmetry class),
`cpsat` (AllDifferent model: any mode, used to cross-check). `auto` picks construct for one
solution on an empty board, the bitboard otherwise, and CP-SAT for completion puzzles larger
than the bitboard.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from boardlab.core.enumerate import Budget, classify
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.family import Family, Generated
from boardlab.core.options import BoardSize, Option
from boardlab.core.oracle import Hint
from boardlab.core.results import Mode, Outcome, Result, SolveRequest, Stats
from boardlab.families.nqueens import io, render, verify
from boardlab.families.nqueens.choices import EXECUTORS, METHODS
from boardlab.families.nqueens.io import QueensInstance

#: The `model` of a count's stats, per method.
MODELS = {
    "fullsym": "full symmetry (Takahashi 2003)",
    "constellation": "constellations (Q27, NQueensFAF)",
    "lanes": "constellations (Q27, NQueensFAF), 8 searched at once in SIMD lanes",
}


class NQueens(Family[QueensInstance]):
    name = "nqueens"
    title = "N-Queens"
    rules = (
        "Place n queens on an n x n board so that no two share a row, a column or a diagonal. "
        "Queens given in the instance (a completion puzzle) must stay where they are."
    )
    takes_size = True
    puzzle_help = (
        "board size N (an empty N x N board), a puzzle file (rows of Q and ., or JSON) or - for stdin"
    )
    hint_help = 'the queens placed so far: {"queens": [c0, c1, ...]}, the column of each row, null where none'
    backends = ("auto", "bitboard", "construct", "cpsat")
    parallel_backends = ("auto", "bitboard", "cpsat")
    modes = frozenset({Mode.FIRST, Mode.ALL, Mode.COUNT, Mode.UNIQUE})
    has_clues = True
    offers_hints = True
    options = (
        Option(
            "fundamental",
            bool,
            False,
            "solutions up to the 8 symmetries of the square (OEIS A002562): count them, or list one per class (--all)",
            verbs=("count", "solve"),
        ),
        Option(
            "method",
            str,
            None,
            "how an empty board is counted: auto (the faster for n), constellation (Q27 / NQueensFAF),"
            " fullsym (Takahashi) or lanes (constellations in SIMD lanes, n <= 19)",
            choices=METHODS,
            verbs=("count",),
        ),
        Option(
            "executor",
            str,
            None,
            "where an empty board's count runs: auto, serial, processes, threads (numba prange) or ray (boardlab[cluster])",
            choices=EXECUTORS,
            verbs=("count",),
            local=True,
        ),
        Option(
            "address",
            str,
            None,
            "Ray cluster address for --executor ray (default: start a local Ray)",
            verbs=("count",),
            local=True,
        ),
        Option(
            "checkpoint",
            str,
            None,
            "record each finished subproblem in this file; resume from it if it exists",
            verbs=("count",),
            local=True,
            path=True,
        ),
        Option(
            "force",
            bool,
            False,
            "start an empty board's count even when it is projected to take over an hour",
            verbs=("count",),
            local=True,
        ),
        Option(
            "queens_out",
            str,
            None,
            "stream the constructed solution to this new file, one column per line (huge n); the answer then names the file",
            verbs=("solve",),
            local=True,
            path=True,
        ),
        Option(
            "size",
            BoardSize,
            8,
            "board size N of the generated puzzle",
            verbs=("generate",),
            minimum=1,
            maximum=62,
        ),
    )

    formats = io
    drawing = render

    # formats
    def from_size(self, n: int, options: dict[str, Any]) -> QueensInstance:
        return io.make_instance(n)

    def verify(self, instance: QueensInstance, solution: dict[str, Any]) -> list[str]:
        return verify.violations(instance.n, instance.fixed, solution)

    # solving
    def solve_instance(self, instance: QueensInstance, request: SolveRequest) -> Result:
        backend = self._choose_backend(instance, request)
        if request.backend in (None, "auto"):  # the workers it uses: bitboard counts and CP-SAT's
            request = self.auto_workers(  # first solution run on several, the rest on one
                request,
                backend,
                request.mode == Mode.COUNT if backend == "bitboard" else request.mode == Mode.FIRST,
            )
        if backend == "bitboard" and request.mode != Mode.COUNT and (request.workers or 1) > 1:
            raise Unsupported(
                "--workers applies to counting (count) with the bitboard backend; it lists on one worker"
            )
        if request.options.get("fundamental") and (
            request.mode not in (Mode.COUNT, Mode.ALL) or instance.fixed or backend != "bitboard"
        ):
            raise Unsupported(
                "--fundamental counts (count) or lists (solve --all / --limit) the solutions of an empty board, "
                "with the bitboard backend"
            )
        if request.options.get("queens_out") is not None and backend != "construct":
            raise Unsupported("--queens-out writes the constructed solution of an empty board (mode 'first')")
        board_only = [
            o
            for o in ("executor", "method", "address", "checkpoint")
            if request.options.get(o) not in (None, "auto")
        ]
        if board_only and (request.mode != Mode.COUNT or instance.fixed or backend != "bitboard"):
            raise Unsupported(
                f"--{board_only[0]} applies to counting an empty board with the bitboard backend"
            )
        if backend == "construct":
            outcome = self._construct(instance, request)
        elif backend == "bitboard":
            outcome = self._bitboard(instance, request)
        else:
            from boardlab.families.nqueens import model_cpsat as model

            outcome = model.solve(instance, request)
        return outcome.to_result(self.name, self.to_json(instance))

    def _choose_backend(self, instance: QueensInstance, request: SolveRequest) -> str:
        from boardlab.families.nqueens.counter import MAX_BITBOARD_N

        backend = request.backend or "auto"
        if request.mode == Mode.COUNT and not instance.fixed and instance.n > MAX_BITBOARD_N:
            raise Unsupported(
                f"counting all solutions is out of reach for n = {instance.n} (the counter handles n <= {MAX_BITBOARD_N})"
            )
        if backend == "auto":
            if request.mode == Mode.FIRST and not instance.fixed and instance.n not in (2, 3):
                return "construct"
            return "bitboard" if instance.n <= MAX_BITBOARD_N else "cpsat"
        if backend == "construct" and (request.mode != Mode.FIRST or instance.fixed):
            raise Unsupported(
                "the construct backend gives one solution of an empty board (mode 'first' only)"
            )
        if backend == "bitboard" and instance.n > MAX_BITBOARD_N:
            raise Unsupported(f"the bitboard backend handles n <= {MAX_BITBOARD_N}")
        if (
            request.mode in (Mode.ALL, Mode.COUNT, Mode.UNIQUE)
            and instance.n > MAX_BITBOARD_N
            and not instance.fixed
        ):
            raise Unsupported(f"counting or enumerating all solutions is out of reach for n = {instance.n}")
        return backend

    def _construct(self, instance: QueensInstance, request: SolveRequest) -> Outcome:
        from boardlab.families.nqueens import construct

        start = time.perf_counter()
        path = request.options.get("queens_out")
        stats = Stats(backend="construct", model="Bernhardsson 1991")
        if not construct.solvable(instance.n):  # n = 2, 3: proved, no search needed
            stats.seconds = time.perf_counter() - start
            outcome = classify(Budget.of(request), 0, [], exhausted=True)
            outcome.stats = stats
            return outcome
        if path is None:
            solution: dict[str, Any] = {"queens": construct.construct(instance.n).tolist()}  # type: ignore[union-attr]
        else:
            if os.path.exists(path):
                raise BadInput("file exists (choose a new file for --queens-out)", source=path)
            try:
                with open(path, "wb") as handle:
                    construct.write(instance.n, handle)
            except OSError as error:
                raise BadInput(f"cannot write file: {error.strerror}", source=path) from None
            solution = {"queens_file": path}
        stats.seconds = time.perf_counter() - start
        outcome = classify(Budget.of(request), 1, [solution], exhausted=False)
        outcome.stats = stats
        return outcome

    def _count_board(self, n: int, request: SolveRequest, start: float) -> Outcome:
        """Empty board: the constellation or full-symmetry counter, totals and fundamental counts
        in one pass."""
        from boardlab.core.words import duration
        from boardlab.families.nqueens.parallel import (
            PROJECTION_GROWTH,
            REFUSE_ABOVE,
            count_board,
            projected_seconds,
        )

        if request.limit is not None:  # it was dropped: the count came back with no solution listed
            raise Unsupported(
                "the counter of an empty board counts without listing: a limit (solutions listed) "
                "needs mode all, or --backend cpsat"
            )
        options = request.options
        projected = projected_seconds(n, request.workers)
        if projected > REFUSE_ABOVE and not request.deadline.limited and not options.get("force"):
            raise BadInput(
                f"counting the {n}x{n} board is projected to take about {duration(projected)} here "
                f"(from measured times, x{PROJECTION_GROWTH:g} per n; docs/nqueens.md): give --time-limit S "
                "to count for S seconds (with --checkpoint FILE to resume later), or --force to start anyway"
            )
        counted = count_board(
            n,
            workers=request.workers,
            executor=options.get("executor") or "auto",
            method=options.get("method") or "auto",
            address=options.get("address"),
            checkpoint=options.get("checkpoint"),
            deadline=request.deadline,
            progress=request.progress,
        )
        seconds = time.perf_counter() - start
        model = MODELS[counted.method]
        stats = Stats(seconds=seconds, backend="bitboard", model=model, workers=counted.workers)
        stats.extra.update(
            method=counted.method,
            executor=counted.executor,
            subproblems=counted.subproblems,
            subproblems_finished=counted.finished,
            subproblems_resumed=counted.resumed,
            split_depth=counted.depth,
        )
        if not counted.complete:
            stats.extra["counted_so_far"] = counted.total
            if counted.fundamental is not None:  # a constellation count knows it only at the end
                stats.extra["fundamental_so_far"] = counted.fundamental
        else:
            stats.extra.update(
                total=counted.total,
                fundamental=counted.fundamental,
                symmetry_classes={"2": counted.classes[0], "4": counted.classes[1], "8": counted.classes[2]},
                solutions_per_second=round(counted.total / seconds) if seconds > 0 else None,
            )
        number = counted.fundamental if options.get("fundamental") else counted.total
        return _counted(request, number or 0, counted.complete, stats)

    def _bitboard(self, instance: QueensInstance, request: SolveRequest) -> Outcome:
        """The numba counters and enumerator: native producers for the core engine's classifier."""
        from boardlab.families.nqueens import counter

        start = time.perf_counter()
        stats = Stats(backend="bitboard", workers=request.workers or 1)
        if request.mode == Mode.COUNT and not instance.fixed:
            return self._count_board(instance.n, request, start)
        if request.mode == Mode.COUNT:
            fundamental = bool(request.options.get("fundamental"))
            counted = counter.count(
                instance.n,
                instance.fixed,
                fundamental=fundamental,
                workers=request.workers or 1,
                deadline=request.deadline,
                progress=request.progress,
            )
            stats.seconds = time.perf_counter() - start
            stats.extra.update(subproblems=counted.subproblems, subproblems_finished=counted.finished)
            if not counted.complete:
                stats.extra["counted_so_far"] = counted.total
            else:
                stats.extra["total"] = counted.total
                if fundamental:
                    stats.extra["fundamental"] = counted.fundamental
                if stats.seconds > 0:
                    stats.extra["solutions_per_second"] = round(counted.total / stats.seconds)
            number = counted.fundamental if fundamental else counted.total
            return _counted(request, number or 0, counted.complete, stats)
        budget = Budget.of(request)
        found, complete = counter.enumerate_solutions(
            instance.n,
            instance.fixed,
            limit=budget.stop_at,
            deadline=request.deadline,
            canonical=bool(request.options.get("fundamental")),
        )
        stats.seconds = time.perf_counter() - start
        outcome = classify(budget, len(found), [{"queens": q} for q in found], complete)
        stats.extra.update(outcome.stats.extra)
        outcome.stats = stats
        return outcome

    # generating
    def generate_instance(self, seed: int, options: dict[str, Any]) -> Generated[QueensInstance]:
        from boardlab.families.nqueens.generate import generate

        size = options.get("size") or 8
        start = time.perf_counter()
        instance, queens = generate(io.check_size(size, "size"), seed)
        return Generated(
            instance, {"queens": queens}, Stats(seconds=time.perf_counter() - start, backend="bitboard")
        )

    def example_puzzle(self) -> Any:
        return 8

    def sample(self, rng: random.Random) -> QueensInstance:
        n = rng.randint(1, 10)
        squares = {(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 3))}
        return io.make_instance(n, sorted(squares))

    # playing
    def hint(self, instance: QueensInstance, partial: dict[str, Any] | None) -> Hint:
        from boardlab.families.nqueens.hint import hint

        return hint(instance, partial)


def _counted(request: SolveRequest, number: int, complete: bool, stats: Stats) -> Outcome:
    """A count by a numba counter, classified by the core engine (no solutions listed)."""
    outcome = classify(Budget.of(request), number, [], complete)
    stats.extra.update(outcome.stats.extra)
    outcome.stats = stats
    return outcome
