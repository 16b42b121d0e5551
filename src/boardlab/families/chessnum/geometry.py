"""Attack geometry for the model and the generator (the checker in `verify` has its own).

Squares are `(file, rank)`, 0-based, rank 0 = rank 1. The pawn is white: it attacks the two
squares diagonally towards the last rank. Line pieces (queen, rook, bishop) are described by
rays: from a target square outwards, the squares a line piece may attack it from, nearest
first; the piece attacks the target when every square before it on the ray is empty.
"""

from __future__ import annotations

from functools import cache

Square = tuple[int, int]

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KING_STEPS = ORTHOGONAL + DIAGONAL
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
#: Line pieces and the directions they move along.
LINE_DIRECTIONS = {"Q": ORTHOGONAL + DIAGONAL, "R": ORTHOGONAL, "B": DIAGONAL}
STEP_PIECES = "KNP"


def on_board(size: int, square: Square) -> bool:
    return 0 <= square[0] < size and 0 <= square[1] < size


@cache
def step_attackers(size: int, letter: str, target: Square) -> tuple[Square, ...]:
    """Squares from which a king, knight or (white) pawn attacks `target`."""
    f, r = target
    if letter == "K":
        steps: tuple[tuple[int, int], ...] = KING_STEPS
    elif letter == "N":
        steps = KNIGHT_STEPS
    elif letter == "P":
        steps = ((-1, -1), (1, -1))  # the pawn stands one rank below, one file aside
    else:
        raise ValueError(f"{letter} is not a step piece")
    return tuple(s for s in ((f + df, r + dr) for df, dr in steps) if on_board(size, s))


@cache
def ray(size: int, target: Square, direction: tuple[int, int]) -> tuple[Square, ...]:
    """The squares from `target` outwards along `direction`, nearest first, to the edge."""
    squares = []
    f, r = target[0] + direction[0], target[1] + direction[1]
    while on_board(size, (f, r)):
        squares.append((f, r))
        f, r = f + direction[0], r + direction[1]
    return tuple(squares)


def attackers(size: int, placement: list[tuple[str, Square]], target: Square) -> list[tuple[str, Square]]:
    """The pieces of `placement` that attack `target` (line pieces blocked by any piece)."""
    at = {square: letter for letter, square in placement}
    found = []
    for letter, square in placement:
        if letter in STEP_PIECES and square in step_attackers(size, letter, target):
            found.append((letter, square))
    for direction in ORTHOGONAL + DIAGONAL:
        for square in ray(size, target, direction):
            if square in at:
                letter = at[square]
                if letter in LINE_DIRECTIONS and direction in LINE_DIRECTIONS[letter]:
                    found.append((letter, square))
                break
    return found


def attack_counts(size: int, placement: list[tuple[str, Square]]) -> dict[Square, int]:
    """For every empty square of the board, how many pieces of `placement` attack it."""
    occupied = {square for _, square in placement}
    return {
        (f, r): len(attackers(size, placement, (f, r)))
        for f in range(size)
        for r in range(size)
        if (f, r) not in occupied
    }
