"""The lane kernel (`--method lanes`) against the scalar constellation kernel, row by row, and
against OEIS through every executor and split depth; lanes holding units of different
constellations and depths, refills, idle lanes and the stop flag."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from boardlab.core.errors import BadInput
from boardlab.families.nqueens import constellation, lanes
from boardlab.families.nqueens.parallel import choose_method, count_board

OEIS = json.loads((Path(__file__).parent / "data" / "oeis_nqueens.json").read_text())
TOTAL = {int(k): v for k, v in OEIS["A000170"]["values"].items()}
FUNDAMENTAL = {int(k): v for k, v in OEIS["A002562"]["values"].items()}


def both(n: int, units: list[constellation.Unit]) -> tuple[np.ndarray, np.ndarray]:
    table, prefixes, lengths = constellation.arrays(units)
    return constellation.count_batch(n, table, prefixes, lengths), lanes.count_batch(
        n, table, prefixes, lengths
    )


@pytest.mark.parametrize("n", range(5, 15))
def test_every_unit_as_the_scalar_kernel_and_oeis(n: int) -> None:
    for depth in (0, 1, 2):
        scalar, lane = both(n, constellation.units(n, depth=depth))
        assert (lane == scalar).all()
        total, fixed180, fixed90 = (int(s) for s in lane.sum(axis=0))
        assert total == TOTAL[n] and sum(constellation.classes((total, fixed180, fixed90))) == FUNDAMENTAL[n]


def test_symmetric_solutions_by_the_upper_half_as_by_testing_every_solution() -> None:
    """`count_symmetric` against `count_unit_checked` on every unit of a constellation fixed by
    the 180 degree rotation, n = 5..12, split depths 0..4 (prefixes reaching the lower half)."""
    seen = found = 0
    for n in range(5, 13):
        for depth in range(5):
            for unit in constellation.units(n, depth=depth):
                if unit.symmetric:
                    prefix = np.array(unit.prefix, dtype=np.int64)
                    _, fixed180, fixed90 = constellation.count_unit_checked(n, *unit.search, prefix)
                    assert lanes.count_symmetric(n, *unit.search, prefix) == (fixed180, fixed90)
                    seen += 1
                    found += fixed180 > 0
    assert seen > 1000 and found > 100


def test_lanes_mix_constellations_depths_and_trivial_units() -> None:
    """One batch in shuffled order: units of depth 0 to 4 of different constellations side by
    side in the lanes (a depth-4 unit of n = 9 is finished without a lane), so lanes refill
    mid-run next to lanes still deep in a long unit."""
    for n in (9, 12):
        mixed = [u for depth in range(5) for u in constellation.units(n, depth=depth)[depth::3]]
        random.Random(n).shuffle(mixed)
        assert any(len(u.prefix) >= 3 for u in mixed) and any(not u.prefix for u in mixed)
        scalar, lane = both(n, mixed)
        assert (lane == scalar).all() and lane[:, 0].any()


@pytest.mark.parametrize("size", [0, 1, 2, 7, 8, 9, 17])
def test_fewer_units_than_lanes_and_idle_lanes(size: int) -> None:
    units = [u for u in constellation.units(11) if not u.symmetric][:size]
    scalar, lane = both(11, units)
    assert lane.shape == (size, 3) and (lane == scalar).all()


def test_parallel_batch_equals_the_serial_one() -> None:
    table, prefixes, lengths = constellation.arrays(constellation.units(12, depth=1))
    serial = lanes.count_batch(12, table, prefixes, lengths)
    assert (lanes.count_batch_parallel(12, table, prefixes, lengths) == serial).all()
    assert int(serial[:, 0].sum()) == TOTAL[12]


def test_a_raised_stop_flag_counts_nothing_more() -> None:
    table, prefixes, lengths = constellation.arrays(constellation.units(12))
    stopped = lanes.count_batch_until(12, table, prefixes, lengths, np.ones(1, dtype=np.int64))
    assert not stopped.any()


# ---- through the counter ----------------------------------------------------------------------
@pytest.mark.parametrize("depth", [0, 1, 2])
@pytest.mark.parametrize("executor", ["serial", "processes", "threads"])
def test_oeis_every_executor_and_depth(executor: str, depth: int) -> None:
    for n in range(5, 13):
        counted = count_board(n, workers=2, executor=executor, method="lanes", depth=depth)
        assert counted.complete and counted.method == "lanes"
        assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])
        assert counted.classes == count_board(n, workers=1, method="fullsym").classes


@pytest.mark.slow
@pytest.mark.parametrize("executor", ["serial", "processes", "threads"])
def test_oeis_13_and_14_every_executor(executor: str) -> None:
    for n in (13, 14):
        counted = count_board(n, workers=2, executor=executor, method="lanes")
        assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


@pytest.mark.slow
def test_ray() -> None:
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        for depth in (0, 2):
            for n in (8, 13):
                counted = count_board(n, workers=2, executor="ray", method="lanes", depth=depth)
                assert counted.executor == "ray" and counted.method == "lanes"
                assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_every_16th_unit_of_17_as_the_scalar_kernel() -> None:
    """Long units, many returns to the driver with lanes deep in their search (n = 17 is near
    the 32-bit bound of the masks, `lanes.MAX_N`)."""
    scalar, lane = both(17, constellation.units(17)[::16])
    assert (lane == scalar).all()


@pytest.mark.parametrize("executor", ["serial", "processes"])
def test_checkpoint_resume(tmp_path: Path, executor: str) -> None:
    path = str(tmp_path / "count.jsonl")
    first = count_board(13, workers=2, executor=executor, method="lanes", checkpoint=path, stop_after=2)
    assert not first.complete and first.fundamental is None
    assert json.loads(Path(path).read_text().splitlines()[0])["method"] == "lanes"
    second = count_board(13, workers=2, executor=executor, method="lanes", checkpoint=path)
    assert second.complete and second.resumed == first.finished
    assert (second.total, second.fundamental) == (TOTAL[13], FUNDAMENTAL[13])


def test_method_choice() -> None:
    assert [choose_method("auto", n) for n in (12, 13, 19, 20)] == [
        "fullsym",
        "lanes",
        "lanes",
        "constellation",
    ]
    assert choose_method("lanes", lanes.MAX_N) == "lanes"
    with pytest.raises(BadInput, match="lanes"):
        count_board(lanes.MAX_N + 1, method="lanes")


def test_cli_refuses_lanes_above_the_bound() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardlab", "nqueens", "count", "20", "--method", "lanes"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "n <= 19" in done.stderr and "Traceback" not in done.stderr
