"""The armies benchmark experiments are registered and measure what they say."""

from __future__ import annotations

import json

from boardlab.bench.experiment import experiments

ARMIES = {e.name: e for e in experiments() if e.family == "armies"}


def test_registered() -> None:
    assert set(ARMIES) == {"models", "encodings", "prove", "lower-bounds"}
    for experiment in ARMIES.values():
        assert experiment.cases(True) and len(experiment.cases(False)) >= len(experiment.cases(True))
        for case in experiment.cases(False):
            json.dumps(case.params)


def test_one_case_of_each() -> None:
    """No time limits on the small proofs: on a fresh clone the engine's kernels compile first
    (numba, tens of seconds on a loaded machine), and a limit would then measure the load (a CI
    run saw n = 4 answered 'feasible' under 30 s)."""
    models = ARMIES["models"]
    case = next(
        c for c in models.cases(True) if c.params["n"] == 5 and c.params["setting"].startswith("cpsat")
    )
    measured = models.run(case, None)
    assert measured.status == "optimal" and measured.value == 4
    encodings = ARMIES["encodings"]
    measured = encodings.run(encodings.cases(True)[0], None)
    assert measured.status == "unsatisfiable"
    prove = ARMIES["prove"]
    measured = prove.run(next(c for c in prove.cases(True) if c.params["n"] == 4), None)
    assert (measured.status, measured.value) == ("optimal", 2)
    lower = ARMIES["lower-bounds"]
    measured = lower.run(lower.cases(True)[0], 600)  # stops at the target
    assert measured.value == measured.stats["best_known"] == 37 and measured.stats["reached"]
    json.dumps(measured.stats)
