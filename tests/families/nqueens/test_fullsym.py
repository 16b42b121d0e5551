"""The full-symmetry counter against ground truth: brute force, orbit counting, and OEIS."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from boardlab.families.nqueens import counter, fullsym
from boardlab.families.nqueens.parallel import count_board
from boardlab.families.nqueens.split import arrays, split, top_level

OEIS = json.loads((Path(__file__).parent / "data" / "oeis_nqueens.json").read_text())
TOTAL = {int(k): v for k, v in OEIS["A000170"]["values"].items()}
FUNDAMENTAL = {int(k): v for k, v in OEIS["A002562"]["values"].items()}


def images(q: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The 8 images of a solution under the symmetries of the square (plain Python)."""
    n = len(q)
    cells = [(r, c) for r, c in enumerate(q)]
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (c, r),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    result = set()
    for f in maps:
        board = [0] * n
        for r, c in cells:
            rr, cc = f(r, c)
            board[rr] = cc
        result.add(tuple(board))
    return result


def brute_force(n: int) -> list[tuple[int, ...]]:
    """All solutions by trying every permutation (n <= 8)."""
    return [
        p
        for p in itertools.permutations(range(n))
        if all(abs(p[i] - p[j]) != j - i for i in range(n) for j in range(i + 1, n))
    ]


def orbit_classes(solutions: list[tuple[int, ...]]) -> list[int]:
    """How many symmetry classes have 2, 4 and 8 members."""
    seen: set[tuple[int, ...]] = set()
    classes = [0, 0, 0]
    for q in solutions:
        if q in seen:
            continue
        orbit = images(q)
        seen |= orbit
        classes[{2: 0, 4: 1, 8: 2}[len(orbit)]] += 1
    return classes


@pytest.mark.parametrize("n", range(1, 9))
def test_brute_force(n: int) -> None:
    solutions = brute_force(n)
    counted = count_board(n, workers=1)
    assert counted.complete
    assert counted.total == len(solutions)
    assert counted.fundamental == len({min(images(q)) for q in solutions})


@pytest.mark.parametrize("n", range(5, 11))
def test_symmetry_classes_match_orbits(n: int) -> None:
    """Each solution is counted once per orbit, with its orbit's size (the 2/4/8 classification)."""
    found, complete = counter.enumerate_solutions(n)
    assert complete
    counted = count_board(n, workers=1)
    assert counted.classes == orbit_classes([tuple(q) for q in found])


@pytest.mark.parametrize("n", [n for n in range(1, 15)])
def test_oeis(n: int) -> None:
    counted = count_board(n, workers=1)
    assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


@pytest.mark.slow
@pytest.mark.parametrize("n", [15, 16])
def test_oeis_slow(n: int) -> None:
    counted = count_board(n)
    assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


@pytest.mark.parametrize("n", range(5, 13))
def test_kernel_agrees_with_plain_counter(n: int) -> None:
    """Against the foundation's plain counter with its own canonical-image check (another algorithm)."""
    plain = counter.count(n, fundamental=True)
    counted = count_board(n, workers=1)
    assert (counted.total, counted.fundamental) == (plain.total, plain.fundamental)


@pytest.mark.parametrize("n", [5, 6, 9, 12])
def test_top_level_pieces_sum_to_the_split(n: int) -> None:
    """Counting the top-level pieces whole gives what the deep split gives."""

    def total(pieces):
        rows = fullsym.count_batch(n, *arrays(n, pieces))
        return rows.sum(axis=0).tolist()

    assert total(top_level(n)) == total(split(n, 2000))


@pytest.mark.parametrize("n", range(5, 12))
def test_every_split_depth_gives_the_same_classes(n: int) -> None:
    """The kernels start from any depth (up to all rows but the last) with the same result:
    this exercises their entry code, the in-place finish of the last two rows and the bound2
    rule at every row."""
    from boardlab.families.nqueens.split import _deepen, children

    expected = None
    for depth in range(2, n):
        pieces = [deeper for piece in top_level(n) for deeper in _deepen(n, piece, min(depth, n - 2))]
        if depth == n - 1:
            pieces = [c for p in pieces for c in children(n, p)]  # all rows but the last fixed
        rows = fullsym.count_batch(n, *arrays(n, pieces)).sum(axis=0).tolist()
        expected = expected or rows
        assert rows == expected, depth
    assert 2 * expected[0] + 4 * expected[1] + 8 * expected[2] == TOTAL[n]
    assert sum(expected) == FUNDAMENTAL[n]


def test_small_boards_table_matches_brute_force() -> None:
    for n in range(1, 5):
        solutions = brute_force(n)
        assert fullsym.count_small(n) == (len(solutions), len({min(images(q)) for q in solutions}))


def test_row_allowed_matches_kernel_rules() -> None:
    """The split's rule for the row bound2 (needs an edge column used above, or only edges)."""
    n, bound1 = 9, 2
    side = (1 << (n - 1)) | 1
    assert fullsym.row_allowed(n, 1, bound1, n - 1 - bound1, 0) == 0
    assert fullsym.row_allowed(n, 1, bound1, n - 1 - bound1, 1) == side
    assert fullsym.row_allowed(n, 1, bound1, n - 1 - bound1, side) == (1 << n) - 1
    assert fullsym.row_allowed(n, 1, bound1, 1, 0) == ((1 << n) - 1) & ~side
    assert fullsym.row_allowed(n, 0, 4, 3, 0) == ((1 << n) - 1) & ~2


def test_prefix_at_last_row_is_counted() -> None:
    """A piece fixing all rows but the last is finished by the kernels' entry code."""
    n = 6
    pieces = split(n, 10**6)  # as deep as the split goes: n - 2 rows fixed
    assert max(len(p.prefix) for p in pieces) == n - 2
    # extend every piece by one more row by hand and count from there
    from boardlab.families.nqueens.split import children

    deeper = [c for p in pieces for c in children(n, p)]
    assert all(len(p.prefix) == n - 1 for p in deeper)
    rows = fullsym.count_batch(n, *arrays(n, deeper)).sum(axis=0)
    assert int(2 * rows[0] + 4 * rows[1] + 8 * rows[2]) == TOTAL[n]
    assert int(rows.sum()) == FUNDAMENTAL[n]


def test_counts_are_int64_arrays() -> None:
    rows = fullsym.count_batch(8, *arrays(8, split(8, 10)))
    assert rows.dtype == np.int64 and rows.shape[1] == 3


@pytest.mark.slow  # compiles the recursive kernels (about 10 s) on a fresh cache
@pytest.mark.parametrize("n", [5, 8, 11])
def test_recursive_form_agrees(n: int) -> None:
    """The recursive form kept for the benchmark counts like the iterative kernels."""
    from boardlab.bench.baselines.nqueens_recursive import count_recursive

    assert count_recursive(n).tolist() == count_board(n, workers=1).classes
