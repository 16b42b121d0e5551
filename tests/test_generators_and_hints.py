"""Every generator and every family's hints, through the one framework and oracle interface.

Generators: the puzzle is proven unique by a second method, independent of the generator's own
oracle (tents: the generator asks SAT, the check counts with CP-SAT; chess-num: the generator
asks SAT with clue selectors, the check counts with another CP-SAT formulation, and
tests/families/chessnum/test_brute_force.py with brute force; cnote: CP-SAT against the
brute-force backend; nqueens: the bitboard against CP-SAT), and the same seed gives the same
puzzle.
Hints: each family answers solved, mistake, progress and unsolvable, as a core `Hint`.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardlab.core.oracle import Hint, HintStatus
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.cnote import io as cnote_io
from boardlab.families.tents.io import TentsInstance

GENERATED = [
    ("tents", {"size": "9x8"}, 3, {"backend": "cpsat"}),
    ("chessnum", {"size": 5, "pieces": "KQN"}, 2, {"backend": "cpsat", "options": {"encoding": "ray"}}),
    ("cnote", {"size": 3}, 1, {"backend": "brute"}),
    ("nqueens", {"size": 8}, 5, {"backend": "cpsat"}),
]


@pytest.mark.parametrize("name, options, seed, second", GENERATED)
def test_generated_puzzle_unique_by_a_second_method_and_deterministic(name, options, seed, second) -> None:
    family = get(name)
    made = family.generate(seed, dict(options))
    assert made.unique and family.verify(made.instance, made.solution) == []
    result = family.solve(made.instance, SolveRequest(Mode.COUNT, limit=2, **second))
    assert result.count == 1
    again = family.generate(seed, dict(options))
    assert family.to_json(again.instance) == family.to_json(made.instance) and again.solution == made.solution


def test_cnote_generates_unique_puzzles_by_default_and_any_on_request() -> None:
    family = get("cnote")
    unique = family.generate(2, {"size": 3})
    assert unique.unique and unique.stats.extra["unique"] is True
    loose = family.generate(2, {"size": 4, "target": 100, "any": True})
    assert loose.unique is False and family.verify(loose.instance, loose.solution) == []
    assert family.solve(loose.instance, SolveRequest(Mode.FIRST)).solutions


# ---- hints --------------------------------------------------------------------------------------
def _chessnum_wrong(instance: Any, solution: dict) -> dict:
    taken = {sq for sq in (instance.clue_map or {})}
    letter, square = next(iter(solution.items()))
    square = square[0] if isinstance(square, list) else square
    for f in "abcdefgh"[: instance.size]:
        for r in range(1, instance.size + 1):
            name = f"{f}{r}"
            if name != square and ("abcdefgh".index(f), r - 1) not in taken and name not in str(solution):
                return {letter: name}
    raise AssertionError("no free square")


def _case(name: str) -> tuple[Any, dict, dict, Any]:
    """(puzzle with a unique solution, its solution, a placement no solution extends, an
    unsolvable puzzle)."""
    family = get(name)
    if name == "armies":
        instance = family.from_size(4, {"m": 2})
        solution = family.solve(instance).solutions[0]
        wrong = {"white": [[1, 1], [2, 3]], "black": [[0, 3], [3, 0]]}  # attack-free, yet no room
        return instance, solution, wrong, family.from_size(3, {"m": 3})
    made = family.generate(4, {"size": {"tents": "8x8", "chessnum": 5, "cnote": 3, "nqueens": 6}[name]})
    instance, solution = made.instance, made.solution
    if name == "tents":
        tents = {tuple(t) for t in solution["tents"]}
        cell = next(
            (r, c)
            for r in range(instance.height)
            for c in range(instance.width)
            if (r, c) not in tents
            and (r, c) not in instance.trees
            and any((r + dr, c + dc) in instance.trees for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
        )
        unsolvable = TentsInstance(2, 1, frozenset({(0, 0)}), (0,), (0, 0))
        return instance, solution, {"tents": [list(cell)]}, unsolvable
    if name == "chessnum":
        return (
            instance,
            solution,
            _chessnum_wrong(instance, solution),
            family.from_json({"family": "chessnum", "clues": {"a1": 6, "h8": 6}}),
        )
    if name == "cnote":
        grid = solution["grid"]
        wrong = [[None] * len(row) for row in grid]
        wrong[0][0] = grid[0][0] + 100  # still contains the digit shown, but no solution has it
        return instance, solution, {"grid": wrong}, cnote_io.make_instance([[9, 9], [9, 9]], 5)
    fixed_rows = {r for r, _ in instance.fixed}
    row = next(r for r in range(instance.n) if r not in fixed_rows)
    queens: list = [None] * instance.n
    queens[row] = next(
        c
        for c in range(instance.n)
        if c != solution["queens"][row]
        and get("nqueens")
        .hint(instance, {"queens": [q if i != row else c for i, q in enumerate(queens)]})
        .status
        == HintStatus.MISTAKE
    )
    return instance, solution, {"queens": queens}, family.from_size(3, {})


@pytest.mark.parametrize("name", ["armies", "tents", "chessnum", "cnote", "nqueens"])
def test_hints_of_every_family(name: str) -> None:
    family = get(name)
    instance, solution, wrong, unsolvable = _case(name)
    progress = family.hint(instance, None)
    assert isinstance(progress, Hint) and progress.status == HintStatus.PROGRESS
    assert progress.place is not None and progress.remove is None
    assert set(progress.to_json()) >= {"status", "message", "place", "remove"}
    assert family.hint(instance, solution).status == HintStatus.SOLVED
    mistake = family.hint(instance, wrong)
    assert mistake.status == HintStatus.MISTAKE and mistake.remove
    assert family.hint(unsolvable, None).status == HintStatus.UNSOLVABLE
