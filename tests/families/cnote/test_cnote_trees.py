"""Lemma 14 (`trees`): a spanning tree of cells in the tens place, two working repairs of its one
family; docs/cnote.md, "Lemma 14".

Second methods: the solutions of the working repairs are built by augmenting paths
(`trees.working`, not the certificate's Gale condition) and each is checked by the independent
`verify`; on random grids at the certified targets some tree of the range gives two of them;
the certificate's left-overs have at most one working repair at each of its trees by augmenting
paths; CP-SAT's count (another backend) finds the grids' solutions at least as many; the
number of spanning trees is Scoins' formula."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from boardlab.core.deadline import Deadline
from boardlab.core.errors import NoPuzzle
from boardlab.families.cnote import trees, trees_certified
from boardlab.families.cnote.generate import generate, proof, proven_from, proving_lemma
from boardlab.families.cnote.instance import column_targets, make_instance
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.spanning import construction, spanning_tree
from boardlab.families.cnote.trees import (
    CERTIFIED,
    Cubes,
    Rooms,
    all_trees,
    applies,
    certify,
    decoded,
    default_pool,
    doubly_ordered,
    encoded,
    family,
    free_lines,
    freed,
    grid_read,
    grid_written,
    main,
    ordered,
    random_tree,
    recounted,
    rooms,
    roomy,
    search,
    served,
    siblings,
    solutions,
    swapped,
    two_counted,
    unique_in,
    used_forest,
    working,
    written,
)
from boardlab.families.cnote.twolines import free_counts
from boardlab.families.cnote.verify import violations

Grid = list[list[int]]


def _grid(rng: random.Random, width: int, height: int) -> Grid:
    """Digits 1-9, with 9s and 1s more often than the others (the extremes of the margins)."""
    return [[rng.choice([rng.randint(1, 9), 9, 1]) for _ in range(width)] for _ in range(height)]


@pytest.mark.parametrize(("width", "height", "count"), [(2, 2, 4), (3, 2, 12), (3, 3, 81), (4, 3, 432)])
def test_every_spanning_tree_is_listed(width: int, height: int, count: int) -> None:
    """Scoins' formula, width^(height - 1) height^(width - 1) spanning trees of the complete
    bipartite graph; each a spanning tree, each once."""
    trees = all_trees(width, height)
    assert len(trees) == len(set(trees)) == count == width ** (height - 1) * height ** (width - 1)
    assert all(len(t) == width + height - 1 and spanning_tree(t, height, width) for t in trees)


@pytest.mark.parametrize("seed", range(20))
def test_a_random_tree_spans_the_lines(seed: int) -> None:
    rng = random.Random(seed)
    width, height = rng.randint(2, 8), rng.randint(2, 8)
    tree = random_tree(width, height, rng)
    assert spanning_tree(tree, height, width)
    assert decoded(encoded(tree, width), width) == tree
    assert not spanning_tree([*tree][1:], height, width)  # one cell fewer no longer spans


def test_a_tree_has_one_family_with_no_signs() -> None:
    """On a spanning tree or a forest sigma is 0 everywhere (one family, where it exists); a set
    with neither one cycle nor none is refused."""
    tree = all_trees(4, 3)[0]
    assert set(construction(tree, 3, 4).signs) == {0}
    assert set(construction([(0, 0), (0, 1), (1, 1)], 3, 4).signs) == {0}
    with pytest.raises(ValueError):
        construction([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)], 3, 4)  # two cycles


def _is_family(grid: Grid, digits: Grid, rows: list[int], cols: list[int], cells: Any) -> None:
    """`10 d + u` on the cells, d elsewhere; every line's rest a multiple of 10."""
    for r, row in enumerate(grid):
        for c, x in enumerate(row):
            assert x // 10 == digits[r][c] if (r, c) in cells else x == digits[r][c]
        assert (rows[r] - sum(row)) % 10 == 0
    for c, target in enumerate(cols):
        assert (target - sum(row[c] for row in grid)) % 10 == 0


@pytest.mark.parametrize("seed", range(12))
def test_the_family_meets_every_line_modulo_ten(seed: int) -> None:
    """`family`'s grid: `10 d + u` on the tree, d elsewhere; every line's rest a multiple of 10."""
    rng = random.Random(seed)
    width, height = rng.randint(2, 6), rng.randint(2, 6)
    target = rng.randint(200, 1000)
    rows, cols = [target] * height, column_targets(target, height, width)
    digits = _grid(rng, width, height)
    tree = random_tree(width, height, rng)
    grid = family(digits, rows, cols, tree)
    assert grid is not None
    _is_family(grid, digits, rows, cols, tree)
    with pytest.raises(ValueError):  # a cycle: 4 cells of two rows and two columns
        family(digits, rows, cols, [(0, 0), (0, 1), (1, 0), (1, 1)])


@pytest.mark.parametrize("seed", range(12))
def test_a_forest_has_its_family_where_its_components_balance(seed: int) -> None:
    """A forest (a tree with cells taken away): `family` gives `10 d + u` on its cells, d
    elsewhere, every line's rest a multiple of 10, or None; the certificate's `family_exists`
    (CP-SAT, the digits fixed) is true exactly where `family` gives a grid; both happen."""
    from ortools.sat.python import cp_model

    from boardlab.families.cnote.spanning import family_exists, forest, range_model

    rng = random.Random(seed)
    width, height = rng.randint(2, 6), rng.randint(2, 6)
    outcomes = set()
    for _ in range(50):
        target = rng.randint(100, 600)
        rows, cols = [target] * height, column_targets(target, height, width)
        digits = _grid(rng, width, height)
        cells = [*random_tree(width, height, rng)]
        rng.shuffle(cells)
        part = frozenset(cells[rng.choice((1, 1, 1, 2, len(cells))) :])  # 1 or 2 cells away (or all)
        assert forest(part, height, width) and not spanning_tree(part, height, width)
        grid = family(digits, rows, cols, part)
        if grid is not None:
            _is_family(grid, digits, rows, cols, part)
        model = cp_model.CpModel()
        digit, _, targets = range_model(model, width, height, target, target)
        exists = family_exists(model, digit, targets, part)
        for (r, c), x in digit.items():
            model.add(x == digits[r][c])
        solver = cp_model.CpSolver()
        assert solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        assert bool(solver.boolean_value(exists)) == (grid is not None)
        outcomes.add(grid is not None)
    assert outcomes == {True, False}


def _held(width: int, height: int) -> list[tuple[int, int, tuple[tuple[int, ...], ...], Rooms]]:
    return [(lo, hi, trees, room) for lo, hi, trees, _, room in CERTIFIED.get((width, height), [])]


@pytest.mark.parametrize(("width", "height"), sorted(CERTIFIED))
def test_random_grids_have_two_solutions_where_certified(width: int, height: int) -> None:
    """At the least, the largest and a random target of every range, random grids, sorted as the
    certificate's symmetry admits them (`doubly_ordered`), are served at the range's trees: two
    solutions (two working repairs, room, or two trees) that `verify` accepts and that differ."""
    rng = random.Random(width * 10 + height)
    for lo, hi, held, room in _held(width, height):
        trees = [decoded(t, width) for t in held]
        for target in sorted({lo, hi, rng.randint(lo, hi)}):
            rows, cols = [target] * height, column_targets(target, height, width)
            for _ in range(4):
                digits = _sorted_image(_grid(rng, width, height), cols)
                found = solutions(digits, rows, cols, trees, room)
                assert len(found) >= 2 and len({str(s) for s in found}) == len(found)
                for s in found:
                    assert violations(digits, rows, cols, {"grid": s}) == []


def test_the_certified_file_is_written_back_as_it_stands() -> None:
    """`trees_certified` is what `written` makes of `CERTIFIED` read from it: no hand edit, no
    tree held twice for a shape."""
    assert written(CERTIFIED) == Path(trees_certified.__file__).read_text()
    for shape, held in trees_certified.TREES.items():
        assert len(set(held)) == len(held)
        assert {i for _, _, picks, _, _ in trees_certified.RANGES[shape] for i in picks} == set(
            range(len(held))
        )


def test_a_grid_counted_is_written_as_one_line_and_read_back() -> None:
    """`grid_written` spells a grid as its target and its rows' digits; `grid_read` reads it back,
    on every shape the certificates use (digits 1-9, rows of 2-8)."""
    assert grid_written(197, ((6, 6, 5), (9, 9, 9))) == "197 665 999"
    assert grid_written(187, ((0, 0, 0), (0, 0, 0), (9, 9, 9))) == "187 *** *** 999"
    assert grid_read("187 *** *** 999") == (187, ((0, 0, 0), (0, 0, 0), (9, 9, 9)))
    rng = random.Random(54)
    for _ in range(200):
        width, height = rng.randint(2, 8), rng.randint(2, 8)
        rows = tuple(tuple(rng.randint(1, 9) for _ in range(width)) for _ in range(height))
        target = rng.randint(1, 1000)
        assert grid_read(grid_written(target, rows)) == (target, rows)


def test_written_ranges_read_back_equal() -> None:
    """`written`'s source, run, gives back the ranges it was given, long rows (laid out one item a
    line, grids counted and room packed as many a line as fit), one-tree ranges, trees shared
    between ranges once."""
    tree, other = (0, 1, 4, 6, 9, 11), (0, 1, 2, 5, 7, 10)
    nines = ((9, 9, 9, 9), (9, 9, 9, 9), (9, 9, 9, 9))
    certified = {
        (4, 3): [
            (900, 1000, (tree,), (), "all"),
            (
                356,
                899,
                (other, tree),
                tuple((356 + k, nines) for k in range(9)),
                tuple((0, 0, 2, 1, 3) for _ in range(12)),
            ),
        ],
        (3, 4): [(267, 300, (other,), (), ((0, 0, 1, 0, 2),))],
    }
    space: dict[str, Any] = {}
    exec(written(certified), space)
    assert space["TREES"] == {(4, 3): (tree, other), (3, 4): (other,)}
    assert {
        shape: [
            (lo, hi, tuple(space["TREES"][shape][i] for i in picks), tuple(map(grid_read, n)), r)
            for lo, hi, picks, n, r in rows
        ]
        for shape, rows in space["RANGES"].items()
    } == certified


def test_the_ranges_hold_targets_without_gaps() -> None:
    """Each shape's ranges are disjoint, in descending order and adjacent, or apart where
    another lemma answers every target between (the grid turned a quarter: the drives step over
    such targets, sixty-third session), and join the other lemmas' targets (1,000 on 4x3 and
    3x4, where no other lemma reaches it): `proven_from` (turned as well where there is a gap)
    is at most the least; every grid counted lies in its range and has two solutions or none,
    recounted by a second method (`unique_in`: dp3's listing where a side is 3, which is nearly
    all of them, `verify`). A class, two lines free, is recounted by `twolines` (2-12 s each,
    the search's own method, checked grid by grid against dp3 by
    `test_a_class_is_counted_as_dp3_counts_its_grids`) at the least target of each shape only,
    the newest; every class of a range is recounted by `python -m boardlab.families.cnote.trees
    W H LO HI` before it certifies, which the drive's `rerun` runs on each range it assembles
    (sixtieth session: with all 47 classes this test took 168 s, 65 s since)."""
    for (width, height), ranges in CERTIFIED.items():
        if (width, height) in ((4, 3), (3, 4)):
            assert ranges[0][1] == 1000
        for (lo, *_), (_, hi, *_) in zip(ranges, ranges[1:], strict=False):
            assert hi < lo
            assert all(proof([t] * height, column_targets(t, height, width)) for t in range(hi + 1, lo))
        gaps = any(hi < lo - 1 for (lo, *_), (_, hi, *_) in zip(ranges, ranges[1:], strict=False))
        least = proven_from(height, width, turn=gaps)
        assert least is not None and least <= ranges[-1][0]
        classes = [
            (target, rows) for *_, counted, _ in ranges for target, rows in counted if free_lines(rows)
        ]
        newest = min(classes, default=None)
        for lo, hi, _, counted, _ in ranges:
            assert lo <= hi
            for target, rows in counted:
                assert lo <= target <= hi
                if free_lines(rows) and (target, rows) != newest:
                    continue
                digits = [list(row) for row in rows]
                assert unique_in(digits, [target] * height, column_targets(target, height, width)) == []


def test_the_cheapest_certificates_recomputed() -> None:
    """4 columns of 3 rows: the range at the top of the table, with its one tree (a few s)."""
    lo, hi, held, _, _ = CERTIFIED[4, 3][0]
    assert certify(4, 3, hi - 20, hi, [decoded(t, 4) for t in held]) is None


def test_a_left_over_has_at_most_one_working_repair_per_tree() -> None:
    """At the construction's end (4x3 at 356: the grid of 9s has one working repair at every
    tree, by augmenting paths, and all the trees' solutions have the same units digits), the
    certificate finds a grid left over, and that grid has at most one working repair at each of
    the trees asked and no room."""
    trees = [decoded(t, 4) for t in CERTIFIED[4, 3][0][2]] + all_trees(4, 3)[:5]
    found = certify(4, 3, 356, 356, trees, time_limit=120)
    assert found is not None
    target, digits = found
    rows, cols = [target] * 3, column_targets(target, 3, 4)
    assert all(len(working(digits, rows, cols, t)) <= 1 and not roomy(digits, rows, cols, t) for t in trees)
    nines = [[9] * 4 for _ in range(3)]
    assert max(len(working(nines, [356] * 3, column_targets(356, 3, 4), t)) for t in all_trees(4, 3)) == 1
    assert solutions(nines, [356] * 3, column_targets(356, 3, 4), all_trees(4, 3)) == []
    assert len(two_counted(nines, [356] * 3, column_targets(356, 3, 4))) == 2  # part (d) serves it


def test_a_second_backend_finds_two_solutions_too() -> None:
    """CP-SAT's enumeration (the solver's own model, not the construction) finds two solutions
    too, on grids at certified targets where two working repairs give two."""
    rng = random.Random(7)
    lo, hi, held, _, _ = CERTIFIED[4, 3][-1]
    trees = [decoded(t, 4) for t in held]
    for _ in range(3):
        target = rng.randint(lo, hi)
        digits = _grid(rng, 4, 3)
        rows, cols = [target] * 3, column_targets(target, 3, 4)
        built = {str(s) for s in solutions(digits, rows, cols, trees)}
        counted = CNoteOracle(make_instance(digits, None, rows, cols)).several(2, 0)
        assert len(built) >= 2 and isinstance(counted, list) and len(counted) == 2


def test_the_search_grows_trees_until_certified() -> None:
    """`search` at 4x3 at 980-1000 adds a tree to the empty set (the grid CP-SAT leaves over
    first) and certifies with it."""
    grown = search(4, 3, 980, 1000)
    assert grown.left is None and 1 <= len(grown.trees) <= 3 and grown.counted == []


@pytest.mark.parametrize(("width", "height"), sorted(CERTIFIED))
def test_the_generator_answers_none_where_lemma_14_holds(width: int, height: int) -> None:
    """At the least target of each shape's ranges `applies` holds (and not one below), `proof`
    answers, the generator refuses at once, and `proven_from` is at most that target."""
    lo = _held(width, height)[-1][0]
    rows, cols = [lo] * height, column_targets(lo, height, width)
    assert applies(rows, cols) and not applies([lo - 1] * height, column_targets(lo - 1, height, width))
    assert proof(rows, cols) is not None
    with pytest.raises(NoPuzzle):
        generate(height, width, lo, 0)
    least = proven_from(height, width)
    assert least is not None and least <= lo


@pytest.mark.parametrize(("width", "height"), [(4, 3), (3, 4), (5, 3), (3, 5), (7, 3)])
def test_lemma_14_is_named_where_no_other_lemma_holds(width: int, height: int) -> None:
    """Below the other lemmas' bounds `proving_lemma` names Lemma 14 and the generator's answer
    cites it; 4x3 and 3x4, where no lemma reached 1,000 before, are proven up to it."""
    lo = _held(width, height)[-1][0]
    rows, cols = [lo] * height, column_targets(lo, height, width)
    named = proving_lemma(rows, cols)
    assert named is not None and named[0] == "Lemma 14" and "(Lemma 14," in named[1]
    with pytest.raises(NoPuzzle, match="Lemma 14"):
        generate(height, width, lo, 0)
    if (width, height) in ((4, 3), (3, 4)):
        assert applies([1000] * height, column_targets(1000, height, width))


def test_the_command_reruns_and_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    lo, hi, *_ = CERTIFIED[4, 3][0]
    assert main(["4", "3", str(hi - 5), str(hi)]) == 0
    assert "infeasible" in capsys.readouterr().out
    assert main(["4", "3", "10", "20"]) == 2
    assert main(["4", "3"]) == 2


def test_the_command_takes_a_time_limit_a_cube(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`W H LO HI --time-limit S` solves the certificate with S seconds a cube (600 without);
    a cube undecided within it is exit 3 with one line; a bad S is exit 2 with one line."""
    limits: list[float] = []
    real = trees.certify

    def spy(*args: Any, **kwargs: Any) -> Any:
        limits.append(args[5])
        return real(*args, **kwargs)

    monkeypatch.setattr(trees, "certify", spy)
    lo, hi, *_ = CERTIFIED[4, 3][0]
    assert main(["4", "3", str(hi - 5), str(hi), "--time-limit", "90"]) == 0
    assert main(["4", "3", str(hi - 5), str(hi)]) == 0
    assert limits == [90.0, 600.0]

    def undecided(model: Any, time_limit: float, what: str, parameters: Any = None) -> Any:
        raise TimeoutError(f"CP-SAT decided nothing on {what} within {time_limit} s")

    monkeypatch.setattr(trees, "decide", undecided)
    capsys.readouterr()
    assert main(["4", "3", str(hi - 5), str(hi), "--time-limit", "7"]) == 3
    assert "within 7.0 s" in capsys.readouterr().err
    for bad in (["--time-limit"], ["--time-limit", "0"], ["--time-limit", "soon"]):
        assert main(["4", "3", str(hi - 5), str(hi), *bad]) == 2
        err = capsys.readouterr().err
        assert "--time-limit needs a positive number of seconds" in err and "Traceback" not in err


def test_the_command_recounts_the_grids_counted(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rerun recounts a range's grids counted before its certificate: a range claiming a
    unique grid (3 columns of 4 rows at 150, made by the generator) as counted fails with exit 1
    and the grid named; with the grids of two solutions or none it holds."""
    unique = [[8, 9, 8], [9, 9, 7], [9, 2, 9], [2, 7, 2]]
    nines = [[9, 9, 9]] * 4
    lo, hi, held, _, room = CERTIFIED[3, 4][0]
    monkeypatch.setitem(CERTIFIED, (3, 4), [(150, 150, held, ((150, tuple(map(tuple, unique))),), room)])
    assert main(["3", "4", "150", "150"]) == 1
    assert (
        "counted at 150, [[8, 9, 8], [9, 9, 7], [9, 2, 9], [2, 7, 2]] has one solution"
        in capsys.readouterr().out
    )
    monkeypatch.setitem(
        CERTIFIED, (3, 4), [(150, 150, held, ((150, tuple(map(tuple, freed(unique)))),), room)]
    )
    assert main(["3", "4", "150", "150"]) == 1
    assert "has one solution" in capsys.readouterr().out
    monkeypatch.setitem(CERTIFIED, (3, 4), [(lo, hi, held, ((hi, tuple(map(tuple, nines))),), room)])
    assert len(recounted(nines, [hi] * 4, column_targets(hi, 4, 3))) != 1
    assert main(["3", "4", str(hi - 5), str(hi)]) == 0
    assert "1 grids recounted: CP-SAT: infeasible" in capsys.readouterr().out


@pytest.mark.parametrize(("width", "height"), [(3, 4), (4, 3), (3, 6), (5, 3), (4, 4)])
def test_recounted_agrees_with_cp_sat(width: int, height: int) -> None:
    """`recounted` (dp3's listing on a side of 3, else CP-SAT) finds as many solutions, up to
    two, as CP-SAT's enumeration (`two_counted`), on random grids of 4-9s (mostly two, some
    none) and on a unique one (the generator's)."""
    rng = random.Random(f"{width}x{height}")
    grids = [
        (t, [[rng.randint(4, 9) for _ in range(width)] for _ in range(height)]) for t in (120, 160, 200) * 3
    ]
    grids.append(
        (150, [[8, 9, 8], [9, 9, 7], [9, 2, 9], [2, 7, 2]]) if (width, height) == (3, 4) else grids[0]
    )
    seen = set()
    for target, digits in grids:
        rows, cols = [target] * height, column_targets(target, height, width)
        found = recounted(digits, rows, cols)
        assert len(found) == len(two_counted(digits, rows, cols))
        seen.add(len(found))
    assert 2 in seen and ((width, height) != (3, 4) or 1 in seen)


def test_room_is_grown_at_the_cycles_it_serves() -> None:
    """On 6 columns of 3 rows at 438 (18 cells: room is not asked everywhere), `search` takes
    room at a 4-cycle of a chosen tree and certifies; without that room, the same trees leave a
    grid over, which has room at the 4-cycle taken: two solutions that `verify` accepts."""
    grown = search(6, 3, 438, 438)
    assert grown.left is None and grown.room and grown.room != "all"
    rows, cols = [438] * 3, column_targets(438, 3, 6)
    assert certify(6, 3, 438, 438, grown.trees, room=grown.room) is None
    left = certify(6, 3, 438, 438, grown.trees, room=())
    assert left is not None
    digits = left[1]
    spare = [
        (index, found)
        for index, i, k, j, m in grown.room
        if (found := roomy(digits, rows, cols, grown.trees[index], [(i, k, j, m)]))
    ]
    assert spare and all(found.cycle in rooms(grown.trees[index], 3, 6) for index, found in spare)
    first, second = spare[0][1].solutions
    assert first != second
    for s in (first, second):
        assert violations(digits, rows, cols, {"grid": s}) == []
    assert len(solutions(digits, rows, cols, grown.trees, grown.room)) >= 2
    assert solutions(digits, rows, cols, grown.trees, ()) == []


def test_room_outside_the_trees_only() -> None:
    """A 4-cycle asked must lie outside its tree, rows and columns in order, its tree listed."""
    tree = decoded(CERTIFIED[6, 3][0][2][0], 6)
    outside = rooms(tree, 3, 6)
    assert outside and all(not {(i, j), (i, m), (k, j), (k, m)} & tree for i, k, j, m in outside)
    touching = next(
        (i, k, j, m)
        for i in range(3)
        for k in range(i + 1, 3)
        for j in range(6)
        for m in range(j + 1, 6)
        if (i, k, j, m) not in outside
    )
    for bad in [(0, *touching), (1, *outside[0]), (0, outside[0][1], outside[0][0], *outside[0][2:])]:
        with pytest.raises(ValueError):
            certify(6, 3, 438, 438, [tree], room=(bad,))
    assert roomy([[9] * 6 for _ in range(3)], [438] * 3, column_targets(438, 3, 6), tree, []) is None


def _sorted_image(digits: Grid, cols: list[int]) -> Grid:
    """Sort the rows, then each run of equal-target columns, lexicographically, until neither
    moves (docs/cnote.md, Lemma 14's symmetry: each sort lowers the grid read row by row)."""
    grid = sorted(map(list, digits))
    while True:
        order = sorted(range(len(cols)), key=lambda c: (-cols[c], [row[c] for row in grid]))
        moved = sorted([row[c] for c in order] for row in grid)
        if moved == grid:
            return grid
        grid = moved


def _admitted(grid: Grid, target: int) -> bool:
    """Whether `doubly_ordered`'s CP-SAT constraints admit the grid at the target."""
    from ortools.sat.python import cp_model

    from boardlab.families.cnote.spanning import range_model

    height, width = len(grid), len(grid[0])
    model = cp_model.CpModel()
    digit, _, targets = range_model(model, width, height, target, target)
    doubly_ordered(model, digit, targets, width, height)
    for (r, c), x in digit.items():
        model.add(x == grid[r][c])
    return cp_model.CpSolver().solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


@pytest.mark.parametrize(("width", "height"), [(8, 3), (4, 3), (5, 4), (3, 5)])
def test_the_symmetry_keeps_a_sorted_image_of_every_grid(width: int, height: int) -> None:
    """`doubly_ordered` admits the sorted image of a random grid (rows, and columns of equal
    target, in lexicographic order), which has as many solutions (CP-SAT's count, up to 3), and
    refuses a grid with two rows, or two columns of one target, out of order."""
    from ortools.sat.python import cp_model

    from boardlab.families.cnote.spanning import range_model

    rng = random.Random(width * 100 + height)
    for _ in range(3):
        target = rng.randint(max(width, height) * 12, max(width, height) * 30)
        rows, cols = [target] * height, column_targets(target, height, width)
        digits = _grid(rng, width, height)
        image = _sorted_image(digits, cols)
        for grid, admitted in [(image, True), (image[::-1], image[::-1] == image)]:
            assert _admitted(grid, target) == admitted
        first = CNoteOracle(make_instance(digits, None, rows, cols)).several(3, 0)
        second = CNoteOracle(make_instance(image, None, rows, cols)).several(3, 0)
        assert isinstance(first, list) and isinstance(second, list) and len(first) == len(second)
    swapped = [[9] * width for _ in range(height)]
    swapped[0][width - 1] = 1  # the last column below the one before it (same target)
    model = cp_model.CpModel()
    digit, _, targets = range_model(model, width, height, 9 * width, 9 * width)
    assert len(set(column_targets(9 * width, height, width))) == 1
    doubly_ordered(model, digit, targets, width, height)
    for (r, c), x in digit.items():
        model.add(x == swapped[r][c])
    assert cp_model.CpSolver().solve(model) == cp_model.INFEASIBLE


def test_a_grid_with_no_solution_is_counted_out() -> None:
    """Part (d) counts a grid with two solutions or none: 5 columns of 8 rows of nines have none
    at 208 (no tree is repaired there, so no way serves it) and two at 209."""
    nines = [[9] * 5 for _ in range(8)]
    cols = column_targets(208, 8, 5)
    assert two_counted(nines, [208] * 8, cols) == []
    assert all(not working(nines, [208] * 8, cols, random_tree(5, 8, random.Random(k))) for k in range(5))
    assert len(two_counted(nines, [209] * 8, column_targets(209, 8, 5))) == 2


@pytest.mark.parametrize(("width", "height", "target"), [(3, 6, 188), (4, 3, 301), (3, 4, 200), (5, 4, 250)])
def test_ordered_is_doubly_ordered_in_plain_python(width: int, height: int, target: int) -> None:
    """`ordered` (plain Python) admits exactly the grids `doubly_ordered`'s constraints admit:
    random grids, their sorted images and those with two rows swapped."""
    rng = random.Random(target)
    cols = column_targets(target, height, width)
    for _ in range(12):
        digits = _grid(rng, width, height)
        for grid in (digits, _sorted_image(digits, cols), _sorted_image(digits, cols)[::-1]):
            assert ordered(grid, cols) == _admitted(grid, target)


def test_the_siblings_of_a_row_over_nines() -> None:
    """A row over rows of nines on 3 columns of 6 rows (one target for the three columns): its
    siblings are the 164 other nondecreasing first rows over the same nines (165 multisets of
    three digits), all admitted; a grid whose lower rows differ has none, nor one with more
    first rows to try than asked; on 4 columns of 3 rows at 301 (column targets 226, 226, 226
    and 225) the first three are nondecreasing and the fourth is free."""
    nines = [[1, 1, 4]] + [[9, 9, 9]] * 5
    cols = column_targets(188, 6, 3)
    found = siblings(nines, cols)
    assert len(found) == 164 and nines not in found
    assert all(g[1:] == nines[1:] and ordered(g, cols) and g[0] == sorted(g[0]) for g in found)
    assert len({tuple(g[0]) for g in found}) == 164
    assert siblings([[1, 1, 4], [8, 9, 9], [9, 9, 9]], column_targets(100, 3, 3)) == []
    assert siblings(nines, cols, most=164) == []
    wide = [[2, 2, 2, 9], [9, 9, 9, 9], [9, 9, 9, 9]]
    cols = column_targets(301, 3, 4)
    found = siblings(wide, cols)
    assert all(ordered(g, cols) and g[1:] == wide[1:] for g in found)
    assert len(found) == 165 * 9 - 1  # three columns alike, the fourth free
    assert [[1, 1, 1, 1], *wide[1:]] in found and [[1, 1, 2, 9], *wide[1:]] in found


def test_the_search_counts_a_counted_grid_s_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """A row over nines left over and counted (two solutions at 188 on 3 columns of 6 rows): the
    search counts its class, the first two rows free (`freed`), at once and excludes the class
    (no grid of it is unique): one entry, without a certificate solve a grid."""
    from boardlab.families.cnote import trees

    nines = [[1, 1, 4]] + [[9, 9, 9]] * 5
    left = [(188, nines)]
    monkeypatch.setattr(trees, "certify", lambda *args: left.pop() if left else None)
    grown = search(3, 6, 188, 188, pool=[], count=1)
    assert grown.left is None and grown.trees == []
    assert grown.counted == [(188, [[0, 0, 0], [0, 0, 0]] + [[9, 9, 9]] * 4)]
    assert free_lines(grown.counted[0][1]) == (0, 1)


def test_where_a_class_holds_a_unique_grid_the_search_counts_the_siblings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the class holds a unique grid (stubbed here), the grid is counted alone with its
    first-row siblings, each with two solutions or none kept (every one here), without a
    certificate solve each; `count` bounds the grids left over, not the siblings."""
    from boardlab.families.cnote import trees

    nines = [[1, 1, 4]] + [[9, 9, 9]] * 5
    left = [(188, nines)]
    monkeypatch.setattr(trees, "certify", lambda *args: left.pop() if left else None)
    monkeypatch.setattr(trees, "unique_grids", lambda *args: [nines])
    grown = search(3, 6, 188, 188, pool=[], count=1)
    assert grown.left is None and grown.trees == []
    assert grown.counted[0] == (188, nines) and len(grown.counted) == 165
    rows, cols = [188] * 6, column_targets(188, 6, 3)
    assert {tuple(g[0]) for _, g in grown.counted[1:]} == {tuple(g[0]) for g in siblings(nines, cols)}
    for _, grid in grown.counted[1::20]:
        assert len(two_counted(grid, rows, cols)) != 1


@pytest.mark.slow
def test_classes_certify_three_columns_of_six_rows_at_188() -> None:
    """The fifty-third session's case: 3 columns of 6 rows at 188, where the fifty-second
    session's search stopped on rows over nines one at a time, certifies with `count` 30 once
    their class is counted; the certificate reruns infeasible and no class holds a unique grid."""
    grown = search(3, 6, 188, 188, time_limit=240, count=30)
    assert grown.left is None
    classes = [(t, g) for t, g in grown.counted if free_lines(g) is not None]
    assert classes
    rows, cols = [188] * 6, column_targets(188, 6, 3)
    assert all(unique_in(g, rows, cols) == [] for _, g in classes)
    assert certify(3, 6, 188, 188, grown.trees, counted=grown.counted, room=grown.room) is None


@pytest.mark.parametrize(
    ("width", "height", "target"), [(3, 4, 150), (3, 4, 120), (4, 3, 242), (5, 3, 200), (3, 3, 300)]
)
def test_a_class_is_counted_as_dp3_counts_its_grids(width: int, height: int, target: int) -> None:
    """`twolines.free_counts` (two lines free, 531,441 grids at once, capped integer sums) gives
    each grid of a class the count, capped at 2, that `dp3`'s listing gives it (`recounted`), on
    random grids of random classes and on every grid it counts once or not at all (up to 30 each),
    rows free on 3 columns and columns free on 3 rows."""
    rng = random.Random(f"{width}x{height} {target}")
    rows, cols = [target] * height, column_targets(target, height, width)
    base = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
    free = (0, 1) if (width, height) == (3, 3) else tuple(rng.sample(range(max(width, height)), 2))
    counts = free_counts(base, rows, cols, free)
    picks = [tuple(rng.randrange(9) for _ in range(6)) for _ in range(40)]
    picks += [tuple(x) for x in np.argwhere(counts == 1)[:30]] + [
        tuple(x) for x in np.argwhere(counts == 0)[:30]
    ]
    for pick in picks:
        grid = [row[:] for row in base]
        for line, values in zip(free, (pick[:3], pick[3:]), strict=True):
            for k, value in enumerate(values):
                if width == 3:
                    grid[line][k] = int(value) + 1
                else:
                    grid[k][line] = int(value) + 1
        assert counts[pick] == len(recounted(grid, rows, cols))


def test_a_class_holding_a_unique_grid_names_it() -> None:
    """3 columns of 4 rows at 150: the generator's unique grid is in the class of its last two
    rows (the first two free), which `unique_in` and `free_lines` name; a grid counted alone is
    named when it has one solution; the rerun's reading of classes refuses other free cells."""
    unique = [[8, 9, 8], [9, 9, 7], [9, 2, 9], [2, 7, 2]]
    rows, cols = [150] * 4, column_targets(150, 4, 3)
    entry = freed(unique)
    assert entry == [[0, 0, 0], [0, 0, 0], [9, 2, 9], [2, 7, 2]] and free_lines(entry) == (0, 1)
    found = unique_in(entry, rows, cols)
    assert unique in found and all(len(recounted(g, rows, cols)) == 1 for g in found[:5])
    assert unique_in(unique, rows, cols) == [unique]
    assert freed([[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9]]) == [[0, 0, 3, 4], [0, 0, 7, 8], [0, 0, 9, 9]]
    for bad in ([[0, 0, 0], [1, 0, 0], [9, 2, 9], [2, 7, 2]], [[0, 0, 0], [9, 9, 9], [9, 2, 9], [2, 7, 2]]):
        with pytest.raises(ValueError, match="two lines"):
            free_lines(bad)


def test_certify_excludes_a_class() -> None:
    """A class counted (`freed`) excludes every grid agreeing with the grid left over outside its
    free lines at that target: the next grid left over differs elsewhere or sits at another
    target."""
    tree = all_trees(3, 4)[0]
    target, grid = certify(3, 4, 240, 241, [tree]) or (0, [])
    again = certify(3, 4, 240, 241, [tree], counted=[(target, freed(grid))])
    assert grid and again is not None
    assert again[0] != target or again[1][2:] != grid[2:]


def _with_equal_lines(rng: random.Random, width: int, height: int, cols: list[int]) -> Grid:
    """A random grid with two equal rows and, where two columns share a target, two equal columns."""
    digits = _grid(rng, width, height)
    i, k = rng.sample(range(height), 2)
    digits[k] = digits[i][:]
    alike = [(j, m) for j in range(width) for m in range(j + 1, width) if cols[j] == cols[m]]
    if alike and rng.random() < 0.5:
        j, m = rng.choice(alike)
        for row in digits:
            row[m] = row[j]
    return digits


@pytest.mark.parametrize(("width", "height", "target"), [(3, 4, 120), (4, 3, 150), (3, 6, 187), (5, 3, 200)])
def test_equal_lines_swapped_are_a_second_solution(width: int, height: int, target: int) -> None:
    """Part (e): where a tree's solution has different units digits on two lines of equal digits
    and targets, `swapped` is a second solution that `verify` accepts; where it finds none, every
    two such lines hold the same units digits; `solutions` serves the grid with the two."""
    rng = random.Random(width * 1000 + height * 100 + target)
    rows, cols = [target] * height, column_targets(target, height, width)
    seen = 0
    for _ in range(12):
        digits = _with_equal_lines(rng, width, height, cols)
        for tree in (random_tree(width, height, rng) for _ in range(6)):
            for solution in working(digits, rows, cols, tree, 1):
                other = swapped(solution, digits, rows, cols)
                units = [[x % 10 for x in row] for row in solution]
                equal = [
                    units[i] == units[k] for i in range(height) for k in range(i) if digits[i] == digits[k]
                ] + [
                    [u[j] for u in units] == [u[m] for u in units]
                    for j in range(width)
                    for m in range(j)
                    if cols[j] == cols[m] and all(row[j] == row[m] for row in digits)
                ]
                if other is None:
                    assert all(equal)
                    continue
                seen += 1
                assert not all(equal) and other != solution
                assert violations(digits, rows, cols, {"grid": other}) == []
                assert len(solutions(digits, rows, cols, [tree], ())) >= 2
    assert seen


def _left_over(digits: Grid, target: int, sets: list[frozenset[tuple[int, int]]]) -> bool:
    """Lemma 14's certificate as `certify` makes it (no room asked, no symmetry), with the digits
    fixed: whether it admits the grid (True: left over; False: served at `sets`)."""
    from ortools.sat.python import cp_model

    from boardlab.families.cnote.spanning import (
        add_window,
        equal_lines_agree,
        family_exists,
        range_model,
        units_agree,
    )

    height, width = len(digits), len(digits[0])
    model = cp_model.CpModel()
    digit, _, targets = range_model(model, width, height, target, target)
    top = max(column_targets(target, height, width) + [target])
    made = [
        add_window(
            model,
            digit,
            targets,
            construction(cells, height, width),
            0,
            top,
            single=True,
            outside=True,
            exists=family_exists(model, digit, targets, cells),
        )
        for cells in sets
    ]
    equal_lines_agree(model, digit, targets, units_agree(model, digit, made))
    for (r, c), x in digit.items():
        model.add(x == digits[r][c])
    return cp_model.CpSolver().solve(model) != cp_model.INFEASIBLE


@pytest.mark.parametrize(("width", "height", "target"), [(3, 4, 120), (4, 3, 150), (3, 6, 187)])
def test_the_equal_lines_clauses_agree_with_swapped(width: int, height: int, target: int) -> None:
    """The certificate's part (e) (`spanning.equal_lines_agree` on `units_agree`'s digits), on one
    tree with no room and the grid fixed, is infeasible exactly where the construction serves the
    grid: two working repairs, or one whose solution `swapped` turns into a second."""
    rng = random.Random(width * 7 + height * 11 + target)
    rows, cols = [target] * height, column_targets(target, height, width)
    outcomes = set()
    for _ in range(40):
        digits = _with_equal_lines(rng, width, height, cols)
        tree = random_tree(width, height, rng)
        found = working(digits, rows, cols, tree, 2)
        served = len(found) >= 2 or (len(found) == 1 and swapped(found[0], digits, rows, cols) is not None)
        assert _left_over(digits, target, [tree]) != served
        outcomes.add((served, len(found)))
    assert {(False, 0), (True, 1)} <= outcomes  # part (e) alone serves some grid, and not every one


def test_the_forests_of_its_solutions_serve_a_grid_of_nines() -> None:
    """3 columns of 6 rows at 188, one row 7 9 9 over rows of nines (the fifty-first session's
    drives stopped at such grids): no spanning tree of the search's pool serves it, the forests
    its own two solutions use (`two_counted`, `used_forest`) do (`served`): two solutions that
    `verify` accepts, and the certificate with those forests (the grid fixed) leaves it out."""
    digits = [[7, 9, 9]] + [[9, 9, 9] for _ in range(5)]
    rows, cols = [188] * 6, column_targets(188, 6, 3)
    pool = default_pool(3, 6)
    solved = {tree: working(digits, rows, cols, tree, 2) for tree in pool}
    assert served(digits, rows, cols, pool, [], solved) == ([], None)
    assert _left_over(digits, 188, pool[:10])
    forests = [f for s in two_counted(digits, rows, cols) if (f := used_forest(digits, s)) is not None]
    assert forests and not any(spanning_tree(f, 6, 3) for f in forests)
    solved.update({f: working(digits, rows, cols, f, 2) for f in forests})
    added, _ = served(digits, rows, cols, forests, [], solved)
    found = solutions(digits, rows, cols, added, ())
    assert len(found) >= 2 and len({str(s) for s in found}) == len(found)
    for s in found:
        assert violations(digits, rows, cols, {"grid": s}) == []
    assert not _left_over(digits, 188, added)


def test_the_cubes_decide_as_the_whole_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """`certify` by cubes alone (`WHOLE_FIRST` 0) and by the whole model agree: 4x3 at 980-1000
    with its certified tree is infeasible in every cube (all nine closed), and with no tree a grid
    is left over in the first cube holding one; cubes known closed are taken as proven."""
    lo, hi, held, _, _ = CERTIFIED[4, 3][0]
    named = [decoded(t, 4) for t in held]
    assert certify(4, 3, lo, hi, named) is None
    monkeypatch.setattr(trees, "WHOLE_FIRST", 0.0)
    known = Cubes(set(), [])
    assert certify(4, 3, lo, hi, named, known=known) is None and known.closed == set(range(1, 10))
    left = certify(4, 3, lo, hi, [], known=Cubes(set(), []))
    assert left is not None and left[1][0][0] == 1 and lo <= left[0] <= hi
    assert certify(4, 3, lo, hi, [], known=Cubes(set(range(1, 10)), [])) is None  # trusted
    assert certify(4, 3, lo, hi, [], known=Cubes({1}, []))[1][0][0] == 2
    assert certify(4, 3, lo, hi, [], known=Cubes(set(), [1, 2]))[1][0][0] == 3  # hard ones last


@pytest.mark.parametrize("solver", [{}, trees.SOLVER, {"linearization_level": 2}])
def test_the_solver_s_parameters_change_no_answer(monkeypatch: pytest.MonkeyPatch, solver: dict) -> None:
    """`SOLVER` changes the time a certificate takes, not its answer: CP-SAT's default and other
    settings agree with it on a certified range (infeasible) and on the same range with no tree
    (a grid of digits left over at a target in range)."""
    lo, hi, held, _, _ = CERTIFIED[4, 3][0]
    monkeypatch.setattr(trees, "SOLVER", solver)
    assert certify(4, 3, lo, hi, [decoded(t, 4) for t in held]) is None
    target, grid = certify(4, 3, lo, hi, [])
    assert lo <= target <= hi and all(len(row) == 4 and all(1 <= d <= 9 for d in row) for row in grid)


def test_a_shape_of_shape_solver_is_solved_with_its_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    """`certify` gives CP-SAT `SHAPE_SOLVER`'s parameters for a shape it names (6x6 by level 1),
    `SOLVER` for the others, in the whole model's solve and in each cube's, and the answer is the
    same either way."""
    assert trees.parameters(6, 6) == {"linearization_level": 1} and trees.parameters(4, 3) is trees.SOLVER
    lo, hi, held, _, _ = CERTIFIED[4, 3][0]
    named = [decoded(t, 4) for t in held]
    real = trees.decide
    given: list[Any] = []

    def decide(model: Any, time_limit: float, what: str, parameters: Any = None) -> Any:
        given.append(parameters)
        return real(model, time_limit, what, parameters)

    other = {"linearization_level": 2}
    monkeypatch.setattr(trees, "decide", decide)
    monkeypatch.setattr(trees, "SHAPE_SOLVER", {(4, 3): other})
    assert certify(4, 3, lo, hi, named) is None  # the whole model first
    assert given and all(g is other for g in given)
    given.clear()
    monkeypatch.setattr(trees, "WHOLE_FIRST", 0.0)
    assert certify(4, 3, lo, hi, named) is None  # the nine cubes only
    assert len(given) == 9 and all(g is other for g in given)
    given.clear()
    monkeypatch.setattr(trees, "SHAPE_SOLVER", {})
    assert certify(4, 3, lo, hi, named) is None
    assert given and all(g is trees.SOLVER for g in given)


def test_an_undecided_cube_is_passed_over_and_tried_last(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cube undecided within the time limit does not stop the others: a grid in a later cube is
    still returned; when every other cube is infeasible the whole is undecided (TimeoutError
    naming the cube), and the undecided cube is not closed but known hard, tried last."""
    lo, hi, held, _, _ = CERTIFIED[4, 3][0]
    named = [decoded(t, 4) for t in held]
    real = trees.decide
    undecided = {3}
    tried: list[int] = []

    def decide(model: Any, time_limit: float, what: str, parameters: Any = None) -> Any:
        assert parameters is trees.SOLVER
        value = int(what.rsplit(" ", 1)[1])
        tried.append(value)
        if value in undecided:
            raise TimeoutError(what)
        return real(model, time_limit, what, parameters)

    monkeypatch.setattr(trees, "decide", decide)
    monkeypatch.setattr(trees, "WHOLE_FIRST", 0.0)
    known = Cubes(set(), [])
    with pytest.raises(TimeoutError, match=r"first digits \[3\]"):
        certify(4, 3, lo, hi, named, known=known)
    assert known == Cubes(set(range(1, 10)) - {3}, [3])
    undecided, known, tried = {1}, Cubes(set(), []), []
    assert certify(4, 3, lo, hi, [], known=known)[1][0][0] == 2 and known.hard == [1]
    assert certify(4, 3, lo, hi, [], known=known)[1][0][0] == 2 and tried == [1, 2, 2]
    undecided = set()  # decided at last: no longer hard
    assert certify(4, 3, lo, hi, [], known=Cubes({2, 3, 4, 5, 6, 7, 8, 9}, [1])) is not None


def test_after_an_undecided_cube_the_others_get_a_share_of_the_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once a cube is undecided only a grid found serves: the cubes after it are given
    `AFTER_UNDECIDED` of the time limit, those before it the whole limit."""
    lo, hi, held, _, _ = CERTIFIED[4, 3][0]
    named = [decoded(t, 4) for t in held]
    limits: dict[int, float] = {}

    def decide(model: Any, time_limit: float, what: str, parameters: Any = None) -> Any:
        value = int(what.rsplit(" ", 1)[1])
        limits[value] = time_limit
        if value in (4, 6):
            raise TimeoutError(what)
        return None  # infeasible

    monkeypatch.setattr(trees, "decide", decide)
    monkeypatch.setattr(trees, "WHOLE_FIRST", 0.0)
    with pytest.raises(TimeoutError, match=r"first digits \[4, 6\]"):
        certify(4, 3, lo, hi, named, time_limit=80, known=Cubes(set(), []))
    share = 80 * trees.AFTER_UNDECIDED
    assert limits == {v: 80 if v <= 4 else share for v in range(1, 10)} and share < 80


def test_the_seconds_left_cap_each_cube_and_the_cubes_after_them_are_undecided_untried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The time a `deadline` (a drive's bound) leaves caps every cube's limit; once it has
    passed the cubes not yet tried are undecided (TimeoutError naming them), neither closed nor
    known hard."""
    lo, hi, held, _, _ = CERTIFIED[4, 3][0]
    named = [decoded(t, 4) for t in held]
    limits: dict[int, float] = {}
    spent = [0.0]

    def decide(model: Any, time_limit: float, what: str, parameters: Any = None) -> Any:
        limits[int(what.rsplit(" ", 1)[1])] = time_limit
        spent[0] += 45  # each solve spends 45 s of the bound
        return None  # infeasible

    monkeypatch.setattr(trees, "decide", decide)
    monkeypatch.setattr(trees, "WHOLE_FIRST", 0.0)
    known = Cubes(set(), [])
    with pytest.raises(TimeoutError, match=r"first digits \[4, 5, 6, 7, 8, 9\]"):
        certify(
            4, 3, lo, hi, named, time_limit=80, known=known, deadline=Deadline(100.0, clock=lambda: spent[0])
        )
    assert limits == {1: 80, 2: 55, 3: 10} and known == Cubes({1, 2, 3}, [])
    with pytest.raises(TimeoutError):  # spent before the call: nothing is solved
        certify(4, 3, lo, hi, named, known=Cubes(set(), []), deadline=Deadline(0.0))
    assert len(limits) == 3


def test_a_search_whose_seconds_run_out_counting_a_grid_is_undecided(monkeypatch: pytest.MonkeyPatch) -> None:
    """The count of a grid left over that no tree serves gets the seconds left (as CP-SAT's
    deterministic budget); when they run out the search is undecided with the trees it had."""
    grid = [[9, 9, 9, 9], [9, 9, 9, 9], [9, 9, 9, 9]]
    budgets: list[float | None] = []

    def count(digits: Any, rows: Any, cols: Any, budget: float | None = None) -> list[Any]:
        budgets.append(budget)
        raise TimeoutError("counted to no end")

    monkeypatch.setattr(trees, "certify", lambda *a, **k: (150, grid))
    monkeypatch.setattr(trees, "served", lambda *a, **k: ([], None))
    monkeypatch.setattr(trees, "two_counted", count)
    start = [decoded(t, 4) for t in CERTIFIED[4, 3][0][2]]
    with pytest.raises(trees.Undecided) as stop:
        trees.search(4, 3, 150, 150, pool=[], start=start, deadline=Deadline(42.0, clock=lambda: 0.0))
    assert stop.value.stood.trees == start and budgets == [42.0]
    with pytest.raises(trees.Undecided):  # no bound: the count is not bounded either
        trees.search(4, 3, 150, 150, pool=[], start=start)
    assert budgets == [42.0, None]


def test_the_counts_of_a_grid_s_siblings_get_the_seconds_left_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each first-row sibling of a grid counted is counted with the seconds left as its budget;
    when one runs out the search is undecided with its trees (the siblings were uncapped until
    the seventy-second session)."""
    nines = [[1, 1, 4]] + [[9, 9, 9]] * 5
    left = [(188, nines)]
    budgets: list[float | None] = []

    def count(digits: Any, rows: Any, cols: Any, budget: float | None = None) -> list[Any]:
        budgets.append(budget)
        if len(budgets) == 4:
            raise TimeoutError("counted to no end")
        return []  # no solution: excluded

    monkeypatch.setattr(trees, "certify", lambda *a, **k: left.pop() if left else None)
    monkeypatch.setattr(trees, "served", lambda *a, **k: ([], None))
    monkeypatch.setattr(trees, "unique_grids", lambda *args: [nines])
    monkeypatch.setattr(trees, "two_counted", count)
    with pytest.raises(trees.Undecided) as stop:
        search(3, 6, 188, 188, pool=[], count=1, deadline=Deadline(42.0, clock=lambda: 2.0))
    assert stop.value.stood.trees == [] and budgets == [40.0] * 4


def test_a_count_over_its_budget_is_a_timeout_not_an_answer() -> None:
    """`two_counted` with a deterministic budget too small to end the enumeration raises
    TimeoutError; with none it answers (the 4x3 grid of nines at 356 has two solutions)."""
    grid = [[9] * 4] * 3
    rows, cols = [356] * 3, column_targets(356, 3, 4)
    with pytest.raises(TimeoutError):
        two_counted(grid, rows, cols, 1e-9)
    assert len(two_counted(grid, rows, cols)) == 2 == len(two_counted(grid, rows, cols, 60.0))
