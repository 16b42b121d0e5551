"""The independent Chess-Num checker: plain Python, sharing no code with the model.

Rules checked: the solution places exactly the instance's pieces (by letter and count), every
square on the board, no two pieces on one square, no piece on a numbered square, for a
Detektivschach puzzle every piece on a marked square and every marked square taken, and every
numbered square is attacked by exactly as many pieces as its number. Attacks are computed by
walking the board: a king attacks its 8 neighbours, a knight its 8 jumps, the white pawn the
two squares diagonally towards the last rank; a queen, rook or bishop slides square by square
from where it stands and stops at the first occupied square (numbered squares are empty and
do not stop it).

Squares are read from their names here too (`a1`: file a, rank 1), without the io module, so a
mistake there cannot hide a mistake here; so are both solution shapes (by piece,
`{"Q": "g8", "N": ["b7", "c3"]}`, and by square, `{"g8": "Q"}`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardlab.core.words import plural, shown

_FILES = "abcdefghijklmnop"
_SLIDES = {
    "Q": [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)],
    "R": [(1, 0), (-1, 0), (0, 1), (0, -1)],
    "B": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
}
_JUMPS = {
    "K": [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)],
    "N": [(a * x, b * y) for a, b in ((1, 2), (2, 1)) for x in (1, -1) for y in (1, -1)],
    "P": [(-1, 1), (1, 1)],
}


def _square(name: Any, size: int) -> tuple[int, int] | None:
    if not isinstance(name, str) or len(name) < 2 or name[0] not in _FILES[:size] or not name[1:].isdigit():
        return None
    if name[1:].startswith("0"):
        return None
    file, rank = _FILES.index(name[0]), int(name[1:]) - 1
    return (file, rank) if 0 <= rank < size else None


def attacked_squares(
    size: int, pieces: list[tuple[str, tuple[int, int]]]
) -> dict[tuple[int, int], list[int]]:
    """For every square, the indices (into `pieces`) of the pieces attacking it."""
    occupied = {square for _, square in pieces}
    attacked: dict[tuple[int, int], list[int]] = {}
    for index, (letter, (f, r)) in enumerate(pieces):
        if letter in _JUMPS:
            for df, dr in _JUMPS[letter]:
                if 0 <= f + df < size and 0 <= r + dr < size:
                    attacked.setdefault((f + df, r + dr), []).append(index)
        else:
            for df, dr in _SLIDES[letter]:
                g, s = f + df, r + dr
                while 0 <= g < size and 0 <= s < size:
                    attacked.setdefault((g, s), []).append(index)
                    if (g, s) in occupied:
                        break
                    g, s = g + df, s + dr
    return attacked


def _pairs(solution: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(letter, square name) pairs of either solution shape."""
    pairs: list[tuple[Any, Any]] = []
    for key, value in solution.items():
        if isinstance(key, str) and len(key) > 1:  # by square: {"g8": "Q"}
            pairs.append((value, key))
        else:
            pairs.extend((key, name) for name in (value if isinstance(value, list) else [value]))
    return pairs


def violations(
    size: int,
    pieces: str,
    clues: dict[tuple[int, int], int],
    solution: dict[str, Any],
    occupied: frozenset[tuple[int, int]] | set[tuple[int, int]] = frozenset(),
) -> list[str]:
    """Rule violations of `solution` (empty: valid). `clues` maps (file, rank) to the number;
    `occupied`: the marked squares of a Detektivschach puzzle (empty: the classic puzzle)."""
    if not isinstance(solution, dict):
        return ["the solution is not an object of piece letters to squares"]
    wanted = Counter(pieces)
    placed: list[tuple[str, tuple[int, int]]] = []
    problems: list[str] = []
    for letter, name in _pairs(solution):
        square = _square(name, size)
        if square is None:
            problems.append(f"{letter}: {shown(name)} is not a square of the {size}x{size} board")
        elif not isinstance(letter, str) or letter not in "KQRBNP" or len(letter) != 1:
            problems.append(f"{shown(letter)} on {name} is not a piece letter (K Q R B N P)")
        else:
            placed.append((letter, square))
    got = Counter(letter for letter, _ in placed)
    for letter in sorted(set(wanted) | set(got)):
        if wanted[letter] != got[letter]:
            problems.append(f"the puzzle has {wanted[letter]} {letter}, the solution places {got[letter]}")
    if problems:
        return problems
    where: dict[tuple[int, int], str] = {}
    for letter, square in placed:
        name = _FILES[square[0]] + str(square[1] + 1)
        if square in where:
            problems.append(f"{where[square]} and {letter} are both on {name}")
        where[square] = letter
        if square in clues:
            problems.append(f"{letter} stands on the numbered square {name}")
        if occupied and square not in occupied:
            problems.append(f"{letter} stands on {name}, which is not marked")
    for square in sorted(set(occupied) - set(where)):
        problems.append(f"no piece stands on the marked square {_FILES[square[0]]}{square[1] + 1}")
    if problems:
        return problems
    attacked = attacked_squares(size, placed)
    for square, number in clues.items():
        count = len(attacked.get(square, []))
        if count != number:
            name = _FILES[square[0]] + str(square[1] + 1)
            problems.append(
                f"{name} shows {number} but {plural(count, 'piece')} {'attacks' if count == 1 else 'attack'} it"
            )
    return problems
