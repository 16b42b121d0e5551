"""Counting all N-Queens solutions of an empty board on all cores, or on a Ray cluster.

The work is the list of subproblems of `split` (pieces); an executor counts them in chunks
and reports each finished chunk, in any order. The driver (`count_board`) adds the counts up,
writes them to the checkpoint, feeds the progress bar and stops at the deadline.

Executors:

* `serial`: this process, one chunk after another.
* `processes`: a pool of forked processes (the compiled kernels are inherited, nothing is
  recompiled), fed chunks dynamically (`imap_unordered`).
* `threads`: numba's own threads (`prange`, `parallel=True`) over batches of pieces; no
  processes, but a batch ends when its slowest piece does.
* `ray`: each chunk is a Ray task (`ray.init(address=...)`, a local Ray when no address is
  given); install with the `cluster` extra (`pip install boardlab[cluster]`). A local Ray's
  workers inherit this process's environment; for a cluster address this boardlab package is
  shipped with the job (`runtime_env` `py_modules`) and compiled once per node. Joining an
  already initialised Ray (`ray.init` called by the caller) reuses it and leaves it running.

`auto` is `serial` for one worker or small boards, else `processes`, the faster of the two
local parallel executors in our measurements (docs/nqueens.md).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import BadInput, Unsupported
from boardlab.families.nqueens import fullsym
from boardlab.families.nqueens.checkpoint import Checkpoint
from boardlab.families.nqueens.choices import EXECUTORS
from boardlab.families.nqueens.split import DEFAULT_TARGET, Piece, arrays, digest, split

#: Below this n the whole count takes milliseconds: parallel start-up would cost more.
PARALLEL_FROM_N = 12

Chunk = tuple[np.ndarray, np.ndarray]  # (piece indices, counts rows [c2, c4, c8])


def local_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


@dataclass
class FullCount:
    """The outcome of a count: totals so far, and how the work went."""

    n: int
    total: int = 0
    fundamental: int = 0
    classes: list[int] = field(default_factory=lambda: [0, 0, 0])
    complete: bool = False
    subproblems: int = 0
    finished: int = 0
    resumed: int = 0
    depth: int = 0
    executor: str = "serial"
    workers: int = 1
    seconds: float = 0.0

    def add(self, counts: np.ndarray | tuple[int, int, int]) -> None:
        c2, c4, c8 = (int(c) for c in counts)
        self.classes[0] += c2
        self.classes[1] += c4
        self.classes[2] += c8
        self.total += 2 * c2 + 4 * c4 + 8 * c8
        self.fundamental += c2 + c4 + c8


# ---- the executors: each yields finished chunks ---------------------------------------------
_SHARED: dict[str, object] = {}


def _chunks(indices: list[int], size: int) -> list[np.ndarray]:
    return [np.array(indices[i : i + size], dtype=np.int64) for i in range(0, len(indices), size)]


def _count_chunk(n: int, kinds: np.ndarray, bounds: np.ndarray, prefixes: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Count one chunk of pieces given as arrays (the unit of work of every executor)."""
    return fullsym.count_batch(n, kinds, bounds, prefixes, lengths)


def _count_forked(index: np.ndarray) -> Chunk:
    """A pool worker's task: the arrays were inherited at fork, only indices travel."""
    n, kinds, bounds, prefixes, lengths = _SHARED["work"]  # type: ignore[misc]
    return index, _count_chunk(n, kinds[index], bounds[index], prefixes[index], lengths[index])  # type: ignore[index]


def _worker_init() -> None:
    """Pool workers leave interrupts to the parent (which stops the pool) and die quietly
    when it terminates them, whatever handlers they inherited at fork."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _serial(n: int, work: tuple, indices: list[int], workers: int) -> Iterator[Chunk]:
    kinds, bounds, prefixes, lengths = work
    for index in _chunks(indices, 8):
        yield index, _count_chunk(n, kinds[index], bounds[index], prefixes[index], lengths[index])


def _processes(n: int, work: tuple, indices: list[int], workers: int) -> Iterator[Chunk]:
    _SHARED["work"] = (n, *work)
    size = max(1, min(16, len(indices) // (workers * 32)))
    context = multiprocessing.get_context("fork")
    pool = context.Pool(workers, initializer=_worker_init)
    try:
        yield from pool.imap_unordered(_count_forked, _chunks(indices, size))
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        _SHARED.clear()


def _threads(n: int, work: tuple, indices: list[int], workers: int) -> Iterator[Chunk]:
    import numba

    kinds, bounds, prefixes, lengths = work
    previous = numba.get_num_threads()
    numba.set_num_threads(min(workers, numba.config.NUMBA_NUM_THREADS))
    chunksize = numba.set_parallel_chunksize(1)
    try:
        for index in _chunks(indices, workers * 32):
            yield index, fullsym.count_batch_parallel(n, kinds[index], bounds[index], prefixes[index], lengths[index])
    finally:
        numba.set_parallel_chunksize(chunksize)
        numba.set_num_threads(previous)


def _ray(n: int, work: tuple, indices: list[int], workers: int, address: str | None) -> Iterator[Chunk]:
    try:
        import ray
    except ImportError:
        raise Unsupported("the ray executor needs Ray: pip install 'boardlab[cluster]'") from None
    import boardlab

    started_here = not ray.is_initialized()
    if started_here:
        quiet = {"log_to_driver": False, "logging_level": logging.WARNING}
        if address is None:
            # a local Ray: its workers inherit this environment, boardlab and numba's cache
            # ("local": a new Ray even when another runs here or RAY_ADDRESS names one)
            ray.init(address="local", num_cpus=workers, include_dashboard=False, **quiet)
        else:
            # a cluster: ship this boardlab with the job
            ray.init(address=address, runtime_env={"py_modules": [os.path.dirname(boardlab.__file__)]}, **quiet)
    kinds, bounds, prefixes, lengths = work
    task = ray.remote(num_cpus=1)(_count_chunk)
    cpus = int(ray.cluster_resources().get("CPU", workers))
    size = max(1, min(64, len(indices) // (max(cpus, 1) * 8)))
    pending = {}
    try:
        for index in _chunks(indices, size):
            ref = task.remote(n, kinds[index], bounds[index], prefixes[index], lengths[index])
            pending[ref] = index
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                yield pending.pop(ref), ray.get(ref)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


# ---- the driver -----------------------------------------------------------------------------
def choose_executor(executor: str, n: int, workers: int) -> str:
    if executor not in EXECUTORS:
        raise BadInput(f"--executor must be one of {', '.join(EXECUTORS)}, got '{executor}'")
    if executor == "auto":
        # a daemonic process (e.g. a web server's solver worker) may not start child processes
        can_fork = not multiprocessing.current_process().daemon
        if workers > 1 and n >= PARALLEL_FROM_N:
            return "processes" if can_fork else "threads"
        return "serial"
    return executor


def count_board(
    n: int,
    *,
    workers: int | None = None,
    executor: str = "auto",
    address: str | None = None,
    checkpoint: str | None = None,
    deadline: Deadline = NO_DEADLINE,
    progress: Callable[[int, int], None] | None = None,
    target: int | None = None,
    stop_after: int | None = None,
) -> FullCount:
    """All solutions and fundamental solutions of the empty n x n board (1 <= n <= 62).

    Args:
        workers: processes, threads or Ray CPUs (None: all local cores).
        executor: one of EXECUTORS.
        address: the Ray cluster to join (None: start a local Ray).
        checkpoint: a file recording each finished piece; an existing one is resumed.
        deadline: after it no new chunk is waited for.
        progress: called with (pieces done, pieces) as chunks finish.
        target: how many pieces to aim for (default: max(512, 64 per worker)).
        stop_after: stop after this many chunks (tests use it to simulate a crash).
    """
    start = time.perf_counter()
    if not 1 <= n <= fullsym.MAX_N:
        raise Unsupported(f"the full-symmetry counter handles 1 <= n <= {fullsym.MAX_N}")
    workers = local_cores() if workers is None else workers
    chosen = choose_executor(executor, n, workers)
    outcome = FullCount(n, executor=chosen, workers=workers if chosen != "serial" else 1)
    if n <= 4:
        total, fundamental = fullsym.count_small(n)
        outcome.total, outcome.fundamental, outcome.complete = total, fundamental, True
        outcome.seconds = time.perf_counter() - start
        return outcome
    pieces: list[Piece] = split(n, target or max(DEFAULT_TARGET, 64 * workers))
    outcome.subproblems = len(pieces)
    outcome.depth = max(len(p.prefix) for p in pieces)
    saved = Checkpoint(checkpoint, n, len(pieces), digest(n, pieces)) if checkpoint else None
    try:
        todo = list(range(len(pieces)))
        if saved is not None:
            for counts in saved.done.values():
                outcome.add(counts)
            outcome.resumed = outcome.finished = len(saved.done)
            todo = [i for i in todo if i not in saved.done]
        if chosen != "ray":  # Ray workers load the kernels themselves
            fullsym.warm_up(parallel=chosen == "threads")
        work = arrays(n, pieces)
        if chosen == "ray":
            stream = _ray(n, work, todo, workers, address)
        else:
            stream = {"serial": _serial, "processes": _processes, "threads": _threads}[chosen](n, work, todo, workers)
        chunks = 0
        if progress is not None:
            progress(outcome.finished, len(pieces))
        try:
            for index, counts in stream:
                for i, row in zip(index.tolist(), counts):
                    outcome.add(row)
                    if saved is not None:
                        saved.record(i, (int(row[0]), int(row[1]), int(row[2])))
                outcome.finished += len(index)
                chunks += 1
                if progress is not None:
                    progress(outcome.finished, len(pieces))
                if deadline.expired() or (stop_after is not None and chunks >= stop_after):
                    break
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
    finally:
        if saved is not None:
            saved.close()
    outcome.complete = outcome.finished == len(pieces)
    outcome.seconds = time.perf_counter() - start
    return outcome
