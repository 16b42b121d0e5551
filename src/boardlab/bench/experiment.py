"""The experiment registry: each family has its experiments, as it has its model.

An experiment is a list of cases (an instance and the settings under comparison) and a
function that runs one case and measures it. The runner (`boardlab bench`) repeats each case,
keeps the median time, records versions and machine, and writes tables and plots; families only
say what to run and how to measure it.

A family's experiments live in `bench/experiments/NAME.py` (the families never import the
benchmarks), which `experiments()` imports for every registered family:

    register(Experiment(family="nqueens", name="count", title=..., description=...,
                        cases=lambda quick: [Case("n=8", {"n": 8}), ...],
                        run=run_one, x="n"))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Case:
    """One run of an experiment. `params` are JSON-able settings, e.g. {"n": 8, "model": "pairwise"}."""

    id: str
    params: dict[str, Any]


@dataclass
class Measurement:
    """What one run of a case measured.

    `status` is a Result status (solved, optimal, feasible, unsatisfiable, unknown); `value` is
    the figure the experiment is about besides time (a count, an optimum), `stats` the solver's.
    """

    status: str
    seconds: float
    value: Any = None
    stats: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Experiment:
    """An experiment of one family.

    Attributes:
        family, name: the experiment is selected as "family/name".
        title, description: for the report.
        cases: `cases(quick)` lists the cases; `quick` must keep the whole quick suite under
            3 minutes on 2 cores.
        run: `run(case, time_limit)` runs one case and measures it.
        x: the parameter plotted on the x-axis (time against size, say); None for categories.
        series: the parameter naming the compared variants (strategy, model, encoding, backend).
        reference: the value of `series` that ratios are taken against (measured in the same run).
        baseline_figures: figures of the report the work started from, by case id (seconds, or any
            value to show beside ours).
        baseline_source: where those figures come from (report and table).
        value_label: the report's column heading for `Measurement.value` (e.g. "count").
        stats_columns: keys of `Measurement.stats` the report shows beside the time (e.g.
            ("branches", "conflicts") to reproduce a seed table of backtracks).
    """

    family: str
    name: str
    title: str
    description: str
    cases: Callable[[bool], list[Case]]
    run: Callable[[Case, float | None], Measurement]
    x: str | None = None
    series: str | None = None
    reference: str | None = None
    baseline_figures: dict[str, Any] | None = None
    baseline_source: str | None = None
    value_label: str = "value"
    stats_columns: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.family}/{self.name}"


_EXPERIMENTS: dict[str, Experiment] = {}


def register(experiment: Experiment) -> Experiment:
    """Add an experiment (called at import of the family's module in `bench/experiments`)."""
    _EXPERIMENTS[experiment.key] = experiment
    return experiment


def unregister(key: str) -> None:
    """Remove the experiment "family/name" (tests register and remove their own)."""
    _EXPERIMENTS.pop(key, None)


def experiments() -> list[Experiment]:
    """All registered experiments: the module `bench/experiments/NAME.py` of each registered
    family is imported here (not with the family, so that the CLI does not pay for benchmark
    imports)."""
    import importlib
    import importlib.util

    from boardlab.core.registry import families

    for family in families():
        module = f"{__package__}.experiments.{family.name}"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
    return [_EXPERIMENTS[key] for key in sorted(_EXPERIMENTS)]
