"""The O(n) construction, its streamed form, and the verification of huge boards."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.families.nqueens import construct, verify


def independent_check(n: int, cols: np.ndarray) -> bool:
    """Columns, diagonals and anti-diagonals all distinct (sorting, not counting)."""
    rows = np.arange(n)
    distinct = all(bool(np.all(np.diff(np.sort(v)) != 0)) for v in (cols, rows - cols, rows + cols))
    return distinct and len(cols) == n and cols.min() >= 0 and cols.max() < n


@pytest.mark.parametrize("n", [1, *range(4, 200)])
def test_small_boards_valid(n: int) -> None:
    cols = construct.construct(n)
    assert cols is not None and independent_check(n, cols)
    assert verify.violations(n, (), {"queens": cols.tolist()}) == []


@pytest.mark.parametrize("n", [2, 3])
def test_no_solution(n: int) -> None:
    assert construct.construct(n) is None and not construct.solvable(n)


@pytest.mark.parametrize("n", [10**5 + k for k in range(6)] + [10**6])
def test_up_to_a_million(n: int) -> None:
    """All six residues mod 6 (the construction's cases) near 10^5, and 10^6."""
    cols = construct.construct(n)
    assert independent_check(n, cols)
    assert verify.violations(n, (), {"queens": cols.tolist()}) == []


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 3000), st.integers(1, 500))
def test_stream_and_ranges_agree(n: int, chunk: int) -> None:
    whole = construct.construct(n)
    assert np.array_equal(np.concatenate(list(construct.stream(n, chunk))), whole)
    start = n // 3
    assert np.array_equal(construct.columns(n, start, n - start // 2), whole[start : n - start // 2])


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 2000), st.integers(1, 300))
def test_written_text(n: int, chunk: int) -> None:
    buffer = io.BytesIO()
    construct.write(n, buffer, chunk)
    assert buffer.getvalue().decode() == "".join(f"{c}\n" for c in construct.construct(n).tolist())


def test_queens_file_verification(tmp_path: Path) -> None:
    n = 1000
    path = tmp_path / "q.txt"
    with open(path, "wb") as handle:
        construct.write(n, handle)
    assert verify.violations(n, (), {"queens_file": str(path)}) == []
    cols = construct.construct(n).tolist()
    assert verify.violations(n, ((0, cols[0]),), {"queens_file": str(path)}) == []
    assert verify.violations(n, ((0, cols[0] + 1),), {"queens_file": str(path)}) != []
    assert verify.violations(n + 1, (), {"queens_file": str(path)}) == [
        f"{n} queens for a board of {n + 1} rows"
    ]
    cols[5] = cols[6]
    path.write_text("".join(f"{c}\n" for c in cols))
    assert any("share a column" in p for p in verify.violations(n, (), {"queens_file": str(path)}))
    path.write_text("1\n\n2\n")
    assert verify.violations(3, (), {"queens_file": str(path)}) == [f"{path}: empty line"]
    path.write_text("1\nx\n")
    assert "only digits" in verify.violations(2, (), {"queens_file": str(path)})[0]
    path.write_text("0\n5\n")
    assert "off the board" in verify.violations(2, (), {"queens_file": str(path)})[0]
    assert "cannot read" in verify.violations(2, (), {"queens_file": str(tmp_path / "missing")})[0]


def test_fast_path_reports_like_the_plain_loop() -> None:
    """Huge boards: an invalid solution gets the same messages as on a small board."""
    n = verify.FAST_FROM + 10
    cols = construct.construct(n).tolist()
    assert verify.violations(n, (), {"queens": cols}) == []
    bad = list(cols)
    bad[3], bad[10] = bad[10], True
    problems = verify.violations(n, (), {"queens": bad})
    assert problems and "column true is off the board" in problems[0]  # JSON, not Python
    bad = list(cols)
    bad[0] = bad[1]
    assert "rows 0 and 1 share a column" in verify.violations(n, (), {"queens": bad})
