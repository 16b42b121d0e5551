"""The nqueens benchmark experiments and the C reference counter they compare against."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from boardlab.bench.baselines import nqueens_cref as cref
from boardlab.bench.experiment import Case, experiments

NQUEENS_DATA = Path(__file__).resolve().parents[2] / "families" / "nqueens" / "data"
OEIS = json.loads((NQUEENS_DATA / "oeis_nqueens.json").read_text())
TOTAL = {int(k): v for k, v in OEIS["A000170"]["values"].items()}
FUNDAMENTAL = {int(k): v for k, v in OEIS["A002562"]["values"].items()}


def ours() -> dict[str, object]:
    return {e.key: e for e in experiments() if e.family == "nqueens"}


def test_registered_with_well_formed_cases() -> None:
    found = ours()
    names = ("count-vs-c", "executors", "algorithm", "construct", "projection")
    assert {f"nqueens/{name}" for name in names} <= set(found)
    for experiment in found.values():
        for quick in (True, False):
            cases = experiment.cases(quick)
            assert cases and len({c.id for c in cases}) == len(cases)
            assert all(experiment.series in c.params and experiment.x in c.params for c in cases)
            assert (
                any(c.params[experiment.series] == experiment.reference for c in cases)
                or experiment.reference == "c"
            )
        assert len(experiment.cases(True)) <= len(experiment.cases(False))


@pytest.mark.skipif(cref.compiler() is None, reason="no C compiler")
def test_c_reference_counts_like_oeis(tmp_path: Path) -> None:
    binary = cref.compile_reference(str(tmp_path))
    assert binary is not None
    for n in range(1, 12):
        count, seconds = cref.run_reference(binary, n)
        assert count == TOTAL[n] and seconds > 0
    assert cref.compile_reference(str(tmp_path)) == binary  # cached
    fullsym = cref.compile_reference(str(tmp_path), kind="fullsym")
    assert fullsym is not None and fullsym != binary
    for n in range(5, 13):
        done = subprocess.run([fullsym, str(n)], capture_output=True, text=True, check=True)
        assert [int(v) for v in done.stdout.split()] == [TOTAL[n], FUNDAMENTAL[n]]


@pytest.mark.skipif(cref.compiler() is None, reason="no C compiler")
def test_count_vs_c_runs_boardlab_and_c_alternately() -> None:
    experiment = ours()["nqueens/count-vs-c"]
    measured = experiment.run(Case("n=9 constellation-2", {"n": 9, "program": "constellation-2"}), 120)
    assert measured.status == "solved" and measured.value == TOTAL[9]
    assert measured.stats["c_seconds"] > 0 and measured.stats["ratio_to_c"] > 0
    assert measured.stats["fundamental"] == 46 and measured.stats["method"] == "constellation"
    auto = experiment.run(Case("n=9 boardlab-1", {"n": 9, "program": "boardlab-1"}), 120)
    assert auto.value == TOTAL[9] and auto.stats["method"] == "fullsym"  # auto: fullsym below n = 13
    reference = experiment.run(Case("n=9 c", {"n": 9, "program": "c"}), 120)
    assert reference.value == TOTAL[9]
    fullsym = experiment.run(Case("n=9 c-fullsym", {"n": 9, "program": "c-fullsym"}), 120)
    assert fullsym.value == TOTAL[9] and fullsym.stats["ratio_to_c"] > 0


@pytest.mark.parametrize("name", ["executors", "algorithm", "construct"])
def test_quick_cases_run(name: str) -> None:
    experiment = ours()[f"nqueens/{name}"]
    for case in experiment.cases(True):
        measured = experiment.run(case, 60)
        assert measured.status == "solved" and measured.seconds > 0
        if name != "construct":
            assert measured.value == TOTAL[case.params["n"]]


def test_projection_counts_a_sample() -> None:
    experiment = ours()["nqueens/projection"]
    [case] = experiment.cases(True)
    measured = experiment.run(case, 60)
    stats = measured.stats
    assert measured.status == "unknown"  # a projection, never a count
    assert (
        stats["sampled"] == -(-stats["subproblems"] // 64)
        and stats["projected_seconds"] > stats["sample_seconds"]
    )
    assert 0 < measured.value
