"""The moves of ten (`families/cnote/moves.py`, Lemma 7) and the capped counts with which the
exhaustive 3x3 scan settles pairs without transforms (`PairScanner.settle`): what the moves
cover has two solutions by the transforms' exact counts (a second method) and by explicit pairs
of solutions passed through `verify`; a settled pair's unique grids are the transforms'; every
recorded unique grid is found under its representative pairs; the scan lists the same unique
orbits with and without settling."""

from __future__ import annotations

import importlib
import itertools
import random

import numpy as np
import pytest

from boardlab.core.errors import BadInput
from boardlab.data import CNOTE_3X3_EXHAUSTIVE, json_lines
from boardlab.families.cnote import exhaustive
from boardlab.families.cnote.convolution import digit_masks
from boardlab.families.cnote.exhaustive import PairScanner, key, pair_representatives, scan
from boardlab.families.cnote.moves import cover, needed, witness
from boardlab.families.cnote.orbits import images
from boardlab.families.cnote.verify import violations

PAIRS = pair_representatives()
PAIR_SET = set(PAIRS)
EVERY_ROW = np.ones((9, 9, 9), dtype=np.bool_)
ROWS = list(itertools.product(range(1, 10), repeat=3))


def full_cover(target: int, a, b) -> np.ndarray:
    """Every third row with a solution of Lemma 7's shape moving the first two rows."""
    return cover(target, np.array(a), np.array(b), digit_masks(target), EVERY_ROW)


def sample_pairs(count: int, seed: int) -> list:
    rng = random.Random(seed)
    # random pairs, and pairs of large digits (few numbers contain them: the hard cases)
    heavy = [p for p in PAIRS if min(p[0]) >= 7 and min(p[1]) >= 5]
    return rng.sample(PAIRS, count) + rng.sample(heavy, 2)


def test_digit_masks_are_the_decimal_digits() -> None:
    masks = digit_masks(2_000)
    for n in range(2_001):
        assert masks[n] == sum(1 << (d - 1) for d in {int(ch) for ch in str(n)} - {0})


def test_needed_rows_are_lemma_4s() -> None:
    for a, b in sample_pairs(40, 1):
        need = needed(np.array(a), np.array(b))
        for c in ROWS:
            expected = key(c) <= key(a) and all(key((a[j], b[j], c[j])) <= key(a) for j in range(3))
            assert need[c[0] - 1, c[1] - 1, c[2] - 1] == expected


@pytest.mark.parametrize("target", [450, 620, 800])
def test_covered_rows_have_two_solutions_or_more_by_the_transforms(target: int) -> None:
    """The exact counts of `PairScanner` (transforms, no moves) of every covered grid are >= 2;
    the moves cover most rows here (the test can fail both ways)."""
    scanner = PairScanner(target)
    share = []
    for a, b in sample_pairs(4, target):
        covered = full_cover(target, a, b)
        counts = scanner.counts(a, b)
        assert (counts[covered] >= 2).all()
        share.append(covered.mean())
    assert max(share) > 0.5


@pytest.mark.parametrize("target", [150, 200])
def test_cover_is_the_set_of_grids_with_a_move_of_ten(target: int) -> None:
    """On small targets, against a plain search for a solution of Lemma 7's shape moving the
    first two rows (any two columns; `witness`), on sampled third rows; each witness is two
    distinct solutions that the independent `verify` accepts."""
    rng = random.Random(target)
    seen = {True: 0, False: 0}
    for a, b in sample_pairs(3, target):
        covered = full_cover(target, a, b)
        for c in rng.sample(ROWS, 12):
            grid = (a, b, c)
            found = witness(target, grid)
            assert (found is not None) == bool(covered[c[0] - 1, c[1] - 1, c[2] - 1]), grid
            seen[found is not None] += 1
            if found is not None:
                first, second = found
                assert first != second
                for solution in found:
                    assert (
                        violations([list(r) for r in grid], [target] * 3, [target] * 3, {"grid": solution})
                        == []
                    )
    assert seen[True] and seen[False]


def test_settled_pairs_report_exactly_the_transforms_unique_grids(monkeypatch) -> None:
    """`settle` on random and large-digit pairs, and on pairs holding a recorded unique grid (at
    476 and 597): when it decides a pair, its unique third rows are exactly the needed rows the
    transforms count once (some decided pairs had rows left to the capped counts, and some
    reported a unique grid); with no rows allowed to the counts it decides only the pairs the
    moves cover whole."""
    decided_with_counts = found = 0
    for target in (476, 597):
        scanner = PairScanner(target)
        pairs = sample_pairs(12, target)
        for record in json_lines(CNOTE_3X3_EXHAUSTIVE):
            if record["target"] == target:
                for grid in record["grids"][:3]:
                    pairs += [image[:2] for image in images(tuple(map(tuple, grid))) if image[:2] in PAIR_SET]
        for a, b in pairs:
            need = needed(np.array(a), np.array(b))
            left = need & ~cover(target, np.array(a), np.array(b), scanner.masks, need)
            done, ones = scanner.settle(a, b)
            if not done:
                continue
            decided_with_counts += bool(left.any())
            counts = scanner.counts(a, b)
            expected = {tuple(int(d) + 1 for d in c) for c in np.argwhere(need & (counts == 1))}
            assert set(ones) == expected
            found += len(ones)
        with monkeypatch.context() as patch:
            patch.setattr(exhaustive, "SETTLE_ROWS", 0)
            for a, b in pairs:
                need = needed(np.array(a), np.array(b))
                whole = not (need & ~cover(target, np.array(a), np.array(b), scanner.masks, need)).any()
                assert scanner.settle(a, b) == (whole, [])
    assert decided_with_counts and found


def test_recorded_unique_grids_are_found_by_settling() -> None:
    """The unique grids records list (targets from 400 on, two a record), under every image
    whose first two rows are a representative pair and whose third row that pair needs: the
    moves do not cover the grid, and `settle` either leaves the pair to the transforms or
    reports that third row."""
    checked = 0
    for record in json_lines(CNOTE_3X3_EXHAUSTIVE):
        if record["target"] < 400 or not record.get("grids"):
            continue
        scanner = PairScanner(record["target"])
        for grid in record["grids"][:2]:
            for a, b, c in images(tuple(map(tuple, grid))):
                if (a, b) not in PAIR_SET or not needed(np.array(a), np.array(b))[
                    c[0] - 1, c[1] - 1, c[2] - 1
                ]:
                    continue
                assert not full_cover(record["target"], a, b)[c[0] - 1, c[1] - 1, c[2] - 1]
                done, ones = scanner.settle(a, b)
                assert not done or c in ones
                checked += 1
    assert checked >= 10


@pytest.mark.parametrize("target", [620, 900])
def test_the_scan_with_moves_lists_what_the_exact_scan_lists(target: int) -> None:
    exact = scan(target, limit=200, moves=False)
    quick = scan(target, limit=200)
    assert quick.moves and not exact.moves and exact.settled == 0
    # on a prefix of the pairs the transforms also list grids a pair does not need (found
    # later under their own pairs), so only the inclusion holds here; the whole scans below
    assert quick.unique <= exact.unique and quick.done == exact.done == 200
    assert quick.settled > 0
    if quick.settled < 200:  # the least count among fewer grids is no smaller
        assert quick.least_seen >= exact.least_seen
    assert not scan(300, limit=20).moves  # below `MOVES_TARGETS` every pair is counted


@pytest.mark.slow
def test_the_whole_scan_settled_at_200_finds_the_recorded_orbits(monkeypatch) -> None:
    """The record at 200 (9,732 unique orbits, every pair counted) reproduced with every pair
    offered to `settle` (below `MOVES_TARGETS`, so forced): many unique grids are then found
    by the capped counts of settled pairs, the rest by transforms (about a minute)."""
    monkeypatch.setattr(exhaustive, "MOVES_TARGETS", range(200, 201))
    state = scan(200)
    record = exhaustive.recorded(200)
    assert record is not None and state.finished and state.moves and state.settled > 10_000
    assert len(state.unique) == record["unique_orbits"] == 9_732


@pytest.mark.slow
def test_the_whole_scan_settled_at_700_finds_the_one_unique_orbit() -> None:
    """The record at 700 (an exact scan, 540 s of CPU: one orbit, `6 7 8 / 8 7 9 / 9 9 6`)
    reproduced with the pairs settled (35,067 of 35,355; about 45 s, where 500 took 80-130 s in
    CI, more of its pairs counted by transforms)."""
    record = exhaustive.recorded(700)
    assert record is not None and record["command"].endswith("--exact")
    state = scan(700)
    assert state.finished and state.moves and state.settled > 30_000
    assert (
        [list(map(list, g)) for g in state.grids()] == record["grids"] == [[[6, 7, 8], [8, 7, 9], [9, 9, 6]]]
    )


def test_generate_names_the_settling_where_a_record_used_it(monkeypatch) -> None:
    generate_module = importlib.import_module("boardlab.families.cnote.generate")
    record = {"target": 650, "pairs": len(PAIRS), "unique_orbits": 0, "least_count": 21, "settled": 30_000}
    monkeypatch.setattr(generate_module, "recorded", lambda target: record)
    with pytest.raises(
        BadInput, match="30,000 settled by moves of ten and counts stopped at two, the others"
    ):
        generate_module.generate(3, 3, 650, 0)
    record.update(settled=len(PAIRS), least_count=0)  # every pair settled
    with pytest.raises(BadInput, match=r"stopped at two; docs/cnote.md"):
        generate_module.generate(3, 3, 650, 0)
