"""Every registered experiment is well formed (the families' experiments included, once merged).

The runner relies on this: case ids are the resume key (unique, stable), params are JSON, the
series and x parameters exist in every case, the reference is one of the series' values, and
baseline figures name real cases. Listing cases must be cheap: it runs no solver.
"""

from __future__ import annotations

import json

import pytest

from boardlab.bench.experiment import Experiment, experiments

WELL_FORMED = [e for e in experiments() if e.family != "tinybad"]  # tinybad misbehaves on purpose


@pytest.mark.parametrize("experiment", WELL_FORMED, ids=[e.key for e in WELL_FORMED])
@pytest.mark.parametrize("quick", [True, False], ids=["quick", "full"])
def test_experiment_is_well_formed(experiment: Experiment, quick: bool) -> None:
    assert experiment.title and experiment.description and "/" not in experiment.family + experiment.name
    cases = experiment.cases(quick)
    assert cases, "an experiment lists at least one case"
    ids = [case.id for case in cases]
    assert len(ids) == len(set(ids)), "case ids are the resume key: they must be unique"
    for case in cases:
        assert json.loads(json.dumps(case.params)) == case.params, f"{case.id}: params must be JSON"
        if experiment.series:
            assert experiment.series in case.params, (
                f"{case.id}: no '{experiment.series}' (the series) in params"
            )
        if experiment.x:
            assert experiment.x in case.params, f"{case.id}: no '{experiment.x}' (the x-axis) in params"
    if experiment.reference is not None:
        assert experiment.series, "a reference is a value of the series"
        assert experiment.reference in {case.params[experiment.series] for case in cases}
    if experiment.baseline_figures:
        every = {case.id for case in experiment.cases(True)} | {case.id for case in experiment.cases(False)}
        assert set(experiment.baseline_figures) <= every, "baseline figures are keyed by case id"
        assert experiment.baseline_source, "say where the baseline figures come from"


#: The families' own experiments (the registry also holds the tests' tiny ones).
FAMILIES = [e for e in WELL_FORMED if e.family in ("armies", "chessnum", "cnote", "nqueens", "tents")]
#: The statuses that answer a case (`Measurement.status` but "unknown").
ANSWERS = {"solved", "optimal", "feasible", "unsatisfiable"}


@pytest.mark.parametrize("experiment", FAMILIES, ids=[e.key for e in FAMILIES])
def test_first_quick_case_runs(experiment: Experiment) -> None:
    """Each experiment's first quick case, in this process: it answers within a generous limit
    (the quick cases take seconds, but under load the annealing's took 36 s of wall and answered
    "unknown" at 30 s: fifty-sixth session) with JSON stats. The smoke run (`test_quick_smoke`)
    takes one experiment of each family through the runner, report and plots. Only
    nqueens/projection answers "unknown", projecting a count it does not finish, and a case
    that says why it skipped (nqueens/count-vs-c without a C compiler)."""
    measured = experiment.run(experiment.cases(True)[0], 120.0)
    skipped = "skipped" in measured.stats
    expected = {"unknown"} if experiment.key == "nqueens/projection" or skipped else ANSWERS
    assert measured.status in expected and measured.seconds >= 0, (experiment.key, measured.status)
    json.dumps(measured.stats)
