"""N-Queens experiments for `boardlab bench`.

* `nqueens/count-vs-c`: whole-process wall time of
  `boardlab nqueens count N --workers W --method M` against a plain single-core C bitboard
  counter with mirror halving (`cref.py`, compiled with gcc -O3 at bench time; skipped where
  no compiler exists). Every boardlab run is preceded by a run of the C program, alternately,
  and records its own ratio (`ratio_to_c`), so the ratio is taken under the same machine
  load. Series `fullsym-W`, `constellation-W` and `lanes-W` are the counting methods on W
  workers (`lanes`: the constellation units searched 8 at a time in SIMD lanes);
  `c-fullsym` (our C rendering of Takahashi's full-symmetry algorithm, one core) shows what C
  doing the work of the fullsym kernels takes. Targets: n = 17 at most 0.16x on two cores.
* `nqueens/executors`: the same count (method auto) in this process on all local cores with
  forked processes against numba's `prange` threads, against one core (`serial`).
* `nqueens/algorithm`: one core, in this process: the plain mirror-halving numba counter,
  the same with the per-solution canonical-image check for fundamental counts, the
  full-symmetry counter (both counts in one pass), iterative (ours) and recursive (full runs),
  and the constellation counter (both counts in one pass), scalar and in SIMD lanes.
* `nqueens/projection`: n = 18..20 (Ray for 20) counted on a systematic sample of the
  constellation work units (method auto: `lanes` up to n = 19), time and count projected
  (stated as projections).
* `nqueens/construct`: one solution of a huge board by construction, verified: as a JSON list
  (`solve N`) and streamed to a file (`solve N --queens-out FILE`).

Nothing here imports numba at module import: the CLI imports every family's experiments.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from boardlab.bench.experiment import Case, Experiment, Measurement, register
from boardlab.core.deadline import Deadline

#: Figures quoted when the benchmark was set up, measured on this kind of machine (single core).
ISSUE_FIGURES = {"n=16 c": 3.4, "n=17 c": 25.0}


def _environment() -> dict[str, str]:
    """The environment for a boardlab subprocess: this boardlab first on the path."""
    import boardlab

    source = os.path.dirname(os.path.dirname(os.path.abspath(boardlab.__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = source + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def _boardlab_count(n: int, workers: int, method: str, time_limit: float | None) -> tuple[dict, float]:
    command = [
        sys.executable,
        "-m",
        "boardlab",
        "nqueens",
        "count",
        str(n),
        "--workers",
        str(workers),
        "--json",
    ]
    command += ["--method", method]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=_environment(), timeout=time_limit)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"boardlab exited with {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout), seconds


# ---- count against C ------------------------------------------------------------------------
def _vs_c_cases(quick: bool) -> list[Case]:
    from boardlab.bench.baselines.nqueens_cref import compiler

    sizes = [13] if quick else list(range(12, 18))
    programs = (["c", "c-fullsym"] if compiler() else []) + [
        f"{method}-{workers}" for method in ("fullsym", "constellation", "lanes") for workers in (1, 2)
    ]
    return [Case(f"n={n} {program}", {"n": n, "program": program}) for n in sizes for program in programs]


def _vs_c_run(case: Case, time_limit: float | None) -> Measurement:
    from boardlab.bench.baselines.nqueens_cref import compile_reference, run_reference

    n, program = case.params["n"], case.params["program"]
    binary = compile_reference()
    try:
        if program in ("c", "c-fullsym"):
            if binary is None:
                return Measurement("unknown", 0.0, stats={"skipped": "no C compiler"})
            if program == "c":
                count, seconds = run_reference(binary, n)
                return Measurement("solved", seconds, count, {"program": "c"})
            fullsym = compile_reference(kind="fullsym")
            assert fullsym is not None
            c_count, c_seconds = run_reference(binary, n)  # alternate, as for boardlab
            count, seconds = run_reference(fullsym, n)
            if count != c_count:
                raise RuntimeError(f"n={n}: the full-symmetry C counted {count}, the plain C {c_count}")
            return Measurement(
                "solved",
                seconds,
                count,
                {"program": program, "c_seconds": c_seconds, "ratio_to_c": seconds / c_seconds},
            )
        method, workers = program.rsplit("-", 1)  # boardlab-W: the method auto
        reference: tuple[int, float] | None = None
        if binary is not None:  # alternate: C, then boardlab, under the same load
            reference = run_reference(binary, n)
        method = "auto" if method == "boardlab" else method
        data, seconds = _boardlab_count(n, int(workers), method, time_limit)
    except subprocess.TimeoutExpired:
        return Measurement("unknown", float(time_limit or 0.0))
    keys = ("seconds", "method", "executor", "workers", "subproblems", "fundamental", "solutions_per_second")
    stats = {k: data["stats"].get(k) for k in keys}
    stats["process_seconds"] = seconds
    if reference is not None:
        c_count, c_seconds = reference
        if c_count != data["count"]:
            raise RuntimeError(f"n={n}: boardlab counted {data['count']}, the C reference {c_count}")
        stats.update(c_seconds=c_seconds, ratio_to_c=seconds / c_seconds)
    return Measurement(data["status"], seconds, data["count"], stats)


register(
    Experiment(
        family="nqueens",
        name="count-vs-c",
        title="N-Queens count: boardlab (whole process) against plain C",
        description=(
            "Wall time of the whole `boardlab nqueens count N --workers W --method M` process (M: fullsym, "
            "Takahashi's full-symmetry search, or constellation, the Q27 / NQueensFAF method) against a "
            "plain single-core C bitboard counter with mirror halving (gcc -O3), run alternately; "
            "ratio_to_c is taken per run. c-fullsym: Takahashi's algorithm in C, one core. "
            "Target: n=17 <= 0.16x with 2 workers."
        ),
        cases=_vs_c_cases,
        run=_vs_c_run,
        x="n",
        series="program",
        reference="c",
        baseline_figures=ISSUE_FIGURES,
        baseline_source="issue 7 (C mirror-halving counter, single core, this kind of machine)",
        value_label="count",
        stats_columns=("ratio_to_c", "c_seconds", "fundamental"),
    )
)


# ---- executors ------------------------------------------------------------------------------
def _executor_cases(quick: bool) -> list[Case]:
    sizes = [12] if quick else [14, 15, 16]
    return [
        Case(f"n={n} {e}", {"n": n, "executor": e}) for n in sizes for e in ("serial", "processes", "threads")
    ]


def _executor_run(case: Case, time_limit: float | None) -> Measurement:
    from boardlab.families.nqueens import fullsym
    from boardlab.families.nqueens.parallel import count_board, local_cores

    fullsym.warm_up(parallel=True)
    deadline = Deadline.after(time_limit)
    workers = 1 if case.params["executor"] == "serial" else local_cores()
    counted = count_board(
        case.params["n"], workers=workers, executor=case.params["executor"], deadline=deadline
    )
    status = "solved" if counted.complete else "unknown"
    stats = {
        "workers": counted.workers,
        "subproblems": counted.subproblems,
        "fundamental": counted.fundamental,
    }
    return Measurement(status, counted.seconds, counted.total if counted.complete else None, stats)


register(
    Experiment(
        family="nqueens",
        name="executors",
        title="N-Queens count on all local cores: forked processes against numba prange threads",
        description=(
            "The count (method auto) in this process, kernels loaded: serial against processes and threads "
            "on all local cores."
        ),
        cases=_executor_cases,
        run=_executor_run,
        x="n",
        series="executor",
        reference="serial",
        value_label="count",
        stats_columns=("workers", "subproblems"),
    )
)


# ---- algorithms -----------------------------------------------------------------------------
def _algorithm_cases(quick: bool) -> list[Case]:
    sizes = [12] if quick else [12, 13, 14, 15, 16]
    algorithms: tuple[str, ...] = ("plain", "plain+fundamental", "full-symmetry", "constellation", "lanes")
    algorithms += () if quick else ("full-symmetry-recursive",)
    return [Case(f"n={n} {a}", {"n": n, "algorithm": a}) for n in sizes for a in algorithms]


def _algorithm_run(case: Case, time_limit: float | None) -> Measurement:
    from boardlab.families.nqueens import constellation, counter, fullsym, lanes
    from boardlab.families.nqueens.parallel import count_board

    n, algorithm = case.params["n"], case.params["algorithm"]
    counter.warm_up()
    fullsym.warm_up()
    constellation.warm_up()
    lanes.warm_up()
    deadline = Deadline.after(time_limit)
    start = time.perf_counter()
    fundamental: int | None
    if algorithm == "full-symmetry-recursive":
        from boardlab.bench.baselines.nqueens_recursive import count_recursive

        count_recursive(6)  # load the kernel before timing
        start = time.perf_counter()
        c2, c4, c8 = (int(c) for c in count_recursive(n))
        total, fundamental, complete = 2 * c2 + 4 * c4 + 8 * c8, c2 + c4 + c8, True
    elif algorithm in ("full-symmetry", "constellation", "lanes"):
        method = "fullsym" if algorithm == "full-symmetry" else algorithm
        counted = count_board(n, workers=1, executor="serial", method=method, deadline=deadline)
        total, fundamental, complete = counted.total, counted.fundamental, counted.complete
    else:
        plain = counter.count(n, fundamental=algorithm == "plain+fundamental", deadline=deadline)
        total, fundamental, complete = plain.total, plain.fundamental, plain.complete
    seconds = time.perf_counter() - start
    return Measurement(
        "solved" if complete else "unknown",
        seconds,
        total if complete else None,
        {"fundamental": fundamental},
    )


register(
    Experiment(
        family="nqueens",
        name="algorithm",
        title="N-Queens counting algorithms on one core",
        description=(
            "Plain bitboard with mirror halving, the same with a canonical-image check per solution (fundamental "
            "counts), the full-symmetry algorithm (Takahashi 2003) and the constellation method (Q27, "
            "NQueensFAF), both with totals and fundamental counts in one pass."
        ),
        cases=_algorithm_cases,
        run=_algorithm_run,
        x="n",
        series="algorithm",
        reference="plain",
        value_label="count",
        stats_columns=("fundamental",),
    )
)


# ---- projections from a sample ---------------------------------------------------------------
#: Every STRIDE-th piece is counted; time and count are projected by the factor STRIDE.
STRIDE = 64


def _projection_cases(quick: bool) -> list[Case]:
    sizes = [(14, "processes")] if quick else [(18, "processes"), (19, "processes"), (20, "ray")]
    return [Case(f"n={n} {e}", {"n": n, "executor": e}) for n, e in sizes]


def _projection_run(case: Case, time_limit: float | None) -> Measurement:
    from boardlab.families.nqueens.parallel import count_board

    n, executor = case.params["n"], case.params["executor"]
    counted = count_board(n, workers=2, executor=executor, method="auto", stride=STRIDE)
    factor = counted.subproblems / counted.sampled
    stats = {
        "executor": executor,
        "method": counted.method,
        "subproblems": counted.subproblems,
        "sampled": counted.sampled,
        "sample_seconds": counted.seconds,
        "projected_seconds": counted.seconds * factor,
        "projected_count": round(counted.total * factor),
    }
    return Measurement("unknown", counted.seconds * factor, round(counted.total * factor), stats)


register(
    Experiment(
        family="nqueens",
        name="projection",
        title="N-Queens counts too long to run: time and count projected from a sample of the constellations",
        description=(
            f"Every {STRIDE}th work unit of the constellation count (units in their fixed order, large first) "
            "counted on 2 workers; seconds and count are the sample's times the number of units over the sample "
            "size: a projection, not a count (compare projected_count with OEIS A000170 to judge the sample)."
        ),
        cases=_projection_cases,
        run=_projection_run,
        x="n",
        series="executor",
        reference="processes",
        value_label="projected count",
        stats_columns=("sampled", "sample_seconds", "projected_seconds"),
    )
)


# ---- construction ---------------------------------------------------------------------------
def _construct_cases(quick: bool) -> list[Case]:
    sizes = [10**5, 10**6] if quick else [10**5, 10**6, 10**7]
    return [Case(f"n={n} {o}", {"n": n, "output": o}) for n in sizes for o in ("list", "file")]


def _construct_run(case: Case, time_limit: float | None) -> Measurement:
    from boardlab.core.results import SolveRequest
    from boardlab.families.nqueens.family import NQueens
    from boardlab.families.nqueens.io import make_instance

    family = NQueens()
    n = case.params["n"]
    with tempfile.TemporaryDirectory() as directory:
        options = (
            {"queens_out": os.path.join(directory, "queens.txt")} if case.params["output"] == "file" else {}
        )
        start = time.perf_counter()
        result = family.solve(make_instance(n), SolveRequest(options=options))  # verified inside
        seconds = time.perf_counter() - start
    return Measurement(
        result.status.value,
        seconds,
        n,
        {"solve_seconds": result.stats.seconds, "verify_seconds": seconds - result.stats.seconds},
    )


register(
    Experiment(
        family="nqueens",
        name="construct",
        title="One solution of a huge board: construction and verification",
        description=(
            "Construction (Bernhardsson 1991, numpy, O(n)) plus the independent verification, "
            "as a list or streamed to a file."
        ),
        cases=_construct_cases,
        run=_construct_run,
        x="n",
        series="output",
        reference="list",
        value_label="n",
        stats_columns=("solve_seconds", "verify_seconds"),
    )
)
