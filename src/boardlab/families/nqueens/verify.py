"""The independent N-Queens checker: plain Python, O(n), sharing no code with the solvers.

A solution is valid when it has one queen per row (by its form), every column is used once,
every diagonal (row - col) and anti-diagonal (row + col) at most once, and the fixed queens of
the instance are where they were placed.
"""

from __future__ import annotations

from typing import Any


def violations(n: int, fixed: tuple[tuple[int, int], ...], solution: dict[str, Any]) -> list[str]:
    """The rule violations of `solution` on an n x n board (empty list: valid)."""
    queens = solution.get("queens")
    if not isinstance(queens, list):
        return ["the solution has no list 'queens'"]
    if len(queens) != n:
        return [f"{len(queens)} queens for a board of {n} rows"]
    problems: list[str] = []
    columns: dict[int, int] = {}
    diagonals: dict[int, int] = {}
    anti_diagonals: dict[int, int] = {}
    for row, col in enumerate(queens):
        if not isinstance(col, int) or isinstance(col, bool) or not 0 <= col < n:
            problems.append(f"row {row}: column {col!r} is off the board")
            continue
        for seen, key, what in ((columns, col, "column"), (diagonals, row - col, "diagonal"), (anti_diagonals, row + col, "anti-diagonal")):
            if key in seen:
                problems.append(f"rows {seen[key]} and {row} share a {what}")
            else:
                seen[key] = row
        if len(problems) > 20:
            problems.append("...")
            return problems
    for row, col in fixed:
        if queens[row] != col:
            problems.append(f"the fixed queen at [{row}, {col}] is not in the solution")
    return problems
