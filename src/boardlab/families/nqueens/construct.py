"""One N-Queens solution for any n by an explicit construction, O(n) with numpy.

The construction is the classical one (Hoffman, Loessi and Moore 1969; Bernhardsson 1991,
"Explicit solutions to the N-queens problem for all N", SIGART Bull. 2(2)): with columns
numbered 1..n, put the even columns first, then the odd ones, with two repairs:
n mod 6 == 2: swap 1 and 3 among the odd columns and move 5 to the end;
n mod 6 == 3: move 2 to the end of the even columns, and 1 and 3 to the end of the odd ones.
It works for n = 1 and every n >= 4; n = 2 and 3 have no solution.
"""

from __future__ import annotations

import numpy as np


def construct(n: int) -> np.ndarray | None:
    """The column (0-based) of the queen in each row, or None when n is 2 or 3."""
    if n in (2, 3):
        return None
    evens = np.arange(2, n + 1, 2, dtype=np.int64)
    odds = np.arange(1, n + 1, 2, dtype=np.int64)
    if n % 6 == 2:
        odds = np.concatenate(([3, 1], odds[odds > 5], [5])).astype(np.int64)
    elif n % 6 == 3:
        evens = np.concatenate((evens[evens > 2], [2])).astype(np.int64)
        odds = np.concatenate((odds[odds > 3], [1, 3])).astype(np.int64)
    return np.concatenate((evens, odds)) - 1
