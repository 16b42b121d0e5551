"""One N-Queens solution for any n by an explicit construction, O(n) with numpy, streamable.

The construction is the classical one (Hoffman, Loessi and Moore 1969; Bernhardsson 1991,
"Explicit solutions to the N-queens problem for all N", SIGART Bull. 2(2)): with columns
numbered 1..n, put the even columns first, then the odd ones, with two repairs:
n mod 6 == 2: swap 1 and 3 among the odd columns and move 5 to the end;
n mod 6 == 3: move 2 to the end of the even columns, and 1 and 3 to the end of the odd ones.
It works for n = 1 and every n >= 4; n = 2 and 3 have no solution.

Every row's column is a closed formula of the row (`columns(n, start, stop)`), so any range
of rows is computed on its own: `stream` yields the solution in chunks of bounded size, and
`write` puts it into a file, one column per line, without ever holding the whole board
(n = 10^7 in a couple of seconds).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

import numpy as np

#: Rows per chunk when streaming (8 MB of int64).
CHUNK = 1 << 20


def solvable(n: int) -> bool:
    return n not in (2, 3)


def columns(n: int, start: int, stop: int) -> np.ndarray:
    """The 0-based columns of rows start..stop-1 of the construction (n not 2 or 3)."""
    evens = n // 2  # rows 0..evens-1 hold the even columns 2, 4, ...; the rest the odd ones
    odds = n - evens
    out = np.empty(max(0, stop - start), dtype=np.int64)
    split = min(max(evens, start), stop)
    i = np.arange(start, split, dtype=np.int64)  # index among the evens
    j = np.arange(split - evens, stop - evens, dtype=np.int64)  # index among the odds
    head, tail = out[: split - start], out[split - start :]
    if n % 6 == 3:
        np.multiply(i, 2, out=head)
        head += 4
        tail[:] = 2 * j + 5
        head[i == evens - 1] = 2
        tail[j == odds - 2] = 1
        tail[j == odds - 1] = 3
    else:
        np.multiply(i, 2, out=head)
        head += 2
        np.multiply(j, 2, out=tail)
        tail += 1
        if n % 6 == 2:
            tail += 2
            tail[j == 0] = 3
            tail[j == 1] = 1
            tail[j == odds - 1] = 5
    out -= 1
    return out


def _digits(values: np.ndarray) -> bytes:
    """Non-negative ints as decimal text, one per line, formatted by numpy (no Python loop)."""
    if len(values) == 0:
        return b""
    width = len(str(int(values.max())))
    chars = np.empty((len(values), width + 1), dtype=np.uint8)
    rest = values.copy()
    for k in range(width - 1, -1, -1):
        chars[:, k] = 48 + rest % 10
        rest //= 10
    chars[:, width] = 10  # newline
    keep = np.ones_like(chars, dtype=bool)
    lengths = np.ones(len(values), dtype=np.int64)
    power = 10
    while power <= values.max():
        lengths += values >= power
        power *= 10
    keep[:, :width] = np.arange(width)[None, :] >= (width - lengths)[:, None]
    return chars[keep].tobytes()


def construct(n: int) -> np.ndarray | None:
    """The column (0-based) of the queen in each row, or None when n is 2 or 3."""
    if not solvable(n):
        return None
    return columns(n, 0, n)


def stream(n: int, chunk: int = CHUNK) -> Iterator[np.ndarray]:
    """The solution's columns, `chunk` rows at a time (n not 2 or 3)."""
    for start in range(0, n, chunk):
        yield columns(n, start, min(n, start + chunk))


def write(n: int, handle: IO[bytes], chunk: int = CHUNK) -> None:
    """Write the solution to a binary file handle as text, one column per line, chunk by chunk."""
    for block in stream(n, chunk):
        handle.write(_digits(block))
