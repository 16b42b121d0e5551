"""Checkpoints of a long count: one line per finished subproblem, so a crash loses little.

The file is a JSON Lines journal (`boardlab.core.executors.Journal`). The first line names the
count: `{"boardlab": "nqueens-count", "n": 19, "pieces": 1834, "split": "<digest>"}`; every
further line is one finished piece: `{"i": index, "c": [count2, count4, count8]}`. Resuming
checks that the header matches the count asked for (same n, same split), then skips the pieces
already recorded.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.executors import Journal

KIND = "nqueens-count"


def _counts(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(isinstance(c, int) for c in value)


class Checkpoint(Journal):
    """An open checkpoint file: `done` holds the pieces already counted (index -> counts)."""

    def __init__(self, path: str, n: int, pieces: int, split_digest: str) -> None:
        header = {"boardlab": KIND, "n": n, "pieces": pieces, "split": split_digest}
        super().__init__(path, header, "c", _counts, pieces, noun="count")
