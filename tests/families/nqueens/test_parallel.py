"""Parallel executors, the split, checkpoints and Ray give the serial counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput
from boardlab.families.nqueens.parallel import count_board

OEIS = json.loads((Path(__file__).parent / "data" / "oeis_nqueens.json").read_text())
TOTAL = {int(k): v for k, v in OEIS["A000170"]["values"].items()}
FUNDAMENTAL = {int(k): v for k, v in OEIS["A002562"]["values"].items()}


def serial(n: int) -> tuple[int, int, list[int]]:
    counted = count_board(n, workers=1, executor="serial")
    return counted.total, counted.fundamental, counted.classes


@pytest.mark.parametrize("executor", ["processes", "threads"])
@pytest.mark.parametrize("n", [5, 9, 12, 13])
def test_parallel_equals_serial(executor: str, n: int) -> None:
    counted = count_board(n, workers=2, executor=executor)
    assert counted.complete and counted.finished == counted.subproblems
    assert counted.executor == executor and counted.workers == 2
    assert (counted.total, counted.fundamental, counted.classes) == serial(n)


@settings(max_examples=25, deadline=None)
@given(st.integers(5, 11), st.integers(1, 3000))
def test_any_split_gives_the_same_count(n: int, target: int) -> None:
    counted = count_board(n, workers=1, executor="serial", target=target)
    assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])


@pytest.mark.parametrize("executor", ["serial", "processes"])
@pytest.mark.parametrize("stop_after", [1, 3, 40])
def test_checkpoint_resume(tmp_path: Path, executor: str, stop_after: int) -> None:
    """A count stopped early (a crash) and resumed from its checkpoint gives the full count."""
    path = str(tmp_path / "count.jsonl")
    first = count_board(12, workers=2, executor=executor, checkpoint=path, stop_after=stop_after)
    assert not first.complete and 0 < first.finished < first.subproblems
    lines = Path(path).read_text().splitlines()
    assert len(lines) == 1 + first.finished  # header + one line per finished piece
    second = count_board(12, workers=2, executor=executor, checkpoint=path)
    assert second.complete and second.resumed == first.finished
    assert (second.total, second.fundamental) == (TOTAL[12], FUNDAMENTAL[12])
    # a finished checkpoint resumes to the same answer without counting anything
    third = count_board(12, workers=1, checkpoint=path)
    assert third.resumed == third.subproblems and third.total == TOTAL[12]


def test_checkpoint_torn_last_line(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    count_board(11, workers=1, checkpoint=str(path), stop_after=5)
    text = path.read_text()
    path.write_text(text + '{"i": 7, "c": [0,')  # the crash came mid-write
    resumed = count_board(11, workers=1, checkpoint=str(path))
    assert (resumed.total, resumed.fundamental) == (TOTAL[11], FUNDAMENTAL[11])


def test_checkpoint_of_another_count_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "count.jsonl")
    count_board(10, workers=1, checkpoint=path, stop_after=1)
    with pytest.raises(BadInput, match="another count"):
        count_board(11, workers=1, checkpoint=path)
    Path(path).write_text("hello\n")
    with pytest.raises(BadInput, match="not a boardlab checkpoint"):
        count_board(10, workers=1, checkpoint=path)


def test_checkpoint_bad_record_is_located(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    count_board(10, workers=1, checkpoint=str(path), stop_after=2)
    lines = path.read_text().splitlines()
    lines.insert(1, '{"i": -1, "c": [1, 2, 3]}')
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(BadInput) as error:
        count_board(10, workers=1, checkpoint=str(path))
    assert error.value.line == 2


def test_deadline_gives_a_partial_count() -> None:
    counted = count_board(13, workers=1, deadline=Deadline(at=0.0))
    # past the deadline the executor stops waiting at once: the running chunk is dropped
    assert not counted.complete and counted.finished < counted.subproblems and counted.total < TOTAL[13]


def test_progress_reports_every_piece() -> None:
    seen: list[tuple[int, int]] = []
    counted = count_board(
        11, workers=2, executor="processes", progress=lambda done, total: seen.append((done, total))
    )
    assert seen[0] == (0, counted.subproblems) and seen[-1] == (counted.subproblems, counted.subproblems)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.slow
def test_ray_local_cluster_of_two_cpus() -> None:
    """The Ray executor on a local Ray with 2 CPUs, against OEIS (skipped without Ray)."""
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert ray.cluster_resources().get("CPU") == 2
        for n in range(8, 13):
            counted = count_board(n, executor="ray", workers=2)
            assert counted.complete and counted.executor == "ray"
            assert (counted.total, counted.fundamental) == (TOTAL[n], FUNDAMENTAL[n])
        assert ray.is_initialized()  # a Ray started by the caller is left running
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_ray_executor_starts_its_own_ray_with_a_checkpoint(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    path = str(tmp_path / "count.jsonl")
    count_board(11, workers=2, checkpoint=path, stop_after=2)
    counted = count_board(11, executor="ray", workers=2, checkpoint=path)
    assert not ray.is_initialized()
    assert counted.resumed > 0 and (counted.total, counted.fundamental) == (TOTAL[11], FUNDAMENTAL[11])
