"""The Tents oracle (`core.oracle.Oracle`): an incremental SAT solver on the `matching` model.

Items are tent cells; a player's empty marks are forbidden items. Every question is one SAT
call under assumptions (placed tents true, forbidden cells false), so the solver keeps what it
learnt between the questions of a hint or a generator. Cells outside the candidate set of
`prepare` are empty in every solution: placing a tent there is impossible at once.

For the generator, `prefer` makes a solution the solver's preferred phases (CaDiCaL's
`set_phases`, which also switches its "lucky" phases off) and `exclude` blocks it for good:
then `solution(givens)` is the generator's alternative, found close to the planted solution.
"""

from __future__ import annotations

from collections.abc import Collection

from boardlab.core.errors import SolverBug
from boardlab.core.oracle import UNDECIDED, Oracle, Undecided
from boardlab.core.sat import DEFAULT_SOLVER, solve_before, solve_unlimited
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.model_sat import build

Cell = tuple[int, int]


class TentsOracle(Oracle[Cell]):
    """Questions on one Tents puzzle (cells outside the candidates are never tents)."""

    def __init__(self, instance: TentsInstance, encoding: str = "cardnetwrk", model: str = "matching"):
        """`model`: a `model_sat` model; tests pass `full` (no simplification, no deduction)
        to check the deduction rules against a formula that does not use them."""
        self.built = build(instance, model, encoding)
        self.solver = self.built.cnf.solver(DEFAULT_SOLVER)

    def close(self) -> None:
        self.solver.delete()

    def solution(
        self, placed: Collection[Cell] = (), forbidden: Collection[Cell] = (), budget: float | None = None
    ) -> frozenset[Cell] | None | Undecided:
        var = self.built.tent_var
        if any(cell not in var for cell in placed):
            return None
        assumptions = [var[cell] for cell in placed] + [-var[cell] for cell in forbidden if cell in var]
        if budget is None:
            answer: bool | None = solve_unlimited(self.solver, assumptions)
        else:
            answer = solve_before(self.solver, assumptions=assumptions, conflicts=int(budget))
        if answer is None:
            return UNDECIDED
        if not answer:
            return None
        model = self.solver.get_model()  # model[v - 1] is the literal of variable v
        return frozenset(cell for cell, v in var.items() if model[v - 1] > 0)

    def conflicts(self) -> int:
        """Conflicts spent by the solver so far."""
        return int((self.solver.accum_stats() or {}).get("conflicts", 0))

    def prefer(self, tents: Collection[Cell]) -> None:
        """Make the full assignment of a solution with `tents` the preferred phases."""
        if self.solution(tents) is None:
            raise SolverBug("the preferred tents are not a solution of the model")
        self.solver.set_phases(self.solver.get_model())

    def exclude(self, tents: Collection[Cell]) -> None:
        """Block the solution with exactly `tents` from now on (one clause over the tent cells)."""
        var = self.built.tent_var
        chosen = set(tents)
        self.solver.add_clause([-var[c] if c in chosen else var[c] for c in sorted(var)])
