"""The kept memo (`search.Enumerator`'s `keep`, thirty-fifth session): the memo's entries outlive
their count, each subtree's level named by what its rows are made of (`Enumerator.subtree_ids`),
so that a later count of a grid with the same rows below a boundary adds the subtree's solutions
without searching it. Over sequences of moves like the annealing's (one cell's digit changed at
a time, a cell's nine digits counted between), the counts, the cells' tallies and the cut
counts must be those of the plain search (no memo, no pruning) and of brute force on small
grids, and those of a fresh memo on the annealing's grids."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.families.cnote import io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.generate import column_targets
from boardlab.families.cnote.search import KEPT_SLOTS, MEMO_SLOTS, WILDCARD, Enumerator
from boardlab.families.cnote.verify import violations


def _brute(digits: list[list[int]], rows: list[int], cols: list[int]) -> int:
    return sum(1 for _ in brute_solutions(io.make_instance(digits, None, rows, cols)))


def _walk(
    kept: Enumerator,
    plain: Enumerator,
    digits: list[list[int]],
    rng: random.Random,
    moves: int,
    cut: int,
    brute: tuple[list[int], list[int]] | None = None,
) -> tuple[int, int]:
    """`moves` moves of one cell each on `digits` (changed in place); before each, the grid's
    count and a random cell's nine digits by `kept` (full budget, then `cut` units) against
    `plain` (and brute force, with `brute`'s line targets): (memo hits of earlier counts seen,
    cut searches checked)."""
    height, width = len(digits), len(digits[0])
    reused = cuts = 0
    for _ in range(moves):
        exact = plain.count(digits, 10**9, 10**9)[0]
        if brute is not None:
            assert exact == _brute(digits, *brute), digits
        before = len(kept.contents)
        found, _, complete = kept.count(digits, 10**9, 10**9)
        assert complete and found == exact, digits
        reused += len(kept.contents) == before  # every level's contents met before
        short, _, complete = kept.count(digits, 10**9, cut)
        assert short <= exact and 0 <= kept.explored <= 1
        cuts += not complete
        r, c = rng.randrange(height), rng.randrange(width)
        tally, _, complete = kept.count_cell(digits, r, c, 10**9)
        assert complete
        for digit in range(1, 10):
            changed = [row[:] for row in digits]
            changed[r][c] = digit
            assert tally[digit - 1] == plain.count(changed, 10**9, 10**9)[0], (digits, r, c, digit)
        partial, _, complete = kept.count_cell(digits, r, c, cut)
        assert all(a <= b for a, b in zip(partial, tally, strict=True)) and 0 <= kept.explored <= 1
        cuts += not complete
        digits[r][c] = rng.randint(1, 9)
    if brute is not None and plain.count(digits, 10**9, 10**9)[0]:
        kept.count(digits, 10**9, 10**9)
        solution = kept.solution(digits, 10**9)  # after counts that kept their entries
        assert solution is not None and violations(digits, *brute, {"grid": solution}) == []
    return reused, cuts


def test_kept_counts_equal_plain_counts_and_brute_force_over_moves() -> None:
    """Grids of 4-5 rows and 2-4 columns at small per-line targets (from a planted solution,
    unequal rows and columns), kept memo forced on (with and without the trimming): over 12
    moves each, every count, cell tally and first solution as the plain search's and brute
    force's, every cut count below them; some counts meet only contents met before."""
    rng = random.Random(351)
    reused = cuts = grids = 0
    while grids < 24:
        height, width = rng.randint(4, 5), rng.randint(2, 4)
        digits = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
        planted = [[d + 10 * rng.randint(0, 1) for d in row] for row in digits]
        rows = [sum(row) for row in planted]
        cols = [sum(col) for col in zip(*planted)]
        if max(rows + cols) > 48:
            continue
        kept = Enumerator(rows, cols, prune=True, memo=True, keep=True, trim=grids % 2 == 0)
        plain = Enumerator(rows, cols, prune=False, memo=False)
        assert kept.keep and len(kept.memo) == KEPT_SLOTS
        found = _walk(kept, plain, digits, rng, 12, rng.choice([5, 20, 60]), (rows, cols))
        reused += found[0]
        cuts += found[1]
        grids += 1
    assert reused >= 50 and cuts >= 20, (reused, cuts)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    height=st.integers(4, 6),
    width=st.integers(2, 4),
    cut=st.sampled_from([3, 30, 300, 3000]),
)
def test_kept_counts_over_any_sequence_of_moves(seed: int, height: int, width: int, cut: int) -> None:
    """Hypothesis: any grid of digits 1-9 at line targets from a planted solution of numbers
    under 30, any sequence of 6 moves, any cut: the kept memo's counts and tallies are the
    plain search's, its cut counts below them."""
    rng = random.Random(seed)
    digits = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
    planted = [[d + 10 * rng.randint(0, 1) for d in row] for row in digits]
    rows = [sum(row) for row in planted]
    cols = [sum(col) for col in zip(*planted)]
    kept = Enumerator(rows, cols, prune=True, memo=True, keep=True)
    plain = Enumerator(rows, cols, prune=False, memo=False)
    _walk(kept, plain, digits, rng, 6, cut)


def test_kept_memo_against_a_fresh_memo_on_the_annealings_grids() -> None:
    """6x6-8x8 grids of nines and eights with a few small digits at the annealing's targets,
    moved one cell at a time (mostly to 8 or 9, as the chains' grids), a cell's nine digits
    counted between: the kept memo (`keep`) and a fresh memo per count (by default) give the
    same tallies wherever both end within the budget, and the kept one spends fewer units in
    all on those."""
    rng = random.Random(352)
    spent = {"kept": 0, "fresh": 0}
    compared = 0
    for height, target in [(6, 150), (6, 155), (7, 150), (8, 156)]:
        rows, cols = [target] * height, column_targets(target, height, height)
        kept, fresh = Enumerator(rows, cols, keep=True), Enumerator(rows, cols)
        assert kept.keep and not fresh.keep and len(fresh.memo) == MEMO_SLOTS
        grid = [
            [9 if rng.random() < 0.75 else rng.choice([8, 8, 2, 3, 5]) for _ in range(height)]
            for _ in range(height)
        ]
        cells = [(rng.randrange(height), rng.randrange(height)) for _ in range(6)]
        for move in range(30):
            r, c = rng.choice(cells)  # a few cells, so that contents recur as in a chain's moves
            a = kept.count_cell(grid, r, c, 2 * 10**6)
            b = fresh.count_cell(grid, r, c, 2 * 10**6)
            if a[2] and b[2]:
                assert a[0] == b[0], (grid, r, c)
                spent["kept"] += a[1]
                spent["fresh"] += b[1]
                compared += 1
            if move % 3 == 0:
                grid[r][c] = rng.choice([8, 9, 9, rng.randint(1, 9)])
    assert compared >= 40, compared
    assert spent["kept"] < spent["fresh"], spent


def test_subtree_ids_name_contents_and_a_new_generation_forgets_them() -> None:
    """`Enumerator.subtree_ids`: the same rows below a boundary (digits and targets, tallied or
    not) have the same id, different ones different ids; `clear` starts a new generation,
    and a count with `first` (`solution`) always starts one, so the kept entries never hide
    the first solution."""
    counter = Enumerator([100] * 6, [100] * 6, keep=True)
    d = np.full((6, 6), 8)
    other = d.copy()
    other[1, 3] = 2  # above boundary 2: the same subtrees below 2
    below = d.copy()
    below[4, 0] = WILDCARD
    rows = np.full(6, 100)
    ids = counter.subtree_ids(d, rows, True)
    assert list(counter.subtree_ids(other, rows, True)) == list(ids)
    assert len(set(ids[2:5])) == 3
    assert list(counter.subtree_ids(d, rows, False)[2:5]) != list(ids[2:5])
    changed = counter.subtree_ids(below, rows, True)
    assert list(changed[2:5]) != list(ids[2:5])  # rows 2-4 hold row 4
    assert changed[5] == ids[5] == 0  # never read
    generation = counter.generation
    counter.clear()
    assert counter.generation == generation + 1 and not counter.contents and counter.filled[0] == 0
    grid = [[9, 9, 4, 9, 9, 9]] + [[9] * 6 for _ in range(5)]
    counter.count(grid, 10**9, 10**6)
    generation = counter.generation
    counter.solution(grid, 10**6)
    assert counter.generation == generation + 1


def test_a_move_above_a_boundary_reuses_the_subtrees_below_it() -> None:
    """Rows in the given order (`order` off), moves only in rows 0 and 1: every subtree below
    row 2 has contents the counts before met (its entries are kept where the same column
    remainders come again), so the kept memo's counts are a fresh memo's and the plain
    search's (on 5-row grids brute force's too), some in far fewer units, in all in less than
    0.9 of them (55 counts: 3 cheaper, 0.76 of the units); the tallies of those cells (whose
    row a cell's search moves last) are a fresh memo's wherever both end within the budget."""
    rng = random.Random(353)
    cheaper = compared = tallied = 0
    spent = {"kept": 0, "fresh": 0}
    for height, width, target in [(5, 3, 40), (5, 4, 44), (6, 6, 150), (6, 5, 120), (7, 7, 150)]:
        rows, cols = [target] * height, column_targets(target, height, width)
        kept = Enumerator(rows, cols, order=False, keep=True)
        fresh = Enumerator(rows, cols, order=False, keep=False)
        plain = Enumerator(rows, cols, prune=False, memo=False) if height == 5 else fresh
        small = height == 5
        grid = [
            [rng.choice([9, 9, 8, 7, 3] if small else [9, 9, 9, 8, 2]) for _ in range(width)]
            for _ in range(height)
        ]
        for move in range(12):
            a, b = kept.count(grid, 10**9, 10**8), fresh.count(grid, 10**9, 10**8)
            assert a[2] and b[2] and a[0] == b[0] == plain.count(grid, 10**9, 10**9)[0], grid
            if small:
                assert a[0] == _brute(grid, rows, cols), grid
            if move:
                compared += 1
                cheaper += a[1] < b[1]
                # (not each count: a hit in the last two rows can leave the table of sums of
                # their first columns to be made again for the next prefix, `enumerate_count`)
                spent["kept"] += a[1]
                spent["fresh"] += b[1]
            r, c = rng.randrange(2), rng.randrange(width)
            tally, other = kept.count_cell(grid, r, c, 10**7), fresh.count_cell(grid, r, c, 10**7)
            if tally[2] and other[2]:
                assert tally[0] == other[0], (grid, r, c)
                tallied += 1
            grid[r][c] = rng.choice([9, 8, 7, 3] if small else [9, 9, 8, 7])
    assert cheaper >= 3 and tallied >= 20, (cheaper, compared, tallied, spent)
    assert spent["kept"] < 0.9 * spent["fresh"], spent
