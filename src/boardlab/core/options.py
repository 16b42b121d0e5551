"""Family-specific options, declared once and used by the CLI, the web API and benchmarks.

An `Option` also checks a value given for it (`Option.check`): the request pipeline
(`boardlab.core.requests.check_options`) runs every option of a command-line call or an API
request through it, so a choice list or a range is declared once and enforced in one place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.paths import check_output_path
from boardlab.core.words import shown

#: Verbs an option can belong to.
VERBS = ("solve", "count", "generate", "render", "check", "hint", "grade", "convert")


class BoardSize:
    """The type of every family's `--size` (the board size of `generate`): `N` for an N x N
    board in every family; `WxH` (W columns, H rows, as in Tatham's game IDs) too where the
    family allows boards that are not square (`Option.rectangular`). Given as an int or a
    string; `Option.check` returns N (an int) for a square-only family, "WxH" otherwise."""


def parse_board_size(
    value: Any,
    label: str = "--size",
    rectangular: bool = False,
    minimum: float | None = None,
    maximum: float | None = None,
) -> tuple[int, int]:
    """(width, height) of a board size written `N` or, if `rectangular`, `WxH` (BadInput
    otherwise, naming `label`); each side within [minimum, maximum]."""
    shape = "N or WxH (e.g. 10 or 12x8)" if rectangular else "a board size N (e.g. 8)"
    if isinstance(value, bool):
        raise BadInput(f"{label} must be {shape}, got {shown(value)}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        width = height = value
    elif isinstance(value, str):
        text = value.strip().lower()
        parts = text.split("x")
        if len(parts) > 2 or not all(p.isdigit() and len(p) < 9 for p in parts):
            raise BadInput(f"{label} must be {shape}, got {shown(value)}")
        if len(parts) == 2 and not rectangular:
            if parts[0] != parts[1]:
                raise BadInput(f"{label} must be {shape} (the board is square), got {shown(value)}")
        width, height = int(parts[0]), int(parts[-1])
    else:
        raise BadInput(f"{label} must be {shape}, got {shown(value)}")
    what = f"{label} must be" if width == height else f"{label}: each side must be"
    given = width if width == height else f"{width}x{height}"
    for side in (width, height):
        if minimum is not None and side < minimum:
            raise BadInput(f"{what} at least {minimum:g}, got {given}")
        if maximum is not None and side > maximum:
            raise BadInput(f"{what} at most {maximum:g}, got {given}")
    return width, height


@dataclass(frozen=True)
class Option:
    """One family option, e.g. `--target 100` for cnote.

    `name` is a Python identifier (the CLI spells it with dashes); `type` is one of int, float,
    str, bool, or `BoardSize` (with `rectangular` where the board need not be square);
    `choices` restricts a str option; `verbs` says where the option is accepted.
    A default of None means "not given" (the family decides). `local` marks an option that
    reaches this machine's files, processes or network (a path, a cluster address): the command
    line offers it, the web API never accepts it. `path` marks a str option that names a file
    this machine reads or writes: an empty name or a directory is bad input
    (`core.paths.check_output_path`), an empty one never taken for "not given".
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    verbs: tuple[str, ...] = ("solve", "count")
    minimum: float | None = None
    maximum: float | None = None
    local: bool = False
    rectangular: bool = False
    path: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def check(self, value: Any, label: str | None = None) -> Any:
        """`value` as this option's type, checked against `choices`, `minimum` and `maximum`
        (BadInput otherwise; None stays None). Numbers written as JSON (an integral float for
        an int) are converted; nothing else is guessed. `label` names the option in errors
        (default: "option 'name'"; the command line says its flag). A value is shown as JSON
        writes it (`core.words.shown`: `null`, `true`, `"text"`), never as Python does."""
        if value is None:
            return None
        label = label or f"option '{self.name}'"
        kind = self.type
        if kind is BoardSize:
            width, height = parse_board_size(value, label, self.rectangular, self.minimum, self.maximum)
            return f"{width}x{height}" if self.rectangular else width
        if kind is bool:
            if not isinstance(value, bool):
                raise BadInput(f"{label} must be true or false, got {shown(value)}")
            return value
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                else:
                    raise BadInput(f"{label} must be an integer, got {shown(value)}")
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise BadInput(f"{label} must be a number, got {shown(value)}")
            value = float(value)
        elif kind is str:
            if not isinstance(value, str):
                raise BadInput(f"{label} must be a string, got {shown(value)}")
            if self.choices and value not in self.choices:
                raise BadInput(f"{label} must be one of {', '.join(self.choices)}, got {shown(value)}")
            if self.path:
                check_output_path(value, label, dash=False)
        else:  # a type this module does not know: pass single JSON values through
            if not isinstance(value, (str, int, float, bool)):
                raise BadInput(f"{label} must be a single value")
            return value
        if self.minimum is not None and value < self.minimum:
            raise BadInput(f"{label} must be at least {self.minimum:g}, got {value}")
        if self.maximum is not None and value > self.maximum:
            raise BadInput(f"{label} must be at most {self.maximum:g}, got {value}")
        return value

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "flag": self.flag,
            "type": "size" if self.type is BoardSize else self.type.__name__,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices) if self.choices else None,
            "verbs": list(self.verbs),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "local": self.local,
        }
