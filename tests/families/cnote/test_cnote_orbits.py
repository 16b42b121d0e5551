"""Orbits of square digit grids (`orbits.py`): the sorted-rows canonical codes against brute
force over the whole group, and one cell set per orbit."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from boardlab.families.cnote.orbits import canonical, canonical_codes, cell_sets, decode, images


def least_image(grid: list[list[int]]) -> int:
    """The least of a square grid's images (row and column permutations, transposition) as a
    code read row by row: by brute force over the group, independent of `orbits`."""
    n = len(grid)
    best = None
    for g in (grid, [list(col) for col in zip(*grid)]):
        for rows in itertools.permutations(range(n)):
            for cols in itertools.permutations(range(n)):
                code = int("".join(str(g[r][c]) for r in rows for c in cols))
                best = code if best is None else min(best, code)
    assert best is not None
    return best


@pytest.mark.parametrize("side, size", [(2, 8), (3, 72), (4, 1152)])
def test_the_group_has_2_n_factorial_squared_images(side: int, size: int) -> None:
    grid = tuple(tuple(side * r + c for c in range(side)) for r in range(side))
    assert len(set(images(grid))) == size


@pytest.mark.parametrize("side", [2, 3, 4])
def test_canonical_codes_are_the_least_images(side: int) -> None:
    rng = random.Random(side)
    grids = [[[rng.choice((1, 2, 8, 9)) for _ in range(side)] for _ in range(side)] for _ in range(25)]
    grids += [[[rng.randint(0, 9) for _ in range(side)] for _ in range(side)] for _ in range(25)]
    codes = canonical_codes(np.array(grids)).tolist()
    assert codes == [least_image(g) for g in grids]
    assert [decode(code, side) for code in codes] == [canonical(g) for g in grids]


def test_decode_keeps_leading_zeros_and_refuses_wide_grids() -> None:
    assert decode(123456789, 3) == ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert decode(1, 2) == ((0, 0), (0, 1))
    with pytest.raises(ValueError, match="side at most 4"):
        canonical_codes(np.ones((1, 5, 5), dtype=np.int64))


@pytest.mark.parametrize("side", [3, 4])
def test_cell_sets_are_one_per_orbit(side: int) -> None:
    """1 cell: one orbit; 2 cells: in one row (or column) or apart; 3 cells: in one row, an L,
    two in a row and one apart, all apart. Each listed set is its own least image, and random
    sets map onto exactly one of them."""
    assert [len(cell_sets(k, side)) for k in (1, 2, 3)] == [1, 2, 4]
    rng = random.Random(side)

    def marks(cells: list[int]) -> list[list[int]]:
        return [[1 if side * r + c in cells else 2 for c in range(side)] for r in range(side)]

    for k in (1, 2, 3):
        listed = [least_image(marks(cells)) for cells in cell_sets(k, side)]
        assert all(
            least_image(marks(cells)) == int("".join(map(str, sum(marks(cells), []))))
            for cells in cell_sets(k, side)
        )
        for _ in range(10):
            assert listed.count(least_image(marks(rng.sample(range(side * side), k)))) == 1
