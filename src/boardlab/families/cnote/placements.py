"""Lemma 10: Lemma 9's window at several placements of the cycle at once: no unique puzzle on
the sizes and targets of `CERTIFIED` (with Lemmas 2, 5 and 9: 4x4 from 262 on, 5x5 from 257 on,
6x6 from 256 on, 7x7 from 262 on, 8x8 from 267 on; docs/cnote.md, "Proofs", "Lemma 10").

Lemma 9 (`twofamilies`) puts Lemma 5's construction on the one cycle C = {(i, i), (i, i + 1)}
and asks for two repaired families there. Every Hamiltonian cycle of the complete bipartite
graph of rows and columns serves as well: the *placement* (rows, cols), two permutations of
0..n-1, is the cycle of lines row rows[0], column cols[1], row rows[1], ..., row rows[n - 1],
column cols[0], whose cells (C's edge e = (a, b) becomes (rows[a], cols[b])) are C's image
under the permutations. On the digit grid D' with D'[i][j] = D[rows[i]][cols[j]] (`permuted`)
the placement is C itself, and since every line has the same target a solution of D' is a
solution of D with its rows and columns moved back: so a placement's families, repairs and
solutions are those of Lemma 5 on D'.

*The lemma.* Let S be a set of placements. If every digit grid in the canonical set K below
has, at some placement of S, two repaired families, every digit grid has at least two
solutions. *Proof.* (1) Two repaired families at one placement give two distinct solutions
(Lemma 9: they differ in the units digit of every cycle cell). (2) Row and column
permutations and the transposition map the solutions of D one to one onto those of its image
(every line's target is T), so D and its image have the same number of solutions. (3) Every
D has such an image in K: d[0][0] the least digit, row 0 non-decreasing, column 0
non-decreasing from row 1, and d[0][1] <= d[1][0]. Take a cell of the least digit, move its
row to row 0, sort the columns by row 0 (a least digit comes first), then sort rows 1..n-1 by
column 0; if then d[0][1] > d[1][0], transpose (row 0 and column 0 trade places, both
non-decreasing, the least digit stays at (0, 0)). QED. Three more parts give two solutions
(docs/cnote.md, "Lemma 10"): (b) a repaired family *with room* (a repair and a 4-cycle off the
cycle whose lines, lowered by 1 more, still satisfy (F): the transport then has two solutions);
(c) repaired families at two placements whose solutions differ in the units digit of some cell
(u on a placement's cycle, the cell's digit off it: `units_digits`); (d) a family with two
repairs that work (`working`; the two solutions differ in a hundreds digit on the cycle). The
certificate asks (b) and (d) of the family outside each placement's window (`tenth`,
`single`), and for (c) (`agree`) it makes that family at every placement with a literal, false
only where every repair of it breaks (F) (`spanning.Window.repaired`), and asks any two
placements whose literals are both true for equal units digits at every cell of either cycle.
A grid none of the parts serves is a solution of the model (each literal true exactly where
its family is repaired), so infeasible still means every digit grid has two solutions
(thirty-seventh session: (c) by the proof helper, (d) by the lead).

*The certificate (`certify`).* One CP-SAT model: the n^2 digits as variables in 1..9 with the
constraints of K, and at each placement of S its own copy of Lemma 9's window of `width`
consecutive unrepaired families (`spanning.add_window` on the placement's
`twofamilies.cycle_construction`, its own family variables, the one digit grid shared). A grid
of K with at most one repaired family at every placement of S has nine consecutive unrepaired
families at each (those after the repaired one), hence a window of any width up to 9: it is a
solution of the model. So infeasible means the lemma's hypothesis holds. Lemma 9's symmetry
constraint (a window breaking (F) at position 0) is not used: it needs a model invariant under
the dihedral maps of one cycle, and the set S need not be; the constraints of K instead hold for
some image of every grid whatever S is, by (2) and (3).

*Which placements (`search`).* A counterexample-guided loop: start from S = {C}; solve; a
solution is a grid of K with at most one repaired family at every placement of S; take the
units digits of its repaired families' solutions at every placement (`units_digits`, the
kernel of Lemma 5's repairs on (F)) and add the placement after which the most grids met have
two distinct ones (at that placement; with `agree`, over S and it; with `single`, also a family
repaired two ways); repeat until infeasible. A grid no placement serves would be a true
left-over of the whole construction: the loop stops and returns it (its solution count is a
question for the oracle; one solution would be a unique puzzle). The sets found are kept in
`CERTIFIED`, so the certificate is one solve.

`python -m boardlab.families.cnote.placements N T` reruns a certificate (exit 0: infeasible;
1: a grid left over, printed); `... --search N T` reruns the loop. The infeasibility is taken
as CP-SAT reports it (no proof log checked, as for Lemmas 5 and 9); `solutions` is the
constructive side: the two solutions of a placement of S on a grid's image in K, mapped back,
which the tests check against the independent `verify`. Gale, "A theorem on flows in
networks", Pacific J. Math. 7 (1957) (the transportation condition (F) of Lemma 5).
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.hundreds import (
    decide,
    edge_cell,
    margins_of_families,
    raised,
    repairs,
    run_certificate,
    solved,
    ten_solutions,
    transported,
    verdict,
)
from boardlab.families.cnote.spanning import add_window, units_agree
from boardlab.families.cnote.twofamilies import cycle_construction

Grid = list[list[int]]
#: a placement of the cycle: the order of the rows and of the columns along it (module docstring)
Order = tuple[tuple[int, ...], tuple[int, ...]]


def _columns(*orders: tuple[int, ...]) -> tuple[Order, ...]:
    """Placements that keep the rows in order (the ones the search found so far)."""
    return tuple((tuple(range(len(cols))), cols) for cols in orders)


class Certificate(NamedTuple):
    """A certified target's model (`certify`): its set S of placements (C itself first) and the
    parts of the lemma asked besides (a): (b) `tenth`, (c) `agree`, (d) `single`."""

    placements: tuple[Order, ...]
    tenth: bool = False
    agree: bool = False
    single: bool = False


#: n -> {T: certificate}: the targets T (every line T) at which `certify(n, T, S, tenth=...,
#: single=...)` is infeasible, with the set S of placements the loop (`search`) found.
#: Thirty-sixth session (5x5 at 257 with five placements and part (a) then; with C alone and
#: part (d) since the thirty-seventh; 7x7 at 262 the thirty-seventh's, part (c); 4x4 at 262, parts
#: (c) and (d), and 6x6 at 256, C alone and part (b), the thirty-eighth's); the CPU of each
#: certificate (one worker) in docs/cnote.md, "Lemma 10".
CERTIFIED: dict[int, dict[int, Certificate]] = {
    # C and the columns 0 2 1 3, with parts (c) and (d) (thirty-eighth session; the loop also asked
    # (b), which is empty on 4x4: D has no 4-cycle, `quads(4)` is [], so the model is the same)
    4: {262: Certificate(_columns((0, 1, 2, 3), (0, 2, 1, 3)), agree=True, single=True)},
    5: {257: Certificate(_columns((0, 1, 2, 3, 4)), single=True)},
    # C alone, with part (b) (thirty-eighth session)
    6: {256: Certificate(_columns((0, 1, 2, 3, 4, 5)), tenth=True)},
    7: {
        # C and the columns 0 2 1 3 4 5 6, with part (c)
        262: Certificate(_columns((0, 1, 2, 3, 4, 5, 6), (0, 2, 1, 3, 4, 5, 6)), agree=True),
        # C alone: Lemma 9's window of 9 with K's constraints instead of its symmetry constraint
        263: Certificate(_columns((0, 1, 2, 3, 4, 5, 6))),
    },
    8: {target: Certificate(_columns((0, 1, 2, 3, 4, 5, 6, 7))) for target in (267, 268)},
}


def applies(rows: list[int], cols: list[int]) -> bool:
    """Lemma 10: a square grid with every line at a target of `CERTIFIED` for its size."""
    n = len(rows)
    if n != len(cols) or len(set(rows + cols)) != 1:
        return False
    return rows[0] in CERTIFIED.get(n, {})


def identity(n: int) -> Order:
    """The placement of C itself."""
    return tuple(range(n)), tuple(range(n))


def cycle(n: int, order: Order) -> frozenset[tuple[int, int]]:
    """The 2n cells of a placement."""
    rows, cols = order
    return frozenset((rows[a], cols[b]) for a, b in (edge_cell(n, e) for e in range(2 * n)))


def orders(n: int, rows_in_order: bool = False) -> list[Order]:
    """One placement per Hamiltonian cycle of the rows and columns (n! (n - 1)! / 2 of them), or
    with `rows_in_order` the n! placements whose rows come in order 0..n-1."""
    found: dict[frozenset[tuple[int, int]], Order] = {}
    heads = (
        [tuple(range(n))] if rows_in_order else [(0, *rest) for rest in itertools.permutations(range(1, n))]
    )
    for rows in heads:
        for cols in itertools.permutations(range(n)):
            found.setdefault(cycle(n, (rows, cols)), (rows, cols))
    return list(found.values())


def permuted(digits: Grid, order: Order) -> Grid:
    """The grid on which the placement is C: entry (i, j) is digits[rows[i]][cols[j]]."""
    rows, cols = order
    n = len(digits)
    return [[digits[rows[i]][cols[j]] for j in range(n)] for i in range(n)]


def unpermuted(grid: Grid, order: Order) -> Grid:
    """`permuted`'s inverse: a solution of the permuted grid as a solution of the grid."""
    rows, cols = order
    n = len(grid)
    out = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            out[rows[i]][cols[j]] = grid[i][j]
    return out


def repaired_families(digits: Grid, target: int, order: Order | None = None) -> int:
    """How many of the 10 families of the placement (C unless given) some repair of Lemma 5
    (none, 100 or 200 on one cycle cell, 100 on two) makes satisfy (F)."""
    n = len(digits)
    grid_of = permuted(digits, order) if order is not None else digits
    return sum(_repair(margins, n) != -2 for _, margins in margins_of_families(grid_of, target))


def quads(n: int) -> list[tuple[int, int, int, int]]:
    """The 4-cycles of D (the cells outside C) as positions on C's cycle of lines: rows a < a'
    (positions 2a, 2a') and columns b < b' (positions 2b - 1, 2b' - 1, mod 2n) whose four cells
    are all outside C."""
    outside = [[b not in (a, (a + 1) % n) for b in range(n)] for a in range(n)]
    found = []
    for a, a2 in itertools.combinations(range(n), 2):
        common = [b for b in range(n) if outside[a][b] and outside[a2][b]]
        for b, b2 in itertools.combinations(common, 2):
            found.append((2 * a, 2 * a2, (2 * b - 1) % (2 * n), (2 * b2 - 1) % (2 * n)))
    return found


def _lowered(margins: np.ndarray, h: dict[int, int]) -> np.ndarray:
    """The margins along the cycle after the repair h (10 less per hundred on each of a cycle
    cell's two lines)."""
    size = len(margins)
    lowered = margins.copy()
    for e, times in h.items():
        lowered[e] -= 10 * times
        lowered[(e + 1) % size] -= 10 * times
    return lowered


def working(margins: np.ndarray, n: int) -> list[dict[int, int]]:
    """The repairs (none first, then Lemma 5's) after which a family's margins satisfy (F): two
    of them give two solutions (part (c) of the lemma)."""
    from boardlab.families.cnote.hundreds_kernels import holds

    return [h for h in [{}, *repairs(2 * n)] if holds(_lowered(margins, h), n)]


def _room(margins: np.ndarray, n: int) -> tuple[dict[int, int], tuple[int, int, int, int]] | None:
    """A repair h (none first, then Lemma 5's) and a 4-cycle of D whose four lines, lowered by 1
    more, still satisfy (F): part (b) of the lemma, two transport solutions; None if none."""
    from boardlab.families.cnote.hundreds_kernels import holds

    for h in [{}, *repairs(2 * n)]:
        lowered = _lowered(margins, h)
        for quad in quads(n):
            trial = lowered.copy()
            trial[list(quad)] -= 1
            if holds(trial, n):
                return h, quad
    return None


def two_solutions_at(
    digits: Grid, target: int, order: Order, tenth: bool = False, single: bool = False
) -> bool:
    """Whether the lemma gives the grid two solutions at this placement: two repaired families,
    or (with `tenth`) a repaired family with room for two transport solutions, or (with
    `single`) a family with two repairs that work."""
    return len(units_digits(digits, target, order, tenth, single)) >= 2


def units_digits(
    digits: Grid, target: int, order: Order, tenth: bool = False, single: bool = False
) -> frozenset[str]:
    """The placement's solutions by their units digits (part (c)): for each repaired family, the
    grid of its solution's units digits (u on the placement's cycle, the cell's digit off it),
    written as a string; a family with room (with `tenth`) or with two repairs that work (with
    `single`) counts twice (a second key). Two keys mean two distinct solutions."""
    n = len(digits)
    found = set()
    for grid, margins in margins_of_families(permuted(digits, order), target):
        if _repair(margins, n) == -2:
            continue  # no repair, so no room either
        key = str(unpermuted([[x % 10 for x in row] for row in grid], order))
        found.add(key)
        if tenth and _room(margins, n) is not None or single and len(working(margins, n)) >= 2:
            found.add(key + " twice")
    return frozenset(found)


def _repair(margins: np.ndarray, n: int) -> int:
    from boardlab.families.cnote.hundreds_kernels import repair

    return int(repair(margins, n))


def _two_by_repairs(digits: Grid, target: int) -> list[Grid]:
    """Part (d)'s two solutions on C (module docstring): a family's first two repairs that work,
    each completed by a transport; [] when no family has two."""
    n = len(digits)
    for grid, margins in margins_of_families(digits, target):
        works = working(margins, n)
        if len(works) >= 2:
            return [solved(grid, margins, h) for h in works[:2]]
    return []


def _two_by_room(digits: Grid, target: int) -> list[Grid]:
    """Part (b)'s two solutions on C (module docstring), or [] when no family has room."""
    n = len(digits)
    for grid, margins in margins_of_families(digits, target):
        found = _room(margins, n)
        if found is None:
            continue
        h, quad = found
        base, rows, cols = raised(grid, margins, h)
        a, a2, b, b2 = quad[0] // 2, quad[1] // 2, (quad[2] + 1) // 2 % n, (quad[3] + 1) // 2 % n
        for r in (a, a2):
            rows[r] -= 1
        for c in (b, b2):
            cols[c] -= 1
        extra = transported(rows, cols, n)
        out = []
        for plus in (((a, b), (a2, b2)), ((a, b2), (a2, b))):
            more = [row[:] for row in extra]
            for r, c in plus:
                more[r][c] += 1
            out.append([[base[r][c] + 10 * more[r][c] for c in range(n)] for r in range(n)])
        return out
    return []


def canonical(digits: Grid) -> tuple[Grid, bool, Order]:
    """An image of the grid in the canonical set K (module docstring, step (3)): the image, whether
    the grid was transposed first, and the placement-like pair (rows, cols) with image[i][j] =
    source[rows[i]][cols[j]] (source: the grid, or its transpose)."""
    n = len(digits)
    least = min(min(row) for row in digits)
    top = next(r for r in range(n) if least in digits[r])
    cols = sorted(range(n), key=lambda c: digits[top][c])
    rest = sorted((r for r in range(n) if r != top), key=lambda r: digits[r][cols[0]])
    rows = [top, *rest]
    image = permuted(digits, (tuple(rows), tuple(cols)))
    if image[0][1] <= image[1][0]:
        return image, False, (tuple(rows), tuple(cols))
    # transposing the image: source = digits transposed, its rows are the image's columns
    return [list(col) for col in zip(*image)], True, (tuple(cols), tuple(rows))


def in_canonical_set(digits: Grid) -> bool:
    """The constraints of K (module docstring) on a digit grid."""
    n = len(digits)
    return (
        all(digits[0][0] <= d for row in digits for d in row)
        and all(digits[0][j] <= digits[0][j + 1] for j in range(n - 1))
        and all(digits[i][0] <= digits[i + 1][0] for i in range(1, n - 1))
        and digits[0][1] <= digits[1][0]
    )


def solutions(
    digits: Grid,
    target: int,
    placements: Iterable[Order],
    tenth: bool = False,
    single: bool = False,
    agree: bool = False,
) -> list[Grid]:
    """The solutions of Lemma 5's construction at the first placement of `placements` where the
    lemma gives the grid's canonical image two (two repaired families; with `tenth`, else a
    repaired family with room for two transport solutions; with `single`, else a family with two
    repairs that work), or with `agree` (part (c)) at the first two placements whose solutions
    differ, mapped back to the grid (every line at `target`); [] when there is none."""
    image, transposed, moved = canonical(digits)
    met: dict[str, Grid] = {}
    found: list[Grid] = []
    for order in placements:
        on_c = permuted(image, order)
        if two_solutions_at(image, target, order, tenth, single):
            found = ten_solutions(on_c, target)
            if len(found) < 2 and tenth:
                found = _two_by_room(on_c, target)
            if len(found) < 2:
                found = _two_by_repairs(on_c, target)
            found = [unpermuted(s, order) for s in found]
            break
        if agree:
            for s in ten_solutions(on_c, target):
                back = unpermuted(s, order)
                met.setdefault(str(back), back)
            if len(met) >= 2:
                found = list(met.values())[:2]
                break
    found = [unpermuted(s, moved) for s in found]
    return [[list(col) for col in zip(*s)] for s in found] if transposed else found


def certify(
    n: int,
    target: int,
    placements: Sequence[Order],
    width: int = 9,
    time_limit: float = 3600.0,
    tenth: bool = False,
    single: bool = False,
    agree: bool = False,
    given: Grid | None = None,
) -> Grid | None:
    """A digit grid of K (the grid `given`, if given) with a window of `width` consecutive
    unrepaired families at every placement of `placements` (with `tenth`, `single` and `agree`
    the parts (b), (d) and (c) of the module docstring asked too), or None when there is none
    (CP-SAT finds the model infeasible: the lemma's hypothesis holds). Raises TimeoutError when
    CP-SAT decides nothing within `time_limit` seconds (one worker)."""
    if n < 4 or not 1 <= width <= 9 or not placements or agree and width != 9:
        raise ValueError(
            "the certificate is for n >= 4, windows of 1 to 9 families (9 with agree) and some placements"
        )
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    digit = {(r, c): model.new_int_var(1, 9, f"g{r}_{c}") for r in range(n) for c in range(n)}
    for r in range(n):  # the canonical set K
        for c in range(n):
            model.add(digit[0, 0] <= digit[r, c])
    for j in range(n - 1):
        model.add(digit[0, j] <= digit[0, j + 1])
    for i in range(1, n - 1):
        model.add(digit[i, 0] <= digit[i + 1, 0])
    model.add(digit[0, 1] <= digit[1, 0])
    if given is not None:
        for (r, c), x in digit.items():
            model.add(x == given[r][c])
    pairing = agree and len(placements) > 1
    outsides = []
    for order in placements:
        made = cycle_construction(n, order)
        found = add_window(
            model,
            digit,
            dict.fromkeys(made.lines, target),
            made,
            width,
            target,
            quads(n) if tenth else (),
            single,
            outside=pairing,
        )
        if pairing and found.outside is not None:
            outsides.append(found)
    units_agree(model, digit, outsides)  # part (c)
    solver = decide(model, time_limit, f"n={n} target={target}")
    return None if solver is None else [[int(solver.value(digit[r, c])) for c in range(n)] for r in range(n)]


def search(
    n: int,
    target: int,
    start: Sequence[Order] = (),
    rows_in_order: bool = False,
    tenth: bool = False,
    time_limit: float = 3600.0,
    log: bool = False,
    single: bool = False,
    agree: bool = False,
) -> tuple[list[Order], Grid | None]:
    """The loop of the module docstring from S = C and `start`: (S, None) when `certify(n,
    target, S, tenth=tenth, single=single, agree=agree)` is infeasible, or (S, grid) for a grid of
    K at which the lemma gives two solutions at no placement tried (`orders(n, rows_in_order)`;
    with `agree`, nor at two of them): a left-over of the whole construction."""
    chosen = [identity(n), *(order for order in start if order != identity(n))]
    candidates = orders(n, rows_in_order)
    seen: list[tuple[Grid, frozenset[str]]] = []  # each grid met, with the keys of S at it
    memo: dict[tuple[str, Order], frozenset[str]] = {}

    def keys(grid: Grid, order: Order) -> frozenset[str]:
        if (str(grid), order) not in memo:
            memo[str(grid), order] = units_digits(grid, target, order, tenth, single)
        return memo[str(grid), order]

    def served(have: frozenset[str], grid: Grid, order: Order) -> bool:
        more = keys(grid, order)
        return len(have | more if agree else more) >= 2

    while True:
        clock = time.process_time()
        grid = certify(n, target, chosen, 9, time_limit, tenth, single, agree)
        if log:
            print(
                f"  {len(chosen)} placements: {grid} ({time.process_time() - clock:.1f} s of CPU)", flush=True
            )
        if grid is None:
            return chosen, None
        seen.append((grid, frozenset().union(*(keys(grid, order) for order in chosen))))
        best: tuple[int, Order] | None = None
        for order in candidates:
            if served(seen[-1][1], grid, order):
                score = sum(served(have, other, order) for other, have in seen)
                if best is None or score > best[0]:
                    best = (score, order)
        if best is None and agree:  # a placement with a repaired family, to pair with a later one
            everywhere = frozenset().union(*(keys(grid, order) for order in candidates))
            if len(everywhere) >= 2:
                best = (0, next(order for order in candidates if keys(grid, order) - seen[-1][1]))
        if best is None:
            return chosen, grid
        chosen.append(best[1])
        seen = [(other, have | keys(other, best[1])) for other, have in seen]
        if log:
            print(f"  added {best[1]}, serving {best[0]} of the {len(seen)} grids met", flush=True)


#: The loop's options (`main`): the parts of the lemma besides (a).
PARTS = {"--tenth": "(b)", "--agree": "(c)", "--single": "(d)"}


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.placements [--search [--tenth] [--agree] [--single]] N
    T`: rerun a certificate of `CERTIFIED`, or the loop that finds its placements (with parts
    (b), (c), (d))."""
    args = sys.argv[1:] if argv is None else argv
    usage = (
        "usage: python -m boardlab.families.cnote.placements [--search [--tenth] [--agree] [--single]] N T"
        " (integers)"
    )
    looping = bool(args) and args[0] == "--search"
    flags = set(itertools.takewhile(PARTS.__contains__, args[1:])) if looping else set()
    args = args[1 + len(flags) :] if looping else args
    try:
        n, target = (int(a) for a in args)
        if not looping and target not in CERTIFIED.get(n, {}):
            raise ValueError
    except ValueError:
        print(
            f"boardlab: error: {usage} (T certified unless --search), got {' '.join(args) or 'nothing'}",
            file=sys.stderr,
        )
        return 2

    def body() -> int:
        clock = time.process_time()
        if looping:
            asked = Certificate((), "--tenth" in flags, "--agree" in flags, "--single" in flags)
            chosen, grid = search(
                n, target, tenth=asked.tenth, log=True, single=asked.single, agree=asked.agree
            )
            print(f"n={n} target={target}: placements {chosen}")
        else:
            asked = CERTIFIED[n][target]
            chosen = list(asked.placements)
            grid = certify(n, target, chosen, tenth=asked.tenth, single=asked.single, agree=asked.agree)
        parts = ["(a)", *(PARTS[f] for f, on in zip(PARTS, asked[1:]) if on)]
        what = f"n={n} target={target}, {len(chosen)} placements, parts {', '.join(parts)}"
        return verdict(
            what, grid, "infeasible, every digit grid has two solutions at one or two of them", clock
        )

    return run_certificate(body)


if __name__ == "__main__":  # pragma: no cover
    run_as_program(main)
