"""Grids two cells wide or high, decided exactly (`narrow`, docs/cnote.md "Lemma 11"): the
compatibility search's unique puzzles against dense counts of every multiset of digit lines,
its count against brute force, and every puzzle it finds counted unique by CP-SAT."""

from __future__ import annotations

import functools
import itertools
import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.families.cnote import io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.narrow import Lines, Narrow, NotNarrow, count, members, search, unique_puzzles
from boardlab.families.cnote.oracle import CNoteOracle


def polynomials(target: int) -> np.ndarray:
    """`out[type, a]`: a admitted by a line of this target and type, by plain division (not
    `members`): 9 (d - 1) + e - 1 when a contains d and target - a contains e."""
    out = np.zeros((81, target + 1), dtype=np.int64)
    for a in range(1, target):
        for d in set(str(a)) - {"0"}:
            for e in set(str(target - a)) - {"0"}:
                out[9 * (int(d) - 1) + int(e) - 1, a] = 1
    return out


def dense_unique(targets: list[int], total: int) -> set[tuple[tuple[int, int], ...]]:
    """Every multiset of (target, type), one a line, whose digit grid has one solution, by
    dense polynomial products of all pairs of lines (3 or 4 lines): independent of the search."""
    polys = {t: polynomials(t) for t in set(targets)}
    pair = {}
    for s, t in itertools.combinations_with_replacement(sorted(set(targets)), 2):
        q = np.zeros((81, 81, s + t + 1), dtype=np.int64)
        if s + t <= 200:
            for i in range(81):
                for j in range(81):
                    q[i, j] = np.convolve(polys[s][i], polys[t][j])
        else:  # numpy's FFT, rounded (counts below 1,000: exact)
            size = 1 << (s + t).bit_length()
            right = np.fft.rfft(polys[t], size)
            for i, transform in enumerate(np.fft.rfft(polys[s], size)):
                q[i] = np.rint(np.fft.irfft(transform * right, size)[:, : s + t + 1])
        pair[s, t], pair[t, s] = q, q.transpose(1, 0, 2)
    unique = set()
    if len(targets) == 3:
        t1, t2, t3 = targets
        q = pair[t1, t2]
        third = polys[t3]
        # counts[i, j, k] = sum_a third[k, a] q[i, j, total - a]
        shifted = np.zeros((81, 81, t3 + 1), dtype=np.int64)
        for a in range(t3 + 1):
            if 0 <= total - a < q.shape[2]:
                shifted[:, :, a] = q[:, :, total - a]
        counts = (shifted.reshape(81 * 81, -1) @ third.T).reshape(81, 81, 81)
        for i, j, k in zip(*np.nonzero(counts == 1)):
            unique.add(tuple(sorted(zip(targets, (int(i), int(j), int(k))))))
    else:
        assert len(targets) == 4
        left, right = pair[targets[0], targets[1]], pair[targets[2], targets[3]]
        rows = np.zeros((81 * 81, total + 1), dtype=np.int64)
        cols = np.zeros((total + 1, 81 * 81), dtype=np.int64)
        width = min(total + 1, left.shape[2])
        rows[:, :width] = left.reshape(81 * 81, -1)[:, :width]
        for s in range(total + 1):
            if 0 <= total - s < right.shape[2]:
                cols[s] = right[:, :, total - s].reshape(-1)
        counts = np.rint(rows.astype(np.float64) @ cols.astype(np.float64))  # exact: below 2^53
        for ij, kl in zip(*np.nonzero(counts == 1)):
            kinds = (*divmod(int(ij), 81), *divmod(int(kl), 81))
            unique.add(tuple(sorted(zip(targets, kinds))))
    return unique


def as_multiset(lines: Lines, digits: list[list[int]]) -> tuple[tuple[int, int], ...]:
    pairs = list(zip(*digits)) if lines.columns else [tuple(r) for r in digits]
    return tuple(sorted((t, 9 * (d - 1) + e - 1) for t, (d, e) in zip(lines.targets, pairs)))


@pytest.mark.parametrize(
    ("width", "height", "target"),
    [(2, 3, 25), (2, 3, 40), (2, 3, 61), (2, 4, 30), (3, 2, 31), (3, 2, 44), (4, 2, 50), (4, 2, 33)],
)
def test_the_search_finds_exactly_the_unique_multisets_of_the_dense_counts(
    width: int, height: int, target: int
) -> None:
    """Every unique puzzle the search lists (each multiset of digit lines once) is one the
    dense product of every multiset counts 1, and conversely; targets with an unbalanced
    split of the columns (2 rows: columns differing by one) included."""
    rows, cols = [target] * height, column_targets(target, height, width)
    lines = Lines.of(rows, cols)
    found = unique_puzzles(rows, cols)
    listed = [as_multiset(lines, digits) for digits, _ in found]
    assert len(listed) == len(set(listed))
    assert set(listed) == dense_unique(list(lines.targets), lines.total)
    for digits, solution in found[:: max(1, len(found) // 10)]:
        assert count(rows, cols, digits) == 1
        assert [sum(r) for r in solution] == rows and [sum(c) for c in zip(*solution)] == cols


def test_at_1000_on_three_rows_the_dense_counts_agree_none_and_at_900_on_the_two() -> None:
    """2 columns of 3 rows: at 1,000 the search ends without a unique puzzle and the dense
    counts of all 91,881 multisets of rows find none; at 900 both find the same two."""
    assert dense_unique([1000] * 3, 1500) == set()
    outcome = search([1000] * 3, [1500, 1500])
    assert outcome.complete and outcome.puzzles == [] and outcome.candidates > 0
    lines = Lines.of([900] * 3, [1350, 1350])
    found = {as_multiset(lines, digits) for digits, _ in unique_puzzles([900] * 3, [1350, 1350])}
    assert found == dense_unique([900] * 3, 1350) and len(found) == 2


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 3),
    st.integers(2, 4),
    st.integers(8, 40),
    st.randoms(use_true_random=False),
)
def test_the_polynomial_count_is_brute_force_s(
    narrow_side: int, long_side: int, target: int, rng: random.Random
) -> None:
    """`count` (the polynomial product) against the plain enumerator on random digit grids of 2
    columns or 2 rows."""
    if narrow_side == 2:
        width, height = 2, long_side
    else:
        width, height = long_side, 2
    rows, cols = [target] * height, column_targets(target, height, width)
    if min(cols) < height or target < width:
        return
    digits = [[rng.randint(1, 9) for _ in range(width)] for _ in range(height)]
    truth = len(list(brute_solutions(io.make_instance(digits, target, rows, cols))))
    assert count(rows, cols, digits) == truth
    assert count(rows, cols, digits, cap=2) == min(truth, 2)


def test_members_are_the_digit_conditions() -> None:
    table = members(100)
    for a in range(101):
        for d, e in itertools.product(range(1, 10), repeat=2):
            expected = 0 < a < 100 and str(d) in str(a) and str(e) in str(100 - a)
            assert table[9 * (d - 1) + e - 1, a] == expected


@pytest.mark.parametrize(
    ("width", "height", "target", "seed"),
    [
        (2, 3, 900, 0),
        (2, 4, 300, 1),
        (2, 5, 150, 2),
        (3, 2, 1000, 0),
        (5, 2, 500, 3),
        (8, 2, 200, 4),
        (2, 8, 60, 0),
    ],
)
def test_every_puzzle_found_is_unique_for_cp_sat(width: int, height: int, target: int, seed: int) -> None:
    """The seeded search's puzzle is counted unique by CP-SAT (`oracle`, an independent counter)
    and by the polynomial product, and its solution is the one the search gives."""
    rows, cols = [target] * height, column_targets(target, height, width)
    outcome = search(rows, cols, seed=seed)
    assert outcome.puzzles, (width, height, target)
    digits, solution = outcome.puzzles[0]
    instance = io.make_instance(digits, target, rows, cols)
    found = CNoteOracle(instance).several(2, 0)
    assert found == [solution]
    assert count(rows, cols, digits) == 1


def test_seeds_vary_the_puzzle_and_repeat_it() -> None:
    rows, cols = [300] * 4, [600, 600]
    first = [search(rows, cols, seed=seed).puzzles[0] for seed in range(4)]
    assert len({str(p) for p in first}) > 1
    assert search(rows, cols, seed=2).puzzles[0] == first[2]


def test_a_stopped_search_is_not_complete() -> None:
    outcome = Narrow([1000] * 5, [2500, 2500]).search(node_limit=1000)
    assert not outcome.complete and outcome.nodes == 1000


def test_a_work_budget_stops_the_search_and_a_larger_one_changes_nothing() -> None:
    """`work_limit` (fortieth session): the search stops undecided once its work reaches the
    budget (it checks before each state, so it overshoots by one state's work at most); a budget
    it never reaches gives the same outcome as none, puzzles and nodes alike; the restarts and
    `settle` stop at theirs too; the work grows with the states picked."""
    narrow = Narrow([415] * 8, [1660, 1660])
    free = narrow.search(seed=1, node_limit=200_000)
    assert free.work > free.nodes > 0
    capped = narrow.search(seed=1, node_limit=200_000, work_limit=free.work // 3)
    assert not capped.complete and capped.nodes < free.nodes
    assert free.work // 3 <= capped.work < free.work
    same = narrow.search(seed=1, node_limit=200_000, work_limit=free.work + 1)
    assert (same.puzzles, same.nodes, same.work, same.complete) == (
        free.puzzles,
        free.nodes,
        free.work,
        free.complete,
    )
    rounds = Narrow([300] * 8, [1200, 1200]).find(seed=0, node_limit=10**9, work_limit=10**8)
    assert rounds.exists is None and 10**8 <= rounds.work and rounds.rounds >= 1
    settled = Narrow([300] * 8, [1200, 1200]).settle(0, 10**9, 10**9, 10**8, 10**8)
    assert settled.exists is None and 2 * 10**8 <= settled.work and settled.searched < settled.nodes
    with pytest.raises(ValueError):
        narrow.search(work_limit=-1)


@pytest.mark.parametrize(("height", "target"), [(5, 200), (7, 300), (8, 415)])
def test_a_candidate_s_count_read_over_its_last_lines_is_the_full_product_s(height: int, target: int) -> None:
    """`narrow_kernels._tail_at` (fortieth session): the count of random picks of 2 columns of
    `height` rows, read against the product of the first `split` lines with the others' values
    enumerated, is the coefficient of the full product of all lines' polynomials (numpy's exact
    convolution, capped at 2) for every split, and its work is positive; one scratch, never
    cleared, serves every count (forty-first session: the search keeps it in its frame)."""
    from boardlab.families.cnote.narrow_kernels import _tail_at

    narrow = Narrow([target] * height, column_targets(target, height, 2))
    g, total = narrow.graph, narrow.lines.total
    rng = np.random.default_rng(height)
    counts = {0: 0, 1: 0, 2: 0}
    scratch = np.full((4, height), 7, dtype=np.int64)
    for _ in range(60):
        pick = np.array(
            [rng.integers(g.seg_start[group], g.seg_end[group]) for group in narrow.pick_group],
            dtype=np.int64,
        )
        polys = []
        for line, state in enumerate(pick):
            group, kind = narrow.pick_group[line], g.types[state]
            poly = np.zeros(total + 1, dtype=np.int64)
            poly[g.admitted[group, kind, : g.sizes[group, kind]]] = 1
            polys.append(poly)
        product = polys[0]
        prefixes = [None, product]
        for poly in polys[1:]:
            product = np.minimum(np.convolve(product, poly)[: total + 1], 2)
            prefixes.append(product)
        truth = int(product[total])
        counts[truth] += 1
        for split in range(2, height):
            ways, work = _tail_at(
                prefixes[split],
                pick,
                narrow.pick_group,
                g.types,
                g.admitted,
                g.sizes,
                split,
                int(g.types[pick[-1]]),
                total,
                scratch,
            )
            assert (ways, work > 0) == (truth, True), (split, list(pick))
    assert counts[2] and (
        counts[0] or height > 5
    )  # counts of 1 (unique) are those of the search's puzzles, tested above


def test_unbalanced_targets_have_no_solution_and_other_shapes_are_refused() -> None:
    assert search([50, 50, 50], [80, 71]).puzzles == []
    assert search([50, 50, 50], [80, 71]).complete
    with pytest.raises(NotNarrow):
        Narrow([30, 30, 30], [30, 30, 30])
    with pytest.raises(ValueError):
        Narrow([30, 30], [30, 30]).search(max_found=0)


@pytest.mark.parametrize(("width", "height", "target"), [(4, 2, 50), (2, 4, 30), (6, 2, 60)])
def test_the_kept_prefix_products_change_the_work_not_the_answer(
    width: int, height: int, target: int
) -> None:
    """The search lists the same unique puzzles whether it keeps its prefixes' products from the
    fourth line, from the third, or never (`deep`: a pruning, not a condition)."""
    narrow = Narrow([target] * height, column_targets(target, height, width))
    lines = max(width, height)
    listed = [sorted(narrow.search(max_found=1 << 20, deep=deep).puzzles) for deep in (3, 4, lines)]
    assert listed[0] == listed[1] == listed[2] and listed[0]


def test_the_shipped_survey_covers_the_twelve_shapes() -> None:
    """`data/cnote-narrow.jsonl`: one record per shape of sides 2 and 3-8, its lists disjoint and
    within the targets surveyed, every target surveyed counted once."""
    from boardlab.families.cnote.narrow import SHAPES, recorded

    for width, height in SHAPES:
        record = recorded(width, height)
        assert record is not None, (width, height)
        none, undecided = set(record["none"]), set(record["undecided"])
        assert not none & undecided
        assert not set(record["also"]) & set(range(record["from"], record["to"] + 1))
        surveyed = set(range(record["from"], record["to"] + 1)) | set(record["also"])
        assert none | undecided <= surveyed
        assert record["unique"] + len(none) + len(undecided) == len(surveyed)


#: Targets the forty-second session's mirrored passes proved none (`--deep --mirror`, 0.5-201 s of
#: CPU each, 7x2 at 1,000 about 650 s without the mirror): too slow to prove again here; the
#: mirror's exactness is tested on small shapes (`test_the_mirror_...`).
MIRRORED_PASSES = {(7, 2): range(975, 1001), (6, 2): range(807, 907)}


@pytest.mark.slow
def test_the_shipped_survey_s_none_answers_hold() -> None:
    """The first and last targets the survey recorded none on each shape (but those of the
    mirrored passes) are proven again by a complete search (up to 29 million states each: about
    40 s in all)."""
    from boardlab.families.cnote.narrow import SHAPES, recorded

    for width, height in SHAPES:
        record = recorded(width, height)
        assert record is not None
        none = sorted(t for t in record["none"] if t not in MIRRORED_PASSES.get((width, height), ()))
        for target in sorted(set(none[:1] + none[-1:])):
            rows, cols = [target] * height, column_targets(target, height, width)
            outcome = search(rows, cols)
            assert outcome.complete and not outcome.puzzles, (width, height, target)


def test_the_generator_answers_a_recorded_none_at_once_and_makes_the_exact_search_s_puzzles() -> None:
    """`generate` on a shape two cells wide: at a target the survey proved none, NoPuzzle naming
    Lemma 11 without a search; beyond the rigid shape, the exact search's puzzle for the seed,
    unique for CP-SAT."""
    from boardlab.core.errors import NoPuzzle
    from boardlab.families.cnote.generate import generate
    from boardlab.families.cnote.narrow import SHAPES, recorded

    none = [(w, h, r["none"][0]) for w, h in SHAPES if (r := recorded(w, h)) is not None and r["none"]]
    assert none, "the survey proved none somewhere"
    width, height, target = none[0]
    with pytest.raises(NoPuzzle, match="found none .*Lemma 11"):
        generate(height, width, target, seed=0)
    with pytest.raises(NoPuzzle, match="Lemma 11"):  # recorded, or proven by the search itself
        generate(3, 2, 1000, seed=0)
    instance, solution, report = generate(2, 6, 950, seed=0)  # 6 columns of 2 rows
    assert report.extra.get("narrow_nodes", 0) > 0
    assert CNoteOracle(instance).several(2, 0) == [solution]
    cols = column_targets(950, 2, 6)
    assert [list(row) for row in instance.grid] == search([950, 950], cols, seed=0).puzzles[0][0]


def test_two_columns_of_eight_rows_are_made_at_617_and_have_none_from_618() -> None:
    """The 2x8 frontier cell (forty-first session): the survey found a unique puzzle at 617 and
    proved none at every target from 618, and `generate` with seed 0 makes 617 (the restarts'
    puzzle, within its work budgets), unique for CP-SAT and for the polynomial count; at 618 it
    answers NoPuzzle at once from the shipped survey."""
    from boardlab.core.errors import NoPuzzle
    from boardlab.families.cnote.generate import RECTANGLES_REACHED, generate, proven_from
    from boardlab.families.cnote.narrow import recorded

    record = recorded(2, 8)
    assert record is not None and 617 not in record["none"] + record["undecided"]
    assert set(range(618, 1001)) <= set(record["none"])
    assert RECTANGLES_REACHED[2, 8] == 617 and proven_from(8, 2) == 618
    instance, solution, report = generate(8, 2, 617, seed=0)  # 2 columns of 8 rows
    assert report.extra.get("narrow_nodes", 0) > 0
    assert CNoteOracle(instance).several(2, 0) == [solution]
    assert count([617] * 8, column_targets(617, 8, 2), [list(row) for row in instance.grid]) == 1
    with pytest.raises(NoPuzzle, match="found none .*Lemma 11"):
        generate(8, 2, 618, seed=0)


def test_seven_columns_of_two_rows_are_made_at_982_and_have_none_from_983() -> None:
    """The 7x2 frontier cell (forty-second session): the survey's mirrored complete searches
    proved none at every target from 983 to 1,000, `generate` with seed 0 makes 982 (unique for
    CP-SAT and for the polynomial count) and answers NoPuzzle at once at 983 from the shipped
    survey; the 8x2 record is decided at every target (802 unique)."""
    from boardlab.core.errors import NoPuzzle
    from boardlab.families.cnote.generate import RECTANGLES_REACHED, generate, proven_from
    from boardlab.families.cnote.narrow import recorded

    record = recorded(7, 2)
    assert record is not None and 982 not in record["none"] + record["undecided"]
    assert set(range(983, 1001)) <= set(record["none"])
    assert RECTANGLES_REACHED[7, 2] == 982 and proven_from(2, 7) == 983
    instance, solution, _ = generate(2, 7, 982, seed=0)  # 7 columns of 2 rows
    assert CNoteOracle(instance).several(2, 0) == [solution]
    assert count([982] * 2, column_targets(982, 2, 7), [list(row) for row in instance.grid]) == 1
    with pytest.raises(NoPuzzle, match="found none .*Lemma 11"):
        generate(2, 7, 983, seed=0)
    eight = recorded(8, 2)
    assert eight is not None and not eight["undecided"] and 802 not in eight["none"]


def test_the_generator_s_exact_search_keeps_to_its_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """`generate.exact` gives both phases their work budgets (fortieth session): 2 columns of
    8 rows at 415, seed 2, whose 5 million states of complete search took 29 s of CPU before,
    is made within them (by the restarts), unique for CP-SAT; with budgets of a million units
    the search stops undecided (None) after far fewer states."""
    from boardlab.families.cnote import generate as gen

    rows, cols = [415] * 8, column_targets(415, 8, 2)
    report = gen.Report()
    made = gen.exact(rows, cols, 2, report)
    assert made is not None and report.extra["narrow_rounds"] >= 1
    instance = io.make_instance(made.digits, None, rows, cols)
    assert CNoteOracle(instance).several(2, 0) == [made.solution]
    starve = functools.partialmethod(gen.Narrow.settle, work_limit=10**6, restart_work=10**6)
    monkeypatch.setattr(gen.Narrow, "settle", starve)
    starved = gen.Report()
    assert gen.exact(rows, cols, 2, starved) is None
    assert starved.extra["narrow_nodes"] < report.extra["narrow_nodes"] // 10


#: Unique puzzles made by main's generator before this module (heat bath and rigid plantings,
#: `generate --seed 1` on branch main of the thirty-eighth session): (W, H, target, digits).
OTHER_GENERATORS = [
    (2, 3, 500, [[6, 1], [9, 8], [4, 7]]),
    (4, 2, 600, [[8, 2, 2, 8], [3, 3, 4, 3]]),
    (6, 2, 300, [[3, 5, 8, 4, 4, 8], [2, 2, 8, 5, 2, 1]]),
    (2, 6, 350, [[5, 7], [6, 3], [5, 6], [6, 9], [8, 8], [9, 3]]),
]


@pytest.mark.parametrize(("width", "height", "target", "digits"), OTHER_GENERATORS)
def test_puzzles_found_by_other_methods_satisfy_the_lemma_and_are_found(
    width: int, height: int, target: int, digits: list[list[int]]
) -> None:
    """Lemma 11 on puzzles another method made: CP-SAT counts them unique, their solution's
    states are pairwise compatible in the graph (the bits), and the polynomial product counts
    them 1."""
    rows, cols = [target] * height, column_targets(target, height, width)
    instance = io.make_instance(digits, target, rows, cols)
    [solution] = CNoteOracle(instance).several(2, 0)
    narrow = Narrow(rows, cols)
    graph = narrow.graph
    lines = narrow.lines
    pairs = list(zip(*digits)) if lines.columns else [tuple(r) for r in digits]
    values = list(solution[0]) if lines.columns else [row[0] for row in solution]
    states = []
    for t, (d, e), a in zip(lines.targets, pairs, values):
        g = graph.targets.index(t)
        index = [
            i
            for i in range(graph.seg_start[g], graph.seg_end[g])
            if graph.values[i] == a and graph.types[i] == 9 * (d - 1) + e - 1
        ]
        assert len(index) == 1
        states.append(index[0])
    for i, j in itertools.combinations(range(len(states)), 2):
        s, u = states[i], states[j]
        assert graph.bits[s, u >> 6] >> np.uint64(u & 63) & np.uint64(1), (i, j)
    assert count(rows, cols, digits) == 1


@pytest.mark.slow
@pytest.mark.parametrize("target", [296, 297, 301, 302, 303])
def test_two_columns_of_four_rows_near_300_agree_with_the_dense_counts(target: int) -> None:
    """The survey's first targets without a unique puzzle (2 columns of 4 rows at 297, 301 and
    302) and their neighbours: the search's unique multisets are the dense count's (all
    3,403,701 multisets of four rows counted by a product of pair tables, 5 s a target)."""
    rows, cols = [target] * 4, [2 * target, 2 * target]
    listed = {as_multiset(Lines.of(rows, cols), digits) for digits, _ in unique_puzzles(rows, cols)}
    assert listed == dense_unique(rows, 2 * target)
    assert bool(listed) is (target in (296, 303))


def test_pack_sets_the_bits_of_the_mask() -> None:
    from boardlab.families.cnote.narrow import pack

    rng = np.random.default_rng(3)
    for n in (1, 63, 64, 65, 200):
        mask = rng.random(n) < 0.5
        words = pack(mask)
        assert words.shape == (-(-n // 64),)
        unpacked = [bool(words[i >> 6] >> np.uint64(i & 63) & np.uint64(1)) for i in range(n)]
        assert unpacked == mask.tolist()


@pytest.mark.parametrize(("width", "height", "target"), [(2, 3, 40), (4, 2, 50), (2, 4, 30)])
def test_a_search_on_some_types_lists_the_full_listing_s_puzzles_of_those_types(
    width: int, height: int, target: int
) -> None:
    """`allowed` keeps the states of some types: the search then lists exactly the unique
    multisets of the complete listing (itself checked against the dense counts above) whose
    lines all have those types, for several random sets of types, and with every state
    allowed the complete listing itself."""
    rows, cols = [target] * height, column_targets(target, height, width)
    narrow = Narrow(rows, cols)
    lines = narrow.lines
    full = {as_multiset(lines, digits) for digits, _ in narrow.search(max_found=1 << 20).puzzles}
    assert full
    everything = narrow.search(max_found=1 << 20, allowed=np.ones(narrow.states, dtype=bool))
    assert {as_multiset(lines, digits) for digits, _ in everything.puzzles} == full
    rng = np.random.default_rng(0)
    nonempty = 0
    for _ in range(12):
        kept = rng.random(81) < 0.4
        outcome = narrow.search(
            max_found=1 << 20, allowed=kept[narrow.graph.types], seed=int(rng.integers(99))
        )
        listed = {as_multiset(lines, digits) for digits, _ in outcome.puzzles}
        assert outcome.complete
        assert listed == {m for m in full if all(kept[kind] for _, kind in m)}
        nonempty += bool(listed)
    assert nonempty


#: Shape-targets the shipped survey of the thirty-eighth session left undecided (1 million or 30
#: million states, seed 0) where the restarts find a puzzle within their default budget
#: (`RESTART_NODES`, 6 million since the fortieth session), or the budget given.
FORMERLY_UNDECIDED = [
    (2, 6, 450, 0, None),
    (2, 6, 450, 1, None),
    # 7,249,177 states of restarts (163 rounds, 4.6 s of CPU): more than the default 6 million
    pytest.param(6, 2, 850, 0, 10_000_000, marks=pytest.mark.slow),
    (7, 2, 650, 2, None),
    (8, 2, 955, 1, None),
]


@pytest.mark.parametrize(("width", "height", "target", "seed", "budget"), FORMERLY_UNDECIDED)
def test_the_restarts_puzzles_are_unique_for_cp_sat_and_the_polynomial_count(
    width: int, height: int, target: int, seed: int, budget: int | None
) -> None:
    """`Narrow.find`: its puzzle (random subgraphs of rare types) is counted unique by CP-SAT
    (`oracle`, independent) and by the polynomial product in Python integers, and its solution
    is CP-SAT's; the same seed gives the same puzzle."""
    rows, cols = [target] * height, column_targets(target, height, width)
    narrow = Narrow(rows, cols)
    find = (lambda: narrow.find(seed)) if budget is None else (lambda: narrow.find(seed, budget))
    outcome = find()
    assert outcome.puzzles and outcome.exists and outcome.rounds >= 1, (width, height, target, seed)
    digits, solution = outcome.puzzles[0]
    assert count(rows, cols, digits) == 1
    instance = io.make_instance(digits, target, rows, cols)
    assert CNoteOracle(instance).several(2, 0) == [solution]
    assert find().puzzles[0] == outcome.puzzles[0]


def test_the_restarts_never_prove_none_and_settle_keeps_the_complete_search_s_proofs() -> None:
    """Where no unique puzzle exists (2 columns of 3 rows at 1,000; 5 at 1,000) the restarts
    end without a puzzle and without a proof (`exists` None, every round's budget spent or its
    subgraph exhausted); `settle` proves none by the complete search, and where the complete
    search stops undecided its restarts' outcome is not complete either."""
    narrow = Narrow([1000] * 3, [1500, 1500])
    found = narrow.find(0, node_limit=300_000)
    assert found.exists is None and not found.complete and found.rounds >= 1
    settled = Narrow([1000] * 5, [2500, 2500]).settle(0, 10_000_000, 1_000_000)
    assert settled.exists is False and settled.rounds == 0 and settled.searched == settled.nodes
    stopped = narrow.settle(0, 1000, 2000)
    assert stopped.exists is None and stopped.searched == 1000 and stopped.nodes >= 1000
    with pytest.raises(ValueError):
        narrow.find(0, node_limit=-1)


def test_the_restarts_puzzles_are_in_the_complete_listing() -> None:
    """On small targets (the complete listing checked against the dense counts) every puzzle
    the restarts find, for several seeds, is one the complete search lists."""
    for width, height, target in [(4, 2, 50), (2, 4, 30), (2, 3, 61)]:
        rows, cols = [target] * height, column_targets(target, height, width)
        narrow = Narrow(rows, cols)
        lines = narrow.lines
        full = {as_multiset(lines, digits) for digits, _ in narrow.search(max_found=1 << 20).puzzles}
        for seed in range(6):
            outcome = narrow.find(seed, node_limit=200_000)
            assert outcome.puzzles, (width, height, target, seed)
            assert as_multiset(lines, outcome.puzzles[0][0]) in full


def test_the_survey_records_the_restarts() -> None:
    import io as stdio
    import json

    from boardlab.families.cnote.narrow import survey

    out = stdio.StringIO()
    survey([(2, 6), (8, 2)], [450], out, node_limit=1000, restart_nodes=2_000_000)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["size"] == "2x6" and first["unique"] is True and first["searched"] == 1000
    assert first["restart_nodes"] == 2_000_000 and first["rounds"] >= 1
    assert count([450] * 6, [1350, 1350], first["digits"]) == 1
    assert second["size"] == "8x2" and second["unique"] is True


def _line(size: str, target: int, unique: bool | None, seconds: float, **more: int) -> dict[str, object]:
    return {
        "size": size,
        "target": target,
        "unique": unique,
        "nodes": 1,
        "candidates": 0,
        "seconds": seconds,
        **more,
    }


#: Synthetic survey lines (not computed): two passes over two shapes, the second replacing some
#: answers (undecided -> unique, undecided -> none, unique -> undecided), adding targets beyond
#: (a gap: `also`) and a shape of its own, with new budgets and a new slowest line.
OLD_LINES = [
    *(_line("2x5", t, t % 3 != 0 if t % 5 else None, 0.125 * (t % 4)) for t in range(10, 31)),
    *(_line("5x2", t, t % 2 == 0, 0.5, node_limit=30) for t in range(12, 20)),
    _line("2x5", 14, None, 0.25, node_limit=7),  # a second answer within the old pass
]
NEW_LINES = [
    _line("2x5", 15, True, 1.0, node_limit=5, restart_nodes=9),
    _line("2x5", 20, False, 2.5, node_limit=5, restart_nodes=9),
    _line("2x5", 11, None, 0.375, node_limit=5, restart_nodes=9),
    _line("2x5", 40, True, 0.25, node_limit=5, restart_nodes=9),
    _line("2x5", 31, None, 0.25, node_limit=5, restart_nodes=9),
    _line("2x5", 20, None, 0.125, node_limit=5),  # a later line replaces an earlier new one
    _line("2x6", 50, True, 0.75, node_limit=5),
]


def test_merging_new_lines_into_the_summary_is_the_summary_of_all_the_lines() -> None:
    """`merge`: records of old lines (`summary`) with new lines folded in are `summary` of the
    old and new lines together (answers replaced, targets added, CPU added, budgets and the
    slowest line), but for the command, which keeps the old one and adds the new pass's."""
    from boardlab.families.cnote.narrow import merge, summary

    old = summary(OLD_LINES, "old")
    merged = merge(old, NEW_LINES, "new")
    both = summary(OLD_LINES + NEW_LINES, "x")
    assert [r["size"] for r in merged] == ["2x5", "5x2", "2x6"]
    by_size = {r["size"]: r for r in merged}
    for record in both:
        mine = dict(by_size[record["size"]])
        assert mine.pop("command") == {"2x5": "old; then new", "5x2": "old", "2x6": "new"}[record["size"]]
        record.pop("command")
        assert mine == record, record["size"]
    assert by_size["5x2"] == old[1]  # untouched
    five = by_size["2x5"]
    assert (five["from"], five["to"], five["also"]) == (10, 31, [40])
    assert 15 not in five["undecided"] and 11 in five["undecided"] and 20 in five["undecided"]
    assert 20 not in five["none"] and five["slowest"] == [20, 2.5]
    assert five["node_limits"] == [1_000_000, 7, 5] and five["restart_nodes"] == [9]
    assert five["cpu_seconds"] == sum(
        line["seconds"] for line in OLD_LINES + NEW_LINES if line["size"] == "2x5"
    )
    assert five["unique"] + len(five["none"]) + len(five["undecided"]) == 23
    assert merge(old, [], "nothing") == old


def test_the_cli_merges_survey_lines_into_a_records_file(tmp_path: Path) -> None:
    """`--summary LINES --merge-into RECORDS` rewrites the records as `merge` gives them, with
    `--note` in the commands; `--summary` alone prints `summary`'s records."""
    import json

    from boardlab.families.cnote.narrow import main, merge, summary

    records, lines = tmp_path / "records.jsonl", tmp_path / "new.jsonl"
    old = summary(OLD_LINES, "old")
    records.write_text("".join(json.dumps(r) + "\n" for r in old))
    lines.write_text("".join(json.dumps(r) + "\n\n" for r in NEW_LINES))
    assert main(["--summary", str(lines), "--merge-into", str(records), "--note", "pass 2"]) == 0
    written = [json.loads(text) for text in records.read_text().splitlines()]
    assert written == merge(old, NEW_LINES, "pass 2")
    assert main(["--summary", str(lines), "--merge-into", str(records)]) == 0
    again = [json.loads(text) for text in records.read_text().splitlines()]
    assert again[0]["command"].startswith(
        "old; then pass 2; then python -m boardlab.families.cnote.narrow --summary"
    )
    added = sum(line["seconds"] for line in NEW_LINES if line["size"] == "2x5")
    assert again[0]["cpu_seconds"] == round(written[0]["cpu_seconds"] + added, 3)


def test_the_cli_reruns_the_shipped_survey_s_undecided_targets_with_restarts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--undecided` runs only the targets the shipped survey left undecided on each shape
    (within --from/--to; `--descending` from the largest down), `--restart-nodes` and `--seed`
    reach `survey`: each line is `Narrow.settle`'s with that seed and those budgets (not seed
    0's), and every puzzle found is counted unique."""
    import json

    from boardlab.families.cnote.narrow import main, recorded

    argv = ["--sizes", "2x8,2x4", "--from", "444", "--to", "452", "--undecided", "--descending"]
    assert main([*argv, "--node-limit", "1000", "--restart-nodes", "200000", "--seed", "1"]) == 0
    out = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    eight, four = recorded(2, 8), recorded(2, 4)
    assert eight is not None and four is not None and not four["undecided"]
    wanted = [t for t in range(452, 443, -1) if t in eight["undecided"]]
    assert len(wanted) >= 3 and [line["target"] for line in out] == wanted
    assert {line["size"] for line in out} == {"2x8"}
    differs = False
    for line in out:
        rows, cols = [line["target"]] * 8, column_targets(line["target"], 8, 2)
        narrow = Narrow(rows, cols)
        settled, other = narrow.settle(1, 1000, 200_000), narrow.settle(0, 1000, 200_000)
        assert line["restart_nodes"] == 200_000 and line["searched"] == 1000 == settled.searched
        assert (line["unique"], line["nodes"], line["candidates"], line["rounds"]) == (
            settled.exists, settled.nodes, settled.candidates, settled.rounds,
        )  # fmt: skip
        assert line.get("digits") == (settled.puzzles[0][0] if settled.puzzles else None)
        differs |= (other.candidates, other.nodes) != (settled.candidates, settled.nodes)
        if line["unique"]:
            assert count(rows, cols, line["digits"]) == 1
    assert differs


def test_the_cli_s_step_takes_every_k_th_target_up_or_down(capsys: pytest.CaptureFixture[str]) -> None:
    """`--step K`: A, A + K, ... up to B, or with `--descending` B, B - K, ... down to A (then, with
    `--undecided`, those the shipped survey left undecided)."""
    import json

    from boardlab.families.cnote.narrow import main, recorded

    seven = recorded(2, 7)
    assert seven is not None
    for extra, targets in [([], range(619, 636, 4)), (["--descending"], range(635, 618, -4))]:
        argv = ["--sizes", "2x7", "--from", "619", "--to", "635", "--step", "4", "--node-limit", "0", *extra]
        assert main(argv) == 0
        assert [json.loads(text)["target"] for text in capsys.readouterr().out.splitlines()] == list(targets)
        assert main([*argv, "--undecided"]) == 0
        out = [json.loads(text)["target"] for text in capsys.readouterr().out.splitlines()]
        assert out == [t for t in targets if t in seven["undecided"]] and 627 not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sizes", "3x3"], "not two cells wide"),
        (["--sizes", "2by3"], "--sizes must be"),
        (["--restart-nodes", "-1"], "at least 0"),
        (["--work-limit", "-1"], "--work-limit and --restart-work must be at least 0"),
        (["--step", "0"], "--step at least 1"),
        (["--merge-into", "x.jsonl"], "need --summary"),
        (["--sizes", "2x9", "--undecided"], "no record of 2x9"),
        (["--summary", "MISSING"], "MISSING: "),
        (["--summary", "BAD"], "BAD:2: not JSON"),
        (["--summary", "LINES", "--merge-into", "BAD"], "BAD:1: a line must be an object with size from"),
        (["--summary", "LINES", "--merge-into", "LINES"], "LINES:1: a line must be an object with size from"),
    ],
)
def test_the_cli_s_bad_input_is_one_line_and_exit_2(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from boardlab.families.cnote.narrow import main

    (tmp_path / "BAD").write_text('{"size": "2x5", "target": 3, "unique": true, "seconds": 1}\n{"size": \n')
    (tmp_path / "LINES").write_text(json.dumps(NEW_LINES[0]) + "\n")
    paths = {name: str(tmp_path / name) for name in ("MISSING", "BAD", "LINES")}
    before = (tmp_path / "LINES").read_text()
    assert main([paths.get(arg, arg) for arg in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("boardlab: error: ") and message in err
    assert (tmp_path / "LINES").read_text() == before  # nothing rewritten


def test_the_survey_records_its_work_budgets() -> None:
    """`survey` with work budgets (fortieth session): each line records both budgets and the
    work spent; a complete search within them proves none as without them (5 columns of 2 rows
    at 1,000), and a starved one is undecided."""
    import io as stdio
    import json

    from boardlab.families.cnote.narrow import NO_LIMIT, survey

    out = stdio.StringIO()
    for work in (10**11, 10**6):  # the complete search's work: enough, then too little
        survey([(5, 2)], [1000], out, NO_LIMIT, restart_nodes=NO_LIMIT, work_limit=work, restart_work=10**6)
    proven, starved = (json.loads(line) for line in out.getvalue().splitlines())
    assert proven["unique"] is False and proven["work_limit"] == 10**11 and 0 < proven["work"] < 10**11
    assert starved["unique"] is None and starved["restart_work"] == 10**6 and starved["work"] >= 2 * 10**6


def test_the_cli_s_work_budgets_reach_the_survey(capsys: pytest.CaptureFixture[str]) -> None:
    """`--work-limit` and `--restart-work` (fortieth session) bound the survey's phases: 5
    columns of 2 rows at 1,000 is proven none within a large budget and undecided within a
    starved one, each line recording its budgets."""
    import json

    from boardlab.families.cnote.narrow import main

    argv = ["--sizes", "5x2", "--from", "1000", "--to", "1000", "--restart-nodes", "1000000"]
    for work, answer in ((10**11, False), (10**6, None)):
        assert main([*argv, "--work-limit", str(work), "--restart-work", "1000"]) == 0
        (line,) = (json.loads(text) for text in capsys.readouterr().out.splitlines())
        assert (line["unique"], line["work_limit"], line["restart_work"]) == (answer, work, 1000)


def mirror_image(lines: Lines, digits: list[list[int]]) -> tuple[tuple[int, int], ...]:
    """The multiset of (target, type) of a digit grid with its two cross lines swapped."""
    pairs = list(zip(*digits)) if lines.columns else [tuple(r) for r in digits]
    return tuple(sorted((t, 9 * (e - 1) + d - 1) for t, (d, e) in zip(lines.targets, pairs)))


@pytest.mark.parametrize(
    ("width", "height", "target"),
    [(2, 3, 40), (2, 4, 30), (2, 4, 51), (3, 2, 31), (3, 2, 44), (4, 2, 50), (6, 2, 60), (7, 2, 70)],
)
def test_the_mirror_lists_one_of_each_pair_of_mirror_puzzles(width: int, height: int, target: int) -> None:
    """With `mirror` (cross lines of equal targets) the complete search lists puzzles whose
    mirror images, with them, are exactly the full listing's (every one unique by the
    polynomial count), with the least and largest values of the first target's lines summing
    to at most that target, in fewer states; both deep settings agree, and the survey records
    the option only where it applies."""
    rows, cols = [target] * height, column_targets(target, height, width)
    narrow = Narrow(rows, cols)
    assert narrow.mirrored
    full = narrow.search(max_found=1 << 20)
    assert full.complete and full.puzzles
    everything = {as_multiset(narrow.lines, digits) for digits, _ in full.puzzles}
    assert everything == {mirror_image(narrow.lines, digits) for digits, _ in full.puzzles}
    lines = max(width, height)
    for deep in (3, lines):
        half = narrow.search(max_found=1 << 20, mirror=True, deep=deep)
        assert half.complete and half.nodes < full.nodes
        seen = {as_multiset(narrow.lines, digits) for digits, _ in half.puzzles}
        assert seen | {mirror_image(narrow.lines, digits) for digits, _ in half.puzzles} == everything
        first = min(narrow.targets)
        for digits, solution in half.puzzles[:20]:
            assert count(rows, cols, digits) == 1
            firsts = solution[0] if narrow.lines.columns else [row[0] for row in solution]
            values = [a for a, t in zip(firsts, narrow.lines.targets) if t == first]
            assert min(values) + max(values) <= first
    for seed in (0, 1):
        assert narrow.settle(seed, mirror=True).exists is True


def test_the_mirror_keeps_the_answer_and_is_refused_where_it_does_not_apply() -> None:
    """Every target of 2 columns of 4 rows and 4 columns of 2 rows from 20 to 60: the mirrored
    search's answer is the plain one's; on 2 columns of 3 rows at an odd target (cross lines
    of unequal targets) and on part of the graph the mirror is refused, and `settle` and the
    survey leave it out there."""
    for target in range(20, 61):
        for width, height in ((2, 4), (4, 2)):
            narrow = Narrow([target] * height, column_targets(target, height, width))
            assert narrow.mirrored
            assert narrow.search(mirror=True).exists == narrow.search().exists, (width, height, target)
    odd = Narrow([41] * 3, column_targets(41, 3, 2))
    assert not odd.mirrored
    with pytest.raises(ValueError, match="mirror"):
        odd.search(mirror=True)
    even = Narrow([40] * 3, column_targets(40, 3, 2))
    with pytest.raises(ValueError, match="mirror"):
        even.search(mirror=True, allowed=np.ones(even.states, dtype=bool))
    assert odd.settle(0, mirror=True).exists == odd.settle(0).exists
    import io as text_io

    from boardlab.families.cnote.narrow import survey

    plain, mirrored = text_io.StringIO(), text_io.StringIO()
    survey([(2, 3)], range(40, 42), plain, seed=0)
    survey([(2, 3)], range(40, 42), mirrored, seed=0, deep=3, mirror=True)
    lines = [[json.loads(text) for text in out.getvalue().splitlines()] for out in (plain, mirrored)]
    assert [line["unique"] for line in lines[0]] == [line["unique"] for line in lines[1]]
    assert [line.get("mirror") for line in lines[1]] == [True, None]
    assert {line["deep"] for line in lines[1]} == {3}
