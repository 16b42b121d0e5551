"""The CP-SAT model of Tents: the same rules as the SAT `matching` model, in CP-SAT terms.

Booleans `t[cell]` for candidate cells (see `prepare`) and `p[tree, cell]` for the pairing.
Each tree: `ExactlyOne(p[tree, *])`; each candidate cell: `sum(p[*, cell]) == t[cell]` (a tent
has exactly one tree, a non-tent none); no two tents touch: `AtMostOne` over the candidate
cells of every 2x2 block (and over orthogonal neighbours on one-line boards); row and column
clues: linear equalities over the line's tent variables.

Enumeration (`all`, `count`, `unique`): one tent set has several pairings, and CP-SAT's own
enumeration would visit every (tent set, pairing) pair. So enumeration here is a loop of
single solves, each followed by a no-good on the tent variables: it counts tent sets exactly,
like the SAT backend, at the price of one solve per solution.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from ortools.sat.python import cp_model

from boardlab.core.cpsat import enumerate_by_blocking, solve_cpsat
from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.results import Mode, Outcome, SolveRequest
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.prepare import flow_cuts, prepare

#: CP-SAT parameters. `linearization_level=0` (no LP relaxation): on random 30x30 boards it cut
#: one solve from 7.1 s to 0.2 s, and solved 50x50 in 4 s where the default did not finish in
#: 20 s (level 2 was worse still); measured with one worker, see docs/tents.md.
#: CP-SAT's presolve stays on (issue 15, one worker, CPU s with / without presolve): without it,
#: random boards (16% tents, all clues, seeds 0-2, paired runs) take 35-45% less (100x100 1.05-
#: 1.16 / 0.66-0.85, uniqueness 1.64-1.91 / 1.02-1.15), but proving generated puzzles unique
#: takes up to 2.3x as long (60x60 0.83-1.15 / 1.22-1.47, 70x70 1.80-2.33 / 3.22-5.29; 40x40
#: and 50x50 mixed, 0.17-0.56 / 0.10-0.64), and those proofs are what `generate` runs
#: (docs/tents.md).
PARAMETERS = {"linearization_level": 0}

#: CP-SAT workers when the request names none (`--workers N` overrides). One: CP-SAT's default
#: (all cores: two workers here, each running a configuration of CP-SAT's own portfolio) gave a
#: random 100x100 board (16% tents, all clues) no answer in 30 s (one solve, or the uniqueness
#: proof), where one worker solves it in 0.9-1.0 CPU s and proves it not unique in 1.4-1.7 s
#: (with presolve; 0.66-0.85 and 1.0-1.15 s without); 50x50: 0.16-0.22 s with one worker,
#: 5-18 s with two, the proof 0.3 s against 26 s or none in 30 s. Two workers that both run
#: without LP (CP-SAT's `no_lp` and `quick_restart_no_lp`) spend more CPU than one: 100x100
#: 1.3-1.4 s, proof 2.0-2.2 s (issue 15; docs/tents.md, "The auto backend").
WORKERS = 1


def build(
    instance: TentsInstance, deadline: Deadline = NO_DEADLINE
) -> tuple[cp_model.CpModel, dict[tuple[int, int], Any], dict[Any, Any]]:
    prepared = prepare(instance, deadline=deadline)
    deadline.check()
    model = cp_model.CpModel()
    if prepared.impossible:
        model.add_bool_or([])
    t = {cell: model.new_bool_var(f"t{cell[0]}_{cell[1]}") for cell in prepared.cells}
    p = {
        (tree, cell): model.new_bool_var(f"p{tree[0]}_{tree[1]}_{cell[0]}_{cell[1]}")
        for tree, near in prepared.partners.items()
        for cell in near
    }
    for cell in set(instance.given_tents) | set(prepared.forced or ()):
        if cell in t:
            model.add(t[cell] == 1)
    for tree, near in prepared.partners.items():
        model.add_exactly_one([p[tree, cell] for cell in near])
    for cell, trees in prepared.trees_of.items():
        model.add(sum(p[tree, cell] for tree in trees) == t[cell])
    w, h = instance.width, instance.height
    for r in range(-1, h):
        for c in range(-1, w):
            block = [t[x] for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) if x in t]
            if len(block) > 1:
                model.add_at_most_one(block)
    deadline.check()
    _flows(model, instance, p)
    deadline.check()
    for r, clue in enumerate(instance.rows):
        if clue is not None:
            model.add(sum(t[(r, c)] for c in range(w) if (r, c) in t) == clue)
    for c, clue in enumerate(instance.cols):
        if clue is not None:
            model.add(sum(t[(r, c)] for r in range(h) if (r, c) in t) == clue)
    return model, t, p


def _flows(model: cp_model.CpModel, instance: TentsInstance, p: dict) -> None:
    """The redundant flow constraints across line boundaries (`prepare.flow_cuts`)."""
    for down, up, constant in flow_cuts(instance, list(p)):
        model.add(sum(p[pair] for pair in down) - sum(p[pair] for pair in up) == constant)


def solve(instance: TentsInstance, request: SolveRequest) -> Outcome:
    """Run `request.mode`; enumeration counts distinct tent sets (never pairings)."""
    start = time.perf_counter()
    if request.workers is None:
        request = replace(request, workers=WORKERS)
    model, t, p = build(instance, request.deadline)
    request.deadline.check()  # building counts against the time limit
    cells = sorted(t)
    key = [t[cell] for cell in cells]

    def decode(value: Any) -> dict[str, Any]:
        return {"tents": [list(cell) for cell in cells if value(t[cell])]}

    if request.mode == Mode.FIRST:
        outcome = solve_cpsat(model, key, decode, request, model_name="matching", parameters=PARAMETERS)
    else:
        outcome = _enumerate(model, t, cells, key, decode, request)
    outcome.stats.extra["candidate_cells"] = len(cells)
    outcome.stats.seconds = time.perf_counter() - start
    return outcome


def _enumerate(
    model: cp_model.CpModel, t: dict, cells: list, key: list, decode: Any, request: SolveRequest
) -> Outcome:
    """Enumerate tent sets by repeated solves with a no-good on the tent variables
    (`core.cpsat.enumerate_by_blocking`, each solve a CP-SAT `first` under the same deadline).

    CP-SAT's own enumeration would visit every (tent set, pairing) pair; blocking the tent set
    after each solve counts tent sets exactly, like the SAT backend.
    """

    def block(solution: dict[str, Any]) -> None:
        chosen = {tuple(x) for x in solution["tents"]}
        model.add_bool_or([t[c].Not() if c in chosen else t[c] for c in cells])

    return enumerate_by_blocking(
        model, key, decode, request, block, model_name="matching", parameters=PARAMETERS
    )
