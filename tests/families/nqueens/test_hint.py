"""N-Queens hints: following them always ends in a solution; mistakes are named."""

from __future__ import annotations

import random

import pytest

from boardlab.core.errors import BadInput
from boardlab.core.registry import get
from boardlab.families.nqueens.io import make_instance

family = get("nqueens")


@pytest.mark.parametrize("seed", range(5))
def test_following_hints_solves_the_board(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(4, 10)
    instance = family.from_size(n, {})
    queens: list[int | None] = [None] * n
    for _ in range(3 * n):
        answer = family.hint(instance, {"queens": queens}).to_json()
        if answer["status"] == "solved":
            break
        if answer["status"] == "progress":
            for row, col in enumerate(answer["place"]["queens"]):
                if col is not None:
                    queens[row] = col
        else:
            assert answer["status"] == "mistake"
            for row, col in enumerate(answer["remove"]["queens"]):
                if col is not None:
                    queens[row] = None
        if rng.random() < 0.3:  # the player also makes moves of their own, good or bad
            queens[rng.randrange(n)] = rng.randrange(n)
    assert family.verify(instance, {"queens": queens}) == []


def test_mistakes_and_unsolvable() -> None:
    board = family.from_size(6, {})
    answer = family.hint(board, {"queens": [0, 1]}).to_json()
    assert answer["status"] == "mistake" and answer["remove"] == {"queens": [None, 1]}
    answer = family.hint(board, {"queens": [0]}).to_json()  # a corner queen never works on 6x6
    assert answer["status"] == "mistake" and answer["remove"] == {"queens": [0]}
    assert family.hint(family.from_size(3, {}), None).to_json()["status"] == "unsolvable"
    given = make_instance(5, [(0, 0)])
    assert family.hint(given, {"queens": [2]}).to_json()["status"] == "mistake"


def test_minus_one_means_an_empty_row() -> None:
    answer = family.hint(family.from_size(4, {}), {"queens": [1, -1, -1, -1]}).to_json()
    assert answer["status"] == "progress" and answer["place"]["queens"][1] == 3


@pytest.mark.parametrize("queens", [None, 0, False, "", {}])
def test_placements_that_are_no_list_are_refused_as_check_refuses_them(queens) -> None:
    """`{"queens": null}` (or 0, false, "") read as no queens at all, where `check` refuses it
    ('queens' must be a list); no key at all is still an empty board."""
    board = family.from_size(6, {})
    with pytest.raises(BadInput, match="placements are"):
        family.hint(board, {"queens": queens})
    assert family.hint(board, {}).to_json()["status"] == "progress"
