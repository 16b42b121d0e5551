"""The incremental sweeps of `deduce.Deducer` take exactly the steps of passes over the whole board.

Two references: `Deducer(..., incremental=False)` (every rule looks at every cell, line and pair
of lines at every pass, as before the sweeps were incremental and as Tatham's solver does),
compared step for step on random boards (clues hidden or wrong, givens); and the grades and
explain paths recorded with the code before the change (`tests/data/tents/grades-reference.json`:
Tatham's puzzles, generated puzzles of the four levels at 8x8 to 30x30, random boards with wrong
or hidden clues and givens), which must not change in a single step.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.families.tents import deduce as deduce_module
from boardlab.families.tents import game_id
from boardlab.families.tents.board import clues_of, random_board, random_instance
from boardlab.families.tents.deduce import EMPTY, LEVELS, TENT, Contradiction, Deducer, Step, deduce
from boardlab.families.tents.grade import explain, grade
from boardlab.families.tents.instance import make_instance
from boardlab.families.tents.io import TentsInstance

DATA = Path(__file__).resolve().parents[2] / "data" / "tents"
REFERENCE = json.loads((DATA / "grades-reference.json").read_text())
SAMPLE = {r["id"]: r for r in map(json.loads, (DATA / "tatham-sample.jsonl").read_text().splitlines()) if r}


def _digest(steps: list[Any]) -> str:
    return hashlib.sha256(json.dumps([s.to_json() for s in steps], sort_keys=True).encode()).hexdigest()[:16]


def _path(inst: TentsInstance, incremental: bool, stop_after: int | None = None) -> tuple:
    """The levels one after another as `deduce` runs them: the steps, the contradiction, the
    position. With `stop_after`, the first pass is left after that many steps and the rules
    start again (a consumer that stopped reading)."""
    deducer = Deducer(inst, incremental=incremental)
    why = None
    try:
        if stop_after is not None:
            for _ in itertools.islice(deducer.steps("hard"), stop_after):
                pass
        for name in LEVELS:
            for _ in deducer.steps(name):
                pass
            if deducer.solved():
                break
    except Contradiction as error:
        why = str(error)
    return deducer.taken, why, deducer.state, deducer.link_of


def _instance(width: int, height: int, density: float, seed: int, hide: bool, wrong: bool) -> TentsInstance:
    rng = random.Random(seed)
    inst, tents = random_instance(width, height, density, rng)
    rows = [None if hide and rng.random() < 0.2 else v for v in inst.rows]
    cols = [None if hide and rng.random() < 0.2 else v for v in inst.cols]
    if wrong:  # a clue one off: often a contradiction
        rows[rng.randrange(height)] = rng.randrange(width // 2 + 1)
    given_tents = frozenset(t for t in tents if rng.random() < 0.1)
    free = [
        (r, c)
        for r in range(height)
        for c in range(width)
        if (r, c) not in inst.trees and (r, c) not in tents and rng.random() < 0.05
    ]
    return TentsInstance(width, height, inst.trees, tuple(rows), tuple(cols), given_tents, frozenset(free))


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 20),
    st.integers(2, 20),
    st.sampled_from((0.12, 0.16, 0.2, 0.25)),
    st.integers(0, 10**6),
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), st.integers(0, 12)),
)
def test_incremental_sweeps_take_the_steps_of_full_passes(width, height, density, seed, hide, wrong, stop):
    inst = _instance(width, height, density, seed, hide, wrong)
    steps, why, state, links = _path(inst, True, stop)
    full_steps, full_why, full_state, full_links = _path(inst, False, stop)
    assert steps == full_steps  # the same steps in the same order, reasons included
    assert why == full_why
    assert state == full_state
    assert links == full_links


#: Each sweep and the pass that reads it.
PASSES = {
    "tent-one-tree": lambda d: d.tent_one_tree(),
    "no-free-tree": lambda d: d.no_free_tree(),
    "touch": lambda d: d.touch(),
    "tree-one-cell": lambda d: d.tree_one_cell(False),
    "tree-one-cell tricky": lambda d: d.tree_one_cell(True),
    "line": lambda d: d.lines(False),
    "line tricky": lambda d: d.lines(True),
    "line-tree": lambda d: d.lines_sharing_trees(),
    "line-pair": lambda d: d.line_pairs(),
}


def _fires(inst: TentsInstance, deducer: Deducer, rule: str, item: int) -> bool:
    """Whether the rule takes a step (or finds a contradiction) at `item` on the position."""
    tents = {c for c, v in deducer.state.items() if v == TENT}
    empty = {c for c, v in deducer.state.items() if v == EMPTY}
    probe = Deducer(inst, tents, empty, incremental=True)
    probe.link_of = dict(deducer.link_of)
    probe.treeless = []  # the cells next to no tree are read outside the sweep
    for sweep in probe.sweeps.values():
        sweep.dirty = set()
    probe.sweeps[rule].dirty = {item}
    try:
        return next(PASSES[rule](probe), None) is not None
    except Contradiction:
        return True


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 12),
    st.integers(2, 12),
    st.sampled_from((0.16, 0.2, 0.25)),
    st.integers(0, 10**6),
    st.booleans(),
    st.sampled_from(LEVELS),
    st.integers(0, 40),
)
def test_an_item_no_sweep_waits_for_takes_no_step(width, height, density, seed, hide, level, taken):
    """The invariant behind the sweeps, rule by rule, at any moment (a pass under way too): an
    item that is not waiting in its rule's sweep (near a cell changed since the rule looked,
    or not yet reached by the pass under way) does not lead to a step."""
    inst = _instance(width, height, density, seed, hide, False)
    deducer = Deducer(inst, incremental=True)
    try:
        for _ in itertools.islice(deducer.steps(level), taken):
            pass
    except Contradiction:
        return
    for rule, sweep in deducer.sweeps.items():
        waiting = sweep.waiting(deducer.changed)
        for item in sweep.items:
            if item not in waiting:
                assert not _fires(inst, deducer, rule, item), (rule, item)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 10), st.integers(2, 10), st.sampled_from((0.16, 0.2, 0.25)), st.integers(0, 10**6))
def test_a_change_wakes_every_item_it_can_make_take_a_step(width, height, density, seed):
    """The `near` of each sweep, from random positions (part of a solution: tents, empty cells,
    pairings) and one more change (a cell, a pairing or both): an item that takes no step before
    the change and does after is near a changed cell."""
    rng = random.Random(seed)
    trees, tree_of = random_board(width, height, density, rng)
    rows, cols = clues_of(width, height, tree_of)
    inst = TentsInstance(width, height, frozenset(trees), rows, cols)
    cells = [(r, c) for r in range(height) for c in range(width) if (r, c) not in inst.trees]
    tents = {x for x in tree_of if rng.random() < 0.5}
    empty = {x for x in cells if x not in tree_of and rng.random() < 0.5}
    deducer = Deducer(inst, tents, empty, incremental=True)
    for tent in tents:
        if rng.random() < 0.5:
            deducer.link_of[tent] = tree_of[tent]
            deducer.link_of[tree_of[tent]] = tent
    changes = [Step("touch", tents=(x,)) for x in tree_of if x not in tents]
    changes += [Step("touch", empty=(x,)) for x in cells if x not in tree_of and x not in empty]
    changes += [
        Step("tree-one-cell", links=((t, x),)) for x, t in tree_of.items() if x not in deducer.link_of
    ]
    changes += [
        Step("tree-one-cell", tents=(x,), links=((t, x),)) for x, t in tree_of.items() if x not in tents
    ]
    if not changes:
        return
    before = {
        rule: {item for item in sweep.items if _fires(inst, deducer, rule, item)}
        for rule, sweep in deducer.sweeps.items()
    }
    change = rng.choice(changes)
    deducer.apply(change)
    for rule, sweep in deducer.sweeps.items():
        woken = set(before[rule])
        for cell in deducer.changed:
            woken.update(sweep.near(cell))
        for item in sweep.items:
            if item not in woken:
                assert not _fires(inst, deducer, rule, item), (rule, item, change)


def test_the_reference_has_every_level_and_outcome():
    assert {r["difficulty"] for r in REFERENCE["generated"]} == {"easy", "tricky", "hard", "extreme"}
    assert {r["difficulty"] for r in REFERENCE["tatham"]} == {"easy", "tricky"}
    assert any(r["contradiction"] for r in REFERENCE["random"])
    assert any(r["level"] is None and not r["contradiction"] for r in REFERENCE["random"])


@pytest.fixture(params=["by area", "always"])
def sweeping(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards sweep incrementally from `SWEEP_AREA` cells on (the recorded ones are smaller),
    or all of them."""
    if request.param == "always":
        monkeypatch.setattr(deduce_module, "SWEEP_AREA", 0)


def _graded(inst: TentsInstance) -> tuple:
    graded, path = grade(inst), explain(inst)
    return graded.difficulty, graded.steps, graded.details["decided"], len(path.steps), _digest(path.steps)


def _recorded(r: dict[str, Any]) -> tuple:
    return r["difficulty"], r["steps"], r["decided"], r["explain_steps"], r["explain_sha256"]


def test_tatham_grades_and_paths_are_the_recorded_ones(sweeping):
    for r in REFERENCE["tatham"]:
        assert _graded(game_id.decode(SAMPLE[r["id"]]["game_id"])) == _recorded(r), r["id"]


def test_generated_grades_and_paths_are_the_recorded_ones(sweeping):
    for r in REFERENCE["generated"]:
        assert _graded(game_id.decode(r["game_id"])) == _recorded(r), r["made"]


def test_random_deductions_are_the_recorded_ones(sweeping):
    for r in REFERENCE["random"]:
        inst = make_instance(r["instance"]["grid"], r["instance"]["rows"], r["instance"]["cols"])
        found = deduce(inst)
        steps: list[Step] = found.steps
        assert (found.contradiction, found.level, len(steps), _digest(steps)) == (
            r["contradiction"],
            r["level"],
            r["steps"],
            r["steps_sha256"],
        )
