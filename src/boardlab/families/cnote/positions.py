"""Lemma 2: from a line target of about 300 on, no square C-Note puzzle of 4x4 or more is unique;
its general form: neither is any puzzle of a shape and targets `certificate` finds a tens-place set for.

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
with the independent `verify` and count with CP-SAT as a second method.

*General form (thirty-sixth session): any grid, any line targets.* Let the tens-place set C be
any set of cells that, read as edges between their row and their column, connects all H + W
lines and has exactly one cycle (|C| = H + W). Step 1 is unchanged: fix u on one cell of the
cycle (10 ways); C minus that cell is a spanning tree, whose u's follow from the leaves inwards,
the last line agreeing by the equal totals. Step 2: by Gale's theorem the margins m admit a
non-negative integer matrix on the cells outside C iff every margin is >= 0 and every set I of
rows has at most the margin of the columns N(I) its units-place cells reach; when N(I) is every
column this follows from the other rows' margins being >= 0, so only the sets I with some column
j outside N(I) count, and those are the subsets of the rows of column j's cells of C. Ten times
I's condition, written out, loses on both sides the units-place digits of I's rows (all in
columns of N(I)) and the tens-place numbers in rows of I and columns of N(I), leaving

    sum_I R_i - (tens-place numbers of I's rows outside N(I))
        <= sum_N(I) C_j - (tens-place numbers of N(I) outside I) - (units-place digits of N(I) outside I),

which holds whatever the digits when it holds with the numbers on the left at 10 and on the
right at 99, the digits at 9; a margin is >= 0 whatever the digits when the line's target is at
least 99 per tens-place cell plus 9 per other cell. `slack` computes the least of these
differences (Gale's condition on columns is equivalent, and is taken when the columns' cells of
C are the fewer); `certificate` tries the sets of `spanning_sets` (a cycle, a path and leaves)
and `applies` is whether one passes. On squares with equal targets it gives exactly Lemma 2's
`least_target` (the first of the sets is C, the cycle), on 3x3 and on grids of one or two rows
or columns nothing up to 1,000, and on rectangles of sides 3-8 (every row at T) a bound
between 245 (4 columns of 8 rows) and 965 (8 columns of 3 rows), the same at every target above
it up to 1,000 (tested); docs/cnote.md, "Lemma 2, general form". Gale, "A theorem on flows in
networks", Pacific J. Math. 7 (1957).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterator, Mapping
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.instance import column_targets

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
    """Lemma 2 (general form) holds at these line targets: every digit grid of this shape has
    at least 10 solutions. On squares of 4x4 or more with equal targets T this is T >=
    `least_target(n)`; on other shapes and targets `certificate` decides."""
    return certificate(rows, cols) is not None


def spanning_sets(height: int, width: int) -> list[frozenset[tuple[int, int]]]:
    """Candidate tens-place sets C for a grid of `height` rows and `width` columns (general
    form, module docstring): cells forming a connected graph on the lines with exactly one cycle.

    With h <= w lines on the short side (rows here; transposed otherwise): for each k = h, h - 1,
    ..., 2, the cycle (i, i), (i, i + 1 mod k) on the first k rows and columns, a path through the
    other rows (column r joins rows r - 1 and r), and each remaining column a leaf on one row,
    given round robin from the first row, from the last, or to the row with the fewest cells of C
    so far. On an n x n grid the first set is Lemma 2's cycle. Every set holds (0, 0) on its
    cycle. Fewer than 2 lines on a side: no set (no cycle). A new list each call (built once)."""
    return list(_spanning_sets(height, width))


@cache
def _spanning_sets(height: int, width: int) -> tuple[frozenset[tuple[int, int]], ...]:
    short, long_ = min(height, width), max(height, width)
    found: list[frozenset[tuple[int, int]]] = []
    for k in range(short, 1, -1):
        base = [(i, i) for i in range(k)] + [(i, (i + 1) % k) for i in range(k)]
        for r in range(k, short):
            base += [(r - 1, r), (r, r)]
        for order in ("first", "last", "fewest"):
            cells = list(base)
            degree = [sum(1 for i, _ in cells if i == r) for r in range(short)]
            for x, c in enumerate(range(short, long_)):
                if order == "first":
                    r = x % short
                elif order == "last":
                    r = short - 1 - x % short
                else:
                    r = min(range(short), key=lambda q: (degree[q], q))
                cells.append((r, c))
                degree[r] += 1
            if height > width:
                cells = [(c, r) for r, c in cells]
            chosen = frozenset(cells)
            if chosen not in found:
                found.append(chosen)
    return tuple(found)


def slack(
    tens: Collection[tuple[int, int]],
    rows: list[int],
    cols: list[int],
    hundreds: Mapping[tuple[int, int], int] | None = None,
) -> int:
    """Ten times the least slack of the general form's conditions (module docstring) for the
    tens-place set `tens`; non-negative: the lemma holds (10 solutions for every digit grid).
    The margins must be non-negative whatever the digits, and Gale's condition hold on every
    set of rows or on every set of columns (each is a sufficient condition alone; written out
    with the worst digits they differ, so the better of the two counts). `hundreds`: h per cell
    of `tens` (0 where missing), whose number is then 100 h + 10 d + u ("With hundreds")."""
    given = tuple(sorted((hundreds or {}).items()))
    margins, by_rows, by_cols = affine_terms(frozenset(tens), given, len(rows), len(cols))
    least_rows = min((value(term, rows, cols) for term in by_rows), default=10**9)
    least_cols = min((value(term, rows, cols) for term in by_cols), default=10**9)
    return min(min(value(term, rows, cols) for term in margins), max(least_rows, least_cols))


def value(term: Term, rows: list[int], cols: list[int]) -> int:
    """One of `affine_terms`' terms at these line targets."""
    plus_rows, plus_cols, minus_rows, minus_cols, constant = term
    plus = sum(rows[i] for i in plus_rows) + sum(cols[j] for j in plus_cols)
    return constant + plus - sum(rows[i] for i in minus_rows) - sum(cols[j] for j in minus_cols)


#: One of `slack`'s terms as an affine function of the line targets: the rows and the columns
#: whose targets it adds, those it subtracts, and a constant.
Term = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


@lru_cache(maxsize=4096)
def affine_terms(
    cells: frozenset[tuple[int, int]],
    hundreds: tuple[tuple[tuple[int, int], int], ...],
    height: int,
    width: int,
) -> tuple[tuple[Term, ...], tuple[Term, ...], tuple[Term, ...]]:
    """`slack`'s terms for the tens-place set `cells` with `hundreds` ((cell, h) pairs): the
    margins, Gale's condition on the `missing_sets` of rows and on those of columns. Each term of
    `margin_terms` and `gale_terms` is a sum of line targets (a margin: its line's; Gale's: the
    columns N(I) less the rows I) plus numbers that depend on the cells alone, so the constants
    are those functions' terms at zero targets, computed once per set and shape (sixtieth
    session: `applies` at every target up to 1,000 of every shape of sides 1-8, 59.7 -> 13.7 s)."""
    added = dict(hundreds)

    def number(cell: tuple[int, int], top: int) -> int:
        return 100 * added.get(cell, 0) + top if cell in cells else 9

    def turned(cell: tuple[int, int], top: int) -> int:
        return number((cell[1], cell[0]), top)

    no_rows, no_cols = [0] * height, [0] * width
    constants = margin_terms(no_rows, no_cols, number)
    margins: tuple[Term, ...] = tuple(((r,), (), (), (), constants[r]) for r in range(height))
    margins += tuple(((), (c,), (), (), constants[height + c]) for c in range(width))
    by_rows = tuple(
        ((), tuple(reached), chosen, (), constant)
        for (chosen, reached), constant in zip(
            missing_sets(cells, height, width), gale_terms(cells, no_rows, no_cols, number)
        )
    )
    flipped = {(c, r) for r, c in cells}
    by_cols = tuple(
        (tuple(reached), (), (), chosen, constant)
        for (chosen, reached), constant in zip(
            missing_sets(flipped, width, height), gale_terms(flipped, no_cols, no_rows, turned)
        )
    )
    return margins, by_rows, by_cols


def margin_terms(
    rows: list[int], cols: list[int], number: Callable[[tuple[int, int], int], Any]
) -> list[Any]:
    """Ten times each line's margin with its numbers at their largest (`number(cell, 99)`: a
    tens-place number's largest, 9 elsewhere): each must be >= 0. Ints, or CP-SAT expressions
    (`best_hundreds`)."""
    height, width = len(rows), len(cols)
    terms = [rows[r] - sum(number((r, c), 99) for c in range(width)) for r in range(height)]
    return terms + [cols[c] - sum(number((r, c), 99) for r in range(height)) for c in range(width)]


def gale_terms(
    tens: Collection[tuple[int, int]],
    rows: list[int],
    cols: list[int],
    number: Callable[[tuple[int, int], int], Any],
) -> list[Any]:
    """Ten times the slack of Gale's condition on each of the `missing_sets` of rows (the only
    ones that can fail), the numbers on the left at their least and on the right at their
    largest (`number(cell, 10)`, `number(cell, 99)`: a tens-place cell's; 9 for a units-place
    digit on the right; module docstring). Ints, or CP-SAT expressions (`best_hundreds`)."""
    height, width = len(rows), len(cols)
    terms = []
    for chosen, reached in missing_sets(tens, height, width):
        inside = set(chosen)
        missed = [(i, j) for i in chosen for j in range(width) if j not in reached]
        other = [(r, j) for j in reached for r in range(height) if r not in inside]
        left = sum(rows[i] for i in chosen) - sum(number(x, 10) for x in missed)
        right = sum(cols[j] for j in reached) - sum(number(x, 99) for x in other)
        terms.append(right - left)
    return terms


def missing_sets(
    cells: Collection[tuple[int, int]], height: int, width: int
) -> list[tuple[tuple[int, ...], list[int]]]:
    """The sets I of rows whose units-place cells miss some column, each with the columns N(I)
    they reach: the non-empty subsets of one column's rows in `cells` (module docstring)."""
    tens = set(cells)
    chosen: set[tuple[int, ...]] = set()
    for c in range(width):
        members = [r for r in range(height) if (r, c) in tens]
        for size in range(1, len(members) + 1):
            chosen.update(combinations(members, size))
    return [
        (group, sorted({j for i in group for j in range(width) if (i, j) not in tens}))
        for group in sorted(chosen)
    ]


def side_slack(cells: Collection[tuple[int, int]], rows: list[int], cols: list[int]) -> int:
    """Ten times the least slack of Gale's condition on the sets I of rows, written out with the
    worst digits (module docstring; `gale_terms` without hundreds); only the `missing_sets` can
    fail. No such set: a large number."""
    _, by_rows, _ = affine_terms(frozenset(cells), (), len(rows), len(cols))
    return min((value(term, rows, cols) for term in by_rows), default=10**9)


def certificate(rows: list[int], cols: list[int]) -> frozenset[tuple[int, int]] | None:
    """The first of `spanning_sets` for which the general form holds at these line targets (then
    every digit grid has at least 10 solutions), or None."""
    if len(rows) < 2 or len(cols) < 2 or sum(rows) != sum(cols):
        return None
    for tens in spanning_sets(len(rows), len(cols)):
        if slack(tens, rows, cols) >= 0:
            return tens
    return None


#: (columns, rows) -> [(lo, hi, k, ((row, column, h), ...))]: "With hundreds" (module docstring):
#: the k-th set of `spanning_sets(rows, columns)` with h hundreds on the cells listed (0 on its
#: other cells) has `slack` >= 0 at every target T in [lo, hi] (every row at T, the columns
#: `column_targets`), so no unique puzzle exists there. Found by `hundreds_ranges` (CP-SAT picks
#: the h, forty-second session); `hundreds_certificate` checks them by `slack` itself, at any
#: targets, so the table only says where to look.
HUNDREDS: dict[tuple[int, int], list[tuple[int, int, int, tuple[tuple[int, int, int], ...]]]] = {
    (3, 5): [
        (578, 648, 2, ((0, 1, 3), (1, 0, 1), (1, 1, 2))),
        (649, 1000, 0, ((1, 0, 2), (2, 1, 1))),
    ],
    (5, 3): [(964, 1000, 2, ((0, 1, 1), (1, 0, 3), (1, 1, 2)))],
    (7, 3): [(959, 1000, 0, ((0, 1, 1),))],
    (8, 3): [(902, 1000, 3, ((1, 0, 1), (1, 1, 1), (2, 2, 1)))],
}


def hundreds_certificate(
    rows: list[int], cols: list[int]
) -> tuple[frozenset[tuple[int, int]], dict[tuple[int, int], int]] | None:
    """The first certificate of `HUNDREDS` for this shape (a tens-place set of `spanning_sets` and
    the hundreds on its cells) under which the general form holds at these line targets (`slack`
    with the hundreds >= 0: every digit grid has at least 10 solutions), or None."""
    height, width = len(rows), len(cols)
    if len(rows) < 2 or len(cols) < 2 or sum(rows) != sum(cols) or (width, height) not in HUNDREDS:
        return None
    sets = spanning_sets(height, width)
    for _, _, k, given in HUNDREDS[width, height]:
        hundreds = {(r, c): h for r, c, h in given}
        if slack(sets[k], rows, cols, hundreds) >= 0:
            return sets[k], hundreds
    return None


def best_hundreds(
    tens: Collection[tuple[int, int]], rows: list[int], cols: list[int], most: int = 9
) -> tuple[int, dict[tuple[int, int], int]]:
    """The hundreds h (0..`most` per cell of `tens`) that make `slack` largest, by CP-SAT (one
    worker; `slack`'s terms, `margin_terms` and `gale_terms`, are linear in h: Gale's condition
    on rows and on columns asked apart), and that slack as `slack` computes it: the search for
    `HUNDREDS`, whose entries `slack` alone checks."""
    from ortools.sat.python import cp_model

    cells = set(tens)
    best: tuple[int, dict[tuple[int, int], int]] | None = None
    for side in ("rows", "columns"):
        model = cp_model.CpModel()
        h = {cell: model.new_int_var(0, most, "") for cell in sorted(cells)}
        least = model.new_int_var(-(10**7), 10**7, "least")

        def number(cell: tuple[int, int], top: int, h: dict[tuple[int, int], Any] = h) -> Any:
            return 100 * h[cell] + top if cell in cells else 9

        def turned(cell: tuple[int, int], top: int, number: Callable[..., Any] = number) -> Any:
            return number((cell[1], cell[0]), top)

        terms = margin_terms(rows, cols, number)
        if side == "rows":
            terms += gale_terms(cells, rows, cols, number)
        else:
            terms += gale_terms({(c, r) for r, c in cells}, cols, rows, turned)
        for term in terms:
            model.add(least <= term)
        model.maximize(least)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = 30.0
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            continue
        chosen = {cell: int(solver.value(v)) for cell, v in h.items() if solver.value(v)}
        value = slack(cells, rows, cols, chosen)
        if best is None or value > best[0]:
            best = (value, chosen)
    assert best is not None  # h = 0 is always a solution of both models
    return best


def hundreds_ranges(
    width: int, height: int, top: int = 1000
) -> list[tuple[int, int, int, tuple[tuple[int, int, int], ...]]]:
    """`HUNDREDS`' entries for a shape: the least target T0 <= `top` from which some set of
    `spanning_sets` has hundreds (`best_hundreds`) with `slack` >= 0 at each target up to `top`,
    then [T0, top] covered from below, each range the one set and hundreds best at its lowest
    target, stretched up while `slack` stays >= 0. Empty when nothing holds at `top`."""
    sets = spanning_sets(height, width)

    def pick(target: int) -> tuple[int, dict[tuple[int, int], int]] | None:
        rows, cols = [target] * height, column_targets(target, height, width)
        for k, tens in enumerate(sets):
            value, chosen = best_hundreds(tens, rows, cols)
            if value >= 0:
                return k, chosen
        return None

    low = top + 1
    while low - 1 >= max(width, height) and pick(low - 1) is not None:
        low -= 1
    found = []
    start = low
    while start <= top:
        picked = pick(start)
        assert picked is not None
        k, chosen = picked
        end = start
        while (
            end < top
            and slack(sets[k], [end + 1] * height, column_targets(end + 1, height, width), chosen) >= 0
        ):
            end += 1
        found.append((start, end, k, tuple((r, c, h) for (r, c), h in sorted(chosen.items()))))
        start = end + 1
    return found


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


def family_grids(
    digits: Grid, rows: list[int], cols: list[int], tens: Collection[tuple[int, int]], free: tuple[int, int]
) -> Iterator[Grid]:
    """Step 1 (module docstring) for any tens-place set `tens` with one cycle, for the units digit
    u at `free` (a cell of the cycle) = 0, 1, ..., 9 in turn: the grid with `10 d + u` on `tens`,
    the other units fixed by the line targets modulo 10 (peeling the spanning tree `tens` minus
    `free` from its leaves), and each other cell's digit d itself (its tens to come).

    Raises ValueError when `tens` minus `free` is not a spanning tree of the lines."""
    height, width = len(rows), len(cols)
    cells = set(tens)
    tree = sorted(cells - {free})
    lines = height + width
    if free not in cells or len(tree) != lines - 1:
        raise ValueError("the tens-place cells must connect all lines with exactly one cycle through `free`")
    residue = [
        (rows[r] - sum(digits[r][c] for c in range(width) if (r, c) not in cells)) % 10 for r in range(height)
    ]
    residue += [
        (cols[c] - sum(digits[r][c] for r in range(height) if (r, c) not in cells)) % 10 for c in range(width)
    ]
    for first in range(10):
        left = residue[:]
        left[free[0]] -= first
        left[height + free[1]] -= first
        u = {free: first}
        edges: dict[int, set[tuple[int, int]]] = {v: set() for v in range(lines)}
        for r, c in tree:
            edges[r].add((r, c))
            edges[height + c].add((r, c))
        leaves = [v for v in range(lines) if len(edges[v]) == 1]
        while leaves:
            v = leaves.pop()
            if len(edges[v]) != 1:
                continue
            (cell,) = edges[v]
            u[cell] = left[v] % 10
            for end in (cell[0], height + cell[1]):
                left[end] -= u[cell]
                edges[end].discard(cell)
                if len(edges[end]) == 1:
                    leaves.append(end)
        if len(u) != len(cells):
            raise ValueError(
                "the tens-place cells must connect all lines with exactly one cycle through `free`"
            )
        assert all(x % 10 == 0 for x in left)  # the totals agree (step 1)
        yield [
            [10 * digits[r][c] + u[r, c] if (r, c) in cells else digits[r][c] for c in range(width)]
            for r in range(height)
        ]


def cycle_families(digits: Grid, rows: list[int], cols: list[int]) -> Iterator[Grid]:
    """Step 1 on an n x n grid with Lemma 2's cycle C, for the units digit u at (0, 0) = 0, 1,
    ..., 9 in turn. Lemma 5 (`hundreds`) starts from the same 10 grids."""
    yield from family_grids(digits, rows, cols, tens_cells(len(digits)), (0, 0))


def ten_solutions(
    digits: Grid,
    rows: list[int],
    cols: list[int],
    tens: Collection[tuple[int, int]] | None = None,
    hundreds: Mapping[tuple[int, int], int] | None = None,
) -> list[Grid]:
    """The solutions of step 1 and 2 (module docstring), one per choice of the units digit at
    (0, 0) that leaves a feasible transportation problem: all 10 when `applies` (with `tens` its
    `certificate`), or with `tens` and `hundreds` a `hundreds_certificate` (each cell of `tens`
    holding 100 h more, "With hundreds"). `tens` defaults to Lemma 2's cycle on a square grid.

    Raises ValueError when `tens` is not given and the grid is not square of 4x4 or more, when
    `tens` does not connect the lines with one cycle through (0, 0), or a digit is not 1-9."""
    height, width = len(rows), len(cols)
    if len(digits) != height or any(len(row) != width for row in digits):
        raise ValueError("the digit grid and the line targets disagree in shape")
    if tens is None:
        if height < 4 or width != height:
            raise ValueError("Lemma 2 is about square grids of 4x4 or more")
        tens = tens_cells(height)
    if any(not 1 <= d <= 9 for row in digits for d in row):
        raise ValueError("Lemma 2 is about digits 1-9")
    units = [[(r, c) not in tens for c in range(width)] for r in range(height)]
    found = []
    for grid in family_grids(digits, rows, cols, tens, (0, 0)):
        solution = complete(lifted(grid, hundreds or {}), rows, cols, units)
        if solution is not None:
            found.append(solution)
    return found


def lifted(grid: Grid, hundreds: Mapping[tuple[int, int], int]) -> Grid:
    """`grid` with 100 h more on each cell that `hundreds` gives h (a family's grid raised on C,
    "With hundreds"; `spanning.solutions` adds its repairs the same way)."""
    return [[x + 100 * hundreds.get((r, c), 0) for c, x in enumerate(row)] for r, row in enumerate(grid)]


def complete(grid: Grid, rows: list[int], cols: list[int], units: list[list[bool]]) -> Grid | None:
    """Step 2 (module docstring) on a family's grid: each line's rest shared out in tens on its
    `units` cells (augmenting paths), or None when a rest is negative or the sharing infeasible."""
    height, width = len(rows), len(cols)
    supply = [rows[r] - sum(grid[r]) for r in range(height)]
    demand = [cols[c] - sum(grid[r][c] for r in range(height)) for c in range(width)]
    if min(supply + demand) < 0:
        return None
    assert all(s % 10 == 0 for s in supply + demand)
    extra = _transport([s // 10 for s in supply], [d // 10 for d in demand], units)
    if extra is None:
        return None
    return [[grid[r][c] + 10 * extra[r][c] for c in range(width)] for r in range(height)]


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.positions --hundreds W H [TOP]`: `hundreds_ranges` of W
    columns and H rows below TOP (1,000), one line each, as `HUNDREDS` holds them. Bad
    arguments: one line, exit 2."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    try:
        if args[:1] != ["--hundreds"] or len(args) not in (3, 4):
            raise ValueError
        width, height, *rest = (int(a) for a in args[1:])
        top = rest[0] if rest else 1000
        if min(width, height) < 2 or top < max(width, height):
            raise ValueError
    except ValueError:
        print(
            "usage: python -m boardlab.families.cnote.positions --hundreds W H [TOP] (sides of 2 or more, "
            f"TOP at least the longer side), got {' '.join(args) or 'nothing'}",
            file=sys.stderr,
        )
        return 2
    found = hundreds_ranges(width, height, top)
    for entry in found:
        print(f"    {entry},", flush=True)
    if not found:
        print(f"{width}x{height}: no hundreds hold at {top}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    run_as_program(main)
