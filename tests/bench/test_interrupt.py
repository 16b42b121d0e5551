"""Ctrl-C (or SIGTERM) on a real `boardlab bench` process: finished cases are kept, the worker
is stopped, the report is written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bench_tiny import read_results

from processes import alive, children

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[1] / "src"

LAUNCH = "import bench_tiny; from boardlab.cli import main; main()"


def _slow_bench(out: Path) -> tuple[dict[str, str], list[str]]:
    """The environment and command of a bench run whose third case takes minutes."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), str(HERE)]))
    command = [sys.executable, "-c", LAUNCH, "bench", "--only", "tinybad/slow", "--out", str(out)]
    return env, [*command, "--time-limit", "120", "--repeat", "1"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_keeps_finished_results_and_stops_the_worker(tmp_path: Path, signum: int) -> None:
    env, command = _slow_bench(tmp_path)
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = tmp_path / "results.jsonl"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # n=5 and n=6 finish at once; n=15 takes minutes
            if results.exists() and len(read_results(results)) == 2:
                break
            assert process.poll() is None, process.communicate()
            time.sleep(0.1)
        time.sleep(0.3)
        workers = children(process.pid)
        assert workers, "the runner should have a worker process"
        process.send_signal(signum)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert [r["case"] for r in read_results(results)] == ["n=5", "n=6"]
    report = (tmp_path / "report.md").read_text()
    assert "interrupted: 1 of 3 cases not run yet" in report
    stop = time.monotonic() + 5  # the worker is reaped by now; under load the kernel may lag
    while time.monotonic() < stop and any(alive(pid) for pid in workers):
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)


def test_the_worker_dies_with_a_killed_runner(tmp_path: Path) -> None:
    env, command = _slow_bench(tmp_path)
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = tmp_path / "results.jsonl"
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (results.exists() and len(read_results(results)) == 2):
            time.sleep(0.1)
        time.sleep(0.3)
        workers = children(process.pid)
        assert workers
        process.kill()  # no chance to clean up
        process.wait(10)
        stop = time.monotonic() + 5
        while time.monotonic() < stop and any(alive(pid) for pid in workers):
            time.sleep(0.1)
        survivors = [pid for pid in workers if alive(pid)]
        assert not survivors, "the worker outlived its runner"
    finally:
        if process.poll() is None:
            process.kill()
        for pid in workers:  # the test's own processes: never leave them running
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert [r["case"] for r in read_results(results)] == ["n=5", "n=6"]
