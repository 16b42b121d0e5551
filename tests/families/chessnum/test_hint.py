"""Hints for play mode: mistakes named, forced placements found, solved and unsolvable boards."""

from __future__ import annotations

import pytest

from boardlab.core.errors import BadInput
from boardlab.families.chessnum.io import from_json

from .conftest import published

BOARD = published()[0]
SOLUTION = BOARD["solution"]


@pytest.fixture(scope="module")
def instance():
    return from_json(BOARD["instance"])


def test_empty_board_gets_a_forced_placement(family, instance) -> None:
    answer = family.hint(instance, None).to_json()
    assert answer["status"] == "progress" and answer["remove"] is None
    [(letter, square)] = answer["place"].items()
    assert SOLUTION[letter] == square  # the puzzle is unique: every placement is forced
    assert "every solution" in answer["message"]


def test_following_hints_solves_the_puzzle(family, instance) -> None:
    partial: dict = {}
    for _ in range(6):
        answer = family.hint(instance, partial).to_json()
        assert answer["status"] == "progress"
        partial.update(answer["place"])
    assert partial == SOLUTION
    assert family.hint(instance, partial).to_json()["status"] == "solved"


def test_wrong_square_is_named(family, instance) -> None:
    answer = family.hint(instance, {"K": SOLUTION["K"], "N": "h1"}).to_json()
    assert answer["status"] == "mistake" and answer["remove"] == {"N": "h1"}
    assert "knight on h1" in answer["message"]


def test_rule_breaking_placements(family, instance) -> None:
    assert family.hint(instance, {"K": "d8"}).to_json()["remove"] == {"K": "d8"}  # a numbered square
    answer = family.hint(instance, {"K": "a1", "Q": "a1"}).to_json()
    assert answer["status"] == "mistake" and "shares" in answer["message"]


def test_conflict_between_individually_possible_placements(family) -> None:
    # a1 = 1 with a queen and a rook: either may attack a1 alone, not both
    instance = from_json({"size": 4, "pieces": "QR", "clues": {"a1": 1, "d4": 0}})
    answer = family.hint(instance, {"Q": "a2", "R": "b1"}).to_json()
    assert answer["status"] == "mistake"
    assert answer["remove"] == {"Q": "a2", "R": "b1"} and "together" in answer["message"]


def test_complete_but_wrong_board(family, instance) -> None:
    wrong = dict(SOLUTION, P="h1")
    answer = family.hint(instance, wrong).to_json()
    assert answer["status"] == "mistake" and answer["remove"] == {"P": "h1"}


def test_unsolvable_and_several_solutions(family) -> None:
    assert family.hint(from_json({"clues": {"a1": 6, "h8": 6}}), {}).to_json()["status"] == "unsolvable"
    answer = family.hint(from_json({"clues": {"a1": 1}}), {}).to_json()
    assert answer["status"] == "progress" and "several solutions" in answer["message"]


def test_bad_partial_shape(family, instance) -> None:
    with pytest.raises(BadInput):
        family.hint(instance, {"X": "a1"}).to_json()
    with pytest.raises(BadInput):
        family.hint(instance, {"K": "a9x"}).to_json()


def test_surplus_pieces_are_a_mistake(family, instance) -> None:
    """More pieces of a letter than the puzzle has is the player's mistake (the surplus is to be
    removed), like two pieces on one square; it was bad input (exit 2)."""
    answer = family.hint(instance, {"K": ["a1", "a2"]}).to_json()
    assert answer["status"] == "mistake" and answer["remove"] == {"K": "a2"}
    assert "1 king" in answer["message"] and "a1, a2" in answer["message"]
    three = family.hint(from_json({"pieces": "KQRBNNP", "clues": {"b8": 1}}), {"N": ["a1", "c1", "e1"]})
    assert three.status.value == "mistake" and three.remove == {"N": ["e1"]}
    none = family.hint(from_json({"pieces": "KQRBN", "clues": {"b8": 1}}), {"P": "g2"}).to_json()
    assert none["status"] == "mistake" and none["remove"] == {"P": ["g2"]} and "no pawn" in none["message"]
