"""6x6, 7x7 and 8x8 puzzles at line targets 110-150 (ninth session; from 126 until the
sixteenth): rigid plantings with floors 7-9 and the nines planting (`generate.Rigid` with
`high`, `generate.nines`)."""

from __future__ import annotations

import random

from boardlab.core.registry import get
from boardlab.families.cnote.generate import (
    DIAGONAL_FROM,
    DIAGONAL_UNTIL,
    HIGH_FROM,
    HIGH_UNTIL,
    Diagonal,
    Planter,
    RandomMatrices,
    Report,
    Rigid,
    Searched,
    check_budget,
    column_targets,
    generate,
    nines,
    planter,
)
from boardlab.families.cnote.io import make_instance
from boardlab.families.cnote.oracle import CNoteOracle

family = get("cnote")


def nines_puzzle(side: int, target: int) -> tuple[list[list[int]], list[list[int]]]:
    """The nines planting on the diagonal: (digits, solution)."""
    big = target - 9 * (side - 1)
    solution = [[big if r == c else 9 for c in range(side)] for r in range(side)]
    return [[int(str(v)[0]) for v in row] for row in solution], solution


def test_the_planter_of_the_high_band() -> None:
    def chosen(side: int, target: int) -> Planter:
        return planter([target] * side, column_targets(target, side, side), 10, Report())

    for side in (6, 7, 8):
        below = chosen(side, HIGH_FROM - 1)
        assert isinstance(below, Rigid) and below.stages[0].planter.floor == 4  # floors 4-9, as before
        for target in (HIGH_FROM, HIGH_UNTIL[side]):
            high = chosen(side, target)
            assert isinstance(high, Rigid) and (
                high.stages[0].planter.floor,
                high.stages[0].planter.permutation,
            ) == (7, True)
    # above the band the nines diagonal (fifteenth session; on 6x6 from 137 since the seventeenth,
    # the annealing before)
    assert type(chosen(7, 142)) is type(chosen(8, 151)) is type(chosen(6, 137)) is Diagonal
    assert DIAGONAL_FROM == {side: HIGH_UNTIL[side] + 1 for side in (6, 7, 8)}
    assert type(chosen(6, 139)) is type(chosen(6, 140)) is Diagonal
    # beyond the diagonal the annealing on 6x6, (since the twentieth session) 7x7 and (since the
    # twenty-fifth) 8x8
    assert type(chosen(6, DIAGONAL_UNTIL[6] + 1)) is type(chosen(7, DIAGONAL_UNTIL[7] + 1)) is Searched
    assert type(chosen(8, DIAGONAL_UNTIL[8] + 1)) is Searched  # since the twenty-fifth session
    assert type(chosen(5, 130)) is Searched  # other sides unchanged
    nine = chosen(9, 130)
    assert isinstance(nine, Rigid) and nine.stages[0].planter.floor == 4
    # the nines planting comes after the first floors 7-9 plantings where `nines` holds
    with_nines, without = chosen(8, 145), chosen(8, 140)
    assert isinstance(with_nines, Rigid) and isinstance(without, Rigid)
    assert [stage.planter.floor for stage in with_nines.stages[:3]] == [7, 9, 7]  # big numbers 82
    assert [stage.planter.floor for stage in without.stages[:3]] == [7, 7, 4]  # 77: not unique


def test_the_nines_planting_is_unique_exactly_where_nines_says_by_cpsat() -> None:
    """`nines`'s condition against CP-SAT's enumeration on every target of the band: one
    solution where it holds; where it fails with big numbers of two digits (77, 88, 89, ...)
    the nines planting has other solutions, so the condition is not weaker than needed there."""
    held = failed = 0
    for side in (6, 7, 8):
        for target in range(HIGH_FROM, HIGH_UNTIL[side] + 1):
            rows = [target] * side
            digits, solution = nines_puzzle(side, target)
            found = CNoteOracle(make_instance(digits, None, rows, rows)).several(2, 0)
            assert isinstance(found, list) and (solution in found or len(found) == 2)
            if nines(rows, rows):
                assert found == [solution], (side, target)
                held += 1
            elif target - 9 * (side - 1) < 100:
                assert len(found) == 2, (side, target)
                failed += 1
    assert held >= 20 and failed >= 5


def test_nines_needs_a_square_grid_with_equal_lines() -> None:
    assert nines([145] * 8, [145] * 8)
    assert not nines([145] * 8, [145] * 7 + [146])
    assert not nines([145] * 8, column_targets(145, 8, 7))
    assert not nines([140] * 8, [140] * 8)  # 77 shows 7 after -10 too (67)
    assert not nines([151] * 8, [151] * 8)  # 88


def test_generated_7x7_and_8x8_puzzles_in_the_band_are_unique_by_cpsat() -> None:
    """A floors 7-9 planting (8x8 at 140, seed 3) and a nines planting (7x7 at 137, seed 0):
    one solution by CP-SAT's enumeration, accepted by `verify`, the same again per seed."""
    for side, target, seed, kind in [(8, 140, 3, "rigid (floors 7-9)"), (7, 137, 0, "rigid (nines)")]:
        instance, planted, report = generate(side, side, target, seed)
        assert report.extra["planted"] == kind
        assert list(instance.rows) == [target] * side
        assert CNoteOracle(instance).several(5, 0) == [planted]
        assert family.verify(instance, {"grid": planted}) == []
        assert generate(side, side, target, seed)[0] == instance


def test_random_plantings_on_large_grids_spend_fewer_checks() -> None:
    """Above the nines diagonal's targets on 7x7 and 8x8 without the annealing (from 149 and
    157; annealed since the twentieth and twenty-fifth sessions) only random matrices are
    planted; their checks are capped by the grid's cells (`RANDOM_CHECK_CELLS`), other planters
    keep `max_checks`."""
    random7 = planter([149] * 7, [149] * 7, 0, Report())
    random8 = planter([158] * 8, [158] * 8, 0, Report())
    assert type(random7) is type(random8) is RandomMatrices
    assert check_budget(random7, 150, 49) == 81 and check_budget(random8, 150, 64) == 62
    assert check_budget(RandomMatrices([60] * 3, [60] * 3), 150, 9) == 150
    assert check_budget(RandomMatrices([60] * 3, [60] * 3), 3, 9) == 3
    assert check_budget(planter([140] * 8, [140] * 8, 10, Report()), 150, 64) == 150  # rigid


def test_the_nines_diagonal_excludes_exactly_the_two_cycles() -> None:
    """`Diagonal._two_cycles` against the move itself: for every tuple (b_i, b_j, f_ij, f_ji),
    a shift x with b_i - x, b_j - x still holding a 9 and f_ij + x, f_ji + x their digits, found
    by trying every x, exists exactly for the excluded tuples (98, 98 with floors 9: the swap
    by 89; 95, 96 never share a shift, their shifts end in 6 and 7)."""
    excluded = set(Diagonal._two_cycles())

    def has(number: int, digit: int) -> bool:
        return number > 0 and str(digit) in str(number)

    for bi in range(90, 99):
        for bj in range(90, 99):
            for fij in range(1, 10):
                for fji in range(1, 10):
                    move = any(
                        has(bi - x, 9) and has(bj - x, 9) and has(fij + x, fij) and has(fji + x, fji)
                        for x in range(1, 200)
                    )
                    assert move == ((bi, bj, fij, fji) in excluded)
    assert (98, 98, 9, 9) in excluded
    assert not any(t[:2] == (95, 96) for t in excluded)


def test_nines_diagonal_puzzles_above_the_band_are_unique_by_the_digit_model() -> None:
    """8x8 at 152 and 7x7 at 146 (seed 0), above what the ninth session's plantings reach, and
    6x6 at 137 and 139 (annealed before the seventeenth session): bigs of 90-98 on the diagonal,
    one solution by the other formulation of the rule (`--model digits`, enumerating all),
    accepted by `verify`, the same again per seed."""
    from boardlab.core.results import Mode, SolveRequest

    for side, target in ((8, 152), (7, 146), (6, 137), (6, 139)):
        made = family.generate(0, {"size": side, "target": target})
        assert made.stats.extra["planted"] == Diagonal.kind
        grid = made.solution["grid"]
        assert all(90 <= grid[i][i] <= 98 and made.instance.grid[i][i] == 9 for i in range(side))
        assert all(
            grid[i][j] == made.instance.grid[i][j] < 10 for i in range(side) for j in range(side) if i != j
        )
        counted = family.solve(made.instance, SolveRequest(mode=Mode.ALL, options={"model": "digits"}))
        assert counted.solutions == [made.solution]
        assert family.verify(made.instance, made.solution) == []
        assert family.generate(0, {"size": side, "target": target}).instance == made.instance


def _tens_shrinks(big: int, digit: int) -> frozenset[int]:
    """The multiples of 10 that `big` can lose and still contain `digit` (written out here,
    apart from the generator's code)."""
    return frozenset(x for x in range(10, big, 10) if str(digit) in str(big - x))


def test_one_big_number_per_line_stops_at_the_nines_diagonal_ceiling() -> None:
    """docs/cnote-journal.md, "Sixteenth session": with one number of two or more digits per line (a
    permutation, single-digit floors elsewhere), a line target above 9(n - 1) + 98 makes every
    big number at least 99; each number 99-272 keeps any of its digits under some shift by a
    multiple of 10, which every floor takes too (d -> kd, 10d, ...), so two bigs sharing such a
    shift give a second solution (the 2-cycle), and no 5 of them have pairwise disjoint shifts:
    no unique puzzle of this shape on 5x5-8x8 above the ceiling (up to 272). Cross-checked by
    CP-SAT on random plantings of the shape at 5x5/140 and 6x6/150."""
    shifts = {
        (big, digit): _tens_shrinks(big, digit)
        for big in range(99, 273)
        for digit in {int(ch) for ch in str(big)} - {0}
    }
    assert all(shifts.values())
    distinct = sorted(set(shifts.values()), key=len)

    def largest(start: int, used: frozenset[int]) -> int:
        best = 0
        for k in range(start, len(distinct)):
            if not distinct[k] & used:
                best = max(best, 1 + largest(k + 1, used | distinct[k]))
                if best >= 5:
                    return best
        return best

    assert largest(0, frozenset()) == 4
    rng = random.Random(7)
    for side, target in [(5, 140), (6, 150)]:
        for _ in range(3):
            floors = [[rng.randint(1, 9) for _ in range(side)] for _ in range(side)]
            # a permutation of bigs with every row and column at the target: a symmetric floor
            # matrix makes row i and column i need the same big number
            for r in range(side):
                for c in range(r):
                    floors[r][c] = floors[c][r]
            solution = [
                [
                    target - sum(floors[r][k] for k in range(side) if k != r) if c == r else floors[r][c]
                    for c in range(side)
                ]
                for r in range(side)
            ]
            digits = [[rng.choice([int(ch) for ch in str(v) if ch != "0"]) for v in row] for row in solution]
            rows = [target] * side
            found = CNoteOracle(make_instance(digits, None, rows, rows)).several(2, 0)
            # the planting solves its digits by construction, and there is a second solution
            assert all(sum(row) == target for row in solution) and all(
                sum(col) == target for col in zip(*solution)
            )
            assert isinstance(found, list) and len(found) == 2


def lemma_8_shift(big: int, digit: int) -> int:
    """Lemma 8's shift of a big number of 100-199 showing `digit`: 100 when the digit is in its
    tens or units place, else (a 1 in the hundreds place only) 10 from 110 on and 90 below."""
    if str(digit) in str(big)[1:]:
        return 100
    return 10 if big >= 110 else 90


def test_lemma_8_one_big_number_a_line_of_100_to_199_is_never_unique() -> None:
    """Lemma 8 (docs/cnote.md, "Large targets"): a solution whose lines each hold one number of
    10 or more (the bigs, on a permutation) and single-digit floors elsewhere, with four or more
    bigs of 100-199, is not the only one: two bigs with the same shift x (`lemma_8_shift`)
    shrink by x and the two floors where their rows and columns cross grow by x. Random such
    plantings (floors symmetric about the bigs' permutation, so that row i and column sigma(i)
    both add up to T with big i) on 4x4-8x8 at targets from 100 + 9(n - 1) to 198 + n, where
    every big is 100-199: the other solution is accepted by `verify`, and CP-SAT finds two (a
    second method) on the first few."""
    rng = random.Random(8)
    kinds = set()
    for trial in range(60):
        n = rng.randint(4, 8)
        low = trial % 3 == 0  # bigs of 100-109 too: high floors at the lowest targets
        target = 100 + 9 * (n - 1) + rng.randint(0, 5) if low else rng.randint(100 + 9 * (n - 1), 198 + n)
        floors = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                floors[i][j] = floors[j][i] = rng.randint(8 if low else 1, 9)
        sigma = rng.sample(range(n), n)
        bigs = [target - sum(floors[i]) for i in range(n)]
        assert all(100 <= big <= 199 for big in bigs)
        solution = [[0] * n for _ in range(n)]
        digits = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if i == j:
                    solution[i][sigma[i]] = bigs[i]
                    digits[i][sigma[i]] = rng.choice([int(c) for c in str(bigs[i]) if c != "0"])
                else:
                    solution[i][sigma[j]] = digits[i][sigma[j]] = floors[i][j]
        instance = make_instance(digits, target)
        assert family.verify(instance, {"grid": solution}) == []
        shifts = [lemma_8_shift(bigs[i], digits[i][sigma[i]]) for i in range(n)]
        i, j = next((i, j) for i in range(n) for j in range(i + 1, n) if shifts[i] == shifts[j])
        kinds.add(shifts[i])
        other = [row[:] for row in solution]
        other[i][sigma[i]] -= shifts[i]
        other[j][sigma[j]] -= shifts[i]
        other[i][sigma[j]] += shifts[i]
        other[j][sigma[i]] += shifts[i]
        assert other != solution and family.verify(instance, {"grid": other}) == []
        if trial < 3:
            found = CNoteOracle(instance).several(2, 0)
            assert isinstance(found, list) and len(found) == 2
    assert kinds == {10, 90, 100}  # every kind of big was met
