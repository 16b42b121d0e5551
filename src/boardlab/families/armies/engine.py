"""An exact branch-and-bound engine for peaceable armies over line labellings (numba).

A maximal peaceful placement is a labelling of the 6n - 2 lines (rows, columns, diagonals,
anti-diagonals) white or black: a square holds a white queen iff its four lines are white, a
black one iff they are all black (docs/armies.md, "Models"). "m of each" is feasible iff some
labelling has at least m white and m black squares. The engine decides this by depth-first
search over partial labellings:

- Each square keeps how many of its lines are white (`nw`) and black (`nb`). A square is
  *live white* while none of its lines is black, *live black* while none is white; the
  counts of live squares (`W`, `B` in total, `lw`, `lb` per line) only fall as lines are
  labelled, and are kept incrementally (one pass over the line's squares per label).
- Branching: first the rows and columns, from the border inwards (row 0, column 0, row n-1,
  column n-1, row 1, ...), then only the diagonals that still hold live squares of both
  colours (the one with the most live squares of the scarcer colour first). When no such
  diagonal is left the node is decided without search: every remaining line takes its only
  useful colour and the live counts are the exact counts (Lemma 1 in docs/armies.md).
- Bounds (each a lemma with its proof in docs/armies.md, each can be switched off):
  `LIVE`: W >= m and B >= m (Lemma 2); `FAMILY`: within one family of parallel lines (rows,
  columns, diagonals or anti-diagonals), every unlabelled line with live squares of both
  colours loses the live squares of one colour, and these losses are disjoint, so a
  fractional knapsack must fit both budgets W - m and B - m (Lemma 3); `JOINT`: all
  contested lines at once, a live square with k contested lines counting 1/k on each (it
  survives only if all of them take its colour), again a fractional knapsack (Lemma 4). It
  costs O(n^2) per node, so it runs once all rows and columns are labelled (above that,
  where nodes are many and most squares live, it halved the speed for 15% fewer nodes).
- Symmetry (`SYMMETRY`): the group of 16 (8 board symmetries x colour swap) maps the row and
  column labels among themselves; only labellings whose row/column part is the smallest of
  its orbit in the decision order are searched (Lemma 5). The check runs on partial labels,
  so a non-canonical prefix is cut as soon as it is decided.

Splitting: the same search, stopped at a fixed branching depth, lists the open nodes there
(subproblems); a subproblem replays its prefix of labels and searches below. Nodes are
counted so that the top tree plus all subproblems gives the same total as one search without
a split.

Sources: the line-labelling view is the `colouring` model of this package (docs/armies.md);
a public C branch-and-bound engine over line labellings (2026: rows and columns first, a
product bound, caps per diagonal family) motivated the branching order; the fractional
knapsack is Dantzig's (1957). Code and lemmas here are our own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numba import njit

from boardlab.core import compiling
from boardlab.families.armies.geometry import SYMMETRIES, lines, lines_of

compiling.watch()

#: Bound switches (bit flags of the kernel).
LIVE = 1
FAMILY = 2
JOINT = 4
SYMMETRY = 8
ALL_BOUNDS = LIVE | FAMILY | JOINT | SYMMETRY
BOUND_NAMES = {"live": LIVE, "family": FAMILY, "joint": JOINT, "symmetry": SYMMETRY}

UNSET = -1
WHITE = 0
BLACK = 1


# ---- tables ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Tables:
    n: int
    line_sq: np.ndarray  # (6n-2, n) squares of each line, -1 padded
    line_len: np.ndarray  # (6n-2,)
    sq_lines: np.ndarray  # (n^2, 4) row, column, diagonal, anti-diagonal of each square
    order: np.ndarray  # (2n,) rows and columns in decision order
    sym: np.ndarray  # (15, 2n) position of the preimage, per non-identity group element
    swap: np.ndarray  # (15,) 1 when the element swaps the colours


def rc_order(n: int) -> list[int]:
    """Rows and columns from the border inwards: row 0, col 0, row n-1, col n-1, row 1, ..."""
    order: list[int] = []
    for i in range((n + 1) // 2):
        for r in (i, n - 1 - i) if i != n - 1 - i else (i,):
            order += [r, n + r]
    return order


@lru_cache(maxsize=32)
def tables(n: int) -> Tables:
    all_lines = lines(n)
    count = len(all_lines)
    line_sq = np.full((count, n), -1, dtype=np.int64)
    line_len = np.zeros(count, dtype=np.int64)
    for i, line in enumerate(all_lines):
        line_sq[i, : len(line)] = line
        line_len[i] = len(line)
    sq_lines = np.array(lines_of(n), dtype=np.int64).reshape(n * n, 4)
    order = rc_order(n)
    position = {line: p for p, line in enumerate(order)}
    sym, swap = [], []
    for index, f in enumerate(SYMMETRIES):
        image = {}
        for r in range(n):  # row r holds (r, 0) and (r, 1); its image is a row or a column
            (r0, c0), (r1, _) = f(r, 0, n), f(r, 1, n)
            image[r] = r0 if r0 == r1 else n + c0
            (r0, c0), (r1, _) = f(0, r, n), f(1, r, n)
            image[n + r] = r0 if r0 == r1 else n + c0
        preimage = {t: s for s, t in image.items()}
        for colour_swap in (False, True):
            if index == 0 and not colour_swap:
                continue
            # (g L)[image(l)] = L[l] (complemented on a swap): position p of g L reads the
            # position of preimage(order[p]) in L
            sym.append([position[preimage[order[p]]] for p in range(2 * n)])
            swap.append(int(colour_swap))
    return Tables(
        n,
        line_sq,
        line_len,
        sq_lines,
        np.array(order, dtype=np.int64),
        np.array(sym, dtype=np.int64).reshape(-1, 2 * n),
        np.array(swap, dtype=np.int64),
    )


# ---- the kernel ------------------------------------------------------------------------------
@njit(cache=True)
def _label(line, c, colour, nw, nb, lw, lb, counts, line_sq, line_len, sq_lines):
    """Give `line` the colour c and update the live counts."""
    colour[line] = c
    for k in range(line_len[line]):
        s = line_sq[line, k]
        if c == WHITE:
            if nw[s] == 0:  # was live black
                counts[1] -= 1
                for j in range(4):
                    lb[sq_lines[s, j]] -= 1
            nw[s] += 1
        else:
            if nb[s] == 0:  # was live white
                counts[0] -= 1
                for j in range(4):
                    lw[sq_lines[s, j]] -= 1
            nb[s] += 1


@njit(cache=True)
def _unlabel(line, colour, nw, nb, lw, lb, counts, line_sq, line_len, sq_lines):
    c = colour[line]
    colour[line] = UNSET
    for k in range(line_len[line]):
        s = line_sq[line, k]
        if c == WHITE:
            nw[s] -= 1
            if nw[s] == 0:
                counts[1] += 1
                for j in range(4):
                    lb[sq_lines[s, j]] += 1
        else:
            nb[s] -= 1
            if nb[s] == 0:
                counts[0] += 1
                for j in range(4):
                    lw[sq_lines[s, j]] += 1


@njit(cache=True)
def _knapsack_fits(ws, bs, k, cap_w, cap_b):
    """Is there t in [0, 1]^k with sum (1 - t_i) ws_i <= cap_w and sum t_i bs_i <= cap_b?

    (t_i = 1: item i takes white and loses bs_i black squares.) The cheapest way to bring the
    white loss within cap_w takes the items by increasing bs_i / ws_i (fractional knapsack)."""
    need = -cap_w
    loss_w = 0  # each item on its cheaper side: a quick accept, and a quick reject
    loss_b = 0
    for i in range(k):
        need += ws[i]
        if bs[i] < ws[i]:
            loss_b += bs[i]
        else:
            loss_w += ws[i]
    if need <= 0 or (loss_w <= cap_w and loss_b <= cap_b):
        return True
    if loss_w + loss_b > cap_w + cap_b:
        return False
    # insertion sort by ratio bs / ws (ws > 0 for every item)
    for i in range(1, k):
        w = ws[i]
        b = bs[i]
        j = i - 1
        while j >= 0 and bs[j] * w > b * ws[j]:
            ws[j + 1] = ws[j]
            bs[j + 1] = bs[j]
            j -= 1
        ws[j + 1] = w
        bs[j + 1] = b
    spent = 0.0
    for i in range(k):
        if ws[i] >= need:
            spent += bs[i] * need / ws[i]
            return spent <= cap_b + 1e-9
        need -= ws[i]
        spent += bs[i]
        if spent > cap_b:
            return False
    return False


@njit(cache=True)
def _family_ok(first, last, colour, lw, lb, cap_w, cap_b, ws, bs):
    """Lemma 3 on the lines first..last-1 (one family)."""
    k = 0
    loss = 0
    for line in range(first, last):
        if colour[line] == UNSET and lw[line] > 0 and lb[line] > 0:
            ws[k] = lw[line]
            bs[k] = lb[line]
            loss += min(lw[line], lb[line])
            k += 1
    if loss > cap_w + cap_b:
        return False
    return _knapsack_fits(ws, bs, k, cap_w, cap_b)


@njit(cache=True)
def _joint_ok(n, m, first, colour, lw, lb, nw, nb, sq_lines, contested, aw, ab, ws, bs):
    """Lemma 4 over the lines first..6n-3 (first = 0: all four families; 2n: the diagonals).
    A live white square with k contested lines among them survives only if all k turn
    white, so it counts 1/k on each (12/k with weights times 12); with no contested line
    it is sure. One fractional knapsack over all contested lines."""
    last = 6 * n - 2
    for line in range(first, last):
        contested[line] = colour[line] == UNSET and lw[line] > 0 and lb[line] > 0
        aw[line] = 0
        ab[line] = 0
    sure_w = 0
    sure_b = 0
    j0 = 0 if first == 0 else 2
    for s in range(n * n):
        live_w = nb[s] == 0
        live_b = nw[s] == 0
        if not (live_w or live_b):
            continue
        k = 0
        for j in range(j0, 4):
            if contested[sq_lines[s, j]]:
                k += 1
        if k == 0:
            if live_w:
                sure_w += 12
            if live_b:
                sure_b += 12
            continue
        share = 12 // k
        for j in range(j0, 4):
            line = sq_lines[s, j]
            if contested[line]:
                if live_w:
                    aw[line] += share
                if live_b:
                    ab[line] += share
    k = 0
    cap_w = sure_w - 12 * m
    cap_b = sure_b - 12 * m
    for line in range(first, last):
        cap_w += aw[line]
        cap_b += ab[line]
        if contested[line] and aw[line] > 0 and ab[line] > 0:
            ws[k] = aw[line]
            bs[k] = ab[line]
            k += 1
    if cap_w < 0 or cap_b < 0:
        return False
    return _knapsack_fits(ws, bs, k, cap_w, cap_b)


@njit(cache=True)
def _canonical_so_far(colour, order, sym, swap):
    """Lemma 5 on the decided prefix: False when some group element g gives g L <lex L."""
    length = order.shape[0]
    for g in range(sym.shape[0]):
        for p in range(length):
            a = colour[order[p]]
            q = colour[order[sym[g, p]]]
            if a == UNSET or q == UNSET:
                break
            if swap[g] == 1:
                q = 1 - q
            if a < q:
                break
            if a > q:
                return False
    return True


@njit(cache=True)
def _choose(n, colour, lw, lb, order):
    """The next line to branch on, or -1 when the node is decided."""
    for p in range(order.shape[0]):
        if colour[order[p]] == UNSET:
            return order[p]
    best = -1
    score = -1
    for line in range(2 * n, 6 * n - 2):
        if colour[line] == UNSET and lw[line] > 0 and lb[line] > 0:
            s = min(lw[line], lb[line]) * 256 + max(lw[line], lb[line])
            if s > score:
                score = s
                best = line
    return best


@njit(cache=True)
def search(
    n, m, flags, prefix, split_depth, capacity, node_limit, line_sq, line_len, sq_lines, order, sym, swap
):
    """Search below `prefix` (labels of lines, in branching order: shape (k, 2)).

    split_depth < 0: search to the end; returns (found, nodes, labelling, prefixes, count);
    count is -1 when the search stopped at `node_limit` nodes (> 0) without an answer.
    split_depth >= 0: stop at that branching depth and list the open nodes there as
    prefixes (at most `capacity`; count > capacity means more were found).
    """
    lines_count = 6 * n - 2
    size = n * n
    colour = np.full(lines_count, UNSET, np.int64)
    nw = np.zeros(size, np.int64)
    nb = np.zeros(size, np.int64)
    lw = line_len.copy()
    lb = line_len.copy()
    counts = np.array([size, size], np.int64)
    ws = np.zeros(2 * n, np.int64)
    bs = np.zeros(2 * n, np.int64)
    contested = np.zeros(lines_count, np.bool_)
    aw = np.zeros(lines_count, np.int64)
    ab = np.zeros(lines_count, np.int64)
    wj = np.zeros(lines_count, np.int64)
    bj = np.zeros(lines_count, np.int64)
    max_depth = lines_count + 1
    frame_line = np.zeros(max_depth, np.int64)
    frame_next = np.zeros(max_depth, np.int64)
    width = max(split_depth, 1)
    prefixes = np.zeros((capacity if split_depth >= 0 else 0, width, 2), np.int64)
    found_labels = np.full(lines_count, UNSET, np.int64)
    count = 0
    base = prefix.shape[0]
    for i in range(base):
        _label(prefix[i, 0], prefix[i, 1], colour, nw, nb, lw, lb, counts, line_sq, line_len, sq_lines)
        frame_line[i] = prefix[i, 0]
    top = base  # frames in use (the prefix's are never revisited)
    nodes = 0
    entering = True
    found = False
    use_live = (flags & LIVE) != 0
    use_family = (flags & FAMILY) != 0
    use_joint = (flags & JOINT) != 0
    use_sym = (flags & SYMMETRY) != 0
    while True:
        if entering:
            entering = False
            if split_depth >= 0 and top == split_depth:
                if count < capacity:
                    for i in range(top):
                        prefixes[count, i, 0] = frame_line[i]
                        prefixes[count, i, 1] = colour[frame_line[i]]
                count += 1
            else:
                nodes += 1
                if node_limit > 0 and nodes >= node_limit:
                    count = -1
                    break
                ok = True
                cap_w = counts[0] - m
                cap_b = counts[1] - m
                if use_live and (cap_w < 0 or cap_b < 0):
                    ok = False
                if ok and use_sym and top <= 2 * n:
                    ok = _canonical_so_far(colour, order, sym, swap)
                if ok and use_family and cap_w >= 0 and cap_b >= 0:
                    for f in range(4):
                        first = 0 if f == 0 else (n if f == 1 else (2 * n if f == 2 else 4 * n - 1))
                        last = n if f == 0 else (2 * n if f == 1 else (4 * n - 1 if f == 2 else lines_count))
                        if not _family_ok(first, last, colour, lw, lb, cap_w, cap_b, ws, bs):
                            ok = False
                            break
                if ok and use_joint and top >= 2 * n and cap_w >= 0 and cap_b >= 0:  # see the docstring
                    ok = _joint_ok(n, m, 0, colour, lw, lb, nw, nb, sq_lines, contested, aw, ab, wj, bj)
                if ok:
                    line = _choose(n, colour, lw, lb, order)
                    if line < 0:
                        if counts[0] >= m and counts[1] >= m:
                            found = True
                            for i in range(lines_count):
                                found_labels[i] = colour[i]
                                if colour[i] == UNSET:
                                    found_labels[i] = WHITE if lw[i] > 0 else BLACK
                            break
                    else:
                        frame_line[top] = line
                        frame_next[top] = WHITE
                        top += 1
        # backtrack: the next label of the deepest open frame
        if top == base:
            break
        f = top - 1
        line = frame_line[f]
        if colour[line] != UNSET:
            _unlabel(line, colour, nw, nb, lw, lb, counts, line_sq, line_len, sq_lines)
        if frame_next[f] > BLACK:
            top -= 1
            continue
        _label(line, frame_next[f], colour, nw, nb, lw, lb, counts, line_sq, line_len, sq_lines)
        frame_next[f] += 1
        entering = True
    return found, nodes, found_labels, prefixes, count


def run(
    n: int,
    m: int,
    flags: int = ALL_BOUNDS,
    prefix: np.ndarray | None = None,
    split_depth: int = -1,
    capacity: int = 0,
    node_limit: int = 0,
):
    """The kernel with this board's tables (see `search`)."""
    t = tables(n)
    if prefix is None:
        prefix = np.zeros((0, 2), dtype=np.int64)
    return search(
        n,
        m,
        flags,
        prefix,
        split_depth,
        capacity,
        node_limit,
        t.line_sq,
        t.line_len,
        t.sq_lines,
        t.order,
        t.sym,
        t.swap,
    )


def placement_of(n: int, labels: np.ndarray) -> tuple[list[int], list[int]]:
    """White and black squares of a full labelling."""
    own = lines_of(n)
    white = [s for s in range(n * n) if all(labels[i] == WHITE for i in own[s])]
    black = [s for s in range(n * n) if all(labels[i] == BLACK for i in own[s])]
    return white, black
