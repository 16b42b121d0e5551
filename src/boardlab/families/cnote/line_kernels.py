"""Compiled kernels of `convolution.Counter.line_counts`: one pass over the inverse transform Q
adds each entry to the counts of the digits its line's numbers contain (the method is in
`convolution`'s docstring). A module of their own so that importing `convolution` does not
import numba.

A number's distinct non-zero digits come packed in one integer (`convolution.digit_codes`: the
count in the low 4 bits, then each digit minus 1 in 4 bits). The two kernels unpack a pair of
numbers with the same loops, written out in each: a shared jitted helper (numba's
`inline="always"` or a plain call) made the 3x3 pair kernel 15-25 % slower (measured at T = 620).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()


@njit(cache=True, nogil=True)
def pair_counts(q: np.ndarray, target: int, codes: np.ndarray) -> np.ndarray:  # pragma: no cover
    out = np.zeros((9, 9))
    for a in range(q.shape[0]):
        v = np.rint(q[a])
        rest = target - a
        if v == 0.0 or rest < 1:
            continue
        x = codes[a] >> 4
        for _ in range(codes[a] & 15):
            y = codes[rest] >> 4
            for _ in range(codes[rest] & 15):
                out[x & 15, y & 15] += v
                y >>= 4
            x >>= 4
    return out


@njit(cache=True, nogil=True)
def triple_counts(q: np.ndarray, target: int, codes: np.ndarray) -> np.ndarray:  # pragma: no cover
    # for each first number a, the entries are gathered by the digits of (b, rest) first and
    # spread over a's digits once: 3x fewer scattered additions than one loop over all three
    # (entries are rounded here, so `q` may come straight from an inverse transform, and read
    # through a reversed view)
    out = np.zeros((9, 9, 9))
    inner = np.zeros((9, 9))
    for a in range(q.shape[0]):
        if codes[a] == 0:
            continue
        inner[:, :] = 0.0
        for b in range(q.shape[1]):
            rest = target - a - b
            if rest < 1:
                break
            v = np.rint(q[a, b])
            x = codes[b] >> 4
            for _ in range(codes[b] & 15):
                y = codes[rest] >> 4
                for _ in range(codes[rest] & 15):
                    inner[x & 15, y & 15] += v
                    y >>= 4
                x >>= 4
        x = codes[a] >> 4
        for _ in range(codes[a] & 15):
            for i in range(9):  # element by element: an array slice update compiles numba's
                for j in range(9):  # shape error message (seconds on the first run)
                    out[x & 15, i, j] += inner[i, j]
            x >>= 4
    return out
