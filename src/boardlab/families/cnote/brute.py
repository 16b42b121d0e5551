"""A plain-Python enumerator of C-Note solutions, independent of the CP-SAT model.

Cells are filled in row-major order. A cell's candidates are the numbers that contain its digit
(found by repeated division, not by the model's enumeration) and leave at least 1 for each
cell still to fill in its row and its column; the last cell of a row and every cell of the last
row are forced by the sums. Exponential, meant for small grids and small targets: it is the
ground truth the tests compare the model's counts with (backend `brute`).
"""

from __future__ import annotations

from collections.abc import Iterator

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.families.cnote.io import CNoteInstance


def _contains(number: int, digit: int) -> bool:
    while number:
        number, last = divmod(number, 10)
        if last == digit:
            return True
    return False


def solutions(instance: CNoteInstance, deadline: Deadline = NO_DEADLINE) -> Iterator[list[list[int]]]:
    """Every solution, each once (raises `OutOfTime` when `deadline` passes)."""
    height, width = instance.height, instance.width
    if sum(instance.rows) != sum(instance.cols):
        return
    largest = max(max(instance.rows), max(instance.cols))
    candidates: dict[int, list[int]] = {}
    for d in range(10):  # O(target) divisions each: 10 million at target 1,000,000, so the
        deadline.check()  # deadline is asked between digits
        candidates[d] = [v for v in range(1, largest + 1) if _contains(v, d)]
    member = {d: set(values) for d, values in candidates.items()}
    row_left = list(instance.rows)
    col_left = list(instance.cols)
    grid = [[0] * width for _ in range(height)]
    steps = [0]

    def place(index: int) -> Iterator[list[list[int]]]:
        if index == height * width:
            yield [row[:] for row in grid]
            return
        steps[0] += 1
        if steps[0] % 4096 == 0:
            deadline.check()
        r, c = divmod(index, width)
        digit = instance.grid[r][c]
        last_col, last_row = c == width - 1, r == height - 1
        if last_col or last_row:
            forced = row_left[r] if last_col else col_left[c]
            if last_col and last_row and forced != col_left[c]:
                return
            if last_col and not last_row and forced > col_left[c] - (height - 1 - r):
                return
            if last_row and not last_col and forced > row_left[r] - (width - 1 - c):
                return
            if forced < 1 or forced not in member[digit]:
                return
            options: list[int] = [forced]
        else:
            bound = min(row_left[r] - (width - 1 - c), col_left[c] - (height - 1 - r))
            options = []
            for value in candidates[digit]:
                if value > bound:
                    break
                options.append(value)
        for value in options:
            grid[r][c] = value
            row_left[r] -= value
            col_left[c] -= value
            yield from place(index + 1)
            row_left[r] += value
            col_left[c] += value
        grid[r][c] = 0

    yield from place(0)
