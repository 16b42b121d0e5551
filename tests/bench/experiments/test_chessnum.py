"""The Chess-Num generator experiment covers every variant and reports clues and grades."""

from __future__ import annotations

from boardlab.bench.experiment import Case, experiments
from boardlab.bench.experiments.chessnum import VARIANTS
from boardlab.families.chessnum.choices import LEVELS

GENERATE = next(e for e in experiments() if e.key == "chessnum/generate")


def test_the_full_run_covers_every_variant_at_several_sizes() -> None:
    cases = GENERATE.cases(False)
    assert {case.params["variant"] for case in cases} == set(VARIANTS)
    for variant in VARIANTS:
        assert len({c.params["size"] for c in cases if c.params["variant"] == variant}) >= 3


def test_a_detective_case_reports_its_clues_and_grade() -> None:
    measured = GENERATE.run(
        Case("detective/n=6/seed=0", {"variant": "detective", "size": 6, "seed": 0}), 60.0
    )
    assert measured.status == "solved"
    assert measured.stats["clues"] >= 1
    assert measured.stats["difficulty"] in LEVELS
