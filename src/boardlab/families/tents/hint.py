"""Hints and the difficulty rating.

`hint(instance, tents, empty)` answers a player who has placed some tents and empty marks:

1. `unsolvable` when the puzzle itself has no solution.
2. `mistake` when the placement is inconsistent: the placed tents that no solution contains
   (and the empty marks on cells that are tents in every solution) are listed under `remove`;
   if each placement alone is possible but not all together, all of them are listed.
3. `solved` when the placed tents are a full valid solution.
4. `progress` otherwise: one step, the next step of the step-by-step solution from the
   player's position (`grade.next_step`: the cells one rule of `deduce` decides, with the
   rule, its level, the cells behind it and the reason; `core.oracle.Hint.from_step`), or,
   when the rules are stuck, one cell forced by search (its other value admits no solution,
   checked with the SAT oracle, `oracle.TentsOracle`).

The answer is a `core.oracle.Hint`; its `forced` (shown on request only: `hint --all-forced`)
lists every cell that follows and how (`by`: "deduction" or "search").

`difficulty(instance)`: how many undecided cells follow by propagation alone from the empty
board, and how many are left for search (a puzzle with 0 left is solvable by deduction).
"""

from __future__ import annotations

from typing import Any

from boardlab.core.oracle import Hint, HintStatus
from boardlab.families.tents.deduce import TENT, UNKNOWN, deduce, propagate
from boardlab.families.tents.grade import next_step, path_step
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.oracle import TentsOracle
from boardlab.families.tents.verify import instance_violations

Cell = tuple[int, int]


def _cells(cells: set[Cell] | list[Cell]) -> list[list[int]]:
    return [list(c) for c in sorted(cells)]


def difficulty(instance: TentsInstance) -> dict[str, int]:
    """Cells decided by propagation alone, and cells left for search."""
    state = propagate(instance)
    free = [
        cell for cell in state.state if cell not in instance.given_tents and cell not in instance.given_empty
    ]
    left = sum(1 for cell in free if state.state[cell] == UNKNOWN)
    return {"cells": len(free), "by_propagation": len(free) - left, "by_search": left}


def hint(instance: TentsInstance, tents: set[Cell], empty: set[Cell]) -> Hint:
    with TentsOracle(instance) as oracle:
        if not oracle.possible():
            return Hint(HintStatus.UNSOLVABLE, "this puzzle has no solution")
        if not oracle.possible(tents, empty):
            wrong_tents = {cell for cell in tents if not oracle.possible({cell}, set())}
            wrong_empty = {cell for cell in empty if not oracle.possible(set(), {cell})}
            if not wrong_tents and not wrong_empty:
                wrong_tents, wrong_empty = set(tents), set(empty)
                message = "these placements cannot all be right together"
            else:
                first = min(wrong_tents) if wrong_tents else min(wrong_empty)
                what = "tent" if wrong_tents else "empty mark"
                message = f"no solution has the {what} at [{first[0]}, {first[1]}]"
            return Hint(
                HintStatus.MISTAKE,
                message,
                remove={"tents": _cells(wrong_tents), "empty": _cells(wrong_empty)},
            )
        if not instance_violations(instance, {"tents": _cells(tents | instance.given_tents)}):
            return Hint(HintStatus.SOLVED, "all tents are placed correctly")
        step, steps = next_step(instance, tents, empty)
        if step is not None:
            placed_tents = {c for s in steps for c in s.tents}
            placed_empty = {c for s in steps for c in s.empty}
            return Hint.from_step(
                path_step(step), forced=_split(placed_tents, placed_empty) | {"by": "deduction"}
            )
        # The rules are stuck: find a cell whose other value admits no solution.
        state = deduce(instance, tents, empty)
        known = tents | empty | instance.given_tents | instance.given_empty
        model = oracle.solution(tents, empty)
        assert isinstance(model, frozenset)  # possible(tents, empty) held above
        for cell in sorted(state.state):
            if cell in known or state.state[cell] != UNKNOWN:
                continue
            is_tent = cell in model
            other_ok = (
                oracle.possible(tents, empty | {cell}) if is_tent else oracle.possible(tents | {cell}, empty)
            )
            if not other_ok:
                kind = "a tent" if is_tent else "empty"
                place = _split({cell} if is_tent else set(), set() if is_tent else {cell})
                return Hint(
                    HintStatus.PROGRESS,
                    f"[{cell[0]}, {cell[1]}] is {kind}: "
                    "the other choice leads to no solution (found by search)",
                    place=place,
                    details={"rule": "search", "level": "extreme", "because": []},
                    forced=place | {"by": "search"},
                )
        return Hint(HintStatus.PROGRESS, "no cell is forced: the puzzle has several solutions from here")


def _split(tents: set[Cell], empty: set[Cell]) -> dict[str, Any]:
    return {"tents": _cells(tents), "empty": _cells(empty)}


__all__ = ["difficulty", "hint", "TENT"]
