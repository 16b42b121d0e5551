"""Hints for a player placing m white and m black queens (`Family.hint`).

Without m (the maximisation puzzle) the hints aim at a(n), the proven optimum (OEIS A250000,
n <= 15; reproduced by boardlab's own proofs for n <= 10); larger boards need m.

A partial placement has the solution's shape, `{"white": [[r, c], ...], "black": [...]}`, with
at most m queens of each colour. The answer:

- `mistake` when a queen attacks a queen of the other colour (the later-listed black queens of
  such pairs are named in `remove`), when a colour has more than m queens, or when the queens
  placed cannot all be kept in any placement of m each: the SAT solver's unsatisfiable core
  over the placed queens (as assumptions) names a set of queens that cannot stay together;
- `solved` when m of each are placed peacefully;
- `progress` with one queen to add (of the colour with fewer queens) from a placement of m
  each that keeps every queen placed;
- `unsolvable` when no placement of m each exists at all.

The extension is found on the `colouring` formulation without symmetry breaking (placed
queens break the symmetry).
"""

from __future__ import annotations

from typing import Any

from pysat.solvers import Solver

from boardlab.core.errors import Unsupported
from boardlab.families.armies import model_sat as cnf_module
from boardlab.families.armies import known
from boardlab.families.armies.io import ArmiesInstance

SOLVER = "cadical195"


def _attacks(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def hint(instance: ArmiesInstance, partial: dict[str, Any] | None) -> dict[str, Any]:
    n, m = instance.n, instance.m
    if m is None:  # the maximisation puzzle: play towards a(n)
        m = known.PROVEN.get(n)
        if m is None:
            raise Unsupported(f"hints on {n}x{n} need the army size (--m M): a(n) is not known")
    partial = partial or {"white": [], "black": []}
    white = [tuple(s) for s in partial.get("white", [])]
    black = [tuple(s) for s in partial.get("black", [])]
    off = [s for s in white + black if not (0 <= s[0] < n and 0 <= s[1] < n)]
    if off:
        return _answer("mistake", f"{len(off)} queen(s) off the board", remove=_split(off, white, black))
    clash = sorted({b for b in black for w in white if _attacks(w, b)})
    if clash:
        return _answer("mistake", f"{len(clash)} black queen(s) attacked by white", remove={"white": [], "black": [list(s) for s in clash]})
    for colour, army in (("white", white), ("black", black)):
        if len(army) > m:
            extra = army[m:]
            return _answer("mistake", f"more than {m} {colour} queens", remove=_split(extra, white, black))
    if len(white) == m and len(black) == m:
        return _answer("solved", f"{m} white and {m} black queens live in peace")
    f = cnf_module.build(n, "colouring", "none")
    f.card(f.white, m, "atleast", "kmtotalizer")
    f.card(f.black, m, "atleast", "kmtotalizer")
    assumptions = [f.white[r * n + c] for r, c in white] + [f.black[r * n + c] for r, c in black]
    with Solver(name=SOLVER, bootstrap_with=f.clauses) as solver:
        if not solver.solve(assumptions=assumptions):
            core = set(solver.get_core() or [])
            if not assumptions or not core:
                return _answer("unsolvable", f"no placement of {m} white and {m} black queens exists on {n}x{n}")
            culprits_w = [s for s in white if f.white[s[0] * n + s[1]] in core]
            culprits_b = [s for s in black if f.black[s[0] * n + s[1]] in core]
            return _answer(
                "mistake",
                "these queens cannot all stay in any placement of m each",
                remove={"white": [list(s) for s in culprits_w], "black": [list(s) for s in culprits_b]},
            )
        true = {lit for lit in solver.get_model() if lit > 0}
    colour = "white" if len(white) <= len(black) else "black"
    lits, placed = (f.white, set(white)) if colour == "white" else (f.black, set(black))
    for s, lit in enumerate(lits):
        square = (s // n, s % n)
        if lit in true and square not in placed:
            place = {"white": [], "black": []}
            place[colour] = [list(square)]
            return _answer("progress", f"a {colour} queen fits on [{square[0]}, {square[1]}]", place=place)
    raise AssertionError("a model with m of each always has a square to add")  # pragma: no cover


def _split(squares: list, white: list, black: list) -> dict[str, list]:
    chosen = set(squares)
    return {"white": [list(s) for s in white if s in chosen], "black": [list(s) for s in black if s in chosen]}


def _answer(status: str, message: str, place: dict | None = None, remove: dict | None = None) -> dict[str, Any]:
    return {"status": status, "message": message, "place": place, "remove": remove}
