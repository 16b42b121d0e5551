"""The enumeration engine: what "first", "all", "limit", "count" and "unique" mean, written once.

Every backend of every family answers these modes through this module:

- `Budget.of(request)` derives, once, when a search may stop (`stop_at`: 1 for first, 2 for
  unique, the limit for all, never for count) and how many solutions it keeps (`keep`: all
  it finds, except count, which keeps only the `--limit` it was asked to list).
- `Tally` counts the distinct solutions a search reports, keeps what the budget says, and says
  when the search may stop. `classify` turns (budget, found, kept, exhausted) into the answer:
  `unsatisfiable` (exhausted, none found), `solved` with `count` (exhausted: all, count),
  `solved` with `unique` true/false (unique: one found and exhausted, or two found),
  `solved` (stopped at the limit, or first), else `unknown` with what was found before the
  deadline (`found_before_limit` in the statistics).
- `collect(budget, solutions)` drives any iterator of solutions through a `Tally`: the
  generic consumer. An `OutOfTime` raised by the iterator (the request's `Deadline`) ends it
  with what was found.
- `solve_block_repeat(solve, block, reject)` is the generic producer for a backend that can
  solve once and block a solution (a SAT solver, a CP-SAT model solved repeatedly): solve,
  block the solution on its key variables, let the family's `reject` hook refuse it (e.g. a
  lazily added cut: the model is blocked, not counted, and the search goes on), yield it.

Native overrides: a backend that enumerates by itself feeds the same classifier. CP-SAT's
solution callback calls `Tally.add` and stops the search when it answers True; the numba
counters and the nqueens bitboard enumerator report (found, exhausted) to `classify`; the C-Note
brute force is an iterator given to `collect`. (The generic loop in CPMpy's `solveAll`, with
native overrides per solver, is the model followed here.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from boardlab.core.deadline import OutOfTime
from boardlab.core.interrupts import limit_passed
from boardlab.core.results import Mode, Outcome, SolveRequest, Status

Solution = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True)
class Budget:
    """When an enumeration may stop and how many solutions it keeps.

    Args:
        mode: the mode asked (first, all, count, unique).
        stop_at: stop once this many distinct solutions are found (None: search to the end).
        keep: keep at most this many solutions (None: every one found).
    """

    mode: Mode
    stop_at: int | None
    keep: int | None

    @classmethod
    def of(cls, request: SolveRequest) -> Budget:
        """The budget of `request` (first: stop at 1; unique: at 2; all: at the limit; count:
        never, keeping the `limit` solutions it was asked to list)."""
        return cls.for_mode(request.mode, request.limit)

    @classmethod
    def for_mode(cls, mode: Mode, limit: int | None = None) -> Budget:
        """The budget of `mode` with the request's `limit` (see `of`)."""
        if mode == Mode.OPTIMISE:
            raise ValueError("optimisation is not an enumeration")
        stop_at = {Mode.FIRST: 1, Mode.UNIQUE: 2, Mode.ALL: limit, Mode.COUNT: None}[mode]
        keep = (limit or 0) if mode == Mode.COUNT else stop_at
        return cls(mode, stop_at, keep)

    def reached(self, found: int) -> bool:
        """Whether `found` solutions settle the question (no need to search on)."""
        return self.stop_at is not None and found >= self.stop_at

    def wants(self, kept: int) -> bool:
        """Whether a solution found after `kept` kept ones is kept too."""
        return self.keep is None or kept < self.keep


def classify(budget: Budget, found: int, solutions: list[Solution], exhausted: bool) -> Outcome:
    """The answer of a search that found `found` distinct solutions and kept `solutions`.

    `exhausted`: the search proved there are no others (it ran to its end). A search that
    neither ran to its end nor reached `budget.stop_at` was stopped by the deadline: the answer
    is `unknown`, with the solutions found and `found_before_limit` in the statistics.
    """
    mode = budget.mode
    if exhausted and found == 0:
        return Outcome(Status.UNSATISFIABLE, count=0, unique=False if mode == Mode.UNIQUE else None)
    if not exhausted and not budget.reached(found):
        outcome = Outcome(Status.UNKNOWN, solutions)
        outcome.stats.extra["found_before_limit"] = found
        return outcome
    if mode == Mode.UNIQUE:
        if found >= 2:
            return Outcome(Status.SOLVED, solutions[:2], unique=False)
        return Outcome(Status.SOLVED, solutions, count=1, unique=True)
    if exhausted and mode in (Mode.ALL, Mode.COUNT):
        return Outcome(Status.SOLVED, solutions, count=found)
    return Outcome(Status.SOLVED, solutions)  # first, or stopped at the limit: more may exist


class Tally:
    """Counts the distinct solutions a search reports and keeps what its budget says."""

    def __init__(self, budget: Budget):
        self.budget = budget
        self.found = 0
        self.solutions: list[Solution] = []

    def add(self, solution: Solution | Callable[[], Solution]) -> bool:
        """Count one more distinct solution (given, or made on demand by a callable, which is
        only called when the solution is kept); True when the search may stop."""
        self.found += 1
        if self.budget.wants(len(self.solutions)):
            self.solutions.append(solution() if callable(solution) else solution)
        return self.done

    @property
    def done(self) -> bool:
        """Whether the budget is reached."""
        return self.budget.reached(self.found)

    def outcome(self, exhausted: bool) -> Outcome:
        """The classified answer (`exhausted`: the search ran to its end)."""
        return classify(self.budget, self.found, self.solutions, exhausted)


def collect(budget: Budget, solutions: Iterable[T], decode: Callable[[T], Solution] | None = None) -> Outcome:
    """Run `solutions` (distinct ones, lazily produced) until the budget is reached, the
    iterator ends (exhausted) or raises `OutOfTime`; `decode` makes the JSON of a kept one."""
    tally = Tally(budget)
    exhausted = False
    iterator = iter(solutions)
    try:
        if not budget.reached(0):
            for item in iterator:
                if tally.add(item if decode is None else partial(decode, item)):  # type: ignore[arg-type]
                    break
            else:
                exhausted = True
    except OutOfTime:
        if limit_passed():  # the command's --time-limit (core.interrupts): passed on
            raise
    finally:
        close = getattr(iterator, "close", None)
        if close is not None:
            close()
    return tally.outcome(exhausted)


def solve_block_repeat(
    solve: Callable[[], T | None],
    block: Callable[[T], None],
    reject: Callable[[T], bool] | None = None,
) -> Iterator[T]:
    """The solutions of a backend that can solve once and block what it found.

    Args:
        solve: the next solution, None when there is none (proved); raises `OutOfTime` when
            the deadline passes first.
        block: excludes that solution (a no-good on the key variables) from later solves.
        reject: the family's hook, called after blocking: True refuses the solution (it is
            not yielded; the hook may strengthen the model, e.g. with a lazy cut).
    """
    while True:
        found = solve()
        if found is None:
            return
        block(found)
        if reject is not None and reject(found):
            continue
        yield found
