"""Tiny real experiments for testing `boardlab bench` (imported by the tests, never by boardlab).

Family "tiny" holds well-behaved experiments: N-Queens counts through the family registry
(bitboard against CP-SAT, a series with a reference) and a plain pure-Python count. Family
"tinybad" holds the misbehaving ones the runner must survive: a count that gives up at its time
limit, one that ignores it (the runner must kill it), one that raises, and one whose case list
cannot be built.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from boardlab.bench.experiment import Case, Experiment, Measurement, register
from boardlab.core.deadline import Deadline
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest

#: Number of n-queens solutions (OEIS A000170), the ground truth the tests check values against.
A000170 = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200}


def count_queens(n: int, deadline: float | None = None) -> int | None:
    """Pure-Python bitmask backtracking count; None when `deadline` (perf_counter) passes first."""
    full = (1 << n) - 1
    nodes = 0

    def place(cols: int, left: int, right: int) -> int | None:
        nonlocal nodes
        if cols == full:
            return 1
        nodes += 1
        if deadline is not None and nodes % 1024 == 0 and time.perf_counter() > deadline:
            return None
        total = 0
        free = full & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            found = place(cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
            if found is None:
                return None
            total += found
        return total

    return place(0, 0, 0)


# ---- family "tiny" ---------------------------------------------------------------------------
def _queens_cases(quick: bool) -> list[Case]:
    sizes = [4, 5, 6] if quick else [4, 5, 6, 7]
    return [
        Case(f"n={n} {backend}", {"n": n, "backend": backend})
        for n in sizes
        for backend in ("bitboard", "cpsat")
    ]


def _queens_run(case: Case, time_limit: float | None) -> Measurement:
    family = get("nqueens")
    instance = family.from_size(case.params["n"], {})
    request = SolveRequest(Mode.COUNT, backend=case.params["backend"], deadline=Deadline.after(time_limit))
    result = family.solve(instance, request)
    return Measurement(result.status.value, result.stats.seconds, result.count, result.stats.to_json())


QUEENS = register(
    Experiment(
        family="tiny",
        name="queens",
        title="N-Queens counts by backend",
        description="Count all solutions with the bitboard counter and with CP-SAT.",
        cases=_queens_cases,
        run=_queens_run,
        x="n",
        series="backend",
        reference="bitboard",
        baseline_figures={"n=6 bitboard": 4, "n=5 cpsat": 10},
        baseline_source="OEIS A000170 (counts, not times)",
        value_label="count",
        stats_columns=("branches",),
    )
)


def _plain_cases(quick: bool) -> list[Case]:
    return [Case(f"n={n}", {"n": n}) for n in ([5, 6] if quick else [5, 6, 7, 8])]


def _plain_run(case: Case, time_limit: float | None) -> Measurement:
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    found = count_queens(case.params["n"], deadline)
    seconds = time.perf_counter() - start
    return Measurement("unknown" if found is None else "solved", seconds, found)


PLAIN = register(
    Experiment(
        family="tiny",
        name="plain",
        title="Pure-Python N-Queens count",
        description="A plain experiment: no series, x = n.",
        cases=_plain_cases,
        run=_plain_run,
        x="n",
        value_label="count",
    )
)


# ---- family "tinybad" ------------------------------------------------------------------------
def _slow_cases(quick: bool) -> list[Case]:
    return [Case("n=5", {"n": 5}), Case("n=6", {"n": 6}), Case("n=15", {"n": 15})]


SLOW = register(
    Experiment(
        family="tinybad",
        name="slow",
        title="A count that gives up at its time limit",
        description="n=15 takes minutes in pure Python: status unknown at the limit.",
        cases=_slow_cases,
        run=_plain_run,
        x="n",
    )
)


def _stubborn_run(case: Case, time_limit: float | None) -> Measurement:
    start = time.perf_counter()
    found = count_queens(case.params["n"])  # ignores the time limit on purpose
    return Measurement("solved", time.perf_counter() - start, found)


STUBBORN = register(
    Experiment(
        family="tinybad",
        name="stubborn",
        title="A count that ignores its time limit",
        description="The runner must kill it (n=5 first: the warm-up, which may take longer, runs n=5).",
        cases=lambda quick: [Case("n=5", {"n": 5}), Case("n=16", {"n": 16})],
        run=_stubborn_run,
    )
)


def _broken_run(case: Case, time_limit: float | None) -> Measurement:
    if case.params["n"] == 3:
        raise ValueError("no luck with n=3")
    return _plain_run(case, time_limit)


BROKEN = register(
    Experiment(
        family="tinybad",
        name="broken",
        title="An experiment that raises",
        description="One case raises.",
        cases=lambda quick: [Case("n=3", {"n": 3}), Case("n=4", {"n": 4})],
        run=_broken_run,
    )
)


def _no_cases(quick: bool) -> list[Case]:
    raise RuntimeError("cannot list cases")


NOCASES = register(
    Experiment(
        family="tinybad",
        name="nocases",
        title="An experiment whose cases cannot be listed",
        description="cases() raises.",
        cases=_no_cases,
        run=_plain_run,
    )
)


# ---- family "tinyrand" -----------------------------------------------------------------------
def _random_run(case: Case, time_limit: float | None) -> Measurement:
    import random

    start = time.perf_counter()
    drawn = random.randrange(10**9)  # the runner seeds `random` before each run
    return Measurement("solved", time.perf_counter() - start, drawn)


RANDOM = register(
    Experiment(
        family="tinyrand",
        name="draw",
        title="A random draw",
        description="Shows the runner's seed at work.",
        cases=lambda quick: [Case("draw", {})],
        run=_random_run,
    )
)


def read_results(path: Path) -> list[dict[str, Any]]:
    """The records of a results file (for the tests)."""
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
