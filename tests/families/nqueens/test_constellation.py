"""The constellation counter against brute force, plain-Python orbits, the full-symmetry
counter and OEIS, through every executor and split depth."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from boardlab.core.errors import BadInput
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.nqueens import constellation, counter
from boardlab.families.nqueens.family import NQueens
from boardlab.families.nqueens.io import make_instance
from boardlab.families.nqueens.parallel import count_board
from boardlab.families.nqueens.verify import violations

OEIS = json.loads((Path(__file__).parent / "data" / "oeis_nqueens.json").read_text())
TOTAL = {int(k): v for k, v in OEIS["A000170"]["values"].items()}
FUNDAMENTAL = {int(k): v for k, v in OEIS["A002562"]["values"].items()}
EMPTY = np.zeros(0, dtype=np.int64)


# ---- plain Python ground truth ----------------------------------------------------------------
def maps(n: int) -> list:
    m = n - 1
    return [
        lambda r, c: (r, c),
        lambda r, c: (r, m - c),
        lambda r, c: (m - r, c),
        lambda r, c: (m - r, m - c),
        lambda r, c: (c, r),
        lambda r, c: (c, m - r),
        lambda r, c: (m - c, r),
        lambda r, c: (m - c, m - r),
    ]


def border(n: int, squares: set[tuple[int, int]]) -> tuple[int, int, int, int] | None:
    """(a, b, c, d) of a set of squares: the queen of row 0, of row n-1 (their columns), of
    column 0, of column n-1 (their rows); None unless each line has exactly one."""
    m = n - 1
    lines = [
        [c for r, c in squares if r == 0],
        [c for r, c in squares if r == m],
        [r for r, c in squares if c == 0],
        [r for r, c in squares if c == m],
    ]
    if any(len(line) != 1 for line in lines):
        return None
    return lines[0][0], lines[1][0], lines[2][0], lines[3][0]


def attack(p: tuple[int, int], q: tuple[int, int]) -> bool:
    return p != q and (p[0] == q[0] or p[1] == q[1] or abs(p[0] - q[0]) == abs(p[1] - q[1]))


def all_constellations(n: int) -> set[tuple[int, int, int, int]]:
    """Every consistent border placement, by trying all squares of the four border lines."""
    m = n - 1
    found = set()
    for a in range(n):
        for b in range(n):
            for c in range(n):
                for d in range(n):
                    squares = {(0, a), (m, b), (c, 0), (d, m)}
                    if border(n, squares) == (a, b, c, d) and not any(
                        attack(p, q) for p in squares for q in squares
                    ):
                        found.add((a, b, c, d))
    return found


def orbit(n: int, constellation_: tuple[int, int, int, int]) -> set[tuple[int, int, int, int]]:
    a, b, c, d = constellation_
    m = n - 1
    squares = {(0, a), (m, b), (c, 0), (d, m)}
    return {border(n, {f(r, col) for r, col in squares}) for f in maps(n)}  # type: ignore[misc]


def solutions(n: int) -> list[tuple[int, ...]]:
    found, complete = counter.enumerate_solutions(n)
    assert complete
    return [tuple(q) for q in found]


def constellation_of(q: tuple[int, ...]) -> tuple[int, int, int, int]:
    n = len(q)
    result = border(n, {(r, c) for r, c in enumerate(q)})
    assert result is not None
    return result


# ---- the constellations and their weights -----------------------------------------------------
@pytest.mark.parametrize("n", range(4, 11))
def test_constellations_and_weights_against_plain_orbits(n: int) -> None:
    """One row per orbit of border placements (its smallest member), weight = orbit size, and
    the searched member in the same orbit; S(B) and the weighted sum against all solutions."""
    table = constellation.constellations(n)
    everything = all_constellations(n)
    smallest = {min(orbit(n, x)) for x in everything}
    assert {tuple(int(v) for v in row[:4]) for row in table} == smallest
    per_constellation = Counter(constellation_of(q) for q in solutions(n))
    total = 0
    for row in table:
        canonical = tuple(int(v) for v in row[:4])
        searched = tuple(int(v) for v in row[constellation.SEARCH])
        members = orbit(n, canonical)  # type: ignore[arg-type]
        assert row[constellation.WEIGHT] == len(members) and len(members) in (2, 4, 8)
        assert searched in members
        stabiliser = [
            g
            for g, f in enumerate(maps(n))
            if border(
                n,
                {
                    f(r, c)
                    for r, c in {
                        (0, canonical[0]),
                        (n - 1, canonical[1]),
                        (canonical[2], 0),
                        (canonical[3], n - 1),
                    }
                },
            )
            == canonical
        ]
        assert row[constellation.STAB] == sum(1 << g for g in stabiliser)
        # every member of the orbit has as many solutions; the kernel counts the searched one
        assert {per_constellation[x] for x in members} == {per_constellation[canonical]}
        assert constellation.count_unit(n, *searched, EMPTY) == per_constellation[searched]
        total += len(members) * per_constellation[canonical]
    assert total == TOTAL[n]


@pytest.mark.parametrize("n", range(5, 11))
def test_checked_kernel_counts_the_symmetric_solutions(n: int) -> None:
    """For every constellation: the checking kernel's totals equal the fast kernel's, and its
    counts of solutions fixed by the 180 and 90 degree rotations equal plain Python's."""
    m = n - 1
    everything = solutions(n)
    for row in constellation.constellations(n):
        searched = tuple(int(v) for v in row[constellation.SEARCH])
        mine = [q for q in everything if constellation_of(q) == searched]
        half = sum(all(q[m - r] == m - q[r] for r in range(n)) for q in mine)
        quarter = sum(all(q[q[r]] == m - r for r in range(n)) for q in mine)
        checked = constellation.count_unit_checked(n, *searched, EMPTY)
        assert checked == (len(mine), half, quarter)
        assert constellation.count_unit(n, *searched, EMPTY) == len(mine)
        if not row[constellation.STAB] & constellation.R180:
            assert half == quarter == 0


def test_units_cover_every_constellation_once() -> None:
    """Deeper splits only cut units: depth 1 and 2 count the same as the whole constellations."""
    n = 9
    for depth in (0, 1, 2):
        units = constellation.units(n, depth=depth)
        assert all(len(u.prefix) <= depth for u in units)
        table, prefixes, lengths = constellation.arrays(units)
        sums = constellation.count_batch(n, table, prefixes, lengths).sum(axis=0)
        assert int(sums[0]) == TOTAL[n]
        assert sum(constellation.classes(tuple(int(s) for s in sums))) == FUNDAMENTAL[n]  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [9, 11])
def test_fast_kernel_equals_the_checking_kernel_on_every_unit(n: int) -> None:
    """The fast kernel (look-ahead, last two rows in place) against the checking kernel, which
    walks every free row to a leaf, unit by unit at split depths 0 to 3."""
    for depth in range(4):
        for unit in constellation.units(n, depth=depth):
            prefix = np.array(unit.prefix, dtype=np.int64)
            fast = constellation.count_unit(n, *unit.search, prefix)
            assert fast == constellation.count_unit_checked(n, *unit.search, prefix)[0]


def test_finish_two_against_a_loop_over_the_options() -> None:
    """The branch-free count of the last two rows against trying every option (random masks,
    row distances 1 to 3, boards up to 20 columns)."""
    rng = np.random.default_rng(18)
    for _ in range(20000):
        n = int(rng.integers(4, 21))
        full = (1 << n) - 1
        left, down, right, options, last = (int(rng.integers(0, full + 1)) for _ in range(5))
        options &= ~down & full
        step = int(rng.integers(1, 4))
        expected = sum(
            1
            for col in range(n)
            if options >> col & 1
            and ~(((left | 1 << col) << step) | (down | 1 << col) | ((right | 1 << col) >> step)) & last
        )
        masks = (np.uint64(v) for v in (left, down, right, options, step, last))
        assert constellation._finish_two(*masks) == expected


# ---- OEIS through every executor and split depth ----------------------------------------------
@pytest.mark.parametrize("depth", [0, 1, 2])
@pytest.mark.parametrize("executor", ["serial", "processes", "threads"])
def test_oeis_every_executor_and_depth(executor: str, depth: int) -> None:
    for n in range(5, 12):
        counted = count_board(n, workers=2, executor=executor, method="constellation", depth=depth)
        assert counted.complete and counted.method == "constellation"
        assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


@pytest.mark.parametrize("n", range(1, 15))
def test_oeis_default_split(n: int) -> None:
    counted = count_board(n, workers=1, executor="serial", method="constellation")
    assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


@pytest.mark.parametrize("n", range(5, 13))
def test_classes_equal_the_full_symmetry_counter(n: int) -> None:
    mine = count_board(n, workers=1, executor="serial", method="constellation")
    theirs = count_board(n, workers=1, executor="serial", method="fullsym")
    assert mine.classes == theirs.classes


@pytest.mark.slow
@pytest.mark.parametrize("depth", [0, 1, 2])
@pytest.mark.parametrize("executor", ["serial", "processes", "threads"])
def test_oeis_every_executor_and_depth_up_to_14(executor: str, depth: int) -> None:
    for n in (12, 13, 14):
        counted = count_board(n, workers=2, executor=executor, method="constellation", depth=depth)
        assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


@pytest.mark.slow
def test_ray_every_depth_up_to_14() -> None:
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        for depth in (0, 1, 2):
            for n in range(5, 15):
                counted = count_board(n, workers=2, executor="ray", method="constellation", depth=depth)
                assert counted.executor == "ray"
                assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])
    finally:
        ray.shutdown()


@pytest.mark.slow
@pytest.mark.parametrize("n", [15, 16])
def test_oeis_15_and_16(n: int) -> None:
    counted = count_board(n, workers=2, method="constellation")
    assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


# ---- checkpoints ------------------------------------------------------------------------------
@pytest.mark.parametrize("executor", ["serial", "processes"])
def test_checkpoint_resume(tmp_path: Path, executor: str) -> None:
    path = str(tmp_path / "count.jsonl")
    first = count_board(
        13, workers=2, executor=executor, method="constellation", checkpoint=path, stop_after=3
    )
    assert not first.complete and first.fundamental is None
    header = json.loads(Path(path).read_text().splitlines()[0])
    assert header["method"] == "constellation"
    second = count_board(13, workers=2, executor=executor, method="constellation", checkpoint=path)
    assert second.complete and second.resumed == first.finished
    assert (second.total, second.fundamental) == (TOTAL[13], FUNDAMENTAL[13])


def test_checkpoint_of_the_other_method_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "count.jsonl")
    count_board(10, workers=1, method="fullsym", checkpoint=path, stop_after=1)
    with pytest.raises(BadInput, match="method"):
        count_board(10, workers=1, method="constellation", checkpoint=path)


def test_a_sample_counts_every_stride_th_unit() -> None:
    whole = count_board(11, workers=1, method="constellation")
    halves = [count_board(11, workers=1, method="constellation", stride=2) for _ in range(2)]
    assert halves[0].sampled == (whole.subproblems + 1) // 2 and not halves[0].complete
    assert halves[0].total == halves[1].total < whole.total
    with pytest.raises(BadInput, match="sample"):
        count_board(11, workers=1, stride=0)


def test_bad_method_and_depth() -> None:
    with pytest.raises(BadInput, match="--method"):
        count_board(9, method="magic")
    with pytest.raises(BadInput, match="split depth"):
        count_board(9, method="fullsym", depth=1)


# ---- one solution per symmetry class ----------------------------------------------------------
@pytest.mark.parametrize("n", range(1, 11))
def test_solve_all_fundamental_lists_one_solution_per_class(n: int) -> None:
    family = NQueens()
    result = family.solve(make_instance(n), SolveRequest(mode=Mode.ALL, options={"fundamental": True}))
    listed = [tuple(s["queens"]) for s in result.solutions]
    assert result.count == len(listed) == FUNDAMENTAL[n]
    assert all(not violations(n, (), {"queens": list(q)}) for q in listed)
    classes = [{border_image for border_image in _images(q)} for q in listed]
    assert all(q == min(images) for q, images in zip(listed, classes))
    covered = set().union(*classes) if classes else set()
    assert len(covered) == sum(len(c) for c in classes) == TOTAL[n]  # disjoint, and they cover all


def _images(q: tuple[int, ...]) -> set[tuple[int, ...]]:
    n = len(q)
    result = set()
    for f in maps(n):
        board = [0] * n
        for r, c in enumerate(q):
            rr, cc = f(r, c)
            board[rr] = cc
        result.add(tuple(board))
    return result


def test_solve_fundamental_with_a_limit_and_refusals() -> None:
    family = NQueens()
    result = family.solve(
        make_instance(8), SolveRequest(mode=Mode.ALL, limit=5, options={"fundamental": True})
    )
    everything = family.solve(make_instance(8), SolveRequest(mode=Mode.ALL, options={"fundamental": True}))
    assert [s["queens"] for s in result.solutions] == [s["queens"] for s in everything.solutions][:5]
    from boardlab.core.errors import Unsupported

    with pytest.raises(Unsupported):
        family.solve(make_instance(8), SolveRequest(mode=Mode.FIRST, options={"fundamental": True}))
    with pytest.raises(Unsupported):
        family.solve(make_instance(8, [(0, 0)]), SolveRequest(mode=Mode.ALL, options={"fundamental": True}))
