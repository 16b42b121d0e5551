"""Hints for a player placing the pieces one by one (the play mode of the web page).

A partial placement has the solution JSON shape with pieces left out (`{"Q": "g8"}`), or lists
cut short for repeated pieces (`{"N": ["b7"]}` of two knights). The hint, in this order:

- `mistake` when a placement breaks a rule by itself (a piece on a numbered square, two pieces
  on one square: `squares.square_conflicts`, which the drawings' red squares come from too; in
  Detektivschach a piece on a square that is not marked), when there are
  more pieces of a letter than the puzzle has (the surplus is to be removed), or when no
  solution of the puzzle extends the placement. The wrong placements are named: those that
  no solution contains on their own; when each is possible alone but not together, a
  smallest-by-deletion set of them that no solution contains together (each one of it is
  needed for the conflict).
- `solved` when every piece is placed and the board is a solution (checked by `verify`).
- `progress` with one placement to add: a *forced* one (every solution extending the player's
  pieces has it; proven by a solve with it forbidden) when there is one, otherwise one that
  some solution has.
- `unsolvable` when the puzzle itself has no solution.

Every question goes to the family's oracle (`oracle.ChessNumOracle`: `possible`, `forced`,
`conflict`); the answer is a `core.oracle.Hint`.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.oracle import Hint, HintStatus
from boardlab.core.words import plural
from boardlab.families.chessnum.io import (
    PIECE_NAMES,
    PIECE_ORDER,
    ChessNumInstance,
    Square,
    placement_from_json,
    placement_to_json,
    square_name,
)
from boardlab.families.chessnum.oracle import ChessNumOracle
from boardlab.families.chessnum.squares import square_conflicts
from boardlab.families.chessnum.verify import violations

Placement = list[tuple[str, Square]]


def _name(placed: tuple[str, Square]) -> str:
    return f"the {PIECE_NAMES[placed[0]]} on {square_name(placed[1])}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def hint(instance: ChessNumInstance, partial: dict[str, Any] | None) -> Hint:
    placed = placement_from_json(instance, partial or {})
    clues = instance.clue_map
    marked = set(instance.occupied)
    broken = _broken_rule(instance, placed)
    if broken is not None:
        return broken
    surplus = _surplus(instance, placed)
    if surplus is not None:
        return surplus
    if len(placed) == len(instance.pieces) and not violations(
        instance.size, instance.pieces, clues, placement_to_json(instance, placed), frozenset(marked)
    ):
        return Hint(
            HintStatus.SOLVED, "Solved: every numbered square is attacked by exactly its number of pieces."
        )
    oracle = ChessNumOracle(instance)
    if not oracle.possible():
        return Hint(
            HintStatus.UNSOLVABLE,
            "This puzzle has no solution: no placement of the pieces matches every number.",
        )
    found = oracle.solution(placed)
    if isinstance(found, frozenset):
        return _progress(instance, oracle, placed, found)
    return _mistake(instance, oracle, placed)


def _broken_rule(instance: ChessNumInstance, placed: Placement) -> Hint | None:
    """A mistake for the first piece, in the player's order, that breaks a rule by itself: in
    Detektivschach a piece on an unmarked square; a piece on a numbered square, or one on a
    square an earlier piece holds (`squares.square_conflicts`). For one piece, an unmarked
    square is named first."""
    marked = set(instance.occupied)
    found: list[tuple[int, int, str]] = []  # (the piece's index, the rule's rank, what it breaks)
    unmarked = next((i for i, (_, square) in enumerate(placed) if marked and square not in marked), None)
    if unmarked is not None:
        found.append((unmarked, 0, "stands on an unmarked square; the pieces stand on the marked ones."))
    for square, indices in square_conflicts(instance, placed).items():
        if square in instance.clue_map:
            found.append((indices[0], 1, "stands on a numbered square; numbered squares stay empty."))
        else:
            found.append((indices[1], 1, f"shares its square with {_name(placed[indices[0]])}."))
    if not found:
        return None
    index, _, broken = min(found)
    item = placed[index]
    return Hint(
        HintStatus.MISTAKE, f"{_cap(_name(item))} {broken}", remove=placement_to_json(instance, [item])
    )


def _surplus(instance: ChessNumInstance, placed: Placement) -> Hint | None:
    """A mistake when the player placed more pieces of a letter than the puzzle has (none, for
    a letter it does not have): the ones past the puzzle's number are to be removed."""
    counts = instance.counts
    for letter in PIECE_ORDER:
        mine = [item for item in placed if item[0] == letter]
        have = counts.get(letter, 0)
        if len(mine) > have:
            name = PIECE_NAMES[letter]
            squares = ", ".join(square_name(square) for _, square in mine)
            away = f"{len(mine) - have} of them" if have else "it" if len(mine) == 1 else "them"
            return Hint(
                HintStatus.MISTAKE,
                f"The puzzle has {plural(have, name) if have else 'no ' + name}, and you placed "
                f"{len(mine)} ({squares}): take {away} away.",
                remove=placement_to_json(instance, mine[have:]),
            )
    return None


def _progress(
    instance: ChessNumInstance, oracle: ChessNumOracle, placed: Placement, found: frozenset
) -> Hint:
    remaining = sorted(found - set(placed), key=lambda item: (PIECE_ORDER.index(item[0]), item[1]))
    chosen = oracle.step(placed, remaining)
    assert chosen is not None  # a solution with the pieces placed has the others
    item, forced = chosen
    where = f"the {PIECE_NAMES[item[0]]} on {square_name(item[1])}"
    if forced:
        message = f"Place {where}: every solution with your pieces has it there."
    else:
        message = (
            f"Try {where}: a solution with your pieces has it there "
            "(no placement is forced yet: the puzzle has several solutions from here)."
        )
    return Hint.placement(placement_to_json(instance, [item]), message, forced)


def _mistake(instance: ChessNumInstance, oracle: ChessNumOracle, placed: Placement) -> Hint:
    conflict = oracle.conflict(placed)
    alone = len(conflict) == 1 or not oracle.possible(conflict[:1])
    if alone:
        names = " and ".join(_name(item) for item in conflict)
        return Hint(
            HintStatus.MISTAKE,
            f"{names[0].upper() + names[1:]} {'is' if len(conflict) == 1 else 'are'} wrong: no solution has "
            f"{'it' if len(conflict) == 1 else 'them'} there.",
            remove=placement_to_json(instance, conflict),
        )
    names = ", ".join(_name(item) for item in conflict)
    return Hint(
        HintStatus.MISTAKE,
        f"These cannot all be right together: {names}. Each is possible alone, but no solution has them all.",
        remove=placement_to_json(instance, conflict),
    )
