"""Deduction without search, by levels: the rules a player applies, each step with its reason.

Used for the difficulty grade (`grade.py`), the step-by-step solution (`explain`), hints (the
next step from the player's position) and before search (decided cells become unit clauses,
`prepare.py`).

The levels ``easy`` and ``tricky`` are exactly the two deduction sets of Simon Tatham's Tents
solver (``tents_solve`` in ``tents.c`` of his Portable Puzzle Collection, read in the
chrisboyle/sgtpuzzles mirror; rules restated here in our words, the code is ours). A puzzle his
generator makes at a level is solved by that level and, for Tricky, not by Easy: his generator
keeps a board only when ``tents_solve`` at the level succeeds and at the level below fails.

A cell is unknown, a tent or empty; a tree may be *linked* to its tent (the pairing decided).

``easy`` (Tatham's Easy):

- ``tent-one-tree``: a tent with exactly one unlinked tree next to it is linked to that tree
  (none at all: contradiction).
- ``no-free-tree``: a cell next to no unlinked tree is empty.
- ``touch``: the cells around a tent (diagonals too) are empty.
- ``tree-one-cell``: an unlinked tree with exactly one neighbour left that is unknown or an
  unlinked tent has its tent there (none: contradiction).
- ``line``: a row or column with a clue: of all the ways to put its missing tents on its unknown
  cells, no two side by side, the cells that are a tent in every way are tents and the cells
  that are empty in every way are empty (no way at all: contradiction).

``tricky`` (Tatham's Tricky) adds:

- ``tree-corner``: an unlinked tree whose only two possible cells are diagonal to each other
  (not opposite): the fourth cell of their 2x2 square touches both, so it is empty.
- ``line-neighbours``: in the ``line`` rule, a cell of a neighbouring row (column) that every
  way of the line touches (a tent in the line at distance at most 1 along it) is empty.

``hard`` (boardlab's, beyond Tatham; no guessing):

- ``line-tree``: the ``line`` rule, where the two cells on either side of a tree in the line
  that can only belong to that tree (no other unlinked tree next to either) hold at most one
  tent between them (the refinement Tatham's to-do list suggests).
- ``line-pair``: two neighbouring rows (columns) with clues together: of all the ways to put
  both lines' missing tents, none touching (diagonals across the two lines too), the cells
  with one value in every way are decided.
- ``pairing`` (tried last: the costliest, and it rarely decides anything): the trees must be
  paired with distinct tents, every tent with a tree (a perfect
  matching between the unlinked trees and the future tents). A cell without which the trees
  cannot all be paired is a tent (a group of k trees with only k cells between them); a cell
  that would leave some tents with too few trees is empty (Hall's condition on both sides,
  decided with the Mendelsohn-Dulmage theorem: a matching covering the trees and one covering
  the tents give one covering both). The witness group is named.

Anything beyond ``hard`` needs search: the grade ``extreme``.

The rules are applied in that order, as Tatham does: after any rule decides something the
pass starts again from the first rule; a level's rules are tried only when the lower levels
are stuck. Every rule is monotone (more decided cells never allow fewer conclusions), so the
fixpoint of a level does not depend on the order, and running the levels one after another
reaches the fixpoint of the highest.

A pass over a large board looks again only at the cells, trees and lines near a cell that
changed since the rule last looked (`Deducer.sweep`): the same steps in the same order as a pass
over every cell (tested against that, and against the grades and paths recorded before), about
ten times faster at 100x100 (docs/tents.md, "Grading large boards"); boards under `SWEEP_AREA`
cells keep the full passes (faster there).

One difference with Tatham: he counts a puzzle solved when every cell is decided and every
tent is linked; here every decided cell is enough (a puzzle whose tents are all placed is
solved for a player; Tatham's generator never makes a puzzle whose pairing is not unique, so
his puzzles grade the same).
"""

from __future__ import annotations

import functools
import heapq
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.words import plural
from boardlab.families.tents.io import TentsInstance

UNKNOWN, TENT, EMPTY = 0, 1, 2
ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
Cell = tuple[int, int]

#: The deduction levels, weakest first; a puzzle none of them solves is `extreme`.
LEVELS = ("easy", "tricky", "hard")
#: The grades, easiest first: the levels, then `extreme` (search needed). `Family.levels`.
GRADES = (*LEVELS, "extreme")

#: Each rule and its level (the order of the rules within a pass is the order of `_RULES`).
RULE_LEVEL = {
    "tent-one-tree": "easy",
    "no-free-tree": "easy",
    "touch": "easy",
    "tree-one-cell": "easy",
    "line": "easy",
    "tree-corner": "tricky",
    "line-neighbours": "tricky",
    "pairing": "hard",
    "line-tree": "hard",
    "line-pair": "hard",
    "search": "extreme",
}


def at(cell: Cell) -> str:
    """`[r, c]`, the coordinates as hints and the JSON write them."""
    return f"[{cell[0]}, {cell[1]}]"


def _list(cells: list[Cell] | tuple[Cell, ...]) -> str:
    words = [at(c) for c in sorted(cells)]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True)
class Step:
    """One deduction: the cells it decides (and pairings), the rule, the cells behind it, why."""

    rule: str
    tents: tuple[Cell, ...] = ()
    empty: tuple[Cell, ...] = ()
    links: tuple[tuple[Cell, Cell], ...] = ()
    """(tree, tent) pairings decided."""
    because: tuple[Cell, ...] = ()
    """The cells (trees, tents, a line's free cells) the deduction reads."""
    reason: str = ""
    obvious: bool = False
    """What any player sees at once (the cells next to no tree, a line with clue 0): hints
    skip such steps."""

    @property
    def level(self) -> str:
        return RULE_LEVEL[self.rule]

    @property
    def decides_cells(self) -> bool:
        return bool(self.tents or self.empty)

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "level": self.level,
            "tents": [list(c) for c in self.tents],
            "empty": [list(c) for c in self.empty],
            "links": [{"tree": list(t), "tent": list(c)} for t, c in self.links],
            "because": [list(c) for c in self.because],
            "reason": self.reason,
        }


class Contradiction(Exception):
    """The position has no solution (the message says where)."""


@dataclass
class Deduced:
    """Where deduction stopped: cell states, the links, the steps taken, or a contradiction."""

    state: dict[Cell, int]
    links: dict[Cell, Cell] = field(default_factory=dict)
    """tree -> its tent."""
    steps: list[Step] = field(default_factory=list)
    contradiction: str | None = None
    level: str | None = None
    """The lowest level whose rules decided every cell (None: not all decided)."""

    @property
    def solved(self) -> bool:
        return self.contradiction is None and all(v != UNKNOWN for v in self.state.values())

    @property
    def tents(self) -> set[Cell]:
        return {cell for cell, v in self.state.items() if v == TENT}

    @property
    def unknown(self) -> int:
        return sum(1 for v in self.state.values() if v == UNKNOWN)


#: An empty set of counts in `_line_facts` (lowest above highest).
_NONE = 1 << 30
#: The runs of unknown cells of a line (as bytes).
_UNKNOWN_RUNS = re.compile(rb"\x00+")


@functools.lru_cache(maxsize=1 << 16)  # the lines of a board and their recent positions
def _line_facts(fixed: tuple[int, ...] | bytes, clue: int) -> tuple[list[int], list[int], list[int]] | None:
    """What the placements of one line decide (pure, so cached: the rules ask again about
    lines that did not change): the positions that are a tent in every placement, those empty
    in every placement, and the positions j whose cells in the neighbouring lines every
    placement touches (a new tent at j - 1, j or j + 1); None when there is no placement.

    `fixed[i]`: UNKNOWN, TENT or EMPTY. A forward and a backward table: for the cells before i
    with cell i - 1 a tent or not, and for the cells from i on given cell i - 1 is a tent or
    not, the numbers of tents their placements can hold. Each such set is an interval
    [lowest, highest]: from any placement, taking away a tent on an unknown cell (not the one
    the condition asks for) leaves a placement, so every count from the fewest (the fixed
    tents, and the asked one) up to any count reached is reached. So the tables hold two
    numbers per entry, and "some placement of the two parts has `clue` tents" is an interval
    sum (docs/tents.md, "Generator"). Checked against all placements of short lines in the
    tests."""
    # A line with room to spare decides nothing (no tables needed): with `placed` fixed tents,
    # no cell next to one but empty ones, and at most `most` tents in all (a tent on every other cell
    # of each run of unknown cells), emptying a cell costs a placement at most one tent,
    # making it a tent at most one (its two neighbours go), emptying three cells side by side
    # at most two; so with placed + 1 <= clue <= most - 2 every unknown cell can be either and
    # no three cells side by side must hold a tent.
    line = fixed if isinstance(fixed, bytes) else bytes(fixed)
    if b"\x00\x01" not in line and b"\x01\x00" not in line and b"\x01\x01" not in line:
        placed = line.count(TENT)
        if (
            placed + 1 <= clue
            and clue <= placed + sum((len(run) + 1) // 2 for run in _UNKNOWN_RUNS.findall(line)) - 2
        ):
            return [], [], []
    n = len(fixed)
    none = _NONE
    # forward: counts of cells 0..i-1 with cell i-1 empty (lo0, hi0) or a tent (lo1, hi1)
    lo0, hi0, lo1, hi1 = [0] * (n + 1), [0] * (n + 1), [none] * (n + 1), [-1] * (n + 1)
    for i in range(n):
        v = fixed[i]
        if v == TENT:
            lo0[i + 1], hi0[i + 1] = none, -1
        else:
            a, b = lo0[i], lo1[i]
            lo0[i + 1] = a if a < b else b
            a, b = hi0[i], hi1[i]
            hi0[i + 1] = a if a > b else b
        if v != EMPTY:
            lo1[i + 1], hi1[i + 1] = lo0[i] + 1, hi0[i] + 1
    # backward: counts of cells i..n-1 given cell i-1 is empty (glo0, ghi0) or a tent (glo1, ghi1)
    glo0, ghi0, glo1, ghi1 = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        v = fixed[i]
        if v == TENT:
            zlo, zhi = none, -1
        else:
            zlo, zhi = glo0[i + 1], ghi0[i + 1]
        if v == EMPTY:
            glo0[i], ghi0[i] = zlo, zhi
        else:
            olo, ohi = glo1[i + 1] + 1, ghi1[i + 1] + 1
            glo0[i] = zlo if zlo < olo else olo
            ghi0[i] = zhi if zhi > ohi else ohi
        glo1[i], ghi1[i] = zlo, zhi
    if not glo0[0] <= clue <= ghi0[0]:
        return None
    tents, empty, touching = [], [], []
    # (lo0[i + 1], hi0[i + 1]): the cells before i + 1 with cell i empty, which for a cell i
    # that is not a tent is the cells before i in any state
    for j in range(n):
        if fixed[j] != UNKNOWN:
            continue
        # j empty: the cells before in any state, the cells after given j is not a tent
        if not lo0[j + 1] + glo0[j + 1] <= clue <= hi0[j + 1] + ghi0[j + 1]:
            tents.append(j)
        # j a tent: cell j-1 empty, the cells after given j is a tent
        elif not lo0[j] + 1 + glo1[j + 1] <= clue <= hi0[j] + 1 + ghi1[j + 1]:
            empty.append(j)
    for j in range(n):
        lo, hi = j - 1 if j else 0, j + 1 if j + 1 < n else n - 1
        if TENT in fixed[lo : hi + 1]:
            continue  # a placed tent: its neighbours are the `touch` rule's
        # cells lo..hi all empty (cell lo is not a tent: the cells before it in any state)
        if not lo0[lo + 1] + glo0[hi + 1] <= clue <= hi0[lo + 1] + ghi0[hi + 1]:
            touching.append(j)
    return tents, empty, touching


class _Matching:
    """A bipartite matching grown by augmenting paths (Kuhn's method, iterative: paths may be
    long on large boards), with the Hall witness of a vertex that cannot be matched."""

    def __init__(self, adjacent: dict[Cell, list[Cell]]):
        self.adjacent = adjacent
        self.owner: dict[Cell, Cell] = {}  # right -> left
        self.match: dict[Cell, Cell] = {}  # left -> right

    def augment(self, root: Cell, banned: frozenset[Cell] = frozenset()) -> bool:
        """Match `root` (unmatched), re-matching others along an alternating path; False when
        no alternating path from `root` reaches a free right vertex (avoiding `banned`)."""
        seen = set(banned)
        parent: dict[Cell, Cell] = {}
        stack = [(root, iter(self.adjacent[root]))]
        while stack:
            u, choices = stack[-1]
            for v in choices:
                if v in seen:
                    continue
                seen.add(v)
                parent[v] = u
                w = self.owner.get(v)
                if w is None:  # a free right vertex: flip the path back to the root
                    while True:
                        left = parent[v]
                        before = self.match.get(left)
                        self.owner[v], self.match[left] = left, v
                        if left == root:
                            return True
                        assert before is not None
                        v = before
                stack.append((w, iter(self.adjacent[w])))
                break
            else:
                stack.pop()
        return False

    def unmatch(self, left: Cell) -> None:
        right = self.match.pop(left, None)
        if right is not None:
            del self.owner[right]

    def witness(self, root: Cell, banned: frozenset[Cell] = frozenset()) -> tuple[list[Cell], list[Cell]]:
        """For `root` that cannot be matched: the left vertices reachable from it by alternating
        paths, and their neighbours (one fewer than them: Konig's construction)."""
        group, reached, queue = [root], set(), [root]
        while queue:
            for v in self.adjacent[queue.pop()]:
                if v in banned or v in reached:
                    continue
                reached.add(v)
                w = self.owner.get(v)
                if w is not None and w not in group:
                    group.append(w)
                    queue.append(w)
        return sorted(group), sorted(reached)


@functools.lru_cache(maxsize=1 << 12)  # every line and pair of a 1000-wide board
def _band(
    first: tuple[int, ...], second: tuple[int, ...], clue1: int, clue2: int
) -> list[tuple[int, int, int]] | None:
    """The unknown cells of two neighbouring lines decided by all their joint placements (no
    two tents touching, diagonals across the lines too; exactly the clues): (line 0 or 1,
    position, TENT or EMPTY); None when there is no placement at all.

    A dynamic programme over the positions, counts as bitmasks over the pairs (n1, n2) at bit
    n1 * stride + n2; state = which of the two cells of the previous position holds a tent."""
    n = len(first)
    stride = clue2 + 2
    valid = 0
    for a in range(clue1 + 1):
        for b in range(clue2 + 1):
            valid |= 1 << (a * stride + b)
    moves = ((0, 0), (1, 0), (0, 1))  # never both cells of a position: they touch

    def allowed(j: int, s: int, move: tuple[int, int]) -> bool:
        a, b = move
        if (a or b) and s:
            return False  # the previous position's tent touches both cells of this one
        return (
            (first[j] != TENT or a == 1)
            and (first[j] != EMPTY or a == 0)
            and (second[j] != TENT or b == 1)
            and (second[j] != EMPTY or b == 0)
        )

    def shift(mask: int, move: tuple[int, int]) -> int:
        return (mask << (move[0] * stride + move[1])) & valid

    def code(move: tuple[int, int]) -> int:
        return 1 if move[0] else 2 if move[1] else 0

    forward = [[1, 0, 0]]
    for j in range(n):
        row = [0, 0, 0]
        for s in range(3):
            if forward[j][s]:
                for move in moves:
                    if allowed(j, s, move):
                        row[code(move)] |= shift(forward[j][s], move)
        forward.append(row)
    backward = [[0, 0, 0] for _ in range(n + 1)]
    backward[n] = [1, 1, 1]
    for j in range(n - 1, -1, -1):
        for s in range(3):
            for move in moves:
                if allowed(j, s, move):
                    backward[j][s] |= shift(backward[j + 1][code(move)], move)

    def meet(left: int, right: int) -> bool:
        index = 0
        while left:
            if left & 1:
                a, b = divmod(index, stride)
                if a <= clue1 and b <= clue2 and (right >> ((clue1 - a) * stride + (clue2 - b))) & 1:
                    return True
            left >>= 1
            index += 1
        return False

    if not meet(forward[0][0], backward[0][0]):
        return None
    decided = []
    for j in range(n):
        possible = {(0, TENT): False, (0, EMPTY): False, (1, TENT): False, (1, EMPTY): False}
        for s in range(3):
            if not forward[j][s]:
                continue
            for move in moves:
                if allowed(j, s, move) and meet(shift(forward[j][s], move), backward[j + 1][code(move)]):
                    possible[(0, TENT if move[0] else EMPTY)] = True
                    possible[(1, TENT if move[1] else EMPTY)] = True
        for k, line in ((0, first), (1, second)):
            if line[j] == UNKNOWN:
                if not possible[(k, TENT)]:
                    decided.append((k, j, EMPTY))
                elif not possible[(k, EMPTY)]:
                    decided.append((k, j, TENT))
    return decided


@functools.lru_cache(maxsize=1 << 12)  # every line and pair of a 1000-wide board
def _line_sharing_trees(
    fixed: tuple[int, ...], clue: int, exclusive: frozenset[int]
) -> list[tuple[int, int]] | None:
    """The unknown cells of one line decided by its placements (exactly `clue` tents, none
    side by side) in which, for each position p of `exclusive`, cells p - 1 and p + 1 are not
    both tents: (position, TENT or EMPTY); None when there is no placement.

    The state is which of the two previous cells hold a tent (bit 0: the last, bit 1: the one
    before); counts are bitmasks (bit n: n tents)."""
    n = len(fixed)

    def allowed(i: int, s: int, v: int) -> bool:
        if (fixed[i] == TENT and not v) or (fixed[i] == EMPTY and v):
            return False
        return not v or (not s & 1 and not ((i - 1) in exclusive and s & 2))

    forward = [[1, 0, 0, 0]]
    for i in range(n):
        row = [0, 0, 0, 0]
        for s in range(4):
            if forward[i][s]:
                for v in (0, 1):
                    if allowed(i, s, v):
                        row[v | (s & 1) << 1] |= forward[i][s] << v
        forward.append(row)
    backward = [[0, 0, 0, 0] for _ in range(n)] + [[1, 1, 1, 1]]
    for i in range(n - 1, -1, -1):
        for s in range(4):
            for v in (0, 1):
                if allowed(i, s, v):
                    backward[i][s] |= backward[i + 1][v | (s & 1) << 1] << v
    if not _meets(forward[0][0], backward[0][0], clue):
        return None
    decided = []
    for i in range(n):
        if fixed[i] != UNKNOWN:
            continue
        possible = [False, False]
        for s in range(4):
            for v in (0, 1):
                if forward[i][s] and allowed(i, s, v):
                    if _meets(forward[i][s] << v, backward[i + 1][v | (s & 1) << 1], clue):
                        possible[v] = True
        if not possible[1]:
            decided.append((i, EMPTY))
        elif not possible[0]:
            decided.append((i, TENT))
    return decided


def _meets(left: int, right: int, total: int) -> bool:
    """Some a in `left` and b in `right` (bitmask sets) with a + b = total."""
    a = 0
    while left:
        if left & 1 and total - a >= 0 and (right >> (total - a)) & 1:
            return True
        left >>= 1
        a += 1
    return False


class _Sweep:
    """What one rule must look at again (`Deducer.sweep`): its items (cells, trees, lines or
    pairs of lines, as integers in the rule's order) near a cell changed since it last looked."""

    __slots__ = ("items", "near", "dirty", "order", "done", "later", "read")

    def __init__(self, items: list[int], near: Callable[[Cell], list[int]], first: list[int]):
        self.items = items
        """All of them, in order (a sweep of the whole board)."""
        self.near = near
        """A changed cell -> the items whose rule outcome it can change."""
        self.dirty: set[int] = set(first)
        """The items waiting for the next pass (at first `first`)."""
        self.order: list[int] = []
        self.done = 0
        self.later: list[int] = []
        """The pass under way: its items in order (`done` of them reached) and a heap of the
        items a step of the pass woke after the one that took it."""
        self.read = 0
        """How much of `Deducer.changed` this sweep has read."""

    def waiting(self, changed: list[Cell]) -> set[int]:
        """The items the next pass looks at, gathered in `dirty`: those waiting, the rest of a
        pass left before its end (a contradiction, a consumer that stopped), those near a cell
        changed since."""
        waiting, near = self.dirty, self.near
        if self.done < len(self.order):
            waiting.update(self.order[self.done :])
        waiting.update(self.later)
        self.order, self.done, self.later = [], 0, []
        for cell in changed[self.read :]:
            waiting.update(near(cell))
        self.read = len(changed)
        return waiting


#: Boards of at least this many cells sweep incrementally (`Deducer`): on smaller ones, and on
#: positions with few cells left (the generator's checks at 16x16 and 25x25), a pass over every
#: cell costs less than finding the cells near the changes (measured: docs/tents.md,
#: "Grading large boards").
SWEEP_AREA = 1600


@functools.lru_cache(maxsize=8)
def _cells(width: int, height: int) -> tuple[Cell, ...]:
    """Cell r * width + c is (r, c) (the sweeps number the cells)."""
    return tuple((r, c) for r in range(height) for c in range(width))


def _remembered(near: Callable[[Cell], list[int]]) -> Callable[[Cell], list[int]]:
    """`near` with its answers kept (a cell changes once or twice; the sweeps of several rules
    read it)."""
    known: dict[Cell, list[int]] = {}

    def recall(cell: Cell) -> list[int]:
        found = known.get(cell)
        if found is None:
            found = known[cell] = near(cell)
        return found

    return recall


class Deducer:
    """The rules of `LEVELS` over one position; `steps(level)` yields each deduction as it is
    applied (the position changes as the steps are taken).

    Each rule is a pass over the board in a fixed order (cells and trees row by row, then
    columns, then rows), and after a pass that decided something the passes start again from
    the first rule, as Tatham's solver goes. A pass looks at every cell, but on a large board
    almost none of them can have changed their outcome since the rule last looked: so a pass
    only looks at the items near a cell whose state or pairing changed since (`sweep`), in the
    same order, each on the position the steps before it left. That takes exactly the steps of
    a pass over the whole board (`incremental=False`, the reference the tests compare with):
    an item the pass skips did not lead to a step the last time the rule looked at it, and none
    of the cells its outcome reads changed since, or changed only in a way that cannot make the
    rule fire (a cell only goes from unknown to decided, a pairing is never undone; see
    `_near_cells`).
    """

    def __init__(
        self,
        instance: TentsInstance,
        tents: set[Cell] | None = None,
        empty: set[Cell] | None = None,
        incremental: bool | None = None,
    ):
        self.inst = instance
        self.w, self.h = instance.width, instance.height
        self.trees = instance.trees
        self.state: dict[Cell, int] = {}
        for r in range(self.h):
            for c in range(self.w):
                if (r, c) not in self.trees:
                    self.state[(r, c)] = UNKNOWN
        for cell in set(instance.given_tents) | set(tents or ()):
            if cell in self.state:
                self.state[cell] = TENT
        for cell in set(instance.given_empty) | set(empty or ()):
            if cell in self.state:
                if self.state[cell] == TENT:
                    raise Contradiction(f"{at(cell)} is marked both a tent and empty")
                self.state[cell] = EMPTY
        self.link_of: dict[Cell, Cell] = {}  # tree -> tent and tent -> tree
        self.taken: list[Step] = []
        self.incremental = self.w * self.h >= SWEEP_AREA if incremental is None else incremental
        self.treeless: list[Cell] | None = None
        """The cells next to no tree not known to be decided (`no_free_tree`; None: not yet
        looked for)."""
        self.changed: list[Cell] = []
        """The cells whose state or pairing changed, in order (the sweeps read it)."""
        w, h = self.w, self.h
        cells = [r * w + c for r, c in self.state]
        trees = sorted(r * w + c for r, c in self.trees)
        lines = list(range(w + h))  # column i is i, row i is w + i (columns first)
        pairs = [*range(w - 1), *range(w, w + h - 1)]  # the pair of lines k and k + 1
        near_cells, near_trees = _remembered(self._near_cells), _remembered(self._near_trees)
        # The first pass of a rule looks at every item that can lead to a step on the starting
        # position: `tent-one-tree` and `touch` read only tents, `no-free-tree` unknown cells.
        # (Without `incremental` every pass looks at every item: nothing waits.)
        on = self.incremental
        placed = [r * w + c for (r, c), v in self.state.items() if v == TENT] if on else []
        unknown = [r * w + c for (r, c), v in self.state.items() if v == UNKNOWN] if on else []
        self.sweeps: dict[str, _Sweep] = {
            "tent-one-tree": _Sweep(cells, near_cells, placed),
            "no-free-tree": _Sweep(cells, near_cells, unknown),
            "touch": _Sweep(cells, near_cells, placed),
            "tree-one-cell": _Sweep(trees, near_trees, trees if on else []),
            "tree-one-cell tricky": _Sweep(trees, near_trees, trees if on else []),
            "line": _Sweep(lines, self._near_line, lines if on else []),
            "line tricky": _Sweep(lines, self._near_line, lines if on else []),
            "line-tree": _Sweep(lines, _remembered(self._near_lines), lines if on else []),
            "line-pair": _Sweep(pairs, _remembered(self._near_pairs), pairs if on else []),
        }

    # ---- incremental sweeps ------------------------------------------------------------------
    def _near_cells(self, cell: Cell) -> list[int]:
        """The cells whose `tent-one-tree`, `no-free-tree` or `touch` outcome a change at `cell`
        can change: `cell` (its state or pairing) and its orthogonal neighbours (a tree
        paired). A change of a king neighbour can only end a `touch` (a cell is no longer
        unknown)."""
        r, c = cell
        w, state = self.w, self.state
        return [(r + dr) * w + c + dc for dr, dc in ((0, 0), *ORTHOGONAL) if (r + dr, c + dc) in state]

    def _near_trees(self, cell: Cell) -> list[int]:
        """The trees whose `tree-one-cell` / `tree-corner` outcome a change at `cell` can change:
        itself (paired) and those next to it (a cell of theirs decided or paired). The corner
        cell of `tree-corner` only goes from unknown to decided: that ends the rule, never
        starts it."""
        r, c = cell
        w, trees = self.w, self.trees
        return [(r + dr) * w + c + dc for dr, dc in ((0, 0), *ORTHOGONAL) if (r + dr, c + dc) in trees]

    def _near_line(self, cell: Cell) -> list[int]:
        """The lines of `cell` (the `line` rule reads its line; `line-neighbours` also reads
        the neighbouring lines, but only for cells that must be unknown)."""
        return [cell[1], self.w + cell[0]]

    def _near_lines(self, cell: Cell) -> list[int]:
        """The lines through `cell` and next to it: `line-tree` reads its line and the pairings
        of the trees next to its cells."""
        r, c = cell
        w = self.w
        return [k for k in (c - 1, c, c + 1) if 0 <= k < w] + [
            w + k for k in (r - 1, r, r + 1) if 0 <= k < self.h
        ]

    def _near_pairs(self, cell: Cell) -> list[int]:
        """The pairs of lines holding `cell` (`line-pair`)."""
        r, c = cell
        w = self.w
        return [k for k in (c - 1, c) if 0 <= k < w - 1] + [w + k for k in (r - 1, r) if 0 <= k < self.h - 1]

    def sweep(self, rule: str) -> Iterator[int]:
        """The items `rule` looks at in one pass, in its order: those near a cell changed since
        it last looked, and those near a cell that a step of this pass changes that come after
        the item that took the step (a pass over the whole board meets them on the position
        that step left); every item when not `incremental`. An item the pass passes over (or
        that took the step) waits for the next pass."""
        s = self.sweeps[rule]
        if not self.incremental:
            yield from s.items
            return
        changed, near = self.changed, s.near
        order = sorted(s.waiting(changed))
        dirty = s.dirty = set()
        s.read = len(changed)
        s.order, s.done, s.later = order, 0, []
        later = s.later
        n, i, last = len(order), 0, -1
        while True:
            if later and (i == n or later[0] < order[i]):
                item = heapq.heappop(later)
            elif i < n:
                item = order[i]
                i += 1
                s.done = i
            else:
                break
            if item == last:  # the items come in order: a second copy right after the first
                continue
            last = item
            yield item
            if s.read < len(changed):
                for cell in changed[s.read :]:
                    for woken in near(cell):
                        if woken > item:
                            heapq.heappush(later, woken)
                        else:
                            dirty.add(woken)
                s.read = len(changed)

    def sweep_cells(self, rule: str) -> Iterator[Cell]:
        """`sweep` of a rule over cells or trees, as cells (full passes read the board's own
        order: the cells row by row, the trees sorted)."""
        if not self.incremental:
            return iter(sorted(self.trees) if rule.startswith("tree-") else self.state)
        cells = _cells(self.w, self.h)
        return (cells[x] for x in self.sweep(rule))

    # ---- helpers ---------------------------------------------------------------------------
    def trees_next_to(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in self.trees]

    def cells_next_to(self, tree: Cell) -> list[Cell]:
        r, c = tree
        return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in self.state]

    def free_trees(self, cell: Cell) -> list[Cell]:
        return [t for t in self.trees_next_to(cell) if t not in self.link_of]

    def options(self, tree: Cell) -> list[Cell]:
        """The cells an unlinked tree's tent can still be on."""
        return [
            x
            for x in self.cells_next_to(tree)
            if self.state[x] == UNKNOWN or (self.state[x] == TENT and x not in self.link_of)
        ]

    def line(self, axis: str, i: int) -> list[Cell]:
        if axis == "row":
            return [(i, j) for j in range(self.w)]
        return [(j, i) for j in range(self.h)]

    def clue(self, axis: str, i: int) -> int | None:
        return self.inst.rows[i] if axis == "row" else self.inst.cols[i]

    def apply(self, step: Step) -> Step:
        """Take `step`: its cells and links join the position (`Contradiction` on a clash)."""
        changed = self.changed
        for cell in step.tents:
            if self.state[cell] == EMPTY:
                raise Contradiction(f"{at(cell)} must be a tent ({step.reason}) but is empty")
            self.state[cell] = TENT
            changed.append(cell)
        for cell in step.empty:
            if self.state[cell] == TENT:
                raise Contradiction(f"{at(cell)} must be empty ({step.reason}) but is a tent")
            self.state[cell] = EMPTY
            changed.append(cell)
        for tree, tent in step.links:
            self.link_of[tree] = tent
            self.link_of[tent] = tree
            changed.append(tree)
            changed.append(tent)
        self.taken.append(step)
        return step

    def check_touching(self) -> None:
        for (r, c), v in self.state.items():
            if v == TENT:
                for dr, dc in KING:
                    if self.state.get((r + dr, c + dc)) == TENT:
                        raise Contradiction(f"the tents at {at((r, c))} and {at((r + dr, c + dc))} touch")

    # ---- the rules: each a pass over the board, yielding the steps it applies ---------------
    def tent_one_tree(self) -> Iterator[Step]:
        for cell in self.sweep_cells("tent-one-tree"):
            if self.state[cell] != TENT or cell in self.link_of:
                continue
            free = self.free_trees(cell)
            if not free:
                raise Contradiction(f"the tent at {at(cell)} has no tree left to pair with")
            if len(free) == 1:
                tree = free[0]
                others = [t for t in self.trees_next_to(cell) if t != tree]
                why = f"The tent at {at(cell)} can only belong to the tree at {at(tree)}"
                if others:
                    why += (
                        " ("
                        + ", ".join(
                            f"the tree at {at(t)} has its tent at {at(self.link_of[t])}" for t in others
                        )
                        + ")"
                    )
                yield self.apply(
                    Step(
                        "tent-one-tree",
                        links=((tree, cell),),
                        because=(cell, tree, *others),
                        reason=why + ".",
                    )
                )

    def no_free_tree(self) -> Iterator[Step]:
        for cell in self.sweep_cells("no-free-tree"):
            if self.state[cell] != UNKNOWN:
                continue
            near = self.trees_next_to(cell)
            if near and all(t in self.link_of for t in near):
                tents = [self.link_of[t] for t in near]
                if len(near) == 1:
                    why = f"{at(cell)} is empty: its only tree, at {at(near[0])}, has its tent at {at(tents[0])}."
                else:
                    why = f"{at(cell)} is empty: each tree next to it ({_list(near)}) already has its tent."
                yield self.apply(Step("no-free-tree", empty=(cell,), because=(*near, *tents), reason=why))
        # The cells next to no tree, still unknown, in one step at the end of the pass (read
        # here, not in the sweep: a pass left before its end would lose those it had passed).
        # The steps above decide only cells next to a tree.
        if self.treeless is None:
            self.treeless = [x for x, v in self.state.items() if v == UNKNOWN and not self.trees_next_to(x)]
        else:
            self.treeless = [x for x in self.treeless if self.state[x] == UNKNOWN]
        lonely = self.treeless
        if lonely:
            yield self.apply(
                Step(
                    "no-free-tree",
                    empty=tuple(lonely),
                    obvious=True,
                    reason=f"{len(lonely)} cell{'s' if len(lonely) > 1 else ''} with no tree next to "
                    f"{'them are' if len(lonely) > 1 else 'it is'} empty: a tent stands next to its tree.",
                )
            )

    def touch(self) -> Iterator[Step]:
        for r, c in self.sweep_cells("touch"):
            if self.state[(r, c)] != TENT:
                continue
            around = [(r + dr, c + dc) for dr, dc in KING if self.state.get((r + dr, c + dc)) == UNKNOWN]
            if around:
                yield self.apply(
                    Step(
                        "touch",
                        empty=tuple(around),
                        because=((r, c),),
                        reason=f"Tents never touch, not even diagonally: the cells around the tent at "
                        f"{at((r, c))} are empty.",
                    )
                )

    def tree_one_cell(self, tricky: bool) -> Iterator[Step]:
        for tree in self.sweep_cells("tree-one-cell tricky" if tricky else "tree-one-cell"):
            if tree in self.link_of:
                continue
            options = self.options(tree)
            if not options:
                raise Contradiction(f"the tree at {at(tree)} has no cell left for its tent")
            if len(options) == 1:
                cell = options[0]
                others = [x for x in self.cells_next_to(tree) if x != cell]
                why = f"The tree at {at(tree)} has only {at(cell)} left for its tent"
                if others:
                    why += f" (its other neighbours {_list(others)} are empty or taken)"
                yield self.apply(
                    Step(
                        "tree-one-cell",
                        tents=(cell,) if self.state[cell] == UNKNOWN else (),
                        links=((tree, cell),),
                        because=(tree, *others),
                        reason=why + ".",
                    )
                )
            elif len(options) == 2 and tricky:
                a, b = options
                if a[0] != b[0] and a[1] != b[1]:  # diagonal to each other, not opposite
                    corner = (a[0] + b[0] - tree[0], a[1] + b[1] - tree[1])
                    if self.state.get(corner) == UNKNOWN:
                        yield self.apply(
                            Step(
                                "tree-corner",
                                empty=(corner,),
                                because=(tree, a, b),
                                reason=f"The tree at {at(tree)} has its tent at {at(a)} or {at(b)}; "
                                f"either one touches {at(corner)}, so {at(corner)} is empty.",
                            )
                        )

    def _axis(self, k: int) -> tuple[str, int]:
        """Line `k` of the sweeps: columns first, then rows, as Tatham's solver goes through its
        numbers."""
        return ("column", k) if k < self.w else ("row", k - self.w)

    def lines(self, tricky: bool) -> Iterator[Step]:
        for k in self.sweep("line tricky" if tricky else "line"):
            axis, i = self._axis(k)
            clue = self.clue(axis, i)
            if clue is None:
                continue
            yield from self._line(axis, i, clue, tricky)

    def _line(self, axis: str, i: int, clue: int, tricky: bool) -> Iterator[Step]:
        cells = self.line(axis, i)
        fixed = tuple(self.state.get(x, EMPTY) for x in cells)
        free = [x for x, v in zip(cells, fixed, strict=True) if v == UNKNOWN]
        placed = sum(1 for v in fixed if v == TENT)
        name = f"{axis.capitalize()} {i}"
        if not free:
            if placed != clue:
                raise Contradiction(f"{axis} {i} has {plural(placed, 'tent')}, its clue is {clue}")
            return
        facts = _line_facts(fixed, clue)
        if facts is None:
            raise Contradiction(f"{axis} {i} cannot hold {plural(clue, 'tent')}")
        tent_at, empty_at, touching = facts
        tents = [cells[j] for j in tent_at]
        empty = [cells[j] for j in empty_at]
        need = clue - placed
        if tents or empty:
            if clue == 0:
                why = f"{name} has clue 0: it holds no tent."
            elif need == 0:
                why = (
                    f"{name} already has its {clue} tent{'s' if clue != 1 else ''}: the rest of it is empty."
                )
            else:
                why = (
                    f"{name} needs {need} more tent{'s' if need != 1 else ''} in its {len(free)} free "
                    f"cell{'s' if len(free) != 1 else ''} ({_list(free)}), no two side by side: "
                    + self._what(tents, empty)
                )
            yield self.apply(
                Step("line", tuple(tents), tuple(empty), because=tuple(free), reason=why, obvious=clue == 0)
            )
        if not tricky or need == 0:
            return
        # Cells of the neighbouring lines that every placement of this line touches.
        touched = []
        for j in touching:
            for side in (-1, 1):
                other = (i + side, j) if axis == "row" else (j, i + side)
                if self.state.get(other) == UNKNOWN:
                    touched.append(other)
        if touched:
            yield self.apply(
                Step(
                    "line-neighbours",
                    empty=tuple(touched),
                    because=tuple(free),
                    reason=f"Every way to place the {need} missing tent{'s' if need != 1 else ''} of "
                    f"{axis} {i} in {_list(free)} puts a tent next to {_list(touched)}, "
                    f"so {'they are' if len(touched) > 1 else 'it is'} empty.",
                )
            )

    @staticmethod
    def _what(tents: list[Cell], empty: list[Cell]) -> str:
        parts = []
        if tents:
            parts.append(
                f"every way puts tents at {_list(tents)}"
                if len(tents) > 1
                else f"every way puts a tent at {_list(tents)}"
            )
        if empty:
            parts.append(f"leaves {_list(empty)} empty")
        return " and ".join(parts) + "."

    # ---- hard rules --------------------------------------------------------------------------
    def pairing(self) -> Iterator[Step]:
        """Hall's condition on both sides of the tree-tent pairing (see the module docstring);
        one step, then the pass starts again. One matching of the trees into their cells and
        one of the unlinked tents into their trees; each cell is tested by one augmenting path
        search on them."""
        trees = sorted(t for t in self.trees if t not in self.link_of)
        near = {t: self.options(t) for t in trees}
        tents = sorted(c for c, v in self.state.items() if v == TENT and c not in self.link_of)
        trees_of: dict[Cell, list[Cell]] = {}
        for t in trees:
            for x in near[t]:
                trees_of.setdefault(x, []).append(t)
        cover_trees = _Matching(near)
        for t in trees:
            if not cover_trees.augment(t):
                group, cells = cover_trees.witness(t)
                raise Contradiction(
                    f"the trees at {_list(group)} have only {plural(len(cells), 'cell')} for their tents"
                )
        cover_tents = _Matching({c: trees_of.get(c, []) for c in tents})
        for c in tents:
            if not cover_tents.augment(c):
                group, owners = cover_tents.witness(c)
                raise Contradiction(f"the tents at {_list(group)} have only {plural(len(owners), 'tree')}")
        for x in sorted(trees_of):
            if self.state[x] != UNKNOWN:
                continue
            holder = cover_trees.owner.get(x)
            if holder is not None:  # can the trees do without x?
                cover_trees.unmatch(holder)
                if not cover_trees.augment(holder, frozenset({x})):
                    group, cells = cover_trees.witness(holder, frozenset({x}))
                    yield self.apply(
                        Step(
                            "pairing",
                            tents=(x,),
                            because=tuple(group) + tuple(cells),
                            reason=f"The {len(group)} trees at {_list(group)} need {len(group)} different "
                            f"tents, and besides {at(x)} only {len(cells)} cell{'s' if len(cells) != 1 else ''}"
                            f"{' (' + _list(cells) + ')' if cells else ''} "
                            f"{'is' if len(cells) == 1 else 'are'} left next to them: {at(x)} is a tent.",
                        )
                    )
                    return
            # could x be a tent as well as the tents placed? (x joins the tents' matching)
            trial = _Matching({**cover_tents.adjacent, x: trees_of[x]})
            trial.owner, trial.match = dict(cover_tents.owner), dict(cover_tents.match)
            if not trial.augment(x):
                group, owners = trial.witness(x)
                others = [c for c in group if c != x]
                yield self.apply(
                    Step(
                        "pairing",
                        empty=(x,),
                        because=tuple(others) + tuple(owners),
                        reason=f"If {at(x)} were a tent, it and the tents at {_list(others)} would need "
                        f"{len(group)} different trees, but only {_list(owners)} "
                        f"{'is' if len(owners) == 1 else 'are'} next to them and still free: "
                        f"{at(x)} is empty.",
                    )
                )
                return

    def lines_sharing_trees(self) -> Iterator[Step]:
        """The `line` rule where two cells of the line on either side of a tree can only belong
        to that tree (no other unlinked tree next to either): they hold at most one tent (the
        refinement of the line rule in Tatham's to-do list). A step per line, as `lines`."""
        for k in self.sweep("line-tree"):
            axis, i = self._axis(k)
            clue = self.clue(axis, i)
            if clue is None:
                continue
            cells = self.line(axis, i)
            fixed = [self.state.get(x, EMPTY) for x in cells]
            exclusive: dict[int, Cell] = {}
            for p in range(1, len(cells) - 1):
                tree = cells[p]
                if tree not in self.trees or tree in self.link_of:
                    continue
                sides = (cells[p - 1], cells[p + 1])
                if all(self.state.get(x) == UNKNOWN and self.free_trees(x) == [tree] for x in sides):
                    exclusive[p] = tree
            if not exclusive:
                continue
            decided = _line_sharing_trees(tuple(fixed), clue, frozenset(exclusive))
            if decided is None:
                raise Contradiction(f"{axis} {i} cannot hold {clue} tents")
            if not decided:
                continue
            tents = [cells[j] for j, v in decided if v == TENT]
            empty = [cells[j] for j, v in decided if v == EMPTY]
            free = [x for x, v in zip(cells, fixed, strict=True) if v == UNKNOWN]
            need = clue - sum(1 for v in fixed if v == TENT)
            shared = "; ".join(
                f"{at(cells[p - 1])} and {at(cells[p + 1])} can only belong to the tree at {at(tree)}, "
                "so they hold at most one tent"
                for p, tree in sorted(exclusive.items())
            )
            yield self.apply(
                Step(
                    "line-tree",
                    tuple(tents),
                    tuple(empty),
                    because=tuple(free) + tuple(exclusive.values()),
                    reason=f"{axis.capitalize()} {i} needs {need} more tent{'s' if need != 1 else ''} "
                    f"in {_list(free)}, no two side by side; {shared}: " + self._what(tents, empty),
                )
            )

    def line_pairs(self) -> Iterator[Step]:
        """Two neighbouring clued lines together (see the module docstring); a step per pair of
        lines that decides something, each on the position the steps before it left."""
        for pair in self.sweep("line-pair"):
            axis, i = self._axis(pair)
            first, second = self.clue(axis, i), self.clue(axis, i + 1)
            if first is None or second is None:
                continue
            lines = (self.line(axis, i), self.line(axis, i + 1))
            fixed = tuple([self.state.get(x, EMPTY) for x in cells] for cells in lines)
            if all(v != UNKNOWN for v in fixed[0] + fixed[1]):
                continue
            decided = _band(tuple(fixed[0]), tuple(fixed[1]), first, second)
            if decided is None:
                raise Contradiction(f"{axis}s {i} and {i + 1} cannot hold {first} and {second} tents")
            tents = [lines[k][j] for k, j, v in decided if v == TENT]
            empty = [lines[k][j] for k, j, v in decided if v == EMPTY]
            if not tents and not empty:
                continue
            free = [x for k in (0, 1) for x, v in zip(lines[k], fixed[k], strict=True) if v == UNKNOWN]
            need = [
                clue - sum(1 for v in f if v == TENT) for clue, f in zip((first, second), fixed, strict=True)
            ]
            yield self.apply(
                Step(
                    "line-pair",
                    tuple(tents),
                    tuple(empty),
                    because=tuple(free),
                    reason=f"{axis.capitalize()}s {i} and {i + 1} need {need[0]} and {need[1]} more "
                    f"tents in their free cells, none touching, not even diagonally across the two "
                    f"{axis}s: " + self._what(tents, empty),
                )
            )

    # ---- driving -------------------------------------------------------------------------------
    def passes(self, level: str) -> Iterator[Iterator[Step]]:
        rank = LEVELS.index(level)
        tricky = rank >= 1
        yield self.tent_one_tree()
        yield self.no_free_tree()
        yield self.touch()
        yield self.tree_one_cell(tricky)
        yield self.lines(tricky)
        if rank >= 2:
            yield self.lines_sharing_trees()
            yield self.line_pairs()
            yield self.pairing()  # the costliest, and the rarest to decide anything: last

    def steps(self, level: str = "hard", deadline: Deadline = NO_DEADLINE) -> Iterator[Step]:
        """Apply the rules of `level` (and below) to the fixpoint, yielding each step as it is
        applied; `Contradiction` when the position has no solution."""
        self.check_touching()
        while True:
            progressed = False
            for rule_pass in self.passes(level):
                deadline.check()
                for step in rule_pass:
                    progressed = True
                    yield step
                if progressed:
                    break
            if not progressed:
                return

    def solved(self) -> bool:
        return all(v != UNKNOWN for v in self.state.values())


def deduce(
    instance: TentsInstance,
    tents: set[Cell] | None = None,
    empty: set[Cell] | None = None,
    level: str = "hard",
    deadline: Deadline = NO_DEADLINE,
) -> Deduced:
    """Run the levels up to `level` one after another from the position (the given cells plus
    `tents` and `empty`) and report where they stop; `Deduced.level` is the first level that
    decided every cell."""
    deducer: Deducer | None = None
    try:
        deducer = Deducer(instance, tents, empty)
        reached = None
        for name in LEVELS[: LEVELS.index(level) + 1]:
            for _ in deducer.steps(name, deadline):
                pass
            if deducer.solved():
                reached = name
                break
        deducer.check_touching()
        return Deduced(deducer.state, _links(deducer), deducer.taken, None, reached)
    except Contradiction as why:
        state = deducer.state if deducer is not None else {}
        steps = deducer.taken if deducer is not None else []
        return Deduced(state, {}, steps, str(why), None)


def _links(deducer: Deducer) -> dict[Cell, Cell]:
    return {t: c for t, c in deducer.link_of.items() if t in deducer.trees}


@dataclass
class State:
    """The outcome of `propagate` (the easy rules): cell states, pairings, the steps, or a
    contradiction."""

    state: dict[Cell, int]
    paired: dict[Cell, Cell] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    contradiction: str | None = None


def propagate(
    instance: TentsInstance,
    tents: set[Cell] | None = None,
    empty: set[Cell] | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> State:
    """The `easy` rules to their fixpoint from the (partial) placement, as the models use them
    before search (`OutOfTime` when `deadline` passes first)."""
    found = deduce(instance, tents, empty, "easy", deadline)
    return State(found.state, found.links, found.steps, found.contradiction)
