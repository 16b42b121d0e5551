"""Counting all N-Queens solutions of an empty board on all cores, or on a Ray cluster.

Two methods cut the count into independent pieces: `fullsym` (Takahashi's full-symmetry
search, split by `split`) and `constellation` (the border queens placed first, one
constellation per symmetry class, `constellation.units`). Each piece's answer is three
integers that add up over pieces: [C2, C4, C8] for fullsym, [total, N180, N90] (weighted) for
constellations; `summarise` turns the sums into the totals. An executor counts the pieces in
chunks and reports each finished chunk, in any order. The driver (`count_board`) adds the
counts up, writes them to the checkpoint, feeds the progress bar and stops at the deadline.

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
local parallel executors in our measurements (docs/nqueens.md). The method `auto` is the
faster of the two for n in our measurements (`CONSTELLATION_FROM`).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, cast

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import BadInput, Unsupported
from boardlab.families.nqueens import constellation, fullsym, split
from boardlab.families.nqueens.checkpoint import Checkpoint

from boardlab.families.nqueens.choices import EXECUTORS, METHODS

#: From this n on, `auto` counts by constellations (measured faster, docs/nqueens.md).
CONSTELLATION_FROM = 13

#: Below this n the whole count takes milliseconds: parallel start-up would cost more.
PARALLEL_FROM_N = 12

Chunk = tuple[np.ndarray, np.ndarray]  # (piece indices, one row of three counts per piece)


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
    method: str = "fullsym"
    sums: list[int] = field(default_factory=lambda: [0, 0, 0])
    total: int = 0
    fundamental: int | None = 0
    classes: list[int] = field(default_factory=lambda: [0, 0, 0])
    complete: bool = False
    subproblems: int = 0
    finished: int = 0
    resumed: int = 0
    sampled: int = 0
    depth: int = 0
    executor: str = "serial"
    workers: int = 1
    seconds: float = 0.0

    def add(self, counts: np.ndarray | tuple[int, int, int]) -> None:
        for i, c in enumerate(counts):
            self.sums[i] += int(c)

    def summarise(self) -> None:
        """Set total, classes and fundamental from the sums (a constellation count knows its
        classes only once complete: fundamental is None before)."""
        if self.method == "fullsym":
            self.classes = list(self.sums)
            c2, c4, c8 = self.classes
            self.total, self.fundamental = 2 * c2 + 4 * c4 + 8 * c8, c2 + c4 + c8
        else:
            self.total = self.sums[0]
            if self.complete:
                self.classes = list(constellation.classes((self.sums[0], self.sums[1], self.sums[2])))
                self.fundamental = sum(self.classes)
            else:
                self.fundamental = None


# ---- the executors: each yields finished chunks ---------------------------------------------
_SHARED: dict[str, object] = {}


def _chunks(indices: list[int], size: int) -> list[np.ndarray]:
    return [np.array(indices[i : i + size], dtype=np.int64) for i in range(0, len(indices), size)]


def _kernel(method: str, parallel: bool = False) -> Callable[..., np.ndarray]:
    module = fullsym if method == "fullsym" else constellation
    return module.count_batch_parallel if parallel else module.count_batch


def _count_chunk(method: str, n: int, *work: np.ndarray) -> np.ndarray:
    """Count one chunk of pieces given as arrays (the unit of work of every executor)."""
    return _kernel(method)(n, *work)


def _take(work: tuple[np.ndarray, ...], index: np.ndarray) -> tuple[np.ndarray, ...]:
    return tuple(array[index] for array in work)


def _count_forked(index: np.ndarray) -> Chunk:
    """A pool worker's task: the arrays were inherited at fork, only indices travel."""
    method, n, work = cast(tuple[str, int, tuple[np.ndarray, ...]], _SHARED["work"])
    return index, _count_chunk(method, n, *_take(work, index))


def _worker_init() -> None:
    """Pool workers leave interrupts to the parent (which stops the pool) and die quietly
    when it terminates them, whatever handlers they inherited at fork."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _serial(method: str, n: int, work: tuple, indices: list[int], workers: int) -> Iterator[Chunk]:
    for index in _chunks(indices, 8):
        yield index, _count_chunk(method, n, *_take(work, index))


def _processes(method: str, n: int, work: tuple, indices: list[int], workers: int) -> Iterator[Chunk]:
    _SHARED["work"] = (method, n, work)
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


def _threads(method: str, n: int, work: tuple, indices: list[int], workers: int) -> Iterator[Chunk]:
    import numba

    kernel = _kernel(method, parallel=True)
    previous = numba.get_num_threads()
    numba.set_num_threads(min(workers, numba.config.NUMBA_NUM_THREADS))
    chunksize = numba.set_parallel_chunksize(1)
    try:
        for index in _chunks(indices, workers * 32):
            yield index, kernel(n, *_take(work, index))
    finally:
        numba.set_parallel_chunksize(chunksize)
        numba.set_num_threads(previous)


def _ray(method: str, n: int, work: tuple, indices: list[int], workers: int, address: str | None) -> Iterator[Chunk]:
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
    task = ray.remote(num_cpus=1)(_count_chunk)
    cpus = int(ray.cluster_resources().get("CPU", workers))
    size = max(1, min(64, len(indices) // (max(cpus, 1) * 8)))
    pending = {}
    try:
        for index in _chunks(indices, size):
            ref = task.remote(method, n, *_take(work, index))
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


def choose_method(method: str, n: int) -> str:
    if method not in METHODS:
        raise BadInput(f"--method must be one of {', '.join(METHODS)}, got '{method}'")
    if method == "auto":
        return "constellation" if n >= CONSTELLATION_FROM else "fullsym"
    return method


def plan(n: int, method: str, target: int, depth: int | None = None) -> tuple[tuple[np.ndarray, ...], int, int, str]:
    """The pieces of a count of n >= 5 by `method`: (their arrays, how many, the split depth,
    the split's digest). `depth` (constellations only) fixes the rows placed per piece."""
    if method == "fullsym":
        if depth is not None:
            raise BadInput("a split depth applies to the constellation method")
        pieces = split.split(n, target)
        return split.arrays(n, pieces), len(pieces), max(len(p.prefix) for p in pieces), split.digest(n, pieces)
    units = constellation.units(n, target, depth)
    depth_ = max((len(u.prefix) for u in units), default=0)
    return constellation.arrays(units), len(units), depth_, constellation.digest(n, units)


def count_board(
    n: int,
    *,
    workers: int | None = None,
    executor: str = "auto",
    method: str = "auto",
    address: str | None = None,
    checkpoint: str | None = None,
    deadline: Deadline = NO_DEADLINE,
    progress: Callable[[int, int], None] | None = None,
    target: int | None = None,
    depth: int | None = None,
    stride: int = 1,
    stop_after: int | None = None,
) -> FullCount:
    """All solutions and fundamental solutions of the empty n x n board (1 <= n <= 62).

    Args:
        workers: processes, threads or Ray CPUs (None: all local cores).
        executor: one of EXECUTORS.
        method: one of METHODS.
        address: the Ray cluster to join (None: start a local Ray).
        checkpoint: a file recording each finished piece; an existing one is resumed.
        deadline: after it no new chunk is waited for.
        progress: called with (pieces done, pieces) as chunks finish.
        target: how many pieces to aim for (default: max(512, 64 per worker)).
        depth: constellations only: the free rows placed in every piece (default: from target).
        stride: count only every stride-th piece (a sample, for projections: the count is then
            incomplete and `sampled` says how many pieces it holds).
        stop_after: stop after this many chunks (tests use it to simulate a crash).
    """
    start = time.perf_counter()
    if not 1 <= n <= fullsym.MAX_N:
        raise Unsupported(f"the counter handles 1 <= n <= {fullsym.MAX_N}")
    workers = local_cores() if workers is None else workers
    chosen = choose_executor(executor, n, workers)
    method = choose_method(method, n)
    outcome = FullCount(n, method=method, executor=chosen, workers=workers if chosen != "serial" else 1)
    if n <= 4:
        total, fundamental = fullsym.count_small(n)
        outcome.total, outcome.fundamental, outcome.complete = total, fundamental, True
        outcome.seconds = time.perf_counter() - start
        return outcome
    work, outcome.subproblems, outcome.depth, fingerprint = plan(
        n, method, target or max(split.DEFAULT_TARGET, 64 * workers), depth
    )
    saved = Checkpoint(checkpoint, n, outcome.subproblems, fingerprint, method) if checkpoint else None
    try:
        if stride < 1 or (stride > 1 and saved is not None):
            raise BadInput("a sample (stride >= 1) is counted without a checkpoint")
        todo = list(range(0, outcome.subproblems, stride))
        outcome.sampled = len(todo)
        if saved is not None:
            for counts in saved.done.values():
                outcome.add(counts)
            outcome.resumed = outcome.finished = len(saved.done)
            todo = [i for i in todo if i not in saved.done]
        if chosen != "ray":  # Ray workers load the kernels themselves
            (fullsym if method == "fullsym" else constellation).warm_up(parallel=chosen == "threads")
        if chosen == "ray":
            stream = _ray(method, n, work, todo, workers, address)
        else:
            run = {"serial": _serial, "processes": _processes, "threads": _threads}[chosen]
            stream = run(method, n, work, todo, workers)
        chunks = 0
        if progress is not None:
            progress(outcome.finished, outcome.subproblems)
        try:
            for index, counts in stream:
                for i, row in zip(index.tolist(), counts):
                    outcome.add(row)
                    if saved is not None:
                        saved.record(i, (int(row[0]), int(row[1]), int(row[2])))
                outcome.finished += len(index)
                chunks += 1
                if progress is not None:
                    progress(outcome.finished, outcome.subproblems)
                if deadline.expired() or (stop_after is not None and chunks >= stop_after):
                    break
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
    finally:
        if saved is not None:
            saved.close()
    outcome.complete = outcome.finished == outcome.subproblems
    outcome.summarise()
    outcome.seconds = time.perf_counter() - start
    return outcome
