"""Hints for playing N-Queens (and completion puzzles).

The player's placements are `{"queens": [col or null, ...]}`, one entry per row (null, or -1
as the web page writes it: no queen yet). A hint is, in this order: `solved` when the board is
a valid solution; `mistake` when a placed queen attacks another (or a given one), or when the
placements cannot be completed (the queen whose removal makes the board completable is named);
`progress` with the queen of the first empty row in a completion of the player's board (found by
the bitboard search, with the player's queens fixed); `unsolvable` when the puzzle itself has no
solution. The questions go to the family's oracle (`oracle.QueensOracle`); the answer is a
`core.oracle.Hint`.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.oracle import Hint, HintStatus
from boardlab.core.words import shown
from boardlab.families.nqueens.io import QueensInstance
from boardlab.families.nqueens.oracle import QueensOracle


def _placements(instance: QueensInstance, partial: dict[str, Any] | None) -> dict[int, int]:
    queens = (partial or {}).get("queens", [])  # no key: no queens yet; null, 0 or false are no list
    if not isinstance(queens, list) or len(queens) > instance.n:
        raise BadInput(
            f'placements are {{"queens": [col or null, ...]}} with at most {instance.n} rows', path=()
        )
    placed = {}
    for row, col in enumerate(queens):
        if col is None or col == -1:
            continue
        if not isinstance(col, int) or isinstance(col, bool):
            raise BadInput(
                f"row {row}: the column must be a number or null, got {shown(col)}", path=("queens", row)
            )
        if not 0 <= col < instance.n:
            raise BadInput(f"row {row}: column {col} is off the board", path=("queens", row))
        placed[row] = col
    return placed


def _attacks(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def hint(instance: QueensInstance, partial: dict[str, Any] | None) -> Hint:
    oracle = QueensOracle(instance)  # BadInput above the bitboard's largest board
    placed = _placements(instance, partial)
    given = dict(instance.fixed)
    for row, col in given.items():
        placed.setdefault(row, col)
    for row, col in instance.fixed:
        if placed[row] != col:
            return _answer(
                "mistake", f"row {row} has a given queen in column {col}", remove={row: placed[row]}
            )
    squares = sorted(placed.items())
    for i, a in enumerate(squares):
        for b in squares[:i]:
            if _attacks(a, b):
                mover = a if a[0] not in given else b
                return _answer(
                    "mistake",
                    f"the queens on rows {b[0]} and {a[0]} attack each other",
                    remove={mover[0]: mover[1]},
                )
    if len(placed) == instance.n:
        return _answer("solved", "every row has a queen and none attacks another")
    completion = oracle.solution(squares)
    if completion is None:
        if not oracle.possible():
            return _answer("unsolvable", "this puzzle has no solution")
        for row, col in squares:
            if row in given:
                continue
            if oracle.possible([s for s in squares if s[0] != row]):
                return _answer(
                    "mistake",
                    f"no solution has the queens placed so far; the queen on row {row} is the one to move",
                    remove={row: col},
                )
        return _answer(
            "mistake",
            "no solution extends these queens; remove some of them",
            remove={r: c for r, c in squares if r not in given},
        )
    # One step (`Oracle.step`): a forced queen when one is proven, on puzzles with given queens
    # (where the generator asks the same questions); on a free board refuting a queen is an
    # exhaustive search, so the first free row's queen of a completion is named, unproven.
    candidates = sorted(queen for queen in completion if queen[0] not in placed)
    chosen = oracle.step(squares, candidates, prove=bool(instance.fixed))
    assert chosen is not None  # the board is not full
    (row, col), forced = chosen
    if forced:
        message = f"row {row} has its queen in column {col}: every solution with your queens has it"
    else:
        message = f"a queen fits in row {row}, column {col}: a solution with your queens has it there"
    return Hint.placement(_shape({row: col}), message, forced)


def _shape(cells: dict[int, int] | None) -> dict[str, Any] | None:
    if not cells:
        return None
    width = max(cells) + 1
    return {"queens": [cells.get(r) for r in range(width)]}


def _answer(
    status: str, message: str, place: dict[int, int] | None = None, remove: dict[int, int] | None = None
) -> Hint:
    return Hint(HintStatus(status), message, place=_shape(place), remove=_shape(remove))
