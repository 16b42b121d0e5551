"""The independent N-Queens checker: plain Python (numpy counting for huge boards), O(n),
sharing no code with the solvers.

A solution is valid when it has one queen per row (by its form), every column is used once,
every diagonal (row - col) and anti-diagonal (row + col) at most once, and the fixed queens of
the instance are where they were placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlab.core.words import plural, shown

if TYPE_CHECKING:
    import numpy as np

# numpy is imported by the functions that count with it (huge boards, solution files), not at
# the top: the CLI imports this module for every command, and most never need numpy.

#: From this many queens on, a valid solution is confirmed with numpy counting (seconds for
#: n = 10^7 instead of a minute); any violation found is then reported by the plain loop.
FAST_FROM = 50_000


def _valid_by_counting(n: int, queens: list[Any] | np.ndarray) -> bool:
    """True when every entry is an int on the board and no column or diagonal repeats."""
    import numpy as np

    if isinstance(queens, np.ndarray):
        cols = queens
    elif set(map(type, queens)) != {int}:
        return False
    else:
        cols = np.array(queens, dtype=np.int64)
    if cols.min() < 0 or cols.max() >= n:
        return False
    rows = np.arange(n, dtype=np.int64)
    return bool(
        np.bincount(cols, minlength=n).max() <= 1
        and np.bincount(rows - cols + n - 1, minlength=2 * n - 1).max() <= 1
        and np.bincount(rows + cols, minlength=2 * n - 1).max() <= 1
    )


def violations(n: int, fixed: tuple[tuple[int, int], ...], solution: dict[str, Any]) -> list[str]:
    """The rule violations of `solution` on an n x n board (empty list: valid)."""
    if "queens_file" in solution:
        return file_violations(n, fixed, solution["queens_file"])
    queens = solution.get("queens")
    if not isinstance(queens, list):
        return ["the solution has no list 'queens'"]
    if len(queens) != n:
        return [f"{plural(len(queens), 'queen')} for a board of {plural(n, 'row')}"]
    if n >= FAST_FROM and _valid_by_counting(n, queens) and all(queens[row] == col for row, col in fixed):
        return []
    problems: list[str] = []
    columns: dict[int, int] = {}
    diagonals: dict[int, int] = {}
    anti_diagonals: dict[int, int] = {}
    for row, col in enumerate(queens):
        if not isinstance(col, int) or isinstance(col, bool) or not 0 <= col < n:
            problems.append(f"row {row}: column {shown(col)} is off the board")
            continue
        for seen, key, what in (
            (columns, col, "column"),
            (diagonals, row - col, "diagonal"),
            (anti_diagonals, row + col, "anti-diagonal"),
        ):
            if key in seen:
                problems.append(f"rows {seen[key]} and {row} share a {what}")
            else:
                seen[key] = row
        if len(problems) > 20:
            problems.append("...")
            return problems
    for row, col in fixed:
        if queens[row] != col:
            problems.append(f"the fixed queen at [{row}, {col}] is not in the solution")
    return problems


def file_violations(n: int, fixed: tuple[tuple[int, int], ...], path: Any) -> list[str]:
    """Violations of a solution stored as a text file of columns, one per line (huge boards)."""
    if not isinstance(path, str):
        return ["'queens_file' must be a file path"]
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        return [f"cannot read {path}: {error.strerror}"]
    import numpy as np

    raw = np.frombuffer(data, dtype=np.uint8)
    histogram = np.bincount(raw, minlength=256)
    if int(histogram.sum() - histogram[48:58].sum() - histogram[10]) != 0:
        return [f"{path}: only digits and line breaks are allowed, one column per line"]
    newline = raw == 10
    if len(raw) and not newline[-1]:
        return [f"{path}: the last line has no line break"]
    if len(raw) > 1 and bool(np.any(newline[1:] & newline[:-1])) or (len(raw) and newline[0]):
        return [f"{path}: empty line"]
    count = int(newline.sum())
    if count != n:
        return [f"{plural(count, 'queen')} for a board of {plural(n, 'row')}"]
    cols = _parse_lines(raw, newline, len(str(n - 1)))
    if cols is None or int(cols.max()) >= n:
        row = 0 if cols is None else int(np.argmax(cols >= n))
        return [f"row {row}: column {data.split()[row].decode()} is off the board"]
    if _valid_by_counting(n, cols):
        problems = []
    else:
        problems = violations(n, (), {"queens": cols.tolist()})
    for row, col in fixed:
        if cols[row] != col:
            problems.append(f"the fixed queen at [{row}, {col}] is not in the solution")
    return problems


def _parse_lines(raw: np.ndarray, newline: np.ndarray, width: int) -> np.ndarray | None:
    """The numbers of a buffer of digit lines (checked: digits and non-empty lines only),
    decoded with numpy, a block of lines at a time, each line right-aligned in `width` digit
    columns; None when a line is longer than `width` (its number is off the board)."""
    import numpy as np

    ends = np.flatnonzero(newline)
    starts = np.concatenate(([0], ends[:-1] + 1))
    if int((ends - starts).max()) > width:
        return None
    values = np.empty(len(ends), dtype=np.int64)
    offsets = np.arange(-width, 0, dtype=np.int64)
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    block = 1 << 18
    for first in range(0, len(ends), block):
        end, start = ends[first : first + block], starts[first : first + block]
        where = end[:, None] + offsets[None, :]
        digits = raw[np.maximum(where, 0)].astype(np.int64) - 48
        digits[where < start[:, None]] = 0
        values[first : first + block] = digits @ powers
    return values
