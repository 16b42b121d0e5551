"""The C-Note instance: a grid of digits and a target sum for every row and column.

Its formats are in `io.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from boardlab.core.errors import BadInput, JsonPath
from boardlab.core.words import plural, shown

#: The target when none is given (Friedman's "100").
DEFAULT_TARGET = 100
#: Largest target accepted: the model enumerates the admissible values of a cell, O(target).
MAX_TARGET = 1_000_000
#: Largest number of rows or columns accepted.
MAX_SIDE = 40


@dataclass(frozen=True)
class CNoteInstance:
    """A grid of digits with a target sum for each row and each column."""

    grid: tuple[tuple[int, ...], ...]
    rows: tuple[int, ...]
    cols: tuple[int, ...]

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def target(self) -> int | None:
        """The common target of every row and column, or None when they differ."""
        targets = set(self.rows) | set(self.cols)
        return targets.pop() if len(targets) == 1 else None

    @property
    def balanced(self) -> bool:
        """Whether the row targets and the column targets have the same total (else no solution)."""
        return sum(self.rows) == sum(self.cols)

    @property
    def unbalanced(self) -> str | None:
        """Why an unbalanced grid has no solution (every backend's `reason`), or None."""
        if self.balanced:
            return None
        return (
            f"the row targets add up to {sum(self.rows)}, the column targets to {sum(self.cols)}: "
            "both are the sum of all numbers"
        )


def check_target(value: Any, where: str = "target", path: JsonPath | None = None) -> int:
    """A valid target (positive integer up to MAX_TARGET) or BadInput (at JSON `path`)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{where} must be a positive integer, got {shown(value)}", path=path)
    if value < 1:
        raise BadInput(f"{where} must be a positive integer, got {value}", path=path)
    if value > MAX_TARGET:
        raise BadInput(f"{where} = {value} is larger than the supported {MAX_TARGET}", path=path)
    return value


def make_instance(
    grid: Sequence[Sequence[int]],
    target: int | None = None,
    rows: Sequence[int] | None = None,
    cols: Sequence[int] | None = None,
) -> CNoteInstance:
    """A validated instance. `target` (default 100) applies to the lines `rows` / `cols` leave out."""
    if not isinstance(grid, (list, tuple)):
        raise BadInput(
            "'grid' must be a list of rows of digits, such as [[8, 8, 4], [6, 2, 5]]", path=("grid",)
        )
    if not grid:
        raise BadInput("the grid must have at least one row", path=("grid",))
    height = len(grid)
    if height > MAX_SIDE:
        raise BadInput(f"the grid has {height} rows, more than the supported {MAX_SIDE}", path=("grid",))
    cells: list[tuple[int, ...]] = []
    for r, row in enumerate(grid):
        if not isinstance(row, (list, tuple)) or not row:
            raise BadInput(f"grid row {r} must be a non-empty list of digits", path=("grid", r))
        if len(row) != len(grid[0]):
            raise BadInput(
                f"grid row {r} has {len(row)} cells, row 0 has {len(grid[0])} (the grid must be rectangular)",
                path=("grid", r),
            )
        for c, digit in enumerate(row):
            if isinstance(digit, bool) or not isinstance(digit, int) or not 0 <= digit <= 9:
                raise BadInput(
                    f"grid[{r}][{c}] must be a single digit 0-9, got {shown(digit)}", path=("grid", r, c)
                )
        cells.append(tuple(row))
    width = len(cells[0])
    if width > MAX_SIDE:
        raise BadInput(f"the grid has {width} columns, more than the supported {MAX_SIDE}", path=("grid", 0))
    common = check_target(DEFAULT_TARGET if target is None else target, path=("target",))
    row_targets = _targets(rows, height, "rows", common)
    col_targets = _targets(cols, width, "cols", common)
    return CNoteInstance(tuple(cells), row_targets, col_targets)


def _targets(values: Sequence[int] | None, count: int, name: str, common: int) -> tuple[int, ...]:
    if values is None:
        return (common,) * count
    if not isinstance(values, (list, tuple)):
        raise BadInput(f"'{name}' must be a list of targets", path=(name,))
    if len(values) != count:
        raise BadInput(
            f"'{name}' has {plural(len(values), 'target')} for "
            f"{plural(count, 'row' if name == 'rows' else 'column')}",
            path=(name,),
        )
    return tuple(check_target(v, f"{name}[{i}]", (name, i)) for i, v in enumerate(values))


def with_target(instance: CNoteInstance, target: int) -> CNoteInstance:
    """The instance with every row and column target set to `target`."""
    check_target(target)
    return CNoteInstance(instance.grid, (target,) * instance.height, (target,) * instance.width)


# ---- JSON --------------------------------------------------------------------------------------


def column_targets(target: int, height: int, width: int) -> list[int]:
    """Column targets for `height` rows of `target`: the total `target * height` split as evenly as
    possible, the first columns taking the rest (`generate --size WxH --target T`)."""
    total = target * height
    base, extra = divmod(total, width)
    return [base + (1 if c < extra else 0) for c in range(width)]
