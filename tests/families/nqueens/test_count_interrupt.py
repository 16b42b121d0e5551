"""Ctrl-C on a real `boardlab nqueens count N --checkpoint F` process: one "interrupted" line on
stderr, exit 130, the pool's workers stopped, the checkpoint kept; the same command resumes
from it and gives the right count (OEIS A000170)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from processes import interrupt_mid_run

HERE = Path(__file__).resolve().parent
SRC = HERE.parents[2] / "src"
OEIS = json.loads((HERE / "data" / "oeis_nqueens.json").read_text())

# SIGINT as in an interactive shell (KeyboardInterrupt), whatever this test process inherited
# (a shell's background job starts with SIGINT ignored, and so would the CLI).
LAUNCH = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); from boardlab.cli import main; main()"

#: n = 16 counts for about a second on two processes here: time to interrupt it in the middle.
N = 16


def _count(checkpoint: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    command = [
        sys.executable,
        "-c",
        LAUNCH,
        "nqueens",
        "count",
        str(N),
        "--checkpoint",
        str(checkpoint),
        "--json",
        *extra,
    ]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_ctrl_c_says_interrupted_keeps_the_checkpoint_and_the_count_resumes(tmp_path: Path) -> None:
    checkpoint = tmp_path / "count.ckpt"
    process = _count(checkpoint, "--executor", "processes", "--workers", "2")
    kept = interrupt_mid_run(process, checkpoint, within=60)
    assert kept > 0

    again = _count(checkpoint)
    out, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    data = json.loads(out)
    assert data["count"] == OEIS["A000170"]["values"][str(N)] == 14772512
    stats = data["stats"]
    assert stats["subproblems_resumed"] == kept < stats["subproblems"] == stats["subproblems_finished"]
