"""Exact solution counts of C-Note grids with at most 3 columns (or 3 rows), by convolution.

With w <= 3 columns, a row is fixed by its first w - 1 numbers (the last one is the row target
minus them). Let `R_r` be the indicator of row r's admissible prefixes: `R_r[a]` (w = 2) or
`R_r[a, b]` (w = 3) is 1 when a, b and `target_r - a - b` are positive numbers containing their
cells' digits. A solution is one admissible prefix per row whose coordinates add up to the
first w - 1 column targets (the last column then adds up by the totals), so

    count = (R_1 * R_2 * ... * R_h)[c_1, ..., c_{w-1}]

the h-fold convolution at one point. It is computed from the discrete Fourier transforms of
the `R_r` (the convolution theorem; Cooley and Tukey, "An algorithm for the machine calculation
of complex Fourier series", 1965): the value at one point is one inverse sum,
`(1/N) sum_k prod_r F_r[k] e^{2 pi i k.c / N}`, so changing one row's digits costs one
transform. Prefixes beyond c never reach c (every coordinate is >= 0), so each `R_r` is
cut at c. *The period.* A transform of period N per axis gives the product folded: the value
at c is the sum of the product's values at c + N k over integer vectors k. Every number is at
least 1, so a row's prefix adds up to at most its target minus 1 and the product is supported
where the coordinates are >= 0 and add up to at most S - h (S = the sum of the row targets, h
rows); c's coordinates add up to S - c_w (c_w: the last column's target), and coordinate j of
the product is at most min(S, h c_j) (the rows are cut at c). A k with a negative entry leaves
the support on that axis when N_j > c_j. A non-zero k >= 0 leaves it on an axis j with k_j >= 1
where N_j > min(S, h c_j) - c_j (by that coordinate), and otherwise when every axis with
k_j >= 1 has N_j > c_w - h (the sum grows by at least N_j, beyond S - h). So a period
N_j > max(c_j, min(min(S, h c_j) - c_j, c_w - h)) on each axis avoids aliasing (the next
5-smooth length is taken, for speed): about the target on a 3x3 grid. (Until the twelfth
session only the coordinate bound was used: twice as long per axis on square grids, 4 times
the entries.) Grids with at most 3 rows are counted transposed.

All the digit choices of one row at once (`line_counts`, the heat bath of the generator): with
the other rows fixed, `Q = R_1 * ... (without row r) ... * R_h` is one inverse transform, and
the count of row r's digits (d_1, d_2, d_3) is `sum over a, b of Q[c_1 - a, c_2 - b]` over the
prefixes (a, b) whose three numbers contain d_1, d_2, d_3: one pass over Q's entries (a
compiled kernel) adds each entry to the 9^3 counts of the digits its three numbers contain.
Q is read at points c - x, x a prefix of row r, and an alias c - x + N k in Q's support would
put c + N k in the support of the whole product for a choice of row r's digits that x's
numbers contain: the same period avoids aliasing there too.

Floating point: the counts are sums of products of 0/1 values, rounded at the end; exact for
the counts that matter here (tested against the brute-force enumerator), and the generator
only uses them as a guide: every puzzle is proven unique by CP-SAT afterwards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

import numpy as np

#: The largest transform (entries) counted this way; larger grids/targets are not supported.
MAX_ENTRIES = 4_200_000
#: ... and the most entries of all rows' transforms together (memory: 16 bytes per 2 entries,
#: so 128 MB; 3x3 at target 1,000 has 3.1 million).
MAX_TOTAL = 16_000_000
#: The largest count `Counter.line_counts` reports (2^62, within int64); a larger one is this.
HUGE = float(2**62)


def smooth(n: int) -> int:
    """The least 5-smooth number (2^i 3^j 5^k) >= n: a transform length FFTs handle fast (a
    longer period is as good: it only has to exceed the bound above; 2T + 1 is often prime,
    and prime lengths cost pocketfft several times more)."""
    best = 1
    while best < n:
        best *= 2
    five = 1
    while five < 2 * n:
        three = five
        while three < 2 * n:
            two = three
            while two < n:
                two *= 2
            best = min(best, two)
            three *= 3
        five *= 5
    return best


@lru_cache(maxsize=8)
def digit_table(top: int) -> tuple[np.ndarray, np.ndarray]:
    """For 0..top: the distinct non-zero digits of each number (row v, first `size[v]` entries)."""
    digits = np.zeros((top + 1, 9), dtype=np.int64)
    size = np.zeros(top + 1, dtype=np.int64)
    for v in range(1, top + 1):
        found = sorted({int(ch) for ch in str(v)} - {0})
        digits[v, : len(found)] = found
        size[v] = len(found)
    return digits, size


@lru_cache(maxsize=8)
def digit_codes(top: int) -> np.ndarray:
    """`digit_table` packed for the compiled kernels: for 0..top, one integer per number whose
    low 4 bits are the count of its distinct non-zero digits and whose next 4-bit groups are
    those digits minus 1, in `digit_table`'s order. A kernel unpacks a number's digits from
    one load instead of reading a row of the table (the 3x3 pair kernel took 2.4-2.7 ms instead
    of 3.4-3.6 ms per pair at T = 620, docs/cnote.md "Exhaustive 3x3 search")."""
    digits, size = digit_table(top)
    codes = size.copy()  # at most 9 digits: 40 bits
    width = int(size.max(initial=0))
    for k in range(width):
        codes |= np.where(k < size, digits[:, k] - 1, 0) << (4 + 4 * k)
    return codes


def digit_masks(top: int) -> np.ndarray:
    """`digit_table` as bit masks: for 0..top, bit d - 1 set for each non-zero digit d."""
    digits, size = digit_table(top)
    present = np.arange(9) < size[:, None]
    return (np.where(present, 1 << np.maximum(digits - 1, 0), 0)).sum(axis=1)


@lru_cache(maxsize=64)
def admissible(digit: int, top: int) -> np.ndarray:
    """Boolean array over 0..top: positive numbers whose decimal writing contains `digit`."""
    text = str(digit)
    return np.array([v > 0 and text in str(v) for v in range(top + 1)], dtype=bool)


@lru_cache(maxsize=40)
def third(digit: int, target: int, first: int, second: int) -> np.ndarray:
    """Over the prefixes (a, b) of a 3-wide row, a < `first`, b < `second`: whether its third
    number, target - a - b, is positive and contains `digit` (the same for every row of this
    target; kept for the next row)."""
    rest = target - np.arange(first)[:, None] - np.arange(second)[None, :]
    inside = rest >= 1
    return inside & admissible(digit, target)[np.where(inside, rest, 0)]


def inverse_into(product: np.ndarray, columns: np.ndarray, out: np.ndarray) -> np.ndarray:
    """The real 2-D inverse transform of `product` (an rfft2 spectrum) into `out`, one axis at
    a time through `columns` (the same shape as `product`): with buffers kept from call to
    call, since fresh arrays of this size cost more than the transform (irfft2 of 360 x 181
    entries: 2.7 ms with new arrays, 0.9 ms in kept buffers; measured, eleventh session)."""
    np.fft.ifft(product, axis=0, out=columns)
    np.fft.irfft(columns, n=out.shape[1], axis=1, out=out)
    return out


class Counter:
    """Counts of one grid shape and line targets, one row's digits changed at a time.

    `rows`/`cols` are the line targets; the grid has at most 3 columns, or at most 3 rows (then
    it is handled transposed). `set_row(r, digits)` sets a row of digits (for a transposed
    grid, use `set_digits`); `count()` is the number of solutions.
    """

    def __init__(self, rows: list[int], cols: list[int]):
        self.transposed = len(cols) > 3
        if self.transposed:
            rows, cols = cols, rows
        if len(cols) > 3 or len(cols) < 1:
            raise ValueError("convolution counts need at most 3 columns or at most 3 rows")
        self.rows, self.cols = list(rows), list(cols)
        self.dims = len(cols) - 1
        total = sum(rows)
        self.point = tuple(cols[: self.dims])
        # prefixes beyond the point never reach it (every coordinate is >= 0): rows are cut there
        self.possible = total == sum(cols) and min(cols) >= 1
        # the period (module docstring): above every point coordinate, and above the lesser of
        # the two reaches of the product beyond it (by coordinate, by sum)
        self.size = tuple(
            smooth(max(c, min(min(total, len(rows) * c) - c, cols[-1] - len(rows))) + 1) for c in self.point
        )
        #: entries of one transform (its cost grows about linearly with them)
        self.entries = int(np.prod(self.size, dtype=np.int64))
        if self.entries > MAX_ENTRIES or self.entries * len(rows) > MAX_TOTAL:
            raise ValueError("grid and targets too large for convolution counts")
        self.spectra: list[np.ndarray | None] = [None] * len(rows)
        self.zero = [False] * len(rows)
        self._last: tuple[int, np.ndarray | None, bool] = (0, None, False)
        self._buffers: tuple[np.ndarray, np.ndarray | None, np.ndarray] | None = None
        if self.dims:
            # the phase factor that evaluates the inverse transform at `point`
            phase = np.ones((), dtype=np.complex128)
            for axis, (n, c) in enumerate(zip(self.size, self.point)):
                freqs = np.arange(n // 2 + 1 if axis == self.dims - 1 else n)
                shape = [1] * self.dims
                shape[axis] = len(freqs)
                phase = phase * np.exp(2j * np.pi * freqs * c / n).reshape(shape)
            # the real inverse transform at one point: rfft keeps half of the last axis, so the
            # other frequencies count twice (their conjugates), except 0 and the Nyquist one;
            # the phase, these weights and 1/N are folded into one array
            last = self.size[-1]
            weights = np.full(last // 2 + 1, 2.0)
            weights[0] = 1.0
            if last % 2 == 0:
                weights[-1] = 1.0
            self.weighted = phase * weights / float(np.prod(self.size))

    def set_digits(self, grid: list[list[int]]) -> None:
        """Every row's digits from a grid in the caller's orientation."""
        lines = [list(col) for col in zip(*grid)] if self.transposed else grid
        for r, digits in enumerate(lines):
            self.set_row(r, digits)

    def set_cell(self, grid: list[list[int]], r: int, c: int) -> None:
        """Update after cell (r, c) of `grid` (the caller's orientation) changed."""
        if self.transposed:
            self.set_row(c, [row[c] for row in grid])
        else:
            self.set_row(r, grid[r])

    def undo(self) -> None:
        """Back to before the last `set_row`/`set_cell` (a refused annealing move), for free."""
        r, spectrum, zero = self._last
        self.spectra[r], self.zero[r] = spectrum, zero

    def set_row(self, r: int, digits: list[int]) -> None:
        target = self.rows[r]
        self._last = (r, self.spectra[r], self.zero[r])
        if self.dims == 0:
            self.zero[r] = not bool(admissible(digits[0], max(target, 1))[target])
            return
        if not self.possible:
            return
        sets = [admissible(d, target) for d in digits]
        if self.dims == 1:
            a = np.arange(min(target, self.point[0]) + 1)
            line = sets[0][a] & sets[1][target - a]
        else:
            a = np.arange(min(target, self.point[0]) + 1)
            b = np.arange(min(target, self.point[1]) + 1)
            line = sets[0][a][:, None] & sets[1][b][None, :] & third(digits[2], target, len(a), len(b))
        self.zero[r] = not line.any()
        # the prefix coordinates are at most the point's, which is below the period
        self.spectra[r] = np.fft.rfftn(line.astype(np.float64), self.size, axes=tuple(range(self.dims)))

    def line_counts(self, r: int) -> np.ndarray:
        """The count of every digit choice of line r (a row of the counter's orientation: a
        column of the caller's grid when `transposed`), the other lines as set: an array of
        shape (9,) * width, entry [d1 - 1, d2 - 1, ...] for digits d1, d2, ... One inverse
        transform and one pass of a compiled kernel (module docstring). A call is short (at
        most about 0.3 s, at the largest transforms `MAX_ENTRIES` allows), so Ctrl-C and time
        limits land between calls; the kernel needs no stop flag (`core.interrupts`)."""
        width = self.dims + 1
        target = self.rows[r]
        others = [i for i in range(len(self.rows)) if i != r]
        if not self.possible or any(self.zero[i] for i in others):
            return np.zeros((9,) * width, dtype=np.int64)
        digits, size = digit_table(max(target, 1))
        if self.dims == 0:
            return np.array(
                [float(bool(target) and d in digits[target, : size[target]]) for d in range(1, 10)]
            ).astype(np.int64)
        if others:
            spectra = [self.spectra[i] for i in others]
            if any(spectrum is None for spectrum in spectra):
                raise ValueError("every other line's digits must be set before counting a line")
            q = self._inverse(cast(list[np.ndarray], spectra))
        else:
            q = np.zeros(self.size)
            q[(0,) * self.dims] = 1.0
        # q[a, b] = Q[c1 - a, c2 - b] for the prefixes a <= min(target, c1), b <= min(target, c2):
        # a reversed view (the kernels round each entry they read)
        q = q[tuple(slice(c, c - min(target, c) - 1 if c > target else None, -1) for c in self.point)]
        # compiled kernels, imported here: numba costs ~0.25 s of start-up to every command
        # that imports this module, and only the heat bath counts whole lines
        from boardlab.families.cnote.line_kernels import pair_counts, triple_counts

        kernel = pair_counts if self.dims == 1 else triple_counts
        counts = np.rint(kernel(q, target, digit_codes(max(target, 1))))
        # counts beyond int64 (8 columns of 3 rows at 1,000 reach 10^18 and more) are kept at `HUGE`:
        # cast as they are, they wrapped to negative numbers, which the heat bath took for "no
        # solution" (thirty-first session)
        return np.minimum(counts, HUGE).astype(np.int64)

    def _inverse(self, spectra: list[np.ndarray]) -> np.ndarray:
        """The inverse transform of the product of `spectra`, in buffers kept from call to call
        (`inverse_into`); valid until the next call."""
        if self._buffers is None:
            half = (*self.size[:-1], self.size[-1] // 2 + 1)
            columns = np.empty(half, dtype=np.complex128) if self.dims == 2 else None
            self._buffers = (np.empty(half, dtype=np.complex128), columns, np.empty(self.size))
        product, columns, q = self._buffers
        np.copyto(product, spectra[0])
        for spectrum in spectra[1:]:
            product *= spectrum
        if columns is None:
            return np.fft.irfft(product, n=self.size[0], out=q)
        return inverse_into(product, columns, q)

    def count(self) -> int:
        """The number of solutions of the digits set so far."""
        if not self.possible or any(self.zero):
            return 0
        if self.dims == 0:
            return 1
        spectra = [spectrum for spectrum in self.spectra if spectrum is not None]
        product = spectra[0] * self.weighted
        for spectrum in spectra[1:]:
            product *= spectrum
        value = float(np.sum(product.real))
        return max(0, int(round(value)))
