"""Hints for a player placing the pieces one by one (the play mode of the web page).

A partial placement has the solution JSON shape with pieces left out (`{"Q": "g8"}`), or lists
cut short for repeated pieces (`{"N": ["b7"]}` of two knights). The hint, in this order:

- `mistake` when a placement breaks a rule by itself (a piece on a numbered square, two pieces
  on one square), or when no solution of the puzzle extends the placement. The wrong
  placements are named: those that no solution contains on their own; when each is possible
  alone but not together, a smallest-by-deletion set of them that no solution contains
  together (each one of it is needed for the conflict).
- `solved` when every piece is placed and the board is a solution (checked by `verify`).
- `progress` with one placement to add: a *forced* one (every solution extending the player's
  pieces has it; proven by a solve with it forbidden) when there is one, otherwise one that
  some solution has.
- `unsolvable` when the puzzle itself has no solution.
"""

from __future__ import annotations

from typing import Any

from boardlab.families.chessnum import model_cpsat as model
from boardlab.families.chessnum.io import PIECE_NAMES, PIECE_ORDER, ChessNumInstance, Square, placement_from_json, placement_to_json, square_name
from boardlab.families.chessnum.verify import violations

Placement = list[tuple[str, Square]]


def _name(placed: tuple[str, Square]) -> str:
    return f"the {PIECE_NAMES[placed[0]]} on {square_name(placed[1])}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _extendable(instance: ChessNumInstance, placed: Placement) -> bool:
    found, _ = model.find(instance, fixed=placed, limit=1)
    return bool(found)


def _answer(status: str, message: str, place: Any = None, remove: Any = None) -> dict[str, Any]:
    return {"status": status, "message": message, "place": place, "remove": remove}


def hint(instance: ChessNumInstance, partial: dict[str, Any] | None) -> dict[str, Any]:
    placed = placement_from_json(instance, partial or {}, partial=True)
    clues = instance.clue_map
    seen: dict[Square, tuple[str, Square]] = {}
    for item in placed:
        letter, square = item
        if square in clues:
            return _answer("mistake", f"{_cap(_name(item))} stands on a numbered square; numbered squares stay empty.", remove=placement_to_json(instance, [item]))
        if square in seen:
            return _answer("mistake", f"{_cap(_name(item))} shares its square with {_name(seen[square])}.", remove=placement_to_json(instance, [item]))
        seen[square] = item
    if len(placed) == len(instance.pieces) and not violations(instance.size, instance.pieces, clues, placement_to_json(instance, placed)):
        return _answer("solved", "Solved: every numbered square is attacked by exactly its number of pieces.")
    any_solution, _ = model.find(instance, limit=1)
    if not any_solution:
        return _answer("unsolvable", "This puzzle has no solution: no placement of the pieces matches every number.")
    if _extendable(instance, placed):
        return _progress(instance, placed)
    return _mistake(instance, placed)


def _progress(instance: ChessNumInstance, placed: Placement) -> dict[str, Any]:
    found, _ = model.find(instance, fixed=placed, limit=1)
    remaining = sorted(found[0], key=lambda item: (PIECE_ORDER.index(item[0]), item[1]))
    for item in placed:
        remaining.remove(item)
    for item in remaining:
        forced = not model.find(instance, fixed=placed, forbid=[item], limit=1)[0]
        if forced:
            return _answer(
                "progress",
                f"Place the {PIECE_NAMES[item[0]]} on {square_name(item[1])}: every solution with your pieces has it there.",
                place=placement_to_json(instance, [item]),
            )
    item = remaining[0]
    return _answer(
        "progress",
        f"Try the {PIECE_NAMES[item[0]]} on {square_name(item[1])}: a solution with your pieces has it there "
        "(no placement is forced yet: the puzzle has several solutions from here).",
        place=placement_to_json(instance, [item]),
    )


def _mistake(instance: ChessNumInstance, placed: Placement) -> dict[str, Any]:
    alone_wrong = [item for item in placed if not _extendable(instance, [item])]
    if alone_wrong:
        names = " and ".join(_name(item) for item in alone_wrong)
        return _answer(
            "mistake",
            f"{names[0].upper() + names[1:]} {'is' if len(alone_wrong) == 1 else 'are'} wrong: no solution has "
            f"{'it' if len(alone_wrong) == 1 else 'them'} there.",
            remove=placement_to_json(instance, alone_wrong),
        )
    conflict = list(placed)
    for item in list(placed):
        trial = [other for other in conflict if other != item]
        if not _extendable(instance, trial):
            conflict = trial
    names = ", ".join(_name(item) for item in conflict)
    return _answer(
        "mistake",
        f"These cannot all be right together: {names}. Each is possible alone, but no solution has them all.",
        remove=placement_to_json(instance, conflict),
    )
