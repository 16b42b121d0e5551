"""Generating armies instances: a board size n and an army size m that has a placement.

Armies has no clues, so a generated instance is not a puzzle with one solution (`has_clues` is
false): the annealing heuristic places two armies of some size `best` on the n x n board, m is
drawn uniformly in 0..best, and the placement that comes with the instance is m queens of each
colour drawn from the annealed ones. Dropping queens keeps a placement peaceable (no queen gains
an attacker), so no solver is needed: a SAT proof of the drawn m would cost a cardinality
encoding of size about n^2 m, which on n = 400 took the machine's whole memory.
"""

from __future__ import annotations

import random
import time
from typing import Any

from boardlab.core.results import Stats
from boardlab.families.armies.instance import ArmiesInstance, make_instance
from boardlab.families.armies.io import decode


def generate(n: int, seed: int) -> tuple[ArmiesInstance, dict[str, Any], Stats]:
    """A random feasible instance for an n x n board, a placement for it, and how it was found."""
    from boardlab.families.armies.heuristic import anneal

    make_instance(n)
    rng = random.Random(seed)
    start = time.perf_counter()
    # one annealing run of a fixed length (about 0.2-2 s: the heuristic's cautious guess of its
    # speed), so that the same seed gives the same instance on any machine at any load
    moves = int(min(2e6, 1e8 / n) * min(2.0, 0.2 + n * n / 400))
    best, white, black, _ = anneal(n, seconds=1e9, seed=seed, iterations=moves, target=0)
    m = rng.randint(0, best)
    instance = make_instance(n, m)
    solution = decode(n, rng.sample(white, m), rng.sample(black, m), m)
    stats = Stats(
        seconds=time.perf_counter() - start,
        backend="anneal",
        model="colouring",
        seed=seed,
        extra={"moves": moves, "heuristic_m": best},
    )
    return instance, solution, stats
