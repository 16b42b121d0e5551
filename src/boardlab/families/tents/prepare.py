"""Simplification before search, shared by the SAT and CP-SAT models (not by `verify`).

A cell can hold a tent only if it is not a tree, not a given empty cell, orthogonally next to
at least one tree, in a row and a column whose clue is not 0, and not touching a given tent.
Every other cell is empty in every solution, so the models get no variable for it. On random
boards with 16% tents this removes about half of the cells before the solver starts.
With `simplify=False` every non-tree cell gets a variable (the seed's "one variable per cell"
encoding, kept for the experiments).
"""

from __future__ import annotations

from dataclasses import dataclass

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.families.tents.io import TentsInstance

Cell = tuple[int, int]
ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


@dataclass
class Prepared:
    """Candidate cells and, for each tree, its candidate partners."""

    cells: list[Cell]
    partners: dict[Cell, list[Cell]]
    """tree -> candidate cells orthogonally next to it."""
    trees_of: dict[Cell, list[Cell]]
    """candidate cell -> trees orthogonally next to it."""
    impossible: str | None = None
    """Why the puzzle has no solution, when simplification already shows it."""
    forced: list[Cell] | None = None
    """Candidate cells that deduction shows are tents in every solution."""


def prepare(
    instance: TentsInstance, simplify: bool = True, deduce: bool = True, deadline: Deadline = NO_DEADLINE
) -> Prepared:
    """Candidate cells; with `deduce`, the rules of `deduce.propagate` run first and every cell
    they decide is fixed (empty cells lose their variable, tents become unit clauses). The
    deduction counts against `deadline` (`OutOfTime`)."""
    w, h = instance.width, instance.height
    trees = instance.trees
    decided_empty: set[Cell] = set()
    forced: list[Cell] = []
    if simplify and deduce:
        from boardlab.families.tents.deduce import EMPTY, TENT, propagate

        state = propagate(instance, deadline=deadline)
        if state.contradiction is not None:
            return Prepared([], {}, {}, f"deduction: {state.contradiction}")
        decided_empty = {cell for cell, value in state.state.items() if value == EMPTY}
        forced = sorted(cell for cell, value in state.state.items() if value == TENT)

    def allowed(cell: Cell) -> bool:
        r, c = cell
        if cell in trees:
            return False
        if not simplify:
            return True
        if (
            cell in decided_empty
            or cell in instance.given_empty
            or instance.rows[r] == 0
            or instance.cols[c] == 0
        ):
            return False
        if any((r + dr, c + dc) in instance.given_tents for dr, dc in KING):
            return False
        return any((r + dr, c + dc) in trees for dr, dc in ORTHOGONAL)

    cells = [(r, c) for r in range(h) for c in range(w) if allowed((r, c))]
    cell_set = set(cells)
    partners = {
        tree: [
            (tree[0] + dr, tree[1] + dc) for dr, dc in ORTHOGONAL if (tree[0] + dr, tree[1] + dc) in cell_set
        ]
        for tree in sorted(trees)
    }
    trees_of: dict[Cell, list[Cell]] = {cell: [] for cell in cells}
    for tree, near in partners.items():
        for cell in near:
            trees_of[cell].append(tree)
    impossible = None
    missing = sorted(instance.given_tents - cell_set)
    if missing:
        impossible = f"the given tent at {list(missing[0])} cannot stand there"
    else:
        lonely = [tree for tree, near in partners.items() if not near]
        if lonely:
            impossible = f"the tree at {list(lonely[0])} has no free cell next to it"
    return Prepared(cells, partners, trees_of, impossible, forced)


Pair = tuple[Cell, Cell]  # (tree, its tent's cell)


def flow_cuts(instance: TentsInstance, pairs: list[Pair]) -> list[tuple[list[Pair], list[Pair], int]]:
    """The redundant flow constraints across every boundary between two adjacent lines, as
    (down, up, constant): `#down - #up = constant` over the chosen pairs.

    Cut the board between rows b and b+1. The tents in rows 0..b are the clues' sum; they are
    the partners of the trees in rows 0..b, minus those trees of row b whose tent is below the
    cut (`down`), plus the trees of row b+1 whose tent is above it (`up`). So
    `#down - #up = trees(0..b) - clues(0..b)`, a constant. The same holds from the other side
    (with the clues below the cut) and for columns; a cut with missing clues on both sides has
    no constraint. CDCL can only find this by adding up many rows; stated, it ties each pair
    of neighbouring lines. Both models state it (`model_sat`, `model_cpsat`).
    """
    cuts = []
    for axis, clues, span in ((0, instance.rows, instance.height), (1, instance.cols, instance.width)):
        per_line = [0] * span
        for tree in instance.trees:
            per_line[tree[axis]] += 1
        for b in range(span - 1):
            before, after = clues[: b + 1], clues[b + 1 :]
            if all(v is not None for v in before):
                constant = sum(per_line[: b + 1]) - sum(before)  # type: ignore[arg-type]
            elif all(v is not None for v in after):
                constant = sum(after) - sum(per_line[b + 1 :])  # type: ignore[arg-type]
            else:
                continue
            down = [(tree, cell) for tree, cell in pairs if tree[axis] == b and cell[axis] == b + 1]
            up = [(tree, cell) for tree, cell in pairs if tree[axis] == b + 1 and cell[axis] == b]
            cuts.append((down, up, constant))
    return cuts
