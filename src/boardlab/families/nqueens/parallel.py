"""Counting all N-Queens solutions of an empty board on all cores, or on a Ray cluster.

The work is the list of subproblems of `split` (pieces); an executor counts them in chunks
and reports each finished chunk, in any order. The driver (`count_board`) adds the counts up,
writes them to the checkpoint, feeds the progress bar and stops at the deadline.

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
local parallel executors in our measurements (docs/nqueens.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass, field

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.executors import can_fork, chunks, local_cores, run
from boardlab.families.nqueens import fullsym
from boardlab.families.nqueens.checkpoint import Checkpoint
from boardlab.families.nqueens.choices import EXECUTORS
from boardlab.families.nqueens.split import DEFAULT_TARGET, Piece, arrays, digest, split

__all__ = ["EXECUTORS", "FullCount", "choose_executor", "count_board", "local_cores"]

#: Below this n the whole count takes milliseconds: parallel start-up would cost more.
PARALLEL_FROM_N = 12

Chunk = tuple[np.ndarray, np.ndarray]  # (piece indices, counts rows [c2, c4, c8])


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
def _count_chunk(work: tuple, index: np.ndarray) -> np.ndarray:
    """Count one chunk of pieces (the unit of work of every executor; `work`: n and the arrays
    of `split.arrays`)."""
    n, kinds, bounds, prefixes, lengths = work
    return fullsym.count_batch(n, kinds[index], bounds[index], prefixes[index], lengths[index])


def _threads(n: int, work: tuple, indices: list[int], workers: int) -> Iterator[Chunk]:
    import numba

    kinds, bounds, prefixes, lengths = work
    previous = numba.get_num_threads()
    numba.set_num_threads(min(workers, numba.config.NUMBA_NUM_THREADS))
    chunksize = numba.set_parallel_chunksize(1)
    try:
        for index in chunks(indices, workers * 32):
            yield index, fullsym.count_batch_parallel(n, kinds[index], bounds[index], prefixes[index], lengths[index])
    finally:
        numba.set_parallel_chunksize(chunksize)
        numba.set_num_threads(previous)


def _stream(chosen: str, n: int, work: tuple, todo: list[int], workers: int, address: str | None) -> Iterator[Chunk]:
    if chosen == "threads":
        return _threads(n, work, todo, workers)
    size = {"serial": 8, "processes": max(1, min(16, len(todo) // (workers * 32)))}.get(
        chosen, max(1, min(64, len(todo) // (max(workers, 1) * 8)))
    )
    return run(chosen, _count_chunk, (n, *work), chunks(todo, size), workers, address)


# ---- the driver -----------------------------------------------------------------------------
def choose_executor(executor: str, n: int, workers: int) -> str:
    if executor not in EXECUTORS:
        raise BadInput(f"--executor must be one of {', '.join(EXECUTORS)}, got '{executor}'")
    if executor == "auto":
        if workers > 1 and n >= PARALLEL_FROM_N:
            return "processes" if can_fork() else "threads"
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
        stream = _stream(chosen, n, work, todo, workers, address)
        done_chunks = 0
        if progress is not None:
            progress(outcome.finished, len(pieces))
        with closing(stream):
            for index, counts in stream:
                for i, row in zip(index.tolist(), counts):
                    outcome.add(row)
                    if saved is not None:
                        saved.record(i, (int(row[0]), int(row[1]), int(row[2])))
                outcome.finished += len(index)
                done_chunks += 1
                if progress is not None:
                    progress(outcome.finished, len(pieces))
                if deadline.expired() or (stop_after is not None and done_chunks >= stop_after):
                    break
    finally:
        if saved is not None:
            saved.close()
    outcome.complete = outcome.finished == len(pieces)
    outcome.seconds = time.perf_counter() - start
    return outcome
