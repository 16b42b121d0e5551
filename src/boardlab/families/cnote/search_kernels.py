"""Compiled kernel of `search.Enumerator`: a depth-first enumeration of a C-Note grid's
solutions, capped, within a budget of nodes (the method is in `search`'s docstring). A module of
its own so that importing the generator does not import numba.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()


@njit(cache=True, nogil=True)
def enumerate_count(
    values: np.ndarray,
    sizes: np.ndarray,
    allowed: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    row_least: np.ndarray,
    col_least: np.ndarray,
    cap: int,
    max_nodes: int,
) -> tuple[int, int, bool]:  # pragma: no cover
    """(solutions found, nodes spent, complete): `complete` when the search ended on its own, so
    that the first entry is the exact count (then below `cap`).

    Cells in row-major order over the first h - 1 rows: a cell of the first w - 1 columns takes
    its admissible values (`values[r, c, :sizes[r, c]]`, ascending) up to what the cells after
    it in its row and below it in its column need at least (`row_least[r, c + 1]`,
    `col_least[c, r + 1]`); the last cell of a row is its row's remainder; the last row is the
    columns' remainders, checked as soon as the cell above it is placed (`allowed[h - 1]`)."""
    height, width = rows.shape[0], cols.shape[0]
    levels = (height - 1) * width
    row_left = rows.copy()
    col_left = cols.copy()
    next_index = np.zeros(levels + 1, dtype=np.int64)
    chosen = np.zeros(levels + 1, dtype=np.int64)
    count = 0
    nodes = 0
    k = 0
    while k >= 0:
        if k == levels:
            count += 1
            if count >= cap:
                return count, nodes, False
            k -= 1
            row_left[k // width] += chosen[k]
            col_left[k % width] += chosen[k]
            continue
        r = k // width
        c = k % width
        found = -1
        if c < width - 1:
            bound = min(row_left[r] - row_least[r, c + 1], col_left[c] - col_least[c, r + 1])
            i = next_index[k]
            while i < sizes[r, c]:
                v = values[r, c, i]
                i += 1
                if v > bound:
                    i = sizes[r, c]
                    break
                if r == height - 2 and not allowed[height - 1, c, col_left[c] - v]:
                    continue
                found = v
                break
            next_index[k] = i
        elif next_index[k] == 0:
            next_index[k] = 1
            v = row_left[r]
            if (
                v >= 1
                and v <= col_left[c] - col_least[c, r + 1]
                and allowed[r, c, v]
                and (r != height - 2 or allowed[height - 1, c, col_left[c] - v])
            ):
                found = v
        if found < 0:
            k -= 1
            if k >= 0:
                row_left[k // width] += chosen[k]
                col_left[k % width] += chosen[k]
            continue
        nodes += 1
        if nodes > max_nodes:
            return count, nodes, False
        chosen[k] = found
        row_left[r] -= found
        col_left[c] -= found
        k += 1
        next_index[k] = 0
    return count, nodes, True
