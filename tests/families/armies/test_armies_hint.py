"""Hints agree with brute force on tiny boards: progress only when the placement extends."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from armies_truth import placements  # noqa: E402

from boardlab.core.errors import BadInput  # noqa: E402
from boardlab.core.registry import get  # noqa: E402

FAMILY = get("armies")


def extends(n: int, m: int, white: set, black: set) -> bool:
    return any(white <= set(w) and black <= set(b) for w, b in placements(n, m))


@st.composite
def partials(draw):
    n = draw(st.integers(3, 4))
    m = draw(st.integers(1, 3))
    cells = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    white = draw(st.lists(cells, max_size=m, unique=True))
    black = draw(st.lists(cells, max_size=m, unique=True))
    return n, m, white, black


@settings(max_examples=40, deadline=None)
@given(partials())
def test_hint_agrees_with_brute_force(case) -> None:
    n, m, white, black = case
    instance = FAMILY.from_size(n, {"m": m})
    partial = {"white": [list(s) for s in white], "black": [list(s) for s in black]}
    answer = FAMILY.hint(instance, partial).to_json()
    possible = extends(n, m, set(white), set(black))
    if answer["status"] == "progress":
        assert possible
        added_w = {tuple(s) for s in answer["place"]["white"]}
        added_b = {tuple(s) for s in answer["place"]["black"]}
        assert len(added_w) + len(added_b) == 1
        assert extends(n, m, set(white) | added_w, set(black) | added_b)
    elif answer["status"] == "solved":
        assert len(white) == len(black) == m and possible
    elif answer["status"] == "unsolvable":
        assert not any(True for _ in placements(n, m))
    else:
        assert answer["status"] == "mistake" and not possible
        removed = {tuple(s) for s in answer["remove"]["white"]} | {
            tuple(s) for s in answer["remove"]["black"]
        }
        assert removed and removed <= set(white) | set(black)


def test_hint_without_m_aims_at_the_optimum() -> None:
    partial = {"white": [[0, 0], [0, 1]], "black": [[1, 3], [3, 2]]}
    answer = FAMILY.hint(FAMILY.from_size(4, {}), partial).to_json()
    assert answer["status"] == "solved"  # a(4) = 2
    assert FAMILY.hint(FAMILY.from_size(5, {}), None).to_json()["status"] == "progress"
    with pytest.raises(BadInput):
        FAMILY.hint(FAMILY.from_size(16, {}), None)


# ---- the CP-SAT oracle (large boards) against the SAT oracle and brute force -------------------
def random_partials(rng, count):
    for _ in range(count):
        n = rng.randint(4, 6)
        m = rng.randint(1, {4: 2, 5: 4, 6: 5}[n])
        squares = [(r, c) for r in range(n) for c in range(n)]
        placed = rng.sample(squares, rng.randint(0, 4))
        queens = [(rng.choice(("white", "black")), s) for s in placed]
        forbidden = [(rng.choice(("white", "black")), s) for s in rng.sample(squares, rng.randint(0, 3))]
        yield n, m, queens, [q for q in forbidden if q not in queens]


def test_cpsat_oracle_answers_as_the_sat_oracle() -> None:
    """Same existence answers; CP-SAT's placements keep the placed queens, avoid the forbidden
    ones and pass `verify`; its conflicts are placed queens that SAT says cannot stay together."""
    import random

    from boardlab.families.armies.oracle import ArmiesOracle, CpsatArmiesOracle

    rng = random.Random(5)
    outcomes = set()
    for n, m, queens, forbidden in random_partials(rng, 60):
        with ArmiesOracle(n, m) as sat, CpsatArmiesOracle(n, m) as cpsat:
            found = cpsat.solution(queens, forbidden)
            assert (found is not None) == sat.possible(queens, forbidden)
            outcomes.add(found is not None)
            if found is not None:
                assert set(queens) <= found and not set(forbidden) & found
                white = [s for c, s in found if c == "white"]
                black = [s for c, s in found if c == "black"]
                assert len(white) >= m and len(black) >= m
                assert all(
                    not (w[0] == b[0] or w[1] == b[1] or abs(w[0] - b[0]) == abs(w[1] - b[1]))
                    for w in white
                    for b in black
                )
                assert cpsat.conflict(queens, forbidden) == []
            else:
                core = cpsat.conflict(queens, forbidden)
                assert set(core) <= set(queens)
                assert not sat.possible(core, forbidden)
    assert outcomes == {True, False}  # both kinds of answer were met


def test_hint_through_the_cpsat_oracle_agrees_with_brute_force(monkeypatch) -> None:
    """The hint with the CP-SAT oracle (the large-board backend, forced on small boards)."""
    import random

    from boardlab.families.armies import oracle

    monkeypatch.setattr(oracle, "CPSAT_FROM", 1)
    rng = random.Random(11)
    statuses = set()
    for _ in range(40):
        n, m = rng.randint(3, 4), rng.randint(1, 3)
        cells = [(r, c) for r in range(n) for c in range(n)]
        white = rng.sample(cells, rng.randint(0, m))
        black = rng.sample(cells, rng.randint(0, m))
        partial = {"white": [list(s) for s in white], "black": [list(s) for s in black]}
        answer = FAMILY.hint(FAMILY.from_size(n, {"m": m}), partial).to_json()
        statuses.add(answer["status"])
        possible = extends(n, m, set(white), set(black))
        if answer["status"] == "progress":
            added_w = {tuple(s) for s in answer["place"]["white"]}
            added_b = {tuple(s) for s in answer["place"]["black"]}
            assert possible and extends(n, m, set(white) | added_w, set(black) | added_b)
        elif answer["status"] == "mistake":
            assert not possible
        elif answer["status"] == "solved":
            assert possible and len(white) == len(black) == m
    assert {"progress", "mistake"} <= statuses


def test_the_oracle_is_chosen_by_board_size() -> None:
    from boardlab.families.armies.oracle import CPSAT_FROM, ArmiesOracle, CpsatArmiesOracle, armies_oracle

    with armies_oracle(CPSAT_FROM - 1, 1) as small:
        assert isinstance(small, ArmiesOracle)
    with armies_oracle(CPSAT_FROM, 1) as large:
        assert isinstance(large, CpsatArmiesOracle)
