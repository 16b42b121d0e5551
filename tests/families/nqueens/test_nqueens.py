"""N-Queens against mathematical ground truth: OEIS, CP-SAT, brute force, the construction."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.deadline import Deadline
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.families.nqueens.construct import construct
from boardlab.families.nqueens.io import make_instance
from boardlab.families.nqueens.verify import violations

family = get("nqueens")


def count(n: int, **options) -> int:
    request = SolveRequest(mode=Mode.COUNT, options=options)
    return family.solve(family.from_size(n, {}), request).count


@pytest.mark.parametrize("n", range(1, 13))
def test_totals_and_fundamental_match_oeis(n: int, oeis: dict) -> None:
    assert count(n) == oeis["A000170"]["values"][str(n)]
    assert count(n, fundamental=True) == oeis["A002562"]["values"][str(n)]


@pytest.mark.parametrize("n", range(1, 10))
def test_bitboard_agrees_with_cpsat(n: int) -> None:
    cpsat = family.solve(family.from_size(n, {}), SolveRequest(mode=Mode.COUNT, backend="cpsat"))
    assert cpsat.count == count(n)


def brute_force(n: int, fixed=()) -> set[tuple[int, ...]]:
    return {
        p
        for p in itertools.permutations(range(n))
        if len({c + r for r, c in enumerate(p)}) == n
        and len({c - r for r, c in enumerate(p)}) == n
        and all(p[r] == c for r, c in fixed)
    }


def test_all_92_solutions_of_8_are_distinct_and_valid() -> None:
    result = family.solve(family.from_size(8, {}), SolveRequest(mode=Mode.ALL))
    boards = {tuple(s["queens"]) for s in result.solutions}
    assert result.count == 92 and len(boards) == 92
    assert all(not violations(8, (), s) for s in result.solutions)
    assert boards == brute_force(8)


@pytest.mark.parametrize("backend", ["bitboard", "cpsat"])
def test_enumeration_with_a_limit(backend: str) -> None:
    result = family.solve(family.from_size(10, {}), SolveRequest(mode=Mode.ALL, limit=7, backend=backend))
    assert len(result.solutions) == 7 and result.count is None and result.status == Status.SOLVED


@settings(max_examples=30, deadline=None)
@given(
    st.integers(4, 7),
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), max_size=3),
    st.sampled_from(["bitboard", "cpsat"]),
)
def test_completion_counts_match_brute_force(n, squares, backend) -> None:
    fixed = sorted({(r, c) for r, c in squares if r < n and c < n})
    if len({r for r, _ in fixed}) != len(fixed):
        fixed = fixed[:1]
    instance = make_instance(n, fixed)
    result = family.solve(instance, SolveRequest(mode=Mode.ALL, backend=backend))
    assert {tuple(s["queens"]) for s in result.solutions} == brute_force(n, fixed)
    assert result.count == len(brute_force(n, fixed))


@pytest.mark.parametrize(
    "n", [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 26, 27, 100, 1000, 1001, 999_999, 10**6]
)
def test_construction_is_valid(n: int) -> None:
    queens = construct(n).tolist()
    assert violations(n, (), {"queens": queens}) == []


def test_construction_for_every_small_n() -> None:
    for n in range(4, 400):
        assert violations(n, (), {"queens": construct(n).tolist()}) == [], n


@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_have_no_solution(n: int) -> None:
    for backend in (None, "bitboard", "cpsat"):
        result = family.solve(family.from_size(n, {}), SolveRequest(backend=backend))
        assert result.status == Status.UNSATISFIABLE and result.solutions == []


def test_unique_mode() -> None:
    assert family.solve(family.from_size(8, {}), SolveRequest(mode=Mode.UNIQUE)).unique is False
    assert family.solve(family.from_size(1, {}), SolveRequest(mode=Mode.UNIQUE)).unique is True
    only = next(iter(brute_force(6)))
    fixed = [(r, only[r]) for r in range(3)]
    result = family.solve(make_instance(6, fixed), SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is (len(brute_force(6, fixed)) == 1)


def test_verify_catches_every_kind_of_attack() -> None:
    assert violations(4, (), {"queens": [1, 3, 0, 2]}) == []
    assert any("column" in p for p in violations(4, (), {"queens": [1, 1, 0, 2]}))
    assert any("diagonal" in p for p in violations(4, (), {"queens": [0, 1, 3, 2]}))
    assert any("off the board" in p for p in violations(4, (), {"queens": [1, 3, 0, 4]}))
    assert violations(4, (), {"queens": [1, 3, 0]})
    assert violations(4, ((0, 2),), {"queens": [1, 3, 0, 2]})


@pytest.mark.parametrize("seed", range(6))
def test_generated_completion_puzzles_are_unique_and_minimal(seed: int) -> None:
    size = random.Random(seed).randint(5, 10)
    generated = family.generate(seed, {"size": size})
    instance = generated.instance
    assert len(brute_force(size, instance.fixed)) == 1 if size <= 8 else True
    again = family.generate(seed, {"size": size})
    assert again.instance == instance  # deterministic per seed
    for square in instance.fixed:  # no given queen is superfluous
        fewer = make_instance(size, [s for s in instance.fixed if s != square])
        assert family.solve(fewer, SolveRequest(mode=Mode.UNIQUE)).unique is False


def test_time_limit_gives_unknown() -> None:
    result = family.solve(
        family.from_size(17, {}), SolveRequest(mode=Mode.COUNT, deadline=Deadline.after(0.0))
    )
    assert result.status == Status.UNKNOWN and result.count is None


def test_counting_with_workers_agrees() -> None:
    request = SolveRequest(mode=Mode.COUNT, workers=2, options={"fundamental": True})
    result = family.solve(family.from_size(10, {}), request)
    assert result.count == 92 and result.stats.extra["total"] == 724
