"""Standard Tents puzzles: trees and row/column clues only, one solution, made to a level.

Method (docs/tents.md, "Generator"): plant a valid board, then change the *board* where the
deduction rules stall until they decide every cell.

1. Plant a valid solution (`board.random_board`: tents, each with its own tree, none
   touching) and compute every clue from it.
2. Run the rules of the level to their fixpoint (`worklist.Worklist`: the `easy` or `tricky`
   rules of `deduce.py`, driven by a work list). Where they stall, some cells stay unknown.
3. Pick an unknown cell (easy and tricky: mostly, `BAND`, in the band of `BAND_ROWS` rows
   from the first row holding an unknown cell; else at random, mostly next to a decided one) and change the board there:
   half of the moves (`TREE_MOVES`) move the tree of a tent next to that cell to another free
   cell next to its tent (no clue changes, so only the cells around it are re-opened: the
   cheapest move); the others re-plant a small window around it (radius 1 or 2): every tent
   and tree of the window goes (with its partner outside), and new tent-tree pairs are placed
   there at random (no tent touching another, each tree next to its own tent), one more or one
   fewer than before at times; the clues of the lines through the window are recomputed.
   The rules run again from the previous position, re-opened around the change
   (`Worklist.reopen`); the change is kept when the rules leave no more unknown cells than
   before, else undone. This is local search on the board (hill climbing on the number of
   cells the rules leave undecided).
4. The re-opened position is a heuristic, so every `CHECK` moves, and whenever it looks
   solved, a fresh run from the empty board judges the board; when it leaves more unknown
   cells than the previous fresh run, the board goes back to that one. The board is returned
   only when a fresh run decides every cell.

Why the puzzle has one solution: the rules are sound (each deduces only what every solution
has) and they decide every cell from the bare puzzle, so every solution has exactly the
deduced tents; the planted tents are a solution. `Family.generate` proves it again with a
solver and grades it with `grade.py` (the reference implementation of the rules).

Levels (`deduce.GRADES`):

- ``easy``: steps 2-4 with the easy rules.
- ``tricky``: with the tricky rules; then the easy rules alone must *not* solve the board (a
  board they solve is re-planted at a random place, then searched again).
- ``hard``: steps 2-4 with the tricky rules until few cells are left, then the hard rules
  (`deduce.Deducer`) from that position must finish, and the tricky ones must not.
- ``extreme``: as hard, but the hard rules must stall and an exact check (the SAT oracle
  on the undecided cells, the decided ones fixed) must find no other solution; where it finds
  one, the board is re-planted around a cell where the two solutions differ.

Clues can be hidden (`hide`: a share of the row and column clues): a clue is hidden when the
rules of the level still solve the puzzle without it (fewer clues never let the rules decide
more, so the puzzle stays at its level and unique).

Every limit counts moves, never seconds: the same seed gives the same puzzle on every machine.
A level not reached within the move budget (`MOVES_PER_CELL`, between `MIN_MOVES` and
`MAX_MOVES`) is a `BadInput` saying so.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from boardlab.core.errors import BadInput, SolverBug
from boardlab.core.oracle import Undecided
from boardlab.families.tents.board import random_board
from boardlab.families.tents.deduce import EMPTY, GRADES, TENT, UNKNOWN, Contradiction, Deducer
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.worklist import TREE, Worklist, neighbour_tables

#: Boards of at least this many cells use the compiled work list (`worklist_nb.FastWorklist`,
#: the same fixpoint): below it, importing numba (about 0.5 s of CPU) costs more than it saves.
FAST_AREA = 1600


def new_worklist(width: int, height: int, trees: Iterable[int], rows: list, cols: list) -> Worklist:
    """A work list for a board: the compiled one from `FAST_AREA` cells on (same interface,
    same fixpoint), this module's below."""
    if width * height >= FAST_AREA:
        from boardlab.families.tents.worklist_nb import FastWorklist

        return FastWorklist(width, height, trees, rows, cols)  # type: ignore[return-value]
    return Worklist(width, height, trees, rows, cols)


def fixpoint(
    width: int,
    height: int,
    trees: Iterable[int],
    rows: list,
    cols: list,
    tricky: bool,
    tents: Iterable[int] = (),
    empty: Iterable[int] = (),
) -> Worklist:
    """A fresh run of the rules from the empty board, or from the given `tents` and `empty`
    cells (`Contradiction` when they find one); compiled from `FAST_AREA` cells on."""
    worklist = new_worklist(width, height, trees, rows, cols)
    for x in tents:
        worklist.give(x, TENT)
    for x in empty:
        worklist.give(x, EMPTY)
    # one run with all the rules of the level: the fixpoint does not depend on the order
    worklist.run(tricky)
    return worklist


Cell = tuple[int, int]

#: Moves (re-plantings tried) per cell of the board before the level counts as out of reach.
MOVES_PER_CELL = 10.0
#: At least this many moves at any size.
MIN_MOVES = 3000
#: At most this many moves at any size (100x100 at tricky: 13,556 moves for seed 1, in the band;
#: 58,413 before it).
MAX_MOVES = 100_000
#: Boards above this many cells get the hint to use --givens when the level is not reached.
LARGE = 5000
#: Fresh plants tried (small boards: a board the lower level solves is planted again).
PLANTS = 40
#: Share by which the number of tents may drift from the planted board's during the search.
DRIFT = 0.02
#: Moves between two fresh runs of the rules during the search.
CHECK = 100
#: Share of the moves that move one tree next to its tent (no clue changes: the cheapest move)
#: instead of re-planting a window.
TREE_MOVES = 0.5
#: Whether a fresh run that leaves more unknown cells than the last one takes the board back.
REVERT = True
#: Share of the moves made next to a decided cell.
FRONTIER = 0.9
#: Share of the moves made in a band of `BAND_ROWS` rows from the first row with an unknown
#: cell: the board is finished from the top down, so that rows are completed one after the other
#: and their clues decide what is left in them, instead of every row staying open until the
#: end (moves spread over the whole board: 100x100 seed 1 took 58,413 moves; in the band 13,556;
#: docs/tents.md, "The standard generator (issue 15)").
BAND = 0.95
#: Rows in that band.
BAND_ROWS = 2
#: Random cells drawn to find where to move before listing them all.
DRAWS = 60
#: Unknown cells below which the hard rules / the exact check are asked (hard, extreme).
FEW_UNKNOWN = 40


@dataclass
class Planted:
    """The board being made: tent -> its tree, and the clues of the tents."""

    width: int
    height: int
    tree_of: dict[int, int] = field(default_factory=dict)
    rows: list[int] = field(default_factory=list)
    cols: list[int] = field(default_factory=list)

    @property
    def trees(self) -> set[int]:
        return set(self.tree_of.values())

    def instance(
        self, rows: list[int | None] | None = None, cols: list[int | None] | None = None
    ) -> TentsInstance:
        w = self.width
        return TentsInstance(
            w,
            self.height,
            frozenset(divmod(t, w) for t in self.tree_of.values()),
            tuple(self.rows if rows is None else rows),
            tuple(self.cols if cols is None else cols),
        )

    def solution(self) -> list[Cell]:
        return sorted(divmod(t, self.width) for t in self.tree_of)


class Maker:
    """One run of the method (module docstring) for one planted board."""

    def __init__(self, width: int, height: int, density: float, level: str, rng: random.Random):
        self.w, self.h, self.level, self.rng = width, height, level, rng
        self.tricky = level != "easy"
        trees, pairs = random_board(width, height, density, rng)
        self.board = Planted(
            width, height, {r * width + c: tr * width + tc for (r, c), (tr, tc) in pairs.items()}
        )
        self.board.rows, self.board.cols = [0] * height, [0] * width
        for t in self.board.tree_of:
            self.board.rows[t // width] += 1
            self.board.cols[t % width] += 1
        self.trees = set(self.board.tree_of.values())
        # the number of tents stays within DRIFT of the planted one (the density asked)
        self.low = int(len(pairs) * (1 - DRIFT))
        self.high = int(len(pairs) * (1 + DRIFT)) + 1
        self.orth, self.king = neighbour_tables(width, height)
        # hard and extreme stop with a few cells left for the stronger rules: spread moves
        # serve them better (25x25 extreme, seeds 1-3: one failed in the band, 30 s per seed)
        self.band = BAND if level in ("easy", "tricky") and BAND_ROWS else 0.0
        self.moves = 0
        self.kept = 0
        self.fresh_runs = 0

    # ---- the board ------------------------------------------------------------------------
    def _free(self, x: int) -> bool:
        return x not in self.trees and x not in self.board.tree_of

    def _neighbours(self, x: int, king: bool) -> tuple[int, ...]:
        """The king (or orthogonal) neighbours of `x`, in reading order (shared tables)."""
        return self.king[x] if king else self.orth[x]

    def replant(
        self, centre: int, radius: int, keep: set[int] | frozenset[int] = frozenset()
    ) -> tuple[set[int], set[int], dict[int, int]] | None:
        """Re-plant the window around `centre`: (changed cells, lines whose clue changed, the
        removed pairs, to undo); None (nothing changed) when the window cannot hold enough
        tents to keep the density."""
        w, h = self.w, self.h
        r0, c0 = divmod(centre, w)
        window = [
            r * w + c
            for r in range(max(0, r0 - radius), min(h, r0 + radius + 1))
            for c in range(max(0, c0 - radius), min(w, c0 + radius + 1))
        ]
        inside = set(window)
        tree_of = self.board.tree_of
        # the pairs with their tent or their tree inside: their tents lie within one more row
        # and column (a tree is next to its tent)
        removed = {}
        for r in range(max(0, r0 - radius - 1), min(h, r0 + radius + 2)):
            for c in range(max(0, c0 - radius - 1), min(w, c0 + radius + 2)):
                t = r * w + c
                tree = tree_of.get(t)
                if tree is not None and (t in inside or tree in inside) and t not in keep:
                    removed[t] = tree
        changed: set[int] = set()
        for tent, tree in removed.items():
            del tree_of[tent]
            self.trees.discard(tree)
            changed.update((tent, tree))
        delta = self.rng.choice((-1, 0, 0, 1))
        if not self.low <= len(tree_of) + len(removed) + delta <= self.high:
            delta = 0
        target = max(0, len(removed) + delta)
        self.rng.shuffle(window)
        placed = 0
        for x in window:
            if placed >= target:
                break
            if not self._free(x) or any(y in tree_of for y in self._neighbours(x, True)):
                continue
            spots = [y for y in self._neighbours(x, False) if y in inside and self._free(y)]
            if not spots:
                continue
            tree = self.rng.choice(spots)
            tree_of[x] = tree
            self.trees.add(tree)
            changed.update((x, tree))
            placed += 1
        lines = self._recount(removed, {t: tree_of[t] for t in changed if t in tree_of})
        if placed < target and len(tree_of) < self.low:
            self.undo(changed, removed)
            return None
        return changed, lines, removed

    def move_tree(self, centre: int) -> tuple[set[int], set[int], dict[int, int]] | None:
        """Move the tree of a tent near `centre` to another free cell next to that tent: no
        clue changes (changed cells, no lines, the pair before, to undo); None when no tent
        near `centre` has a free cell for its tree."""
        w, h, rng, tree_of = self.w, self.h, self.rng, self.board.tree_of
        r0, c0 = divmod(centre, w)
        tents = [
            r * w + c
            for r in range(max(0, r0 - 1), min(h, r0 + 2))
            for c in range(max(0, c0 - 1), min(w, c0 + 2))
            if r * w + c in tree_of
        ]
        rng.shuffle(tents)
        for tent in tents:
            spots = [y for y in self._neighbours(tent, False) if self._free(y)]
            if spots:
                old, new = tree_of[tent], rng.choice(spots)
                tree_of[tent] = new
                self.trees.discard(old)
                self.trees.add(new)
                return {tent, old, new}, set(), {tent: old}
        return None

    def _recount(self, removed: dict[int, int], added: dict[int, int]) -> set[int]:
        w, h = self.w, self.h
        lines: set[int] = set()
        for tents, sign in ((removed, -1), (added, 1)):
            for t in tents:
                self.board.rows[t // w] += sign
                self.board.cols[t % w] += sign
                lines.update((t // w, h + t % w))
        return lines

    def undo(self, changed: set[int], removed: dict[int, int]) -> None:
        tree_of = self.board.tree_of
        added = {t: tree_of[t] for t in changed if t in tree_of}
        for tent, tree in added.items():
            del tree_of[tent]
            self.trees.discard(tree)
        tree_of.update(removed)
        self.trees.update(removed.values())
        self._recount(added, removed)

    # ---- the rules ------------------------------------------------------------------------
    def restart_at(self, centre: int, radius: int) -> Worklist | None:
        """One move (re-plant the window round `centre`), then the rules from the empty board
        (None: a contradiction, a bug)."""
        self.replant(centre, radius)
        self.moves += 1
        return self.fresh()

    def fresh(self) -> Worklist | None:
        """The rules of the level from the empty board (None: a contradiction, a bug)."""
        self.fresh_runs += 1
        b = self.board
        try:
            return fixpoint(self.w, self.h, self.trees, b.rows, b.cols, self.tricky)
        except Contradiction:
            return None

    def search(self, worklist: Worklist, budget: int, stop_at: int = 0) -> Worklist:
        """Local search (steps 3-4) until the fresh rules leave at most `stop_at` unknown
        cells, or `budget` moves are spent (the worklist returned is a fresh run's).

        Moves are judged on the re-opened position (cheap, a heuristic); every `CHECK` moves
        a fresh run judges the board: when it leaves more unknown cells than the last fresh
        run, the board goes back to that one."""
        rng = self.rng
        best = worklist.unknown()
        checkpoint = dict(self.board.tree_of), list(self.board.rows), list(self.board.cols), _clone(worklist)
        current = best
        since = 0
        while best > stop_at and self.moves < budget:
            if since >= CHECK or current <= stop_at:
                since = 0
                fresh = self.fresh()
                if fresh is not None and (fresh.unknown() <= best or not REVERT):
                    worklist = fresh
                    best = current = fresh.unknown()
                    checkpoint = (
                        dict(self.board.tree_of),
                        list(self.board.rows),
                        list(self.board.cols),
                        _clone(fresh),
                    )
                    continue
                self._back_to(checkpoint)
                worklist = _clone(checkpoint[3])
                current = best
                continue
            centre = self._centre(worklist)
            saved = worklist.copy_position()
            if rng.random() < TREE_MOVES:
                move = self.move_tree(centre)
            else:
                move = self.replant(centre, rng.choice((1, 1, 2)))
            self.moves += 1
            since += 1
            if move is None:
                continue
            changed, lines, removed = move
            for x in changed:
                if x in self.trees:
                    worklist.state[x] = TREE
                elif worklist.state[x] == TREE:
                    worklist.state[x] = UNKNOWN
            worklist.set_clues(self.board.rows, self.board.cols)
            worklist.reopen(changed, lines)
            try:
                worklist.run(self.tricky)
                after = worklist.unknown()
            except Contradiction:
                after = current + 1
            if after <= current:
                self.kept += 1
                current = after
            else:
                self.undo(changed, removed)
                worklist.restore(saved)
                worklist.set_clues(self.board.rows, self.board.cols)
        if best > stop_at:  # out of moves: the board of the last fresh run
            self._back_to(checkpoint)
            return checkpoint[3]
        return worklist

    def _centre(self, worklist: Worklist) -> int:
        """Where to change the board: for a share `BAND` of the moves (easy and tricky) an
        unknown cell of the band of `BAND_ROWS` rows from the first row with one (drawn by
        rejection; when the draws miss, as below), else anywhere (`_one_centre`)."""
        if self.band and self.rng.random() < self.band:
            state, w, rng = worklist.state, self.w, self.rng
            first = bytes(state).find(UNKNOWN) // w
            rows = min(BAND_ROWS, self.h - first)
            for _ in range(DRAWS):
                x = (first + rng.randrange(rows)) * w + rng.randrange(w)
                if state[x] == UNKNOWN:
                    return x
        return self._one_centre(worklist)

    def _one_centre(self, worklist: Worklist) -> int:
        """Where to change the board: an unknown cell, next to a decided one for a share
        `FRONTIER` of the moves (the rules spread from what they decided); drawn by rejection
        (a few random cells), the full list only when those miss."""
        state, king, rng = worklist.state, worklist.king, self.rng
        n = len(state)
        frontier = rng.random() < FRONTIER
        for _ in range(DRAWS):
            x = rng.randrange(n)
            if state[x] == UNKNOWN and (
                not frontier or any(state[j] == TENT or state[j] == EMPTY for j in king[x])
            ):
                return x
        unknown = [i for i, v in enumerate(state) if v == UNKNOWN]
        if frontier:
            edge = [i for i in unknown if any(state[j] == TENT or state[j] == EMPTY for j in king[i])]
            if edge:
                return rng.choice(edge)
        return rng.choice(unknown)

    def _back_to(self, checkpoint: tuple) -> None:
        tree_of, rows, cols, _ = checkpoint
        self.board.tree_of = dict(tree_of)
        self.board.rows[:] = rows
        self.board.cols[:] = cols
        self.trees = set(tree_of.values())


def _clone(worklist: Worklist) -> Worklist:
    return worklist.clone()


def _solved_at(instance: TentsInstance, tents: set[Cell], empty: set[Cell], level: str) -> bool:
    """Whether the rules of `level` (hard) finish from the position."""
    try:
        deducer = Deducer(instance, tents, empty)
        for _ in deducer.steps(level):
            pass
        return deducer.solved()
    except Contradiction:
        return False


def _position(worklist: Worklist, w: int) -> tuple[set[Cell], set[Cell]]:
    tents = {divmod(i, w) for i, v in enumerate(worklist.state) if v == TENT}
    empty = {divmod(i, w) for i, v in enumerate(worklist.state) if v == EMPTY}
    return tents, empty


def _lower_solves(maker: Maker) -> bool:
    """Whether the level below the maker's (easy for tricky) solves its board."""
    b = maker.board
    try:
        return fixpoint(maker.w, maker.h, maker.trees, b.rows, b.cols, False).unknown() == 0
    except Contradiction:
        return False


def generate(
    width: int,
    height: int,
    density: float,
    seed: int,
    level: str = "tricky",
    hide: float = 0.0,
) -> tuple[TentsInstance, list[Cell], dict[str, float | int | str]]:
    """(puzzle, its unique solution, figures): a standard puzzle of exactly `level`."""
    if level not in GRADES:
        raise BadInput(f"unknown level '{level}' (one of {', '.join(GRADES)})")
    start = time.perf_counter()
    rng = random.Random(seed)
    budget = min(MAX_MOVES, max(MIN_MOVES, int(MOVES_PER_CELL * width * height)))
    moves = plants = fresh_runs = 0
    for plants in range(1, PLANTS + 1):
        maker = Maker(width, height, density, level, rng)
        worklist = maker.fresh()
        if worklist is None:
            raise SolverBug("tents generator: the rules contradict a planted board")
        # one planted board may take a share of the moves (hard and extreme: several boards)
        share = budget if level in ("easy", "tricky") else max(MIN_MOVES // 4, budget // 4)
        made = _finish(maker, worklist, min(share, budget - moves))
        moves += maker.moves
        fresh_runs += maker.fresh_runs
        if made:
            break
        if moves >= budget:
            raise BadInput(
                f"tents: no {level} {width}x{height} puzzle found within {moves} board changes "
                f"({plants} planted boards; docs/tents.md says which levels each size reaches); "
                + (
                    "try another seed; on boards this large --givens makes one with given cells"
                    if width * height > LARGE
                    else "try another seed, size or density"
                )
            )
    else:
        raise BadInput(f"tents: no {level} {width}x{height} puzzle found in {PLANTS} planted boards")
    board = maker.board
    instance, hidden = board.instance(), 0
    if hide > 0:
        instance, hidden = hide_clues(instance, level, hide, set(board.solution()), rng)
    figures: dict[str, float | int | str] = {
        "method": "standard",
        "level": level,
        "moves": moves,
        "moves_kept": maker.kept,
        "plants": plants,
        "fresh_runs": fresh_runs,
        "trees": len(board.tree_of),
        "givens": 0,
        "hidden_clues": hidden,
        "seconds": round(time.perf_counter() - start, 3),
    }
    return instance, board.solution(), figures


def _finish(maker: Maker, worklist: Worklist, budget: int) -> bool:
    """Search the maker's board until it is exactly at its level (False: give up on it)."""
    level = maker.level
    if level in ("easy", "tricky"):
        while maker.moves < budget:
            worklist = maker.search(worklist, budget)
            if worklist.unknown():
                return False
            if level == "easy" or not _lower_solves(maker):
                return True
            # the easy rules solve it too: re-plant a random place and search again
            centre = maker.rng.randrange(maker.w * maker.h)
            fresh = maker.restart_at(centre, 2)
            if fresh is None:
                return False
            worklist = fresh
        return False
    return _finish_beyond(maker, worklist, budget)


def _finish_beyond(maker: Maker, worklist: Worklist, budget: int) -> bool:
    """Hard and extreme: the tricky rules leave a few cells that the hard rules (hard) or only
    search (extreme) decide."""
    w = maker.w
    while maker.moves < budget:
        worklist = maker.search(worklist, budget, FEW_UNKNOWN)
        if worklist.unknown() == 0 or worklist.unknown() > FEW_UNKNOWN:
            if worklist.unknown() == 0:  # too easy: re-plant where it is and go on
                centre = maker.rng.randrange(w * maker.h)
                fresh = maker.restart_at(centre, 2)
                if fresh is None:
                    return False
                worklist = fresh
                continue
            return False
        instance = maker.board.instance()
        tents, empty = _position(worklist, w)
        hard = _solved_at(instance, tents, empty, "hard")
        if maker.level == "hard":
            if hard:
                return True
        elif not hard:
            planted = {divmod(t, w) for t in maker.board.tree_of}
            other = _other_solution(instance, tents, empty, planted)
            if other is None:
                return True
            row, col = maker.rng.choice(sorted(planted ^ other))
            fresh = maker.restart_at(row * w + col, 1)
            if fresh is None:
                return False
            worklist = fresh
            continue
        # not at the level yet: one more move where the rules stall, then search again
        unknown = [i for i, v in enumerate(worklist.state) if v == UNKNOWN]
        fresh = maker.restart_at(maker.rng.choice(unknown), 1)
        if fresh is None:
            return False
        worklist = fresh
    return False


def _flat(instance: TentsInstance, cells: frozenset[Cell] | set[Cell]) -> list[int]:
    return sorted(r * instance.width + c for r, c in cells)


def _fixpoint_of(instance: TentsInstance, tricky: bool) -> Worklist:
    """The work-list fixpoint of the easy (or easy and tricky) rules on `instance` with its
    givens (raises `Contradiction` when the rules find one)."""
    return fixpoint(
        instance.width,
        instance.height,
        _flat(instance, instance.trees),
        list(instance.rows),
        list(instance.cols),
        tricky,
        _flat(instance, instance.given_tents),
        _flat(instance, instance.given_empty),
    )


def at_level(instance: TentsInstance, level: str, planted: set[Cell]) -> bool:
    """Whether `instance` (with its givens) is solved by the rules of `level` (extreme: has no
    solution but `planted`, by the rules and the SAT oracle on the cells they leave)."""
    w = instance.width
    try:
        worklist = _fixpoint_of(instance, level != "easy")
    except Contradiction:
        return False
    if not worklist.unknown() or level in ("easy", "tricky"):
        return not worklist.unknown()
    tents, empty = _position(worklist, w)
    if level == "hard":
        return _solved_at(instance, tents, empty, "hard")
    return _other_solution(instance, tents, empty, planted) is None


def _other_solution(
    instance: TentsInstance, tents: set[Cell], empty: set[Cell], planted: set[Cell]
) -> frozenset[Cell] | None:
    """A solution other than `planted` with the decided cells fixed (sound: the rules only
    decide what every solution has), by the SAT oracle; None when there is none."""
    from boardlab.families.tents.oracle import TentsOracle

    given = TentsInstance(
        instance.width,
        instance.height,
        instance.trees,
        instance.rows,
        instance.cols,
        frozenset(tents | instance.given_tents),
        frozenset(empty | instance.given_empty),
    )
    oracle = TentsOracle(given, encoding="totalizer")
    try:
        oracle.exclude(planted)
        other = oracle.solution()
    finally:
        oracle.close()
    assert not isinstance(other, Undecided)  # no budget: always decided
    return other


def hide_clues(
    instance: TentsInstance, level: str, share: float, planted: set[Cell], rng: random.Random
) -> tuple[TentsInstance, int]:
    """Hide up to `share` of the clues of a puzzle at `level`: in random order, a clue is
    hidden when the puzzle is still solved at `level` without it (`at_level`). Fewer clues
    never let the rules decide more, so a puzzle not solved below `level` stays so: the level
    and the one solution are kept. (puzzle, clues hidden)."""
    want = int(share * (instance.width + instance.height) + 1e-9)
    order = list(range(instance.height + instance.width))
    rng.shuffle(order)
    hidden = 0
    for line in order:
        if hidden >= want:
            break
        rows, cols = list(instance.rows), list(instance.cols)
        if line < instance.height:
            rows[line] = None
        else:
            cols[line - instance.height] = None
        trial = replace(instance, rows=tuple(rows), cols=tuple(cols))
        if at_level(trial, level, planted):
            instance = trial
            hidden += 1
    return instance, hidden


def _add_given(
    instance: TentsInstance, worklist: Worklist, planted: set[Cell], rng: random.Random
) -> tuple[TentsInstance, Cell]:
    """`instance` with one more given where the rules stall: a planted tent among the unknown
    cells (an empty cell of the solution when none is left unknown), and that cell."""
    w = instance.width
    unknown = sorted(divmod(i, w) for i, v in enumerate(worklist.state) if v == UNKNOWN)
    cell = rng.choice([c for c in unknown if c in planted] or unknown)
    if cell in planted:
        return replace(instance, given_tents=instance.given_tents | {cell}), cell
    return replace(instance, given_empty=instance.given_empty | {cell}), cell


def aim_givens(
    instance: TentsInstance, planted: set[Cell], level: str, hide: float, rng: random.Random
) -> tuple[TentsInstance, int]:
    """The `--givens` puzzle (unique by its SAT-chosen givens) brought to `level`: planted
    tents are added as givens where the rules of the level stall until they solve it (more
    givens only let the rules decide more). An extreme puzzle is left as it is; a puzzle
    already below the level cannot be made harder by givens (`Family.generate` then tries
    another seed). Then clues are hidden as asked. (puzzle, clues hidden)."""
    w = instance.width
    if level in ("easy", "tricky"):
        # one work list: a given added to it never undoes a deduction, so it goes on exactly
        worklist = _fixpoint_of(instance, level != "easy")
        while worklist.unknown():
            instance, (row, col) = _add_given(instance, worklist, planted, rng)
            worklist.give(row * w + col, TENT if (row, col) in planted else EMPTY)
            worklist.run(level != "easy")
    elif level == "hard":
        while not at_level(instance, level, planted):
            worklist = _fixpoint_of(instance, True)
            instance, _ = _add_given(instance, worklist, planted, rng)
    if hide > 0:
        return hide_clues(instance, level, hide, planted, rng)
    return instance, 0
