"""Solution counts of C-Note grids by depth-first enumeration, and annealing of digit grids on
them (the generator's `Searched` planter for 4x4 grids beyond the rigid shape's targets;
docs/cnote.md, "Large targets").

The count (`Enumerator.count`, a compiled kernel in `search_kernels`): cells are filled row by
row over the first h - 1 rows; a cell takes the numbers containing its digit, ascending, up to
the row's remainder less the least numbers of the row's later cells and the column's remainder
less the least numbers of the cells below it (every number containing digit d is at least d);
the last cell of a row is forced to the row's remainder, and the last row to the columns'
remainders, each checked for its digit as soon as the cell above it is placed. Every solution
is reached once (a solution is fixed by its first h - 1 rows' first w - 1 columns). The
enumeration stops at `cap` solutions or after a budget of nodes (cells placed), so a count is
exact only when it ends on its own; both limits are counts, not seconds, so the outcome is the
same on every machine. Measured against CP-SAT's enumeration (`oracle.CNoteOracle.several`) on
4x4 grids at target 150: the same counts (1 to 94,366), 10 to 100 times faster (5,007
solutions: 0.04 s against 3.1 s). On 5x5 and larger grids (and 4x6) at such targets the
enumeration rarely ends within a count's budget (dead branches show only in the last rows), so
counts there are "at least the cap" and the annealing finds no slope.

`anneal`: simulated annealing (Kirkpatrick, Gelatt and Vecchi, "Optimization by simulated
annealing", Science 1983) of the digit grid on the logarithm of its count: a move changes one
random cell to a random digit, is refused when the grid has no solution, and otherwise kept
with the Metropolis probability min(1, (count / new count)^(1 / temperature)); the temperature
starts at 1 and cools by 1 % a move to 0.05; counts not finished within their node budget are
taken as the cap. After `restart` moves without a new least count, a fresh random grid of
digits 7-9 (`FRESH_LEAST`). It stops at a grid of count 1 or when the budget of nodes is spent.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import numpy as np

from boardlab.families.cnote.convolution import admissible

#: Solutions counted at most per grid (more: the count is taken as this); 20,000 rather than
#: 1,000 gives the annealing a slope where most grids have thousands of solutions (4x4 at 160).
CAP = 20_000
#: Nodes one count may spend (about 0.07 s; more: the count is taken as the cap). Grids whose
#: enumeration is long have many solutions anyway; 5e6 and 2e7 found fewer 4x4 puzzles at 170.
COUNT_NODES = 2_000_000
#: Moves without a new least count before a fresh grid (with `COOLING`: 3,000 and 0.999 found
#: 0 of 5 seeds at 4x4, target 150, in the budget; 300 and 0.99 found 5 of 5).
RESTART = 300
#: A move's count stops at this many times the current count (at least `AHEAD_LEAST`): such a
#: move is refused with probability 1 - (1/4)^(1/temperature) or more anyway, and counting
#: further would cost nodes in proportion.
AHEAD = 4
AHEAD_LEAST = 16
#: Fresh grids draw digits FRESH_LEAST-9 (small digits make many numbers admissible; at 4x4,
#: 2e8 nodes, seeds 0-4: 4-9 found 2 at 165 and 1 at 170 (CLI sweep), 6-9 2 and 0, 7-9 4 and 3,
#: 8-9 - and 1).
FRESH_LEAST = 7
#: The temperature's factor per move.
COOLING = 0.99
ESTIMATE = True


@lru_cache(maxsize=4)
def _tables(top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For digits 1-9 (index d - 1): which of 0..top contain d, those numbers ascending, and
    how many there are."""
    allowed = np.array([admissible(d, top) for d in range(1, 10)])
    values = np.zeros((9, top), dtype=np.int64)
    sizes = np.zeros(9, dtype=np.int64)
    for d in range(9):
        found = np.flatnonzero(allowed[d])
        values[d, : len(found)] = found
        sizes[d] = len(found)
    return allowed, values, sizes


class Enumerator:
    """Capped counts of digit grids with these line targets (at least 2 rows and 2 columns)."""

    def __init__(self, rows: list[int], cols: list[int]):
        if len(rows) < 2 or len(cols) < 2:
            raise ValueError("the enumeration needs at least 2 rows and 2 columns")
        self.rows = np.array(rows, dtype=np.int64)
        self.cols = np.array(cols, dtype=np.int64)
        self.table = _tables(int(max(max(rows), max(cols), 9)))
        #: Knuth's estimate of the share of the search done by the last count (1 when complete).
        self.explored = 1.0

    def count(self, digits: list[list[int]], cap: int, nodes: int) -> tuple[int, int, bool]:
        """(solutions found, nodes spent, complete): the exact count when `complete`, else at
        least the first entry (the search stopped at `cap` solutions or `nodes` nodes)."""
        from boardlab.families.cnote.search_kernels import enumerate_count

        if self.rows.sum() != self.cols.sum() or min(self.rows.min(), self.cols.min()) < 1:
            self.explored = 1.0
            return 0, 0, True
        allowed, values, sizes = self.table
        d = np.array(digits, dtype=np.int64) - 1
        height, width = d.shape
        least = values[d, 0]
        row_least = np.zeros((height, width + 1), dtype=np.int64)
        row_least[:, :width] = np.cumsum(least[:, ::-1], axis=1)[:, ::-1]
        col_least = np.zeros((width, height + 1), dtype=np.int64)
        col_least[:, :height] = np.cumsum(least.T[:, ::-1], axis=1)[:, ::-1]
        found, spent, complete, share = enumerate_count(
            values[d], sizes[d], allowed[d], self.rows, self.cols, row_least, col_least, cap, nodes
        )
        self.explored = float(share)
        return int(found), int(spent), bool(complete)


def anneal(
    rows: list[int],
    cols: list[int],
    rng: random.Random,
    budget: int,
    cap: int = CAP,
    per_count: int = COUNT_NODES,
    restart: int = RESTART,
    cooling: float = COOLING,
) -> tuple[list[list[int]] | None, int, int]:
    """(a digit grid with exactly one solution or None, nodes spent, the least count reached):
    the annealing of the module docstring within `budget` nodes."""
    counter = Enumerator(rows, cols)
    height, width = len(rows), len(cols)
    spent, least = 0, cap

    def count(grid: list[list[int]], limit: int) -> int:
        nonlocal spent
        found, nodes, complete = counter.count(grid, limit, per_count)
        spent += nodes + 1
        if complete or found >= limit:
            return found
        if found > 0 and counter.explored > 0 and ESTIMATE:
            return min(limit, max(found, round(found / counter.explored)))
        return limit

    while spent < budget:
        grid = [[rng.randint(FRESH_LEAST, 9) for _ in range(width)] for _ in range(height)]
        current = count(grid, cap)
        if current == 0:
            continue
        least = min(least, current)
        temperature, since, best = 1.0, 0, current
        while spent < budget and since < restart:
            if current == 1:
                return grid, spent, 1
            r, c = rng.randrange(height), rng.randrange(width)
            old = grid[r][c]
            grid[r][c] = rng.choice([d for d in range(1, 10) if d != old])
            new = count(grid, min(cap, max(AHEAD_LEAST, AHEAD * current)))
            if new == 0 or (
                new > current and rng.random() >= math.exp((math.log(current) - math.log(new)) / temperature)
            ):
                grid[r][c] = old
            else:
                current = new
            since += 1
            if current < best:
                best, since = current, 0
                least = min(least, best)
            temperature = max(0.05, temperature * cooling)
        if current == 1:
            return grid, spent, 1
    return None, spent, least
