"""Unique grids in the open band, found by single annealing chains (`search.anneal`, a side's
schedule and budget) and by main's generator at seeds not surveyed before: the thirty-sixth
session's (docs/cnote-journal.md, "Thirty-sixth session (helper, branch `gen-s57`)", chains
`random.Random(1000 + k)`, none of them by the proof-guided candidates that session tried) and
the thirty-seventh's ("Thirty-seventh session (helper, branch `gen-s58`)", chains
`random.Random(3000 + k)` with `SCHEDULES[n][k % 2]`: the first unique 5x5 grids above 194).
Each grid is counted two ways."""

from __future__ import annotations

import random

import pytest

from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.cnote import io
from boardlab.families.cnote.search import SCHEDULES, Enumerator, anneal

family = get("cnote")

#: (target, the grid's digits; the side is the number of rows): each unique at its target (k: the
#: chain's `random.Random(1000 + k)`); no unique grid was known at 5x5 194, 7x7 165 or 8x8 161,
#: 164 and 166-168 before.
FOUND = [
    (194, ["98998", "89899", "89998", "96998", "85498"]),  # chain k = 1
    (194, ["89898", "99999", "88989", "98888", "99879"]),  # main's generator, seed 5
    (167, ["984899", "999899", "929999", "498999", "899999", "999994"]),  # k = 0
    (165, ["9989999", "9498999", "6999989", "9399999", "8999299", "9899782", "8883989"]),  # k = 8
    # the generator, seed 4, until the forty-sixth session (7x7's second chain changed then)
    (165, ["9297999", "9923999", "9999899", "9999998", "9989889", "9299498", "9993985"]),
    (161, ["99299989", "99999999", "99939999", "89999799", "92899999", "85896299", "99998899", "99999919"]),
    (164, ["28999998", "89999988", "89998999", "98998999", "99999892", "99991989", "99939999", "99999999"]),
    (166, ["99998999", "88189999", "89989829", "99989899", "99999999", "91999992", "99999899", "99999989"]),
    (167, ["98899398", "98958999", "98939899", "99999929", "99989919", "99979999", "99919898", "99999919"]),
    (168, ["91899989", "99999998", "91989991", "99999989", "88999989", "99889998", "99999919", "99999299"]),
    # main's generator, seed 2
    (168, ["99999999", "19981989", "89999998", "91999998", "99199888", "99939899", "99998999", "99999989"]),
    # thirty-seventh session: chain k = 35 (`random.Random(3035)`), and main's generator, seed 8
    (195, ["99998", "91989", "88899", "89989", "98898"]),
    (195, ["99998", "88899", "88499", "99888", "89889"]),
    # forty-sixth session: the generator, seed 0, with 7x7's second chain of fresh digits 6-9
    (166, ["9986769", "9669797", "8866889", "6967669", "4996888", "6996696", "9688967"]),
]
#: (the index in `FOUND`, k) of the thirty-seventh session's chains, replayed in the slow step.
CHAINS = [(11, 35)]


def _grid(rows: list[str]) -> list[list[int]]:
    return [[int(ch) for ch in row] for row in rows]


@pytest.mark.parametrize(("target", "rows"), FOUND)
def test_the_grids_are_unique_two_ways(target: int, rows: list[str]) -> None:
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
@pytest.mark.parametrize(("index", "k"), CHAINS)
def test_the_chain_finds_it(index: int, k: int) -> None:
    """The chain that found the grid finds it again (budgets are work units: the same course on
    every machine; a change of the annealing or of its count changes it)."""
    target, rows = FOUND[index]
    n = len(rows)
    schedule = SCHEDULES[n][k % 2]
    grid, _, least = anneal([target] * n, [target] * n, random.Random(3000 + k), schedule.budget, schedule)
    assert least == 1 and grid == _grid(rows)


#: (side, target, seed, the index in `FOUND` of the puzzle `generate` makes with that seed):
#: main's generator at cells not surveyed before (5x5 194: seeds 0-4 and 6-9 fail; 8x8 168: seeds
#: 0, 1, 3 and 4 fail; 5x5 195: seeds 0-7 and 9-14 fail); since the forty-sixth session 7x7 166
#: (seeds 1-4 fail; 7x7 165, seed 4's until then, fails for seeds 0-4 with the new second chain).
MADE = [(5, 194, 5, 1), (7, 166, 0, 13), (8, 168, 2, 10), (5, 195, 8, 12)]


@pytest.mark.slow
@pytest.mark.parametrize(("side", "target", "seed", "index"), MADE)
def test_the_generator_makes_them(side: int, target: int, seed: int, index: int) -> None:
    """`generate --size SIDE --target T --seed S` makes that grid (budgets are work units, so the
    seed's chains are the same on every machine; a change of the annealing changes them)."""
    made = family.generate(seed, {"size": side, "target": target})
    assert made.instance.target == target
    assert [list(row) for row in made.instance.grid] == _grid(FOUND[index][1])
