"""Explanations: which pieces attack each clue square in a solution (`solve --explain`)."""

from __future__ import annotations

from typing import Any

from boardlab.families.chessnum.geometry import attackers
from boardlab.families.chessnum.io import ChessNumInstance, placement_from_json, square_name


def explain(instance: ChessNumInstance, solution: dict[str, Any]) -> list[dict[str, Any]]:
    """For each clue, in the order given: its square, number, and the attacking pieces.

    Each entry is `{"square": "b8", "clue": 1, "target": (file, rank), "attackers":
    [{"piece": "Q", "square": "g8", "at": (file, rank)}, ...]}`.
    """
    placement = placement_from_json(instance, solution)
    entries = []
    for target, value in instance.clues:
        found = attackers(instance.size, placement, target)
        entries.append(
            {
                "square": square_name(target),
                "clue": value,
                "target": target,
                "attackers": [{"piece": letter, "square": square_name(s), "at": s} for letter, s in found],
            }
        )
    return entries


def explain_json(instance: ChessNumInstance, solution: dict[str, Any]) -> dict[str, list[str]]:
    """`{"b8": ["Q g8"], ...}`: the JSON form put into the solve statistics."""
    return {
        e["square"]: [f"{a['piece']} {a['square']}" for a in e["attackers"]]
        for e in explain(instance, solution)
    }
