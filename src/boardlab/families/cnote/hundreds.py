"""Lemma 5: Lemma 2's construction with hundreds on the cycle: no unique 4x4 puzzle from target
267 on, 5x5 from 266 on, 6x6 from 265 on, 7x7 from 264 on, 8x8 from 273 on (9x9 from 282, 10x10
from 281).

Lemma 2 (`positions`) writes the digit of each cell of the cycle C = {(i, i), (i, i+1)} in the
tens place (`10d + u`) and every other digit in the units place (`10a + d`); each of the 10
families of units digits u then leaves, per line, a margin M (the rest of the line divided by
10) to share out among the units-place cells, a transportation problem on the cells D outside
C. Here a cell of C may also take hundreds: `100h + 10d + u` (h >= 0) still contains d, and
it lowers the margins of its row and its column by 10h each. So a family gives a solution as
soon as some h >= 0 on C leaves margins m = M - 10 H (H: the h's of each line) that are
non-negative and make the transportation problem on D feasible.

*Feasibility on D as a condition on the cycle.* Put the 2n lines on C's cycle in order
(row 0, column 1, row 1, column 2, ..., row n-1, column 0: each cell of C joins two
neighbours). A line's units-place cells meet exactly the lines of the other kind that are not
its neighbours on the cycle (its D-neighbours: n - 2 of them). By Gale's theorem (1957) the
problem is feasible iff every set I of rows has margin at most that of the columns it reaches.
For n >= 4 a single row reaches its n - 2 D-neighbours, two rows i - 1, i reach all columns but
column i (their condition is, subtracting it from the equal totals, column i's own one), and
any other set of rows reaches every column. So, with equal totals (which hold: both are the
grand total minus the same numbers, over 10), the problem is feasible iff

    (F)  every line's margin is at most the sum of its D-neighbours' margins, margins >= 0.

*The margin box.* A margin is (T - two tens-place numbers - (n - 2) units digits) / 10, an
integer, with the numbers 10..99 and the digits 1..9: so M lies in [lo, hi] with
lo = ceil((T - 198 - 9 (n - 2)) / 10) and hi = floor((T - 20 - (n - 2)) / 10) (`box`).

*The certificate.* `certify(n, lo, hi)` enumerates every integer vector of [lo, hi]^(2n) with
equal row and column totals that breaks (F) at the first position of the cycle (the problem
is invariant under the rotations and reflections of the cycle, which map lines to lines and
cycle cells to cycle cells, so every vector breaking (F) somewhere has an image breaking it
there), and checks that 100 on one cell of C (its two lines' margins lowered by 10), else
200 on one, else 100 on two, restores (F). Measured: no vector is left over in the boxes of `CERTIFIED` (4x4: the ten boxes
[k, k + 19], k = 6..18, which hold the boxes of the targets 267 to 393; 5x5: [k, k + 20], k =
5..9, targets 266 to 313; 6x6: [5, 26], targets 275 to 293; the 4x4 box [9, 27] of target 300 was also checked without the
reduction, all 429,042,211 vectors); at 4x4 and target 266 (box [5, 24]) 47,998 are (with 100 on one cell only, the
box [8, 27] of target 296 already left 17,054). A box
inside a certified one is certified (its vectors are among the larger box's).

*The same certificate by CP-SAT (sixth session).* `certify_cpsat(n, lo, hi)` asks CP-SAT for
such a vector directly: integer margins in [lo, hi] with equal totals, (F) broken at position
0, and for each of the 2n + 2n + n (2n - 1) repairs a clause saying that the repaired vector
breaks (F) somewhere (some margin negative or above its D-neighbours' sum). Infeasible means
no vector is left over: the same statement as `certify`'s zero, reached without listing the
vectors, so boxes of 7x7 to 10x10 (14 to 20 margins, out of reach of the enumeration) take
0.1-0.5 s of CPU. It agrees with the enumeration on every 4x4-6x6 box of the tests and on
the 6x6 boxes [5, 26] and [4, 25] (the latter 1,666,685,267 vectors, none left over, 1,705 s), and each vector it leaves over
is checked unrepairable in grid coordinates. Boxes it certified: 6x6 [4, 25], 7x7 [k, k + 21]
for k = 3, 4, 5, 8x8 [k, k + 22] for k = 3, 4, 9x9 [3, 26], 10x10 [k, k + 24] for k = 2, 3; one
below each (7x7 at 263, box [2, 23]; 6x6 at 264, [3, 24]; 8x8 at 272, [2, 24]; 9x9 at 281,
[2, 25]; 10x10 at 280, [1, 25]) has a vector left over. Hence:

**Lemma 5.** On a 4x4 grid with every line target T in 267..393, or a 5x5 grid with T in
266..313, a 6x6 grid with T in 265..293, 7x7 with T in 264..287, 8x8 with T in 273..287, 9x9
with T in 282..290 or 10x10 with T in 281..295, every digit grid (digits 1-9) has at least 10
solutions (one per family of units digits; they differ on C), so no unique puzzle exists. With
Lemma 2: no unique 4x4 puzzle from target 267 on, 5x5 from 266 on, 6x6 from 265 on, 7x7 from
264 on, 8x8 from 273 on, 9x9 from 282 on, 10x10 from 281 on. `ten_solutions` builds
the 10 (trying the repairs in that order) and the tests check each with the independent
`verify` and count with CP-SAT, on random grids and on grids where Lemma 2's construction
alone falls short.

`python -m boardlab.families.cnote.hundreds N LO HI` reruns a certificate (0.1-1.4 s of CPU
per 4x4 box, 0.6-48 s per 5x5 box, 289 s for the 6x6 box, plus about 5 s of compilation the first time);
with `--cpsat` first, by CP-SAT (under a second per box). Gale, "A
theorem on flows in networks", Pacific J. Math. 7 (1957).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import numpy as np

from boardlab.core.errors import SolverBug
from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.positions import _transport, cycle_families, unit_cells

Grid = list[list[int]]

#: (n, lo, hi): the margin boxes whose certificate left no vector over (module docstring),
#: with the least line target whose box each one holds. A box inside a certified one is
#: certified too (fewer vectors; (F) and the repairs do not depend on the box). With Lemma 2:
#: no unique 4x4 puzzle from target 267 on, 5x5 from 266 on, 6x6 from 265 on, 7x7 from 264 on,
#: 8x8 from 273 on, 9x9 from 282 on, 10x10 from 281 on.
CERTIFIED: dict[tuple[int, int, int], int] = {
    **{(4, k, k + 19): 306 + 10 * (k - 9) for k in range(6, 19)},
    **{(5, k, k + 20): 275 + 10 * (k - 5) for k in range(5, 10)},
    (6, 5, 26): 284,
    # certified by CP-SAT (`certify_cpsat`, sixth session; boxes of 14-20 margins are out of the
    # enumeration's reach; 6x6 [4, 25] also by the enumeration, 1,705 s)
    (6, 4, 25): 274,
    **{(7, k, k + 21): 265 + 10 * (k - 3) for k in range(3, 6)},
    **{(8, k, k + 22): 276 + 10 * (k - 3) for k in range(3, 5)},
    (9, 3, 26): 287,
    **{(10, k, k + 24): 288 + 10 * (k - 2) for k in range(2, 4)},
}


def box(n: int, target: int) -> tuple[int, int]:
    """The margins' range [lo, hi] on an n x n grid with every line target `target`."""
    lo = -((-(target - 198 - 9 * (n - 2))) // 10)
    hi = (target - 20 - (n - 2)) // 10
    return lo, hi


def applies(rows: list[int], cols: list[int]) -> bool:
    """Lemma 5: a square grid with every line target the same whose margin box lies inside a
    certified one (then every digit grid has at least 10 solutions)."""
    n = len(rows)
    if n != len(cols) or len(set(rows + cols)) != 1:
        return False
    lo, hi = box(n, rows[0])
    return any(m == n and low <= lo and hi <= high for m, low, high in CERTIFIED)


def certify(n: int, lo: int, hi: int) -> tuple[int, int, list[int]]:
    """Every vector of [lo, hi]^(2n) with equal totals breaking (F) at position 0: how many,
    how many no repair (100 or 200 on one cycle cell, 100 on two) restores, and the first of those (zeros when none)."""
    if n < 4 or lo < 0 or hi < lo:
        raise ValueError("the certificate is for n >= 4 and 0 <= lo <= hi")
    size = 2 * n
    neighbours = np.arange(3, size - 2, 2)  # the D-neighbours of position 0
    rest = [k for k in range(1, size) if k % 2 == 0 or k in (1, size - 1)]
    # the last of the others (position 2n - 1, a column) is set by the equal totals
    from boardlab.families.cnote.hundreds_kernels import certify_box

    checked, left, example = certify_box(n, lo, hi, neighbours, np.array(rest[:-1], dtype=np.int64), rest[-1])
    return int(checked), int(left), [int(v) for v in example]


def edge_cell(n: int, e: int) -> tuple[int, int]:
    """The cell of C joining positions e and e + 1 of the cycle of lines (position 2i = row i,
    2i + 1 = column i + 1): (e/2, e/2 + 1) for even e, ((e + 1)/2, (e + 1)/2) for odd e, mod n."""
    if e % 2 == 0:
        return e // 2, (e // 2 + 1) % n
    k = (e + 1) // 2 % n
    return k, k


def run_certificate(body: Callable[[], int]) -> int:
    """A certificate command's exit code: `body`'s (it runs the certificate and prints the
    verdict), or 2 on a ValueError (bad arguments), 3 on a TimeoutError (CP-SAT decided nothing),
    130 when interrupted, each with its message on stderr."""
    try:
        return body()
    except ValueError as error:
        print(f"boardlab: error: {error}", file=sys.stderr)
        return 2
    except TimeoutError as error:
        print(f"boardlab: {error}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        print("boardlab: interrupted", file=sys.stderr)
        return 130


def verdict(what: str, found: object, holds: str, start: float) -> int:
    """A CP-SAT certificate command's line, `what: CP-SAT: holds` when it is infeasible (`found`
    None) or `what: CP-SAT: left over: found`, with the CPU since `start`; returns the exit code
    (0: it holds, 1: a left-over). Used by the commands of Lemmas 5 (`--cpsat`), 9 and 10 and
    of Lemma 9's general form."""
    outcome = holds if found is None else f"left over: {found}"
    print(f"{what}: CP-SAT: {outcome}; {time.process_time() - start:.1f} s of CPU")
    return 0 if found is None else 1


def decide(model: Any, time_limit: float, what: str, parameters: Mapping[str, Any] | None = None) -> Any:
    """Solve a certificate's CP-SAT `model` with one worker: None when it is infeasible (the
    certificate holds), else the solver holding the solution found (a left-over, read with
    `solver.value`). Raises TimeoutError when CP-SAT decides nothing on `what` within
    `time_limit` seconds. `parameters`: CP-SAT's parameters set besides (by name, as
    `SatParameters` spells them; Lemma 14's `trees.SOLVER`). Used by every certificate (Lemmas
    5, 9 and 10, Lemma 9's general form, Lemma 14)."""
    from ortools.sat.python import cp_model

    from boardlab.core.cpsat import solve_interruptibly

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    for name, value in (parameters or {}).items():
        setattr(solver.parameters, name, value)
    status = solve_interruptibly(solver, model)
    if status == cp_model.INFEASIBLE:
        return None
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return solver
    raise TimeoutError(f"CP-SAT decided nothing on {what} within {time_limit} s")


def repairs(size: int) -> list[dict[int, int]]:
    """The repairs of `certify` on a cycle of `size` edges (edge e joins positions e and e + 1),
    as {edge: h}: h = 1 or 2 on one edge, 1 on two."""
    edges = range(size)
    return (
        [{e: 1} for e in edges]
        + [{e: 2} for e in edges]
        + [{e: 1, f: 1} for e in edges for f in edges if e < f]
    )


def broken(model: Any, m: list[Any], h: dict[int, int]) -> list[Any]:
    """Literals of a CP-SAT `model`, two per position v along the cycle (at v: the margin is
    negative; it exceeds the sum of its D-neighbours'), one of which must hold where the margins
    `m`, lowered by the repair `h` (10 per hundred on each of v's two cycle cells), break (F)."""
    size = len(m)
    offsets = range(3, size - 2, 2)  # the D-neighbours of position v are v + offsets
    lowered = [10 * (h.get((v - 1) % size, 0) + h.get(v, 0)) for v in range(size)]
    literals = []
    for v in range(size):
        negative, over = model.new_bool_var(""), model.new_bool_var("")
        model.add(m[v] - lowered[v] < 0).only_enforce_if(negative)
        model.add(
            m[v] - lowered[v] > sum(m[(v + o) % size] - lowered[(v + o) % size] for o in offsets)
        ).only_enforce_if(over)
        literals += [negative, over]
    return literals


def certify_cpsat(n: int, lo: int, hi: int, time_limit: float = 600.0) -> list[int] | None:
    """The same question as `certify`, asked of CP-SAT instead of an enumeration: a vector of
    [lo, hi]^(2n) (positions along the cycle) with equal row and column totals that breaks (F)
    at position 0 and that no repair of `certify` (h = 1 or 2 on one cycle edge, 1 on two:
    every h >= 0 with sum 1 or 2) restores, or None when there is none (the model is
    infeasible: the box is certified). Each repair h contributes one clause: some position v
    has m_v = M_v - 10 (h_{v-1} + h_v) < 0 or m_v > the sum of its D-neighbours' m. Raises
    TimeoutError when CP-SAT decides nothing within `time_limit` seconds (one worker, so the
    answer does not depend on the machine)."""
    if n < 4 or lo < 0 or hi < lo:
        raise ValueError("the certificate is for n >= 4 and 0 <= lo <= hi")
    from ortools.sat.python import cp_model

    size = 2 * n
    offsets = range(3, size - 2, 2)  # the D-neighbours of position v are v + offsets
    model = cp_model.CpModel()
    m = [model.new_int_var(lo, hi, f"m{v}") for v in range(size)]
    model.add(sum(m[0::2]) == sum(m[1::2]))  # rows at even positions, columns at odd ones
    model.add(m[0] > sum(m[o] for o in offsets))  # (F) broken at position 0 (lo >= 0)
    for h in repairs(size):
        model.add_bool_or(broken(model, m, h))
    solver = decide(model, time_limit, f"n={n} box=[{lo}, {hi}]")
    return None if solver is None else [int(solver.value(x)) for x in m]


def margins_of_families(digits: Grid, target: int) -> Iterator[tuple[Grid, np.ndarray]]:
    """C's 10 families on the grid (every line at `target`): each family's grid
    (`cycle_families`: tens on C, bare digits elsewhere) and its margins along the cycle
    (position 2i = row i, 2i + 1 = column i + 1)."""
    n = len(digits)
    for grid in cycle_families(digits, [target] * n, [target] * n):
        rows = [(target - sum(grid[r])) // 10 for r in range(n)]
        cols = [(target - sum(grid[r][c] for r in range(n))) // 10 for c in range(n)]
        yield grid, np.array([rows[v // 2] if v % 2 == 0 else cols[(v // 2 + 1) % n] for v in range(2 * n)])


def repair_of(code: int, size: int) -> dict[int, int]:
    """The repair {edge: hundreds} the kernel's `repair` answers with `code` (-1: none; below
    `size`, 100 on that edge; below 2 `size`, 200; else 100 on two edges e < f, coded 2 size +
    e size + f)."""
    if code < 0:
        return {}
    if code >= 2 * size:
        e, f = divmod(code - 2 * size, size)
        return {e: 1, f: 1}
    return {code % size: 1 + code // size}


def raised(grid: Grid, margins: np.ndarray, h: dict[int, int]) -> tuple[Grid, list[int], list[int]]:
    """A family's grid on C with the repair h's hundreds added, and the margins of its rows and
    columns after h."""
    n = len(grid)
    size = 2 * n
    rows = [int(margins[2 * r]) for r in range(n)]
    cols = [int(margins[(2 * c - 1) % size]) for c in range(n)]
    base = [row[:] for row in grid]
    for e, times in h.items():
        r, c = edge_cell(n, e)
        base[r][c] += 100 * times
        rows[r] -= 10 * times
        cols[c] -= 10 * times
    return base, rows, cols


def transported(rows: list[int], cols: list[int], n: int) -> Grid:
    """The transport of these margins on the cells off C (augmenting paths); (F) must hold."""
    extra = _transport(rows, cols, unit_cells(n))
    if extra is None:  # (F) holds, so Gale's theorem says this does not happen
        raise SolverBug("the transportation problem is infeasible although (F) holds")
    return extra


def solved(grid: Grid, margins: np.ndarray, h: dict[int, int]) -> Grid:
    """The solution of a family after the repair h (which must satisfy (F)): the cycle cells
    `100 h + 10 d + u`, the others `10 a + d` with a the transport."""
    base, rows, cols = raised(grid, margins, h)
    extra = transported(rows, cols, len(grid))
    return [[base[r][c] + 10 * extra[r][c] for c in range(len(grid))] for r in range(len(grid))]


def ten_solutions(digits: Grid, target: int) -> list[Grid]:
    """The solutions of Lemma 5's construction, one per family of units digits on C whose
    margins some h (none, 100 or 200 on one cycle cell, 100 on two) makes feasible: all 10 where `applies`.
    Every line's target is `target`."""
    n = len(digits)
    if n < 4 or any(len(row) != n for row in digits) or any(not 1 <= d <= 9 for row in digits for d in row):
        raise ValueError("Lemma 5 is about square grids of 4x4 or more with digits 1-9")
    from boardlab.families.cnote.hundreds_kernels import repair

    found = []
    for grid, margins in margins_of_families(digits, target):
        code = int(repair(margins, n))
        if code != -2:
            found.append(solved(grid, margins, repair_of(code, 2 * n)))
    return found


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.hundreds N LO HI`: run a certificate, print the counts."""
    args = sys.argv[1:] if argv is None else argv
    usage = "usage: python -m boardlab.families.cnote.hundreds [--cpsat] N LO HI (three integers)"
    cpsat = bool(args) and args[0] == "--cpsat"
    if cpsat:
        args = args[1:]
    try:
        n, lo, hi = (int(a) for a in args)
    except ValueError:
        print(f"boardlab: error: {usage}, got {' '.join(args) or 'nothing'}", file=sys.stderr)
        return 2

    def body() -> int:
        start = time.process_time()
        if cpsat:
            found = certify_cpsat(n, lo, hi)
            return verdict(f"n={n} box=[{lo}, {hi}]", found, "infeasible, no vector left over", start)
        checked, left, example = certify(n, lo, hi)
        print(
            f"n={n} box=[{lo}, {hi}]: {checked} vectors break (F) at position 0, {left} left over"
            + (f" (first: {example})" if left else "")
            + f"; {time.process_time() - start:.1f} s of CPU"
        )
        return 0 if left == 0 else 1

    return run_certificate(body)


if __name__ == "__main__":  # pragma: no cover
    run_as_program(main)
