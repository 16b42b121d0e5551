"""Tents puzzles with a unique solution, solution first: a strategy of `core.generate`.

1. Place a valid solution (`board.random_board`: tents, each with its own tree, none touching)
   and compute all clues from it. Above `LARGE_CELLS` cells, give `UPFRONT_LARGE` of the
   planted tents at once (step 3 takes back the ones that are not needed).
2. (`refine`) Load the exact `matching` model (`oracle.TentsOracle`; totalizer encoding,
   `ORACLE_ENCODING`) into an incremental CaDiCaL, solve it once with the planted tents as
   assumptions and make that full assignment (tents, pairings, encoding variables) the
   solver's preferred phases (`set_phases`, which
   also switches CaDiCaL's "lucky" phases off). Then block the planted tent set and ask for
   another solution. With the phases, the solver starts each search on the planted solution,
   so the alternative it finds differs from it in a few small regions, found in a few
   conflicts (70x70: the first alternative in 1 conflict instead of 10,782 conflicts and
   4.8 s). While there is one, the differing cells are grouped into regions (cells within
   distance 2) and the player gets one cell in each region, chosen at random among its
   differing cells, tents first: a pre-placed tent (a cell of the planted solution that the
   other one leaves empty; it also empties its 8 neighbours) or, when the region has none, a
   pre-placed empty square (a tent of the other solution), marked `^` / `x` (`!` / `-` in
   the game ID). Givens are SAT assumptions, so the solver keeps what it
   learnt. A call that exceeds its conflict budget (`BUDGET`) makes the generator give 10%
   more of the planted tents and try again.
3. (`minimise`) Drop givens that are not needed, at every size, by binary splitting:
   the givens in random order, in chunks of `CHUNK`; a chunk is removed at once when the
   solver proves that the puzzle without it is still unique; otherwise it is halved and each
   half tried the same way, down to single givens. Each call has a conflict budget
   (`MINIMISE_BUDGET`); a call that runs out counts as "needed", so the result is always
   unique and the same on every machine; once the pass has spent `MINIMISE_TOTAL` conflicts
   the givens not yet tried stay. Without budget hits the result is irreducible: each kept
   given was tried alone and found needed with a superset of the final givens, so dropping
   it from the final puzzle admits a second solution too.

Measured (docs/tents.md, "Generator"): 50x50 31-46 givens in 3-6 s (before: 34-66 in
11-13 s); 70x70 106-120 givens (before: 180-208) in 41-46 s (before: 34-39 s), the
clean-up being the cost; 100x100 358 givens (before: 663) but 390 s (before: 29 s).

Deterministic per seed (the RNG drives placement and choices; the SAT solver is deterministic
and every limit counts conflicts, not seconds).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from boardlab.core.generate import Strategy, Tally, make_unique
from boardlab.core.oracle import Undecided
from boardlab.families.tents.board import clues_of, random_board
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.oracle import TentsOracle

Cell = tuple[int, int]

#: Conflicts per SAT call. A call that runs out gives 10% more of the planted tents (step 2)
#: so generation always ends, at worst with many givens.
BUDGET = 30_000
#: Conflicts per call when dropping givens (a call that runs out keeps them). Budgets count
#: conflicts, not seconds, so the result is the same on every machine.
MINIMISE_BUDGET = 1_000
#: Cap on the conflicts of the whole clean-up (step 3): once spent, the givens not yet tried
#: stay. Bounds the time on very large boards; deterministic (counts conflicts).
MINIMISE_TOTAL = 250_000
#: Givens tried together in step 3 (halved while the solver finds the puzzle not unique).
CHUNK = 1
#: Above this many cells, `UPFRONT_LARGE` of the planted tents are given before the first call.
LARGE_CELLS = 5000
UPFRONT_LARGE = 0.0
#: Cardinality encoding of the generator's oracle (measured against `cardnetwrk`, docs/tents.md).
ORACLE_ENCODING = "totalizer"


def _clusters(cells: list[Cell]) -> list[list[Cell]]:
    """Differing cells grouped into regions (cells within distance 2 of each other)."""
    remaining = set(cells)
    groups: list[list[Cell]] = []
    for cell in cells:
        if cell not in remaining:
            continue
        remaining.discard(cell)
        group, stack = [cell], [cell]
        while stack:
            r, c = stack.pop()
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    other = (r + dr, c + dc)
                    if other in remaining:
                        remaining.discard(other)
                        group.append(other)
                        stack.append(other)
        groups.append(sorted(group))
    return groups


@dataclass(frozen=True)
class Givens:
    """The puzzle during generation: the planted board's clues plus these givens."""

    tents: frozenset[Cell]
    empty: frozenset[Cell]


class TentsStrategy(Strategy[Givens, frozenset[Cell], Cell]):
    """Givens refuting alternatives found near the planted solution (module docstring)."""

    def __init__(self, width: int, height: int, density: float, upfront: float):
        self.budget, self.chunk = BUDGET, CHUNK
        self.minimise_budget, self.minimise_total = MINIMISE_BUDGET, MINIMISE_TOTAL
        self.width, self.height, self.density, self.upfront = width, height, density, upfront
        self.trees: frozenset[Cell] = frozenset()
        self.planted: frozenset[Cell] = frozenset()
        self.oracle: TentsOracle | None = None

    def plant(self, rng: random.Random) -> frozenset[Cell]:
        trees, pairs = random_board(self.width, self.height, self.density, rng)
        self.trees, self.planted = frozenset(trees), frozenset(pairs)
        return self.planted

    def bare(self) -> TentsInstance:
        rows, cols = clues_of(self.width, self.height, set(self.planted))
        return TentsInstance(self.width, self.height, self.trees, rows, cols)

    def begin(self, planted: frozenset[Cell]) -> None:
        self.oracle = TentsOracle(self.bare(), encoding=ORACLE_ENCODING)
        self.oracle.prefer(planted)
        self.oracle.exclude(planted)

    def end(self) -> None:
        if self.oracle is not None:
            self.oracle.close()
            self.oracle = None

    def start(self, planted: frozenset[Cell], rng: random.Random) -> Givens:
        return Givens(frozenset(rng.sample(sorted(planted), int(self.upfront * len(planted)))), frozenset())

    def alternative(self, puzzle: Givens, budget: float | None) -> frozenset[Cell] | None | Undecided:
        assert self.oracle is not None
        return self.oracle.solution(puzzle.tents, puzzle.empty, budget)  # the planted one is excluded

    def refute(self, puzzle: Givens, alternative: frozenset[Cell], rng: random.Random) -> Givens:
        tents, empty = set(puzzle.tents), set(puzzle.empty)
        for cluster in _clusters(sorted(self.planted ^ alternative)):
            cell = rng.choice([c for c in cluster if c in self.planted] or cluster)
            (tents if cell in self.planted else empty).add(cell)
        return Givens(frozenset(tents), frozenset(empty))

    def escalate(self, puzzle: Givens, rng: random.Random) -> Givens:
        """Too hard as it stands: give 10% more of the planted tents."""
        hidden = sorted(self.planted - puzzle.tents)
        extra = rng.sample(hidden, max(1, len(self.planted) // 10))
        return Givens(puzzle.tents | frozenset(extra), puzzle.empty)

    def items(self, puzzle: Givens, rng: random.Random) -> list[Cell]:
        order = sorted(puzzle.tents) + sorted(puzzle.empty)
        rng.shuffle(order)
        return order

    def without(self, puzzle: Givens, items: Sequence[Cell]) -> Givens:
        return Givens(puzzle.tents.difference(items), puzzle.empty.difference(items))

    def effort(self) -> float:
        return self.oracle.conflicts() if self.oracle is not None else 0


def generate(
    width: int, height: int, density: float, seed: int, upfront: float | None = None
) -> tuple[TentsInstance, list[Cell], dict[str, float | int]]:
    """(puzzle, its unique solution, figures) for a `width` x `height` board.

    `upfront`: share of the planted tents given before the first SAT call (default 0 up to
    `LARGE_CELLS` cells, `UPFRONT_LARGE` beyond).
    """
    if upfront is None:
        upfront = UPFRONT_LARGE if width * height > LARGE_CELLS else 0.0
    start = time.perf_counter()
    strategy = TentsStrategy(width, height, density, upfront)
    made = make_unique(strategy, seed)
    tally: Tally = made.tally
    givens = made.puzzle
    instance = TentsInstance(
        width, height, strategy.trees, strategy.bare().rows, strategy.bare().cols, givens.tents, givens.empty
    )
    figures = {
        "rounds": tally.rounds,
        "escalations": tally.escalations,
        "givens": len(givens.tents) + len(givens.empty),
        "givens_found": tally.items_found,
        "givens_dropped": tally.items_dropped,
        "drop_calls": tally.drop_questions,
        "drop_conflicts": int(tally.drop_effort),
        "trees": len(strategy.trees),
        "search_seconds": round(tally.refine_seconds, 3),
        "seconds": round(time.perf_counter() - start, 3),
    }
    return instance, sorted(made.solution), figures
