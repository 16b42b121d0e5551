"""The moves of ten (`families/cnote/moves.py`, Lemma 7) that let the exhaustive 3x3 scan skip
pairs: what they cover has two solutions by the transforms' exact counts (a second method) and
by explicit pairs of solutions passed through `verify`; every recorded unique grid stays
uncovered under its representative pairs; the scan with them lists the same unique orbits."""

from __future__ import annotations

import importlib
import itertools
import random

import numpy as np
import pytest

from boardlab.core.errors import BadInput
from boardlab.data import CNOTE_3X3_EXHAUSTIVE, json_lines
from boardlab.families.cnote.convolution import digit_masks
from boardlab.families.cnote.exhaustive import PairScanner, images, key, pair_representatives, scan
from boardlab.families.cnote.moves import LEFT_OVER_LIMIT, cover, covers, needed, witness
from boardlab.families.cnote.verify import violations

PAIRS = pair_representatives()
PAIR_SET = set(PAIRS)
EVERY_ROW = np.ones((9, 9, 9), dtype=np.bool_)
ROWS = list(itertools.product(range(1, 10), repeat=3))


def full_cover(target: int, a, b) -> np.ndarray:
    """Every third row with a solution of Lemma 7's shape (no limit, no early stop)."""
    return cover(target, np.array(a), np.array(b), digit_masks(target), EVERY_ROW, 729, False)


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
    """On small targets, against a plain search for a solution of Lemma 7's shape (any two rows,
    any two columns; `witness`), on sampled third rows; each witness is two distinct solutions
    that the independent `verify` accepts."""
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


def test_covers_means_every_needed_row_is_covered() -> None:
    masks = digit_masks(620)
    answers = []
    for a, b in sample_pairs(30, 5):
        need = needed(np.array(a), np.array(b))
        answer = covers(620, np.array(a), np.array(b), masks, LEFT_OVER_LIMIT)
        everything = bool((full_cover(620, a, b) | ~need).all())
        assert not answer or everything
        answers.append(answer)
    assert any(answers) and not all(answers)


def test_recorded_unique_grids_are_never_covered() -> None:
    """The unique grids records list (targets from 400 on, two a record), under every image whose first two
    rows are a representative pair and whose third row that pair needs: `covers` says no (the
    scan counts that pair) and the grid is not in the cover."""
    checked = 0
    for record in json_lines(CNOTE_3X3_EXHAUSTIVE):
        if record["target"] < 400 or not record.get("grids"):
            continue
        target = record["target"]
        masks = digit_masks(target)
        for grid in record["grids"][:2]:
            for image in images(tuple(map(tuple, grid))):
                a, b, c = image
                if (a, b) not in PAIR_SET or not needed(np.array(a), np.array(b))[
                    c[0] - 1, c[1] - 1, c[2] - 1
                ]:
                    continue
                assert not covers(target, np.array(a), np.array(b), masks, LEFT_OVER_LIMIT)
                assert not full_cover(target, a, b)[c[0] - 1, c[1] - 1, c[2] - 1]
                checked += 1
    assert checked >= 10


@pytest.mark.parametrize("target", [620, 900])
def test_the_scan_with_moves_lists_what_the_exact_scan_lists(target: int) -> None:
    exact = scan(target, limit=200, moves=False)
    quick = scan(target, limit=200)
    assert quick.moves and not exact.moves and exact.witnessed == 0
    assert quick.unique == exact.unique and quick.done == exact.done == 200
    assert quick.witnessed > 0
    if quick.witnessed < 200:  # the least count among fewer grids is no smaller
        assert quick.least_seen >= exact.least_seen
    assert not scan(300, limit=20).moves  # below `MOVES_TARGETS` every pair is counted


@pytest.mark.slow
def test_the_whole_scan_with_moves_at_500_finds_the_one_unique_orbit() -> None:
    """The record at 500 (one orbit, `4 5 8 / 8 7 9 / 9 9 4`) reproduced with the moves."""
    state = scan(500)
    assert state.finished and state.moves and state.witnessed > 0
    assert [list(map(list, g)) for g in state.grids()] == [[[4, 5, 8], [8, 7, 9], [9, 9, 4]]]


def test_generate_names_the_moves_where_a_record_used_them(monkeypatch) -> None:
    generate_module = importlib.import_module("boardlab.families.cnote.generate")
    record = {"target": 650, "pairs": len(PAIRS), "unique_orbits": 0, "least_count": 21, "witnessed": 30_000}
    monkeypatch.setattr(generate_module, "recorded", lambda target: record)
    with pytest.raises(BadInput, match="on 30,000 a move of ten gives every grid two solutions, the others"):
        generate_module.generate(3, 3, 650, 0)
    record.update(witnessed=len(PAIRS), least_count=0)  # every pair settled by the moves
    with pytest.raises(BadInput, match=r"two solutions; docs/cnote.md"):
        generate_module.generate(3, 3, 650, 0)
