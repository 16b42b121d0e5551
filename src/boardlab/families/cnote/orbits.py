"""Orbits of square C-Note digit grids under the group that keeps their solution counts.

When every line has the same target, permuting the rows, permuting the columns and transposing
map the solutions of a digit grid one to one onto those of the mapped grid, so the solution
count (and uniqueness) is constant on the orbits of this group (2 (n!)^2 elements: 72 on 3x3,
1,152 on 4x4). An orbit is named by its canonical form, the least of its images read row by row
(`canonical`). The exhaustive 3x3 scan (`exhaustive.py`) reports unique grids so, and the
benchmark `cnote/near-nines` lists the orbits of a family of 4x4 grids so.

**Sorted rows.** For a fixed column permutation (with or without transposition) the least image
over all row permutations is the one whose rows are sorted ascending: rows compare as the
numbers they spell, and a row-by-row reading is least when its first row is least, then its
second, and so on. So the canonical form is the least of 2 n! images with sorted rows
(`canonical_codes`: 12 on 3x3, 48 on 4x4) instead of 2 (n!)^2.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

import numpy as np

Line = tuple[int, ...]
Grid = tuple[Line, ...]

#: The largest side `canonical_codes` takes: a 4x4 grid's 16 digits fit a 64-bit integer.
CODE_SIDE = 4


def images(grid: Grid) -> Iterator[Grid]:
    """The 2 (n!)^2 images of a square grid under row permutations, column permutations and
    transposition (with repetitions where the grid has symmetries)."""
    transposed: Grid = tuple(zip(*grid))
    perms = list(itertools.permutations(range(len(grid))))
    for g in (grid, transposed):
        for rows in perms:
            for cols in perms:
                yield tuple(tuple(g[r][c] for c in cols) for r in rows)


def canonical(grid: Iterable[Iterable[int]]) -> Grid:
    """The orbit's representative: the least of the grid's images (rows compared in order)."""
    g: Grid = tuple(tuple(row) for row in grid)
    return min(images(g))


def canonical_codes(grids: np.ndarray) -> np.ndarray:
    """`canonical` for many square grids at once (shape (k, n, n), digits 0-9, n at most
    `CODE_SIDE`), as n^2-digit numbers read row by row (a fixed width, so the numbers compare as
    the grids do): the least of the 2 n! images with sorted rows (module docstring)."""
    k, n, m = grids.shape
    if n != m or n > CODE_SIDE:
        raise ValueError(f"canonical codes take square grids of side at most {CODE_SIDE}, not {n}x{m}")
    row_weights = 10 ** np.arange(n - 1, -1, -1, dtype=np.int64)
    grid_weights = 10 ** np.arange(n * (n - 1), -1, -n, dtype=np.int64)
    best = np.full(k, np.iinfo(np.int64).max)
    for image in (grids, grids.transpose(0, 2, 1)):
        for cols in itertools.permutations(range(n)):
            rows = image[:, :, list(cols)].astype(np.int64) @ row_weights
            best = np.minimum(best, np.sort(rows, axis=1) @ grid_weights)
    return best


def decode(code: int, side: int) -> Grid:
    """The grid of an n^2-digit code (`canonical_codes`) of side n."""
    text = f"{code:0{side * side}d}"
    return tuple(tuple(int(ch) for ch in text[side * r : side * r + side]) for r in range(side))


def cell_sets(count: int, side: int) -> list[list[int]]:
    """One set of `count` cells of a side x side grid (numbered row by row) per orbit of cell
    sets under the group, the least of each orbit, by brute force over the group (4x4: 1 cell
    [0]; 2 cells in one row or not; 3 in one row, an L, two in a row and one apart, all apart)."""
    perms = list(itertools.permutations(range(side)))

    def least(cells: tuple[int, ...]) -> tuple[int, ...]:
        at = [divmod(cell, side) for cell in cells]
        return min(
            tuple(sorted(side * rows[r] + cols[c] for r, c in (((c, r) for r, c in at) if flip else at)))
            for flip in (False, True)
            for rows in perms
            for cols in perms
        )

    return [
        list(cells) for cells in sorted({least(c) for c in itertools.combinations(range(side * side), count)})
    ]
