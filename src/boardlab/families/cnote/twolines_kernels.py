"""Compiled kernels of `twolines` (every grid of a class, two lines free, counted at once): a
line's pairs, a capped spread, a capped correlation and the pass that spreads a line's counts
over its digits. A module of their own so that importing `twolines` does not import numba. The
method is in `twolines`' docstring; counts are int64 capped at 2 (`CAP`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()

#: Counts are capped here: 2 stands for two or more.
CAP = 2


@njit(cache=True)
def line_pairs(
    target: int, first: int, second: int, third: int, top1: int, top2: int, has: np.ndarray
) -> np.ndarray:  # pragma: no cover
    """The pairs (a, b) of a line: a <= top1 contains `first`, b <= top2 contains `second`, and
    target - a - b >= 1 contains `third` (`has[d, v]`: the decimal writing of v contains d)."""
    out = np.empty((max(0, min(target, top1)) * max(0, min(target, top2)), 2), np.int64)
    n = 0
    for a in range(1, min(target - 2, top1) + 1):
        if not has[first, a]:
            continue
        for b in range(1, min(target - a - 1, top2) + 1):
            if has[second, b] and has[third, target - a - b]:
                out[n, 0] = a
                out[n, 1] = b
                n += 1
    return out[:n]


@njit(cache=True)
def spread(ways: np.ndarray, pairs: np.ndarray) -> np.ndarray:  # pragma: no cover
    """`new[s, t] = min(CAP, sum over pairs (a, b) of ways[s - a, t - b])`."""
    new = np.zeros_like(ways)
    rows, columns = ways.shape
    for k in range(pairs.shape[0]):
        a = pairs[k, 0]
        b = pairs[k, 1]
        for s in range(a, rows):
            for t in range(b, columns):
                w = ways[s - a, t - b]
                if w:
                    v = new[s, t] + w
                    new[s, t] = CAP if v > CAP else v
    return new


@njit(cache=True)
def correlate(
    xs: np.ndarray, ys: np.ndarray, ws: np.ndarray, pairs: np.ndarray, target: int
) -> np.ndarray:  # pragma: no cover
    """`out[a, b] = min(CAP, sum over pairs (p, q) of rest[a + p, b + q])` for a, b >= 0 with
    a + b <= target - 1 (the first two numbers of a line at `target`), where `rest[x, y]`, the
    capped ways the fixed lines leave (x, y) to the two free lines, is given by its non-zero
    entries (`xs`, `ys`, `ws`): one addition a pair and entry (fifty-fifth session; the fixed
    lines' rare types leave about 1% of the box non-zero, so this is 15-100 times fewer steps
    than a pass over the box a pair)."""
    out = np.zeros((target + 1, target + 1), np.int64)
    for k in range(pairs.shape[0]):
        p = pairs[k, 0]
        q = pairs[k, 1]
        for n in range(xs.shape[0]):
            a = xs[n] - p
            b = ys[n] - q
            if a >= 0 and b >= 0 and a + b < target:
                v = out[a, b] + ws[n]
                out[a, b] = CAP if v > CAP else v
    return out


@njit(cache=True)
def digit_lists(has: np.ndarray) -> np.ndarray:  # pragma: no cover
    """`out[v, 0]`: how many distinct non-zero digits v's writing has; `out[v, 1:]`: those
    digits (`has[d, v]`: the writing of v contains d)."""
    out = np.zeros((has.shape[1], 10), np.int64)
    for v in range(has.shape[1]):
        for d in range(1, 10):
            if has[d, v]:
                out[v, 0] += 1
                out[v, out[v, 0]] = d
    return out


@njit(cache=True)
def by_digits(ways: np.ndarray, target: int, digits: np.ndarray) -> np.ndarray:  # pragma: no cover
    """`out[x - 1, y - 1, z - 1] = min(CAP, sum of ways[a, b])` over the a, b >= 1 with c = target
    - a - b >= 1 whose numbers contain x, y and z in this order: one pass over `ways`, each
    entry added to its numbers' digit triples only (`digits`: `digit_lists`)."""
    out = np.zeros((9, 9, 9), np.int64)
    for a in range(1, min(target, ways.shape[0])):
        for b in range(1, min(target - a, ways.shape[1])):
            w = ways[a, b]
            if w == 0:
                continue
            c = target - a - b
            for i in range(1, digits[a, 0] + 1):
                x = digits[a, i] - 1
                for j in range(1, digits[b, 0] + 1):
                    y = digits[b, j] - 1
                    for k in range(1, digits[c, 0] + 1):
                        z = digits[c, k] - 1
                        v = out[x, y, z] + w
                        out[x, y, z] = CAP if v > CAP else v
    return out
