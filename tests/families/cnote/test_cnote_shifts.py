"""Lemma 6 (`families/cnote/shifts.py`): the shifted solutions against the independent
`verify`, and CP-SAT (the oracle's enumeration) as a second method for the count."""

from __future__ import annotations

import random

import pytest

from boardlab.families.cnote.instance import make_instance
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.shifts import hundred_shifts, shift
from boardlab.families.cnote.verify import violations


def solvable(
    n: int, target: int, rng: random.Random, count: int
) -> list[tuple[list[list[int]], list[list[int]]]]:
    """`count` random n x n digit grids with a solution at `target`, with that solution (CP-SAT)."""
    found = []
    while len(found) < count:
        digits = [[rng.randint(1, 9) for _ in range(n)] for _ in range(n)]
        some = CNoteOracle(make_instance(digits, target)).several(1, 0)
        if isinstance(some, list) and some:
            found.append((digits, some[0]))
    return found


@pytest.mark.parametrize("n", [3, 4])
def test_grids_solvable_at_100_have_n_factorial_solutions_at_200(n: int) -> None:
    rng = random.Random(n)
    for digits, solution in solvable(n, 100, rng, 3):
        shifted = hundred_shifts(digits, solution)
        assert len({str(s) for s in shifted}) == len(shifted) == (6 if n == 3 else 24)
        for grid in shifted:
            assert violations(digits, [200] * n, [200] * n, {"grid": grid}) == []
        # second method: CP-SAT's enumeration at 200 reaches n! solutions, the shifts among them
        counted = CNoteOracle(make_instance(digits, 200)).several(len(shifted) + 1, 0)
        assert isinstance(counted, list) and len(counted) >= len(shifted)


def test_two_rows_and_two_columns_at_100_give_two_solutions_at_200() -> None:
    """The k = 2 case of the consequence: rows 0, 1 and columns 0, 1 at 100, the rest at 200;
    both 2 x 2 permutations on those rows and columns give solutions with every line at 200."""
    rng = random.Random(7)
    rows = cols = [100, 100, 200, 200]
    made = 0
    while made < 2:
        digits = [[rng.randint(1, 9) for _ in range(4)] for _ in range(4)]
        some = CNoteOracle(make_instance(digits, 200, rows, cols)).several(1, 0)
        if not isinstance(some, list) or not some:
            continue
        made += 1
        for perm in ((0, 1), (1, 0)):
            a = [[int(r < 2 and c == perm[r]) for c in range(4)] for r in range(4)]
            grid = shift(digits, some[0], a)
            assert violations(digits, [200] * 4, [200] * 4, {"grid": grid}) == []


def test_a_number_showing_its_hundreds_digit_cannot_be_shifted() -> None:
    """The condition of the lemma is needed: 123 shows its 1 only in the hundreds place."""
    with pytest.raises(ValueError, match="no longer contains the digit 1"):
        shift([[1]], [[123]], [[1]])
    assert shift([[2]], [[123]], [[1]]) == [[223]]  # its 2 (tens place) survives
    with pytest.raises(ValueError):
        hundred_shifts([[1, 1], [1, 1]], [[150, 1], [1, 150]])  # numbers of 100 or more
