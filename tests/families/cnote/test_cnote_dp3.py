"""The `dp` backend on grids three cells wide or high (`cnote/dp3.py`: the bitset partial sums of
two cross lines, forty-third session, helper, branch wide-s64) against the brute force and
CP-SAT, its exact counts beyond int64, `auto`'s choice, and the generator's confirmation by it
with CP-SAT barred."""

from __future__ import annotations

import json
import random
import time
from itertools import islice

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.cnote import dp, dp3, io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.dp3 import PRIMES, Band, NotBand
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.verify import violations

FAMILY = get("cnote")
#: The rare-type search's puzzle of 8 columns of 3 rows at 400 (`generate --seed 0`): unique.
PUZZLE_8X3_400 = [[8, 4, 8, 9, 9, 8, 9, 8], [9, 9, 9, 8, 9, 9, 8, 9], [9, 8, 9, 9, 9, 9, 9, 9]]


@st.composite
def bands(draw: st.DrawFn) -> io.CNoteInstance:
    """A grid of 3 columns and 1-4 rows (or its transpose), digits 0-9, each row a target of
    1-30 and the columns a split of their total (sometimes off by one: no solution)."""
    height = draw(st.integers(1, 4))
    grid = [[draw(st.integers(0, 9)) for _ in range(3)] for _ in range(height)]
    rows = [draw(st.integers(1, 30)) for _ in range(height)]
    total = sum(rows)
    first = draw(st.integers(1, max(1, total - 2)))
    second = draw(st.integers(1, max(1, total - first - 1)))
    cols = [first, second, max(1, total - first - second)]
    cols[-1] += draw(st.sampled_from([0, 0, 0, 1]))
    if draw(st.booleans()):  # the transpose: 3 rows
        grid = [list(column) for column in zip(*grid)]
        rows, cols = cols, rows
    return io.make_instance(grid, None, rows, cols)


def _key(grid: list[list[int]]) -> str:
    return json.dumps(grid)


@settings(max_examples=150, deadline=None)
@given(bands())
def test_counts_and_solutions_are_the_brute_force_s(instance: io.CNoteInstance) -> None:
    band = Band(instance)
    listed = list(band.solutions())
    truth = list(brute_solutions(instance))
    assert band.count() == len(truth) == len(listed)
    assert sorted(map(_key, listed)) == sorted(map(_key, truth))
    assert len(set(map(_key, listed))) == len(listed)  # each once
    for grid in listed:
        assert violations(instance.grid, instance.rows, instance.cols, {"grid": grid}) == []


@pytest.mark.parametrize(
    ("width", "height", "target"), [(3, 4, 100), (4, 3, 100), (3, 5, 80), (6, 3, 150), (7, 3, 160)]
)
def test_counts_are_cp_sat_s_on_random_grids(width: int, height: int, target: int) -> None:
    """Random digit grids (seeded; counts 0 to a few thousand): `dp`'s count and unique answer
    are CP-SAT's."""
    rng = random.Random(width * 100 + height * 10 + target)
    seen = set()
    for _ in range(5):
        grid = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
        instance = io.make_instance(grid, None, [target] * height, column_targets(target, height, width))
        ours = FAMILY.solve(instance, SolveRequest(mode=Mode.COUNT, backend="dp"))
        theirs = FAMILY.solve(instance, SolveRequest(mode=Mode.COUNT, backend="cpsat"))
        assert ours.stats.backend == "dp" and ours.count == theirs.count
        unique = FAMILY.solve(instance, SolveRequest(mode=Mode.UNIQUE, backend="dp"))
        assert unique.unique == (theirs.count == 1)
        seen.add(min(theirs.count, 2))
    assert 0 in seen and 2 in seen


def test_a_unique_puzzle_and_its_neighbours_are_cp_sat_s() -> None:
    """The 8x3 puzzle at 400 (rare types, a few thousand pairs): unique for both, with the same
    solution; digits changed one at a time give none or several for both (no change of one digit
    keeps it unique: all 192 counted by `Band`, forty-third session)."""
    rows, cols = [400] * 3, [150] * 8
    instance = io.make_instance(PUZZLE_8X3_400, None, rows, cols)
    ours = FAMILY.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert ours.stats.backend == "dp" and ours.unique is True
    theirs = FAMILY.solve(instance, SolveRequest(mode=Mode.UNIQUE, backend="cpsat"))
    assert theirs.unique is True and ours.solutions[0] == theirs.solutions[0]
    assert Band(instance).count() == 1
    seen = set()
    for r, c, d in [(0, 0, 9), (1, 3, 9), (2, 1, 9), (0, 1, 9), (2, 7, 1), (1, 0, 5)]:
        changed = [list(row) for row in PUZZLE_8X3_400]
        changed[r][c] = d
        other = io.make_instance(changed, None, rows, cols)
        band = Band(other)
        first_two = list(islice(band.solutions(), 2))
        cp = FAMILY.solve(other, SolveRequest(mode=Mode.ALL, backend="cpsat", limit=2))
        assert len(first_two) == len(cp.solutions)
        assert min(band.count(), 2) == len(first_two)
        seen.add(len(first_two))
    assert seen == {0, 2}


def test_counts_beyond_int64_by_the_chinese_remainder_theorem(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count modulo primes (the product of the lines' pair counts at or above
    `dp3.INT64_BOUND`) is the int64 count, and beyond int64 the Python-integer count of the same
    table made with object arrays."""
    rng = random.Random(5)
    grid = [[rng.randint(1, 9) for _ in range(3)] for _ in range(6)]
    instance = io.make_instance(grid, None, [80] * 6, column_targets(80, 6, 3))
    exact = Band(instance).count()
    assert exact > 1000
    monkeypatch.setattr(dp3, "INT64_BOUND", 1)
    assert Band(instance).count() == exact
    monkeypatch.setattr(dp3, "INT64_BOUND", 1 << 62)
    long = io.make_instance([[1, 2, 3]] * 24, None, [40] * 24, [320, 320, 320])
    band = Band(long)
    assert np.prod([float(len(a)) for a, _ in band.pairs]) > 2.0**62
    table = np.zeros(band.shape, dtype=object)
    table[0, 0] = 1
    for a, b in band.pairs:
        new = np.zeros(band.shape, dtype=object)
        for x, y in zip(a, b):
            new[x:, y:] += table[: band.shape[0] - x, : band.shape[1] - y]
        table = new
    assert band.count() == table[-1, -1] > 1 << 64
    assert all(all(p % q for q in range(2, 46_341)) for p in PRIMES)  # primes, below 2^31


def test_auto_takes_it_where_cheap_and_refuses_other_shapes() -> None:
    small = io.make_instance([[7, 9, 9], [9, 9, 7], [9, 7, 8], [8, 8, 9]], None, [200] * 4, [267, 267, 266])
    assert dp.cheap(small) and FAMILY.solve(small, SolveRequest(mode=Mode.UNIQUE)).stats.backend == "dp"
    rng = random.Random(0)
    grid = [[rng.randint(1, 9) for _ in range(3)] for _ in range(8)]
    huge = io.make_instance(grid, None, [1000] * 8, column_targets(1000, 8, 3))  # 1.2e10 operations
    assert dp.applies(huge) and not dp.cheap(huge)
    assert isinstance(dp.solver(huge), Band) and dp.solver(huge).steps > dp.BAND_STEPS
    square = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)  # 3x3: CP-SAT's
    assert dp.applies(square) and not dp.cheap(square)
    assert FAMILY.solve(square, SolveRequest(mode=Mode.COUNT, backend="dp")).count == 31
    far = io.make_instance(grid, None, [300_000] * 8, column_targets(300_000, 8, 3))
    assert not dp.cheap(far)  # refused by its states alone (no pairs listed)
    with pytest.raises(NotBand):
        Band(io.make_instance([[1, 2, 3, 4]] * 4, 40))


class _NoCPSAT:
    """Stands for `CNoteOracle` where the generator must not ask CP-SAT."""

    def __init__(self, instance: io.CNoteInstance) -> None:
        raise AssertionError("CP-SAT asked")


@pytest.mark.parametrize(("width", "height", "target"), [(3, 4, 100), (3, 5, 80), (4, 3, 100)])
def test_the_generator_confirms_a_band_by_its_partial_sums(
    width: int, height: int, target: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`generate.confirmed` on grids three cells wide or high: the dp3 listing, no CP-SAT; CP-SAT's
    one solution (its backend, asked apart) where it finds one, None where it finds none or
    several; and the 8x3 puzzle at 400 confirmed."""
    from boardlab.families.cnote import generate

    monkeypatch.setattr(generate, "CNoteOracle", _NoCPSAT)
    rows, cols = [target] * height, column_targets(target, height, width)
    rng = random.Random(width * 10 + height)
    seen = set()
    for _ in range(30):
        digits = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
        instance = io.make_instance(digits, None, rows, cols)
        found = FAMILY.solve(instance, SolveRequest(mode=Mode.ALL, backend="cpsat", limit=2)).solutions
        answer = generate.confirmed(digits, rows, cols, generate.Report())
        assert answer == ((found[0]["grid"], digits) if len(found) == 1 else None)
        seen.add(len(found))
    assert seen == ({0, 2} if (width, height) == (4, 3) else {0, 1, 2})
    instance = io.make_instance(PUZZLE_8X3_400, None, [400] * 3, [150] * 8)
    start = time.perf_counter()
    answer = generate.confirmed(PUZZLE_8X3_400, [400] * 3, [150] * 8, generate.Report())
    assert (
        answer is not None
        and violations(instance.grid, instance.rows, instance.cols, {"grid": answer[0]}) == []
    )
    assert time.perf_counter() - start < 5  # milliseconds once compiled; CP-SAT took seconds


@pytest.mark.slow
def test_eight_columns_of_three_rows_at_400_are_made() -> None:
    """`generate --size 8x3 --target 400 --seed 0`: the rare-type search's puzzle, proven unique
    by the dp3 listing (the `auto` backend's choice for the core's final proof)."""
    from boardlab.families.cnote.generate import generate

    instance, solution, report = generate(3, 8, 400, seed=0)
    assert [list(row) for row in instance.grid] == PUZZLE_8X3_400
    assert list(islice(Band(instance).solutions(), 2)) == [solution]
    made = FAMILY.generate(0, {"size": "8x3", "target": 400})
    assert made.unique and [list(row) for row in made.instance.grid] == PUZZLE_8X3_400
