"""The N-Queens instance: a board size and the queens given (a completion puzzle).

Its formats are in `io.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardlab.core.errors import BadInput, JsonPath
from boardlab.core.words import shown

#: Largest board accepted (the construction needs O(n) memory).
MAX_N = 100_000_000


@dataclass(frozen=True)
class QueensInstance:
    """An n x n board, with queens already placed on some squares."""

    n: int
    fixed: tuple[tuple[int, int], ...] = ()


def check_size(n: Any, where: str = "n", path: JsonPath | None = None) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise BadInput(f"{where} must be a positive integer, got {shown(n)}", path=path)
    if n < 1:
        raise BadInput(f"{where} must be a positive integer, got {n}", path=path)
    if n > MAX_N:
        raise BadInput(f"{where} = {n} is larger than the supported {MAX_N}", path=path)
    return n


def make_instance(n: int, fixed: list[tuple[int, int]] | tuple[tuple[int, int], ...] = ()) -> QueensInstance:
    """A validated instance: fixed queens on the board, at most one per square."""
    check_size(n)
    squares = []
    for index, square in enumerate(fixed):
        if (
            not isinstance(square, (list, tuple))
            or len(square) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in square)
        ):
            raise BadInput(f"fixed[{index}] must be [row, col], got {shown(square)}", path=("fixed", index))
        row, col = square
        if not (0 <= row < n and 0 <= col < n):
            raise BadInput(f"fixed[{index}] = [{row}, {col}] is off the {n}x{n} board", path=("fixed", index))
        squares.append((row, col))
    if len(set(squares)) != len(squares):
        raise BadInput("the same square is fixed twice")
    return QueensInstance(n, tuple(sorted(squares)))
