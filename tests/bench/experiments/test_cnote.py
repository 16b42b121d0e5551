"""The cnote benchmark experiments are well formed, name the seed's figures by case, and run."""

from __future__ import annotations

import json

import pytest

from boardlab.bench.experiment import Experiment, experiments
from boardlab.bench.experiments.cnote import SEED_BY_SIZE, SEED_BY_TARGET

CNOTE = [e for e in experiments() if e.family == "cnote"]


def test_the_seed_tables_are_all_there() -> None:
    assert {e.name for e in CNOTE} >= {"size", "target", "strategies", "generate", "encodings"}
    by_name = {e.name: e for e in CNOTE}
    assert len(by_name["size"].baseline_figures) == len(SEED_BY_SIZE) == 5
    assert len(by_name["target"].baseline_figures) == len(SEED_BY_TARGET) == 11
    # 5 variable choices x 3 value choices of the seed's Table 5 have a CP-SAT counterpart
    assert len(by_name["strategies"].baseline_figures) == 15


@pytest.mark.parametrize("experiment", CNOTE, ids=[e.key for e in CNOTE])
@pytest.mark.parametrize("quick", [True, False], ids=["quick", "full"])
def test_experiment_is_well_formed(experiment: Experiment, quick: bool) -> None:
    cases = experiment.cases(quick)
    ids = [case.id for case in cases]
    assert cases and len(ids) == len(set(ids))
    for case in cases:
        assert json.loads(json.dumps(case.params)) == case.params
        for name in (experiment.series, experiment.x):
            if name:
                assert name in case.params
    if experiment.reference is not None:
        assert experiment.reference in {case.params[experiment.series] for case in cases}
    if experiment.baseline_figures:
        every = {c.id for c in experiment.cases(True)} | {c.id for c in experiment.cases(False)}
        assert set(experiment.baseline_figures) <= every and experiment.baseline_source


@pytest.mark.parametrize("experiment", CNOTE, ids=[e.key for e in CNOTE])
def test_first_quick_case_runs(experiment: Experiment) -> None:
    measured = experiment.run(experiment.cases(True)[0], 30.0)
    assert measured.status in ("solved", "unsatisfiable") and measured.seconds >= 0
    json.dumps(measured.stats)


def test_the_generator_experiment_reports_the_grades_of_its_puzzles() -> None:
    generate = next(e for e in CNOTE if e.name == "generate")
    measured = generate.run(generate.cases(True)[0], 60.0)
    counts = measured.stats["grades"].split()
    levels, numbers = counts[::2], [int(k) for k in counts[1::2]]
    assert set(levels) <= {"easy", "medium", "hard"}
    assert sum(numbers) == generate.cases(True)[0].params["puzzles"]


def test_reach_tells_made_and_proven_none_apart() -> None:
    """`cnote/reach` on a recorded 3x3 scan with no unique grid (a proof) and a diagonal 6x6
    target (made)."""
    from boardlab.bench.experiment import Case
    from boardlab.bench.experiments.cnote import _run_reach

    proven = _run_reach(Case("3x3 at 545", {"size": 3, "target": 545, "seeds": 2}), None)
    assert (proven.status, proven.value) == ("unsatisfiable", "none exists")
    made = _run_reach(Case("6x6 at 138", {"size": 6, "target": 138, "seeds": 2}), None)
    assert (made.status, made.value) == ("solved", "made 2/2") and "nines diagonal" in made.stats["planted"]


@pytest.mark.slow
def test_reach_says_not_found_beyond_every_planter() -> None:
    """8x8 at 200 (open: no planter reaches it, no lemma covers it): not found within the
    generator's budget, about 7 s."""
    from boardlab.bench.experiment import Case
    from boardlab.bench.experiments.cnote import _run_reach

    missed = _run_reach(Case("8x8 at 200", {"size": 8, "target": 200, "seeds": 1}), None)
    assert (missed.status, missed.value) == ("unknown", "made 0/1") and missed.stats["planted"] == "-"
