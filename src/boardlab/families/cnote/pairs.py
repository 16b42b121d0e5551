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

The product is counted on bits: each of the 81 rows of A and of B is packed 64 values of a to a
word, and an entry is the popcount of two rows' AND (`np.bitwise_count`), exact and without a
BLAS: a float32 product through numpy's threaded BLAS, as this was until the thirty-third
session, took 0.6 s at target 1,000,000 on an idle machine and 16 s with two other processes on
the two cores (its threads spin while they wait), where the bits take about 0.5 s. So every
target an instance takes (up to `instance.MAX_TARGET`) is exhausted.
"""

from __future__ import annotations

import numpy as np

Grid = list[list[int]]


def digits_in(values: np.ndarray) -> np.ndarray:
    """`out[d - 1, i]`: the decimal writing of `values[i]` (positive) contains digit d (1-9)."""
    out = np.zeros((9, len(values)), dtype=bool)
    rest = values.copy()
    while rest.any():
        rest, last = np.divmod(rest, 10)
        for d in range(1, 10):  # a finished number reads 0 from here on, never a digit 1-9
            out[d - 1] |= last == d
    return out


def _pairs(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Row 9 i + j: the values where `first[i]` and `second[j]` both hold (digits i + 1 and
    j + 1), as bits packed 64 to a word (zeros past the end)."""
    words = -(-first.shape[1] // 64)
    out = np.zeros((81, words * 8), dtype=np.uint8)
    for i in range(9):
        out[9 * i : 9 * i + 9, : -(-first.shape[1] // 8)] = np.packbits(first[i] & second, axis=1)
    return out.view(np.uint64)


def _cells(rows: list[int], cols: list[int]) -> list[np.ndarray]:
    """The four numbers of every candidate solution, one array a cell (top-left, top-right,
    bottom-left, bottom-right), for the top-left numbers a that keep all four positive; empty
    arrays when the targets do not balance or leave no a."""
    if len(rows) != 2 or len(cols) != 2:
        raise ValueError("exhaustion is for 2x2 grids")
    r1, r2 = rows
    c1, c2 = cols
    low, high = max(1, r1 - c2 + 1), min(r1 - 1, c1 - 1)  # bottom-right c2 - r1 + a >= 1
    a = np.arange(low, high + 1, dtype=np.int64) if r1 + r2 == c1 + c2 else np.zeros(0, np.int64)
    return [a, r1 - a, c1 - a, c2 - r1 + a]


def _counts(cells: list[np.ndarray]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The 81 x 81 counts of the candidate solutions `cells` (see `solution_counts`), and each
    cell's digit table (`digits_in`)."""
    has = [digits_in(values) for values in cells]
    top, bottom = _pairs(has[0], has[1]), _pairs(has[2], has[3])
    counts = np.empty((81, 81), dtype=np.int64)
    for index in range(81):
        counts[index] = np.bitwise_count(top[index] & bottom).sum(axis=1, dtype=np.int64)
    return counts, has


def solution_counts(rows: list[int], cols: list[int]) -> np.ndarray:
    """`counts[9 (d11 - 1) + d12 - 1, 9 (d21 - 1) + d22 - 1]`: the number of solutions of the
    digit grid (d11, d12 / d21, d22) at these targets (the product A B^T of the module
    docstring, on bits). Raises ValueError when the grid is not 2x2."""
    return _counts(_cells(rows, cols))[0]


def unique_puzzles(rows: list[int], cols: list[int]) -> list[tuple[Grid, Grid]]:
    """Every (digits, solution) pair with exactly one solution, digits 1-9, sorted by digits.

    Raises ValueError when the grid is not 2x2."""
    cells = _cells(rows, cols)
    counts, has = _counts(cells)
    found = []
    for top_index, bottom_index in zip(*np.nonzero(counts == 1)):
        d11, d12 = divmod(int(top_index), 9)
        d21, d22 = divmod(int(bottom_index), 9)
        holds = has[0][d11] & has[1][d12] & has[2][d21] & has[3][d22]
        where = int(np.nonzero(holds)[0][0])
        digits = [[d11 + 1, d12 + 1], [d21 + 1, d22 + 1]]
        solution = [[int(cell[where]) for cell in cells[:2]], [int(cell[where]) for cell in cells[2:]]]
        found.append((digits, solution))
    found.sort()
    return found
