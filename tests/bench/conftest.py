"""Fixtures for the `boardlab bench` tests: the tiny experiments and an in-process CLI runner."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import bench_tiny  # noqa: E402,F401  (registers the tiny experiments)

from boardlab.cli import main  # noqa: E402


@dataclass
class Ran:
    code: int
    out: str
    err: str


@pytest.fixture
def bench(capsys: pytest.CaptureFixture[str]):
    """Run `boardlab bench ARGS...` in this process: (exit code, stdout, stderr)."""

    def run(*args: str) -> Ran:
        capsys.readouterr()
        try:
            main(["bench", *args])
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 0
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)

    return run


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, Path]:
    """One full run of the "tiny" experiments, shared by the tests that only read its output."""
    out = tmp_path_factory.mktemp("tiny-run")
    try:
        main(["bench", "--only", "tiny", "--out", str(out), "--repeat", "2"])
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    return code, out
