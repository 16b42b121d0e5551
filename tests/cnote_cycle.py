"""Shared by the C-Note proof tests (Lemmas 5, 9 and 10): Lemma 5's repairs checked in grid
coordinates with the transportation problem itself (augmenting paths on the cells outside the
cycle, not condition (F))."""

from __future__ import annotations

import itertools
from collections.abc import Collection

from boardlab.families.cnote.positions import _transport, tens_cells

Cell = tuple[int, int]


def feasible(rows: list[int], cols: list[int], n: int, cycle: Collection[Cell] | None = None) -> bool:
    """The transportation problem with these margins on the cells outside `cycle` (Lemma 2's C
    unless given), by augmenting paths."""
    if min(rows + cols) < 0:
        return False
    tens = tens_cells(n) if cycle is None else set(cycle)
    allowed = [[(r, c) not in tens for c in range(n)] for r in range(n)]
    return _transport(rows, cols, allowed) is not None


def repairable(rows: list[int], cols: list[int], n: int, cycle: Collection[Cell] | None = None) -> bool:
    """Feasible as it is, or after 100 or 200 on one cycle cell (its row and column lose 10 or
    20), or 100 on two (Lemma 5's repairs)."""
    cells = sorted(tens_cells(n) if cycle is None else cycle)
    choices = [[]] + [[cell] * h for cell in cells for h in (1, 2)]
    choices += [list(p) for p in itertools.combinations(cells, 2)]
    for raised in choices:
        rows2, cols2 = rows[:], cols[:]
        for r, c in raised:
            rows2[r] -= 10
            cols2[c] -= 10
        if feasible(rows2, cols2, n, cycle):
            return True
    return False


def repaired(grid: list[list[int]], target: int, cycle: Collection[Cell] | None = None) -> bool:
    """A family's grid (tens on the cycle, bare digits elsewhere, as `cycle_families` builds
    them): `repairable` with the margins it leaves, every line at `target`."""
    n = len(grid)
    rows = [target - sum(grid[r]) for r in range(n)]
    cols = [target - sum(grid[r][c] for r in range(n)) for c in range(n)]
    assert all(x % 10 == 0 for x in rows + cols)
    return repairable([x // 10 for x in rows], [x // 10 for x in cols], n, cycle)
