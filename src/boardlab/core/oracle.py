"""One question interface over a puzzle's solutions, for hints and generators; the hint answer.

A family sees a solution as a set of *items* (a tent on a cell, a piece on a square, a number
in a cell, a queen in a row) and answers, over its fastest backend, one question: a solution
that contains some items and avoids others (`Oracle.solution`). Everything a hint or a
generator asks is built on it:

- `possible(placed, forbidden)`: whether some solution contains `placed` and avoids
  `forbidden` (a player's placements and empty marks);
- `alternative(solution, placed)`: a solution containing `placed` other than `solution` (the
  generator's question "is the planted solution the only one with these givens?");
- `forced(placed)`: an item that every solution containing `placed` has (a hint that follows);
- `all_forced(placed)`: every such item (`hint --all-forced`);
- `conflict(placed)`: placements that no solution contains together (a hint's mistake).

The defaults ask `solution` repeatedly; a backend that can answer better overrides them (an
incremental SAT solver blocks a solution with one clause and names a conflict by its
unsatisfiable core). A question may carry a `budget` in the backend's own deterministic unit
(conflicts for SAT, deterministic seconds for CP-SAT); when it runs out the answer is
`UNDECIDED`, never a guess.

`Hint` is the answer of every family's `hint`: its JSON is the public hint contract
`{"status", "message", "place", "remove"}`, plus the family's documented extra keys. A hint
gives one step, never the solution: `place` is one deduction (`Hint.from_step`, for families
with a step-by-step solver: the placements of one step, its rule and reason) or one placement;
everything that follows from the position (`forced`) is shown only when asked
(`to_json(all_forced=True)`, the command line's `hint --all-forced`), computed then
(`forced_by`) where it costs more questions; where it is null, `forced_note` says why.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, Generic, Self, TypeVar

from boardlab.core.grading import Step

ItemT = TypeVar("ItemT")


class Undecided(Enum):
    """The answer when a question's budget ran out before it was decided."""

    UNDECIDED = "undecided"


UNDECIDED = Undecided.UNDECIDED


class HintStatus(StrEnum):
    """What a hint says about the player's placements."""

    SOLVED = "solved"
    MISTAKE = "mistake"
    PROGRESS = "progress"
    UNSOLVABLE = "unsolvable"


@dataclass
class Hint:
    """A hint for a player.

    `place` and `remove` are partial placements in the family's solution JSON shape (or None);
    `details` holds the family's extra documented keys (e.g. tents' `difficulty`), merged
    into the JSON. `forced`: every placement that follows from the position (a partial
    solution JSON, or None where the family does not compute it): a spoiler, in the JSON only
    when asked; `forced_by` computes it then, when it takes more solver questions than the hint
    (called by `to_json(all_forced=True)` only). When it is None the JSON says why in
    `forced_note`: the hint's own `forced_note`, else the reason its status gives
    (`FORCED_NOTES`).
    """

    status: HintStatus
    message: str
    place: Any = None
    remove: Any = None
    details: dict[str, Any] = field(default_factory=dict)
    forced: Any = None
    forced_by: Callable[[], Any] | None = field(default=None, repr=False, compare=False)
    forced_note: str | None = None

    @classmethod
    def from_step(cls, step: Step, forced: Any = None) -> Hint:
        """The hint that is one step of a solving path: its placements, its reason as the
        message, and `rule`, `level` and `because` as details."""
        return cls(
            HintStatus.PROGRESS,
            step.reason,
            place=step.place,
            details={"rule": step.rule, "level": step.level, "because": step.because},
            forced=forced,
        )

    @classmethod
    def placement(cls, place: Any, message: str, forced: bool) -> Hint:
        """The hint that is one placement from `Oracle.step`: `rule` says whether it is forced
        (every solution with the player's placements has it) or one possibility."""
        return cls(
            HintStatus.PROGRESS, message, place=place, details={"rule": "forced" if forced else "possible"}
        )

    def to_json(self, all_forced: bool = False) -> dict[str, Any]:
        answer = {
            "status": self.status.value,
            "message": self.message,
            "place": self.place,
            "remove": self.remove,
            **self.details,
        }
        if all_forced:
            forced = self.forced
            if forced is None and self.forced_by is not None:
                forced = self.forced_by()
            answer["forced"] = forced
            if forced is None:
                answer["forced_note"] = self.forced_note or FORCED_NOTES[self.status]
        return answer


#: Why a hint of each status lists no forced placements, unless the hint says otherwise.
FORCED_NOTES = {
    HintStatus.SOLVED: "every placement is made: nothing is left to follow",
    HintStatus.MISTAKE: "no solution has these placements, so nothing follows from them (remove the mistakes first)",
    HintStatus.UNSOLVABLE: "the puzzle has no solution, so nothing follows",
    HintStatus.PROGRESS: "this family's hints do not compute every placement that follows, only the next one",
}


class Oracle(ABC, Generic[ItemT]):
    """Questions about the solutions of one puzzle, with solutions seen as sets of items.

    Subclasses implement `solution`; the other questions have defaults built on it. An oracle
    may hold a solver: use it as a context manager (`close` releases it).
    """

    @abstractmethod
    def solution(
        self, placed: Collection[ItemT] = (), forbidden: Collection[ItemT] = (), budget: float | None = None
    ) -> frozenset[ItemT] | None | Undecided:
        """A solution (its items) containing every item of `placed` and none of `forbidden`;
        None when there is none; `UNDECIDED` when `budget` ran out first."""

    def close(self) -> None:
        """Release the backend (nothing by default)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def possible(self, placed: Collection[ItemT] = (), forbidden: Collection[ItemT] = ()) -> bool:
        """Whether some solution contains `placed` and avoids `forbidden`."""
        found = self.solution(placed, forbidden)
        if found is UNDECIDED:  # pragma: no cover - no budget was given
            raise RuntimeError("an oracle without a budget answered 'undecided'")
        return found is not None

    def alternative(
        self, solution: Collection[ItemT], placed: Collection[ItemT] = (), budget: float | None = None
    ) -> frozenset[ItemT] | None | Undecided:
        """A solution containing `placed` other than `solution`; None when `solution` is the only
        one (or there is none); `UNDECIDED` when `budget` ran out.

        Default: a solution without one of `solution`'s items, tried item by item. Complete when
        no solution strictly contains another (true of every family here: all solutions of a
        puzzle have the same number of items), since then every other solution misses one of
        `solution`'s items. Backends that can block a solution override this with one call.
        """
        given = set(placed)
        undecided = False
        for item in sorted(set(solution) - given, key=repr):
            found = self.solution(given, (item,), budget)
            if found is UNDECIDED:
                undecided = True
            elif found is not None:
                return found
        return UNDECIDED if undecided else None

    def forced(
        self, placed: Collection[ItemT] = (), candidates: Iterable[ItemT] | None = None
    ) -> ItemT | None:
        """The first of `candidates` (default: the items of one solution containing `placed`, not
        placed yet, in sorted order) that every solution containing `placed` has; None when no
        candidate is forced or no solution contains `placed`."""
        example = self.solution(placed)
        if example is None or example is UNDECIDED:
            return None
        given = set(placed)
        pool = sorted(example - given, key=repr) if candidates is None else list(candidates)
        for item in pool:
            if item in example and item not in given and not self.possible(given, (item,)):
                return item
        return None

    def all_forced(
        self, placed: Collection[ItemT] = (), candidates: Iterable[ItemT] | None = None
    ) -> list[ItemT] | None:
        """Every one of `candidates` (default: the items of one solution containing `placed`,
        not placed yet) that all solutions containing `placed` have, in the candidates' order
        (sorted by default); None when no solution contains `placed`. One question per
        candidate at most: a solution without it, which also clears every candidate it lacks."""
        example = self.solution(placed)
        if example is None or example is UNDECIDED:
            return None
        given = set(placed)
        pool = sorted(example - given, key=repr) if candidates is None else list(candidates)
        left = [item for item in pool if item in example and item not in given]
        forced: list[ItemT] = []
        while left:
            item = left.pop(0)
            other = self.solution(given, (item,))
            if other is UNDECIDED:  # pragma: no cover - no budget was given
                raise RuntimeError("an oracle without a budget answered 'undecided'")
            if other is None:
                forced.append(item)
            else:
                left = [rest for rest in left if rest in other]
        return forced

    def step(
        self, placed: Collection[ItemT], candidates: list[ItemT], prove: bool = True
    ) -> tuple[ItemT, bool] | None:
        """The one-step rule of every hint that has no solving path: one placement to add, and
        whether it is forced. The first of `candidates` (items of a solution containing
        `placed`) that every such solution has (True), else the first candidate (False: one
        possibility, nothing proven); with `prove=False` (a backend whose refutations are too
        costly) the first candidate unproven. None when there is no candidate."""
        if not candidates:
            return None
        if prove:
            item = self.forced(placed, candidates)
            if item is not None:
                return item, True
        return candidates[0], False

    def conflict(self, placed: Collection[ItemT], forbidden: Collection[ItemT] = ()) -> list[ItemT]:
        """Placed items that no solution (avoiding `forbidden`) contains together, or [] when some
        solution contains them all.

        The items impossible on their own when there are any; otherwise a set minimal by
        deletion (each item of it is needed for the conflict: drop one and a solution exists).
        """
        items = list(placed)
        if self.possible(items, forbidden):
            return []
        alone = [item for item in items if not self.possible((item,), forbidden)]
        if alone:
            return alone
        kept = list(items)
        for item in items:
            trial = [other for other in kept if other != item]
            if not self.possible(trial, forbidden):
                kept = trial
        return kept
