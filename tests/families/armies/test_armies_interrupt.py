"""Ctrl-C on a real `boardlab armies solve N --m M --checkpoint F` process: one "interrupted"
line on stderr, exit 130, the pool's workers stopped, the checkpoint kept; the same command
resumes from it and refutes M (a(12) = 21, OEIS A250000)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from processes import interrupt_mid_run

SRC = Path(__file__).resolve().parents[3] / "src"

# SIGINT as in an interactive shell (KeyboardInterrupt), whatever this test process inherited.
LAUNCH = (
    "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from boardlab.cli import main; main()"
)

#: 12 x 12, 22 of each: a refutation of a few seconds on two processes, split into ~500 pieces.
N, M = 12, 22


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
    kept = interrupt_mid_run(process, checkpoint, within=120)
    assert kept > 0

    again = _solve(checkpoint, "--executor", "processes", "--workers", "2")
    out, err = again.communicate(timeout=600)
    assert again.returncode == 0, err
    data = json.loads(out)
    assert data["status"] == "unsatisfiable"
    certificate = data["stats"]["certificate"]
    assert certificate["subproblems_resumed"] >= kept
    assert certificate["subproblems_finished"] == certificate["subproblems"]
