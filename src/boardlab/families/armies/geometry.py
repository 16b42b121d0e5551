"""Board geometry shared by the armies models and the heuristic: squares, lines, symmetries.

Squares are numbered `s = row * n + col`. A *line* is a row, a column, a diagonal (constant
`row - col`) or an anti-diagonal (constant `row + col`); two squares attack each other exactly
when they share a line (pieces do not block in this puzzle, so lines are all that matter). The
8 symmetries of the square (the dihedral group D4) act on squares as permutations.

`verify.py` deliberately does not import this module: the checker shares no code with the
models.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=64)
def lines(n: int) -> tuple[tuple[int, ...], ...]:
    """All 6n - 2 lines of the n x n board (rows, columns, diagonals, anti-diagonals).

    Lines of one square (two corners of each diagonal family) are included: they constrain
    nothing but keep the indexing uniform.
    """
    result: list[tuple[int, ...]] = []
    for r in range(n):
        result.append(tuple(r * n + c for c in range(n)))
    for c in range(n):
        result.append(tuple(r * n + c for r in range(n)))
    for d in range(-(n - 1), n):  # row - col = d
        result.append(tuple(r * n + (r - d) for r in range(n) if 0 <= r - d < n))
    for a in range(2 * n - 1):  # row + col = a
        result.append(tuple(r * n + (a - r) for r in range(n) if 0 <= a - r < n))
    return tuple(result)


@lru_cache(maxsize=64)
def lines_of(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """For each square, the indices (in `lines(n)`) of its row, column, diagonal, anti-diagonal."""
    result = []
    for r in range(n):
        for c in range(n):
            result.append((r, n + c, 2 * n + (r - c) + (n - 1), 2 * n + (2 * n - 1) + r + c))
    return tuple(result)


@lru_cache(maxsize=64)
def attacks(n: int) -> tuple[tuple[int, ...], ...]:
    """For each square, the other squares that share a line with it."""
    by_line = lines(n)
    result = []
    for s, own in enumerate(lines_of(n)):
        seen: set[int] = set()
        for index in own:
            seen.update(by_line[index])
        seen.discard(s)
        result.append(tuple(sorted(seen)))
    return tuple(result)


#: The 8 symmetries of the square as functions (r, c, n) -> (r', c'); index 0 is the identity.
SYMMETRIES = (
    lambda r, c, n: (r, c),
    lambda r, c, n: (c, n - 1 - r),  # rotate 90
    lambda r, c, n: (n - 1 - r, n - 1 - c),  # rotate 180
    lambda r, c, n: (n - 1 - c, r),  # rotate 270
    lambda r, c, n: (r, n - 1 - c),  # mirror left-right
    lambda r, c, n: (n - 1 - r, c),  # mirror top-bottom
    lambda r, c, n: (c, r),  # transpose
    lambda r, c, n: (n - 1 - c, n - 1 - r),  # anti-transpose
)


@lru_cache(maxsize=64)
def permutations(n: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries as permutations of the squares: `perm[s]` is the image of square s."""
    result = []
    for f in SYMMETRIES:
        perm = []
        for r in range(n):
            for c in range(n):
                r2, c2 = f(r, c, n)
                perm.append(r2 * n + c2)
        result.append(tuple(perm))
    return tuple(result)
