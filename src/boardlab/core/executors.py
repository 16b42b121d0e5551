"""Running many independent subproblems: on this process, on forked processes or as Ray tasks,
and a checkpoint journal of the finished ones.

A search split into subproblems hands the executor a task function `task(shared, chunk)`
(module level, so that processes and Ray can call it), the data every chunk needs (`shared`,
sent once), and the chunks (arrays of subproblem indices). An executor yields
`(chunk, task(shared, chunk))` as chunks finish, in any order; the caller adds the results up,
records them in its checkpoint and stops when it has what it needs (closing the stream stops
the workers).

* `serial`: this process, one chunk after another.
* `processes`: a pool of forked processes (compiled numba kernels are inherited, nothing is
  recompiled; `shared` is inherited at fork, only the chunks travel), fed dynamically
  (`imap_unordered`).
* `ray`: each chunk is a Ray task (`ray.init(address=...)`, a local Ray when no address is
  given; `shared` goes to the object store once). Install with the `cluster` extra
  (`pip install boardlab[cluster]`). A local Ray's workers inherit this process's
  environment; for a cluster address this boardlab package is shipped with the job
  (`runtime_env` `py_modules`) and compiled once per node. Joining an already initialised Ray
  (`ray.init` called by the caller) reuses it and leaves it running.

The checkpoint (`Journal`) is a JSON Lines file: a header line naming the run, then one line
per finished subproblem `{"i": index, <key>: value}`, appended and flushed as they finish; a
torn last line (a crash mid-write) is ignored on resume, and resuming checks that the header
matches the run asked for.
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable, Generator
from functools import partial
from typing import IO, Any

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.interrupts import shielded, until_deadline
from boardlab.core.words import shown
from boardlab.core.workers import die_with_parent

Task = Callable[[Any, np.ndarray], Any]


def local_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """A daemonic process (e.g. a web server's solver worker) may not start child processes."""
    return not multiprocessing.current_process().daemon


def chunks(indices: list[int], size: int) -> list[np.ndarray]:
    """`indices` cut into arrays of at most `size`."""
    return [np.array(indices[i : i + size], dtype=np.int64) for i in range(0, len(indices), size)]


# ---- executors ------------------------------------------------------------------------------
_SHARED: dict[str, Any] = {}


def _run_forked(chunk: np.ndarray) -> tuple[np.ndarray, Any]:
    """A pool worker's task: the task and its data were inherited at fork."""
    task, shared = _SHARED["task"], _SHARED["shared"]
    return chunk, task(shared, chunk)


def _worker_init(parent: int) -> None:
    """Pool workers leave interrupts to the parent (which stops the pool), die quietly when it
    terminates them, whatever handlers they inherited at fork, and die with it should it end
    without stopping them (a forked worker holds the parent's output open)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def run_serial(
    task: Task, shared: Any, work: list[np.ndarray], deadline: Deadline = NO_DEADLINE
) -> Generator[tuple[np.ndarray, Any], None, None]:
    """In this process. With a deadline each chunk runs in a helper thread, waited for until
    the deadline: past it the stream ends at once (the chunk's thread is left to finish in the
    background, its answer dropped), so a long chunk cannot hold a time limit up."""
    for chunk in work:
        if not deadline.limited:
            yield chunk, task(shared, chunk)
            continue
        box = until_deadline(partial(task, shared, chunk), deadline)
        if box is None:
            return
        yield chunk, box[0]


def run_processes(
    task: Task, shared: Any, work: list[np.ndarray], workers: int, deadline: Deadline = NO_DEADLINE
) -> Generator[tuple[np.ndarray, Any], None, None]:
    """A pool of forked processes; past the deadline the stream ends and the pool is stopped."""
    _SHARED.update(task=task, shared=shared)
    context = multiprocessing.get_context("fork")
    pool = None
    try:
        with shielded():  # a time limit stops neither the start nor the stop of the pool half-way
            pool = context.Pool(workers, initializer=_worker_init, initargs=(os.getpid(),))
        results = pool.imap_unordered(_run_forked, work)
        for _ in range(len(work)):
            try:
                yield results.next(timeout=deadline.remaining())
            except multiprocessing.TimeoutError:
                return
        pool.close()
    finally:
        with shielded():
            if pool is not None:
                pool.terminate()
                pool.join()
            _SHARED.clear()


def run_ray(
    task: Task,
    shared: Any,
    work: list[np.ndarray],
    workers: int,
    address: str | None,
    deadline: Deadline = NO_DEADLINE,
) -> Generator[tuple[np.ndarray, Any], None, None]:
    try:
        import ray
    except ImportError:
        raise Unsupported("the ray executor needs Ray: pip install 'boardlab[cluster]'") from None
    import boardlab

    started_here = not ray.is_initialized()
    if started_here:
        quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
        if address is None:
            # a local Ray: its workers inherit this environment, boardlab and numba's cache
            # ("local": a new Ray even when another runs here or RAY_ADDRESS names one)
            ray.init(address="local", num_cpus=workers, include_dashboard=False, **quiet)
        else:
            # a cluster: ship this boardlab with the job
            ray.init(
                address=address, runtime_env={"py_modules": [os.path.dirname(boardlab.__file__)]}, **quiet
            )
    remote = ray.remote(num_cpus=1)(task)
    pending: dict[Any, np.ndarray] = {}
    try:
        shared_ref = ray.put(shared)
        for chunk in work:
            pending[remote.remote(shared_ref, chunk)] = chunk
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=deadline.remaining())
            if not ready:  # the deadline passed
                return
            for ref in ready:
                yield pending.pop(ref), ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


def run(
    executor: str,
    task: Task,
    shared: Any,
    work: list[np.ndarray],
    workers: int,
    address: str | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> Generator[tuple[np.ndarray, Any], None, None]:
    """The stream of finished chunks of one of the executors `serial`, `processes`, `ray`; it
    ends early, within a fraction of a second, once `deadline` passes (the caller sees fewer
    chunks). Close it (`contextlib.closing`) to stop the workers when leaving early."""
    if executor == "serial":
        return run_serial(task, shared, work, deadline)
    if executor == "processes":
        return run_processes(task, shared, work, workers, deadline)
    if executor == "ray":
        return run_ray(task, shared, work, workers, address, deadline)
    raise ValueError(f"unknown executor '{executor}'")


# ---- checkpoint journal ---------------------------------------------------------------------
class Journal:
    """An open checkpoint file: `done` maps the subproblems already finished to their values.

    `header` names the run (its "boardlab" key is the kind of run); `key` is the name of the
    value in each record; `valid(value)` says whether a loaded value is well formed (a value
    is returned as loaded from JSON, lists become tuples); `size` is the number of subproblems;
    `noun` names the run in messages; `defaults` fills in header keys that files written by
    earlier versions lack.
    """

    def __init__(
        self,
        path: str,
        header: dict[str, Any],
        key: str,
        valid: Callable[[Any], bool],
        size: int,
        noun: str = "run",
        defaults: dict[str, Any] | None = None,
    ) -> None:
        self.path = path
        self.defaults = dict(defaults or {})
        self.noun = noun
        self.header = header
        self.key = key
        self.valid = valid
        self.size = size
        self.done: dict[int, Any] = {}
        self._handle: IO[str] | None = None
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._load()
            self._handle = open(path, "a", encoding="utf-8")
            if not self._ends_with_newline():
                self._handle.write("\n")
        else:
            try:
                self._handle = open(path, "w", encoding="utf-8")
            except OSError as error:
                raise BadInput(f"cannot write checkpoint: {error.strerror}", source=path) from None
            self._handle.write(json.dumps(self.header) + "\n")
            self._handle.flush()

    def _ends_with_newline(self) -> bool:
        with open(self.path, "rb") as handle:
            handle.seek(-1, os.SEEK_END)
            return handle.read(1) == b"\n"

    def _load(self) -> None:
        kind = self.header["boardlab"]
        with open(self.path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        try:
            header = json.loads(lines[0])
        except json.JSONDecodeError:
            raise BadInput("not a boardlab checkpoint (bad first line)", source=self.path, line=1) from None
        if not isinstance(header, dict) or header.get("boardlab") != kind:
            raise BadInput(f"not a boardlab {kind} checkpoint", source=self.path, line=1)
        header = {**self.defaults, **header}
        for key, value in self.header.items():
            if header.get(key) != value:
                raise BadInput(
                    f"checkpoint is for another {self.noun} "
                    f"({key} = {shown(header.get(key))}, this {self.noun} has {shown(value)})",
                    source=self.path,
                    line=1,
                )
        last = len(lines) - 1
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                index = record["i"]
                value = record[self.key]
                value = tuple(value) if isinstance(value, list) else value
                if not (isinstance(index, int) and 0 <= index < self.size and self.valid(value)):
                    raise ValueError
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                if number - 1 == last:  # torn final line: the crash came mid-write
                    continue
                raise BadInput("bad checkpoint record", source=self.path, line=number) from None
            self.done[index] = value

    def record(self, index: int, value: Any) -> None:
        """Append one finished subproblem (flushed at once)."""
        self.done[index] = value
        assert self._handle is not None
        stored = list(value) if isinstance(value, tuple) else value
        self._handle.write(json.dumps({"i": index, self.key: stored}) + "\n")
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
