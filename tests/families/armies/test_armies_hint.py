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
