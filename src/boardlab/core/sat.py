"""python-sat helpers: a CNF builder with a shared variable pool, and one solve function.

Choices (see DESIGN.md, "Known pitfalls"):
- One `IDPool` serves the family's variables and every cardinality encoding, so auxiliary
  variables never collide.
- Cardinality constraints come from `pysat.card.CardEnc` (pairwise, sequential counter
  [Sinz 2005], sorting and cardinality networks [Asin et al. 2011], totalizer [Bailleux and
  Boufkhad 2003], modulo totalizer [Ogawa et al. 2013], ladder, bitwise, ...).
- Enumeration blocks on the family's key variables only (never on auxiliaries, which would
  over-count); `unique` stops at the second model.
- Time limits (`solve_before`): solvers that python-sat can interrupt (the MiniSat and Glucose
  families, Minicard, Gluecard, MapleSAT, MergeSat) get one `solve_limited(expect_interrupt=True)`
  call stopped by `interrupt()` from a `threading.Timer` at the deadline. CaDiCaL has no
  interrupt in python-sat (1.9.dev17: `Cadical195.interrupt` raises NotImplementedError and
  `solve_limited` ignores `expect_interrupt`) but honours conflict budgets, so the search runs
  in budgeted slices sized from the conflict rate measured so far (each aims at half the time
  left) and stops between slices when time is up.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Hashable
from typing import Any, Callable, Iterable, Sequence

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from boardlab.core.results import Mode, Outcome, SolveRequest, Stats, Status

#: Cardinality encodings by name (pysat.card.EncType).
ENCODINGS: dict[str, int] = {
    "pairwise": EncType.pairwise,
    "seqcounter": EncType.seqcounter,
    "sortnetwrk": EncType.sortnetwrk,
    "cardnetwrk": EncType.cardnetwrk,
    "bitwise": EncType.bitwise,
    "ladder": EncType.ladder,
    "totalizer": EncType.totalizer,
    "mtotalizer": EncType.mtotalizer,
    "kmtotalizer": EncType.kmtotalizer,
}
#: Encodings that only express "at most one".
AT_MOST_ONE_ONLY = {"pairwise", "bitwise", "ladder"}

DEFAULT_SOLVER = "cadical195"
_FIRST_BUDGET = 100  # conflicts; the first slice also measures the conflict rate
_MIN_BUDGET = 20
_MAX_BUDGET = 10_000
_SLICE_SHARE = 0.5  # a slice aims at this share of the time left


class CNF:
    """Clauses over a shared `IDPool`. Variables are named by any hashable key."""

    def __init__(self) -> None:
        self.pool = IDPool()
        self.clauses: list[list[int]] = []

    def var(self, key: Hashable) -> int:
        """The variable named `key` (created on first use)."""
        return self.pool.id(key)

    def add(self, clause: Iterable[int]) -> None:
        self.clauses.append(list(clause))

    def _card(self, lits: Sequence[int], bound: int, kind: str, encoding: str) -> None:
        lits = list(lits)
        if encoding not in ENCODINGS:
            raise ValueError(f"unknown cardinality encoding '{encoding}'")
        if encoding in AT_MOST_ONE_ONLY and not (kind == "atmost" and bound == 1):
            encoding = "seqcounter" if kind == "atmost" else "totalizer"
        if kind == "atleast" and bound <= 0:
            return
        if kind == "atmost" and bound >= len(lits):
            return
        if bound < 0 or (kind != "atmost" and bound > len(lits)):
            self.add([])  # impossible: the empty clause
            return
        if kind == "atmost" and bound == 0 or (kind == "equals" and bound == 0):
            for lit in lits:
                self.add([-lit])
            return
        method = {"atmost": CardEnc.atmost, "atleast": CardEnc.atleast, "equals": CardEnc.equals}[kind]
        encoded = method(lits=lits, bound=bound, vpool=self.pool, encoding=ENCODINGS[encoding])
        self.clauses.extend(encoded.clauses)

    def at_most(self, lits: Sequence[int], bound: int, encoding: str = "seqcounter") -> None:
        self._card(lits, bound, "atmost", encoding)

    def at_least(self, lits: Sequence[int], bound: int, encoding: str = "totalizer") -> None:
        self._card(lits, bound, "atleast", encoding)

    def exactly(self, lits: Sequence[int], bound: int, encoding: str = "seqcounter") -> None:
        self._card(lits, bound, "equals", encoding)

    @property
    def num_vars(self) -> int:
        return self.pool.top


def supports_interrupt(solver: Solver) -> bool:
    """Whether python-sat can interrupt `solver` (`interrupt()` during `solve_limited`).

    Probed with `clear_interrupt()`, harmless on a solver that is not running, which the
    solvers without interrupts (CaDiCaL, Lingeling, Kissat, CryptoMiniSat) refuse with
    NotImplementedError.
    """
    try:
        solver.clear_interrupt()
    except NotImplementedError:
        return False
    return True


def solve_before(
    solver: Solver,
    deadline: float | None,
    assumptions: Sequence[int] = (),
    *,
    clock: Callable[[], float] = time.perf_counter,
) -> bool | None:
    """One SAT call (under `assumptions`); None when the deadline passed first.

    `deadline` is a `clock()` value (by default `time.perf_counter()`, seconds). A solver that
    can be interrupted runs one `solve_limited(expect_interrupt=True)` with no conflict budget,
    interrupted by a timer at the deadline; the interrupt is cleared before returning, so the
    solver stays usable. Otherwise `solve_limited` runs in conflict-budget slices: the first is
    small, each next one is sized from the seconds per conflict of the previous slice to take
    about half the time left (at most double the previous one, within [_MIN_BUDGET,
    _MAX_BUDGET]), and the clock is checked between slices, so a slice overruns the deadline by
    at most a misestimate (e.g. an inprocessing round) rather than by a fixed number of
    conflicts. Solvers with neither (e.g. Lingeling) get a plain `solve`, which no time limit
    can stop.
    """
    assumptions = list(assumptions)
    if deadline is None:
        return solver.solve(assumptions=assumptions)
    if clock() >= deadline:
        return None
    if supports_interrupt(solver):
        return _solve_interrupted(solver, deadline, assumptions, clock)
    return _solve_sliced(solver, deadline, assumptions, clock)


def _solve_interrupted(solver: Solver, deadline: float, assumptions: list[int], clock: Callable[[], float]) -> bool | None:
    try:
        solver.conf_budget(-1)  # no budget left over from an earlier limited call
    except NotImplementedError:
        pass
    timer = threading.Timer(max(0.0, deadline - clock()), solver.interrupt)
    timer.daemon = True
    timer.start()
    try:
        answer = solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
    finally:
        timer.cancel()
        timer.join()  # an interrupt that fired after the call returned is cleared below
        solver.clear_interrupt()
    return answer


def _solve_sliced(solver: Solver, deadline: float, assumptions: list[int], clock: Callable[[], float]) -> bool | None:
    budget = _FIRST_BUDGET
    while True:
        started = clock()
        if started >= deadline:
            return None
        try:
            solver.conf_budget(budget)
            answer = solver.solve_limited(assumptions=assumptions)
        except NotImplementedError:  # no budgets: no time limit either
            return solver.solve(assumptions=assumptions)
        if answer is not None:
            return answer
        now = clock()
        per_conflict = max(now - started, 0.0) / budget
        wanted = _SLICE_SHARE * (deadline - now) / per_conflict if per_conflict > 0 else float("inf")
        budget = int(max(_MIN_BUDGET, min(wanted, 2 * budget, _MAX_BUDGET)))


def solve_sat(
    cnf: CNF,
    key: Sequence[int],
    decode: Callable[[set[int]], dict[str, Any]],
    request: SolveRequest,
    *,
    solver_name: str = DEFAULT_SOLVER,
    model_name: str | None = None,
) -> Outcome:
    """Run `request.mode` (first, all, count, unique) on `cnf`.

    `decode` receives the set of true variables; `key` are the variables that identify a
    solution (enumeration blocks on them only).
    """
    if request.mode == Mode.OPTIMISE:
        raise ValueError("solve_sat does not optimise; use CP-SAT or a sequence of SAT calls")
    start = time.perf_counter()
    deadline = start + request.time_limit if request.time_limit is not None else None
    stop_at = {Mode.FIRST: 1, Mode.UNIQUE: 2, Mode.ALL: request.limit, Mode.COUNT: None}[request.mode]
    keep = request.limit if request.mode == Mode.COUNT else None
    if request.mode == Mode.COUNT and keep is None:
        keep = 0
    key = list(key)
    solutions: list[dict[str, Any]] = []
    found = 0
    finished = False
    with Solver(name=solver_name, bootstrap_with=cnf.clauses) as solver:
        while stop_at is None or found < stop_at:
            answer = solve_before(solver, deadline)
            if answer is None:
                break
            if not answer:
                finished = True
                break
            model = solver.get_model()
            true = {lit for lit in model if lit > 0}
            found += 1
            if keep is None or len(solutions) < keep:
                solutions.append(decode(true))
            solver.add_clause([-v if v in true else v for v in key])
        raw = solver.accum_stats() or {}
    stats = Stats(
        seconds=time.perf_counter() - start,
        backend=f"sat:{solver_name}",
        strategy=request.strategy,
        model=model_name,
        branches=raw.get("decisions"),
        conflicts=raw.get("conflicts"),
        variables=cnf.num_vars,
        constraints=len(cnf.clauses),
        seed=request.seed,
    )
    timed_out = not finished and (stop_at is None or found < stop_at)
    outcome = enumeration_outcome(request.mode, found, finished, timed_out, solutions)
    if timed_out:
        stats.extra["found_before_limit"] = found
    outcome.stats = stats
    return outcome


def enumeration_outcome(mode: Mode, found: int, finished: bool, timed_out: bool, solutions: list[dict[str, Any]]) -> Outcome:
    """The outcome of a search that found `found` solutions (keeping `solutions`).

    `finished`: the solver proved there are no more; `timed_out`: the deadline stopped it
    before the mode's question was settled. Shared by every SAT enumeration loop.
    """
    if finished and found == 0:
        return Outcome(Status.UNSATISFIABLE, count=0, unique=False if mode == Mode.UNIQUE else None)
    if timed_out:
        return Outcome(Status.UNKNOWN, solutions)
    if mode == Mode.FIRST:
        return Outcome(Status.SOLVED, solutions)
    if mode == Mode.UNIQUE:
        if found >= 2:
            return Outcome(Status.SOLVED, solutions, unique=False)
        return Outcome(Status.SOLVED, solutions, count=1, unique=True)
    if finished:
        return Outcome(Status.SOLVED, solutions, count=found)
    return Outcome(Status.SOLVED, solutions)  # stopped at the limit
