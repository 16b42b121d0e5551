"""The generator framework: plant a solution, refute every alternative, minimise, re-prove.

One loop serves every family (the shape of cspuz's generator core, semiexp/cspuz
`cspuz/generator`: a puzzle-independent search that proposes a change and keeps it while the
puzzle stays unique; here the changes are driven by counterexamples):

1. `Strategy.plant`: a solution, drawn from the seeded RNG.
2. `Strategy.start`: the first puzzle of that solution (no givens, all clues hidden, ...).
3. Refinement (`refute`): ask the oracle for an *alternative*, a solution of the puzzle other
   than the planted one. None: the puzzle is unique. Otherwise `Strategy.refute` changes the
   puzzle so that the alternative no longer solves it (adds a clue or a given, re-chooses the
   digits shown, ...) and the loop asks again: counterexample-guided refinement (CEGAR,
   Clarke et al., "Counterexample-guided abstraction refinement", CAV 2000). A question whose
   budget runs out goes to `Strategy.escalate` (e.g. give more of the planted solution away).
4. Minimisation (`minimise`): the items the refinement added (`Strategy.items`) are dropped
   again where the puzzle stays unique without them, by binary splitting (delta debugging:
   Zeller and Hildebrandt, "Simplifying and isolating failure-inducing input", 2002): a chunk
   is dropped at once when the oracle proves the puzzle unique without it, otherwise halved.
   Each question has a budget; a question that runs out keeps the items (so the answer stays
   unique and the same on every machine), and a total budget bounds the pass.
5. `Strategy.polish`: optional changes kept while the puzzle stays unique (`propose`: cspuz's
   "propose a change, keep it if still unique"), e.g. C-Note's moves on the solution itself.
6. `Family.generate` proves the result unique again with a fresh solve (a second method).

Every budget is deterministic (conflicts, deterministic seconds, question counts), never wall
time, and the only randomness is the strategy's `random.Random(seed)`: the same seed gives the
same puzzle on every machine.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from boardlab.core.errors import BadInput
from boardlab.core.oracle import UNDECIDED, Undecided

PuzzleT = TypeVar("PuzzleT")
SolutionT = TypeVar("SolutionT")
ItemT = TypeVar("ItemT")


@dataclass
class Tally:
    """What the framework did, for the generated puzzle's statistics."""

    attempts: int = 0
    """Planted solutions tried."""
    questions: int = 0
    """Alternative questions asked in refinement."""
    rounds: int = 0
    """Alternatives refuted."""
    escalations: int = 0
    """Questions whose budget ran out during refinement."""
    items_found: int = 0
    """Items of the refined puzzle before minimisation."""
    items_dropped: int = 0
    drop_questions: int = 0
    drop_effort: float = 0
    """Backend effort (e.g. SAT conflicts) spent by minimisation."""
    refine_seconds: float = 0.0
    """Wall time of planting and refinement (statistics only; no limit depends on it)."""


class Strategy(ABC, Generic[PuzzleT, SolutionT, ItemT]):
    """One family's way of making puzzles; the framework runs the loop.

    A strategy answers for one planted solution at a time: `begin` is called with it (open a
    solver there), `end` after (close it). `alternative` is the oracle question; `effort` the
    backend work spent so far (for minimisation's total budget).
    """

    #: Budget of one refinement question (None: none).
    budget: float | None = None
    #: Budget of one minimisation question (None: none).
    minimise_budget: float | None = None
    #: Budget of the whole minimisation pass, in `effort` units (None: none).
    minimise_total: float | None = None
    #: Items tried together by minimisation (halved while the puzzle is not unique without them).
    chunk: int = 1

    @abstractmethod
    def plant(self, rng: random.Random) -> SolutionT | None:
        """A solution to build a puzzle around (None: nothing to plant any more)."""

    @abstractmethod
    def start(self, planted: SolutionT, rng: random.Random) -> PuzzleT:
        """The first puzzle of `planted` (it must have `planted` as a solution)."""

    @abstractmethod
    def alternative(self, puzzle: PuzzleT, budget: float | None) -> Any:
        """A solution of `puzzle` other than the planted one (any counterexample the strategy
        can refute), None when there is none, `UNDECIDED` when `budget` ran out."""

    @abstractmethod
    def refute(self, puzzle: PuzzleT, alternative: Any, rng: random.Random) -> PuzzleT | None:
        """`puzzle` changed so that `alternative` no longer solves it (None: impossible, plant
        another solution)."""

    def begin(self, planted: SolutionT) -> None:
        """Called with each planted solution before its questions."""

    def end(self) -> None:
        """Called after the questions on a planted solution (also on errors)."""

    def escalate(self, puzzle: PuzzleT, rng: random.Random) -> PuzzleT | None:
        """The puzzle to try after a refinement question ran out of budget (None: give up on
        this planted solution)."""
        return None

    def items(self, puzzle: PuzzleT, rng: random.Random) -> list[ItemT]:
        """The items minimisation may drop, in the order to try them (none by default)."""
        return []

    def without(self, puzzle: PuzzleT, items: Sequence[ItemT]) -> PuzzleT:
        """`puzzle` without `items` (a strategy that has `items` overrides this)."""
        raise NotImplementedError

    def effort(self) -> float:
        """Backend work spent so far in the strategy's unit (0 when not measured)."""
        return 0

    def polish(self, puzzle: PuzzleT, planted: SolutionT, rng: random.Random) -> tuple[PuzzleT, SolutionT]:
        """Changes after minimisation, kept while unique (none by default)."""
        return puzzle, planted

    def stop(self) -> bool:
        """True when no further planted solution should be tried (a budget spent)."""
        return False


def refine(
    strategy: Strategy[PuzzleT, Any, Any],
    puzzle: PuzzleT,
    rng: random.Random,
    tally: Tally,
    budget: float | None = None,
) -> PuzzleT | None:
    """Refute alternatives until the oracle finds none: the unique puzzle, or None when an
    alternative cannot be refuted (or escalation gives up)."""
    while True:
        found = strategy.alternative(puzzle, budget)
        tally.questions += 1
        if found is UNDECIDED:
            tally.escalations += 1
            escalated = strategy.escalate(puzzle, rng)
            if escalated is None:
                return None
            puzzle = escalated
            continue
        if found is None:
            return puzzle
        tally.rounds += 1
        changed = strategy.refute(puzzle, found, rng)
        if changed is None:
            return None
        puzzle = changed


def minimise(
    strategy: Strategy[PuzzleT, Any, ItemT], puzzle: PuzzleT, rng: random.Random, tally: Tally
) -> PuzzleT:
    """`puzzle` with the items it does not need dropped (binary splitting, module docstring)."""
    order = strategy.items(puzzle, rng)
    tally.items_found = len(order)
    if not order:
        return puzzle
    start = strategy.effort()

    def unique_without(cells: Sequence[ItemT]) -> bool:
        trial = strategy.without(puzzle, cells)
        before = strategy.effort()
        answer = strategy.alternative(trial, strategy.minimise_budget)
        tally.drop_questions += 1
        tally.drop_effort += strategy.effort() - before
        return answer is None  # UNDECIDED counts as "needed"

    def drop(cells: Sequence[ItemT]) -> None:
        nonlocal puzzle
        if strategy.minimise_total is not None and strategy.effort() - start >= strategy.minimise_total:
            return
        if unique_without(cells):
            puzzle = strategy.without(puzzle, cells)
            tally.items_dropped += len(cells)
        elif len(cells) > 1:
            half = len(cells) // 2
            drop(cells[:half])
            drop(cells[half:])

    for i in range(0, len(order), strategy.chunk):
        drop(order[i : i + strategy.chunk])
    return puzzle


def propose(puzzle: PuzzleT, moves: Iterable[Callable[[PuzzleT], PuzzleT | None]]) -> tuple[PuzzleT, int]:
    """Each move in turn, kept when it returns a (still unique) puzzle: (puzzle, moves kept).

    A move returns None to be rejected; it decides uniqueness itself (usually by `refine`).
    """
    kept = 0
    for move in moves:
        changed = move(puzzle)
        if changed is not None:
            puzzle = changed
            kept += 1
    return puzzle, kept


@dataclass
class Made(Generic[PuzzleT, SolutionT]):
    """A unique puzzle, its solution, and the framework's tally."""

    puzzle: PuzzleT
    solution: SolutionT
    tally: Tally


def make_unique(
    strategy: Strategy[PuzzleT, SolutionT, Any],
    seed: int,
    *,
    attempts: int = 1,
    keep: int = 1,
    score: Callable[[PuzzleT], float] | None = None,
    progress: Callable[[int, int], None] | None = None,
    failure: Callable[[Tally], str] | None = None,
) -> Made[PuzzleT, SolutionT]:
    """The generator loop: plant, refine, minimise, polish; deterministic per `seed`.

    Up to `attempts` planted solutions are tried; the first `keep` that give a unique puzzle
    are made and the one of least `score` returned (the first when no score is given). None
    made: `BadInput` with `failure` (or a generic line).
    """
    rng = random.Random(seed)
    tally = Tally()
    best: Made[PuzzleT, SolutionT] | None = None
    made = 0
    clock = time.perf_counter()
    for attempt in range(attempts):
        if strategy.stop():
            break
        planted = strategy.plant(rng)
        if planted is None:
            break
        tally.attempts += 1
        strategy.begin(planted)
        try:
            puzzle = refine(strategy, strategy.start(planted, rng), rng, tally, strategy.budget)
            tally.refine_seconds = time.perf_counter() - clock
            if puzzle is not None:
                puzzle = minimise(strategy, puzzle, rng, tally)
        finally:
            strategy.end()
        if progress is not None:
            progress(attempt + 1, attempts)
        if puzzle is None:
            continue
        puzzle, solution = strategy.polish(puzzle, planted, rng)
        if best is None or (score is not None and score(puzzle) < score(best.puzzle)):
            best = Made(puzzle, solution, tally)
        made += 1
        if made >= keep:
            break
    if best is None:
        raise BadInput(
            failure(tally) if failure else f"no unique puzzle found in {tally.attempts} planted solutions"
        )
    return best


__all__ = [
    "Made",
    "Strategy",
    "Tally",
    "UNDECIDED",
    "Undecided",
    "make_unique",
    "minimise",
    "propose",
    "refine",
]
