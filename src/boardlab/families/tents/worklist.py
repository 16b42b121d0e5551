"""The `easy` and `tricky` rules of `deduce.py` driven by a work list, for the generator.

`deduce.Deducer` is the reference: it takes the rules in Tatham's order and restarts its
passes after every pass that decided something (each pass taking the steps of a pass over
the whole board), and it records every step with its reason (for `explain` and hints).
The generator only needs the *fixpoint* of a level (which cells the rules decide, and
whether they decide all), many times over, on boards up to 200x200. This module computes
that fixpoint with the same rules and no reasons: a cell
whose state or pairing changes puts its neighbourhood and its two lines on a work list, and
only those are looked at again. Every rule is monotone (`deduce.py`), so the fixpoint does not
depend on the order the rules are applied in: it is the one `Deducer` reaches at the same
level (tested on random boards against `deduce.deduce`).

It can also start again from a position left by an earlier run after the board was changed
in a few places (`reopen`): the cells near the change and in the lines whose clue changed go
back to unknown and the rules run from there. That is a heuristic, not a proof (a cell far
away may have been decided through a cell that changed); the generator always confirms its
final board with a run from the empty board (`fixpoint` on a fresh `Worklist`) and then with
`grade.level_of`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from boardlab.families.tents.deduce import EMPTY, TENT, UNKNOWN, Contradiction, _line_facts

TREE = 3
#: `reopen` sets every cell of a line whose clue changed back to unknown (else it only looks
#: at the line again): a closer heuristic position, at a cost.
RESET_LINES = True
#: `bytes.translate` table reading a tree as an empty cell (the line rule's view of a line).
_TREE_AS_EMPTY = bytes(EMPTY if v == TREE else v for v in range(256))


@functools.lru_cache(maxsize=8)
def neighbour_tables(width: int, height: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The orthogonal and the king neighbours of every cell (shared by the work lists of a
    size: never changed)."""
    orth: list[tuple[int, ...]] = []
    king: list[tuple[int, ...]] = []
    for r in range(height):
        for c in range(width):
            orth.append(
                tuple(
                    (r + dr) * width + c + dc
                    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                    if 0 <= r + dr < height and 0 <= c + dc < width
                )
            )
            king.append(
                tuple(
                    (r + dr) * width + c + dc
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if (dr or dc) and 0 <= r + dr < height and 0 <= c + dc < width
                )
            )
    return orth, king


class Worklist:
    """The rules of `easy` (and `tricky`) over a board, as flat arrays (cell r * w + c).

    `trees`: flat indices of the trees; `rows`, `cols`: clues (None: missing). `state`
    holds UNKNOWN / TENT / EMPTY, TREE for trees; `link[x]` the partner of a linked tree or
    tent, -1 otherwise.
    """

    def __init__(self, width: int, height: int, trees: Iterable[int], rows: list, cols: list):
        self.w, self.h = width, height
        n = width * height
        self.rows, self.cols = list(rows), list(cols)
        self.state = bytearray(n)  # UNKNOWN is 0
        for t in trees:
            self.state[t] = TREE
        self.link = [-1] * n
        self.orth, self.king = neighbour_tables(width, height)
        self.cells_todo: set[int] = set(range(n))
        self.lines_todo: set[int] = set(range(height + width))  # rows 0..h-1, then columns
        # a line is looked at again only when a cell of it changed since (the line rule is
        # idempotent: what it decided does not let it decide more by itself)
        self.version = [0] * (height + width)
        self.seen = [-1] * (height + width)
        self.tricky = False

    # ---- the position ---------------------------------------------------------------------
    def unknown(self) -> int:
        return self.state.count(UNKNOWN)

    def tents(self) -> set[int]:
        return {i for i, v in enumerate(self.state) if v == TENT}

    def copy_position(self) -> tuple[bytearray, list[int]]:
        return self.state[:], self.link[:]

    def set_clues(self, rows: list, cols: list) -> None:
        """The clues after a change of the board (read at the next `run`)."""
        self.rows, self.cols = rows, cols

    def clone(self) -> Worklist:
        """A copy of the position with empty work lists (the tables shared)."""
        twin = Worklist.__new__(Worklist)
        twin.__dict__.update(self.__dict__)
        twin.state, twin.link = self.state[:], self.link[:]
        twin.rows, twin.cols = list(self.rows), list(self.cols)
        twin.cells_todo, twin.lines_todo = set(), set()
        return twin

    def give(self, x: int, value: int) -> None:
        """Set cell `x` (a given tent or empty cell, or a generator's added given); the rules
        go on from it at the next `run` (adding a cell never undoes a deduction)."""
        self._set(x, value)

    def restore(self, position: tuple[bytearray, list[int]]) -> None:
        self.state, self.link = position[0][:], position[1][:]
        self.cells_todo.clear()
        self.lines_todo.clear()
        self.seen = [-1] * (self.w + self.h)

    def _line_cells(self, line: int) -> range:
        if line < self.h:
            return range(line * self.w, (line + 1) * self.w)
        c = line - self.h
        return range(c, self.w * self.h, self.w)

    def _touched(self, x: int) -> None:
        self.cells_todo.add(x)
        self.cells_todo.update(self.orth[x])

    def _set(self, x: int, value: int) -> None:
        old = self.state[x]
        if old == value:
            return
        if old != UNKNOWN:
            raise Contradiction(f"cell {divmod(x, self.w)} must be both a tent and empty")
        self.state[x] = value
        self._touched(x)
        if value == TENT:
            self.cells_todo.update(self.king[x])
        row, col = x // self.w, self.h + x % self.w
        self.version[row] += 1
        self.version[col] += 1
        self.lines_todo.add(row)
        self.lines_todo.add(col)

    def _link(self, tree: int, tent: int) -> None:
        self.link[tree], self.link[tent] = tent, tree
        self._touched(tree)
        self._touched(tent)

    # ---- the rules ------------------------------------------------------------------------
    def _cell(self, x: int) -> None:
        state, link, orth = self.state, self.link, self.orth
        v = state[x]
        if v == TENT:
            for y in self.king[x]:
                if state[y] == UNKNOWN:
                    self._set(y, EMPTY)  # touch
                elif state[y] == TENT:
                    raise Contradiction(f"tents at {divmod(x, self.w)} and {divmod(y, self.w)} touch")
            if link[x] < 0:  # tent-one-tree
                free = [t for t in orth[x] if state[t] == TREE and link[t] < 0]
                if not free:
                    raise Contradiction(f"the tent at {divmod(x, self.w)} has no tree left")
                if len(free) == 1:
                    self._link(free[0], x)
        elif v == UNKNOWN:  # no-free-tree
            for t in orth[x]:
                if state[t] == TREE and link[t] < 0:
                    break
            else:
                self._set(x, EMPTY)
        elif v == TREE and link[x] < 0:  # tree-one-cell, tree-corner
            options = [y for y in orth[x] if state[y] == UNKNOWN or (state[y] == TENT and link[y] < 0)]
            if not options:
                raise Contradiction(f"the tree at {divmod(x, self.w)} has no cell left")
            if len(options) == 1:
                y = options[0]
                if state[y] == UNKNOWN:
                    self._set(y, TENT)
                self._link(x, y)
            elif len(options) == 2 and self.tricky:
                a, b = options
                w = self.w
                if a // w != b // w and a % w != b % w:
                    corner = a + b - x
                    if state[corner] == UNKNOWN:
                        self._set(corner, EMPTY)

    def _line(self, line: int) -> None:
        clue = self.rows[line] if line < self.h else self.cols[line - self.h]
        if clue is None or self.seen[line] == self.version[line]:
            return
        cells = self._line_cells(line)
        state = self.state
        # the line's states, a tree read as an empty cell (slice and translate: C speed)
        fixed = bytes(state[cells.start : cells.stop : cells.step]).translate(_TREE_AS_EMPTY)
        if UNKNOWN not in fixed:
            if fixed.count(TENT) != clue:
                raise Contradiction(f"line {line} has the wrong number of tents")
            return
        facts = _line_facts(fixed, clue)
        if facts is None:
            raise Contradiction(f"line {line} cannot hold {clue} tents")
        tent_at, empty_at, touching = facts
        need = clue - fixed.count(TENT)
        for j in tent_at:
            self._set(cells[j], TENT)
        for j in empty_at:
            self._set(cells[j], EMPTY)
        self.seen[line] = self.version[line]
        if not self.tricky or need == 0:
            return
        w = self.w
        for j in touching:  # line-neighbours
            x = cells[j]
            if line < self.h:
                others = (x - w if line > 0 else -1, x + w if line < self.h - 1 else -1)
            else:
                c = line - self.h
                others = (x - 1 if c > 0 else -1, x + 1 if c < w - 1 else -1)
            for y in others:
                if y >= 0 and state[y] == UNKNOWN:
                    self._set(y, EMPTY)

    def run(self, tricky: bool) -> bool:
        """The rules (easy, and tricky when asked) to their fixpoint from the position and the
        work lists; True when every cell is decided (`Contradiction` when the rules find one)."""
        if tricky and not self.tricky:
            self.tricky = True
            self.cells_todo.update(range(self.w * self.h))
            self.lines_todo.update(range(self.w + self.h))
            self.seen = [-1] * (self.w + self.h)
        cells, cell, pop = self.cells_todo, self._cell, self.cells_todo.pop
        while cells or self.lines_todo:
            while cells:
                cell(pop())
            # every line waiting, then the cells again (a line changed by a later one of the
            # same round waits for the next round)
            batch, self.lines_todo = self.lines_todo, set()
            for line in sorted(batch):
                self._line(line)
        return UNKNOWN not in self.state

    # ---- changes of the board -------------------------------------------------------------
    def reopen(self, cells: Iterable[int], lines: Iterable[int]) -> None:
        """The board changed at `cells` (trees placed or taken, already in `state` as TREE or
        UNKNOWN) and the clues of `lines`: the cells of those lines and around the changed
        cells go back to unknown (their pairings undone), and the rules look at them again
        (`run`). A heuristic position (module docstring)."""
        state, link = self.state, self.link
        reset: set[int] = set()
        for x in cells:
            reset.add(x)
            for y in self.king[x]:
                reset.add(y)
                reset.update(self.king[y])
        for line in lines:
            if RESET_LINES:
                reset.update(self._line_cells(line))
            self.lines_todo.add(line)
        for x in reset:
            partner = link[x]
            if partner >= 0:
                link[partner] = -1
                link[x] = -1
                self._touched(partner)
            if state[x] != TREE:
                state[x] = UNKNOWN
            self._touched(x)
            self.lines_todo.add(x // self.w)
            self.lines_todo.add(self.h + x % self.w)
        for line in self.lines_todo:
            self.seen[line] = -1
        # cells next to the reset ones (a tent's `touch`, a tree's options) are looked at again
        for x in list(self.cells_todo):
            self.cells_todo.update(self.king[x])
