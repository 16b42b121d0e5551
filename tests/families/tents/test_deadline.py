"""Building the model counts against the request's deadline: a board whose deduction outlasts the
time limit answers `unknown` without building clauses or starting a solver (fake clock)."""

from __future__ import annotations

import random

import pytest

from boardlab.core import registry
from boardlab.core.deadline import Deadline
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.families.tents import model_cpsat, sat_constraints
from boardlab.families.tents.board import random_instance


class SteppingClock:
    """A clock that moves one second each time it is read (after the deadline is made)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def _never(*args, **kwargs):
    raise AssertionError("called after the deadline had passed")


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_deadline_passing_during_deduction_gives_unknown_before_any_solver(backend: str, monkeypatch) -> None:
    instance, _ = random_instance(40, 40, 0.16, random.Random(7))
    monkeypatch.setattr(sat_constraints, "pairing", _never)  # the first clauses after deduction
    monkeypatch.setattr("boardlab.core.sat.CNF.solver", _never)
    monkeypatch.setattr(model_cpsat, "solve_cpsat", _never)
    request = SolveRequest(Mode.UNIQUE, deadline=Deadline.after(0.5, SteppingClock()), backend=backend)
    result = registry.get("tents").solve(instance, request)
    assert result.status == Status.UNKNOWN and result.solutions == [] and result.unique is None


def test_same_board_without_a_limit_is_answered() -> None:
    instance, _ = random_instance(12, 12, 0.16, random.Random(7))
    result = registry.get("tents").solve(instance, SolveRequest(Mode.FIRST, deadline=Deadline.after(None)))
    assert result.status == Status.SOLVED
