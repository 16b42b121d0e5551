"""Published puzzles shipped with the package: the families' libraries (`Family.library`, the
page's puzzles menu, `example --name`), what the benchmarks measure on and the tests check against.

- `chessnum_published.PUBLISHED`: the four published Chess-Num boards with their solutions.
- `TENTS_TATHAM_SAMPLE`: 19 puzzles made by Simon Tatham's Tents generator (JSON lines).
- `CNOTE_PUBLISHED`: the 14 published C-Note puzzles with their solutions (JSON lines).
- `CNOTE_3X3_EXHAUSTIVE`: computed, not published: the outcome of exhaustive 3x3 C-Note scans
  (how many digit grids have one solution) at some line targets (JSON lines).
- `CNOTE_NARROW`: computed, not published: where grids two cells wide or high have unique
  puzzles, by the exact search of `families.cnote.narrow` (JSON lines, one per shape).

Where each comes from is in SOURCES.md beside them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
TENTS_TATHAM_SAMPLE = HERE / "tents-tatham-sample.jsonl"
CNOTE_PUBLISHED = HERE / "cnote-published.jsonl"
#: finished exhaustive scans of 3x3 C-Note grids, one record per line target (computed by
#: `families.cnote.exhaustive`; the command and CPU time are in each record)
CNOTE_3X3_EXHAUSTIVE = HERE / "cnote-3x3-exhaustive.jsonl"
#: the survey of C-Note grids two cells wide or high (2xH, Wx2, sides 3-8) at every target up
#: to 1,000 by `families.cnote.narrow`: one record per shape (its command and CPU time in it)
CNOTE_NARROW = HERE / "cnote-narrow.jsonl"


def json_lines(path: Path) -> list[dict[str, Any]]:
    """The records of a JSON-lines file (blank lines skipped)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def entries(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Published records (`{"id", "source", "instance", ...}`) as library entries
    (`{"title", "source", "instance"}`, see `Family.library`)."""
    return [{"title": r["id"], "source": r["source"], "instance": r["instance"]} for r in records]
