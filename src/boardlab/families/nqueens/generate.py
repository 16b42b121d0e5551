"""N-Queens completion puzzles with a unique completion: a strategy of `core.generate`.

A random solution is planted by randomized backtracking (seeded, so deterministic per seed)
and the rows are put in a random order. While the oracle (`oracle.QueensOracle`: bitboard
search stopping at two solutions) finds another completion of the revealed queens, the first
row in that order where it differs from the planted solution is revealed (which refutes it).
Revealed queens are then removed again, in the order they were revealed, while the completion
stays unique, so no given queen is superfluous.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from boardlab.core.errors import BadInput
from boardlab.core.generate import Strategy, make_unique
from boardlab.families.nqueens.counter import MAX_BITBOARD_N
from boardlab.families.nqueens.io import QueensInstance, make_instance
from boardlab.families.nqueens.oracle import Queen, QueensOracle, as_items


def random_solution(n: int, rng: random.Random) -> list[int]:
    """A random N-Queens solution by randomized backtracking with restarts (n >= 4 or 1)."""
    budget = 50 * n * n
    while True:
        queens: list[int] = []
        stack = [rng.sample(range(n), n)]
        nodes = 0
        while stack and nodes < budget:
            options = stack[-1]
            row = len(queens)
            placed = False
            while options:
                col = options.pop()
                nodes += 1
                if all(col != c and abs(col - c) != row - r for r, c in enumerate(queens)):
                    queens.append(col)
                    placed = True
                    break
            if not placed:
                stack.pop()
                if queens:
                    queens.pop()
                continue
            if len(queens) == n:
                return queens
            stack.append(rng.sample(range(n), n))
        budget *= 2


class QueensStrategy(Strategy[tuple[Queen, ...], list[int], Queen]):
    """Reveal queens of the planted solution that refute other completions (module docstring)."""

    def __init__(self, n: int):
        self.n = n
        self.oracle = QueensOracle(QueensInstance(n))
        self.columns: list[int] = []
        self.planted: frozenset[Queen] = frozenset()
        self.order: list[int] = []

    def plant(self, rng: random.Random) -> list[int]:
        return random_solution(self.n, rng)

    def start(self, planted: list[int], rng: random.Random) -> tuple[Queen, ...]:
        self.columns, self.planted = planted, as_items(planted)
        self.order = rng.sample(range(self.n), self.n)
        return ()

    def alternative(self, puzzle: tuple[Queen, ...], budget: float | None) -> frozenset[Queen] | None:
        return self.oracle.alternative(self.planted, puzzle)

    def refute(
        self, puzzle: tuple[Queen, ...], alternative: frozenset[Queen], rng: random.Random
    ) -> tuple[Queen, ...]:
        row = next(r for r in self.order if (r, self.columns[r]) not in alternative)
        return puzzle + ((row, self.columns[row]),)

    def items(self, puzzle: tuple[Queen, ...], rng: random.Random) -> list[Queen]:
        return list(puzzle)

    def without(self, puzzle: tuple[Queen, ...], items: Sequence[Queen]) -> tuple[Queen, ...]:
        return tuple(q for q in puzzle if q not in items)


def generate(n: int, seed: int) -> tuple[QueensInstance, list[int]]:
    """A completion puzzle of size n with exactly one completion, and that completion."""
    if n in (2, 3) or n > MAX_BITBOARD_N:
        raise BadInput(f"nqueens generate needs a size of 1 or 4..{MAX_BITBOARD_N}, got {n}")
    made = make_unique(QueensStrategy(n), seed)
    return make_instance(n, list(made.puzzle)), made.solution
