"""Lemma 2: from a line target of about 300 on, no square C-Note puzzle of 4x4 or more is unique.

Every cell's digit d may stand in the units place of its number (`10a + d`, any a >= 0) or in
the tens place of a two-digit one (`10d + u`, any u in 0..9); both contain d. On an n x n grid
(n >= 4) put the tens place on the 2n cells C = {(i, i), (i, i+1 mod n)}, which form one cycle
through all rows and columns, and the units place everywhere else:

1. *Units digits.* A line's sum modulo 10 is fixed by its units-place digits and its
   tens-place u's; the u's on C must therefore have given sums modulo 10 along every row and
   column. On a connected bipartite graph such edge values exist exactly when the row
   residues and the column residues have the same total, which holds (both are the grand
   total minus the units-place digits); on a cycle they form one family of 10 (choose u at
   (0, 0), the rest follow around the cycle). Each gives u's in 0..9.
2. *Tens.* The rest of each line, (target - tens-place numbers - units-place digits) / 10,
   must be shared out as the a's of its units-place cells: a transportation problem on the
   cells outside C with these margins, which has a non-negative integer solution exactly
   when every set I of rows has no more margin than the columns it reaches (Gale 1957). A
   row reaches n - 2 columns, two rows i - 1, i reach n - 1, three or more rows reach all.
   Writing the numbers out (a row's own units digits appear on both sides and cancel; a
   tens-place number is 10 to 99, a units digit at most 9), both conditions hold for every
   digit grid when, with Lo the least and Hi the largest line target,

       (n - 2) Lo - Hi >= K  and  (n - 1) Lo - 2 Hi >= K,  K = 198 (n - 2) + 9 (n - 2)(n - 3) - 20,

   that is, for equal targets T: (n - 3) T >= K, T >= 394 on 4x4, 314 on 5x5, 294 on 6x6,
   288 on 7x7 and 8x8, 291 on 9x9, 296 on 10x10.

Then each of the 10 unit-digit families has a solution, and they differ on C: every digit grid
(digits 1-9) has at least 10 solutions or, put otherwise, no unique puzzle exists at these
targets, whatever the digits (docs/cnote.md, "Large targets", Lemma 2). `ten_solutions`
builds the 10 solutions of a given grid (a small max-flow for step 2); the tests check them
with the independent `verify` and count with CP-SAT as a second method. Gale, "A theorem on
flows in networks", Pacific J. Math. 7 (1957).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

Grid = list[list[int]]


def tens_cells(n: int) -> set[tuple[int, int]]:
    """The cells whose digit stands in the tens place: the cycle (i, i), (i, i+1 mod n)."""
    return {(i, i) for i in range(n)} | {(i, (i + 1) % n) for i in range(n)}


def bound(n: int) -> int:
    """K of the module docstring: the right-hand side of both conditions on an n x n grid."""
    return 198 * (n - 2) + 9 * (n - 2) * (n - 3) - 20


def least_target(n: int) -> int | None:
    """The least equal line target from which Lemma 2 applies to n x n grids (None: n < 4)."""
    if n < 4:
        return None
    return -(-bound(n) // (n - 3))


def applies(rows: list[int], cols: list[int]) -> bool:
    """Lemma 2's conditions: a square grid of 4x4 or more whose line targets are large enough
    (then every digit grid has at least 10 solutions)."""
    n = len(rows)
    if n < 4 or len(cols) != n or sum(rows) != sum(cols):
        return False
    lo, hi = min(rows + cols), max(rows + cols)
    return (n - 2) * lo - hi >= bound(n) and (n - 1) * lo - 2 * hi >= bound(n)


def _transport(supply: list[int], demand: list[int], allowed: list[list[bool]]) -> Grid | None:
    """A non-negative integer matrix with these row and column sums on the allowed cells, or
    None (augmenting paths on source -> rows -> columns -> sink; Ford and Fulkerson)."""
    height, width = len(supply), len(demand)
    flow = [[0] * width for _ in range(height)]
    row_left, col_left = supply[:], demand[:]
    while True:
        # breadth-first search over rows (forward into allowed columns, back along used cells)
        parent: dict[tuple[str, int], tuple[str, int] | None] = {}
        queue: deque[tuple[str, int]] = deque()
        for r in range(height):
            if row_left[r] > 0:
                parent["r", r] = None
                queue.append(("r", r))
        end = None
        while queue and end is None:
            kind, k = queue.popleft()
            if kind == "r":
                for c in range(width):
                    if allowed[k][c] and ("c", c) not in parent:
                        parent["c", c] = (kind, k)
                        if col_left[c] > 0:
                            end = c
                            break
                        queue.append(("c", c))
            else:
                for r in range(height):
                    if flow[r][k] > 0 and ("r", r) not in parent:
                        parent["r", r] = (kind, k)
                        queue.append(("r", r))
        if end is None:
            return flow if not any(row_left) else None
        path = []
        node: tuple[str, int] | None = ("c", end)
        while node is not None:
            path.append(node)
            node = parent[node]
        path.reverse()  # row, col, row, col, ..., col
        amount = min(row_left[path[0][1]], col_left[end])
        for i in range(2, len(path), 2):  # a back edge (row <- col) can give back its flow
            amount = min(amount, flow[path[i][1]][path[i - 1][1]])
        for i in range(0, len(path) - 1):
            (kind, a), (_, b) = path[i], path[i + 1]
            if kind == "r":
                flow[a][b] += amount
            else:
                flow[b][a] -= amount
        row_left[path[0][1]] -= amount
        col_left[end] -= amount


def unit_cells(n: int) -> list[list[bool]]:
    """Per cell, whether it is outside the cycle C (its digit in the units place)."""
    tens = tens_cells(n)
    return [[(r, c) not in tens for c in range(n)] for r in range(n)]


def cycle_families(digits: Grid, rows: list[int], cols: list[int]) -> Iterator[Grid]:
    """Step 1 (module docstring), for the units digit u at (0, 0) = 0, 1, ..., 9 in turn: the
    grid with `10 d + u` on the cycle C, the units around the cycle fixed by the line targets
    modulo 10, and each other cell's digit d itself (its tens to come). Lemma 5 (`hundreds`)
    starts from the same 10 grids."""
    n = len(digits)
    tens, units = tens_cells(n), unit_cells(n)
    row_res = [(rows[r] - sum(digits[r][c] for c in range(n) if units[r][c])) % 10 for r in range(n)]
    col_res = [(cols[c] - sum(digits[r][c] for r in range(n) if units[r][c])) % 10 for c in range(n)]
    for first in range(10):
        # around the cycle: (0,0) -row 0-> (0,1) -column 1-> (1,1) -row 1-> (1,2) -> ... (n-1,0)
        u = {(0, 0): first}
        for i in range(n):
            u[i, (i + 1) % n] = (row_res[i] - u[i, i]) % 10
            if i + 1 < n:
                u[i + 1, i + 1] = (col_res[i + 1] - u[i, i + 1]) % 10
        assert (u[n - 1, 0] + u[0, 0]) % 10 == col_res[0]  # the totals agree (step 1)
        yield [
            [10 * digits[r][c] + u[r, c] if (r, c) in tens else digits[r][c] for c in range(n)]
            for r in range(n)
        ]


def ten_solutions(digits: Grid, rows: list[int], cols: list[int]) -> list[Grid]:
    """The solutions of step 1 and 2 (module docstring), one per choice of the units digit at
    (0, 0) that leaves a feasible transportation problem: all 10 when `applies`.

    Raises ValueError when the grid is not square of 4x4 or more, or a digit is not 1-9."""
    n = len(digits)
    if n < 4 or any(len(row) != n for row in digits) or len(rows) != n or len(cols) != n:
        raise ValueError("Lemma 2 is about square grids of 4x4 or more")
    if any(not 1 <= d <= 9 for row in digits for d in row):
        raise ValueError("Lemma 2 is about digits 1-9")
    units = unit_cells(n)
    found = []
    for grid in cycle_families(digits, rows, cols):
        supply = [rows[r] - sum(grid[r]) for r in range(n)]
        demand = [cols[c] - sum(grid[r][c] for r in range(n)) for c in range(n)]
        if min(supply + demand) < 0:
            continue
        assert all(s % 10 == 0 for s in supply + demand)
        extra = _transport([s // 10 for s in supply], [d // 10 for d in demand], units)
        if extra is None:
            continue
        found.append([[grid[r][c] + 10 * extra[r][c] for c in range(n)] for r in range(n)])
    return found
