"""The `auto` backend of Tents picks what its measured rule says (`family.auto_backend`,
`AUTO_CPSAT_CELLS`, CP-SAT with `model_cpsat.WORKERS` workers), and the backends agree."""

from __future__ import annotations

import random

import pytest

from boardlab.core.deadline import Deadline
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.tents import model_cpsat
from boardlab.families.tents.board import random_instance
from boardlab.families.tents.family import AUTO_CPSAT_CELLS, auto_backend
from boardlab.families.tents.instance import TentsInstance

TENTS = get("tents")


def _board(width: int, height: int, seed: int) -> TentsInstance:
    instance, _ = random_instance(width, height, 0.16, random.Random(seed))
    return instance


def _backend_run(instance: TentsInstance, mode: Mode, **fields) -> str:  # type: ignore[no-untyped-def]
    result = TENTS.solve(instance, SolveRequest(mode, deadline=Deadline.after(60), **fields))
    assert result.stats.backend is not None
    return result.stats.backend.split(":")[0]


def test_the_rule() -> None:
    assert AUTO_CPSAT_CELLS == 900  # 30x30: docs/tents.md, "The auto backend"
    small, large = _board(30, 30, 0), _board(31, 30, 0)
    for mode in (Mode.FIRST, Mode.UNIQUE, Mode.COUNT, Mode.ALL):
        assert auto_backend(small, SolveRequest(mode)) == "sat"
        assert auto_backend(large, SolveRequest(mode)) == "cpsat"
    for name in ("encoding", "model", "sat_solver"):  # a SAT option: SAT at any size
        assert auto_backend(large, SolveRequest(options={name: "x"})) == "sat"
    free = next((r, c) for r in range(large.height) for c in range(large.width) if (r, c) not in large.trees)
    given = TentsInstance(
        large.width, large.height, large.trees, large.rows, large.cols, given_empty=frozenset({free})
    )
    for mode in (Mode.FIRST, Mode.UNIQUE, Mode.COUNT):  # givens change nothing (they did before)
        assert auto_backend(given, SolveRequest(mode)) == "cpsat"


def test_auto_runs_what_the_rule_picks_and_cpsat_one_worker() -> None:
    small, large = _board(20, 20, 1), _board(40, 40, 1)
    assert _backend_run(small, Mode.FIRST) == "sat"
    assert _backend_run(large, Mode.FIRST) == "cpsat"
    assert _backend_run(large, Mode.FIRST, backend="auto") == "cpsat"
    result = TENTS.solve(large, SolveRequest(Mode.UNIQUE, deadline=Deadline.after(60)))
    assert result.stats.backend == "cpsat" and result.stats.workers == model_cpsat.WORKERS == 1
    two = TENTS.solve(
        large, SolveRequest(Mode.FIRST, backend="cpsat", workers=2, deadline=Deadline.after(60))
    )
    assert two.stats.workers == 2  # --workers N is honoured


@pytest.mark.parametrize(("side", "seed"), [(6, 0), (7, 1), (8, 2), (8, 3), (9, 4)])
def test_backends_count_alike_on_small_boards(side: int, seed: int) -> None:
    """Counting (every tent set) by SAT and by CP-SAT, on boards small enough to count."""
    instance = _board(side, side - 1, seed)
    instance = TentsInstance(  # a few clues missing: more solutions to count
        instance.width,
        instance.height,
        instance.trees,
        tuple(None if r % 3 == 0 else v for r, v in enumerate(instance.rows)),
        instance.cols,
    )
    counts = {}
    for backend in ("sat", "cpsat"):
        result = TENTS.solve(instance, SolveRequest(Mode.ALL, backend=backend, deadline=Deadline.after(60)))
        counts[backend] = sorted(map(repr, result.solutions))
    assert counts["sat"] == counts["cpsat"] and counts["sat"]


@pytest.mark.parametrize(("side", "seed"), [(12, 0), (25, 1), (30, 2), (31, 3), (40, 4)])
def test_backends_agree_on_uniqueness_either_side_of_the_switch(side: int, seed: int) -> None:
    instance = _board(side, side, seed)
    answers = {}
    for backend in ("sat", "cpsat", "auto"):
        result = TENTS.solve(
            instance, SolveRequest(Mode.UNIQUE, backend=backend, deadline=Deadline.after(120))
        )
        assert result.status.value == "solved", backend
        assert all(TENTS.verify(instance, s) == [] for s in result.solutions)
        answers[backend] = result.unique
    assert answers["sat"] == answers["cpsat"] == answers["auto"]
