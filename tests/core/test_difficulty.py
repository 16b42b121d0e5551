"""`generate --difficulty`: the common option of every family that grades, kept once in core
(`Family.__init_subclass__` adds it, `Family.generate` grades the result and keeps only the
asked level)."""

from __future__ import annotations

import pytest

from boardlab.core import registry, requests
from boardlab.core.errors import BadInput


def graders():
    return [f for f in registry.families() if f.offers_grade]


def test_every_grading_family_has_the_option_with_its_levels_and_no_other_does():
    for family in registry.families():
        options = requests.options_for(family, ("generate",))
        if family.offers_grade:
            option = options["difficulty"]
            assert option.choices == family.levels
            assert option.default in (None, *family.levels)
            assert option.verbs == ("generate",)
        else:
            assert "difficulty" not in options


def test_a_level_outside_the_family_levels_is_bad_input():
    for family in graders():
        with pytest.raises(BadInput, match="difficulty"):
            requests.check_options(family, ("generate",), {"difficulty": "nightmare"})


@pytest.mark.parametrize("level", ["easy", "tricky"])
def test_tents_generated_at_a_level_grades_at_that_level_and_is_reproducible(level):
    tents = registry.get("tents")
    options = requests.check_options(tents, ("generate",), {"size": "10x10", "difficulty": level})
    made = tents.generate(5, options)
    assert made.difficulty == level
    assert tents.grade(made.instance).difficulty == level
    again = tents.generate(5, options)
    assert tents.to_json(again.instance) == tents.to_json(made.instance)
    answer = requests.generated_json(tents, made)
    assert answer["difficulty"] == level and answer["seed"] == 5


def test_no_puzzle_of_the_level_is_bad_input_after_the_attempts():
    tents = registry.get("tents")
    # a 2x2 board cannot need search: no extreme puzzle exists at that size (the tents
    # generator aims at the level and says so itself; the generic retry says it for the others)
    options = requests.check_options(tents, ("generate",), {"size": "2x2", "difficulty": "extreme"})
    with pytest.raises(BadInput, match="no extreme 2x2 puzzle found"):
        tents.generate(1, options)


def test_cli_generate_difficulty_json(cli_run):
    run = cli_run(["tents", "generate", "--size", "8x8", "--seed", "2", "--difficulty", "easy", "--json"])
    assert run.code == 0, run.stderr
    assert '"difficulty": "easy"' in run.stdout
    bad = cli_run(["tents", "generate", "--size", "8x8", "--difficulty", "nightmare"])
    assert bad.code == 2 and "--difficulty must be one of easy, tricky, hard, extreme" in bad.stderr
    assert cli_run(["nqueens", "generate", "--size", "8", "--difficulty", "easy"]).code == 2
