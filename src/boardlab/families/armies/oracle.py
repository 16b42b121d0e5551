"""The armies oracle (`core.oracle.Oracle`) for a fixed army size m: items are queens,
`(colour, (row, col))` with colour "white" or "black".

One incremental SAT solver (CaDiCaL) on the `colouring` formulation without symmetry breaking
(placed queens break the symmetry), with "at least m" of each colour; every question is a call
under assumptions. `conflict` answers from the solver's unsatisfiable core over the placed
queens instead of the default deletion loop.
"""

from __future__ import annotations

from collections.abc import Collection

from boardlab.core.oracle import Oracle
from boardlab.core.sat import solve_unlimited
from boardlab.families.armies import model_sat as cnf_module

Square = tuple[int, int]
Queen = tuple[str, Square]


class ArmiesOracle(Oracle[Queen]):
    """Questions on placements of m white and m black queens on an n x n board."""

    def __init__(self, n: int, m: int):
        self.n = n
        self.formula = cnf_module.build(n, "colouring", "none")
        self.formula.card(self.formula.white, m, "atleast", "kmtotalizer")
        self.formula.card(self.formula.black, m, "atleast", "kmtotalizer")
        self.solver = self.formula.solver()

    def close(self) -> None:
        self.solver.delete()

    def _lit(self, queen: Queen) -> int:
        colour, (r, c) = queen
        return (self.formula.white if colour == "white" else self.formula.black)[r * self.n + c]

    def solution(
        self, placed: Collection[Queen] = (), forbidden: Collection[Queen] = (), budget: float | None = None
    ) -> frozenset[Queen] | None:
        assumptions = [self._lit(q) for q in placed] + [-self._lit(q) for q in forbidden]
        if not solve_unlimited(self.solver, assumptions):
            return None
        true = {lit for lit in self.solver.get_model() if lit > 0}
        n = self.n
        return frozenset(
            (colour, (s // n, s % n))
            for colour, lits in (("white", self.formula.white), ("black", self.formula.black))
            for s, lit in enumerate(lits)
            if lit in true
        )

    def conflict(self, placed: Collection[Queen], forbidden: Collection[Queen] = ()) -> list[Queen]:
        """The placed queens in the solver's unsatisfiable core ([] when a placement exists)."""
        queens = list(placed)
        assumptions = [self._lit(q) for q in queens] + [-self._lit(q) for q in forbidden]
        if solve_unlimited(self.solver, assumptions):
            return []
        core = set(self.solver.get_core() or [])
        return [q for q in queens if self._lit(q) in core]
