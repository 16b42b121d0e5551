"""The generated puzzles the page offers in its puzzles menu by size and difficulty
(`generated`). The puzzle each family opens on and its published puzzles are the family's own
(`Family.example_puzzle`, `Family.library`; `core.requests.example`).
"""

from __future__ import annotations

from typing import Any

from boardlab.core.family import Family

#: Board sizes the puzzles menu offers to generate at each difficulty level, per family that
#: grades its puzzles (families not named here get their generator's default size).
GENERATED_SIZES: dict[str, tuple[str, ...]] = {
    "tents": ("8x8", "10x10", "15x15"),
    "chessnum": ("8",),
    "cnote": ("5",),
}


#: The levels the menu offers where the generator does not reach every level at those sizes
#: within the page's time limit (C-Note: no generated puzzle graded `hard` in 72 tries at
#: target 100, docs/cnote.md); the other grading families offer all their levels.
GENERATED_LEVELS: dict[str, tuple[str, ...]] = {
    "cnote": ("easy", "medium"),
}


def generated(family: Family) -> list[dict[str, Any]]:
    """Generated puzzles the puzzles menu offers (`{"title", "options"}`, the generate options
    to use): each difficulty level of `GENERATED_LEVELS` (default: all the family's levels) at
    each size of `GENERATED_SIZES`, for a family that grades its puzzles; [] for the others."""
    if not family.offers_grade or not family.levels:
        return []
    levels = GENERATED_LEVELS.get(family.name, family.levels)
    sizes = GENERATED_SIZES.get(family.name)
    if sizes is None:
        size = next((o.default for o in family.options if o.name == "size"), None)
        sizes = (str(size),) if size is not None else ()
    return [
        {"title": f"{size}, {level}", "options": {"size": size, "difficulty": level}}
        for size in sizes
        for level in levels
    ]
