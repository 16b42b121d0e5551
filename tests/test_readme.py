"""The README's two set-up commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_commands_are_run_by_ci() -> None:
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```bash\n(.*?)```", readme, re.S).group(1).strip().splitlines()
    assert len(block) == 2, "the README opens with exactly two commands"
    ci = (ROOT / ".ci" / "run").read_text()
    for command in block:
        assert command.replace("pip install", "pip install --quiet") in ci, command
