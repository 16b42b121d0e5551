"""Compiled kernels of `narrow` (grids two cells wide or high): the compatibility bits of the
states and the search for sets of pairwise compatible states with the right sum, each candidate
counted in full. A module of their own so that importing `narrow` (the generator does) does not
import numba. The method and its proof are in `narrow`'s docstring.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()

#: The last lines whose values a candidate's count enumerates (`_tail_at`), the product of the
#: lines before them kept (`search`).
TAIL = 4


@njit(cache=True)
def fill_bits(
    bits: np.ndarray,
    reps: np.ndarray,
    types: np.ndarray,
    values: np.ndarray,
    rows: tuple[int, int],
    cols: tuple[int, int],
) -> None:  # pragma: no cover
    """Set bit j of `bits[i]` for the states i in `rows` and j in `cols` (index ranges) whose sum
    of values has exactly one representation: `reps[type_i, value_i + value_j, type_j] == 1`."""
    for i in range(rows[0], rows[1]):
        vi = values[i]
        block = reps[types[i]]
        word = np.uint64(0)
        for j in range(cols[0], cols[1]):
            if block[vi + values[j], types[j]] == 1:
                word |= np.uint64(1) << np.uint64(j & 63)
            if (j & 63) == 63 or j == cols[1] - 1:
                bits[i, j >> 6] |= word
                word = np.uint64(0)


@njit(cache=True)
def _first(row: np.ndarray, lo: int, hi: int) -> int:  # pragma: no cover
    """The least set bit of `row` in [lo, hi), or -1."""
    i = lo
    while i < hi:
        word = row[i >> 6] >> np.uint64(i & 63)
        if word == 0:
            i = ((i >> 6) + 1) << 6
            continue
        k = 0
        while (word & np.uint64(1)) == 0:
            word >>= np.uint64(1)
            k += 1
        return i + k if i + k < hi else -1
    return -1


@njit(cache=True)
def _last(row: np.ndarray, lo: int, hi: int) -> int:  # pragma: no cover
    """The largest set bit of `row` in [lo, hi), or -1."""
    i = hi - 1
    while i >= lo:
        shift = np.uint64(63 - (i & 63))
        word = row[i >> 6] << shift
        if word == 0:
            i = ((i >> 6) << 6) - 1
            continue
        k = 0
        while (word >> np.uint64(63)) == 0:
            word <<= np.uint64(1)
            k += 1
        return i - k if i - k >= lo else -1
    return -1


@njit(cache=True)
def _at(poly: np.ndarray, admitted: np.ndarray, size: int, x: int) -> int:  # pragma: no cover
    """The coefficient of x^x in `poly` times the polynomial of the values `admitted[:size]`
    (increasing), capped at 2."""
    ways = 0
    for k in range(size):
        a = admitted[k]
        if a > x:
            break
        ways += poly[x - a]
        if ways >= 2:
            return 2
    return ways


@njit(cache=True)
def _times(poly: np.ndarray, admitted: np.ndarray, size: int, out: np.ndarray) -> int:  # pragma: no cover
    """`out` = `poly` times the polynomial of the values `admitted[:size]`, truncated to its
    length, each coefficient capped at 2; returns its work (coefficients read and written)."""
    top = out.shape[0]
    out[:] = 0
    work = top
    for x in range(top):
        ways = poly[x]
        if ways == 0:
            continue
        for k in range(size):
            y = x + admitted[k]
            if y >= top:
                break
            out[y] = min(out[y] + ways, 2)
        work += size
    return work


@njit(cache=True)
def _prefix(
    pick: np.ndarray,
    lines: int,
    pick_group: np.ndarray,
    types: np.ndarray,
    admitted: np.ndarray,
    sizes: np.ndarray,
    pairs: np.ndarray,
    out: np.ndarray,
) -> int:  # pragma: no cover
    """`out`: the product of the first `lines` (>= 2) picks' polynomials, capped at 2, truncated
    to its length: the first two lines' from `pairs`, times the others'; returns its work (as
    `_times`)."""
    row = pairs[pick_group[0], pick_group[1], types[pick[0]]]
    second = types[pick[1]]
    out[:] = 0
    for x in range(min(out.shape[0], row.shape[0])):
        out[x] = row[x, second]
    work = out.shape[0]
    if lines == 2:
        return work
    other = np.zeros(out.shape[0], np.int64)
    for line in range(2, lines):
        g, t = pick_group[line], types[pick[line]]
        work += _times(out, admitted[g, t], sizes[g, t], other) + out.shape[0]
        out[:] = other
    return work


@njit(cache=True)
def _tail_at(
    poly: np.ndarray,
    pick: np.ndarray,
    pick_group: np.ndarray,
    types: np.ndarray,
    admitted: np.ndarray,
    sizes: np.ndarray,
    split: int,
    last_type: int,
    x: int,
    scratch: np.ndarray,
) -> tuple[int, int]:  # pragma: no cover
    """The coefficient of x^x in `poly` (the product of the first `split` lines) times the
    polynomials of the lines from `split` on (their picks; the last line of type `last_type`),
    capped at 2, and its work (steps): the tail's values are enumerated depth first, each
    line's in increasing order, and the count stops at its second solution. A candidate is a
    solution of itself, so its count is at least 1, and most have a second soon: reading the
    last lines' values one by one is far cheaper than multiplying their polynomials. `scratch`:
    four rows of at least `pick.shape[0] - split` integers, overwritten (the caller's, so that
    the count allocates nothing)."""
    lines = pick.shape[0]
    k = lines - split
    gs, ts, idx, acc = scratch[0], scratch[1], scratch[2], scratch[3]  # acc: the depths' sums so far
    for i in range(k):
        gs[i] = pick_group[split + i]
        ts[i] = types[pick[split + i]] if split + i < lines - 1 else last_type
    idx[0] = 0
    acc[0] = 0
    ways = 0
    work = 0
    d = 0
    while d >= 0:
        work += 1
        g, t = gs[d], ts[d]
        v = acc[d] + admitted[g, t, idx[d]] if idx[d] < sizes[g, t] else x + 1
        if v > x:  # this depth's values are exhausted (they increase)
            d -= 1
            if d >= 0:
                idx[d] += 1
            continue
        if d == k - 1:
            ways += poly[x - v]
            if ways >= 2:
                return 2, work
            idx[d] += 1
            continue
        d += 1
        acc[d] = v
        idx[d] = 0
    return ways, work + 1


@njit(cache=True)
def search(
    bits: np.ndarray,
    values: np.ndarray,
    types: np.ndarray,
    seg_start: np.ndarray,
    seg_end: np.ndarray,
    first_at: np.ndarray,
    pick_group: np.ndarray,
    total: int,
    admitted: np.ndarray,
    sizes: np.ndarray,
    pairs: np.ndarray,
    deep: int,
    order: np.ndarray,
    max_found: int,
    node_limit: int,
    allowed: np.ndarray,
    work_limit: int,
    mirror: int = 0,
) -> tuple[np.ndarray, int, int, int, bool, int]:  # pragma: no cover
    """Every multiset of states, one a line (line l from group `pick_group[l]`, the lines sorted by
    group; within a group the states in index order, a state repeated only when compatible with
    itself), pairwise compatible (`bits`), with values summing to `total`, whose digit grid has
    one solution; at most `max_found` of them.

    The states of a group are a segment [seg_start, seg_end) sorted by value; `first_at[g, v]`
    is the first index of group g with value >= v; `admitted[g, type, :sizes[g, type]]` are the
    values a line of group g and this type admits (increasing). The first line's states are
    tried in `order` (a seeded permutation of the first group's states), the others in index
    order. Besides the bits, each prefix of picks from three lines on must be the only way its
    lines make their sum: the product of their polynomials (capped at 2) has coefficient 1
    there; on the last line that coefficient is the grid's count. The product of the first two
    lines is `pairs[g, h, type, :, type']` (the representation counts capped at 2); from the
    third on it is kept a level (levels from `deep` on; before, the prefixes of three lines or
    more go unchecked but the last: each candidate is counted by `_tail_at`, its last `TAIL`
    lines' values enumerated against the product of the lines before them, whose prefixes are
    made when a candidate first needs them and kept while their lines' picks stay: fortieth
    session; the same nodes, candidates and puzzles as the full product at each candidate, 2x8
    at 415 seed 2 in 0.5 s instead of 30 s for 5 million states). Returns the found picks
    (found x lines), how many, the nodes (states picked), the candidates (complete multisets of
    the right sum counted), whether the search ended (False: `node_limit`, `work_limit` or
    `max_found` stopped it), and its work: a unit per state picked, per word of the candidate
    sets intersected, per coefficient of the prefix products read or written (`_times`) and per
    step of the tails' enumeration (`_tail_at`), so that a budget of work bounds the time where
    a node's cost varies (measured at 0.56-1.4e9 units per CPU second on twelve shape-targets).

    With `mirror` > 0 (the first group's target t, given only when the grid's two cross lines
    have equal targets: `total` is half the lines' sum), only the multisets whose first group's
    least and largest values sum to at most t are searched (forty-second session): the mirror
    (each state (type (d, e), value a) of target t' to ((e, d), t' - a), the grid's two cross
    lines swapped) maps the states, their compatibilities and the candidates' counts onto
    themselves, and a multiset whose sum exceeds t to one whose sum is below it, so a search
    that ends lists every unique puzzle or its mirror (none is missed: its answer is exact).
    The first line's values are then at most t // 2, the first group's others at most t less
    the first line's."""
    n, words = bits.shape
    lines = pick_group.shape[0]
    groups = seg_start.shape[0]
    top_value = first_at.shape[1] - 2
    same_left = np.zeros(lines, np.int64)  # lines of the same group from this one on
    later = np.zeros((lines, groups), np.int64)  # lines of each later group after this one
    for level in range(lines):
        for other in range(level, lines):
            if pick_group[other] == pick_group[level]:
                same_left[level] += 1
            elif pick_group[other] > pick_group[level]:
                later[level, pick_group[other]] += 1
    found = np.zeros((min(max(max_found, 1), 1024), lines), np.int64)  # grown when full
    nfound = 0
    cand = np.zeros((lines + 1, words), np.uint64)
    cand[0] = allowed
    poly = np.zeros((lines + 1, total + 1), np.int64)  # the prefix's product, capped at 2
    kept = max(deep, 3)  # the first level whose prefix product is kept
    rem = np.zeros(lines + 1, np.int64)
    rem[0] = total
    # without kept products, the candidates' counts read `poly[lines - 2]`, the product of all
    # lines but the last two, made when a candidate needs it from `poly[k]` for k <= `valid`
    # (the products of the first k lines still picked; a pick at level j leaves k <= j valid)
    valid = 1
    lo = np.zeros(lines, np.int64)
    hi = np.zeros(lines, np.int64)
    ptr = np.zeros(lines, np.int64)
    pick = np.zeros(lines, np.int64)
    scratch = np.zeros((4, TAIL), np.int64)  # `_tail_at`'s
    nodes = 0
    work = 0
    leaves = 0
    level = 0
    fresh = True  # the level's range is still to be set
    while level >= 0:
        g = pick_group[level]
        if fresh:
            work += words  # the range's bounds scan the candidates' words
            start = pick[level - 1] if level > 0 and pick_group[level - 1] == g else seg_start[g]
            row = cand[level]
            empty = False
            low_later = 0
            high_later = 0
            for h in range(groups):
                if later[level, h] == 0:
                    continue
                a = _first(row, seg_start[h], seg_end[h])
                if a < 0:
                    empty = True
                    break
                low_later += later[level, h] * values[a]
                high_later += later[level, h] * values[_last(row, seg_start[h], seg_end[h])]
            top = _last(row, start, seg_end[g])
            if empty or top < 0:
                lo[level] = 0
                hi[level] = 0
            else:
                k = same_left[level]
                vlo = rem[level] - (k - 1) * values[top] - high_later
                vhi = (rem[level] - low_later) // k
                if mirror > 0 and g == 0:
                    vhi = min(vhi, mirror // 2 if level == 0 else mirror - values[pick[0]])
                vlo = min(max(vlo, 0), top_value + 1)
                vhi = min(max(vhi + 1, 0), top_value + 1)
                lo[level] = max(start, first_at[g, vlo])
                hi[level] = min(seg_end[g], first_at[g, vhi])
            ptr[level] = 0 if level == 0 else lo[level]
        fresh = True
        s = -1
        while True:
            s = -1
            if level == 0:
                while ptr[0] < order.shape[0]:
                    c = order[ptr[0]]
                    ptr[0] += 1
                    if lo[0] <= c < hi[0] and (allowed[c >> 6] >> np.uint64(c & 63)) & np.uint64(1):
                        s = c
                        break
            elif ptr[level] < hi[level]:
                s = _first(cand[level], ptr[level], hi[level])
                if s >= 0:
                    ptr[level] = s + 1
            if s < 0:
                break
            if nodes >= node_limit or work >= work_limit:
                return found, nfound, nodes, leaves, False, work
            nodes += 1
            work += 1
            reached = total - rem[level] + values[s]
            if level == lines - 1:
                leaves += 1
            t = types[s]
            if level == 2:  # the first two lines' product read from `pairs`
                work += sizes[g, t]
                ways = 0
                row = pairs[pick_group[0], pick_group[1], types[pick[0]]]
                second = types[pick[1]]
                for k in range(sizes[g, t]):
                    a = admitted[g, t, k]
                    if a > reached:
                        break
                    ways += row[reached - a, second]
                    if ways >= 2:
                        break
                if ways != 1:
                    continue
            elif level >= 3 and level >= kept:
                work += sizes[g, t]
                if _at(poly[level], admitted[g, t], sizes[g, t], reached) != 1:
                    continue
            elif level >= 3 and level == lines - 1:
                if valid < 2:
                    work += _prefix(pick, 2, pick_group, types, admitted, sizes, pairs, poly[2])
                    valid = 2
                split = max(2, lines - TAIL)
                while valid < split:
                    h, u = pick_group[valid], types[pick[valid]]
                    work += _times(poly[valid], admitted[h, u], sizes[h, u], poly[valid + 1])
                    valid += 1
                ways, spent = _tail_at(
                    poly[split], pick, pick_group, types, admitted, sizes, split, t, total, scratch
                )
                work += spent
                if ways != 1:
                    continue
            break
        if s < 0:
            level -= 1
            fresh = False
            continue
        pick[level] = s
        if level == lines - 1:
            # two lines: the bits say the sum `total` has one representation, the count
            if nfound == found.shape[0]:
                grown = np.zeros((2 * nfound, lines), np.int64)
                grown[:nfound] = found
                found = grown
            found[nfound] = pick
            nfound += 1
            if nfound >= max_found:
                return found, nfound, nodes, leaves, False, work
            fresh = False
            continue
        valid = min(valid, level)
        rem[level + 1] = rem[level] - values[s]
        for w in range(words):
            cand[level + 1, w] = cand[level, w] & bits[s, w]
        work += words
        if level + 1 >= kept and level + 1 < lines:
            if level + 1 == kept:
                work += _prefix(pick, level + 1, pick_group, types, admitted, sizes, pairs, poly[level + 1])
            else:
                work += _times(poly[level], admitted[g, types[s]], sizes[g, types[s]], poly[level + 1])
        level += 1
    return found, nfound, nodes, leaves, True, work
