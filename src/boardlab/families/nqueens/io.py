"""N-Queens instances and their formats.

An instance is a board size `n` and optionally some queens already placed (`fixed`, as
`(row, col)` pairs): with fixed queens it is an N-Queens completion puzzle, the kind
`nqueens generate` makes.

Text format: one line per row, `Q` a fixed queen, `.` an empty square, `#` starts a comment.
Several boards in one file are separated by blank lines.
JSON: `{"family": "nqueens", "n": 8, "fixed": [[row, col], ...]}` (`fixed` may be omitted).
Solution JSON: `{"queens": [c0, c1, ...]}`, the column of the queen of each row; for huge boards
(`solve --queens-out FILE`) `{"queens_file": FILE}`, a text file with one column per line.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.family import Record
from boardlab.core.io import json_fields, parse_blocks
from boardlab.core.words import shown
from boardlab.families.nqueens.instance import (
    MAX_N,  # noqa: F401  (importable from io too)
    QueensInstance,
    check_size,
    make_instance,
)


def from_json(data: Any) -> QueensInstance:
    json_fields(data, "nqueens instance", {"family", "n", "fixed"}, {"n": ""})
    fixed = data.get("fixed") or []
    if not isinstance(fixed, list):
        raise BadInput("'fixed' must be a list of [row, col]", path=("fixed",))
    return make_instance(check_size(data["n"], path=("n",)), fixed)


def to_json(instance: QueensInstance) -> dict[str, Any]:
    data: dict[str, Any] = {"family": "nqueens", "n": instance.n}
    if instance.fixed:
        data["fixed"] = [list(square) for square in instance.fixed]
    return data


def dump_text(instance: QueensInstance) -> str:
    fixed = set(instance.fixed)
    rows = ("".join("Q" if (r, c) in fixed else "." for c in range(instance.n)) for r in range(instance.n))
    return "\n".join(rows) + "\n"


def parse_text(text: str, source: str) -> list[Record[QueensInstance]]:
    """Boards of `Q` and `.`, separated by blank lines."""
    return parse_blocks(text, source, _parse_board)


def _parse_board(block: list[tuple[int, str]], source: str) -> QueensInstance:
    n = len(block)
    fixed = []
    for row, (number, content) in enumerate(block):
        line = content.strip()
        if len(line) != n:
            raise BadInput(
                f"row has {len(line)} squares, expected {n} (the board must be square)",
                source=source,
                line=number,
                column=1,
            )
        for col, char in enumerate(line):
            if char in "Qq":
                fixed.append((row, col))
            elif char != ".":
                raise BadInput(
                    f"unexpected character {shown(char)} (use 'Q' or '.')",
                    source=source,
                    line=number,
                    column=col + 1,
                )
    return make_instance(n, fixed)


def solution_from_json(instance: QueensInstance, data: Any) -> dict[str, Any]:
    if isinstance(data, dict) and set(data) == {"queens_file"} and isinstance(data["queens_file"], str):
        return {"queens_file": data["queens_file"]}
    if not isinstance(data, dict) or "queens" not in data:
        raise BadInput(
            'an nqueens solution is {"queens": [c0, c1, ...]} (or {"queens_file": PATH} for huge boards)',
            path=(),
        )
    queens = data["queens"]
    if not isinstance(queens, list):
        raise BadInput("'queens' must be a list of column numbers", path=("queens",))
    for row, col in enumerate(queens):
        if isinstance(col, bool) or not isinstance(col, int):
            raise BadInput(
                f"'queens' must be a list of column numbers, got {shown(col)} in row {row}",
                path=("queens", row),
            )
    return {"queens": list(queens)}
