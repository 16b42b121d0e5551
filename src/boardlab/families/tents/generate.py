"""Tents puzzles with a unique solution, solution first.

1. Place a valid solution (`board.random_board`: tents, each with its own tree, none touching)
   and compute all clues from it. Above 5000 cells, give 15% of the planted tents at once
   (the first SAT calls, on a board with very many solutions, are the slow ones).
2. Block the planted tent set in an incremental SAT solver (the exact `matching` model) and
   ask for another solution. While there is one, look where the two differ (grouped into
   regions of cells within distance 2) and give the player one cell in each region, chosen
   at random among its differing cells: a pre-placed tent (a
   cell of the planted solution that the other one leaves empty) or a pre-placed empty square
   (a tent of the other solution), marked `^` / `x` (`!` / `-` in the game ID). Givens are
   SAT assumptions, so the solver keeps what it learnt. A call that exceeds its conflict
   budget (`BUDGET`) makes the generator give 10% more of the planted tents and try again.
3. Drop givens that are not needed: each is retried without it, in random order, with a
   conflict budget per call (`MINIMISE_BUDGET`; a call that runs out keeps the given): all
   of them up to 2500 cells, `MINIMISE_TRIES_LARGE` beyond.

Deterministic per seed (the RNG drives placement and choices; the SAT solver is deterministic).
"""

from __future__ import annotations

import random
import time

from boardlab.families.tents.board import clues_of, random_board
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.model_sat import Oracle

Cell = tuple[int, int]

#: Conflicts per SAT call. A call that runs out gives 10% more of the planted tents (step 2)
#: or keeps the given (step 3), so generation always ends, at worst with many givens.
BUDGET = 30_000
#: Conflicts per call when dropping a given (a call that runs out keeps the given). Budgets
#: count conflicts, not seconds, so the result is the same on every machine.
MINIMISE_BUDGET = 2_000
#: Above 2500 cells a try that proves a given unneeded costs up to a second: try this many.
MINIMISE_TRIES_LARGE = 60


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


def generate(
    width: int, height: int, density: float, seed: int, upfront: float | None = None
) -> tuple[TentsInstance, list[Cell], dict[str, float | int]]:
    """(puzzle, its unique solution, figures) for a `width` x `height` board.

    `upfront`: share of the planted tents given before the first SAT call (default 0 up to
    5000 cells, 0.15 beyond, where the first calls, on a board with very many solutions, are
    the slow ones).
    """
    large = width * height > 5000
    if upfront is None:
        upfront = 0.15 if large else 0.0
    start = time.perf_counter()
    rng = random.Random(seed)
    trees, pairs = random_board(width, height, density, rng)
    planted = set(pairs)
    rows, cols = clues_of(width, height, planted)
    bare = TentsInstance(width, height, frozenset(trees), rows, cols)
    given_tents: set[Cell] = set(rng.sample(sorted(planted), int(upfront * len(planted))))
    given_empty: set[Cell] = set()
    rounds = escalations = 0
    with Oracle(bare) as oracle:
        var = oracle.built.tent_var
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
                cell = rng.choice(cluster)
                (given_tents if cell in planted else given_empty).add(cell)
        search_seconds = time.perf_counter() - start
        givens = sorted(given_tents) + sorted(given_empty)
        rng.shuffle(givens)
        dropped = 0
        for cell in givens if width * height <= 2500 else givens[:MINIMISE_TRIES_LARGE]:
            trial_tents = given_tents - {cell}
            trial_empty = given_empty - {cell}
            if oracle.possible(trial_tents, trial_empty, budget=MINIMISE_BUDGET) is False:
                given_tents, given_empty = trial_tents, trial_empty
                dropped += 1
    instance = TentsInstance(width, height, frozenset(trees), rows, cols, frozenset(given_tents), frozenset(given_empty))
    figures = {
        "rounds": rounds,
        "escalations": escalations,
        "givens": len(given_tents) + len(given_empty),
        "givens_dropped": dropped,
        "trees": len(trees),
        "search_seconds": round(search_seconds, 3),
        "seconds": round(time.perf_counter() - start, 3),
    }
    return instance, sorted(planted), figures
