"""The solver process pool on its own: hard time limits, crashes, failures, refusal when busy."""

from __future__ import annotations

import operator
import os
import threading
import time

import pytest

from boardlab.web.pool import Busy, Crashed, JobFailed, TimedOut, WorkerPool


@pytest.fixture(scope="module")
def pool():
    workers = WorkerPool(1, preload=())
    workers.start()
    yield workers
    workers.close()


def test_runs_a_job(pool):
    assert pool.run_blocking(operator.add, 2, 3, timeout=30) == 5
    assert pool.run_blocking(pow, 2, 100, timeout=30) == 2**100


def test_a_job_past_its_hard_limit_is_killed_and_replaced(pool):
    before = pool.pids()
    with pytest.raises(TimedOut):
        pool.run_blocking(time.sleep, 30, timeout=0.5)
    assert pool.pids() != before and len(pool.pids()) == 1
    assert pool.run_blocking(operator.mul, 6, 7, timeout=30) == 42


def test_a_dying_worker_is_replaced(pool):
    before = pool.pids()
    with pytest.raises(Crashed, match="exit code 3"):
        pool.run_blocking(os._exit, 3, timeout=30)
    assert pool.pids() != before
    assert pool.run_blocking(operator.add, 1, 1, timeout=30) == 2


def test_an_exception_is_reported_and_the_worker_kept(pool):
    before = pool.pids()
    with pytest.raises(JobFailed) as failure:
        pool.run_blocking(operator.truediv, 1, 0, timeout=30)
    assert failure.value.kind == "ZeroDivisionError"
    assert "ZeroDivisionError" in failure.value.payload["bases"]
    assert pool.pids() == before


def test_busy_pool_refuses_at_once(pool):
    started = threading.Event()

    def hold() -> None:
        started.set()
        pool.run_blocking(time.sleep, 1.0, timeout=30)

    thread = threading.Thread(target=hold)
    thread.start()
    started.wait()
    for _ in range(200):
        if pool.busy:
            break
        time.sleep(0.01)
    with pytest.raises(Busy):
        pool.run_blocking(operator.add, 1, 2, timeout=30)
    thread.join()
    assert pool.run_blocking(operator.add, 1, 2, timeout=30) == 3
    assert pool.stats.refused >= 1


def test_closed_pool_refuses():
    workers = WorkerPool(1, preload=())
    workers.start()
    workers.close()
    with pytest.raises(Busy):
        workers.run_blocking(operator.add, 1, 2, timeout=5)


def test_answers_never_carry_nan_or_infinity():
    from boardlab.web.jobs import _sized

    answer = _sized(
        {"stats": {"bound": float("inf"), "gap": float("nan"), "seconds": 1.5}, "list": [float("-inf"), 2]},
        10_000,
    )
    assert answer == {"stats": {"bound": None, "gap": None, "seconds": 1.5}, "list": [None, 2]}
