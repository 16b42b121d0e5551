"""The CI smoke run: `boardlab bench --quick` on one real experiment of each family.

Slow (a subprocess, the first numba compilations): run by the slow CI step. The whole quick
suite fills its budget (130 s, docs/bench.md) whatever it holds; one experiment of each family
(about 10 s, sixtieth session) runs every stage of it, each family's plots and the outcomes
feasible, solved, unknown and unsatisfiable; every experiment's first quick case is run
in-process by tests/bench/test_experiments.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from bench_tiny import read_results

SRC = Path(__file__).resolve().parents[2] / "src"
#: One experiment of each family, quick: four outcomes between them (nqueens/projection's case
#: projects a count it does not finish, cnote/frontier's none is unsatisfiable).
SMOKE = (
    "armies/lower-bounds",
    "chessnum/generate",
    "cnote/frontier",
    "nqueens/projection",
    "tents/generator",
)


@pytest.mark.slow
def test_quick_suite_writes_report_and_plots(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run(
        [sys.executable, "-m", "boardlab", "bench", "--quick", "--out", str(tmp_path)]
        + [f"--only={key}" for key in SMOKE],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    report = (tmp_path / "report.md").read_text()
    assert report.startswith("# boardlab benchmark report")
    results = tmp_path / "results.jsonl"
    records = read_results(results) if results.exists() else []
    keys = {r["experiment"] for r in records}
    assert keys == set(SMOKE)
    assert {"feasible", "solved", "unknown", "unsatisfiable"} <= {r["status"] for r in records}
    for key in keys:
        assert f"## {key}:" in report
    plots = list((tmp_path / "plots").glob("*.png")) if keys else []
    assert len(plots) >= len(keys)
    assert all(p.stat().st_size > 1000 for p in plots)
