"""The independent checker against a brute-force reading of the rules."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from armies_truth import attack  # noqa: E402

from boardlab.families.armies.verify import violations  # noqa: E402


@st.composite
def boards(draw):
    n = draw(st.integers(1, 6))
    cells = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    white = draw(st.lists(cells, max_size=6, unique=True))
    black = draw(st.lists(cells, max_size=6, unique=True))
    return n, white, black


@given(boards())
def test_verify_matches_the_rules(board) -> None:
    n, white, black = board
    peaceful = all(w != b and not attack(w, b) for w in white for b in black)
    valid = peaceful and len(white) == len(black)
    solution = {"white": [list(s) for s in white], "black": [list(s) for s in black]}
    assert (violations(n, None, solution) == []) == valid
    assert (violations(n, len(white), solution) == []) == valid


def test_messages() -> None:
    assert violations(4, 1, {"white": [[0, 0]], "black": [[1, 1]]}) == ["white [0, 0] attacks black [1, 1]"]
    assert violations(4, 1, {"white": [[0, 0]], "black": [[1, 2]]}) == []
    assert "off the 4x4 board" in violations(4, 1, {"white": [[4, 0]], "black": [[1, 2]]})[0]
    assert "expected 2" in violations(4, 2, {"white": [[0, 0]], "black": [[1, 2]]})[0]
    assert "share" in violations(4, 1, {"white": [[1, 2]], "black": [[1, 2]]})[0]
    assert (
        "two white queens" in violations(4, None, {"white": [[0, 0], [0, 0]], "black": [[1, 2], [2, 1]]})[0]
    )
    assert violations(4, None, {"white": [[0, 0]]}) == ["the solution has no list 'black'"]
