"""Compiled kernels of `hundreds` (Lemma 5's certificate): condition (F) on the cycle, its
repair by 100 or 200 on one cycle cell or 100 on two, and the enumeration of the margin vectors breaking (F). A
module of their own so that importing `hundreds` (the generator does, for `applies`) does not
import numba.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()


@njit(cache=True)
def holds(m: np.ndarray, n: int) -> bool:  # pragma: no cover
    """(F) on the cycle: margins >= 0 and each at most the sum of its D-neighbours'."""
    size = 2 * n
    for v in range(size):
        if m[v] < 0:
            return False
    for v in range(size):
        total = 0
        for offset in range(3, size - 2, 2):
            total += m[(v + offset) % size]
        if m[v] > total:
            return False
    return True


@njit(cache=True)
def repair(m: np.ndarray, n: int) -> int:  # pragma: no cover
    """Which 100s on cycle cells restore (F), the first that does in this order: -1 none needed;
    e (0 <= e < 2n) h = 1 on edge e (positions e, e + 1); 2n + e h = 2 on edge e; 4n + e * 2n + f
    h = 1 on edges e < f; -2 when none does."""
    if holds(m, n):
        return -1
    size = 2 * n
    trial = m.copy()
    for h in range(1, 3):
        for e in range(size):
            trial[:] = m
            trial[e] -= 10 * h
            trial[(e + 1) % size] -= 10 * h
            if holds(trial, n):
                return e + (h - 1) * size
    for e in range(size):
        for f in range(e + 1, size):
            trial[:] = m
            trial[e] -= 10
            trial[(e + 1) % size] -= 10
            trial[f] -= 10
            trial[(f + 1) % size] -= 10
            if holds(trial, n):
                return 2 * size + e * size + f
    return -2


@njit(cache=True)
def certify_box(
    n: int, lo: int, hi: int, neighbours: np.ndarray, free: np.ndarray, last: int
) -> tuple[int, int, np.ndarray]:  # pragma: no cover
    size = 2 * n
    m = np.full(size, lo, np.int64)
    checked = 0
    left = 0
    example = np.zeros(size, np.int64)
    # position 0 breaks (F): m[0] > sum of its D-neighbours, each >= lo
    for top in range(max(lo, (n - 2) * lo + 1), hi + 1):
        m[0] = top
        for k in range(len(neighbours)):
            m[neighbours[k]] = lo
        while True:
            below = 0
            for k in range(len(neighbours)):
                below += m[neighbours[k]]
            if below < top:
                for k in range(len(free)):
                    m[free[k]] = lo
                while True:
                    even = 0
                    odd = 0
                    for k in range(size):
                        if k != last:
                            if k % 2 == 0:
                                even += m[k]
                            else:
                                odd += m[k]
                    value = even - odd  # `last` is odd (a column)
                    if lo <= value <= hi:
                        m[last] = value
                        checked += 1
                        if repair(m, n) == -2:
                            if left == 0:
                                example[:] = m
                            left += 1
                    k = 0
                    while k < len(free):
                        m[free[k]] += 1
                        if m[free[k]] <= hi:
                            break
                        m[free[k]] = lo
                        k += 1
                    if k == len(free):
                        break
            k = 0
            while k < len(neighbours):
                m[neighbours[k]] += 1
                if m[neighbours[k]] <= hi:
                    break
                m[neighbours[k]] = lo
                k += 1
            if k == len(neighbours):
                break
    return checked, left, example
