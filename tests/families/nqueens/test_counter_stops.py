"""The completion counter (`counter.count`, boards with fixed queens) stops at its deadline and
on Ctrl-C within a fraction of a second, serial or in processes, and counts the same either
way (before, a subproblem ran to its end: `nqueens count` of a 20x20 board with one fixed
queen took 80 s under `--time-limit 1`)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import pytest

from boardlab.core.deadline import Deadline
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.nqueens import counter
from boardlab.families.nqueens.instance import QueensInstance
from processes import ctrl_c_after, run_alone

family = get("nqueens")


@pytest.mark.parametrize(("n", "fixed"), [(9, ((0, 1),)), (10, ((2, 5),)), (11, ((0, 0), (5, 3)))])
def test_serial_and_processes_agree_with_cpsat(n: int, fixed: tuple[tuple[int, int], ...]) -> None:
    instance = QueensInstance(n, fixed)
    cpsat = family.solve(instance, SolveRequest(mode=Mode.COUNT, backend="cpsat")).count
    assert counter.count(n, fixed).total == cpsat
    assert counter.count(n, fixed, workers=2).total == cpsat


def test_a_raised_flag_stops_a_subtree_with_what_it_found() -> None:
    n = 16
    allowed = counter.allowed_masks(n, ())
    prefix = np.array([0, 2], dtype=np.int64)
    whole, _, complete = counter.count_subtree(n, allowed, prefix, False, counter.flag())
    assert complete
    stop = counter.flag()
    stop[0] = 1
    part, _, complete = counter.count_subtree(n, allowed, prefix, False, stop)
    assert not complete and 0 <= part < whole


@pytest.mark.parametrize("workers", [1, 2])
def test_a_passed_deadline_leaves_the_count_partial(workers: int) -> None:
    counted = counter.count(20, ((0, 0),), workers=workers, deadline=Deadline.after(0.3))
    assert not counted.complete and counted.finished < counted.subproblems


def _count_command(tmp_path: Path, workers: str) -> list[str]:
    """`nqueens count` of a 20x20 board with a queen in its corner: minutes of work."""
    n = 20
    path = tmp_path / "queens.txt"
    path.write_text("\n".join(["Q" + "." * (n - 1)] + ["." * n] * (n - 1)) + "\n")
    return [sys.executable, "-m", "boardlab", "nqueens", "count", str(path), "--workers", workers]


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_command_stops_at_its_time_limit(workers: str, tmp_path: Path) -> None:
    command = _count_command(tmp_path, workers)
    started = time.monotonic()
    run = run_alone([*command, "--time-limit", "1"], timeout=120)
    assert run.returncode == 3 and "unknown" in run.stdout, run.stderr
    assert time.monotonic() - started < 30


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_the_command(workers: str, tmp_path: Path) -> None:
    command = _count_command(tmp_path, workers)
    code, err, took = ctrl_c_after(command, 4.0)
    assert (code, err) == (130, "boardlab: interrupted\n")
    assert took < 10
