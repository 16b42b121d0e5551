"""Lemma 14's drives, their assembly into `trees_certified` and the rerun (`cnote.drive`), and
the docs' table of the certified ranges (docs/cnote_lemma14_table.py); docs/cnote.md, "Lemma 14"."""

from __future__ import annotations

import json
import runpy
import signal
import subprocess
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from boardlab.core.deadline import Deadline
from boardlab.families.cnote import drive as drives
from boardlab.families.cnote import trees
from boardlab.families.cnote.drive import (
    COLD,
    LEFT_OVER,
    PROVEN,
    UNDECIDED,
    UNIQUE,
    Attempt,
    Start,
    above,
    answered,
    assembled,
    attempt,
    bound,
    drive,
    first_target,
    read_log,
    rerun_one,
    starting,
)
from boardlab.families.cnote.trees import CERTIFIED, Grown, certify, decoded

DOCS = Path(__file__).parents[3] / "docs"

#: A unique 4x3 puzzle at 150 (`boardlab cnote generate --size 4x3 --target 150 --seed 0`);
#: the test counts it again.
UNIQUE_4X3 = [[7, 4, 7, 6], [7, 4, 5, 4], [1, 8, 8, 9]]


def fake_searcher(certified_from: int, calls: list[tuple[int, int, float]], starts: list | None = None):
    """A searcher certifying every range at or above `certified_from` (at one tree of its own,
    `lo` % 12 added to the trees it starts from), undecided below."""

    def searcher(
        width: int, height: int, lo: int, hi: int, limit: float, count: int, start, deadline=None
    ) -> Attempt:
        calls.append((lo, hi, limit))
        if starts is not None:
            starts.append(sorted(trees.encoded(tree, width) for tree in start.trees))
        if lo >= certified_from:
            own = [0, 1, 2, 3, 4, lo % 12] if lo % 12 > 4 else [0, 1, 2, 3, 4, 8]
            return Attempt(width, height, lo, hi, PROVEN, 1.0, [own], [], "all")
        return Attempt(width, height, lo, hi, UNDECIDED, 1.0)

    return searcher


@pytest.fixture
def top_at_300(monkeypatch: pytest.MonkeyPatch) -> None:
    """4x3 certified from 300 only (a drive of it starts at 299), and 3x4 from 225 only, so that
    no target of these drives is answered on the grid turned (4x3 at 296 is 3x4 at 222, certified
    in the sixty-fifth session)."""
    monkeypatch.setitem(CERTIFIED, (4, 3), [(300, 1000, (), (), "all")])
    monkeypatch.setitem(CERTIFIED, (3, 4), [r for r in CERTIFIED[3, 4] if r[0] >= 225])


def test_a_drive_doubles_on_success_halves_on_failure_and_stops_at_one_target(
    tmp_path: Path, top_at_300: None
) -> None:
    calls: list[tuple[int, int, float]] = []
    log = tmp_path / "drive.jsonl"
    tried = list(
        drive([(4, 3)], log, time_limit=5, single_limit=9, widest=4, searcher=fake_searcher(290, calls))
    )
    # after 289-292 is left undecided the span stays under 4 targets, after 288-290 under 3
    # (`narrower`)
    assert [(lo, hi) for lo, hi, _ in calls] == [
        (299, 299), (297, 298), (293, 296), (289, 292), (291, 292),
        (288, 290), (290, 290), (288, 289), (289, 289),
    ]  # fmt: skip
    assert [limit for lo, hi, limit in calls] == [9 if lo == hi else 5 for lo, hi, _ in calls]
    assert read_log(log) == tried
    assert first_target(4, 3, tried) == 289
    # resumed from its log: the shape stopped at a single target, nothing more is tried
    assert list(drive([(4, 3)], log, searcher=fake_searcher(0, calls))) == []
    assert len(calls) == 9
    # unless asked to retry (after a change to the search): then it goes on below the log's ranges
    assert [a.lo for a in drive([(4, 3)], log, box=1, retry=True, searcher=fake_searcher(0, calls))] == [289]


def test_a_drive_keeps_to_its_box_of_cpu_and_resumes_below_its_log(tmp_path: Path, top_at_300: None) -> None:
    calls: list[tuple[int, int, float]] = []
    log = tmp_path / "drive.jsonl"
    assert len(list(drive([(4, 3)], log, box=2.5, searcher=fake_searcher(0, calls)))) == 3
    assert calls[-1][:2] == (293, 296)
    # a second drive on the same log counts the CPU already logged; with more room it goes on
    # below the log's ranges, its span starting again at one target
    assert list(drive([(4, 3)], log, box=2.5, searcher=fake_searcher(0, calls))) == []
    assert [a.lo for a in drive([(4, 3)], log, box=3.5, searcher=fake_searcher(0, calls))] == [292]


def test_a_drive_bounds_each_attempt_by_the_box_left_and_its_end(
    tmp_path: Path, top_at_300: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each attempt gets a `bound` of the shape's box left (the CPU logged so far taken off) and
    the drive's end; `bound` answers the seconds left of either, whichever is less."""
    bounds: list[tuple[float, float]] = []
    monkeypatch.setattr(drives, "bound", lambda cpu, until: bounds.append((cpu, until)) or bound(cpu, until))
    asked: list[float] = []
    certifying = fake_searcher(0, [])

    def searcher(
        width: int, height: int, lo: int, hi: int, limit: float, count: int, start, deadline=None
    ) -> Attempt:
        asked.append(deadline.remaining())
        return certifying(width, height, lo, hi, limit, count, start)

    until = time.time() + 3600
    assert len(list(drive([(4, 3)], tmp_path / "drive.jsonl", box=2.5, until=until, searcher=searcher))) == 3
    assert bounds == [(2.5, until), (1.5, until), (0.5, until)]
    assert [round(x, 1) for x in asked] == [2.5, 1.5, 0.5]
    assert bound(0.0, until).remaining() <= 0 and bound(3600.0, time.time() - 1).remaining() <= 0
    assert 3590 < bound(3600.0, until).remaining() <= 3600 and 50 < bound(60.0, until).remaining() <= 60


def test_an_attempt_told_to_stop_is_undecided_with_the_trees_it_started_from() -> None:
    """A real attempt whose bound is spent: undecided before its first solve, its trees the
    warm start's (the next attempt starts from them)."""
    lo, hi, held, counted, room = CERTIFIED[4, 3][-1]
    start = [decoded(t, 4) for t in held]
    found = attempt(4, 3, lo, hi, 60, 0, Start(start), deadline=Deadline(0.0), log=False)
    assert found.outcome == UNDECIDED and found.trees == [sorted(t) for t in held]


def test_a_drive_steps_over_the_targets_another_lemma_answers(tmp_path: Path, top_at_300: None) -> None:
    """Targets `proven` answers (299, 296 and 295 here) start no range and end a range's
    widening; the next search starts from the trees of the range nearest above; the assembly lets
    such targets lie between two ranges, and refuses the gap where they are not answered."""
    answers = {299, 296, 295}

    def proven(width: int, height: int, target: int) -> bool:
        return target in answers

    calls: list[tuple[int, int, float]] = []
    starts: list = []
    log = tmp_path / "drive.jsonl"
    tried = list(drive([(4, 3)], log, widest=4, searcher=fake_searcher(290, calls, starts), proven=proven))
    assert [(lo, hi) for lo, hi, _ in calls] == [
        (298, 298), (297, 297), (291, 294), (287, 290), (289, 290), (290, 290), (289, 289),
    ]  # fmt: skip
    assert starts[2] == [(0, 1, 2, 3, 4, 9)]  # the trees of 297, above 296 and 295
    held = {(4, 3): [(300, 1000, (), (), "all")]}
    merged = assembled(held, tried, proven)
    assert [r[:2] for r in merged[4, 3]] == [(300, 1000), (298, 298), (297, 297), (291, 294), (290, 290)]
    with pytest.raises(ValueError, match="does not join"):
        assembled(held, tried, lambda width, height, target: False)
    with pytest.raises(ValueError, match="does not join"):
        assembled(held, tried[1:], lambda width, height, target: target != 298)


def test_a_span_left_undecided_is_not_tried_again_on_the_shape(tmp_path: Path, top_at_300: None) -> None:
    """Once a range of two targets is left undecided, the drive goes on one target at a time,
    also when it resumes from its log; with `retry` the log's spans are forgotten."""
    calls: list[tuple[int, int, float]] = []
    log = tmp_path / "drive.jsonl"
    certifying_singles = fake_searcher(0, calls)

    def searcher(
        width: int, height: int, lo: int, hi: int, limit: float, count: int, start, deadline=None
    ) -> Attempt:
        if hi > lo:
            calls.append((lo, hi, limit))
            return Attempt(width, height, lo, hi, UNDECIDED, 1.0)
        return certifying_singles(width, height, lo, hi, limit, count, start)

    assert [(a.lo, a.hi) for a in drive([(4, 3)], log, box=5.5, searcher=searcher)] == [
        (299, 299), (297, 298), (298, 298), (297, 297), (296, 296), (295, 295),
    ]  # fmt: skip
    assert drives.narrower(4, 3, read_log(log), 8) == 1
    assert drives.narrower(3, 4, read_log(log), 8) == 8  # another shape: its own spans
    assert [(a.lo, a.hi) for a in drive([(4, 3)], log, box=7.5, searcher=searcher)] == [
        (294, 294),
        (293, 293),
    ]
    assert [(a.lo, a.hi) for a in drive([(4, 3)], log, box=1.5, retry=True, searcher=searcher)] == [
        (292, 292), (290, 291),
    ]  # fmt: skip


def test_a_target_whose_turned_grid_is_proven_is_answered() -> None:
    """The real `answered`: 6 columns of 3 rows at 378 is 3 columns of 6 rows at 189 turned (a
    range of Lemma 14 on 3x6), answered; 4x3 at 150 has a unique puzzle (`UNIQUE_4X3`), not."""
    assert answered(6, 3, 378)
    assert not answered(4, 3, 150)


def test_each_search_starts_from_the_trees_certified_just_above(tmp_path: Path, top_at_300: None) -> None:
    """Warm (the default): the first search from the trees of `CERTIFIED`'s range above, each
    later one from the log's range above; an undecided range's retry from the same trees. Cold:
    from none."""
    held = ((0, 1, 2, 3, 4, 8), (0, 1, 2, 4, 5, 9))
    calls: list[tuple[int, int, float]] = []
    starts: list = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(CERTIFIED, (4, 3), [(300, 1000, held, (), "all")])
        log = tmp_path / "warm.jsonl"
        list(drive([(4, 3)], log, widest=2, searcher=fake_searcher(296, calls, starts)))
        assert [(lo, hi) for lo, hi, _ in calls] == [
            (299, 299), (297, 298), (295, 296), (296, 296), (295, 295),
        ]  # fmt: skip
        above_296, above_295 = [(0, 1, 2, 3, 4, 9)], [(0, 1, 2, 3, 4, 8)]
        assert starts == [sorted(held), [(0, 1, 2, 3, 4, 11)], above_296, above_296, above_295]
        cold: list = []
        list(drive([(4, 3)], tmp_path / "cold.jsonl", warm=False, searcher=fake_searcher(296, [], cold)))
        assert cold and all(start == [] for start in cold)


def test_after_an_undecided_search_the_next_starts_from_the_trees_it_had_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An undecided attempt logs the trees its search had chosen (`trees.Undecided`); the
    drive's next search of the same targets, narrower, starts from them; a search of targets
    further down from the trees certified above again."""
    held = ((0, 1, 2, 3, 4, 8),)
    grown = (0, 1, 2, 4, 5, 9)
    monkeypatch.setitem(CERTIFIED, (4, 3), [(300, 1000, held, (), "all")])
    starts: list = []

    def searcher(
        width: int, height: int, lo: int, hi: int, limit: float, count: int, start, deadline=None
    ) -> Attempt:
        starts.append(sorted(trees.encoded(tree, width) for tree in start.trees))
        if lo == hi:
            return Attempt(width, height, lo, hi, PROVEN, 1.0, [list(held[0])], [], "all")
        return Attempt(width, height, lo, hi, UNDECIDED, 1.0, [*map(list, held), list(grown)])

    log = tmp_path / "drive.jsonl"
    tried = list(drive([(4, 3)], log, span=2, searcher=searcher))
    assert [(a.lo, a.hi) for a in tried[:3]] == [(298, 299), (299, 299), (298, 298)]
    assert starts[:3] == [list(held), sorted([*held, grown]), list(held)]

    # the search's side: a solve over its limit stops it with the trees chosen so far
    def over(*args: object, **kwargs: object) -> None:
        raise TimeoutError("CP-SAT decided nothing")

    monkeypatch.setattr(trees, "certify", over)
    start = [decoded(t, 4) for t in (*held, grown)]
    with pytest.raises(trees.Undecided) as stop:
        trees.search(4, 3, 290, 291, time_limit=1, start=start)
    assert stop.value.stood.trees == start
    logged = attempt(4, 3, 290, 291, 1, 0, start=Start(start), log=False)
    assert logged.outcome == UNDECIDED and logged.trees == [list(held[0]), list(grown)]


def certify_until(monkeypatch: pytest.MonkeyPatch, calls: int, stop: BaseException | None = None) -> None:
    """`trees.certify` as it is for `calls` - 1 calls, then over its time limit (the calls
    counted from now), or raising `stop`."""
    real, made = trees.certify, []

    def certify(*args: object, **kwargs: object) -> object:
        made.append(1)
        if len(made) >= calls:
            raise TimeoutError("CP-SAT decided nothing") if stop is None else stop
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(trees, "certify", certify)


def test_a_search_resumed_where_an_undecided_one_stood_goes_on_as_if_never_stopped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Real solves (8x5 at 345 from the one tree of 346's range, about a second a step: a
    tree added, room taken at one of its 4-cycles, a tree added): stopped after two steps and
    resumed from its `trees.Undecided` (trees, grids counted, room, cubes), the search stands
    after its third step where a search stopped after three stands: the room taken is asked
    again, not taken again (before the seventy-ninth session a retry took it again, a step
    each)."""
    held = next(r for r in CERTIFIED[8, 5] if r[0] == 346)[2]
    start = [decoded(t, 8) for t in held]

    def stopped(calls: int, **resume: object) -> trees.Grown:
        with pytest.MonkeyPatch.context() as patch:
            certify_until(patch, calls)
            with pytest.raises(trees.Undecided) as stop:
                trees.search(8, 5, 345, 345, time_limit=60, **resume)  # type: ignore[arg-type]
        return stop.value.stood

    three = stopped(4, start=start)
    two = stopped(3, start=start)
    assert two.room and len(three.trees) == len(two.trees) + 1
    resumed = stopped(2, start=two.trees, counted=two.counted, room=two.room, known=two.known)
    assert (resumed.trees, resumed.counted, resumed.room) == (three.trees, three.counted, three.room)
    assert resumed.known == three.known


def test_an_interrupted_search_stands_where_an_undecided_one_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Real solves (8x5 at 345, as above): Ctrl-C during the third step's solve raises
    `trees.Interrupted` (a KeyboardInterrupt) with where the search stood after two steps, as a
    solve over its time limit there would; elsewhere in a step (here while a tree's repairs are
    worked out) likewise, with what the step had not finished left out."""
    start = [decoded(t, 8) for t in next(r for r in CERTIFIED[8, 5] if r[0] == 346)[2]]

    def stood(error: type[BaseException], stop: BaseException | None) -> trees.Grown:
        with pytest.MonkeyPatch.context() as patch:
            certify_until(patch, 3, stop)
            with pytest.raises(error) as stopped:
                trees.search(8, 5, 345, 345, time_limit=60, start=start)
        return stopped.value.stood  # type: ignore[attr-defined]

    undecided = stood(trees.Undecided, None)
    interrupted = stood(trees.Interrupted, KeyboardInterrupt())
    assert issubclass(trees.Interrupted, KeyboardInterrupt)
    assert interrupted == undecided and len(interrupted.trees) > len(start)
    real, calls = trees.working, []

    def working(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 5:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(trees, "working", working)
    with pytest.raises(trees.Interrupted) as first:
        trees.search(8, 5, 345, 345, time_limit=60, start=start)
    assert first.value.stood.trees == list(dict.fromkeys(frozenset(t) for t in start))


def test_an_interrupted_drive_logs_its_attempt_as_it_stood_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`drive` on Ctrl-C (`trees.Interrupted` from the search): the attempt as it stood goes to
    the log, undecided, the command says where and exits 130, and the next drive with
    `--retry` starts where it stood."""
    tree = [0, 1, 2, 3, 4, 8]

    def search(*args: object, **kwargs: object) -> None:
        known = trees.Cubes({2}, [5])
        raise trees.Interrupted(trees.Grown([decoded(tree, 4)], [], None, ((0, 0, 1, 0, 1),), known))

    monkeypatch.setattr(trees, "search", search)
    log = tmp_path / "drive.jsonl"
    assert drives.main(["drive", str(log), "4x3"]) == 130
    err = capsys.readouterr().err
    assert f"interrupted; logged in {log}: 4x3 " in err and ": undecided (" in err and "1 trees" in err
    (logged,) = read_log(log)
    assert (
        logged.outcome == UNDECIDED and logged.trees == [tree] and (logged.closed, logged.hard) == ([2], [5])
    )
    again = starting(4, 3, logged.lo, logged.hi, [logged])
    assert again.trees == [decoded(tree, 4)] and again.known == trees.Cubes({2}, [5])
    assert again.room is not None and (0, 0, 1, 0, 1) in again.room


def test_sigterm_stops_a_real_drive_within_seconds_with_its_stand_logged(tmp_path: Path) -> None:
    """A drive run as a program (8x5 below its least certified target, a step every second or
    so), sent SIGTERM once its search has taken a step: exit 130 within seconds, one line on stderr (no traceback, no
    C++ `terminate` from a solve still running as the interpreter ends: exit 134 before
    `exit_process`), the stand logged, beginning with the trees above."""
    log = tmp_path / "drive.jsonl"
    command = [sys.executable, "-m", "boardlab.families.cnote.drive", "drive", str(log), "8x5"]
    process = subprocess.Popen(
        [*command, "--single-limit", "120", "--count", "150"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # the search's first step
        assert first.startswith("8x5 ["), first
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert err.startswith(f"boardlab: interrupted; logged in {log}: 8x5 ") and err.count("\n") == 1, err
    (logged,) = read_log(log)
    held = min(CERTIFIED[8, 5])[2]
    assert logged.outcome == UNDECIDED and logged.trees[: len(held)] == [sorted(t) for t in held]


def test_an_undecided_attempt_logs_where_it_stood_and_the_next_takes_it_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trees, grids counted, room taken and cubes of a search stopped undecided go to the
    log; `starting` gives them to the next search of the same top (the grids counted in its
    range; the cubes only where the stopped search covered its targets); a certified last
    attempt, or another top, starts from the trees above."""
    tree = [0, 1, 2, 3, 4, 8]
    nines = [[9] * 4] * 3
    seen: list[dict] = []

    def search(*args: object, **kwargs: object) -> None:
        seen.append(kwargs)
        known = trees.Cubes({1, 3}, [7])
        counted = [(299, nines), (297, nines)]
        raise trees.Undecided(
            "over", trees.Grown([decoded(tree, 4)], counted, None, ((0, 0, 1, 0, 1),), known)
        )

    monkeypatch.setattr(trees, "search", search)
    log = tmp_path / "drive.jsonl"
    first = attempt(4, 3, 297, 299, 1, 0, start=Start([decoded(tree, 4)]), log=False)
    log.write_text(json.dumps(asdict(first)) + "\n")
    (logged,) = read_log(log)
    assert logged.outcome == UNDECIDED and logged.room == [[0, 0, 1, 0, 1]]
    assert (logged.closed, logged.hard) == ([1, 3], [7]) and len(logged.counted) == 2
    again = starting(4, 3, 299, 299, [logged])
    assert again.trees == [decoded(tree, 4)] and again.room == ((0, 0, 1, 0, 1),)
    assert again.counted == [(299, nines)] and again.known == trees.Cubes({1, 3}, [7])
    wider = starting(4, 3, 296, 299, [logged])  # more targets: the cubes are not known there
    assert wider.known is None and len(wider.counted) == 2 and wider.room == again.room
    attempt(4, 3, 299, 299, 1, 0, start=again, log=False)
    assert seen[-1]["room"] == again.room and seen[-1]["known"] == again.known
    assert seen[-1]["counted"] == again.counted and seen[-1]["start"] == again.trees
    # "all" (small grids' default; before the seventy-ninth session every undecided line): None
    assert starting(4, 3, 299, 299, [Attempt(4, 3, 299, 299, UNDECIDED, 1.0, [tree])]).room is None
    done = Attempt(4, 3, 299, 299, PROVEN, 1.0, [tree], [], "all")
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(CERTIFIED, (4, 3), [(300, 1000, ((0, 1, 2, 4, 5, 9),), (), "all")])
        for warm in (starting(4, 3, 299, 299, [done]), starting(4, 3, 298, 298, [logged])):
            assert warm == Start([decoded((0, 1, 2, 4, 5, 9), 4)])
        # the room the range above took comes with its trees (eighty-first session)
        patch.setitem(CERTIFIED, (4, 3), [(300, 1000, ((0, 1, 2, 4, 5, 9),), (), ((0, 0, 1, 0, 1),))])
        assert starting(4, 3, 299, 299, [done]).room == ((0, 0, 1, 0, 1),)
        # the nearest range above wins, a logged one over the shipped ones
        nearer = Attempt(4, 3, 300, 300, PROVEN, 1.0, [tree, [0, 1, 2, 4, 5, 9]], [], [[1, 0, 1, 0, 2]])
        patch.setitem(CERTIFIED, (4, 3), [(301, 1000, ((0, 1, 2, 4, 5, 9),), (), "all")])
        assert starting(4, 3, 299, 299, [nearer]) == Start(
            [decoded(tree, 4), decoded((0, 1, 2, 4, 5, 9), 4)], room=((1, 0, 1, 0, 2),)
        )
        assert above(4, 3, 1000) == COLD


def test_a_resumed_stand_joins_the_room_above_at_the_trees_it_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    """`starting` on a stand stopped uncertified: its own room first, then the 4-cycles where the
    range certified above took room at the trees the stand shares with it, renumbered as the
    stand numbers its trees (by their cells); a tree above that the stand lacks brings none; the
    default room ("all") on either side leaves the stand's (eighty-second session)."""
    first, second, third = [0, 1, 2, 3, 4, 8], [0, 4, 8, 9, 10, 11], [3, 7, 8, 9, 10, 11]
    cycle = {tuple(t): trees.rooms(decoded(t, 4), 3, 4) for t in (first, second, third)}
    assert all(len(cycles) >= 2 for cycles in cycle.values())
    mine = (0, *cycle[tuple(third)][0])
    upper = ((1, *cycle[tuple(second)][0]), (0, *cycle[tuple(first)][0]), (1, *cycle[tuple(second)][1]))
    monkeypatch.setitem(CERTIFIED, (4, 3), [(300, 1000, (tuple(first), tuple(second)), (), upper)])
    stand = Attempt(4, 3, 299, 299, UNDECIDED, 1.0, [third, second], [], [list(mine), list(upper[2])])
    start = starting(4, 3, 299, 299, [stand])
    # the stand's own, then the room above at `second` (the stand's tree 1); none at `first`
    assert start.room == (mine, upper[2], upper[0])
    assert start.trees == [decoded(third, 4), decoded(second, 4)]
    # every 4-cycle joined is one of the tree it names, as `trees.certify` checks
    assert all(tuple(c[1:]) in trees.rooms(start.trees[c[0]], 3, 4) for c in start.room)
    assert starting(4, 3, 299, 299, [replace(stand, room="all")]).room is None
    monkeypatch.setitem(CERTIFIED, (4, 3), [(300, 1000, (tuple(first), tuple(second)), (), "all")])
    assert starting(4, 3, 299, 299, [stand]).room == (mine, upper[2])


def test_a_warm_search_adds_no_tree_where_the_trees_above_serve() -> None:
    """A real search from the trees of a certified range, on that range (3x6 at 253-254, a
    fraction of a second): certified at once, with those trees and no other."""
    lo, hi, held, counted, room = CERTIFIED[3, 6][0]
    start = [decoded(t, 3) for t in held]
    grown = trees.search(3, 6, lo, hi, time_limit=60, start=start, room=room)
    assert grown.left is None and grown.trees == list(dict.fromkeys(start))


def test_a_log_line_that_is_not_an_attempt_is_named(tmp_path: Path) -> None:
    log = tmp_path / "drive.jsonl"
    log.write_text(json.dumps({"width": 4}) + "\n")
    with pytest.raises(ValueError, match=r"drive.jsonl:1: not an attempt"):
        read_log(log)
    log.write_text(json.dumps({"width": 4, "height": 3, "lo": 1, "hi": 1, "outcome": "won", "cpu": 0}))
    with pytest.raises(ValueError, match="unknown outcome"):
        read_log(log)


def test_assembly_appends_joining_ranges_and_refuses_gaps_and_overlaps() -> None:
    held = {(4, 3): [(300, 1000, ((0, 1, 2, 3, 4, 8),), (), "all")]}
    tree = [[0, 1, 2, 3, 4, 8]]
    new = [
        Attempt(4, 3, 296, 297, PROVEN, 1.0, tree, ["297 999 999 99*"], [[0, 0, 1, 0, 1]]),
        Attempt(4, 3, 298, 299, PROVEN, 1.0, tree, [], "all"),
        Attempt(4, 3, 295, 295, UNDECIDED, 1.0),
    ]
    merged = assembled(held, new)
    assert [r[:2] for r in merged[4, 3]] == [(300, 1000), (298, 299), (296, 297)]
    assert merged[4, 3][2] == (
        296,
        297,
        ((0, 1, 2, 3, 4, 8),),
        ((297, ((9, 9, 9), (9, 9, 9), (9, 9, 0))),),
        ((0, 0, 1, 0, 1),),
    )
    assert held[4, 3] == [(300, 1000, ((0, 1, 2, 3, 4, 8),), (), "all")]  # not changed in place
    # a log assembled again: the ranges held as they are skipped, the same range certified
    # otherwise (another tree) refused
    assert assembled(merged, new) == merged
    other = Attempt(4, 3, 298, 299, PROVEN, 1.0, [[0, 1, 2, 3, 4, 9]], [], "all")
    with pytest.raises(ValueError, match="does not join"):
        assembled(merged, [other])
    unanswered = lambda width, height, target: False  # noqa: E731 (the shipped bounds aside)
    with pytest.raises(ValueError, match="does not join"):
        assembled(held, [new[0]], unanswered)
    with pytest.raises(ValueError, match="does not join"):
        assembled(held, [Attempt(4, 3, 990, 1000, PROVEN, 1.0, tree, [], "all")], unanswered)
    # a new shape goes in the order of the file: by rows, then columns
    fresh = assembled(held, [Attempt(3, 3, 500, 600, PROVEN, 1.0, tree, [], "all")])
    assert list(fresh) == [(3, 3), (4, 3)]
    # what the assembly writes reads back as the ranges assembled
    source = trees.written(merged)
    space: dict[str, object] = {}
    exec(compile(source, "trees_certified", "exec"), space)
    assert space["RANGES"][4, 3][2][:2] == (296, 297)


def test_an_attempt_certifies_as_the_certificate_does() -> None:
    """A real search: 4x3 at 890-900 (above its frontier, one tree), then the certificate again
    on the attempt's range as the assembly would store it."""
    found = attempt(4, 3, 890, 900, 60, 0, log=False)
    assert found.outcome == PROVEN and found.trees
    lo, hi, named, counted, room = found.range()
    assert certify(4, 3, lo, hi, [decoded(t, 4) for t in named], 60, counted, room) is None
    assert assembled({(4, 3): [CERTIFIED[4, 3][0]]}, [found])[4, 3][-1] == found.range()


@pytest.mark.parametrize(("grid", "outcome"), [(UNIQUE_4X3, UNIQUE), ([[9] * 4] * 3, LEFT_OVER)])
def test_a_grid_left_over_is_counted_unique_or_not(
    monkeypatch: pytest.MonkeyPatch, grid: list[list[int]], outcome: str
) -> None:
    monkeypatch.setattr(
        trees, "search", lambda *a, **k: Grown([], [], (150, grid), "all", trees.Cubes(set(), []))
    )
    found = attempt(4, 3, 150, 150, 10, 0, log=False)
    assert found.outcome == outcome and found.left == [150, grid]


def test_the_rerun_runs_the_shipped_command_in_a_fresh_process() -> None:
    lo, hi, *_ = CERTIFIED[3, 6][0]  # 253-254, a fraction of a second
    ran = rerun_one(Attempt(3, 6, lo, hi, PROVEN, 0.0))
    assert ran["exit"] == 0 and isinstance(ran["cpu"], float) and "infeasible" in ran["line"]
    refused = rerun_one(Attempt(3, 6, 100, 100, PROVEN, 0.0))
    assert refused["exit"] == 2 and "no range of CERTIFIED holds" in refused["line"]
    limited = rerun_one(Attempt(3, 6, lo, hi, PROVEN, 0.0), time_limit=120.0)
    assert limited["exit"] == 0 and "infeasible" in limited["line"]


def test_the_rerun_passes_its_time_limit_to_each_range(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rerun OUT LOG --time-limit S` gives each range's command S seconds a cube (a rerun solves
    all nine cubes in one call, where the search closed them over many steps); without it the
    certificate's default."""
    limits: list[float | None] = []

    def fake(a: Attempt, time_limit: float | None = None) -> dict:
        limits.append(time_limit)
        return {"width": 4, "height": 3, "lo": a.lo, "hi": a.hi, "exit": 0, "line": "infeasible"}

    monkeypatch.setattr(drives, "rerun_one", fake)
    lo, hi, *_ = CERTIFIED[4, 3][0]
    log = tmp_path / "drive.jsonl"
    log.write_text(json.dumps(asdict(Attempt(4, 3, lo, hi, PROVEN, 1.0))) + "\n")
    assert drives.main(["rerun", str(tmp_path / "a.jsonl"), str(log), "--time-limit", "1200"]) == 0
    assert drives.main(["rerun", str(tmp_path / "b.jsonl"), str(log)]) == 0
    assert limits == [1200.0, None]


def test_the_rerun_runs_the_longest_ranges_first_and_logs_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "drive.jsonl"
    cpus = [5.0, 40.0, 1.0, 20.0]
    with log.open("w") as out:
        for i, cpu in enumerate(cpus):
            out.write(json.dumps(asdict(Attempt(4, 3, 200 - i, 200 - i, PROVEN, cpu))) + "\n")
        out.write(json.dumps(asdict(Attempt(4, 3, 190, 190, UNDECIDED, 99.0))) + "\n")
    ran: list[float] = []

    def fake(a: Attempt, time_limit: float | None = None) -> dict:
        ran.append(a.cpu)
        return {"lo": a.lo, "exit": 0, "line": f"{a.lo}: infeasible"}

    monkeypatch.setattr(drives, "rerun_one", fake)
    results = drives.rerun(drives.logged([log]), tmp_path / "rerun.jsonl", jobs=1)
    assert ran == sorted(cpus, reverse=True)
    assert [r["lo"] for r in results] == [199, 197, 200, 198]
    written = (tmp_path / "rerun.jsonl").read_text().splitlines()
    assert [json.loads(line)["lo"] for line in written] == [199, 197, 200, 198]


def test_the_shipped_ranges_rerun_the_most_trees_first_and_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`rerun OUT --shipped 4x3`: every range of `CERTIFIED` on 4x3, those of the most trees
    first; run again on the same OUT, only the ranges not yet infeasible again (here one whose
    rerun failed) run."""
    ran: list[tuple[int, int]] = []
    failing = {CERTIFIED[4, 3][0][:2]}

    def fake(a: Attempt, time_limit: float | None = None) -> dict:
        ran.append((a.lo, a.hi))
        bad = (a.lo, a.hi) in failing
        return {"width": 4, "height": 3, "lo": a.lo, "hi": a.hi, "exit": int(bad), "line": f"{a.lo}"}

    monkeypatch.setattr(drives, "rerun_one", fake)
    out = tmp_path / "rerun.jsonl"
    assert drives.main(["rerun", str(out), "--shipped", "4x3"]) == 1
    sizes = {(lo, hi): len(held) for lo, hi, held, *_ in CERTIFIED[4, 3]}
    order = [(a.lo, a.hi) for a in drives.shipped([(4, 3)])]
    assert sorted(ran) == sorted(order) == sorted(sizes)
    assert [sizes[r] for r in order] == sorted(sizes.values(), reverse=True)
    assert {(a.width, a.height) for a in drives.shipped()} == set(CERTIFIED)
    ran.clear()
    failing.clear()
    capsys.readouterr()
    assert drives.main(["rerun", str(out), "--shipped", "4x3"]) == 0 and ran == [CERTIFIED[4, 3][0][:2]]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "usage"),
        (["drive", "log.jsonl"], "at least one shape"),
        (["drive", "log.jsonl", "4by3"], "WxH"),
        (["drive", "log.jsonl", "4x3", "--count"], "--count needs a value"),
        (["drive", "log.jsonl", "4x3", "--time-limit", "-5"], "--time-limit needs a positive number"),
        (["drive", "log.jsonl", "4x3", "--box", "nan"], "--box needs a positive number"),
        (["drive", "log.jsonl", "4x3", "--count", "0"], "--count needs a positive whole number"),
        (["drive", "log.jsonl", "4x3", "--widest", "2.5"], "--widest needs a positive whole number"),
        (["rerun", "out.jsonl"], "usage"),
        (["rerun", "out.jsonl", "--shipped", "--time-limit", "x"], "--time-limit needs a positive"),
        (["rerun", "out.jsonl", "log.jsonl", "--time-limit"], "--time-limit needs a positive"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert drives.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_lemma_14_table_is_the_code_s() -> None:
    """docs/cnote.md's table of the certified ranges names the ranges of `CERTIFIED`, each with
    its number of trees, grids counted and 4-cycles with room, and is what
    docs/cnote_lemma14_table.py prints from them with the CPU figures it holds."""
    script = runpy.run_path(str(DOCS / "cnote_lemma14_table.py"))
    text = (DOCS / "cnote.md").read_text()
    named = script["parsed"](text)
    expected = {
        (width, height, lo, hi): (len(t), len(c), "all" if room == trees.ALL else str(len(room)))
        for (width, height), ranges in CERTIFIED.items()
        for lo, hi, t, c, room in ranges
    }
    assert {key: row[:3] for key, row in named.items()} == expected
    made = script["table"]({key: row[3:] for key, row in named.items()})
    assert "\n" + made + "\n" in text


def test_what_the_assembly_writes_keeps_to_the_line_length_however_many_grids_a_range_counted() -> None:
    """A range that counted many grids (4x3 at 312-313 counted 21 in the fifty-eighth session;
    the assembly wrote them on one line of 475 characters, which CI's lint would refuse) is written
    over lines of at most 110 characters, and reads back as it was; so does the shipped file."""
    grids = tuple((312 + k % 2, ((0, 0, 9, k % 10), (0, 0, 8, 9), (0, 0, 9, 9))) for k in range(40))
    ranges = {
        (4, 3): [
            (300, 1000, ((0, 1, 2, 3, 4, 8),), (), "all"),
            (298, 299, ((0, 1, 2, 3, 4, 8),), grids, "all"),
        ]
    }
    source = trees.written(ranges)
    assert max(len(line) for line in source.splitlines()) <= 110
    space: dict[str, object] = {}
    exec(compile(source, "trees_certified", "exec"), space)
    assert space["RANGES"][4, 3][1][3] == tuple(trees.grid_written(t, g) for t, g in grids)  # type: ignore[index]
    shipped = (Path(trees.__file__).parent / "trees_certified.py").read_text()
    assert shipped == trees.written(CERTIFIED) and max(len(line) for line in shipped.splitlines()) <= 110


def test_the_kept_drive_logs_resume_and_their_certified_ranges_join() -> None:
    """The drives' logs as the last session left them (docs/cnote-drives/WxH.jsonl, kept in the
    repository since the eighty-fourth session: logs kept beside it were lost with a machine) are
    logs a drive resumes from, each of its shape, and each range they certified is shipped
    (`trees.CERTIFIED`, as it is) or joins the ranges shipped, so that the next session assembles
    the log as it stands."""
    logs = sorted((DOCS / "cnote-drives").glob("*.jsonl"))
    assert logs
    for log in logs:
        attempts = read_log(log)
        assert attempts and {f"{a.width}x{a.height}" for a in attempts} == {log.stem}, log.name
        shape = (attempts[0].width, attempts[0].height)
        joined = assembled(CERTIFIED, attempts)[shape]  # ValueError where one does not join
        certified = {a.range() for a in attempts if a.outcome == PROVEN}
        assert set(joined) == set(CERTIFIED.get(shape, ())) | certified
