"""Runs benchmark cases in a separate process, so a case that overruns can be stopped.

Experiments are asked to honour their time limit (CP-SAT and the bitboard counter do), but a
solver call that cannot be interrupted (a SAT solve without a conflict budget, a C extension)
must not hold up the whole suite: the runner waits at most a hard limit for each repeat, then
kills the worker (and everything it started) and starts a new one for the next case.

Choices:
- One long-lived worker, not a process per case: libraries are imported and numba's compiled
  code loaded once, so small cases measure the solve, not the start-up.
- On Linux the worker is forked from the runner, so it sees every registered experiment,
  including experiments registered at run time (tests do that). Elsewhere it is spawned and
  imports the modules that defined the experiments.
- The worker leads its own process group: Ctrl-C in the terminal reaches the runner only (which
  then keeps what finished and kills the group), and killing the group also stops the processes
  an experiment started itself (e.g. a pool of counting workers).
- On Linux the worker asks the kernel to kill it when the runner dies (PR_SET_PDEATHSIG), so a
  runner killed without warning leaves no worker behind.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import random
import signal
import time
from multiprocessing.connection import Connection
from typing import Any

from boardlab.bench.experiment import Case, Experiment, experiments
from boardlab.bench.results import jsonable


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


def _die_with_parent() -> None:
    """On Linux, have the kernel kill the worker if the runner dies without cleaning up."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _serve(connection: Connection, modules: tuple[str, ...]) -> None:
    """The worker's loop: run each case sent, answer with its measurement or its error."""
    try:
        os.setpgid(0, 0)
    except OSError:
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the runner decides what an interrupt stops
    _die_with_parent()
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        key, case_id, params, time_limit, seed = message
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
        except Exception as error:  # a failing case is a result (status error), not a crash
            reply = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        reply["wall"] = time.perf_counter() - start
        try:
            connection.send(reply)
        except (OSError, ValueError):
            return


class Worker:
    """A worker process that runs one case at a time (started on first use, restarted after a kill)."""

    def __init__(self, modules: tuple[str, ...] = ()) -> None:
        self.modules = modules
        self._process: multiprocessing.process.BaseProcess | None = None
        self._connection: Connection | None = None
        self.warmed: set[str] = set()  # experiments already run once by this worker process

    def start(self) -> None:
        """Start the worker process now (else it starts with the first case)."""
        if self._process is None or not self._process.is_alive():
            self._start()

    def _start(self) -> None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs, self.modules), name="boardlab-bench-worker", daemon=False)
        process.start()
        theirs.close()
        try:  # also from this side, so the group exists before any kill (no race with the child)
            os.setpgid(process.pid, process.pid)
        except (OSError, AttributeError):
            pass
        self._process, self._connection = process, ours

    def run(self, key: str, case: Case, time_limit: float | None, seed: int, hard_limit: float | None) -> dict[str, Any]:
        """Run `case` once; the worker's reply, or {"ok": False, "timeout": True} after `hard_limit` s."""
        if self._process is None or not self._process.is_alive():
            self._start()
        assert self._connection is not None and self._process is not None
        start = time.perf_counter()
        self._connection.send((key, case.id, case.params, time_limit, seed))
        ready = self._connection.poll(hard_limit)
        if not ready:
            self.kill()
            return {"ok": False, "timeout": True, "wall": time.perf_counter() - start}
        try:
            return self._connection.recv()
        except (EOFError, OSError):
            self._process.join(1)
            code = self._process.exitcode
            self.kill()
            return {"ok": False, "error": f"the worker process died (exit code {code})", "wall": time.perf_counter() - start}

    def kill(self) -> None:
        """Stop the worker and every process it started, now."""
        process, self._process = self._process, None
        self.warmed = set()
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        if process is None or process.pid is None:
            return
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (OSError, AttributeError):
            process.kill()
        process.join(5)

    def close(self) -> None:
        """Let the worker finish and exit; kill it if it does not within a second."""
        process = self._process
        if process is not None and self._connection is not None and process.is_alive():
            try:
                self._connection.send(None)
                process.join(1)
            except OSError:
                pass
        if process is not None and process.exitcode is not None:  # exited by itself: nothing to kill
            self._process = None
            self.warmed = set()
            if self._connection is not None:
                self._connection.close()
                self._connection = None
            return
        self.kill()

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
