"""Constellation counting of N-Queens: the border queens first, one per symmetry class.

The method of the Q27 project (Preusser and Engelhardt, "Putting Queens in Carry Chains, No 27",
Journal of Signal Processing Systems 88, 2017, and the project's README at
github.com/preusser/q27) and of NQueensFAF (github.com/olego/NQueensFAF, its
`ConstellationsGenerator` and CPU solver), rewritten here for numba; no code is shared with them.

Every solution has exactly one queen in each of the four border lines: row 0, row n-1, column 0
and column n-1 (a corner queen serves two lines). Their squares, the *constellation* of the
solution, are written (a, b, c, d): the queen of row 0 in column a, of row n-1 in column b, of
column 0 in row c, of column n-1 in row d. The 8 symmetries of the square map solutions to
solutions and border lines to border lines, so they act on constellations, and the solutions
with constellation g(B) are the images under g of those with constellation B: they are as many.
Hence, summing over one representative B per orbit (the lexicographically smallest image),

    total = sum over B of (8 / |Stab(B)|) * S(B),

S(B) being the number of solutions whose constellation is exactly B and Stab(B) the symmetries
fixing B (orbit-stabiliser theorem: the orbit has 8 / |Stab(B)| members). Stab(B) never holds
all 8 symmetries, so the weight is 2, 4 or 8 (docs/nqueens.md gives the proof).

Fundamental solutions (A002562) come from the same pass. No reflection fixes a solution of
n >= 2 (a mirror through a side's middle puts two queens on one row or column; a diagonal
mirror pairs (r, c) with (c, r), which share an anti-diagonal), so a solution's own stabiliser
is 1, {id, r180} or the rotations. A solution fixed by r180 (or r90) has a constellation fixed by
it too, and S90(gB) = S90(B), S180(gB) = S180(B) (r180 is central; g r90 g^-1 is r90 or r270,
which fix the same solutions). With N180 and N90 the numbers of solutions fixed by r180 and by
r90 (weighted sums as above), the classes of 2, 4 and 8 images number N90/2, (N180 - N90)/4
and (total - N180)/8. Only constellations fixed by r180 can hold such solutions: for those (a
few per cent) a second kernel records the queens and tests each solution; the rest go through
the fast kernel.

The fast kernel (`count_unit`) knows the four border queens before it starts: their attacks
on every row are one precomputed mask per row, their rows are skipped (the diagonals shift by
the distance to the next free row), a child is entered only when the free row after it keeps
a column (NQueensFAF's look-ahead), and the last two rows are finished in place. A work unit
is a constellation plus the columns of the queens of its first `depth` free rows (the split
depth), so the constellations are cut into as many units as the executors need.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np
from numba import njit, prange
from numba.core import types
from numba.extending import intrinsic

from boardlab.core import compiling

compiling.watch()

#: Largest n, as for `fullsym` (bits shifted past bit 63 leave the board anyway).
MAX_N = 62

# the 8 symmetries of the square as maps of (row, column), n - 1 = m
_SYMMETRIES = 8
#: The bit of the 180 degree rotation in a stabiliser mask.
R180 = 1 << 3
#: Columns of a `constellations` row: weight, stabiliser, the searched member.
WEIGHT, STAB, SEARCH = 4, 5, slice(6, 10)


@njit(cache=True, inline="always")
def _image(kind: int, r: int, c: int, m: int) -> tuple[int, int]:
    if kind == 0:
        return r, c
    if kind == 1:
        return r, m - c  # left-right mirror
    if kind == 2:
        return m - r, c  # top-bottom mirror
    if kind == 3:
        return m - r, m - c  # 180 degrees
    if kind == 4:
        return c, r  # main diagonal
    if kind == 5:
        return c, m - r  # 90 degrees
    if kind == 6:
        return m - c, r  # 270 degrees
    return m - c, m - r  # anti-diagonal


@njit(cache=True)
def _attack(r1: int, c1: int, r2: int, c2: int) -> bool:
    """Two distinct squares on one row, column or diagonal."""
    if r1 == r2 and c1 == c2:
        return False
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


@njit(cache=True)
def _squares(n: int, a: int, b: int, c: int, d: int, rows: np.ndarray, cols: np.ndarray) -> int:
    """The distinct squares of constellation (a, b, c, d) into rows/cols; how many (2..4)."""
    m = n - 1
    rows[0], cols[0] = 0, a
    rows[1], cols[1] = m, b
    rows[2], cols[2] = c, 0
    rows[3], cols[3] = d, m
    k = 0
    for i in range(4):
        seen = False
        for j in range(k):
            if rows[j] == rows[i] and cols[j] == cols[i]:
                seen = True
        if not seen:
            rows[k], cols[k] = rows[i], cols[i]
            k += 1
    return k


@njit(cache=True)
def _read(n: int, rows: np.ndarray, cols: np.ndarray, k: int, out: np.ndarray) -> bool:
    """The constellation (a, b, c, d) of k border squares into `out`; False when it is not one
    (a border line without exactly one queen)."""
    m = n - 1
    counts = np.zeros(4, dtype=np.int64)
    for i in range(k):
        r, c = rows[i], cols[i]
        if r == 0:
            out[0] = c
            counts[0] += 1
        if r == m:
            out[1] = c
            counts[1] += 1
        if c == 0:
            out[2] = r
            counts[2] += 1
        if c == m:
            out[3] = r
            counts[3] += 1
    return counts[0] == 1 and counts[1] == 1 and counts[2] == 1 and counts[3] == 1


@njit(cache=True)
def constellations(n: int) -> np.ndarray:
    """One row per orbit of constellations of n >= 2: (a, b, c, d) the lexicographically
    smallest member, the weight 8 / |Stab|, the stabiliser (bit g set when symmetry g of
    `_image` fixes it), then (a, b, c, d) of the member the kernels search (`SEARCH`)."""
    m = n - 1
    rows = np.zeros(4, dtype=np.int64)
    cols = np.zeros(4, dtype=np.int64)
    irows = np.zeros(4, dtype=np.int64)
    icols = np.zeros(4, dtype=np.int64)
    image = np.zeros(4, dtype=np.int64)
    out = np.zeros((16, 10), dtype=np.int64)
    count = 0
    for a in range(n):
        for b in range(n):
            for c in range(n):
                # a corner queen is in two border lines at once
                if (a == 0) != (c == 0) or (b == 0) != (c == m):
                    continue
                for d in range(n):
                    if (a == m) != (d == 0) or (b == m) != (d == m):
                        continue
                    k = _squares(n, a, b, c, d, rows, cols)
                    ok = True
                    for i in range(k):
                        for j in range(i):
                            if _attack(rows[i], cols[i], rows[j], cols[j]):
                                ok = False
                    if not ok:
                        continue
                    smallest = True
                    stab = 0
                    for g in range(_SYMMETRIES):
                        for i in range(k):
                            irows[i], icols[i] = _image(g, rows[i], cols[i], m)
                        _read(n, irows, icols, k, image)
                        if image[0] == a and image[1] == b and image[2] == c and image[3] == d:
                            stab |= 1 << g
                            continue
                        for i in range(4):
                            own = (a, b, c, d)[i]
                            if image[i] != own:
                                if image[i] < own:
                                    smallest = False
                                break
                        if not smallest:
                            break
                    if not smallest:
                        continue
                    if count == len(out):
                        bigger = np.zeros((2 * len(out), 10), dtype=np.int64)
                        # element by element here: numba compiles a slice copy with its shape
                        # error message, seconds of string code on the first run
                        for i in range(count):
                            for j in range(10):
                                bigger[i, j] = out[i, j]
                        out = bigger
                    size = 0
                    for g in range(_SYMMETRIES):
                        size += (stab >> g) & 1
                    out[count, 0], out[count, 1], out[count, 2], out[count, 3] = a, b, c, d
                    out[count, 4], out[count, 5] = 8 // size, stab
                    # the image to search: its row n-1 queen nearest a corner, then its column
                    # queens lowest (fewest search nodes in our measurements, docs/nqueens.md)
                    best = (n, 0)
                    for g in range(_SYMMETRIES):
                        for i in range(k):
                            irows[i], icols[i] = _image(g, rows[i], cols[i], m)
                        _read(n, irows, icols, k, image)
                        key = (min(image[1], m - image[1]), -(image[2] + image[3]))
                        if key < best:
                            best = key
                            for i in range(4):
                                out[count, 6 + i] = image[i]
                    count += 1
    return out[:count].copy()


@njit(cache=True)
def _prepare(
    n: int, a: int, b: int, c: int, d: int, free: np.ndarray, order: np.ndarray, shift: np.ndarray
) -> int:
    """The free rows of constellation (a, b, c, d) in `order`, each one's columns not attacked
    by the border queens in `free` (indexed like `order`), the row distance to the next free
    row in `shift`; returns the number of free rows."""
    m = n - 1
    rows = np.zeros(4, dtype=np.int64)
    cols = np.zeros(4, dtype=np.int64)
    k = _squares(n, a, b, c, d, rows, cols)
    full = (np.uint64(1) << np.uint64(n)) - np.uint64(1)
    count = 0
    for r in range(1, m):
        if r == c or r == d:
            continue
        blocked = np.uint64(0)
        for i in range(k):
            qc = cols[i]
            dr = abs(r - rows[i])
            blocked |= np.uint64(1) << np.uint64(qc)
            if qc + dr < n:
                blocked |= np.uint64(1) << np.uint64(qc + dr)
            if qc - dr >= 0:
                blocked |= np.uint64(1) << np.uint64(qc - dr)
        free[count] = ~blocked & full
        order[count] = r
        count += 1
    for i in range(count - 1):
        shift[i] = order[i + 1] - order[i]
    if count > 0:
        shift[count - 1] = 1
    return count


@intrinsic
def _popcount(typingctx, x):  # type: ignore[no-untyped-def]
    """The number of set bits of a uint64 (LLVM's ctpop: one POPCNT instruction on x86-64)."""
    signature = types.uint64(types.uint64)

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return signature, codegen


@njit(cache=True, inline="always")
def _covers(x: np.uint64, step: np.uint64, target: np.uint64) -> bool:
    """A queen in column(s) x attacks every column of `target` in a row `step` rows away."""
    return (target & ~(x | (x << step) | (x >> step))) == np.uint64(0)


@njit(cache=True, inline="always")
def _finish_two(
    left: np.uint64, down: np.uint64, right: np.uint64, options: np.uint64, step: np.uint64, last: np.uint64
) -> np.int64:
    """Solutions of the last two free rows: `options` are the first one's free columns, `step`
    the distance to the last one, `last` the last one's columns free of the border queens.

    Without a loop or branch: with L the last row's columns left free by the queens so far, an
    option x fails exactly when x attacks all of L (x, x << step and x >> step are its attacks
    on the last row). Then x attacks L's lowest column p, so x is p, p >> step or p << step (the
    attacks are symmetric): the solutions are the options minus those of the three candidates
    that are options and attack all of L, and none when L is empty."""
    zero = np.uint64(0)
    free_last = ~((left << step) | down | (right >> step)) & last
    p = free_last & (zero - free_last)
    low, high = p >> step, p << step
    failing = np.int64((p & options) != zero) & np.int64(_covers(p, step, free_last))
    failing += np.int64((low & options) != zero) & np.int64(_covers(low, step, free_last))
    failing += np.int64((high & options) != zero) & np.int64(_covers(high, step, free_last))
    found = np.int64(_popcount(options)) - failing
    return found if free_last != zero else np.int64(0)


@njit(cache=True)
def count_unit(n: int, a: int, b: int, c: int, d: int, prefix: np.ndarray) -> np.int64:
    """Solutions with constellation (a, b, c, d) whose first free rows hold the queens of
    `prefix` (one bit per row, consistent). Iterative search on explicit per-row stacks."""
    free = np.zeros(n, dtype=np.uint64)
    order = np.zeros(n, dtype=np.int64)
    shift = np.zeros(n, dtype=np.uint64)
    rows = _prepare(n, a, b, c, d, free, order, shift)
    zero = np.uint64(0)
    l = zero
    dn = zero
    r = zero
    start = len(prefix)
    for y0 in range(start):
        bit = np.uint64(prefix[y0])
        l = (l | bit) << shift[y0]
        dn = dn | bit
        r = (r | bit) >> shift[y0]
    if start >= rows:
        return np.int64(1)
    avail0 = ~(l | dn | r) & free[start]
    if start == rows - 1:
        return np.int64(1) if avail0 != zero else np.int64(0)
    if start == rows - 2:
        return _finish_two(l, dn, r, avail0, shift[start], free[rows - 1])
    left = np.zeros(n, dtype=np.uint64)
    down = np.zeros(n, dtype=np.uint64)
    right = np.zeros(n, dtype=np.uint64)
    avail = np.zeros(n, dtype=np.uint64)
    one = np.uint64(1)
    first = np.uint64(start)
    pen = np.uint64(rows - 2)
    step_last = shift[rows - 2]
    last_free = free[rows - 1]
    y = first
    a_ = avail0
    total = np.int64(0)
    while True:
        if a_ == zero:
            if y == first:
                break
            y -= one
            l = left[y]
            dn = down[y]
            r = right[y]
            a_ = avail[y]
            continue
        bit = a_ & (zero - a_)
        a_ ^= bit
        s = shift[y]
        nl = (l | bit) << s
        nd = dn | bit
        nr = (r | bit) >> s
        ny = y + one
        nb = ~(nl | nd | nr) & free[ny]
        if nb == zero:
            continue
        if ny == pen:
            total += _finish_two(nl, nd, nr, nb, step_last, last_free)
            continue
        # look ahead: the free row after the child must keep a column even before the child's
        # queen is placed (NQueensFAF's CPU solver checks the same)
        s = shift[ny]
        if ~((nl << s) | nd | (nr >> s)) & free[ny + one] == zero:
            continue
        left[y] = l
        down[y] = dn
        right[y] = r
        avail[y] = a_
        y = ny
        l = nl
        dn = nd
        r = nr
        a_ = nb
    return total


@njit(cache=True)
def _column(bit: np.uint64) -> int:
    col = 0
    while bit > np.uint64(1):
        bit >>= np.uint64(1)
        col += 1
    return col


@njit(cache=True)
def count_unit_checked(n: int, a: int, b: int, c: int, d: int, prefix: np.ndarray) -> tuple[int, int, int]:
    """(solutions, those fixed by the 180 degree rotation, those fixed by the 90 degree one) of
    a unit as in `count_unit`: the queens are recorded and every solution is tested. Used for
    the constellations fixed by the 180 degree rotation, the only ones with such solutions."""
    m = n - 1
    free = np.zeros(n, dtype=np.uint64)
    order = np.zeros(n, dtype=np.int64)
    shift = np.zeros(n, dtype=np.uint64)
    rows = _prepare(n, a, b, c, d, free, order, shift)
    q = np.zeros(n, dtype=np.int64)
    q[0], q[m], q[c], q[d] = a, b, 0, m
    zero = np.uint64(0)
    left = np.zeros(n + 1, dtype=np.uint64)
    down = np.zeros(n + 1, dtype=np.uint64)
    right = np.zeros(n + 1, dtype=np.uint64)
    avail = np.zeros(n + 1, dtype=np.uint64)
    start = len(prefix)
    for y0 in range(start):
        bit = np.uint64(prefix[y0])
        q[order[y0]] = _column(bit)
        left[y0 + 1] = (left[y0] | bit) << shift[y0]
        down[y0 + 1] = down[y0] | bit
        right[y0 + 1] = (right[y0] | bit) >> shift[y0]
    solutions = fixed180 = fixed90 = 0
    y = start
    leaf = start >= rows
    if not leaf:
        avail[y] = ~(left[y] | down[y] | right[y]) & free[y]
    while True:
        if leaf:
            solutions += 1
            half = True
            quarter = True
            for r in range(n):
                if q[m - r] != m - q[r]:
                    half = False
                if q[q[r]] != m - r:
                    quarter = False
            fixed180 += half
            fixed90 += quarter
            leaf = False
            if start >= rows:
                break
        if avail[y] == zero:
            if y == start:
                break
            y -= 1
            continue
        bit = avail[y] & (zero - avail[y])
        avail[y] ^= bit
        q[order[y]] = _column(bit)
        if y == rows - 1:
            leaf = True
            continue
        s = shift[y]
        left[y + 1] = (left[y] | bit) << s
        down[y + 1] = down[y] | bit
        right[y + 1] = (right[y] | bit) >> s
        y += 1
        avail[y] = ~(left[y] | down[y] | right[y]) & free[y]
    return solutions, fixed180, fixed90


@njit(cache=True)
def next_options(n: int, a: int, b: int, c: int, d: int, prefix: np.ndarray) -> tuple[np.uint64, int]:
    """(the free columns of the free row after `prefix`, the number of free rows)."""
    free = np.zeros(n, dtype=np.uint64)
    order = np.zeros(n, dtype=np.int64)
    shift = np.zeros(n, dtype=np.uint64)
    rows = _prepare(n, a, b, c, d, free, order, shift)
    l = d_ = r = np.uint64(0)
    for y in range(len(prefix)):
        bit = np.uint64(prefix[y])
        l = (l | bit) << shift[y]
        d_ = d_ | bit
        r = (r | bit) >> shift[y]
    if len(prefix) >= rows:
        return np.uint64(0), rows
    return ~(l | d_ | r) & free[len(prefix)], rows


@njit(cache=True, inline="always")
def _count_one(n: int, unit: np.ndarray, prefix: np.ndarray, out: np.ndarray) -> None:
    a, b, c, d, weight, symmetric = unit[0], unit[1], unit[2], unit[3], unit[4], unit[5]
    if symmetric:
        s, f180, f90 = count_unit_checked(n, a, b, c, d, prefix)
        out[0], out[1], out[2] = weight * s, weight * f180, weight * f90
    else:
        out[0] = weight * count_unit(n, a, b, c, d, prefix)


@njit(cache=True)
def count_batch(n: int, units: np.ndarray, prefixes: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Row i: [weight * S, weight * S180, weight * S90] of unit i (its solutions, and those
    fixed by the 180 and the 90 degree rotations, weighted by its constellation's orbit)."""
    return count_batch_until(n, units, prefixes, lengths, np.zeros(1, dtype=np.int64))


@njit(cache=True, nogil=True)
def count_batch_until(
    n: int, units: np.ndarray, prefixes: np.ndarray, lengths: np.ndarray, stop: np.ndarray
) -> np.ndarray:
    """`count_batch`, stopping between units once `stop[0]` is raised; the caller knows it
    raised the flag and drops the rows (`core.interrupts`). Not inside a unit: a look at the
    flag on every node, or on every return to a unit's first rows, cost 5 to 18% of the count
    (n = 16, measured), so Ctrl-C waits for the running unit (its thread is then left behind)."""
    out = np.zeros((len(units), 3), dtype=np.int64)
    for i in range(len(units)):
        if stop[0] != 0:
            break
        _count_one(n, units[i], prefixes[i, : lengths[i]], out[i])
    return out


@njit(cache=True, parallel=True)
def count_batch_parallel(n: int, units: np.ndarray, prefixes: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """`count_batch` with the units spread over numba's threads (prange)."""
    out = np.zeros((len(units), 3), dtype=np.int64)
    for i in prange(len(units)):
        _count_one(n, units[i], prefixes[i, : lengths[i]], out[i])
    return out


def classes(sums: tuple[int, int, int]) -> tuple[int, int, int]:
    """(C2, C4, C8), the numbers of fundamental solutions with 2, 4 and 8 images, from the
    weighted sums (total, N180, N90) of a complete count (see the module docstring)."""
    total, fixed180, fixed90 = sums
    return fixed90 // 2, (fixed180 - fixed90) // 4, (total - fixed180) // 8


def warm_up(parallel: bool = False) -> None:
    """Load (or compile once, into numba's cache) the kernels."""
    units = constellations(6)
    rows = np.zeros((len(units), 6), dtype=np.int64)
    rows[:, :4] = units[:, SEARCH]
    rows[:, 4] = units[:, WEIGHT]
    args = (6, rows, np.zeros((len(rows), 1), dtype=np.int64), np.zeros(len(rows), dtype=np.int64))
    count_batch(*args)
    next_options(6, 1, 4, 4, 1, np.zeros(0, dtype=np.int64))
    if parallel:
        count_batch_parallel(*args)


# ---- work units -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Unit:
    """A constellation (the member searched) with the queens of its first free rows fixed."""

    search: tuple[int, int, int, int]
    weight: int
    symmetric: bool  # fixed by the 180 degree rotation: solutions are tested one by one
    prefix: tuple[int, ...] = ()


def _deepen(n: int, unit: Unit) -> list[Unit] | None:
    """The unit's children by one more free row ([] for a dead end), or None when it has two
    free rows or fewer left (the kernel finishes those in place)."""
    free, rows = next_options(n, *unit.search, np.array(unit.prefix, dtype=np.int64))
    if len(unit.prefix) >= rows - 2:
        return None
    children = []
    options = int(free)
    while options:
        bit = options & -options
        options ^= bit
        children.append(Unit(unit.search, unit.weight, unit.symmetric, unit.prefix + (bit,)))
    return children


def units(n: int, target: int = 0, depth: int | None = None) -> list[Unit]:
    """The work units of n >= 5: every constellation with the queens of its first `depth` free
    rows placed in every consistent way (depth None: the least depth giving >= `target` units).
    Constellations with a corner queen (one more free row, the largest units) come first; the
    order is deterministic, so an index names a unit in checkpoints and on a cluster."""
    table = constellations(n).tolist()  # Python ints: 5 times faster to walk than numpy rows
    found = [Unit(tuple(row[SEARCH]), row[WEIGHT], bool(row[STAB] & R180)) for row in table]
    found.sort(key=lambda u: (u.search[0] in (0, n - 1) or u.search[1] in (0, n - 1)) is False)
    level = 0
    while (depth is None and len(found) < target) or (depth is not None and level < depth):
        deeper: list[Unit] = []
        grew = False
        for unit in found:
            children = _deepen(n, unit)
            if children is None:
                deeper.append(unit)
            else:
                deeper.extend(children)
                grew = True
        found = deeper
        level += 1
        if not grew:
            break
    return found


def arrays(units_: list[Unit]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The units as the kernels' arrays: rows (a, b, c, d, weight, symmetric), prefixes
    (padded), lengths."""
    m = len(units_)
    width = max((len(u.prefix) for u in units_), default=0) or 1
    table = np.zeros((m, 6), dtype=np.int64)
    prefixes = np.zeros((m, width), dtype=np.int64)
    lengths = np.zeros(m, dtype=np.int64)
    for i, unit in enumerate(units_):
        table[i, :4] = unit.search
        table[i, 4] = unit.weight
        table[i, 5] = unit.symmetric
        prefixes[i, : len(unit.prefix)] = unit.prefix
        lengths[i] = len(unit.prefix)
    return table, prefixes, lengths


def digest(n: int, units_: list[Unit]) -> str:
    """A short fingerprint of the units (a checkpoint only resumes the very same split)."""
    text = repr(("constellation", n, [(u.search, u.weight, u.symmetric, u.prefix) for u in units_]))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
