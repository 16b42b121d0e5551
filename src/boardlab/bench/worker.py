"""Runs benchmark cases in a separate process, so a case that overruns can be stopped.

Experiments are asked to honour their time limit (CP-SAT and the bitboard counter do), but a
solver call that cannot be interrupted (a SAT solve without a conflict budget, a C extension)
must not hold up the whole suite: the runner waits at most a hard limit for each repeat, then
kills the worker (and everything it started) and starts a new one for the next case.

The process is a `boardlab.core.workers.Worker` (the mechanism the web server's pool uses too),
started with these choices:
- One long-lived worker, not a process per case: libraries are imported and numba's compiled
  code loaded once, so small cases measure the solve, not the start-up.
- On Linux the worker is forked from the runner, so it sees every registered experiment,
  including experiments registered at run time (tests do that). Elsewhere it is spawned and
  imports the modules that defined the experiments.
- The worker leads its own process group: Ctrl-C in the terminal reaches the runner only (which
  then keeps what finished and kills the group), and killing the group also stops the processes
  an experiment started itself (e.g. a pool of counting workers), which is also why it is not a
  daemon process.
- On Linux the worker asks the kernel to kill it when the runner dies (PR_SET_PDEATHSIG), so a
  runner killed without warning leaves no worker behind.
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

from boardlab.bench.experiment import Case, Experiment, experiments
from boardlab.bench.results import jsonable
from boardlab.core.workers import Crashed, JobFailed, Settings, TimedOut
from boardlab.core.workers import Worker as ProcessWorker


def _find(key: str, modules: tuple[str, ...]) -> Experiment:
    known = {experiment.key: experiment for experiment in experiments()}
    if key not in known:
        for module in modules:
            importlib.import_module(module)
        known = {experiment.key: experiment for experiment in experiments()}
    return known[key]


def _seed_everything(seed: int) -> None:
    random.seed(seed)
    try:
        import numpy

        numpy.random.seed(seed % 2**32)
    except ImportError:  # pragma: no cover - numpy is a dependency
        pass


def _status_text(status: Any) -> str:
    return str(getattr(status, "value", status))


def run_case(
    key: str,
    case_id: str,
    params: dict[str, Any],
    time_limit: float | None,
    seed: int,
    modules: tuple[str, ...],
) -> dict[str, Any]:
    """The job the worker runs: one repeat of a case, answered with its measurement or its error
    (a failing case is a result, status error, not a failed job)."""
    start = time.perf_counter()
    try:
        experiment = _find(key, modules)
        _seed_everything(seed)
        measured = experiment.run(Case(case_id, params), time_limit)
        reply = {
            "ok": True,
            "status": _status_text(measured.status),
            "seconds": float(measured.seconds),
            "value": jsonable(measured.value),
            "stats": jsonable(dict(measured.stats or {})),
        }
    except Exception as error:
        reply = {"ok": False, "error": f"{type(error).__name__}: {error}"}
    reply["wall"] = time.perf_counter() - start
    return reply


SETTINGS = Settings(
    name="boardlab-bench-worker", start_method="fork", own_group=True, die_with_parent=True, daemon=False
)


class Worker:
    """A worker process that runs one case at a time (started on first use, restarted after a kill)."""

    def __init__(self, modules: tuple[str, ...] = ()) -> None:
        self.modules = modules
        self._worker = ProcessWorker(SETTINGS)
        self.warmed: set[str] = set()  # experiments already run once by this worker process

    def start(self) -> None:
        """Start the worker process now (else it starts with the first case)."""
        if not self._worker.alive:
            self.warmed = set()
        self._worker.start()

    def run(
        self, key: str, case: Case, time_limit: float | None, seed: int, hard_limit: float | None
    ) -> dict[str, Any]:
        """Run `case` once; the worker's reply, or {"ok": False, "timeout": True} after `hard_limit` s."""
        self.start()
        start = time.perf_counter()
        try:
            return self._worker.call(
                run_case, (key, case.id, case.params, time_limit, seed, self.modules), hard_limit
            )
        except TimedOut:
            self.warmed = set()
            return {"ok": False, "timeout": True, "wall": time.perf_counter() - start}
        except (Crashed, JobFailed) as error:
            self.kill()
            return {"ok": False, "error": str(error), "wall": time.perf_counter() - start}

    def kill(self) -> None:
        """Stop the worker and every process it started, now."""
        self.warmed = set()
        self._worker.kill()

    def close(self) -> None:
        """Let the worker finish and exit; kill it if it does not within a second."""
        self.warmed = set()
        self._worker.close(1.0)

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
