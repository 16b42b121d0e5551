"""The cnote benchmark experiments are well formed, name the seed's figures by case, and run."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from boardlab.bench.experiment import experiments
from boardlab.bench.experiments.cnote import SEED_BY_SIZE, SEED_BY_TARGET

CNOTE = [e for e in experiments() if e.family == "cnote"]


def test_the_seed_tables_are_all_there() -> None:
    assert {e.name for e in CNOTE} >= {"size", "target", "strategies", "generate", "encodings"}
    by_name = {e.name: e for e in CNOTE}
    assert len(by_name["size"].baseline_figures) == len(SEED_BY_SIZE) == 5
    assert len(by_name["target"].baseline_figures) == len(SEED_BY_TARGET) == 11
    # 5 variable choices x 3 value choices of the seed's Table 5 have a CP-SAT counterpart
    assert len(by_name["strategies"].baseline_figures) == 15


def test_the_generator_experiment_reports_the_grades_of_its_puzzles() -> None:
    generate = next(e for e in CNOTE if e.name == "generate")
    measured = generate.run(generate.cases(True)[0], 60.0)
    counts = measured.stats["grades"].split()
    levels, numbers = counts[::2], [int(k) for k in counts[1::2]]
    assert set(levels) <= {"easy", "medium", "hard"}
    assert sum(numbers) == generate.cases(True)[0].params["puzzles"]


def test_reach_tells_made_and_proven_none_apart() -> None:
    """`cnote/reach` on a recorded 3x3 scan with no unique grid (a proof) and a diagonal 6x6
    target (made)."""
    from boardlab.bench.experiment import Case
    from boardlab.bench.experiments.cnote import _run_reach

    proven = _run_reach(Case("3x3 at 545", {"size": 3, "target": 545, "seeds": 2}), None)
    assert (proven.status, proven.value) == ("unsatisfiable", "none exists")
    made = _run_reach(Case("6x6 at 138", {"size": 6, "target": 138, "seeds": 2}), None)
    assert (made.status, made.value) == ("solved", "made 2/2") and "nines diagonal" in made.stats["planted"]
    assert 0 < made.stats["max_cpu_seconds"] and 0 <= proven.stats["max_cpu_seconds"]  # the process's CPU


def test_frontier_measures_both_edges_of_every_open_band() -> None:
    """`cnote/frontier` runs each shape of sides 2-8 but 2x2 and 3x3 at its made figure (seeds
    0-2) and at its least proven target (one seed), as `generate.frontier` gives them; its quick
    case makes the puzzle and answers with the proof."""
    from boardlab.bench.experiments.cnote import FRONTIER_SEEDS
    from boardlab.families.cnote.generate import frontier

    experiment = next(e for e in CNOTE if e.name == "frontier")
    cases = {(c.params["size"], c.params["target"]): c.params["seeds"] for c in experiment.cases(False)}
    expected = {}
    for width in range(2, 9):
        for height in range(2, 9):
            edges = frontier(width, height)
            assert (edges is None) == (width == height <= 3)
            if edges is not None:
                expected[f"{width}x{height}", edges[0]] = FRONTIER_SEEDS
                if edges[1] is not None:
                    assert edges[0] < edges[1] <= 1000
                    expected[f"{width}x{height}", edges[1]] = 1
    assert cases == expected and len(expected) > 47
    made, proven = (experiment.run(case, None) for case in experiment.cases(True))
    assert (made.status, made.value) == ("solved", f"made {FRONTIER_SEEDS}/{FRONTIER_SEEDS}")
    assert (proven.status, proven.value) == ("unsatisfiable", "none exists")


@pytest.mark.slow
def test_reach_says_not_found_beyond_every_planter() -> None:
    """8x8 at 200 (open: no planter reaches it, no lemma covers it): not found within the
    generator's budget, about 7 s."""
    from boardlab.bench.experiment import Case
    from boardlab.bench.experiments.cnote import _run_reach

    missed = _run_reach(Case("8x8 at 200", {"size": 8, "target": 200, "seeds": 1}), None)
    assert (missed.status, missed.value) == ("unknown", "made 0/1") and missed.stats["planted"] == "-"


def test_near_nines_orbits_are_the_canonical_forms_of_the_family() -> None:
    from boardlab.bench.experiments.cnote import near_nines_orbits

    # grids of 8s and 9s alone (grid k has a 9 in cell i when bit i of k is set): each grid's
    # least image is the least code in its connected component under the group's generators
    # (transposition, a swap and a cycle of the rows and of the columns), found by propagating
    # the least code along the generators until nothing changes: the listed orbits are those
    index = np.arange(1 << 16)
    codes = (8 + ((index[:, None] >> np.arange(16)) & 1)) @ (10 ** np.arange(15, -1, -1, dtype=np.int64))
    generators = [
        [4 * c + r for r in range(4) for c in range(4)],  # transposition
        [4 * [1, 0, 2, 3][r] + c for r in range(4) for c in range(4)],
        [4 * [1, 2, 3, 0][r] + c for r in range(4) for c in range(4)],
        [4 * r + [1, 0, 2, 3][c] for r in range(4) for c in range(4)],
        [4 * r + [1, 2, 3, 0][c] for r in range(4) for c in range(4)],
    ]
    images = [sum(((index >> source) & 1) << cell for cell, source in enumerate(g)) for g in generators]
    least = codes.copy()
    while True:
        spread = np.minimum.reduce([least] + [least[image] for image in images])
        if (spread == least).all():
            break
        least = spread
    assert near_nines_orbits(0).tolist() == np.unique(least).tolist()
    _assert_least_images(near_nines_orbits(1), 1, samples=30)


def _assert_least_images(codes: np.ndarray, others: int, samples: int) -> None:
    """Random members of the family (at most `others` cells of digits 1-7) have their least
    image in `codes`, and sampled codes are their own least image (`orbits.canonical`, the
    least of all 1,152 images, not the sorted-rows shortcut)."""
    from boardlab.families.cnote.orbits import canonical, decode

    def least_image(grid: Any) -> int:
        return int("".join(str(d) for row in canonical(grid) for d in row))

    listed = set(codes.tolist())
    rng = random.Random(others)
    for _ in range(samples):
        grid = [[rng.choice((8, 9)) for _ in range(4)] for _ in range(4)]
        for _ in range(rng.randint(0, others)):
            grid[rng.randrange(4)][rng.randrange(4)] = rng.randint(1, 7)
        assert least_image(grid) in listed
    for code in rng.sample(sorted(listed), samples // 2):
        assert least_image(decode(code, 4)) == code


@pytest.mark.slow
def test_near_nines_unique_orbits_end_at_193_and_are_unique_by_cpsat() -> None:
    """The experiment's finding (docs/cnote-journal.md, twenty-first session) with at most two other
    digits: one unique orbit at 193 (CP-SAT, a second method, finds exactly its one solution)
    and none at 194 (with three, two: `test_unique_4x4_grids_at_194_exist`)."""
    from boardlab.bench.experiment import Case
    from boardlab.bench.experiments.cnote import _run_near_nines, near_nines_orbits
    from boardlab.families.cnote import io
    from boardlab.families.cnote.oracle import CNoteOracle

    _assert_least_images(near_nines_orbits(2), 2, samples=40)
    at_193 = _run_near_nines(Case("193", {"target": 193, "others": 2}), None)
    assert at_193.value == 1 and at_193.stats["orbits"] == 110_176
    grid = [[int(v) for v in row.split()] for row in at_193.stats["first unique"].split(" / ")]
    found = CNoteOracle(io.make_instance(grid, 193, None, None)).several(2, 0)
    assert isinstance(found, list) and len(found) == 1
    assert _run_near_nines(Case("194", {"target": 194, "others": 2}), None).value == 0
