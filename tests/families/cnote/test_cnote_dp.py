"""The `dp` backend (`cnote/dp.py`: grids one or two cells wide or high by the partial sums of one
line, forty-first session) against the brute force and CP-SAT, its exact counts beyond int64,
`auto`'s choice, and its refusals."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.deadline import Deadline
from boardlab.core.errors import Unsupported
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.families.cnote import dp, io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.narrow import count as narrow_count
from boardlab.families.cnote.verify import violations

FAMILY = get("cnote")


@st.composite
def strips(draw: st.DrawFn) -> io.CNoteInstance:
    """A grid of 1-2 columns and 1-5 rows (or its transpose), digits 0-9, each row a target of
    1-45 and the columns a split of their total (sometimes off by one: no solution)."""
    width, height = draw(st.integers(1, 2)), draw(st.integers(1, 5))
    grid = [[draw(st.integers(0, 9)) for _ in range(width)] for _ in range(height)]
    rows = [draw(st.integers(1, 45)) for _ in range(height)]
    first = draw(st.integers(1, max(1, sum(rows) - 1)))
    cols = [sum(rows)] if width == 1 else [first, max(1, sum(rows) - first)]
    cols[-1] += draw(st.sampled_from([0, 0, 0, 1]))
    if draw(st.booleans()):  # the transpose: 1-2 rows
        grid = [list(column) for column in zip(*grid)]
        rows, cols = cols, rows
    return io.make_instance(grid, None, rows, cols)


def _key(grid: list[list[int]]) -> str:
    return json.dumps(grid)


@settings(max_examples=150, deadline=None)
@given(strips())
def test_counts_and_solutions_are_the_brute_force_s(instance: io.CNoteInstance) -> None:
    strip = dp.Strip(instance)
    listed = list(strip.solutions())
    truth = list(brute_solutions(instance))
    assert strip.count() == len(truth) == len(listed)
    assert sorted(map(_key, listed)) == sorted(map(_key, truth))
    assert len(set(map(_key, listed))) == len(listed)  # each once
    for grid in listed:
        assert violations(instance.grid, instance.rows, instance.cols, {"grid": grid}) == []


@pytest.mark.parametrize(("width", "height", "target"), [(2, 3, 150), (3, 2, 120), (2, 4, 90), (5, 2, 70)])
def test_counts_are_cp_sat_s_on_larger_targets(width: int, height: int, target: int) -> None:
    """Random digit grids (seeded): the count and the unique answer of `dp` are CP-SAT's."""
    import random

    rng = random.Random(width * 100 + height * 10 + target)
    for _ in range(3):
        grid = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
        instance = io.make_instance(grid, None, [target] * height, column_targets(target, height, width))
        ours = FAMILY.solve(instance, SolveRequest(mode=Mode.COUNT, backend="dp"))
        theirs = FAMILY.solve(instance, SolveRequest(mode=Mode.COUNT, backend="cpsat"))
        assert ours.stats.backend == "dp" and ours.count == theirs.count
        unique = FAMILY.solve(instance, SolveRequest(mode=Mode.UNIQUE, backend="dp"))
        assert unique.unique == (theirs.count == 1)


def test_exact_counts_beyond_int64_and_both_paths_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """2 columns of 8 rows at 1,000: the count (329,287,650,468) is `narrow.count`'s (Python
    integers, another implementation); with the int64 bound lowered the Python-integer path
    gives the same; 2 columns of 30 rows at 1,000 exceed int64 (about 10^70 ways)."""
    grid = [[3, 5], [8, 1], [2, 2], [7, 7], [4, 4], [1, 9], [6, 6], [5, 3]]
    instance = io.make_instance(grid, None, [1000] * 8, [4000, 4000])
    assert dp.Strip(instance).count() == narrow_count([1000] * 8, [4000, 4000], grid) == 329_287_650_468
    monkeypatch.setattr(dp, "INT64_BOUND", 1)
    assert dp.Strip(instance).count() == 329_287_650_468
    big = io.make_instance([[1, 2]] * 30, None, [1000] * 30, [15000, 15000])
    count = dp.Strip(big).count()
    assert count > 1 << 64
    monkeypatch.setattr(dp, "INT64_BOUND", 1 << 62)
    small = io.make_instance([[1, 2]] * 6, None, [1000] * 6, [3000, 3000])
    assert dp.Strip(small).count() == narrow_count([1000] * 6, [3000, 3000], [[1, 2]] * 6)


def test_auto_takes_dp_on_strips_only_and_cp_sat_for_its_options() -> None:
    """(Grids three cells wide or high: `dp3`, tested in test_cnote_dp3.py.)"""
    strip = io.make_instance([[7, 9], [9, 9], [9, 7]], None, [300] * 3, column_targets(300, 3, 2))
    square = io.make_instance([[3, 7, 9, 9], [8, 2, 4, 7], [7, 7, 8, 5], [3, 2, 6, 7]], 100)
    huge = io.make_instance([[7, 9], [9, 7]], None, [600_000] * 2, [600_000] * 2)
    assert FAMILY.solve(strip, SolveRequest(mode=Mode.UNIQUE)).stats.backend == "dp"
    assert FAMILY.solve(square, SolveRequest(mode=Mode.FIRST)).stats.backend == "cpsat"
    assert not dp.cheap(huge) and dp.applies(huge)  # 10^11 steps: CP-SAT finds one faster
    for request in (
        SolveRequest(mode=Mode.FIRST, strategy="portfolio"),
        SolveRequest(mode=Mode.FIRST, seed=3),
        SolveRequest(mode=Mode.FIRST, options={"model": "digits"}),
    ):
        assert FAMILY.solve(strip, request).stats.backend == "cpsat"
    assert FAMILY.solve(strip, SolveRequest(mode=Mode.FIRST, workers=2)).stats.backend == "dp"


def test_dp_refuses_wide_grids_and_cp_sat_options() -> None:
    square = io.make_instance([[3, 7, 9, 9], [8, 2, 4, 7], [7, 7, 8, 5], [3, 2, 6, 7]], 100)
    with pytest.raises(Unsupported, match="one, two or three cells wide"):
        FAMILY.solve(square, SolveRequest(backend="dp"))
    strip = io.make_instance([[1, 2], [3, 4]], 50)
    with pytest.raises(Unsupported, match="strategies"):
        FAMILY.solve(strip, SolveRequest(backend="dp", strategy="first:min"))
    with pytest.raises(Unsupported, match="--model"):
        FAMILY.solve(strip, SolveRequest(backend="dp", options={"model": "digits"}))


def test_count_lists_what_limit_asks_and_a_deadline_gives_unknown() -> None:
    instance = io.make_instance([[5, 5], [5, 5], [5, 5]], None, [100] * 3, [150, 150])
    counted = FAMILY.solve(instance, SolveRequest(mode=Mode.COUNT, backend="dp", limit=3))
    assert counted.count == len(list(brute_solutions(instance))) > 3 and len(counted.solutions) == 3
    huge = io.make_instance([[7, 9], [9, 7]], None, [600_000] * 2, [600_000] * 2)
    late = FAMILY.solve(huge, SolveRequest(mode=Mode.COUNT, backend="dp", deadline=Deadline.after(0.2)))
    assert late.status == Status.UNKNOWN


def test_the_command_line_names_the_backend_and_refuses_in_one_line(cli_run, tmp_path: Path) -> None:
    path = tmp_path / "strip.txt"
    path.write_text("rows: 725 725 725 725 725 725 725\ncols: 2538 2537\n7 9\n9 9\n9 7\n7 9\n7 9\n9 7\n9 7\n")
    run = cli_run(["cnote", "solve", str(path), "--unique", "--json"])
    answer = json.loads(run.stdout)
    assert run.code == 0 and answer["unique"] is True and answer["stats"]["backend"] == "dp"
    assert answer["solutions"][0]["grid"][0] == [716, 9]
    square = tmp_path / "square.txt"
    square.write_text("3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n")
    refused = cli_run(["cnote", "solve", str(square), "--backend", "dp"])
    assert refused.code == 2 and "one, two or three cells wide" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


class _NoCPSAT:
    """Stands for `CNoteOracle` where the generator must not ask CP-SAT."""

    def __init__(self, instance: io.CNoteInstance) -> None:
        raise AssertionError("CP-SAT asked")


@pytest.mark.parametrize(("width", "height", "target"), [(2, 4, 30), (4, 2, 33), (2, 3, 61), (3, 2, 44)])
def test_the_generator_confirms_a_strip_by_its_partial_sums(
    width: int, height: int, target: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`generate.confirmed` on a strip: the dp listing, no CP-SAT; the planted solution of every
    unique puzzle the exact search lists, and None wherever one changed digit gives more than one
    solution (checked against the brute force)."""
    from boardlab.families.cnote import generate
    from boardlab.families.cnote.narrow import unique_puzzles

    monkeypatch.setattr(generate, "CNoteOracle", _NoCPSAT)
    rows, cols = [target] * height, column_targets(target, height, width)
    puzzles = unique_puzzles(rows, cols)
    assert puzzles
    several = 0
    for digits, solution in puzzles[:3]:
        assert generate.confirmed(digits, rows, cols, generate.Report()) == (solution, digits)
        for r, c, d in itertools.product(range(height), range(width), range(1, 10)):
            changed = [list(row) for row in digits]
            changed[r][c] = d
            found = list(brute_solutions(io.make_instance(changed, None, rows, cols)))
            answer = generate.confirmed(changed, rows, cols, generate.Report())
            if len(found) == 1:
                assert answer == (found[0], changed)
            else:
                several += len(found) > 1
                assert answer is None
    assert several  # the non-unique side was met


def test_the_generator_asks_cp_sat_off_strips(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three or four cells each way: `confirmed` asks CP-SAT (`dp.cheap_strip` does not take
    3x3 nor 4x4; three cells wide or high and longer it does, test_cnote_dp3.py)."""
    from boardlab.families.cnote import generate

    monkeypatch.setattr(generate, "CNoteOracle", _NoCPSAT)
    with pytest.raises(AssertionError, match="CP-SAT asked"):
        generate.confirmed([[1, 2, 3], [4, 5, 6], [7, 8, 9]], [20] * 3, [20] * 3, generate.Report())
    grid = [[1, 2, 3, 4], [4, 5, 6, 7], [7, 8, 9, 1], [2, 3, 4, 5]]
    with pytest.raises(AssertionError, match="CP-SAT asked"):
        generate.confirmed(grid, [20] * 4, [20] * 4, generate.Report())
