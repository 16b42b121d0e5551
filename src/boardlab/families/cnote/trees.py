"""Lemma 14: spanning trees in the tens place, each with one family; two solutions from two
working repairs of one tree, from room for two transports, or from two trees; no unique puzzle
on the shapes and targets of `CERTIFIED` (docs/cnote.md, "Proofs", "Lemma 14").

Lemma 2's general form (`positions`, `spanning`) puts the digits of a tens-place set C in the
tens place, `100 h + 10 d + u`, and the others in the units place, `10 a + d`. When C is a
*spanning tree* of the lines' graph (rows and columns the vertices, C's cells the edges: H + W -
1 cells connecting every line, no cycle), the units digits u are fixed by the lines' sums
modulo 10: peel a leaf line, whose one cell of C takes the u its sum asks, and go on; the last
cell's two lines agree, as rows and columns hold the same total. So C has exactly one family
(Lemma 9's ten families need C's cycle). A *repair* h (none, 1 or 2 hundreds on one cell of C,
1 on two: `hundreds.repairs`) *works* when the margins it leaves (each line's rest over 10, less
10 per hundred on it) admit a transport a on the cells outside C (Gale's condition, `spanning`);
the family is *repaired* when some repair works, and each working repair gives a solution. A
*forest* (a tree with cells taken away: no cycle, not every line met) has one family where each
of its components *balances* (its rows' targets less their digits outside the forest, summed, equal
its columns' so summed, modulo 10: the last line peeled then meets its target) and none elsewhere;
S may hold forests too (fifty-second session: `spanning.family_exists`).

*The lemma.* A grid has two solutions if, for a set S of spanning trees, (a) two repairs work at
a tree of S (the solutions differ in a hundreds digit on C: Lemma 10's part (d)), or (b) a
repair works with *room* at a tree of S: the margins it leaves, lowered by 1 more on rows i, k
and columns j, m of a 4-cycle of cells outside C, still admit a transport (Lemma 10's part (b):
two transports, with tens on (i, j) and (k, m) or on (i, m) and (k, j)), or (c) two trees of S
are repaired and their solutions differ in the units digit of some cell (u on the tree's cells,
the digit elsewhere, whatever the repair: Lemma 10's part (c)), or (e) a tree of S is repaired
and its solution has different units digits on two rows, or two columns, that have the same digits
and the same target (the two lines swapped give a second solution: `swapped`). *The certificate*
(`certify`) asks CP-SAT for a digit grid (digits 1-9) and a target T in [lo, hi] (rows at T, columns
`column_targets`) served in none of these ways (`spanning.add_window` with no window, `single`,
the 4-cycles and `outside` at each tree; units digits equal at every cell for every two
repaired trees, and on every two lines of equal digits and targets: `spanning.equal_lines_agree`);
solved whole for `WHOLE_FIRST` seconds, then in nine cubes, the first digit fixed to each of
1-9 (`cubes`, fifty-sixth session).
*Symmetry* (`doubly_ordered`): the rows are in lexicographic order, and so
are the columns of each run of equal targets; permuting the rows (all at T) or columns of one
target maps a grid's solutions one to one onto its image's, and sorting rows and such columns
in turn ends at an image so ordered (each sort lowers the grid read row by row: Flener et al.,
"Breaking row and column symmetries in matrix models", CP 2002). *Part (d)*: a grid CP-SAT's
own enumeration counts with two solutions or none (`two_counted`) is excluded at its target
(`search` counts such a grid's first-row `siblings` with it: fifty-third session); on grids three
cells wide or high, the whole class of grids agreeing with it outside two lines (`freed`), where
`twolines` counts none of its 531,441 grids once (fifty-fourth session; cells 0 in `counted`).
Infeasible: no digit grid has exactly one solution on [lo, hi] (each has two or more, or none
where counted).
`search` grows S against the grids left over, as Lemma 10's `placements.search` grows its
placements.

Where it reaches: 4 columns of 3 rows and 3 columns of 4 rows, whose 7 lines Lemma 9's cycle
cannot serve (too few cells outside a spanning set with a cycle), from 1,000 down; and below
Lemma 9's general form on other shapes, where single targets certify in seconds. The infeasibility is taken as
CP-SAT reports it (no proof log checked, as for Lemmas 5, 9 and 10); the constructive side is
`solutions` (augmenting paths, not Gale's condition), which the tests pass through the
independent `verify`. Gale, "A theorem on flows in networks", Pacific J. Math. 7 (1957).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import combinations, combinations_with_replacement, groupby, islice, product
from math import comb, prod
from typing import Any, Literal, NamedTuple

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.hundreds import decide, repairs, run_certificate, verdict
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.positions import complete, lifted
from boardlab.families.cnote.spanning import (
    Line,
    add_window,
    construction,
    equal_lines_agree,
    family_exists,
    forest,
    line_root,
    range_model,
    spanning_tree,
    units_agree,
)
from boardlab.families.cnote.trees_certified import RANGES, TREES
from boardlab.families.cnote.twolines import lines_are_rows, unique_grids

Grid = list[list[int]]
Cell = tuple[int, int]
Tree = frozenset[Cell]

#: grids counted, as `CERTIFIED` holds them: (target, rows)
Counted = tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]

#: Where room (part (b)) is asked: `ALL` (every 4-cycle outside every tree), or the 4-cycles
#: chosen, each as (the tree's index in the range's trees, rows i < k, columns j < m).
Room = tuple[int, int, int, int, int]
Rooms = Literal["all"] | tuple[Room, ...]
ALL: Literal["all"] = "all"

#: A range of `CERTIFIED`: (lo, hi, trees, counted, room)
Range = tuple[int, int, tuple[tuple[int, ...], ...], Counted, Rooms]


def grid_written(target: int, rows: Sequence[Sequence[int]]) -> str:
    """A grid counted as `trees_certified` writes it: the target, then each row's digits, spaced,
    a free cell (0: `free_lines`) as `*` ("197 665 999 999": 665 over two rows of nines at 197;
    "187 *** *** 999": every grid over a row of nines at 187; fifty-fourth session)."""
    return " ".join([str(target), *("".join(str(x) if x else "*" for x in row) for row in rows)])


def grid_read(text: str) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The (target, rows) of `grid_written`'s text."""
    target, *rows = text.split()
    return int(target), tuple(tuple(0 if x == "*" else int(x) for x in row) for row in rows)


#: (columns, rows) -> [(lo, hi, trees, counted, room)]: for every T in [lo, hi] (rows at T,
#: columns `column_targets`) `certify` on the trees (each the indices r * columns + c of its
#: cells), the grids counted (target, rows: part (d)) and room where `room` asks it is
#: infeasible: no unique puzzle there. Forty-sixth session (`search`, the lead's drives:
#: `/work/notes/s67/lead/drive.py` and `multi.py`; room at every tree on grids of at most 16
#: cells), each run again by the command in a fresh process; forty-seventh session (room at the
#: 4-cycles chosen); since the fifty-sixth session the drives, their assembly into
#: `trees_certified` and the rerun are `drive.py`. The CPU of each in docs/cnote.md, "Lemma 14".
#: Read from `trees_certified`, where `written` holds each shape's trees once and the ranges name
#: them by number (fifty-first session), and each grid counted as `grid_written`'s text
#: (fifty-fourth).
CERTIFIED: dict[tuple[int, int], list[Range]] = {
    shape: [
        (lo, hi, tuple(TREES[shape][i] for i in picks), tuple(map(grid_read, counted)), room)
        for lo, hi, picks, counted, room in ranges
    ]
    for shape, ranges in RANGES.items()
}


def encoded(tree: Collection[Cell], width: int) -> tuple[int, ...]:
    """A tree as `CERTIFIED` holds it: its cells' indices r * width + c, in order."""
    return tuple(sorted(r * width + c for r, c in tree))


def _laid(value: object, indent: int) -> list[str]:
    """One item of `written`'s lists: on one line where it fits in the project's 110 columns, else
    a tuple's items one a line, or as many a line as fit where no item holds a tuple (trees' numbers,
    grids counted, 4-cycles of room); an item too long for a line of its own is laid out in turn
    (a range's many grids counted: 4x3 at 312-313 counted 21, fifty-eighth session)."""
    pad, inner = " " * indent, " " * (indent + 4)
    flat = repr(value).replace("'", '"')
    if not isinstance(value, tuple) or len(f"{pad}{flat},") <= 110:
        return [f"{pad}{flat},"]
    if any(isinstance(item, tuple) and any(isinstance(x, tuple) for x in item) for item in value):
        return [f"{pad}(", *(line for item in value for line in _laid(item, indent + 4)), f"{pad}),"]
    lines = [inner]
    for item in value:
        piece = repr(item).replace("'", '"') + ","
        if len(inner + piece) > 110:  # laid out in turn; the blank lines it leaves are dropped below
            lines += [*_laid(item, indent + 4), inner]
            continue
        if lines[-1].strip() and len(lines[-1]) + 1 + len(piece) > 110:
            lines.append(inner)
        lines[-1] += (" " if lines[-1].strip() else "") + piece
    return [f"{pad}(", *(line for line in lines if line.strip()), f"{pad}),"]


def written(certified: Mapping[tuple[int, int], Sequence[Range]]) -> str:
    """The source of `trees_certified` holding these ranges (as `CERTIFIED` holds them): each
    shape's trees once, numbered in the order its ranges first name them, and the ranges naming
    them by number. `CERTIFIED` is read back from it; the drives' assembly writes it."""
    trees, ranges = [], []
    for (width, height), held in certified.items():
        numbers: dict[tuple[int, ...], int] = {}
        rows = [
            (
                lo,
                hi,
                tuple(numbers.setdefault(t, len(numbers)) for t in named),
                tuple(grid_written(target, grid) for target, grid in counted),
                room,
            )
            for lo, hi, named, counted, room in held
        ]
        trees += [f"    ({width}, {height}): (", *(f"        {t!r}," for t in numbers), "    ),"]
        ranges += [f"    ({width}, {height}): [", *(line for row in rows for line in _laid(row, 8)), "    ],"]
    return "\n".join([_WRITTEN_HEAD, *trees, "}", "", _WRITTEN_RANGES, *ranges, "}", "# fmt: on", ""])


_WRITTEN_HEAD = '''"""Lemma 14's certified ranges, `trees.CERTIFIED`, as `trees.written` writes them: each shape's
trees once (the indices r * columns + c of their cells), the ranges naming them by number. The
drives' assembly writes this file; it is not edited by hand (docs/cnote.md, "Lemma 14")."""

from __future__ import annotations

from typing import Literal

# fmt: off
#: (columns, rows) -> the trees its ranges name, numbered in the order they first name them
TREES: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {'''

_WRITTEN_RANGES = """#: (columns, rows) -> [(lo, hi, the numbers of its trees in `TREES`, counted, room)]; counted as
#: `trees.grid_written` writes each grid ("target row row ..."), room as `trees.Rooms` spelt out
#: (this module imports nothing of boardlab)
RANGES: dict[tuple[int, int], list[tuple[
    int, int, tuple[int, ...],
    tuple[str, ...],
    Literal["all"] | tuple[tuple[int, int, int, int, int], ...],
]]] = {"""


def decoded(indices: Iterable[int], width: int) -> Tree:
    """The tree of `encoded`'s indices."""
    return frozenset(divmod(i, width) for i in indices)


def all_trees(width: int, height: int) -> list[Tree]:
    """Every spanning tree of the lines' graph (width^(height - 1) height^(width - 1) of them,
    Scoins' formula for the complete bipartite graph, 1962), in the order of `combinations` over the
    cells; for small shapes (the cells choose H + W - 1 at most 200,000 ways)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    return [
        frozenset(pick)
        for pick in combinations(cells, height + width - 1)
        if spanning_tree(pick, height, width)
    ]


#: Seconds of one solve (a cube) in `certify` and `search` unless the caller gives others.
TIME_LIMIT = 600.0

#: `certify` solves the whole model within this many seconds of wall first, then `cubes`.
WHOLE_FIRST = 10.0

#: CP-SAT's parameters for the certificate besides `decide`'s one worker: no linear relaxation
#: (`linearization_level` 0; CP-SAT's default is 1, its linear relaxation of the constraints
#: that have one). The certificate is sums of digits mod 10 and reified equalities, whose LP
#: relaxation is weak; off, each search node is cheaper. Measured in the sixty-sixth session
#: (docs/cnote.md, "Lemma 14", "CP-SAT's parameters"): the shipped certificates of 4x4 at 246,
#: 3x4 at 220, 8x3 at 508 and 5x5 at 243 took 5.3, 18.8, 5.0 and 1.2 times less CPU than with
#: the default. Not the better level everywhere: on shipped ranges of 4x5, 5x4, 7x4, 8x5 and 6x3
#: level 1 took up to 16 times less CPU, on others of 5x4, 6x4 and 6x5 up to 5.8 times more
#: (seventy-seventh session, the same place); kept for the drives' shapes but 6x6
#: (`SHAPE_SOLVER`). The parameters change the time a proof takes, never what it proves
#: (infeasible is infeasible however CP-SAT searches).
SOLVER: dict[str, Any] = {"linearization_level": 0}

#: The shapes whose certificates are solved with other parameters than `SOLVER` (`parameters`):
#: 6x6 with CP-SAT's default level 1. Measured in the seventy-eighth session on shipped 6x6
#: certificates, one worker (docs/cnote.md, "CP-SAT's parameters"): at 244 level 1 took 252.7 s of
#: CPU, level 0 more than 650 s; at 245 level 1 7.1 s, level 0 more than 378 s; at 243, certified
#: under level 0 (its rerun 2,407.7 s), level 1 930.6 s. On the other drives' shapes level 0
#: stays (7x3 at 443 the same session: 233.1 s, level 1 more than 650 s).
SHAPE_SOLVER: dict[tuple[int, int], dict[str, Any]] = {(6, 6): {"linearization_level": 1}}


def parameters(width: int, height: int) -> dict[str, Any]:
    """CP-SAT's parameters for a certificate of `width` columns and `height` rows: those
    `SHAPE_SOLVER` names for the shape, else `SOLVER`."""
    return SHAPE_SOLVER.get((width, height), SOLVER)


#: `certify` asks room (part (b)) on grids of at most this many cells by default.
ROOM_CELLS = 16

#: `search` counts a counted grid's first-row siblings (`siblings`) when there are at most this many.
SIBLINGS = 2_000

#: `default_pool` lists every spanning tree up to this many, else draws `POOL_DRAWN`.
POOL_ALL = 5000
POOL_DRAWN = 200


def default_pool(width: int, height: int) -> list[Tree]:
    """The trees `search` picks from: every spanning tree when there are at most `POOL_ALL`
    (4x3 and 3x4: 432; 5x3: 2,025), else `POOL_DRAWN` random ones (seeded by the shape)."""
    if width ** (height - 1) * height ** (width - 1) <= POOL_ALL:
        return all_trees(width, height)
    rng = random.Random(f"{width}x{height}")
    return sorted({random_tree(width, height, rng) for _ in range(POOL_DRAWN)}, key=lambda t: sorted(t))


def random_tree(width: int, height: int, rng: random.Random) -> Tree:
    """A random spanning tree of the lines' graph (Kruskal's algorithm on the cells shuffled)."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    rng.shuffle(cells)
    parent = list(range(height + width))  # a union-find forest on the lines
    chosen = []
    for r, c in cells:
        a, b = line_root(parent, r), line_root(parent, height + c)
        if a != b:
            parent[a] = b
            chosen.append((r, c))
    return frozenset(chosen)


def family(digits: Grid, rows: list[int], cols: list[int], tree: Collection[Cell]) -> Grid | None:
    """The tree's (or forest's) one family as a grid: `10 d + u` on its cells (u by peeling the
    leaf lines, module docstring), d elsewhere; None on a forest whose family does not exist
    (some line's sum then misses its target modulo 10: `spanning.family_exists`)."""
    height, width = len(rows), len(cols)
    if not forest(tree, height, width):
        raise ValueError("the tens-place cells must hold no cycle of the lines")
    grid = [[d for d in row] for row in digits]
    left = set(tree)
    lines = [[(r, c) for c in range(width)] for r in range(height)] + [
        [(r, c) for r in range(height)] for c in range(width)
    ]
    targets = [*rows, *cols]
    while left:  # a forest has a leaf line while cells are left
        for line, target in zip(lines, targets, strict=True):
            open_ = [x for x in line if x in left]
            if len(open_) == 1:
                (r, c) = cell = open_[0]
                rest = sum(grid[i][j] for i, j in line if (i, j) != cell) + 10 * digits[r][c]
                grid[r][c] = 10 * digits[r][c] + (target - rest) % 10
                left.discard(cell)
    if any(
        sum(grid[i][j] for i, j in line) % 10 != target % 10
        for line, target in zip(lines, targets, strict=True)
    ):
        return None
    return grid


def repaired_grids(
    digits: Grid, rows: list[int], cols: list[int], tree: Collection[Cell]
) -> tuple[list[Grid], list[list[bool]]]:
    """The tree's family (`family`) under each repair (none, then `hundreds.repairs` on the
    tree's cells in sorted order: `positions.lifted`), and the cells outside the tree (where a
    transport goes): what `working` and `roomy` complete."""
    base = family(digits, rows, cols, tree)
    cells = sorted(tree)
    fixes = [{}, *({cells[e]: h for e, h in fix.items()} for fix in repairs(len(cells)))]
    units = [[(r, c) not in tree for c in range(len(cols))] for r in range(len(rows))]
    return ([] if base is None else [lifted(base, fix) for fix in fixes]), units


def working(
    digits: Grid, rows: list[int], cols: list[int], tree: Collection[Cell], enough: int | None = None
) -> list[Grid]:
    """One solution per working repair of the tree's family (none, then `hundreds.repairs` on
    the tree's cells in sorted order), each completed by a transport on the other cells
    (augmenting paths, `positions.complete`); with `enough`, only until that many are found."""
    raised, units = repaired_grids(digits, rows, cols, tree)
    found = []
    for grid in raised:
        solution = complete(grid, rows, cols, units)
        if solution is not None:
            found.append(solution)
            if enough is not None and len(found) >= enough:
                break
    return found


class Roomy(NamedTuple):
    """Room found at a tree (part (b)): the 4-cycle (rows i < k, columns j < m) and two solutions."""

    cycle: tuple[int, int, int, int]
    solutions: list[Grid]


def roomy(
    digits: Grid,
    rows: list[int],
    cols: list[int],
    tree: Collection[Cell],
    cycles: Iterable[tuple[int, int, int, int]] | None = None,
) -> Roomy | None:
    """Two solutions of the tree's family from one repair with room (part (b)): for the first
    repair and 4-cycle (i, j), (i, m), (k, j), (k, m) of `cycles` (by default every 4-cycle of
    the other cells, `rooms`) at which a transport exists with one ten already on (i, j) and on
    (k, m), that solution and the same with those two tens moved to (i, m) and (k, j); None when
    there is none."""
    raised_all, units = repaired_grids(digits, rows, cols, tree)
    cycles = rooms(tree, len(rows), len(cols)) if cycles is None else list(cycles)
    for raised in raised_all:
        for i, k, j, m in cycles:
            held = [row[:] for row in raised]
            held[i][j] += 10
            held[k][m] += 10
            first = complete(held, rows, cols, units)
            if first is not None:
                second = [row[:] for row in first]
                for (r, c), step in (((i, j), -10), ((k, m), -10), ((i, m), 10), ((k, j), 10)):
                    second[r][c] += step
                return Roomy((i, k, j, m), [first, second])
    return None


def chosen_cycles(
    room: Rooms, index: int, tree: Collection[Cell], height: int, width: int
) -> list[tuple[int, int, int, int]]:
    """The 4-cycles where room is asked at the `index`-th tree of a range (`Rooms`)."""
    if room == ALL:
        return rooms(tree, height, width)
    return [(i, k, j, m) for t, i, k, j, m in room if t == index]


def solutions(
    digits: Grid, rows: list[int], cols: list[int], trees: Iterable[Collection[Cell]], room: Rooms = ALL
) -> list[Grid]:
    """Two solutions or more from the trees of `trees` (module docstring), or [] when they serve
    the grid in none of the three ways: (a) the solutions of the first tree with two working
    repairs (`working`); (b) the first tree with room at the 4-cycles `room` asks (`roomy`); (c)
    the first solutions of two repaired trees whose units digits differ."""
    firsts: dict[tuple[tuple[int, ...], ...], Grid] = {}
    trees = list(trees)
    for tree in trees:
        if len(found := working(digits, rows, cols, tree, 2)) >= 2:
            return found
        if found and (other := swapped(found[0], digits, rows, cols)) is not None:
            return [found[0], other]
        if found:
            firsts.setdefault(units_digits(found[0]), found[0])
    if spare := first_room(digits, rows, cols, enumerate(trees), room=room):
        return spare[1].solutions
    return list(firsts.values()) if len(firsts) >= 2 else []


def first_room(
    digits: Grid,
    rows: list[int],
    cols: list[int],
    trees: Iterable[tuple[int, Collection[Cell]]],
    solved: Mapping[Tree, list[Grid]] | None = None,
    room: Rooms = ALL,
) -> tuple[int, Roomy] | None:
    """The first (index, tree) of `trees` with room (`roomy`) at the 4-cycles `room` asks there,
    with what `roomy` found; with `solved` (`working` at each tree), only at trees repaired."""
    height, width = len(rows), len(cols)
    for index, tree in trees:
        if solved is None or solved[frozenset(tree)]:
            if found := roomy(digits, rows, cols, tree, chosen_cycles(room, index, tree, height, width)):
                return index, found
    return None


def swapped(solution: Grid, digits: Grid, rows: list[int], cols: list[int]) -> Grid | None:
    """Part (e): the solution with two rows (or two columns) swapped that have the same digits and
    the same target but different units digits in it, a second solution (each line keeps its
    target, each cross line its numbers in another order, each cell a number containing its
    digit); None when it has no such two lines."""
    height, width = len(rows), len(cols)
    for i, k in combinations(range(height), 2):
        if rows[i] == rows[k] and digits[i] == digits[k]:
            if any(a % 10 != b % 10 for a, b in zip(solution[i], solution[k], strict=True)):
                other = [row[:] for row in solution]
                other[i], other[k] = other[k], other[i]
                return other
    for j, m in combinations(range(width), 2):
        if cols[j] == cols[m] and all(row[j] == row[m] for row in digits):
            if any(row[j] % 10 != row[m] % 10 for row in solution):
                other = [row[:] for row in solution]
                for row in other:
                    row[j], row[m] = row[m], row[j]
                return other
    return None


def rooms(tree: Collection[Cell], height: int, width: int) -> list[tuple[int, int, int, int]]:
    """The 4-cycles of the cells outside `tree` (rows i < k, columns j < m): Lemma 10's part (b)."""
    return [
        (i, k, j, m)
        for i, k in combinations(range(height), 2)
        for j, m in combinations(range(width), 2)
        if not {(i, j), (i, m), (k, j), (k, m)} & set(tree)
    ]


def certify(
    width: int,
    height: int,
    lo: int,
    hi: int,
    trees: Sequence[Collection[Cell]],
    time_limit: float = TIME_LIMIT,
    counted: Sequence[tuple[int, Grid]] = (),
    room: Rooms | None = None,
    known: Cubes | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> tuple[int, Grid] | None:
    """A target in [lo, hi] and a digit grid (`doubly_ordered`) served by none
    of the three ways at the trees of `trees` (module docstring: two working repairs at a tree,
    room at a tree, two repaired trees whose solutions differ in a units digit) and other than
    the grids of `counted` at their targets (each shown to have two solutions, or none, by another
    method: part (d)), or None when there is none (CP-SAT: infeasible). Room (part (b)) is asked at the
    4-cycles `room` names (`Rooms`), by default at all of them on grids of at most `ROOM_CELLS`
    cells and at none elsewhere (its clauses, one per repair and 4-cycle, would outgrow the
    model; leaving a way out is sound). The whole model is solved for `WHOLE_FIRST` seconds, then
    one cube at a time (`cubes`, with what `known` knows of them: `search` passes one `Cubes` to
    every call). Raises TimeoutError when CP-SAT decides nothing within `time_limit` seconds (one
    worker) on a cube and no other cube holds a grid, ValueError on bad arguments. `deadline`:
    the caller's (a drive's bound, `search`); every solve is capped by the time it leaves,
    and once it is spent the cubes not yet tried are undecided (seventy-first session: a step's
    cubes took up to nine time limits, and a 4x4 attempt ran 1,062 s past its box)."""
    if lo > hi or min(width, height) < 2 or lo < max(width, height):
        raise ValueError("need sides of 2 or more and a range of targets of at least the longer side")
    if not all(forest(tree, height, width) for tree in trees):
        raise ValueError("every tens-place set must be a spanning tree of the lines or a forest")
    room = (ALL if width * height <= ROOM_CELLS else ()) if room is None else room
    if room != ALL and not all(
        0 <= t < len(trees)
        and 0 <= i < k < height
        and 0 <= j < m < width
        and (i, k, j, m) in rooms(trees[t], height, width)
        for t, i, k, j, m in room
    ):
        raise ValueError("room is asked at 4-cycles outside the trees: (tree, row i < k, column j < m)")
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    digit, target, targets = range_model(model, width, height, lo, hi)
    doubly_ordered(model, digit, targets, width, height)
    for at, grid in counted:  # part (d): not this grid (its class where cells are free) at this target
        other = model.new_bool_var("")
        model.add(target != at).only_enforce_if(other)
        differs = [other]
        for (r, c), x in digit.items():
            if not grid[r][c]:
                continue
            differs.append(model.new_bool_var(""))
            model.add(x != grid[r][c]).only_enforce_if(differs[-1])
        model.add_bool_or(differs)
    top = max(column_targets(hi, height, width) + [hi])
    made = []
    for index, tree in enumerate(trees):
        found = add_window(
            model,
            digit,
            targets,
            construction(tree, height, width),
            0,
            top,
            [
                (i, k, height + j, height + m)
                for i, k, j, m in chosen_cycles(room, index, tree, height, width)
            ],
            single=True,
            outside=True,
            exists=family_exists(model, digit, targets, tree),
        )
        made.append(found)
    equal_lines_agree(model, digit, targets, units_agree(model, digit, made))  # parts (c) and (e)
    what, chosen = f"{width}x{height} at {lo}-{hi}", parameters(width, height)
    try:  # the whole model first, briefly: as a rule it finds a grid left over at once
        whole = capped(min(time_limit, WHOLE_FIRST), deadline)
        if whole <= 0:
            raise TimeoutError(what)
        solver = decide(model, whole, what, chosen)
    except TimeoutError:  # as a rule the last, infeasible model: its cubes are cheaper
        known = Cubes(set(), []) if known is None else known
        solver = cubes(model, digit[0, 0], time_limit, what, known, deadline, chosen)
    if solver is None:
        return None
    return int(solver.value(target)), [
        [int(solver.value(digit[r, c])) for c in range(width)] for r in range(height)
    ]


#: The share of the time limit `cubes` gives each cube after one is undecided (then only a
#: grid found still serves: as a rule CP-SAT finds one in seconds; fifty-seventh session).
AFTER_UNDECIDED = 0.125


class Cubes(NamedTuple):
    """What one search knows of its cubes (`cubes`): the first digits proven infeasible
    (`closed`: each step of a search only adds constraints, trees, grids counted and room, so they
    stay infeasible) and those undecided when last tried (`hard`, tried after the others, so
    that a step finds its grid left over in an easy cube first, fifty-sixth session)."""

    closed: set[int]
    hard: list[int]

    def order(self) -> list[int]:
        """The first digits to try: the open ones not hard, then the hard ones."""
        open_ = [v for v in range(1, 10) if v not in self.closed]
        return [v for v in open_ if v not in self.hard] + [v for v in self.hard if v in open_]


def capped(limit: float, deadline: Deadline) -> float:
    """A solve's time limit cut to the time `deadline` leaves (0 once it has passed)."""
    left = deadline.remaining()
    return limit if left is None else min(limit, left)


def cubes(
    model: Any,
    first: Any,
    time_limit: float,
    what: str,
    known: Cubes,
    deadline: Deadline,
    solver_parameters: dict[str, Any],
) -> Any:
    """Decide a certificate's CP-SAT `model` one cube at a time (CP-SAT given
    `solver_parameters`, `certify`'s `parameters`), the digit `first` (the grid's first cell)
    fixed to each of 1-9 in `known`'s order, closed ones skipped: the solver holding the first
    grid found, or None when every cube is infeasible (the digits 1-9 are the cell's
    whole domain, so the cubes together are the model); `known` learns the cubes proven
    infeasible and those undecided. A cube undecided within `time_limit` is passed over for
    the others (a grid found in one of them still serves the search); TimeoutError when no grid
    is found and some cube is undecided. Cube and conquer (Heule, Kullmann, Wieringa and Biere,
    "Cube and conquer", HVC 2011) in its plainest form: on 4x3 at 342 with its 12 trees the whole
    model took 181.4 s of CPU, its nine cubes 54.7 s in all (15.4 s at most; fifty-sixth session).
    The first cell is the least of its column under `doubly_ordered`: its 9 is the column of nines.
    Once a cube is undecided the call can no longer prove the model infeasible, only find a grid:
    the cubes after it get `AFTER_UNDECIDED` of the time limit each (a step that ended undecided
    cost up to nine time limits before, e.g. about 525 s at 5x4 262-263, fifty-sixth session).
    `deadline` (`certify`) caps each cube's limit; once it has passed the cubes not yet tried are
    undecided, not tried."""
    undecided: list[int] = []
    order = known.order()
    for at, value in enumerate(order):
        limit = capped(time_limit * (AFTER_UNDECIDED if undecided else 1.0), deadline)
        if limit <= 0:
            undecided.extend(order[at:])
            break
        cube = model.clone()
        cube.add(cube.get_int_var_from_proto_index(first.index) == value)
        try:
            solver = decide(cube, limit, f"{what}, first digit {value}", solver_parameters)
        except TimeoutError:
            undecided.append(value)
            if value not in known.hard:
                known.hard.append(value)
            continue
        if value in known.hard:
            known.hard.remove(value)
        if solver is not None:
            return solver
        known.closed.add(value)
    if undecided:
        raise TimeoutError(
            f"CP-SAT decided nothing on {what} within {time_limit} s at first digits {undecided}"
        )
    return None


def lex_at_most(model: Any, first: Sequence[Any], second: Sequence[Any], when: Any) -> None:
    """On a CP-SAT `model`: `first` <= `second` lexicographically where the literal `when` holds
    (a literal per position, "equal so far", that may only turn false where `first` is below)."""
    equal = when
    for x, y in zip(first, second, strict=True):
        model.add(x <= y).only_enforce_if(equal)
        further = model.new_bool_var("")
        model.add(x < y).only_enforce_if([equal, ~further])
        equal = further


def doubly_ordered(
    model: Any, digit: dict[Cell, Any], targets: dict[Line, Any], width: int, height: int
) -> None:
    """Symmetry (module docstring): the rows in lexicographic order, and each two adjacent columns
    with the same target (`column_targets`: a column's target is its share of T H, + 1 on the
    first columns) in lexicographic order, read top to bottom."""
    for r in range(height - 1):
        lex_at_most(model, [digit[r, c] for c in range(width)], [digit[r + 1, c] for c in range(width)], True)
    for c in range(width - 1):
        same = model.new_bool_var("")
        model.add(targets["c", c] == targets["c", c + 1]).only_enforce_if(same)
        model.add(targets["c", c] != targets["c", c + 1]).only_enforce_if(~same)
        lex_at_most(
            model, [digit[r, c] for r in range(height)], [digit[r, c + 1] for r in range(height)], same
        )


def ordered(grid: Grid, cols: list[int]) -> bool:
    """Whether `doubly_ordered` admits the digit grid (plain Python): rows in lexicographic
    order, and each two adjacent columns with the same target read top to bottom."""
    columns = [[row[c] for row in grid] for c in range(len(cols))]
    return all(a <= b for a, b in zip(grid, grid[1:], strict=False)) and all(
        columns[c] <= columns[c + 1] for c in range(len(cols) - 1) if cols[c] == cols[c + 1]
    )


def siblings(grid: Grid, cols: list[int], most: int = SIBLINGS) -> list[Grid]:
    """The grids other than `grid` that `doubly_ordered` admits and that differ from it in the
    first row alone, where every other row is one and the same row; [] where the rows below
    differ or there would be more than `most` to try. Why: on 3-wide shapes the grids left over
    near the frontier are one row over rows of nines (fifty-second session), each with two
    solutions or none and none served by a tree; `search` counts them a row at a time instead of
    one certificate solve each. A first row admitted is nondecreasing along each run of columns
    with the same target (such columns agree below it), which bounds the rows tried."""
    if len(grid) < 2 or any(row != grid[1] for row in grid[2:]):
        return []
    runs = [len(list(run)) for _, run in groupby(cols)]
    if prod(comb(length + 8, length) for length in runs) > most:
        return []
    found = []
    for parts in product(*(combinations_with_replacement(range(1, 10), length) for length in runs)):
        first = [x for part in parts for x in part]
        other = [first, *(list(row) for row in grid[1:])]
        if first != list(grid[0]) and ordered(other, cols):
            found.append(other)
    return found


def units_digits(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """A solution's units digits (a tree's family fixes them, whatever its repair)."""
    return tuple(tuple(x % 10 for x in row) for row in grid)


class Grown(NamedTuple):
    """What `search` found: the trees, the grids counted at their targets (part (d), each as the
    certificate left it over, in the order `doubly_ordered` admits; the forty-sixth session's
    with every row order as well), the grid left over with its target (None: [lo, hi]
    certified), where room is asked (`Rooms`) and what the search knew of the cubes when it
    stopped (`Cubes`: a search of the same targets from the same trees, grids counted and room
    may take it up)."""

    trees: list[Tree]
    counted: list[tuple[int, Grid]]
    left: tuple[int, Grid] | None
    room: Rooms
    known: Cubes


class Interrupted(KeyboardInterrupt):
    """`search` interrupted (Ctrl-C; SIGTERM in a drive), with where it `stood`, as `Undecided`
    has it: a drive logs it before it stops, and its next attempt takes it up (eighty-second
    session; until then an interrupted drive lost its attempt's steps, up to `--box` seconds
    of CPU). Sound wherever the interrupt lands: the search adds a tree, a 4-cycle, a grid
    counted or a cube closed only once it is one (each sound on its own), and a solve
    interrupted decides nothing."""

    def __init__(self, stood: Grown) -> None:
        super().__init__("interrupted")
        self.stood = stood


class Undecided(TimeoutError):
    """`search` stopped undecided (a solve over its time limit), with where it `stood` (a
    `Grown` with no grid left over): the trees it had chosen by then (a drive's next, narrower
    search of the same targets starts from them; any set of trees serves, so a warm start is
    sound; fifty-eighth session), and since the seventy-ninth session the grids it had counted,
    the 4-cycles where it asked room and what it knew of the cubes, which that search takes up
    too (`search`'s `counted`, `room`, `known`): until then a retry took again, one step at a
    time, the room it had taken (6x6 at 242: five of the last attempt's fourteen 4-cycles again
    in 1,838 s of CPU, then undecided; resumed with all fourteen, certified at its first step)."""

    def __init__(self, message: str, stood: Grown) -> None:
        super().__init__(message)
        self.stood = stood


def two_counted(digits: Grid, rows: list[int], cols: list[int], budget: float | None = None) -> list[Grid]:
    """Two solutions of the grid by CP-SAT's enumeration (the solver's own model, not the
    construction), each accepted by the independent `verify`; fewer when it has fewer.
    `budget`: CP-SAT's deterministic seconds (`CNoteOracle.several`), TimeoutError when they run
    out first; none by default (the enumeration ends)."""
    from boardlab.families.cnote.instance import make_instance
    from boardlab.families.cnote.oracle import CNoteOracle
    from boardlab.families.cnote.verify import violations

    found = CNoteOracle(make_instance(digits, None, rows, cols)).several(2, 0, budget)
    if not isinstance(found, list):
        raise TimeoutError(f"CP-SAT counted {digits} to no end within {budget} deterministic seconds")
    for solution in found:
        if violations(digits, rows, cols, {"grid": solution}):
            raise RuntimeError(f"CP-SAT's solution {solution} of {digits} fails verify")
    return found


def recounted(digits: Grid, rows: list[int], cols: list[int]) -> list[Grid]:
    """Two solutions of a grid counted (part (d)), fewer when it has fewer, by a second method
    for the rerun and the tests: on grids three cells wide or high (nearly all the grids the
    drives count) the listing of `dp3.Band` (a reachability table of two lines' partial sums and
    its walk: no CP-SAT, no transform); elsewhere CP-SAT's enumeration (`two_counted`, as the
    search). Each solution is accepted by the independent `verify`."""
    from boardlab.families.cnote.dp3 import Band
    from boardlab.families.cnote.instance import make_instance
    from boardlab.families.cnote.verify import violations

    if 3 not in (len(digits), len(digits[0])):
        return two_counted(digits, rows, cols)
    found = list(islice(Band(make_instance(digits, None, rows, cols)).solutions(), 2))
    for solution in found:
        if violations(digits, rows, cols, {"grid": solution}):
            raise RuntimeError(f"dp3's solution {solution} of {digits} fails verify")
    return found


def free_lines(entry: Grid) -> tuple[int, int] | None:
    """The two lines a grid counted leaves free (its cells 0: a class, `twolines`), rows of a grid
    three columns wide, else columns of a grid three rows high; None when no cell is free.
    Raises ValueError when the free cells are not exactly two such lines."""
    if all(all(row) for row in entry):
        return None
    height, width = len(entry), len(entry[0])
    bad = ValueError(f"a class frees two lines of three cells, not the cells of {entry}")
    if 3 not in (width, height):
        raise bad
    lines = entry if lines_are_rows(width, height) else list(zip(*entry, strict=True))
    free = [k for k, line in enumerate(lines) if not any(line)]
    if len(free) != 2 or sum(not x for row in entry for x in row) != 6:
        raise bad
    return free[0], free[1]


def unique_in(entry: Grid, rows: list[int], cols: list[int]) -> list[Grid]:
    """The grids of a grid counted (part (d)) with exactly one solution, by a second method:
    the grid itself if `recounted` finds one solution; for a class (`free_lines`), those of its
    531,441 grids that `twolines.free_counts` counts once. Part (d) holds where this is []."""
    free = free_lines(entry)
    if free is None:
        return [entry] if len(recounted(entry, rows, cols)) == 1 else []
    return unique_grids(entry, rows, cols, free)


def freed(grid: Grid) -> Grid:
    """The class of a grid three cells wide or high with its first two lines free (0): rows of a
    grid three columns wide, else columns (the grids left over near the frontier vary there,
    over lines of nines: fifty-fourth session)."""
    rows = lines_are_rows(len(grid[0]), len(grid))
    return [[0 if (r if rows else c) < 2 else x for c, x in enumerate(row)] for r, row in enumerate(grid)]


def search(
    width: int,
    height: int,
    lo: int,
    hi: int,
    pool: Sequence[Tree] | None = None,
    time_limit: float = TIME_LIMIT,
    most: int = 60,
    count: int = 0,
    log: bool = False,
    room: Rooms | None = None,
    start: Sequence[Collection[Cell]] = (),
    deadline: Deadline = NO_DEADLINE,
    counted: Sequence[tuple[int, Grid]] = (),
    known: Cubes | None = None,
) -> Grown:
    """Grow a set of trees against the grids left over (module docstring): certify [lo, hi] on
    the trees so far; on a grid left over, take room at a 4-cycle of a tree already chosen if
    there is some, else add trees of `pool` (`default_pool`) as `served` picks them; a grid none
    serves, up to `count` of them, is counted (`two_counted`: part (d)) and excluded when it has
    two solutions or none (its images under the symmetry are not admitted anyway), and with it
    its first-row siblings (`siblings`: a row over rows of nines and the like), each counted
    the same way, outside `count`; once `count` grids left over are counted, the forests a
    grid's two solutions use (`used_forest`) are offered as `served` picks them (a counted grid
    costs the certificate one clause, a forest a family). Room
    is asked at every 4-cycle with `room` = `ALL` (the default on grids of at most `ROOM_CELLS`
    cells), else at the 4-cycles taken.
    Stops when the range is certified, or a grid left over is served in none of these ways (a
    unique puzzle when CP-SAT finds one solution only), or `most` trees were added.
    Raises `Undecided` (a TimeoutError) with where it stood when a solve decides nothing.
    `start`: the trees to begin with (a warm start: the drives pass the trees of the range
    certified just above, fifty-seventh session, and since the eighty-first session the room it
    took as `room`); any forests serve, as any set S does.
    `deadline`: when the search stops (a drive's bound on one attempt: its shape's box and its
    end, sixty-sixth session), asked before each step (once it has passed the search raises
    `Undecided`) and capping each solve of `certify` and the count of a grid left
    over and of its first-row siblings (as CP-SAT's deterministic seconds, so loosely; the
    siblings since the seventy-second session); until the seventy-first session a step ran to
    its end, and an attempt could overrun its box by one step (a 4x4 attempt by 1,062 s, a 5x6
    count took 915.9 s).
    `counted`, `room` (as the 4-cycles taken) and `known`: where a search of the same targets, or
    of more from the same top, stood when it stopped (`Undecided`, `Grown`) from the same
    `start`, taken up as they were (each step only adds constraints, so the cubes it closed stay
    closed; seventy-ninth session)."""
    pool = default_pool(width, height) if pool is None else pool
    every = width * height <= ROOM_CELLS if room is None else room == ALL
    taken: list[Room] = [] if room is None or room == ALL else list(room)
    chosen: list[Tree] = list(dict.fromkeys(frozenset(tree) for tree in start))
    began = len(chosen)
    counts: list[tuple[int, Grid]] = list(counted)
    met = 0  # grids counted as left over (`count` bounds these; their siblings come free)
    # what the steps learn of the cubes: each step only adds constraints
    known = Cubes(set(), []) if known is None else Cubes(set(known.closed), list(known.hard))

    def bounded(grid: Grid, rows: list[int], cols: list[int]) -> list[Grid]:
        """`two_counted` with the seconds left as CP-SAT's deterministic budget (loosely)."""
        try:
            return two_counted(grid, rows, cols, deadline.remaining())
        except TimeoutError as error:
            raise stood(str(error)) from error

    def where() -> Grown:
        """Where the search stands."""
        return Grown(chosen, counts, None, ALL if every else tuple(taken), known)

    def stood(message: str) -> Undecided:
        """Undecided, with where the search stands."""
        return Undecided(message, where())

    try:
        while True:
            if deadline.expired():
                raise stood(f"{width}x{height} at {lo}-{hi}: stopped at {len(chosen)} trees")
            clock = time.process_time()
            asked: Rooms = ALL if every else tuple(taken)
            try:
                found = certify(width, height, lo, hi, chosen, time_limit, counts, asked, known, deadline)
            except TimeoutError as error:
                raise stood(str(error)) from error
            if found is None:
                return Grown(chosen, counts, None, asked, known)
            target, grid = found
            rows, cols = [target] * height, column_targets(target, height, width)
            solved = {tree: working(grid, rows, cols, tree, 2) for tree in {*pool, *chosen}}
            # room at a tree already chosen first (`certify` asked it at every 4-cycle taken)
            spare = None if every else first_room(grid, rows, cols, enumerate(chosen), solved)
            added: list[Tree] = []
            if spare is None:
                added, spare = served(grid, rows, cols, pool, chosen, solved)
            both = bounded(grid, rows, cols) if spare is None and not added else []
            counted_out = spare is None and not added and met < count and len(both) != 1
            if len(both) == 2 and not counted_out:  # the count spent: the forests its solutions use
                forests = list(dict.fromkeys(f for s in both if (f := used_forest(grid, s)) is not None))
                solved.update({f: working(grid, rows, cols, f, 2) for f in forests if f not in solved})
                added, spare = served(grid, rows, cols, forests, chosen, solved)
            if log:
                print(
                    f"{width}x{height} [{lo}, {hi}] trees {len(chosen)}: left over at {target} {grid}; "
                    + (f"adding {[encoded(tree, width) for tree in added]}" if added else "")
                    + (f" room at {(spare[0], *spare[1].cycle)}" if spare else "")
                    + ("" if added or spare else "counted: not one" if counted_out else "served by none")
                    + f" ({time.process_time() - clock:.1f} s)",
                    flush=True,
                )
            if counted_out:
                met += 1
                entry = freed(grid) if 3 in (width, height) else None
                unique = unique_grids(entry, rows, cols, (0, 1)) if entry else []
                if entry and not unique:  # its class, two lines free, all counted at once
                    counts.append((target, entry))
                    if log:
                        print(f"  with its class {entry}: no grid of it is unique", flush=True)
                    continue
                if unique and log:
                    print(f"  its class {entry} holds unique grids: {unique}", flush=True)
                counts.append((target, grid))
                near = [(g, len(bounded(g, rows, cols))) for g in siblings(grid, cols)]
                counts.extend((target, g) for g, n in near if n != 1)
                if log and near:
                    unique = [g for g, n in near if n == 1]
                    print(
                        f"  and {len(near) - len(unique)} of its first-row siblings; unique: {unique}",
                        flush=True,
                    )
                continue
            if not (added or spare) or len(chosen) - began >= most:
                return Grown(chosen, counts, found, asked, known)
            chosen.extend(added)
            if spare is not None and not every:
                taken.append((spare[0], *spare[1].cycle))
    except KeyboardInterrupt as error:  # Ctrl-C (SIGTERM in a drive): where it stood goes with it
        if isinstance(error, Interrupted):
            raise
        raise Interrupted(where()) from error


def served(
    digits: Grid,
    rows: list[int],
    cols: list[int],
    pool: Sequence[Tree],
    chosen: Sequence[Tree],
    solved: Mapping[Tree, list[Grid]],
) -> tuple[list[Tree], tuple[int, Roomy] | None]:
    """The trees of `pool` that `search` adds for a grid left over by `chosen` (`solved`: `working` at
    each, up to two), and room at the first of them (its index once added), in this order: the one
    with the most working repairs if it has two (a); a repaired one whose solution differs on
    two equal lines (e); one with room (b); one or two whose units digits differ from a chosen
    tree's or each other's (c). ([], None) when none serves the grid."""
    best = max(pool, key=lambda tree: len(solved[tree]), default=None)
    if best is not None and len(solved[best]) >= 2:
        return [best], None
    if equal := next(
        (tree for tree in pool if solved[tree] and swapped(solved[tree][0], digits, rows, cols)), None
    ):
        return [equal], None
    if fresh := first_room(digits, rows, cols, enumerate(pool), solved):
        return [pool[fresh[0]]], (len(chosen), fresh[1])
    have = {units_digits(solved[tree][0]) for tree in chosen if solved[tree]}
    added = []
    for tree in pool:
        if solved[tree] and units_digits(solved[tree][0]) not in have:
            added.append(tree)
            have.add(units_digits(solved[tree][0]))
            if len(have) >= 2:
                return added, None
    return [], None


def used_forest(digits: Grid, solution: Grid) -> Tree | None:
    """The cells where a solution holds its digit in the tens place and not in the units place,
    when they hold no cycle: a forest whose family (with some hundreds) the solution belongs to,
    which `search` offers where no tree of its pool serves a grid; None when they hold a cycle."""
    cells = frozenset(
        (r, c)
        for r, row in enumerate(solution)
        for c, x in enumerate(row)
        if x % 10 != digits[r][c] and x // 10 % 10 == digits[r][c]
    )
    return cells if forest(cells, len(digits), len(digits[0])) else None


def applies(rows: list[int], cols: list[int]) -> bool:
    """Rows at one target T, the columns `column_targets`, T in a range of `CERTIFIED`."""
    height, width = len(rows), len(cols)
    if len(set(rows)) != 1 or cols != column_targets(rows[0], height, width):
        return False
    return any(lo <= rows[0] <= hi for lo, hi, *_ in CERTIFIED.get((width, height), []))


def time_limit_option(args: Sequence[str]) -> tuple[float | None, list[str]]:
    """`--time-limit S` taken out of command-line `args`: S (None when absent) and the others.
    ValueError (one line) when S is missing or not a positive number of seconds."""
    args = list(args)
    if "--time-limit" not in args:
        return None, args
    at = args.index("--time-limit")
    seconds = positive_option("--time-limit", args[at + 1] if at + 1 < len(args) else "", unit=" of seconds")
    return float(seconds), args[:at] + args[at + 2 :]


def positive_option(
    word: str, value: str | None, kind: type[float] | type[int] = float, unit: str = ""
) -> float | int:
    """The value of the command-line option `word`: `value` read as a positive number of `kind`
    (`unit` names it in the message). ValueError (one line) when it is missing, not such a number,
    or not positive."""
    if value is None:
        raise ValueError(f"{word} needs a value")
    try:
        number = kind(value)
    except ValueError:
        number = 0
    if not number > 0:
        what = "a positive whole number" if kind is int else "a positive number"
        raise ValueError(f"{word} needs {what}{unit}, not {value!r}")
    return number


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.trees W H LO HI [--time-limit S]`: rerun the
    certificate of `CERTIFIED` covering [LO, HI], its grids counted recounted first
    (`unique_in`), each cube of its solve given S seconds (`certify`'s `time_limit`, `TIME_LIMIT` by
    default: a search closes its cubes over many steps, the rerun all nine in one call, and a
    cube may need more; seventy-seventh session, 6x6 at 243) (exit 0: it holds; 1: a grid left
    over, or a grid counted with one solution, printed); `--search W H LO HI [COUNT]`: grow a
    set of trees for [LO, HI], counting up to COUNT grids (`search`), and print it as
    `CERTIFIED` would hold it (S: `search`'s `time_limit`). Bad arguments: one line, exit 2;
    undecided within the time limit: exit 3."""
    args = sys.argv[1:] if argv is None else argv

    def body() -> int:
        given, words = time_limit_option(args)
        time_limit = TIME_LIMIT if given is None else given
        grow = words[:1] == ["--search"]
        numbers = words[1:] if grow else words
        if len(numbers) not in ((4, 5) if grow else (4,)):
            raise ValueError(
                "usage: python -m boardlab.families.cnote.trees [--search] W H LO HI [COUNT] [--time-limit S]"
            )
        width, height, lo, hi, *rest = (int(a) for a in numbers)
        start = time.process_time()
        if grow:
            grown = search(
                width, height, lo, hi, count=rest[0] if rest else 0, time_limit=time_limit, log=True
            )
            print(f"trees: {tuple(encoded(tree, width) for tree in grown.trees)}")
            print(f"counted: {tuple((t, tuple(map(tuple, g))) for t, g in grown.counted)}")
            print(f"room: {grown.room!r}")
            what = (
                f"{width}x{height} at {lo}-{hi}, {len(grown.trees)} trees, {len(grown.counted)} grids counted"
            )
            return verdict(what, grown.left, "certified", start)
        held = [(t, n, r) for a, b, t, n, r in CERTIFIED.get((width, height), []) if a <= lo and hi <= b]
        if not held:
            raise ValueError(f"no range of CERTIFIED holds {width}x{height} at {lo}-{hi}")
        trees = [decoded(t, width) for t in held[0][0]]
        counted = [(t, [list(row) for row in g]) for t, g in held[0][1]]
        for target, grid in counted:  # part (d) again, by a second method
            if unique := unique_in(grid, [target] * height, column_targets(target, height, width)):
                print(f"{width}x{height} at {lo}-{hi}: counted at {target}, {unique[0]} has one solution")
                return 1
        found = certify(width, height, lo, hi, trees, time_limit, counted=counted, room=held[0][2])
        what = f"{width}x{height} at {lo}-{hi}, {len(trees)} trees, {len(counted)} grids recounted"
        return verdict(what, found, "infeasible", start)

    return run_certificate(body)


if __name__ == "__main__":
    run_as_program(main)
