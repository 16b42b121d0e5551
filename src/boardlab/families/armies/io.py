"""Peaceable armies instances and their formats.

An instance is a board size `n` and, optionally, the army size `m`: with m, "place m white and
m black queens" (or prove it impossible); without m, "find the largest m".

Text format: one instance per line, `N` or `N M` (`#` starts a comment), e.g. `8 9`.
JSON: `{"family": "armies", "n": 8, "m": 9}` (`m` may be omitted or null).
Solution JSON: `{"white": [[r, c], ...], "black": [[r, c], ...]}`, 0-based, row 0 at the top.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.family import Record
from boardlab.core.io import json_fields, lines
from boardlab.core.words import shown
from boardlab.families.armies.instance import (
    MAX_N,  # noqa: F401  (importable from io too)
    ArmiesInstance,
    make_instance,
)


def from_json(data: Any) -> ArmiesInstance:
    json_fields(data, "armies instance", {"family", "n", "m"}, {"n": ""})
    return make_instance(data["n"], data.get("m"))


def to_json(instance: ArmiesInstance) -> dict[str, Any]:
    return {"family": "armies", "n": instance.n, "m": instance.m}


def dump_text(instance: ArmiesInstance) -> str:
    return f"{instance.n}\n" if instance.m is None else f"{instance.n} {instance.m}\n"


def parse_text(text: str, source: str) -> list[Record[ArmiesInstance]]:
    """One instance per line: `N` or `N M`."""
    records: list[Record[ArmiesInstance]] = []
    for number, raw in enumerate(lines(text), 1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        label = f"{source}:{number}"
        try:
            records.append(Record(label, instance=_parse_line(line, source, number)))
        except BadInput as error:
            records.append(Record(label, error=error))
    if not records:
        records.append(
            Record(source, error=BadInput("no instance found (expected a line 'N' or 'N M')", source=source))
        )
    return records


def _parse_line(line: str, source: str, number: int) -> ArmiesInstance:
    fields: list[tuple[int, str]] = []
    column = 0
    for part in line.split():
        column = line.index(part, column)
        fields.append((column + 1, part))
        column += len(part)
    if len(fields) > 2:
        raise BadInput("expected 'N' or 'N M'", source=source, line=number, column=fields[2][0])
    values = []
    for col, part in fields:
        if not part.lstrip("+-").isdigit():
            raise BadInput(f"not an integer: {shown(part)}", source=source, line=number, column=col)
        values.append(int(part))
    try:
        return make_instance(values[0], values[1] if len(values) > 1 else None)
    except BadInput as error:
        raise BadInput(
            error.message, source=source, line=number, column=fields[0][0] if values[0] < 1 else fields[-1][0]
        ) from None


def solution_from_json(instance: ArmiesInstance, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or "white" not in data or "black" not in data:
        raise BadInput('an armies solution is {"white": [[r, c], ...], "black": [[r, c], ...]}', path=())
    result = {}
    for colour in ("white", "black"):
        squares = data[colour]
        if not isinstance(squares, list):
            raise BadInput(f"'{colour}' must be a list of [row, col]", path=(colour,))
        for index, square in enumerate(squares):
            if (
                not isinstance(square, list)
                or len(square) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in square)
            ):
                raise BadInput(
                    f"{colour}[{index}] must be [row, col], got {shown(square)}", path=(colour, index)
                )
        result[colour] = [list(square) for square in squares]
    return result


def decode(n: int, white: list[int], black: list[int], m: int | None) -> dict[str, Any]:
    """Solution JSON from occupied squares (0 .. n^2 - 1, row-major), keeping the first m of each
    colour (all if None). Every backend answers through it (plain Python: the engine's answers
    import no solver)."""
    if m is None:
        m = min(len(white), len(black))
    white, black = sorted(white)[:m], sorted(black)[:m]
    return {"white": [[s // n, s % n] for s in white], "black": [[s // n, s % n] for s in black]}
