"""The exhaustive 3x3 scan (`families/cnote/exhaustive.py`) against the existing counter, brute
force and the heat bath's unique grids; its symmetry reduction; checkpoints, deadlines, Ctrl-C."""

from __future__ import annotations

import importlib
import itertools
import json
import random
from pathlib import Path

import numpy as np
import pytest

from boardlab.core.deadline import Deadline, OutOfTime
from boardlab.core.errors import BadInput
from boardlab.data import CNOTE_3X3_EXHAUSTIVE, json_lines
from boardlab.families.cnote import exhaustive
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.convolution import Counter
from boardlab.families.cnote.exhaustive import (
    PairScanner,
    covered,
    key,
    line_counts,
    main,
    ordered_pairs,
    pair_representatives,
    scan,
    search,
)
from boardlab.families.cnote.generate import generate
from boardlab.families.cnote.io import make_instance
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.orbits import canonical, images

PAIRS = pair_representatives()
PAIR_SET = set(PAIRS)
#: the heat bath's unique grids (docs/cnote.md, "Large targets")
HEAT_BATH = {300: ((2, 5, 9), (6, 2, 8), (9, 7, 5)), 500: ((9, 4, 8), (9, 5, 7), (4, 8, 9))}


def brute_count(grid, target: int, cap: int | None = None) -> int:
    found = brute_solutions(make_instance([list(row) for row in grid], target))
    return sum(1 for _ in (found if cap is None else itertools.islice(found, cap)))


def unique_on(digits: tuple[int, ...], target: int) -> set:
    """The scan restricted to grids of these digits: the pairs of `PAIRS` made of them, and
    third rows made of them (an orbit of such grids holds only such grids)."""
    scanner = PairScanner(target)
    found = set()
    for a, b in PAIRS:
        if set(a) <= set(digits) and set(b) <= set(digits):
            counts = scanner.counts(a, b)
            for c in itertools.product(digits, repeat=3):
                if counts[c[0] - 1, c[1] - 1, c[2] - 1] == 1:
                    found.add(canonical((a, b, c)))
    return found


def brute_unique_on(digits: tuple[int, ...], target: int) -> set:
    """Every grid of these digits counted by brute force, one per orbit."""
    seen, unique = set(), set()
    for cells in itertools.product(digits, repeat=9):
        grid = canonical((cells[0:3], cells[3:6], cells[6:9]))
        if grid not in seen:
            seen.add(grid)
            if brute_count(grid, target, 2) == 1:
                unique.add(grid)
    return unique


# ---- the symmetry reduction ----------------------------------------------------------------------
def test_the_group_has_72_elements_and_preserves_solution_counts() -> None:
    grid = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert len(set(images(grid))) == 72
    rng = random.Random(3)
    for _ in range(3):
        g = tuple(tuple(rng.randint(1, 9) for _ in range(3)) for _ in range(3))
        counts = {brute_count(h, 40) for h in rng.sample(list(images(g)), 6)}
        assert len(counts) == 1
        assert canonical(g) == canonical(rng.choice(list(images(g))))


def test_representatives_cover_every_orbit() -> None:
    """Every grid has an image whose first two rows are a scanned pair (the lemma in
    docs/cnote.md): all grids of one digit subset (including ties of keys), and random grids."""
    rng = random.Random(0)
    grids = [(c[0:3], c[3:6], c[6:9]) for c in itertools.product((1, 5, 9), repeat=9)]
    grids += [tuple(tuple(rng.randint(1, 9) for _ in range(3)) for _ in range(3)) for _ in range(3000)]
    for grid in grids:
        assert any((h[0], h[1]) in PAIR_SET for h in images(grid)), grid


def test_representatives_are_covered_canonical_and_fewer_than_the_pair_orbits() -> None:
    assert len(PAIRS) == len(PAIR_SET) == 35_355
    assert all(covered(a, b) and key(b) <= key(a) for a, b in PAIRS)
    # (9 8 1 / 9 1 1) is not covered: column (9, 9, c) outranks the first row whatever c is
    assert not covered((9, 8, 1), (9, 1, 1)) and covered((9, 9, 1), (9, 8, 1))


# ---- counts --------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", [40, 150, 1000])
def test_pair_counts_match_the_counters_line_counts(target: int) -> None:
    rng = random.Random(target)
    scanner = PairScanner(target)
    counter = Counter([target] * 3, [target] * 3)
    for a, b in rng.sample(PAIRS, 2):
        counter.set_row(0, list(a))
        counter.set_row(1, list(b))
        counter.set_row(2, [1, 1, 1])
        assert np.array_equal(scanner.counts(a, b), counter.line_counts(2))


def test_pair_counts_match_brute_force() -> None:
    scanner = PairScanner(40)
    for a, b in [((3, 2, 5), (2, 8, 8))]:
        counts = scanner.counts(a, b)
        assert counts.sum() > 0 and (counts == 1).any()
        for c in itertools.product(range(1, 10), repeat=3):
            assert counts[c[0] - 1, c[1] - 1, c[2] - 1] == brute_count((a, b, c), 40)


@pytest.mark.parametrize("target, digits", [(40, (1, 3, 8))])
def test_scan_on_a_digit_subset_matches_brute_force(target: int, digits: tuple[int, ...]) -> None:
    """Completeness and soundness on all grids of three digits: the representatives' counts
    find exactly the orbits that brute force finds unique."""
    found = unique_on(digits, target)
    assert found and found == brute_unique_on(digits, target)


@pytest.mark.slow
@pytest.mark.parametrize("target, digits", [(30, (1, 2, 9)), (60, (2, 5, 9))])
def test_scan_on_digit_subsets_matches_brute_force_slow(target: int, digits: tuple[int, ...]) -> None:
    found = unique_on(digits, target)
    assert found == brute_unique_on(digits, target)


@pytest.mark.parametrize("target", sorted(HEAT_BATH))
def test_the_heat_baths_unique_grids_are_found_by_their_representative(target: int) -> None:
    grid = HEAT_BATH[target]
    counter = Counter([target] * 3, [target] * 3)
    counter.set_digits([list(row) for row in grid])
    assert counter.count() == 1
    scanner = PairScanner(target)
    hits = [h for h in images(grid) if (h[0], h[1]) in PAIR_SET]
    assert hits
    for h in hits[:2]:
        counts = scanner.counts(h[0], h[1])
        assert counts[h[2][0] - 1, h[2][1] - 1, h[2][2] - 1] == 1
        assert canonical(h) == canonical(grid)


def test_published_puzzles_at_100_are_found_exactly_when_unique() -> None:
    """The 13 unique published puzzles (and not Friedman's demo, 31 solutions) are unique by
    the count of their representative pair (the whole scan at 100 lists all 13: docs)."""
    scanner = PairScanner(100)
    path = Path(__file__).parents[3] / "src" / "boardlab" / "data" / "cnote-published.jsonl"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 14
    for record in records:
        grid = tuple(tuple(row) for row in record["instance"]["grid"])
        h = next(h for h in images(grid) if (h[0], h[1]) in PAIR_SET)
        count = scanner.counts(h[0], h[1])[h[2][0] - 1, h[2][1] - 1, h[2][2] - 1]
        assert bool(count == 1) is record["unique"]


# ---- whole scans, checkpoints, stops -------------------------------------------------------------
def test_scan_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "t30.jsonl"
    first = scan(30, path, limit=70, block=10, stop_after=3)  # a crash after three blocks
    assert first.done == 30 and not first.finished
    assert len(path.read_text().splitlines()) == 1 + 3  # the header and the three blocks
    resumed = scan(30, path, limit=70, block=10)
    whole = scan(30, None, limit=70)
    assert resumed.done == whole.done == 70 and resumed.finished
    assert resumed.unique == whole.unique and resumed.least_seen == whole.least_seen
    assert whole.unique  # (1, 1, 1) rows and their neighbours have unique grids at 30
    for grid in whole.grids():
        assert brute_count(grid, 30, 2) == 1
    # a resumed finished scan counts nothing more and says the same
    again = scan(30, path, limit=70, block=10)
    assert (again.done, again.unique, again.least_seen) == (70, whole.unique, whole.least_seen)
    for other in [
        dict(target=31, limit=70, block=10),
        dict(target=30, limit=60, block=10),
        dict(target=30, limit=70, block=7),
    ]:
        with pytest.raises(BadInput, match="checkpoint is for another scan"):
            scan(checkpoint=path, **other)  # type: ignore[arg-type]
    # a torn last line (a crash mid-write) is dropped; a bad line elsewhere is an error
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:5])
    assert scan(30, path, limit=70, block=10).unique == whole.unique
    path.write_text("\n".join([lines[0], '{"i": 0, "block": [-1]}', *lines[1:]]) + "\n")
    with pytest.raises(BadInput, match="bad checkpoint record"):
        scan(30, path, limit=70, block=10)


def test_scan_on_processes_equals_the_serial_scan() -> None:
    serial = scan(30, limit=200, block=16)
    forked = scan(30, limit=200, block=16, executor="processes", workers=2)
    assert forked.executor == "processes" and forked.workers == 2
    assert (forked.done, forked.unique, forked.least_seen) == (serial.done, serial.unique, serial.least_seen)
    assert scan(30, limit=5, executor="auto", workers=1).executor == "serial"
    with pytest.raises(BadInput, match="--executor must be one of"):
        scan(30, limit=5, executor="threads")


def test_scan_stops_at_the_deadline_and_on_ctrl_c_with_its_checkpoint_written(tmp_path: Path) -> None:
    path = tmp_path / "t30.jsonl"
    with pytest.raises(OutOfTime):
        scan(30, path, deadline=Deadline.after(0.0))
    assert len(path.read_text().splitlines()) == 1  # the header: nothing finished

    def interrupt(state) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        scan(30, path, progress=interrupt, every=0.0)
    assert len(path.read_text().splitlines()) == 2  # the block that finished is kept


def test_main_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch) -> None:
    assert main(["--target", "2"]) == 2
    assert main(["--target", "30", "--executor", "threads"]) == 2
    assert "--executor must be one of" in capsys.readouterr().err
    assert main(["--target", "30", "--workers", "0"]) == 2
    assert capsys.readouterr().err == "boardlab: --workers must be at least 1\n"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    assert main(["--target", "30", "--checkpoint", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"boardlab: {bad}:1: not a boardlab checkpoint")
    assert main(["--target", "30", "--time-limit", "0", "--checkpoint", str(tmp_path / "c.jsonl")]) == 3
    assert "unknown" in capsys.readouterr().out

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(exhaustive, "scan", interrupted)
    assert main(["--target", "30"]) == 130
    assert "boardlab: interrupted" in capsys.readouterr().err


@pytest.mark.slow
def test_scan_on_ray_equals_the_serial_scan() -> None:
    ray = pytest.importorskip("ray")
    serial = scan(30, limit=100, block=25)
    remote = scan(30, limit=100, block=25, executor="ray", workers=2)
    assert (remote.done, remote.unique, remote.least_seen) == (serial.done, serial.unique, serial.least_seen)
    assert remote.executor == "ray" and not ray.is_initialized()


# ---- recorded scans and the generator --------------------------------------------------------------
RECORDS = json_lines(CNOTE_3X3_EXHAUSTIVE)
#: the generator's module (the package `boardlab.families.cnote` exports a function `generate`)
GENERATE = importlib.import_module("boardlab.families.cnote.generate")


def test_recorded_scans_are_finished_scans_of_all_representatives() -> None:
    assert RECORDS and len({r["target"] for r in RECORDS}) == len(RECORDS)
    for record in RECORDS:
        assert record["pairs"] == len(PAIRS)
        # with settled pairs the least count is the transforms' (none counted so: 0)
        counted = record["pairs"] - record.get("settled", 0)
        assert record["unique_orbits"] >= 0 and (record["least_count"] >= 1 or counted == 0)
        assert (record["least_count"] == 1) is (record["unique_orbits"] > 0)
        assert record["command"].endswith("--exact") is ("settled" not in record)
        assert record["command"].startswith("python -m boardlab.families.cnote.exhaustive --target")
        assert exhaustive.recorded(record["target"]) == record
    assert exhaustive.recorded(7) is None


def test_recorded_unique_grids_have_one_solution_by_cpsat() -> None:
    """Records with few unique orbits list them (canonical forms): one of each record's grids
    (all of them where the record lists at most 2; 295 grids in 99 records, all counted took
    28 s) has exactly one solution by the oracle's CP-SAT enumeration, a second method; the
    heat bath's grid at 300 is among them."""
    listed = [r for r in RECORDS if "grids" in r]
    assert listed
    rng = random.Random(0)
    for record in listed:
        assert len(record["grids"]) == record["unique_orbits"]
        assert all(canonical(grid) == tuple(map(tuple, grid)) for grid in record["grids"])
        grids = record["grids"] if len(record["grids"]) <= 2 else [rng.choice(record["grids"])]
        for grid in grids:
            found = CNoteOracle(make_instance(grid, record["target"])).several(2, 0)
            assert isinstance(found, list) and len(found) == 1
    at_300 = exhaustive.recorded(300)
    assert at_300 is not None and list(map(list, canonical(HEAT_BATH[300]))) in at_300["grids"]
    # at 500 the heat bath's grid is the only unique orbit
    at_500 = exhaustive.recorded(500)
    assert at_500 is not None and at_500["grids"] == [list(map(list, canonical(HEAT_BATH[500])))]


def test_recorded_least_counts_hold_on_sample_pairs() -> None:
    """No representative pair has a third row whose count is positive and below the recorded
    least count (a spot check of the largest recorded scan)."""
    record = max(RECORDS, key=lambda r: r["target"])
    scanner = PairScanner(record["target"])
    for a, b in random.Random(0).sample(PAIRS, 2) + [PAIRS[-1]]:
        counts = scanner.counts(a, b)
        assert not ((counts > 0) & (counts < record["least_count"])).any()


def test_generate_says_at_once_where_a_recorded_scan_found_no_unique_grid(monkeypatch) -> None:
    empty = [r["target"] for r in RECORDS if r["unique_orbits"] == 0]
    for target in empty:
        with pytest.raises(BadInput, match=f"no 3x3 puzzle with target {target} has exactly one solution"):
            generate(3, 3, target, 0)
    # the mechanism: a record saying none makes generate answer so; without it the heat bath runs
    monkeypatch.setattr(
        GENERATE,
        "recorded",
        lambda target: {"target": target, "pairs": len(PAIRS), "unique_orbits": 0, "least_count": 2},
    )
    with pytest.raises(BadInput, match="all 9\\^9 digit grids were counted"):
        generate(3, 3, 150, 0)
    monkeypatch.setattr(GENERATE, "recorded", lambda target: None)
    instance, planted, _ = generate(3, 3, 150, 0)
    assert brute_count(instance.grid, 150, 2) == 1
    # --any is unaffected, and other shapes are not looked up
    assert generate(3, 3, 1000, 0, unique=False)[1] is not None


@pytest.mark.slow
@pytest.mark.parametrize("record", [r for r in RECORDS if r["target"] == 100], ids=lambda r: str(r["target"]))
def test_recorded_scans_are_reproduced(record) -> None:
    """One of the recorded scans redone (the CI's slow step: about 15 s of CPU); the record at
    200 is reproduced by the ordered search run to its end (below), the same counting in
    another order."""
    state = scan(record["target"])
    assert state.finished
    if record["target"] in HEAT_BATH:
        assert canonical(HEAT_BATH[record["target"]]) in state.grids()
        for grid in state.grids()[:5]:
            assert brute_count(grid, record["target"], 2) == 1
    assert (len(state.unique), state.least_seen) == (record["unique_orbits"], record["least_count"])
    if "grids" in record:
        assert [list(map(list, g)) for g in state.grids()] == record["grids"]


# ---- the ordered search (the generator's 3x3 planter at 300, 500 and 700) ----------------------------
def test_representatives_equal_their_definition() -> None:
    """The numpy computation of `pair_representatives` against `covered` and `_pair_canonical`
    applied pair by pair to all 531,441 pairs of rows, order included."""
    lines = list(itertools.product(range(1, 10), repeat=3))
    direct = [
        (a, b) for a in lines for b in lines if covered(a, b) and exhaustive._pair_canonical(a, b) == (a, b)
    ]
    assert PAIRS == sorted(direct, key=lambda pair: (pair[1], pair[0]))


@pytest.mark.parametrize("target", [12, 40])
def test_line_counts_match_brute_force(target: int) -> None:
    """A single line's solutions, counted by enumerating every (x1, x2, x3)."""
    counts = line_counts(target)
    expected = np.zeros((9, 9, 9), dtype=np.int64)
    for x1 in range(1, target):
        for x2 in range(1, target - x1):
            x3 = target - x1 - x2
            for d1 in {int(ch) for ch in str(x1)} - {0}:
                for d2 in {int(ch) for ch in str(x2)} - {0}:
                    for d3 in {int(ch) for ch in str(x3)} - {0}:
                        expected[d1 - 1, d2 - 1, d3 - 1] += 1
    assert (counts == expected).all()


def test_ordered_pairs_are_the_representatives_least_constrained_last() -> None:
    target = 300
    ordered = ordered_pairs(target)
    assert sorted(ordered) == sorted(PAIRS)
    rows = line_counts(target)
    score = [rows[tuple(d - 1 for d in a)] * rows[tuple(d - 1 for d in b)] for a, b in ordered]
    assert score == sorted(score)


def test_search_yields_exactly_the_grids_with_one_solution_of_its_pairs() -> None:
    """On 150 pairs at target 40 (the last ones: the most constrained have no solution at so
    small a target): the grids it yields are those of count 1 by the scanner, each with one
    solution by brute force; on random grids of these pairs, brute force agrees."""
    target, start, stop = 40, 34000, 34150
    found = {grid for _, grids in search(target, start, stop) for grid in grids}
    scanner = PairScanner(target)
    expected = set()
    for a, b in ordered_pairs(target)[start:stop]:
        for third in np.argwhere(scanner.counts(a, b) == 1):
            expected.add((a, b, tuple(int(d) + 1 for d in third)))
    assert found == expected and found
    rng = random.Random(5)
    for grid in rng.sample(sorted(found), 20):
        assert brute_count(grid, target) == 1
    pairs = ordered_pairs(target)[start:stop]
    for _ in range(40):
        a, b = rng.choice(pairs)
        grid = (a, b, tuple(rng.randint(1, 9) for _ in range(3)))
        assert (grid in found) == (brute_count(grid, target, 2) == 1)


def test_search_in_threads_yields_what_one_thread_yields() -> None:
    """The threads only count ahead: two (the default) and three give the same pairs and grids
    in the same order as one, over 300 pairs at 270 (40 of them with unique grids), and
    stopping at the first hit stops there."""
    one = list(search(270, 0, 300, workers=1))
    assert len(one) >= 2
    assert list(search(270, 0, 300)) == one == list(search(270, 0, 300, workers=3))
    assert next(iter(search(270, 0, 300))) == one[0]


@pytest.mark.slow
def test_search_to_the_end_finds_the_recorded_orbits_at_200() -> None:
    """Run to the end, the ordered search is the exhaustive scan in another order: as many
    orbits as the record at 200 (9,732; about 25 s of CPU), a sample of them unique by brute
    force. (At 300 the same test took 54 s of the CI's slow step; the record at 300 lists its
    five orbits, which the default step's CP-SAT check samples.)"""
    found = {canonical(grid) for _, grids in search(200) for grid in grids}
    record = exhaustive.recorded(200)
    assert record is not None and len(found) == record["unique_orbits"]
    for grid in random.Random(0).sample(sorted(found), 5):
        assert brute_count(grid, 200, 2) == 1
