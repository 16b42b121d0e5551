"""The compiled work list (`worklist_nb.FastWorklist`) against the Python one and `deduce`.

Three references: `deduce.deduce` (the rules as `Deducer` applies them: the fixpoint of a
level), `worklist.Worklist` (the same rules on a work list: state *and* pairings after a run and
after `reopen` from a changed board, which the generator's moves are judged on), and the
generator itself (the same puzzle with either work list).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.families.tents import game_id, standard
from boardlab.families.tents.board import random_instance
from boardlab.families.tents.deduce import Contradiction, deduce
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.worklist import TREE, Worklist
from boardlab.families.tents.worklist_nb import FastWorklist


def _both(inst: TentsInstance) -> list[Worklist | FastWorklist]:
    w = inst.width
    trees = [r * w + c for r, c in inst.trees]
    made: list[Worklist | FastWorklist] = []
    for cls in (Worklist, FastWorklist):
        wl = cls(w, inst.height, trees, list(inst.rows), list(inst.cols))
        for r, c in inst.given_tents:
            wl.give(r * w + c, 1)
        made.append(wl)
    return made


def _run(wl: Worklist | FastWorklist, tricky: bool) -> tuple[bytes, list[int]] | None:
    try:
        wl.run(tricky)
    except Contradiction:
        return None
    return bytes(wl.state), [int(v) for v in wl.link]


def _instance(width: int, height: int, density: float, seed: int, hide: bool, wrong: bool) -> TentsInstance:
    rng = random.Random(seed)
    inst, tents = random_instance(width, height, density, rng)
    rows = [None if hide and rng.random() < 0.2 else v for v in inst.rows]
    if wrong:  # a clue one off: often a contradiction, which both must find
        rows[rng.randrange(height)] = rng.randrange(width // 2 + 1)
    given_tents = frozenset(t for t in tents if rng.random() < 0.1)
    return TentsInstance(width, height, inst.trees, tuple(rows), inst.cols, given_tents)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 24),
    st.integers(2, 24),
    st.sampled_from((0.12, 0.16, 0.2, 0.25)),
    st.integers(0, 10**6),
    st.booleans(),
    st.booleans(),
)
def test_fast_fixpoint_is_the_worklist_and_deduce_fixpoint(width, height, density, seed, hide, wrong):
    inst = _instance(width, height, density, seed, hide, wrong)
    for tricky in (False, True):
        slow, fast = _both(inst)
        a, b = _run(slow, tricky), _run(fast, tricky)
        assert a == b  # state and pairings alike, or a contradiction for both
        reference = deduce(inst, level="tricky" if tricky else "easy")
        if b is None:
            assert reference.contradiction is not None
            continue
        assert reference.contradiction is None
        w = width
        assert {divmod(i, w): v for i, v in enumerate(b[0]) if v != TREE} == reference.state


@settings(max_examples=100, deadline=None)
@given(st.integers(6, 20), st.integers(6, 20), st.integers(0, 10**6), st.booleans())
def test_fast_reopen_after_board_changes_is_the_worklists(width, height, seed, tricky):
    """The generator's moves: a tree moved or a window re-planted, `reopen`, `run`; then a
    move undone by `restore`, and a `clone` run on its own."""
    rng = random.Random(seed)
    maker = standard.Maker(width, height, 0.16, "tricky" if tricky else "easy", rng)
    b = maker.board
    trees = sorted(maker.trees)
    slow = Worklist(width, height, trees, list(b.rows), list(b.cols))
    fast = FastWorklist(width, height, trees, list(b.rows), list(b.cols))
    assert _run(slow, tricky) == _run(fast, tricky)
    for _ in range(12):
        saved = slow.copy_position(), fast.copy_position()
        centre = rng.randrange(width * height)
        move = maker.move_tree(centre) if rng.random() < 0.5 else maker.replant(centre, rng.choice((1, 2)))
        if move is None:
            continue
        changed, lines, removed = move
        for wl in (slow, fast):
            for x in changed:
                if x in maker.trees:
                    wl.state[x] = TREE
                elif wl.state[x] == TREE:
                    wl.state[x] = 0
            wl.set_clues(list(b.rows), list(b.cols))
            wl.reopen(changed, lines)
        after = _run(slow, tricky), _run(fast, tricky)
        assert after[0] == after[1]
        if after[0] is None or rng.random() < 0.3:
            maker.undo(changed, removed)
            slow.restore(saved[0])
            fast.restore(saved[1])
            slow.set_clues(list(b.rows), list(b.cols))
            fast.set_clues(list(b.rows), list(b.cols))
        twin_slow, twin_fast = slow.clone(), fast.clone()
        assert _run(twin_slow, tricky) == _run(twin_fast, tricky)
    # the board as the moves left it, from the empty board
    fresh = [
        cls(width, height, sorted(maker.trees), list(b.rows), list(b.cols))
        for cls in (Worklist, FastWorklist)
    ]
    assert _run(fresh[0], tricky) == _run(fresh[1], tricky)


def test_the_generator_makes_the_same_puzzle_with_either_worklist(monkeypatch):
    made = {}
    for area in (10**9, 1):
        monkeypatch.setattr(standard, "FAST_AREA", area)
        for level, size, seed in (("tricky", 24, 1), ("easy", 14, 2), ("hard", 12, 1)):
            inst, solution, figures = standard.generate(size, size, 0.16, seed, level)
            made.setdefault((level, size, seed), []).append(
                (game_id.encode(inst), solution, figures["moves"], figures["fresh_runs"])
            )
    for key, (python, compiled) in made.items():
        assert python == compiled, key
