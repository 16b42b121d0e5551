"""Ground truth: brute force over every placement, checked by `verify`, against the model's counts
(every CP-SAT formulation, and the CNF with the sat backend).

The brute force uses only `verify` (plain Python, no code shared with the model), so an error in
the model's attack or blocking encoding shows up as a different count.
"""

from __future__ import annotations

import itertools
import random

import pytest

from boardlab.core.results import Mode, SolveRequest
from boardlab.families.chessnum import verify
from boardlab.families.chessnum.choices import MODELS
from boardlab.families.chessnum.io import ChessNumInstance, make_instance, placement_to_json


def brute_force(instance: ChessNumInstance) -> list[dict]:
    """Every solution, by trying all placements of the pieces on the free squares."""
    n = instance.size
    clues = instance.clue_map
    free = [(f, r) for f in range(n) for r in range(n) if (f, r) not in clues]
    letters = list(instance.counts.items())
    solutions = []

    def place(index: int, used: set, placed: list) -> None:
        if index == len(letters):
            solution = placement_to_json(instance, placed)
            if not verify.violations(n, instance.pieces, clues, solution):
                solutions.append(solution)
            return
        letter, count = letters[index]
        for squares in itertools.combinations([s for s in free if s not in used], count):
            place(index + 1, used | set(squares), placed + [(letter, s) for s in squares])

    place(0, set(), [])
    return solutions


def random_puzzle(rng: random.Random, size: int, pieces: str) -> ChessNumInstance:
    """Clues of a random placement (so at least one solution) or, a third of the time, random values."""
    squares = [(f, r) for f in range(size) for r in range(size)]
    placed = list(zip(pieces, rng.sample(squares, len(pieces))))
    occupied = {s for _, s in placed}
    attacked = verify.attacked_squares(size, placed)
    empty = [s for s in squares if s not in occupied]
    chosen = rng.sample(empty, rng.randint(2, 5))
    if rng.random() < 1 / 3:
        return make_instance(size, pieces, [(s, rng.randint(0, len(pieces))) for s in chosen])
    return make_instance(size, pieces, [(s, len(attacked.get(s, []))) for s in chosen])


CASES = [(4, "QRB", 0), (4, "KNP", 1), (4, "QQB", 2), (5, "QRP", 3)]
SLOW_CASES = [(5, "BNP", 4), (5, "RRN", 5), (4, "KQRB", 6), (5, "QBN", 7), (6, "QR", 8), (6, "BBP", 9)]


def _compare(family, size: int, pieces: str, seed: int, puzzles: int) -> None:
    rng = random.Random(seed)
    for _ in range(puzzles):
        instance = random_puzzle(rng, size, pieces)
        expected = brute_force(instance)
        result = family.solve(instance, SolveRequest(mode=Mode.ALL))
        key = lambda s: sorted((k, str(v)) for k, v in s.items())  # noqa: E731
        assert result.count == len(expected), instance
        assert sorted(map(key, result.solutions)) == sorted(map(key, expected))
        for formulation in MODELS[1:]:
            other = family.solve(instance, SolveRequest(mode=Mode.COUNT, options={"model": formulation}))
            assert other.count == len(expected), (instance, formulation)
        sat = family.solve(instance, SolveRequest(mode=Mode.ALL, backend="sat"))
        assert sorted(map(key, sat.solutions)) == sorted(map(key, expected)), (instance, "sat")


@pytest.mark.parametrize("size,pieces,seed", CASES)
def test_model_counts_match_brute_force(family, size, pieces, seed) -> None:
    _compare(family, size, pieces, seed, 3)


@pytest.mark.slow
@pytest.mark.parametrize("size,pieces,seed", SLOW_CASES)
def test_model_counts_match_brute_force_more(family, size, pieces, seed) -> None:
    _compare(family, size, pieces, seed, 6)


def test_five_pieces_on_a_crowded_4x4(family) -> None:
    """Five pieces among eleven free squares of a 4x4 board: blocking everywhere."""
    clues = [((0, 0), 2), ((3, 3), 1), ((1, 2), 3), ((2, 1), 2), ((0, 3), 1)]
    instance = make_instance(4, "KQRBN", clues)
    expected = brute_force(instance)
    result = family.solve(instance, SolveRequest(mode=Mode.COUNT))
    assert result.count == len(expected)


@pytest.mark.parametrize("size,pieces,seed", [(4, "KQN", 2), (4, "QRB", 5), (5, "KNP", 1)])
def test_generated_puzzles_are_unique_by_brute_force(family, size, pieces, seed) -> None:
    """The generator's own questions go to SAT (and CP-SAT past a budget); this is the second method."""
    made = family.generate(seed, {"size": size, "pieces": pieces})
    assert brute_force(made.instance) == [made.solution]
