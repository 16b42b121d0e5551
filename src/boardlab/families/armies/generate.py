"""Generating armies instances: a board size n and an army size m that has a placement.

Armies has no clues, so a generated instance is not a puzzle with one solution (`has_clues` is
false): m is drawn uniformly below the value the annealing heuristic reaches for n, and the SAT
model finds a placement for it, which comes with the instance.
"""

from __future__ import annotations

import random
import time
from typing import Any

from boardlab.core.results import Stats
from boardlab.families.armies.instance import ArmiesInstance, make_instance


def generate(n: int, seed: int) -> tuple[ArmiesInstance, dict[str, Any], Stats]:
    """A random feasible instance for an n x n board, a placement for it, and how it was found."""
    from boardlab.families.armies.heuristic import anneal
    from boardlab.families.armies.search import Settings, sat_decide

    make_instance(n)
    rng = random.Random(seed)
    start = time.perf_counter()
    best, _, _, _ = anneal(n, seconds=min(2.0, 0.2 + n * n / 400), seed=seed)
    m = rng.randint(0, best)
    instance = make_instance(n, m)
    outcome = sat_decide(n, m, Settings("sat", "colouring", "full"))
    if not outcome.solutions:
        raise RuntimeError(f"no placement found for n={n}, m={m} below the heuristic's value {best}")
    stats = Stats(seconds=time.perf_counter() - start, backend="sat", model="colouring")
    return instance, outcome.solutions[0], stats
