"""C-Note against ground truth: published puzzles, a brute-force enumerator, an independent checker."""

from __future__ import annotations

import itertools
import json
import random
import runpy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput
from boardlab.core.io import parse_document
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.families.cnote import io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.choices import STRATEGIES
from boardlab.families.cnote.generate import generate, random_matrix
from boardlab.families.cnote.model_cpsat import admissible
from boardlab.families.cnote.oracle import CNoteOracle

DATA = Path(__file__).parents[2] / "data" / "cnote"
PUBLISHED = sorted(DATA.glob("*.json"))
family = get("cnote")


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def count(instance: io.CNoteInstance, **kwargs) -> int | None:
    options = kwargs.pop("options", {})
    return family.solve(instance, SolveRequest(mode=Mode.COUNT, options=options, **kwargs)).count


# ---- published puzzles ---------------------------------------------------------------------------
def test_there_is_published_data() -> None:
    assert len(PUBLISHED) >= 10


@pytest.mark.parametrize("path", PUBLISHED, ids=[p.stem for p in PUBLISHED])
def test_published_puzzle(path: Path) -> None:
    record = load(path)
    instance = family.from_json(record["instance"])
    assert family.check(instance, record["solution"]) == []
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.status == Status.SOLVED
    assert result.unique is record["unique"]
    if record["unique"]:
        assert result.solutions == [record["solution"]]
    if "solution_count" in record:
        assert count(instance) == record["solution_count"]
        assert count(instance, backend="brute") == record["solution_count"]


def test_friedmans_demo_has_31_distinct_valid_solutions() -> None:
    instance = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    result = family.solve(instance, SolveRequest(mode=Mode.ALL))
    grids = {json.dumps(s["grid"]) for s in result.solutions}
    assert result.count == 31 and len(grids) == 31
    brute = {json.dumps(g) for g in brute_solutions(instance)}
    assert grids == brute
    assert [[18, 8, 74], [69, 26, 5], [13, 66, 21]] in [s["grid"] for s in result.solutions]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_every_strategy_counts_the_demo(strategy: str) -> None:
    instance = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    assert count(instance, strategy=strategy, options={"no_presolve": True}) == 31


def test_digits_encoding_counts_the_demo() -> None:
    instance = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    assert count(instance, options={"model": "digits"}) == 31


# ---- brute force against the model ----------------------------------------------------------------
@st.composite
def small_instances(draw) -> io.CNoteInstance:
    """Tiny grids, mostly built around a planted solution (so that many have solutions)."""
    height = draw(st.integers(1, 3))
    width = draw(st.integers(1, 3))
    if draw(st.integers(0, 4)) == 0:  # random digits and one target: mostly no solution
        grid = [[draw(st.integers(0, 9)) for _ in range(width)] for _ in range(height)]
        return io.make_instance(grid, draw(st.integers(1, 70)))
    planted = [[draw(st.integers(1, 45)) for _ in range(width)] for _ in range(height)]
    grid = []
    for row in planted:
        digits = []
        for value in row:
            if draw(st.integers(0, 5)) == 0:
                digits.append(draw(st.integers(0, 9)))  # a digit the planted number may lack
            else:
                text = str(value)
                digits.append(int(text[draw(st.integers(0, len(text) - 1))]))
        grid.append(digits)
    rows = [sum(row) for row in planted]
    cols = [sum(planted[r][c] for r in range(height)) for c in range(width)]
    return io.make_instance(grid, None, rows, cols)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instance=small_instances())
def test_model_counts_agree_with_brute_force(instance: io.CNoteInstance) -> None:
    expected = sum(1 for _ in brute_solutions(instance))
    assert count(instance) == expected
    assert count(instance, options={"model": "digits"}) == expected
    assert count(instance, backend="brute") == expected


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_solution_sets_agree_on_random_3x3(seed: int) -> None:
    rng = random.Random(seed)
    target = rng.choice([30, 45, 60, 100])
    digits = [[rng.randint(1, 9) for _ in range(3)] for _ in range(3)]
    instance = io.make_instance(digits, target)
    model = family.solve(instance, SolveRequest(mode=Mode.ALL))
    assert {json.dumps(s["grid"]) for s in model.solutions} == {
        json.dumps(g) for g in brute_solutions(instance)
    }


def test_admissible_values_contain_the_digit() -> None:
    assert admissible(0, 30) == (10, 20, 30)
    assert admissible(5, 60)[:4] == (5, 15, 25, 35) and 50 in admissible(5, 60) and 55 in admissible(5, 60)
    assert len(admissible(7, 10_000)) == 10_000 - 9**4 + 1 - 1  # 1..9999 without a 7 are 9^4 - 1


# ---- the independent checker -------------------------------------------------------------------------
def test_verify_catches_each_rule() -> None:
    instance = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    good = [[18, 8, 74], [69, 26, 5], [13, 66, 21]]
    assert family.verify(instance, {"grid": good}) == []
    missing_digit = [[19, 8, 73], [69, 26, 5], [12, 66, 22]]
    assert any("does not contain" in p for p in family.verify(instance, {"grid": missing_digit}))
    wrong_sum = [[18, 8, 74], [69, 26, 5], [13, 66, 31]]
    problems = family.verify(instance, {"grid": wrong_sum})
    assert "row 2 adds up to 110, not 100" in problems and "column 2 adds up to 110, not 100" in problems
    assert family.verify(instance, {"grid": [[0] * 3] * 3})
    assert family.verify(instance, {"grid": good[:2]})
    assert family.verify(instance, {"grid": [[18, 8, 74.0], [69, 26, 5], [13, 66, 21]]})


def test_a_zero_needs_a_digit_before_it() -> None:
    # the seed's includes_digit/2 accepts any number for a 0 (Rest = 0 has 0 mod 10 = 0): not boardlab
    instance = io.make_instance([[0, 1]], None, [11], [10, 1])
    assert family.verify(instance, {"grid": [[10, 1]]}) == []
    instance = io.make_instance([[0, 5]], None, [10], [5, 5])
    assert family.verify(instance, {"grid": [[5, 5]]})
    assert family.solve(instance, SolveRequest(mode=Mode.COUNT)).count == 0


# ---- targets, shapes, limits ------------------------------------------------------------------------
@pytest.mark.parametrize("target", [1000, 5000, 10_000])
def test_large_targets(target: int) -> None:
    instance, planted, _ = generate(4, 4, target, 3, unique=False)
    assert family.verify(instance, {"grid": planted}) == []
    result = family.solve(instance, SolveRequest(deadline=Deadline.after(60)))
    assert result.status == Status.SOLVED and family.verify(instance, result.solutions[0]) == []
    assert max(max(row) for row in result.solutions[0]["grid"]) > 100


def test_auto_takes_the_digit_encoding_at_huge_targets() -> None:
    """`--model auto` (the default) builds the domain encoding up to `DIGITS_FROM` and the digit
    encoding above. At 1,000,000 the domain encoding's presolve failed with `std::bad_alloc`
    on a 2x2 grid (192 s at 500,000); each answer here is checked by `verify` and, on the 2x2
    grids, against the count in closed form (cells x, T - x, T - x, x for equal targets T)."""
    from boardlab.families.cnote.model_cpsat import DIGITS_FROM

    def closed_form_count(grid: list[list[int]], target: int) -> int:
        (a, b), (c, d) = grid
        return sum(
            1
            for x in range(1, target)
            if str(a) in str(x)
            and str(d) in str(x)
            and str(b) in str(target - x)
            and str(c) in str(target - x)
        )

    small = io.make_instance([[1, 2], [3, 4]], DIGITS_FROM + 1)  # cell bounds DIGITS_FROM: domain
    assert family.solve(small, SolveRequest(backend="cpsat")).stats.model == "domain encoding"
    for grid, target in (([[1, 2], [3, 4]], 1_000_000), ([[9, 0], [0, 9]], 500_000)):
        instance = io.make_instance(grid, target)
        result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE, backend="cpsat"))
        assert result.stats.model == "digits encoding"
        assert result.unique is False and len(result.solutions) == 2
        assert result.solutions[0] != result.solutions[1]
        assert all(family.verify(instance, solution) == [] for solution in result.solutions)
        assert closed_form_count(grid, target) >= 2
    # a count in the digit encoding (each number's digit positions enumerated, solutions
    # de-duplicated on the numbers) against the closed form
    grid_30001 = io.make_instance([[1, 2], [3, 4]], 30_001)
    counted = family.solve(grid_30001, SolveRequest(mode=Mode.COUNT, backend="cpsat"))
    assert counted.stats.model == "digits encoding"
    assert counted.count == closed_form_count([[1, 2], [3, 4]], 30_001) > 1
    # and the partial sums of `dp` (forty-first session), a third method
    assert family.solve(grid_30001, SolveRequest(mode=Mode.COUNT, backend="dp")).count == counted.count
    three = io.make_instance([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 100_000)
    result = family.solve(three, SolveRequest())
    assert result.status == Status.SOLVED and result.stats.model == "digits encoding"
    assert family.verify(three, result.solutions[0]) == []
    # the domain encoding can still be asked for
    asked = family.solve(three, SolveRequest(options={"model": "domain"}, deadline=Deadline.after(60)))
    assert asked.stats.model == "domain encoding" and family.verify(three, asked.solutions[0]) == []


def test_rectangular_grid_with_line_targets() -> None:
    instance = io.make_instance(
        [[1, 2, 3, 4], [5, 6, 7, 8]], None, [100, 56], [16, 38, 40, 62]
    )  # 11 22 33 34 / 5 16 7 28
    result = family.solve(instance, SolveRequest(mode=Mode.COUNT))
    assert result.count == sum(1 for _ in brute_solutions(instance)) > 0


def test_unbalanced_targets_are_unsatisfiable_not_an_error() -> None:
    instance = io.make_instance([[1, 2, 3], [4, 5, 6]], 100)  # rows total 200, columns 300
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.status == Status.UNSATISFIABLE and result.unique is False
    assert "add up to" in result.stats.extra["reason"]


def test_time_limit_gives_unknown() -> None:
    instance, _, _ = generate(10, 10, 100, 0, unique=False)
    result = family.solve(instance, SolveRequest(mode=Mode.COUNT, deadline=Deadline.after(0.05)))
    assert result.status == Status.UNKNOWN


def test_huge_targets_consult_the_deadline_before_listing_numbers(monkeypatch) -> None:
    """At target 1,000,000 listing a cell's admissible numbers takes about 0.1 s a digit: the
    check for a cell no number fits listed them all before the deadline was first consulted
    (0.4 to 0.9 s of a 2x2 or 3x3 solve under --time-limit 0.2). Now it lists none, and the
    model is built cell by cell under the deadline: past it, `unknown` without listing."""
    from boardlab.families.cnote import model_cpsat

    listed = []
    real = model_cpsat.admissible

    def counting(digit: int, bound: int):
        listed.append((digit, bound))
        return real(digit, bound)

    monkeypatch.setattr(model_cpsat, "admissible", counting)
    gone = Deadline(at=0.0, seconds=0.2, clock=lambda: 1.0)
    for grid in ([[1, 2], [3, 4]], [[1, 2, 3], [4, 5, 6], [7, 8, 9]]):
        instance = io.make_instance(grid, 1_000_000)
        for mode in (Mode.FIRST, Mode.COUNT, Mode.UNIQUE):
            result = family.solve(instance, SolveRequest(mode=mode, deadline=gone))
            assert result.status == Status.UNKNOWN and listed == []
    # the empty cell is still found, without a list: a 0 needs a bound of 10 at least
    assert model_cpsat.trivially_unsatisfiable(io.make_instance([[0, 5]], None, [10], [9, 1]))
    assert listed == []


def test_empty_cell_agrees_with_the_admissible_numbers() -> None:
    from boardlab.families.cnote.model_cpsat import admissible, smallest

    for digit in range(10):
        for bound in range(-2, 130):
            assert (bound >= smallest(digit)) == bool(admissible(digit, max(bound, 0))), (digit, bound)


# ---- generator ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape", [(3, 3), (4, 4), (3, 4), (4, 3), (2, 5)])
def test_generated_unique_puzzles_are_unique_by_brute_force(shape: tuple[int, int]) -> None:
    for seed in range(3):
        options = {"size": shape[0], "cols": shape[1]}
        if seed == 2:
            options["mix"] = 0  # the rigid puzzle, without mixing moves
        made = family.generate(seed, options)
        solutions = list(brute_solutions(made.instance))
        assert solutions == [made.solution["grid"]]


@pytest.mark.parametrize("columns, rows", [(1, n) for n in range(1, 9)] + [(n, 1) for n in range(2, 9)])
def test_grids_one_line_wide_are_made_at_every_target(columns: int, rows: int) -> None:
    """One column (or one row): each cell is its line's only cell, so the one solution is the
    targets themselves (`Forced`; the heat bath found none from one column of 4 rows on, at
    100 and 1,000): made at small and large targets, one solution by brute force and by
    CP-SAT's enumeration (a second method), through `Family.generate` (its final proof)."""
    for target, seed in [(9, 0), (100, 1), (777, 2), (1000, 3)]:
        if target < columns:
            continue
        made = family.generate(seed, {"size": f"{columns}x{rows}", "target": target})
        assert made.stats.extra["planted"] == "forced (one cell a line)"
        grid = made.solution["grid"]
        assert list(brute_solutions(made.instance)) == [grid]
        assert CNoteOracle(made.instance).several(3, 0) == [grid]
        assert all(
            str(d) in str(v) for drow, vrow in zip(made.instance.grid, grid) for d, v in zip(drow, vrow)
        )
        assert (
            family.generate(seed, {"size": f"{columns}x{rows}", "target": target}).instance == made.instance
        )


@pytest.mark.parametrize("size, target", [(3, 10), (3, 50), (3, 120), (3, 150), (4, 10), (4, 50), (5, 10)])
def test_generated_puzzles_at_other_targets_are_unique_by_brute_force(size: int, target: int) -> None:
    """Small and large line targets (3x3 up to 150, where random plantings take over from the
    rigid ones): the brute-force enumerator finds exactly the planted solution."""
    for seed in range(2):
        made = family.generate(seed, {"size": size, "target": target, "mix": 0})
        assert made.instance.target == target
        assert list(brute_solutions(made.instance)) == [made.solution["grid"]]


@pytest.mark.slow
@pytest.mark.parametrize(
    "size, target",
    [(5, 10), (5, 50), (5, 120), (6, 10), (6, 50), (7, 10), (7, 50), (7, 120), (8, 10), (8, 50)] + [(8, 120)],
)
def test_generated_larger_puzzles_are_unique_by_the_digit_model(size: int, target: int) -> None:
    """Counted by the other formulation of the rule (`--model digits`), not the generator's.
    (6x6 at target 120, seed 0, passed too but took 678 s with this model, so it is left out;
    8x8 at 120 took about 80 s until its puzzle was planted with floors 7-9, sixteenth session: 2 s.)"""
    made = family.generate(0, {"size": size, "target": target})
    counted = family.solve(made.instance, SolveRequest(mode=Mode.ALL, options={"model": "digits"}))
    assert counted.solutions == [made.solution]


def test_above_the_rigid_range_only_random_matrices_or_annealed_digits_are_planted() -> None:
    """From line targets where a rigid solution's big numbers reach 110 (docs/cnote.md: they
    then always share a move by -100 that two floors absorb), the planted solutions are random,
    or, on grids 3 wide or 3 high, come from digit grids annealed on exact counts (on 4x4 and
    5x5 and 6x6 on enumerated counts, on 3x3 at some targets from the ordered scan)."""
    from boardlab.families.cnote.exhaustive import recorded
    from boardlab.families.cnote.generate import (
        BATH_AFTER,
        Annealed,
        Chained,
        Diagonal,
        RandomMatrices,
        Report,
        Rigid,
        Scanned,
        Searched,
        column_targets,
        planter,
        scan_pairs,
    )

    def kind(rows: list[int], transforms: int = 0) -> type:
        record = recorded(rows[0]) if len(rows) == 3 and len(set(rows)) == 1 else None  # as `generate`
        return type(planter(rows, rows, transforms, Report(), record))

    assert kind([100] * 4) is kind([100] * 4, transforms=10) is Rigid
    assert kind([150] * 3) is RandomMatrices
    assert kind([150] * 3, transforms=10) is Annealed
    assert kind([150] * 4, transforms=10) is Searched  # enumerated counts on 4x4
    assert kind([150] * 5, transforms=10) is Searched  # and on 5x5 (found up to 140)
    assert kind([150] * 6, transforms=10) is Searched  # 6x6 annealed too (seventh session)
    assert kind([145] * 7, transforms=10) is Diagonal  # the nines diagonal (fifteenth session)
    assert kind([149] * 7, transforms=10) is Searched  # above the diagonal (twentieth session)
    assert kind([160] * 8, transforms=10) is Searched  # 8x8 too, counted pruned (twenty-fifth session)
    assert kind([160] * 9, transforms=10) is RandomMatrices  # no schedule for 9x9
    assert kind([100] * 3) is Rigid
    # with transforms, rigid plantings then the heat bath (thirty-second session, `BATH_AFTER`)
    chained = planter([100] * 3, [100] * 3, 10, Report())
    assert isinstance(chained, Chained)
    assert [type(stage.planter) for stage in chained.stages] == [Rigid, Annealed]
    assert chained.stages[0].left == BATH_AFTER
    # not on grids 2 high: 8 columns of 2 rows at 60, seed 2, is made by its 28th rigid planting
    assert type(planter([60] * 2, column_targets(60, 2, 8), 10, Report())) is Rigid
    # 3x3 where the recorded scan found few unique orbits (300, 500, 700): the ordered scan
    assert kind([700] * 3) is kind([300] * 3, transforms=10) is Scanned
    assert kind([250] * 3, transforms=10) is Annealed  # 599 orbits: the heat bath finds them
    # 3x3 from SCAN_FROM (281) to SCAN_UNTIL (400): the ordered scan, whatever the record says of
    # the orbits (31 at 290, 26 at 360: more than SCAN_FEW); below it the heat bath
    assert kind([290] * 3, transforms=10) is kind([301] * 3, transforms=10) is Scanned
    assert kind([360] * 3, transforms=10) is Scanned
    # above SCAN_UNTIL: the ordered scan where no scan is recorded (601: the generator finds its
    # unique puzzles, so it was never scanned; since the eighteenth session every other 3x3
    # target up to 1,000 is), with fewer pairs than where a record sends it there (700: one
    # orbit); the heat bath where a record lists many orbits (498: 25)
    assert recorded(601) is None
    assert kind([601] * 3, transforms=10) is Scanned
    assert kind([498] * 3, transforms=10) is Annealed
    assert scan_pairs(777, recorded=False) < scan_pairs(777, recorded=True)
    assert scan_pairs(350, recorded=False) == scan_pairs(350, recorded=True)
    assert kind([280] * 3, transforms=10) is Annealed
    assert kind([290, 290, 291], transforms=10) is Annealed  # unequal targets: no scan
    assert kind([700] * 5, transforms=10) is Searched  # a scanned 3x3 target: no scan on 5x5
    assert kind([700] * 9, transforms=10) is RandomMatrices  # no schedule for 9x9
    made = family.generate(0, {"size": 3, "target": 150, "mix": 0})
    assert made.stats.extra["planted"] == "annealed digits (convolution counts)"
    made = generate(3, 3, 150, 0, moves=0, transforms=0)[2]
    assert made.extra["planted"] == "random"


def test_digit_codes_unpack_to_each_numbers_distinct_non_zero_digits() -> None:
    """The kernels' packed digits (`digit_codes`), unpacked by hand, against the decimal
    writing: every number up to 2,000 and a sample up to 100,000 (up to five distinct digits)."""
    from boardlab.families.cnote.convolution import digit_codes

    top = 100_000
    codes = digit_codes(top)
    rng = random.Random(3)
    for v in [*range(2001), *rng.sample(range(top + 1), 2000), 98_765, 12_345, top]:
        code = int(codes[v])
        unpacked = {((code >> (4 + 4 * k)) & 15) + 1 for k in range(code & 15)}
        assert len(unpacked) == code & 15 and unpacked == set(map(int, str(v))) - {0}, v


def test_convolution_counts_agree_with_brute_force_on_wide_and_high_grids() -> None:
    """Grids with 4-5 columns and at most 3 rows are counted transposed, and 2-3 columns
    directly; planted digits so that most have solutions."""
    from boardlab.families.cnote.convolution import Counter

    rng = random.Random(7)
    solvable = 0
    for _ in range(60):
        height, width = rng.randint(1, 3), rng.randint(1, 5)
        if rng.random() < 0.5:
            height, width = width, height
        planted = [[rng.randint(1, 25) for _ in range(width)] for _ in range(height)]
        grid = [[int(rng.choice(str(v))) for v in row] for row in planted]
        rows = [sum(row) for row in planted]
        cols = [sum(planted[r][c] for r in range(height)) for c in range(width)]
        instance = io.make_instance(grid, None, rows, cols)
        counter = Counter(rows, cols)
        counter.set_digits(grid)
        expected = sum(1 for _ in brute_solutions(instance))
        assert counter.count() == expected
        solvable += expected > 0
    assert solvable == 60  # every grid is planted: the planted matrix solves it


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instance=small_instances())
def test_convolution_counts_agree_with_brute_force(instance: io.CNoteInstance) -> None:
    from boardlab.families.cnote.convolution import Counter

    counter = Counter(list(instance.rows), list(instance.cols))
    counter.set_digits([list(row) for row in instance.grid])
    assert counter.count() == sum(1 for _ in brute_solutions(instance))


def test_changing_one_cell_gives_the_count_of_the_new_grid() -> None:
    """The counter updates one line's transform after a cell changes (what annealing does)."""
    from boardlab.families.cnote.convolution import Counter

    rng = random.Random(3)
    for rows, cols in (([60] * 3, [60] * 3), ([40, 50], [30, 20, 25, 15])):
        grid = [[rng.randint(1, 9) for _ in cols] for _ in rows]
        counter = Counter(rows, cols)
        counter.set_digits(grid)
        for _ in range(6):
            r, c = rng.randrange(len(rows)), rng.randrange(len(cols))
            grid[r][c] = rng.randint(1, 9)
            counter.set_cell(grid, r, c)
            instance = io.make_instance(grid, None, rows, cols)
            assert counter.count() == sum(1 for _ in brute_solutions(instance))


def test_annealed_digit_grids_have_one_solution_by_brute_force() -> None:
    from boardlab.families.cnote.generate import heat_bath

    for seed in range(2):
        grid, spent = heat_bath([150] * 3, [150] * 3, random.Random(seed), 600)
        assert grid is not None and 1 <= spent <= 600
        assert len(list(brute_solutions(io.make_instance(grid, 150)))) == 1
    # 5 rows of 3 (counted directly) and 3 rows of 4 (counted transposed)
    grid, _ = heat_bath([90] * 5, [150] * 3, random.Random(0), 600)
    assert (
        grid is not None
        and len(list(brute_solutions(io.make_instance(grid, None, [90] * 5, [150] * 3)))) == 1
    )
    grid, _ = heat_bath([120] * 3, [90] * 4, random.Random(0), 600)
    assert grid is not None and (len(grid), len(grid[0])) == (3, 4)
    assert count(io.make_instance(grid, None, [120] * 3, [90] * 4)) == 1
    # the budget is kept: a fresh grid (3 transforms) and a step (2) do not fit in 4
    assert heat_bath([150] * 3, [150] * 3, random.Random(0), 4) == (None, 0)
    assert heat_bath([150] * 3, [150] * 3, random.Random(0), 5)[1] == 5


def test_line_counts_are_the_counts_of_every_digit_choice_of_a_line() -> None:
    """`Counter.line_counts` (what the heat bath reads) against `count` after setting each
    choice, and against brute force, on 3 and 2 columns and on a grid counted transposed."""
    from boardlab.families.cnote.convolution import Counter

    rng = random.Random(5)
    for rows, cols in (([70] * 3, [70] * 3), ([40, 50, 30], [60, 60]), ([50] * 3, [30, 40, 40, 40])):
        planted = random_matrix(rows, cols, rng)
        grid = [[int(rng.choice(str(v).replace("0", ""))) for v in row] for row in planted]
        counter = Counter(rows, cols)
        counter.set_digits(grid)
        for line in range(len(counter.rows)):
            table = counter.line_counts(line)
            assert table.shape == (9,) * len(counter.cols) and table.sum() > 0
            for _ in range(4):
                choice = [rng.randint(1, 9) for _ in counter.cols]
                trial = [row[:] for row in grid]
                for i, digit in enumerate(choice):
                    if counter.transposed:
                        trial[i][line] = digit
                    else:
                        trial[line][i] = digit
                expected = sum(1 for _ in brute_solutions(io.make_instance(trial, None, rows, cols)))
                assert table[tuple(d - 1 for d in choice)] == expected


def test_line_counts_beyond_int64_stay_huge() -> None:
    """Eight columns of 3 rows at 1,000 (counted transposed: lines of 3 cells at 375, columns
    at 1,000): a line's counts reach 10^18 and beyond int64; those are reported as `HUGE`
    (before, cast as they were, they wrapped to negative numbers, which the heat bath took for
    "no solution", and numpy warned "invalid value encountered in cast"). Counts within int64
    are unchanged."""
    import warnings

    from boardlab.families.cnote.convolution import HUGE, Counter

    counter = Counter([1000] * 3, [375] * 8)
    counter.set_digits([[8, 6, 2, 6, 2, 8, 6, 4], [4, 1, 5, 2, 4, 6, 3, 6], [7, 1, 2, 3, 4, 1, 9, 2]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = counter.line_counts(0)
    assert table.min() > 10**17 and table.max() == int(HUGE) and (table < int(HUGE)).any()
    small = Counter([100] * 2, [100, 100])
    small.set_digits([[1, 1], [1, 1]])
    assert 0 < small.line_counts(0).max() < 1000


@pytest.mark.parametrize("bound", ["coordinate", "sum"])
def test_the_period_is_the_lesser_bound(bound: str) -> None:
    """The period takes the lesser of the product's two reaches beyond the point (convolution's
    docstring). Counts and line counts against brute force on grids where each bound is the
    binding one (a period of the point alone fails the sum case: checked by hand)."""
    from boardlab.families.cnote.convolution import Counter, smooth

    # on square grids the point binds (the period is about the target); here the last column
    # is the largest, and one bound or the other lies beyond the point
    assert Counter([500] * 3, [500] * 3).size == (smooth(501), smooth(501))
    rng = random.Random(11)
    shapes = {
        "sum": [([60] * 3, [50, 50, 80]), ([50] * 4, [40, 40, 120]), ([40] * 4, [60, 100])],
        "coordinate": [([60] * 3, [9, 8, 163]), ([40] * 3, [12, 12, 96]), ([30] * 4, [10, 110])],
    }[bound]
    for rows, cols in shapes:
        planted = random_matrix(rows, cols, rng)
        grid = [[int(rng.choice(str(v).replace("0", ""))) for v in row] for row in planted]
        counter = Counter(rows, cols)
        coordinate = [min(sum(rows), len(rows) * c) - c for c in counter.point]
        by_sum = cols[-1] - len(rows)
        for n, c, reach in zip(counter.size, counter.point, coordinate):
            binding = by_sum if bound == "sum" else reach
            assert c < binding < n <= max(reach, by_sum)
        counter.set_digits(grid)
        expected = sum(1 for _ in brute_solutions(io.make_instance(grid, None, rows, cols)))
        assert counter.count() == expected >= 1
        for line in range(len(rows)):
            table = counter.line_counts(line)
            for _ in range(6):
                choice = [rng.randint(1, 9) for _ in cols]
                trial = [row[:] for row in grid]
                trial[line] = choice
                want = sum(1 for _ in brute_solutions(io.make_instance(trial, None, rows, cols)))
                assert table[tuple(d - 1 for d in choice)] == want


@pytest.mark.parametrize("seed", [0, 1])
def test_generated_3x3_at_target_200_is_unique_by_brute_force(seed: int) -> None:
    """Beyond the reach of planted random matrices (0 of 60 unique at 200, docs/cnote.md)."""
    made = family.generate(seed, {"size": 3, "target": 200})
    assert made.stats.extra["planted"] == "annealed digits (convolution counts)"
    assert list(brute_solutions(made.instance)) == [made.solution["grid"]]
    again = family.generate(seed, {"size": 3, "target": 200})
    assert again.instance == made.instance and again.solution == made.solution


@pytest.mark.parametrize("target, seed", [(115, 0), (116, 1), (117, 2)])
def test_3x3_at_the_rigid_shapes_last_targets_is_made_by_the_heat_bath(target: int, seed: int) -> None:
    """At 116 and 117 every rigid planting failed (every seed of 0-9; 115: seeds 0 and 1), and the
    command gave up after 60 of them; the heat bath now takes over after `BATH_AFTER`: one
    solution by brute force, the same puzzle twice."""
    made = family.generate(seed, {"size": 3, "target": target})
    assert made.stats.extra["planted"] == "annealed digits (convolution counts)"
    assert list(brute_solutions(made.instance)) == [made.solution["grid"]]
    assert family.generate(seed, {"size": 3, "target": target}).instance == made.instance


@pytest.mark.slow
@pytest.mark.parametrize("target", [302, 347, 500, 700])
def test_generated_3x3_at_one_orbit_targets_are_unique_by_brute_force(target: int) -> None:
    """Where the recorded exhaustive scan found one unique orbit, the ordered scan of row pairs
    finds it (the heat bath missed 700's; 302's comes at pair 5,391, 347's at 5,091 of the
    5,246 its budget allows); seed 0, 3-9 s of CPU each, and brute force up to 6 s at 700.
    (300, five orbits: the ordered search run to its end, test_cnote_exhaustive.py.)"""
    made = family.generate(0, {"size": 3, "target": target})
    assert made.stats.extra["planted"] == "ordered scan of row pairs (exhaustive counts)"
    assert list(brute_solutions(made.instance)) == [made.solution["grid"]]


def test_3x3_without_a_record_is_scanned_in_order_from_scan_from(monkeypatch) -> None:
    """3x3 at 290 as if no scan were recorded there (the heat bath missed it for one seed of
    three): the ordered scan finds a unique grid, counted 1 by the other formulation of the
    rule; where its budget ends first the message says how far it went and how to scan all
    pairs."""
    import importlib

    from boardlab.families.cnote import exhaustive

    module = importlib.import_module("boardlab.families.cnote.generate")  # the package exports a function
    monkeypatch.setattr(module, "recorded", lambda target: None)
    made = family.generate(1, {"size": 3, "target": 290})
    assert made.stats.extra["planted"] == "ordered scan of row pairs (exhaustive counts)"
    counted = family.solve(made.instance, SolveRequest(mode=Mode.ALL, options={"model": "digits"}))
    assert counted.solutions == [made.solution]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "SCAN_WORK", 1)  # one pair: none of 290's unique grids is in the first
        with pytest.raises(
            BadInput, match=r"the first 1 of 35,355 pairs of rows scanned; .*--target 290"
        ) as failed:
            generate(3, 3, 290, 0)
        assert "another seed" not in str(failed.value)  # the scan does not depend on the seed
        # where a scan is recorded the message says what it found (302: one orbit, first found
        # at pair 5,391)
        patch.setattr(module, "recorded", exhaustive.recorded)
        with pytest.raises(
            BadInput,
            match=r"35,355 pairs of rows scanned; the recorded exhaustive scan found 1 unique orbit,",
        ):
            generate(3, 3, 302, 0)


def test_generated_3x3_at_700_is_unique_by_the_digit_model() -> None:
    """3x3 at target 700 has one unique orbit among the 9^9 digit grids (the recorded scan);
    the generator's ordered scan finds it. Counted by the other formulation of the rule (`--model
    digits`), not the generator's; the grid is one of the recorded orbit's (a consistency
    check: the generator does not read the record's grids); another seed gives another image
    of it, unique too."""
    from boardlab.families.cnote.exhaustive import recorded
    from boardlab.families.cnote.orbits import canonical

    record = recorded(700)
    assert record is not None
    made = family.generate(0, {"size": 3, "target": 700})
    assert made.stats.extra["planted"] == "ordered scan of row pairs (exhaustive counts)"
    counted = family.solve(made.instance, SolveRequest(mode=Mode.ALL, options={"model": "digits"}))
    assert counted.solutions == [made.solution]
    assert [list(row) for row in canonical(made.instance.grid)] in record["grids"]
    other = family.generate(3, {"size": 3, "target": 700})
    assert other.instance.grid != made.instance.grid
    assert canonical(other.instance.grid) == canonical(made.instance.grid)
    assert count(other.instance) == 1


def test_an_unrecorded_3x3_target_above_400_is_scanned_with_the_smaller_budget(monkeypatch) -> None:
    """Without its record, 700 is searched by the ordered scan within `scan_pairs(700, False)`
    pairs (620; the first unique pair is the 93rd), not by the heat bath (which does not find
    it): the grid found is in the orbit the exhaustive scan recorded, and the digit model counts
    one solution."""
    import importlib

    from boardlab.families.cnote.exhaustive import recorded
    from boardlab.families.cnote.orbits import canonical

    module = importlib.import_module("boardlab.families.cnote.generate")
    record = recorded(700)
    assert record is not None
    monkeypatch.setattr(module, "recorded", lambda target: None)
    made = family.generate(1, {"size": 3, "target": 700})
    assert made.stats.extra["planted"] == "ordered scan of row pairs (exhaustive counts)"
    assert (
        made.stats.extra["pairs"]
        <= module.scan_pairs(700, recorded=False)
        < module.scan_pairs(700, recorded=True)
    )
    assert [list(row) for row in canonical(made.instance.grid)] in record["grids"]
    counted = family.solve(made.instance, SolveRequest(mode=Mode.ALL, options={"model": "digits"}))
    assert counted.solutions == [made.solution]


def test_a_wide_grid_at_target_200_is_unique_by_brute_force() -> None:
    """Five columns, three rows: counted transposed."""
    made = family.generate(0, {"size": "5x3", "target": 200})
    assert (made.instance.height, made.instance.width) == (3, 5)
    assert made.stats.extra["planted"] == "annealed digits (convolution counts)"
    assert count(made.instance) == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    "width, height, target, seed", [(4, 3, 240, 0), (7, 3, 360, 0), (8, 3, 380, 0), (8, 4, 240, 1)]
)
def test_the_rectangles_reached_figures_are_made(width: int, height: int, target: int, seed: int) -> None:
    """Four of the figures the thirty-ninth session's survey raised in `RECTANGLES_REACHED`
    (docs/cnote-journal.md, "Thirty-ninth session (lead)"; 7x3's and 8x3's raised again since by
    the rare-type search, forty-second session, which does not run at these targets): the seed
    that made each makes it again, unique by CP-SAT (its solution verified) and by the
    depth-first count (`search.Enumerator`, a second method; the digit model took minutes here)."""
    from boardlab.families.cnote.generate import RECTANGLES_REACHED, WIDE_FROM
    from boardlab.families.cnote.search import Enumerator

    assert RECTANGLES_REACHED[width, height] >= target >= WIDE_FROM.get((width, height), target)
    made = family.generate(seed, {"size": f"{width}x{height}", "target": target})
    instance = made.instance
    assert (instance.height, instance.width) == (height, width) and set(instance.rows) == {target}
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and family.verify(instance, result.solutions[0]) == []
    assert result.solutions == [made.solution]
    grid = [list(row) for row in instance.grid]
    assert Enumerator(list(instance.rows), list(instance.cols)).count(grid, 10, 10**10)[::2] == (1, True)


@pytest.mark.slow
@pytest.mark.parametrize(
    "width, height, target, seed",
    [
        (6, 7, 141, 28),
        (7, 6, 165, 49),
        (7, 8, 146, 9),
        (8, 7, 167, 24),
        (6, 8, 130, 10),
        (8, 6, 174, 22),
        (4, 5, 168, 11),
        (5, 4, 210, 11),
        (4, 6, 146, 13),
        (6, 4, 221, 2),
        (4, 7, 134, 10),
        (7, 4, 236, 37),
        (4, 8, 125, 2),
        (8, 4, 260, 8),
        (5, 6, 159, 19),
        (6, 5, 191, 12),
        (5, 7, 140, 3),
        (7, 5, 199, 37),
        (5, 8, 139, 34),
        (8, 5, 223, 21),
    ],
)
def test_the_annealed_rectangles_figures_are_made(width: int, height: int, target: int, seed: int) -> None:
    """The figures in `RECTANGLES_REACHED` made by the annealing (the forty-third session's on 6x7,
    7x6, 7x8 and 8x7, annealed alone from short lines at `RECTANGLE_ANNEAL_FROM`; the forty-fourth's
    on the rectangles with a shorter side of 4, 5x6, 5x7 and 5x8, either way round, with the chains
    of their shape, `search.RECTANGLE_CHAINS`; the forty-fifth's on 6x8 and 8x6, annealed for the
    first time, on 6x7, 7x6, 7x8 and 8x7 with the chains of digits 7-9 and 6-9, on 5x7 and 7x5 with
    theirs polished, and on 4x5, 6x4, 4x7, 7x4, 8x4 and 6x5 with larger budgets or other seeds; the
    forty-sixth's on 5x4, 4x6 and 7x4 with the pair of 4 rows polished, on 5x6 and 5x8 with other
    seeds; the forty-seventh's on 6x4, 7x4, 8x4, 8x5, 7x5, 7x6, 8x6, 8x7 and 4x7 at seeds and
    targets not tried before, on 6x8 and 4x6 as 8x6 and 6x4 turned; the forty-eighth's on 8x7, 8x6,
    7x8, 6x8, 8x4, 6x4, 8x5, 6x7, 7x4, 7x5 and 7x6 at seeds and targets not tried before, on 4x6 as
    6x4 turned; the forty-ninth's on 4x5, 6x5, 5x6 and 5x8 at seeds and targets not tried before,
    on 5x4 as 4x5 168 turned): the seed that made each makes it again by the annealing, unique by CP-SAT (its
    solution verified) and by the depth-first count (`search.Enumerator`, a second method)."""
    from boardlab.families.cnote.generate import RECTANGLES_REACHED
    from boardlab.families.cnote.search import Enumerator

    assert RECTANGLES_REACHED[width, height] == target
    made = family.generate(seed, {"size": f"{width}x{height}", "target": target})
    instance = made.instance
    assert made.stats.extra["planted"] == "annealed digits (enumerated counts)"
    assert (instance.height, instance.width) == (height, width) and set(instance.rows) == {target}
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and family.verify(instance, result.solutions[0]) == []
    assert result.solutions == [made.solution]
    grid, rows, cols = [list(row) for row in instance.grid], list(instance.rows), list(instance.cols)
    if height > width:  # counted with the shorter side as the height, as annealed
        grid, rows, cols = [list(column) for column in zip(*grid, strict=True)], cols, rows
    assert Enumerator(rows, cols).count(grid, 10, 10**10)[::2] == (1, True)


def test_generated_7x7_is_unique() -> None:
    made = family.generate(11, {"size": 7})
    assert made.instance.height == made.instance.width == 7 and made.instance.target == 100
    assert count(made.instance) == 1


def test_generation_is_deterministic_and_solvable() -> None:
    a = family.generate(5, {"size": 5, "target": 60})
    b = family.generate(5, {"size": 5, "target": 60})
    assert a.instance == b.instance and a.solution == b.solution
    assert family.verify(a.instance, a.solution) == []
    assert all(1 <= d <= 9 for row in a.instance.grid for d in row)


def test_random_matrix_keeps_the_sums() -> None:
    rng = random.Random(1)
    for _ in range(20):
        rows = [rng.randint(5, 90) for _ in range(4)]
        total = sum(rows)
        cols = [total // 3, total // 3, total - 2 * (total // 3)]
        matrix = random_matrix(rows, cols, rng)
        assert [sum(r) for r in matrix] == rows
        assert [sum(matrix[r][c] for r in range(4)) for c in range(3)] == cols
        assert min(min(r) for r in matrix) >= 1


def test_generate_rejects_a_target_too_small() -> None:
    with pytest.raises(BadInput):
        family.generate(1, {"size": 5, "target": 3})


# ---- formats ------------------------------------------------------------------------------------------
def test_text_format_with_comments_headers_and_blocks() -> None:
    text = "# two puzzles\ntarget: 60\n1 2  # first row\n3 4\n\nrows: 10 20\ncols: 15 15\n5 6\n7 8\n\ntarget: 30\n\n1 1\n1 1\n"
    records = parse_document(family, text, "t.txt")
    assert [r.error for r in records] == [None, None, None]
    first, second, third = (r.instance for r in records)
    assert first.grid == ((1, 2), (3, 4)) and first.target == 60
    assert second.rows == (10, 20) and second.cols == (15, 15) and second.target is None
    assert third.target == 30  # a header-only block applies to the next block
    for instance in (first, second, third):
        [again] = parse_document(family, family.dump_text(instance), "x")
        assert again.instance == instance
        assert family.from_json(json.loads(json.dumps(family.to_json(instance)))) == instance


def test_default_target_is_100() -> None:
    [record] = parse_document(family, "1 2\n3 4\n", "t")
    assert record.instance.target == 100
    assert family.from_json({"grid": [[1]]}).target == 100


@pytest.mark.parametrize(
    "text, message, line, column",
    [
        ("1 2\n3\n", "rectangular", 2, 1),
        ("1 x\n", "not a single digit", 1, 3),
        ("1 12\n", "separate digits", 1, 3),
        ("target: 0\n1\n", "positive integer", 1, 9),
        ("target: -3\n1\n", "not a positive integer", 1, 9),
        ("target: 2000000\n1\n", "larger than", 1, 9),
        ("goal: 100\n1\n", "unknown header", 1, 1),
        ("rows: 10 10\n1\n", "'rows' has 2 targets", 1, None),
        ("# only a comment\n", "empty puzzle", None, None),
        ("target: 50\n", "only header lines", None, None),
    ],
)
def test_bad_text_is_located(text: str, message: str, line: int | None, column: int | None) -> None:
    [record] = parse_document(family, text, "bad.txt")
    assert record.error is not None and message in record.error.message
    assert record.error.line == line
    if column is not None:
        assert record.error.column == column


@pytest.mark.parametrize(
    "data",
    [
        {"grid": []},
        {"grid": [[1, 2], [3]]},
        {"grid": [[1, 10]]},
        {"grid": [[1, True]]},
        {"grid": [["1"]]},
        {"grid": [[1]], "target": 0},
        {"grid": [[1]], "target": "100"},
        {"grid": [[1, 2]], "cols": [1]},
        {"grid": [[1]], "colour": "red"},
        {"target": 100},
    ],
)
def test_bad_json(data: dict) -> None:
    with pytest.raises(BadInput):
        family.from_json(data)


def test_solution_json_shape() -> None:
    instance = io.make_instance([[1, 2]], None, [30], [10, 20])
    assert family.solution_from_json(instance, {"grid": [[10, 20]]}) == {"grid": [[10, 20]]}
    for bad in ({"grid": [[10]]}, {"grid": [[10, "20"]]}, {"numbers": []}, [10, 20]):
        with pytest.raises(BadInput):
            family.solution_from_json(instance, bad)


# ---- drawing ------------------------------------------------------------------------------------------
def test_render_marks_given_and_added_digits() -> None:
    from boardlab.families.cnote.render import ADDED_COLOR, GIVEN_COLOR, split

    instance = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    solution = {"grid": [[18, 8, 74], [69, 26, 5], [13, 66, 21]]}
    assert split(18, 8) == ("1", "8", "") and split(88, 8) == ("", "8", "8") and split(5, 5) == ("", "5", "")
    svg = family.render_svg(instance, solution)
    assert (
        svg.startswith("<svg")
        and GIVEN_COLOR in svg
        and ADDED_COLOR in svg
        and svg.rstrip().endswith("</svg>")
    )
    text = family.render_text(instance, solution).plain
    assert "74" in text and "100" in text
    assert "8" in family.render_text(instance).plain


# ---- hints ---------------------------------------------------------------------------------------------
def test_hints_lead_to_the_unique_solution() -> None:
    record = load(DATA / "cnote-01.json")
    instance = family.from_json(record["instance"])
    answer = record["solution"]["grid"]
    partial = {"grid": [[None] * 3 for _ in range(3)]}
    for _ in range(9):
        given = family.hint(instance, partial).to_json()
        assert given["status"] == "progress" and "must be" in given["message"]
        for r, row in enumerate(given["place"]["grid"]):
            for c, value in enumerate(row):
                if value is not None:
                    assert value == answer[r][c]
                    partial["grid"][r][c] = value
    assert family.hint(instance, partial).to_json()["status"] == "solved"


def test_hints_name_mistakes() -> None:
    record = load(DATA / "cnote-01.json")
    instance = family.from_json(record["instance"])
    answer = record["solution"]["grid"]
    no_digit = family.hint(instance, {"grid": [[84, None, None], [None] * 3, [None] * 3]}).to_json()
    assert no_digit["status"] == "mistake" and no_digit["remove"]["grid"][0][0] == 84
    wrong = [[None] * 3 for _ in range(3)]
    wrong[0][0], wrong[1][1] = 8, answer[1][1]  # 8 contains the digit but no solution has it
    given = family.hint(instance, {"grid": wrong}).to_json()
    assert (
        given["status"] == "mistake"
        and given["remove"]["grid"][0][0] == 8
        and given["remove"]["grid"][1][1] is None
    )
    with pytest.raises(BadInput):
        family.hint(instance, {"grid": [[1, 2]]}).to_json()


def test_hint_on_unsolvable_and_ambiguous_puzzles() -> None:
    assert family.hint(io.make_instance([[9, 9], [9, 9]], 5), None).to_json()["status"] == "unsolvable"
    demo = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    given = family.hint(demo, None).to_json()
    assert given["status"] == "progress" and given["place"] is not None


def test_unique_generation_gives_up_with_the_target_limit_named() -> None:
    """A failure names where puzzles of its shape were found (`generate.reach`): the side's
    figure on squares, the measured ones on rectangles of sides 2-8 (thirty-first session; before,
    every shape's message listed the squares' figures and "500 on grids 3 wide or 3 high",
    which 3 columns of 8 rows never reached), the general one elsewhere."""
    from boardlab.families.cnote.generate import REACHED, RECTANGLES_REACHED

    with pytest.raises(
        BadInput, match=f"unique 8x8 puzzles are found for line targets up to about {REACHED[8]}"
    ):
        generate(8, 8, 200, 0, max_checks=3)
    with pytest.raises(
        BadInput,
        match=f"unique 3x8 puzzles were made up to target {RECTANGLES_REACHED[3, 8]} \\(for some seeds at least",
    ):
        generate(8, 3, 175, 0, max_checks=3)  # 3 columns of 8 rows (none from 190 on: Lemma 14)
    with pytest.raises(BadInput, match="unique puzzles are found for line targets up to about 120"):
        generate(10, 9, 200, 0, max_checks=2)
    assert len(RECTANGLES_REACHED) == 42 and all(100 <= t <= 1000 for t in RECTANGLES_REACHED.values())


def test_a_failure_names_where_none_exists() -> None:
    """`proven_from` (thirty-seventh session): the least target from which a lemma proves every
    target up to 1,000 (`proof` holds there, sampled, and not one below); a failure names it,
    so the targets between the reach and it are the open ones."""
    from boardlab.families.cnote.generate import PROVEN_UNTIL, REACHED, proof, proven_from
    from boardlab.families.cnote.instance import column_targets

    proven = [(4, 4), (5, 5), (6, 6), (7, 7), (8, 8), (8, 5), (5, 8), (8, 4), (7, 3), (3, 4), (4, 3)]
    for height, width in proven:
        least = proven_from(height, width)
        assert least is not None and REACHED.get(height, 100) < least <= PROVEN_UNTIL
        for target in [least, least + 1, *range(least, PROVEN_UNTIL + 1, 37), PROVEN_UNTIL]:
            assert proof([target] * height, column_targets(target, height, width)) is not None
        below = least - 1
        assert proof([below] * height, column_targets(below, height, width)) is None
    # no lemma reaches 1,000 there (on 4x3 and 3x4 Lemma 14 does since the forty-sixth session)
    for height, width in [(3, 3), (2, 2), (1, 5), (2, 3)]:
        assert proven_from(height, width) is None
    # grids two cells wide: the exact search's survey (Lemma 11) proved none on 2 columns of 8
    # rows at every target from 618, where 617 has a unique puzzle (forty-first session), and on
    # 2 columns of 6 rows at every target from 714 (fortieth session), where 713 has one
    assert proven_from(8, 2) == 618 and proven_from(6, 2) == 714
    least = proven_from(8, 8)
    with pytest.raises(
        BadInput, match=f"up to about {REACHED[8]}, and none exists at {least}-1,000 \\(proven"
    ):
        generate(8, 8, 200, 0, max_checks=3)


def test_the_docs_tables_of_proofs_agree_with_proven_from() -> None:
    """docs/cnote.md's status table ("from T" of each square 4x4-8x8) and its table of Lemma 9's
    general form on rectangles ("certified from") give the bounds `proven_from` computes from
    the lemmas' tables: a bound lowered in code must be lowered in the docs too."""
    import re

    from boardlab.families.cnote.generate import proven_from
    from boardlab.families.cnote.trees import CERTIFIED as trees_certified

    text = (Path(__file__).parents[3] / "docs" / "cnote.md").read_text()
    squares = re.findall(r"^\| (\d)x\1 \| [^|]*\| [^|]*\| from (\d+) ", text, re.M)
    assert [n for n, _ in squares] == ["4", "5", "6", "7", "8"]
    for n, least in squares:
        assert proven_from(int(n), int(n)) == int(least), n
    rectangles = re.findall(r"^\| (\d)x(\d) \| (\d+) \| \*\*(\d+)\*\* \|", text, re.M)
    assert len(rectangles) >= 18
    for width, height, _, least in rectangles:  # the lemma's own bound, without turning the grid
        shape = (int(width), int(height))  # Lemma 14 goes below it on some (its own table), as
        covered = {t for lo, hi, *_ in trees_certified.get(shape, ()) for t in range(lo, hi + 1)}
        below = int(least)  # far as its ranges run unbroken (a target answered turned is a gap)
        while below - 1 in covered:
            below -= 1
        assert proven_from(int(height), int(width), turn=False) == below, shape


def test_the_frontier_tables_are_the_code_s() -> None:
    """docs/cnote.md's two tables of every shape of sides 2-8 ("made / none from", and each
    shape's open band with the lemma proving none at its least proven target) are what
    docs/cnote_frontier_tables.py prints from `generate.frontier` and `generate.proving_lemma`
    (about 15 s: `proven_from` asks the lemmas at every target down from 1,000 on rectangles);
    and each named lemma is a heading of docs/cnote.md's Proofs."""
    docs = Path(__file__).parents[3] / "docs"
    script = runpy.run_path(str(docs / "cnote_frontier_tables.py"))
    text = (docs / "cnote.md").read_text()
    frontier, sources = script["frontier_table"](), script["sources_table"]()
    assert "\n" + frontier + "\n" in text
    assert "\n" + sources + "\n" in text
    rows = sources.splitlines()[2:-1]
    assert len(rows) == 47 and "| 3x2 | 1000 | - | 0 | nothing open: made at every target |" in rows
    named = set()
    for row in rows:  # "Lemma 13 with Lemma 9, general form (8 columns of 4 rows at 414)"
        proof = row.split(" | ")[-1].removesuffix(" |")
        if proof.startswith("Lemma "):
            named.update(proof.split(" (")[0].split(" with "))
    assert {"Lemma 9, general form", "Lemma 10", "Lemma 11", "Lemma 13", "Lemma 14"} <= named
    assert all(f"\n### {lemma} (" in text for lemma in named), named


def test_a_check_stopped_by_its_budget_is_undecided_not_unique() -> None:
    """CP-SAT ends an enumeration cut short by its deterministic budget as FEASIBLE; the oracle
    must not read the solutions found so far as all of them (it once let the generator accept
    an 8x8 puzzle at target 120 with several solutions: the final re-check caught it)."""
    from boardlab.core.oracle import UNDECIDED
    from boardlab.families.cnote.oracle import CNoteOracle

    demo = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    answers = [CNoteOracle(demo).several(100, seed, budget=1e-4) for seed in range(3)]
    assert all(a is UNDECIDED or len(a) == 31 for a in answers)
    assert UNDECIDED in answers
    assert len(CNoteOracle(demo).several(100, 0)) == 31


#: A 5x5 grid of one solution at 180 that a generator chain met (twenty-seventh session): CP-SAT's
#: enumeration took 7.6 s to prove it unique, a solve and a blocked solve 0.3 s.
SLOW_TO_ENUMERATE = [[9, 6, 9, 9, 8], [9, 8, 8, 9, 6], [8, 9, 9, 7, 9], [8, 9, 8, 7, 9], [6, 8, 9, 7, 8]]


def test_unique_mode_blocks_the_solution_found_and_agrees_with_the_counts() -> None:
    """`--unique` on the cpsat backend is a solve and a solve with that solution blocked
    (`core.cpsat.enumerate_by_blocking`, `Model.block`): on random small puzzles its answer is
    brute force's (unique exactly when brute force finds one solution, the solutions listed
    are solutions), and the grid that CP-SAT's enumeration was slow on is proven unique in two
    solves, as the compiled count (`search.Enumerator`, a third method) says."""
    from boardlab.families.cnote.search import Enumerator

    family = get("cnote")
    rng = random.Random(27)
    seen = {True: 0, False: 0}
    for _ in range(40):  # digits shown by a random matrix: at least that solution
        size, target = rng.choice([2, 3]), rng.randrange(20, 70)
        planted = random_matrix([target] * size, [target] * size, rng)
        digits = [[int(rng.choice(str(v).replace("0", ""))) for v in row] for row in planted]
        instance = io.make_instance(digits, target)
        truth = list(brute_solutions(instance))
        result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
        assert planted in truth
        assert result.unique is (len(truth) == 1), (digits, target)
        assert all(solution["grid"] in truth for solution in result.solutions)
        assert len(result.solutions) == min(2, len(truth))
        seen[len(truth) == 1] += 1
    assert seen[True] >= 3 and seen[False] >= 3, seen
    slow = io.make_instance(SLOW_TO_ENUMERATE, 180)
    result = family.solve(slow, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and result.stats.extra["solves"] == 2
    assert Enumerator([180] * 5, [180] * 5).count(SLOW_TO_ENUMERATE, 10, 10**9)[0::2] == (1, True)
    assert Enumerator([180] * 5, [180] * 5, memo=False).count(SLOW_TO_ENUMERATE, 10, 10**9)[0::2] == (1, True)


def test_the_generators_proof_starts_from_the_solution_it_verified(monkeypatch: pytest.MonkeyPatch) -> None:
    """`Family.generate` proves a puzzle unique anew with the solution it verified known
    (`SolveRequest.known_solution`): on the cpsat backend that is one solve, the blocked one
    (the first solve, by CP-SAT's random seed, took 1-30 s on a 5x5 grid at 151). A known
    "solution" that is none is refused by the verification of every answer (`SolverBug`), so
    it can never make a puzzle look unique."""
    from boardlab.core.errors import SolverBug

    family = get("cnote")
    asked: list[SolveRequest] = []
    answers = []
    solve = type(family).solve

    def spy(self, instance, request=None):
        asked.append(request)
        answers.append(solve(self, instance, request))
        return answers[-1]

    monkeypatch.setattr(type(family), "solve", spy)
    made = family.generate(0, {"size": "5x5", "target": 140})
    monkeypatch.undo()
    assert [request.known_solution for request in asked] == [made.solution]
    assert answers[-1].unique is True and answers[-1].stats.extra["solves"] == 1
    assert answers[-1].solutions == [made.solution]
    small = family.generate(0, {"size": "3x3", "target": 60})
    wrong = {"grid": [row[:] for row in small.solution["grid"]]}
    wrong["grid"][0][0] += 1
    with pytest.raises(SolverBug):
        family.solve(small.instance, SolveRequest(mode=Mode.UNIQUE, known_solution=wrong))


def test_the_oracle_blocks_a_solution_in_one_solve_as_the_default_would_item_by_item() -> None:
    """`CNoteOracle.alternative` (one solve with the solution blocked) against the core's
    default (`Oracle.alternative`: a solve without each of its items in turn): another solution
    where there is one (Friedman's first example, 31 solutions; with numbers placed too), None
    where the solution is the only one; and `confirmed` gives the one solution of a unique grid
    and None for one of two solutions."""
    from boardlab.core.oracle import Oracle
    from boardlab.families.cnote.generate import Report, confirmed
    from boardlab.families.cnote.oracle import CNoteOracle, as_items

    demo = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)
    every = [as_items(grid) for grid in brute_solutions(demo)]
    oracle = CNoteOracle(demo)
    for solution in every[:6]:
        for placed in ((), sorted(solution)[:3]):
            mine = oracle.alternative(solution, placed)
            default = Oracle.alternative(oracle, solution, placed)
            assert (mine is None) == (default is None)
            if mine is not None:
                assert mine in every and mine != solution and set(placed) <= mine
    part = frozenset(sorted(every[0])[:4])  # not a whole grid: the core's default answers
    assert oracle.alternative(part) == Oracle.alternative(oracle, part)
    assert oracle.alternative(part) is not None and not part <= oracle.alternative(part)
    lonely = sorted(every[0])  # all but one cell placed: that solution alone
    assert oracle.alternative(every[0], lonely[:-1]) is None
    assert Oracle.alternative(oracle, every[0], lonely[:-1]) is None
    unique = confirmed(SLOW_TO_ENUMERATE, [180] * 5, [180] * 5, Report())
    assert unique is not None and unique[1] == SLOW_TO_ENUMERATE
    assert as_items(unique[0]) == CNoteOracle(io.make_instance(SLOW_TO_ENUMERATE, 180)).solution()
    assert confirmed([[8, 8, 4], [6, 2, 5], [3, 6, 1]], [100] * 3, [100] * 3, Report()) is None


# ---- 2x2 exhaustion --------------------------------------------------------------------------------------
@pytest.mark.parametrize("rows, cols", [([23, 23], [23, 23]), ([31, 17], [20, 28])])
def test_the_2x2_exhaustion_lists_exactly_the_unique_puzzles_of_brute_force(
    rows: list[int], cols: list[int]
) -> None:
    import itertools

    from boardlab.families.cnote.pairs import unique_puzzles

    expected = []
    for d in itertools.product(range(1, 10), repeat=4):
        grid = [[d[0], d[1]], [d[2], d[3]]]
        found = list(brute_solutions(io.make_instance(grid, None, rows, cols)))
        if len(found) == 1:
            expected.append((grid, found[0]))
    assert expected and unique_puzzles(rows, cols) == sorted(expected)


def test_the_2x2_counts_on_bits_agree_with_the_closed_form_at_large_targets() -> None:
    """`pairs.solution_counts` (popcounts of packed rows) against a count in plain Python over
    the top-left number, for random digit grids at targets whose ranges end inside a 64-bit
    word, per-line targets included; and the generator answers at once on 2x2 beyond the
    100,000 the exhaustion stopped at before (at 1,000,000 it annealed for 12 s and failed)."""
    from boardlab.core.errors import NoPuzzle
    from boardlab.families.cnote.pairs import solution_counts

    rng = random.Random(5)
    for rows, cols in (([20_011, 20_011], [20_011, 20_011]), ([15_003, 9_000], [11_000, 13_003])):
        counts = solution_counts(rows, cols)
        for _ in range(12):
            d = [rng.randint(1, 9) for _ in range(4)]
            expected = sum(
                1
                for a in range(1, rows[0])
                if min(rows[0] - a, cols[0] - a, cols[1] - rows[0] + a) >= 1
                and str(d[0]) in str(a)
                and str(d[1]) in str(rows[0] - a)
                and str(d[2]) in str(cols[0] - a)
                and str(d[3]) in str(cols[1] - rows[0] + a)
            )
            assert counts[9 * (d[0] - 1) + d[1] - 1, 9 * (d[2] - 1) + d[3] - 1] == expected
    with pytest.raises(NoPuzzle):
        family.generate(0, {"size": 2, "target": 1_000_000})


def _plain_2x2_unique(target: int) -> bool:
    """Whether some 2x2 digit grid (digits 1-9) has exactly one solution at `target`, counted
    in plain Python: a solution is fixed by its top-left number a; each a adds one to every
    grid whose four digits its four numbers contain."""
    counts: dict[tuple[str, ...], int] = {}
    for a in range(1, target):
        numbers = (a, target - a, target - a, a)
        for grid in itertools.product(*({c for c in str(n) if c != "0"} for n in numbers)):
            counts[grid] = counts.get(grid, 0) + 1
    return 1 in counts.values()


@pytest.mark.parametrize(
    ("target", "unique"), [(1_008, True), (1_009, False), (1_100, False), (1_212, True), (1_222, False)]
)
def test_the_2x2_targets_above_1000_without_a_unique_puzzle(target: int, unique: bool) -> None:
    """docs/cnote.md's 2x2 row: from 1,001 to 1,234 sixteen targets have no unique puzzle (the
    table had said every one had one); the exhaustion agrees with a plain count, and the
    generator answers from it."""
    from boardlab.core.errors import NoPuzzle
    from boardlab.families.cnote.pairs import solution_counts

    assert _plain_2x2_unique(target) is unique
    assert bool((solution_counts([target] * 2, [target] * 2) == 1).any()) is unique
    if unique:
        assert family.generate(0, {"size": 2, "target": target}).instance.target == target
    else:
        with pytest.raises(NoPuzzle):
            family.generate(0, {"size": 2, "target": target})


def test_3x3_beyond_the_scans_reach_is_not_scanned() -> None:
    """Above `SCAN_LEAST` pairs' worth of budget the ordered scan is not started: one pair took
    17 s and 3.5 GB at target 10,000, and 100,000 never ended; the other planters fail within
    their budgets instead (an honest "not found", exit 2)."""
    from boardlab.families.cnote.generate import SCAN_LEAST, scan_pairs

    assert scan_pairs(3_000, False) >= SCAN_LEAST > scan_pairs(10_000, False)
    for target in (10_000, 100_000):
        with pytest.raises(BadInput, match="no unique 3x3 puzzle") as failed:
            family.generate(0, {"size": 3, "target": target})
        assert "pairs of rows scanned" not in str(failed.value)


def test_no_2x2_puzzle_at_target_1000_is_unique_by_two_methods() -> None:
    """The lemma of docs/cnote.md: the exhaustion (a matrix product) finds none, and the
    convolution counts of all 6,561 digit grids are never 1. (Not all even, as once written:
    the 9 grids d, 10 - d / 10 - d, d have 127 solutions each; brute force agrees.)"""
    import itertools

    from boardlab.families.cnote.convolution import Counter
    from boardlab.families.cnote.pairs import unique_puzzles

    assert unique_puzzles([1000, 1000], [1000, 1000]) == []
    assert len(unique_puzzles([500, 500], [500, 500])) > 0
    counter = Counter([1000, 1000], [1000, 1000])
    counts = set()
    for d in itertools.product(range(1, 10), repeat=4):
        counter.set_digits([[d[0], d[1]], [d[2], d[3]]])
        counts.add(counter.count())
    assert 1 not in counts and min(counts - {0}) == 2 and 127 in counts


def test_2x2_generation_is_exhaustive_and_says_at_once_when_none_exists() -> None:
    made = family.generate(3, {"size": 2, "target": 500})
    assert made.stats.extra["planted"].startswith("one of the")
    assert list(brute_solutions(made.instance)) == [made.solution["grid"]]
    with pytest.raises(BadInput, match="no 2x2 puzzle with target 1000 has exactly one solution"):
        generate(2, 2, 1000, 0)


# ---- Lemma 2: no unique square puzzle of 4x4 or more from target ~300 on -------------------------------
def test_lemma_2_thresholds() -> None:
    from boardlab.families.cnote.positions import applies, least_target

    assert [least_target(n) for n in range(3, 11)] == [None, 394, 314, 294, 288, 288, 291, 296]
    for n in range(4, 11):
        t = least_target(n)
        assert t is not None and applies([t] * n, [t] * n) and not applies([t - 1] * n, [t - 1] * n)
    assert not applies([1000] * 3, [1000] * 3) and not applies([1000] * 4, [800] * 4)
    assert applies([1000] * 4, [800] * 5)  # 5 columns of 4 rows: the general form (test_cnote_lemma2_general)
    # unequal targets: the least and the largest line both count
    assert applies([500, 500, 500, 500], [500, 500, 500, 500])
    assert not applies([394, 394, 394, 1000 - 394 + 394], [394 + 150, 394 + 150, 394, 394 + 6])


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_lemma_2_every_digit_grid_has_ten_solutions_checked_by_verify(n: int) -> None:
    """The construction of `positions` on random and adversarial grids (digits 9 make the
    tens-place numbers largest) at the least target and at 1,000: 10 distinct solutions, each
    accepted by the independent checker."""
    from boardlab.families.cnote.positions import least_target, ten_solutions
    from boardlab.families.cnote.verify import violations

    rng = random.Random(n)
    low = least_target(n)
    assert low is not None
    for target in (low, low + 7, 1000):
        grids = [[[9] * n for _ in range(n)], [[rng.choice([1, 9]) for _ in range(n)] for _ in range(n)]]
        grids += [[[rng.randint(1, 9) for _ in range(n)] for _ in range(n)] for _ in range(6)]
        for digits in grids:
            found = ten_solutions(digits, [target] * n, [target] * n)
            assert len({str(s) for s in found}) == len(found) == 10
            for solution in found:
                assert violations(digits, [target] * n, [target] * n, {"grid": solution}) == []


def test_lemma_2_by_a_second_method_cpsat_finds_ten_solutions() -> None:
    """CP-SAT (the oracle's enumeration) finds at least 10 solutions where the lemma applies;
    below its target the construction can fail (it is a sufficient condition only)."""
    from boardlab.families.cnote.oracle import CNoteOracle
    from boardlab.families.cnote.positions import ten_solutions

    rng = random.Random(1)
    for n, target in ((4, 394), (6, 300), (8, 1000)):
        digits = [[rng.randint(1, 9) for _ in range(n)] for _ in range(n)]
        found = CNoteOracle(io.make_instance(digits, target)).several(10, 0)
        assert isinstance(found, list) and len(found) == 10
    below = random.Random(1)
    grids = [[[below.randint(1, 9) for _ in range(4)] for _ in range(4)] for _ in range(100)]
    assert min(len(ten_solutions(digits, [300] * 4, [300] * 4)) for digits in grids) < 10


def test_lemma_2_generation_says_at_once_that_none_exists() -> None:
    with pytest.raises(BadInput, match="no 6x6 puzzle with target 300 has exactly one solution"):
        generate(6, 6, 300, 0)
    with pytest.raises(BadInput, match="Lemma 2"):
        generate(4, 4, 1000, 0)
    # --any still makes one (not unique) at once
    instance, planted, _ = generate(8, 8, 1000, 0, unique=False)
    assert planted is not None and len(instance.grid) == 8


def test_a_grid_its_planter_proved_unique_is_not_asked_about_again() -> None:
    """Digits that a planter counted and proved (`Planter.proves`: annealed, scanned, searched)
    reach the core's final proof without a second question from the strategy: one uniqueness
    check in the report where CP-SAT confirmed the count (`confirmed`, 3x3 scanned), none where
    the count gave the solution (`Searched.plant`, 5x5), and the puzzle is unique; the nines
    diagonal's digits, proven by its own circulation model, are still asked about (two)."""
    from boardlab.families.cnote.search import Enumerator

    for size, target, checks in ((5, 140, 0), (3, 300, 1), (6, 139, 2)):
        instance, solution, report = generate(size, size, target, 0)
        assert report.solves == checks, (size, target, report.extra.get("planted"))
        if size == 3:
            assert list(brute_solutions(instance)) == [solution]
        else:
            counter = Enumerator([target] * size, [target] * size)
            assert counter.count([list(row) for row in instance.grid], 10, 10**10)[0::2] == (1, True)
            assert counter.solution([list(row) for row in instance.grid], 10**10) == solution


@pytest.mark.parametrize(
    "grid, targets",
    [
        (
            [
                [8, 8, 9, 9, 9, 6],
                [9, 8, 3, 9, 9, 9],
                [5, 9, 9, 8, 9, 9],
                [9, 9, 9, 9, 9, 9],
                [9, 9, 9, 9, 4, 8],
                [9, 4, 9, 9, 8, 9],
            ],
            [165, 166, 167, 168],
        ),
        (
            [
                [9, 9, 8, 9, 3, 9],
                [9, 9, 8, 9, 9, 8],
                [9, 8, 5, 8, 9, 9],
                [8, 8, 9, 9, 9, 9],
                [9, 8, 8, 4, 8, 9],
                [9, 9, 9, 9, 8, 5],
            ],
            [165, 166, 167, 168, 170],
        ),
    ],
)
def test_unique_6x6_grids_above_the_generators_reach(grid: list[list[int]], targets: list[int]) -> None:
    """docs/cnote-journal.md, "Thirty-third session": long annealing chains found these 6x6 grids, unique
    at targets the generator reaches for no seed within 10 s; CP-SAT's enumeration and the
    depth-first count (`search.Enumerator`, a second method) both count one solution."""
    for target in targets:
        _assert_unique_two_ways(grid, target)


def _assert_unique_two_ways(grid: list[list[int]], target: int) -> None:
    """One solution at `target` by CP-SAT (unique mode, the answer verified) and by the
    depth-first count (`search.Enumerator`, a second method)."""
    from boardlab.families.cnote.search import Enumerator

    instance = io.make_instance(grid, target)
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and family.verify(instance, result.solutions[0]) == []
    found, _, complete = Enumerator([target] * len(grid), [target] * len(grid[0])).count(grid, 10, 10**10)
    assert found == 1 and complete


@pytest.mark.slow
def test_the_generator_makes_a_6x6_puzzle_at_165() -> None:
    """docs/cnote-journal.md, "Thirty-fourth session (lead)": with the live sets, the trimming and the
    budgets after them, seed 0 makes a 6x6 puzzle at 165 (budgets are work units, so the chain
    is the same on every machine); its grid is unique by CP-SAT and by the depth-first count."""
    made = family.generate(0, {"size": 6, "target": 165})
    assert made.instance.target == 165
    _assert_unique_two_ways([list(row) for row in made.instance.grid], 165)


def test_domain_encoding_refused_past_its_bound() -> None:
    """`encoding_for` refuses `domain` when a cell's bound exceeds `DOMAIN_UP_TO` (a rectangle's
    largest bound named), and builds it up to there; `auto` and `digits` are never refused."""
    from boardlab.core.errors import Unsupported
    from boardlab.families.cnote.model_cpsat import DOMAIN_UP_TO, encoding_for

    at = io.make_instance([[1, 2], [3, 4]], DOMAIN_UP_TO + 1)  # cell bounds DOMAIN_UP_TO
    assert encoding_for(at, "domain") == "domain"
    past = io.make_instance([[1, 2], [3, 4]], DOMAIN_UP_TO + 2)
    with pytest.raises(Unsupported, match=f"up to {DOMAIN_UP_TO + 1:,}"):
        encoding_for(past, "domain")
    assert encoding_for(past, "auto") == encoding_for(past, "digits") == "digits"
    # 2 rows of 3: the columns' bound (row targets 300,000, column targets 200,000)
    wide = io.make_instance([[1, 2, 3], [4, 5, 6]], None, [300_000] * 2, [200_000] * 3)
    with pytest.raises(Unsupported, match=r"cell \[0, 0\] may hold numbers up to 199,999"):
        encoding_for(wide, "domain")
