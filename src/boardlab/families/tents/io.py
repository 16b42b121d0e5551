"""Tents instances and their formats: JSON, boardlab's text format, Tatham's game IDs.

An instance is a W x H grid of trees, a clue for every row and column (None: missing, the line
is unconstrained, as in puzz.link and janko.at puzzles), and optionally cells the player has
already decided: given tents (`^`) and given empty cells (`x`).

Text format (several puzzles per file, separated by blank lines; `#` starts a comment)::

    1 1 ? 2          <- the W column clues (`?`: missing)
    2 T..T           <- each row: its clue, then W cells
    0 .T..              `T` tree, `.` empty, `^` a given tent, `x` a given empty cell

A line of the form `WxH:...` in a file is a Tatham game ID (one per line; see `game_id.py`), a
line `https://puzz.link/p?tents/...` (or `tents/W/H/...`) a puzz.link URL (see `puzzlink.py`).

JSON: `{"family": "tents", "grid": ["..T.", "T..."], "rows": [1, 0], "cols": [0, 1, 0, 0]}`
(grid rows use the same cell characters; clues may be null). `{"family": "tents",
"game_id": "4x2:..."}` is accepted too.
Solution JSON: `{"tents": [[row, col], ...]}` sorted. A partial placement (for hints) adds
`"empty": [[row, col], ...]`.
"""

from __future__ import annotations

import re
from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.family import Record
from boardlab.core.io import json_fields, lines
from boardlab.core.words import shown
from boardlab.families.tents import puzzlink
from boardlab.families.tents.game_id import decode, encode
from boardlab.families.tents.instance import (  # noqa: F401  (importable from io too)
    CELL_CHARS,
    EMPTY,
    MAX_SIDE,
    NO_TENT,
    TENT,
    TREE,
    Cell,
    TentsInstance,
    make_instance,
)


def from_json(data: Any) -> TentsInstance:
    if isinstance(data, dict) and "game_id" in data:
        json_fields(data, "tents instance given by 'game_id'", {"family", "game_id"})
        if not isinstance(data["game_id"], str):
            raise BadInput("'game_id' must be a string", path=("game_id",))
        return decode(data["game_id"])
    json_fields(
        data,
        "tents instance",
        {"family", "grid", "rows", "cols"},
        dict.fromkeys(("grid", "rows", "cols"), ""),
    )
    return make_instance(data["grid"], data["rows"], data["cols"])


def to_json(instance: TentsInstance) -> dict[str, Any]:
    return {
        "family": "tents",
        "grid": instance.grid(),
        "rows": list(instance.rows),
        "cols": list(instance.cols),
    }


def _clue_text(value: int | None) -> str:
    return "?" if value is None else str(value)


def dump_text(instance: TentsInstance) -> str:
    """The text format, after a comment line with the game ID."""
    width = max(len(_clue_text(v)) for v in instance.rows)
    lines = [f"# {encode(instance)}", " ".join(_clue_text(v) for v in instance.cols)]
    for r, row in enumerate(instance.grid()):
        lines.append(f"{_clue_text(instance.rows[r]).rjust(width)} {row}")
    return "\n".join(lines) + "\n"


GAME_ID_LINE = re.compile(r"^\s*\d+x\d+")


def parse_text(text: str, source: str) -> list[Record[TentsInstance]]:
    """Puzzles in the text format (blank-line separated) and/or game IDs (one per line)."""
    records: list[Record[TentsInstance]] = []
    block: list[tuple[int, str]] = []

    def close() -> None:
        if block:
            label = f"{source}:{block[0][0]}"
            try:
                records.append(Record(label, instance=_parse_block(block, source)))
            except BadInput as error:
                records.append(Record(label, error=error.located(source=source, line=block[0][0])))
            block.clear()

    for number, raw in enumerate(lines(text), 1):
        line = raw.split("#", 1)[0].strip() if not GAME_ID_LINE.match(raw) else raw.strip()
        if not line:
            if not raw.strip():
                close()
            continue
        if (GAME_ID_LINE.match(line) or puzzlink.looks_like_url(line)) and not block:
            label = f"{source}:{number}"
            read = puzzlink.decode if puzzlink.looks_like_url(line) else decode
            try:
                records.append(Record(label, instance=read(line)))
            except BadInput as error:
                records.append(Record(label, error=error.located(source=source, line=number)))
            continue
        block.append((number, line))
    close()
    if not records:
        records.append(Record(source, error=BadInput("no puzzle found", source=source)))
    return records


def _parse_clue(token: str, source: str, line: int, column: int) -> int | None:
    if token == "?":
        return None
    if not token.isdigit():
        raise BadInput(f"bad clue {shown(token)} (a number or ?)", source=source, line=line, column=column)
    return int(token)


def _parse_block(block: list[tuple[int, str]], source: str) -> TentsInstance:
    first_line, header = block[0]
    cols = []
    position = 0
    for token in header.split():
        position = header.index(token, position)
        cols.append(_parse_clue(token, source, first_line, position + 1))
        position += len(token)
    if not block[1:]:
        raise BadInput("column clues but no rows", source=source, line=first_line)
    rows: list[int | None] = []
    grid: list[str] = []
    for number, line in block[1:]:
        parts = line.split()
        if len(parts) != 2:
            raise BadInput(
                "a row is its clue and its cells, e.g. '2 .T..T'", source=source, line=number, column=1
            )
        rows.append(_parse_clue(parts[0], source, number, 1))
        cells = parts[1]
        start = line.index(cells, len(parts[0]))
        for offset, ch in enumerate(cells):
            if ch not in CELL_CHARS:
                raise BadInput(
                    f"unexpected character {shown(ch)} (use T . ^ x)",
                    source=source,
                    line=number,
                    column=start + offset + 1,
                )
        if len(cells) != len(cols):
            raise BadInput(
                f"row has {len(cells)} cells, expected {len(cols)} (one per column clue)",
                source=source,
                line=number,
                column=start + 1,
            )
        grid.append(cells)
    try:
        return make_instance(grid, rows, cols)
    except BadInput as error:
        raise error.located(source=source, line=first_line) from None


def parse_cells(data: Any, instance: TentsInstance, what: str) -> list[Cell]:
    """A list of [row, col] on the board (BadInput otherwise)."""
    if not isinstance(data, list):
        raise BadInput(f"'{what}' must be a list of [row, col]", path=(what,))
    cells = []
    for index, item in enumerate(data):
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in item)
        ):
            raise BadInput(f"{what}[{index}] must be [row, col], got {shown(item)}", path=(what, index))
        r, c = item
        if not (0 <= r < instance.height and 0 <= c < instance.width):
            raise BadInput(
                f"{what}[{index}] = [{r}, {c}] is off the {instance.width}x{instance.height} board",
                path=(what, index),
            )
        cells.append((r, c))
    return cells


def solution_from_json(instance: TentsInstance, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or "tents" not in data:
        raise BadInput('a tents solution is {"tents": [[row, col], ...]}', path=())
    cells = parse_cells(data["tents"], instance, "tents")
    return {"tents": [list(c) for c in sorted(set(cells))]}


def _index(cells: list[Any], r: int, c: int) -> int:
    """Where [r, c] first is in a list of cells read by `parse_cells`."""
    return next(i for i, cell in enumerate(cells) if tuple(cell) == (r, c))


def partial_from_json(instance: TentsInstance, data: Any) -> tuple[set[Cell], set[Cell]]:
    """(tents, empty cells) of a partial placement `{"tents": [...], "empty": [...]}`."""
    if data is None:
        return set(), set()
    if not isinstance(data, dict):
        raise BadInput(
            'a partial tents placement is {"tents": [[r, c], ...], "empty": [[r, c], ...]}', path=()
        )
    json_fields(data, "a partial placement", {"tents", "empty"})
    tents = set(parse_cells(data.get("tents", []), instance, "tents"))
    empty = set(parse_cells(data.get("empty", []), instance, "empty"))
    both = tents & empty
    if both:
        r, c = min(both)
        raise BadInput(
            f"[{r}, {c}] is marked both tent and empty", path=("empty", _index(data["empty"], r, c))
        )
    on_trees = (tents | empty) & instance.trees
    if on_trees:
        r, c = min(on_trees)
        what = "tents" if (r, c) in tents else "empty"
        raise BadInput(f"[{r}, {c}] is a tree", path=(what, _index(data[what], r, c)))
    return tents, empty
