"""`verify` (plain Python) against the model, on hand-made positions and random placements."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.families.chessnum import geometry, verify
from boardlab.families.chessnum import model_cpsat as model
from boardlab.families.chessnum.io import make_instance, parse_square, placement_to_json


def counts(size: int, placed: list) -> dict:
    attacked = verify.attacked_squares(size, placed)
    return {s: len(v) for s, v in attacked.items()}


def sq(name: str, size: int = 8) -> tuple[int, int]:
    return parse_square(name, size)


def test_line_pieces_are_blocked_by_pieces() -> None:
    placed = [("R", sq("a1")), ("N", sq("a3")), ("Q", sq("h8")), ("K", sq("e5"))]
    c = counts(8, placed)
    assert c.get(sq("a2"), 0) == 1  # rook
    assert c.get(sq("a4"), 0) == 0  # behind the knight: blocked (the knight attacks b5, c4, c2, b1)
    assert c.get(sq("a3"), 0) == 1  # the blocking square itself is attacked (rook)
    assert c.get(sq("d4"), 0) == 1  # queen's diagonal stops at the king on e5; king attacks d4
    assert c.get(sq("c3"), 0) == 0


def test_clue_squares_do_not_block() -> None:
    instance = make_instance(8, "R", [(sq("a4"), 1), (sq("a2"), 1)])
    assert verify.violations(8, "R", instance.clue_map, {"R": "a1"}) == []
    assert verify.violations(8, "R", instance.clue_map, {"R": "a8"}) == []
    found, complete = model.find(instance, limit=20)
    names = sorted(placement_to_json(instance, p)["R"] for p in found)
    assert complete and names == ["a1", "a3", "a5", "a6", "a7", "a8"]


def test_white_pawn_attacks_towards_rank_8() -> None:
    assert counts(8, [("P", sq("d4"))]) == {sq("c5"): 1, sq("e5"): 1}
    assert counts(8, [("P", sq("a1"))]) == {sq("b2"): 1}
    assert counts(8, [("P", sq("e8"))]) == {}


def test_king_and_knight() -> None:
    assert len(counts(8, [("K", sq("e4"))])) == 8
    assert len(counts(8, [("K", sq("a1"))])) == 3
    assert len(counts(8, [("N", sq("a1"))])) == 2
    assert len(counts(8, [("N", sq("d4"))])) == 8


def test_violations_name_each_problem() -> None:
    clues = {sq("b8"): 1, sq("d8"): 6}
    assert any(
        "numbered square" in v
        for v in verify.violations(
            8, "KQRBNP", clues, {"K": "b8", "Q": "a1", "R": "a2", "B": "a3", "N": "a4", "P": "a5"}
        )
    )
    assert any(
        "both on" in v
        for v in verify.violations(
            8, "KQRBNP", clues, {"K": "a1", "Q": "a1", "R": "a2", "B": "a3", "N": "a4", "P": "a5"}
        )
    )
    assert any("places 0" in v for v in verify.violations(8, "KQRBNP", clues, {"K": "a1"}))
    assert any("not a square" in v for v in verify.violations(8, "K", {}, {"K": "z9"}))
    assert any(
        "shows 6" in v
        for v in verify.violations(
            8, "KQRBNP", clues, {"K": "a1", "Q": "a2", "R": "a3", "B": "a4", "N": "a5", "P": "a6"}
        )
    )


PIECE_SETS = ["KQRBNP", "KQRBNNP", "QQRRBB", "PPPPNN", "KQRBNPPP"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), size=st.integers(4, 12), pieces=st.sampled_from(PIECE_SETS))
def test_verify_counts_fed_back_admit_the_placement(seed: int, size: int, pieces: str) -> None:
    """Random placement -> clue values by verify's counting -> the model admits the placement."""
    rng = random.Random(seed)
    squares = [(f, r) for f in range(size) for r in range(size)]
    placed = list(zip(pieces, rng.sample(squares, len(pieces))))
    occupied = {s for _, s in placed}
    numbers = counts(size, placed)
    empty = [s for s in squares if s not in occupied]
    chosen = rng.sample(empty, min(len(empty), rng.randint(1, 12)))
    instance = make_instance(size, pieces, [(s, numbers.get(s, 0)) for s in chosen])
    found, _ = model.find(instance, fixed=placed, limit=1)
    assert found and sorted(found[0]) == sorted(placed)
    assert (
        verify.violations(size, instance.pieces, instance.clue_map, placement_to_json(instance, placed)) == []
    )
    # the generator's geometry (model side) and verify's walk agree on every square
    model_side = geometry.attack_counts(size, placed)
    assert {s: v for s, v in model_side.items() if v} == {
        s: v for s, v in numbers.items() if s not in occupied
    }
