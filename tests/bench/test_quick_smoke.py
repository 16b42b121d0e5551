"""The CI smoke run: `boardlab bench --quick` over every family's real experiments.

Slow (it runs the whole quick suite, up to its 3-minute budget): run by the slow CI step.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from bench_tiny import read_results

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.mark.slow
def test_quick_suite_writes_report_and_plots(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    done = subprocess.run(
        [sys.executable, "-m", "boardlab", "bench", "--quick", "--out", str(tmp_path)],
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
    for key in keys:
        assert f"## {key}:" in report
    plots = list((tmp_path / "plots").glob("*.png")) if keys else []
    assert len(plots) >= len(keys)
    assert all(p.stat().st_size > 1000 for p in plots)
