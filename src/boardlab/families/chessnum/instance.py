"""The Chess-Num instance, its squares and pieces, and the checks that build it.

Squares are `(file, rank)` pairs, 0-based: `(0, 0)` is `a1` (bottom left). An instance may
name the squares where the pieces stand (`occupied`: the Detektivschach variant, the solver
decides which piece is on each marked square); then there are exactly as many marked squares
as pieces, none of them numbered. An instance read
with clues above its number of pieces comes back *unsettled* (see `io.py`); `settle` rebuilds it
with the given pieces or raises that error. Its formats are in `io.py`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from boardlab.core.errors import BadInput, JsonPath, key_path
from boardlab.core.words import shown

#: Piece letters, in the order used everywhere (solution JSON, canonical piece strings).
PIECE_ORDER = "KQRBNP"
PIECE_NAMES = {"K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}
DEFAULT_PIECES = "KQRBNP"
MIN_SIZE, MAX_SIZE = 4, 16
FILES = "abcdefghijklmnop"

Square = tuple[int, int]

_SQUARE = re.compile(r"^([a-p])([1-9][0-9]?)$")


@dataclass(frozen=True)
class ChessNumInstance:
    """A Chess-Num puzzle.

    Attributes:
        size: the board is size x size.
        pieces: the piece multiset, canonical (letters in `PIECE_ORDER` order).
        clues: `((file, rank), value)` in the order given.
        occupied: the marked squares of a Detektivschach puzzle, sorted (empty: the classic
            puzzle, the pieces may stand on any square without a number).
        unsettled: as read, a clue is above the number of pieces: the error to report unless
            the options name other pieces (see `settle`); None for a valid instance.
    """

    size: int
    pieces: str
    clues: tuple[tuple[Square, int], ...]
    occupied: tuple[Square, ...] = ()
    unsettled: BadInput | None = field(default=None, compare=False, repr=False)

    @property
    def clue_map(self) -> dict[Square, int]:
        return dict(self.clues)

    @property
    def counts(self) -> dict[str, int]:
        """How many of each piece letter, in `PIECE_ORDER`."""
        counted = Counter(self.pieces)
        return {p: counted[p] for p in PIECE_ORDER if counted[p]}

    def canonical(self) -> ChessNumInstance:
        """The same puzzle with the clues sorted (rank, then file)."""
        return ChessNumInstance(
            self.size,
            self.pieces,
            tuple(sorted(self.clues, key=lambda c: (c[0][1], c[0][0]))),
            self.occupied,
        )

    @property
    def detective(self) -> bool:
        """The Detektivschach variant: the squares of the pieces are given."""
        return bool(self.occupied)


def square_name(square: Square) -> str:
    return f"{FILES[square[0]]}{square[1] + 1}"


def parse_square(name: Any, size: int, where: str = "square", path: JsonPath | None = None) -> Square:
    """`(file, rank)` of an algebraic square name on a size x size board (BadInput otherwise, at
    JSON `path` if given)."""
    if not isinstance(name, str):
        raise BadInput(f"{where} must be a square name like 'd7', got {shown(name)}", path=path)
    match = _SQUARE.match(name.strip().lower())
    if not match:
        raise BadInput(f"{where}: {shown(name)} is not a square name like 'd7'", path=path)
    file, rank = FILES.index(match.group(1)), int(match.group(2)) - 1
    if not (file < size and 0 <= rank < size):
        raise BadInput(
            f"{where}: {name} is off the {size}x{size} board (a1..{square_name((size - 1, size - 1))})",
            path=path,
        )
    return file, rank


def normalise_pieces(pieces: Any, where: str = "pieces", path: JsonPath | None = None) -> str:
    """The canonical piece string (letters in KQRBNP order); BadInput on unknown letters."""
    if not isinstance(pieces, str):
        raise BadInput(
            f"{where} must be a string of piece letters like 'KQRBNP', got {shown(pieces)}", path=path
        )
    letters = pieces.strip().upper()
    if not letters:
        raise BadInput(f"{where} is empty: give piece letters like 'KQRBNP'", path=path)
    for index, letter in enumerate(letters):
        if letter not in PIECE_ORDER:
            raise BadInput(
                f"{where}: unknown piece letter {shown(pieces.strip()[index])} (known: K Q R B N P)",
                path=path,
            )
    return "".join(sorted(letters, key=PIECE_ORDER.index))


def check_size(size: Any, where: str = "size", path: JsonPath | None = None) -> int:
    if isinstance(size, bool) or not isinstance(size, int):
        raise BadInput(
            f"{where} must be an integer from {MIN_SIZE} to {MAX_SIZE}, got {shown(size)}", path=path
        )
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BadInput(f"{where} must be from {MIN_SIZE} to {MAX_SIZE}, got {size}", path=path)
    return size


def check_value(value: Any, pieces: str, where: str, path: JsonPath | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{where}: the clue must be an integer, got {shown(value)}", path=path)
    if not 0 <= value <= len(pieces):
        raise BadInput(
            f"{where}: clue {shown(value)} is not between 0 and the {len(pieces)} pieces ({pieces})",
            path=path,
        )
    return value


def make_instance(
    size: int,
    pieces: str,
    clues: list[tuple[Square, int]] | tuple[tuple[Square, int], ...],
    *,
    occupied: list[Square] | tuple[Square, ...] = (),
    defer_values: bool = False,
    paths: Sequence[JsonPath] | None = None,
) -> ChessNumInstance:
    """A validated instance: size 4..16, known pieces that fit, clues on the board, values in range,
    and for Detektivschach (`occupied` given) one marked square per piece, none of them numbered.

    With `defer_values`, a clue above the number of pieces, or marked squares in another number
    than the pieces, does not raise: the instance comes back unsettled (see `settle`), since
    other pieces may still be given. `paths` says where each clue is in instance JSON, for the
    errors about one clue.
    """
    size = check_size(size)
    pieces = normalise_pieces(pieces)
    if len(pieces) > size * size:
        raise BadInput(f"{len(pieces)} pieces do not fit on a {size}x{size} board")
    seen: set[Square] = set()
    checked = []
    unsettled: BadInput | None = None
    for index, (square, value) in enumerate(clues):
        path = None if paths is None else paths[index]
        name = square_name(square) if 0 <= square[0] < size and 0 <= square[1] < size else str(square)
        if not (0 <= square[0] < size and 0 <= square[1] < size):
            raise BadInput(
                f"clue square {name} is off the {size}x{size} board",
                path=None if path is None else key_path(path),
            )
        if square in seen:
            raise BadInput(f"two clues on {name}", path=None if path is None else key_path(path))
        seen.add(square)
        try:
            checked.append((square, check_value(value, pieces, f"clue {name}", path)))
        except BadInput as error:
            if not (
                defer_values
                and isinstance(value, int)
                and not isinstance(value, bool)
                and value > len(pieces)
            ):
                raise
            checked.append((square, value))
            unsettled = unsettled or error
    try:
        marked = check_occupied(size, pieces, occupied, seen)
    except Miscount as error:  # other pieces may still be given (--pieces), like a clue too large
        if not defer_values:
            raise
        marked, unsettled = tuple(sorted(set(occupied))), unsettled or error
    return ChessNumInstance(size, pieces, tuple(checked), marked, unsettled=unsettled)


class Miscount(BadInput):
    """Not one marked square per piece (deferred like a clue too large, see `settle`)."""


def check_occupied(
    size: int, pieces: str, occupied: list[Square] | tuple[Square, ...], clues: set[Square]
) -> tuple[Square, ...]:
    """The marked squares, sorted: on the board, distinct, not numbered, one per piece."""
    marked: set[Square] = set()
    for square in occupied:
        if not (0 <= square[0] < size and 0 <= square[1] < size):
            raise BadInput(f"marked square {square} is off the {size}x{size} board")
        name = square_name(square)
        if square in marked:
            raise BadInput(f"{name} is marked twice")
        if square in clues:
            raise BadInput(f"{name} is both marked (a piece stands there) and numbered")
        marked.add(square)
    if marked and len(marked) != len(pieces):
        raise Miscount(
            f"{len(marked)} marked squares for {len(pieces)} pieces ({pieces}): "
            "a Detektivschach puzzle marks one square per piece"
        )
    return tuple(sorted(marked))


def settle(instance: ChessNumInstance, pieces: str | None = None) -> ChessNumInstance:
    """The instance with `pieces` (when given) in place of its own, validated; without `pieces`,
    the instance itself, or its error when a clue is above its number of pieces."""
    if pieces is not None:
        return make_instance(instance.size, pieces, instance.clues, occupied=instance.occupied)
    if instance.unsettled is not None:
        raise instance.unsettled
    return instance


# ---- JSON ------------------------------------------------------------------------------------
