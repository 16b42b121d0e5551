"""Typed answers: what was asked (`SolveRequest`) and what was found (`Result`, `Stats`).

The JSON form of a `Result` is the public contract of DESIGN.md:
`{"family", "status", "instance", "solutions", "count", "unique", "stats"}`; fields that do not
apply are null.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

from boardlab.core.deadline import NO_DEADLINE, Deadline


class Status(str, Enum):
    """How far a solve got. `unknown` means the time limit came first."""

    SOLVED = "solved"
    OPTIMAL = "optimal"
    FEASIBLE = "feasible"
    UNSATISFIABLE = "unsatisfiable"
    UNKNOWN = "unknown"


class Mode(str, Enum):
    """What a solve is asked for."""

    FIRST = "first"
    ALL = "all"
    COUNT = "count"
    UNIQUE = "unique"
    OPTIMISE = "optimise"


@dataclass
class SolveRequest:
    """A solve request, independent of the family.

    `limit` caps `all` (and the solutions kept by `count`); `deadline` is made once where the
    request enters (`Deadline.after(time_limit)`) and shared by everything that serves it;
    `options` holds the family's own options by name (e.g. `{"fundamental": True}` for nqueens
    counts).
    """

    mode: Mode = Mode.FIRST
    limit: int | None = None
    deadline: Deadline = NO_DEADLINE
    backend: str | None = None
    strategy: str | None = None
    workers: int | None = None
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    progress: Callable[[int, int], None] | None = field(default=None, repr=False, compare=False)
    """Called with (done, total) by long solves that can measure their progress."""
    known_solution: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """A solution of the instance the caller has already verified (the generator's, before its
    fresh proof of uniqueness), in the family's solution JSON form. Engines that enumerate by
    solving and blocking (`core.cpsat.enumerate_by_blocking`) start by blocking it instead of
    searching for it; the others ignore it. Whatever is returned is verified as ever
    (`Family.solve`), so a wrong one is a `SolverBug`, never a wrong answer."""


@dataclass
class Stats:
    """Solver statistics. `extra` holds whatever else a backend reports (bounds, encodings)."""

    seconds: float = 0.0
    backend: str | None = None
    strategy: str | None = None
    model: str | None = None
    branches: int | None = None
    conflicts: int | None = None
    variables: int | None = None
    constraints: int | None = None
    workers: int | None = None
    seed: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        data.update(extra)
        return data


@dataclass
class Result:
    """The answer to one solve.

    `solutions` are in the family's solution JSON form. `count` is the number of solutions
    when the request counted or enumerated them all (None otherwise); `unique` is True/False
    when uniqueness was decided, None when it was not asked or not decided.
    """

    family: str
    status: Status
    instance: dict[str, Any]
    solutions: list[dict[str, Any]] = field(default_factory=list)
    count: int | None = None
    unique: bool | None = None
    stats: Stats = field(default_factory=Stats)

    @property
    def answered(self) -> bool:
        """False when a time limit stopped the solve with nothing to show."""
        return self.status != Status.UNKNOWN or bool(self.solutions)

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "status": self.status.value,
            "instance": self.instance,
            "solutions": self.solutions,
            "count": self.count,
            "unique": self.unique,
            "stats": self.stats.to_json(),
        }


@dataclass
class Outcome:
    """What an engine found, before the family wraps it into a `Result`."""

    status: Status
    solutions: list[dict[str, Any]] = field(default_factory=list)
    count: int | None = None
    unique: bool | None = None
    stats: Stats = field(default_factory=Stats)

    def to_result(self, family: str, instance: dict[str, Any]) -> Result:
        """The `Result` for `instance` of `family`."""
        return Result(family, self.status, instance, self.solutions, self.count, self.unique, self.stats)
