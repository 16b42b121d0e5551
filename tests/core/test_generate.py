"""The generator framework and the oracle defaults on a toy puzzle, checked by brute force.

The toy: a solution is a bit string of length n with exactly w ones and no two ones adjacent
(so several solutions exist); a puzzle reveals some bits of the planted string. Its oracle
answers by listing every bit string, so each property below is checked against the truth.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Collection, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.errors import BadInput
from boardlab.core.generate import Strategy, Tally, make_unique, minimise, propose, refine
from boardlab.core.oracle import UNDECIDED, Hint, HintStatus, Oracle, Undecided

Item = tuple[int, int]  # (position, bit)


def universe(n: int, w: int) -> list[frozenset[Item]]:
    strings = []
    for bits in itertools.product((0, 1), repeat=n):
        if sum(bits) == w and all(not (a and b) for a, b in zip(bits, bits[1:])):
            strings.append(frozenset(enumerate(bits)))
    return strings


class ToyOracle(Oracle[Item]):
    """Brute force over the universe; `cost` questions of budget below it answer UNDECIDED."""

    def __init__(self, n: int, w: int, cost: float = 0):
        self.solutions = universe(n, w)
        self.cost = cost
        self.asked = 0

    def solution(
        self, placed: Collection[Item] = (), forbidden: Collection[Item] = (), budget: float | None = None
    ) -> frozenset[Item] | None | Undecided:
        self.asked += 1
        if budget is not None and budget < self.cost:
            return UNDECIDED
        for s in self.solutions:
            if set(placed) <= s and not (set(forbidden) & s):
                return s
        return None


def consistent(oracle: ToyOracle, revealed: Collection[Item]) -> list[frozenset[Item]]:
    return [s for s in oracle.solutions if set(revealed) <= s]


class ToyStrategy(Strategy[tuple[Item, ...], frozenset[Item], Item]):
    def __init__(self, n: int, w: int, cost: float = 0, budget: float | None = None):
        self.oracle = ToyOracle(n, w, cost)
        self.budget = budget
        self.planted: frozenset[Item] = frozenset()

    def plant(self, rng: random.Random) -> frozenset[Item] | None:
        return rng.choice(self.oracle.solutions) if self.oracle.solutions else None

    def start(self, planted: frozenset[Item], rng: random.Random) -> tuple[Item, ...]:
        self.planted = planted
        return ()

    def alternative(self, puzzle: tuple[Item, ...], budget: float | None) -> object:
        return self.oracle.alternative(self.planted, puzzle, budget)

    def refute(
        self, puzzle: tuple[Item, ...], alternative: frozenset[Item], rng: random.Random
    ) -> tuple[Item, ...]:
        return puzzle + (rng.choice(sorted(self.planted - alternative)),)

    def escalate(self, puzzle: tuple[Item, ...], rng: random.Random) -> tuple[Item, ...] | None:
        hidden = sorted(self.planted - set(puzzle))
        return puzzle + (rng.choice(hidden),) if hidden else None

    def items(self, puzzle: tuple[Item, ...], rng: random.Random) -> list[Item]:
        return rng.sample(list(puzzle), len(puzzle))

    def without(self, puzzle: tuple[Item, ...], items: Sequence[Item]) -> tuple[Item, ...]:
        return tuple(i for i in puzzle if i not in items)


shapes = st.tuples(st.integers(1, 9), st.integers(0, 4)).filter(lambda nw: universe(*nw))


@settings(max_examples=60, deadline=None)
@given(shape=shapes, seed=st.integers(0, 2**31 - 1), chunk=st.integers(1, 4))
def test_loop_makes_unique_irreducible_deterministic_puzzles(
    shape: tuple[int, int], seed: int, chunk: int
) -> None:
    n, w = shape
    strategy = ToyStrategy(n, w)
    strategy.chunk = chunk
    made = make_unique(strategy, seed)
    oracle = strategy.oracle
    assert consistent(oracle, made.puzzle) == [made.solution]  # unique, by brute force
    for item in made.puzzle:  # irreducible: no budgets, so every kept item is needed
        assert len(consistent(oracle, [i for i in made.puzzle if i != item])) >= 2
    again = make_unique(ToyStrategy(n, w), seed)
    again_chunked = ToyStrategy(n, w)
    again_chunked.chunk = chunk
    assert make_unique(again_chunked, seed).puzzle == made.puzzle  # deterministic per seed
    assert again.solution == made.solution
    assert made.tally.items_found - made.tally.items_dropped == len(made.puzzle)


@settings(max_examples=40, deadline=None)
@given(shape=shapes, seed=st.integers(0, 2**31 - 1))
def test_budget_runs_out_escalates_and_minimise_keeps_undecided_items(
    shape: tuple[int, int], seed: int
) -> None:
    n, w = shape
    strategy = ToyStrategy(n, w, cost=5, budget=1)  # every refinement question is undecided
    strategy.minimise_budget = 1  # and every minimisation question too: nothing is dropped
    made = make_unique(strategy, seed)
    assert made.puzzle and set(made.puzzle) <= made.solution or len(universe(n, w)) == 1
    assert made.tally.items_dropped == 0
    assert len(consistent(strategy.oracle, made.puzzle)) == 1  # unique all the same


def test_minimise_total_budget_stops_the_pass() -> None:
    class Counting(ToyStrategy):
        def effort(self) -> float:
            return self.oracle.asked

    strategy = Counting(9, 3)
    strategy.minimise_total = 0  # spent before the first question
    rng = random.Random(1)
    planted = strategy.plant(rng)
    assert planted is not None
    strategy.start(planted, rng)
    full = tuple(sorted(planted))
    tally = Tally()
    assert minimise(strategy, full, rng, tally) == full and tally.drop_questions == 0


def test_unrefutable_alternative_plants_again_and_failure_is_one_line() -> None:
    class Stubborn(ToyStrategy):
        def refute(self, puzzle, alternative, rng):  # type: ignore[no-untyped-def]
            return None

    with pytest.raises(BadInput, match="^toy: 3 tried$"):
        make_unique(Stubborn(6, 2), 0, attempts=3, failure=lambda tally: f"toy: {tally.attempts} tried")
    made = make_unique(Stubborn(3, 2), 0, attempts=3)  # one solution only: nothing to refute
    assert made.puzzle == ()


def test_keep_and_score_return_the_smallest() -> None:
    sizes = []

    class Recording(ToyStrategy):
        def polish(self, puzzle, planted, rng):  # type: ignore[no-untyped-def]
            sizes.append(len(puzzle))
            return puzzle, planted

    made = make_unique(Recording(9, 3), 4, attempts=10, keep=5, score=len)
    assert len(sizes) == 5 and len(made.puzzle) == min(sizes)


def test_refine_and_propose() -> None:
    strategy = ToyStrategy(7, 2)
    rng = random.Random(3)
    planted = strategy.plant(rng)
    assert planted is not None
    tally = Tally()
    puzzle = refine(strategy, strategy.start(planted, rng), rng, tally)
    assert puzzle is not None and consistent(strategy.oracle, puzzle) == [planted]
    assert tally.rounds == len(puzzle) and tally.questions == tally.rounds + 1
    kept, count = propose(5, [lambda x: x + 1, lambda x: None, lambda x: x * 2])
    assert (kept, count) == (12, 2)


@settings(max_examples=60, deadline=None)
@given(shape=shapes, data=st.data())
def test_oracle_defaults_agree_with_brute_force(shape: tuple[int, int], data: st.DataObject) -> None:
    n, w = shape
    oracle = ToyOracle(n, w)
    cells = [(p, b) for p in range(n) for b in (0, 1)]
    placed = data.draw(st.lists(st.sampled_from(cells), max_size=3, unique=True))
    forbidden = data.draw(st.lists(st.sampled_from(cells), max_size=2, unique=True))
    truth = [s for s in oracle.solutions if set(placed) <= s and not (set(forbidden) & s)]
    assert oracle.possible(placed, forbidden) == bool(truth)
    with_placed = consistent(oracle, placed)
    reference = data.draw(st.sampled_from(oracle.solutions))
    other = oracle.alternative(reference, placed)
    assert (other is None) == (not [s for s in with_placed if s != reference])
    if other is not None:
        assert other != reference and set(placed) <= other
    forced = oracle.forced(placed)
    if forced is not None:
        assert forced not in placed and all(forced in s for s in with_placed)
    elif with_placed:  # nothing forced: each item of a solution is missing from another one
        example = oracle.solution(placed)
        assert isinstance(example, frozenset)
        assert all(any(item not in s for s in with_placed) for item in example - set(placed))
    every = oracle.all_forced(placed)
    if not with_placed:
        assert every is None
    else:  # exactly the items outside `placed` that every solution with `placed` has
        shared = frozenset.intersection(*with_placed) - set(placed)
        assert every is not None and set(every) == shared and len(every) == len(shared)
    conflict = oracle.conflict(placed)
    if with_placed:
        assert conflict == []
    else:
        assert conflict and set(conflict) <= set(placed) and not consistent(oracle, conflict)
        if len(conflict) > 1 and consistent(oracle, conflict[:1]):  # minimal by deletion
            for item in conflict:
                assert consistent(oracle, [i for i in conflict if i != item])


def test_hint_json_is_the_contract() -> None:
    hint = Hint(HintStatus.PROGRESS, "go", place={"x": 1}, details={"forced": []})
    assert hint.to_json() == {
        "status": "progress",
        "message": "go",
        "place": {"x": 1},
        "remove": None,
        "forced": [],
    }
    assert Hint(HintStatus.SOLVED, "done").to_json() == {
        "status": "solved",
        "message": "done",
        "place": None,
        "remove": None,
    }


@settings(max_examples=40, deadline=None)
@given(shape=shapes, data=st.data())
def test_one_step_rule(shape: tuple[int, int], data: st.DataObject) -> None:
    """`Oracle.step`: a forced item when there is one among the candidates, else the first
    candidate, unproven; `prove=False` never claims forced."""
    n, w = shape
    oracle = ToyOracle(n, w)
    cells = [(p, b) for p in range(n) for b in (0, 1)]
    placed = data.draw(st.lists(st.sampled_from(cells), max_size=2, unique=True))
    example = oracle.solution(placed)
    if not isinstance(example, frozenset):
        return
    candidates = sorted(example - set(placed))
    with_placed = consistent(oracle, placed)
    chosen = oracle.step(placed, candidates)
    if not candidates:
        assert chosen is None
        return
    assert chosen is not None
    item, forced = chosen
    truly = [c for c in candidates if all(c in s for s in with_placed)]
    assert forced == bool(truly) and item == (truly[0] if truly else candidates[0])
    assert oracle.step(placed, candidates, prove=False) == (candidates[0], False)


def test_a_hint_is_one_step_and_forced_only_on_request() -> None:
    from boardlab.core.grading import Step

    step = Step("line", "easy", {"tents": [[0, 1]], "empty": []}, [[0, 0]], "Row 0 needs a tent.")
    hint = Hint.from_step(step, forced={"tents": [[0, 1], [2, 2]]})
    assert hint.to_json() == {
        "status": "progress",
        "message": "Row 0 needs a tent.",
        "place": {"tents": [[0, 1]], "empty": []},
        "remove": None,
        "rule": "line",
        "level": "easy",
        "because": [[0, 0]],
    }
    assert hint.to_json(all_forced=True)["forced"] == {"tents": [[0, 1], [2, 2]]}
    assert Hint.placement({"x": 1}, "x", forced=False).to_json()["rule"] == "possible"


def test_all_forced_is_computed_on_request_and_a_null_says_why() -> None:
    """`hint --all-forced` printed `"forced": null` with no word on why (cnote, chessnum,
    nqueens, armies): a hint computes it when asked (`forced_by`), and a null says why."""
    asked = []
    hint = Hint(HintStatus.PROGRESS, "go", forced_by=lambda: asked.append(1) or {"x": [1]})
    assert "forced" not in hint.to_json() and not asked  # not computed unless asked
    assert hint.to_json(all_forced=True)["forced"] == {"x": [1]} and asked == [1]
    assert "forced_note" not in hint.to_json(all_forced=True)
    for status in HintStatus:
        answer = Hint(status, "m").to_json(all_forced=True)
        assert answer["forced"] is None and answer["forced_note"]
    assert "no solution" in Hint(HintStatus.MISTAKE, "m").to_json(all_forced=True)["forced_note"]
    own = Hint(HintStatus.PROGRESS, "m", forced_note="nothing is forced here").to_json(all_forced=True)
    assert own["forced_note"] == "nothing is forced here"
