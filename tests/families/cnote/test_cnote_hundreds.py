"""Lemma 5 (`families/cnote/hundreds.py`): the certificate against an independent enumeration
in grid coordinates with the transportation problem itself (not condition (F)); the 10
solutions against the independent `verify`; CP-SAT as a second method; the generator's
answer."""

from __future__ import annotations

import itertools
import random

import pytest

from boardlab.core.errors import BadInput
from boardlab.families.cnote import io
from boardlab.families.cnote import positions as lemma2
from boardlab.families.cnote.generate import generate
from boardlab.families.cnote.hundreds import (
    CERTIFIED,
    applies,
    box,
    certify,
    certify_cpsat,
    main,
    ten_solutions,
)
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.positions import tens_cells
from boardlab.families.cnote.verify import violations
from cnote_cycle import repairable


def brute_certificate(lo: int, hi: int) -> tuple[int, int]:
    """4x4 margins in grid coordinates: every (rows, cols) in [lo, hi] with equal totals whose
    row 0 has more margin than the columns its units-place cells meet (2 and 3); how many, and
    how many no single 100 on a cycle cell makes feasible."""
    checked = left = 0
    values = range(lo, hi + 1)
    for r0, c2, c3 in itertools.product(values, repeat=3):
        if r0 <= c2 + c3:
            continue
        for r1, r2, r3, c1 in itertools.product(values, repeat=4):
            rows = [r0, r1, r2, r3]
            c0 = sum(rows) - c1 - c2 - c3
            if not lo <= c0 <= hi:
                continue
            checked += 1
            left += not repairable(rows, [c0, c1, c2, c3], 4)
    return checked, left


@pytest.mark.parametrize("lo, hi", [(2, 6), (3, 7), (4, 10), (5, 11), (6, 14)])
def test_certificate_matches_an_enumeration_with_the_transportation_problem(lo: int, hi: int) -> None:
    """Boxes where nothing, part or all is repaired: the compiled certificate (on the cycle,
    condition (F)) counts the same vectors and the same left-overs as Gale-free brute force
    (augmenting paths on the grid's cells)."""
    checked, left, example = certify(4, lo, hi)
    assert (checked, left) == brute_certificate(lo, hi)
    if left:
        # position 0 = row 0, 2i + 1 = column i + 1: the example is not repairable
        rows = [example[2 * i] for i in range(4)]
        cols = [example[(2 * c - 1) % 8] for c in range(4)]
        assert not repairable(rows, cols, 4)


def test_certificate_left_overs_exist_in_small_boxes_and_none_in_the_certified_ones() -> None:
    assert certify(4, 5, 11)[1] > 0  # the repair is not always possible: the test can fail
    assert certify(4, 5, 24)[1] > 0  # 4x4 at target 266: not certified (47,998 left over)
    for (n, lo, hi), target in CERTIFIED.items():
        assert box(n, target) == (lo, hi)
        if (n, lo) in ((4, 9), (4, 18), (5, 9)):  # the cheap ones here (seconds); all in the slow test
            assert certify(n, lo, hi)[1] == 0
    assert certify(6, 6, 26)[1] == 0  # inside the 6x6 box (6.5 s); the box itself (289 s) in the slow test


@pytest.mark.slow
def test_every_certified_box_is_reproduced() -> None:
    """The 4x4 and 5x5 boxes by the enumeration, about 30 s of CPU, but for the two that cost
    most: the 5x5 box [5, 25] (48 s) and the 6x6 box [5, 26] (289 s), too long for every CI
    run, are reproduced by `python -m boardlab.families.cnote.hundreds 5 5 25` and `... 6 5 26`
    (docs/cnote.md); CP-SAT certifies them in the tests (a second method), and boxes inside
    them are enumerated: 5x5 [5, 20] here (2.5 million vectors break (F), 1.3 s), 6x6 [6, 26]
    in the fast test above."""
    for n, lo, hi in CERTIFIED:
        if n < 5 or n == 5 and lo > 5:
            assert certify(n, lo, hi)[1] == 0
    assert certify(5, 5, 20)[1] == 0


def test_box_holds_the_margins_of_every_family() -> None:
    """The margins the construction meets lie in `box` (random and extreme grids, all 10
    families)."""
    rng = random.Random(2)
    for n, target in ((4, 300), (5, 300), (5, 290)):
        lo, hi = box(n, target)
        grids = [[[9] * n for _ in range(n)], [[1] * n for _ in range(n)]]
        grids += [[[rng.randint(1, 9) for _ in range(n)] for _ in range(n)] for _ in range(30)]
        tens = tens_cells(n)
        for digits in grids:
            units = [[(r, c) not in tens for c in range(n)] for r in range(n)]
            for first in range(10):
                # the same units digits as `ten_solutions`, recomputed here from the residues
                row_res = [
                    (target - sum(digits[r][c] for c in range(n) if units[r][c])) % 10 for r in range(n)
                ]
                col_res = [
                    (target - sum(digits[r][c] for r in range(n) if units[r][c])) % 10 for c in range(n)
                ]
                u = {(0, 0): first}
                for i in range(n):
                    u[i, (i + 1) % n] = (row_res[i] - u[i, i]) % 10
                    if i + 1 < n:
                        u[i + 1, i + 1] = (col_res[i + 1] - u[i, i + 1]) % 10
                numbers = [
                    [10 * digits[r][c] + u[r, c] if (r, c) in tens else digits[r][c] for c in range(n)]
                    for r in range(n)
                ]
                for line in [numbers[r] for r in range(n)] + [
                    [numbers[r][c] for r in range(n)] for c in range(n)
                ]:
                    rest = target - sum(line)
                    assert rest % 10 == 0 and lo <= rest // 10 <= hi


def adversarial(n: int, rng: random.Random) -> list[list[int]]:
    """One row of small digits, the others 7-9: the grids that defeat Lemma 2's construction."""
    digits = [[rng.choice([7, 8, 9]) for _ in range(n)] for _ in range(n)]
    digits[rng.randrange(n)] = [rng.choice([1, 2, 3]) for _ in range(n)]
    return digits


@pytest.mark.parametrize("n", [4, 5, 6])
def test_ten_solutions_pass_verify_where_lemma_2_falls_short(n: int) -> None:
    rng = random.Random(n)
    short = 0
    for target in {4: (300, 267, 296), 5: (300, 266, 280), 6: (293, 275, 284)}[n]:
        assert applies([target] * n, [target] * n)
        for k in range(40):
            digits = (
                adversarial(n, rng) if k % 2 else [[rng.randint(1, 9) for _ in range(n)] for _ in range(n)]
            )
            found = ten_solutions(digits, target)
            assert len({str(s) for s in found}) == len(found) == 10
            for solution in found:
                assert violations(digits, [target] * n, [target] * n, {"grid": solution}) == []
            short += len(lemma2.ten_solutions(digits, [target] * n, [target] * n)) < 10
    if n < 6:  # (on 6x6 this sample happens to need no hundreds: Lemma 2's construction suffices)
        assert short > 0  # Lemma 2 alone does not cover these grids: the hundreds are needed


@pytest.mark.parametrize("n, target", [(4, 300), (4, 270), (5, 270)])
def test_a_second_method_cpsat_finds_ten_solutions_where_lemma_2_falls_short(n: int, target: int) -> None:
    rng = random.Random(11)
    grids = [adversarial(n, rng) for _ in range(200)]
    short = [g for g in grids if len(lemma2.ten_solutions(g, [target] * n, [target] * n)) < 10][:2]
    assert short  # the sample holds grids Lemma 2 alone does not settle
    for digits in short:
        found = CNoteOracle(io.make_instance(digits, target)).several(10, 0)
        assert isinstance(found, list) and len(found) == 10


def test_applies_only_where_certified() -> None:
    assert applies([300] * 4, [300] * 4) and applies([300] * 5, [300] * 5)
    # every target from the least certified one up to Lemma 2's: no gap
    assert [t for t in range(250, 400) if applies([t] * 4, [t] * 4)][0] == 267
    assert all(applies([t] * 4, [t] * 4) for t in range(267, 394))
    assert all(applies([t] * 5, [t] * 5) for t in range(266, 314)) and not applies([265] * 5, [265] * 5)
    assert all(applies([t] * 6, [t] * 6) for t in range(265, 294)) and not applies([264] * 6, [264] * 6)
    for n, least in ((7, 264), (8, 273), (9, 282), (10, 281)):  # the CP-SAT boxes, up to Lemma 2's
        assert all(applies([t] * n, [t] * n) for t in range(least, lemma2.least_target(n) or 0))
        assert not applies([least - 1] * n, [least - 1] * n)
    assert not applies([200] * 4, [200] * 4) and not applies([300] * 3, [300] * 3)
    assert not applies([300] * 6, [300] * 6)  # Lemma 2's cell, not certified here
    assert not applies([300, 300, 300, 310], [300, 300, 300, 310])  # unequal targets


def test_generation_says_at_once_that_none_exists() -> None:
    for n in (4, 5):
        with pytest.raises(
            BadInput, match=f"no {n}x{n} puzzle with target 300 has exactly one solution.*Lemma 5"
        ):
            generate(n, n, 300, 0)
    instance, planted, _ = generate(4, 4, 300, 0, unique=False)
    assert planted is not None and len(instance.grid) == 4


def test_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["4", "9", "27"]) == 0
    assert "0 left over" in capsys.readouterr().out
    assert main(["4", "5", "11"]) == 1
    assert main(["4", "x", "11"]) == 2


def grid_margins(vector: list[int], n: int) -> tuple[list[int], list[int]]:
    """Positions along the cycle (2i: row i, 2i + 1: column i + 1) to row and column margins."""
    return [vector[2 * i] for i in range(n)], [vector[(2 * c - 1) % (2 * n)] for c in range(n)]


@pytest.mark.parametrize(
    "n, lo, hi",
    [(4, 2, 6), (4, 4, 10), (4, 5, 11), (4, 6, 14), (4, 9, 20), (5, 4, 16), (5, 5, 18), (6, 2, 9)],
)
def test_cpsat_certificate_agrees_with_the_enumeration(n: int, lo: int, hi: int) -> None:
    """Two methods, one question: CP-SAT finds a left-over vector exactly where the enumeration
    counts some, and the vector it finds breaks (F) at position 0 and is not repairable in grid
    coordinates (augmenting paths on the cells, not (F))."""
    left = certify(n, lo, hi)[1]
    found = certify_cpsat(n, lo, hi)
    assert (found is None) == (left == 0)
    if found is not None:
        rows, cols = grid_margins(found, n)
        assert all(lo <= v <= hi for v in found) and sum(rows) == sum(cols)
        assert found[0] > sum(found[3 : 2 * n - 2 : 2])
        assert not repairable(rows, cols, n)


def test_cpsat_certifies_the_new_boxes_and_not_the_boxes_below() -> None:
    """The boxes CP-SAT alone certified (7x7 to 10x10 are out of the enumeration's reach; the
    6x6 box [5, 26] is the enumeration's too), and
    one box below each range, where a vector is left over that is not repairable in grid
    coordinates: the test can fail."""
    for (n, lo, hi), target in CERTIFIED.items():
        assert box(n, target) == (lo, hi)
        if n >= 6:
            assert certify_cpsat(n, lo, hi) is None
    for n, target in ((4, 266), (5, 265), (6, 264), (7, 263), (8, 272), (9, 281), (10, 280)):
        lo, hi = box(n, target)
        found = certify_cpsat(n, lo, hi)
        assert found is not None
        assert not repairable(*grid_margins(found, n), n)


@pytest.mark.slow
def test_cpsat_reproduces_every_certified_4x4_to_6x6_box() -> None:
    for n, lo, hi in CERTIFIED:
        if n <= 6:
            assert certify_cpsat(n, lo, hi) is None


def heavy(n: int, rng: random.Random) -> list[list[int]]:
    """Row 0 of digits 1-2, the others 8-9: row 0's margin is large, its D-neighbours' small."""
    return [[rng.choice([1, 2]) for _ in range(n)]] + [
        [rng.choice([8, 9, 9]) for _ in range(n)] for _ in range(n - 1)
    ]


@pytest.mark.parametrize("n, target", [(7, 264), (7, 280), (8, 273)])
def test_ten_solutions_pass_verify_on_the_cpsat_boxes(n: int, target: int) -> None:
    """The construction on the boxes CP-SAT certified; on 7x7 at 264 some of these grids need
    the hundreds (Lemma 2's construction alone gives fewer than 10), and CP-SAT (a second
    method) finds 10 solutions of the first such grid."""
    rng = random.Random(target)
    assert applies([target] * n, [target] * n)
    short = []
    for k in range(12):
        digits = heavy(n, rng) if k % 2 else [[rng.randint(1, 9) for _ in range(n)] for _ in range(n)]
        found = ten_solutions(digits, target)
        assert len({str(s) for s in found}) == len(found) == 10
        for solution in found:
            assert violations(digits, [target] * n, [target] * n, {"grid": solution}) == []
        if len(lemma2.ten_solutions(digits, [target] * n, [target] * n)) < 10:
            short.append(digits)
    if (n, target) == (7, 264):
        assert short  # the hundreds are needed on some of these grids
        counted = CNoteOracle(io.make_instance(short[0], target)).several(10, 0)
        assert isinstance(counted, list) and len(counted) == 10


def test_generation_says_at_once_that_none_exists_on_the_cpsat_boxes() -> None:
    with pytest.raises(BadInput, match="no 7x7 puzzle with target 270 has exactly one solution.*Lemma 5"):
        generate(7, 7, 270, 0)


def test_main_cpsat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--cpsat", "7", "3", "24"]) == 0
    assert "no vector left over" in capsys.readouterr().out
    assert main(["--cpsat", "7", "2", "23"]) == 1
    assert main(["--cpsat", "3", "2", "23"]) == 2
