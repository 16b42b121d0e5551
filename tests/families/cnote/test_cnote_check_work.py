"""The uniqueness checks' budget in estimated seconds (thirty-first session): each CP-SAT
enumeration of the generator estimates its seconds from its deterministic time and its model's
domains (`CNoteOracle.work`), and a command's checks stop at `generate.CHECK_WORK`."""

from __future__ import annotations

import pytest

from boardlab.core.errors import BadInput
from boardlab.families.cnote import generate as generate_module
from boardlab.families.cnote import oracle as oracle_module
from boardlab.families.cnote.generate import CHECK_WORK, generate
from boardlab.families.cnote.io import make_instance
from boardlab.families.cnote.model_cpsat import Model
from boardlab.families.cnote.oracle import SECONDS_PER_VALUE, CNoteOracle


def test_a_check_estimates_its_seconds_from_the_model_and_the_solve() -> None:
    """The same solve twice adds the same estimate twice; the estimate is at least the
    domains' share, and a 3-wide grid of 8 rows at 1,000 (domains of hundreds of values a cell)
    costs more than a 3x3 grid at 100."""
    estimates = []
    for digits, rows, cols in [
        ([[8, 8, 4], [6, 2, 5], [3, 6, 1]], [100] * 3, [100] * 3),
        ([[9, 3, 7]] * 8, [1000] * 8, [2667, 2667, 2666]),
    ]:
        instance = make_instance(digits, None, rows, cols)
        oracle = CNoteOracle(instance)
        oracle.several(9, 0)
        once = oracle.work
        oracle.several(9, 0)
        assert oracle.work == pytest.approx(2 * once)
        assert once >= SECONDS_PER_VALUE * Model(instance).domain_values > 0
        estimates.append(once)
    assert estimates[1] > 5 * estimates[0]


def test_the_checks_stop_at_their_estimated_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a small budget every check but the last began under it, none after it, and the
    failure says the budget was spent; the outcome is the same twice (a deterministic budget)."""
    monkeypatch.setattr(generate_module, "CHECK_WORK", 0.4)
    spent: list[float] = []
    several = CNoteOracle.several

    def counted(self: CNoteOracle, cap: int, seed: int, budget: float | None = None):  # type: ignore[no-untyped-def]
        before = self.work
        answer = several(self, cap, seed, budget)
        spent.append(self.work - before)
        return answer

    monkeypatch.setattr(oracle_module.CNoteOracle, "several", counted)
    messages = []
    for _ in range(2):
        spent.clear()
        with pytest.raises(BadInput) as failure:
            generate(8, 5, 115, 0)  # 5 columns of 8 rows (rigid below short lines at 120; 130 is annealed)
        messages.append(str(failure.value))
        assert sum(spent[:-1]) < 0.4 <= sum(spent)
        assert "their 0.4 s estimated budget spent" in messages[-1]
    assert messages[0] == messages[1]


def test_cheap_commands_are_not_cut() -> None:
    """A rigid 4x4 puzzle at 100 spends a small part of the budget (its mixing included)."""
    instance, planted, report = generate(4, 4, 100, 0)
    assert 0 < report.work < CHECK_WORK / 10
    assert report.solves > 0
