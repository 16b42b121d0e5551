"""6x6 puzzles the generator makes above 165 (docs/cnote-journal.md, "Thirty-fifth session (helper,
branch `gen-s56`)": main's survey of the band, seeds 0-4): the first 6x6 puzzles at 169, and one
at 168. Budgets are work units, so each seed's chains are the same on every machine."""

from __future__ import annotations

import pytest

from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.cnote import io
from boardlab.families.cnote.search import Enumerator

family = get("cnote")

#: (target, seed, the puzzle's digits) as `boardlab cnote generate --size 6` made them.
MADE = [
    (169, 0, ["398999", "999799", "998999", "969993", "997599", "949999"]),
    (168, 3, ["598999", "999993", "949868", "899939", "997999", "999999"]),
]


def _grid(rows: list[str]) -> list[list[int]]:
    return [[int(ch) for ch in row] for row in rows]


@pytest.mark.parametrize(("target", "seed", "rows"), MADE)
def test_the_band_puzzles_are_unique_two_ways(target: int, seed: int, rows: list[str]) -> None:
    """Each grid has one solution at its target by CP-SAT (unique mode, the answer verified) and
    by the depth-first count (`search.Enumerator`), two methods."""
    grid = _grid(rows)
    instance = io.make_instance(grid, target)
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and family.verify(instance, result.solutions[0]) == []
    found, _, complete = Enumerator([target] * 6, [target] * 6).count(grid, 10, 10**10)
    assert found == 1 and complete


@pytest.mark.slow
@pytest.mark.parametrize(("target", "seed", "rows"), MADE)
def test_the_generator_makes_them(target: int, seed: int, rows: list[str]) -> None:
    """`generate` with that seed makes that puzzle (a change of the count's units or of the
    annealing changes the chains' course, and this says so)."""
    made = family.generate(seed, {"size": 6, "target": target})
    assert made.instance.target == target and [list(row) for row in made.instance.grid] == _grid(rows)
