"""Cases found by an adversarial audit of the Detektivschach variant (session 53)."""

from __future__ import annotations

import pytest

from boardlab.families.chessnum.io import make_instance, solution_from_json

# Detektivschach, 4x4, KQRN on a1 b1 c3 d4, one clue (the solution's value does not matter here).
MARKED = [(0, 0), (1, 0), (2, 2), (3, 3)]


@pytest.mark.parametrize(
    "solution",
    [
        {"K": "a1", "Q": "a1", "R": "c3", "N": "d4"},  # by piece
        {"a1": "K", "A1": "Q", "c3": "R", "d4": "N"},  # by square, a1 named twice in two cases
    ],
)
def test_two_pieces_on_one_marked_square_are_named(family, solution) -> None:
    """Written by square, the two pieces on a1 collapsed into one key: `check` reported "the
    puzzle has 1 K, the solution places 0" (a piece missing) instead of the two on one square."""
    instance = make_instance(4, "KQRN", [((3, 0), 1)], occupied=MARKED)
    problems = family.check(instance, solution)
    assert "K and Q are both on a1" in problems
    assert "no piece stands on the marked square b1" in problems
    assert not any("places" in p for p in problems), problems
    # both pieces survive the normalisation that `check` and `render --solution` apply
    normalised = solution_from_json(instance, solution)
    assert normalised == {"K": "a1", "Q": "a1", "R": "c3", "N": "d4"}
    # a placement without such a mistake keeps the by-square shape of the variant
    assert solution_from_json(instance, {"K": "b1", "Q": "a1", "R": "c3", "N": "d4"}) == {
        "a1": "Q",
        "b1": "K",
        "c3": "R",
        "d4": "N",
    }
