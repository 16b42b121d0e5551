"""What an armies solve runs with (`Settings`), its bound before any search (`trivial_bound`)
and its progress trace (`Tracker`): plain Python, so that choosing and running the engine, the
heuristic and the construction imports no CP-SAT or SAT solver (`search.py` runs those).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Report = Callable[[float, int, int], None]


def trivial_bound(n: int) -> int:
    """floor(n^2 / 4): every row and every column holds queens of at most one colour, so with
    r_w white rows and c_w white columns m <= r_w c_w and m <= (n - r_w)(n - c_w), whose product
    is at most (n/2)^4 (`search.py`)."""
    return n * n // 4


@dataclass
class Settings:
    """What to run: backend, formulation, symmetry level, cardinality encoding, cuts."""

    backend: str
    formulation: str
    symmetry: str
    encoding: str = "kmtotalizer"
    cuts: str = "none"
    workers: int = 2
    seed: int | None = None
    heuristic_seconds: float = 1.0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        parts = [self.formulation, f"sym={self.symmetry}"]
        if self.backend == "sat":
            parts.append(self.encoding)
        if self.cuts != "none":
            parts.append(f"cuts={self.cuts}")
        return " ".join(parts)


class Tracker:
    """Keeps the (seconds, incumbent, bound) trace and forwards it."""

    def __init__(self, start: float, report: Report | None) -> None:
        self.start = start
        self.report = report
        self.trace: list[list[float | int | None]] = []
        self.incumbent = -1
        self.bound: int | None = None

    def update(self, incumbent: int | None = None, bound: int | None = None) -> None:
        changed = False
        if incumbent is not None and incumbent > self.incumbent:
            self.incumbent = incumbent
            changed = True
        if bound is not None and (self.bound is None or bound < self.bound):
            self.bound = bound
            changed = True
        if changed:
            seconds = round(time.perf_counter() - self.start, 3)
            self.trace.append([seconds, self.incumbent if self.incumbent >= 0 else None, self.bound])
            if self.report is not None:
                self.report(seconds, self.incumbent, self.bound if self.bound is not None else -1)
