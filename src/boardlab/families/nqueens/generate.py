"""N-Queens completion puzzles with a unique completion.

A random solution is found by randomized backtracking (seeded, so deterministic per seed);
its queens are revealed in random order until the completion is unique (bitboard enumeration
stopping at two), then revealed queens are removed again while the completion stays unique,
so no given queen is superfluous.
"""

from __future__ import annotations

import random

from boardlab.core.errors import BadInput
from boardlab.families.nqueens.counter import MAX_BITBOARD_N, enumerate_solutions
from boardlab.families.nqueens.io import QueensInstance, make_instance


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


def is_unique(n: int, fixed: tuple[tuple[int, int], ...]) -> bool:
    solutions, _ = enumerate_solutions(n, fixed, limit=2)
    return len(solutions) == 1


def generate(n: int, seed: int) -> tuple[QueensInstance, list[int]]:
    """A completion puzzle of size n with exactly one completion, and that completion."""
    if n in (2, 3) or n > MAX_BITBOARD_N:
        raise BadInput(f"nqueens generate needs a size of 1 or 4..{MAX_BITBOARD_N}, got {n}")
    rng = random.Random(seed)
    solution = random_solution(n, rng)
    order = rng.sample(range(n), n)
    revealed: list[tuple[int, int]] = []
    for row in order:
        if is_unique(n, tuple(sorted(revealed))):
            break
        revealed.append((row, solution[row]))
    for square in list(revealed):
        trial = tuple(sorted(s for s in revealed if s != square))
        if is_unique(n, trial):
            revealed.remove(square)
    return make_instance(n, revealed), solution
