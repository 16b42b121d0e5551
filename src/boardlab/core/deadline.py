"""One deadline per request: made once from `--time-limit` where the request enters boardlab.

The command line, a web job and a benchmark case each turn their time limit (seconds) into a
`Deadline` when they build the `SolveRequest`; everything below (model building, the solver
calls, the enumeration loop, the second solver a family may call) asks the same object how
much time is left, so a limit is never re-derived from seconds at each layer and the time
spent building a model counts against it.

A backend that takes seconds (CP-SAT's `max_time_in_seconds`) asks `remaining()` just before
the call. Code that runs for long without a solver call (building a large model, a brute force
search) calls `check()`, which raises `OutOfTime`; `Family.solve` turns that into the answer
`unknown`, like a solver stopped by its limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from boardlab.core.errors import BoardlabError

Clock = Callable[[], float]


class OutOfTime(BoardlabError):
    """The deadline passed before the answer was settled (the answer is `unknown`)."""


@dataclass(frozen=True)
class Deadline:
    """A point in time on `clock` (seconds) after which a solve stops; `at=None`: no limit.

    Args:
        at: the `clock()` value of the deadline, or None for no limit.
        seconds: the time limit it was made from (for messages and statistics).
        clock: the clock it is measured on (`time.perf_counter` by default; tests pass a fake).
    """

    at: float | None = None
    seconds: float | None = None
    clock: Clock = field(default=time.perf_counter, repr=False, compare=False)

    @classmethod
    def after(cls, seconds: float | None, clock: Clock = time.perf_counter) -> Deadline:
        """The deadline `seconds` from now (no limit when `seconds` is None)."""
        if seconds is None:
            return cls(clock=clock)
        return cls(clock() + float(seconds), float(seconds), clock)

    @property
    def limited(self) -> bool:
        """Whether there is a deadline at all."""
        return self.at is not None

    def remaining(self) -> float | None:
        """Seconds left (never negative); None without a limit."""
        if self.at is None:
            return None
        return max(0.0, self.at - self.clock())

    def expired(self) -> bool:
        """Whether the deadline has passed."""
        return self.at is not None and self.clock() >= self.at

    def check(self) -> None:
        """Raise `OutOfTime` once the deadline has passed (for long work between solver calls)."""
        if self.expired():
            limit = f" of {self.seconds:g} s" if self.seconds is not None else ""
            raise OutOfTime(f"time limit{limit} reached")


#: No time limit.
NO_DEADLINE = Deadline()
