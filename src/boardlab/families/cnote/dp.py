"""Grids one or two cells wide or high, solved exactly by dynamic programming over one line's
partial sums (the `dp` backend; `auto` chooses it where it is cheap, `cheap`). Grids three cells
wide or high are `dp3`'s (two lines' partial sums as bitsets), chosen through the same functions
(`solver`, `cheap_strip`).

*The method.* On a grid of two columns, row i holds two numbers a_i + b_i = R_i: a_i contains
the row's first digit, b_i = R_i - a_i (at least 1) its second. The first column's sum is
a_1 + ... + a_H = C_1, and the second's then follows: b_1 + ... + b_H = (R_1 + ... + R_H) - C_1,
which is C_2 exactly when the row targets and the column targets add up to the same total (else
there is no solution at all). So a solution is a choice of a_i in A_i (the a that row i admits)
for each row with sum C_1, and the number of solutions is the coefficient of x^C_1 in the
product of the rows' polynomials sum_{a in A_i} x^a: `reach[i][s]`, the ways the first i rows'
a_i add up to s, is made row by row (`reach[i] = sum over a in A_i of reach[i - 1]` shifted by
a). A grid of one column is the same with A_i = {R_i} (when R_i contains the digit), and a grid
of one or two rows is the transpose. Every solution is listed by walking back from (H, C_1): a
row's a is kept only where `reach[i - 1][s - a]` is reachable, so every branch ends in a
solution (the listing costs its output, not a search). This is the product of Lemma 11's
polynomials (docs/cnote.md), written apart from `narrow` (no states, no compatibility, any
digits 0-9, any targets): the tests compare its counts and solutions with `brute` and CP-SAT.

*Its cost* is sum_i |A_i| * (C_1 + 1) array steps (a line's admitted values times the partial
sums): 2 columns of 8 rows at 1,000 about 2.5 million, 0.01 s; at target 1,000,000 far
more than CP-SAT needs for a first solution, so `auto` takes it only up to `AUTO_STEPS`
(`cheap`). Counts are exact: int64 while the product of the |A_i| stays below `INT64_BOUND`,
Python integers beyond.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import prod

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.families.cnote.dp3 import INT64_BOUND, Band, containing
from boardlab.families.cnote.io import CNoteInstance

#: `auto` runs `dp` on a grid one or two cells wide or high when its steps (`Strip.steps`) are at
#: most this many, CP-SAT otherwise: about a second of array steps at numpy's speed here
#: (forty-first session; 2 columns of 8 rows at 1,000: 2.5 million steps, 0.01 s).
AUTO_STEPS = 300_000_000
#: The same for grids three cells wide or high (`dp3.Band.steps`, word operations of the
#: compiled bitset kernel): about 0.3 s here (forty-third session, helper, branch wide-s64: 3
#: columns of 4 rows at 1,000, random digits, 1.1e9 operations in 1.0 s; the generator's 3-wide
#: puzzles at their targets 0.4-60 million, milliseconds). Beyond it CP-SAT finds one faster.
BAND_STEPS = 300_000_000


class NotStrip(ValueError):
    """The grid is neither at most two columns wide nor at most two rows high."""


class Strip:
    """A grid one or two cells wide or high, its lines (rows of a grid at most two wide, else
    columns) and the partial sums of their first cells (module docstring).

    Args:
        instance: the puzzle.
        deadline: checked between lines and every 1,024 shifts (`OutOfTime`).

    Raises:
        NotStrip: both sides are above 2.
    """

    def __init__(self, instance: CNoteInstance, deadline: Deadline = NO_DEADLINE):
        self.deadline = deadline
        self.transposed = instance.width > 2
        if self.transposed and instance.height > 2:
            raise NotStrip(
                f"the dp backend solves grids one or two cells wide or high, not {instance.width}x{instance.height}"
            )
        grid = [list(row) for row in instance.grid]
        if self.transposed:
            grid = [list(column) for column in zip(*grid)]
            self.targets, self.sums = list(instance.cols), list(instance.rows)
        else:
            self.targets, self.sums = list(instance.rows), list(instance.cols)
        self.cells = grid  # a line's digits, one or two
        self.balanced = sum(self.targets) == sum(self.sums)
        self.total = self.sums[0]  # what the lines' first numbers add up to
        table = containing(max(self.targets))
        self.admitted: list[np.ndarray] = []  # A_i: the first numbers line i admits
        for target, digits in zip(self.targets, self.cells):
            if len(digits) == 1:
                ok = np.array([target], dtype=np.int64) if table[digits[0], target] else np.zeros(0, np.int64)
            else:
                a = np.arange(1, target)
                ok = a[table[digits[0], a] & table[digits[1], target - a]].astype(np.int64)
            self.admitted.append(ok[ok <= self.total])

    @property
    def steps(self) -> int:
        """The array steps of one pass over the lines (what `cheap` bounds)."""
        return sum(len(a) for a in self.admitted) * (self.total + 1)

    def _layers(self, dtype: type | np.dtype) -> Iterator[np.ndarray]:
        """`reach[0]`, `reach[1]`, ...: the ways (bool: whether any) the first i lines' first
        numbers add up to each s <= total."""
        size = self.total + 1
        layer = np.zeros(size, dtype=dtype)
        layer[0] = 1
        yield layer
        for admitted in self.admitted:
            self.deadline.check()
            new = np.zeros(size, dtype=dtype)
            for k, a in enumerate(admitted):
                if k % 1024 == 1023:
                    self.deadline.check()
                if dtype is bool:
                    new[a:] |= layer[: size - a]
                else:
                    new[a:] += layer[: size - a]
            layer = new
            yield layer

    def count(self) -> int:
        """The number of solutions, exact."""
        if not self.balanced:
            return 0
        dtype: type = np.int64 if prod(len(a) for a in self.admitted) < INT64_BOUND else object
        *_, last = self._layers(dtype)
        return int(last[self.total])

    def solutions(self) -> Iterator[list[list[int]]]:
        """Every solution once (the numbers, one row of the grid each), the lines' first
        numbers in increasing order from the last line back."""
        if not self.balanced:
            return
        reach = list(self._layers(bool))
        chosen = [0] * len(self.admitted)

        def walk(line: int, rest: int) -> Iterator[list[list[int]]]:
            if line < 0:
                if rest == 0:
                    yield self._grid(chosen)
                return
            self.deadline.check()
            before = reach[line]
            for a in self.admitted[line]:
                if a > rest:
                    break
                if before[rest - a]:
                    chosen[line] = int(a)
                    yield from walk(line - 1, rest - int(a))

        yield from walk(len(self.admitted) - 1, self.total)

    def _grid(self, firsts: list[int]) -> list[list[int]]:
        lines = [
            [a] if len(digits) == 1 else [a, target - a]
            for a, target, digits in zip(firsts, self.targets, self.cells)
        ]
        return [list(column) for column in zip(*lines)] if self.transposed else lines


def applies(instance: CNoteInstance) -> bool:
    """Whether the grid is at most three cells wide or high (`solver` takes it: `Strip` up to
    two, `dp3.Band` at three)."""
    return min(instance.width, instance.height) <= 3


def solver(instance: CNoteInstance, deadline: Deadline = NO_DEADLINE) -> Strip | Band:
    """The exact solver of a grid at most three cells wide or high: `Strip` (one or two),
    `dp3.Band` (three).

    Raises:
        NotStrip: both sides are above 3.
    """
    if min(instance.width, instance.height) == 3:
        return Band(instance, deadline)
    if min(instance.width, instance.height) > 3:
        raise NotStrip(
            f"the dp backend solves grids one, two or three cells wide or high, not {instance.width}x{instance.height}"
        )
    return Strip(instance, deadline)


def cheap_strip(instance: CNoteInstance) -> Strip | Band | None:
    """The exact solver of a grid `dp` takes cheaply, else None: a strip (`applies`, at most
    `AUTO_STEPS` steps) or a grid three cells wide or high and four or more long (`dp3.Band`,
    at most `BAND_STEPS` word operations; not 3x3, whose puzzles, Friedman's among them, CP-SAT
    solves in milliseconds and whose generator's records were measured with it). What `auto`
    runs it on (`cheap`) and where the generator confirms a count by it (`generate.confirmed`):
    one choice for both."""
    if not applies(instance):
        return None
    found = solver(instance)
    if isinstance(found, Strip):
        return found if found.steps <= AUTO_STEPS else None
    if max(instance.width, instance.height) == 3:
        return None  # 3x3 stays CP-SAT's (docstring)
    # a grid three wide: the states alone first (their pairs listed only when cheap)
    return found if found.floor <= BAND_STEPS and found.steps <= BAND_STEPS else None


def cheap(instance: CNoteInstance) -> bool:
    """Whether `auto` runs `dp` here (`cheap_strip`)."""
    return cheap_strip(instance) is not None
