"""Compiled kernel of `search.Enumerator`: a C-Note grid's solutions counted, capped, within a
budget of work units; the first h - 2 rows are enumerated depth-first and the last two rows'
completions of each of their prefixes are counted, not enumerated, by a convolution over the
columns (the method and its proof are in `search`'s docstring). A module of its own so that
importing the generator does not import numba.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()

#: Words of the reach tables' bit sets (`_reach`) charged as one work unit: a word's shift and
#: "or" costs a fraction of what a cell placed costs.
REACH_WORDS = 8
#: Work units charged per look into the memo of subtree counts (`_slot`): a hash of the column
#: remainders and a row of the table read, a few cache lines.
MEMO_UNITS = 4


@njit(cache=True, nogil=True)
def _pairs(
    values: np.ndarray,
    sizes: np.ndarray,
    allowed: np.ndarray,
    height: int,
    j: int,
    c: int,
    pair_values: np.ndarray,
    pair_sizes: np.ndarray,
) -> int:  # pragma: no cover
    """Fills (once per kernel call) S_j(c): the numbers x, ascending, that row h - 2's cell of
    column j takes when the last two rows' cells of column j add up to c: x contains the digit
    of (h - 2, j) and c - x >= 1 that of (h - 1, j). Returns the work spent (values scanned)."""
    k = 0
    i = 0
    n = sizes[height - 2, j]
    while i < n:
        x = values[height - 2, j, i]
        i += 1
        if x >= c:
            break
        if allowed[height - 1, j, c - x]:
            pair_values[j, c, k] = x
            k += 1
    pair_sizes[j, c] = k
    return i + 1


@njit(cache=True, nogil=True)
def _half(
    pair_values: np.ndarray,
    pair_sizes: np.ndarray,
    col_left: np.ndarray,
    first: int,
    stop: int,
    top: int,
    ways: np.ndarray,
    spare: np.ndarray,
) -> tuple[int, int, int]:  # pragma: no cover
    """The number of ways to choose x_j in S_j(col_left[j]) for columns first <= j < stop with
    sum s, for every s <= top, left in `ways[lo..hi]` (zero outside, within 0..top): (lo, hi,
    work spent). A dynamic program over the columns on a dense window of sums."""
    ways[0] = 1
    lo = 0
    hi = 0
    work = 0
    for j in range(first, stop):
        c = col_left[j]
        n = pair_sizes[j, c]
        if n == 0:
            return 1, 0, work + 1
        least = pair_values[j, c, 0]
        new_lo = lo + least
        new_hi = min(hi + pair_values[j, c, n - 1], top)
        if new_lo > new_hi:
            return 1, 0, work + 1
        for s in range(new_lo, new_hi + 1):
            spare[s] = 0
        for s in range(lo, hi + 1):
            m = ways[s]
            if m == 0:
                continue
            for i in range(n):
                t = s + pair_values[j, c, i]
                if t > new_hi:
                    break
                spare[t] += m
            work += n
        work += new_hi - new_lo + hi - lo + 2
        for s in range(new_lo, new_hi + 1):
            ways[s] = spare[s]
        lo = new_lo
        hi = new_hi
    return lo, hi, work


@njit(cache=True, nogil=True)
def _sparse(
    pair_values: np.ndarray,
    pair_sizes: np.ndarray,
    key: np.ndarray,
    middle: int,
    top: int,
    ways: np.ndarray,
    step: int,
) -> int:  # pragma: no cover
    """Adds `step` to `ways[s]` for every choice x_j in S_j(key[j]), j < `middle` (0, 1 or 2
    columns), of sum s <= top: the table of sums of `_half` by plain loops, and (step -1) its
    clearing. Returns the work spent."""
    if middle == 0:
        ways[0] = 1 if step > 0 else 0
        return 1
    a = key[0]
    na = pair_sizes[0, a]
    if middle == 1:
        for i in range(na):
            x = pair_values[0, a, i]
            if x > top:
                break
            ways[x] += step
        return na + 1
    b = key[1]
    nb = pair_sizes[1, b]
    for i in range(na):
        x = pair_values[0, a, i]
        for m in range(nb):
            t = x + pair_values[1, b, m]
            if t > top:
                break
            ways[t] += step
    return na * nb + 1


@njit(cache=True, nogil=True)
def _explored(
    values: np.ndarray,
    sizes: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    row_least: np.ndarray,
    col_least: np.ndarray,
    chosen: np.ndarray,
    next_index: np.ndarray,
    depth: int,
) -> float:  # pragma: no cover
    """Knuth's estimate of the share of the search tree left behind when the search stops at
    this path (`chosen[:depth]`): sum over the levels l of (values before the path's at l) /
    (values at l) times the product of 1 / (values at m) over the levels m above, as if every
    subtree of a level were as large (Knuth, "Estimating the efficiency of backtrack
    programs", Math. Comp. 1975). A guide for the annealing only, never a count."""
    width = cols.shape[0]
    row_left = rows.copy()
    col_left = cols.copy()
    share = 0.0
    weight = 1.0
    for level in range(depth):
        r = level // width
        c = level % width
        if c < width - 1:
            bound = min(row_left[r] - row_least[r, c + 1], col_left[c] - col_least[c, r + 1])
            n = 0
            while n < sizes[r, c] and values[r, c, n] <= bound:
                n += 1
            i = next_index[level] - 1
            if n > 0:
                share += weight * min(i, n) / n
                weight /= n
        row_left[r] -= chosen[level]
        col_left[c] -= chosen[level]
    return share


@njit(cache=True, nogil=True)
def _shift_or(source: np.ndarray, shift: int, out: np.ndarray) -> None:  # pragma: no cover
    """out |= source << shift, on bit sets stored as 64-bit words (bit s of word s >> 6 is s)."""
    words = out.shape[0]
    q = shift >> 6
    if q >= words:
        return
    b = np.uint64(shift & 63)
    if b == 0:
        for i in range(words - 1, q - 1, -1):
            out[i] |= source[i - q]
        return
    back = np.uint64(64) - b
    for i in range(words - 1, q, -1):
        out[i] |= (source[i - q] << b) | (source[i - q - 1] >> back)
    out[q] |= source[0] << b


@njit(cache=True, nogil=True)
def _sumset(
    source: np.ndarray, values: np.ndarray, size: int, top: int, out: np.ndarray
) -> int:  # pragma: no cover
    """out = {s + x : s in source, x in values[:size], s + x <= top (and a few bits above)}: the
    sums a cell with these numbers adds to those in `source`. Returns the work spent (words)."""
    for i in range(out.shape[0]):
        out[i] = 0
    work = 0
    for i in range(size):
        x = values[i]
        if x > top:
            break
        _shift_or(source, x, out)
        work += out.shape[0]
    return work


@njit(cache=True, nogil=True)
def _trim(
    values: np.ndarray,
    sizes: np.ndarray,
    allowed: np.ndarray,
    bits: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    rounds: int,
) -> int:  # pragma: no cover
    """Trims every cell's numbers (`bits[r, c]`, then `values`, `sizes` and `allowed` made
    again from them) to those v whose line remainders the line's other cells can make: v is
    kept in cell (r, c) only when rows[r] - v is a sum of numbers of the row's other cells, one
    each, and cols[c] - v one of the column's other cells (their sums by bit sets, before and
    after the cell in its line). Sound: in every solution the row's other cells hold numbers of
    their sets that add up to rows[r] - v, and the column's likewise, and each round only drops
    numbers of no solution, so the next round's sets still hold every solution's numbers; the
    count on the trimmed sets is the same. Up to `rounds` rounds, fewer when one drops
    nothing. Returns the word operations spent."""
    height, width, words = bits.shape[0], bits.shape[1], bits.shape[2]
    longest = max(height, width)
    before = np.zeros((longest + 1, words), dtype=np.uint64)
    after = np.zeros((longest + 1, words), dtype=np.uint64)
    others = np.zeros(words, dtype=np.uint64)
    ops = 0
    for _ in range(rounds):
        changed = False
        for line in range(height + width):
            across = line < height
            n = width if across else height
            target = rows[line] if across else cols[line - height]
            for i in range(words):
                before[0, i] = 0
                after[n, i] = 0
            before[0, 0] = np.uint64(1)
            after[n, 0] = np.uint64(1)
            for k in range(n):  # before[k + 1]: the sums of the line's cells 0..k
                cell = bits[line, k] if across else bits[k, line - height]
                for i in range(words):
                    before[k + 1, i] = 0
                for v in range(min(target, 64 * words - 1) + 1):
                    if (cell[v >> 6] >> np.uint64(v & 63)) & np.uint64(1):
                        _shift_or(before[k], v, before[k + 1])
                        ops += words
            for k in range(n - 1, -1, -1):  # after[k]: the sums of the line's cells k..n-1
                cell = bits[line, k] if across else bits[k, line - height]
                for i in range(words):
                    after[k, i] = 0
                for v in range(min(target, 64 * words - 1) + 1):
                    if (cell[v >> 6] >> np.uint64(v & 63)) & np.uint64(1):
                        _shift_or(after[k + 1], v, after[k])
                        ops += words
            for k in range(n):
                cell = bits[line, k] if across else bits[k, line - height]
                for i in range(words):
                    others[i] = 0
                for a in range(target + 1):
                    if (before[k, a >> 6] >> np.uint64(a & 63)) & np.uint64(1):
                        _shift_or(after[k + 1], a, others)
                        ops += words
                for v in range(64 * words):
                    if (cell[v >> 6] >> np.uint64(v & 63)) & np.uint64(1):
                        rest = target - v
                        if rest < 0 or not ((others[rest >> 6] >> np.uint64(rest & 63)) & np.uint64(1)):
                            cell[v >> 6] &= ~(np.uint64(1) << np.uint64(v & 63))
                            changed = True
        if not changed:
            break
    for r in range(height):
        for c in range(width):
            n = 0
            for v in range(allowed.shape[2]):
                allowed[r, c, v] = False
            for v in range(min(allowed.shape[2], 64 * words)):
                if (bits[r, c, v >> 6] >> np.uint64(v & 63)) & np.uint64(1):
                    values[r, c, n] = v
                    allowed[r, c, v] = True
                    n += 1
            sizes[r, c] = n
    return ops


@njit(cache=True, nogil=True)
def _reach(
    values: np.ndarray,
    sizes: np.ndarray,
    bits: np.ndarray,
    cols: np.ndarray,
    col_reach: np.ndarray,
    col_rev: np.ndarray,
) -> int:  # pragma: no cover
    """Fills the reach tables of `enumerate_count` for the first h - 2 rows: `col_reach[r, j]`,
    the sums the cells of column j below row r can add up to (each cell's numbers alone: the
    rows ignored), as bit sets (`bits[r, c]`: the numbers of cell (r, c)), and `col_rev[r, j]`
    the same reversed (bit t is bit M - t of `col_reach[r, j]`, M the last bit: `_row_sets`
    reads it shifted). Returns the work spent (words). (Until the thirty-fourth session also
    each row's static table of the sums its later cells can make, which `_row_sets` replaced.)"""
    height, width = bits.shape[0], cols.shape[0]
    work = 0
    for j in range(width):
        below = bits[height - 1, j]
        for r in range(height - 2, 0, -1):
            work += _sumset(below, values[r, j], sizes[r, j], cols[j], col_reach[r - 1, j])
            below = col_reach[r - 1, j]
    words = bits.shape[2]
    for r in range(height - 2):
        for j in range(width):
            for i in range(words):
                col_rev[r, j, i] = _reverse(col_reach[r, j, words - 1 - i])
    return work


@njit(cache=True, nogil=True)
def _reverse(word: np.uint64) -> np.uint64:  # pragma: no cover
    """The 64 bits of `word` in reverse order."""
    x = word
    x = ((x >> np.uint64(1)) & np.uint64(0x5555555555555555)) | (
        (x & np.uint64(0x5555555555555555)) << np.uint64(1)
    )
    x = ((x >> np.uint64(2)) & np.uint64(0x3333333333333333)) | (
        (x & np.uint64(0x3333333333333333)) << np.uint64(2)
    )
    x = ((x >> np.uint64(4)) & np.uint64(0x0F0F0F0F0F0F0F0F)) | (
        (x & np.uint64(0x0F0F0F0F0F0F0F0F)) << np.uint64(4)
    )
    x = ((x >> np.uint64(8)) & np.uint64(0x00FF00FF00FF00FF)) | (
        (x & np.uint64(0x00FF00FF00FF00FF)) << np.uint64(8)
    )
    x = ((x >> np.uint64(16)) & np.uint64(0x0000FFFF0000FFFF)) | (
        (x & np.uint64(0x0000FFFF0000FFFF)) << np.uint64(16)
    )
    return (x >> np.uint64(32)) | (x << np.uint64(32))


@njit(cache=True, nogil=True)
def _popcount(word: np.uint64) -> int:  # pragma: no cover
    """The number of bits set in `word`."""
    x = word - ((word >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, nogil=True)
def _shifted(
    source: np.ndarray, shift: int, mask: np.ndarray, out: np.ndarray, keep: bool
) -> None:  # pragma: no cover
    """out = mask & (source >> shift) (`keep` false) or out |= source >> shift (`keep` true), on
    bit sets stored as 64-bit words (bit s of word s >> 6 is s): bit s of `source >> shift` is
    bit s + shift of `source`."""
    words = out.shape[0]
    q = shift >> 6
    b = np.uint64(shift & 63)
    back = np.uint64(64) - b
    for i in range(words):
        w = np.uint64(0)
        if i + q < words:
            w = source[i + q] >> b
            if b != 0 and i + q + 1 < words:
                w |= source[i + q + 1] << back
        if keep:
            out[i] |= w
        else:
            out[i] = mask[i] & w


@njit(cache=True, nogil=True)
def _row_sets(
    bits: np.ndarray,
    col_rev: np.ndarray,
    r: int,
    target: int,
    col_left: np.ndarray,
    live: np.ndarray,
    suffix: np.ndarray,
) -> int:  # pragma: no cover
    """At the start of row r (its cells all free, its remainder `target`), for each cell j the
    numbers it may still take, `live[r, j]`: its own numbers v (`bits[r, j]`) that leave
    column j a remainder its cells below can make (`col_left[j] - v` in the column's reach
    table, read reversed in `col_rev`: bit t is bit M - t of the table, M the last bit); and
    `suffix[r, j]` for j >= 1, the sums the cells j..w-1 can make with such numbers, reversed
    (bit M - s for the sum s; `suffix[r, w]` is the sum 0). Returns the word operations spent."""
    width = col_left.shape[0]
    words = bits.shape[2]
    top = 64 * words - 1
    for j in range(width):
        _shifted(col_rev[r, j], top - col_left[j], bits[r, j], live[r, j], False)
    for i in range(words):
        suffix[r, width, i] = 0
    suffix[r, width, words - 1] = np.uint64(1) << np.uint64(63)
    ops = width * words
    for j in range(width - 1, 0, -1):
        for i in range(words):
            suffix[r, j, i] = 0
        for i in range(words):
            word = live[r, j, i]
            while word != 0:
                low = word & (~word + np.uint64(1))
                v = 64 * i + _popcount(low - np.uint64(1))
                if v > target:
                    break
                _shifted(suffix[r, j + 1], v, suffix[r, j], suffix[r, j], True)
                ops += words
                word ^= low
    return ops


@njit(cache=True, nogil=True)
def _candidates(
    live: np.ndarray, suffix: np.ndarray, r: int, c: int, left: int, out: np.ndarray
) -> int:  # pragma: no cover
    """out = the numbers v of cell (r, c) (`live[r, c]`) whose row remainder `left` - v the
    row's later cells can make (`suffix[r, c + 1]`, `_row_sets`); returns how many."""
    words = out.shape[0]
    _shifted(suffix[r, c + 1], 64 * words - 1 - left, live[r, c], out, False)
    n = 0
    for i in range(words):
        n += _popcount(out[i])
    return n


@njit(cache=True, nogil=True)
def _next(out: np.ndarray) -> int:  # pragma: no cover
    """The least number in bit set `out`, removed from it (-1 when empty)."""
    for i in range(out.shape[0]):
        word = out[i]
        if word != 0:
            low = word & (~word + np.uint64(1))
            out[i] = word ^ low
            return 64 * i + _popcount(low - np.uint64(1))
    return -1


@njit(cache=True, nogil=True)
def _explored_live(sizes: np.ndarray, taken: np.ndarray, depth: int) -> float:  # pragma: no cover
    """Knuth's estimate (`_explored`) on the pruned search, whose levels know their candidates:
    `sizes[level]` of them, the path's the `taken[level]`-th."""
    share = 0.0
    weight = 1.0
    for level in range(depth):
        n = sizes[level]
        if n > 1:
            share += weight * (taken[level] - 1) / n
            weight /= n
    return share


@njit(cache=True, nogil=True)
def _slot(memo: np.ndarray, generation: int, level: int, col_left: np.ndarray) -> int:  # pragma: no cover
    """The memo's slot of (`level`, `col_left`) in this count (`generation`): the slot holding
    it, or the empty slot where it goes (open addressing, linear probing), or -1 when the table
    is full there. A slot's row: its generation, the level, the column remainders, then what the
    subtree added (solutions, and the wildcard's 9 digit counts)."""
    slots = memo.shape[0]
    width = col_left.shape[0]
    mix = np.uint64(level + 1)
    for j in range(width):
        mix = (mix ^ np.uint64(col_left[j])) * np.uint64(0x9E3779B97F4A7C15)
    slot = int(mix >> np.uint64(40)) & (slots - 1)
    for _ in range(slots):
        if memo[slot, 0] != generation:
            return slot
        if memo[slot, 1] == level:
            same = True
            for j in range(width):
                if memo[slot, j + 2] != col_left[j]:
                    same = False
                    break
            if same:
                return slot
        slot = (slot + 1) & (slots - 1)
    return -1


@njit(cache=True, nogil=True)
def _store(
    memo: np.ndarray,
    generation: int,
    slot: int,
    level: int,
    col_left: np.ndarray,
    count: int,
    tally: np.ndarray,
    entry: np.ndarray,
) -> None:  # pragma: no cover
    """Keeps in `slot` (`_slot`) what the subtree of (`level`, `col_left`) added: `count` less
    `entry[0]` solutions and `tally` less `entry[1:]` to the wildcard's digits."""
    width = col_left.shape[0]
    memo[slot, 0] = generation
    memo[slot, 1] = level
    for j in range(width):
        memo[slot, j + 2] = col_left[j]
    memo[slot, width + 2] = count - entry[0]
    for q in range(tally.shape[0]):
        memo[slot, width + 3 + q] = tally[q] - entry[q + 1]


@njit(cache=True, nogil=True)
def enumerate_count(
    values: np.ndarray,
    sizes: np.ndarray,
    allowed: np.ndarray,
    bits: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    row_least: np.ndarray,
    col_least: np.ndarray,
    cap: int,
    max_work: int,
    tally: np.ndarray,
    number_digits: np.ndarray,
    number_sizes: np.ndarray,
    prune: bool,
    memo: np.ndarray,
    generation: int,
    first: np.ndarray,
    rounds: int,
) -> tuple[int, int, bool, float]:  # pragma: no cover
    """(solutions found, work spent, complete, share explored): `complete` when the count ended on its own, so
    that the first entry is the exact count (then below `cap`); otherwise the count stopped at
    `cap` solutions (first entry `cap`) or past `max_work` units (first entry: the solutions
    counted so far).

    With a non-empty `tally` (9 entries) the last cell (h - 1, w - 1) is a wildcard (its
    `allowed` row admits every positive number) and each completion is also added to
    `tally[d - 1]` for every digit d of that cell's number (`number_digits[z, :number_sizes[z]]`,
    digits less 1): the counts of the grid with each digit 1-9 in that cell, in one search
    (`search.Enumerator.count_cell`). `cap` is not used then; only `max_work` stops the search.

    Cells in row-major order over the first h - 2 rows: a cell of the first w - 1 columns takes
    its admissible values (`values[r, c, :sizes[r, c]]`, ascending) up to what the cells after
    it in its row and below it in its column need at least (`row_least[r, c + 1]`,
    `col_least[c, r + 1]`); the last cell of a row is its row's remainder; in row h - 3 a value
    is kept only when its column's remainder leaves the last two rows a pair (S_j non-empty).
    With `prune` (twenty-fifth session; live sets since the thirty-fourth), the column reach
    tables are built once per call (`_reach`: `col_reach[r, j]`, the sums the cells of column
    j below row r can make, each with a number containing its digit), and at the start of
    each row r (`_row_sets`) each cell j of the row gets its *live* numbers: those v whose
    column remainder `col_left[j]` - v is in `col_reach[r, j]` (in row h - 3 that table is
    S_(h-2, j) + S_(h-1, j), so it says exactly that the last two rows keep a pair), and the
    row gets the sums its cells from j on can make with live numbers. A cell's candidates
    (`_candidates`) are then its live numbers v whose row remainder less v the later cells
    can make that way; the last cell, forced, is then live. Sound: in any solution extending
    the current prefix, every cell of row r holds a live number (the cells below it in its
    column make exactly its column's remainder with numbers containing their digits, as do
    the cells after it in its row with live numbers), so no solution's value is ever passed
    over, and every value placed is one the plain search places too (the count is unchanged;
    the unpruned search is the tests' reference). The live sets depend only on the row and
    the column remainders at its start, the memo's key, so the memo's entries are unchanged.
    A row's candidates always complete the row, so no prefix dies inside a row; before the
    thirty-fourth session the row's test was a static table of its later cells' own numbers
    (without their columns), and 6x6 chains placed 3 times as many cells in row h - 3, the
    most of them in rows that had no completion (docs/cnote-journal.md, "Thirty-fourth session").
    Each prefix of h - 2 rows adds the number of choices x_j in S_j(column remainder) with
    sum x_j = row h - 2's remainder (two halves of the columns by `_half`, then one dot
    product). Work: a unit per cell placed, per value scanned for the S_j and per step of the
    dynamic programs, and (with `prune`) one per `REACH_WORDS` words of the reach tables' and
    the live sets' bit-set operations (until the thirty-fourth session also one per 4 values
    the tables passed over, `PASSED_VALUES`: the live sets pass over none). A count cut by
    its budget estimates the share it searched from each level's candidates
    (`_explored_live`) with `prune`, from its values up to the level's bound without
    (`_explored`).

    With a non-empty `memo` (twenty-seventh session; `search`'s docstring) the subtrees below
    the start of rows 2..h - 3 and the last two rows' completions are counted once per key
    (row, column remainders): a subtree that ends is kept in the table (`_store`: the solutions
    and tally it added) and a prefix reaching a kept key adds them and goes back (`_slot`,
    `MEMO_UNITS` a look). `generation` tells this count's slots from earlier counts'.

    With a non-empty `first` ((h - 2) * w + 1 entries; twenty-eighth session) the prefix of the
    first solution counted is kept: its h - 2 rows' numbers in row-major order, then 1 (0
    while none is counted). The memo does not hide it: a kept subtree adds solutions only if
    they were counted, in this count, where the search went through it.
    `search.Enumerator.solution` completes the last two rows."""
    height, width = rows.shape[0], cols.shape[0]
    levels = (height - 2) * width
    top = allowed.shape[2] - 1
    row_left = rows.copy()
    col_left = cols.copy()
    next_index = np.zeros(levels + 1, dtype=np.int64)
    chosen = np.zeros(levels + 1, dtype=np.int64)
    work = _trim(values, sizes, allowed, bits, rows, cols, rounds) // REACH_WORDS if rounds > 0 else 0
    longest = 1
    for j in range(width):
        longest = max(longest, sizes[height - 2, j])
    col_top = 0
    for j in range(width):
        col_top = max(col_top, cols[j])
    pair_values = np.empty((width, col_top + 1, longest), dtype=np.int64)
    tables = height if prune else 0  # no tables where they are not read
    col_reach = np.zeros((tables, width, bits.shape[2]), dtype=np.uint64)
    col_rev = np.zeros((tables, width, bits.shape[2]), dtype=np.uint64)
    work += _reach(values, sizes, bits, cols, col_reach, col_rev) // REACH_WORDS if prune else 0
    live = np.zeros((tables, width, bits.shape[2]), dtype=np.uint64)
    suffix = np.zeros((tables, width + 1, bits.shape[2]), dtype=np.uint64)
    candidates = np.zeros((levels + 1 if prune else 0, bits.shape[2]), dtype=np.uint64)
    candidate_sizes = np.ones(levels + 1, dtype=np.int64)
    pair_sizes = np.full((width, col_top + 1), -1, dtype=np.int64)
    ways = np.zeros(top + 1, dtype=np.int64)
    spare = np.zeros(top + 1, dtype=np.int64)
    middle = width - 2
    cell = tally.shape[0] > 0
    key = np.zeros(middle, dtype=np.int64)
    built = False
    lo = 1
    hi = 0
    count = 0
    ops = 0  # the live sets' word operations not yet charged
    memoise = memo.shape[0] > 0
    room = memo.shape[0] // 2  # entries the memo takes at most (linear probing stays short)
    entries = np.zeros((height, 10), dtype=np.int64)  # count and tally where a subtree began
    open_rows = np.zeros(height, dtype=np.bool_)  # subtrees to keep when they end
    k = 0
    while k >= 0:
        if k == levels:
            hit = False
            slot = -1
            if memoise:
                slot = _slot(memo, generation, height - 2, col_left)
                work += MEMO_UNITS
                if slot >= 0 and memo[slot, 0] == generation:
                    hit = True
                    count += memo[slot, width + 2]
                    for q in range(tally.shape[0]):
                        tally[q] += memo[slot, width + 3 + q]
                else:
                    entries[height - 2, 0] = count
                    for q in range(tally.shape[0]):
                        entries[height - 2, q + 1] = tally[q]
            if not hit:
                rest = row_left[height - 2]
                low = 0
                high = 0
                for j in range(width):
                    c = col_left[j]
                    if pair_sizes[j, c] < 0:
                        work += _pairs(values, sizes, allowed, height, j, c, pair_values, pair_sizes)
                    n = pair_sizes[j, c]
                    if n == 0:
                        low = rest + 1
                        break
                    low += pair_values[j, c, 0]
                    high += pair_values[j, c, n - 1]
                work += 1
                if low <= rest <= high:
                    same = built
                    for j in range(middle):
                        if key[j] != col_left[j]:
                            same = False
                    if not same:  # the left columns' table of sums, kept while they stay
                        if built and middle <= 2:  # cleared as it was built
                            work += _sparse(pair_values, pair_sizes, key, middle, rest, ways, -1)
                        for j in range(middle):
                            key[j] = col_left[j]
                        if middle <= 2:
                            work += _sparse(pair_values, pair_sizes, key, middle, rest, ways, 1)
                            lo = 0
                            hi = 0
                            for j in range(middle):
                                lo += pair_values[j, key[j], 0]
                                hi += pair_values[j, key[j], pair_sizes[j, key[j]] - 1]
                            hi = min(hi, rest)
                        else:
                            lo, hi, spent = _half(
                                pair_values, pair_sizes, col_left, 0, middle, rest, ways, spare
                            )
                            work += spent
                        built = True
                    if lo <= hi:
                        a = col_left[width - 2]
                        na = pair_sizes[width - 2, a]
                        b = col_left[width - 1]
                        nb = pair_sizes[width - 1, b]
                        for i in range(na):
                            y = rest - pair_values[width - 2, a, i]
                            if y < lo:
                                break
                            for m in range(nb):
                                t = y - pair_values[width - 1, b, m]
                                if t < lo:
                                    break
                                if t <= hi:
                                    found_here = ways[t]
                                    if found_here != 0 and first.shape[0] > 0 and first[levels] == 0:
                                        for q in range(levels):
                                            first[q] = chosen[q]
                                        first[levels] = 1
                                    count += found_here
                                    if cell and found_here != 0:
                                        z = b - pair_values[width - 1, b, m]
                                        for q in range(number_sizes[z]):
                                            tally[number_digits[z, q]] += found_here
                            work += nb
                        work += 1
            if not hit and slot >= 0 and room > 0:
                _store(memo, generation, slot, height - 2, col_left, count, tally, entries[height - 2])
                room -= 1
            if count >= cap and not cell:
                return cap, work, False, 0.0
            if work > max_work:
                if prune:
                    return count, work, False, _explored_live(candidate_sizes, next_index, k)
                share = _explored(values, sizes, rows, cols, row_least, col_least, chosen, next_index, k)
                return count, work, False, share
            k -= 1
            if k >= 0:
                row_left[k // width] += chosen[k]
                col_left[k % width] += chosen[k]
            continue
        r = k // width
        c = k % width
        if memoise and c == 0 and r >= 2 and next_index[k] == 0:  # a subtree the memo may hold
            slot = _slot(memo, generation, r, col_left)
            work += MEMO_UNITS
            if slot >= 0 and memo[slot, 0] == generation:
                count += memo[slot, width + 2]
                for q in range(tally.shape[0]):
                    tally[q] += memo[slot, width + 3 + q]
                if count >= cap and not cell:
                    return cap, work, False, 0.0
                k -= 1
                row_left[k // width] += chosen[k]
                col_left[k % width] += chosen[k]
                continue
            open_rows[r] = slot >= 0 and room > 0
            entries[r, 0] = count
            for q in range(tally.shape[0]):
                entries[r, q + 1] = tally[q]
        found = -1
        last = r == height - 3
        if prune and c < width - 1:
            if next_index[k] == 0:
                if c == 0:
                    ops += _row_sets(bits, col_rev, r, row_left[r], col_left, live, suffix)
                candidate_sizes[k] = _candidates(live, suffix, r, c, row_left[r], candidates[k])
            found = _next(candidates[k])
            next_index[k] += 1
        elif prune:
            if next_index[k] == 0:
                next_index[k] = 1
                found = row_left[r]
        elif c < width - 1:
            bound = min(row_left[r] - row_least[r, c + 1], col_left[c] - col_least[c, r + 1])
            i = next_index[k]
            while i < sizes[r, c]:
                v = values[r, c, i]
                i += 1
                if v > bound:
                    i = sizes[r, c]
                    break
                if last:
                    left = col_left[c] - v
                    if pair_sizes[c, left] < 0:
                        work += _pairs(values, sizes, allowed, height, c, left, pair_values, pair_sizes)
                    if pair_sizes[c, left] == 0:
                        continue
                if c == width - 2:  # the row's last cell, forced, looked at now
                    u = row_left[r] - v
                    if u > col_left[c + 1] - col_least[c + 1, r + 1] or not allowed[r, c + 1, u]:
                        continue
                    if last:
                        left = col_left[c + 1] - u
                        if pair_sizes[c + 1, left] < 0:
                            work += _pairs(
                                values, sizes, allowed, height, c + 1, left, pair_values, pair_sizes
                            )
                        if pair_sizes[c + 1, left] == 0:
                            continue
                found = v
                break
            next_index[k] = i
        elif next_index[k] == 0:
            next_index[k] = 1
            v = row_left[r]
            if v >= 1 and v <= col_left[c] - col_least[c, r + 1] and allowed[r, c, v]:
                if last:
                    left = col_left[c] - v
                    if pair_sizes[c, left] < 0:
                        work += _pairs(values, sizes, allowed, height, c, left, pair_values, pair_sizes)
                    if pair_sizes[c, left] > 0:
                        found = v
                else:
                    found = v
        if found < 0:
            if c == 0 and open_rows[r]:  # the subtree ended: kept (where it goes now)
                open_rows[r] = False
                slot = _slot(memo, generation, r, col_left)
                work += MEMO_UNITS
                if slot >= 0 and memo[slot, 0] != generation and room > 0:
                    _store(memo, generation, slot, r, col_left, count, tally, entries[r])
                    room -= 1
            k -= 1
            if k >= 0:
                row_left[k // width] += chosen[k]
                col_left[k % width] += chosen[k]
            continue
        work += 1 + ops // REACH_WORDS
        ops %= REACH_WORDS
        if work > max_work:
            if prune:
                return count, work, False, _explored_live(candidate_sizes, next_index, k)
            share = _explored(values, sizes, rows, cols, row_least, col_least, chosen, next_index, k)
            return count, work, False, share
        chosen[k] = found
        row_left[r] -= found
        col_left[c] -= found
        k += 1
        next_index[k] = 0
    return count, work, True, 1.0
