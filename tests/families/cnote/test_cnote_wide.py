"""Grids three cells wide or high: the rare-type search (`wide.py`, docs/cnote.md "Lemma 12")."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from boardlab.core.errors import SolverBug
from boardlab.families.cnote import io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.convolution import Counter
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.wide import TYPES, NotWide, Wide, members


def brute_count(grid: list[list[int]], rows: list[int], cols: list[int], cap: int = 3) -> int:
    instance = io.make_instance(grid, None, rows, cols)
    return sum(1 for _ in itertools.islice(brute_solutions(instance), cap))


def line_multiset(grid: list[list[int]], width: int) -> list[tuple[int, ...]]:
    """The grid's lines of three cells (rows of 3 columns, else columns), sorted."""
    return sorted(map(tuple, grid if width == 3 else zip(*grid)))


def test_members_are_the_lines_admissible_values() -> None:
    """`members(t, type)[a, b]` is whether a, b and t - a - b are positive and contain the type's
    digits, by string membership."""
    for target, kind in [(30, (1, 2, 3)), (45, (9, 9, 9)), (100, (5, 1, 8))]:
        table = members(target, kind)
        for a in range(target + 1):
            for b in range(target + 1):
                c = target - a - b
                want = a >= 1 and b >= 1 and c >= 1 and all(str(d) in str(v) for d, v in zip(kind, (a, b, c)))
                assert bool(table[a, b]) == want


def test_the_count_is_brute_force_s() -> None:
    """`Wide.count` (the capped polynomial product) equals brute force's count and the
    convolution count, capped at 2, on random digit grids (most with digits 1-3, so that counts
    of 0, 1 and more all occur)."""
    seen = set()
    for width, height, target in [(4, 3, 40), (3, 4, 30), (4, 3, 60), (5, 3, 35)]:
        rows, cols = [target] * height, column_targets(target, height, width)
        wide, counter = Wide(rows, cols), Counter(rows, cols)
        rng = random.Random(width * 100 + target)
        for _ in range(40):
            grid = [
                [rng.choice((1, 1, 2, 3, rng.randint(1, 9))) for _ in range(width)] for _ in range(height)
            ]
            lines = [list(col) for col in zip(*grid)] if width != 3 else grid
            targets = cols if width != 3 else rows
            got = wide.count([(t, (line[0], line[1], line[2])) for t, line in zip(targets, lines)])
            counter.set_digits(grid)
            assert got == min(brute_count(grid, rows, cols), 2) == min(counter.count(), 2)
            seen.add(got)
    assert seen == {0, 1, 2}


def test_a_round_lists_every_unique_puzzle_of_its_core() -> None:
    """A round that ends lists every unique puzzle whose lines but one are of its core types:
    the same set as a dense count (convolution `Counter`) of every multiset of core types with
    every one of the 729 types on the free line."""
    width, height, target, core = 4, 3, 128, 3  # four lines of 96, rows of 128
    rows, cols = [target] * height, column_targets(target, height, width)
    wide = Wide(rows, cols)
    found = wide.search(seed=0, cores=(core,), first=False)
    assert not found.stopped and found.rounds == 1
    listed = set()
    for grid, solution in found.puzzles:
        lines = tuple(sorted(tuple(col) for col in zip(*grid)))
        listed.add(lines)
        assert brute_count(grid, rows, cols) == 1
        assert [sum(r) for r in solution] == rows and [sum(c) for c in zip(*solution)] == cols
    counter = Counter(rows, cols)
    kinds = wide.rarest[96][:core]
    dense = set()
    for base in itertools.combinations_with_replacement(kinds, width - 1):
        for free in TYPES:
            lines = [*base, free]
            grid = [list(r) for r in zip(*lines)]
            counter.set_digits(grid)
            if counter.count() == 1:
                dense.add(tuple(sorted(lines)))
    assert listed == dense and listed


def test_puzzles_are_unique_for_cp_sat_and_a_seed_repeats() -> None:
    """Beyond the heat bath's reach (6 columns of 3 rows at 310, 3 columns of 8 rows at 140):
    the search's puzzle is unique for CP-SAT and for the convolution count, a seed gives the
    same puzzle again, and another seed the same lines in a seeded order."""
    for width, height, target in [(6, 3, 310), (3, 8, 140)]:
        rows, cols = [target] * height, column_targets(target, height, width)
        made = Wide(rows, cols).search(seed=1)
        assert made.puzzles
        grid, solution = made.puzzles[0]
        instance = io.make_instance(grid, None, rows, cols)
        assert CNoteOracle(instance).several(2, 0) == [solution]
        counter = Counter(rows, cols)
        counter.set_digits(grid)
        assert counter.count() == 1
        assert Wide(rows, cols).search(seed=1).puzzles[0] == made.puzzles[0]
        # another seed: the same lines (the search does not depend on it), shuffled
        other = Wide(rows, cols).search(seed=7).puzzles[0][0]
        assert line_multiset(other, width) == line_multiset(grid, width)


def test_budgets_stop_the_search() -> None:
    """Each budget stops the search, undecided, without a puzzle: states, grids counted, products."""
    rows, cols = [310] * 3, column_targets(310, 3, 6)
    for budgets in [{"nodes": 5}, {"counts": 0}, {"products": 0}]:
        outcome = Wide(rows, cols).search(seed=0, **budgets)
        assert outcome.stopped and not outcome.puzzles
    assert Wide(rows, cols).search(seed=0).puzzles


def test_a_count_that_disagrees_is_a_solver_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each puzzle the bitset counts find is counted again by the FFT product (`Wide.count`);
    were they to disagree, the search raises the typed `SolverBug` (an internal error for the
    CLI), never a puzzle."""
    rows, cols = [310] * 3, column_targets(310, 3, 6)
    monkeypatch.setattr(Wide, "count", lambda self, lines: 2)
    with pytest.raises(SolverBug, match="disagree"):
        Wide(rows, cols).search(seed=0)


def test_at_point_is_at_at_one_point() -> None:
    """The search's scalar read of the capped bitsets agrees with `at` at every point of a box."""
    rows, cols = [250] * 3, column_targets(250, 3, 4)
    wide = Wide(rows, cols)
    keys = tuple(sorted((wide.targets[0], kind) for kind in wide.rarest[wide.targets[0]][:3]))
    bits = wide.capped(keys)
    xs, ys = np.meshgrid(np.arange(wide.shape[0]), np.arange(wide.shape[1]), indexing="ij")
    dense = Wide.at(bits, xs.ravel(), ys.ravel())
    assert set(dense.tolist()) == {0, 1, 2}
    points = random.Random(3).sample(range(len(dense)), 400)
    for i in points:
        assert Wide.at_point(bits, int(xs.ravel()[i]), int(ys.ravel()[i])) == dense[i]


def test_other_shapes_are_refused() -> None:
    for rows, cols in [([30] * 3, [30] * 3), ([30] * 2, [12] * 5), ([40] * 4, [40] * 4)]:
        with pytest.raises(NotWide):
            Wide(rows, cols)
    # unbalanced targets: nothing counted, nothing found
    wide = Wide([50] * 4, [60, 60, 81])
    assert wide.count([(50, (1, 2, 3))] * 4) == 0 and not wide.search().puzzles


def test_the_generator_runs_it_beyond_the_heat_bath_s_reach() -> None:
    """`generate` on 6 columns of 3 rows at 310 (the heat bath's reach: 300): the search's
    puzzle for the seed, unique for CP-SAT."""
    from boardlab.families.cnote.generate import WIDE_FROM, generate

    assert WIDE_FROM[6, 3] < 310
    instance, solution, report = generate(3, 6, 310, seed=0)
    assert report.extra.get("wide_nodes", 0) > 0 and "rare-type" in report.extra["planted"]
    assert CNoteOracle(instance).several(2, 0) == [solution]
    assert np.array_equal(
        np.array(instance.grid), np.array(Wide([310] * 3, column_targets(310, 3, 6)).search(0).puzzles[0][0])
    )


def test_the_bitset_products_are_the_fft_products() -> None:
    """`Wide.capped` (two bitsets, the search's count since the forty-third session) equals the
    capped FFT product (`Wide.product`) at every point of the box, for random multisets of rare
    and common types, prefixes kept or not."""
    rng = random.Random(3)
    for width, height, target in [(4, 3, 120), (3, 5, 60), (8, 3, 200)]:
        rows, cols = [target] * height, column_targets(target, height, width)
        wide = Wide(rows, cols)
        line = wide.lines[0]
        for _ in range(8):
            kinds = [
                rng.choice(wide.rarest[line][:6] if rng.random() < 0.6 else wide.rarest[line])
                for _ in range(rng.randint(1, len(wide.lines) - 1))
            ]
            keys = tuple(sorted((line, kind) for kind in kinds))
            bits = wide.capped(keys)
            xs, ys = np.indices(wide.shape)
            got = Wide.at(bits, xs.ravel(), ys.ravel()).reshape(wide.shape)
            assert np.array_equal(got, wide.product(keys).astype(np.uint64))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("width", "height", "target"),
    [(3, 4, 181), (3, 6, 163), (3, 7, 165), (4, 3, 242), (5, 3, 288), (6, 3, 326), (7, 3, 385), (8, 3, 417)],
)
def test_the_forty_third_session_s_figures_are_made(width: int, height: int, target: int) -> None:
    """`RECTANGLES_REACHED`'s 3-wide figures of the forty-third session (bitset products, larger
    budgets): `generate --seed 0` makes each by the rare-type search, unique by the dp3 listing
    (the core's final proof) and by the convolution count (another method)."""
    from itertools import islice

    from boardlab.families.cnote.dp3 import Band
    from boardlab.families.cnote.generate import RECTANGLES_REACHED, WIDE_FROM, generate

    assert RECTANGLES_REACHED[width, height] >= target > WIDE_FROM[width, height]
    instance, solution, report = generate(height, width, target, seed=0)
    assert "rare-type" in report.extra["planted"]
    assert list(islice(Band(instance).solutions(), 2)) == [solution]
    counter = Counter(list(instance.rows), list(instance.cols))
    counter.set_digits([list(row) for row in instance.grid])
    assert counter.count() == 1


@pytest.mark.parametrize(("width", "height", "target", "seed"), [(4, 3, 243, 0), (3, 5, 171, 1)])
def test_classes_find_what_the_rounds_miss_unique_for_two_other_methods(
    width: int, height: int, target: int, seed: int
) -> None:
    """4 columns of 3 rows at 243 and 3 columns of 5 rows at 171, above the figures before the
    classes (242, 170): `generate` makes the puzzle from a class of two lines free
    (`Wide.classes`), unique for CP-SAT and for the convolution count; the fixed lines are of the
    rarest types of their targets."""
    from boardlab.families.cnote.generate import RECTANGLES_REACHED, generate
    from boardlab.families.cnote.wide import CLASS_CORE, CLASSES

    assert RECTANGLES_REACHED[width, height] >= target
    instance, solution, report = generate(height, width, target, seed=seed)
    assert "classes of two lines free" in report.extra["planted"]
    assert 1 <= report.extra["wide_classes"] <= CLASSES
    assert CNoteOracle(instance).several(2, 0) == [solution]
    counter = Counter(list(instance.rows), list(instance.cols))
    counter.set_digits([list(row) for row in instance.grid])
    assert counter.count() == 1
    wide = Wide(list(instance.rows), list(instance.cols))
    lines = list(zip(*instance.grid)) if wide.transposed else [tuple(row) for row in instance.grid]
    for line, target_ in list(zip(lines, wide.lines, strict=True))[2:]:
        assert line in wide.rarest[target_][:CLASS_CORE]


def test_seeds_count_their_own_classes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seed counts `limit` classes, the next window of the ranking (rarest first), and no
    class twice across seeds until the ranking is used up; a class with no unique grid gives
    nothing."""
    from boardlab.families.cnote import twolines

    seen: list[tuple[tuple[int, ...], ...]] = []

    def counted(
        digits: list[list[int]], rows: list[int], cols: list[int], free: tuple[int, int]
    ) -> np.ndarray:
        assert free == (0, 1)
        seen.append(tuple(sorted(list(zip(*digits))[2:])))  # the fixed lines: columns 2..
        return np.zeros((9,) * 6, np.int64)

    monkeypatch.setattr(twolines, "free_counts", counted)
    rows, cols = [300] * 3, column_targets(300, 3, 5)
    wide = Wide(rows, cols)
    first = wide.classes(seed=0, limit=4)
    assert first.counted == 4 and not first.puzzles
    # the rarest class first: every fixed line of its target's rarest type
    assert seen[0] == tuple(sorted(wide.rarest[t][0] for t in wide.lines[2:]))
    wide.classes(seed=1, limit=4)
    assert len(set(seen)) == 8


def test_a_class_grid_the_listing_disputes_is_a_solver_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grid its class counted unique is listed by `dp3.Band`; should the listing not find
    exactly one solution, the typed `SolverBug`, never a puzzle."""
    from boardlab.families.cnote import twolines

    def wrong(digits: list[list[int]], rows: list[int], cols: list[int], free: tuple[int, int]) -> np.ndarray:
        counts = np.full((9,) * 6, 2, np.int64)
        counts[0, 0, 0, 0, 0, 0] = 1  # two lines of ones among nines: not one solution
        return counts

    monkeypatch.setattr(twolines, "free_counts", wrong)
    with pytest.raises(SolverBug, match="solutions listed"):
        Wide([300] * 3, column_targets(300, 3, 5)).classes(seed=0)
