"""Lemma 14's drives: `trees.search` run down a shape's open band, range after range, each
outcome logged; the ranges certified assembled into `trees_certified` and run again in fresh
processes (docs/cnote.md, "Lemma 14"; the lab journal, docs/cnote-journal.md, names each
session's drives).

Until the fifty-sixth session the drives were scripts kept beside the repository
(`/work/notes/sNN/lead/multi.py`, `assemble.py`, `rerun.py`), lost with each new checkout; this
module is those three, so that a fresh clone drives, assembles and reruns as the journal says.

*A drive* (`drive`) starts a shape below its least certified target (else below
`generate.proven_from`, the least target any lemma already proves), stepping over the targets
another lemma already answers (`answered`: mostly the grid turned a quarter, Lemma 13; sixty-third
session), and asks `trees.search` for a range of `span` targets (none of them answered), starting
from the trees of the range certified nearest above it (a warm start, fifty-seventh session: trees
that serve the targets above as a rule serve their neighbours below; since the eighty-first session
with the room that range took, `above`): certified, it goes on below with the span doubled (up to
`widest`, and below the narrowest range of two or more targets the shape has left uncertified:
sixty-fourth session, `narrower`); undecided (a solve over its time limit) or left over (a grid no
tree serves), it halves the span and tries again, from the trees that search had chosen
(fifty-eighth session; since the seventy-ninth with the grids it had counted, the room it had taken
and the cubes it had closed as well: `Start`), and at a single target it stops the shape. A grid
left over with exactly one solution by CP-SAT's enumeration is a unique puzzle: logged as such
("unique"), and the shape stops there. Each attempt is one line of a JSON-lines log (`Attempt`); a
drive resumes from its log, starting each shape below the ranges the log already certified, and
skips a shape whose last attempt stopped it (unless asked to retry, after a change to the search).
Interrupted (Ctrl-C or SIGTERM), it logs the attempt in progress as it stood, undecided, and
exits 130 (eighty-second session). CPU is the process's (`time.process_time`: CP-SAT runs with
one worker in the process).

*Assembly* (`assembled`) appends the certified attempts to `trees.CERTIFIED`, each joining the
shape's least certified target (a gap is refused unless another lemma answers every target in it:
the shape's ranges and those targets hold every target from the least up without a gap), and
`written` gives the file. *The rerun* (`rerun`) runs `python -m boardlab.families.cnote.trees W H
LO HI` for each in a fresh process (the grids counted recounted first by a second method, then
the certificate solved again) and logs its exit code and CPU; `rerun OUT --shipped` does so for
every range shipped (after a change to how the certificate is solved), resuming where it stopped;
`--time-limit S` gives each cube of a rerun S seconds (a range undecided within them is logged
with exit 3 and run again by the next rerun on the same OUT).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.interrupts import run_as_program, terminate_as_interrupt
from boardlab.families.cnote import trees as lemma14
from boardlab.families.cnote.hundreds import run_certificate
from boardlab.families.cnote.instance import column_targets

#: What an attempt ended in (`PROVEN`: the range is certified).
PROVEN = "certified"
UNDECIDED = "undecided"
LEFT_OVER = "left over"
UNIQUE = "unique"
OUTCOMES = (PROVEN, UNDECIDED, LEFT_OVER, UNIQUE)


@dataclass
class Attempt:
    """One search of a drive, as its log holds it (one JSON object a line): the shape (columns,
    rows), the range, the outcome (`OUTCOMES`), the CPU of the search, and where certified the
    range as `trees.CERTIFIED` holds it (trees encoded, grids counted as `trees.grid_written`
    writes them, room); where left over or unique, the grid with its target; where not
    certified, where the search stood when it stopped: the trees chosen, the grids counted, the
    room taken and the first digits of the cubes it had proven infeasible (`closed`) or left
    undecided (`hard`), which the next, narrower search takes up (`starting`)."""

    width: int
    height: int
    lo: int
    hi: int
    outcome: str
    cpu: float
    trees: list[list[int]] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)
    room: Any = lemma14.ALL
    left: list[Any] | None = None
    when: str = ""
    closed: list[int] = field(default_factory=list)
    hard: list[int] = field(default_factory=list)

    def range(self) -> lemma14.Range:
        """The certified range as `trees.CERTIFIED` holds it."""
        room = self.room if self.room == lemma14.ALL else tuple(tuple(r) for r in self.room)
        return (
            self.lo,
            self.hi,
            tuple(tuple(t) for t in self.trees),
            tuple(lemma14.grid_read(text) for text in self.counted),
            room,
        )


def read_log(path: Path) -> list[Attempt]:
    """The attempts of a drive's log ([] when there is no log yet). Raises ValueError naming the
    line that is not an attempt."""
    if not path.exists():
        return []
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            attempt = Attempt(**json.loads(line))
        except (TypeError, ValueError) as error:
            raise ValueError(f"{path}:{number}: not an attempt of a drive ({error})") from None
        if attempt.outcome not in OUTCOMES:
            raise ValueError(f"{path}:{number}: unknown outcome {attempt.outcome!r}")
        found.append(attempt)
    return found


def least_certified(width: int, height: int, attempts: Iterable[Attempt] = ()) -> int | None:
    """The least target of the shape's certified ranges, in `trees.CERTIFIED` and in `attempts`."""
    los = [lo for lo, *_ in lemma14.CERTIFIED.get((width, height), [])]
    los += [a.lo for a in attempts if (a.width, a.height) == (width, height) and a.outcome == PROVEN]
    return min(los, default=None)


#: Whether a lemma already answers a shape (columns, rows) at a target: `answered`'s signature.
Answered = Callable[[int, int, int], bool]


def answered(width: int, height: int, target: int) -> bool:
    """Whether `generate.proof` already proves that no puzzle of the shape at `target` (every
    row at it, the columns `column_targets`) is unique: by any lemma, Lemma 14's `CERTIFIED` as
    installed included, and on the grid turned a quarter (Lemma 13). Below a shape's upright
    bound these are the targets whose turned grid is proven (e.g. 6 columns of 3 rows at an even
    T, the turned grid 3 columns of 6 rows at T / 2): a drive steps over them rather than spend a
    range on them (sixty-third session)."""
    from boardlab.families.cnote.generate import proof

    return proof([target] * height, column_targets(target, height, width)) is not None


def first_target(
    width: int, height: int, attempts: Iterable[Attempt] = (), proven: Answered = answered
) -> int | None:
    """Where a drive of the shape starts: below its least certified target, else below
    `generate.proven_from`, stepping over the targets `proven` answers (None when nothing proves
    the shape's top: no band to close from above)."""
    from boardlab.families.cnote.generate import proven_from

    least = least_certified(width, height, attempts)
    if least is None:
        least = proven_from(height, width)
    if least is None:
        return None
    target = least - 1
    while target >= max(width, height) and proven(width, height, target):
        target -= 1
    return target


def stopped(width: int, height: int, attempts: Sequence[Attempt]) -> bool:
    """Whether the log's last attempt on the shape stopped it (not certified, at one target)."""
    mine = [a for a in attempts if (a.width, a.height) == (width, height)]
    return bool(mine) and mine[-1].outcome != PROVEN and mine[-1].lo == mine[-1].hi


class Start(NamedTuple):
    """Where a drive's search starts (`starting`): the trees and the room taken at their
    4-cycles (None: `trees.search`'s default), and, taking up an attempt that stopped
    uncertified, the grids it had counted at the targets searched and what it knew of the cubes
    (`trees.search`'s `start`, `room`, `counted`, `known`)."""

    trees: Sequence[lemma14.Tree]
    counted: Sequence[tuple[int, lemma14.Grid]] = ()
    room: lemma14.Rooms | None = None
    known: lemma14.Cubes | None = None


#: A search from nothing (a drive's without `warm`).
COLD = Start(())


def above(width: int, height: int, hi: int, attempts: Iterable[Attempt] = ()) -> Start:
    """Where a search of targets up to `hi` starts warm when no attempt of its own stood there:
    the trees of the shape's range certified nearest above `hi` (from `hi` + 1, or above the
    answered targets a drive stepped over; in `attempts` or in `trees.CERTIFIED`; `COLD` when
    there is none) and, since the eighty-first session, the 4-cycles where that range took room
    (room is taken at a 4-cycle of a tree whatever the targets, so it is sound on any range; the
    trees keep their order, so the 4-cycles name the same trees). Until then only the trees, and
    a search took the room above again one step at a time: 6x6 at 240, from 241's 20 trees, took
    10 of 241's 11 4-cycles again (1,561.2 s of CPU in those steps), and 5 of 5x5 229's 6 were
    230's. docs/cnote.md, "Warm starts", has the measurements, some against."""
    held: list[tuple[int, Sequence[Sequence[int]], Any]] = [
        (a.lo, a.trees, a.room)
        for a in reversed(list(attempts))
        if (a.width, a.height) == (width, height) and a.outcome == PROVEN and a.lo > hi
    ]
    held += [(lo, ts, room) for lo, _, ts, _, room in lemma14.CERTIFIED.get((width, height), []) if lo > hi]
    if not held:
        return COLD
    _, trees, room = min(held, key=lambda entry: entry[0])
    return Start([lemma14.decoded(t, width) for t in trees], room=taken(room))


def taken(room: Any) -> lemma14.Rooms | None:
    """A room as a log or `trees.CERTIFIED` holds it, as `trees.search` takes it: "all" (the
    search's default on small grids; in logs before the seventy-ninth session also an
    undecided attempt's "none taken") is None, the default."""
    return None if room == lemma14.ALL else tuple(tuple(r) for r in room)


def starting(width: int, height: int, lo: int, hi: int, attempts: Sequence[Attempt] = ()) -> Start:
    """Where a drive's search of [lo, hi] starts: where the shape's last attempt stood if it
    stopped uncertified on a range up to `hi` (it started from the trees above, so they are
    among its trees; fifty-eighth session), else `above`. Since the seventy-ninth session
    with the grids it had counted in [lo, hi] and the room it had taken (each sound whatever the
    targets; since the eighty-second session with the room above joined to it, `joined`), and if
    it searched from `lo` or below what it knew of the cubes (a cube infeasible on more targets
    stays so on fewer)."""
    mine = [a for a in attempts if (a.width, a.height) == (width, height)]
    last = mine[-1] if mine else None
    if last is None or last.outcome == PROVEN or last.hi != hi or not last.trees:
        return above(width, height, hi, attempts)
    counted = [lemma14.grid_read(text) for text in last.counted]
    trees = [lemma14.decoded(t, width) for t in last.trees]
    return Start(
        trees,
        [(t, [list(row) for row in grid]) for t, grid in counted if lo <= t <= hi],
        joined(trees, taken(last.room), above(width, height, hi, attempts)),
        lemma14.Cubes(set(last.closed), list(last.hard)) if last.lo <= lo else None,
    )


def joined(trees: Sequence[lemma14.Tree], room: lemma14.Rooms | None, upper: Start) -> lemma14.Rooms | None:
    """`room`, the 4-cycles a stopped search of `trees` had taken, and after them those of
    `upper` (`above`) at the trees it shares with `trees`, renumbered as `trees` number them
    (eighty-second session). A stand that began from the trees above before the eighty-first
    session did not have their room, and took it again a step at a time: 5x5 at 228, three of
    its first six room steps were 229's 4-cycles. Matching the trees by their cells, not by
    their place, keeps this sound for a stand whose trees above were others when it began.
    Sound whatever `trees` and targets: room at a 4-cycle of a tree is asked of every grid
    (`trees.certify`), and one more constraint keeps the cubes the stand closed closed. None
    (every 4-cycle, `trees.search`'s default on small grids) on either side: `room`."""
    if not isinstance(room, tuple) or not isinstance(upper.room, tuple):
        return room
    place = {frozenset(tree): n for n, tree in enumerate(trees)}
    ours = {t: n for t, tree in enumerate(upper.trees) if (n := place.get(frozenset(tree))) is not None}
    more = [(ours[t], i, k, j, m) for t, i, k, j, m in upper.room if t in ours]
    return tuple(dict.fromkeys((*room, *more)))


class Interrupted(KeyboardInterrupt):
    """An attempt interrupted (Ctrl-C, or SIGTERM: the command line drives under
    `terminate_as_interrupt`), with the `attempt` as the search stood (undecided), which
    `drive` logs before it stops (eighty-second session)."""

    def __init__(self, attempt: Attempt) -> None:
        super().__init__("interrupted")
        self.attempt = attempt


def attempt(
    width: int,
    height: int,
    lo: int,
    hi: int,
    time_limit: float,
    count: int,
    start: Start = COLD,
    deadline: Deadline = NO_DEADLINE,
    log: bool = True,
) -> Attempt:
    """One `trees.search` of [lo, hi] from `start`, as an `Attempt`; undecided also when its
    `deadline` (`bound`) passes. Raises `Interrupted` with the attempt as it stood when the
    search is interrupted."""
    begun = time.process_time()
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    try:
        grown = lemma14.search(
            width,
            height,
            lo,
            hi,
            time_limit=time_limit,
            count=count,
            log=log,
            start=start.trees,
            deadline=deadline,
            counted=start.counted,
            room=start.room,
            known=start.known,
        )
    except lemma14.Undecided as stop:
        return ended(width, height, lo, hi, UNDECIDED, time.process_time() - begun, stop.stood, when)
    except lemma14.Interrupted as stop:
        cpu = time.process_time() - begun
        raise Interrupted(ended(width, height, lo, hi, UNDECIDED, cpu, stop.stood, when)) from stop
    cpu = time.process_time() - begun
    if grown.left is None:
        return ended(width, height, lo, hi, PROVEN, cpu, grown, when)
    target, grid = grown.left
    rows, cols = [target] * height, column_targets(target, height, width)
    outcome = UNIQUE if len(lemma14.two_counted(grid, rows, cols)) == 1 else LEFT_OVER
    return ended(width, height, lo, hi, outcome, cpu, grown, when)


def ended(
    width: int, height: int, lo: int, hi: int, outcome: str, cpu: float, grown: lemma14.Grown, when: str
) -> Attempt:
    """The `Attempt` of a search that ended in `outcome` where `grown` says (the cubes only
    where it was not certified: then the next search may take them up)."""
    known = lemma14.Cubes(set(), []) if outcome == PROVEN else grown.known
    return Attempt(
        width,
        height,
        lo,
        hi,
        outcome,
        round(cpu, 1),
        encoded(grown.trees, width),
        [lemma14.grid_written(target, grid) for target, grid in grown.counted],
        grown.room if grown.room == lemma14.ALL else [list(r) for r in grown.room],
        None if grown.left is None else [grown.left[0], grown.left[1]],
        when,
        sorted(known.closed),
        list(known.hard),
    )


def encoded(trees: Iterable[lemma14.Tree], width: int) -> list[list[int]]:
    """Trees as a log holds them (`trees.encoded`: the indices r * columns + c of their cells)."""
    return [list(lemma14.encoded(tree, width)) for tree in trees]


def narrower(width: int, height: int, attempts: Iterable[Attempt], widest: int) -> int:
    """The widest span a drive tries on a shape: `widest`, and narrower than every range of two
    or more targets the attempts left uncertified there. A heuristic, not a proof (a range is
    certified or not whatever the span): below a shape's frontier the targets grow harder, and
    in the sixty-first to sixty-fourth sessions' drives 1 range of two targets was certified
    against 27 left undecided (9,182 s of CPU, 27% of the 33,866 s logged), most followed by
    their upper target certified alone, after which the doubling tried a pair again."""
    spans = [
        a.hi - a.lo
        for a in attempts
        if (a.width, a.height) == (width, height) and a.hi > a.lo and a.outcome != PROVEN
    ]
    return max(1, min([widest, *spans]))


def bound(cpu: float, until: float) -> Deadline:
    """The deadline of `cpu` seconds of this process's CPU from the call or the Unix time
    `until`, whichever comes first (a `Deadline` on a clock of the two at once: its `remaining`
    is the less of the CPU left and the time to `until`): a drive's bound on one attempt (the
    shape's box left, the drive's end), which `trees.search` asks before each step and caps its
    solves with. Until the sixty-sixth session the drive checked both only between attempts,
    and one attempt (5x8 at 215, sixty-fifth session) ran about 95 minutes past its box and the
    drive's end; until the seventy-first the search checked it only between steps."""
    begun, endless = time.process_time(), float("inf")
    if cpu == endless:
        return NO_DEADLINE if until == endless else Deadline(until, until - time.time(), time.time)
    spent: Callable[[], float] = lambda: time.process_time() - begun  # noqa: E731
    if until == endless:
        return Deadline.after(cpu, spent)
    # the CPU spent, or how near `until` is (`cpu` at it) when that is nearer
    return Deadline(cpu, cpu, lambda: max(spent(), cpu - (until - time.time())))


def drive(
    shapes: Sequence[tuple[int, int]],
    log: Path,
    *,
    time_limit: float = 80.0,
    single_limit: float = 240.0,
    count: int = 30,
    span: int = 1,
    widest: int = 8,
    box: float = float("inf"),
    until: float = float("inf"),
    retry: bool = False,
    warm: bool = True,
    searcher: Any = attempt,
    proven: Answered = answered,
) -> Iterator[Attempt]:
    """Drive each shape in turn down its band (module docstring), appending each attempt to
    `log` and yielding it: solves of `time_limit` seconds of wall on a range, `single_limit` on
    one target; up to `box` seconds of CPU a shape (attempts already logged count, but with
    `retry`), and nothing started after the Unix time `until`; an attempt running over either
    stops undecided (`bound`). With `retry` a shape the log stopped is tried again (after a
    change to the search), the spans it left uncertified forgotten (`narrower`). With `warm`
    each search starts from the trees and room of the range certified nearest above it
    (`above`), or after an attempt stopped uncertified from where it stood (`starting`). The
    targets `proven` answers are stepped over: no range holds one. `searcher` runs one attempt
    (`attempt`; the tests replace it, and `proven`). Interrupted during an attempt, it logs the
    attempt as it stood, undecided, and raises `Interrupted`: the next drive with `retry` takes
    it up (`starting`)."""
    for width, height in shapes:
        done = read_log(log)
        if stopped(width, height, done) and not retry:
            continue
        used = 0.0 if retry else sum(a.cpu for a in done if (a.width, a.height) == (width, height))
        cap = narrower(width, height, [] if retry else done, widest)
        step = min(span, cap)
        while used < box and time.time() < until:
            hi = first_target(width, height, done, proven)
            if hi is None or hi < max(width, height):
                break
            lo = hi
            while lo > max(hi - step + 1, max(width, height)) and not proven(width, height, lo - 1):
                lo -= 1
            start = starting(width, height, lo, hi, done) if warm else COLD
            limit = single_limit if lo == hi else time_limit
            try:
                tried = searcher(width, height, lo, hi, limit, count, start, bound(box - used, until))
            except Interrupted as stop:
                appended(log, stop.attempt)
                raise
            appended(log, tried)
            done.append(tried)
            yield tried
            used += tried.cpu
            if tried.outcome == PROVEN:
                step = min(2 * step, cap)
            elif lo == hi:
                break
            else:
                step = max(1, (hi - lo + 1) // 2)
                cap = min(cap, hi - lo)


def appended(log: Path, tried: Attempt) -> None:
    """`tried` appended to `log`, one JSON line."""
    with log.open("a") as out:
        out.write(json.dumps(asdict(tried)) + "\n")


def assembled(
    certified: Mapping[tuple[int, int], Sequence[lemma14.Range]],
    attempts: Iterable[Attempt],
    proven: Answered = answered,
) -> dict[tuple[int, int], list[lemma14.Range]]:
    """`certified` with the certified attempts appended below each shape's ranges (highest
    first, as `trees.CERTIFIED` lists them; the shapes by rows, then columns). An attempt whose
    range is held as it is (a log assembled before: the kept logs, `docs/cnote-drives/`) is
    skipped. Raises ValueError on another that overlaps the shape's ranges or leaves a gap below
    them that holds a target `proven` does not answer."""
    merged = {shape: list(ranges) for shape, ranges in certified.items()}
    new = sorted((a for a in attempts if a.outcome == PROVEN), key=lambda a: (a.width, a.height, -a.hi))
    for a in new:
        held = merged.setdefault((a.width, a.height), [])
        if a.range() in held:
            continue
        least = min((lo for lo, *_ in held), default=None)
        if least is not None and (
            a.hi >= least or not all(proven(a.width, a.height, t) for t in range(a.hi + 1, least))
        ):
            raise ValueError(
                f"{a.width}x{a.height} at {a.lo}-{a.hi} does not join the certified ranges (least {least})"
            )
        held.append(a.range())
    return dict(sorted(merged.items(), key=lambda item: (item[0][1], item[0][0])))


def assemble(logs: Sequence[Path], out: Path | None = None) -> dict[tuple[int, int], list[lemma14.Range]]:
    """Write `trees_certified` (or `out`) holding `trees.CERTIFIED` with the logs' certified
    ranges; returns the ranges written."""
    from boardlab.families.cnote import trees_certified

    merged = assembled(lemma14.CERTIFIED, [a for path in logs for a in read_log(path)])
    target = Path(trees_certified.__file__) if out is None else out
    target.write_text(lemma14.written(merged))
    return merged


_CPU = re.compile(r"([0-9.]+) s of CPU")


def rerun_one(a: Attempt, time_limit: float | None = None) -> dict[str, Any]:
    """`python -m boardlab.families.cnote.trees W H LO HI [--time-limit S]` for a certified
    attempt, in a fresh process: its exit code (0: infeasible again; 3: undecided, a cube took
    longer than its time limit), the CPU it reports and its last line."""
    limit = [] if time_limit is None else ["--time-limit", str(time_limit)]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "boardlab.families.cnote.trees",
            *map(str, (a.width, a.height, a.lo, a.hi)),
            *limit,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = (done.stdout + done.stderr).strip().splitlines()
    found = _CPU.search(done.stdout)
    return {
        "width": a.width,
        "height": a.height,
        "lo": a.lo,
        "hi": a.hi,
        "exit": done.returncode,
        "cpu": float(found.group(1)) if found else None,
        "line": lines[-1] if lines else "",
    }


def logged(logs: Sequence[Path]) -> list[Attempt]:
    """The certified attempts of the logs, longest first by the search's CPU (a rerun costs about
    as much: the longest-processing-time rule, Graham 1969, so that one long range does not start
    last and run alone)."""
    ranges = [a for path in logs for a in read_log(path) if a.outcome == PROVEN]
    return sorted(ranges, key=lambda a: -a.cpu)


def shipped(shapes: Sequence[tuple[int, int]] = ()) -> list[Attempt]:
    """Every range of `trees.CERTIFIED` (of `shapes`; all when none), as certified attempts, to
    run again after a change to the certificate's solving (sixty-sixth session: `trees.SOLVER`).
    Their CPU is not known here: the ranges of the most trees first (a larger model, as a rule
    a longer rerun: the longest-processing-time rule as in `logged`, by a proxy)."""
    ranges = [
        Attempt(width, height, lo, hi, PROVEN, 0.0, [list(t) for t in held])
        for (width, height), held_ranges in lemma14.CERTIFIED.items()
        if not shapes or (width, height) in shapes
        for lo, hi, held, *_ in held_ranges
    ]
    return sorted(ranges, key=lambda a: -len(a.trees))


def rerun(
    ranges: Sequence[Attempt], out: Path, jobs: int = 2, time_limit: float | None = None
) -> list[dict[str, Any]]:
    """Run certified ranges again once they are assembled into `trees_certified` (`rerun_one`,
    `jobs` at a time, in the order given: `logged`, `shipped`, each cube given `time_limit`
    seconds, the certificate's default when None); each result appended to `out` as a JSON
    line. A range `out` already holds as infeasible again (exit 0) is not run again: a rerun
    stopped (or undecided, then run with a longer time limit) resumes where it stopped."""
    held = {
        (r.get("width"), r.get("height"), r.get("lo"), r.get("hi"))
        for r in (json.loads(line) for line in (out.read_text().splitlines() if out.exists() else []))
        if r.get("exit") == 0
    }
    todo = [a for a in ranges if (a.width, a.height, a.lo, a.hi) not in held]
    results = []
    with ThreadPoolExecutor(jobs) as pool, out.open("a") as sink:
        for result in pool.map(lambda a: rerun_one(a, time_limit), todo):
            sink.write(json.dumps(result) + "\n")
            sink.flush()
            print(result["line"], flush=True)
            results.append(result)
    return results


USAGE = """usage: python -m boardlab.families.cnote.drive drive LOG WxH [WxH ...] [--time-limit S]
  [--single-limit S] [--count N] [--span N] [--widest N] [--box S] [--until UNIX] [--retry] [--cold]
       python -m boardlab.families.cnote.drive assemble LOG [LOG ...]
       python -m boardlab.families.cnote.drive rerun OUT LOG [LOG ...] [--time-limit S]
       python -m boardlab.families.cnote.drive rerun OUT --shipped [WxH ...] [--time-limit S]"""

_OPTIONS = {
    "--time-limit": float,
    "--single-limit": float,
    "--count": int,
    "--span": int,
    "--widest": int,
    "--box": float,
    "--until": float,
}


def _shape(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    if not (width.isdigit() and height.isdigit()) or min(int(width), int(height)) < 2:
        raise ValueError(f"a shape is WxH with sides of 2 or more, not {text!r}")
    return int(width), int(height)


def said(tried: Attempt) -> str:
    """An attempt's line on the command line."""
    grown = f", {len(tried.trees)} trees" if tried.trees else ""
    return f"{tried.width}x{tried.height} {tried.lo}-{tried.hi}: {tried.outcome} ({tried.cpu:.1f} s of CPU{grown})"


def main(argv: list[str] | None = None) -> int:
    """The three commands of `USAGE`: drive (each attempt printed as it ends; exit 0), assemble
    (writes `trees_certified.py`, prints each shape's least certified target), rerun (exit 1 when
    a range is not infeasible again). Bad arguments: one line, exit 2; interrupted: exit 130
    (Ctrl-C, and in a drive SIGTERM as well, whose attempt is logged as it stood)."""
    args = sys.argv[1:] if argv is None else argv

    def body() -> int:
        if not args or args[0] not in ("drive", "assemble", "rerun") or len(args) < 2:
            raise ValueError(USAGE)
        command, rest = args[0], args[1:]
        if command == "assemble":
            merged = assemble([Path(p) for p in rest])
            for (width, height), certified in merged.items():
                print(f"{width}x{height}: certified from {min(lo for lo, *_ in certified)}")
            return 0
        if command == "rerun":
            time_limit, rest = lemma14.time_limit_option(rest)
            if len(rest) < 2:
                raise ValueError(USAGE)
            if rest[1] == "--shipped":
                ranges = shipped([_shape(word) for word in rest[2:]])
            else:
                ranges = logged([Path(p) for p in rest[1:]])
            results = rerun(ranges, Path(rest[0]), time_limit=time_limit)
            return 0 if all(r["exit"] == 0 for r in results) else 1
        log, shapes = Path(rest[0]), []
        options: dict[str, Any] = {}
        words = iter(rest[1:])
        for word in words:
            if word == "--retry":
                options["retry"] = True
            elif word == "--cold":
                options["warm"] = False
            elif word in _OPTIONS:
                options[word[2:].replace("-", "_")] = lemma14.positive_option(
                    word, next(words, None), _OPTIONS[word]
                )
            else:
                shapes.append(_shape(word))
        if not shapes:
            raise ValueError("name at least one shape (WxH)")
        try:
            with terminate_as_interrupt():
                for tried in drive(shapes, log, **options):
                    print(said(tried), flush=True)
        except Interrupted as stop:
            print(f"boardlab: interrupted; logged in {log}: {said(stop.attempt)}", file=sys.stderr)
            return 130
        return 0

    return run_certificate(body)


if __name__ == "__main__":
    run_as_program(main)
