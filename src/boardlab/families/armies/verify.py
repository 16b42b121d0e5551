"""The independent armies checker: plain Python, sharing no code with the models.

A placement is valid when every queen is on the board, no square holds two queens, no white
queen shares a row, a column or a diagonal with a black queen (pieces do not block), and each
army has m queens (given m), or both armies have the same size (m not given). Queens of one
colour may attack each other.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.words import shown


def violations(n: int, m: int | None, solution: dict[str, Any]) -> list[str]:
    """The rule violations of `solution` on an n x n board (empty list: valid)."""
    problems: list[str] = []
    armies: dict[str, list[tuple[int, int]]] = {}
    for colour in ("white", "black"):
        squares = solution.get(colour)
        if not isinstance(squares, list):
            return [f"the solution has no list '{colour}'"]
        army = []
        for square in squares:
            if not isinstance(square, (list, tuple)) or len(square) != 2:
                problems.append(f"{colour}: {shown(square)} is not [row, col]")
                continue
            row, col = square
            if not all(isinstance(x, int) and not isinstance(x, bool) for x in (row, col)) or not (
                0 <= row < n and 0 <= col < n
            ):
                problems.append(f"{colour} queen at {shown(square)} is off the {n}x{n} board")
                continue
            army.append((row, col))
        if len(set(army)) != len(army):
            problems.append(f"two {colour} queens on one square")
        armies[colour] = army
    white, black = armies["white"], armies["black"]
    if m is not None:
        for colour, army in armies.items():
            if len(army) != m:
                problems.append(f"{len(army)} {colour} queens, expected {m}")
    elif len(white) != len(black):
        problems.append(f"{len(white)} white and {len(black)} black queens: the armies differ in size")
    # Two queens attack each other exactly when they share a line; remember the first white
    # queen on each line, then look up every black queen's four lines: O(m), not O(m^2).
    first_white: dict[tuple[str, int], tuple[int, int]] = {}
    for wr, wc in white:
        for line in (("row", wr), ("col", wc), ("diag", wr - wc), ("anti", wr + wc)):
            first_white.setdefault(line, (wr, wc))
    occupied = set(white)
    for br, bc in black:
        if (br, bc) in occupied:
            problems.append(f"a white and a black queen share [{br}, {bc}]")
        else:
            for line in (("row", br), ("col", bc), ("diag", br - bc), ("anti", br + bc)):
                if line in first_white:
                    wr, wc = first_white[line]
                    problems.append(f"white [{wr}, {wc}] attacks black [{br}, {bc}]")
                    break
        if len(problems) > 20:
            problems.append("...")
            return problems
    return problems
