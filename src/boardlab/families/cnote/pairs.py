"""Every 2x2 C-Note puzzle with one solution, at given line targets, by exhaustion.

A 2x2 solution is fixed by its top-left number a: with row targets r1, r2 and column targets
c1, c2 (r1 + r2 = c1 + c2) it is `[[a, r1 - a], [c1 - a, c2 - r1 + a]]`, for the a that keep all
four numbers positive. For digits d = (d11, d12, d21, d22), the solutions are the a whose four
numbers contain their digits, so with the 0/1 matrices `A[(d11, d12), a]` (the top row's
numbers contain d11 and d12) and `B[(d21, d22), a]` (the bottom row's), the number of solutions
of every one of the 9^4 = 6,561 digit grids (digits 1-9) is one entry of the product `A B^T`
(81 x 81). The grids whose entry is 1 are all the unique puzzles there are: when there are
none, no 2x2 puzzle at these targets has one solution (docs/cnote.md, "Large targets": for
example every target 1,000 grid has an even number of solutions). Tested against the
brute-force enumerator.
"""

from __future__ import annotations

import numpy as np

#: Values of a beyond which the exhaustion is not attempted (memory: 162 float32 rows of this
#: length, 65 MB).
MAX_LENGTH = 100_000

Grid = list[list[int]]


def _contains(values: np.ndarray) -> np.ndarray:
    """`out[d - 1, i]`: the decimal writing of `values[i]` (positive) contains digit d (1-9)."""
    out = np.zeros((9, len(values)), dtype=bool)
    rest = values.copy()
    while rest.any():
        rest, last = np.divmod(rest, 10)
        for d in range(1, 10):  # a finished number reads 0 from here on, never a digit 1-9
            out[d - 1] |= last == d
    return out


def unique_puzzles(rows: list[int], cols: list[int]) -> list[tuple[Grid, Grid]]:
    """Every (digits, solution) pair with exactly one solution, digits 1-9, sorted by digits.

    Raises ValueError when the grid is not 2x2 or the targets are too large to enumerate."""
    if len(rows) != 2 or len(cols) != 2:
        raise ValueError("exhaustion is for 2x2 grids")
    r1, r2 = rows
    c1, c2 = cols
    if r1 + r2 != c1 + c2:
        return []
    low, high = 1, min(r1 - 1, c1 - 1)
    low = max(low, r1 - c2 + 1)  # the bottom-right number c2 - r1 + a must be >= 1
    if high < low:
        return []
    if high - low + 1 > MAX_LENGTH:
        raise ValueError("targets too large for the 2x2 exhaustion")
    a = np.arange(low, high + 1, dtype=np.int64)
    cells = [a, r1 - a, c1 - a, c2 - r1 + a]
    has = [_contains(values) for values in cells]
    top = (has[0][:, None, :] & has[1][None, :, :]).reshape(81, -1).astype(np.float32)
    bottom = (has[2][:, None, :] & has[3][None, :, :]).reshape(81, -1).astype(np.float32)
    counts = np.rint(top @ bottom.T).astype(np.int64)  # exact: sums of at most 1e5 ones
    found = []
    for top_index, bottom_index in zip(*np.nonzero(counts == 1)):
        where = int(np.nonzero(top[top_index] * bottom[bottom_index])[0][0])
        d11, d12 = divmod(int(top_index), 9)
        d21, d22 = divmod(int(bottom_index), 9)
        digits = [[d11 + 1, d12 + 1], [d21 + 1, d22 + 1]]
        solution = [[int(cell[where]) for cell in cells[:2]], [int(cell[where]) for cell in cells[2:]]]
        found.append((digits, solution))
    found.sort()
    return found
