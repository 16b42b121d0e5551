"""The Tents instance: a grid of trees, a clue per row and column, and the cells given.

Its formats are in `io.py` (JSON, boardlab's text) and `game_id.py` (Tatham's game IDs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardlab.core.errors import BadInput, JsonPath
from boardlab.core.words import shown

#: Largest side accepted (the SAT model is linear in the area; 1000 x 1000 is already large).
MAX_SIDE = 1000

TREE, EMPTY, TENT, NO_TENT = "T", ".", "^", "x"
CELL_CHARS = {TREE, EMPTY, TENT, NO_TENT}

Cell = tuple[int, int]


@dataclass(frozen=True)
class TentsInstance:
    """A Tents puzzle. Cells are `(row, col)`, row 0 at the top."""

    width: int
    height: int
    trees: frozenset[Cell]
    rows: tuple[int | None, ...]
    cols: tuple[int | None, ...]
    given_tents: frozenset[Cell] = frozenset()
    given_empty: frozenset[Cell] = frozenset()

    def cell(self, r: int, c: int) -> str:
        if (r, c) in self.trees:
            return TREE
        if (r, c) in self.given_tents:
            return TENT
        if (r, c) in self.given_empty:
            return NO_TENT
        return EMPTY

    def grid(self) -> list[str]:
        return ["".join(self.cell(r, c) for c in range(self.width)) for r in range(self.height)]


def _check_clue(value: Any, limit: int, where: str, path: JsonPath) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{where} must be a non-negative integer or null, got {shown(value)}", path=path)
    if value < 0:
        raise BadInput(f"{where} must be non-negative, got {value}", path=path)
    if value > limit:
        raise BadInput(f"{where} = {value} exceeds the line length {limit}", path=path)
    return value


def make_instance(
    grid: list[str],
    rows: list[Any] | tuple[Any, ...],
    cols: list[Any] | tuple[Any, ...],
) -> TentsInstance:
    """A validated instance from grid strings and clue lists (raises BadInput)."""
    if not isinstance(grid, list) or not grid or not all(isinstance(row, str) for row in grid):
        raise BadInput("'grid' must be a non-empty list of strings", path=("grid",))
    height, width = len(grid), len(grid[0])
    if width == 0:
        raise BadInput("grid rows must not be empty", path=("grid", 0))
    if width > MAX_SIDE or height > MAX_SIDE:
        raise BadInput(
            f"a {width}x{height} grid is larger than the supported {MAX_SIDE}x{MAX_SIDE}", path=("grid",)
        )
    trees, tents, empty = set(), set(), set()
    for r, row in enumerate(grid):
        if len(row) != width:
            raise BadInput(f"grid row {r} has {len(row)} cells, expected {width}", path=("grid", r))
        for c, ch in enumerate(row):
            if ch == TREE:
                trees.add((r, c))
            elif ch == TENT:
                tents.add((r, c))
            elif ch == NO_TENT:
                empty.add((r, c))
            elif ch != EMPTY:
                raise BadInput(
                    f"grid row {r}, column {c}: unexpected character {shown(ch)} (use T . ^ x)",
                    path=("grid", r, c),
                )
    if not isinstance(rows, (list, tuple)) or not isinstance(cols, (list, tuple)):
        raise BadInput(
            "'rows' and 'cols' must be lists of clues",
            path=("rows",) if not isinstance(rows, (list, tuple)) else ("cols",),
        )
    if len(rows) != height:
        raise BadInput(f"{len(rows)} row clues for {height} rows", path=("rows",))
    if len(cols) != width:
        raise BadInput(f"{len(cols)} column clues for {width} columns", path=("cols",))
    row_clues = tuple(_check_clue(v, width, f"row clue {i}", ("rows", i)) for i, v in enumerate(rows))
    col_clues = tuple(_check_clue(v, height, f"column clue {i}", ("cols", i)) for i, v in enumerate(cols))
    return TentsInstance(
        width, height, frozenset(trees), row_clues, col_clues, frozenset(tents), frozenset(empty)
    )
