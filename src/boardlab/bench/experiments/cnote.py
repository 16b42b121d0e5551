"""C-Note benchmark experiments: the seed's three tables (boardlab beside the seed), and further.

Seed 002 (Sousa and Ribeiro, SICStus CLP(FD)) reported:
- time, backtracks and constraints against the grid size, 3x3 to 7x7 at target 60 (its
  "Table 4. Varying Target Sum": the two captions of its tables are swapped, the rows say which
  is which);
- the same against the target, 100 to 1500 on 3x3 grids ("Table 3. Varying Input Size");
- the time of 40 labeling strategies on the 4x4 puzzle [5,2,7,1,7,1,5,9,8,8,3,7,5,2,9,1] at
  target 100 ("Table 5").

The seed solved generated puzzles whose digits it does not list, so `size` and `target` solve
puzzles from `cnote generate` (random planted solutions, not unique) with fixed seeds, several
per case, and report the mean per puzzle: the comparison with the seed is of orders of
magnitude, not of the same puzzles. The strategy grid uses the seed's own puzzle.
"""

from __future__ import annotations

import collections
import functools
import itertools
import random
import statistics
import time
from dataclasses import fields, replace
from typing import Any

import numpy as np

from boardlab.bench.experiment import Case, Experiment, Measurement, register
from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput, NoPuzzle
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.families.cnote import io
from boardlab.families.cnote.choices import STRATEGIES
from boardlab.families.cnote.generate import FRONTIER_SIDES, REACHED, frontier, generate
from boardlab.families.cnote.model_cpsat import VALUE_CHOICE, VARIABLE_CHOICE
from boardlab.families.cnote.orbits import canonical_codes, cell_sets, decode

SEED = "seed 002 (C-Note, SICStus CLP(FD))"

#: The seed's SICStus labeling options and their CP-SAT counterparts (None: no counterpart).
#: Variable choice: leftmost = the first unfixed variable; smallest / largest = the lowest
#: lower bound / highest upper bound; first_fail / anti_first_fail = the smallest / largest
#: domain. occurrence (most constraints) and most_constrained (first_fail, ties broken by
#: occurrence) have none in CP-SAT: every cell is in exactly two sums, so occurrence ties
#: everywhere and behaves as leftmost, and most_constrained as first_fail (the seed's own
#: figures agree); max_regret has none. Value choice: step (x = min, else x > min) and enum
#: (all values in turn) both try the minimum first, which is SELECT_MIN_VALUE (CP-SAT's search
#: is binary, so enum and step coincide); bisect splits the domain at its middle, lower half
#: first, which is SELECT_LOWER_HALF; median tries the median of the domain, SELECT_MEDIAN_VALUE;
#: middle tries the value (min + max) / 2, closest in CP-SAT is SELECT_MEDIAN_VALUE.
SEED_VARIABLE = {
    "leftmost": "first",
    "smallest": "lowest-min",
    "largest": "highest-max",
    "first_fail": "min-domain",
    "anti_first_fail": "max-domain",
    "occurrence": None,
    "most_constrained": None,
    "max_regret": None,
}
SEED_VALUE = {"step": "min", "enum": "min", "bisect": "lower-half", "middle": None, "median": "median"}

#: The seed's 4x4 puzzle.
SEED_PUZZLE = [[5, 2, 7, 1], [7, 1, 5, 9], [8, 8, 3, 7], [5, 2, 9, 1]]
DEMO = [[8, 8, 4], [6, 2, 5], [3, 6, 1]]

#: Seed table "Varying Target Sum" (really: by size, target 60): seconds, backtracks, constraints.
SEED_BY_SIZE = {
    3: (0.0, 70, 93),
    4: (0.01, 2068, 1481),
    5: (0.18, 35773, 9164),
    6: (6.0, 12447174, 7296845),
    7: (116.5, 20342573, 581),
}
#: Seed table "Varying Input Size" (really: by target, 3x3): seconds, backtracks, constraints.
SEED_BY_TARGET = {
    100: (0.00, 202, 152),
    150: (0.02, 1753, 597),
    200: (0.03, 2665, 877),
    250: (0.04, 2627, 845),
    300: (0.14, 7265, 1741),
    400: (1.00, 43848, 4294),
    500: (0.79, 26961, 1725),
    700: (1.28, 42719, 2142),
    900: (2.03, 512087, 2119),
    1200: (47.04, 2971885, 202),
    1500: (33.78, 1099845, 7124),
}
#: Seed Table 5: seconds by (variable choice, value choice) on SEED_PUZZLE.
SEED_STRATEGY_TIMES = {
    "step": {
        "leftmost": 0.4,
        "smallest": 1.78,
        "largest": 2.54,
        "first_fail": 4.44,
        "anti_first_fail": 0.71,
        "occurrence": 0.39,
        "most_constrained": 3.85,
        "max_regret": 0.4,
    },
    "enum": {
        "leftmost": 0.39,
        "smallest": 0.42,
        "largest": 3.5,
        "first_fail": 6.11,
        "anti_first_fail": 0.93,
        "occurrence": 0.51,
        "most_constrained": 6.24,
        "max_regret": 0.52,
    },
    "bisect": {
        "leftmost": 0.32,
        "smallest": 0.84,
        "largest": 5.26,
        "first_fail": 3.17,
        "anti_first_fail": 1.76,
        "occurrence": 0.33,
        "most_constrained": 3.09,
        "max_regret": 0.32,
    },
    "middle": {
        "leftmost": 0.58,
        "smallest": 0.52,
        "largest": 4.28,
        "first_fail": 7.06,
        "anti_first_fail": 33.86,
        "occurrence": 0.62,
        "most_constrained": 7.05,
        "max_regret": 0.62,
    },
    "median": {
        "leftmost": 0.59,
        "smallest": 0.53,
        "largest": 4.28,
        "first_fail": 6.97,
        "anti_first_fail": 45.53,
        "occurrence": 0.62,
        "most_constrained": 7.03,
        "max_regret": 0.62,
    },
}

#: The strategy that stands for the seed's default labeling (leftmost, step).
SEED_DEFAULT = "first:min"
STATS = ("branches", "conflicts", "constraints")


def _family():  # imported late: the family registers this module while it is being imported
    from boardlab.core.registry import get

    return get("cnote")


def _optional(**kwargs: Any) -> dict[str, Any]:
    """Experiment fields that only newer versions of the runner know (value_label, stats_columns)."""
    known = {f.name for f in fields(Experiment)}
    return {k: v for k, v in kwargs.items() if k in known}


def _seed_text(figures: tuple[float, int, int]) -> str:
    seconds, backtracks, constraints = figures
    return f"{seconds:g} s, {backtracks} backtracks, {constraints} constraints"


def _solve_many(instances: list[io.CNoteInstance], request: SolveRequest) -> Measurement:
    """Solve each instance; the mean time (building the model included) and statistics per puzzle.

    The case's time limit is shared: each puzzle gets its part of it.
    """
    family = _family()
    share = None if request.deadline.seconds is None else request.deadline.seconds / len(instances)
    seconds, branches, conflicts, constraints, statuses = [], [], [], [], []
    for instance in instances:
        result = family.solve(instance, replace(request, deadline=Deadline.after(share)))
        statuses.append(result.status)
        seconds.append(result.stats.seconds + result.stats.extra.get("build_seconds", 0.0))
        branches.append(result.stats.branches or 0)
        conflicts.append(result.stats.conflicts or 0)
        constraints.append(result.stats.constraints or 0)
    unknown = [s for s in statuses if s == Status.UNKNOWN]
    status = Status.UNKNOWN if unknown else (Status.SOLVED if Status.SOLVED in statuses else statuses[0])
    return Measurement(
        status=status.value,
        seconds=statistics.fmean(seconds),
        value=f"{len(instances) - len(unknown)}/{len(instances)} solved",
        stats={
            "branches": round(statistics.fmean(branches)),
            "conflicts": round(statistics.fmean(conflicts)),
            "constraints": round(statistics.fmean(constraints)),
            "puzzles": len(instances),
            "max_seconds": max(seconds),
        },
    )


def _puzzles(size: int, target: int, count: int) -> list[io.CNoteInstance]:
    return [generate(size, size, target, seed, unique=False)[0] for seed in range(count)]


def _request(
    strategy: str, time_limit: float | None, mode: Mode = Mode.FIRST, presolve: bool = True
) -> SolveRequest:
    return SolveRequest(
        mode=mode,
        deadline=Deadline.after(time_limit),
        strategy=strategy,
        workers=1,
        options={"no_presolve": not presolve},
    )


# ---- by size -----------------------------------------------------------------------------------
def _size_cases(quick: bool) -> list[Case]:
    sizes = range(3, 7) if quick else range(3, 11)
    count = 3 if quick else 5
    return [
        Case(f"{n}x{n} {strategy}", {"size": n, "target": 60, "puzzles": count, "strategy": strategy})
        for n in sizes
        for strategy in ("portfolio", SEED_DEFAULT)
    ]


def _run_size(case: Case, time_limit: float | None) -> Measurement:
    p = case.params
    return _solve_many(_puzzles(p["size"], p["target"], p["puzzles"]), _request(p["strategy"], time_limit))


register(
    Experiment(
        family="cnote",
        name="size",
        title="C-Note: time against grid size (target 60)",
        description=(
            "Generated puzzles (random planted solution, not unique; seeds 0..k-1) of n x n at target 60, "
            "one solution each, one worker, the time limit shared among the puzzles; mean per puzzle. "
            "portfolio = CP-SAT's default search, "
            f"{SEED_DEFAULT} = fixed search in the order of the seed's default labeling (leftmost, step). "
            "The seed solved other generated puzzles of the same sizes."
        ),
        cases=_size_cases,
        run=_run_size,
        x="size",
        series="strategy",
        reference="portfolio",
        baseline_figures={f"{n}x{n} {SEED_DEFAULT}": _seed_text(f) for n, f in SEED_BY_SIZE.items()},
        baseline_source=f"{SEED}, table 'Varying Target Sum' (its rows are grid sizes at target 60)",
        **_optional(value_label="puzzles", stats_columns=STATS),
    )
)


# ---- by target ---------------------------------------------------------------------------------
def _target_cases(quick: bool) -> list[Case]:
    targets = [100, 300, 900, 1500] if quick else sorted(SEED_BY_TARGET) + [2000, 3000, 5000, 10000]
    count = 2 if quick else 5
    return [
        Case(f"target {t} {strategy}", {"target": t, "size": 3, "puzzles": count, "strategy": strategy})
        for t in targets
        for strategy in ("portfolio", SEED_DEFAULT)
    ]


def _run_target(case: Case, time_limit: float | None) -> Measurement:
    p = case.params
    return _solve_many(_puzzles(p["size"], p["target"], p["puzzles"]), _request(p["strategy"], time_limit))


register(
    Experiment(
        family="cnote",
        name="target",
        title="C-Note: time against the target (3x3)",
        description=(
            "Generated 3x3 puzzles (random planted solution, not unique; seeds 0..k-1) at targets 100 to "
            "10,000, one solution each, one worker; mean per puzzle. The seed went to 1500."
        ),
        cases=_target_cases,
        run=_run_target,
        x="target",
        series="strategy",
        reference="portfolio",
        baseline_figures={f"target {t} {SEED_DEFAULT}": _seed_text(f) for t, f in SEED_BY_TARGET.items()},
        baseline_source=f"{SEED}, table 'Varying Input Size' (its rows are targets on 3x3 grids)",
        **_optional(value_label="puzzles", stats_columns=STATS),
    )
)


# ---- strategies ----------------------------------------------------------------------------------
def _strategy_cases(quick: bool) -> list[Case]:
    modes = ["first"] if quick else ["first", "unique"]
    cases = []
    for mode in modes:
        for strategy in STRATEGIES:
            variable, _, value = strategy.partition(":")
            cases.append(
                Case(f"{strategy} {mode}", {"variable": variable, "value": value or "default", "mode": mode})
            )
    return cases


def _run_strategy(case: Case, time_limit: float | None) -> Measurement:
    p = case.params
    strategy = p["variable"] if p["value"] == "default" else f"{p['variable']}:{p['value']}"
    instance = io.make_instance(SEED_PUZZLE, 100)
    request = _request(strategy, time_limit, Mode(p["mode"]), presolve=False)
    measured = _solve_many([instance], request)
    measured.value = None
    return measured


def _seed_strategy_figures() -> dict[str, str]:
    figures: dict[str, list[str]] = {}
    for seed_value, ours_value in SEED_VALUE.items():
        if ours_value is None:
            continue
        for seed_variable, ours_variable in SEED_VARIABLE.items():
            if ours_variable is None:
                continue
            key = f"{ours_variable}:{ours_value} first"
            figures.setdefault(key, []).append(
                f"{seed_variable}/{seed_value} {SEED_STRATEGY_TIMES[seed_value][seed_variable]:g} s"
            )
    return {key: "; ".join(texts) for key, texts in figures.items()}


register(
    Experiment(
        family="cnote",
        name="strategies",
        title="C-Note: search strategies on the seed's 4x4 puzzle",
        description=(
            "The seed's 4x4 puzzle [5,2,7,1 / 7,1,5,9 / 8,8,3,7 / 5,2,9,1] at target 100. Each strategy is a "
            "CP-SAT decision strategy on the cells in row-major order, followed with fixed search, one "
            "worker and presolve off (with presolve, CP-SAT solves this puzzle before any search: 0 branches). "
            "first = time to one solution, unique = to the proof that it is the only one. portfolio = the "
            "default search (presolve off too). Variable choices: "
            + ", ".join(VARIABLE_CHOICE)
            + "; value choices: "
            + ", ".join(VALUE_CHOICE)
            + ". The seed column gives the seed's labeling "
            "options that map to the strategy (docs/cnote.md has the whole mapping)."
        ),
        cases=_strategy_cases,
        run=_run_strategy,
        x=None,
        series="value",
        reference="min",
        baseline_figures=_seed_strategy_figures(),
        baseline_source=f"{SEED}, Table 5 (SICStus labeling/2 options; times on the authors' machine)",
        **_optional(stats_columns=("branches", "conflicts")),
    )
)


# ---- generator -----------------------------------------------------------------------------------
def _generate_cases(quick: bool) -> list[Case]:
    sizes = [3, 5] if quick else list(range(3, 11))
    count = 2 if quick else 5
    return [
        Case(f"unique {n}x{n} {mixing}", {"size": n, "target": 100, "puzzles": count, "mix": mixing})
        for n in sizes
        for mixing in ("default", "none")
    ]


def _run_generate(case: Case, time_limit: float | None) -> Measurement:
    p = case.params
    family = _family()
    seconds, attempts, checks = [], [], []
    grades: collections.Counter[str] = collections.Counter()
    options = {"size": p["size"], "target": p["target"]}
    if p["mix"] == "none":
        options["mix"] = 0
    for seed in range(p["puzzles"]):
        made = family.generate(seed, options)
        seconds.append(made.stats.seconds)
        attempts.append(made.stats.extra["attempts"])
        checks.append(made.stats.extra["uniqueness_checks"])
        grades[family.grade(made.instance, Deadline.after(time_limit)).difficulty] += 1  # untimed
    return Measurement(
        status=Status.SOLVED.value,
        seconds=statistics.fmean(seconds),
        value=f"{p['puzzles']} unique puzzles",
        stats={
            "max_seconds": max(seconds),
            "attempts": statistics.fmean(attempts),
            "checks": statistics.fmean(checks),
            "grades": " ".join(f"{level} {grades[level]}" for level in sorted(grades)),
        },
    )


register(
    Experiment(
        family="cnote",
        name="generate",
        title="C-Note: generating unique puzzles (target 100)",
        description=(
            "`cnote generate --size n` for seeds 0..k-1: mean seconds per puzzle (the generator's "
            "own time, without the independent re-check of uniqueness), planted solutions tried, and "
            "uniqueness checks (CP-SAT solves), the grades of the puzzles made (`cnote grade`, how many per "
            "level). mix = default: 2n random changes tried on the solution "
            "to make it less regular; none: `--mix 0`. The seed called generating unique puzzles "
            "'the slowest part of the program' and gave no figure."
        ),
        cases=_generate_cases,
        run=_run_generate,
        x="size",
        series="mix",
        reference="none",
        **_optional(value_label="made", stats_columns=("max_seconds", "attempts", "checks", "grades")),
    )
)


# ---- reach: every size and target of issue 19 -------------------------------------------------------
#: The targets of the full `reach` grid: 100 to 1,000 in steps of 50, and per side the largest
#: target where unique puzzles were found (for some seeds at least: `generate.REACHED`, the band
#: edges of docs/cnote.md, "Large targets") and the next.
REACH_TARGETS = list(range(100, 1001, 50))
#: Rectangles of the full grid (`--size WxH`: W columns of H rows, every row at the target, the
#: columns sharing target x H), at `REACH_RECTANGLE_TARGETS` (docs/cnote-journal.md, "Twenty-third
#: session"): tall ones (4 columns) are annealed turned, 5- and 6-wide ones planted with floors
#: 7-9; since the thirty-first session also grids 3 wide, 2 wide and one column wide, and
#: targets beyond the rectangles' reach, where the uniqueness checks' budget in estimated
#: seconds ends the failures (5x8 at 130, 3x8 at 1,000: 11-12 s before).
REACH_RECTANGLES = [(4, 6), (4, 8), (5, 8), (6, 8), (8, 4), (5, 4), (3, 8), (2, 6), (1, 8)]
REACH_RECTANGLE_TARGETS = (100, 120, 130, 200, 1000)


def _reach_cases(quick: bool) -> list[Case]:
    if quick:  # a proof, a listed 2x2, the diagonal, a recorded 3x3 scan: about 10 s in all
        pairs = [(2, 100), (4, 300), (6, 138), (3, 545)]
        rectangles: list[tuple[int, int, int]] = []
        seeds = 2
    else:
        pairs = sorted(
            {(n, t) for n in range(2, 9) for t in REACH_TARGETS}
            | {(n, t) for n, top in REACHED.items() for t in (top, top + 1)}
        )
        rectangles = [(w, h, t) for w, h in REACH_RECTANGLES for t in REACH_RECTANGLE_TARGETS]
        seeds = 3
    return [Case(f"{n}x{n} at {t}", {"size": n, "target": t, "seeds": seeds}) for n, t in pairs] + [
        Case(f"{w}x{h} at {t}", {"size": f"{w}x{h}", "target": t, "seeds": seeds}) for w, h, t in rectangles
    ]


def _run_reach(case: Case, time_limit: float | None) -> Measurement:
    """`generate --size n --target T` for seeds 0..k-1, each timed whole (a failure too): made,
    no unique puzzle exists (the generator's proof: a lemma or a recorded exhaustive scan), or
    not found within its budget."""
    p = case.params
    family = _family()
    seconds: list[float] = []
    cpu: list[float] = []  # the process's CPU (every thread's): what a shared machine's load inflates less
    kinds: collections.Counter[str] = collections.Counter()
    made, proof = 0, False
    for seed in range(p["seeds"]):
        started, cpu_started = time.perf_counter(), time.process_time()
        try:
            puzzle = family.generate(seed, {"size": p["size"], "target": p["target"]})
        except NoPuzzle:
            proof = True
        except BadInput:  # not found within the budget
            pass
        else:
            made += 1
            kinds[str(puzzle.stats.extra.get("planted", "?"))] += 1
        seconds.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
        if proof:
            break  # a proof holds for every seed
    if proof:
        status, value = Status.UNSATISFIABLE.value, "none exists"
    else:
        status = Status.SOLVED.value if made == p["seeds"] else Status.UNKNOWN.value
        value = f"made {made}/{p['seeds']}"
    return Measurement(
        status=status,
        seconds=statistics.fmean(seconds),
        value=value,
        stats={
            "max_seconds": max(seconds),
            "max_cpu_seconds": max(cpu),
            "planted": "; ".join(sorted(kinds)) or "-",
        },
    )


register(
    Experiment(
        family="cnote",
        name="reach",
        title="C-Note: unique puzzles by size and target (issue 19)",
        description=(
            "`cnote generate --size n --target T` for seeds 0..k-1 (k = 3; 2 in the quick run) on "
            "2x2 to 8x8 at targets 100 to 1,000 in steps of 50 and at each side's band edge "
            "(the largest target where puzzles were found, for some seeds at least, and the "
            "next), and nine rectangles (`--size WxH`) at 100, 120, 130, 200 and 1,000: mean and largest seconds per "
            "command run in-process (a failure timed too; the CLI adds its start-up, about 0.5 s), "
            "whether every seed gave a unique puzzle (solved), no unique puzzle exists "
            "(unsatisfiable: the generator's proof, a lemma or a recorded exhaustive 3x3 scan), or "
            "some seeds found none within the budget (unknown), and the planters used."
        ),
        cases=_reach_cases,
        run=_run_reach,
        x="target",
        series="size",
        reference=None,
        **_optional(value_label="outcome", stats_columns=("max_seconds", "max_cpu_seconds", "planted")),
    )
)


# ---- frontier: both edges of every shape's open band ------------------------------------------------
#: Seeds tried at each shape's made figure (the figure is "for some seeds at least").
FRONTIER_SEEDS = 3


def _frontier_cases(quick: bool) -> list[Case]:
    """Each shape of sides 2-8 but the decided 2x2 and 3x3 (`generate.frontier`): its made
    figure, seeds 0-2, and its least proven target, one command (a proof holds for every
    seed); quick: 2 columns of 4 rows, both figures next to each other (about 2 s)."""
    shapes = [(2, 4)] if quick else [(w, h) for w in FRONTIER_SIDES for h in FRONTIER_SIDES]
    cases = []
    for width, height in shapes:
        if (edges := frontier(width, height)) is None:
            continue
        made, least = edges
        size = f"{width}x{height}"
        cases.append(Case(f"{size} made at {made}", {"size": size, "target": made, "seeds": FRONTIER_SEEDS}))
        if least is not None:
            cases.append(Case(f"{size} none from {least}", {"size": size, "target": least, "seeds": 1}))
    return cases


register(
    Experiment(
        family="cnote",
        name="frontier",
        title="C-Note: both edges of every shape's open band (issue 19)",
        description=(
            "For every shape of sides 2-8 but the decided 2x2 and 3x3, the two figures of "
            "docs/cnote.md's frontier table (`generate.frontier`): `cnote generate --size WxH "
            "--target T` at the largest target where a unique puzzle was made, seeds 0-2 "
            "(solved: every seed made one within the generator's budget; unknown: some did "
            "not), and at the least target from which none exists up to 1,000 (unsatisfiable: "
            "the generator's proof), each command timed whole in-process, as `reach` does."
        ),
        cases=_frontier_cases,
        run=_run_reach,
        x="target",
        series="size",
        reference=None,
        **_optional(value_label="outcome", stats_columns=("max_seconds", "max_cpu_seconds", "planted")),
    )
)


# ---- encodings ------------------------------------------------------------------------------------
def _encoding_cases(quick: bool) -> list[Case]:
    puzzles = [("demo", "count"), ("seed4x4", "unique"), ("unique5x5", "unique")]
    if not quick:
        puzzles += [("random3x3", "count"), ("unique7x7", "unique"), ("unique9x9", "unique")]
    return [
        Case(f"{name} {mode} {model}", {"puzzle": name, "mode": mode, "model": model})
        for name, mode in puzzles
        for model in ("domain", "digits")
    ]


def _encoding_instance(name: str) -> io.CNoteInstance:
    if name == "demo":
        return io.make_instance(DEMO, 100)
    if name == "seed4x4":
        return io.make_instance(SEED_PUZZLE, 100)
    if name.startswith("unique"):
        n = int(name[len("unique")])
        return generate(n, n, 100, 1, unique=True)[0]
    n = int(name[len("random")])
    return generate(n, n, 100, 1, unique=False)[0]


def _run_encoding(case: Case, time_limit: float | None) -> Measurement:
    p = case.params
    request = SolveRequest(
        mode=Mode(p["mode"]), deadline=Deadline.after(time_limit), workers=1, options={"model": p["model"]}
    )
    result = _family().solve(_encoding_instance(p["puzzle"]), request)
    return Measurement(
        status=result.status.value,
        seconds=result.stats.seconds,
        value=result.count if p["mode"] == "count" else result.unique,
        stats={
            "branches": result.stats.branches,
            "conflicts": result.stats.conflicts,
            "variables": result.stats.variables,
            "constraints": result.stats.constraints,
        },
    )


register(
    Experiment(
        family="cnote",
        name="encodings",
        title="C-Note: domain against digit-position encoding",
        description=(
            "'Contains the digit' as the variable's domain (enumerated admissible values) against the seed's "
            "encoding (a Boolean per digit position with an enforced linear equation), on counting and on "
            "proving uniqueness; CP-SAT default search, one worker."
        ),
        cases=_encoding_cases,
        run=_run_encoding,
        x=None,
        series="model",
        reference="domain",
        **_optional(value_label="count / unique", stats_columns=("branches", "variables", "constraints")),
    )
)


# ---- the exhaustive 3x3 scan: pairs settled against pairs counted ------------------------------------
SCAN_TARGETS = [500, 650, 800, 950]


def _scan_cases(quick: bool) -> list[Case]:
    targets, pairs = ([650], 150) if quick else (SCAN_TARGETS, 1_500)
    return [
        Case(f"{method} at {t}", {"target": t, "method": method, "pairs": pairs})
        for t in targets
        for method in ("counted", "settled")
    ]


def _run_scan(case: Case, time_limit: float | None) -> Measurement:
    """The exhaustive scan's work on `pairs` representative pairs spread over the whole order
    (every k-th), in one process: each pair counted by its transforms (`PairScanner.counts`,
    the reference), or first offered to `PairScanner.settle` (moves of ten, counts stopped at
    two) and counted only when it is not settled. The value is the unique grids among the rows
    the pairs need (the same either way: a check), the pairs settled a statistic."""
    from boardlab.families.cnote.exhaustive import PairScanner, pair_representatives
    from boardlab.families.cnote.moves import needed

    p = case.params
    every = pair_representatives()
    sample = every[:: max(1, len(every) // p["pairs"])][: p["pairs"]]
    deadline = Deadline.after(time_limit)
    scanner = PairScanner(p["target"])
    settled = unique = 0
    started = time.perf_counter()
    for a, b in sample:
        if deadline.expired():
            return Measurement(
                Status.UNKNOWN.value, time.perf_counter() - started, unique, {"settled": settled}
            )
        if p["method"] == "settled":
            done, thirds = scanner.settle(a, b)
            if done:
                settled += 1
                unique += len(thirds)
                continue
        counts = scanner.counts(a, b)
        unique += int(((counts == 1) & needed(np.array(a), np.array(b))).sum())
    seconds = time.perf_counter() - started
    return Measurement(Status.SOLVED.value, seconds, unique, {"settled": settled, "pairs": len(sample)})


register(
    Experiment(
        family="cnote",
        name="scan",
        title="C-Note: the exhaustive 3x3 scan, pairs settled against pairs counted (issue 19)",
        description=(
            "The work of `python -m boardlab.families.cnote.exhaustive` on 1,500 of its 35,355 "
            "representative pairs spread over its order (150 at 650 in the quick run), at targets "
            "500 to 950: every pair counted by its transforms (the reference; `--exact`) against "
            "each pair first offered to `PairScanner.settle` (a move of ten on the first two rows "
            "for most third rows, the rest counted depth-first up to 2 solutions; Lemma 7 in "
            "docs/cnote.md) and counted only when not settled. Seconds in one process, including "
            "the first rows' transforms; the value is the unique grids among the third rows the "
            "pairs need (equal for both methods: a check), and the pairs settled are shown."
        ),
        cases=_scan_cases,
        run=_run_scan,
        x="target",
        series="method",
        reference="counted",
        **_optional(value_label="unique needed grids", stats_columns=("settled", "pairs")),
    )
)


# ---- the annealing's cell search on 5x5: how far a move's search runs before it is estimated ---------
#: A move's search budget (`search.Schedule.per_cell`) per series: 4x4's 1e5 (the reference,
#: with which the fifteenth session found the cell heat bath worse than one digit a move on
#: 5x5), 5x5's own since the nineteenth session, and 6x6's.
ANNEAL_CUTS = {"cut 1e5": 100_000, "cut 1e6": 1_000_000, "cut 3e6": 3_000_000}


def _anneal_cases(quick: bool) -> list[Case]:
    targets, seeds, budget = ([145], 2, 20_000_000) if quick else ([145, 150], 8, 160_000_000)
    return [
        Case(f"{cut} at {t}", {"target": t, "cut": cut, "seeds": seeds, "budget": budget})
        for t in targets
        for cut in ANNEAL_CUTS
    ]


def _run_anneal(case: Case, time_limit: float | None) -> Measurement:
    """One chain of `search.anneal` per seed (0..k-1) on 5x5 at the target, with 5x5's settings
    but the series' cut of a move's search, each within `budget` work units: the grids found
    (each of count 1, exactly) out of the seeds, their seconds in all, and the least counts."""
    from boardlab.families.cnote.search import SCHEDULES, anneal

    p = case.params
    schedule = replace(SCHEDULES[5][0], per_cell=ANNEAL_CUTS[p["cut"]])
    deadline = Deadline.after(time_limit)
    found, least = 0, []
    started = time.perf_counter()
    for seed in range(p["seeds"]):
        if deadline.expired():
            return Measurement(Status.UNKNOWN.value, time.perf_counter() - started, found, {})
        grid, _, low = anneal(
            [p["target"]] * 5, [p["target"]] * 5, random.Random(seed), p["budget"], schedule
        )
        found += grid is not None
        least.append(low)
    seconds = time.perf_counter() - started
    return Measurement(
        Status.SOLVED.value,
        seconds,
        f"{found}/{p['seeds']}",
        {"least counts": " ".join(map(str, least))},
    )


register(
    Experiment(
        family="cnote",
        name="anneal",
        title="C-Note: the 5x5 annealing's cell search, cut early or late (issue 19)",
        description=(
            "One chain of the cell heat bath (`search.anneal`, 5x5's settings) per seed, seeds 0-7 "
            "(0-1 in the quick run), 1.6e8 work units each (2e7 quick), on 5x5 at targets 145 and "
            "150 (145 quick), with a move's one search over the cell's digits cut after 1e5 units "
            "(the reference: 4x4's setting), 1e6 (5x5's since the nineteenth session) or 3e6 "
            "(6x6's); a cut search's counts are estimated from the share of the tree searched. "
            "The value is the grids of one solution found out of the seeds; seconds are all seeds' "
            "in one process."
        ),
        cases=_anneal_cases,
        run=_run_anneal,
        x="target",
        series="cut",
        reference="cut 1e5",
        **_optional(value_label="grids found", stats_columns=("least counts",)),
    )
)


# ---- 4x4 grids of eights and nines: where unique grids stop --------------------------------------
#: The full run: (most cells of digits 1-7 a grid of the family has, targets): two such cells at
#: the 4x4 annealing's frontier (193) and around it, three beyond it.
NEAR_NINES_CASES = [(2, list(range(190, 201))), (3, list(range(194, 198)))]


@functools.cache
def near_nines_orbits(others: int) -> np.ndarray:
    """One grid per orbit (row and column permutations, transposition) of the 4x4 digit grids
    whose cells are 8 or 9 but at most `others` (0-3) cells of digits 1-7, as the 16-digit codes
    of their canonical forms (the least image read row by row), ascending. The family is built
    up to symmetry first (the other digits on one set of cells per orbit of cell sets,
    `orbits.cell_sets`), then reduced to orbits (`orbits.canonical_codes`): 192 orbits with no other digit,
    5,484 with at most one, 110,176 with two, 1,621,168 with three (about 100 s to build)."""
    if not 0 <= others <= 3:
        raise ValueError(f"others must be 0 to 3, not {others}")
    nines = 8 + ((np.arange(1 << 16)[:, None] >> np.arange(16)) & 1)  # every grid of 8s and 9s
    codes = [np.unique(canonical_codes(nines.reshape(-1, 4, 4)))]
    for size in range(1, others + 1):
        for cells in cell_sets(size, 4):
            free = nines[(nines[:, cells] == 8).all(axis=1)]  # each grid of the rest once
            for digits in itertools.product(range(1, 8), repeat=size):
                grids = free.copy()
                grids[:, cells] = digits
                codes.append(np.unique(canonical_codes(grids.reshape(-1, 4, 4))))
    return np.unique(np.concatenate(codes))


def _near_nines_cases(quick: bool) -> list[Case]:
    if quick:  # 5,484 orbits, a few seconds
        return [Case("192, one other digit", {"target": 192, "others": 1})]
    return [
        Case(f"{t}, {others} other digits", {"target": t, "others": others})
        for others, targets in NEAR_NINES_CASES
        for t in targets
    ]


def _run_near_nines(case: Case, time_limit: float | None) -> Measurement:
    """Every orbit of `near_nines_orbits` counted at the target by the depth-first count
    (`search.Enumerator`, stopped at 2 solutions, no work limit): how many have exactly one
    solution (the value), none, or several; the first unique grid, if any."""
    from boardlab.families.cnote.search import Enumerator

    p = case.params
    codes = near_nines_orbits(p["others"])
    counter = Enumerator([p["target"]] * 4, [p["target"]] * 4)
    deadline = Deadline.after(time_limit)
    started = time.perf_counter()
    tally = [0, 0, 0]
    unique: list[list[list[int]]] = []
    for code in codes.tolist():
        if deadline.expired():
            return Measurement(Status.UNKNOWN.value, time.perf_counter() - started, len(unique), {})
        grid = [list(row) for row in decode(code, 4)]
        found, _, complete = counter.count(grid, 2, 10**12)
        if not complete and found < 2:
            raise RuntimeError(f"the count of {grid} stopped at {found} solutions")
        tally[found] += 1
        if found == 1:
            unique.append(grid)
    first = " / ".join(" ".join(map(str, row)) for row in unique[0]) if unique else "-"
    return Measurement(
        Status.SOLVED.value,
        time.perf_counter() - started,
        len(unique),
        {"orbits": len(codes), "none": tally[0], "several": tally[2], "first unique": first},
    )


register(
    Experiment(
        family="cnote",
        name="near-nines",
        title="C-Note: 4x4 grids of eights and nines with a few other digits (issue 19)",
        description=(
            "Every 4x4 unique grid the annealing found near its frontier (190-193) is 8s and 9s "
            "but two cells of digits 1-7. Every orbit of such grids (row and column permutations, "
            "transposition) with at most two such cells (110,176 orbits) counted at targets 190-200, "
            "and with at most three (1,621,168) at 194-197, up to 2 solutions by the depth-first "
            "count (5,484 orbits with at most one, at 192, in the quick run): the value is the "
            "orbits with exactly one solution, the seconds those of the counts (the orbits are "
            "built once, not timed)."
        ),
        cases=_near_nines_cases,
        run=_run_near_nines,
        x="target",
        series="others",
        reference=None,
        **_optional(value_label="unique orbits", stats_columns=("orbits", "none", "several", "first unique")),
    )
)
