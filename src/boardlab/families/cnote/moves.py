"""Two solutions of a 3x3 C-Note grid shown by a move of ten, for whole pairs of rows at once:
the exhaustive scan's shortcut past the transforms (`exhaustive.scan`; docs/cnote.md,
"Exhaustive 3x3 search", Lemma 7).

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
at most key(A), Lemma 4); a pair whose needed third rows all have such a solution cannot hold a
unique grid, and the scan skips its transforms.

*Moves on rows A and B* (`_ab_cover`). For a column pair (c, c') (o the third column) take
the row values of A with a_c = 10 k + A_c and a_c' = 10 k' + A_c', k, k' >= 1 (the units digits
are the digits, the numbers at least 11) and a_o = T - a_c - a_c' >= 1 containing A_o; the same
for B with (l, l'). Their column sums are 10 (k + l) + A_c + B_c and 10 (k' + l') + A_c' +
B_c': the set S of reachable (k + l, k' + l') is a boolean convolution of two arrays of about
(T / 10)^2 entries (bit rows, `_convolve`), a hundredth of the transforms' area. Each point of
S gives the third row c_c = T - (column sum), c_c' likewise and c_o = T - c_c - c_c' (then
column o adds up by the totals); where all three are positive, every third row C whose digits
they contain has a solution with the move on rows A, B: those C are covered.

*Moves on a row of the pair and the third* (`_third_cover`, for the needed C left over): rows
X in {A, B} and C with the move on (c, c'), Y the other row of the pair. X's values as above;
c_c must show C_c as its units digit and be at least 11, so Y's value b_c = T - a_c - c_c is
congruent to T - X_c - C_c modulo 10: Y's values are taken on that residue class (any number
>= 1 containing Y's digit), the same convolution gives the reachable sums, and a point with
c_c, c_c' >= 11 (their units digits are then C's by the residues) and c_o >= 1 containing C_o
covers C.

Every covered grid has a solution X of Lemma 7's shape (the rows' values and c satisfy every
line and containment by construction), so its count is 0-free and at least 2. The shortcut
says nothing about third rows it does not cover: their pair is counted exactly. Measured on
200 random representative pairs: with moves on A and B alone 41 % (T = 620) and 76 % (800)
of the pairs are covered, with the third row's moves too 81 % and 96.5 % (eighteenth session).
The counts are checked against the transforms' exact counts and explicit pairs of solutions
(`witness`) in the tests.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()

#: Uncovered needed third rows after the moves on A and B beyond which the pair is counted
#: exactly instead (each left-over row costs up to 6 convolutions; at T = 620 on 200 random
#: pairs a limit of 24 covered 145 in 1.4 ms a pair, 60 covered 162 in 2.0 ms, no limit 162).
LEFT_OVER_LIMIT = 60

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
    target: int,
    row: np.ndarray,
    c: int,
    cp: int,
    o: int,
    rc: int,
    rcp: int,
    least: int,
    masks: np.ndarray,
    size: int,
) -> np.ndarray:  # pragma: no cover
    """Bit rows of the row values with v_c = 10 k + rc, v_c' = 10 k' + rcp (both >= `least`
    and containing the row's digits there) and v_o = T - v_c - v_c' >= 1 containing its digit:
    word [k, w] holds bits k' of 64 w .. 64 w + 63."""
    words = (size + 63) // 64
    out = np.zeros((size, words), dtype=np.uint64)
    for k in range(size):
        vc = 10 * k + rc
        if vc > target - 2:
            break
        if vc < least or not (masks[vc] >> (row[c] - 1)) & 1:
            continue
        for kp in range(size):
            vcp = 10 * kp + rcp
            vo = target - vc - vcp
            if vo < 1:
                break
            if vcp < least or not (masks[vcp] >> (row[cp] - 1)) & 1:
                continue
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
    covered: np.ndarray,
) -> None:  # pragma: no cover
    """Mark the third rows covered by the points of `s` (moves on rows A and B, columns
    cols = (c, c', o)): C with C_c in c_c, C_c' in c_c' and C_o in c_o. `covered[x, y]` is
    the bit mask of the digits C_o for C_c = x + 1, C_c' = y + 1."""
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
            covered[_LOWEST9[digits]] |= row
            digits &= digits - 1


@njit(cache=True, nogil=True)
def _third_cover(
    target: int,
    x: np.ndarray,
    y: np.ndarray,
    digit_c: int,
    digit_cp: int,
    cols: np.ndarray,
    units: np.ndarray,
    masks: np.ndarray,
    size: int,
) -> int:  # pragma: no cover
    """The digits C_o (a bit mask) of the third rows with C_c = digit_c and C_c' = digit_cp
    covered by a move on rows X and C at cols = (c, c', o), Y's values on the residue class
    that makes C's units digits its digits; `units` is X's support of `_support` (units
    digits, numbers >= 11)."""
    c, cp, o = cols[0], cols[1], cols[2]
    rc = (target - x[c] - digit_c) % 10
    rcp = (target - x[cp] - digit_cp) % 10
    s = _convolve(units, _support(target, y, c, cp, o, rc, rcp, 1, masks, size))
    found = 0
    for big in range(s.shape[0]):
        third_c = target - 10 * big - x[c] - rc
        if third_c < 11:
            break
        for w in range(s.shape[1]):
            bits = s[big, w]
            while bits:
                bigp = 64 * w + _lowest(bits)
                bits &= bits - np.uint64(1)
                third_cp = target - 10 * bigp - x[cp] - rcp
                third_o = target - third_c - third_cp
                if third_cp >= 11 and third_o >= 1:
                    found |= masks[third_o]
    return found


@njit(cache=True, nogil=True)
def cover(
    target: int,
    a: np.ndarray,
    b: np.ndarray,
    masks: np.ndarray,
    need: np.ndarray,
    limit: int,
    early: bool,
) -> np.ndarray:  # pragma: no cover
    """The third rows C (index [C_1 - 1, C_2 - 1, C_3 - 1]) with a solution of Lemma 7's shape
    under the pair (A, B): every row the moves on A and B reach, and of the rows in `need` left
    over, the ones a move on A or B and C reaches. Those are looked at only when at most
    `limit` are left, and with `early` no further once one of them is not reached (the answer
    then holds fewer rows than it could)."""
    size = target // 10 + 1
    words = (size + 63) // 64
    covered = np.zeros((9, 9, 9), dtype=np.bool_)
    units_a = np.zeros((3, size, words), dtype=np.uint64)
    units_b = np.zeros_like(units_a)
    pairs = np.zeros((9, 9), dtype=np.int64)
    for i in range(3):
        c, cp, o = _COLUMNS[i, 0], _COLUMNS[i, 1], _COLUMNS[i, 2]
        units_a[i] = _support(target, a, c, cp, o, a[c], a[cp], 11, masks, size)
        units_b[i] = _support(target, b, c, cp, o, b[c], b[cp], 11, masks, size)
    for i in range(3):
        pairs[:, :] = 0
        _ab_cover(target, a, b, _COLUMNS[i], _convolve(units_a[i], units_b[i]), masks, pairs)
        _spread(pairs, _COLUMNS[i], covered)
        if early and _left(need, covered) == 0:
            return covered
    if _left(need, covered) > limit:
        return covered
    index = np.zeros(3, dtype=np.int64)
    for x in range(9):
        for y in range(9):
            for z in range(9):
                if not need[x, y, z] or covered[x, y, z]:
                    continue
                index[0], index[1], index[2] = x, y, z
                for i in range(3):
                    c, cp, o = _COLUMNS[i, 0], _COLUMNS[i, 1], _COLUMNS[i, 2]
                    for role in range(2):
                        here, there, units = (a, b, units_a[i]) if role == 0 else (b, a, units_b[i])
                        found = _third_cover(
                            target, here, there, index[c] + 1, index[cp] + 1, _COLUMNS[i], units, masks, size
                        )
                        for d in range(9):  # every C_o reached, for these C_c and C_c'
                            if (found >> d) & 1:
                                index[o] = d
                                covered[index[0], index[1], index[2]] = True
                        index[0], index[1], index[2] = x, y, z
                        if covered[x, y, z]:
                            break
                    if covered[x, y, z]:
                        break
                if early and not covered[x, y, z]:
                    return covered
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


@njit(cache=True, nogil=True)
def covers(
    target: int, a: np.ndarray, b: np.ndarray, masks: np.ndarray, limit: int
) -> bool:  # pragma: no cover
    """Whether every third row the pair (A, B) needs (`needed`) has a solution of Lemma 7's
    shape, so that no grid of the pair the scan needs has one solution. False may also mean
    that more than `limit` needed rows were left after the moves on A and B: count exactly."""
    need = needed(a, b)
    return _left(need, cover(target, a, b, masks, need, limit, True)) == 0


def witness(target: int, grid: tuple[tuple[int, ...], ...]) -> tuple[list[list[int]], list[list[int]]] | None:
    """Two solutions of a 3x3 grid related by a move of Lemma 7 with every line at `target`, by
    plain search over the moving cells' tens (for tests and examples; slow): (X, X + 10 E), or
    None when there is no solution of that shape."""
    digits = [list(row) for row in grid]

    def has(number: int, digit: int) -> bool:
        return number >= 1 and str(digit) in str(number)

    for r, rp in ((0, 1), (0, 2), (1, 2)):
        s = 3 - r - rp  # the row that does not move
        for c, cp in ((0, 1), (0, 2), (1, 2)):
            o = 3 - c - cp
            for k in range(1, target // 10 + 1):
                for kp in range(1, target // 10 + 1):
                    xr = [0, 0, 0]
                    xr[c], xr[cp] = 10 * k + digits[r][c], 10 * kp + digits[r][cp]
                    xr[o] = target - xr[c] - xr[cp]
                    if xr[o] < 1:
                        break
                    if not has(xr[o], digits[r][o]):
                        continue
                    for l in range(1, target // 10 + 1):
                        for lp in range(1, target // 10 + 1):
                            xp = [0, 0, 0]
                            xp[c], xp[cp] = 10 * l + digits[rp][c], 10 * lp + digits[rp][cp]
                            xp[o] = target - xp[c] - xp[cp]
                            if xp[o] < 1:
                                break
                            if not has(xp[o], digits[rp][o]):
                                continue
                            xs = [target - xr[j] - xp[j] for j in range(3)]
                            if sum(xs) != target or not all(has(xs[j], digits[s][j]) for j in range(3)):
                                continue
                            first = [[0] * 3 for _ in range(3)]
                            first[r], first[rp], first[s] = xr, xp, xs
                            second = [row[:] for row in first]
                            second[r][c] += 10
                            second[r][cp] -= 10
                            second[rp][c] -= 10
                            second[rp][cp] += 10
                            return first, second
    return None
