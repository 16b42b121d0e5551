"""C-Note grids two cells wide or high (2 columns, or 2 rows), decided exactly at any line targets.

Such a grid is a set of *lines* of two cells (the rows of a grid of 2 columns, the columns of a
grid of 2 rows): line i, of target t_i, holds (a_i, t_i - a_i), and the first cells (column 1, or
row 1) sum to the first cross line's target C; the second cross line follows (its target is
sum t_i - C when the targets balance, else nothing solves the grid). A line of digits (d, e),
its *type* (81 of them), admits the values S_i = {a in [1, t_i - 1] : a contains d, t_i - a
contains e}, so the solutions are the tuples (a_i in S_i) of sum C and their number is the
coefficient of x^C in prod_i sum_{a in S_i} x^a (`count`): a subset-sum count, as in Lemma 1's
2x2 exhaustion (`pairs`), here over many lines. Lines of equal targets are interchangeable (the
count of a grid does not depend on the order of its lines), so puzzles are multisets of types
per target.

Exact decision (docs/cnote.md, "Lemma 11"). A *state* is (target, type, value a in S). If a digit
grid has exactly one solution (a_i), then for any two lines i != j the sum a_i + a_j has exactly
one representation a + b with a in S_i, b in S_j (ordered): another one (a, b) would make
(a_1, ..., a, ..., b, ..., a_H) a second solution. So the unique solution's states are pairwise
*compatible*, where two states of types tau, sigma and values a, b are compatible when the
number of representations of a + b in S_tau x S_sigma is 1 (two lines of one type therefore
hold one value a, and 2a has the representation (a, a) alone). Every unique puzzle is thus a
multiset of H pairwise compatible states (a state repeated only when compatible with itself)
whose values sum to C; the search (`narrow_kernels.search`) enumerates all of them, the states
of each target in order of value so that the sum bounds the next value from both sides (with k
lines of a target left, the next value v satisfies k v + (the later targets' least values) <= the
rest <= v + (k - 1) (the largest value left) + (the later targets' largest)), and counts each
candidate's digit grid in full (capped at 2: `narrow_kernels._tail_at`, its last lines' values
enumerated against the product of the others, or the prefix products the search keeps). The
same swap on any set of lines gives a stronger necessary condition, checked on the first three
lines (their product from the stored pair counts) and, on dense graphs, on every prefix
(`DEEP`). The candidates counted 1 are all the
unique puzzles there are; when the search ends with none, no digit grid at these targets has
one solution. The compatibilities come from the representation counts of all 81 x 81 pairs of
types at every sum, one FFT product per type (the counts are below 2^53, rounded exactly), the
neighbours of each state packed 64 to a word.

This is a maximal-clique-style enumeration (Bron and Kerbosch, "Finding all cliques of an
undirected graph", 1973, without its pivoting: the cliques sought have a fixed size and sum,
which prune far more than maximality), on the compatibility graph of the swap argument above;
the count is the generating-function product of a subset-sum problem.

`Narrow(rows, cols)` builds the graph once; `search` finds puzzles (seeded: the first line's
states in a random order, the lines of equal targets shuffled), `decide` tells whether one
exists; `survey` and `main` decide the twelve shapes of sides 3-8 at many targets (the shipped
record, `recorded`). Tested against dense counts of every multiset of digit lines, against
brute force's counts (of `count`) and CP-SAT's (of the puzzles it finds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TextIO

import numpy as np

from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.pairs import digits_in

Grid = list[list[int]]
#: The node budget of a search without one (no bound in practice: a search runs to its end;
#: 2 columns of 8 rows at 1,000 ends after 27 million states, 3 s).
NO_LIMIT = 1 << 62


#: The first level (line, from 0) from which the search keeps its prefix's product and checks
#: every prefix, on grids of 2 rows and 6 columns or more (`Narrow.deep`); below it, and on the
#: other grids, only the third line's (from the stored pairs) and the last's (the count).
#: Measured at target 1,000: the kept products pruned few nodes on 2 columns of 5 and 8 rows and
#: 5 columns of 2 rows and cost 5-25 times the time (2x5: 3.1 s against 0.13 s), but on 6
#: columns of 2 rows the first puzzle (seed 0) came after 8.5 million nodes instead of 22.6, on
#: 7 columns at 800 after 1.3 million instead of 8.1.
DEEP = 3
#: ... and on graphs of at most this many states (2 columns of 8 rows at 129, 402 states: the
#: first puzzle after 124,606 nodes with the products kept, 2,734,501 without).
DENSE = 1500

#: The restarts on random subgraphs (`Narrow.find`): states a round may pick, the numbers of
#: types a round keeps and the exponents g of its weights 1 / |S|^g (rarer types likelier).
#: Measured (thirty-ninth session) on 27 undecided shape-targets, seeds 0-1, 5 million states a
#: run: 18 of the 54 runs found a puzzle (10 targets) with rounds of 100,000 states and 8-24
#: types, 18 with 30,000 states and 6-16 types, 15 with rounds on the sparsest types by quantile
#: (5-100 % of the states).
ROUND_NODES = 100_000
SUBSET_SIZES = (8, 12, 16, 24)
SPARSITY = (0.5, 1.0, 2.0)
#: The budgets of `Narrow.settle` when not told, the generator's (`generate.Exact`): the states
#: of the complete search, then those all the restarts' rounds may pick when it stops undecided
#: (`find`'s default too). Chosen so that the generator stays within 10 s of wall on a shared
#: machine: 5 million states of the complete search are 0.5-2 s of CPU (5 columns of 2 rows at
#: 1,000 is proven none after 4.4 million, 2 columns of 5 rows at 300 after 5.5 million); 6
#: million of restarts 2-2.5 s of CPU at most, measured on 2 columns of 8 rows at 300 and 600 and
#: of 7 rows at 400, where 10 million (`find`'s default before the fortieth session) took 1.8-4.1
#: s (thirty-ninth session). One budget each, declared here only.
SEARCH_NODES = 5_000_000
RESTART_NODES = 6_000_000
#: The work (`narrow_kernels.search`'s units: states, words intersected, coefficients of the
#: prefix products, steps of the tails) each of the two phases may spend besides, `settle`'s
#: defaults too: a state's work is 90-8,000 units, so on the costly shapes the states alone let
#: a command run past 10 s (fortieth session: 2 columns of 8 rows at 415, seed 2, 29 s of CPU in
#: the complete search's 5 million states). Measured across twelve shape-targets at 1.1-1.5e9
#: units per CPU second, so the caps are about 3 and 2.3 s; with them 2x8 at 415, 2x7 at 627 and
#: 2x6 at 713 are made for seeds 0-2 in at most 3.3 s of CPU (the restarts find what the
#: complete search, cut earlier, did not), and the cheap shapes stop at their states as before.
SEARCH_WORK = 4_000_000_000
RESTART_WORK = 3_000_000_000


class NotNarrow(ValueError):
    """The grid is neither two columns wide nor two rows high (or is a single line)."""


def members(target: int, width: int | None = None) -> np.ndarray:
    """`out[9 (d - 1) + e - 1, a]`: whether a in [1, target - 1] contains d and target - a
    contains e (digits 1-9); `width` values a (default target + 1), False past the target."""
    a = np.arange(target + 1, dtype=np.int64)
    first, second = digits_in(a), digits_in(target - a)
    out = (first[:, None, :] & second[None, :, :]).reshape(81, target + 1)
    out[:, 0] = out[:, target] = False
    size = target + 1 if width is None else width
    padded = np.zeros((81, size), dtype=bool)
    padded[:, : min(size, target + 1)] = out[:, :size]
    return padded


def representations(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """`out[i, s, j]`: the pairs (a, b) with `first[i, a]`, `second[j, b]` and a + b = s (the
    81 x 81 convolutions, by one FFT a row; exact: every count is below 2^31). In this order
    `fill_bits`' inner loop, over the states j of one state i, reads one contiguous block."""
    length = first.shape[1] + second.shape[1] - 1
    size = 1 << (length - 1).bit_length()
    left = np.fft.rfft(first.astype(np.float64), size)
    right = np.fft.rfft(second.astype(np.float64), size)
    out = np.empty((first.shape[0], length, second.shape[0]), dtype=np.int32)
    for i in range(first.shape[0]):
        out[i] = np.rint(np.fft.irfft(left[i][None, :] * right, size)[:, :length]).T
    return out


def pack(mask: np.ndarray) -> np.ndarray:
    """A boolean mask of states as bits, 64 to a word (bit i of word i // 64), as the
    compatibility rows are."""
    words = -(-len(mask) // 64) or 1
    padded = np.zeros(words * 64, dtype=np.uint64)
    padded[: len(mask)] = mask
    return (padded.reshape(words, 64) << np.arange(64, dtype=np.uint64)).sum(axis=1, dtype=np.uint64)


@dataclass(frozen=True)
class Lines:
    """A grid two cells wide or high as its two-cell lines: their targets, the sum C of their
    first cells, and whether the lines are the grid's columns (a grid of 2 rows)."""

    targets: tuple[int, ...]
    total: int
    columns: bool

    @staticmethod
    def of(rows: list[int], cols: list[int]) -> Lines:
        """The lines of a grid with these targets (2 columns: its rows; else 2 rows: its
        columns). Raises NotNarrow otherwise."""
        if len(cols) == 2 and len(rows) >= 2:
            return Lines(tuple(rows), cols[0], False)
        if len(rows) == 2 and len(cols) >= 2:
            return Lines(tuple(cols), rows[0], True)
        raise NotNarrow(f"a {len(cols)}x{len(rows)} grid is not two cells wide or high")

    def grid(self, values: list[tuple[int, int]]) -> Grid:
        """The grid of the lines' (first, second) entries, lines in order."""
        if self.columns:
            return [[first for first, _ in values], [second for _, second in values]]
        return [[first, second] for first, second in values]


def count(rows: list[int], cols: list[int], digits: Grid, cap: int | None = None) -> int:
    """The number of solutions of a digit grid two cells wide or high (capped at `cap` if
    given), by the polynomial product in Python integers (exact, independent of the kernels)."""
    lines = Lines.of(rows, cols)
    if sum(rows) != sum(cols):
        return 0
    pairs = (
        [(column[0], column[1]) for column in zip(*digits)] if lines.columns else [tuple(r) for r in digits]
    )
    poly = [1] + [0] * lines.total
    for target, (d, e) in zip(lines.targets, pairs):
        admits = members(target)[9 * (d - 1) + e - 1]
        values = [a for a in range(1, min(target, lines.total + 1)) if admits[a]]
        new = [0] * (lines.total + 1)
        for x, ways in enumerate(poly):
            if ways:
                for a in values:
                    if x + a > lines.total:
                        break
                    new[x + a] += ways
        poly = new if cap is None else [min(ways, cap) for ways in new]
    return poly[lines.total]


@dataclass
class Outcome:
    """What a search found: unique puzzles as (digits, solution) pairs, the states picked
    (nodes), the candidates counted in full, and whether it ended (False: stopped by its node
    budget or by the number of puzzles asked for: then a missing puzzle proves nothing)."""

    puzzles: list[tuple[Grid, Grid]] = field(default_factory=list)
    nodes: int = 0
    candidates: int = 0
    complete: bool = True
    #: the restarts' rounds (`Narrow.find`), and the states the complete search picked before
    #: them (`Narrow.settle`; `nodes` counts both)
    rounds: int = 0
    searched: int = 0
    #: the search's work (`narrow_kernels.search`: states, words intersected, coefficients),
    #: what a time budget is given in (`work_limit`)
    work: int = 0

    @property
    def exists(self) -> bool | None:
        """Whether a unique puzzle exists: True (one was found), False (the search ended without
        one: a proof that none exists) or None (stopped first: nothing proven)."""
        return True if self.puzzles else (False if self.complete else None)


@dataclass(frozen=True)
class Graph:
    """The compatibility graph of the lines of some targets (`graph`): each target's states
    (type, value) sorted by value in a segment [start, end) of `values` and `types`, `first_at[g,
    v]` the first state of target g with value >= v, the neighbours of each state as bits, and
    `members[g]` the table of target g (`members`), `admitted[g, type, :sizes[g, type]]` the values
    it admits, increasing, and `pairs[g, h, type, s, type']` the representations of s by a line
    of target g and type and one of target h and type' (`representations`, capped at 2)."""

    targets: tuple[int, ...]
    members: np.ndarray
    values: np.ndarray
    types: np.ndarray
    seg_start: np.ndarray
    seg_end: np.ndarray
    first_at: np.ndarray
    bits: np.ndarray
    admitted: np.ndarray
    sizes: np.ndarray
    pairs: np.ndarray


@lru_cache(maxsize=4)
def graph(targets: tuple[int, ...]) -> Graph:
    """The compatibility graph of lines of these distinct targets (sorted), shared by the grids
    whose lines have them (every 2-column grid of rows at one target; 0.3 s at 1,000)."""
    from boardlab.families.cnote.narrow_kernels import fill_bits

    width = max(targets) + 1
    tables = np.stack([members(t, width) for t in targets])
    values: list[int] = []
    types: list[int] = []
    starts: list[int] = []
    ends: list[int] = []
    for g in range(len(targets)):
        starts.append(len(values))
        by_value, by_type = np.nonzero(tables[g].T)  # by value, then type
        values.extend(by_value.tolist())
        types.extend(by_type.tolist())
        ends.append(len(values))
    value_of = np.array(values, dtype=np.int64)
    type_of = np.array(types, dtype=np.int64)
    first_at = np.empty((len(targets), width + 1), dtype=np.int64)
    for g in range(len(targets)):
        first_at[g] = starts[g] + np.searchsorted(value_of[starts[g] : ends[g]], np.arange(width + 1))
    bits = np.zeros((len(values), -(-len(values) // 64) or 1), dtype=np.uint64)
    pairs = np.zeros((len(targets), len(targets), 81, 2 * width - 1, 81), dtype=np.int8)
    for g in range(len(targets)):
        for h in range(g, len(targets)):
            reps = representations(tables[g], tables[h])
            pairs[g, h] = np.minimum(reps, 2)
            fill_bits(bits, reps, type_of, value_of, (starts[g], ends[g]), (starts[h], ends[h]))
            if h != g:
                pairs[h, g] = pairs[g, h].transpose(2, 1, 0)
                turned = np.ascontiguousarray(reps.transpose(2, 1, 0))
                fill_bits(bits, turned, type_of, value_of, (starts[h], ends[h]), (starts[g], ends[g]))
    sizes = tables.sum(axis=2).astype(np.int64)
    admitted = np.zeros((len(targets), 81, max(1, int(sizes.max()))), dtype=np.int64)
    for g in range(len(targets)):
        for t in range(81):
            admitted[g, t, : sizes[g, t]] = np.nonzero(tables[g, t])[0]
    return Graph(
        targets, tables, value_of, type_of, np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64),
        first_at, bits, admitted, sizes, pairs,
    )  # fmt: skip


class Narrow:
    """A grid two cells wide or high at its line targets: its compatibility graph (`graph`, built
    once; 0.3 s at target 1,000 with its kernels compiled), and the searches on it (`search`)."""

    def __init__(self, rows: list[int], cols: list[int]):
        self.lines = Lines.of(rows, cols)
        self.balanced = sum(rows) == sum(cols)
        self.graph = graph(tuple(sorted(set(self.lines.targets))))
        self.targets = self.graph.targets
        # the lines of each target, in the grid's order, and the pick order (grouped by target)
        self.lines_of = [
            [i for i, t in enumerate(self.lines.targets) if t == target] for target in self.targets
        ]
        self.pick_group = np.array(
            [g for g, lines in enumerate(self.lines_of) for _ in lines], dtype=np.int64
        )

    @property
    def mirrored(self) -> bool:
        """Whether the grid's two cross lines have equal targets (the lines' first cells sum to
        half their targets' sum), so that swapping them (`search`'s `mirror`) maps its puzzles
        onto its puzzles."""
        return self.balanced and 2 * self.lines.total == sum(self.lines.targets)

    @property
    def states(self) -> int:
        """The states (target, type, value) of the graph."""
        return len(self.graph.values)

    def search(
        self,
        seed: int | None = None,
        max_found: int = 1,
        node_limit: int = NO_LIMIT,
        deep: int | None = None,
        allowed: np.ndarray | None = None,
        work_limit: int = NO_LIMIT,
        mirror: bool = False,
    ) -> Outcome:
        """Unique puzzles, at most `max_found` of them, within `node_limit` states picked and
        `work_limit` units of work (`narrow_kernels.search`: a state's cost varies twentyfold
        between shapes and targets, its work follows the time).

        Without a seed the first line's states are tried in order of value and each multiset's
        lines are given in the order of the grid's lines of each target; with one, both are
        shuffled by `random.Random(seed)` (the same seed, the same puzzles). A complete outcome
        with fewer than `max_found` puzzles lists every unique puzzle up to the order of lines
        of equal targets (at most one order of each is given). With `mirror` (on the whole graph
        of a grid whose two cross lines have equal targets only: `mirrored`), one of each pair of
        mirror images is searched (`narrow_kernels.search`): the same answer, fewer states picked, and the puzzles
        listed some puzzles' mirror images (the grid's cross lines swapped)."""
        if mirror and (not self.mirrored or allowed is not None):
            raise ValueError("mirror needs cross lines of equal targets and the whole graph")
        if max_found < 1 or node_limit < 0 or work_limit < 0:
            raise ValueError("max_found must be at least 1, node_limit and work_limit at least 0")
        if not self.balanced:
            return Outcome()  # no solution at all
        from boardlab.families.cnote.narrow_kernels import search

        rng = random.Random(seed)
        g = self.graph
        first = np.arange(g.seg_start[0], g.seg_end[0], dtype=np.int64)
        if seed is not None:
            rng.shuffle(first)  # type: ignore[arg-type]  # numpy arrays shuffle in place
        mask = np.ones(self.states, dtype=bool) if allowed is None else allowed
        found, nfound, nodes, candidates, complete, work = search(
            g.bits, g.values, g.types, g.seg_start, g.seg_end,
            g.first_at, self.pick_group, self.lines.total, g.admitted, g.sizes, g.pairs,
            self.deep() if deep is None else deep, first, max_found, node_limit, pack(mask), work_limit,
            int(g.targets[0]) if mirror else 0,
        )  # fmt: skip
        outcome = Outcome([], int(nodes), int(candidates), bool(complete), work=int(work))
        for picks in found[:nfound]:
            outcome.puzzles.append(self._puzzle([int(p) for p in picks], rng if seed is not None else None))
        return outcome

    def find(
        self, seed: int | None = None, node_limit: int = RESTART_NODES, work_limit: int = NO_LIMIT
    ) -> Outcome:
        """A unique puzzle by short searches on random subgraphs (restarts), within `node_limit`
        states picked and `work_limit` units of work in all: each round keeps the states of a few
        types (`SUBSET_SIZES` of the 81, drawn without replacement with weights 1 / |S|^g, |S| the
        type's admitted values at its sparsest target and g one of `SPARSITY`), searches that subgraph with a fresh seed
        for at most `ROUND_NODES` states, and stops at the first puzzle. Unique puzzles in the
        dense graphs are made of rare types (|S| of 6-15 against 20-300 for most), whose states
        the full search meets only after the dense types' many pairwise compatible multisets
        whose count is 2 or more; a subgraph keeps the multisets of its types, so every puzzle
        found is one the full search lists (its count is the same full count), but a round that
        ends proves nothing about the graph: the outcome is never complete without a puzzle.
        The rounds are Luby-style restarts (Luby, Sinclair and Zuckerman, "Optimal speedup of Las
        Vegas algorithms", 1993) at a fixed length. Deterministic for a seed."""
        if node_limit < 0 or work_limit < 0:
            raise ValueError("node_limit and work_limit must be at least 0")
        outcome = Outcome(complete=False)
        if not self.balanced:
            return Outcome()  # no solution at all
        rng = np.random.default_rng(seed)
        g = self.graph
        sizes = np.where(g.sizes > 0, g.sizes, np.iinfo(np.int64).max).min(axis=0)
        usable = np.nonzero(sizes < np.iinfo(np.int64).max)[0]
        while outcome.nodes < node_limit and outcome.work < work_limit:
            k = min(int(rng.choice(SUBSET_SIZES)), len(usable))
            weights = 1.0 / sizes[usable].astype(np.float64) ** float(rng.choice(SPARSITY))
            kept = np.zeros(81, dtype=bool)
            kept[rng.choice(usable, size=k, replace=False, p=weights / weights.sum())] = True
            part = self.search(
                seed=int(rng.integers(1 << 62)),
                node_limit=min(ROUND_NODES, node_limit - outcome.nodes),
                allowed=kept[g.types],
                work_limit=work_limit - outcome.work,
            )
            outcome.nodes += part.nodes
            outcome.work += part.work
            outcome.candidates += part.candidates
            outcome.rounds += 1
            if part.puzzles:
                outcome.puzzles = part.puzzles
                break
        return outcome

    def settle(
        self,
        seed: int | None,
        node_limit: int = SEARCH_NODES,
        restart_nodes: int = RESTART_NODES,
        work_limit: int = SEARCH_WORK,
        restart_work: int = RESTART_WORK,
        deep: int | None = None,
        mirror: bool = False,
    ) -> Outcome:
        """The complete search (`search`, `node_limit` states, `work_limit` work) and, when it
        stops undecided, the restarts (`find`, `restart_nodes` states and `restart_work` work
        more): a puzzle, a proof that none exists (the complete search ended without one), or
        undecided. The outcome's nodes and work are both phases'. The default budgets are the
        generator's (`SEARCH_NODES`, `RESTART_NODES`, `SEARCH_WORK`, `RESTART_WORK`); `deep` and
        `mirror` are the complete search's (`search`; the mirror only where `mirrored`)."""
        mirror = mirror and self.mirrored
        outcome = self.search(
            seed=seed, node_limit=node_limit, work_limit=work_limit, deep=deep, mirror=mirror
        )
        outcome.searched = outcome.nodes
        if outcome.exists is not None or restart_nodes <= 0 or restart_work <= 0:
            return outcome
        found = self.find(seed, restart_nodes, restart_work)
        found.nodes += outcome.nodes
        found.work += outcome.work
        found.candidates += outcome.candidates
        found.searched = outcome.nodes
        return found

    def deep(self) -> int:
        """The first level whose prefix product the search keeps (`narrow_kernels.search`):
        `DEEP` on grids of 2 rows and 6 columns or more and on graphs of at most `DENSE` states
        (small targets), else none (the lines' count)."""
        lines = len(self.lines.targets)
        dense = self.lines.columns and lines >= 6 or self.states <= DENSE
        return DEEP if dense else lines

    def _puzzle(self, picks: list[int], rng: random.Random | None) -> tuple[Grid, Grid]:
        """The digit grid and solution of picked states (in pick order: grouped by target)."""
        digits: list[tuple[int, int]] = [(0, 0)] * len(self.lines.targets)
        values: list[tuple[int, int]] = [(0, 0)] * len(self.lines.targets)
        at = 0
        for g, lines in enumerate(self.lines_of):
            group = picks[at : at + len(lines)]
            at += len(lines)
            if rng is not None:
                rng.shuffle(group)
            for line, state in zip(lines, group):
                d, e = divmod(int(self.graph.types[state]), 9)
                a = int(self.graph.values[state])
                digits[line] = (d + 1, e + 1)
                values[line] = (a, self.targets[g] - a)
        return self.lines.grid(digits), self.lines.grid(values)


def search(
    rows: list[int], cols: list[int], seed: int | None = None, max_found: int = 1, node_limit: int = NO_LIMIT
) -> Outcome:
    """`Narrow(rows, cols).search(seed, max_found, node_limit)`."""
    return Narrow(rows, cols).search(seed, max_found, node_limit)


def unique_puzzles(rows: list[int], cols: list[int]) -> list[tuple[Grid, Grid]]:
    """Every unique puzzle at these targets, one order of lines of equal targets each (the
    others are the same puzzle with its lines permuted), sorted. Raises NotNarrow for other
    shapes."""
    outcome = Narrow(rows, cols).search(max_found=1 << 30)
    return sorted(outcome.puzzles)


def decide(rows: list[int], cols: list[int], node_limit: int = NO_LIMIT) -> bool | None:
    """Whether a unique puzzle exists at these targets: True, False (the search ended without
    one: a proof that none exists), None (the node budget ran out first)."""
    return Narrow(rows, cols).search(node_limit=node_limit).exists


#: The shapes of the survey (W columns x H rows): every grid two cells wide or high of sides 3-8.
SHAPES = [(2, h) for h in range(3, 9)] + [(w, 2) for w in range(3, 9)]


def survey(
    shapes: list[tuple[int, int]],
    targets: range | list[int],
    out: TextIO,
    node_limit: int = NO_LIMIT,
    seed: int = 0,
    restart_nodes: int = 0,
    work_limit: int = NO_LIMIT,
    restart_work: int = NO_LIMIT,
    only: dict[tuple[int, int], set[int]] | None = None,
    deep: int | None = None,
    mirror: bool = False,
) -> None:
    """Decide every shape at every target (every row at the target, the columns
    `column_targets`), one JSON line each to `out`: size, target, whether a unique puzzle
    exists, the first one found (`seed`: the first line's states in a random order, which
    finds puzzles far sooner than the order of values) if so, the nodes and candidates of the search and
    its CPU seconds (the graph's build included where the target's graph was not cached);
    `"unique": null` when `node_limit` stopped the search first. With `restart_nodes`, a search
    stopped undecided is followed by the restarts (`Narrow.settle`), recorded as
    `restart_nodes` (the budget), `searched` (the complete search's states) and `rounds`. With a
    `work_limit` or `restart_work` (fortieth session), each phase stops at that work too, and the
    line records both budgets and the `work` spent. Targets in the order given, the shapes in
    theirs at each; with `only`, a shape runs only at its targets there (e.g. those the shipped
    survey left undecided: `undecided`). `deep` and `mirror` go to the complete search
    (`Narrow.settle`; forty-second session) and are recorded when given (`mirror` only on the
    shape-targets where it applies: `Narrow.mirrored`)."""
    for target in targets:
        for width, height in shapes:
            rows, cols = [target] * height, column_targets(target, height, width)
            if target < width or min(cols) < height:
                continue
            if only is not None and target not in only.get((width, height), set()):
                continue
            start = time.process_time()
            grid = Narrow(rows, cols)
            outcome = grid.settle(seed, node_limit, restart_nodes, work_limit, restart_work, deep, mirror)
            record: dict[str, Any] = {
                "size": f"{width}x{height}",
                "target": target,
                "unique": outcome.exists,
                "nodes": outcome.nodes,
                "candidates": outcome.candidates,
                "seconds": round(time.process_time() - start, 3),
                "node_limit": node_limit,
            }
            if restart_nodes:
                record.update(restart_nodes=restart_nodes, searched=outcome.searched, rounds=outcome.rounds)
            if work_limit < NO_LIMIT or restart_work < NO_LIMIT:
                record.update(work_limit=work_limit, restart_work=restart_work, work=outcome.work)
            if deep is not None:
                record["deep"] = deep
            if mirror and grid.mirrored:
                record["mirror"] = True
            if outcome.puzzles:
                record["digits"] = outcome.puzzles[0][0]
            out.write(json.dumps(record) + "\n")
            out.flush()


#: The node budget of the shipped survey's first lines, written before `survey` wrote its budget.
FIRST_PASS = 1_000_000


def _span(targets: set[int]) -> tuple[int, int, list[int]]:
    """A shape's targets surveyed as a record writes them: `from`, `to` (the first run of
    consecutive targets) and `also` (the others, increasing)."""
    ordered = sorted(targets)
    to = ordered[0]
    while to + 1 in targets:
        to += 1
    return ordered[0], to, [t for t in ordered if t > to]


def _tally(record: dict[str, Any], line: dict[str, Any]) -> None:
    """Add one survey line's cost to its shape's record: its CPU seconds, the slowest line, the
    node budget and the restarts' budget used (each listed once, in the order first met)."""
    record["cpu_seconds"] += line["seconds"]
    limits = record.setdefault("node_limits", [])
    if line.get("node_limit", FIRST_PASS) not in limits:
        limits.append(line.get("node_limit", FIRST_PASS))
    if line.get("restart_nodes") and line["restart_nodes"] not in record.setdefault("restart_nodes", []):
        record["restart_nodes"].append(line["restart_nodes"])
    if line["seconds"] > record["slowest"][1]:
        record["slowest"] = [line["target"], line["seconds"]]


def _answers(record: dict[str, Any], answers: dict[int, bool | None]) -> None:
    """Set a record's targets surveyed and its answers (`from`, `to`, `also`, `unique`, `none`,
    `undecided`) from one answer a target (True, False or None: undecided)."""
    record["from"], record["to"], record["also"] = _span(set(answers))
    record["unique"] = sum(answer is True for answer in answers.values())
    record["none"] = sorted(t for t, answer in answers.items() if answer is False)
    record["undecided"] = sorted(t for t, answer in answers.items() if answer is None)


def summary(lines: list[dict[str, Any]], command: str) -> list[dict[str, Any]]:
    """The survey's lines (`survey`) as one record per shape, for `data/cnote-narrow.jsonl`:
    the targets surveyed (every one from `from` to `to`, and the targets `also` beyond), those
    without a unique puzzle (`none`), those left undecided, how many have one, the CPU seconds
    of every line given and the slowest line's, the node budgets used (and the restarts'
    budgets, `restart_nodes`, where a pass ran them). A later line of a shape and target
    replaces an earlier one's answer (a second pass); its CPU is added (the CPU spent). Shapes
    in the order of their sizes; `merge` folds new lines into such records to the same records
    as `summary` of all the lines. (Before the fortieth session `cpu_seconds` and `slowest`
    counted each target's latest line only: the shipped records' CPU before that session's
    lines is so.)"""
    shapes: dict[str, dict[str, Any]] = {}
    answers: dict[str, dict[int, bool | None]] = {}
    for line in lines:
        record = shapes.setdefault(
            line["size"],
            {"size": line["size"], "from": line["target"], "to": line["target"], "unique": 0, "none": [],
             "undecided": [], "also": [], "cpu_seconds": 0.0, "slowest": [0, 0.0], "command": command},
        )  # fmt: skip
        answers.setdefault(line["size"], {})[line["target"]] = line["unique"]
        _tally(record, line)
    for size, record in shapes.items():
        _answers(record, answers[size])
        record["cpu_seconds"] = round(record["cpu_seconds"], 3)
    return [shapes[size] for size in sorted(shapes)]


def merge(records: list[dict[str, Any]], lines: list[dict[str, Any]], command: str) -> list[dict[str, Any]]:
    """Shipped records (`summary`'s) with new survey lines folded in: a new line's answer
    replaces the record's at its shape and target (or adds the target), its CPU seconds are
    added, the slowest line and the budgets updated, and the record's command gets `; then `
    and `command`; a shape without a record gets a new one (its command `command`), a record
    without new lines is unchanged. Equal to `summary` of the record's lines and the new ones
    (but for the command): the records keep what `summary` needs of their lines."""
    merged = {record["size"]: dict(record) for record in records}
    touched: dict[str, dict[int, bool | None]] = {}
    for line in lines:
        size = line["size"]
        if size not in touched:
            if size in merged:
                old = merged[size] = json.loads(json.dumps(merged[size]))  # a deep copy
                surveyed = set(range(old["from"], old["to"] + 1)) | set(old["also"])
                touched[size] = {t: None if t in old["undecided"] else t not in old["none"] for t in surveyed}
                old["command"] = f"{old['command']}; then {command}"
            else:
                merged[size] = summary([line], command)[0]
                merged[size]["cpu_seconds"], merged[size]["slowest"] = 0.0, [0, 0.0]
                merged[size]["node_limits"] = []
                touched[size] = {}
        touched[size][line["target"]] = line["unique"]
        _tally(merged[size], line)
    for size, answers in touched.items():
        _answers(merged[size], answers)
        merged[size]["cpu_seconds"] = round(merged[size]["cpu_seconds"], 3)
    order = [record["size"] for record in records]
    return [merged[size] for size in order] + [merged[size] for size in sorted(set(merged) - set(order))]


def undecided(shapes: list[tuple[int, int]]) -> dict[tuple[int, int], set[int]]:
    """The targets the shipped survey (`recorded`) left undecided on each shape (KeyError for a
    shape it has no record of)."""
    out = {}
    for width, height in shapes:
        record = recorded(width, height)
        if record is None:
            raise KeyError(f"{width}x{height}")
        out[width, height] = set(record["undecided"])
    return out


def _error(message: str) -> int:
    print(f"boardlab: error: {message}", file=sys.stderr)
    return 2


def _read_lines(path: str, what: str) -> list[dict[str, Any]]:
    """The JSON lines of a file (blank lines skipped); ValueError naming the file and line."""
    out = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, text in enumerate(handle, 1):
                if text.strip():
                    try:
                        record = json.loads(text)
                    except json.JSONDecodeError as error:
                        raise ValueError(f"{path}:{number}: not JSON ({error.msg})") from None
                    if not isinstance(record, dict) or any(key not in record for key in what.split()):
                        raise ValueError(f"{path}:{number}: a line must be an object with {what}")
                    out.append(record)
    except OSError as error:
        raise ValueError(f"{path}: {error.strerror}") from None
    return out


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.narrow [--sizes 2x3,3x2,...] [--from A] [--to B]
    [--node-limit N] [--restart-nodes N] [--work-limit W] [--restart-work W] [--seed S] [--undecided]
    [--descending] [--step K] [--deep K] [--mirror]`: the
    survey's JSON lines (`survey`) on stdout, at every target from A to B (down from B with
    `--descending`; every K-th with `--step`: A, A + K, ..., or B, B - K, ...), or with
    `--undecided` only at those of them the shipped survey left undecided on each shape
    (`recorded`); `--restart-nodes` runs the restarts after a complete search stopped undecided
    (`Narrow.settle`); `--work-limit` and `--restart-work` bound each phase's work too (fortieth
    session: `narrow_kernels.search`'s units, about 1e9 a CPU second); `--deep` and `--mirror`
    change the complete search (`Narrow.search`; the answers are the same). With `--summary FILE`,
    such lines as one record per shape (`summary`) on stdout, or with `--merge-into RECORDS`
    folded into those records (`merge`), the file rewritten (`--note TEXT`: what the record's
    command gets; default this command).
    Bad input: one line and exit 2."""
    parser = argparse.ArgumentParser(prog="python -m boardlab.families.cnote.narrow")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SHAPES))
    parser.add_argument("--from", dest="low", type=int, default=2)
    parser.add_argument("--to", dest="high", type=int, default=1000)
    parser.add_argument("--node-limit", type=int, default=NO_LIMIT)
    parser.add_argument("--restart-nodes", type=int, default=0, help="restarts after a stopped search")
    parser.add_argument("--work-limit", type=int, default=NO_LIMIT, help="the complete search's work")
    parser.add_argument("--restart-work", type=int, default=NO_LIMIT, help="the restarts' work")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deep", type=int, help="the complete search's first kept prefix (`Narrow.deep`)")
    parser.add_argument(
        "--mirror", action="store_true", help="search one of each pair of mirror puzzles (equal cross lines)"
    )
    parser.add_argument(
        "--undecided", action="store_true", help="only the shipped survey's undecided targets"
    )
    parser.add_argument("--descending", action="store_true", help="targets from the largest down")
    parser.add_argument("--step", type=int, default=1, help="every STEP-th target from --from (or --to)")
    parser.add_argument("--summary", help="a survey's JSON lines: print one record per shape instead")
    parser.add_argument("--merge-into", help="with --summary: fold the lines into these records (rewritten)")
    parser.add_argument("--note", help="with --merge-into: the pass's description for the records' command")
    args = parser.parse_args(argv)
    if (args.merge_into or args.note) and not args.summary:
        return _error("--merge-into and --note need --summary")
    if args.summary:
        command = " ".join(
            ["python -m boardlab.families.cnote.narrow", *(argv if argv is not None else sys.argv[1:])]
        )
        try:
            survey_lines = _read_lines(args.summary, "size target unique seconds")
            if args.merge_into:
                records = _read_lines(args.merge_into, "size from to unique none undecided also")
        except ValueError as error:
            return _error(str(error))
        if not args.merge_into:
            for record in summary(
                survey_lines, f"python -m boardlab.families.cnote.narrow --summary {args.summary}"
            ):
                print(json.dumps(record))
            return 0
        merged = merge(records, survey_lines, args.note or command)
        with open(args.merge_into, "w", encoding="utf-8") as out:
            out.writelines(json.dumps(record) + "\n" for record in merged)
        return 0
    try:
        shapes = [(int(w), int(h)) for w, h in (size.split("x") for size in args.sizes.split(","))]
    except ValueError:
        return _error(f"--sizes must be a list such as 2x3,3x2, got {args.sizes!r}")
    for width, height in shapes:
        if min(width, height) != 2 or max(width, height) < 2:
            return _error(f"{width}x{height} is not two cells wide or high")
    if min(args.node_limit, args.restart_nodes, args.work_limit, args.restart_work) < 0 or args.step < 1:
        return _error(
            "--node-limit, --restart-nodes, --work-limit and --restart-work must be at least 0, --step at least 1"
        )
    try:
        only = undecided(shapes) if args.undecided else None
    except KeyError as error:
        return _error(f"--undecided: the shipped survey has no record of {error.args[0]}")
    targets = (
        range(args.high, args.low - 1, -args.step)
        if args.descending
        else range(args.low, args.high + 1, args.step)
    )
    survey(
        shapes, targets, sys.stdout, args.node_limit, args.seed, args.restart_nodes,
        args.work_limit, args.restart_work, only=only, deep=args.deep, mirror=args.mirror,
    )  # fmt: skip
    return 0


@lru_cache(maxsize=1)
def _records() -> dict[str, dict[str, Any]]:
    from boardlab.data import CNOTE_NARROW, json_lines

    return {record["size"]: record for record in json_lines(CNOTE_NARROW)}


def recorded(width: int, height: int) -> dict[str, Any] | None:
    """The shipped survey of a shape (`data/cnote-narrow.jsonl`: every row at the target, the
    columns `column_targets`; the targets surveyed, those where no unique puzzle exists, those
    the survey's node budget left undecided, its command and CPU seconds), or None."""
    return _records().get(f"{width}x{height}")


def recorded_none(width: int, height: int, target: int) -> bool:
    """Whether the shipped survey proved that no unique puzzle exists on this shape at this
    target (every row at it, the columns `column_targets`)."""
    record = recorded(width, height)
    return record is not None and target in record["none"]


if __name__ == "__main__":
    run_as_program(main)
