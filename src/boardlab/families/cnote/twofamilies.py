"""Lemma 9: two of Lemma 5's ten families suffice: with Lemmas 2 and 5, no unique puzzle on
4x4 from target 263 on, 5x5 from 258 on, 6x6 from 257 on, 8x8 from 269 on (the targets of
`CERTIFIED`; docs/cnote.md, "Proofs", "Lemma 9").

Lemma 5 (`hundreds`) shows that each of the 10 families of units digits on the cycle C =
{(i, i), (i, i + 1)} gives a solution (after hundreds on cycle cells), hence 10 solutions. For
"no unique puzzle" two solutions are enough, and two families that give one each give two
distinct solutions (they differ in the units digits of every cell of C). Below Lemma 5's bound
some families of some digit grids have no repair, and the question becomes whether a digit
grid can have nine of its ten families without one.

*The families.* Put the 2n lines on C's cycle (position 2i = row i, 2i + 1 = column i + 1;
edge e, the cell joining positions e and e + 1, is (e/2, e/2 + 1) for even e and ((e+1)/2,
(e+1)/2) for odd e, indices mod n). A family is a choice of units digits u_e in 0..9 on the
edges with u_{v-1} + u_v congruent, at every position v, to the line's target minus its
units-place digits (modulo 10); the 10 families are u + k sigma (mod 10), k = 0..9, with
sigma_e = (-1)^e (adding k sigma keeps every u_{v-1} + u_v modulo 10, and on a cycle of even
length these are all the solutions).

*The certificate (`certify`).* A CP-SAT model with the exact digits (no box: the 2n cycle
digits d_e and the n (n - 2) other digits as variables in 1..9, the cycle numbers t_e = 10 d_e
+ u_e, the margins m_v given by 10 m_v = T - t_{v-1} - t_v - (the line's units-place digits),
integer), a base family u and the `width` - 1 families u + k sigma, k = 1..width - 1 (a window
of consecutive families), each of them without a repair: for every h >= 0 on the edges with
total at most 2 (none, 100 or 200 on one cycle cell, 100 on two: Lemma 5's repairs) the
margins m_v - 10 (h_{v-1} + h_v) break (F) somewhere (a margin negative, or above the sum of
its D-neighbours'). Infeasible means: every window of `width` consecutive families of every
digit grid holds a family with a repair. With any `width` up to 9, a digit grid with at most
one family repaired would have the `width` families after the repaired one (or any, when none
is) without a repair: so every digit grid has at least two families repaired, hence at least
two solutions. Width 9 is that condition exactly; width 5 asks more (no five consecutive
families unrepaired) and is often faster to decide.

*Symmetry.* The dihedral maps of the cycle (rotations, reflections) are row and column
permutations of the grid, composed with a transposition for odd rotations and the
reflections; they map C to C, cells outside C to cells outside C, families to families and
windows to windows (reversed in order when sigma changes sign). So a window without repairs
has an image whose first or last family breaks (F) at position 0 without hundreds; the model
asks that too (about 6 times faster on 4x4).

Measured (one worker, `python -m boardlab.families.cnote.twofamilies N T WIDTH`): see `CERTIFIED`
and docs/cnote.md. The infeasibility is taken as CP-SAT reports it (as for Lemma 5's
`certify_cpsat`); the second method is constructive: `hundreds.ten_solutions` builds the
solutions of the repaired families, and the tests check, on random and adversarial grids at the
certified targets, that at least two come out, each accepted by the independent `verify`.
Gale, "A theorem on flows in networks", Pacific J. Math. 7 (1957) (condition (F)).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.hundreds import decide, edge_cell, run_certificate, verdict
from boardlab.families.cnote.spanning import Construction, Line, add_window

#: n -> {T: width}: the line targets T (all lines T) at which `certify(n, T, width)` is
#: infeasible: every n x n digit grid has at least 2 solutions there. A window of 5 unrepaired
#: families lies in any window of 9, so width 5's infeasibility implies width 9's (which is the
#: lemma's exact condition). Thirty-fifth session (4x4 at 263: thirty-sixth); the CPU of each
#: certificate (one worker) in docs/cnote.md, "Lemma 9".
CERTIFIED: dict[int, dict[int, int]] = {
    4: {263: 9, 264: 9, 265: 9, 266: 5},
    5: {258: 9, 259: 9, 260: 9, 261: 9, 262: 5, 263: 5, 264: 5, 265: 5},
    6: {257: 9, 258: 9, 259: 9, 260: 9, 261: 5, 262: 5, 263: 5, 264: 5},
    8: {269: 5, 270: 5, 271: 5, 272: 5},
}

Grid = list[list[int]]


def applies(rows: list[int], cols: list[int]) -> bool:
    """Lemma 9: a square grid with every line at a target of `CERTIFIED` for its size."""
    n = len(rows)
    if n != len(cols) or len(set(rows + cols)) != 1:
        return False
    return rows[0] in CERTIFIED.get(n, {})


def cycle_construction(n: int, order: tuple[Sequence[int], Sequence[int]] | None = None) -> Construction:
    """The cycle C as `spanning.add_window`'s construction: its 2n cells in edge order with sigma
    = (-1)^e, the lines in cycle order (position 2i = row i, 2i + 1 = column i + 1) and condition
    (F) at each position (its margin not below 0, not above the sum of its D-neighbours'); with
    `order` = (rows, cols) the same on C's image under the row permutation `rows` and the column
    permutation `cols` (position 2i = row rows[i], 2i + 1 = column cols[i + 1]; edge e joins them
    at (rows[a], cols[b]) where C's edge e is (a, b))."""
    rows, cols = order if order is not None else (range(n), range(n))
    size = 2 * n
    cells = tuple((rows[a], cols[b]) for a, b in (edge_cell(n, e) for e in range(size)))
    lines: tuple[Line, ...] = tuple(
        ("r", rows[v // 2]) if v % 2 == 0 else ("c", cols[(v // 2 + 1) % n]) for v in range(size)
    )
    offsets = range(3, size - 2, 2)  # the D-neighbours of position v are v + offsets
    checks = []
    for v in range(size):
        checks += [((), (v,)), ((v,), tuple((v + o) % size for o in offsets))]
    return Construction(cells, tuple((-1) ** e for e in range(size)), lines, tuple(checks))


def certify(
    n: int, target: int, width: int = 5, time_limit: float = 3600.0, symmetry: bool = True
) -> tuple[Grid, list[int]] | None:
    """A digit grid and a family (the units digits on C's edges, in cycle order) whose `width`
    consecutive families from it have no repair (module docstring), or None when there is none
    (CP-SAT finds the model infeasible). Raises TimeoutError when CP-SAT decides nothing
    within `time_limit` seconds (one worker)."""
    if n < 4 or not 1 <= width <= 9:
        raise ValueError("the certificate is for n >= 4 and windows of 1 to 9 families")
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    digit = {(r, c): model.new_int_var(1, 9, f"g{r}_{c}") for r in range(n) for c in range(n)}
    made = cycle_construction(n)
    base, plain, _, _ = add_window(model, digit, dict.fromkeys(made.lines, target), made, width, target)
    if symmetry:  # position 0's two checks, in the window's first or last family
        model.add_bool_or(plain[0][:2] + plain[-1][:2])
    solver = decide(model, time_limit, f"n={n} target={target}")
    if solver is None:
        return None
    grid = [[int(solver.value(digit[r, c])) for c in range(n)] for r in range(n)]
    return grid, [int(solver.value(x)) for x in base]


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.twofamilies N T [WIDTH]`: run a certificate."""
    args = sys.argv[1:] if argv is None else argv
    usage = "usage: python -m boardlab.families.cnote.twofamilies N T [WIDTH] (integers)"
    try:
        n, target, *rest = (int(a) for a in args)
        width = rest[0] if rest else 5
        if len(rest) > 1:
            raise ValueError
    except ValueError:
        print(f"boardlab: error: {usage}, got {' '.join(args) or 'nothing'}", file=sys.stderr)
        return 2

    def body() -> int:
        start = time.process_time()
        found = certify(n, target, width)
        holds = "infeasible, every digit grid has two families repaired"
        return verdict(f"n={n} target={target} width={width}", found, holds, start)

    return run_certificate(body)


if __name__ == "__main__":  # pragma: no cover
    run_as_program(main)
