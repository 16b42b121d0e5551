"""The pruned count's live sets (`search_kernels._row_sets`, thirty-fourth session): at the start
of each enumerated row, each cell's numbers that leave its column a remainder the cells below can
make, and the sums the row's later cells can make with those; a value is placed only when the
rest of its row can still be completed that way. And the trimming of every cell's numbers by its
lines' sums before the count (`search_kernels._trim`, same session). The counts must be those of
the search without pruning (and of brute force on small grids), on every shape, with and without
the memo and the trimming, for a cell's nine digits too, and a cut count must stay below the
exact one."""

from __future__ import annotations

import random

import numpy as np

from boardlab.families.cnote import io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.generate import column_targets
from boardlab.families.cnote.search import Enumerator
from boardlab.families.cnote.search_kernels import _next, _popcount, _reverse, _shifted
from boardlab.families.cnote.verify import violations


def _bits(values: set[int], words: int) -> np.ndarray:
    out = np.zeros(words, dtype=np.uint64)
    for v in values:
        out[v >> 6] |= np.uint64(1) << np.uint64(v & 63)
    return out


def _values(bits: np.ndarray) -> set[int]:
    return {64 * i + b for i, word in enumerate(bits) for b in range(64) if int(word) >> b & 1}


def test_the_bit_set_helpers_against_python_sets() -> None:
    """`_reverse`, `_popcount`, `_shifted` (both ways) and `_next` on random bit sets of 1-4
    words, against the same operations on Python sets."""
    rng = random.Random(34)
    for _ in range(300):
        words = rng.randint(1, 4)
        top = 64 * words - 1
        a = {rng.randrange(64 * words) for _ in range(rng.randint(0, 40))}
        mask = {rng.randrange(64 * words) for _ in range(rng.randint(0, 80))}
        shift = rng.randint(0, top + 3)
        word = rng.getrandbits(64)
        assert int(_reverse(np.uint64(word))) == int(f"{word:064b}"[::-1], 2)
        assert _popcount(np.uint64(word)) == bin(word).count("1")
        out = np.zeros(words, dtype=np.uint64)
        _shifted(_bits(a, words), shift, _bits(mask, words), out, False)
        assert _values(out) == {v - shift for v in a if v >= shift} & mask
        kept = _bits(mask, words)
        _shifted(_bits(a, words), shift, kept, kept, True)
        assert _values(kept) == mask | {v - shift for v in a if v >= shift}
        left = _bits(a, words)
        taken = [_next(left) for _ in range(len(a) + 1)]
        assert taken == sorted(a) + [-1] and _values(left) == set()


def test_pruned_counts_equal_unpruned_counts_and_brute_force_on_small_grids() -> None:
    """Grids of 2-4 rows and 2-5 columns, digits 1-9, at small per-line targets (unequal rows
    and columns): the pruned count (forced on, whatever the height; every other grid trimmed
    first) equals the unpruned one and
    brute force, and a cell's nine digits equal the pruned counts digit by digit; the first
    solution the pruned count meets is a solution."""
    rng = random.Random(341)
    compared = nonzero = 0
    while compared < 80:
        height, width = rng.randint(2, 4), rng.randint(2, 5)
        digits = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
        # targets from a planted solution, so that most grids have one
        planted = [[d + 10 * rng.randint(0, 2) for d in row] for row in digits]
        rows = [sum(row) for row in planted]
        cols = [sum(col) for col in zip(*planted)]
        if max(rows + cols) > 60:
            continue
        pruned = Enumerator(rows, cols, prune=True, trim=compared % 2 == 0)  # trimmed on any height
        plain = Enumerator(rows, cols, prune=False)
        found = pruned.count(digits, 10**6, 10**9)
        assert found[2] and found[0] == plain.count(digits, 10**6, 10**9)[0], (digits, rows, cols)
        expected = sum(1 for _ in brute_solutions(io.make_instance(digits, None, rows, cols)))
        assert found[0] == expected, (digits, rows, cols)
        if found[0]:
            solution = pruned.solution(digits, 10**9)
            assert solution is not None and violations(digits, rows, cols, {"grid": solution}) == []
        r, c = rng.randrange(height), rng.randrange(width)
        tally, _, complete = pruned.count_cell(digits, r, c, 10**9)
        assert complete
        for digit in range(1, 10):
            changed = [row[:] for row in digits]
            changed[r][c] = digit
            assert tally[digit - 1] == plain.count(changed, 10**6, 10**9)[0], (digits, rows, cols, r, c)
        compared += 1
        nonzero += found[0] > 0
    assert nonzero >= 40


def test_pruned_counts_equal_unpruned_counts_at_the_annealings_targets() -> None:
    """The annealing's kind of grid (nines and eights with a few small digits) on 4x4-8x8 at
    its targets and on rectangles, pruned with the memo and the trimming, pruned without
    either, and unpruned: the same counts (stopped at 300,
    or exact) and cells' nine digits as the unpruned search, wherever both end within their
    budget; a count or a cell's search cut by a small budget never exceeds the exact one, and
    its share explored is in [0, 1]."""
    rng = random.Random(342)
    shapes = [(4, 4, 185), (5, 5, 160), (6, 6, 155), (7, 7, 150), (8, 8, 160), (5, 6, 140), (4, 7, 120)]
    counted = cells = 0
    for height, width, target in shapes * 3:
        rows, cols = [target] * height, column_targets(target, height, width)
        grid = [
            [9 if rng.random() < 0.7 else rng.choice([8, 8, 2, 3, 4, 5, 6]) for _ in range(width)]
            for _ in range(height)
        ]
        counters = [
            Enumerator(rows, cols, prune=True, trim=True),
            Enumerator(rows, cols, prune=True, memo=False, trim=False),
            Enumerator(rows, cols, prune=False),
        ]
        found = [counter.count(grid, 300, 5 * 10**6) for counter in counters]
        if all(complete or count == 300 for count, _, complete in found):
            assert len({count for count, _, _ in found}) == 1, (grid, target)
            counted += 1
            cut, _, complete = counters[0].count(grid, 10**9, 500)
            assert complete or (cut <= found[2][0] or found[2][0] == 300) and 0 <= counters[0].explored <= 1
        r, c = rng.randrange(height), rng.randrange(width)
        tallies = [counter.count_cell(grid, r, c, 5 * 10**6) for counter in counters[::2]]
        if tallies[0][2] and tallies[1][2]:
            assert tallies[0][0] == tallies[1][0], (grid, target, r, c)
            cells += 1
            cut_tally, _, complete = counters[0].count_cell(grid, r, c, 2_000)
            assert all(a <= b for a, b in zip(cut_tally, tallies[0][0], strict=True))
            assert complete or 0 <= counters[0].explored <= 1
    assert counted >= 10 and cells >= 8, (counted, cells)
