"""The Chess-Num oracle (`core.oracle.Oracle`) for hints: items are pieces on squares.

Each question is one CP-SAT solve of the `piece` model (`model.find`: one worker, no time
limit, deterministic) with the placed pieces fixed and the forbidden ones excluded; on the
boards people play (8x8) a question takes milliseconds. The generator asks a different question
(which placements other than the planted one satisfy a *subset* of the clues), answered by the
incremental SAT solver of `model_sat.Alternatives`.
"""

from __future__ import annotations

from collections.abc import Collection

from boardlab.core.oracle import Oracle
from boardlab.families.chessnum import model_cpsat as model
from boardlab.families.chessnum.io import ChessNumInstance, Square

Item = tuple[str, Square]


class ChessNumOracle(Oracle[Item]):
    """Questions on one Chess-Num puzzle."""

    def __init__(self, instance: ChessNumInstance):
        self.instance = instance

    def solution(
        self, placed: Collection[Item] = (), forbidden: Collection[Item] = (), budget: float | None = None
    ) -> frozenset[Item] | None:
        found, _ = model.find(self.instance, fixed=list(placed), forbid=list(forbidden), limit=1)
        return frozenset(found[0]) if found else None
