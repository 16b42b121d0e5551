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
