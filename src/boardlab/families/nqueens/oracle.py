"""The N-Queens oracle (`core.oracle.Oracle`): items are queens `(row, column)`.

Questions go to the numba bitboard search (`counter.enumerate_solutions`), with the puzzle's
given queens and the placed ones fixed. A forbidden queen `(r, c)` is answered by trying the
other columns of row `r` in turn (hints and generators forbid at most one queen at a time).
`alternative` asks the search for two solutions at once.
"""

from __future__ import annotations

from collections.abc import Collection

from boardlab.core.errors import BadInput
from boardlab.core.oracle import Oracle
from boardlab.families.nqueens.counter import MAX_BITBOARD_N, enumerate_solutions
from boardlab.families.nqueens.io import QueensInstance

Queen = tuple[int, int]


def as_items(queens: list[int]) -> frozenset[Queen]:
    """A solution (one column per row) as its queens."""
    return frozenset(enumerate(queens))


class QueensOracle(Oracle[Queen]):
    """Questions on one N-Queens board (with its given queens), n <= `MAX_BITBOARD_N`."""

    def __init__(self, instance: QueensInstance):
        if instance.n > MAX_BITBOARD_N:
            raise BadInput(
                f"questions on N-Queens boards are answered up to {MAX_BITBOARD_N}x{MAX_BITBOARD_N}"
            )
        self.n = instance.n
        self.given = frozenset(instance.fixed)

    def _search(self, placed: Collection[Queen], limit: int) -> list[list[int]]:
        fixed = tuple(sorted(self.given | set(placed)))
        if len({r for r, _ in fixed}) != len(fixed):
            return []  # two queens in one row
        found, _ = enumerate_solutions(self.n, fixed, limit=limit)
        return found

    def solution(
        self, placed: Collection[Queen] = (), forbidden: Collection[Queen] = (), budget: float | None = None
    ) -> frozenset[Queen] | None:
        placed = set(placed)
        rest = list(forbidden)
        if not rest:
            queens = self._search(placed, 1)
            return as_items(queens[0]) if queens else None
        row, col = rest.pop(0)
        taken = {c for r, c in self.given | placed if r == row}
        if col in taken:
            return None
        if taken:  # the row's queen is elsewhere already
            return self.solution(placed, rest)
        for other in range(self.n):
            if other != col:
                found = self.solution(placed | {(row, other)}, rest)
                if found is not None:
                    return found
        return None

    def alternative(
        self, solution: Collection[Queen], placed: Collection[Queen] = (), budget: float | None = None
    ) -> frozenset[Queen] | None:
        target = frozenset(solution)
        for queens in self._search(placed, 2):
            if as_items(queens) != target:
                return as_items(queens)
        return None
