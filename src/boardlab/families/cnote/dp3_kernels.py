"""Compiled kernels of `dp3` (grids three cells wide or high solved exactly by partial sums): the
bitset layer of one line and the count over the useful states. A module of its own so that
importing `dp3` (`dp` does, and the generator through it) does not import numba. The method is
in `dp3`'s docstring.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()


@njit(cache=True)
def spans(layer: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each row of a bitset layer its first and last non-zero word (-1 and -1 when the row
    is empty): the words `spread` and `spread_capped` read."""
    rows, words = layer.shape
    low = np.full(rows, -1, np.int64)
    high = np.full(rows, -1, np.int64)
    for x in range(rows):
        for w in range(words):
            if layer[x, w] != 0:
                if low[x] < 0:
                    low[x] = w
                high[x] = w
    return low, high


@njit(cache=True)
def spread(old: np.ndarray, new: np.ndarray, firsts: np.ndarray, seconds: np.ndarray) -> None:
    """`new[x + a, y + b] |= old[x, y]` for every pair (a, b) = (`firsts[k]`, `seconds[k]`):
    the layers are bitsets, row x of the first sums, bit y of the second sums in word y // 64
    (bit y % 64). The rows of `old` that are empty are skipped, and in each row only the words
    between its first and last non-zero word are read."""
    rows, words = old.shape
    low, high = spans(old)
    for k in range(firsts.shape[0]):
        a = firsts[k]
        b = seconds[k]
        q = b >> 6
        r = np.uint64(b & 63)
        back = np.uint64(64) - r
        for x in range(rows - a):
            lo = low[x]
            if lo < 0:
                continue
            hi = high[x]
            target = x + a
            if r == 0:
                for w in range(lo, hi + 1):
                    if w + q < words:
                        new[target, w + q] |= old[x, w]
            else:
                for w in range(lo, hi + 1):
                    v = old[x, w]
                    if w + q < words:
                        new[target, w + q] |= v << r
                    if w + q + 1 < words:
                        new[target, w + q + 1] |= v >> back


@njit(cache=True)
def count_points(
    before: np.ndarray,
    after: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    firsts: np.ndarray,
    seconds: np.ndarray,
    modulus: np.int64,
) -> None:
    """`after[x, y] = sum over pairs (a, b) of before[x - a, y - b]` at the points (`xs[i]`,
    `ys[i]`) only, reduced modulo `modulus` when it is positive (exact int64 otherwise: the
    caller bounds the counts)."""
    for i in range(xs.shape[0]):
        x = xs[i]
        y = ys[i]
        total = np.int64(0)
        for k in range(firsts.shape[0]):
            u = x - firsts[k]
            v = y - seconds[k]
            if u >= 0 and v >= 0:
                total += before[u, v]
                if modulus > 0 and total >= modulus:
                    total -= modulus
        after[x, y] = total


@njit(cache=True)
def spread_capped(
    one: np.ndarray,
    two: np.ndarray,
    new_one: np.ndarray,
    new_two: np.ndarray,
    firsts: np.ndarray,
    seconds: np.ndarray,
) -> None:
    """`spread` of a count capped at 2, kept as two bitsets (`one`: at least one way, `two`: at
    least two): a shifted term adds to a state that already had one (`new_one & term`) or
    brings two itself, so `new_two` holds exactly the states of 2 or more ways and `new_one`
    those of 1 or more (`wide.Wide.capped`, the rare-type search's count)."""
    rows, words = one.shape
    low, high = spans(one)
    for k in range(firsts.shape[0]):
        a = firsts[k]
        b = seconds[k]
        q = b >> 6
        r = np.uint64(b & 63)
        back = np.uint64(64) - r
        for x in range(rows - a):
            lo = low[x]
            if lo < 0:
                continue
            hi = high[x]
            target = x + a
            for w in range(lo, hi + 2):
                # the word w of the shifted row: bits of words w - q and w - q - 1 of the source
                t = w + q
                if t >= words:
                    break
                if r == 0:
                    if w > hi:
                        break
                    v1 = one[x, w]
                    v2 = two[x, w]
                else:
                    v1 = np.uint64(0)
                    v2 = np.uint64(0)
                    if w <= hi:
                        v1 = one[x, w] << r
                        v2 = two[x, w] << r
                    if w - 1 >= lo:
                        v1 |= one[x, w - 1] >> back
                        v2 |= two[x, w - 1] >> back
                new_two[target, t] |= (new_one[target, t] & v1) | v2
                new_one[target, t] |= v1
