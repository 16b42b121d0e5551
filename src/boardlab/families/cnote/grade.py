"""Difficulty grades of C-Note puzzles: how far two defined deduction sets get without search.

A cell's *candidates* are the numbers from 1 to its bound (`min(row target - (width - 1),
column target - (height - 1))`, every other number of the line being at least 1) whose decimal
writing contains the cell's digit (read here by repeated division, not by the model's table).

The levels, easiest first (`GRADES`, `Family.levels`):

- ``easy``: *line propagation* alone decides every cell. One rule, applied to every row and
  every column until nothing changes: a candidate v of a cell stays only when the line's other
  cells have candidates adding up to exactly (line target - v). This is generalised arc
  consistency on each line's sum (a subset-sum test: the sums the other cells can reach are a
  bit set, built cell by cell by shifting, as in the pseudo-polynomial subset-sum dynamic
  programme; Bellman 1957). A player's version: "this 7 cannot be 97, the rest of the row
  cannot make 3".
- ``medium``: line propagation plus *probing*: a candidate v of a cell is removed when
  assuming it and running line propagation empties some cell (a contradiction one assumption
  deep). Probing repeats, with line propagation after each removal, until nothing changes:
  singleton arc consistency (Debruyne and Bessière, "Some practicable filtering techniques for
  the constraint satisfaction problem", IJCAI 1997) over line propagation. Its fixpoint does not
  depend on the order in which candidates are probed, so the grade is reproducible.
- ``hard``: the puzzle has one solution but neither deduction set decides every cell: a solver
  has to branch (guess and backtrack more than one assumption deep).

Both rules only remove candidates that are in no solution (a removed v has no support on its
line, or leads to an empty cell, which no solution has), so when every cell is left with one
candidate and that grid passes the independent `verify`, it is the puzzle's only solution. When
the rules stop short, the exact solver (mode unique) decides between ``hard``, ``ambiguous``
(several solutions) and ``unsolvable``; a cell left without candidates means no solution.

`details`: `cells`, `decided_by_lines` (cells with one candidate after line propagation),
`decided` (after the rules of the grade's level, or of every level when the grade is
``hard``), `probes` (assumptions tried). A puzzle that line propagation does not solve goes to
the exact solver first, so that probing runs only on puzzles with one solution (on a puzzle
with many solutions at a large target it would try thousands of candidates).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.grading import Grade
from boardlab.families.cnote.choices import GRADES
from boardlab.families.cnote.io import CNoteInstance
from boardlab.families.cnote.verify import violations

#: The grades, easiest first (`choices.GRADES`, so that the family declares them without this
#: module): the deduction levels, then ``hard`` (search needed).
LEVELS = GRADES[:-1]

Cell = tuple[int, int]
Domains = dict[Cell, set[int]]


class Empty(Exception):
    """A cell has no candidate left: the position has no solution."""


def _contains(number: int, digit: int) -> bool:
    while number > 0:
        number, last = divmod(number, 10)
        if last == digit:
            return True
    return False


#: Values or bits handled between two looks at the deadline: a cell has O(target) candidates
#: (470,000 at target 1,000,000) and a line's bit sets O(target) bits.
CHUNK = 4096


def candidates(instance: CNoteInstance, deadline: Deadline = NO_DEADLINE) -> Domains:
    """Every cell's candidates (module docstring; raises OutOfTime at the deadline)."""
    height, width = instance.height, instance.width
    domains: Domains = {}
    for r in range(height):
        for c in range(width):
            bound = min(instance.rows[r] - (width - 1), instance.cols[c] - (height - 1))
            digit = instance.grid[r][c]
            found: set[int] = set()
            for low in range(1, bound + 1, CHUNK):
                deadline.check()
                found.update(v for v in range(low, min(low + CHUNK, bound + 1)) if _contains(v, digit))
            domains[r, c] = found
    return domains


def _lines(instance: CNoteInstance) -> list[tuple[int, list[Cell]]]:
    rows = [(instance.rows[r], [(r, c) for c in range(instance.width)]) for r in range(instance.height)]
    cols = [(instance.cols[c], [(r, c) for r in range(instance.height)]) for c in range(instance.width)]
    return rows + cols


def _chunks(values: set[int], deadline: Deadline) -> Iterator[list[int]]:
    """`values` in lists of at most `CHUNK`, the deadline looked at before each."""
    items = list(values)
    for start in range(0, len(items), CHUNK):
        deadline.check()
        yield items[start : start + CHUNK]


def _sums(reach: int, values: set[int], mask: int, deadline: Deadline = NO_DEADLINE) -> int:
    """The bit set of a + v for a in `reach` (a bit set) and v in `values`, cut at the mask."""
    out = 0
    for chunk in _chunks(values, deadline):
        for v in chunk:
            out |= reach << v
    return out & mask


def _revise(target: int, cells: list[Cell], domains: Domains, deadline: Deadline = NO_DEADLINE) -> list[Cell]:
    """Line propagation on one line; the cells whose candidates shrank (raises Empty, or
    OutOfTime at the deadline)."""
    mask = (1 << (target + 1)) - 1
    count = len(cells)
    before = [1] * (count + 1)  # before[i]: sums reachable by cells 0..i-1
    for i, cell in enumerate(cells):
        before[i + 1] = _sums(before[i], domains[cell], mask, deadline)
    if not (before[count] >> target) & 1:
        raise Empty
    after = 1  # sums reachable by cells i+1..count-1
    changed = []
    for i in range(count - 1, -1, -1):
        cell = cells[i]
        prefix, others, steps = before[i], 0, 0
        while prefix:  # the sums of the other cells: prefix (+) after
            steps += 1
            if steps % CHUNK == 0:
                deadline.check()
            low = prefix & -prefix
            others |= after << (low.bit_length() - 1)
            prefix ^= low
        others &= mask
        kept = {
            v for chunk in _chunks(domains[cell], deadline) for v in chunk if (others >> (target - v)) & 1
        }
        if not kept:
            raise Empty
        if len(kept) < len(domains[cell]):
            domains[cell] = kept
            changed.append(cell)
        after = _sums(after, domains[cell], mask, deadline)
    return changed


def propagate(instance: CNoteInstance, domains: Domains, deadline: Deadline = NO_DEADLINE) -> None:
    """Line propagation to its fixpoint, in place (raises Empty, or OutOfTime at the deadline)."""
    lines = _lines(instance)
    of_cell: dict[Cell, list[int]] = {}
    for k, (_, cells) in enumerate(lines):
        for cell in cells:
            of_cell.setdefault(cell, []).append(k)
    queue = list(range(len(lines)))
    waiting = set(queue)
    while queue:
        deadline.check()
        k = queue.pop(0)
        waiting.discard(k)
        target, cells = lines[k]
        for cell in _revise(target, cells, domains, deadline):
            for other in of_cell[cell]:
                if other not in waiting:
                    waiting.add(other)
                    queue.append(other)


def probe(instance: CNoteInstance, domains: Domains, deadline: Deadline = NO_DEADLINE) -> int:
    """Probing over line propagation to its fixpoint, in place; the number of probes (raises
    Empty, or OutOfTime at the deadline)."""
    probes = 0
    changed = True
    while changed:
        changed = False
        for cell in sorted(domains, key=lambda c: (len(domains[c]), c)):
            if len(domains[cell]) == 1:
                continue
            for value in sorted(domains[cell]):
                deadline.check()
                probes += 1
                trial = {k: (set(v) if k != cell else {value}) for k, v in domains.items()}
                try:
                    propagate(instance, trial, deadline)
                except Empty:
                    domains[cell].discard(value)
                    if not domains[cell]:
                        raise
                    propagate(instance, domains, deadline)
                    changed = True
    return probes


def _decided(domains: Domains) -> int:
    return sum(1 for values in domains.values() if len(values) == 1)


def _solved(instance: CNoteInstance, domains: Domains) -> bool:
    if _decided(domains) < len(domains):
        return False
    grid = [[next(iter(domains[r, c])) for c in range(instance.width)] for r in range(instance.height)]
    return not violations(instance.grid, instance.rows, instance.cols, {"grid": grid})


def _outcome(instance: CNoteInstance, deadline: Deadline) -> str | None:
    """ "unsolvable" | "ambiguous" | "unknown", or None for exactly one solution (exact solver)."""
    from boardlab.core.registry import get
    from boardlab.core.results import Mode, SolveRequest, Status

    result = get("cnote").solve(instance, SolveRequest(mode=Mode.UNIQUE, deadline=deadline))
    if result.status == Status.UNSATISFIABLE:
        return "unsolvable"
    if result.status == Status.UNKNOWN:
        return "unknown"
    return None if result.unique else "ambiguous"


def grade(instance: CNoteInstance, deadline: Deadline = NO_DEADLINE) -> Grade:
    """The grade (module docstring); raises OutOfTime when the deadline passes."""
    domains = candidates(instance, deadline)
    details: dict[str, Any] = {"cells": len(domains), "decided_by_lines": 0, "decided": 0, "probes": 0}
    try:
        if not instance.balanced:
            raise Empty
        propagate(instance, domains, deadline)
        details["decided_by_lines"] = details["decided"] = _decided(domains)
        if _solved(instance, domains):
            return Grade("easy", None, details)
        # the solver first: probing a puzzle with many solutions (large targets) is slow, and
        # only a puzzle with one solution has a level
        outcome = _outcome(instance, deadline)
        if outcome is not None:
            return Grade(outcome, None, details)
        details["probes"] = probe(instance, domains, deadline)
        details["decided"] = _decided(domains)
        if _solved(instance, domains):
            return Grade("medium", None, details)
    except Empty:
        return Grade("unsolvable", None, details)
    if _decided(domains) == len(domains):
        from boardlab.core.errors import SolverBug

        # sound rules that decide every cell of a puzzle with one solution decide it rightly
        raise SolverBug("cnote: the deduction rules disagree with the solver")
    return Grade("hard", None, details)
