"""Compiled kernel of `wide` (grids three cells wide or high): the search for multisets of
pairwise compatible states of the core lines whose sums leave the free line a value. A module of
its own so that importing `wide` (the generator does) does not import numba. The method and its
proof are in `wide`'s docstring (docs/cnote.md, "Lemma 12").
"""

from __future__ import annotations

import numpy as np
from numba import njit

from boardlab.core.compiling import watch

watch()


@njit(cache=True)
def search(
    first: np.ndarray,
    second: np.ndarray,
    group: np.ndarray,
    compatible: np.ndarray,
    order: np.ndarray,
    left: np.ndarray,
    least_first: np.ndarray,
    most_first: np.ndarray,
    least_second: np.ndarray,
    most_second: np.ndarray,
    group_most_first: np.ndarray,
    group_least_second: np.ndarray,
    group_most_second: np.ndarray,
    point_first: int,
    point_second: int,
    start: int,
    node_limit: int,
    max_out: int,
) -> tuple[np.ndarray, int, bool]:
    """Every multiset of `len(order)` states (line k of group `order[k]`, the lines of a group
    taking states of non-decreasing index: the states are sorted by group, then by `first`)
    that are pairwise `compatible` (a state repeated only when compatible with itself) and whose
    sums leave the lines after them, the free line among them, a feasible rest: the sums of the
    lines from k on lie in [least_*[k], most_*[k]] (`left[k]`: the lines of k's group from k on,
    the bounds of the lines after the group at index k + left[k]). The first line's picks start
    at `start` (mod their number; `wide` passes 0). Returns the picks (one row each, at most
    `max_out`), the states picked and whether the search ended (False: `node_limit` states
    picked, or `max_out` rows)."""
    lines = order.shape[0]
    size = first.shape[0]
    cands = np.empty((lines + 1, size), np.int32)
    ncands = np.zeros(lines + 1, np.int64)
    picks = np.empty((lines, size), np.int32)
    npicks = np.zeros(lines, np.int64)
    at = np.zeros(lines, np.int64)
    chosen = np.zeros(lines, np.int32)
    rest_first = np.zeros(lines + 1, np.int64)
    rest_second = np.zeros(lines + 1, np.int64)
    out = np.empty((max_out, lines), np.int32)
    found = 0
    nodes = 0
    complete = True
    for j in range(size):
        cands[0, j] = j
    ncands[0] = size
    rest_first[0] = point_first
    rest_second[0] = point_second
    level = 0
    filled = False
    while True:
        if not filled:
            g = order[level]
            k = left[level]
            after = level + k
            ra = rest_first[level]
            rb = rest_second[level]
            # this pick's value bounds: the group's later picks are at least as large in
            # `first`, at most its largest; the lines after the group within their bounds
            high_first = (ra - least_first[after]) // k
            low_first = ra - most_first[after] - (k - 1) * group_most_first[g]
            high_second = rb - least_second[after] - (k - 1) * group_least_second[g]
            low_second = rb - most_second[after] - (k - 1) * group_most_second[g]
            n = 0
            for x in range(ncands[level]):
                j = cands[level, x]
                if group[j] == g:
                    if first[j] > high_first:
                        break
                    if first[j] >= low_first and low_second <= second[j] <= high_second:
                        picks[level, n] = j
                        n += 1
            npicks[level] = n
            at[level] = 0
            filled = True
        if at[level] < npicks[level]:
            x = at[level]
            if level == 0 and npicks[0] > 0:
                x = (x + start) % npicks[0]
            i = picks[level, x]
            at[level] += 1
            nodes += 1
            chosen[level] = i
            if level == lines - 1:
                if found == max_out:
                    complete = False
                    break
                for y in range(lines):
                    out[found, y] = chosen[y]
                found += 1
                continue
            if nodes >= node_limit:
                complete = False
                break
            m = 0
            gi = group[i]
            for x in range(ncands[level]):
                j = cands[level, x]
                if compatible[i, j] and (group[j] != gi or j >= i):
                    cands[level + 1, m] = j
                    m += 1
            ncands[level + 1] = m
            rest_first[level + 1] = rest_first[level] - first[i]
            rest_second[level + 1] = rest_second[level] - second[i]
            level += 1
            filled = False
        else:
            level -= 1
            if level < 0:
                break
    return out[:found], nodes, complete
