"""CP-SAT helpers: one function runs any mode of a solve on a model the family built.

Choices (see DESIGN.md, "Known pitfalls"):
- Enumeration (`all`, `count`, `unique`) runs with one worker and de-duplicates solutions on
  the family's key variables, because several workers can report duplicates; a request for
  more workers there (or with `fixed_search`) is refused (`Unsupported`), never dropped.
- `first`, `all`, `count`, `unique` are answered by the core enumeration engine
  (`core.enumerate`): its `Tally` is fed by CP-SAT's solution callback (the native override of
  the solve-block-repeat loop) and stops the search when the budget is reached. Where that
  native enumeration does worse, a family runs the generic loop itself with CP-SAT as the
  solver (`enumerate_by_blocking`: tents' tent sets, C-Note's unique mode).
- A family's search strategy is its own `AddDecisionStrategy` on its variables; `fixed_search`
  makes CP-SAT follow it (with one worker), otherwise CP-SAT only uses it as a hint.
- The request's `Deadline` becomes `max_time_in_seconds` (the time left when the solver starts,
  so model building counted against it); what was found before the limit is kept.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ortools.sat.python import cp_model

from boardlab.core.deadline import NO_DEADLINE, Deadline, OutOfTime
from boardlab.core.enumerate import Budget, Tally, collect, solve_block_repeat
from boardlab.core.errors import Unsupported
from boardlab.core.interrupts import in_thread, limit_passed
from boardlab.core.results import Mode, Outcome, SolveRequest, Stats, Status

Decoder = Callable[[Callable[[Any], int]], dict[str, Any]]


class _Collector(cp_model.CpSolverSolutionCallback):
    """Feeds each solution, de-duplicated on the key variables, to the engine's `Tally`."""

    def __init__(self, key: Sequence[Any], decode: Decoder, tally: Tally):
        super().__init__()
        self._key = list(key)
        self._decode = decode
        self.tally = tally
        self.seen: set[tuple[int, ...]] = set()
        self.stopped = False
        self.closed = False
        """Set when the search was left behind at the deadline: its answer is given already."""

    def on_solution_callback(self) -> None:
        if self.closed:
            return
        signature = tuple(self.value(v) for v in self._key)
        if signature in self.seen:
            return
        self.seen.add(signature)
        if self.tally.add(lambda: self._decode(self.value)):
            self.stopped = True
            self.stop_search()


class _Progress(cp_model.CpSolverSolutionCallback):
    """Reports (seconds, objective, bound) of each improving solution during optimisation."""

    def __init__(self, report: Callable[[float, float, float], None]):
        super().__init__()
        self._report = report

    def on_solution_callback(self) -> None:
        self._report(self.wall_time, self.objective_value, self.best_objective_bound)


def one_worker(seed: int = 0, budget: float | None = None) -> cp_model.CpSolver:
    """A CP-SAT solver whose answer depends only on the model, `seed` and `budget`: one worker
    (several race, and which one answers first depends on timing), the random seed `seed`, and
    `budget` deterministic seconds at most (None: no limit). The generators' questions use it so
    that the same seed gives the same puzzle."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed % (2**31)
    if budget is not None:
        solver.parameters.max_deterministic_time = budget
    return solver


#: Seconds CP-SAT is given to return after `stop_search` at the deadline before it is left
#: behind (`solve_interruptibly`); a search returns within milliseconds, a presolve never.
STOP_GRACE = 0.1


def solve_interruptibly(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    callback: cp_model.CpSolverSolutionCallback | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> Any:
    """`solver.solve(model, callback)`, with Ctrl-C (and a `time_limited` block's timer) seen
    within `core.interrupts.SLICE` seconds: the search runs in a helper thread
    (`core.interrupts.in_thread`; CP-SAT releases the GIL while it searches) and is ended by
    `stop_search`, then the KeyboardInterrupt (or OutOfTime) is raised again.

    `deadline` (a request's): past it the search is stopped too, and when CP-SAT has not
    returned `STOP_GRACE` seconds later it is left running in its thread and `OutOfTime` is
    raised. CP-SAT's presolve honours neither `max_time_in_seconds` nor `stop_search`: on a
    2x2 C-Note grid at target 100,000 (cell domains of 40,000 values in 7,400 intervals) one
    call with a limit of 0.1 s took 2.4 s, at 400,000 36 s, at 600,000 99 s (OR-Tools 9.15,
    thirty-third session).

    OR-Tools' own SIGINT catching (`catch_sigint_signal`, on by default) is switched off: its
    handler writes a log line, which allocates memory inside a signal handler; a Ctrl-C that
    landed while the search was inside `malloc` or `free` deadlocked the process for good
    (observed with OR-Tools 9.15: the main thread waiting on the allocator's lock under
    `SigintHandler`'s `LogMessage`). Without it Python's own handler takes the signal.
    """
    solver.parameters.catch_sigint_signal = False

    def search() -> Any:
        return solver.solve(model, callback) if callback is not None else solver.solve(model)

    return in_thread(search, solver.stop_search, deadline, give_up=STOP_GRACE)


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
    if (request.workers or 1) > 1 and (enumerate_mode or fixed_search):
        why = (
            f"enumerates ({request.mode.value}) on one worker (several would report duplicates)"
            if enumerate_mode
            else "follows a fixed --strategy on one worker"
        )
        raise Unsupported(f"--workers {request.workers}: the cpsat backend {why}; leave out --workers")
    workers = 1 if (enumerate_mode or fixed_search) else (request.workers or 0)
    params.num_workers = workers
    remaining = request.deadline.remaining()
    if remaining is not None:
        params.max_time_in_seconds = remaining
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
    # past the deadline already (model building took it all): no search at all; a search that
    # CP-SAT does not end in time (its presolve) is left behind: `unknown` with what was found
    late = request.deadline.expired()
    searched = not late
    if request.mode == Mode.OPTIMISE:
        callback = _Progress(progress) if progress is not None else None
        code = _solve_before(solver, model, callback, request.deadline) if searched else cp_model.UNKNOWN
        searched = searched and code is not None
        outcome = _optimum(code, solver, decode)
    else:
        params.enumerate_all_solutions = enumerate_mode
        collector = _Collector(key, decode, Tally(Budget.of(request)))
        searched = searched and not collector.tally.done  # `all` with limit 0 needs no search
        code = _solve_before(solver, model, collector, request.deadline) if searched else cp_model.UNKNOWN
        if code is None:  # left behind: later solutions of its thread are not counted
            collector.closed = True
            searched = False
        if code == cp_model.MODEL_INVALID:
            raise RuntimeError("CP-SAT rejected the model as invalid")
        tally = collector.tally
        if code in (cp_model.OPTIMAL, cp_model.FEASIBLE) and tally.found == 0:  # solved without a callback
            tally.add(decode(solver.value))
        # Exhausted: the search ended by itself, with every solution (enumeration) or none
        # (a budget reached before any search, `all` with limit 0, is not exhausted).
        ended = code == cp_model.INFEASIBLE or (enumerate_mode and code == cp_model.OPTIMAL)
        outcome = tally.outcome(ended and not collector.stopped)
    stats.seconds = time.perf_counter() - start
    if searched:
        stats.branches = solver.num_branches
        stats.conflicts = solver.num_conflicts
    if request.mode == Mode.OPTIMISE and code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        stats.extra["objective"] = solver.objective_value
        stats.extra["bound"] = solver.best_objective_bound
    stats.extra.update(outcome.stats.extra)
    outcome.stats = stats
    return outcome


def _solve_before(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    callback: cp_model.CpSolverSolutionCallback | None,
    deadline: Deadline,
) -> Any:
    """`solve_interruptibly` under `deadline`; None when CP-SAT was left behind at it."""
    try:
        return solve_interruptibly(solver, model, callback, deadline)
    except OutOfTime:
        if limit_passed():  # the command's --time-limit (core.interrupts): passed on
            raise
        return None


def enumerate_by_blocking(
    model: cp_model.CpModel,
    key: Sequence[Any],
    decode: Decoder,
    request: SolveRequest,
    block: Callable[[dict[str, Any]], None],
    *,
    fixed_search: bool = False,
    model_name: str | None = None,
    parameters: dict[str, Any] | None = None,
) -> Outcome:
    """`request`'s enumeration (all, count, unique) by repeated `first` solves of `model`, each
    followed by `block(solution)`, which adds a no-good excluding it: the core engine's
    solve-block-repeat loop (`core.enumerate.solve_block_repeat`) with CP-SAT as the solver,
    every solve under the request's deadline. A `request.known_solution` is the first solution
    without a solve (it is blocked at once: a unique answer then takes one solve, the proof that
    no other exists). Stats: the last solve's, with `solves` and `seconds` summed over them.

    Where it beats CP-SAT's own enumeration (`solve_cpsat`, `enumerate_all_solutions`): each
    solve keeps presolve and may use several workers, and the no-good can be on what tells
    solutions apart for the family when the model has more variables (tents: tent sets, not
    their pairings with trees). C-Note's unique mode: a 5x5 grid at target 180 was proven
    unique in 0.3 s this way against 7.6 s by the enumeration (docs/cnote.md)."""
    single = replace(request, mode=Mode.FIRST, limit=None, progress=None, known_solution=None)
    solves: list[Outcome] = []
    known = [request.known_solution] if request.known_solution is not None else []

    def solve() -> dict[str, Any] | None:
        if known:
            return known.pop()
        outcome = solve_cpsat(
            model,
            key,
            decode,
            single,
            fixed_search=fixed_search,
            model_name=model_name,
            parameters=parameters,
        )
        solves.append(outcome)
        if outcome.status == Status.UNKNOWN:
            raise OutOfTime("time limit reached")
        return outcome.solutions[0] if outcome.solutions else None

    result = collect(Budget.of(request), solve_block_repeat(solve, block))
    if solves:
        extra = dict(result.stats.extra)
        result.stats = solves[-1].stats
        result.stats.seconds = sum(outcome.stats.seconds for outcome in solves)
        result.stats.extra.update(extra)
        result.stats.extra["solves"] = len(solves) - (1 if solves[-1].status == Status.UNKNOWN else 0)
    return result


def _optimum(code: Any, solver: cp_model.CpSolver, decode: Decoder) -> Outcome:
    if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        status = Status.OPTIMAL if code == cp_model.OPTIMAL else Status.FEASIBLE
        return Outcome(status, [decode(solver.value)])
    if code == cp_model.INFEASIBLE:
        return Outcome(Status.UNSATISFIABLE, count=0)
    if code == cp_model.MODEL_INVALID:
        raise RuntimeError("CP-SAT rejected the model as invalid")
    return Outcome(Status.UNKNOWN)
