"""Deduction without search: the rules a human applies, run to a fixpoint.

Used for hints (cells that follow, with the reason), for the difficulty rating (how many cells
follow by propagation alone), and before search (decided cells become unit clauses).

Rules (each cell is unknown, tent or empty; trees have a set of partner options):

1. Cells next to no tree, in a line with clue 0, or given empty are empty; given tents are
   tents.
2. A tent: its 8 neighbours are empty.
3. A line (row or column) with a clue: split its unknown cells into runs of consecutive cells;
   a run of length L holds at most ceil(L/2) tents. If the tents placed plus the capacity of
   the runs equals the clue, every run is full: a run of odd length has its tents forced on
   cells 1, 3, 5, ...; if the tents placed equal the clue, the unknown cells are empty.
4. Pairing: a tree's options are the adjacent cells that may hold a tent and are not taken by
   another tree. A tree with one option pairs with it (a tent). A tent next to exactly one
   unpaired tree that can take it pairs with that tree. A cell that no unpaired tree can take
   is empty.

A contradiction (a line that cannot reach its clue, a tree without options) is reported:
the position has no solution.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.words import plural
from boardlab.families.tents.io import TentsInstance

UNKNOWN, TENT, EMPTY = 0, 1, 2
ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
Cell = tuple[int, int]


@dataclass
class Deduction:
    """A cell decided by a rule."""

    cell: Cell
    tent: bool
    reason: str


@dataclass
class State:
    """The outcome of propagation: cell states, pairings, the steps, or a contradiction."""

    state: dict[Cell, int]
    paired: dict[Cell, Cell] = field(default_factory=dict)
    """tree -> its tent."""
    steps: list[Deduction] = field(default_factory=list)
    contradiction: str | None = None


class _Propagator:
    def __init__(self, instance: TentsInstance, tents: set[Cell], empty: set[Cell]):
        self.inst = instance
        self.w, self.h = instance.width, instance.height
        self.state: dict[Cell, int] = {}
        self.steps: list[Deduction] = []
        self.contradiction: str | None = None
        self.paired: dict[Cell, Cell] = {}
        self.owner: dict[Cell, Cell] = {}  # tent -> tree
        for r in range(self.h):
            for c in range(self.w):
                if (r, c) not in instance.trees:
                    self.state[(r, c)] = UNKNOWN
        for cell in instance.given_tents | tents:
            self.state[cell] = TENT
        for cell in instance.given_empty | empty:
            self.state[cell] = EMPTY

    def set(self, cell: Cell, tent: bool, reason: str) -> None:
        current = self.state[cell]
        wanted = TENT if tent else EMPTY
        if current == wanted:
            return
        if current != UNKNOWN:
            if self.contradiction is None:
                self.contradiction = (
                    f"[{cell[0]}, {cell[1]}] must be {'a tent' if tent else 'empty'} ({reason}) but is not"
                )
            return
        self.state[cell] = wanted
        self.steps.append(Deduction(cell, tent, reason))
        self.changed = True

    def trees_next_to(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in ORTHOGONAL if (r + dr, c + dc) in self.inst.trees]

    def run(self, deadline: Deadline = NO_DEADLINE) -> State:
        inst = self.inst
        for cell, value in list(self.state.items()):
            if value != UNKNOWN:
                continue
            r, c = cell
            if not self.trees_next_to(cell):
                self.set(cell, False, "no tree next to it")
            elif inst.rows[r] == 0:
                self.set(cell, False, f"row {r} has clue 0")
            elif inst.cols[c] == 0:
                self.set(cell, False, f"column {c} has clue 0")
        self.changed = True
        while self.changed and self.contradiction is None:
            self.changed = False
            for rule in (self.touching, self.lines, self.pairing):
                deadline.check()  # each rule is a pass over the board
                rule()
        return State(self.state, dict(self.paired), self.steps, self.contradiction)

    def touching(self) -> None:
        for (r, c), value in list(self.state.items()):
            if value == TENT:
                for dr, dc in KING:
                    other = (r + dr, c + dc)
                    if other in self.state:
                        if self.state[other] == TENT:
                            self.contradiction = f"tents [{r}, {c}] and [{other[0]}, {other[1]}] touch"
                            return
                        self.set(other, False, f"it touches the tent at [{r}, {c}]")

    def lines(self) -> None:
        inst = self.inst
        for axis, clues, length in (("row", inst.rows, self.w), ("column", inst.cols, self.h)):
            for i, clue in enumerate(clues):
                if clue is None:
                    continue
                cells = [(i, j) if axis == "row" else (j, i) for j in range(length)]
                placed = sum(1 for x in cells if self.state.get(x) == TENT)
                runs: list[list[Cell]] = []
                current: list[Cell] = []
                for x in cells:
                    if self.state.get(x) == UNKNOWN:
                        current.append(x)
                    else:
                        if current:
                            runs.append(current)
                        current = []
                if current:
                    runs.append(current)
                capacity = sum((len(run) + 1) // 2 for run in runs)
                if placed > clue or placed + capacity < clue:
                    self.contradiction = f"{axis} {i} cannot hold {plural(clue, 'tent')}"
                    return
                if placed == clue:
                    for run in runs:
                        for x in run:
                            self.set(x, False, f"{axis} {i} already has its {clue} tents")
                elif placed + capacity == clue:
                    for run in runs:
                        if len(run) % 2 == 1:
                            for k, x in enumerate(run):
                                self.set(x, k % 2 == 0, f"{axis} {i} needs every free run full")

    def pairing(self) -> None:
        # Pair tents with trees where only one pairing is left; clear cells no tree can take.
        for _ in range(2):
            options: dict[Cell, list[Cell]] = {}
            for tree in self.inst.trees:
                if tree in self.paired:
                    continue
                r, c = tree
                near = [
                    (r + dr, c + dc)
                    for dr, dc in ORTHOGONAL
                    if self.state.get((r + dr, c + dc), EMPTY) != EMPTY and (r + dr, c + dc) not in self.owner
                ]
                if not near:
                    self.contradiction = f"the tree at [{r}, {c}] has no cell left for its tent"
                    return
                options[tree] = near
                if len(near) == 1:
                    self._pair(tree, near[0], f"the tree at [{r}, {c}] has no other free cell")
            takers: dict[Cell, list[Cell]] = {}
            for tree, near in options.items():
                if tree in self.paired:
                    continue
                for cell in near:
                    if cell not in self.owner:
                        takers.setdefault(cell, []).append(tree)
            for cell, value in self.state.items():
                if value == EMPTY or cell in self.owner:
                    continue
                trees = takers.get(cell, [])
                if not trees:
                    if value == TENT:
                        self.contradiction = (
                            f"the tent at [{cell[0]}, {cell[1]}] has no tree left to pair with"
                        )
                        return
                    self.set(cell, False, "every tree next to it has its own tent")
                elif value == TENT and len(trees) == 1:
                    self._pair(trees[0], cell, "")

    def _pair(self, tree: Cell, cell: Cell, reason: str) -> None:
        if tree in self.paired or cell in self.owner:
            return
        self.paired[tree] = cell
        self.owner[cell] = tree
        self.changed = True
        if reason:
            self.set(cell, True, reason)


def propagate(
    instance: TentsInstance,
    tents: set[Cell] | None = None,
    empty: set[Cell] | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> State:
    """Apply the rules to a fixpoint from the given (partial) placement (`OutOfTime` when
    `deadline` passes first)."""
    return _Propagator(instance, set(tents or ()), set(empty or ())).run(deadline)
