"""Unique grids in the open band found by the thirty-seventh session (docs/cnote-journal.md,
"Thirty-seventh session (helper, branch `gen-s58`)"): single annealing chains (`search.anneal`,
the side's schedule `SCHEDULES[n][k % 2]` and its budget, `random.Random(3000 + k)`), and the
puzzles main's generator makes there for seeds not surveyed before. No unique 5x5 grid was known
above 194 before. Each grid is counted two ways."""

from __future__ import annotations

import random

import pytest

from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.cnote import io
from boardlab.families.cnote.search import SCHEDULES, Enumerator, anneal

family = get("cnote")

#: (target, the grid's digits, the chain's k or None for the generator's; the side is the number
#: of rows): each unique at its target.
FOUND = [
    (195, ["99998", "91989", "88899", "89989", "98898"], 35),
    (195, ["99998", "88899", "88499", "99888", "89889"], None),  # main's generator, seed 8
]
CHAINS = [(target, rows, k) for target, rows, k in FOUND if k is not None]


def _grid(rows: list[str]) -> list[list[int]]:
    return [[int(ch) for ch in row] for row in rows]


@pytest.mark.parametrize(("target", "rows", "k"), FOUND)
def test_the_grids_are_unique_two_ways(target: int, rows: list[str], k: int) -> None:
    """One solution at its target by CP-SAT (unique mode, the answer verified) and by the
    depth-first count (`search.Enumerator`, complete), two methods; the two agree on it."""
    grid = _grid(rows)
    n = len(grid)
    instance = io.make_instance(grid, target)
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and family.verify(instance, result.solutions[0]) == []
    counter = Enumerator([target] * n, [target] * n)
    found, _, complete = counter.count(grid, 10, 10**10)
    assert found == 1 and complete
    assert counter.solution(grid, 10**10) == result.solutions[0]["grid"]


@pytest.mark.slow
@pytest.mark.parametrize(("target", "rows", "k"), CHAINS)
def test_the_chain_finds_it(target: int, rows: list[str], k: int) -> None:
    """The chain that found the grid finds it again (budgets are work units: the same course on
    every machine; a change of the annealing or of its count changes it)."""
    n = len(rows)
    schedule = SCHEDULES[n][k % 2]
    grid, _, least = anneal([target] * n, [target] * n, random.Random(3000 + k), schedule.budget, schedule)
    assert least == 1 and grid == _grid(rows)


#: (side, target, seed, the index in `FOUND` of the puzzle `generate` makes with that seed):
#: main's generator at 5x5 195, seeds 5-14 (seeds 0-4 fail, thirty-fourth and thirty-sixth
#: sessions; 5-7 and 9-14 fail, least counts 2-190).
MADE = [(5, 195, 8, 1)]


@pytest.mark.slow
@pytest.mark.parametrize(("side", "target", "seed", "index"), MADE)
def test_the_generator_makes_them(side: int, target: int, seed: int, index: int) -> None:
    """`generate --size SIDE --target T --seed S` makes that grid (budgets are work units, so the
    seed's chains are the same on every machine; a change of the annealing changes them)."""
    made = family.generate(seed, {"size": side, "target": target})
    assert made.instance.target == target
    assert [list(row) for row in made.instance.grid] == _grid(FOUND[index][1])
