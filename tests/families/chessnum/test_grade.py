"""Grades (easy: unit propagation, medium: failed-literal probing, hard: search) on the
per-piece CNF: the CNF against brute force, the grades of the published boards, reproducible
under clue order and propagating solver, the outcome words, and generation to a level."""

from __future__ import annotations

import random

import pytest
from pysat.solvers import Solver

from boardlab.families.chessnum import grade as grading
from boardlab.families.chessnum import model_sat
from boardlab.families.chessnum.io import make_instance, placement_to_json

from .conftest import published
from .test_brute_force import brute_force, random_puzzle
from .test_detective import assignments, random_detective


def _cnf_solutions(instance) -> list[dict]:
    """Every solution of the per-piece CNF (blocking on the piece variables only)."""
    sat = model_sat.build(instance, by_piece=True)
    found = []
    with Solver(name="cadical195", bootstrap_with=sat.cnf.clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            found.append(placement_to_json(instance, sat.placement(true)))
            solver.add_clause([-v if v in true else v for v in sat.key])
    return found


def key(solution: dict) -> list:
    return sorted((k, str(v)) for k, v in solution.items())


@pytest.mark.parametrize("size,pieces,seed", [(4, "QRB", 0), (4, "KNP", 1), (4, "QQB", 2), (5, "QRP", 3)])
def test_per_piece_cnf_matches_brute_force(size, pieces, seed) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        instance = random_puzzle(rng, size, pieces)
        assert sorted(map(key, _cnf_solutions(instance))) == sorted(map(key, brute_force(instance)))


@pytest.mark.parametrize("size,pieces,seed", [(4, "QRRN", 1), (5, "KQRRBBNN", 4)])
def test_per_piece_cnf_matches_brute_force_detective(size, pieces, seed) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        instance = random_detective(rng, size, pieces)
        assert sorted(map(key, _cnf_solutions(instance))) == sorted(map(key, assignments(instance)))


EXPECTED = {"chessnum-01": "medium", "chessnum-02": "hard", "chessnum-03": "hard", "chessnum-04": "hard"}


def test_published_grades_are_reproducible(family, monkeypatch) -> None:
    for board in published():
        instance = family.from_json(board["instance"])
        graded = family.grade(instance)
        assert graded.difficulty == EXPECTED[board["id"]], board["id"]
        shuffled = list(instance.clues)
        random.Random(3).shuffle(shuffled)
        again = family.grade(make_instance(instance.size, instance.pieces, shuffled))
        assert again.to_json() == graded.to_json()
    monkeypatch.setattr(grading, "PROPAGATOR", "glucose4")  # the closures do not depend on the solver
    for board in published():
        assert family.grade(family.from_json(board["instance"])).difficulty == EXPECTED[board["id"]]


def test_levels_and_outcomes(family) -> None:
    # one queen on its marked square: unit propagation places it
    easy = family.from_json(
        {"family": "chessnum", "size": 4, "pieces": "Q", "clues": {"d4": 1}, "occupied": ["a1"]}
    )
    assert family.grade(easy).difficulty == "easy"
    ambiguous = family.from_json({"family": "chessnum", "size": 4, "pieces": "Q", "clues": {"d4": 1}})
    assert family.grade(ambiguous).difficulty == "ambiguous"
    unsolvable = family.from_json(
        {"family": "chessnum", "size": 4, "pieces": "N", "clues": {"a1": 1, "d4": 1, "a4": 1, "d1": 1}}
    )
    assert family.grade(unsolvable).difficulty == "unsolvable"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generate_to_a_level(family, level) -> None:
    made = family.generate(5, {"size": 6, "difficulty": level})
    assert made.difficulty == level == family.grade(made.instance).difficulty
    assert family.solve(made.instance, _count_request()).count == 1


def _count_request():
    from boardlab.core.results import Mode, SolveRequest

    return SolveRequest(mode=Mode.COUNT, backend="sat")


def test_detective_medium_adds_the_clues_probing_needs(family) -> None:
    """Ranking the clues to add by unit propagation made an 8x8 Detektivschach medium puzzle of
    24 clues for this seed (propagation decides nothing after one clue there, so the largest
    numbers won the ties); ranked by probing, the level's own reasoning, it takes 9."""
    made = family.generate(1, {"size": 8, "detective": True, "difficulty": "medium"})
    assert made.difficulty == "medium" == family.grade(made.instance).difficulty
    assert len(made.instance.clues) <= 12
    assert family.solve(made.instance, _count_request()).count == 1
