"""Deciding "m of each" with the branch-and-bound engine, split into subproblems that run on
this process, on all local cores or as Ray tasks, with a checkpoint and progress.

The split: the engine's search stopped at a branching depth lists the open nodes there; the
depth is the smallest one that gives at least `target` subproblems. Each subproblem replays
its prefix and searches below it. A refutation's node count is the top tree's nodes plus the
subproblems' nodes, the same for every split and executor (`engine.search` counts a node at
the split depth in its subproblem only). A placement ends the run at once: the node count of
a "yes" depends on which subproblem finished first.

Checkpoint: a JSON Lines journal (`boardlab.core.executors.Journal`), header
`{"boardlab": "armies-refute", "n": .., "m": .., "bounds": .., "pieces": .., "split": digest}`,
one line per refuted subproblem `{"i": index, "nodes": count}`.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import BadInput
from boardlab.core.executors import Journal, can_fork, chunks, local_cores, run
from boardlab.families.armies import engine
from boardlab.families.armies.choices import EXECUTORS

KIND = "armies-refute"

#: Below this n a whole decision takes well under a second: no split, no processes.
PARALLEL_FROM_N = 12

#: A cautious node rate of one core, which turns a deadline into a node limit per subproblem.
NODES_PER_SECOND = 200_000

#: The deepest split considered (branching depth).
MAX_SPLIT_DEPTH = 40

Progress = Callable[["Decision"], None]


@dataclass
class Decision:
    """The outcome of one decision "m of each on n x n", and how the work went."""

    n: int
    m: int
    found: bool | None = None  # None: not finished (deadline, or stopped)
    labels: np.ndarray | None = None
    nodes: int = 0
    top_nodes: int = 0
    subproblems: int = 0
    finished: int = 0
    resumed: int = 0
    resumed_nodes: int = 0
    depth: int = 0
    executor: str = "serial"
    workers: int = 1
    bounds: int = engine.ALL_BOUNDS
    seconds: float = 0.0
    started: float = field(default_factory=time.perf_counter)

    def placement(self) -> tuple[list[int], list[int]]:
        assert self.labels is not None
        return engine.placement_of(self.n, self.labels)

    def certificate(self) -> dict[str, Any]:
        """What the stats report: the verdict and the work behind it."""
        return {
            "n": self.n,
            "m": self.m,
            "verdict": {True: "placement", False: "refuted", None: "unfinished"}[self.found],
            "nodes": self.nodes,
            "top_nodes": self.top_nodes,
            "subproblems": self.subproblems,
            "subproblems_finished": self.finished,
            "subproblems_resumed": self.resumed,
            "split_depth": self.depth,
            "executor": self.executor,
            "workers": self.workers,
            "bounds": bound_names(self.bounds),
            "seconds": round(self.seconds, 3),
        }


def bound_names(flags: int) -> list[str]:
    return [name for name, bit in engine.BOUND_NAMES.items() if flags & bit]


def parse_bounds(text: str | None) -> int:
    """`--bounds`: "all", "none", or a comma-separated list of bound names."""
    if text is None or text == "all":
        return engine.ALL_BOUNDS
    if text == "none":
        return 0
    flags = 0
    for name in text.split(","):
        name = name.strip()
        if name not in engine.BOUND_NAMES:
            raise BadInput(
                f"--bounds takes all, none or names from {', '.join(engine.BOUND_NAMES)}; got '{name}'"
            )
        flags |= engine.BOUND_NAMES[name]
    return flags


def choose_executor(executor: str, n: int, workers: int) -> str:
    if executor not in EXECUTORS:
        raise BadInput(f"--executor must be one of {', '.join(EXECUTORS)}, got '{executor}'")
    if executor == "auto":
        return "processes" if workers > 1 and n >= PARALLEL_FROM_N and can_fork() else "serial"
    return executor


def split(n: int, m: int, flags: int, target: int) -> tuple[int, np.ndarray, int, np.ndarray | None]:
    """(depth, prefixes, top-tree nodes, labelling): the shallowest depth with >= target open
    nodes; the labelling of a placement met above that depth (then the search is over)."""
    empty = np.zeros((1, 0, 2), dtype=np.int64)
    if target <= 1:
        return 0, empty, 0, None
    depth, prefixes, nodes = 0, empty, 0
    for d in range(1, MAX_SPLIT_DEPTH + 1):
        capacity = 4 * target
        while True:
            found, top, labels, open_nodes, count = engine.run(n, m, flags, split_depth=d, capacity=capacity)
            if found or count <= capacity:
                break
            capacity = count
        if found:
            return d, empty[:0], top, labels
        if count == 0:  # the whole tree ends above depth d: keep the last split
            break
        depth, prefixes, nodes = d, open_nodes[:count, :d], top
        if count >= target:
            break
    return depth, prefixes, nodes, None


def digest(prefixes: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(prefixes).tobytes()).hexdigest()[:16]


def _decide_chunk(shared: tuple, chunk: np.ndarray) -> tuple[np.ndarray, int, np.ndarray | None]:
    """Search the subproblems of `chunk` in turn (the unit of work of every executor):
    (nodes of each, index of the one with a placement or -1 (-2: one stopped at the node
    limit), its labelling)."""
    n, m, flags, prefixes, node_limit = shared
    nodes = np.zeros(len(chunk), dtype=np.int64)
    for k, i in enumerate(chunk.tolist()):
        found, count, labels, _, stopped = engine.run(n, m, flags, prefix=prefixes[i], node_limit=node_limit)
        nodes[k] = count
        if found:
            return nodes[: k + 1], i, labels
        if stopped < 0:
            return nodes[: k + 1], -2, None
    return nodes, -1, None


def decide(
    n: int,
    m: int,
    *,
    bounds: int = engine.ALL_BOUNDS,
    workers: int | None = None,
    executor: str = "auto",
    address: str | None = None,
    checkpoint: str | None = None,
    target: int | None = None,
    deadline: Deadline = NO_DEADLINE,
    progress: Progress | None = None,
    stop_after: int | None = None,
) -> Decision:
    """Is there a labelling with at least m white and m black squares on n x n?

    Args:
        bounds: engine bound flags (`engine.ALL_BOUNDS`; fewer only to test them).
        workers: processes or Ray CPUs (None: all local cores).
        executor: one of EXECUTORS.
        address: the Ray cluster to join (None: start a local Ray).
        checkpoint: a file recording each refuted subproblem; an existing one is resumed.
        target: how many subproblems to aim for (default: 1 for serial small boards, else
            256 per worker).
        deadline: after it no new chunk is waited for, and no subproblem runs much longer.
        progress: called with the decision so far as chunks finish.
        stop_after: stop after this many chunks (tests use it to simulate a crash).
    """
    if n < 1 or m < 0:
        raise BadInput(f"need n >= 1 and m >= 0, got n = {n}, m = {m}")
    workers = local_cores() if workers is None else workers
    chosen = choose_executor(executor, n, workers)
    decision = Decision(n, m, executor=chosen, workers=workers if chosen != "serial" else 1, bounds=bounds)
    if 2 * m > n * n:
        decision.found = False
        decision.seconds = time.perf_counter() - decision.started
        return decision
    if target is None:
        target = (
            1 if chosen == "serial" and checkpoint is None and n < PARALLEL_FROM_N else 256 * max(1, workers)
        )
    depth, prefixes, top, labels = split(n, m, bounds, target)
    decision.depth, decision.top_nodes, decision.nodes = depth, top, top
    decision.subproblems = len(prefixes)
    if labels is not None:
        decision.found, decision.labels = True, labels
        decision.seconds = time.perf_counter() - decision.started
        return decision
    saved = None
    if checkpoint:
        header = {
            "boardlab": KIND,
            "n": n,
            "m": m,
            "bounds": bounds,
            "pieces": len(prefixes),
            "split": digest(prefixes),
        }
        saved = Journal(checkpoint, header, "nodes", lambda v: isinstance(v, int) and v >= 0, len(prefixes))
    try:
        todo = list(range(len(prefixes)))
        if saved is not None:
            decision.resumed_nodes = sum(saved.done.values())
            decision.nodes += decision.resumed_nodes
            decision.resumed = decision.finished = len(saved.done)
            todo = [i for i in todo if i not in saved.done]
        node_limit = 0
        left = deadline.remaining()
        if left is not None:  # a subproblem may not outlive the deadline by much
            node_limit = max(1, int(NODES_PER_SECOND * left))
        shared = (n, m, bounds, prefixes, node_limit)
        size = (
            1 if len(todo) < 64 or deadline.limited else max(1, min(16, len(todo) // (max(1, workers) * 32)))
        )
        stream = run(chosen, _decide_chunk, shared, chunks(todo, size), workers, address, deadline)
        if progress is not None:
            progress(decision)
        done_chunks = 0
        with closing(stream):
            for chunk, (nodes, hit, labels) in stream:
                decision.nodes += int(nodes.sum())
                if hit >= 0:
                    decision.found, decision.labels = True, labels
                    break
                if hit == -2:  # a subproblem stopped at the deadline's node limit
                    break
                if saved is not None:
                    for i, count in zip(chunk.tolist(), nodes.tolist()):
                        saved.record(i, int(count))
                decision.finished += len(chunk)
                done_chunks += 1
                if progress is not None:
                    progress(decision)
                if deadline.expired() or (stop_after is not None and done_chunks >= stop_after):
                    break
    finally:
        if saved is not None:
            saved.close()
    if decision.found is None and decision.finished == decision.subproblems:
        decision.found = False
    decision.seconds = time.perf_counter() - decision.started
    if progress is not None:
        progress(decision)
    return decision
