"""Ctrl-C on a real `boardlab armies solve N --m M --checkpoint F` process: one "interrupted"
line on stderr, exit 130, the pool's workers stopped, the checkpoint kept; the same command
resumes from it and refutes M (a(12) = 21, OEIS A250000)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from processes import alive, children

SRC = Path(__file__).resolve().parents[3] / "src"

# SIGINT as in an interactive shell (KeyboardInterrupt), whatever this test process inherited.
LAUNCH = (
    "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from boardlab.cli import main; main()"
)

#: 12 x 12, 22 of each: a refutation of a few seconds on two processes, split into ~500 pieces.
N, M = 12, 22


def _records(path: Path) -> int:
    if not path.exists():
        return 0
    return sum(1 for line in path.read_text().split("\n")[1:] if line.endswith("}"))


def _solve(checkpoint: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    command = [
        sys.executable,
        "-c",
        LAUNCH,
        "armies",
        "solve",
        str(N),
        "--m",
        str(M),
        "--checkpoint",
        str(checkpoint),
        "--json",
        *extra,
    ]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_ctrl_c_says_interrupted_keeps_the_checkpoint_and_the_refutation_resumes(tmp_path: Path) -> None:
    checkpoint = tmp_path / "refute.jsonl"
    process = _solve(checkpoint, "--executor", "processes", "--workers", "2")
    try:
        deadline = time.monotonic() + 120
        while _records(checkpoint) == 0:  # interrupt in the middle, not at start-up
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no subproblem refuted within 120 s"
            time.sleep(0.02)
        workers = children(process.pid)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert err == "boardlab: interrupted\n"
    assert out == ""
    assert workers, "the processes executor should have pool workers"
    time.sleep(0.2)
    assert not any(alive(pid) for pid in workers)
    kept = _records(checkpoint)
    assert kept > 0

    again = _solve(checkpoint, "--executor", "processes", "--workers", "2")
    out, err = again.communicate(timeout=600)
    assert again.returncode == 0, err
    data = json.loads(out)
    assert data["status"] == "unsatisfiable"
    certificate = data["stats"]["certificate"]
    assert certificate["subproblems_resumed"] >= kept
    assert certificate["subproblems_finished"] == certificate["subproblems"]
