"""C-Note grids three cells wide or high (3 columns, or 3 rows; not 3x3): unique puzzles whose
lines but one are of the rarest digit types, found exactly (docs/cnote.md, "Lemma 12").

Such a grid is a set of *lines* of three cells (the rows of a grid of 3 columns, the columns of
a grid of 3 rows): line i, of target t_i, holds (a_i, b_i, t_i - a_i - b_i), and the first two
cells sum to the first two cross lines' targets (C_1, C_2); the third follows when the targets
balance. A line of digits (d_1, d_2, d_3), its *type* (729), admits the set S of (a, b) whose
three numbers are positive and contain d_1, d_2, d_3, so the number of solutions is the
coefficient of x^C_1 y^C_2 in the product of the lines' 2D indicator polynomials
(`convolution`'s count, capped here at 2). Lemma 11's swap holds unchanged in two dimensions
(Lemma 12): in a grid with exactly one solution any two lines' states (target, type, (a, b))
are *compatible*, the sum of their values having exactly one representation in S_i x S_j.

The search. The heat bath's puzzles beyond its reach (4 columns of 3 rows at 240, 6 at 300, 8 at
380) have all their lines but one or two of the very rarest types (those of fewest values,
mostly of digits 8 and 9), the last of any. So a *round* takes the `core` rarest types of each
line target, lets every line but one (the *free* line, one of the last target's) take their
states, and enumerates every multiset of pairwise compatible core states (the compatibilities
from the 2D representation counts of each pair of core types, one FFT product each: Cooley and
Tukey, 1965) whose sums leave the free line a value (`wide_kernels.search`, the sum bounding
each pick from both sides as in `narrow`); the free line's value is then fixed by the sums, and
its type may be any of the at most 27 its three numbers' digits allow. Each such grid is
counted in full: the product P of the core lines' polynomials (capped at 2 after each
multiplication, which keeps a count of 0, 1 or "2 or more" exact; kept per multiset of core
types) read against the free line's indicator, sum over x in S_free of P[C - x]. Since the
forty-third session P is made as the reach of the core lines' partial sums in two bitsets (at
least one way, at least two: `capped`, `dp3_kernels.spread_capped`), one line at a time from
the longest sorted prefix kept, about fifty times faster than the FFT products on rare types;
the FFT product (`product`, `count`) checks every puzzle found once. Every grid counted 1 is
unique; a round that ends has listed all unique puzzles whose core lines are of
its types. Rounds grow the core (`CORES`) within the budgets (`NODES`: states picked; `COUNTS`:
grids counted). Never a proof that no puzzle exists: the restriction to rare types is a guess
(measured: forty-second session, docs/cnote-journal.md).

This is the maximal-clique-style enumeration of `narrow` (Bron and Kerbosch, 1973, without
pivoting, pruned by the sums) on the 2D compatibility graph, and the rare-type restriction of
`narrow`'s restarts made deterministic (the rarest types, all of them). Tested against brute
force's and the dense product's counts on small targets and against CP-SAT's.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from boardlab.core.errors import SolverBug
from boardlab.families.cnote.convolution import smooth

Grid = list[list[int]]
#: The 729 line types (d_1, d_2, d_3), digits 1-9, in this order everywhere.
Kind = tuple[int, int, int]
TYPES: tuple[Kind, ...] = tuple((a, b, c) for a in range(1, 10) for b in range(1, 10) for c in range(1, 10))
#: The rounds' core sizes (the rarest types of each line target the core lines take), in order.
CORES = (3, 4, 5, 6, 8)
#: The states a whole search may pick (`wide_kernels.search`), the grids it may count in full and
#: the products of core lines it may make (`Wide.capped`), across its rounds: chosen so that the
#: generator's route stays within a few seconds of CPU (forty-second session: 300,000, 10,000
#: and 150 FFT products, then the costly part; forty-third session, helper, branch wide-s64,
#: with the bitset products: 600,000, 30,000 and 3,000, a failing search 1.1-2.8 s of CPU,
#: in-process survey of the 3-wide shapes above their figures; budgets of 2 million, 60,000 and
#: 6,000 found nothing more at the 17 shape-targets tried just above the new figures, see
#: `generate.RECTANGLES_REACHED`).
NODES = 600_000
COUNTS = 30_000
PRODUCTS = 3_000
#: Prefixes of core products `Wide.capped` keeps (two bitsets each: 47 kB on a box of 417 x 417).
BITS_KEPT = 2048
#: The classes (two lines free) `Wide.classes` counts for one seed, and the rarest types of its
#: target each fixed line of a class takes: 0.2-0.3 s of CPU a class (`twolines.free_counts`), so
#: that a failing route stays within a few seconds (fifty-fifth session; 4x3 243 and 3x5 171 are
#: in the first 12 of their rankings, all 10 and 20 classes with a core of 4).
CLASSES = 12
CLASS_CORE = 4
#: The rows one round's kernel returns at most (their grids counted before the next batch).
BATCH = 50_000


class NotWide(ValueError):
    """The grid is not three cells wide or high (or is 3x3, or a single line)."""


@lru_cache(maxsize=4)
def _contains(top: int) -> np.ndarray:
    """`out[d, v]`: the decimal writing of v (1..top) contains digit d (0 for v = 0)."""
    out = np.zeros((10, top + 1), dtype=bool)
    for value in range(1, top + 1):
        for ch in str(value):
            out[int(ch), value] = True
    out[0, :] = False
    return out


def members(target: int, kind: tuple[int, int, int]) -> np.ndarray:
    """`out[a, b]` (shape target + 1 square): a, b and target - a - b are positive and contain
    the type's digits."""
    contains = _contains(max(target, 1))
    a = np.arange(target + 1)
    third = target - a[:, None] - a[None, :]
    out = contains[kind[0]][:, None] & contains[kind[1]][None, :] & (third >= 1)
    out &= contains[kind[2]][np.where(third >= 1, third, 0)]
    return np.asarray(out, dtype=bool)


def sizes_of(target: int) -> np.ndarray:
    """`out[d_1, d_2, d_3]`: the number of (a, b) of `members(target, (d_1, d_2, d_3))`, for all
    729 types at once (sum over a, b of [a has d_1] [b has d_2] [target - a - b has d_3])."""
    contains = _contains(max(target, 1)).astype(np.float64)
    a = np.arange(target + 1)
    third = target - a[:, None] - a[None, :]
    out = np.zeros((10, 10, 10))
    for d in range(1, 10):
        last = np.where(third >= 1, contains[d][np.where(third >= 1, third, 0)], 0.0)
        out[:, :, d] = contains @ last @ contains.T
    return np.rint(out).astype(np.int64)


def digits(number: int) -> list[int]:
    """The non-zero digits of a positive number, each once, increasing."""
    return sorted({int(ch) for ch in str(number)} - {0})


@dataclass
class Outcome:
    """What a search found: its puzzles (digit grid, solution; the caller's orientation), the
    states it picked, the grids it counted, the rounds it ran and whether its budgets stopped
    it."""

    puzzles: list[tuple[Grid, Grid]] = field(default_factory=list)
    nodes: int = 0
    counted: int = 0
    products: int = 0
    rounds: int = 0
    stopped: bool = False


class Wide:
    """Grids three cells wide or high with these line targets (`rows`, `cols`: the caller's
    orientation). Raises NotWide for other shapes."""

    def __init__(self, rows: list[int], cols: list[int]):
        height, width = len(rows), len(cols)
        if min(height, width) != 3 or max(height, width) <= 3:
            raise NotWide(f"a {width}x{height} grid is not three cells wide or high (3x3 excluded)")
        self.transposed = width != 3
        self.rows, self.cols = list(rows), list(cols)
        self.lines, cross = (list(cols), list(rows)) if self.transposed else (list(rows), list(cols))
        self.point = (cross[0], cross[1])
        self.balanced = sum(self.lines) == sum(cross) and min(cross) >= 1 and min(self.lines) >= 3
        self.targets = sorted(set(self.lines))
        self.many = {t: self.lines.count(t) for t in self.targets}
        self.shape = (cross[0] + 1, cross[1] + 1)
        self.period = smooth(2 * max(self.lines) + 1)
        self._members: dict[tuple[int, tuple[int, int, int]], np.ndarray] = {}
        self._spectra: dict[tuple[int, tuple[int, int, int]], np.ndarray] = {}
        self._pairs: dict[tuple[tuple[int, tuple[int, int, int]], ...], np.ndarray] = {}
        self._products: dict[tuple[tuple[tuple[int, tuple[int, int, int]], ...], bool], np.ndarray] = {}
        self._points: dict[tuple[int, tuple[int, int, int]], tuple[np.ndarray, np.ndarray]] = {}
        self._bits: dict[tuple[tuple[int, tuple[int, int, int]], ...], tuple[np.ndarray, np.ndarray]] = {}
        #: products made (`product`), for the budgets
        self.made = 0
        self.rarest: dict[int, list[tuple[int, int, int]]] = {}
        for t in self.targets:
            sizes = sizes_of(t)
            ranked = sorted((int(sizes[kind[0], kind[1], kind[2]]), kind) for kind in TYPES)
            self.rarest[t] = [kind for size, kind in ranked if size > 0]

    def member(self, target: int, kind: tuple[int, int, int]) -> np.ndarray:
        """The type's admissible (a, b) at this target, cut (or padded) to the point's box."""
        key = (target, kind)
        if key not in self._members:
            full = members(target, kind)
            box = np.zeros(self.shape, dtype=bool)
            a, b = min(full.shape[0], self.shape[0]), min(full.shape[1], self.shape[1])
            box[:a, :b] = full[:a, :b]
            self._members[key] = box
        return self._members[key]

    def _spectrum(self, key: tuple[int, tuple[int, int, int]]) -> np.ndarray:
        if key not in self._spectra:
            values = members(*key).astype(np.float64)
            self._spectra[key] = np.fft.rfft2(values, (self.period, self.period))
        return self._spectra[key]

    def pair(
        self, one: tuple[int, tuple[int, int, int]], two: tuple[int, tuple[int, int, int]]
    ) -> np.ndarray:
        """The representation counts of every sum (cut to the point's box) of a value of type
        `one` and one of type `two` (their targets given): exact (sums of 0/1 products below
        2^53, rounded; the period exceeds both lines' sums, so nothing folds)."""
        key = (one, two) if one <= two else (two, one)
        if key not in self._pairs:
            full = np.fft.irfft2(self._spectrum(one) * self._spectrum(two), (self.period, self.period))
            counts = np.zeros(self.shape, dtype=np.int64)
            a, b = min(self.period, self.shape[0]), min(self.period, self.shape[1])
            counts[:a, :b] = np.rint(full[:a, :b])
            self._pairs[key] = counts
        return self._pairs[key]

    def product(self, keys: tuple[tuple[int, tuple[int, int, int]], ...], window: bool = False) -> np.ndarray:
        """The lines' product (these types, sorted) cut to the point's box, capped at 2 after
        each multiplication (all entries are non-negative, so min(count, 2) stays exact).
        `window`: exact only at the points C - x with x a line's value (coordinates from
        C - (the largest line target) to C), which is all a grid's count reads: its last
        multiplication then needs a period above C + that target per axis instead of 2C (an
        index of the linear product, at most 2C, folds onto y - N < 0 or y + N > 2C for every
        y of the window), about half the entries."""
        if (keys, window) in self._products:
            return self._products[keys, window]
        self.made += 1
        if len(keys) == 1:
            result = self.member(*keys[0]).astype(np.float64)
        elif len(keys) == 2:
            result = np.minimum(self.pair(keys[0], keys[1]), 2).astype(np.float64)
        else:  # halves, each kept: products of multisets sharing a half share its product
            half = len(keys) // 2
            one, two = self.product(keys[:half]), self.product(keys[half:])
            if window:
                size = (smooth(self.shape[0] + max(self.lines)), smooth(self.shape[1] + max(self.lines)))
            else:  # above 2C: nothing folds
                size = (smooth(2 * self.shape[0]), smooth(2 * self.shape[1]))
            full = np.fft.irfft2(np.fft.rfft2(one, size) * np.fft.rfft2(two, size), size)
            result = np.minimum(np.rint(full[: self.shape[0], : self.shape[1]]), 2)
        if len(self._products) > 4096:
            self._products.clear()
        self._products[keys, window] = result
        return result

    def capped(self, keys: tuple[tuple[int, tuple[int, int, int]], ...]) -> tuple[np.ndarray, np.ndarray]:
        """The lines' count (these types, sorted) at every point of the box, capped at 2: the
        reach of their values' partial sums as two bitsets (at least one way, at least two;
        rows of the first sums, the second sums 64 to a word; `dp3_kernels.spread_capped`), one
        line at a time from the longest prefix kept (multisets sorted alike share their
        prefixes); read by `at`. Exact, as the capped polynomial product (`product`), and far
        faster on rare types (forty-third session): the search's count; `product` checks each
        puzzle it finds once."""
        from boardlab.families.cnote.dp3_kernels import spread_capped

        found = self._bits.get(keys)
        if found is not None:
            return found
        words = (self.shape[1] + 63) // 64
        have = len(keys) - 1
        while have > 0 and keys[:have] not in self._bits:
            have -= 1
        if have:
            one, two = self._bits[keys[:have]]
        else:
            one = np.zeros((self.shape[0], words), dtype=np.uint64)
            two = np.zeros_like(one)
            one[0, 0] = 1
        for k in range(have, len(keys)):
            a, b = self.points(keys[k])
            new_one, new_two = np.zeros_like(one), np.zeros_like(two)
            spread_capped(one, two, new_one, new_two, a.astype(np.int64), b.astype(np.int64))
            one, two = new_one, new_two
            if len(self._bits) > BITS_KEPT:
                self._bits.clear()
            self._bits[keys[: k + 1]] = (one, two)
        self.made += 1  # a product made (a kept one is not counted, as in `product`)
        return one, two

    @staticmethod
    def at(bits: tuple[np.ndarray, np.ndarray], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The capped counts (0, 1, 2) of `capped`'s bitsets at the points (xs[i], ys[i])."""
        words, shifts = ys >> 6, (ys & 63).astype(np.uint64)
        one, two = bits
        return ((one[xs, words] >> shifts) & np.uint64(1)) + ((two[xs, words] >> shifts) & np.uint64(1))

    @staticmethod
    def at_point(bits: tuple[np.ndarray, np.ndarray], x: int, y: int) -> int:
        """`at` at the one point (x, y), as an int (the search's hot loop: no arrays made)."""
        return sum((int(plane[x, y >> 6]) >> (y & 63)) & 1 for plane in bits)

    def points(self, key: tuple[int, tuple[int, int, int]]) -> tuple[np.ndarray, np.ndarray]:
        """The type's admissible (a, b) at its target within the point's box, as two arrays."""
        if key not in self._points:
            a, b = np.nonzero(self.member(*key))
            self._points[key] = (a, b)
        return self._points[key]

    def count(self, lines: list[tuple[int, tuple[int, int, int]]]) -> int:
        """The digit grid's number of solutions, capped at 2 (`lines`: (target, type) each)."""
        if not self.balanced:
            return 0
        keys = tuple(sorted(lines))
        rest, last = keys[:-1], keys[-1]
        a, b = self.points(last)
        total = float(self.product(rest, window=True)[self.point[0] - a, self.point[1] - b].sum())
        return int(min(round(total), 2))

    def grid(
        self, states: list[tuple[int, tuple[int, int, int], int, int]], rng: random.Random
    ) -> tuple[Grid, Grid]:
        """The digit grid and the solution of these states (target, type, a, b), one per line:
        assigned to the lines of their targets in a seeded order, in the caller's orientation."""
        pool: dict[int, list[tuple[tuple[int, int, int], int, int]]] = {}
        for target, kind, a, b in states:
            pool.setdefault(target, []).append((kind, a, b))
        for target in pool:
            rng.shuffle(pool[target])
        digits_: Grid = []
        values: Grid = []
        for target in self.lines:
            kind, a, b = pool[target].pop()
            digits_.append(list(kind))
            values.append([a, b, target - a - b])
        if self.transposed:
            digits_ = [list(row) for row in zip(*digits_)]
            values = [list(row) for row in zip(*values)]
        return digits_, values

    def search(
        self,
        seed: int = 0,
        nodes: int = NODES,
        counts: int = COUNTS,
        cores: tuple[int, ...] = CORES,
        first: bool = True,
        products: int = PRODUCTS,
    ) -> Outcome:
        """Rounds of growing cores (`cores`) within `nodes` states, `counts` grids counted and
        `products` products made; the unique puzzles found (the first only, when `first`).
        Seeded: the states are assigned to the lines of their targets in a seeded order. The
        search itself is the same for every seed: a seeded order of the first line's picks
        (tried in the forty-second session) made the budgets run out before the puzzle on
        other seeds where seed 0 found it (8 columns of 3 rows at 416: seeds 1 and 2 failed)."""
        outcome = Outcome()
        if not self.balanced:
            return outcome
        rng = random.Random(seed)
        seen: set[tuple[tuple[int, tuple[int, int, int], int, int], ...]] = set()
        for core in cores:
            outcome.rounds += 1
            if (
                self._round(core, rng, (nodes, counts, products), outcome, seen, first)
                and outcome.puzzles
                and first
            ):
                return outcome
            if outcome.stopped:
                return outcome
        return outcome

    def _round(
        self,
        core: int,
        rng: random.Random,
        budgets: tuple[int, int, int],
        outcome: Outcome,
        seen: set[tuple[tuple[int, tuple[int, int, int], int, int], ...]],
        first: bool,
    ) -> bool:
        from boardlab.families.cnote.wide_kernels import search

        nodes, counts, products = budgets
        states: list[tuple[int, int, tuple[int, int, int], int, int]] = []
        for g, target in enumerate(self.targets):
            mine = []
            for kind in self.rarest[target][:core]:
                a, b = np.nonzero(self.member(target, kind))
                mine += [(g, target, kind, int(x), int(y)) for x, y in zip(a, b)]
            mine.sort(key=lambda s: (s[3], s[4]))
            states += mine
        if not states:
            return False
        size = len(states)
        group = np.array([s[0] for s in states], dtype=np.int64)
        first_ = np.array([s[3] for s in states], dtype=np.int64)
        second = np.array([s[4] for s in states], dtype=np.int64)
        compatible = np.zeros((size, size), dtype=np.bool_)
        index: dict[tuple[int, tuple[int, int, int]], list[int]] = {}
        for i, s in enumerate(states):
            index.setdefault((s[1], s[2]), []).append(i)
        keys = list(index)
        for x, one in enumerate(keys):
            i1 = np.array(index[one])
            for two in keys[x:]:
                i2 = np.array(index[two])
                sa = first_[i1][:, None] + first_[i2][None, :]
                sb = second[i1][:, None] + second[i2][None, :]
                inside = (sa < self.shape[0]) & (sb < self.shape[1])
                ok = np.zeros(sa.shape, dtype=bool)
                ok[inside] = self.pair(one, two)[sa[inside], sb[inside]] == 1
                compatible[np.ix_(i1, i2)] = ok
                compatible[np.ix_(i2, i1)] = ok.T
        groups = len(self.targets)
        g_most_first = np.array([first_[group == g].max(initial=0) for g in range(groups)], dtype=np.int64)
        g_least_first = np.array([first_[group == g].min(initial=0) for g in range(groups)], dtype=np.int64)
        g_least_second = np.array([second[group == g].min(initial=0) for g in range(groups)], dtype=np.int64)
        g_most_second = np.array([second[group == g].max(initial=0) for g in range(groups)], dtype=np.int64)
        order = [g for g, t in enumerate(self.targets) for _ in range(self.many[t])]
        lines = len(order)
        free = order[-1]
        free_target = self.targets[free]
        bounds = np.zeros((4, lines + 1), dtype=np.int64)  # least/most first, least/most second
        for k in range(lines - 1, -1, -1):
            if k == lines - 1:  # the free line: any value of its target
                bounds[:, k] = (1, free_target - 2, 1, free_target - 2)
            else:
                g = order[k]
                step = (g_least_first[g], g_most_first[g], g_least_second[g], g_most_second[g])
                bounds[:, k] = bounds[:, k + 1] + np.array(step)
        core_order = np.array(order[:-1], dtype=np.int64)
        left = np.array(
            [int((core_order[k:] == core_order[k]).sum()) for k in range(lines - 1)], dtype=np.int64
        )
        made = self.made - outcome.products
        ranked = sorted(keys)  # a multiset's keys in this order: `capped` shares sorted prefixes
        rank = {key: r for r, key in enumerate(ranked)}
        state_key = np.array([rank[s[1], s[2]] for s in states], dtype=np.int64)
        while True:
            budget = nodes - outcome.nodes
            if budget <= 0:
                outcome.stopped = True
                return False
            start = 0  # the seed shuffles the lines (`grid`), not the search (see `search`)
            rows, picked, complete = search(
                first_, second, group, compatible, core_order, left,
                bounds[0], bounds[1], bounds[2], bounds[3],
                g_most_first, g_least_second, g_most_second,
                self.point[0], self.point[1], start, budget, BATCH,
            )  # fmt: skip
            outcome.nodes += picked
            key_ids = np.sort(state_key[rows], axis=1) if len(rows) else np.zeros((0, 0), np.int64)
            rests_a = self.point[0] - first_[rows].sum(axis=1)
            rests_b = self.point[1] - second[rows].sum(axis=1)
            rests_c = free_target - rests_a - rests_b
            fit = (rests_a >= 1) & (rests_b >= 1) & (rests_c >= 1)
            for n in np.nonzero(fit)[0].tolist():
                row = rows[n]
                rest_a, rest_b, rest_c = int(rests_a[n]), int(rests_b[n]), int(rests_c[n])
                core_keys = tuple(ranked[j] for j in key_ids[n].tolist())
                if core_keys not in self._bits and self.made - made >= products:
                    outcome.stopped = True
                    return False
                product = self.capped(core_keys)
                outcome.products = self.made - made
                x, y = self.point[0] - rest_a, self.point[1] - rest_b
                if self.at_point(product, x, y) != 1:
                    continue  # the core lines: not exactly one way to leave the free line this value
                for kind in itertools.product(digits(rest_a), digits(rest_b), digits(rest_c)):
                    if outcome.counted >= counts:
                        outcome.stopped = True
                        return False
                    outcome.counted += 1
                    a, b = self.points((free_target, kind))
                    if int(self.at(product, self.point[0] - a, self.point[1] - b).sum()) != 1:
                        continue
                    found = [(states[j][1], states[j][2], states[j][3], states[j][4]) for j in row]
                    found.append((free_target, kind, rest_a, rest_b))
                    before = self.made  # the FFT product's check, outside the budget
                    if self.count([(t, k) for t, k, _, _ in found]) != 1:
                        raise SolverBug(f"the bitset count and the product disagree on {found}")
                    self.made = before
                    signature = tuple(sorted(found))
                    if signature in seen:
                        continue
                    seen.add(signature)
                    outcome.puzzles.append(self.grid(found, rng))
                    if first:
                        return True
            if complete:
                return True
            if picked >= budget:
                outcome.stopped = True
                return False
            # the batch was full: the kernel restarts its round (rows already counted are met
            # again and skipped by `seen` only when unique; a round that fills batches again
            # and again spends its states and stops)

    def classes(self, seed: int = 0, limit: int = CLASSES, core: int = CLASS_CORE) -> Outcome:
        """Classes of grids, two lines free (fifty-fifth session): every line but the first two
        takes one of the `core` rarest types of its target, and the whole class, the 9^6 digit
        choices of the first two lines, is counted at once (`twolines.free_counts`, 0.2-0.3 s).
        The classes are the multisets of fixed lines' types (the count does not depend on their
        order among lines of one target), ranked by the sum of their types' ranks (rarest
        first); seed s counts the `limit` classes from position s * `limit` of that ranking
        (cyclically), so seeds share no class until the ranking is used up. The puzzles found
        are the unique grids of the first class holding any (one chosen by the seed), each with
        its solution listed by `dp3.Band` (which must find exactly one). Where the rounds' one
        free line found nothing above the heat bath's reach, two free lines still do: 4 columns
        of 3 rows at 243 and 3 columns of 5 rows at 171 (seeds 0-4; docs/cnote.md, Lemma 12,
        "The classes"). Never a proof."""
        from boardlab.families.cnote.dp3 import Band
        from boardlab.families.cnote.instance import make_instance
        from boardlab.families.cnote.twolines import unique_grids

        outcome = Outcome()
        if not self.balanced:
            return outcome
        fixed = self.lines[2:]
        choices = [
            list(
                itertools.combinations_with_replacement(range(min(core, len(self.rarest[t]))), fixed.count(t))
            )
            for t in self.targets
        ]
        ranked = sorted(itertools.product(*choices), key=lambda c: (sum(map(sum, c)), c))
        rng = random.Random(seed)
        start = seed * limit
        for n in range(min(limit, len(ranked))):
            chosen = ranked[(start + n) % len(ranked)]
            pool = {
                t: [self.rarest[t][r] for r in picks] for t, picks in zip(self.targets, chosen, strict=True)
            }
            for kinds in pool.values():
                rng.shuffle(kinds)
            lines = [[1, 1, 1], [1, 1, 1]] + [list(pool[t].pop()) for t in fixed]
            digits_ = [list(line) for line in zip(*lines)] if self.transposed else lines
            outcome.counted += 1
            found = unique_grids(digits_, self.rows, self.cols, (0, 1))
            if not found:
                continue
            digits_ = found[rng.randrange(len(found))]
            band = Band(make_instance(digits_, None, self.rows, self.cols))
            solutions = list(itertools.islice(band.solutions(), 2))
            if len(solutions) != 1:
                raise SolverBug(
                    f"a grid its class counted unique has {len(solutions)} solutions listed: {digits_}"
                )
            outcome.puzzles.append((digits_, solutions[0]))
            return outcome
        return outcome
