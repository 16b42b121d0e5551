"""Running the armies models: decisions, enumeration and optimisation on both backends.

Optimisation with SAT (and with CP-SAT under `--cuts lower`) starts from the heuristic's
placement (`heuristic.anneal`), whose value is a proven lower bound since the placement is
checked. The upper bound starts at
floor(n^2 / 4): every row and every column holds queens of at most one colour, so with r_w
white rows and c_w white columns m <= r_w c_w and m <= (n - r_w)(n - c_w), whose product is at
most (n/2)^4 (`settings.trivial_bound`).

- SAT: ascending search over k = best + 1, best + 2, ...: "at least k of each" is one solver
  call; a model may jump several steps; the first "unsatisfiable" proves the incumbent
  optimal. Each k is a fresh call, so that any cardinality encoding can be used (the k-modulo
  totalizer measured fastest on the proofs); with the heuristic's start there is usually
  one call. Time limits: CaDiCaL honours conflict budgets (`conf_budget` + `solve_limited`),
  so each call runs in budgeted slices and stops between slices when time is up.
- CP-SAT: maximise m (see `model_cpsat.py`), with the incumbent and bound reported by callbacks.

Progress is reported as (seconds, incumbent, bound) to a callback and kept in the stats
(`trace`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ortools.sat.python import cp_model

from boardlab.core.cpsat import solve_cpsat, solve_interruptibly
from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.enumerate import Budget, classify
from boardlab.core.results import Mode, Outcome, SolveRequest, Stats, Status
from boardlab.core.sat import DEFAULT_SOLVER, solve_before, solve_sat
from boardlab.families.armies import model_cpsat as cp_module
from boardlab.families.armies import model_sat as cnf_module
from boardlab.families.armies.io import decode
from boardlab.families.armies.settings import Settings, Tracker

SAT_SOLVER = DEFAULT_SOLVER


# ---- SAT -------------------------------------------------------------------------------------
def _squares(true: set[int], lits: list[int]) -> list[int]:
    return [s for s, lit in enumerate(lits) if lit in true]


def sat_decide(n: int, m: int, settings: Settings, deadline: Deadline = NO_DEADLINE) -> Outcome:
    """Mode first: a placement of m of each, or a proof there is none."""
    start = time.perf_counter()
    f = cnf_module.build(n, settings.formulation, settings.symmetry)
    answer, squares, stats = _sat_call(n, m, "equals" if f.exact else "atleast", settings, deadline, f, start)
    solutions = [decode(n, squares[0], squares[1], m)] if squares is not None else []
    outcome = classify(Budget.for_mode(Mode.FIRST), len(solutions), solutions, exhausted=answer is False)
    stats.extra.update(outcome.stats.extra)
    outcome.stats = stats
    return outcome


def sat_enumerate(n: int, m: int, settings: Settings, request: SolveRequest) -> Outcome:
    """Modes all, count, unique on an exact formulation (blocking on the square literals)."""
    f = cnf_module.build(n, settings.formulation, settings.symmetry)
    f.card(f.white, m, "equals", settings.encoding)
    f.card(f.black, m, "equals", settings.encoding)
    key = f.white + f.black

    def decode_true(true: set[int]) -> dict[str, Any]:
        return decode(n, _squares(true, f.white), _squares(true, f.black), m)

    outcome = solve_sat(f, key, decode_true, request, solver_name=SAT_SOLVER, model_name=settings.name)
    return outcome


def sat_optimise(
    n: int,
    settings: Settings,
    start_placement: tuple[list[int], list[int]],
    tracker: Tracker,
    deadline: Deadline,
) -> Outcome:
    """Ascending SAT search from the heuristic's placement (see the module docstring).

    Each step k is a fresh decision "at least k of each" with the chosen encoding (when the
    heuristic already holds the optimum, as it does for n <= 12, there is one step: the
    unsatisfiability proof of optimum + 1). Exact formulations ask the same: a subset of a
    peaceful placement is peaceful, and the answer keeps k of each.
    """
    start = time.perf_counter()
    white, black = start_placement
    best = (sorted(white), sorted(black))
    value = min(len(white), len(black))
    status = Status.FEASIBLE
    conflicts = decisions = 0
    last: Stats | None = None
    while True:
        k = value + 1
        if tracker.bound is not None and k > tracker.bound:
            status = Status.OPTIMAL
            break
        outcome = _sat_at_least(n, k, settings, deadline)
        last = outcome.stats
        conflicts += last.conflicts or 0
        decisions += last.branches or 0
        if outcome.status == Status.UNKNOWN:
            break
        if outcome.status == Status.UNSATISFIABLE:
            tracker.update(bound=value)
            status = Status.OPTIMAL
            break
        ws, bs = outcome.stats.extra.pop("squares")
        value = min(len(ws), len(bs))
        best = (ws, bs)
        tracker.update(incumbent=value)
    stats = last or Stats(backend=f"sat:{SAT_SOLVER}", model=settings.name)
    stats.conflicts, stats.branches = conflicts, decisions
    stats.seconds = time.perf_counter() - start
    return Outcome(status, [decode(n, best[0], best[1], value)], stats=stats)


def _sat_at_least(n: int, k: int, settings: Settings, deadline: Deadline) -> Outcome:
    """ "At least k of each" (any formulation); the squares of a model go to stats.extra."""
    answer, squares, stats = _sat_call(n, k, "atleast", settings, deadline)
    if answer is None:
        return Outcome(Status.UNKNOWN, stats=stats)
    if not answer:
        return Outcome(Status.UNSATISFIABLE, stats=stats)
    stats.extra["squares"] = squares
    return Outcome(Status.SOLVED, stats=stats)


def _sat_call(
    n: int,
    count: int,
    kind: str,
    settings: Settings,
    deadline: Deadline,
    f: cnf_module.Formula | None = None,
    start: float | None = None,
) -> tuple[bool | None, tuple[list[int], list[int]] | None, Stats]:
    """One SAT call with `count` queens of each colour (`kind`: "equals" or "atleast") on the
    formula `f` (built here when not given; `start`: when the caller's timing began):
    (answer, the squares of each colour when satisfiable, stats). None: the deadline passed."""
    start = time.perf_counter() if start is None else start
    f = f or cnf_module.build(n, settings.formulation, settings.symmetry)
    f.card(f.white, count, kind, settings.encoding)
    f.card(f.black, count, kind, settings.encoding)
    with f.solver(SAT_SOLVER) as solver:
        answer = solve_before(solver, deadline)
        model = solver.get_model() if answer else None
        raw = solver.accum_stats() or {}
    stats = _sat_stats(f, settings, raw, start)
    if not answer:
        return answer, None, stats
    true = {lit for lit in model or () if lit > 0}
    return answer, (_squares(true, f.white), _squares(true, f.black)), stats


def _sat_stats(f: cnf_module.Formula, settings: Settings, raw: dict[str, Any], start: float) -> Stats:
    return Stats(
        seconds=time.perf_counter() - start,
        backend=f"sat:{SAT_SOLVER}",
        model=settings.name,
        branches=raw.get("decisions"),
        conflicts=raw.get("conflicts"),
        variables=f.pool.top,
        constraints=len(f.clauses),
        seed=settings.seed,
    )


# ---- CP-SAT ----------------------------------------------------------------------------------
def _cp_build(n: int, settings: Settings, **kwargs: Any) -> cp_module.Built:
    return cp_module.build(n, settings.formulation, symmetry=settings.symmetry, **kwargs)


def _decoder(n: int, built: cp_module.Built, m: int | None):
    def run(value: Callable[[Any], int]) -> dict[str, Any]:
        white = [s for s, v in enumerate(built.white) if value(v)]
        black = [s for s, v in enumerate(built.black) if value(v)]
        return decode(n, white, black, m)

    return run


def cp_solve(n: int, m: int, settings: Settings, request: SolveRequest) -> Outcome:
    """Modes first, all, count, unique with a fixed m on CP-SAT."""
    built = _cp_build(n, settings, m=m)
    # its default of 2 workers is for mode first; enumeration takes one (a request for more is refused)
    workers = settings.workers if request.mode == Mode.FIRST else request.workers
    inner = SolveRequest(request.mode, request.limit, request.deadline, None, None, workers, settings.seed)
    return solve_cpsat(
        built.model, built.white + built.black, _decoder(n, built, m), inner, model_name=settings.name
    )


class _Incumbents(cp_model.CpSolverSolutionCallback):
    def __init__(self, tracker: Tracker, objective: cp_model.IntVar) -> None:
        super().__init__()
        self.tracker = tracker
        self.objective = objective

    def on_solution_callback(self) -> None:
        self.tracker.update(
            incumbent=int(self.value(self.objective)), bound=int(self.best_objective_bound + 1e-6)
        )


def cp_optimise(
    n: int,
    settings: Settings,
    start_placement: tuple[list[int], list[int]] | None,
    tracker: Tracker,
    deadline: Deadline,
    oeis: tuple[int, int | None] | None = None,
) -> Outcome:
    """Maximise m on CP-SAT (cuts: `lower` from the heuristic, `oeis` from the literature)."""
    start = time.perf_counter()
    lower = upper = None
    hint = None
    if settings.cuts == "lower" and start_placement is not None:
        lower = min(len(start_placement[0]), len(start_placement[1]))
        hint = start_placement
    if settings.cuts == "oeis" and oeis is not None:
        lower, upper = oeis
    built = _cp_build(n, settings, optimise=True, lower=lower, upper=upper, hint=hint)
    assert built.objective is not None
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = settings.workers
    if settings.seed is not None:
        solver.parameters.random_seed = settings.seed % (2**31)
    if deadline.limited:
        solver.parameters.max_time_in_seconds = max(0.01, deadline.remaining() or 0.0)
    solver.best_bound_callback = lambda bound: tracker.update(bound=int(bound + 1e-6))
    code = solve_interruptibly(solver, built.model, _Incumbents(tracker, built.objective))
    variables, constraints = len(built.model.proto.variables), len(built.model.proto.constraints)
    stats = Stats(
        seconds=time.perf_counter() - start,
        backend="cpsat",
        model=settings.name,
        branches=solver.num_branches,
        conflicts=solver.num_conflicts,
        variables=variables,
        constraints=constraints,
        workers=settings.workers,
        seed=settings.seed,
    )
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        value = int(solver.value(built.objective))
        white = [s for s, v in enumerate(built.white) if solver.value(v)]
        black = [s for s, v in enumerate(built.black) if solver.value(v)]
        tracker.update(
            incumbent=value,
            bound=value if code == cp_model.OPTIMAL else int(solver.best_objective_bound + 1e-6),
        )
        status = Status.OPTIMAL if code == cp_model.OPTIMAL else Status.FEASIBLE
        return Outcome(status, [decode(n, white, black, value)], stats=stats)
    if code == cp_model.INFEASIBLE:  # only with cuts that contradict each other
        return Outcome(Status.UNSATISFIABLE, count=0, stats=stats)
    return Outcome(Status.UNKNOWN, stats=stats)
