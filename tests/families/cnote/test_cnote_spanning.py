"""Lemma 9's general form (`spanning`): two repaired families on any shape; docs/cnote.md,
"Lemma 9, general form".

Second methods: the solutions of the repaired families are built by augmenting paths
(`spanning.solutions`, not Gale's condition) and each is checked by the independent `verify`;
the certificate's left-overs are checked the same way (at most one family repaired); CP-SAT's
enumeration counts two solutions on grids with few repaired families; `gale_sets` equals a brute
force over every set of lines."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Collection

import hypothesis
import pytest
from hypothesis import strategies as st

from boardlab.core.errors import BadInput
from boardlab.families.cnote.generate import generate
from boardlab.families.cnote.instance import column_targets, make_instance
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.positions import applies as lemma_2_applies
from boardlab.families.cnote.positions import family_grids, spanning_sets, tens_cells
from boardlab.families.cnote.spanning import (
    CERTIFIED,
    MORE_SETS,
    RAISED,
    applies,
    certify,
    cycle_signs,
    draw,
    escapes,
    gale_sets,
    main,
    raisings,
    random_set,
    solutions,
    step,
    tens_sets,
)
from boardlab.families.cnote.verify import violations

Grid = list[list[int]]


def targets(width: int, height: int, target: int) -> tuple[list[int], list[int]]:
    return [target] * height, column_targets(target, height, width)


@pytest.mark.parametrize("height", range(2, 9))
@pytest.mark.parametrize("width", range(2, 9))
def test_signs_alternate_around_the_cycle_and_keep_every_line_s_sum(height: int, width: int) -> None:
    for tens in spanning_sets(height, width):
        sign = cycle_signs(tens)
        assert set(sign) == set(tens) and sum(1 for s in sign.values() if s) >= 4
        for r in range(height):
            assert sum(sign.get((r, c), 0) for c in range(width)) == 0
        for c in range(width):
            assert sum(sign.get((r, c), 0) for r in range(height)) == 0
        # the 10 families of family_grids are u + k sigma: consecutive ones differ by sigma (mod 10)
        rows, cols = targets(width, height, 300)
        digits = [[(3 * r + 5 * c) % 9 + 1 for c in range(width)] for r in range(height)]
        grids = list(family_grids(digits, rows, cols, tens, (0, 0)))
        for a, b in itertools.pairwise(grids):
            step = {(r, c): (b[r][c] - a[r][c]) % 10 for r, c in tens}
            assert len({(step[x] * sign[x]) % 10 for x in tens if sign[x]}) == 1
            assert all(step[x] == 0 for x in tens if not sign[x])


def test_signs_refuse_sets_without_one_cycle() -> None:
    with pytest.raises(ValueError, match="exactly one cycle"):
        cycle_signs({(0, 0), (0, 1), (1, 1)})  # a path
    with pytest.raises(ValueError, match="exactly one cycle"):
        cycle_signs(tens_cells(4) | {(0, 2)})  # two cycles


def test_gale_sets_are_exactly_the_sets_that_miss_a_line() -> None:
    rng = random.Random(5)
    for _ in range(30):
        height, width = rng.randint(2, 7), rng.randint(2, 7)
        for tens in spanning_sets(height, width):
            pairs = gale_sets(tens, height, width)
            kind = pairs[0][0][0][0]
            count, across = (height, width) if kind == "r" else (width, height)

            def cell(a: int, b: int, kind: str = kind) -> tuple[int, int]:
                return (a, b) if kind == "r" else (b, a)

            brute = []
            for size in range(1, count + 1):
                for group in itertools.combinations(range(count), size):
                    reached = [b for b in range(across) if any(cell(a, b) not in tens for a in group)]
                    if len(reached) < across:
                        brute.append((sorted(group), reached))
            got = [([a for _, a in group], [b for _, b in reached]) for group, reached in pairs]
            assert sorted(got) == sorted(brute)


def test_a_certificate_and_a_left_over_checked_by_augmenting_paths() -> None:
    """4x5 (4 columns of 5 rows) at 328-391 with the first set: infeasible (4 s); at 230-240 a
    grid is left over, and its families built in grid coordinates have at most one repair."""
    tens = spanning_sets(5, 4)[0]
    assert certify(4, 5, 328, 391, tens) is None
    found = certify(4, 5, 230, 240, tens)
    assert found is not None
    target, digits = found
    rows, cols = targets(4, 5, target)
    assert 230 <= target <= 240 and len(solutions(digits, rows, cols, tens)) <= 1
    # width 1: one unrepaired family at least
    found = certify(4, 5, 230, 240, tens, window=1)
    assert found is not None
    assert len(solutions(found[1], *targets(4, 5, found[0]), tens)) <= 9


def test_bad_arguments() -> None:
    tens = spanning_sets(5, 4)[0]
    for args in ((4, 5, 300, 200), (4, 5, 3, 9), (1, 5, 300, 301)):
        with pytest.raises(ValueError):
            certify(*args, tens)
    with pytest.raises(ValueError):
        certify(4, 5, 300, 301, tens, window=10)
    assert main(["4", "5"]) == 2 and main(["x"]) == 2 and main(["4", "5", "300", "301", "99"]) == 2


def test_step_certifies_ranges_downwards_and_stops_at_the_first_left_over(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--step`: 4x5 from 392 in ranges of 4 (each under a second of CPU), two ranges asked, both
    infeasible, exit 0; from 241 the first range, 237-240, has a grid left over (exit 1, one line),
    and the grid, its families repaired by augmenting paths, has at most one solution."""
    assert main(["--step", "4", "5", "392", "4", "--count", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "4x5 targets 388-391, set 0",
        "4x5 targets 384-387, set 0",
    ]
    assert all("CP-SAT: infeasible" in line for line in lines)
    assert main(["--step", "4", "5", "241", "4", "--set", "0", "--time-limit", "60"]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("4x5 targets 237-240, set 0: CP-SAT: left over: (")
    (last,) = step(4, 5, 241, 4)
    assert (last.lo, last.hi, last.undecided) == (237, 240, False) and last.found is not None
    target, digits = last.found
    assert 237 <= target <= 240
    assert len(solutions(digits, *targets(4, 5, target), spanning_sets(5, 4)[0])) <= 1


def test_step_stops_at_an_undecided_range_with_exit_3(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardlab.families.cnote import spanning

    asked = []

    def undecided(width: int, height: int, lo: int, hi: int, *rest: object) -> None:
        asked.append((lo, hi))
        if lo < 384:
            raise TimeoutError("CP-SAT decided nothing")

    monkeypatch.setattr(spanning, "certify", undecided)
    assert main(["--step", "4", "5", "392", "4", "--time-limit", "5"]) == 3
    lines = capsys.readouterr().out.splitlines()
    assert asked == [(388, 391), (384, 387), (380, 383)] and len(lines) == 3
    assert "undecided within 5 s" in lines[-1] and "infeasible" in lines[0]
    # every range infeasible: the steps end at the longer side (5), where `certify` stops
    monkeypatch.setattr(spanning, "certify", lambda *args: None)
    assert [(r.lo, r.hi) for r in step(4, 5, 17, 4)] == [(13, 16), (9, 12), (5, 8)]
    assert [(r.lo, r.hi) for r in step(4, 5, 17, 4, count=2)] == [(13, 16), (9, 12)]


def test_step_s_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["--step"],
        ["--step", "4", "5", "392"],
        ["--step", "4", "5", "392", "4", "5"],
        ["--step", "4", "5", "392", "x"],
        ["--step", "4", "5", "392", "4", "--set"],
        ["--step", "4", "5", "392", "4", "--set", "6"],
        ["--step", "4", "5", "392", "0"],
        ["--step", "4", "5", "392", "4", "--time-limit", "0"],
        ["--step", "4", "5", "392", "4", "--count", "0"],
        ["--step", "4", "5", "8", "4"],
        ["--step", "1", "5", "300", "4"],
    ):
        assert main(args) == 2, args
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1 and re.match("boardlab: error: ", err), args


def certified_targets() -> list[tuple[int, int, int, int]]:
    """(columns, rows, target, set) at the least and the largest target of every range."""
    out = []
    for (width, height), ranges in sorted(CERTIFIED.items()):
        for lo, hi, k in ranges:
            out += [(width, height, lo, k), (width, height, hi, k)]
    return out


def test_the_table_joins_lemma_2_without_a_gap_and_applies_holds_exactly_there() -> None:
    assert CERTIFIED
    for (width, height), ranges in CERTIFIED.items():
        ranges = sorted(ranges)
        for (_, hi, _), (lo, _, _) in itertools.pairwise(ranges):
            assert lo == hi + 1
        top = ranges[-1][1]
        assert lemma_2_applies(*targets(width, height, top + 1)) and not lemma_2_applies(
            *targets(width, height, top)
        )
        bottom = ranges[0][0]
        for target in range(max(bottom - 20, width, height), top + 2):
            rows, cols = targets(width, height, target)
            assert applies(rows, cols) == (bottom <= target <= top)
        rows, cols = targets(width, height, top)
        assert not applies(rows, [cols[-1], *cols[:-1]]) or len(set(cols)) == 1  # generate's pattern only


def adversarial(height: int, width: int, rng: random.Random) -> list[Grid]:
    grids = [[[9] * width for _ in range(height)], [[1] * width for _ in range(height)]]
    grids.append([[9 if r == 0 or c == 0 else 1 for c in range(width)] for r in range(height)])
    grids.append([[rng.choice([1, 9]) for _ in range(width)] for _ in range(height)])
    grids.append(
        [
            [rng.choice([1, 2, 3]) if r == 0 else rng.choice([7, 8, 9]) for _ in range(width)]
            for r in range(height)
        ]
    )
    grids += [[[rng.randint(1, 9) for _ in range(width)] for _ in range(height)] for _ in range(4)]
    return grids


def test_two_solutions_at_every_certified_range_s_ends_each_accepted_by_verify() -> None:
    rng = random.Random(9)
    for width, height, target, k in certified_targets():
        rows, cols = targets(width, height, target)
        tens = tens_sets(width, height)[k]
        for digits in adversarial(height, width, rng):
            found = solutions(digits, rows, cols, tens)
            assert len({str(s) for s in found}) == len(found) >= 2, (width, height, target, digits)
            for solution in found:
                assert violations(digits, rows, cols, {"grid": solution}) == []


def test_cpsat_counts_two_solutions_where_few_families_are_repaired() -> None:
    """A second method on the grids the construction finds hardest: at the least certified target
    of a shape, among random grids the one with the fewest repaired families has two solutions
    by CP-SAT's enumeration."""
    rng = random.Random(4)
    (width, height), ranges = min(CERTIFIED.items(), key=lambda item: item[0][0] * item[0][1])
    lo, _, k = min(ranges)
    rows, cols = targets(width, height, lo)
    tens = tens_sets(width, height)[k]
    grids = adversarial(height, width, rng) + [
        [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)] for _ in range(40)
    ]
    hardest = min(grids, key=lambda g: len(solutions(g, rows, cols, tens)))
    found = CNoteOracle(make_instance(hardest, rows=rows, cols=cols)).several(2, 0)
    assert isinstance(found, list) and len(found) == 2


def test_generation_says_at_once_that_none_exists() -> None:
    width, height, target, _ = certified_targets()[0]
    with pytest.raises(
        BadInput, match=f"no {width}x{height} puzzle with target {target} .*Lemma 9, general form"
    ):
        generate(height, width, target, 0)


@pytest.mark.slow
def test_certificates_recomputed() -> None:
    """The cheapest ranges of the table, recomputed (the others by the command), and 8x5's top
    range (thirty-eighth session; about 19 s of CPU)."""
    for (width, height), ranges in sorted(CERTIFIED.items())[:4]:
        lo, hi, k = max(ranges)
        assert certify(width, height, lo, hi, tens_sets(width, height)[k], time_limit=300) is None
    assert (378, 409, 1) in CERTIFIED[8, 5]
    assert certify(8, 5, 378, 409, spanning_sets(5, 8)[1], time_limit=300) is None


# With hundreds (`RAISED`, forty-second session): the cells of C hold fixed hundreds besides.


def raised_targets() -> list[tuple[int, int, int, int, dict[tuple[int, int], int]]]:
    """(columns, rows, target, set, hundreds) at the least and the largest target of every range."""
    out = []
    for (width, height), ranges in sorted(RAISED.items()):
        for lo, hi, k, given in ranges:
            hundreds = {(r, c): h for r, c, h in given}
            out += [(width, height, lo, k, hundreds), (width, height, hi, k, hundreds)]
    return out


def test_the_raised_ranges_are_disjoint_their_hundreds_on_c_and_proven_from_reaches_them() -> None:
    """Every range's hundreds stand on its set's cells; no two ranges of a shape (with
    `CERTIFIED`'s) overlap; `applies` holds at both ends of each and the generator's bound is at
    or below the least of them (each target above it proven by some lemma)."""
    from boardlab.families.cnote.generate import proven_from

    assert RAISED
    for (width, height), ranges in RAISED.items():
        sets = tens_sets(width, height)
        spans = sorted(
            [(lo, hi) for lo, hi, _ in CERTIFIED.get((width, height), [])] + [r[:2] for r in ranges]
        )
        for (_, hi), (lo, _) in itertools.pairwise(spans):
            assert lo > hi
        for lo, hi, k, given in ranges:
            assert lo <= hi and all((r, c) in sets[k] and h >= 0 for r, c, h in given)
            assert applies(*targets(width, height, lo)) and applies(*targets(width, height, hi))
        least = proven_from(height, width)
        assert least is not None and least <= min(lo for lo, _, _, _ in ranges)


def test_two_solutions_at_every_raised_range_s_ends_each_accepted_by_verify() -> None:
    rng = random.Random(10)
    for width, height, target, k, hundreds in raised_targets():
        rows, cols = targets(width, height, target)
        tens = tens_sets(width, height)[k]
        for digits in adversarial(height, width, rng):
            found = solutions(digits, rows, cols, tens, hundreds)
            assert len({str(s) for s in found}) == len(found) >= 2, (width, height, target, digits)
            for solution in found:
                assert violations(digits, rows, cols, {"grid": solution}) == []
                assert all(solution[r][c] >= 100 * h for (r, c), h in hundreds.items())


def test_raised_certificates_recomputed_and_a_left_over_with_hundreds() -> None:
    """The two cheapest shapes' top ranges again by CP-SAT, and far below 5 columns of 3 rows'
    least target (at 370-390; at 400-410 CP-SAT decided nothing within 30 s in the forty-fourth
    session) a grid is left over whose families, with the same hundreds, repair at most one."""
    for (width, height), ranges in sorted(RAISED.items(), key=lambda item: item[0][0] * item[0][1])[:2]:
        lo, hi, k, given = max(ranges)
        hundreds = {(r, c): h for r, c, h in given}
        assert certify(width, height, lo, hi, tens_sets(width, height)[k], 9, 300, hundreds) is None
    lo, _, k, given = min(RAISED[5, 3])
    hundreds = {(r, c): h for r, c, h in given}
    tens = tens_sets(5, 3)[k]
    found = certify(5, 3, 370, 390, tens, 9, 300, hundreds)
    assert found is not None
    target, digits = found
    assert 370 <= target <= 390 < lo
    assert len(solutions(digits, *targets(5, 3, target), tens, hundreds)) <= 1
    with pytest.raises(ValueError, match="hundreds go on cells of the tens-place set"):
        certify(5, 3, 990, 1000, tens, hundreds={(0, 4): 1} if (0, 4) not in tens else {(0, 0): -1})


def root(parent: list[int], x: int) -> int:
    """x's representative in a union-find forest."""
    while parent[x] != x:
        x = parent[x]
    return x


def one_cycle_through_the_corner(cells: Collection[tuple[int, int]], width: int, height: int) -> bool:
    """One cell per line, every row and column joined (a union-find over the lines written here,
    not the module's), so exactly one cycle; and that cycle (the cells left when leaves are
    stripped) holds (0, 0), where the families are anchored."""
    if len(set(cells)) != width + height or not all(0 <= r < height and 0 <= c < width for r, c in cells):
        return False
    parent = list(range(height + width))
    for r, c in cells:
        parent[root(parent, r)] = root(parent, height + c)
    if len({root(parent, x) for x in range(height + width)}) != 1:
        return False
    left = set(cells)
    while leaves := {
        (r, c) for r, c in left if [x for x, _ in left].count(r) == 1 or [y for _, y in left].count(c) == 1
    }:
        left -= leaves
    return (0, 0) in left and len(left) >= 4


def test_more_sets_connect_every_line_with_one_cycle_through_the_corner() -> None:
    """Each set of `MORE_SETS` (outside `spanning_sets`, numbered after them by `tens_sets`) has
    one cell per line, joins every row and column (a union-find over the lines written here, not
    the module's), so with as many cells as lines it holds exactly one cycle, and that cycle
    (the cells left when leaves are stripped) holds (0, 0), where the families are anchored."""
    assert MORE_SETS
    for (width, height), sets in MORE_SETS.items():
        base = spanning_sets(height, width)
        assert tens_sets(width, height) == base + [frozenset(cells) for cells in sets]
        for cells in sets:
            assert frozenset(cells) not in base
            assert one_cycle_through_the_corner(cells, width, height)


@pytest.mark.parametrize("height", range(2, 9))
@pytest.mark.parametrize("width", range(2, 9))
def test_random_sets_connect_every_line_with_one_cycle_through_the_corner(width: int, height: int) -> None:
    """`random_set`'s sets are what Lemma 9's general form asks for (checked as for `MORE_SETS`),
    the same for the same seed, and several on a shape with room for them."""
    drawn = [random_set(width, height, random.Random(seed)) for seed in range(6)]
    assert all(one_cycle_through_the_corner(cells, width, height) for cells in drawn)
    assert drawn[0] == random_set(width, height, random.Random(0))
    assert len(set(drawn)) > 1 or width * height <= 4
    with pytest.raises(ValueError):
        random_set(1, height, random.Random(0))


def test_draw_certifies_with_a_random_set_and_skips_sets_the_grids_left_over_escape() -> None:
    """4x5 at 380-390: the first set drawn (seed 0) is infeasible, and under it the adversarial
    grids at both ends have two solutions by augmenting paths, each accepted by `verify`; on 3x4
    at 900-1000 (no lemma reaches 1,000 there) the solves leave grids over, each added to the
    list given, and no set solved after a grid was left over lets that grid escape."""
    (tens, found, undecided, cpu, hundreds), *more = draw(4, 5, 380, 390, tries=3, seed=0, time_limit=120)
    assert found is None and not undecided and cpu >= 0 and hundreds == () and more == []
    rng = random.Random(3)
    for target in (380, 390):
        rows, cols = targets(4, 5, target)
        for digits in adversarial(5, 4, rng):
            found_solutions = solutions(digits, rows, cols, tens)
            assert len({str(x) for x in found_solutions}) == len(found_solutions) >= 2
            assert all(violations(digits, rows, cols, {"grid": x}) == [] for x in found_solutions)
    left: list[tuple[int, Grid]] = []
    solved = list(draw(3, 4, 900, 1000, tries=3, seed=0, time_limit=120, left_over=left))
    assert left and left == [x.found for x in solved if x.found is not None]
    for i, x in enumerate(solved):
        for target, grid in [y.found for y in solved[:i] if y.found is not None]:
            assert len(solutions(grid, *targets(3, 4, target), x.tens)) >= 2


def test_draw_tries_hundreds_on_each_set_against_the_grids_left_over() -> None:
    """With `cells` (forty-fifth session) `draw` tries, per set, no hundreds and then 1 to `most`
    hundreds on 1 to `cells` cells of it (`raisings`, in that order), at most `per_set` solves a
    set; every solve's hundreds stand on its set, and no (set, hundreds) solved after a grid was
    left over lets that grid escape (3x5 at 562-577, seed 0: two sets left grids over, the third
    solve is on a set with hundreds)."""
    tens = frozenset({(0, 0), (0, 1), (1, 1), (1, 0), (2, 2)})
    tried = list(raisings(tens, 2, 2))
    assert tried[0] == {} and tried[1:3] == [{(0, 0): 1}, {(0, 0): 2}]
    assert len(tried) == 1 + 5 * 2 + 10 * 4 and all(set(b) <= tens for b in tried)
    assert list(raisings(tens, 0, 3)) == [{}]
    left: list[tuple[int, Grid]] = []
    solved = list(
        draw(3, 5, 562, 577, tries=3, seed=0, time_limit=60, left_over=left, cells=1, most=2, per_set=3)
    )
    assert solved and any(x.hundreds for x in solved)
    assert max(Counter(x.tens for x in solved).values()) <= 3
    for i, x in enumerate(solved):
        assert {(r, c) for r, c, _ in x.hundreds} <= x.tens and len(x.hundreds) <= 1
        assert all(1 <= h <= 2 for _, _, h in x.hundreds)
        raised = {(r, c): h for r, c, h in x.hundreds}
        for target, grid in [y.found for y in solved[:i] if y.found is not None]:
            assert not escapes([(target, grid)], 3, 5, 562, 577, x.tens, raised)
            assert len(solutions(grid, *targets(3, 5, target), x.tens, raised)) >= 2


def test_the_draw_command(capsys: pytest.CaptureFixture[str]) -> None:
    """`--draw`: one line a solve naming its set; exit 0 when a set certified the range, 1 when
    none of the tries did; bad arguments exit 2 with one line."""
    assert main(["--draw", "4", "5", "380", "390", "--tries", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "set ((0, 0)," in out[0] and "infeasible" in out[0]
    assert main(["--draw", "3", "4", "900", "1000", "--tries", "1"]) == 1
    assert "set ((0, 0)," in capsys.readouterr().out
    assert main(["--draw", "3", "5", "562", "577", "--tries", "2", "--cells", "1", "--per-set", "2"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(", hundreds (" in x for x in lines)
    for args in (
        ["--draw", "4", "5", "380"],
        ["--draw", "4", "5", "390", "380"],
        ["--draw", "4", "5", "380", "390", "--tries", "0"],
        ["--draw", "4", "5", "380", "390", "--seed"],
        ["--draw", "1", "5", "380", "390"],
        ["--draw", "4", "5", "380", "390", "--cells", "-1"],
        ["--draw", "4", "5", "380", "390", "--most", "0"],
        ["--draw", "4", "5", "380", "390", "--per-set", "0"],
    ):
        assert main(args) == 2, args
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1 and re.match("boardlab: error: ", err), args


@pytest.mark.slow
def test_the_ranges_of_more_sets_recomputed() -> None:
    """Every range of `RAISED` and `CERTIFIED` on a set of `MORE_SETS` again by CP-SAT (6x4 at
    342 about 22 s of CPU, 8x5 at 357 about 29 s), but those left to their command for the slow
    step's time: 7x3 at 498 (about 70 s; `python -m boardlab.families.cnote.spanning 7 3 498 498
    5`, since the forty-fifth session) and 8x3 at 553 (79 s; `... 8 3 553 553 5`, since the
    sixtieth); and a set of `spanning_sets` leaves a grid over at 7x3 498, with at most one
    family repaired by augmenting paths (why the set was looked for)."""
    by_command = {(7, 3, 498), (8, 3, 553)}
    ranges = [(shape, lo, hi, k, given) for shape, held in RAISED.items() for lo, hi, k, given in held]
    ranges += [(shape, lo, hi, k, ()) for shape, held in CERTIFIED.items() for lo, hi, k in held]
    checked = 0
    for (width, height), lo, hi, k, given in ranges:
        if k >= len(spanning_sets(height, width)) and (width, height, lo) not in by_command:
            hundreds = {(r, c): h for r, c, h in given}
            assert certify(width, height, lo, hi, tens_sets(width, height)[k], 9, 900, hundreds) is None
            checked += 1
    assert checked >= 2
    tens = spanning_sets(3, 7)[3]
    found = certify(7, 3, 498, 498, tens, 9, 300)
    assert found is not None
    assert len(solutions(found[1], *targets(7, 3, 498), tens)) <= 1


def test_the_commands_with_hundreds(capsys: pytest.CaptureFixture[str]) -> None:
    """`--hundreds R,C,H` reruns a `RAISED` range; `--step ... --raise` names each range's
    hundreds; a malformed `--hundreds` is one line, exit 2."""
    lo, hi, k, given = max(RAISED[5, 3])
    args = ["5", "3", str(lo), str(hi), str(k)]
    for r, c, h in given:
        args += ["--hundreds", f"{r},{c},{h}"]
    assert main(args) == 0
    assert "infeasible" in capsys.readouterr().out
    assert main(["--step", "5", "3", "1001", "10", "--count", "1", "--raise"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("5x3 targets 991-1000, set 0, hundreds (") and "infeasible" in line
    for bad in (["5", "3", "990", "1000", "--hundreds"], ["5", "3", "990", "1000", "--hundreds", "1,2"]):
        assert main(bad) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1


def test_step_with_given_hundreds(capsys: pytest.CaptureFixture[str]) -> None:
    """`step(..., hundreds=)` / `--step ... --hundreds R,C,H`: 3 columns of 5 rows at 562-577
    with set 2 and the hundreds of `RAISED`'s top range is infeasible (under a second), while the
    same step without them leaves a grid over (whose families repair at most one); each range
    names the hundreds it ran with; hundreds off the set, or with `--raise`, are refused."""
    lo, hi, k, given = max(RAISED[3, 5])
    assert (lo, hi, k) == (562, 577, 2)
    hundreds = {(r, c): h for r, c, h in given}
    (done,) = step(3, 5, hi + 1, hi - lo + 1, k, 60, 1, hundreds=hundreds)
    assert (done.lo, done.hi, done.found, done.undecided, done.hundreds) == (lo, hi, None, False, given)
    (plain,) = step(3, 5, hi + 1, hi - lo + 1, k, 60, 1)
    assert plain.found is not None and plain.hundreds == ()
    target, digits = plain.found
    tens = spanning_sets(5, 3)[k]
    assert lo <= target <= hi and len(solutions(digits, *targets(3, 5, target), tens)) <= 1
    args = ["--step", "3", "5", str(hi + 1), str(hi - lo + 1), "--set", str(k), "--count", "1"]
    for r, c, h in given:
        args += ["--hundreds", f"{r},{c},{h}"]
    assert main(args) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"3x5 targets 562-577, set 2, hundreds {given}: CP-SAT: infeasible")
    assert main(args[:9]) == 1
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("3x5 targets 562-577, set 2: CP-SAT: left over: (")
    off = next((r, c) for r in range(5) for c in range(3) if (r, c) not in tens)
    with pytest.raises(ValueError, match="hundreds go on cells of set 2"):
        next(step(3, 5, hi + 1, 16, k, hundreds={off: 1}))
    with pytest.raises(ValueError, match="not with raised"):
        next(step(3, 5, hi + 1, 16, k, raised=True, hundreds=hundreds))
    for bad in (
        [*args, "--raise"],
        [*args[:9], "--hundreds", f"{off[0]},{off[1]},1"],
        [*args[:9], "--hundreds", "1,1"],
        [*args[:9], "--hundreds"],
    ):
        assert main(bad) == 2, bad
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1, bad


@hypothesis.settings(max_examples=60, deadline=None)
@hypothesis.given(
    st.lists(st.integers(1, 9), min_size=6, max_size=6),
    st.lists(
        st.tuples(st.dictionaries(st.integers(0, 5), st.integers(0, 9), max_size=4), st.booleans()),
        max_size=4,
    ),
)
def test_units_agree_holds_exactly_when_every_two_repaired_families_agree(digits, families):
    """`units_agree` (one common digit per cell) against the pairwise statement it replaces: two
    repaired families agree at every cell, a family's digit being its own on its cells and the
    grid's elsewhere."""
    from ortools.sat.python import cp_model

    from boardlab.families.cnote.spanning import Window, units_agree

    cells = [(r, c) for r in range(2) for c in range(3)]
    model = cp_model.CpModel()
    digit = {cell: model.new_constant(d) for cell, d in zip(cells, digits, strict=True)}
    made = []
    for units, repaired in families:
        literal = model.new_bool_var("")
        model.add(literal == int(repaired))
        outside = {cells[i]: model.new_constant(u) for i, u in units.items()}
        made.append(Window([], [], outside, literal))
    units_agree(model, digit, made)
    seen = [[units.get(i, digits[i]) for i in range(6)] for units, repaired in families if repaired]
    expected = all(seen[0] == other for other in seen[1:]) if seen else True
    status = cp_model.CpSolver().solve(model)
    assert (status in (cp_model.OPTIMAL, cp_model.FEASIBLE)) == expected


def test_units_agree_refuses_a_family_made_without_outside():
    """A family made without `outside` has no units digits to compare: a typed error, not a
    silently skipped family."""
    from ortools.sat.python import cp_model

    from boardlab.families.cnote.spanning import Window, units_agree

    model = cp_model.CpModel()
    digit = {(0, 0): model.new_constant(1)}
    with pytest.raises(ValueError, match="outside"):
        units_agree(model, digit, [Window([], [], {(0, 0): model.new_constant(2)}, True), Window([], [])])
