"""Data the benchmarks measure on (and the tests check against), shipped with the package.

- `chessnum_published.PUBLISHED`: the four published Chess-Num boards with their solutions.
- `TENTS_TATHAM_SAMPLE`: 19 puzzles made by Simon Tatham's Tents generator (JSON lines).
- `CNOTE_PUBLISHED`: the 14 published C-Note puzzles with their solutions (JSON lines).

Where each comes from is in SOURCES.md beside them.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
TENTS_TATHAM_SAMPLE = HERE / "tents-tatham-sample.jsonl"
CNOTE_PUBLISHED = HERE / "cnote-published.jsonl"
