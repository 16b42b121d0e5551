"""Lemma 6 (shift by 100): a solution at smaller targets gives many at larger ones.

Adding 100 to a number below 100 writes the old number's digits in its last two places
(`100 k + v` for v < 100), so it keeps every digit it had; so does any number whose shown
digit is in its tens or units place. Hence, if Z solves a digit grid D with row targets R and
column targets C, and A is a non-negative integer matrix with row sums alpha and column sums
beta such that `Z[i][j] + 100 A[i][j]` still contains `D[i][j]` wherever `A[i][j] > 0`, then
Z + 100 A solves D with targets R + 100 alpha and C + 100 beta; distinct matrices A give
distinct solutions. On a square grid with every line at target T - 100, the n! permutation
matrices are such matrices as soon as every number of Z is below 100, which holds when
T - 100 <= n + 98 (every other number of a line is at least 1): so a digit grid solvable at
T - 100 then has at least n! solutions at T (docs/cnote.md, "Large targets", Lemma 6). At
T = 200 a unique grid is therefore unsolvable at 100 (n >= 2), and more generally has no
solution with any k >= 2 rows and k columns at 100 and the other lines at 200 (k! shifts on
those rows and columns).

`shift` builds Z + 100 A (refusing a cell that would lose its digit) and `hundred_shifts` the
n! solutions of a square solution with every number below 100; the tests check them with the
independent `verify` and count with CP-SAT as a second method.
"""

from __future__ import annotations

import itertools

Grid = list[list[int]]


def shift(digits: Grid, solution: Grid, a: Grid) -> Grid:
    """Z + 100 A. Raises ValueError when A has a negative entry or a shifted number no longer
    contains its cell's digit (e.g. 123 showing its 1, shifted to 223)."""
    shifted = []
    for drow, zrow, arow in zip(digits, solution, a, strict=True):
        line = []
        for d, z, k in zip(drow, zrow, arow, strict=True):
            if k < 0:
                raise ValueError("the shift matrix must be non-negative")
            value = z + 100 * k
            if k and str(d) not in str(value):
                raise ValueError(f"{z} + {100 * k} = {value} no longer contains the digit {d}")
            line.append(value)
        shifted.append(line)
    return shifted


def hundred_shifts(digits: Grid, solution: Grid) -> list[Grid]:
    """Z + 100 P for the n! permutation matrices P of a square solution Z whose numbers are
    all below 100: n! distinct solutions with every line target raised by 100."""
    n = len(solution)
    if any(len(row) != n for row in solution) or any(v >= 100 for row in solution for v in row):
        raise ValueError("Lemma 6 here is about square solutions with every number below 100")
    return [
        shift(digits, solution, [[int(perm[r] == c) for c in range(n)] for r in range(n)])
        for perm in itertools.permutations(range(n))
    ]
