"""Grids three cells wide or high, solved exactly by dynamic programming over two lines' partial
sums (the `dp` backend beyond strips; `dp.cheap_strip` chooses it where it is cheap, for `auto`
and for the generator's confirmations).

*The method.* On a grid of three columns, row i holds three numbers a_i + b_i + c_i = R_i (a_i
contains the row's first digit, b_i its second, c_i = R_i - a_i - b_i, at least 1, its third).
The columns' sums are a_1 + ... + a_H = C_1 and b_1 + ... + b_H = C_2; the third column's
then follows (C_3 exactly when the row and column targets add up to the same total, else there
is no solution). So a solution is a path through the *states* (s, t), the partial sums of the
first two columns after i rows, from (0, 0) to (C_1, C_2), row i stepping by one of its *pairs*
(a, b) (those whose three numbers contain the row's digits). `reach[i]`, the states the first i
rows reach, is made row by row (`reach[i]` = the union over the pairs of `reach[i - 1]` shifted
by (a, b)), as bitsets: row s of the first sums, the second sums packed 64 to a word, so that a
pair shifts a whole row of states in (C_2 + 1) / 64 word operations (`dp3_kernels.spread`, the
bit-parallel shift-or of Baeza-Yates and Gonnet, 1992, applied to a subset-sum table as in
Pisinger's word-RAM subset sum, 2003). Every solution is listed by walking back from (C_1, C_2):
a pair of row i is kept only where `reach[i - 1]` holds the state before it, so every branch ends
in a solution and listing the first two (what uniqueness asks) costs their rows' pairs, not a
search. The two cross lines whose sums are the state are the two of smallest targets (the third
follows); a grid of three rows is the transpose, its columns the lines. This is `dp.Strip`'s
method one dimension up, and independent of the capped polynomial (FFT) products of
`convolution` and `wide` that the planters count with: no transform, no cap, a reachability
table and its walk.

*The count* (the `count` mode) is made on the *useful* states only: those the first i lines
reach and from which the last lines reach (C_1, C_2) (the same bitsets made for the lines in
reverse order, read mirrored). Every useful state lies on a solution, so the count's work is at
most the number of solutions (or of states) times the line's pairs. Counts are exact: int64
while the product of the lines' pair counts (a bound on every count) is below `INT64_BOUND`,
else the count modulo several primes below 2^31, joined by the Chinese remainder theorem.

*Its cost* (`Band.steps`, what `dp.cheap_strip` bounds by `dp.BAND_STEPS`) is the word
operations of one pass: sum_i |pairs_i| * (C_1 + 1) * ceil((C_2 + 1) / 64). 8 columns of 3 rows
at 400 (the columns at 150, the lines): about 2,000 pairs a column, 401 x 7 words, 6 million
word operations, milliseconds.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property, lru_cache
from math import prod

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.families.cnote.io import CNoteInstance

#: Counts stay in int64 while the product of the lines' value sets (`dp.Strip`) or pairs (here),
#: a bound on every count, is below this; exact beyond too (Python integers, or moduli here).
INT64_BOUND = 1 << 62


@lru_cache(maxsize=4)
def containing(limit: int) -> np.ndarray:
    """`table[d, v]`: whether the decimal writing of v (0 <= v <= limit) contains the digit d (0
    contains none: numbers are positive). Shared with `dp.Strip`, which imports it from here so
    that `dp` (the strips and the choice of solver) sits above `dp3` without a cycle."""
    values = np.arange(limit + 1)
    table = np.zeros((10, limit + 1), dtype=bool)
    rest = values.copy()
    while rest.any():
        last = rest % 10
        alive = rest > 0
        for d in range(10):
            table[d] |= alive & (last == d)
        rest //= 10
    table.setflags(write=False)
    return table


#: Primes below 2^31 for counts beyond int64 (the count modulo each, then the Chinese remainder
#: theorem): as many as the bound on the count needs (each pass costs one count).
PRIMES = (2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549, 2147483543, 2147483497)
#: Pairs given to the kernel at once (the deadline is checked between batches).
PAIR_BATCH = 512


class NotBand(ValueError):
    """The grid is not three cells wide or high."""


class Band:
    """A grid three cells wide or high: its lines of three cells (the rows of a grid three
    columns wide, else the columns), their pairs and the reach of the first two cross lines'
    partial sums (module docstring).

    Args:
        instance: the puzzle.
        deadline: checked between lines and between batches of pairs (`OutOfTime`).

    Raises:
        NotBand: neither side is 3.
    """

    def __init__(self, instance: CNoteInstance, deadline: Deadline = NO_DEADLINE):
        self.deadline = deadline
        if instance.width != 3 and instance.height != 3:
            raise NotBand(f"grids three cells wide or high, not {instance.width}x{instance.height}")
        self.transposed = instance.width != 3
        grid = [list(row) for row in instance.grid]
        if self.transposed:
            grid = [list(column) for column in zip(*grid)]
            self.targets, sums = list(instance.cols), list(instance.rows)
        else:
            self.targets, sums = list(instance.rows), list(instance.cols)
        self.balanced = sum(self.targets) == sum(sums)
        # the state holds the two smallest cross sums; `order[k]`: the cross line in position k
        self.order = sorted(range(3), key=lambda k: sums[k])
        self.sums = [sums[k] for k in self.order]
        self.cells = [[digits[k] for k in self.order] for digits in grid]
        first, second = self.sums[0], self.sums[1]
        self.shape = (first + 1, second + 1)
        self.words = (second + 1 + 63) // 64
        self._table = containing(max(max(self.targets), 1))
        self._pairs: list[tuple[np.ndarray, np.ndarray]] | None = None
        self._reach: list[np.ndarray] | None = None

    @property
    def floor(self) -> int:
        """The word operations of one pass if every line had one pair (`dp.cheap_strip` refuses
        above its bound before counting the pairs)."""
        return len(self.targets) * self.shape[0] * self.words

    def _indicators(self, target: int, digits: list[int]) -> list[np.ndarray]:
        """Whether each value 0..target may be the line's first, second and third number (each
        at most the cross sum it adds to; the third's is implied)."""
        values = np.arange(target + 1)
        found = []
        for digit, top in zip(digits, (self.shape[0] - 1, self.shape[1] - 1, target)):
            found.append(self._table[digit, values] & (values >= 1) & (values <= top))
        return found

    def pair_counts(self) -> list[int]:
        """Each line's number of pairs, without listing them: sum over a of the representations
        of target - a as b + c (one FFT product of the b and c indicators a line; exact, the
        counts are far below 2^53)."""
        counts = []
        for target, digits in zip(self.targets, self.cells):
            a, b, c = self._indicators(target, digits)
            size = 2 * (target + 1)
            sums = np.fft.irfft(np.fft.rfft(b.astype(float), size) * np.fft.rfft(c.astype(float), size), size)
            ways = np.rint(sums[: target + 1]).astype(np.int64)
            counts.append(int(ways[target - np.nonzero(a)[0]].sum()))
        return counts

    @cached_property
    def steps(self) -> int:
        """The word operations of one pass over the lines (what `dp.cheap_strip` bounds; made
        once, by one FFT product a line)."""
        return sum(self.pair_counts()) * self.shape[0] * self.words

    @property
    def pairs(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """Each line's (a, b), sorted by a then b (listed once, a few values of a at a time)."""
        if self._pairs is None:
            self._pairs = []
            for target, digits in zip(self.targets, self.cells):
                ia, ib, ic = self._indicators(target, digits)
                a, b = np.nonzero(ia)[0], np.nonzero(ib)[0]
                chunk = max(1, (1 << 22) // max(len(b), 1))
                firsts, seconds = [], []
                for start in range(0, len(a), chunk):
                    self.deadline.check()
                    part = a[start : start + chunk]
                    c = target - part[:, None] - b[None, :]
                    ok = (c >= 1) & ic[np.clip(c, 0, target)]
                    ja, jb = np.nonzero(ok)
                    firsts.append(part[ja])
                    seconds.append(b[jb])
                self._pairs.append(
                    (
                        np.concatenate(firsts or [np.zeros(0, np.int64)]).astype(np.int64),
                        np.concatenate(seconds or [np.zeros(0, np.int64)]).astype(np.int64),
                    )
                )
        return self._pairs

    def _bitsets(self, lines: list[tuple[np.ndarray, np.ndarray]]) -> list[np.ndarray]:
        """The reach after 0, 1, ... of `lines` from (0, 0), as bitsets (rows of words)."""
        from boardlab.families.cnote.dp3_kernels import spread

        layer = np.zeros((self.shape[0], self.words), dtype=np.uint64)
        layer[0, 0] = 1
        layers = [layer]
        spare = (self.words * 64) - self.shape[1]  # bits beyond the second sum, cleared
        mask = np.uint64((1 << (64 - spare)) - 1) if spare else None
        for a, b in lines:
            self.deadline.check()
            new = np.zeros_like(layer)
            for start in range(0, len(a), PAIR_BATCH):
                self.deadline.check()
                spread(layer, new, a[start : start + PAIR_BATCH], b[start : start + PAIR_BATCH])
            if mask is not None:
                new[:, -1] &= mask
            layer = new
            layers.append(layer)
        return layers

    def _unpacked(self, bits: np.ndarray) -> np.ndarray:
        """A bitset layer as booleans, [first sum, second sum]."""
        as_bytes = np.ascontiguousarray(bits).view(np.uint8)
        return np.unpackbits(as_bytes, axis=1, bitorder="little")[:, : self.shape[1]].astype(bool)

    def reach(self) -> list[np.ndarray]:
        """`reach[i][s, t]`: whether the first i lines' pairs can add up to (s, t) (made once)."""
        if self._reach is None:
            self._reach = [self._unpacked(bits) for bits in self._bitsets(self.pairs)]
        return self._reach

    def solutions(self) -> Iterator[list[list[int]]]:
        """Every solution once (the numbers, one row of the grid each), walking back from the
        last line."""
        if not self.balanced or any(len(a) == 0 for a, _ in self.pairs):
            return
        reach = self.reach()
        first, second = self.sums[0], self.sums[1]
        if not reach[-1][first, second]:
            return
        chosen = [(0, 0)] * len(self.pairs)

        def walk(line: int, s: int, t: int) -> Iterator[list[list[int]]]:
            if line < 0:
                if s == 0 and t == 0:
                    yield self._grid(chosen)
                return
            self.deadline.check()
            a, b = self.pairs[line]
            fits = np.nonzero((a <= s) & (b <= t))[0]
            before = reach[line]
            for k in fits[before[s - a[fits], t - b[fits]]]:
                chosen[line] = (int(a[k]), int(b[k]))
                yield from walk(line - 1, s - int(a[k]), t - int(b[k]))

        yield from walk(len(self.pairs) - 1, first, second)

    def count(self) -> int:
        """The number of solutions, exact (module docstring)."""
        from boardlab.families.cnote.dp3_kernels import count_points

        if not self.balanced or any(len(a) == 0 for a, _ in self.pairs):
            return 0
        forward = self.reach()
        backward = [self._unpacked(bits) for bits in self._bitsets(self.pairs[::-1])]
        lines = len(self.pairs)
        useful = [forward[i] & backward[lines - i][::-1, ::-1] for i in range(lines + 1)]
        if not useful[lines][-1, -1]:
            return 0
        points = [np.nonzero(layer) for layer in useful]
        bound = prod(len(a) for a, _ in self.pairs)
        moduli = [0] if bound < INT64_BOUND else []
        if not moduli:
            product = 1
            for p in PRIMES:
                moduli.append(p)
                product *= p
                if product > bound:
                    break
            else:
                raise OverflowError("the count's bound exceeds the primes' product")  # pragma: no cover
        residues = []
        for modulus in moduli:
            before = np.zeros(self.shape, dtype=np.int64)
            before[0, 0] = 1
            for i, (a, b) in enumerate(self.pairs, start=1):
                self.deadline.check()
                after = np.zeros(self.shape, dtype=np.int64)
                xs, ys = points[i]
                for start in range(0, len(xs), 4096):
                    self.deadline.check()
                    part = slice(start, start + 4096)
                    count_points(before, after, xs[part], ys[part], a, b, np.int64(modulus))
                before = after
            residues.append(int(before[-1, -1]))
        if moduli == [0]:
            return residues[0]
        total, product = 0, 1
        for residue, modulus in zip(residues, moduli):  # the Chinese remainder theorem, step by step
            step = ((residue - total) * pow(product, -1, modulus)) % modulus
            total += product * step
            product *= modulus
        return total

    def _grid(self, chosen: list[tuple[int, int]]) -> list[list[int]]:
        lines = []
        for (a, b), target in zip(chosen, self.targets):
            numbers = [0, 0, 0]
            for k, value in zip(self.order, (a, b, target - a - b)):
                numbers[k] = value
            lines.append(numbers)
        return [list(column) for column in zip(*lines)] if self.transposed else lines
