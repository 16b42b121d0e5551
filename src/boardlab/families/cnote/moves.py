"""Two solutions of a 3x3 C-Note grid shown by a move of ten, for whole pairs of rows at once:
the exhaustive scan's shortcut past the transforms (`exhaustive.PairScanner.settle`;
docs/cnote.md, "Exhaustive 3x3 search", Lemma 7).

**Lemma 7 (a move of ten).** Let X solve a digit grid D (every line adding up to T), and let
rows r != r' and columns c != c' be such that the four numbers X[r][c], X[r][c'], X[r'][c],
X[r'][c'] are at least 11 and each shows its cell's digit as its units digit. Then X + 10 E,
where E is +1 at (r, c) and (r', c') and -1 at (r, c') and (r', c), is a second solution.
*Proof.* Every row and column of E adds up to 0, so the line sums stay T. The four changed
numbers stay at least 1 and keep their units digit, so they still contain their digits; the
other numbers do not change. E != 0. QED.

So a grid with a solution of that shape has at least two solutions, and its count is never 1.
The scan fixes the first two rows (A, B) and needs the counts of the third rows C that
`pair_representatives`' covering leaves to this pair (`needed`: key(C) and every column's key
at most key(A), Lemma 4).

*The third rows a move on rows A and B reaches* (`cover`). For a column pair (c, c') (o the
third column) take the row values of A with a_c = 10 k + A_c and a_c' = 10 k' + A_c', k, k'
>= 1 (the units digits are the digits, the numbers at least 11) and a_o = T - a_c - a_c' >= 1
containing A_o (`_support`); the same for B with (l, l'). Their column sums are 10 (k + l) +
A_c + B_c and 10 (k' + l') + A_c' + B_c': the set S of reachable (k + l, k' + l') is a boolean
convolution of two arrays of about (T / 10)^2 entries (bit rows, `_convolve`), a hundredth of
the transforms' area. Each point of S gives the third row's numbers c_c = T - (column sum),
c_c' likewise and c_o = T - c_c - c_c' (column o then adds up by the totals); where all three
are positive, every third row C whose digits they contain has a solution with the move on rows
A and B (`_ab_cover`): C is covered. The column pairs are tried in turn until every needed row
is covered.

Every covered grid has a solution of Lemma 7's shape (the rows' values and c satisfy every line
and every containment by construction), so its count is at least 2. Rows not covered may still
have many solutions of other shapes (e.g. `5 9 9 / 5 9 9 / 7 1 5` at 620: 728 or more, where a
9 shown in the tens place fixes the units digit and the residues modulo 100 leave no solution
of this shape): the scan counts those (`exhaustive.PairScanner.settle`). Tests: the
transforms' exact counts of covered grids, and explicit pairs of solutions (`witness`) passed
through `verify`.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()

# the lowest set bit of each 9-bit mask (`convolution.digit_masks`)
_LOWEST9 = np.array([0] + [(m & -m).bit_length() - 1 for m in range(1, 512)], dtype=np.int64)
# the column pairs (c, c') and the third column o
_COLUMNS = np.array([[0, 1, 2], [0, 2, 1], [1, 2, 0]], dtype=np.int64)


@njit(cache=True, nogil=True)
def _key(x: int, y: int, z: int) -> int:  # pragma: no cover
    """A line's key (digits sorted, largest first) as one integer, compared as the tuples are."""
    if x < y:
        x, y = y, x
    if y < z:
        y, z = z, y
    if x < y:
        x, y = y, x
    return 100 * x + 10 * y + z


@njit(cache=True, nogil=True)
def needed(a: np.ndarray, b: np.ndarray) -> np.ndarray:  # pragma: no cover
    """The third rows C (index [C_1 - 1, C_2 - 1, C_3 - 1]) that Lemma 4's covering leaves to
    the pair (A, B): key(C) and the keys of the three columns at most key(A)."""
    top = _key(a[0], a[1], a[2])
    need = np.zeros((9, 9, 9), dtype=np.bool_)
    for x in range(9):
        for y in range(9):
            for z in range(9):
                if _key(x + 1, y + 1, z + 1) > top:
                    continue
                if _key(a[0], b[0], x + 1) > top or _key(a[1], b[1], y + 1) > top:
                    continue
                if _key(a[2], b[2], z + 1) > top:
                    continue
                need[x, y, z] = True
    return need


@njit(cache=True, nogil=True)
def _support(
    target: int, row: np.ndarray, c: int, cp: int, o: int, masks: np.ndarray, size: int
) -> np.ndarray:  # pragma: no cover
    """Bit rows of the row's values with v_c = 10 k + row[c] and v_c' = 10 k' + row[c'] (k,
    k' >= 1: numbers of at least 11 showing their digits as units digits) and v_o = T - v_c - v_c'
    >= 1 containing row[o]: word [k, w] holds bits k' of 64 w .. 64 w + 63."""
    words = (size + 63) // 64
    out = np.zeros((size, words), dtype=np.uint64)
    for k in range(1, size):
        for kp in range(1, size):
            vo = target - 10 * (k + kp) - row[c] - row[cp]
            if vo < 1:
                break
            if (masks[vo] >> (row[o] - 1)) & 1:
                out[k, kp >> 6] |= np.uint64(1) << np.uint64(kp & 63)
    return out


@njit(cache=True, nogil=True)
def _bits(x: np.ndarray) -> int:  # pragma: no cover
    """The number of set bits of a bit-row array."""
    count = 0
    for k in range(x.shape[0]):
        for w in range(x.shape[1]):
            bits = x[k, w]
            while bits:
                bits &= bits - np.uint64(1)
                count += 1
    return count


@njit(cache=True, nogil=True)
def _convolve(x: np.ndarray, y: np.ndarray) -> np.ndarray:  # pragma: no cover
    """The boolean convolution of two bit-row arrays (`_support`): bit (K, K') is set when some
    set bits (k, k') of x and (l, l') of y have k + l = K and k' + l' = K' (the sparser one's
    bits are walked, the other's words shifted)."""
    if _bits(y) < _bits(x):
        x, y = y, x
    size, words = x.shape
    out_words = 2 * words + 1
    out = np.zeros((2 * size, out_words), dtype=np.uint64)
    for k in range(size):
        for w in range(words):
            bits = x[k, w]
            while bits:
                kp = 64 * w + _lowest(bits)
                bits &= bits - np.uint64(1)
                q, r = kp >> 6, kp & 63
                for l in range(size):
                    for v in range(words):
                        value = y[l, v]
                        if value == 0:
                            continue
                        out[k + l, v + q] |= value << np.uint64(r)
                        if r:
                            out[k + l, v + q + 1] |= value >> np.uint64(64 - r)
    return out


@njit(cache=True, nogil=True)
def _lowest(bits: np.uint64) -> int:  # pragma: no cover
    """The index of the lowest set bit of a non-zero word."""
    low = bits & (~bits + np.uint64(1))
    return int(np.log2(float(low)) + 0.5)


@njit(cache=True, nogil=True)
def _ab_cover(
    target: int,
    a: np.ndarray,
    b: np.ndarray,
    cols: np.ndarray,
    s: np.ndarray,
    masks: np.ndarray,
    digits_o: np.ndarray,
) -> None:  # pragma: no cover
    """Mark the third rows covered by the points of `s` (moves on rows A and B, columns
    cols = (c, c', o)): C with C_c in c_c, C_c' in c_c' and C_o in c_o. `digits_o[x, y]` is
    the bit mask of the digits C_o covered with C_c = x + 1, C_c' = y + 1."""
    c, cp = cols[0], cols[1]
    row = np.zeros(9, dtype=np.int64)  # this row of s: C_o digits by C_c' digit
    for big in range(s.shape[0]):
        third_c = target - 10 * big - a[c] - b[c]
        if third_c < 1:
            break
        row[:] = 0
        for w in range(s.shape[1]):
            bits = s[big, w]
            while bits:
                bigp = 64 * w + _lowest(bits)
                bits &= bits - np.uint64(1)
                third_cp = target - 10 * bigp - a[cp] - b[cp]
                third_o = target - third_c - third_cp
                if third_cp < 1 or third_o < 1:
                    continue
                digits, mask_o = masks[third_cp], masks[third_o]
                while digits:
                    row[_LOWEST9[digits]] |= mask_o
                    digits &= digits - 1
        digits = masks[third_c]
        while digits:
            digits_o[_LOWEST9[digits]] |= row
            digits &= digits - 1


@njit(cache=True, nogil=True)
def cover(
    target: int, a: np.ndarray, b: np.ndarray, masks: np.ndarray, need: np.ndarray
) -> np.ndarray:  # pragma: no cover
    """The third rows C (index [C_1 - 1, C_2 - 1, C_3 - 1]) with a solution of Lemma 7's shape
    moving rows A and B, found column pair by column pair until every row of `need` is in (so
    the answer may hold fewer of the others than it could)."""
    size = target // 10 + 1
    covered = np.zeros((9, 9, 9), dtype=np.bool_)
    pairs = np.zeros((9, 9), dtype=np.int64)
    for i in range(3):
        c, cp, o = _COLUMNS[i, 0], _COLUMNS[i, 1], _COLUMNS[i, 2]
        units_a = _support(target, a, c, cp, o, masks, size)
        units_b = _support(target, b, c, cp, o, masks, size)
        pairs[:, :] = 0
        _ab_cover(target, a, b, _COLUMNS[i], _convolve(units_a, units_b), masks, pairs)
        _spread(pairs, _COLUMNS[i], covered)
        if _left(need, covered) == 0:
            break
    return covered


@njit(cache=True, nogil=True)
def _left(need: np.ndarray, covered: np.ndarray) -> int:  # pragma: no cover
    """How many rows of `need` are not covered."""
    left = 0
    for x in range(9):
        for y in range(9):
            for z in range(9):
                if need[x, y, z] and not covered[x, y, z]:
                    left += 1
    return left


@njit(cache=True, nogil=True)
def _spread(pairs: np.ndarray, cols: np.ndarray, covered: np.ndarray) -> None:  # pragma: no cover
    """Mark `covered` from masks by column pair: pairs[x, y] holds the digits C_o covered
    with C_c = x + 1 and C_c' = y + 1, cols = (c, c', o)."""
    index = np.zeros(3, dtype=np.int64)
    for x in range(9):
        index[cols[0]] = x
        for y in range(9):
            index[cols[1]] = y
            for z in range(9):
                if (pairs[x, y] >> z) & 1:
                    index[cols[2]] = z
                    covered[index[0], index[1], index[2]] = True


def witness(target: int, grid: tuple[tuple[int, ...], ...]) -> tuple[list[list[int]], list[list[int]]] | None:
    """Two solutions of a 3x3 grid (every line at `target`) related by a move of Lemma 7 on its
    first two rows, by plain search over the moving cells' tens (for tests and examples; slow):
    (X, X + 10 E), or None when no solution has that shape. `cover` holds exactly the third rows
    for which this finds one."""
    digits = [list(row) for row in grid]

    def has(number: int, digit: int) -> bool:
        return number >= 1 and str(digit) in str(number)

    def values(row: list[int], c: int, cp: int) -> Iterator[list[int]]:
        """The row's values with the numbers at c and c' of Lemma 7's shape (k, k' >= 1)."""
        o = 3 - c - cp
        for k in range(1, target // 10 + 1):
            for kp in range(1, target // 10 + 1):
                value = [0, 0, 0]
                value[c], value[cp] = 10 * k + row[c], 10 * kp + row[cp]
                value[o] = target - value[c] - value[cp]
                if value[o] < 1:
                    break
                if has(value[o], row[o]):
                    yield value

    for c, cp in ((0, 1), (0, 2), (1, 2)):
        for first_row in values(digits[0], c, cp):
            for second_row in values(digits[1], c, cp):
                third_row = [target - first_row[j] - second_row[j] for j in range(3)]
                if all(has(third_row[j], digits[2][j]) for j in range(3)):
                    first = [first_row, second_row, third_row]
                    second = [row[:] for row in first]
                    second[0][c] += 10
                    second[0][cp] -= 10
                    second[1][c] -= 10
                    second[1][cp] += 10
                    return first, second
    return None
