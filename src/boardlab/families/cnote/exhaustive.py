"""Every 3x3 C-Note digit grid with exactly one solution at a line target, by exhaustion.

A 3x3 grid (digits 1-9, every row and column adding up to T) is one of 9^9 digit grids. Two
facts make all of them countable (docs/cnote.md, "Exhaustive 3x3 search"):

- **Symmetry.** Permuting the rows, permuting the columns and transposing map the solutions of
  a grid one to one onto those of the mapped grid (all line targets are T), so the solution
  count is constant on the orbits of this group of 72 elements. Each grid is reported by its
  orbit's canonical form (`orbits.canonical`: the least of its 72 images, read row by row).
- **One pass per pair of rows.** With the first two rows (A, B) fixed, the counts of all 729
  third rows are one inverse transform and one pass of the compiled kernel of
  `convolution.Counter.line_counts` (`line_kernels.triple_counts`, shared): Q = R_A * R_B
  (the 2-D convolution of the two rows' admissible prefixes) is read at (T - a, T - b) for the
  third row's prefixes (a, b). Only the pairs of `pair_representatives` are scanned: A is a
  line of greatest key (`key`: its digits sorted, largest first) among the grid's six lines,
  made the first row by transposing and permuting rows, so B's key and every column's key are
  at most A's; of these pairs, one per orbit under column permutations (and swapping A and B
  when their keys are equal). This covers every orbit of grids (the proof is in the doc).

The period of the transforms is N = the least 5-smooth number > T (`Counter`'s too, by its
sum bound): Q is supported where
i + j <= 2T - 2 (each row's two prefix numbers add up to at most T - 1), and it is read only at
points with i + j >= T + 1 and i, j <= T - 1, whose aliases (i + kN, j + lN), k, l >= 0 not
both 0, lie beyond 2T - 2 as soon as N > T - 3; negative shifts leave the support.

**Settling pairs without transforms.** From target 400 on (`MOVES_TARGETS`) a pair is first
offered to `PairScanner.settle`: a 2x2 move of ten between rows A and B that changes four
numbers showing their digits in the units place (`moves.py`, Lemma 7) shows two solutions for
most of the third rows the pair needs (Lemma 4), and the few rows left are counted depth-first
up to 2 solutions (`search.Enumerator`). When every needed row is decided so, the pair's
transforms are skipped: at 600-1,000 that is nearly every pair, for about 1 ms each. The unique
orbits are the same (a count of 1 is exact either way); the least count reported is then the
least among the pairs counted by transforms (`--exact` counts every pair so).

The scan runs on the core's executors (`core.executors`, as the N-Queens counter and the
armies prover): blocks of `BLOCK` consecutive pairs are counted in this process, in forked
processes or as Ray tasks (on a cluster: the way to scan many targets), a checkpoint journal
records each finished block and a later run resumes from it (`scan`). A pair costs about 8-25
ms of CPU at T = 600-1,000, so Ctrl-C and a deadline land between pairs, as for `line_counts`.
`python -m boardlab.families.cnote.exhaustive --target T [--checkpoint FILE] [--executor E]
[--workers K] [--address A]` runs it from the shell. Finished scans are recorded in
`data/cnote-3x3-exhaustive.jsonl` (`recorded`); where a record says no grid is unique, the
generator answers at once that no unique 3x3 puzzle exists (`generate.generate`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from boardlab.core.deadline import NO_DEADLINE, Deadline, OutOfTime
from boardlab.core.errors import BadInput
from boardlab.core.executors import Journal, can_fork, chunks, local_cores, run
from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.convolution import (
    admissible,
    digit_codes,
    digit_masks,
    inverse_into,
    smooth,
    third,
)
from boardlab.families.cnote.orbits import Grid, Line, canonical_codes, decode
from boardlab.families.cnote.search import Enumerator

#: Bytes of row transforms `search` keeps (the oldest dropped beyond).
SEARCH_MEMORY = 300_000_000
#: Threads `search` counts pairs in (the transforms and the kernel release the GIL): 347 and
#: 351, whose one unique orbit each lies 5,091 and 4,892 pairs in, took 9.4 s of wall for the
#: whole `generate` command in one thread and 6.2 and 6.0 s in two (load average 2.8-3.2: two
#: scans at `nice 19` beside; eleventh session).
SEARCH_WORKERS = 2
#: Seconds between two progress lines of a scan.
PROGRESS_EVERY = 30.0

_PERMS = list(itertools.permutations(range(3)))


def key(line: Iterable[int]) -> tuple[int, ...]:
    """A line's digits sorted, largest first: invariant under permuting the line's cells, and
    monotone (raising a digit never lowers it, compared lexicographically)."""
    return tuple(sorted(line, reverse=True))


def _pair_canonical(a: Line, b: Line) -> tuple[Line, Line]:
    """The least image of the pair (A, B) under column permutations, and swapping A and B
    when their keys are equal."""
    pairs = [(a, b), (b, a)] if key(a) == key(b) else [(a, b)]
    return min((tuple(x[c] for c in cols), tuple(y[c] for c in cols)) for x, y in pairs for cols in _PERMS)


def covered(a: Line, b: Line) -> bool:
    """Whether (A, B) can be the first two rows with A a line of greatest key: key(B) <= key(A)
    and every column, with its third digit at its least (1), has key <= key(A)."""
    top = key(a)
    return key(b) <= top and all(key((a[c], b[c], 1)) <= top for c in range(3))


_LINES = np.array(list(itertools.product(range(1, 10), repeat=3)), dtype=np.int64)


def _codes(lines: np.ndarray) -> np.ndarray:
    """Lines (shape (..., 3), digits 1-9) as 3-digit numbers: they compare as the tuples do."""
    return lines[..., 0] * 100 + lines[..., 1] * 10 + lines[..., 2]


def _key_codes(lines: np.ndarray) -> np.ndarray:
    """`key` of many lines at once, as 3-digit numbers (comparing as the keys do)."""
    return _codes(-np.sort(-lines, axis=-1))


@cache
def pair_representatives() -> list[tuple[Line, Line]]:
    """The pairs of first rows to scan (module docstring; the proof that they cover every
    grid's orbit is in docs/cnote.md), ordered by second row: they have only 165 distinct
    first rows (A is sorted, largest first, up to ties), whose transforms `PairScanner` keeps, so each
    second row is transformed once.

    Computed with numpy over all 531,441 pairs at once (`covered` and `_pair_canonical`, the
    definitions, are checked against it by the tests): 0.2 s instead of 3-4 s in a loop, which
    matters to the generator (`search`)."""
    a = np.repeat(_LINES, len(_LINES), axis=0)
    b = np.tile(_LINES, (len(_LINES), 1))
    top = _key_codes(a)
    keep = _key_codes(b) <= top
    for c in range(3):
        keep &= _key_codes(np.stack([a[:, c], b[:, c], np.ones(len(a), dtype=np.int64)], axis=1)) <= top
    a, b, top = a[keep], b[keep], top[keep]
    code = _codes(a) * 1000 + _codes(b)
    swap = top == _key_codes(b)
    least = code.copy()
    for perm in _PERMS:
        x, y = _codes(a[:, perm]), _codes(b[:, perm])
        least = np.minimum(least, x * 1000 + y)
        least = np.where(swap, np.minimum(least, y * 1000 + x), least)
    a, b = a[least == code], b[least == code]
    order = np.lexsort((_codes(a), _codes(b)))  # by second row, then first
    return [(tuple(a[i].tolist()), tuple(b[i].tolist())) for i in order]


def line_counts(target: int) -> np.ndarray:
    """The number of solutions of a single line at `target`, for every digit choice: shape
    (9, 9, 9), entry [d1 - 1, d2 - 1, d3 - 1] = the number of positive (x1, x2, x3) with
    x1 + x2 + x3 = target, each x_i containing d_i (a 1-D convolution per (d1, d2))."""
    sets = [admissible(d, target).astype(np.int64) for d in range(1, 10)]
    out = np.zeros((9, 9, 9), dtype=np.int64)
    for i in range(9):
        for j in range(9):
            first_two = np.convolve(sets[i], sets[j])[: target + 1]  # [s]: pairs adding up to s
            for k in range(9):
                out[i, j, k] = int(np.dot(first_two, sets[k][::-1]))
    return out


def ordered_pairs(target: int) -> list[tuple[Line, Line]]:
    """`pair_representatives` with the most constrained first: by the product of the two rows'
    own solution counts (`line_counts`), least first (ties in the scan's order). A heuristic in
    the spirit of "first fail": a grid whose rows each have few completions tends to have few
    solutions. It only orders the search; the pairs are the same, so a search that runs to the
    end is the exhaustive scan."""
    rows = line_counts(target)
    pairs = pair_representatives()
    index = np.array([p[0] + p[1] for p in pairs], dtype=np.int64) - 1
    score = rows[index[:, 0], index[:, 1], index[:, 2]] * rows[index[:, 3], index[:, 4], index[:, 5]]
    return [pairs[i] for i in np.argsort(score, kind="stable")]


def search(
    target: int, start: int = 0, stop: int | None = None, workers: int = SEARCH_WORKERS
) -> Iterable[tuple[int, list[Grid]]]:
    """The grids with exactly one solution, pair by pair in `ordered_pairs` order from index
    `start` to `stop`: (index of the pair, its grids with one solution) for each pair that has
    some, the grids' first two rows being the pair's. A pair costs one or two transforms and
    one kernel pass (1.5 ms of CPU at target 350, 16 ms at 700), so a caller's deadline and
    Ctrl-C land between pairs. Run to the end, it meets every orbit with one solution (Lemma
    4); a yielded grid is one of the 9^9, not necessarily canonical.

    The pairs are counted by `workers` threads, at most two pairs each ahead of the one
    looked at, and looked at in order: what is yielded, and when the caller stops, do not
    depend on the threads' timing."""
    pairs = ordered_pairs(target)
    scanner = PairScanner(target)
    # every row's transform is kept, up to SEARCH_MEMORY bytes (290 distinct rows in the first
    # 3,600 pairs at target 300, 0.8 MB each; 28 in the first 93 at 700, 4.2 MB each)
    scanner.keep_limit = max(2, SEARCH_MEMORY // (16 * scanner.period * (scanner.period // 2 + 1)))
    end = len(pairs) if stop is None else min(stop, len(pairs))

    def ones(i: int) -> np.ndarray:
        return np.argwhere(scanner.counts(*pairs[i]) == 1)

    ahead: deque[Future[np.ndarray]] = deque()
    with ThreadPoolExecutor(max(1, workers), thread_name_prefix="boardlab-pairs") as pool:
        try:
            for i in range(start, end):
                while len(ahead) < 2 * max(1, workers) and i + len(ahead) < end:
                    ahead.append(pool.submit(ones, i + len(ahead)))
                found = ahead.popleft().result()
                if len(found):
                    a, b = pairs[i]
                    yield i, [(a, b, tuple(int(d) + 1 for d in third)) for third in found]
        finally:  # stopped early (a hit, Ctrl-C, a deadline): drop the pairs not started
            for future in ahead:
                future.cancel()


def period(target: int) -> int:
    """The transforms' length per axis at line target T: N > T (module docstring: N > T - 3
    avoids aliasing, N > T holds Q[T, .]), 5-smooth for speed; what a pair costs grows as N^2
    (`generate.Scanned` budgets by it)."""
    return smooth(target + 1)


class PairScanner:
    """The solution counts of all 729 third rows under two fixed rows, at line target T. The
    first rows' transforms are kept (`pair_representatives` has 165 of them: 1.4 GB at
    T = 1,000), the second row's only until the next one. Threads may count pairs at the same
    time (`search`): each has its own buffers, and the kept transforms change under a lock."""

    def __init__(self, target: int, keep_limit: int | None = None):
        if target < 3:
            raise ValueError("the line target must be at least 3 on a 3x3 grid")
        self.target = target
        self.period = period(target)
        self.codes = digit_codes(target)
        self.masks = digit_masks(target)
        self._enumerator: Enumerator | None = None  # `settle`'s capped counts
        self._spectra: dict[Line, np.ndarray] = {}
        self._kept: dict[Line, np.ndarray] = {}
        # the inverse transform's buffers, reused pair after pair (`convolution.inverse_into`)
        self._local = threading.local()  # one set of buffers per thread (`_buffers`)
        self._lock = threading.Lock()
        #: with a limit, every row's transform is kept, the oldest dropped beyond the limit
        #: (`search` meets the rows in no useful order)
        self.keep_limit = keep_limit

    def spectrum(self, line: Line, keep: bool = False) -> np.ndarray:
        """The transform of a row's admissible prefixes (a, b): a, b and T - a - b contain the
        row's digits (kept for good when `keep`, the first rows; else only the last one)."""
        cached = self._spectra.get(line, self._kept.get(line))
        if cached is not None:
            return cached
        t = self.target
        sets = [admissible(d, t) for d in line[:2]]
        indicator = sets[0][:, None] & sets[1][None, :] & third(line[2], t, t + 1, t + 1)
        spectrum = np.fft.rfft2(indicator.astype(np.float64), (self.period, self.period))
        with self._lock:
            if self.keep_limit is not None:
                if len(self._kept) >= self.keep_limit:
                    del self._kept[next(iter(self._kept))]
                self._kept[line] = spectrum
            elif keep:
                self._kept[line] = spectrum
            else:
                self._spectra = {line: spectrum}
        return spectrum

    def _buffers(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """This thread's buffers for `counts`: the product of two transforms, its inverse
        transform along the rows, and Q."""
        if not hasattr(self._local, "buffers"):
            half = (self.period, self.period // 2 + 1)
            self._local.buffers = (
                np.empty(half, dtype=np.complex128),
                np.empty(half, dtype=np.complex128),
                np.empty((self.period, self.period)),
            )
        buffers: tuple[np.ndarray, np.ndarray, np.ndarray] = self._local.buffers
        return buffers

    def counts(self, a: Line, b: Line) -> np.ndarray:
        """Counts of the grids (A, B, C) for every third row C: shape (9, 9, 9), entry
        [c1 - 1, c2 - 1, c3 - 1]."""
        from boardlab.families.cnote.line_kernels import triple_counts

        t = self.target
        product, columns, q = self._buffers()
        np.multiply(self.spectrum(a, keep=True), self.spectrum(b), out=product)
        inverse_into(product, columns, q)
        # q[a, b] = Q[T - a, T - b] for the third row's prefixes a, b in 0..T (a reversed view;
        # the kernel rounds each entry it reads)
        return np.rint(triple_counts(q[t::-1, t::-1], t, self.codes)).astype(np.int64)

    def settle(self, a: Line, b: Line) -> tuple[bool, list[Line]]:
        """Decide the pair's needed grids without its transforms, if that is cheap: (whether
        every third row the pair needs (`moves.needed`, Lemma 4) was decided, those among them
        with exactly one solution). A move of ten on rows A and B (`moves.cover`, Lemma 7) shows
        two solutions for most of them; each row left is counted depth-first up to 2 solutions
        (`search.Enumerator`: 2 or more, or the exact count 0 or 1). More than `SETTLE_ROWS`
        rows left, or more than `SETTLE_NODES` search nodes spent on them: not decided."""
        from boardlab.families.cnote.moves import cover, needed

        if self._enumerator is None:
            self._enumerator = Enumerator([self.target] * 3, [self.target] * 3)
        first, second = np.array(a), np.array(b)
        need = needed(first, second)
        left = np.argwhere(need & ~cover(self.target, first, second, self.masks, need))
        if len(left) > SETTLE_ROWS:
            return False, []
        budget, ones = SETTLE_NODES, []
        for row in left.tolist():
            third = tuple(d + 1 for d in row)
            found, spent, complete = self._enumerator.count([list(a), list(b), list(third)], 2, budget)
            budget -= spent
            if found < 2 and not complete:  # the budget ran out first
                return False, []
            if found == 1:  # complete: exactly one solution
                ones.append(third)
        return True, ones


@dataclass
class Scan:
    """The state of an exhaustive scan at one target (what `scan` returns and the command
    prints; the checkpoint is a journal of finished blocks, `scan`)."""

    target: int
    pairs: int
    #: pairs counted (with a checkpoint, those of earlier runs too)
    done: int = 0
    #: canonical forms of the unique grids found so far, as 9-digit codes (`decode`)
    unique: set[int] = field(default_factory=set)
    #: the least positive count among the grids counted so far (0: none yet); once an exact scan
    #: is finished, the least positive count of all 9^9 grids (every orbit is counted); with
    #: `moves`, the least among the pairs counted by transforms, or 1 when a settled pair holds
    #: a unique grid (settled grids have 0, 1 or at least 2 solutions, not counted further)
    least_seen: int = 0
    #: pairs decided without transforms (`PairScanner.settle`: moves of ten, counts up to 2)
    settled: int = 0
    #: whether pairs were first offered to `PairScanner.settle` or all counted by transforms
    moves: bool = True
    #: wall seconds of this run (a resumed scan's earlier runs are not in it)
    seconds: float = 0.0
    executor: str = "serial"
    workers: int = 1

    @property
    def finished(self) -> bool:
        return self.done >= self.pairs

    def grids(self) -> list[Grid]:
        """The unique grids found, one per orbit (canonical forms), in order."""
        return [decode(code, 3) for code in sorted(self.unique)]

    def add(self, pairs: int, block: tuple[int, ...]) -> None:
        """Take in a finished block: `pairs` pairs done, `block` = (least positive count or 0,
        pairs settled without transforms, canonical codes of its unique grids...) as `_scan_blocks`
        returns it."""
        self.done += pairs
        least, settled, *codes = block
        self.settled += settled
        self.unique.update(codes)
        if least:
            self.least_seen = least if self.least_seen == 0 else min(self.least_seen, least)

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "pairs": self.pairs,
            "done": self.done,
            "unique": sorted(self.unique),
            "least_seen": self.least_seen,
            "moves": self.moves,
            "settled": self.settled,
            "seconds": round(self.seconds, 1),
            "executor": self.executor,
            "workers": self.workers,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Scan:
        return cls(
            target=int(data["target"]),
            pairs=int(data["pairs"]),
            done=int(data["done"]),
            unique={int(code) for code in data["unique"]},
            least_seen=int(data.get("least_seen", 0)),
            settled=int(data.get("settled", 0)),
            moves=bool(data.get("moves", False)),
            seconds=float(data.get("seconds", 0.0)),
            executor=str(data.get("executor", "serial")),
            workers=int(data.get("workers", 1)),
        )


#: Pairs per subproblem of a scan: a block of consecutive pairs of `pair_representatives`
#: (ordered by second row, so a block's pairs share their second rows' transforms), the unit the
#: executors hand out and the checkpoint records: 553 blocks, 0.1-0.7 s of CPU each at T = 100-1,000.
BLOCK = 64
#: The executors a scan runs on (`core.executors`); "auto": processes on every local core when
#: there are several and this process may fork, else this process alone.
EXECUTORS = ("auto", "serial", "processes", "ray")
#: Needed third rows left after the moves beyond which `PairScanner.settle` leaves the pair to
#: the transforms, and the search nodes its capped counts may spend on one pair (at T = 620 a
#: left row took 3,100 nodes at the median and 130,000 at most, 0.09 ms on average, in 1,363
#: rows of 64 random pairs the moves did not settle; the pair's transforms take about 10 ms).
SETTLE_ROWS = 120
SETTLE_NODES = 300_000
#: The targets where the scan settles pairs first (`PairScanner.settle`): below 400 it costs
#: more than the transforms it saves (the first 3,000 pairs at 200 / 300 / 400: 5.2 / 9.0 / 10.7
#: s settled against 4.3 / 6.4 / 11.6 s counted); above 2,000 the moves' bit rows grow (the
#: transforms stop fitting in memory well before).
MOVES_TARGETS = range(400, 2_001)
#: The checkpoint journal's kind (its header's "boardlab" key).
KIND = "cnote-3x3-scan"

#: This process's scanner (a worker's, or the caller's in serial): its first rows' transforms
#: are kept from block to block (`PairScanner`), for one target at a time.
_SCANNERS: dict[int, PairScanner] = {}


def _scan_blocks(shared: tuple[int, int, int, bool], chunk: np.ndarray) -> list[tuple[int, ...]]:
    """The executors' task: for each block index in `chunk`, (the least positive count among
    its counted grids, or 0 (1 also when a settled pair has a unique grid); its pairs settled
    without transforms; the canonical codes of its grids with one solution...). `shared` is
    (target, pairs per block, pairs in the scan, whether to settle pairs first)."""
    target, block, end, moves = shared
    scanner = _SCANNERS.get(target)
    if scanner is None:
        _SCANNERS.clear()
        scanner = _SCANNERS[target] = PairScanner(target)
    pairs = pair_representatives()
    answers = []
    for i in chunk.tolist():
        least = settled = 0
        unique: set[int] = set()
        for a, b in pairs[i * block : min((i + 1) * block, end)]:
            if moves:
                done, thirds = scanner.settle(a, b)
                if done:
                    settled += 1
                    if thirds:
                        least = 1
                        unique.update(
                            canonical_codes(
                                np.array([a + b + third for third in thirds]).reshape(-1, 3, 3)
                            ).tolist()
                        )
                    continue
            counts = scanner.counts(a, b)
            ones = np.argwhere(counts == 1)
            if len(ones):
                cells = np.concatenate([np.tile(np.array(a + b), (len(ones), 1)), ones + 1], axis=1)
                unique.update(canonical_codes(cells.reshape(-1, 3, 3)).tolist())
            positive = counts[counts > 0]
            if positive.size:
                smallest = int(positive.min())
                least = smallest if least == 0 else min(least, smallest)
        answers.append((least, settled, *sorted(unique)))
    return answers


def _valid_block(value: Any) -> bool:
    """A checkpoint record's value: (least count >= 0, pairs settled >= 0, 9-digit codes...)."""
    return (
        isinstance(value, tuple)
        and len(value) >= 2
        and all(isinstance(v, int) for v in value)
        and value[0] >= 0
        and value[1] >= 0
        and all(111_111_111 <= v <= 999_999_999 for v in value[2:])
    )


def scan(
    target: int,
    checkpoint: Path | None = None,
    deadline: Deadline = NO_DEADLINE,
    progress: Callable[[Scan], None] | None = None,
    every: float = PROGRESS_EVERY,
    limit: int | None = None,
    *,
    executor: str = "serial",
    workers: int | None = None,
    address: str | None = None,
    block: int = BLOCK,
    stop_after: int | None = None,
    moves: bool = True,
) -> Scan:
    """Scan every representative pair at `target`, collecting the canonical forms of the grids
    with one solution and the least positive count.

    The pairs are cut into blocks of `block` (`BLOCK`), counted by one of `EXECUTORS`
    (`core.executors`: this process, forked processes on `workers` cores, or Ray tasks, on the
    cluster at `address` or a local Ray); a `checkpoint` file journals each finished block
    (`core.executors.Journal`) and a scan of the same target, limit and block size resumes from
    it. Raises `OutOfTime` once `deadline` has passed and KeyboardInterrupt on Ctrl-C (the
    journal keeps what finished); `limit` scans only the first that many pairs (tests, partial
    runs) and `stop_after` stops after that many blocks (tests: a crash). `progress` is called
    every `every` seconds and at the end. With `moves` (the default; at `MOVES_TARGETS` only) a
    pair whose needed grids `PairScanner.settle` decides (moves of ten, counts up to 2) is not
    counted by transforms: the unique orbits are the same, the least count is then the least
    among the pairs counted so."""
    if executor not in EXECUTORS:
        raise BadInput(f"--executor must be one of {', '.join(EXECUTORS)}, got '{executor}'")
    workers = local_cores() if workers is None else workers
    if executor == "auto":
        executor = "processes" if workers > 1 and can_fork() else "serial"
    moves = moves and target in MOVES_TARGETS
    pairs = pair_representatives()  # (cached: callers must not change it)
    end = len(pairs) if limit is None else min(len(pairs), limit)
    state = Scan(target, end, executor=executor, workers=workers if executor != "serial" else 1, moves=moves)
    blocks = -(-end // block)

    def pairs_in(i: int) -> int:  # block i's pairs (the last block may be short)
        return min(block, end - i * block)

    saved = None
    if checkpoint is not None:
        header = {"boardlab": KIND, "target": target, "pairs": end, "block": block, "moves": moves}
        saved = Journal(str(checkpoint), header, "block", _valid_block, blocks, noun="scan")
        for i, value in saved.done.items():
            state.add(pairs_in(i), value)
    started = last = time.perf_counter()
    try:
        deadline.check()
        todo = [i for i in range(blocks) if saved is None or i not in saved.done]
        stream = run(
            executor, _scan_blocks, (target, block, end, moves), chunks(todo, 1), workers, address, deadline
        )
        with closing(stream):
            for count, (chunk, answers) in enumerate(stream, 1):
                for i, value in zip(chunk.tolist(), answers):
                    state.add(pairs_in(i), value)
                    if saved is not None:
                        saved.record(i, value)
                now = time.perf_counter()
                if progress is not None and now - last >= every:
                    state.seconds = now - started
                    progress(state)
                    last = now
                if deadline.expired() or (stop_after is not None and count >= stop_after):
                    break  # (the serial executor looks at the deadline only while a block runs)
    finally:
        state.seconds = time.perf_counter() - started
        if saved is not None:
            saved.close()
    if not state.finished and stop_after is None:
        deadline.check()  # the stream ends early only once the deadline has passed
    if progress is not None:
        progress(state)
    return state


def recorded(target: int) -> dict[str, Any] | None:
    """The shipped record of a finished scan at `target` (`data/cnote-3x3-exhaustive.jsonl`:
    target, pairs, unique orbits, least positive count, CPU seconds and the command that made
    it), or None when no scan at that target is recorded."""
    from boardlab.data import CNOTE_3X3_EXHAUSTIVE, json_lines

    for record in json_lines(CNOTE_3X3_EXHAUSTIVE):
        if record["target"] == target:
            return record
    return None


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.exhaustive --target T [--checkpoint FILE] [--executor E]
    [--workers K] [--address A] [--time-limit S]`: scan, print progress lines to stderr and the
    result as JSON to stdout (exit 0), "unknown" when `--time-limit` passes (exit 3),
    "boardlab: interrupted" on Ctrl-C (exit 130); bad input: one line and exit 2. The
    checkpoint keeps every finished block either way."""
    parser = argparse.ArgumentParser(prog="python -m boardlab.families.cnote.exhaustive")
    parser.add_argument("--target", type=int, required=True)
    parser.add_argument("--checkpoint", type=Path)
    parser.add_argument("--time-limit", type=float)
    parser.add_argument(
        "--executor", default="serial", help=f"one of {', '.join(EXECUTORS)} (default serial)"
    )
    parser.add_argument("--workers", type=int, help="processes or Ray CPUs (default: every local core)")
    parser.add_argument("--address", help="the Ray cluster to join (default: a local Ray)")
    parser.add_argument(
        "--exact",
        action="store_true",
        help="count every pair by transforms (the least count of all grids) instead of settling pairs first",
    )
    args = parser.parse_args(argv)
    if args.target < 3 or args.target > 1_000_000:
        print("boardlab: the target must be between 3 and 1000000", file=sys.stderr)
        return 2
    if args.workers is not None and args.workers < 1:
        print("boardlab: --workers must be at least 1", file=sys.stderr)
        return 2

    def report(state: Scan) -> None:
        print(
            f"{state.done}/{state.pairs} pairs ({100 * state.done / state.pairs:.2f} %), "
            f"{len(state.unique)} unique orbits, least count {state.least_seen}, "
            f"{state.settled} pairs settled, {state.seconds:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    try:
        state = scan(
            args.target,
            args.checkpoint,
            Deadline.after(args.time_limit),
            report,
            executor=args.executor,
            workers=args.workers,
            address=args.address,
            moves=not args.exact,
        )
    except BadInput as error:  # a bad option or checkpoint; Unsupported: no Ray installed
        print(f"boardlab: {error}", file=sys.stderr)
        return 2
    except OutOfTime:
        print("unknown (time limit; the checkpoint holds the progress)")
        return 3
    except KeyboardInterrupt:
        print("boardlab: interrupted", file=sys.stderr)
        return 130
    print(json.dumps(state.to_json()))
    return 0


if __name__ == "__main__":  # pragma: no cover
    run_as_program(main)
