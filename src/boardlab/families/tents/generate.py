"""Tents puzzles with a unique solution, solution first.

1. Place a valid solution (`board.random_board`: tents, each with its own tree, none touching)
   and compute all clues from it. Above `LARGE_CELLS` cells, give `UPFRONT_LARGE` of the
   planted tents at once (step 3 takes back the ones that are not needed).
2. Load the exact `matching` model (totalizer encoding, `ORACLE_ENCODING`) into an incremental
   CaDiCaL, solve it once with the planted tents as assumptions and make that full assignment
   (tents, pairings, encoding variables) the solver's preferred phases (`set_phases`, which
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
3. Drop givens that are not needed, at every size, by binary splitting (delta debugging):
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

from boardlab.families.tents.board import clues_of, random_board
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.model_sat import Oracle

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


class _Dropper:
    """Step 3: drop givens by binary splitting, each call within `MINIMISE_BUDGET` conflicts."""

    def __init__(self, oracle: Oracle, planted: set[Cell], givens: set[Cell]):
        self.oracle = oracle
        self.planted = planted
        self.kept = set(givens)
        self.calls = 0
        self.conflicts = 0

    def unique_without(self, cells: list[Cell]) -> bool:
        """Whether the puzzle stays unique with `cells` no longer given (False if unsure)."""
        trial = self.kept.difference(cells)
        tents = {c for c in trial if c in self.planted}
        before = _conflicts(self.oracle)
        answer = self.oracle.possible(tents, trial - tents, budget=MINIMISE_BUDGET)
        self.calls += 1
        self.conflicts += _conflicts(self.oracle) - before
        return answer is False

    def drop(self, cells: list[Cell]) -> None:
        if self.conflicts >= MINIMISE_TOTAL:
            return
        if self.unique_without(cells):
            self.kept.difference_update(cells)
        elif len(cells) > 1:
            half = len(cells) // 2
            self.drop(cells[:half])
            self.drop(cells[half:])


def _conflicts(oracle: Oracle) -> int:
    return int((oracle.solver.accum_stats() or {}).get("conflicts", 0))


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
    rng = random.Random(seed)
    trees, pairs = random_board(width, height, density, rng)
    planted = set(pairs)
    rows, cols = clues_of(width, height, planted)
    bare = TentsInstance(width, height, frozenset(trees), rows, cols)
    given_tents: set[Cell] = set(rng.sample(sorted(planted), int(upfront * len(planted))))
    given_empty: set[Cell] = set()
    rounds = escalations = 0
    with Oracle(bare, encoding=ORACLE_ENCODING) as oracle:
        var = oracle.built.tent_var
        # The planted solution as the preferred phases (every variable, pairings included).
        if oracle.possible(planted, set()) is not True:
            raise AssertionError("the planted solution does not satisfy its own model")
        oracle.solver.set_phases(oracle.solver.get_model())
        oracle.solver.add_clause([-var[c] if c in planted else var[c] for c in sorted(var)])
        while True:
            answer = oracle.possible(given_tents, given_empty, budget=BUDGET)
            if answer is None:  # too hard as it stands: give more planted tents, try again
                hidden = sorted(planted - given_tents)
                given_tents |= set(rng.sample(hidden, max(1, len(planted) // 10)))
                escalations += 1
                continue
            if not answer:
                break
            rounds += 1
            other = oracle.model_tents()
            for cluster in _clusters(sorted(planted ^ other)):
                cell = rng.choice([c for c in cluster if c in planted] or cluster)
                (given_tents if cell in planted else given_empty).add(cell)
        search_seconds = time.perf_counter() - start
        found = len(given_tents) + len(given_empty)
        order = sorted(given_tents) + sorted(given_empty)
        rng.shuffle(order)
        dropper = _Dropper(oracle, planted, given_tents | given_empty)
        for i in range(0, len(order), CHUNK):
            dropper.drop(order[i:i + CHUNK])
        given_tents = {c for c in dropper.kept if c in planted}
        given_empty = dropper.kept - given_tents
    instance = TentsInstance(width, height, frozenset(trees), rows, cols, frozenset(given_tents), frozenset(given_empty))
    figures = {
        "rounds": rounds,
        "escalations": escalations,
        "givens": len(given_tents) + len(given_empty),
        "givens_found": found,
        "givens_dropped": found - len(dropper.kept),
        "drop_calls": dropper.calls,
        "drop_conflicts": dropper.conflicts,
        "trees": len(trees),
        "search_seconds": round(search_seconds, 3),
        "seconds": round(time.perf_counter() - start, 3),
    }
    return instance, sorted(planted), figures
