"""The squares a placement breaks a rule on by itself (`squares.square_conflicts`): one function
for the hint's mistakes and the drawings' red squares, which must agree on them."""

from __future__ import annotations

import itertools

from boardlab.families.chessnum import hint, render
from boardlab.families.chessnum.io import make_instance, placement_from_json, square_name
from boardlab.families.chessnum.squares import square_conflicts


def test_numbered_and_shared_squares_with_their_pieces() -> None:
    instance = make_instance(5, "QRNN", [((0, 0), 1), ((2, 2), 2)])
    placed = [("Q", (0, 0)), ("R", (1, 1)), ("N", (1, 1)), ("N", (0, 0)), ("R", (4, 4))]
    assert square_conflicts(instance, placed) == {(0, 0): [0, 3], (1, 1): [1, 2]}
    assert square_conflicts(instance, [("R", (2, 2))]) == {(2, 2): [0]}
    assert square_conflicts(instance, [("R", (1, 1)), ("Q", (3, 3))]) == {}
    assert square_conflicts(instance, []) == {}


def test_hint_and_drawings_name_the_same_squares() -> None:
    """Every placement of a queen and a knight on a 4x4 board (a clue at a1, two marked squares
    or none), the pieces in either order: the drawing marks a square exactly when
    `square_conflicts` lists it, and a hint that takes a piece back for a numbered or shared
    square takes one on such a square (asked of every placement with such a square and one in
    16 of the others)."""
    plain = make_instance(4, "QN", [((0, 0), 1)])
    marked = make_instance(4, "QN", [((0, 0), 0)], occupied=[(1, 1), (2, 2)])
    squares = [(f, r) for f in range(4) for r in range(4)]
    for instance in (plain, marked):
        every = itertools.product(("QN", "NQ"), itertools.product(squares, repeat=2))
        for index, (letters, where) in enumerate(every):
            partial = {letter: square_name(square) for letter, square in zip(letters, where, strict=True)}
            placed = placement_from_json(instance, partial)
            found = square_conflicts(instance, placed)
            assert set(render.conflicts(instance, partial)) == set(found)
            if not found and index % 16:
                continue  # a hint there asks the oracle: one in 16 of them
            answer = hint.hint(instance, partial).to_json()
            message = answer["message"] if answer["status"] == "mistake" else ""
            if "stands on a numbered square" in message or "shares its square" in message:
                [taken] = answer["remove"].items()  # (letter, square), by square in Detektivschach
                assert set(taken) & {square_name(square) for square in found}
            elif "unmarked" not in message:
                assert not found
