"""The squares a placement breaks a rule on by itself: a piece on a numbered square, or more than
one piece on a square.

One function for the two places that point at such squares: the player's hint (`hint.hint`: the
first such piece is a mistake to take back) and the drawings (`render.conflicts`: the square in
red, with every piece on it). The independent checker (`verify`) keeps its own test of these
rules, so that it shares no code with what it checks.
"""

from __future__ import annotations

from boardlab.families.chessnum.io import ChessNumInstance, Square


def square_conflicts(instance: ChessNumInstance, placed: list[tuple[str, Square]]) -> dict[Square, list[int]]:
    """The squares of `placed` (piece letter and square, as `io.placement_from_json` gives them)
    holding a piece while numbered, or more than one piece, each with the indices into `placed`
    of the pieces standing there (ascending: the order the placement gives them). Squares in the
    order their first piece comes; the others are left out."""
    clues = instance.clue_map
    on: dict[Square, list[int]] = {}
    for index, (_, square) in enumerate(placed):
        on.setdefault(square, []).append(index)
    return {square: indices for square, indices in on.items() if square in clues or len(indices) > 1}
