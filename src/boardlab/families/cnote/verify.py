"""The independent C-Note checker: plain Python arithmetic, sharing no code with the solvers.

A solution is valid when it has the grid's shape, every number is a positive integer whose
decimal digits (read by repeated division by ten, so never with a leading zero) include the
cell's given digit, and every row and every column adds up to its target.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardlab.core.words import plural, shown


def _has_digit(number: int, digit: int) -> bool:
    while number > 0:
        number, last = divmod(number, 10)
        if last == digit:
            return True
    return False


def violations(
    grid: Sequence[Sequence[int]], rows: Sequence[int], cols: Sequence[int], solution: dict[str, Any]
) -> list[str]:
    """The rule violations of `solution` (empty list: valid)."""
    numbers = solution.get("grid") if isinstance(solution, dict) else None
    height, width = len(grid), len(grid[0])
    if not isinstance(numbers, list) or len(numbers) != height:
        return [f"the solution must be a grid of {plural(height, 'row')}"]
    problems: list[str] = []
    for r, row in enumerate(numbers):
        if not isinstance(row, list) or len(row) != width:
            return [f"solution row {r} must have {plural(width, 'number')}"]
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(f"cell [{r}, {c}]: {shown(value)} is not an integer")
            elif value < 1:
                problems.append(f"cell [{r}, {c}]: {value} is not a positive integer")
            elif not _has_digit(value, grid[r][c]):
                problems.append(f"cell [{r}, {c}]: {value} does not contain the given digit {grid[r][c]}")
    if problems:
        return problems
    for r in range(height):
        total = sum(numbers[r])
        if total != rows[r]:
            problems.append(f"row {r} adds up to {total}, not {rows[r]}")
    for c in range(width):
        total = sum(numbers[r][c] for r in range(height))
        if total != cols[c]:
            problems.append(f"column {c} adds up to {total}, not {cols[c]}")
    return problems
