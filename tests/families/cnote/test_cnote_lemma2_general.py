"""Lemma 2's general form (`positions.certificate`, `slack`, `spanning_sets`, `family_grids`):
any shape, any line targets; docs/cnote.md, "Lemma 2, general form".

Second methods: the 10 solutions are checked by the independent `verify`; on grids three
columns (or rows) wide the exact counts of `convolution` (Fourier transforms, sharing nothing
with the construction) reach 10 for every grid tried; CP-SAT's enumeration finds 10 on a
rectangle; the fast `slack` (sets I only inside one column's tens cells) equals a brute force
over every set of rows; and the shapes where the generator makes unique puzzles are never
claimed."""

from __future__ import annotations

import itertools
import random

import pytest

from boardlab.core.errors import BadInput
from boardlab.families.cnote.convolution import Counter
from boardlab.families.cnote.generate import generate, proven_from
from boardlab.families.cnote.instance import column_targets, make_instance
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.positions import (
    HUNDREDS,
    applies,
    best_hundreds,
    certificate,
    family_grids,
    hundreds_certificate,
    hundreds_ranges,
    least_target,
    side_slack,
    slack,
    spanning_sets,
    ten_solutions,
    tens_cells,
)
from boardlab.families.cnote.positions import main as positions_main
from boardlab.families.cnote.verify import violations

Grid = list[list[int]]

#: (columns, rows) -> the least target T (every row T, the columns `column_targets`) from which
#: `applies` holds, measured in the thirty-sixth session; the same at every target above it up to
#: 1,000 (slow test). Rectangles of sides 4-8, and the 3-wide ones that have a bound.
LEAST = {
    (5, 4): 490, (6, 4): 501, (7, 4): 481, (8, 4): 490,
    (4, 5): 392, (6, 5): 362, (7, 5): 401, (8, 5): 410,
    (4, 6): 334, (5, 6): 302, (7, 6): 337, (8, 6): 366,
    (4, 7): 275, (5, 7): 286, (6, 7): 289, (8, 7): 342,
    (4, 8): 245, (5, 8): 256, (6, 8): 274, (7, 8): 299,
    (6, 3): 768, (8, 3): 965, (3, 5): 827, (3, 6): 384, (3, 7): 560, (3, 8): 362,
}  # fmt: skip


def targets(width: int, height: int, target: int) -> tuple[list[int], list[int]]:
    return [target] * height, column_targets(target, height, width)


def one_cycle_spanning(cells: frozenset[tuple[int, int]], height: int, width: int) -> bool:
    """Connected on the H + W lines with exactly H + W cells (so exactly one cycle)."""
    if len(cells) != height + width:
        return False
    seen, stack = {0}, [0]
    while stack:
        v = stack.pop()
        for r, c in cells:
            for a, b in ((r, height + c), (height + c, r)):
                if a == v and b not in seen:
                    seen.add(b)
                    stack.append(b)
    return len(seen) == height + width


@pytest.mark.parametrize("height", range(2, 9))
@pytest.mark.parametrize("width", range(2, 9))
def test_every_candidate_connects_the_lines_with_one_cycle_through_the_corner(
    height: int, width: int
) -> None:
    sets = spanning_sets(height, width)
    assert sets and len(set(sets)) == len(sets)
    for cells in sets:
        assert one_cycle_spanning(cells, height, width)
        assert all(0 <= r < height and 0 <= c < width for r, c in cells)
        # (0, 0) is on the cycle: removing it leaves a tree, which family_grids peels
        rows, cols = [100] * height, column_targets(100, height, width)
        assert len(list(family_grids([[5] * width for _ in range(height)], rows, cols, cells, (0, 0)))) == 10
    if height == width:
        assert sets[0] == frozenset(tens_cells(height))
    assert spanning_sets(1, width) == [] == spanning_sets(height, 1)


def brute_side(tens: set[tuple[int, int]], rows: list[int], cols: list[int]) -> int:
    """Gale's condition with the worst digits over every non-empty set of rows (no shortcut)."""
    height, width = len(rows), len(cols)
    worst = 10**9
    for size in range(1, height + 1):
        for chosen in itertools.combinations(range(height), size):
            reached = {c for r in chosen for c in range(width) if (r, c) not in tens}
            if len(reached) == width:
                continue
            left = sum(
                rows[r] - sum(10 for c in range(width) if (r, c) in tens and c not in reached) for r in chosen
            )
            right = sum(cols[c] for c in reached)
            right -= sum(
                99 if (r, c) in tens else 9 for c in reached for r in range(height) if r not in chosen
            )
            worst = min(worst, right - left)
    return worst


def test_slack_equals_the_brute_force_over_every_set_of_lines() -> None:
    rng = random.Random(3)
    for _ in range(60):
        height, width = rng.randint(2, 7), rng.randint(2, 7)
        target = rng.randint(50, 1000)
        rows, cols = targets(width, height, target)
        for tens in spanning_sets(height, width):
            cells, transposed = set(tens), {(c, r) for r, c in tens}
            assert side_slack(cells, rows, cols) == brute_side(cells, rows, cols)
            assert side_slack(transposed, cols, rows) == brute_side(transposed, cols, rows)
            floor = min(
                [rows[r] - sum(99 if (r, c) in cells else 9 for c in range(width)) for r in range(height)]
                + [cols[c] - sum(99 if (r, c) in cells else 9 for r in range(height)) for c in range(width)]
            )
            best = max(brute_side(cells, rows, cols), brute_side(transposed, cols, rows))
            assert slack(tens, rows, cols) == min(floor, best)


def test_on_squares_the_general_form_is_lemma_2() -> None:
    for n in range(4, 11):
        least = least_target(n)
        assert least is not None
        assert applies([least] * n, [least] * n) and not applies([least - 1] * n, [least - 1] * n)
        assert certificate([least] * n, [least] * n) == frozenset(tens_cells(n))


def test_nothing_is_claimed_where_unique_puzzles_exist() -> None:
    """3x3 (unique puzzles up to 700 by the exhaustive scan), grids of one or two columns or rows
    (the generator makes 3x2 at 1,000 and 2x3 at 500): never, up to 1,000; unequal totals: never."""
    for target in range(1, 1001):
        assert not applies([target] * 3, [target] * 3)
        for long_side in range(1, 9):
            for short_side in (1, 2):
                for width, height in ((long_side, short_side), (short_side, long_side)):
                    if target >= width and min(column_targets(target, height, width)) >= height:
                        assert not applies(*targets(width, height, target))
    assert not applies([1000] * 4, [800] * 4)


@pytest.mark.parametrize(("width", "height"), sorted(LEAST))
def test_least_targets(width: int, height: int) -> None:
    least = LEAST[width, height]
    assert applies(*targets(width, height, least))
    assert not applies(*targets(width, height, least - 1))


def adversarial_grids(height: int, width: int, rng: random.Random) -> list[Grid]:
    grids = [[[9] * width for _ in range(height)], [[1] * width for _ in range(height)]]
    grids.append([[rng.choice([1, 9]) for _ in range(width)] for _ in range(height)])
    grids.append([[9 if r == 0 or c == 0 else 1 for c in range(width)] for r in range(height)])
    grids += [[[rng.randint(1, 9) for _ in range(width)] for _ in range(height)] for _ in range(4)]
    return grids


@pytest.mark.parametrize(("width", "height"), [(5, 4), (4, 8), (8, 3), (3, 6), (6, 5), (7, 8)])
def test_ten_solutions_at_the_least_target_each_accepted_by_verify(width: int, height: int) -> None:
    rng = random.Random(width * 10 + height)
    for target in (LEAST[width, height], 1000):
        rows, cols = targets(width, height, target)
        tens = certificate(rows, cols)
        assert tens is not None
        for digits in adversarial_grids(height, width, rng):
            found = ten_solutions(digits, rows, cols, tens)
            assert len({str(s) for s in found}) == len(found) == 10
            for solution in found:
                assert violations(digits, rows, cols, {"grid": solution}) == []


@pytest.mark.parametrize(("width", "height"), [(3, 6), (3, 8), (8, 3), (3, 5)])
def test_exact_counts_of_three_wide_grids_reach_ten(width: int, height: int) -> None:
    """`convolution` counts every solution, by Fourier transforms: at least 10 at the least
    target for every grid tried (one below it, the lemma says nothing)."""
    rng = random.Random(height)
    rows, cols = targets(width, height, LEAST[width, height])
    counter = Counter(rows, cols)
    for digits in adversarial_grids(height, width, rng) + [
        [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)] for _ in range(12)
    ]:
        counter.set_digits(digits)
        assert counter.count() >= 10


def test_cpsat_enumeration_finds_ten_solutions_on_a_rectangle() -> None:
    rng = random.Random(8)
    for width, height in ((5, 4), (4, 8)):
        rows, cols = targets(width, height, LEAST[width, height])
        digits = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
        found = CNoteOracle(make_instance(digits, rows=rows, cols=cols)).several(10, 0)
        assert isinstance(found, list) and len(found) == 10


def test_family_grids_refuses_a_set_without_one_cycle() -> None:
    rows, cols = [100] * 4, [100] * 4
    digits = [[5] * 4 for _ in range(4)]
    with pytest.raises(ValueError, match="exactly one cycle"):
        list(family_grids(digits, rows, cols, {(0, 0), (1, 1)}, (0, 0)))
    two_cycles = set(tens_cells(4)) | {(0, 2)}
    with pytest.raises(ValueError, match="exactly one cycle"):
        list(family_grids(digits, rows, cols, two_cycles, (0, 0)))


def test_generation_says_at_once_that_none_exists_on_a_rectangle() -> None:
    with pytest.raises(
        BadInput, match="no 5x8 puzzle with target 300 has exactly one solution.*general form"
    ):
        generate(8, 5, 300, 0)
    with pytest.raises(BadInput, match="general form"):
        generate(3, 8, 1000, 0)
    instance, planted, _ = generate(8, 5, 300, 0, unique=False)
    assert planted is not None and len(instance.grid) == 8


@pytest.mark.slow
def test_every_target_from_the_least_to_1000_is_claimed() -> None:
    """The docs' table says "from T on" up to 1,000: no gap above the least target of any shape
    with sides 1-8, and the shapes outside `LEAST` (and not square) have none up to 1,000."""
    for width in range(1, 9):
        for height in range(1, 9):
            if width == height:
                continue
            claimed = [
                t
                for t in range(1, 1001)
                if t >= width
                and min(column_targets(t, height, width)) >= height
                and applies(*targets(width, height, t))
            ]
            if (width, height) in LEAST:
                assert claimed == list(range(LEAST[width, height], 1001))
            else:
                assert claimed == []


# "With hundreds" (forty-second session): fixed hundreds on the tens-place cells.


def brute_slack(
    tens: set[tuple[int, int]], rows: list[int], cols: list[int], hundreds: dict[tuple[int, int], int]
) -> int:
    """Ten times the least slack with the hundreds, from the numbers' ranges written out on every
    non-empty set of rows and of columns (no shortcut): a tens-place number is 100 h + 10..99."""
    height, width = len(rows), len(cols)

    def low(cell: tuple[int, int]) -> int:
        return 100 * hundreds.get(cell, 0) + 10 if cell in tens else 1

    def high(cell: tuple[int, int]) -> int:
        return 100 * hundreds.get(cell, 0) + 99 if cell in tens else 9

    floor = min(
        [rows[r] - sum(high((r, c)) for c in range(width)) for r in range(height)]
        + [cols[c] - sum(high((r, c)) for r in range(height)) for c in range(width)]
    )
    sides = []
    for turned in (False, True):
        side, across = (cols, rows) if turned else (rows, cols)

        def cell(i: int, j: int, turned: bool = turned) -> tuple[int, int]:
            return (j, i) if turned else (i, j)

        worst = 10**9
        for size in range(1, len(side) + 1):
            for chosen in itertools.combinations(range(len(side)), size):
                reached = {j for i in chosen for j in range(len(across)) if cell(i, j) not in tens}
                if len(reached) == len(across):
                    continue
                left = sum(side[i] for i in chosen) - sum(
                    low(cell(i, j)) for i in chosen for j in range(len(across)) if j not in reached
                )
                right = sum(across[j] for j in reached) - sum(
                    high(cell(i, j)) for j in reached for i in range(len(side)) if i not in chosen
                )
                worst = min(worst, right - left)
        sides.append(worst)
    return min(floor, max(sides))


def test_slack_with_hundreds_equals_the_brute_force() -> None:
    rng = random.Random(42)
    for _ in range(80):
        height, width = rng.randint(2, 6), rng.randint(2, 6)
        rows, cols = targets(width, height, rng.randint(50, 1000))
        for tens in spanning_sets(height, width):
            hundreds = {cell: rng.choice([0, 0, 1, 2, 5]) for cell in tens}
            assert slack(tens, rows, cols, hundreds) == brute_slack(set(tens), rows, cols, hundreds)
            assert slack(tens, rows, cols, {}) == slack(tens, rows, cols)


def test_slack_at_uneven_targets_equals_the_brute_force() -> None:
    """`slack` reuses its terms' constants across targets (`affine_terms`): at targets of every
    line drawn apart (equal totals, or not), set after set, it is still the brute force's."""
    rng = random.Random(60)
    for _ in range(60):
        height, width = rng.randint(2, 6), rng.randint(2, 6)
        for tens in spanning_sets(height, width):
            hundreds = {cell: rng.choice([0, 0, 1, 3]) for cell in tens}
            for _ in range(4):
                rows = [rng.randint(-50, 900) for _ in range(height)]
                cols = [rng.randint(-50, 900) for _ in range(width)]
                assert slack(tens, rows, cols, hundreds) == brute_slack(set(tens), rows, cols, hundreds)


@pytest.mark.parametrize(("width", "height"), sorted(HUNDREDS))
def test_every_range_of_the_hundreds_table_holds_and_they_join(width: int, height: int) -> None:
    """Each entry's set and hundreds give `slack` >= 0 at every target of its range; the ranges
    follow one another up to 1,000, and the generator's bound is at or below their least target."""
    sets = spanning_sets(height, width)
    entries = sorted(HUNDREDS[width, height])
    assert entries[-1][1] == 1000
    for (_, hi, _, _), (lo, _, _, _) in itertools.pairwise(entries):
        assert lo == hi + 1
    for lo, hi, k, given in entries:
        hundreds = {(r, c): h for r, c, h in given}
        assert all(cell in sets[k] for cell in hundreds) and any(hundreds.values())
        for target in range(lo, hi + 1):
            assert slack(sets[k], *targets(width, height, target), hundreds) >= 0
            assert hundreds_certificate(*targets(width, height, target)) is not None
    assert hundreds_certificate(*targets(width, height, entries[0][0] - 1)) is None
    least = proven_from(height, width)  # Lemma 9's general form with hundreds goes lower (`spanning.RAISED`)
    assert least is not None and least <= min(entries[0][0], LEAST.get((width, height), 1001))


@pytest.mark.parametrize(("width", "height"), sorted(HUNDREDS))
def test_ten_solutions_with_hundreds_accepted_by_verify(width: int, height: int) -> None:
    rng = random.Random(width * 100 + height)
    for lo, hi, _, _ in HUNDREDS[width, height]:
        for target in (lo, hi):
            rows, cols = targets(width, height, target)
            found = hundreds_certificate(rows, cols)
            assert found is not None
            tens, hundreds = found
            for digits in adversarial_grids(height, width, rng):
                solutions = ten_solutions(digits, rows, cols, tens, hundreds)
                assert len({str(s) for s in solutions}) == len(solutions) == 10
                for solution in solutions:
                    assert violations(digits, rows, cols, {"grid": solution}) == []
                    assert any(solution[r][c] >= 100 for (r, c), h in hundreds.items() if h)


@pytest.mark.parametrize(("width", "height"), sorted(HUNDREDS))
def test_exact_counts_reach_ten_at_the_least_target_with_hundreds(width: int, height: int) -> None:
    """The second method: `convolution`'s exact counts (every solution, by Fourier transforms)."""
    rng = random.Random(height * 7 + width)
    rows, cols = targets(width, height, HUNDREDS[width, height][0][0])
    counter = Counter(rows, cols)
    for digits in adversarial_grids(height, width, rng):
        counter.set_digits(digits)
        assert counter.count() >= 10


def test_best_hundreds_and_the_ranges_command() -> None:
    """The search finds hundreds where none fails (5 columns of 3 rows at 1,000), its answer is
    `slack`'s, and the command prints the table's entry; bad arguments exit 2."""
    rows, cols = targets(5, 3, 1000)
    tens = spanning_sets(3, 5)[0]
    assert slack(tens, rows, cols) < 0
    value, hundreds = best_hundreds(tens, rows, cols)
    assert value >= 0 and value == slack(tens, rows, cols, hundreds)
    assert hundreds_ranges(5, 3, 1000)[0][0] == HUNDREDS[5, 3][0][0]
    assert hundreds_ranges(6, 3, 1000)[0][3] == ()  # 6x3: the plain form is already best (from 768)
    assert positions_main(["--hundreds", "5"]) == 2


def test_generation_says_none_exists_by_the_hundreds() -> None:
    with pytest.raises(
        BadInput, match="no 3x5 puzzle with target 600 has exactly one solution.*with hundreds"
    ):
        generate(5, 3, 600, 0)
