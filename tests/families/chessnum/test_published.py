"""The four published boards: the expected solution, proven unique, whatever the clue order."""

from __future__ import annotations

import itertools
import random

import pytest

from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.families.chessnum.choices import MODELS
from boardlab.families.chessnum.io import from_json, make_instance

from .conftest import published

BOARDS = published()
IDS = [b["id"] for b in BOARDS]


def test_four_boards_are_present() -> None:
    assert IDS == ["chessnum-01", "chessnum-02", "chessnum-03", "chessnum-04"]
    assert all(b["source"] for b in BOARDS)


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_expected_solution_proven_unique(family, board) -> None:
    instance = from_json(board["instance"])
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.status == Status.SOLVED
    assert result.unique is True
    assert result.solutions == [board["solution"]]
    assert family.verify(instance, board["solution"]) == []


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
@pytest.mark.parametrize("formulation", MODELS)
def test_every_model_counts_one(family, board, formulation) -> None:
    instance = from_json(board["instance"])
    result = family.solve(instance, SolveRequest(mode=Mode.COUNT, limit=5, options={"model": formulation}))
    assert result.count == 1
    assert result.solutions == [board["solution"]]


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_answer_independent_of_clue_order(family, board) -> None:
    instance = from_json(board["instance"])
    clues = list(instance.clues)
    orders = [list(reversed(clues))]
    if len(clues) <= 5:
        orders += [list(p) for p in itertools.permutations(clues)][:24]
    rng = random.Random(7)
    for _ in range(4):
        shuffled = clues[:]
        rng.shuffle(shuffled)
        orders.append(shuffled)
    for order in orders:
        permuted = make_instance(instance.size, instance.pieces, order)
        assert permuted.clues == tuple(order)  # the order really reaches the model
        result = family.solve(permuted, SolveRequest(mode=Mode.UNIQUE))
        assert result.unique is True
        assert result.solutions == [board["solution"]]


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_wrong_solutions_are_rejected(family, board) -> None:
    instance = from_json(board["instance"])
    solution = dict(board["solution"])
    solution["K"], solution["Q"] = solution["Q"], solution["K"]
    assert family.verify(instance, solution)


def test_one_clue_changed_changes_the_answer(family) -> None:
    board = BOARDS[0]
    data = dict(board["instance"], clues=dict(board["instance"]["clues"], e6=3))
    result = family.solve(from_json(data), SolveRequest(mode=Mode.UNIQUE))
    assert board["solution"] not in result.solutions


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_sat_backend_agrees(family, board) -> None:
    instance = from_json(board["instance"])
    result = family.solve(instance, SolveRequest(mode=Mode.ALL, backend="sat"))
    assert result.count == 1 and result.solutions == [board["solution"]]
