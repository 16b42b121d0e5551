"""The benchmark runner: runs the registered experiments' cases and appends their results.

For each selected experiment, `cases(quick)` lists the cases; those already in the results file
(same experiment, case id and mode) are skipped unless `fresh`, so an interrupted run resumes
where it stopped. Each remaining case runs `repeat` times in the worker process (see
`worker.py`) and its line is appended as soon as it is done; the time kept is the median of the
repeats' measured seconds. Repeats stop early when one does not answer (time limit, error).

Time limits: every repeat gets the per-case `time_limit`, which the experiment should honour
(status unknown); the runner kills a repeat that runs `grace(time_limit)` past it (status
timeout). A `budget` caps the whole run (quick mode: `QUICK_BUDGET`): the last cases get what
is left of it, and a case cut short by the budget is not written, so a rerun tries it again.
With a budget, cases are taken round-robin across experiments, so a cut leaves every
experiment its first cases.
Cases that ended in an error are run again on the next run too (after a fix, say).

Warm-up: before the first measurement of an experiment in a worker process, the experiment's
first case (normally its smallest) runs once unmeasured, so that imports, numba's JIT or cache
loading and solver start-up are not charged to whichever case happens to come first. The
warm-up may take up to `WARM_UP_LIMIT` seconds (within the budget) before it is killed: a
first numba compilation on a busy machine can take longer than a quick case's time limit.
"""

from __future__ import annotations

import datetime
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardlab.bench import environment
from boardlab.bench.defaults import DEFAULT_REPEAT, DEFAULT_TIME_LIMIT, QUICK_BUDGET
from boardlab.bench.experiment import Case, Experiment, experiments
from boardlab.bench.progress import Reporter
from boardlab.bench.results import ANSWERED, ERROR, RESULTS_NAME, TIMEOUT, ResultsFile, key_of, make_record
from boardlab.bench.worker import Worker
from boardlab.core.errors import BadInput
from boardlab.core.interrupts import terminate_as_interrupt

#: The least a warm-up run may take before it is killed (see `Budget.warm_up_limit`).
WARM_UP_LIMIT = 30.0


def grace(time_limit: float) -> float:
    """How long past its time limit a repeat may run before the runner kills it."""
    return max(2.0, 0.25 * time_limit)


def hard_limit(time_limit: float | None) -> float | None:
    return None if time_limit is None else time_limit + grace(time_limit)


@dataclass
class Settings:
    """What `boardlab bench` was asked (None: the mode's default)."""

    out: Path
    quick: bool = False
    only: tuple[str, ...] = ()
    time_limit: float | None = None
    repeat: int | None = None
    fresh: bool = False
    seed: int = 0
    budget: float | None = None

    def __post_init__(self) -> None:
        self.out = Path(self.out)
        if self.repeat is None:
            self.repeat = DEFAULT_REPEAT[self.quick]
        if self.time_limit is None:
            self.time_limit = DEFAULT_TIME_LIMIT[self.quick]
        if self.budget is None and self.quick:
            self.budget = QUICK_BUDGET
        if self.repeat < 1:
            raise BadInput(f"--repeat must be at least 1, got {self.repeat}")
        if self.time_limit is not None and self.time_limit <= 0:
            raise BadInput(f"--time-limit must be positive, got {self.time_limit}")
        if self.budget is not None and self.budget <= 0:
            raise BadInput(f"--budget must be positive, got {self.budget}")

    @property
    def results_path(self) -> Path:
        return self.out / RESULTS_NAME


def select(only: tuple[str, ...] | list[str]) -> list[Experiment]:
    """The experiments named by `only` ("family" or "family/experiment"; all when empty)."""
    registered = experiments()
    if not only:
        return registered
    chosen: dict[str, Experiment] = {}
    for selector in only:
        parts = selector.split("/")
        if len(parts) > 2 or not all(parts):
            raise BadInput(f"--only takes FAMILY or FAMILY/EXPERIMENT, got '{selector}'")
        matched = [e for e in registered if (e.key == selector if len(parts) == 2 else e.family == selector)]
        if not matched:
            known = ", ".join(e.key for e in registered) or "none registered"
            raise BadInput(f"--only {selector}: no such experiment (known: {known})")
        for experiment in matched:
            chosen[experiment.key] = experiment
    return [chosen[key] for key in sorted(chosen)]


@dataclass
class Planned:
    experiment: Experiment
    case: Case
    warm_up: Case  # the experiment's first case, run once unmeasured before its first measurement

    @property
    def label(self) -> str:
        return f"{self.experiment.key} {self.case.id}"


@dataclass
class Summary:
    """What a run did."""

    planned: int = 0  # cases to run this time
    ran: int = 0  # of which finished and written
    already: int = 0  # skipped: already in the results file
    left: int = 0  # not run (interrupt, budget)
    interrupted: bool = False
    statuses: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # experiments that could not list their cases


def interleave(todo: list[Planned]) -> list[Planned]:
    """The cases taken round-robin across experiments (each experiment's own order kept).

    Used when a budget may cut the run short: every experiment then gets its first (small)
    cases run, and the report has a section for each, instead of the last ones getting nothing.
    """
    queues: dict[str, list[Planned]] = {}
    for item in todo:
        queues.setdefault(item.experiment.key, []).append(item)
    ordered: list[Planned] = []
    while queues:
        for key in list(queues):
            ordered.append(queues[key].pop(0))
            if not queues[key]:
                del queues[key]
    return ordered


def plan(
    selected: list[Experiment], quick: bool, done: set[tuple[str, str, bool]], summary: Summary
) -> list[Planned]:
    """The cases still to run, in experiment order."""
    todo: list[Planned] = []
    for experiment in selected:
        try:
            cases = list(experiment.cases(quick))
        except Exception as error:  # a family's bug must not stop the others' benchmarks
            summary.problems.append(
                f"{experiment.key}: cannot list its cases: {type(error).__name__}: {error}"
            )
            continue
        seen: set[str] = set()
        warm_up = cases[0] if cases else None
        for case in cases:
            if case.id in seen:
                summary.problems.append(
                    f"{experiment.key}: case id '{case.id}' listed twice (kept the first)"
                )
                continue
            seen.add(case.id)
            if (experiment.key, case.id, quick) in done:
                summary.already += 1
            else:
                todo.append(Planned(experiment, case, warm_up or case))
    return todo


class Budget:
    """The time left for the whole run, turned into the time limit of the next call."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.start = time.monotonic()

    def remaining(self) -> float | None:
        return None if self.seconds is None else self.seconds - (time.monotonic() - self.start)

    def warm_up_limit(self, time_limit: float | None) -> float | None:
        """How long a warm-up may run: at least `WARM_UP_LIMIT` (a first numba compilation on a
        loaded machine can take longer than a quick case's limit), within the budget."""
        hard = hard_limit(time_limit)
        if hard is None:
            return None
        hard = max(hard, WARM_UP_LIMIT)
        remaining = self.remaining()
        return hard if remaining is None else max(hard_limit(time_limit) or 0.0, min(hard, remaining - 1.0))

    def limit(self, wanted: float | None) -> tuple[float | None, bool] | None:
        """(time limit, cut by the budget) for the next call; None when the budget is spent."""
        if self.seconds is None:
            return wanted, False
        remaining = self.remaining()
        assert remaining is not None
        affordable = (remaining - 2.0) / 1.25  # so that limit + grace(limit) <= remaining
        if affordable < 0.2:
            return None
        if wanted is None or wanted > affordable:
            return affordable, True
        return wanted, False


@dataclass
class Outcome:
    """The repeats of one case. `kept` is False when the budget cut it short (not written)."""

    status: str = ERROR
    times: list[float] = field(default_factory=list)
    walls: list[float] = field(default_factory=list)
    value: Any = None
    stats: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    time_limit: float | None = None
    kept: bool = True


def _run_case(worker: Worker, item: Planned, settings: Settings, budget: Budget) -> Outcome:
    """Warm up (once per experiment and worker), then run the repeats of one case."""
    outcome = Outcome(time_limit=settings.time_limit)
    assert settings.repeat is not None
    key = item.experiment.key
    if key not in worker.warmed:  # imports, JIT compilation and caches are paid here, not measured
        allowed = budget.limit(settings.time_limit)
        if allowed is None:
            outcome.kept = False
            return outcome
        reply = worker.run(key, item.warm_up, allowed[0], settings.seed, budget.warm_up_limit(allowed[0]))
        worker.warmed.add(key)
        if reply.get("timeout") and item.warm_up.id == item.case.id and not allowed[1]:
            outcome.status, outcome.error = (
                TIMEOUT,
                f"killed after {reply['wall']:.1f} s (time limit {allowed[0]:.3g} s)",
            )
            return outcome  # it was this very case: no need to wait for the kill twice
    answers: list[tuple[float, Any, dict[str, Any]]] = []
    cut = False
    for _ in range(settings.repeat):
        allowed = budget.limit(settings.time_limit)
        if allowed is None:
            break
        time_limit, cut_now = allowed
        cut |= cut_now
        outcome.time_limit = time_limit
        reply = worker.run(key, item.case, time_limit, settings.seed, hard_limit(time_limit))
        if reply.get("timeout"):
            outcome.status, outcome.error = (
                TIMEOUT,
                f"killed after {reply['wall']:.1f} s (time limit {time_limit:.3g} s)",
            )
            break
        if not reply.get("ok"):
            outcome.status, outcome.error = ERROR, reply.get("error", "unknown error")
            break
        outcome.status = reply["status"]
        outcome.times.append(reply["seconds"])
        outcome.walls.append(reply["wall"])
        answers.append((reply["seconds"], reply["value"], reply["stats"]))
        if outcome.status not in ANSWERED:
            break
    if not answers and outcome.error is None:  # the budget ran out before the first repeat
        outcome.kept = False
    elif cut and outcome.status not in ANSWERED and outcome.status != ERROR:
        outcome.kept = False  # it ran into a limit the budget shortened: let a rerun try again
    if answers:  # value and stats of the repeat whose time is the median's (the lower middle one)
        ordered = sorted(answers, key=lambda answer: answer[0])
        _, outcome.value, outcome.stats = ordered[(len(ordered) - 1) // 2]
    return outcome


def run(
    settings: Settings,
    *,
    console: Any | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> Summary:
    """Run what `settings` select, appending to `settings.results_path`; the summary of the run.

    `on_result` is called with each record once it is written. KeyboardInterrupt stops the run
    (the case in progress is dropped, finished ones are kept) and sets `summary.interrupted`.
    """
    selected = select(settings.only)
    with terminate_as_interrupt():
        return _run(settings, selected, console, on_result)


def _run(
    settings: Settings,
    selected: list[Experiment],
    console: Any | None,
    on_result: Callable[[dict[str, Any]], None] | None,
) -> Summary:
    results = ResultsFile(settings.results_path)
    if settings.fresh:
        results.reset()
    done = {key_of(r) for r in results.existing() if r.get("status") != ERROR}
    summary = Summary()
    budget = Budget(settings.budget)
    worker = Worker(tuple(sorted({e.run.__module__ for e in selected})))
    reporter: Reporter | None = None
    try:
        # forked before the case lists are built: no solver threads exist yet in this process
        worker.start()
        todo = plan(selected, settings.quick, done, summary)
        if settings.budget is not None:
            todo = interleave(todo)
        summary.planned = len(todo)
        versions, machine = environment.versions(), environment.machine()
        run_id = uuid.uuid4().hex[:12]
        reporter = Reporter(len(todo), console)
        for index, item in enumerate(todo):
            if budget.limit(settings.time_limit) is None:
                summary.left += len(todo) - index
                break
            reporter.starting(item.label)
            outcome = _run_case(worker, item, settings, budget)
            if not outcome.kept:
                summary.left += 1
                reporter.finished(item.label, None)
                continue
            record = make_record(
                experiment=item.experiment,
                case=item.case,
                status=outcome.status,
                times=outcome.times,
                walls=outcome.walls,
                repeat=settings.repeat or 1,
                value=outcome.value,
                stats=outcome.stats,
                error=outcome.error,
                time_limit=outcome.time_limit,
                quick=settings.quick,
                seed=settings.seed,
                versions=versions,
                machine=machine,
                run_id=run_id,
                finished=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            )
            results.append(record)
            summary.ran += 1
            summary.statuses[outcome.status] = summary.statuses.get(outcome.status, 0) + 1
            reporter.finished(item.label, record)
            if on_result is not None:
                on_result(record)
    except KeyboardInterrupt:
        summary.interrupted = True
        summary.left = summary.planned - summary.ran
        worker.kill()
    finally:
        if reporter is not None:
            reporter.stop()
        worker.close()
    return summary
