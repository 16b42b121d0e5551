"""Checkpoints of a long count: one line per finished subproblem, so a crash loses little.

The file is JSON Lines. The first line names the count:
`{"boardlab": "nqueens-count", "n": 19, "method": "constellation", "pieces": 1834, "split":
"<digest>"}`; every further line is one finished piece: `{"i": index, "c": [x, y, z]}`, its
three counts (fullsym: [C2, C4, C8]; constellation: [total, N180, N90] weighted, see
`parallel`). Lines are appended and flushed as pieces finish; a torn last line (the crash came
mid-write) is ignored on resume. Resuming checks that the header matches the count asked for
(same n, method and split; a header without a method is a fullsym count, the only method of
older files), then skips the pieces already recorded.
"""

from __future__ import annotations

import json
import os
from typing import IO, Any

from boardlab.core.errors import BadInput

KIND = "nqueens-count"


class Checkpoint:
    """An open checkpoint file: `done` holds the pieces already counted (index -> counts)."""

    def __init__(self, path: str, n: int, pieces: int, split_digest: str, method: str = "fullsym") -> None:
        self.path = path
        self.header: dict[str, Any] = {
            "boardlab": KIND, "n": n, "method": method, "pieces": pieces, "split": split_digest,
        }
        self.done: dict[int, tuple[int, int, int]] = {}
        self._handle: IO[str] | None = None
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._load()
            self._handle = open(path, "a", encoding="utf-8")
            if not self._ends_with_newline():
                self._handle.write("\n")
        else:
            try:
                self._handle = open(path, "w", encoding="utf-8")
            except OSError as error:
                raise BadInput(f"cannot write checkpoint: {error.strerror}", source=path) from None
            self._handle.write(json.dumps(self.header) + "\n")
            self._handle.flush()

    def _ends_with_newline(self) -> bool:
        with open(self.path, "rb") as handle:
            handle.seek(-1, os.SEEK_END)
            return handle.read(1) == b"\n"

    def _load(self) -> None:
        with open(self.path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError:
            raise BadInput("not a boardlab checkpoint (bad first line)", source=self.path, line=1) from None
        if not isinstance(header, dict) or header.get("boardlab") != KIND:
            raise BadInput("not a boardlab nqueens count checkpoint", source=self.path, line=1)
        header.setdefault("method", "fullsym")
        for key in ("n", "method", "pieces", "split"):
            if header.get(key) != self.header[key]:
                raise BadInput(
                    f"checkpoint is for another count ({key} = {header.get(key)!r}, this count has {self.header[key]!r})",
                    source=self.path,
                    line=1,
                )
        last = len(lines) - 1
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                index = record["i"]
                counts = tuple(int(c) for c in record["c"])
                if not (isinstance(index, int) and 0 <= index < self.header["pieces"] and len(counts) == 3):
                    raise ValueError
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                if number - 1 == last:  # torn final line: the crash came mid-write
                    continue
                raise BadInput("bad checkpoint record", source=self.path, line=number) from None
            self.done[index] = counts  # type: ignore[assignment]

    def record(self, index: int, counts: tuple[int, int, int]) -> None:
        """Append one finished piece (flushed at once)."""
        self.done[index] = counts
        assert self._handle is not None
        self._handle.write(json.dumps({"i": index, "c": list(counts)}) + "\n")
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
