"""Chess-Num instances, squares and formats.

Squares are `(file, rank)` pairs, 0-based: `(0, 0)` is `a1` (bottom left), `(7, 7)` is `h8`.
Boards are square, 4..16 wide (files `a`..`p`, ranks `1`..`16`).

An instance is a board size, a multiset of pieces written as letters (`KQRBNP` is Friedman's
original: one of each; `KQRBNNP` has two knights) and the clues: numbered squares with the
number of pieces that attack them. Clues keep the order in which they were given (the solver
must not depend on it; the benchmark permutes it); `canonical()` sorts them.

Text format: one line per rank, the top rank first; `.` an empty square, a digit a clue, `*`
a marked square (Detektivschach: a piece stands there, which one is the question), `#`
starts a comment; spaces inside a line are ignored. A board with marked squares marks one
square per piece. An optional first line `pieces: KQRBNNP`
names the pieces (default `KQRBNP`). Several boards in one file are separated by blank lines.
A digit cannot say more than 9: clues above 9 (large piece sets) need JSON.

Clues above the number of pieces: the CLI's `--pieces` (and the web page's `pieces` option)
replaces the piece set of the file, so reading does not reject them; the instance comes back
*unsettled*, carrying the error, and `settle` (called by `apply_options`, which every reader
calls) either rebuilds it with the given pieces or raises that error (one line, with the
location of the first clue too large). Solving, checking, drawing and hints refuse an
unsettled instance.

JSON: `{"family": "chessnum", "size": 8, "pieces": "KQRBNP", "clues": {"b8": 1, "d8": 6}}`
(`size` and `pieces` may be omitted: 8 and `KQRBNP`); Detektivschach adds
`"occupied": ["b3", "e5", ...]` (written only when there are marked squares).

Solution JSON, two shapes, both read everywhere:
- by piece (classic puzzles): `{"K": "d7", "Q": "g8", ...}`, one key per piece letter; a letter
  that occurs several times maps to the sorted list of its squares (`"N": ["b7", "c3"]`);
- by square (Detektivschach puzzles, the shape of their answers): `{"b3": "Q", "e5": "N", ...}`,
  one key per marked square.
A partial placement (for hints) has the same shapes with pieces left out or lists cut short.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from boardlab.core.errors import BadInput, key_path
from boardlab.core.family import Record
from boardlab.core.io import json_fields, parse_blocks
from boardlab.core.words import shown
from boardlab.families.chessnum.instance import (  # noqa: F401  (importable from io too)
    DEFAULT_PIECES,
    FILES,
    MAX_SIZE,
    MIN_SIZE,
    PIECE_NAMES,
    PIECE_ORDER,
    ChessNumInstance,
    Square,
    check_size,
    check_value,
    make_instance,
    normalise_pieces,
    parse_square,
    settle,
    square_name,
)


def from_json(data: Any) -> ChessNumInstance:
    json_fields(data, "chessnum instance", {"family", "size", "pieces", "clues", "occupied"})
    size = check_size(data.get("size", 8), path=("size",))
    pieces = normalise_pieces(data.get("pieces", DEFAULT_PIECES), path=("pieces",))
    clues = data.get("clues")
    if not isinstance(clues, dict):
        raise BadInput(
            'chessnum instance needs "clues": {"b8": 1, ...}', path=("clues",) if "clues" in data else ()
        )
    parsed = [
        (parse_square(name, size, "clue square", key_path(("clues", name))), value)
        for name, value in clues.items()
    ]
    marked = data.get("occupied", [])
    if not isinstance(marked, list):
        raise BadInput('"occupied" must be a list of square names like ["b3", "e5"]', path=("occupied",))
    occupied = [parse_square(name, size, "occupied square", ("occupied", i)) for i, name in enumerate(marked)]
    paths = [("clues", name) for name in clues]
    return make_instance(size, pieces, parsed, occupied=occupied, defer_values=True, paths=paths)


def to_json(instance: ChessNumInstance) -> dict[str, Any]:
    data: dict[str, Any] = {
        "family": "chessnum",
        "size": instance.size,
        "pieces": instance.pieces,
        "clues": {square_name(square): value for square, value in instance.clues},
    }
    if instance.occupied:
        data["occupied"] = [square_name(square) for square in instance.occupied]
    return data


# ---- text ------------------------------------------------------------------------------------
def dump_text(instance: ChessNumInstance) -> str:
    large = [(square, value) for square, value in instance.clues if value > 9]
    if large:
        square, value = large[0]
        raise BadInput(
            f"clue {square_name(square)} = {value}: clues above 9 cannot be written in the text format "
            "(one digit a square); use JSON"
        )
    clues = instance.clue_map
    marked = set(instance.occupied)
    lines = []
    if instance.pieces != DEFAULT_PIECES:
        lines.append(f"pieces: {instance.pieces}")

    def char(square: Square) -> str:
        return str(clues[square]) if square in clues else "*" if square in marked else "."

    for rank in range(instance.size - 1, -1, -1):
        lines.append("".join(char((f, rank)) for f in range(instance.size)))
    return "\n".join(lines) + "\n"


def parse_text(text: str, source: str) -> list[Record[ChessNumInstance]]:
    """Boards separated by blank lines; errors name the line and column."""
    return parse_blocks(text, source, _parse_board)


def _cells(number: int, line: str) -> list[tuple[int, str]]:
    """(column, character) of each non-space character, columns 1-based."""
    return [(col, ch) for col, ch in enumerate(line, 1) if not ch.isspace()]


def _parse_board(block: list[tuple[int, str]], source: str) -> ChessNumInstance:
    pieces = DEFAULT_PIECES
    first_number, first_line = block[0]
    header = re.match(r"^(\s*pieces\s*[:=]\s*)(.*?)\s*$", first_line, re.IGNORECASE)
    if header:
        column = len(header.group(1)) + 1
        try:
            pieces = normalise_pieces(header.group(2))
        except BadInput as error:
            raise BadInput(error.message, source=source, line=first_number, column=column) from None
        block = block[1:]
        if not block:
            raise BadInput("a 'pieces:' line without a board", source=source, line=first_number, column=1)
    rows = [(number, _cells(number, line)) for number, line in block]
    too_large: BadInput | None = None  # reported by `settle` unless --pieces names other pieces
    for number, cells in rows:
        for column, char in cells:
            if char in ".*":
                continue
            if not (char.isascii() and char.isdigit()):
                raise BadInput(
                    f"unexpected character {shown(char)} (use '.', '*' or a digit)",
                    source=source,
                    line=number,
                    column=column,
                )
            if int(char) > len(pieces) and too_large is None:
                too_large = BadInput(
                    f"clue {char} is more than the {len(pieces)} pieces ({pieces}); "
                    "a 'pieces:' first line or --pieces names others",
                    source=source,
                    line=number,
                    column=column,
                )
    size = len(rows[0][1])
    last_number = rows[-1][0]
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise BadInput(
            f"a board row has {size} squares; boards are {MIN_SIZE} to {MAX_SIZE} squares wide",
            source=source,
            line=rows[0][0],
            column=1,
        )
    for number, cells in rows:
        if len(cells) != size:
            column = cells[size][0] if len(cells) > size else (cells[-1][0] + 1 if cells else 1)
            raise BadInput(
                f"row has {len(cells)} squares, expected {size} like the first row",
                source=source,
                line=number,
                column=column,
            )
    if len(rows) != size:
        where = rows[size][0] if len(rows) > size else last_number
        raise BadInput(
            f"board has {len(rows)} rows but {size} columns (it must be square)",
            source=source,
            line=where,
            column=1,
        )
    clues: list[tuple[Square, int]] = []
    occupied: list[Square] = []
    for index, (_number, cells) in enumerate(rows):
        rank = size - 1 - index
        for file, (_column, char) in enumerate(cells):
            if char == "*":
                occupied.append((file, rank))
            elif char != ".":
                clues.append(((file, rank), int(char)))
    if occupied and len(occupied) != len(pieces) and too_large is None:  # reported by `settle` too
        too_large = BadInput(
            f"{len(occupied)} marked squares ('*') for {len(pieces)} pieces ({pieces}): "
            "a Detektivschach board marks one square per piece (a 'pieces:' first line or --pieces "
            "names them)",
            source=source,
            line=first_number,
            column=1,
        )
    try:
        instance = make_instance(size, pieces, clues, occupied=occupied, defer_values=True)
    except BadInput as error:
        raise error.located(source=source, line=first_number) from None
    return dataclasses.replace(instance, unsettled=too_large) if too_large is not None else instance


# ---- solutions -------------------------------------------------------------------------------
def _by_square(instance: ChessNumInstance, data: dict[Any, Any]) -> dict[str, Any]:
    """The by-square shape (`{"b3": "Q", ...}`) rewritten by piece (`{"Q": ["b3"], ...}`)."""
    by_letter: dict[str, list[str]] = {}
    for key, value in data.items():
        parse_square(key, instance.size, "solution key", (key,))
        if not isinstance(value, str) or len(value.strip()) != 1:
            raise BadInput(
                f"the piece on {key} must be one piece letter (K Q R B N P), got {shown(value)}", path=(key,)
            )
        if value.strip().upper() not in PIECE_ORDER:
            raise BadInput(f"unknown piece {shown(value)} on {key} (known: K Q R B N P)", path=(key,))
        by_letter.setdefault(value.strip().upper(), []).append(key)
    return by_letter


def _is_by_square(data: dict[Any, Any]) -> bool:
    """Whether solution JSON names squares (by-square shape) rather than piece letters; BadInput
    when it mixes both."""
    squares = [isinstance(key, str) and len(key) > 1 for key in data]
    if any(squares) and not all(squares):
        raise BadInput(
            'a chessnum solution maps piece letters to squares ({"Q": "g8"}) or squares to pieces '
            '({"g8": "Q"}), not both',
            path=(),
        )
    return bool(squares) and all(squares)


def placement_from_json(instance: ChessNumInstance, data: Any) -> list[tuple[str, Square]]:
    """`(letter, square)` pairs from solution JSON (either shape), as written.

    Raises BadInput for what is not a solution's shape: not an object, a key or value that is
    not a piece letter (K Q R B N P) or a square name, a square off the board, both shapes
    mixed. How many pieces of each letter it places is not a question of shape: too few, too
    many, or a letter the puzzle has none of are rule violations, named by `verify` (`check`
    exits 1, the web API's `/check` answers `invalid`) or by the hint (a mistake); so are two
    pieces on one square and a piece on a clue.
    """
    if not isinstance(data, dict):
        raise BadInput('a chessnum solution is an object like {"K": "d7", "Q": "g8", ...}', path=())
    by_letter = not _is_by_square(data)
    if not by_letter:  # every name of the rewritten object was checked in place
        data = _by_square(instance, data)
    placed: list[tuple[str, Square]] = []
    for key, value in data.items():
        letter = key.upper() if isinstance(key, str) else key
        if letter not in PIECE_ORDER:
            raise BadInput(f"unknown piece {shown(key)} in the solution (known: K Q R B N P)", path=(key,))
        names = value if isinstance(value, list) else [value]
        for i, name in enumerate(names):
            path = ((key, i) if isinstance(value, list) else (key,)) if by_letter else None
            placed.append((letter, parse_square(name, instance.size, f"square of {letter}", path)))
    return placed


def placement_to_json(instance: ChessNumInstance, placed: list[tuple[str, Square]]) -> dict[str, Any]:
    """Solution JSON of a (possibly partial) placement: by square for a Detektivschach puzzle
    (`{"b3": "Q", ...}`, squares in a1, a2, .., b1 order), else by piece (a string per single
    piece, a sorted list for a repeated one).

    A placement with two pieces on one square (a player's mistake, read by `check` or `render
    --solution`) has no by-square form (one key per square would keep only one of them, and
    `verify` would then report a missing piece instead of the two on one square): it is written
    by piece, which `verify` reads as well.
    """
    squares = [square for _, square in placed]
    if instance.occupied and len(set(squares)) == len(squares):
        return {square_name(square): letter for letter, square in sorted(placed, key=lambda item: item[1])}
    counts = instance.counts
    by_letter: dict[str, list[Square]] = {}
    for letter, square in placed:
        by_letter.setdefault(letter, []).append(square)
    data: dict[str, Any] = {}
    for letter in PIECE_ORDER:
        if letter not in by_letter:
            continue
        squares = sorted(by_letter[letter])
        if counts.get(letter, 0) == 1 and len(squares) == 1:
            data[letter] = square_name(squares[0])
        else:
            data[letter] = [square_name(s) for s in squares]
    return data


def solution_from_json(instance: ChessNumInstance, data: Any) -> dict[str, Any]:
    """A proposed solution, read as a placement of any pieces: missing pieces, surplus ones and
    letters the puzzle has none of are rule violations that `verify` reports (`check` exits 1,
    as for every family), not shape errors."""
    return placement_to_json(instance, placement_from_json(instance, data))
