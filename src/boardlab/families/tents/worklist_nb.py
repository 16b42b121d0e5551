"""The work list of `worklist.py` compiled with numba, for the generator on large boards.

`FastWorklist` has the interface of `worklist.Worklist` (the position `state` and `link`,
`run`, `reopen`, `give`, `copy_position`, `restore`, `clone`, `unknown`) and computes the same
thing: the fixpoint of the `easy` (and `tricky`) rules of `deduce.py` from a position, with a
cell whose state or pairing changes putting its neighbourhood and its two lines on the work
list. The rules are transcribed one for one (`_cell` is `Worklist._cell`, `_line` is
`Worklist._line` with `deduce._line_facts` inlined: the same room-to-spare test and the same
interval tables). Every rule is monotone, so the fixpoint does not depend on the order in which
the work list is emptied (here a stack of cells and the lines in index order): it is the
`Worklist`'s, state and pairings alike, the same after `reopen`, so the generator makes the same
puzzle with either (tested with hypothesis against `Worklist` and `deduce.deduce`,
`tests/families/tents/test_worklist_nb.py`).

Only boards of at least `standard.FAST_AREA` cells use it: importing numba costs about 0.5 s
of CPU, more than a whole 25x25 generation saves. Each kernel call is one move of the
generator or one fresh run (under a millisecond at 100x100 for a move, a few for a fresh
run), so Ctrl-C and `--time-limit` (`core.interrupts.time_limited`) are seen when it returns,
between two calls, as for any short native call.

A contradiction is returned as a status (the kernels raise nothing); the Python methods raise
`deduce.Contradiction` as `Worklist` does.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import numpy as np
from numba import njit

from boardlab.core import compiling
from boardlab.families.tents.deduce import EMPTY, TENT, UNKNOWN, Contradiction
from boardlab.families.tents.worklist import RESET_LINES, TREE, neighbour_tables

compiling.watch()

#: Kernel status: the rules found a contradiction.
CONTRADICTION = 1
#: Interval bounds meaning "no placement" (as `deduce._NONE` and -1).
_NONE = 1 << 30

# The values and "no cell" as int64 scalars, never Python integers, in calls from one kernel to
# another: numba compiles a kernel once per distinct argument types, and types a Python integer
# constant as a literal (`Literal[int](2)`), even a variable's first value (`a = -1` before
# `a = y`). With literals and mixed int32/int64 indices `_set` compiled in 5 specialisations,
# `_link` in 4 and `_push`, `_touched` and `_mark` in 3 each on the first run (docs/design.md,
# "Known pitfalls", numba); every index here is int64 (the tables and the stack are int64
# arrays) and `tests/core/test_compiling.py` checks that each of them compiles once.
_TENT = np.int64(TENT)
_EMPTY = np.int64(EMPTY)
_NO_CELL = np.int64(-1)


@functools.lru_cache(maxsize=8)
def _tables(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """The orthogonal and king neighbours of every cell as arrays padded with -1."""
    orth, king = neighbour_tables(width, height)
    n = width * height
    o = np.full((n, 4), -1, np.int64)
    k = np.full((n, 8), -1, np.int64)
    for x in range(n):
        o[x, : len(orth[x])] = orth[x]
        k[x, : len(king[x])] = king[x]
    return o, k


# ---- the kernels (one state: arrays passed together as in `FastWorklist._args`) -----------


@njit(cache=True, nogil=True)
def _push(x, stack, top, inq):
    if inq[x] == 0:
        inq[x] = 1
        stack[top[0]] = x
        top[0] += 1


@njit(cache=True, nogil=True)
def _touched(x, orth, stack, top, inq):
    _push(x, stack, top, inq)
    for k in range(4):
        y = orth[x, k]
        if y >= 0:
            _push(y, stack, top, inq)


@njit(cache=True, nogil=True)
def _set(x, value, state, orth, king, w, h, version, linq, stack, top, inq):
    """`Worklist._set`; False on a contradiction (the cell already holds the other value)."""
    old = state[x]
    if old == value:
        return True
    if old != UNKNOWN:
        return False
    state[x] = value
    _touched(x, orth, stack, top, inq)
    if value == TENT:
        for k in range(8):
            y = king[x, k]
            if y >= 0:
                _push(y, stack, top, inq)
    row = x // w
    col = h + x % w
    version[row] += 1
    version[col] += 1
    linq[row] = 1
    linq[col] = 1
    return True


@njit(cache=True, nogil=True)
def _link(tree, tent, link, orth, stack, top, inq):
    link[tree] = tent
    link[tent] = tree
    _touched(tree, orth, stack, top, inq)
    _touched(tent, orth, stack, top, inq)


@njit(cache=True, nogil=True)
def _cell(x, tricky, state, link, orth, king, w, h, version, linq, stack, top, inq):
    """`Worklist._cell` (touch, tent-one-tree, no-free-tree, tree-one-cell, tree-corner); False on a
    contradiction."""
    v = state[x]
    if v == TENT:
        for k in range(8):
            y = king[x, k]
            if y < 0:
                continue
            if state[y] == UNKNOWN:
                _set(y, _EMPTY, state, orth, king, w, h, version, linq, stack, top, inq)
            elif state[y] == TENT:
                return False
        if link[x] < 0:
            free = _NO_CELL
            nfree = 0
            for k in range(4):
                t = orth[x, k]
                if t >= 0 and state[t] == TREE and link[t] < 0:
                    free = t
                    nfree += 1
            if nfree == 0:
                return False
            if nfree == 1:
                _link(free, x, link, orth, stack, top, inq)
    elif v == UNKNOWN:
        for k in range(4):
            t = orth[x, k]
            if t >= 0 and state[t] == TREE and link[t] < 0:
                return True
        _set(x, _EMPTY, state, orth, king, w, h, version, linq, stack, top, inq)
    elif v == TREE and link[x] < 0:
        a = _NO_CELL
        b = _NO_CELL
        count = 0
        for k in range(4):
            y = orth[x, k]
            if y >= 0 and (state[y] == UNKNOWN or (state[y] == TENT and link[y] < 0)):
                if count == 0:
                    a = y
                else:
                    b = y
                count += 1
        if count == 0:
            return False
        if count == 1:
            if state[a] == UNKNOWN:
                _set(a, _TENT, state, orth, king, w, h, version, linq, stack, top, inq)
            _link(x, a, link, orth, stack, top, inq)
        elif count == 2 and tricky:
            if a // w != b // w and a % w != b % w:
                corner = a + b - x
                if state[corner] == UNKNOWN:
                    _set(corner, _EMPTY, state, orth, king, w, h, version, linq, stack, top, inq)
    return True


@njit(cache=True, nogil=True)
def _line(line, tricky, state, orth, king, w, h, clue, version, seen, linq, stack, top, inq, buf):
    """`Worklist._line` with `deduce._line_facts` inlined; False on a contradiction."""
    c = clue[line]
    if c < 0 or seen[line] == version[line]:
        return True
    if line < h:
        n = w
        first = line * w
        step = 1
    else:
        n = h
        first = line - h
        step = w
    fixed = buf[0]
    placed = 0
    unknown = 0
    for i in range(n):
        v = state[first + i * step]
        if v == TREE:
            v = EMPTY
        fixed[i] = v
        if v == TENT:
            placed += 1
        elif v == UNKNOWN:
            unknown += 1
    if unknown == 0:
        return placed == c
    # room to spare: no unknown or tent cell next to a tent, and placed + 1 <= clue <= most - 2
    crowded = False
    for i in range(n - 1):
        if (fixed[i] == TENT and fixed[i + 1] != EMPTY) or (fixed[i] != EMPTY and fixed[i + 1] == TENT):
            crowded = True
            break
    if not crowded and placed + 1 <= c:
        most = placed
        run = 0
        for i in range(n):
            if fixed[i] == UNKNOWN:
                run += 1
            else:
                most += (run + 1) // 2
                run = 0
        most += (run + 1) // 2
        if c <= most - 2:
            seen[line] = version[line]
            return True
    lo0, hi0, lo1, hi1 = buf[1], buf[2], buf[3], buf[4]
    glo0, ghi0, glo1, ghi1 = buf[5], buf[6], buf[7], buf[8]
    lo0[0] = 0
    hi0[0] = 0
    lo1[0] = _NONE
    hi1[0] = -1
    for i in range(n):
        v = fixed[i]
        if v == TENT:
            lo0[i + 1] = _NONE
            hi0[i + 1] = -1
        else:
            lo0[i + 1] = min(lo0[i], lo1[i])
            hi0[i + 1] = max(hi0[i], hi1[i])
        if v != EMPTY:
            lo1[i + 1] = lo0[i] + 1
            hi1[i + 1] = hi0[i] + 1
        else:
            lo1[i + 1] = _NONE
            hi1[i + 1] = -1
    glo0[n] = 0
    ghi0[n] = 0
    glo1[n] = 0
    ghi1[n] = 0
    for i in range(n - 1, -1, -1):
        v = fixed[i]
        if v == TENT:
            zlo = _NONE
            zhi = -1
        else:
            zlo = glo0[i + 1]
            zhi = ghi0[i + 1]
        if v == EMPTY:
            glo0[i] = zlo
            ghi0[i] = zhi
        else:
            olo = glo1[i + 1] + 1
            ohi = ghi1[i + 1] + 1
            glo0[i] = min(zlo, olo)
            ghi0[i] = max(zhi, ohi)
        glo1[i] = zlo
        ghi1[i] = zhi
    if not glo0[0] <= c <= ghi0[0]:
        return False
    # the facts are read from the tables before any cell is set (the tables are of `fixed`)
    decided = buf[9]
    for j in range(n):
        decided[j] = UNKNOWN
        if fixed[j] != UNKNOWN:
            continue
        if not lo0[j + 1] + glo0[j + 1] <= c <= hi0[j + 1] + ghi0[j + 1]:
            decided[j] = TENT
        elif not lo0[j] + 1 + glo1[j + 1] <= c <= hi0[j] + 1 + ghi1[j + 1]:
            decided[j] = EMPTY
    touching = buf[10]
    if tricky and c - placed > 0:
        for j in range(n):
            touching[j] = 0
            lo = j - 1 if j > 0 else 0
            hi = j + 1 if j + 1 < n else n - 1
            tent_near = False
            for i in range(lo, hi + 1):
                if fixed[i] == TENT:
                    tent_near = True
            if tent_near:
                continue
            if not lo0[lo + 1] + glo0[hi + 1] <= c <= hi0[lo + 1] + ghi0[hi + 1]:
                touching[j] = 1
    for j in range(n):
        if decided[j] == TENT:
            if not _set(first + j * step, _TENT, state, orth, king, w, h, version, linq, stack, top, inq):
                return False
    for j in range(n):
        if decided[j] == EMPTY:
            if not _set(first + j * step, _EMPTY, state, orth, king, w, h, version, linq, stack, top, inq):
                return False
    seen[line] = version[line]
    if not tricky or c - placed == 0:
        return True
    for j in range(n):  # line-neighbours
        if touching[j] == 0:
            continue
        x = first + j * step
        for side in range(2):
            y = _NO_CELL
            if line < h:
                if side == 0 and line > 0:
                    y = x - w
                elif side == 1 and line < h - 1:
                    y = x + w
            else:
                col = line - h
                if side == 0 and col > 0:
                    y = x - 1
                elif side == 1 and col < w - 1:
                    y = x + 1
            if y >= 0 and state[y] == UNKNOWN:
                _set(y, _EMPTY, state, orth, king, w, h, version, linq, stack, top, inq)
    return True


@njit(cache=True, nogil=True)
def _run(tricky, state, link, orth, king, w, h, clue, version, seen, linq, stack, top, inq, buf):
    """`Worklist.run`: the rules to their fixpoint; 0, or `CONTRADICTION`."""
    nlines = w + h
    while True:
        while top[0] > 0:
            top[0] -= 1
            x = stack[top[0]]
            inq[x] = 0
            if not _cell(x, tricky, state, link, orth, king, w, h, version, linq, stack, top, inq):
                return CONTRADICTION
        any_line = False
        for line in range(nlines):
            if linq[line]:
                any_line = True
                linq[line] = 0
                if not _line(
                    line, tricky, state, orth, king, w, h, clue, version, seen, linq, stack, top, inq, buf
                ):
                    return CONTRADICTION
        if not any_line and top[0] == 0:
            return 0


@njit(cache=True, nogil=True)
def _mark(x, mark, marked, count):
    if mark[x] == 0:
        mark[x] = 1
        marked[count] = x
        count += 1
    return count


@njit(cache=True, nogil=True)
def _reopen(
    cells, lines, reset_lines, state, link, orth, king, w, h, seen, linq, stack, top, inq, mark, marked
):
    """`Worklist.reopen`: the cells near `cells` and those of `lines` back to unknown (their
    pairings undone), and looked at again."""
    count = np.int64(0)
    for i in range(cells.shape[0]):
        x = cells[i]
        count = _mark(x, mark, marked, count)
        for a in range(8):
            y = king[x, a]
            if y < 0:
                continue
            count = _mark(y, mark, marked, count)
            for b in range(8):
                z = king[y, b]
                if z >= 0:
                    count = _mark(z, mark, marked, count)
    for i in range(lines.shape[0]):
        line = lines[i]
        if reset_lines:
            if line < h:
                for j in range(w):
                    count = _mark(line * w + j, mark, marked, count)
            else:
                for j in range(h):
                    count = _mark(j * w + line - h, mark, marked, count)
        linq[line] = 1
    for i in range(count):
        x = marked[i]
        mark[x] = 0
        partner = np.int64(link[x])  # link is int32: the index as int64, as everywhere
        if partner >= 0:
            link[partner] = -1
            link[x] = -1
            _touched(partner, orth, stack, top, inq)
        if state[x] != TREE:
            state[x] = UNKNOWN
        _touched(x, orth, stack, top, inq)
        linq[x // w] = 1
        linq[h + x % w] = 1
    for line in range(w + h):
        if linq[line]:
            seen[line] = -1
    size = top[0]
    for i in range(size):
        x = stack[i]
        for a in range(8):
            y = king[x, a]
            if y >= 0:
                _push(y, stack, top, inq)


@njit(cache=True, nogil=True)
def _give(x, value, state, orth, king, w, h, version, linq, stack, top, inq):
    if not _set(x, value, state, orth, king, w, h, version, linq, stack, top, inq):
        return CONTRADICTION
    return 0


def _clues(values: Iterable[int | None]) -> list[int]:
    return [-1 if v is None else v for v in values]


class FastWorklist:
    """`worklist.Worklist` on numpy arrays with numba kernels (module docstring).

    `arr` is the state (uint8: UNKNOWN / TENT / EMPTY / TREE), `state` a memoryview of it for
    cheap reads and writes from Python; `link` the partners (int32, -1: none)."""

    def __init__(self, width: int, height: int, trees: Iterable[int], rows: list, cols: list):
        self.w, self.h = width, height
        n = width * height
        self.arr = np.zeros(n, np.uint8)
        for t in trees:
            self.arr[t] = TREE
        self.state = self.arr.data
        self.link = np.full(n, -1, np.int32)
        self.orth_np, self.king_np = _tables(width, height)
        self.orth, self.king = neighbour_tables(width, height)
        self.clue = np.array(_clues(list(rows) + list(cols)), np.int64)
        self.version = np.zeros(height + width, np.int64)
        self.seen = np.full(height + width, -1, np.int64)
        self.linq = np.ones(height + width, np.uint8)
        self.stack = np.arange(n, dtype=np.int64)
        self.top = np.array([n], np.int64)
        self.inq = np.ones(n, np.uint8)
        self.mark = np.zeros(n, np.uint8)
        self.marked = np.zeros(n, np.int64)
        self.buf = np.zeros((11, max(width, height) + 1), np.int64)
        self.tricky = False

    # ---- clues and the position -----------------------------------------------------------
    @property
    def rows(self) -> list[int | None]:
        return [None if v < 0 else int(v) for v in self.clue[: self.h]]

    @property
    def cols(self) -> list[int | None]:
        return [None if v < 0 else int(v) for v in self.clue[self.h :]]

    def set_clues(self, rows: list, cols: list) -> None:
        self.clue[: self.h] = _clues(rows)
        self.clue[self.h :] = _clues(cols)

    def unknown(self) -> int:
        return int(np.count_nonzero(self.arr == UNKNOWN))

    def tents(self) -> set[int]:
        return {int(i) for i in np.flatnonzero(self.arr == TENT)}

    def copy_position(self) -> tuple[np.ndarray, np.ndarray]:
        return self.arr.copy(), self.link.copy()

    def restore(self, position: tuple[np.ndarray, np.ndarray]) -> None:
        self.arr[:] = position[0]
        self.link[:] = position[1]
        self.top[0] = 0
        self.inq[:] = 0
        self.linq[:] = 0
        self.seen[:] = -1

    def clone(self) -> FastWorklist:
        twin = FastWorklist.__new__(FastWorklist)
        twin.__dict__.update(self.__dict__)
        twin.arr = self.arr.copy()
        twin.state = twin.arr.data
        for name in (
            "link",
            "clue",
            "version",
            "seen",
            "linq",
            "stack",
            "top",
            "inq",
            "mark",
            "marked",
            "buf",
        ):
            setattr(twin, name, getattr(self, name).copy())
        twin.top[0] = 0
        twin.inq[:] = 0
        twin.linq[:] = 0
        return twin

    def give(self, x: int, value: int) -> None:
        status = _give(
            x, value, self.arr, self.orth_np, self.king_np, self.w, self.h,
            self.version, self.linq, self.stack, self.top, self.inq,
        )  # fmt: skip
        if status:
            raise Contradiction(f"cell {divmod(x, self.w)} must be both a tent and empty")

    # ---- the rules ------------------------------------------------------------------------
    def run(self, tricky: bool) -> bool:
        if tricky and not self.tricky:
            self.tricky = True
            n = self.w * self.h
            self.stack[:] = np.arange(n, dtype=np.int64)
            self.top[0] = n
            self.inq[:] = 1
            self.linq[:] = 1
            self.seen[:] = -1
        status = _run(
            self.tricky, self.arr, self.link, self.orth_np, self.king_np, self.w, self.h, self.clue,
            self.version, self.seen, self.linq, self.stack, self.top, self.inq, self.buf,
        )  # fmt: skip
        if status:
            raise Contradiction("the rules found a contradiction")
        return self.unknown() == 0

    def reopen(self, cells: Iterable[int], lines: Iterable[int]) -> None:
        _reopen(
            np.fromiter(cells, np.int64), np.fromiter(lines, np.int64), RESET_LINES,
            self.arr, self.link, self.orth_np, self.king_np, self.w, self.h,
            self.seen, self.linq, self.stack, self.top, self.inq, self.mark, self.marked,
        )  # fmt: skip
