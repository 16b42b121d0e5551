"""Counting all N-Queens solutions of an empty board on all cores, or on a Ray cluster.

Two methods cut the count into independent pieces: `fullsym` (Takahashi's full-symmetry
search, split by `split`) and `constellation` (the border queens placed first, one
constellation per symmetry class, `constellation.units`); `lanes` counts the constellation
pieces 8 at a time in SIMD lanes (`lanes.py`, n <= 19). Each piece's answer is three
integers that add up over pieces: [C2, C4, C8] for fullsym, [total, N180, N90] (weighted) for
constellations; `summarise` turns the sums into the totals. An executor counts the pieces in
chunks and reports each finished chunk, in any order. The driver (`count_board`) adds the
counts up, writes them to the checkpoint, feeds the progress bar and stops at the deadline.

Executors (`serial`, `processes` and `ray` are the shared ones of `boardlab.core.executors`):

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
fastest for n in our measurements: fullsym below `CONSTELLATION_FROM`, then lanes up to
`lanes.MAX_N`, then constellation (docs/nqueens.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.executors import can_fork, chunks, local_cores, run
from boardlab.core.interrupts import flag, in_thread, stop_flag
from boardlab.families.nqueens import constellation, fullsym, lanes, split
from boardlab.families.nqueens.checkpoint import Checkpoint
from boardlab.families.nqueens.choices import EXECUTORS, METHODS

#: From this n on, `auto` counts by constellations, in lanes up to lanes.MAX_N (measured faster,
#: docs/nqueens.md).
CONSTELLATION_FROM = 13

__all__ = ["EXECUTORS", "FullCount", "choose_executor", "count_board", "local_cores"]

#: Below this n the whole count takes milliseconds: parallel start-up would cost more.
PARALLEL_FROM_N = 12

#: Projected cost of a count on this kind of machine: CPU seconds at n = PROJECTION_BASE[0], and
#: the growth per n (docs/nqueens.md: n = 18 needs about 59 CPU seconds by constellations, and
#: the measured counts and times of n = 16..20 grow 7.2 to 7.8 times per n).
PROJECTION_BASE = (18, 59.0)
PROJECTION_GROWTH = 7.5
#: Counts projected to take longer than this (wall seconds) need --force or a --time-limit.
REFUSE_ABOVE = 3600.0


def projected_seconds(n: int, workers: int | None = None) -> float:
    """The projected wall time of counting an empty n x n board (module constants)."""
    base_n, base_cpu = PROJECTION_BASE
    cpu = base_cpu * PROJECTION_GROWTH ** (n - base_n)
    return cpu / max(1, min(workers or local_cores(), local_cores()))


Chunk = tuple[np.ndarray, np.ndarray]  # (piece indices, one row of three counts per piece)


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
def _module(method: str) -> Any:
    """The kernels of a method (`count_batch`, `count_batch_until`, `count_batch_parallel`,
    `warm_up`): `lanes` counts the constellation units in SIMD lanes."""
    return {"fullsym": fullsym, "constellation": constellation, "lanes": lanes}[method]


def _kernel(method: str, parallel: bool = False) -> Callable[..., np.ndarray]:
    module = _module(method)
    return module.count_batch_parallel if parallel else module.count_batch


def _count_chunk(work: tuple, index: np.ndarray) -> np.ndarray:
    """Count one chunk of pieces (the unit of work of every executor; `work`: the method, n and
    the method's piece arrays). The kernel runs stoppably (`core.interrupts`): Ctrl-C ends it
    within a fraction of a second, even inside a long piece, and the partial rows are dropped."""
    method, n, *arrays = work
    kernel = _module(method).count_batch_until
    stop = flag()
    return in_thread(lambda: kernel(n, *(array[index] for array in arrays), stop), stop_flag(stop))


def _threads(
    method: str, n: int, work: tuple, indices: list[int], workers: int
) -> Generator[Chunk, None, None]:
    import numba

    kernel = _kernel(method, parallel=True)
    previous = numba.get_num_threads()
    numba.set_num_threads(min(workers, numba.config.NUMBA_NUM_THREADS))
    chunksize = numba.set_parallel_chunksize(1)
    per_worker = 32 * (lanes.CHUNK_FACTOR if method == "lanes" else 1)
    try:
        for index in chunks(indices, workers * per_worker):
            yield index, kernel(n, *(array[index] for array in work))
    finally:
        numba.set_parallel_chunksize(chunksize)
        numba.set_num_threads(previous)


def _stream(
    chosen: str,
    method: str,
    n: int,
    work: tuple,
    todo: list[int],
    workers: int,
    address: str | None,
    deadline: Deadline = NO_DEADLINE,
) -> Generator[Chunk, None, None]:
    if chosen == "threads":
        return _threads(method, n, work, todo, workers)
    size = {"serial": 8, "processes": max(1, min(16, len(todo) // (workers * 32)))}.get(
        chosen, max(1, min(64, len(todo) // (max(workers, 1) * 8)))
    )
    if method == "lanes":  # a chunk's lanes idle once its units run out: give them more units
        size = max(size, min(size * lanes.CHUNK_FACTOR, len(todo) // (max(workers, 1) * 4)))
    return run(chosen, _count_chunk, (method, n, *work), chunks(todo, size), workers, address, deadline)


# ---- the driver -----------------------------------------------------------------------------
def choose_executor(executor: str, n: int, workers: int) -> str:
    if executor not in EXECUTORS:
        raise BadInput(f"--executor must be one of {', '.join(EXECUTORS)}, got '{executor}'")
    if executor == "auto":
        if workers > 1 and n >= PARALLEL_FROM_N:
            return "processes" if can_fork() else "threads"
        return "serial"
    return executor


def choose_method(method: str, n: int) -> str:
    if method not in METHODS:
        raise BadInput(f"--method must be one of {', '.join(METHODS)}, got '{method}'")
    if method == "auto":
        if n < CONSTELLATION_FROM:
            return "fullsym"
        return "lanes" if n <= lanes.MAX_N else "constellation"
    if method == "lanes" and n > lanes.MAX_N:
        raise BadInput(f"--method lanes counts n <= {lanes.MAX_N} (32-bit lanes), got {n}: use constellation")
    return method


def plan(
    n: int, method: str, target: int, depth: int | None = None
) -> tuple[tuple[np.ndarray, ...], int, int, str]:
    """The pieces of a count of n >= 5 by `method`: (their arrays, how many, the split depth,
    the split's digest). `depth` (constellations only) fixes the rows placed per piece."""
    if method == "fullsym":
        if depth is not None:
            raise BadInput("a split depth applies to the constellation method")
        pieces = split.split(n, target)
        return (
            split.arrays(n, pieces),
            len(pieces),
            max(len(p.prefix) for p in pieces),
            split.digest(n, pieces),
        )
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
            _module(method).warm_up(parallel=chosen == "threads")
        stream = _stream(chosen, method, n, work, todo, workers, address, deadline)
        done_chunks = 0
        if progress is not None:
            progress(outcome.finished, outcome.subproblems)
        with closing(stream):
            for index, counts in stream:
                for i, row in zip(index.tolist(), counts):
                    outcome.add(row)
                    if saved is not None:
                        saved.record(i, (int(row[0]), int(row[1]), int(row[2])))
                outcome.finished += len(index)
                done_chunks += 1
                if progress is not None:
                    progress(outcome.finished, outcome.subproblems)
                if deadline.expired() or (stop_after is not None and done_chunks >= stop_after):
                    break
    finally:
        if saved is not None:
            saved.close()
    outcome.complete = outcome.finished == outcome.subproblems
    outcome.summarise()
    outcome.seconds = time.perf_counter() - start
    return outcome
