"""Benchmark experiments of the armies family (run by `boardlab bench`).

- `armies/models`: time to prove the optimum, per board size, for each formulation and backend
  (series `setting`, reference: the default, sat colouring with full symmetry breaking).
- `armies/encodings`: the SAT decision "m + 1 of each" just above the optimum (an
  unsatisfiability proof), per cardinality encoding.
- `armies/prove`: time to prove a(n) (`solve N`), the engine (default) beside the SAT backend
  (reference), n = 1..10 for both and n = 11..13 for the engine alone (quick: n <= 7).
- `armies/lower-bounds`: the annealing heuristic on n = 16..30 against the best known values
  (quick: n = 16, 18); `value` is the m reached, the stats hold the best known value.
"""

from __future__ import annotations

from typing import Any

from boardlab.bench.experiment import Case, Experiment, Measurement, register
from boardlab.core.deadline import Deadline
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.armies import known

FAMILY = "armies"
DEFAULT_SETTING = "sat:colouring:full"
SETTINGS = (
    "sat:colouring:full",
    "sat:colouring:none",
    "sat:dominance:full",
    "sat:lines:full",
    "sat:pairwise:full",
    "cpsat:pairwise:none",
    "cpsat:lines:none",
    "cpsat:lines:full",
    "cpsat:dominance:full",
    "cpsat:colouring:full",
)


def _family():
    from boardlab.core.registry import get

    return get(FAMILY)


def _measure(
    instance_n: int,
    m: int | None,
    options: dict[str, Any],
    backend: str | None,
    time_limit: float | None,
    mode: Mode = Mode.FIRST,
) -> Measurement:
    family = _family()
    instance = family.from_size(instance_n, {"m": m})
    result = family.solve(
        instance,
        SolveRequest(mode=mode, deadline=Deadline.after(time_limit), backend=backend, options=options),
    )
    stats = result.stats.to_json()
    stats.pop("trace", None)
    value: Any = None
    if result.solutions:
        value = len(result.solutions[0]["white"])
    if m is not None:
        value = result.status.value
    return Measurement(result.status.value, result.stats.seconds, value, stats)


def _run_setting(case: Case, time_limit: float | None) -> Measurement:
    backend, model, symmetry = case.params["setting"].split(":")
    return _measure(case.params["n"], None, {"model": model, "symmetry": symmetry}, backend, time_limit)


def _model_cases(quick: bool) -> list[Case]:
    if quick:
        settings = ("sat:colouring:full", "sat:lines:full", "cpsat:lines:full", "cpsat:dominance:full")
        return [Case(f"n={n} {s}", {"n": n, "setting": s}) for n in (5, 6) for s in settings]
    cases = [Case(f"n={n} {s}", {"n": n, "setting": s}) for n in (5, 6, 7, 8) for s in SETTINGS]
    # n = 9: the SAT settings only (no CP-SAT setting proves n = 8 within minutes)
    return cases + [Case(f"n=9 {s}", {"n": 9, "setting": s}) for s in SETTINGS if s.startswith("sat:")]


def _run_encoding(case: Case, time_limit: float | None) -> Measurement:
    return _measure(
        case.params["n"], case.params["m"], {"encoding": case.params["encoding"]}, "sat", time_limit
    )


def _encoding_cases(quick: bool) -> list[Case]:
    n = 6 if quick else 8
    m = known.PROVEN[n] + 1
    encodings = (
        ("kmtotalizer", "totalizer", "seqcounter")
        if quick
        else ("kmtotalizer", "totalizer", "seqcounter", "sortnetwrk", "cardnetwrk", "mtotalizer")
    )
    return [Case(f"n={n} m={m} {e}", {"n": n, "m": m, "encoding": e}) for e in encodings]


def _run_prove(case: Case, time_limit: float | None) -> Measurement:
    return _measure(case.params["n"], None, {}, case.params["backend"], time_limit)


def _prove_cases(quick: bool) -> list[Case]:
    both = range(1, 8) if quick else range(1, 11)
    cases = [Case(f"n={n} {b}", {"n": n, "backend": b}) for n in both for b in ("engine", "sat")]
    if not quick:  # the SAT proofs take minutes from n = 10 on, hours from 11
        cases += [Case(f"n={n} engine", {"n": n, "backend": "engine"}) for n in (11, 12, 13)]
    return cases


def _run_lower(case: Case, time_limit: float | None) -> Measurement:
    target = known.LOWER_BOUNDS.get(case.params["n"])
    measurement = _measure(
        case.params["n"], None, {"target": target}, "anneal", time_limit if time_limit is not None else 60.0
    )
    measurement.stats["best_known"] = known.LOWER_BOUNDS.get(case.params["n"])
    measurement.stats["reached"] = measurement.value is not None and measurement.value >= (
        measurement.stats["best_known"] or 0
    )
    return measurement


register(
    Experiment(
        family=FAMILY,
        name="models",
        title="Peaceable armies: formulations and backends, time to prove a(n)",
        description=(
            "Optimise n x n (no m) with each formulation / backend / symmetry breaking setting; "
            "status optimal means proven."
        ),
        cases=_model_cases,
        run=_run_setting,
        x="n",
        series="setting",
        reference=DEFAULT_SETTING,
        value_label="m",
        stats_columns=("upper_bound", "conflicts"),
    )
)
register(
    Experiment(
        family=FAMILY,
        name="encodings",
        title="Peaceable armies: SAT cardinality encodings on the infeasibility proof of a(n) + 1",
        description=(
            "Decide 'a(n) + 1 of each' (unsatisfiable) with the colouring formulation, "
            "full symmetry breaking, per encoding."
        ),
        cases=_encoding_cases,
        run=_run_encoding,
        series="encoding",
        reference="kmtotalizer",
        value_label="answer",
        stats_columns=("conflicts",),
    )
)
register(
    Experiment(
        family=FAMILY,
        name="prove",
        title="Peaceable armies: time to prove the optimum, the engine beside SAT",
        description=(
            "boardlab armies solve N with the engine (default) and with --backend sat (colouring, full symmetry "
            "breaking): a(n) and its proof, against OEIS A250000; branches = the engine's nodes."
        ),
        cases=_prove_cases,
        run=_run_prove,
        x="n",
        series="backend",
        reference="sat",
        baseline_figures={f"n={n} engine": v for n, v in known.PROVEN.items() if n <= 13},
        baseline_source="OEIS A250000 (values a(n), not times)",
        value_label="m",
        stats_columns=("upper_bound", "branches", "heuristic_seconds"),
    )
)
register(
    Experiment(
        family=FAMILY,
        name="lower-bounds",
        title="Peaceable armies: annealing lower bounds for large boards",
        description="The anneal backend for n = 16..30 within the time limit (default 60 s), against the best known values.",
        cases=lambda quick: [Case(f"n={n}", {"n": n}) for n in ((16, 18) if quick else range(16, 31))],
        run=_run_lower,
        x="n",
        baseline_figures={f"n={n}": v for n, v in known.LOWER_BOUNDS.items()},
        baseline_source="OEIS A250000 best known lower bounds",
        value_label="m",
        stats_columns=("best_known", "reached"),
    )
)
