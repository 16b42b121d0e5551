"""The CP-SAT and SAT helpers against combinatorial ground truth (binomial coefficients)."""

from __future__ import annotations

import math
import threading

import pytest
from ortools.sat.python import cp_model

from boardlab.core import interrupts
from boardlab.core.cpsat import enumerate_by_blocking, solve_cpsat
from boardlab.core.deadline import Deadline
from boardlab.core.errors import Unsupported
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.core.sat import AT_MOST_ONE_ONLY, CNF, GENERAL_ENCODINGS, NATIVE, solve_sat


def k_subsets_cpsat(n: int, k: int):
    model = cp_model.CpModel()
    xs = [model.new_bool_var(f"x{i}") for i in range(n)]
    model.add(sum(xs) == k)
    return model, xs


def decode_cpsat(xs):
    return lambda value: {"set": [i for i, x in enumerate(xs) if value(x)]}


def test_enumerate_by_blocking_starts_from_a_known_solution() -> None:
    """The solve-block loop (`enumerate_by_blocking`) counts like CP-SAT's enumeration; given a
    known solution (`SolveRequest.known_solution`) it blocks it without a solve: a unique answer
    in one solve (the proof that there is no other), a count with one solve fewer, the known
    solution first."""

    def run(request: SolveRequest, extra: int = 0):
        model, xs = k_subsets_cpsat(6, 3)
        for i in range(extra):
            model.add(xs[i] == 1)

        def block(solution):
            model.add_bool_or([xs[i].Not() if i in solution["set"] else xs[i] for i in range(6)])

        return enumerate_by_blocking(model, xs, decode_cpsat(xs), request, block)

    counted = run(SolveRequest(mode=Mode.COUNT))
    assert counted.count == 20 and counted.stats.extra["solves"] == 21
    known = {"set": [1, 3, 5]}
    started = run(SolveRequest(mode=Mode.ALL, known_solution=known))
    assert started.count == 20 and started.stats.extra["solves"] == 20
    assert started.solutions[0] == known and len({tuple(s["set"]) for s in started.solutions}) == 20
    unique = run(SolveRequest(mode=Mode.UNIQUE, known_solution={"set": [0, 1, 2]}), extra=3)
    assert unique.unique is True and unique.solutions == [{"set": [0, 1, 2]}]
    assert unique.stats.extra["solves"] == 1
    assert run(SolveRequest(mode=Mode.UNIQUE), extra=3).stats.extra["solves"] == 2
    other = run(SolveRequest(mode=Mode.UNIQUE, known_solution={"set": [0, 1, 2]}), extra=2)
    assert other.unique is False and other.solutions[0] == {"set": [0, 1, 2]} and len(other.solutions) == 2


@pytest.mark.parametrize("n,k", [(5, 2), (6, 3), (7, 0), (4, 4)])
def test_cpsat_count_is_binomial(n: int, k: int) -> None:
    model, xs = k_subsets_cpsat(n, k)
    outcome = solve_cpsat(model, xs, decode_cpsat(xs), SolveRequest(mode=Mode.COUNT))
    assert outcome.count == math.comb(n, k)


def test_cpsat_modes() -> None:
    model, xs = k_subsets_cpsat(6, 3)
    decode = decode_cpsat(xs)
    first = solve_cpsat(model, xs, decode, SolveRequest())
    assert first.status == Status.SOLVED and len(first.solutions[0]["set"]) == 3
    every = solve_cpsat(model, xs, decode, SolveRequest(mode=Mode.ALL))
    assert every.count == 20 and len({tuple(s["set"]) for s in every.solutions}) == 20
    limited = solve_cpsat(model, xs, decode, SolveRequest(mode=Mode.ALL, limit=5))
    assert len(limited.solutions) == 5 and limited.count is None
    unique = solve_cpsat(model, xs, decode, SolveRequest(mode=Mode.UNIQUE))
    assert unique.unique is False and len(unique.solutions) == 2
    model.add(xs[0] + xs[1] + xs[2] == 3)
    assert solve_cpsat(model, xs, decode, SolveRequest(mode=Mode.UNIQUE)).unique is True
    model.add(xs[3] == 1)
    none = solve_cpsat(model, xs, decode, SolveRequest(mode=Mode.UNIQUE))
    assert none.status == Status.UNSATISFIABLE and none.unique is False


def test_cpsat_optimise_reports_bound() -> None:
    model, xs = k_subsets_cpsat(6, 3)
    model.maximize(sum((i + 1) * x for i, x in enumerate(xs)))
    outcome = solve_cpsat(model, xs, decode_cpsat(xs), SolveRequest(mode=Mode.OPTIMISE))
    assert outcome.status == Status.OPTIMAL and outcome.solutions[0]["set"] == [3, 4, 5]
    assert outcome.stats.extra["objective"] == 15 == outcome.stats.extra["bound"]


def k_subsets_sat(n: int, k: int, encoding: str) -> tuple[CNF, list[int]]:
    cnf = CNF()
    xs = [cnf.var(("x", i)) for i in range(n)]
    cnf.exactly(xs, k, encoding)
    return cnf, xs


@pytest.mark.parametrize("encoding", sorted(GENERAL_ENCODINGS) + [NATIVE])
@pytest.mark.parametrize("n,k", [(6, 1), (6, 2), (7, 3), (5, 0), (5, 5)])
def test_sat_enumeration_blocks_key_variables_only(encoding: str, n: int, k: int) -> None:
    cnf, xs = k_subsets_sat(n, k, encoding)
    decode = lambda true: {"set": [i for i, x in enumerate(xs) if x in true]}  # noqa: E731
    outcome = solve_sat(cnf, xs, decode, SolveRequest(mode=Mode.ALL))
    assert outcome.count == math.comb(n, k)  # auxiliaries do not multiply the count
    assert len({tuple(s["set"]) for s in outcome.solutions}) == math.comb(n, k)


@pytest.mark.parametrize("encoding", sorted(AT_MOST_ONE_ONLY))
def test_at_most_one_encodings_state_only_at_most_one(encoding: str) -> None:
    cnf = CNF()
    xs = [cnf.var(i) for i in range(6)]
    cnf.at_most(xs, 1, encoding)
    decode = lambda true: {}  # noqa: E731
    assert solve_sat(cnf, xs, decode, SolveRequest(mode=Mode.COUNT)).count == 7
    for kind, bound in (("atmost", 2), ("atleast", 1), ("equals", 1), ("equals", 3)):
        with pytest.raises(Unsupported, match="only states 'at most 1'"):
            CNF().card(xs, bound, kind, encoding)  # an error, never a silent swap
    with pytest.raises(Unsupported, match="unknown cardinality encoding"):
        CNF().exactly(xs, 2, "sequential")


def test_native_constraints_need_a_native_solver() -> None:
    cnf, xs = k_subsets_sat(5, 2, NATIVE)
    with pytest.raises(Unsupported, match="native cardinality"):
        solve_sat(cnf, xs, lambda true: {}, SolveRequest(), solver_name="cadical195")
    counted = solve_sat(cnf, xs, lambda true: {}, SolveRequest(mode=Mode.COUNT), solver_name="gluecard4")
    assert counted.count == 10


def test_sat_modes_and_impossible_bounds() -> None:
    cnf, xs = k_subsets_sat(5, 2, "seqcounter")
    decode = lambda true: {"set": sorted(i for i, x in enumerate(xs) if x in true)}  # noqa: E731
    assert solve_sat(cnf, xs, decode, SolveRequest(mode=Mode.UNIQUE)).unique is False
    assert solve_sat(cnf, xs, decode, SolveRequest(mode=Mode.COUNT)).count == 10
    cnf.add([xs[0]])
    cnf.add([xs[1]])
    assert solve_sat(cnf, xs, decode, SolveRequest(mode=Mode.UNIQUE)).unique is True
    impossible, ys = k_subsets_sat(3, 4, "totalizer")
    assert solve_sat(impossible, ys, decode, SolveRequest()).status == Status.UNSATISFIABLE


def test_sat_time_limit_gives_unknown() -> None:
    # pigeonhole 11 -> 10 is hard for CDCL: the budgeted search must stop at the limit
    cnf = CNF()
    holes, pigeons = 10, 11
    x = [[cnf.var((p, h)) for h in range(holes)] for p in range(pigeons)]
    for p in range(pigeons):
        cnf.at_least(x[p], 1)
    for h in range(holes):
        cnf.at_most([x[p][h] for p in range(pigeons)], 1, "pairwise")
    flat = [v for row in x for v in row]
    outcome = solve_sat(cnf, flat, lambda true: {}, SolveRequest(deadline=Deadline.after(0.2)))
    assert outcome.status == Status.UNKNOWN


def test_cpsat_is_not_started_past_the_deadline(monkeypatch) -> None:
    """Model building took the whole limit: CP-SAT is not called at all (it was, with a time
    limit of 0, and its presolve ran on regardless), the answer is `unknown`."""

    def never(*args, **kwargs):
        raise AssertionError("CP-SAT started past the deadline")

    monkeypatch.setattr(cp_model.CpSolver, "solve", never)
    gone = Deadline(at=0.0, seconds=0.2, clock=lambda: 1.0)
    model, xs = k_subsets_cpsat(4, 2)
    for mode in (Mode.FIRST, Mode.COUNT, Mode.UNIQUE, Mode.OPTIMISE):
        if mode == Mode.OPTIMISE:
            model.maximize(xs[0])
        outcome = solve_cpsat(model, xs, decode_cpsat(xs), SolveRequest(mode=mode, deadline=gone))
        assert outcome.status == Status.UNKNOWN and outcome.solutions == []
    blocked = enumerate_by_blocking(
        model, xs, decode_cpsat(xs), SolveRequest(mode=Mode.UNIQUE, deadline=gone), lambda s: None
    )
    assert blocked.status == Status.UNKNOWN


@pytest.mark.parametrize("mode", [Mode.FIRST, Mode.COUNT, Mode.UNIQUE])
def test_cpsat_that_does_not_stop_at_the_deadline_is_left_behind(monkeypatch, mode: Mode) -> None:
    """A CP-SAT call that hears neither its time limit nor `stop_search` (its presolve on a
    2x2 C-Note grid at target 100,000 ran 2.4 s past a limit of 0.1 s): past the deadline and
    `STOP_GRACE` the answer is `unknown`, the call left running in its thread (the command line
    then ends with os._exit). Time on a fake clock that starts running when the search does."""
    now = [0.0]
    running, release = threading.Event(), threading.Event()

    def clock() -> float:
        if running.is_set():
            now[0] += 1.0
        return now[0]

    def stuck(self, model, callback=None):  # ignores max_time_in_seconds and stop_search
        running.set()
        release.wait(30)
        return cp_model.UNKNOWN

    monkeypatch.setattr(cp_model.CpSolver, "solve", stuck)
    model, xs = k_subsets_cpsat(4, 2)
    request = SolveRequest(mode=mode, deadline=Deadline(at=5.0, seconds=5.0, clock=clock))
    try:
        if mode == Mode.UNIQUE:
            blocked = lambda solution: None  # noqa: E731
            outcome = enumerate_by_blocking(model, xs, decode_cpsat(xs), request, blocked)
        else:
            outcome = solve_cpsat(model, xs, decode_cpsat(xs), request)
        assert not release.is_set() and interrupts.native_work_running()  # answered while it runs
        assert outcome.status == Status.UNKNOWN and outcome.solutions == []
        assert outcome.stats.branches is None  # no statistics of a search that has not ended
    finally:
        release.set()
