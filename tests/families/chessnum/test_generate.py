"""Generated puzzles: valid, unique (re-proven by a fresh solve), deterministic per seed."""

from __future__ import annotations

import pytest

from boardlab.core.errors import BadInput
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.chessnum import verify


@pytest.mark.parametrize(
    "size,pieces,seed", [(4, "KQRBNP", 1), (6, "KQRBNP", 2), (5, "KQNNP", 3), (8, "KQRBNP", 4)]
)
def test_generated_puzzles_are_unique_and_valid(family, size, pieces, seed) -> None:
    generated = family.generate(seed, {"size": size, "pieces": pieces})
    instance = generated.instance
    assert instance.size == size and sorted(instance.pieces) == sorted(pieces)
    assert verify.violations(size, instance.pieces, instance.clue_map, generated.solution) == []
    result = family.solve(instance, SolveRequest(mode=Mode.COUNT, limit=3))
    assert result.count == 1 and result.solutions == [generated.solution]


def test_no_clue_is_superfluous(family) -> None:
    generated = family.generate(5, {"size": 6})
    clues = list(generated.instance.clues)
    for index in range(len(clues)):
        data = family.to_json(generated.instance)
        name = list(data["clues"])[index]
        del data["clues"][name]
        reduced = family.from_json(data)
        result = family.solve(reduced, SolveRequest(mode=Mode.UNIQUE))
        assert result.unique is False, f"clue {name} is superfluous"


def test_deterministic_per_seed(family) -> None:
    one = family.generate(11, {"size": 5})
    two = family.generate(11, {"size": 5})
    assert family.to_json(one.instance) == family.to_json(two.instance) and one.solution == two.solution


def test_min_clues_never_has_more_clues(family) -> None:
    plain = family.generate(8, {"size": 5})
    fewer = family.generate(8, {"size": 5, "min_clues": True})
    # the first placement drawn is the same; min_clues tries more and keeps the fewest clues
    assert len(fewer.instance.clues) <= len(plain.instance.clues)


def test_bad_generate_options(family) -> None:
    with pytest.raises(BadInput):
        family.generate(1, {"size": 3})
    with pytest.raises(BadInput):
        family.generate(1, {"pieces": "KQX"})
    with pytest.raises(BadInput):
        family.generate(1, {"size": 4, "pieces": "Q" * 16})


@pytest.mark.slow
@pytest.mark.parametrize("size,seed", [(10, 1), (12, 2), (16, 3)])
def test_large_boards(family, size, seed) -> None:
    generated = family.generate(seed, {"size": size})
    assert (
        verify.violations(size, generated.instance.pieces, generated.instance.clue_map, generated.solution)
        == []
    )


def _minimum_by_brute_force(instance, solution: dict) -> int:
    """The fewest clues that make `solution` the only one, found without the generator's code
    (and a check that the puzzle's own clues leave no other placement):
    every other placement (every assignment to the marked squares for Detektivschach) is
    listed, its refuting squares computed with `verify`'s attack walk, and clue sets tried by
    increasing size."""
    from itertools import combinations, permutations

    n = instance.size
    squares = [(f, r) for f in range(n) for r in range(n)]
    planted = sorted(
        (letter, (ord(name[0]) - 97, int(name[1:]) - 1))
        for letter, names in (
            ((v, [k]) for k, v in solution.items()) if instance.occupied else solution.items()
        )
        for name in (names if isinstance(names, list) else [names])
    )
    numbers = {s: len(c) for s, c in verify.attacked_squares(n, planted).items()}
    taken = {s for _, s in planted}
    candidates = [s for s in squares if s not in taken]
    intended = {s: numbers.get(s, 0) for s in candidates}
    if instance.occupied:
        marked = sorted(taken)
        others = {tuple(sorted(zip(order, marked))) for order in permutations(instance.pieces)}
    else:
        others = {
            tuple(sorted(zip(instance.pieces, where)))
            for where in permutations(squares, len(instance.pieces))
        }
    masks = set()
    for other in others:
        if sorted(other) == planted:
            continue
        got = {s: len(c) for s, c in verify.attacked_squares(n, list(other)).items()}
        on = {s for _, s in other}
        masks.add(frozenset(s for s in candidates if s in on or got.get(s, 0) != intended[s]))
    assert frozenset() not in masks  # the placement can be pinned down
    given = {square for square, _ in instance.clues}
    assert all(mask & given for mask in masks), "the generated clues leave another placement"
    for size in range(len(candidates) + 1):
        for chosen in combinations(candidates, size):
            if all(mask.intersection(chosen) for mask in masks):
                return size
    raise AssertionError("unreachable: all candidates meet every mask")


@pytest.mark.parametrize(
    "options,seed",
    [
        ({"size": 4, "pieces": "KQN"}, 1),
        ({"size": 4, "pieces": "QRB"}, 2),
        ({"size": 5, "pieces": "QN"}, 3),
        ({"size": 5, "pieces": "KQRBN", "detective": True}, 4),
        ({"size": 4, "pieces": "KNN"}, 5),
        ({"size": 4, "pieces": "QRP"}, 6),
        ({"size": 5, "pieces": "KRRN", "detective": True}, 7),
        ({"size": 5, "pieces": "QBBN", "detective": True}, 8),
    ],
)
def test_minimum_clue_set_is_minimum_by_brute_force(family, options, seed) -> None:
    made = family.generate(seed, {**options, "clue_set": "minimum"})
    assert len(made.instance.clues) == _minimum_by_brute_force(made.instance, made.solution)


def test_minimum_never_more_than_irreducible(family) -> None:
    for seed in range(3):
        plain = family.generate(seed, {"size": 6})
        least = family.generate(seed, {"size": 6, "clue_set": "minimum"})
        # the same first placement (planting draws first); a minimum is never larger
        assert plain.solution == least.solution
        assert len(least.instance.clues) <= len(plain.instance.clues)


def test_minimum_survives_a_placement_no_clue_set_pins_down(family) -> None:
    """4x4 KQRBNP, seed 0: while shrinking a refuting set the search met an alternative placement
    that no clue square tells apart from the planted one (bench found `max() arg is an empty
    sequence`); that placement is now dropped for another, as the harvest does."""
    from boardlab.core.results import Mode, SolveRequest

    made = family.generate(0, {"size": 4, "pieces": "KQRBNP", "clue_set": "minimum"})
    counted = family.solve(made.instance, SolveRequest(mode=Mode.COUNT, backend="sat"))
    assert counted.count == 1
    assert verify.violations(4, made.instance.pieces, made.instance.clue_map, made.solution) == []


def test_neighbour_placements_are_other_placements_of_the_same_pieces() -> None:
    """The placements that seed `minimum_clues`: one piece moved or two different pieces
    swapped, each a real placement other than the planted one (identical pieces never swapped:
    that is the same placement, whose refuting set would be empty)."""
    from collections import Counter

    from boardlab.families.chessnum.generate import inclusion_minimal, neighbour_placements

    planted = sorted([("N", (0, 0)), ("N", (1, 2)), ("Q", (3, 3)), ("K", (2, 0))])
    letters = Counter(letter for letter, _ in planted)
    moved = list(neighbour_placements(5, planted))
    # 4 pieces, each to one of the 21 free squares; swaps: K-N twice, K-Q, N-Q twice
    assert len(moved) == 4 * 21 + 5
    for other in moved:
        squares = [square for _, square in other]
        assert other != planted and len(set(squares)) == len(squares)
        assert Counter(letter for letter, _ in other) == letters
        assert all(0 <= f < 5 and 0 <= r < 5 for f, r in squares)
    swapped = list(neighbour_placements(5, planted, moves=False))
    assert len(swapped) == 5
    assert all({s for _, s in other} == {s for _, s in planted} for other in swapped)
    sets = [
        frozenset({(0, 1), (0, 2)}),
        frozenset({(0, 1)}),
        frozenset({(0, 2), (3, 3)}),
        frozenset({(0, 1)}),
    ]
    assert inclusion_minimal(sets) == [frozenset({(0, 1)}), frozenset({(0, 2), (3, 3)})]
