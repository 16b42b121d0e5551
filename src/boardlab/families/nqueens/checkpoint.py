"""Checkpoints of a long count: one line per finished subproblem, so a crash loses little.

The file is a JSON Lines journal (`boardlab.core.executors.Journal`). The first line names the
count: `{"boardlab": "nqueens-count", "n": 19, "method": "constellation", "pieces": 1834,
"split": "<digest>"}`; every further line is one finished piece: `{"i": index, "c": [x, y, z]}`,
its three counts (fullsym: [C2, C4, C8]; constellation: [total, N180, N90] weighted, see
`parallel`). Resuming checks that the header matches the count asked for (same n, method and
split; a header without a method is a fullsym count, the only method of older files), then
skips the pieces already recorded.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.executors import Journal

KIND = "nqueens-count"


def _counts(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(isinstance(c, int) for c in value)


class Checkpoint(Journal):
    """An open checkpoint file: `done` holds the pieces already counted (index -> counts)."""

    def __init__(self, path: str, n: int, pieces: int, split_digest: str, method: str = "fullsym") -> None:
        header = {"boardlab": KIND, "n": n, "method": method, "pieces": pieces, "split": split_digest}
        super().__init__(path, header, "c", _counts, pieces, noun="count", defaults={"method": "fullsym"})
