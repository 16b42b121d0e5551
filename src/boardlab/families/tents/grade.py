"""Difficulty grades and the step-by-step solution of Tents puzzles.

`grade(instance)`: the lowest level of `deduce.LEVELS` whose rules decide every cell (``easy``,
``tricky``: Tatham's; ``hard``: boardlab's), else ``extreme`` (search is needed); or
``unsolvable`` / ``ambiguous`` for a puzzle with no / several solutions. When the rules decide
every cell the placement is checked with `verify` (a valid full placement reached by sound
rules is the only solution); when they stop short or find a contradiction, the exact solver
(`Family.solve`, mode unique) decides between extreme, ambiguous and unsolvable.

`explain(instance)`: the steps from the empty board to the solution. When the rules are stuck
(an extreme puzzle) one cell is decided by search, a ``search`` step: a cell of the unique
solution whose other value leaves no solution (proven with the SAT oracle), and the rules go
on from there. `next_step(instance, tents, empty)`: the next step from a player's position,
for hints.

`level_of(instance)`: the level by deduction alone, for a generator that knows its puzzle has
one solution (no solver call).
"""

from __future__ import annotations

from typing import Any

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.grading import Explanation, Grade
from boardlab.core.grading import Step as PathStep
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.families.tents.deduce import (
    LEVELS,
    TENT,
    UNKNOWN,
    Contradiction,
    Deducer,
    Step,
    at,
    deduce,
)
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.oracle import TentsOracle
from boardlab.families.tents.verify import instance_violations

Cell = tuple[int, int]


def _valid(instance: TentsInstance, tents: set[Cell]) -> bool:
    return not instance_violations(instance, {"tents": [list(c) for c in sorted(tents)]})


def level_of(instance: TentsInstance, deadline: Deadline = NO_DEADLINE) -> str | None:
    """The grade by deduction alone (`extreme` when the rules stop short); None when the rules
    find a contradiction or reach an invalid placement (no solution)."""
    found = deduce(instance, level=LEVELS[-1], deadline=deadline)
    if found.contradiction is not None:
        return None
    if found.level is None:
        return "extreme"
    return found.level if _valid(instance, found.tents) else None


def _solutions(instance: TentsInstance, deadline: Deadline) -> tuple[str | None, int]:
    """("unsolvable" | "ambiguous" | "unknown" | None for one solution, solutions found)."""
    from boardlab.core.registry import get

    result = get("tents").solve(instance, SolveRequest(mode=Mode.UNIQUE, deadline=deadline))
    if result.status == Status.UNSATISFIABLE:
        return "unsolvable", 0
    if result.status == Status.UNKNOWN:
        return "unknown", len(result.solutions)
    return (None if result.unique else "ambiguous"), len(result.solutions)


def grade(instance: TentsInstance, deadline: Deadline = NO_DEADLINE) -> Grade:
    """The grade (see the module docstring); `details`: cells decided by the rules and left."""
    found = deduce(instance, level=LEVELS[-1], deadline=deadline)
    decided = sum(1 for v in found.state.values() if v != UNKNOWN)
    details: dict[str, Any] = {"cells": len(found.state), "decided": decided}
    if found.contradiction is None and found.level is not None and _valid(instance, found.tents):
        return Grade(found.level, len(found.steps), details)
    outcome, _ = _solutions(instance, deadline)
    if outcome is not None:
        return Grade(outcome, None, details)
    if found.contradiction is not None or found.level is not None:
        from boardlab.core.errors import SolverBug

        # sound rules never contradict a solvable puzzle nor decide every cell wrongly
        raise SolverBug(f"tents: the deduction rules disagree with the solver ({found.contradiction})")
    return Grade("extreme", None, details)


def path_step(step: Step) -> PathStep:
    """The step as `core.grading.Step` (its `place` in the partial placement JSON shape)."""
    return PathStep(
        step.rule,
        step.level,
        {"tents": [list(c) for c in step.tents], "empty": [list(c) for c in step.empty]},
        [list(c) for c in step.because],
        step.reason,
        {"links": [{"tree": list(t), "tent": list(c)} for t, c in step.links]},
    )


def _search_step(deducer: Deducer, oracle: TentsOracle) -> Step:
    """A cell decided by search: the first unknown cell that is a tent in the unique solution
    (a tent lets the rules go further than an empty cell: it empties its 8 neighbours and
    takes a tree), else the first unknown cell; its other value is refuted by the SAT oracle
    (a solver bug otherwise)."""
    from boardlab.core.errors import SolverBug

    unknown = sorted(c for c, v in deducer.state.items() if v == UNKNOWN)
    tents = {c for c, v in deducer.state.items() if v == TENT}
    empty = {c for c, v in deducer.state.items() if v not in (UNKNOWN, TENT)}
    solution = oracle.solution(tents, empty)
    if not isinstance(solution, frozenset):
        raise SolverBug(f"tents: no solution extends the deductions at {at(unknown[0])}")
    cell = next((c for c in unknown if c in solution), unknown[0])
    is_tent = cell in solution
    other = oracle.possible(tents, empty | {cell}) if is_tent else oracle.possible(tents | {cell}, empty)
    if other:
        raise SolverBug(f"tents: {at(cell)} has two values in a puzzle proven unique")
    value = "a tent" if is_tent else "empty"
    return Step(
        "search",
        tents=(cell,) if is_tent else (),
        empty=() if is_tent else (cell,),
        because=(),
        reason=f"{at(cell)} is {value}: no rule decides it, but the other choice leads to no "
        "solution (found by search).",
    )


def explain(instance: TentsInstance, deadline: Deadline = NO_DEADLINE) -> Explanation:
    """The solving path from the empty board (see the module docstring)."""
    graded = grade(instance, deadline)
    if graded.difficulty in ("unsolvable", "ambiguous", "unknown"):
        return Explanation(
            graded.difficulty, [path_step(s) for s in deduce(instance, deadline=deadline).steps]
        )
    deducer = Deducer(instance)
    taken: list[Step] = []
    oracle: TentsOracle | None = None
    try:
        while True:
            for name in LEVELS:
                taken.extend(deducer.steps(name, deadline))
                if deducer.solved():
                    break
            if deducer.solved():
                break
            deadline.check()
            oracle = oracle or TentsOracle(instance)
            taken.append(deducer.apply(_search_step(deducer, oracle)))
    finally:
        if oracle is not None:
            oracle.close()
    tents = sorted(c for c, v in deducer.state.items() if v == TENT)
    return Explanation(graded.difficulty, [path_step(s) for s in taken], {"tents": [list(c) for c in tents]})


def next_step(instance: TentsInstance, tents: set[Cell], empty: set[Cell]) -> tuple[Step | None, list[Step]]:
    """The next step that decides a cell from a player's position (consistent with a solution:
    the hint checks mistakes first), and every step the rules take from there (for
    `--all-forced`); (None, ...) when the rules are stuck."""
    try:
        deducer = Deducer(instance, tents, empty)
        taken: list[Step] = []
        for name in LEVELS:
            taken.extend(deducer.steps(name))
            if deducer.solved():
                break
    except Contradiction:
        return None, []
    cells = [s for s in taken if s.decides_cells]
    # The cells next to no tree and the lines with clue 0 are no news to a player: hint the
    # first step after them.
    news = [s for s in cells if not s.obvious]
    return (news[0] if news else cells[0] if cells else None), cells
