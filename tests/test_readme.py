"""The README's two set-up commands are the ones CI runs, and its tour runs as written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_readme_commands_are_run_by_ci() -> None:
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```bash\n(.*?)```", readme, re.S).group(1).strip().splitlines()
    assert len(block) == 2, "the README opens with exactly two commands"
    ci = (ROOT / ".ci" / "run").read_text()
    for command in block:
        assert command.replace("pip install", "pip install --quiet") in ci, command


#: Tour lines not run, and why: they install extras and start a server or run the benchmarks
#: for minutes.
NOT_RUN = {"boardlab serve": "starts a web server", "boardlab bench": "runs the benchmarks (minutes)"}


def tour_lines() -> list[str]:
    """The commands of the README's tour (comments removed), in order."""
    readme = (ROOT / "README.md").read_text()
    tour = readme[readme.index("## A short tour") :]
    block = re.search(r"```bash\n(.*?)```", tour, re.S).group(1)
    return [re.sub(r"\s+#\s.*$", "", line).strip() for line in block.splitlines() if line.strip()]


def test_the_tour_reads_only_files_it_made_before() -> None:
    """A file a tour line reads was written by an earlier line (`example`, `--svg`, `>`)."""
    made: set[str] = set()
    for line in tour_lines():
        written = set(re.findall(r"(?:>|--svg|--out)\s+([\w.-]+)", line))
        example = re.match(r"boardlab (\w+) example$", line)
        if example:
            written.add(f"{example.group(1)}.txt")
        read = set(re.findall(r"\b[\w-]+\.(?:txt|json|svg)\b", line)) - written
        assert read <= made, (line, read - made)
        made |= written
    assert {"chessnum.txt", "cnote.txt", "tents.txt"} <= made


@pytest.mark.slow
def test_the_tour_runs_line_by_line(tmp_path: Path) -> None:
    """Every line of the tour, in a fresh directory, exits 0 (this checkout's code runs:
    `boardlab` is `python -m boardlab` with its src/ first on the path)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    shell = f'boardlab() {{ "{sys.executable}" -m boardlab "$@"; }}\n'
    ran = 0
    for line in tour_lines():
        skipped = [why for command, why in NOT_RUN.items() if command in line]
        if skipped:
            print(f"not run ({skipped[0]}): {line}")
            continue
        done = subprocess.run(
            ["bash", "-c", shell + line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, (line, done.stderr[-2000:])
        assert "Traceback" not in done.stderr, line
        ran += 1
    assert ran >= 20
    for made in ("q.json", "q8.svg", "chessnum.txt", "cnote.txt", "tents.txt"):
        assert (tmp_path / made).stat().st_size > 0, made
