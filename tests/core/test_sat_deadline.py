"""Deadlines of `boardlab.core.sat.solve_before`: conflict budget slices sized from the
measured conflict rate, for every solver with budgets.

No assertion here depends on wall-clock speed: the slice tests run on a clock that counts the
solver's conflicts (1 ms each), so they are deterministic.
"""

from __future__ import annotations

from typing import Any

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from boardlab.core.deadline import Deadline
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.core.sat import CNF, SLICE_CONFLICTS, solve_before, solve_sat

KEYS = 5


def relaxed_pigeonhole(holes: int) -> tuple[list[list[int]], int, list[int]]:
    """Pigeonhole clauses for `holes` holes, each switched on by a selector `a`, plus
    "exactly one of KEYS fresh key variables". Under `a` the formula is unsatisfiable and hard
    for CDCL; under `-a` it has exactly KEYS solutions over the keys."""
    php = PHP(nof_holes=holes)
    a = php.nv + 1
    keys = list(range(a + 1, a + 1 + KEYS))
    clauses = [clause + [-a] for clause in php.clauses]
    clauses.append(keys)
    clauses += [[-x, -y] for i, x in enumerate(keys) for y in keys[i + 1 :]]
    return clauses, a, keys


def enumerate_keys(solver: Any, assumptions: list[int], keys: list[int]) -> list[tuple[int, ...]]:
    """All key assignments (true keys) under `assumptions`, blocking on the keys, each call with
    a deadline far away (so both code paths of solve_before run)."""
    found = []
    while True:
        answer = solve_before(solver, Deadline.after(600), assumptions)
        assert answer is not None
        if not answer:
            return found
        true = {lit for lit in solver.get_model() if lit > 0}
        found.append(tuple(k for k in keys if k in true))
        solver.add_clause([-k if k in true else k for k in keys])


@pytest.mark.parametrize("name", ["cadical195", "minisat22", "glucose4"])
def test_budget_slices_stop_near_the_deadline_on_a_conflict_clock(name: str) -> None:
    clauses, a, keys = relaxed_pigeonhole(10)
    with Solver(name=name, bootstrap_with=clauses) as solver:

        def conflicts() -> int:
            return (solver.accum_stats() or {}).get("conflicts", 0)

        def clock() -> float:  # one conflict = 1 ms
            return conflicts() / 1000

        deadline = Deadline.after(2.5, clock)  # 2,500 conflicts
        assert solve_before(solver, deadline, [a]) is None
        # slices shrink towards the deadline: the overrun is at most a minimal slice (the
        # former fixed slices of 2,000 then 4,000 conflicts stopped at 6,000)
        assert 2_500 <= conflicts() <= 2_600, conflicts()
        found = enumerate_keys(solver, [-a], keys)
        assert sorted(found) == [(k,) for k in keys]


def test_solve_sat_time_limit_with_an_interruptible_solver() -> None:
    clauses, a, keys = relaxed_pigeonhole(12)
    cnf = CNF()
    cnf.clauses = [*clauses, [a]]
    outcome = solve_sat(
        cnf,
        keys,
        lambda true: {},
        SolveRequest(mode=Mode.FIRST, deadline=Deadline.after(0.2)),
        solver_name="minisat22",
    )
    assert outcome.status == Status.UNKNOWN


def test_an_unlimited_call_stops_at_the_enclosing_time_limit() -> None:
    """`solve_unlimited` inside `time_limited` (a generator or a hint under --time-limit) stops
    at that limit with OutOfTime: python-sat holds the GIL, so the block's timer alone would
    wait for the whole search (pigeonhole 12 -> 11 under CaDiCaL: minutes). Outside the block
    the same solver is usable and answers."""
    from boardlab.core.deadline import OutOfTime
    from boardlab.core.interrupts import current_limit, time_limited
    from boardlab.core.sat import solve_unlimited

    clauses, a, keys = relaxed_pigeonhole(12)
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        with pytest.raises(OutOfTime):
            with time_limited(0.3):
                assert current_limit().limited
                solve_unlimited(solver, [a])
        assert not current_limit().limited
        assert solve_unlimited(solver, [-a]) is True


def test_calls_without_a_deadline_run_in_fixed_slices() -> None:
    """With no deadline every slice is SLICE_CONFLICTS conflicts (Ctrl-C waits for one slice at
    most; no clock is read, so the search is the same on every run) and the call still ends
    with the right answer; a total budget (`conflicts`) is spent in the same slices and then
    gives None."""
    clauses, a, _ = relaxed_pigeonhole(7)

    def recorded(raw: Any, budgets: list[int]) -> Any:
        class Recording:
            def conf_budget(self, budget: int) -> None:
                budgets.append(budget)
                raw.conf_budget(budget)

            def __getattr__(self, name: str) -> Any:
                return getattr(raw, name)

        return Recording()

    with Solver(name="cadical195", bootstrap_with=clauses) as raw:
        budgets: list[int] = []
        assert solve_before(recorded(raw, budgets), assumptions=[a]) is False
        assert len(budgets) > 3
        assert set(budgets) == {SLICE_CONFLICTS}
    with Solver(name="cadical195", bootstrap_with=clauses) as raw:
        budgets = []
        total = 3 * SLICE_CONFLICTS + 7
        assert solve_before(recorded(raw, budgets), assumptions=[a], conflicts=total) is None
        assert budgets == [SLICE_CONFLICTS] * 3 + [7]
        assert (raw.accum_stats() or {}).get("conflicts", 0) <= total + len(budgets)  # one over per call
