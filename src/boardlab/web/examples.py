"""The puzzle each family opens on in the page and in the API listing (`example`), the
published puzzles the page offers in its puzzles menu (`library`), and the generated ones it
offers there by size and difficulty (`generated`).

A good first puzzle is solvable and, where the family has clues, has exactly one solution: a
published puzzle shipped with the package where there is one (`boardlab.bench.data`, sources in
its SOURCES.md), otherwise a fixed puzzle written in the family's text format. The family's
random `sample` is the fallback for a family this table does not name.
"""

from __future__ import annotations

import json
import random
from typing import Any

from boardlab.bench.data import CNOTE_PUBLISHED, TENTS_TATHAM_SAMPLE
from boardlab.bench.data.chessnum_published import PUBLISHED
from boardlab.core import requests
from boardlab.core.errors import BadInput
from boardlab.core.family import Family

#: A 4x4 C-Note puzzle with one solution (also what `boardlab cnote example` writes).
CNOTE_UNIQUE_4X4 = "target: 100\n3 7 9 9\n8 2 4 7\n7 7 8 5\n3 2 6 7\n"


def _json_lines(path: Any) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _tatham() -> list[dict[str, Any]]:
    return _json_lines(TENTS_TATHAM_SAMPLE)


def _tents() -> Any:
    return _tatham()[0]["instance"]  # Tatham's generator, 8x8 easy: one solution


def _source(name: str) -> Any:
    """The example of family `name` as the family's parser takes it (JSON object or text)."""
    if name == "nqueens":
        return 8
    if name == "armies":
        return "6 5"  # the largest peaceable armies on a 6x6 board (OEIS A250000)
    if name == "chessnum":
        return PUBLISHED[0]["instance"]
    if name == "cnote":
        return CNOTE_UNIQUE_4X4
    if name == "tents":
        return _tents()
    return None


def example(family: Family) -> dict[str, Any]:
    """The family's first puzzle as `{"instance": JSON, "text": text format}`."""
    source = _source(family.name)
    if source is None:
        instance = family.sample(random.Random(1))
    else:
        instance = requests.parse_value(family, source, {})
    return {"instance": family.to_json(instance), "text": family.dump_text(instance)}


def library(family: Family) -> list[dict[str, Any]]:
    """The published puzzles shipped for `family` (`{"title", "source", "instance"}`), or []."""
    if family.name == "chessnum":
        return [{"title": p["id"], "source": p["source"], "instance": p["instance"]} for p in PUBLISHED]
    if family.name == "tents":
        return [{"title": r["id"], "source": r["source"], "instance": r["instance"]} for r in _tatham()]
    if family.name == "cnote":
        return [
            {"title": r["id"], "source": r["source"], "instance": r["instance"]}
            for r in _json_lines(CNOTE_PUBLISHED)
        ]
    return []


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


def published(family: Family, name: str) -> dict[str, Any]:
    """The library entry titled `name` (case-insensitive) as `{"instance", "text"}`; BadInput
    naming the titles there are when there is none."""
    entries = library(family)
    for entry in entries:
        if entry["title"].lower() == name.lower():
            instance = requests.parse_value(family, entry["instance"], {})
            return {"instance": family.to_json(instance), "text": family.dump_text(instance)}
    if not entries:
        raise BadInput(f"{family.name} ships no published puzzles")
    titles = ", ".join(entry["title"] for entry in entries)
    raise BadInput(f"no published {family.name} puzzle named '{name}' (there are: {titles})")
