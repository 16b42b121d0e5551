"""Armies solving against ground truth: OEIS A250000, brute force, and agreement between
formulations and backends. Every answer also passes `verify` inside `Family.solve`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from armies_truth import LOWER, PROVEN, brute_optimum, count_classes, count_placements  # noqa: E402

from boardlab.core.deadline import Deadline  # noqa: E402
from boardlab.core.registry import get  # noqa: E402
from boardlab.core.results import Mode, SolveRequest, Status  # noqa: E402

FAMILY = get("armies")


def solve(n: int, m: int | None = None, mode: Mode = Mode.FIRST, backend: str | None = None, **options):
    instance = FAMILY.from_size(n, {"m": m})
    return FAMILY.solve(instance, SolveRequest(mode=mode, backend=backend, options=options))


def size_of(result) -> int:
    white, black = result.solutions[0]["white"], result.solutions[0]["black"]
    assert len(white) == len(black)
    return len(white)


@pytest.mark.parametrize("n", range(1, 8))
def test_a250000_proven_with_the_default(n: int) -> None:
    result = solve(n)
    assert result.status == Status.OPTIMAL
    assert size_of(result) == PROVEN[n]
    assert result.stats.extra["upper_bound"] == PROVEN[n]


@pytest.mark.parametrize("n", range(1, 5))
def test_brute_force_agrees_with_oeis_on_tiny_boards(n: int) -> None:
    assert brute_optimum(n) == PROVEN[n]


SETTINGS = [
    (backend, model, symmetry)
    for backend in ("sat", "cpsat")
    for model in ("pairwise", "lines", "dominance", "colouring")
    for symmetry in ("none", "full")
]


@pytest.mark.parametrize("backend, model, symmetry", SETTINGS)
def test_decisions_agree_with_the_optimum(backend: str, model: str, symmetry: str) -> None:
    for n, ms in ((3, (1, 2)), (4, (2, 3)), (5, (4, 5))):
        for m in ms:
            result = solve(n, m, backend=backend, model=model, symmetry=symmetry)
            expected = Status.SOLVED if m <= PROVEN[n] else Status.UNSATISFIABLE
            assert result.status == expected, (n, m)
            if result.solutions:
                assert size_of(result) == m


@pytest.mark.parametrize("symmetry", ["colour", "board"])
@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("model", ["lines", "dominance", "colouring"])
def test_partial_symmetry_breaking_keeps_the_optimum(backend: str, model: str, symmetry: str) -> None:
    result = solve(6, backend=backend, model=model, symmetry=symmetry)
    assert result.status == Status.OPTIMAL and size_of(result) == PROVEN[6]


@pytest.mark.parametrize("cuts", ["lower", "oeis"])
def test_cpsat_cuts(cuts: str) -> None:
    result = solve(6, backend="cpsat", model="lines", cuts=cuts)
    assert result.status == Status.OPTIMAL and size_of(result) == PROVEN[6]
    assert ("proof" in result.stats.extra) == (cuts == "oeis")


COUNTS = [(1, 0), (2, 1), (3, 1), (3, 2), (4, 1), (4, 2), (4, 3), (5, 3), (5, 4)]


@pytest.mark.parametrize("n, m", COUNTS)
def test_counts_agree_with_brute_force(n: int, m: int) -> None:
    truth = count_placements(n, m)
    for backend in ("sat", "cpsat"):
        result = solve(n, m, Mode.COUNT, backend=backend)
        assert result.count == truth, backend
    assert solve(n, m, Mode.COUNT, backend="sat", model="pairwise").count == truth


@pytest.mark.slow
@pytest.mark.parametrize("n, m", [(5, 2), (5, 5), (6, 4), (6, 5)])
def test_more_counts_agree_with_brute_force(n: int, m: int) -> None:
    truth = count_placements(n, m)
    for backend in ("sat", "cpsat"):
        assert solve(n, m, Mode.COUNT, backend=backend).count == truth, backend


@pytest.mark.parametrize("n, m", [(3, 1), (4, 2), (4, 3), (5, 3), (5, 4)])
def test_counts_up_to_symmetry_agree_with_brute_force(n: int, m: int) -> None:
    truth = count_classes(n, m)
    for backend in ("sat", "cpsat"):
        assert solve(n, m, Mode.COUNT, backend=backend, fundamental=True).count == truth, backend


def test_enumeration_lists_every_placement_once() -> None:
    result = solve(4, 2, Mode.ALL)
    assert result.count == len(result.solutions) == count_placements(4, 2)
    keys = {(tuple(map(tuple, s["white"])), tuple(map(tuple, s["black"]))) for s in result.solutions}
    assert len(keys) == len(result.solutions)
    limited = solve(4, 2, Mode.ALL, backend="cpsat", fundamental=True)
    assert limited.count == count_classes(4, 2)


def test_unique() -> None:
    assert solve(3, 1, Mode.UNIQUE).unique is False
    assert solve(3, 2, Mode.UNIQUE).status == Status.UNSATISFIABLE


def test_time_limit_gives_the_best_placement_and_bound() -> None:
    result = FAMILY.solve(FAMILY.from_size(11, {}), SolveRequest(deadline=Deadline.after(1.0)))
    assert result.status in (Status.FEASIBLE, Status.OPTIMAL)
    value = size_of(result)
    assert value <= PROVEN[11] <= result.stats.extra["upper_bound"]
    assert result.stats.extra["trace"][-1][1] == value
    # the engine refutes 10 x 10, 15 of each in about 0.1 s: the SAT backend, and the engine on 14 x 14
    for n, m, backend in ((10, 15, "sat"), (14, 29, "engine")):
        stuck = FAMILY.solve(
            FAMILY.from_size(n, {"m": m}), SolveRequest(backend=backend, deadline=Deadline.after(0.2))
        )
        assert stuck.status == Status.UNKNOWN and not stuck.solutions


@pytest.mark.parametrize("n", range(8, 13))
def test_heuristic_reaches_the_optimum_on_small_boards(n: int) -> None:
    result = FAMILY.solve(
        FAMILY.from_size(n, {}),
        SolveRequest(backend="anneal", deadline=Deadline.after(60), options={"target": PROVEN[n]}),
    )
    assert size_of(result) == PROVEN[n]


@pytest.mark.slow
def test_n8_nine_feasible_ten_infeasible() -> None:
    for backend in ("sat", "cpsat"):
        options = {"model": "colouring"} if backend == "cpsat" else {}
        assert solve(8, 9, backend=backend, **options).status == Status.SOLVED
    assert solve(8, 10).status == Status.UNSATISFIABLE


@pytest.mark.slow
@pytest.mark.parametrize("model", ["pairwise", "lines", "dominance", "colouring"])
def test_n7_optimum_on_cpsat(model: str) -> None:
    result = solve(7, backend="cpsat", model=model, symmetry="full")
    assert result.status == Status.OPTIMAL and size_of(result) == PROVEN[7]


@pytest.mark.slow
def test_n9_proven() -> None:
    result = solve(9)
    assert result.status == Status.OPTIMAL and size_of(result) == PROVEN[9]


@pytest.mark.slow
@pytest.mark.parametrize("n", [16, 20, 24])
def test_heuristic_reaches_best_known_values(n: int) -> None:
    result = FAMILY.solve(
        FAMILY.from_size(n, {}),
        SolveRequest(backend="anneal", deadline=Deadline.after(300), options={"target": LOWER[n]}),
    )
    assert size_of(result) == LOWER[n]


def test_large_board_decision_tries_the_heuristic_first() -> None:
    result = FAMILY.solve(FAMILY.from_size(16, {"m": LOWER[16]}), SolveRequest(deadline=Deadline.after(120)))
    assert result.status == Status.SOLVED and size_of(result) == LOWER[16]
    assert result.stats.backend == "anneal"


def test_progress_callback_gets_incumbent_and_bound() -> None:
    seen: list[tuple[int, int]] = []
    result = FAMILY.solve(
        FAMILY.from_size(6, {}), SolveRequest(progress=lambda done, total: seen.append((done, total)))
    )
    assert result.status == Status.OPTIMAL
    assert seen[-1] == (PROVEN[6], PROVEN[6])
    assert all(done <= total for done, total in seen)
