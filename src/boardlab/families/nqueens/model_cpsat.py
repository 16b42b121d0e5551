"""The CP-SAT model of N-Queens: one integer variable per row (the queen's column).

Constraints: AllDifferent over the columns, over col + row and over col - row (the two
diagonal families); fixed queens fix their row's variable. Used for counting and enumeration
cross-checks, and for completion puzzles too large for the bitboard (n > 62).
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from boardlab.core.cpsat import solve_cpsat
from boardlab.core.results import Outcome, SolveRequest
from boardlab.families.nqueens.io import QueensInstance


def build(instance: QueensInstance) -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    n = instance.n
    model = cp_model.CpModel()
    cols = [model.new_int_var(0, n - 1, f"q{r}") for r in range(n)]
    model.add_all_different(cols)
    model.add_all_different([cols[r] + r for r in range(n)])
    model.add_all_different([cols[r] - r for r in range(n)])
    for row, col in instance.fixed:
        model.add(cols[row] == col)
    model.add_decision_strategy(cols, cp_model.CHOOSE_FIRST, cp_model.SELECT_MIN_VALUE)
    return model, cols


def solve(instance: QueensInstance, request: SolveRequest) -> Outcome:
    model, cols = build(instance)
    return solve_cpsat(
        model,
        cols,
        lambda value: {"queens": [int(value(v)) for v in cols]},
        request,
        model_name="alldifferent",
    )
