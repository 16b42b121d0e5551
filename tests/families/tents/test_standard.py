"""The standard Tents generator (`standard.py`): trees and clues only, one solution, the level.

Ground truth is independent of the generator: solutions counted (up to 2) by CP-SAT and by a
fresh SAT solver on the `full` model (no deduction, no simplification), by brute force on
small boards, and the level re-graded by `grade.py` (`deduce.Deducer`, not the generator's
`worklist`). The work-list fixpoint is checked against `deduce.deduce` on random boards.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core import requests
from boardlab.core.errors import BadInput
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.tents import game_id, standard
from boardlab.families.tents.board import random_instance
from boardlab.families.tents.deduce import Contradiction, deduce
from boardlab.families.tents.grade import grade
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.standard import fixpoint

from .test_tents import brute_force

FAMILY = get("tents")


def count2(instance: TentsInstance, backend: str, options: dict | None = None) -> int:
    result = FAMILY.solve(instance, SolveRequest(Mode.COUNT, backend=backend, limit=2, options=options))
    assert result.count is not None
    return min(result.count, 2)


def check_standard(instance: TentsInstance, solution: list, hidden: int = 0) -> None:
    """One solution by two independent counts, the planted one; no givens; the clues."""
    assert not instance.given_tents and not instance.given_empty
    missing = [v for v in instance.rows + instance.cols if v is None]
    assert len(missing) == hidden
    assert FAMILY.verify(instance, {"tents": [list(c) for c in solution]}) == []
    assert count2(instance, "cpsat") == 1
    assert count2(instance, "sat", {"model": "full"}) == 1


@pytest.mark.parametrize(
    "size, seed",
    [("6x6", 1), ("8x8", 2), ("10x7", 3), ("12x12", 4), ("15x15", 5), ("20x20", 6), ("30x30", 7)],
)
def test_standard_puzzle_unique_without_givens_at_the_default_level(size, seed):
    generated = FAMILY.generate(seed, requests.check_options(FAMILY, ("generate",), {"size": size}))
    inst = generated.instance
    check_standard(inst, [tuple(c) for c in generated.solution["tents"]])
    assert generated.difficulty == "tricky" == grade(inst).difficulty
    assert generated.stats.extra["method"] == "standard"
    assert generated.stats.extra["givens"] == 0
    again = FAMILY.generate(seed, requests.check_options(FAMILY, ("generate",), {"size": size}))
    assert game_id.encode(again.instance) == game_id.encode(inst)  # deterministic per seed


@pytest.mark.slow
def test_standard_100x100_is_unique_and_tricky():
    """The compiled work list and the moves in a band (100x100: about 12,000 moves, 20 s CPU
    for the whole command on this machine): a standard puzzle, counted by two solvers."""
    generated = FAMILY.generate(3, requests.check_options(FAMILY, ("generate",), {"size": "100x100"}))
    inst = generated.instance
    check_standard(inst, [tuple(c) for c in generated.solution["tents"]])
    assert generated.difficulty == "tricky" == grade(inst).difficulty
    assert generated.stats.extra["givens"] == 0


@pytest.mark.parametrize(
    "level, size, seeds",
    [
        ("easy", "8x8", (1, 2)),
        ("easy", "20x20", (3,)),
        ("tricky", "10x10", (1, 2)),
        ("hard", "12x12", (1, 2)),
    ],
)
def test_each_level_is_made_exactly(level, size, seeds):
    for seed in seeds:
        options = requests.check_options(FAMILY, ("generate",), {"size": size, "difficulty": level})
        generated = FAMILY.generate(seed, options)
        assert generated.difficulty == level
        assert grade(generated.instance).difficulty == level  # the reference rules, anew
        assert generated.stats.extra["attempts"] == 1  # the generator aims at the level
        check_standard(generated.instance, [tuple(c) for c in generated.solution["tents"]])


def test_extreme_is_unique_and_needs_search():
    inst, tents, figures = standard.generate(15, 15, 0.16, 2, "extreme")
    check_standard(inst, tents)
    assert grade(inst).difficulty == "extreme"
    assert deduce(inst, level="hard").level is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_small_standard_puzzles_match_brute_force(seed):
    inst, tents, _ = standard.generate(5, 5, 0.2, seed, "easy")
    assert brute_force(inst) == {frozenset(tents)}


@pytest.mark.parametrize("level, size, seed", [("tricky", 15, 1), ("easy", 12, 2), ("hard", 12, 1)])
def test_hidden_clues_keep_one_solution_and_the_level(level, size, seed):
    inst, tents, figures = standard.generate(size, size, 0.16, seed, level, hide=0.3)
    hidden = int(figures["hidden_clues"])
    assert 0 < hidden <= int(0.3 * 2 * size)
    check_standard(inst, tents, hidden)
    assert grade(inst).difficulty == level


def test_hidden_clues_on_a_small_board_match_brute_force():
    inst, tents, figures = standard.generate(5, 5, 0.2, 4, "easy", hide=0.5)
    assert sum(v is None for v in inst.rows + inst.cols) == figures["hidden_clues"] > 0
    assert brute_force(inst) == {frozenset(tents)}


def test_hide_clues_through_the_family_and_the_cli(cli_run):
    options = requests.check_options(FAMILY, ("generate",), {"size": "10x10", "hide_clues": 0.5})
    generated = FAMILY.generate(3, options)
    hidden = generated.stats.extra["hidden_clues"]
    assert hidden == sum(v is None for v in generated.instance.rows + generated.instance.cols) > 0
    run = cli_run(["tents", "generate", "--size", "8", "--hide-clues", "1.5"])
    assert run.code == 2 and "--hide-clues" in run.stderr


def test_givens_option_keeps_the_earlier_generator_at_the_level():
    options = requests.check_options(
        FAMILY, ("generate",), {"size": "15x15", "givens": True, "difficulty": "easy"}
    )
    generated = FAMILY.generate(1, options)
    inst = generated.instance
    assert generated.stats.extra["method"] == "givens"
    assert inst.given_tents or inst.given_empty
    assert generated.stats.extra["givens"] == len(inst.given_tents) + len(inst.given_empty)
    assert grade(inst).difficulty == "easy"
    assert count2(inst, "cpsat") == 1


def test_a_level_out_of_reach_is_a_clear_bad_input(monkeypatch):
    monkeypatch.setattr(standard, "MIN_MOVES", 10)
    monkeypatch.setattr(standard, "MOVES_PER_CELL", 0.01)
    with pytest.raises(BadInput, match="no tricky 40x40 puzzle found within"):
        standard.generate(40, 40, 0.16, 1, "tricky")
    with pytest.raises(BadInput, match="no extreme 2x2 puzzle"):
        standard.generate(2, 2, 0.16, 1, "extreme")


def test_generate_respects_the_time_limit(cli_run):
    run = cli_run(["tents", "generate", "--size", "150", "--time-limit", "0.5"])
    assert run.code == 3 and "unknown" in run.stdout


# ---- the work-list fixpoint against the reference rules ---------------------------------------------
def _same_fixpoint(inst: TentsInstance) -> None:
    w = inst.width
    for tricky in (False, True):
        reference = deduce(inst, level="tricky" if tricky else "easy")
        try:
            mine = fixpoint(
                w,
                inst.height,
                [r * w + c for r, c in inst.trees],
                list(inst.rows),
                list(inst.cols),
                tricky,
                [r * w + c for r, c in inst.given_tents],
                [r * w + c for r, c in inst.given_empty],
            )
        except Contradiction:
            assert reference.contradiction is not None
            continue
        assert reference.contradiction is None
        assert {divmod(i, w): v for i, v in enumerate(mine.state) if v != 3} == reference.state


@settings(max_examples=150, deadline=None)
@given(
    st.integers(3, 16),
    st.integers(3, 16),
    st.sampled_from((0.12, 0.16, 0.2, 0.25)),
    st.integers(0, 10**6),
    st.booleans(),
)
def test_worklist_reaches_the_fixpoint_of_deduce(width, height, density, seed, hide):
    rng = random.Random(seed)
    inst, tents = random_instance(width, height, density, rng)
    rows = tuple(None if hide and rng.random() < 0.2 else v for v in inst.rows)
    given_tents = frozenset(t for t in tents if rng.random() < 0.1)
    _same_fixpoint(TentsInstance(width, height, inst.trees, rows, inst.cols, given_tents))


def test_worklist_on_generated_and_tatham_puzzles():
    from boardlab.data import TENTS_TATHAM_SAMPLE

    for line in TENTS_TATHAM_SAMPLE.read_text().splitlines():
        if line.strip():
            import json

            _same_fixpoint(game_id.decode(json.loads(line)["game_id"]))
    inst, _, _ = standard.generate(20, 20, 0.16, 1, "tricky")
    _same_fixpoint(inst)
