"""The worker process on its own (the web pool and the benchmark runner both run on it): a call,
an exception described across the pipe, a hard limit, a death, a kill that reaches the
processes a job started, the memory cap."""

from __future__ import annotations

import operator
import os
import subprocess
import sys
import time

import pytest

from boardlab.core.errors import BadInput
from boardlab.core.workers import Crashed, JobFailed, Settings, TimedOut, Worker, describe_error


def bad_input_at_line_3() -> None:
    raise BadInput("no such piece", source="puzzle.txt", line=3, column=2)


def start_grandchild() -> int:
    """Start a long-running process of the job's own and return its pid."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    return child.pid


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as handle:  # a zombie counts as gone
        return handle.read().split(")")[-1].split()[0] != "Z"


def leave_native_work_behind() -> str:
    """A job that answers "unknown" while work it stopped at its deadline still runs (as a
    CP-SAT presolve given up by `core.cpsat.solve_interruptibly`)."""
    from boardlab.core.deadline import Deadline, OutOfTime
    from boardlab.core.interrupts import in_thread

    try:
        in_thread(lambda: time.sleep(60), lambda: None, Deadline(at=0.0, clock=time.monotonic), give_up=0.0)
    except OutOfTime:
        return "unknown"
    return "finished"


@pytest.fixture
def worker():
    made = Worker(Settings(name="boardlab-test-worker", start_method="fork", own_group=True, daemon=False))
    yield made
    made.kill()


def test_a_call_and_a_failure_described_across_the_pipe(worker):
    assert worker.call(operator.add, (2, 3), 30) == 5
    pid = worker.pid
    with pytest.raises(JobFailed) as failure:
        worker.call(bad_input_at_line_3, (), 30)
    facts = failure.value.payload
    assert failure.value.kind == "BadInput" and "BoardlabError" in facts["bases"]
    assert (facts["source"], facts["line"], facts["column"]) == ("puzzle.txt", 3, 2)
    assert facts == describe_error(BadInput("no such piece", source="puzzle.txt", line=3, column=2))
    assert worker.pid == pid  # the process lives on


def test_past_the_hard_limit_the_process_is_killed_and_the_next_call_starts_a_new_one(worker):
    worker.start()
    first = worker.pid
    with pytest.raises(TimedOut):
        worker.call(time.sleep, (30,), 0.5)
    assert not worker.alive
    assert worker.call(operator.mul, (6, 7), 30) == 42 and worker.pid != first


def test_a_death_during_a_call_says_how(worker):
    with pytest.raises(Crashed, match="exit code 5"):
        worker.call(os._exit, (5,), 30)
    assert worker.call(operator.add, (1, 1), 30) == 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and /proc: Linux")
def test_a_kill_stops_the_processes_the_job_started(worker):
    grandchild = worker.call(start_grandchild, (), 30)
    assert alive(grandchild)
    worker.kill()
    for _ in range(100):
        if not alive(grandchild):
            break
        time.sleep(0.05)
    assert not alive(grandchild)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as Linux applies it")
def test_the_memory_cap_turns_a_huge_job_into_memory_error():
    capped = Worker(Settings(start_method="spawn", max_memory=1024**3))  # spawn: a small process
    try:
        assert len(capped.call(bytearray, (2**20,), 60)) == 2**20
        with pytest.raises(JobFailed) as failure:
            capped.call(bytearray, (4 * 1024**3,), 60)
        assert failure.value.kind == "MemoryError"
    finally:
        capped.kill()


def test_a_process_that_left_native_work_running_makes_way_for_a_new_one(worker):
    """The job answers; the process, whose stopped native work still runs, exits after it, so
    that the work does not take the CPU of the next jobs; the next call starts a new process."""
    worker.start()
    first = worker.pid
    assert worker.call(leave_native_work_behind, (), 30) == "unknown"
    assert worker.retired == 1 and not alive(first)
    assert worker.call(operator.add, (2, 2), 30) == 4 and worker.pid != first
    assert worker.call(operator.add, (3, 3), 30) == 6 and worker.retired == 1  # an ordinary job: kept
