"""C-Note instances and their formats.

An instance is a rectangular grid of single digits (0-9) and a target sum for every row and
every column. Usually all targets are equal (Friedman's puzzles: 100), but each row and each
column may have its own; the row targets and the column targets must then add up to the same
total, otherwise the puzzle has no solution (an answer, not an input error).

Text format (one puzzle per block of lines; blocks are separated by blank lines):

    # Friedman's first example (31 solutions)
    target: 100
    8 8 4
    6 2 5
    3 6 1

One grid row per line, the digits separated by spaces; `#` starts a comment. Header lines,
all optional, before or between the grid rows: `target: N` (every row and column; default
100), `rows: N1 N2 ...` (a target per row) and `cols: N1 N2 ...` (a target per column), which
override `target` for their lines. A block holding only header lines applies to the next block
(after the last grid: bad input, never dropped), as if its lines were that block's: a header
that block gives again is given twice, bad input naming both lines (the header block's does not
give way to it, nor the other way round); blocks after that one are not affected.

JSON: `{"family": "cnote", "target": 100, "grid": [[8, 8, 4], [6, 2, 5], [3, 6, 1]]}`, with
optional `"rows": [...]` and `"cols": [...]` as in the text format. `to_json` writes `target`
when all targets are equal and `rows` / `cols` otherwise.

Solution JSON: `{"grid": [[18, 8, 74], [69, 26, 5], [13, 66, 21]]}`, the numbers written.
"""

from __future__ import annotations

import re
from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.family import Record
from boardlab.core.io import json_fields, lines
from boardlab.core.words import plural, shown
from boardlab.families.cnote.instance import (  # noqa: F401  (importable from io too)
    DEFAULT_TARGET,
    MAX_SIDE,
    MAX_TARGET,
    CNoteInstance,
    check_target,
    make_instance,
    with_target,
)


def from_json(data: Any) -> CNoteInstance:
    json_fields(
        data,
        "cnote instance",
        {"family", "target", "grid", "rows", "cols"},
        {"grid": "(a list of rows of digits)"},
    )
    target = data.get("target")
    if target is not None:
        check_target(target, path=("target",))
    return make_instance(data["grid"], target, data.get("rows"), data.get("cols"))


def to_json(instance: CNoteInstance) -> dict[str, Any]:
    data: dict[str, Any] = {"family": "cnote"}
    if instance.target is not None:
        data["target"] = instance.target
    data["grid"] = [list(row) for row in instance.grid]
    if instance.target is None:
        data["rows"] = list(instance.rows)
        data["cols"] = list(instance.cols)
    return data


def solution_from_json(instance: CNoteInstance, data: Any) -> dict[str, Any]:
    """`{"grid": [[n, ...], ...]}` with the instance's shape and integer entries."""
    if not isinstance(data, dict) or "grid" not in data:
        raise BadInput('a cnote solution is {"grid": [[n, ...], ...]}', path=())
    grid = data["grid"]
    if not isinstance(grid, list) or len(grid) != instance.height:
        raise BadInput(f"the solution grid must have {plural(instance.height, 'row')}", path=("grid",))
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != instance.width:
            raise BadInput(f"solution row {r} must have {plural(instance.width, 'number')}", path=("grid", r))
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadInput(
                    f"solution grid[{r}][{c}] must be an integer, got {shown(value)}", path=("grid", r, c)
                )
    return {"grid": [list(row) for row in grid]}


# ---- text --------------------------------------------------------------------------------------
def dump_text(instance: CNoteInstance) -> str:
    lines = []
    if instance.target is not None:
        lines.append(f"target: {instance.target}")
    else:
        lines.append("rows: " + " ".join(map(str, instance.rows)))
        lines.append("cols: " + " ".join(map(str, instance.cols)))
    lines.extend(" ".join(map(str, row)) for row in instance.grid)
    return "\n".join(lines) + "\n"


_HEADERS = ("target", "rows", "cols")


def parse_text(text: str, source: str) -> list[Record[CNoteInstance]]:
    """Puzzles in the text format (see the module docstring), one per block."""
    records: list[Record[CNoteInstance]] = []
    headers: dict[str, tuple[int, Any]] = {}
    carried: set[str] = set()  # the headers of a header-only block, applying to this block
    rows: list[tuple[int, list[int]]] = []
    first_line: int | None = None
    error: BadInput | None = None

    def close() -> None:
        nonlocal first_line, error
        if rows or error is not None:
            label = f"{source}:{first_line}"
            if error is not None:
                records.append(Record(label, error=error))
            else:
                try:
                    records.append(Record(label, instance=_build(rows, headers, source)))
                except BadInput as problem:
                    records.append(Record(label, error=problem))
            headers.clear()
            carried.clear()
            rows.clear()
            first_line = None
            error = None
        else:  # a block of header lines only: they apply to the next block
            carried.update(headers)

    for number, raw in enumerate(lines(text), 1):
        content = raw.split("#", 1)[0]
        if not content.strip():
            if not raw.strip():
                close()
            continue
        if first_line is None:
            first_line = number
        if error is not None:
            continue
        try:
            _parse_line(content, number, source, headers, rows, carried)
        except BadInput as problem:
            error = problem
    close()
    if not records:
        where = "only header lines, no grid" if headers else "no grid found"
        records.append(Record(source, error=BadInput(f"empty puzzle: {where}", source=source)))
    elif headers:  # header lines after the last grid: there is no next block for them
        line = min(number for number, _ in headers.values())
        names = ", ".join(f"{key}:" for key in headers)
        leftover = BadInput(f"header lines ({names}) with no grid after them", source=source, line=line)
        records.append(Record(f"{source}:{line}", error=leftover))
    return records


def _parse_line(
    content: str,
    number: int,
    source: str,
    headers: dict[str, tuple[int, Any]],
    rows: list[tuple[int, list[int]]],
    carried: set[str],
) -> None:
    stripped = content.strip()
    column = len(content) - len(content.lstrip()) + 1
    if ":" in stripped:
        key, _, value = stripped.partition(":")
        key = key.strip().lower()
        if key not in _HEADERS:
            raise BadInput(
                f"unknown header '{key}' (use target:, rows: or cols:)",
                source=source,
                line=number,
                column=column,
            )
        if key in carried:
            raise BadInput(
                f"'{key}:' given twice for one puzzle: the header block on line {headers[key][0]} "
                "applies to this block, which gives its own (a header block applies to the next "
                "block only; keep one of the two)",
                source=source,
                line=number,
                column=column,
            )
        if key in headers:
            raise BadInput(
                f"'{key}:' given twice (also on line {headers[key][0]})",
                source=source,
                line=number,
                column=column,
            )
        numbers = _integers(value, content, number, source)
        if key == "target":
            if len(numbers) != 1:
                raise BadInput("'target:' takes one number", source=source, line=number, column=column)
            headers[key] = (number, numbers[0])
        else:
            headers[key] = (number, numbers)
        return
    digits: list[int] = []
    for token, start in _tokens(content):
        if not (len(token) == 1 and token.isdigit() and token.isascii()):
            several = token.isascii() and token.isdigit()
            what = "a single digit (separate digits with spaces)" if several else "a single digit 0-9"
            raise BadInput(f"cell {shown(token)} is not {what}", source=source, line=number, column=start + 1)
        digits.append(int(token))
    if rows and len(digits) != len(rows[0][1]):
        raise BadInput(
            f"row has {len(digits)} digits, the first row has {len(rows[0][1])} (the grid must be rectangular)",
            source=source,
            line=number,
            column=column,
        )
    rows.append((number, digits))


def _tokens(content: str) -> list[tuple[str, int]]:
    """The words of `content` and where each starts (separated by any white space: spaces,
    tabs, a form feed)."""
    return [(found.group(), found.start()) for found in re.finditer(r"\S+", content)]


def _integers(value: str, content: str, number: int, source: str) -> list[int]:
    offset = content.index(":") + 1
    found = []
    for token, start in _tokens(value):
        if not (token.isascii() and token.isdigit()):
            raise BadInput(
                f"target {shown(token)} is not a positive integer",
                source=source,
                line=number,
                column=offset + start + 1,
            )
        try:
            found.append(check_target(int(token)))
        except BadInput as problem:
            raise BadInput(problem.message, source=source, line=number, column=offset + start + 1) from None
    if not found:
        raise BadInput("header without a number", source=source, line=number, column=offset + 1)
    return found


def _build(
    rows: list[tuple[int, list[int]]], headers: dict[str, tuple[int, Any]], source: str
) -> CNoteInstance:
    if not rows:
        raise BadInput("no grid rows", source=source)
    target = headers["target"][1] if "target" in headers else None
    row_targets = headers["rows"][1] if "rows" in headers else None
    col_targets = headers["cols"][1] if "cols" in headers else None
    try:
        return make_instance([digits for _, digits in rows], target, row_targets, col_targets)
    except BadInput as problem:
        line = None
        for key in ("rows", "cols"):
            if f"'{key}'" in problem.message and key in headers:
                line = headers[key][0]
        raise BadInput(
            problem.message, source=source, line=line if line is not None else rows[0][0]
        ) from None
