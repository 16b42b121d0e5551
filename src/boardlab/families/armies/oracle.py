"""The armies oracle (`core.oracle.Oracle`) for a fixed army size m: items are queens,
`(colour, (row, col))` with colour "white" or "black".

One incremental SAT solver (CaDiCaL) on the `colouring` formulation without symmetry breaking
(placed queens break the symmetry), with "at least m" of each colour; every question is a call
under assumptions. `conflict` answers from the solver's unsatisfiable core over the placed
queens instead of the default deletion loop.

On large boards "at least m" is the SAT side's cost: python-sat encodes it as "at most n^2 - m
of the negations" (`CardEnc.atleast`, kmtotalizer), whose size grows with n^2 times a
logarithmic factor of n^2 - m: 11.6 million clauses and 2.2 GB for one colour at n = 200, m =
100 (measured, docs/armies.md "Hints on large boards"). `CpsatArmiesOracle` asks the same
questions of CP-SAT, where the two sums are native linear constraints (no encoding): the same
`colouring` formulation (`model_cpsat.build`), placed and forbidden queens as assumptions, and
the conflict from `sufficient_assumptions_for_infeasibility` (CP-SAT's core over the
assumptions, one worker). `armies_oracle` picks the backend by the board's size (`CPSAT_FROM`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from ortools.sat.python import cp_model

from boardlab.core.cpsat import solve_interruptibly
from boardlab.core.oracle import Oracle
from boardlab.core.sat import solve_unlimited
from boardlab.families.armies import model_cpsat
from boardlab.families.armies import model_sat as cnf_module

#: Boards from this size on get the CP-SAT oracle: at n = 80, m = 50 the SAT oracle's build and
#: first solve took 4.0 s of CPU and 591 MB, CP-SAT's 2.0 s and 150 MB; at n = 100, m = 60 SAT
#: 9.2 s and 1.0 GB, CP-SAT 4.1 s and 180 MB (docs/armies.md, "Hints on large boards").
CPSAT_FROM = 80

Square = tuple[int, int]
Queen = tuple[str, Square]


def queens_of(
    n: int, white: Sequence[Any], black: Sequence[Any], holds: Callable[[Any], bool]
) -> frozenset[Queen]:
    """The queens whose variable holds in a solution: `white` and `black` are one variable per
    square, row-major, and `holds` says whether a variable is true (both backends' answers)."""
    return frozenset(
        (colour, (s // n, s % n))
        for colour, lits in (("white", white), ("black", black))
        for s, lit in enumerate(lits)
        if holds(lit)
    )


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
        return queens_of(self.n, self.formula.white, self.formula.black, true.__contains__)

    def conflict(self, placed: Collection[Queen], forbidden: Collection[Queen] = ()) -> list[Queen]:
        """The placed queens in the solver's unsatisfiable core ([] when a placement exists)."""
        queens = list(placed)
        assumptions = [self._lit(q) for q in queens] + [-self._lit(q) for q in forbidden]
        if solve_unlimited(self.solver, assumptions):
            return []
        core = set(self.solver.get_core() or [])
        return [q for q in queens if self._lit(q) in core]


class CpsatArmiesOracle(Oracle[Queen]):
    """The questions of `ArmiesOracle` asked of CP-SAT (module docstring): one model, built once,
    each question a solve under assumptions."""

    def __init__(self, n: int, m: int):
        self.n = n
        self.built = model_cpsat.build(n, "colouring", m=m)

    def _lit(self, queen: Queen) -> cp_model.IntVar:
        colour, (r, c) = queen
        return (self.built.white if colour == "white" else self.built.black)[r * self.n + c]

    def _solve(
        self, placed: Collection[Queen], forbidden: Collection[Queen]
    ) -> tuple[cp_model.CpSolver, Any]:
        model = self.built.model
        model.clear_assumptions()
        model.add_assumptions([self._lit(q) for q in placed] + [self._lit(q).Not() for q in forbidden])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1  # the core over the assumptions needs one worker
        code = solve_interruptibly(solver, model)
        if code == cp_model.MODEL_INVALID:  # pragma: no cover - the model is built here
            raise RuntimeError("CP-SAT rejected the armies model as invalid")
        return solver, code

    def solution(
        self, placed: Collection[Queen] = (), forbidden: Collection[Queen] = (), budget: float | None = None
    ) -> frozenset[Queen] | None:
        solver, code = self._solve(placed, forbidden)
        if code == cp_model.INFEASIBLE:
            return None
        return queens_of(self.n, self.built.white, self.built.black, solver.boolean_value)

    def conflict(self, placed: Collection[Queen], forbidden: Collection[Queen] = ()) -> list[Queen]:
        """The placed queens among CP-SAT's sufficient assumptions for infeasibility ([] when a
        placement exists)."""
        queens = list(placed)
        solver, code = self._solve(queens, forbidden)
        if code != cp_model.INFEASIBLE:
            return []
        core = set(solver.sufficient_assumptions_for_infeasibility())
        return [q for q in queens if self._lit(q).index in core]


def armies_oracle(n: int, m: int) -> ArmiesOracle | CpsatArmiesOracle:
    """The oracle for m + m queens on n x n: SAT (incremental, fastest on the boards people play)
    below `CPSAT_FROM`, CP-SAT from there (the cardinality encoding's size; docs/armies.md)."""
    return CpsatArmiesOracle(n, m) if n >= CPSAT_FROM else ArmiesOracle(n, m)
