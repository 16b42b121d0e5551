"""The recursive form of the full-symmetry counter, kept only to be measured against the
iterative kernels of `boardlab.families.nqueens.fullsym` (the `nqueens/algorithm` experiment).

Same algorithm, same symmetry rules and the same `_classify`, written as Takahashi wrote it in
C: one recursive call per placed queen, the masks passed as arguments. In numba it measured
about 2x slower than the iterative form (docs/nqueens.md), which is why the counter is iterative.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.families.nqueens.fullsym import _classify


@njit(cache=True)
def _corner(y, left, down, right, n, mask, bound1):  # type: ignore[no-untyped-def]
    bitmap = mask & ~(left | down | right)
    if y == n - 1:
        return np.int64(1) if bitmap else np.int64(0)
    if y < bound1:
        bitmap &= ~np.int64(2)
    found = np.int64(0)
    while bitmap:
        bit = bitmap & -bitmap
        bitmap ^= bit
        found += _corner(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1, n, mask, bound1)
    return found


@njit(cache=True)
def _side(y, left, down, right, n, mask, bound1, bound2, sidemask, lastmask, topbit, endbit, board, counts):  # type: ignore[no-untyped-def]
    bitmap = mask & ~(left | down | right)
    if y == n - 1:
        if bitmap and not (bitmap & lastmask):
            board[y] = bitmap
            c = _classify(board, n, bound1, bound2, topbit, endbit)
            if c > 0:
                counts[c // 4] += 1
        return
    if y < bound1:
        bitmap &= ~sidemask
    elif y == bound2:
        if not (down & sidemask):
            return
        if (down & sidemask) != sidemask:
            bitmap &= sidemask
    while bitmap:
        bit = bitmap & -bitmap
        bitmap ^= bit
        board[y] = bit
        _side(
            y + 1,
            (left | bit) << 1,
            down | bit,
            (right | bit) >> 1,
            n,
            mask,
            bound1,
            bound2,
            sidemask,
            lastmask,
            topbit,
            endbit,
            board,
            counts,
        )


@njit(cache=True)
def count_recursive(n: int) -> np.ndarray:
    """[count2, count4, count8] of the n x n board (n >= 5), recursively."""
    mask = (np.int64(1) << n) - 1
    topbit = np.int64(1) << (n - 1)
    board = np.zeros(n, dtype=np.int64)
    counts = np.zeros(3, dtype=np.int64)
    one = np.int64(1)
    for b in range(2, n - 1):
        bit = one << b
        counts[2] += _corner(np.int64(2), (np.int64(2) | bit) << 1, one | bit, bit >> 1, n, mask, b)
    sidemask = topbit | 1
    lastmask = sidemask
    endbit = topbit >> 1
    b = 1
    while b < n - 1 - b:
        bit = one << b
        board[0] = bit
        _side(
            np.int64(1),
            bit << 1,
            bit,
            bit >> 1,
            n,
            mask,
            b,
            n - 1 - b,
            sidemask,
            lastmask,
            topbit,
            endbit,
            board,
            counts,
        )
        lastmask |= (lastmask >> 1) | (lastmask << 1)
        endbit >>= 1
        b += 1
    return counts
