"""Shared test helpers: running the CLI in-process and the OEIS data."""

from __future__ import annotations

import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"

# shared helper modules of the tests (processes.py) import by name
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))


@dataclass
class CliRun:
    code: int
    stdout: str
    stderr: str

    def json_lines(self) -> list[dict]:
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]


def run_cli(args: list[str], stdin: bytes = b"", monkeypatch: pytest.MonkeyPatch | None = None) -> CliRun:
    """Run `boardlab ARGS` in-process and capture exit code, stdout and stderr."""
    from boardlab import cli

    out, err = io.StringIO(), io.StringIO()
    fake_stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, fake_stdin
    cli.out.file, cli.err.file = out, err
    try:
        cli.main(args)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
        cli.out.file, cli.err.file = None, None
    return CliRun(code, out.getvalue(), err.getvalue())


@pytest.fixture
def cli_run():
    return run_cli


@pytest.fixture(scope="session")
def oeis() -> dict:
    return json.loads((DATA / "oeis.json").read_text())
