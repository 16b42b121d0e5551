"""Constraint builders of the SAT model (`model_sat`): the exact pairing, the flow constraints,
the `lazy` model's Hall cuts, and the line encodings that were measured (`regular`, pairs,
strips). Each returns clauses (or cardinality requests) over the model's variable pool.
"""

from __future__ import annotations

from pysat.formula import IDPool

from boardlab.core.sat import CNF
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.prepare import Prepared, flow_cuts


def hall_cut(prepared: Prepared, t: dict, cnf: CNF, tents: set[tuple[int, int]]) -> list[list[int]] | None:
    """Clauses of a Hall cut excluding `tents` (also added to `cnf`), or None when the tents
    match the trees."""
    trees = sorted(prepared.partners)
    options = {tree: [cell for cell in prepared.partners[tree] if cell in tents] for tree in trees}
    owner: dict[tuple[int, int], tuple[int, int]] = {}

    def augment(tree: tuple[int, int], seen: set) -> bool:
        stack = [(tree, iter(options[tree]))]
        path: list[tuple[tuple[int, int], tuple[int, int]]] = []
        while stack:
            current, choices = stack[-1]
            advanced = False
            for cell in choices:
                if cell in seen:
                    continue
                seen.add(cell)
                path = path[: len(stack) - 1] + [(current, cell)]
                if cell not in owner:
                    for a, b in path:
                        owner[b] = a
                    return True
                stack.append((owner[cell], iter(options[owner[cell]])))
                advanced = True
                break
            if not advanced:
                stack.pop()
        return False

    unmatched = None
    for tree in trees:
        if not augment(tree, set()):
            unmatched = tree
            break
    if unmatched is None:
        return None
    # Trees reachable from `unmatched` by alternating paths: a Hall violator.
    reach = {unmatched}
    frontier = [unmatched]
    while frontier:
        tree = frontier.pop()
        for cell in options[tree]:
            other = owner.get(cell)
            if other is not None and other not in reach:
                reach.add(other)
                frontier.append(other)
    cells = sorted({cell for tree in reach for cell in prepared.partners[tree]})
    lits = [t[cell] for cell in cells]
    need = len(reach)
    start = len(cnf.clauses)
    if need == 1:
        cnf.add(lits)
    else:
        cnf.at_least(lits, need, "totalizer")  # more trees than cells: the empty clause
    return cnf.clauses[start:]


def pairing(prepared: Prepared, t: dict, pool: IDPool) -> list[list[int]]:
    """The exact one-to-one pairing of trees and tents (see the module docstring)."""
    clauses: list[list[int]] = []
    p = {
        (tree, cell): pool.id(("p", tree, cell)) for tree, near in prepared.partners.items() for cell in near
    }
    for tree, near in prepared.partners.items():
        lits = [p[tree, cell] for cell in near]
        clauses.append(lits)
        clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :])
        clauses.append([t[cell] for cell in near])  # redundant: the tree has a tent next to it
    for cell, trees in prepared.trees_of.items():
        lits = [p[tree, cell] for tree in trees]
        for lit in lits:
            clauses.append([-lit, t[cell]])
        clauses.append([-t[cell]] + lits)
        clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :])
    return clauses


def flows(instance: TentsInstance, prepared: Prepared, pool: IDPool) -> list[tuple[list[int], int]]:
    """The flow constraints of `prepare.flow_cuts` over the pairing variables, as cardinality
    constraints `sum(down) + sum(not up) = constant + |up|`."""
    p = {
        (tree, cell): pool.id(("p", tree, cell)) for tree, near in prepared.partners.items() for cell in near
    }
    out: list[tuple[list[int], int]] = []
    for down, up, constant in flow_cuts(instance, list(p)):
        out.append(([p[pair] for pair in down] + [-p[pair] for pair in up], constant + len(up)))
    return out


def regular(
    clauses: list[list[int]], pool: IDPool, cells: list[int | None], k: int, name: tuple[str, int]
) -> None:
    """A line as one automaton: "exactly k tents, no two consecutive" (Bacchus 2007 style).

    States (j, b) after each cell: j tents so far, b = the last cell holds one. Only states
    that can still reach (k, *) are made. Clauses: a transition implies its source state, its
    cell value and its target state; a state implies one of its incoming and one of its
    outgoing transitions; a cell value implies one of the transitions reading it. Unit
    propagation on this encoding enforces the line constraint completely (generalised arc
    consistency), which the cardinality encodings plus binary clauses do not. Measured: it
    does not pay on random boards (50x50: 20 s against 4-12 s, 70x70: no answer in 60 s).
    """
    n = len(cells)
    cap = [0] * (n + 2)  # most tents placeable in cells i.. (candidates, none consecutive)
    for i in range(n - 1, -1, -1):
        take = 1 + cap[i + 2] if cells[i] is not None else 0
        cap[i] = max(cap[i + 1], take)
    if cap[0] < k:
        clauses.append([])
        return
    state: dict[tuple[int, int, int], int] = {}

    def sv(i: int, j: int, b: int) -> int | None:
        if j > k or j + cap[i + (1 if b else 0)] < k:
            return None
        if i == 0 and (j, b) != (0, 0):
            return None
        key = (i, j, b)
        if key not in state:
            state[key] = pool.id(("q", name, key))
        return state[key]

    start = sv(0, 0, 0)
    if start is None:
        clauses.append([])
        return
    clauses.append([start])
    incoming: dict[int, list[int]] = {}
    outgoing: dict[int, list[int]] = {}
    reading: dict[tuple[int, bool], list[int]] = {}
    frontier = {start: (0, 0)}
    for i in range(n):
        x = cells[i]
        nxt: dict[int, tuple[int, int]] = {}
        for src, (j, b) in frontier.items():
            moves = [(False, j, 0)]
            if x is not None and b == 0:
                moves.append((True, j + 1, 1))
            for value, j2, b2 in moves:
                dst = sv(i + 1, j2, b2)
                if dst is None:
                    continue
                tr = pool.id(("tr", name, i, j, b, value))
                clauses.append([-tr, src])
                clauses.append([-tr, dst])
                if x is not None:
                    clauses.append([-tr, x if value else -x])
                incoming.setdefault(dst, []).append(tr)
                outgoing.setdefault(src, []).append(tr)
                reading.setdefault((i, value), []).append(tr)
                nxt[dst] = (j2, b2)
        for src in frontier:
            clauses.append([-src] + outgoing.get(src, []))
        for dst in nxt:
            clauses.append([-dst] + incoming[dst])
        if x is not None:
            clauses.append([-x] + reading.get((i, True), []))
            clauses.append([x] + reading.get((i, False), []))
        frontier = nxt
    finals = [v for v, (j, _b) in frontier.items() if j == k]
    clauses.append(finals)
    for v, (j, _b) in frontier.items():
        if j != k:
            clauses.append([-v])


def pairs(
    instance: TentsInstance, t: dict, pool: IDPool, clauses: list[list[int]]
) -> list[tuple[list[int], int]]:
    """Redundant: each line cut into pairs of consecutive cells (two ways, offset 0 and 1);
    a pair holds at most one tent, so the line's clue is also the number of occupied pairs."""
    lines: list[tuple[list[int], int]] = []
    w, h = instance.width, instance.height
    for axis, clues, length in (("r", instance.rows, w), ("c", instance.cols, h)):
        for i, clue in enumerate(clues):
            if clue is None:
                continue
            for offset in (0, 1):
                slots: list[int] = []
                for j in range(offset - 1 if offset else 0, length, 2):
                    pair = [(i, j), (i, j + 1)] if axis == "r" else [(j, i), (j + 1, i)]
                    lits = [t[x] for x in pair if x in t]
                    if len(lits) == 1:
                        slots.append(lits[0])
                    elif len(lits) == 2:
                        y = pool.id(("y", axis, i, offset, j))
                        clauses.append([-y] + lits)
                        clauses.extend([[y, -lit] for lit in lits])
                        slots.append(y)
                lines.append((slots, clue))
    return lines


def strips(
    instance: TentsInstance, t: dict, pool: IDPool, clauses: list[list[int]]
) -> list[tuple[list[int], int]]:
    """Redundant strip constraints: two adjacent lines seen as one line of 2-cell slices.

    In rows r and r+1 at most one tent stands in each column slice {(r, c), (r+1, c)}, and
    two consecutive slices cannot both hold one (2x2 block). So with `u[c]` = "slice c holds a
    tent" (= t[r, c] + t[r+1, c]), sum(u) = rows[r] + rows[r+1] and u[c] + u[c+1] <= 1: the
    pair of rows behaves like one row, and the clause learning sees the pair's capacity.
    """
    lines: list[tuple[list[int], int]] = []
    w, h = instance.width, instance.height
    for axis, clues, length, span in (("r", instance.rows, w, h), ("c", instance.cols, h, w)):
        for i in range(span - 1):
            first, second = clues[i], clues[i + 1]
            if first is None or second is None:
                continue
            slices: list[int] = []
            previous: int | None = None
            for j in range(length):
                pair = [(i, j), (i + 1, j)] if axis == "r" else [(j, i), (j, i + 1)]
                lits = [t[x] for x in pair if x in t]
                if not lits:
                    previous = None
                    continue
                if len(lits) == 1:
                    u = lits[0]
                else:
                    u = pool.id(("u", axis, i, j))
                    clauses.append([-u] + lits)
                    clauses.extend([[u, -lit] for lit in lits])
                if previous is not None:
                    clauses.append([-previous, -u])
                slices.append(u)
                previous = u
            lines.append((slices, first + second))
    return lines
