"""CP-SAT helpers: one function runs any mode of a solve on a model the family built.

Choices (see DESIGN.md, "Known pitfalls"):
- Enumeration (`all`, `count`, `unique`) runs with one worker and de-duplicates solutions on
  the family's key variables, because several workers can report duplicates.
- `unique` is enumeration stopped at the second solution.
- A family's search strategy is its own `AddDecisionStrategy` on its variables; `fixed_search`
  makes CP-SAT follow it (with one worker), otherwise CP-SAT only uses it as a hint.
- Time limits become `max_time_in_seconds`; what was found before the limit is kept.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from ortools.sat.python import cp_model

from boardlab.core.results import Mode, Outcome, SolveRequest, Stats, Status

Decoder = Callable[[Callable[[Any], int]], dict[str, Any]]


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, key: Sequence[Any], decode: Decoder, keep: int | None, stop_at: int | None):
        super().__init__()
        self._key = list(key)
        self._decode = decode
        self._keep = keep
        self._stop_at = stop_at
        self.seen: set[tuple[int, ...]] = set()
        self.solutions: list[dict[str, Any]] = []
        self.stopped = False

    def on_solution_callback(self) -> None:
        signature = tuple(self.value(v) for v in self._key)
        if signature in self.seen:
            return
        self.seen.add(signature)
        if self._keep is None or len(self.solutions) < self._keep:
            self.solutions.append(self._decode(self.value))
        if self._stop_at is not None and len(self.seen) >= self._stop_at:
            self.stopped = True
            self.stop_search()


class _Progress(cp_model.CpSolverSolutionCallback):
    """Reports (seconds, objective, bound) of each improving solution during optimisation."""

    def __init__(self, report: Callable[[float, float, float], None]):
        super().__init__()
        self._report = report

    def on_solution_callback(self) -> None:
        self._report(self.wall_time, self.objective_value, self.best_objective_bound)


def model_size(model: cp_model.CpModel) -> tuple[int, int]:
    """(variables, constraints) of a model."""
    proto = model.proto
    return len(proto.variables), len(proto.constraints)


def solve_cpsat(
    model: cp_model.CpModel,
    key: Sequence[Any],
    decode: Decoder,
    request: SolveRequest,
    *,
    fixed_search: bool = False,
    model_name: str | None = None,
    progress: Callable[[float, float, float], None] | None = None,
    parameters: dict[str, Any] | None = None,
) -> Outcome:
    """Run `request.mode` on `model`.

    Args:
        model: the family's model (with an objective for `optimise`).
        key: the variables that identify a solution (de-duplication and enumeration).
        decode: builds the solution JSON from a `value(var)` function.
        request: mode, limit, time limit, workers, seed, strategy name.
        fixed_search: follow the model's decision strategy exactly (one worker).
        model_name: recorded in the stats (e.g. the formulation used).
        progress: called with (seconds, objective, bound) on each improving solution.
        parameters: extra CP-SAT parameters by name.
    """
    solver = cp_model.CpSolver()
    params = solver.parameters
    enumerate_mode = request.mode in (Mode.ALL, Mode.COUNT, Mode.UNIQUE)
    workers = 1 if (enumerate_mode or fixed_search) else (request.workers or 0)
    params.num_workers = workers
    if request.time_limit is not None:
        params.max_time_in_seconds = float(request.time_limit)
    if request.seed is not None:
        params.random_seed = int(request.seed) % (2**31)
    if fixed_search:
        params.search_branching = cp_model.FIXED_SEARCH
    for name, value in (parameters or {}).items():
        setattr(params, name, value)

    variables, constraints = model_size(model)
    stats = Stats(
        backend="cpsat",
        strategy=request.strategy,
        model=model_name,
        variables=variables,
        constraints=constraints,
        workers=workers or None,
        seed=request.seed,
    )
    start = time.perf_counter()
    if enumerate_mode:
        params.enumerate_all_solutions = True
        stop_at = {Mode.UNIQUE: 2, Mode.ALL: request.limit, Mode.COUNT: None}[request.mode]
        keep = request.limit if request.mode == Mode.COUNT else None
        if request.mode == Mode.COUNT and keep is None:
            keep = 0
        collector = _Collector(key, decode, keep, stop_at)
        code = solver.solve(model, collector)
        outcome = _enumeration_outcome(request, code, collector)
    else:
        callback = _Progress(progress) if progress is not None else None
        code = solver.solve(model, callback) if callback else solver.solve(model)
        outcome = _single_outcome(request, code, solver, decode)
    stats.seconds = time.perf_counter() - start
    stats.branches = solver.num_branches
    stats.conflicts = solver.num_conflicts
    if request.mode == Mode.OPTIMISE and code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        stats.extra["objective"] = solver.objective_value
        stats.extra["bound"] = solver.best_objective_bound
    stats.extra.update(outcome.stats.extra)
    outcome.stats = stats
    return outcome


def _single_outcome(request: SolveRequest, code: int, solver: cp_model.CpSolver, decode: Decoder) -> Outcome:
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        solutions = [decode(solver.value)]
        if request.mode == Mode.OPTIMISE:
            status = Status.OPTIMAL if code == cp_model.OPTIMAL else Status.FEASIBLE
        else:
            status = Status.SOLVED
        return Outcome(status, solutions)
    if code == cp_model.INFEASIBLE:
        return Outcome(Status.UNSATISFIABLE, count=0)
    if code == cp_model.MODEL_INVALID:
        raise RuntimeError("CP-SAT rejected the model as invalid")
    return Outcome(Status.UNKNOWN)


def _enumeration_outcome(request: SolveRequest, code: int, collector: _Collector) -> Outcome:
    found = len(collector.seen)
    finished = code in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and not collector.stopped
    if code == cp_model.MODEL_INVALID:
        raise RuntimeError("CP-SAT rejected the model as invalid")
    if finished and found == 0:
        return Outcome(Status.UNSATISFIABLE, count=0, unique=False if request.mode == Mode.UNIQUE else None)
    if request.mode == Mode.UNIQUE:
        if found >= 2:
            return Outcome(Status.SOLVED, collector.solutions[:2], unique=False)
        if finished:
            return Outcome(Status.SOLVED, collector.solutions, count=1, unique=True)
        return Outcome(Status.UNKNOWN, collector.solutions)
    if finished:
        return Outcome(Status.SOLVED, collector.solutions, count=found)
    if collector.stopped:  # reached the requested limit
        return Outcome(Status.SOLVED, collector.solutions)
    outcome = Outcome(Status.UNKNOWN, collector.solutions)
    outcome.stats.extra["found_before_limit"] = found
    return outcome
