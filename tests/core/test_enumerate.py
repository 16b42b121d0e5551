"""The enumeration engine (`core.enumerate`) and the `Deadline`, against an independent statement
of what each mode means, on fake backends with k solutions (every mode, limit and deadline), and
on the real drivers: the SAT solve-block-repeat loop and CP-SAT's solution callback."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from boardlab.core.cpsat import solve_cpsat
from boardlab.core.deadline import Deadline, OutOfTime
from boardlab.core.enumerate import Budget, Tally, classify, collect, solve_block_repeat
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.core.sat import CNF, solve_sat

MODES = [Mode.FIRST, Mode.ALL, Mode.COUNT, Mode.UNIQUE]


def expected(mode: Mode, limit: int | None, k: int, timeout_at: int | None) -> dict[str, Any]:
    """What a search over k solutions must answer, written out case by case (no shared code).

    `timeout_at`: the deadline passes when the search asks for its solution number
    `timeout_at` (0-based), None: never.
    """
    stop = {Mode.FIRST: 1, Mode.UNIQUE: 2, Mode.ALL: limit, Mode.COUNT: None}[mode]
    calls = stop if stop is not None and stop <= k else k + 1  # the last call proves "no more"
    kept = (limit or 0) if mode == Mode.COUNT else None
    if timeout_at is not None and timeout_at < calls:
        found = timeout_at
        listed = found if kept is None else min(found, kept)
        return {
            "status": Status.UNKNOWN,
            "count": None,
            "unique": None,
            "listed": listed,
            "found_before_limit": found,
        }
    found = k if stop is None else min(k, stop)
    listed = found if kept is None else min(found, kept)
    if stop == 0:  # `all` with limit 0: nothing to look for, nothing decided
        return {"status": Status.SOLVED, "count": None, "unique": None, "listed": 0}
    if k == 0:
        unique = False if mode == Mode.UNIQUE else None
        return {"status": Status.UNSATISFIABLE, "count": 0, "unique": unique, "listed": 0}
    if mode == Mode.UNIQUE:
        if k >= 2:
            return {"status": Status.SOLVED, "count": None, "unique": False, "listed": 2}
        return {"status": Status.SOLVED, "count": 1, "unique": True, "listed": 1}
    whole = stop is None or k < stop
    count = k if whole and mode in (Mode.ALL, Mode.COUNT) else None
    return {"status": Status.SOLVED, "count": count, "unique": None, "listed": listed}


def check(outcome: Any, want: dict[str, Any], k: int) -> None:
    assert outcome.status == want["status"]
    assert outcome.count == want["count"]
    assert outcome.unique == want["unique"]
    assert len(outcome.solutions) == want["listed"]
    assert all(0 <= s["i"] < k for s in outcome.solutions)
    assert len({s["i"] for s in outcome.solutions}) == len(outcome.solutions)
    if "found_before_limit" in want:
        assert outcome.stats.extra["found_before_limit"] == want["found_before_limit"]
    else:
        assert "found_before_limit" not in outcome.stats.extra


class FakeSolver:
    """A backend with k solutions that can solve once and block; the deadline passes at call
    number `timeout_at`."""

    def __init__(self, k: int, timeout_at: int | None):
        self.open = set(range(k))
        self.calls = 0
        self.timeout_at = timeout_at

    def solve(self) -> int | None:
        if self.timeout_at is not None and self.calls >= self.timeout_at:
            raise OutOfTime("fake deadline")
        self.calls += 1
        return min(self.open) if self.open else None

    def block(self, i: int) -> None:
        assert i in self.open
        self.open.discard(i)


modes = st.sampled_from(MODES)
limits = st.one_of(st.none(), st.integers(0, 7))
sizes = st.integers(0, 6)
timeouts = st.one_of(st.none(), st.integers(0, 8))


@settings(max_examples=400, deadline=None)
@given(mode=modes, limit=limits, k=sizes, timeout_at=timeouts)
def test_solve_block_repeat_and_collect(
    mode: Mode, limit: int | None, k: int, timeout_at: int | None
) -> None:
    fake = FakeSolver(k, timeout_at)
    budget = Budget.of(SolveRequest(mode, limit))
    outcome = collect(budget, solve_block_repeat(fake.solve, fake.block), lambda i: {"i": i})
    check(outcome, expected(mode, limit, k, timeout_at), k)
    stop = budget.stop_at
    assert fake.calls <= (stop if stop is not None and stop <= k else k + 1)  # never a solve too many


@settings(max_examples=300, deadline=None)
@given(mode=modes, limit=limits, k=sizes, timeout_at=timeouts)
def test_native_producer_and_classify(mode: Mode, limit: int | None, k: int, timeout_at: int | None) -> None:
    """A backend that enumerates by itself (a generator, like the brute force), and one that
    reports (found, exhausted) to `classify` (like the numba counters)."""

    def native() -> Iterator[dict[str, int]]:
        for i in range(k):
            if timeout_at is not None and i >= timeout_at:
                raise OutOfTime("fake deadline")
            yield {"i": i}
        if timeout_at is not None and k >= timeout_at:
            raise OutOfTime("fake deadline")

    budget = Budget.of(SolveRequest(mode, limit))
    check(collect(budget, native()), expected(mode, limit, k, timeout_at), k)
    if mode == Mode.COUNT and not limit:  # a counter lists nothing
        stopped = timeout_at is not None and timeout_at <= k
        found = timeout_at if stopped else k
        check(classify(budget, found, [], exhausted=not stopped), expected(mode, limit, k, timeout_at), k)


def test_tally_decodes_only_what_it_keeps() -> None:
    made = []
    tally = Tally(Budget.of(SolveRequest(Mode.COUNT, 2)))
    for i in range(5):
        assert tally.add(lambda i=i: made.append(i) or {"i": i}) is False
    assert made == [0, 1] and tally.outcome(exhausted=True).count == 5


def test_budget_of_each_mode() -> None:
    assert Budget.of(SolveRequest(Mode.FIRST)) == Budget(Mode.FIRST, 1, 1)
    assert Budget.of(SolveRequest(Mode.UNIQUE, 9)) == Budget(Mode.UNIQUE, 2, 2)
    assert Budget.of(SolveRequest(Mode.ALL)) == Budget(Mode.ALL, None, None)
    assert Budget.of(SolveRequest(Mode.ALL, 3)) == Budget(Mode.ALL, 3, 3)
    assert Budget.of(SolveRequest(Mode.COUNT)) == Budget(Mode.COUNT, None, 0)
    assert Budget.of(SolveRequest(Mode.COUNT, 4)) == Budget(Mode.COUNT, None, 4)
    with pytest.raises(ValueError):
        Budget.of(SolveRequest(Mode.OPTIMISE))


def one_of_k_sat(k: int) -> tuple[CNF, list[int]]:
    cnf = CNF()
    xs = [cnf.var(i) for i in range(k)]
    cnf.exactly(xs, 1, "seqcounter") if k else cnf.add([])
    return cnf, xs


def one_of_k_cpsat(k: int) -> tuple[cp_model.CpModel, list[Any]]:
    model = cp_model.CpModel()
    xs = [model.new_bool_var(f"x{i}") for i in range(k)]
    model.add_exactly_one(xs) if k else model.add_bool_or([])
    return model, xs


@settings(max_examples=60, deadline=None)
@given(mode=modes, limit=limits, k=sizes)
@example(mode=Mode.ALL, limit=0, k=0)
@example(mode=Mode.ALL, limit=0, k=3)
@example(mode=Mode.UNIQUE, limit=None, k=1)
@example(mode=Mode.COUNT, limit=2, k=5)
def test_real_drivers_agree_with_the_statement(mode: Mode, limit: int | None, k: int) -> None:
    request = SolveRequest(mode, limit)
    cnf, xs = one_of_k_sat(k)
    sat = solve_sat(cnf, xs, lambda true: {"i": next(i for i, x in enumerate(xs) if x in true)}, request)
    check(sat, expected(mode, limit, k, None), k)
    model, ys = one_of_k_cpsat(k)
    cp = solve_cpsat(model, ys, lambda value: {"i": next(i for i, y in enumerate(ys) if value(y))}, request)
    check(cp, expected(mode, limit, k, None), k)


def test_expired_deadline_gives_unknown_without_a_solve() -> None:
    gone = Deadline(at=0.0, clock=lambda: 1.0)
    cnf, xs = one_of_k_sat(3)
    outcome = solve_sat(cnf, xs, lambda true: {"i": 0}, SolveRequest(Mode.ALL, deadline=gone))
    assert outcome.status == Status.UNKNOWN and outcome.stats.extra["found_before_limit"] == 0


def test_deadline_on_a_fake_clock() -> None:
    now = [100.0]
    deadline = Deadline.after(0.5, clock=lambda: now[0])
    assert deadline.limited and deadline.remaining() == 0.5 and not deadline.expired()
    deadline.check()
    now[0] = 100.5
    assert deadline.expired() and deadline.remaining() == 0.0
    with pytest.raises(OutOfTime, match="0.5 s"):
        deadline.check()
    never = Deadline.after(None)
    assert not never.limited and never.remaining() is None and not never.expired()
