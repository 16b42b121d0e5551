"""python-sat helpers: the one CNF builder of every SAT model, and one solve function.

Choices (see DESIGN.md, "Known pitfalls"):
- One `IDPool` serves the family's variables and every cardinality encoding, so auxiliary
  variables never collide.
- Cardinality constraints come from `pysat.card.CardEnc` (pairwise, sequential counter
  [Sinz 2005], sorting and cardinality networks [Asin et al. 2011], totalizer [Bailleux and
  Boufkhad 2003], modulo totalizer [Ogawa et al. 2013], ladder, bitwise, ...), or, with the
  encoding `native`, are kept as native at-most-k constraints for a solver that has them
  (Minicard, Gluecard). An encoding that cannot state the constraint asked (pairwise, bitwise
  and ladder only say "at most one"; `native` needs a solver with native cardinalities) is an
  `Unsupported` error, never a silent swap.
- Enumeration is the core engine's solve-block-repeat loop (`core.enumerate`), blocking on
  the family's key variables only (never on auxiliaries, which would over-count).
- Time limits and Ctrl-C (`solve_before`, `solve_unlimited`): python-sat holds the GIL during
  a call, so Python sees Ctrl-C, and a `time_limited` block its timer, only when the call
  returns. Every call with conflict budgets (`conf_budget` + `solve_limited`: CaDiCaL, the
  MiniSat and Glucose families, ...) therefore runs in budgeted slices, `SLICE_CONFLICTS`
  each with no deadline (the same on every run), sized from the measured conflict rate with
  one (at most `RESPONSE` seconds and half the time left, the deadline checked between
  slices); the search resumes where it stopped (learnt clauses kept). Solvers without budgets
  (Lingeling) get a plain `solve`, which neither a time limit nor Ctrl-C can stop early.
- python-sat's own Ctrl-C catching is switched off (`_leave_ctrl_c_to_python`): for a call made
  in the main thread it installs a SIGINT handler that `longjmp`s out of the solver, which is
  not async-signal-safe. A Ctrl-C that landed while CaDiCaL was inside `malloc` left the
  allocator locked or corrupted: the next `free` hung for ever or aborted with "free():
  invalid pointer" (observed on `chessnum generate --size 16 --min-clues --clue-set minimum`,
  about 1 run in 4). With it off, Python's own handler (which only sets a flag) takes the
  signal and the slices above bound the wait.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver, SolverNames

from boardlab.core.deadline import NO_DEADLINE, Deadline, OutOfTime
from boardlab.core.enumerate import Budget, collect, solve_block_repeat
from boardlab.core.errors import Unsupported
from boardlab.core.interrupts import current_limit
from boardlab.core.results import Mode, Outcome, SolveRequest, Stats

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
AT_MOST_ONE_ONLY = frozenset({"pairwise", "bitwise", "ladder"})
#: Encodings of any bound, at most, at least or exactly.
GENERAL_ENCODINGS = tuple(name for name in ENCODINGS if name not in AT_MOST_ONE_ONLY)
#: Native at-most-k constraints (the solver must have them: `NATIVE_SOLVER`).
NATIVE = "native"

#: The SAT solver of every model unless a caller names another (CaDiCaL 1.9.5).
DEFAULT_SOLVER = "cadical195"
#: The default solver with native cardinality constraints.
NATIVE_SOLVER = "minicard"
_FIRST_BUDGET = 100  # conflicts; the first slice also measures the conflict rate
_MIN_BUDGET = 20
_SLICE_SHARE = 0.5  # a slice aims at this share of the time left
#: Seconds a slice aims at when time is plentiful under a deadline.
RESPONSE = 0.1
#: Conflicts per slice of a call with no deadline: a fixed number (the search must not depend
#: on the clock), a few tenths of a second on the largest models (0.5 ms per conflict on a
#: 16x16 Chess-Num, measured), so that Ctrl-C waits no longer.
SLICE_CONFLICTS = 500


def _leave_ctrl_c_to_python() -> None:
    """Switch off python-sat's SIGINT handler (module docstring). Its only switch is the
    main-thread check python-sat passes to every native call (`pysat._utils.MainThread`), so
    that check answers "no" for every call made through this process."""
    from pysat import _utils

    _utils.MainThread.check = staticmethod(lambda: False)  # type: ignore[method-assign]


_leave_ctrl_c_to_python()


class CNF:
    """Clauses (and native at-most constraints) over a shared `IDPool`; variables are named by
    any hashable key. The one formula builder of every SAT model."""

    def __init__(self) -> None:
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.atmost: list[tuple[list[int], int]] = []
        """Native at-most-k constraints (encoding `native`), for `solver()`."""

    def var(self, key: Hashable) -> int:
        """The variable named `key` (created on first use)."""
        return self.pool.id(key)

    def fresh(self) -> int:
        """A new auxiliary variable."""
        return self.pool.id(("aux", self.pool.top + 1))

    def add(self, clause: Iterable[int]) -> None:
        self.clauses.append(list(clause))

    def card(
        self, lits: Sequence[int], bound: int, kind: str, encoding: str, unless: Sequence[int] = ()
    ) -> None:
        """sum(lits) `kind` bound, `kind` one of "atmost", "atleast", "equals".

        Trivial bounds become unit or empty clauses (no encoding needed); otherwise `encoding`
        must be able to state the constraint (`Unsupported` if not). With `unless`, every
        clause also carries those literals: the constraint only binds when they are all false
        (e.g. a selector `-s`: it holds when `s` is assumed).
        """
        lits = list(lits)
        if kind not in ("atmost", "atleast", "equals"):
            raise ValueError(f"unknown cardinality constraint '{kind}'")
        if encoding != NATIVE and encoding not in ENCODINGS:
            known = ", ".join((*ENCODINGS, NATIVE))
            raise Unsupported(f"unknown cardinality encoding '{encoding}' (choose from {known})")
        if encoding in AT_MOST_ONE_ONLY and not (kind == "atmost" and bound == 1):
            raise Unsupported(
                f"the {encoding} encoding only states 'at most 1' "
                f"(for this constraint choose from {', '.join(GENERAL_ENCODINGS)})"
            )
        if encoding == NATIVE and unless:
            raise Unsupported("native cardinality constraints cannot be switched by a selector")
        guard = list(unless)
        if kind == "atleast" and bound <= 0 or kind == "atmost" and bound >= len(lits):
            return
        if bound < 0 or (kind != "atmost" and bound > len(lits)):
            self.add(guard)  # impossible: the empty clause (unless a guard literal holds)
        elif kind != "atleast" and bound == 0:
            self.clauses.extend([-lit] + guard for lit in lits)
        elif kind != "atmost" and bound == len(lits):
            self.clauses.extend([lit] + guard for lit in lits)
        elif encoding == NATIVE:
            if kind != "atleast":
                self.atmost.append((lits, bound))
            if kind != "atmost":
                self.atmost.append(([-lit for lit in lits], len(lits) - bound))
        else:
            method = {"atmost": CardEnc.atmost, "atleast": CardEnc.atleast, "equals": CardEnc.equals}[kind]
            encoded = method(lits=lits, bound=bound, vpool=self.pool, encoding=ENCODINGS[encoding])
            self.clauses.extend(clause + guard for clause in encoded.clauses)

    def at_most(
        self, lits: Sequence[int], bound: int, encoding: str = "seqcounter", unless: Sequence[int] = ()
    ) -> None:
        self.card(lits, bound, "atmost", encoding, unless)

    def at_least(
        self, lits: Sequence[int], bound: int, encoding: str = "totalizer", unless: Sequence[int] = ()
    ) -> None:
        self.card(lits, bound, "atleast", encoding, unless)

    def exactly(
        self, lits: Sequence[int], bound: int, encoding: str = "seqcounter", unless: Sequence[int] = ()
    ) -> None:
        self.card(lits, bound, "equals", encoding, unless)

    @property
    def num_vars(self) -> int:
        return self.pool.top

    @property
    def size(self) -> int:
        """Clauses and native constraints."""
        return len(self.clauses) + len(self.atmost)

    def solver_name(self, name: str | None = None) -> str:
        """`name`, or the default: `NATIVE_SOLVER` with native constraints, else `DEFAULT_SOLVER`."""
        return name or (NATIVE_SOLVER if self.atmost else DEFAULT_SOLVER)

    def solver(self, name: str | None = None) -> Solver:
        """A python-sat solver loaded with the formula (`NATIVE_SOLVER` by default when there
        are native constraints, else `DEFAULT_SOLVER`); `Unsupported` when the solver named
        has no native cardinality constraints and the formula needs them."""
        name = self.solver_name(name)
        if self.atmost and name not in _NATIVE_CAPABLE:
            capable = ", ".join(sorted(_NATIVE_CAPABLE))
            raise Unsupported(f"native cardinality constraints need one of the solvers {capable}, not {name}")
        solver = Solver(name=name, bootstrap_with=self.clauses)
        for lits, bound in self.atmost:
            solver.add_atmost(lits, bound)
        return solver


_NATIVE_CAPABLE = frozenset(
    name for attribute in ("minicard", "gluecard3", "gluecard4") for name in getattr(SolverNames, attribute)
)


def solve_before(
    solver: Solver,
    deadline: Deadline = NO_DEADLINE,
    assumptions: Sequence[int] = (),
    conflicts: int | None = None,
) -> bool | None:
    """One SAT call (under `assumptions`) in conflict-budget slices (module docstring); None
    when the deadline passed, or `conflicts` (a budget for the whole call) were spent, first.

    Without a deadline every slice is `SLICE_CONFLICTS` conflicts, so the search is the same
    on every run (generators stay deterministic per seed). With one, slices are sized from
    the measured conflict rate (at most `RESPONSE` seconds and half the time left): a slice
    overruns the deadline by at most a misestimate (e.g. an inprocessing round). Solvers with
    no budgets (e.g. Lingeling) get a plain `solve`, which nothing can stop early."""
    assumptions = list(assumptions)
    if deadline.expired():
        return None
    budget = _FIRST_BUDGET if deadline.limited else SLICE_CONFLICTS
    spent = 0
    clock = deadline.clock
    while True:
        if conflicts is not None:
            budget = min(budget, conflicts - spent)
        started = clock()
        try:
            solver.conf_budget(budget)
            answer = solver.solve_limited(assumptions=assumptions)
        except NotImplementedError:  # no budgets: no limit of any kind
            return solver.solve(assumptions=assumptions)
        if answer is not None:
            return answer
        spent += budget
        if conflicts is not None and spent >= conflicts:
            return None
        left = deadline.remaining()
        if left is None:
            continue
        if left <= 0:
            return None
        per_conflict = max(clock() - started, 0.0) / budget
        aim = min(RESPONSE, _SLICE_SHARE * left)
        wanted = aim / per_conflict if per_conflict > 0 else float("inf")
        budget = int(max(_MIN_BUDGET, min(wanted, 2 * budget)))


def solve_unlimited(solver: Solver, assumptions: Sequence[int] = ()) -> bool:
    """One SAT call with no limit of its own that Ctrl-C can still stop (`solve_before`'s
    slices). Inside a `core.interrupts.time_limited` block (a generator or a hint under
    `--time-limit`) the call stops at that block's deadline and raises `OutOfTime`, as the
    block's timer would if the solver let it."""
    limit = current_limit()
    answer = solve_before(solver, limit, assumptions)
    if answer is None:
        raise OutOfTime(f"time limit of {limit.seconds:g} s reached")
    return answer


def models(
    solver: Solver,
    key: Sequence[int],
    deadline: Deadline = NO_DEADLINE,
    reject: Callable[[set[int]], bool] | None = None,
    formula: CNF | None = None,
) -> Iterator[set[int]]:
    """The models of `solver` distinct on `key`, each as its set of true variables: the core's
    solve-block-repeat loop with a SAT solver (blocking clauses on `key` only). `reject` is the
    family's hook (see `core.enumerate.solve_block_repeat`); clauses it states on `formula`
    (the CNF the solver was loaded from, e.g. a lazy cut) are passed to the solver before the
    next solve. Raises `OutOfTime` at the deadline.
    """
    key = list(key)
    loaded = len(formula.clauses) if formula is not None else 0

    def solve() -> set[int] | None:
        nonlocal loaded
        if formula is not None:
            for clause in formula.clauses[loaded:]:
                solver.add_clause(clause)
            loaded = len(formula.clauses)
        answer = solve_before(solver, deadline)
        if answer is None:
            raise OutOfTime("time limit reached")
        return {lit for lit in solver.get_model() if lit > 0} if answer else None

    def block(true: set[int]) -> None:
        solver.add_clause([-v if v in true else v for v in key])

    return solve_block_repeat(solve, block, reject)


def solve_sat(
    cnf: CNF,
    key: Sequence[int],
    decode: Callable[[set[int]], dict[str, Any]],
    request: SolveRequest,
    *,
    solver_name: str | None = None,
    model_name: str | None = None,
    reject: Callable[[set[int]], bool] | None = None,
) -> Outcome:
    """Run `request.mode` (first, all, count, unique) on `cnf` before `request.deadline`.

    `decode` receives the set of true variables; `key` are the variables that identify a
    solution (enumeration blocks on them only); `reject` may refuse a model (see `models`).
    The solver is `cnf.solver(solver_name)`.
    """
    if request.mode == Mode.OPTIMISE:
        raise ValueError("solve_sat does not optimise; use CP-SAT or a sequence of SAT calls")
    start = time.perf_counter()
    with cnf.solver(solver_name) as solver:
        outcome = collect(Budget.of(request), models(solver, key, request.deadline, reject, cnf), decode)
        raw = solver.accum_stats() or {}
    outcome.stats = Stats(
        seconds=time.perf_counter() - start,
        backend=f"sat:{cnf.solver_name(solver_name)}",
        strategy=request.strategy,
        model=model_name,
        branches=raw.get("decisions"),
        conflicts=raw.get("conflicts"),
        variables=cnf.num_vars,
        constraints=cnf.size,
        seed=request.seed,
        extra=outcome.stats.extra,
    )
    return outcome
