"""The web server's limits, in one place (documented in docs/web.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass

#: Longest time limit a request may ask for (seconds); DESIGN.md and issue 8.
MAX_TIME_LIMIT = 60.0
#: Time limit of a solve, generate or hint that names none (seconds).
DEFAULT_TIME_LIMIT = 10.0
#: Most solutions listed by one `all` (or `count` with a limit) request.
MAX_SOLUTIONS = 1000


def default_workers() -> int:
    """Solver processes by default: 2, or up to 4 on machines with more cores."""
    return max(2, min(4, os.cpu_count() or 2))


@dataclass(frozen=True)
class WebConfig:
    """Limits of one server.

    Attributes:
        workers: solver processes, i.e. solves (and generates, hints) running at once; one more
            request while all are busy gets HTTP 429.
        max_body_bytes: largest request body; larger ones get HTTP 413 before being parsed.
        max_answer_bytes: largest JSON answer a solver process may send back (HTTP 413 beyond).
        default_time_limit: time limit when a request names none (seconds).
        kill_grace: a job still running `time_limit + kill_grace` seconds after it started is
            killed with its process (the solver's own time limit is the polite stop; this is
            the hard one, for solvers or generators that do not stop in time).
        allowed_hosts: Host header values accepted (DNS-rebinding guard), or None for any.
        quick_workers: processes for the quick jobs (parse, check, render), apart from the
            solvers so that a page stays usable while long solves run.
        quick_seconds: hard time limit of a quick job.
        quick_wait: how long a quick job waits for a free process before HTTP 429.
        worker_memory_bytes: address-space cap of every worker process (0: none); a job past
            it fails with MemoryError (HTTP 413) instead of exhausting the machine.
    """

    workers: int = 2
    max_body_bytes: int = 1024 * 1024
    max_answer_bytes: int = 8 * 1024 * 1024
    default_time_limit: float = DEFAULT_TIME_LIMIT
    kill_grace: float = 5.0
    allowed_hosts: tuple[str, ...] | None = None
    quick_workers: int = 2
    quick_seconds: float = 10.0
    quick_wait: float = 5.0
    worker_memory_bytes: int = 3 * 1024**3

    def to_json(self) -> dict[str, object]:
        return {
            "workers": self.workers,
            "max_body_bytes": self.max_body_bytes,
            "max_answer_bytes": self.max_answer_bytes,
            "default_time_limit": self.default_time_limit,
            "max_time_limit": MAX_TIME_LIMIT,
            "max_solutions": MAX_SOLUTIONS,
            "kill_grace": self.kill_grace,
            "quick_workers": self.quick_workers,
            "quick_seconds": self.quick_seconds,
            "worker_memory_bytes": self.worker_memory_bytes,
        }
