"""Turning request fields into family instances and options, through the Family interface only.

An instance may be given as
- a JSON object: the family's instance JSON (also wrapped as `{"instance": {...}}`);
- an integer: a board size, for families that take one (`Family.takes_size`);
- a string: a board size, a game ID (`Family.from_argument`), the family's text format, or JSON
  text (object, list or JSON Lines holding exactly one puzzle).

Nothing here touches the file system: a string is never taken for a path (unlike the CLI).
Options are checked against `Family.options` for the verb: unknown names, wrong types, values
outside `choices` or `minimum`/`maximum` are bad input.
"""

from __future__ import annotations

import math
from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.family import Family
from boardlab.core.io import parse_document
from boardlab.core.options import Option

#: Where errors in a pasted text are said to be.
SOURCE = "input"


def options_for(family: Family, verbs: tuple[str, ...]) -> dict[str, Option]:
    """The family's options accepted by any of `verbs`, by name (never `local` ones: no files,
    processes or network of this machine are reachable through the API)."""
    return {o.name: o for o in family.options if any(v in o.verbs for v in verbs) and not o.local}


def check_options(family: Family, verbs: tuple[str, ...], given: dict[str, Any] | None) -> dict[str, Any]:
    """Validated options for `verbs`, with the declared defaults filled in (as the CLI does)."""
    allowed = options_for(family, verbs)
    given = dict(given or {})
    unknown = sorted(set(given) - set(allowed))
    if unknown:
        known = ", ".join(sorted(allowed)) or "none"
        raise BadInput(f"unknown option '{unknown[0]}' for {family.name} {'/'.join(verbs)} (known: {known})")
    options: dict[str, Any] = {}
    for name, option in allowed.items():
        value = given.get(name, option.default)
        options[name] = None if value is None else _coerce(option, value)
    return options


def _coerce(option: Option, value: Any) -> Any:
    kind = option.type
    name = option.name
    if kind is bool:
        if not isinstance(value, bool):
            raise BadInput(f"option '{name}' must be true or false, got {value!r}")
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise BadInput(f"option '{name}' must be an integer, got {value!r}")
    elif kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise BadInput(f"option '{name}' must be a number, got {value!r}")
        value = float(value)
    elif kind is str:
        if not isinstance(value, str):
            raise BadInput(f"option '{name}' must be a string, got {value!r}")
        if option.choices and value not in option.choices:
            raise BadInput(f"option '{name}' must be one of {', '.join(option.choices)}, got '{value}'")
    else:  # a type the web layer does not know: pass JSON scalars through
        if not isinstance(value, (str, int, float, bool)):
            raise BadInput(f"option '{name}' must be a single value")
        return value
    if option.minimum is not None and value < option.minimum:
        raise BadInput(f"option '{name}' must be at least {option.minimum:g}, got {value}")
    if option.maximum is not None and value > option.maximum:
        raise BadInput(f"option '{name}' must be at most {option.maximum:g}, got {value}")
    return value


def _size(text: str) -> int | None:
    stripped = text.strip()
    if stripped.lstrip("+-").isdigit() and len(stripped) < 20:
        return int(stripped)
    return None


def _from_size(family: Family, n: int, options: dict[str, Any]) -> Any:
    if not family.takes_size:
        raise BadInput(f"{family.name} takes a puzzle (text, game ID or JSON), not a board size")
    if n < 1:
        raise BadInput(f"the board size must be a positive integer, got {n}")
    return family.from_size(n, options)


def _from_object(family: Family, data: dict[str, Any]) -> Any:
    if "instance" in data and isinstance(data["instance"], dict):
        data = data["instance"]
    named = data.get("family", family.name)
    if named != family.name:
        raise BadInput(f"instance is for family '{named}', not '{family.name}'")
    return family.from_json(data)


def _from_text(family: Family, text: str, options: dict[str, Any]) -> Any:
    if not text.strip():
        raise BadInput("empty input: no puzzle found")
    if "\x00" in text:
        raise BadInput("not text (NUL character)")
    size = _size(text) if family.takes_size else None
    if size is not None:
        return _from_size(family, size, options)
    argument_error: BadInput | None = None
    stripped = text.strip()
    if "\n" not in stripped and stripped[0] not in "{[":
        try:
            direct = family.from_argument(stripped)
        except BadInput as error:  # maybe not a game ID after all: try the text format
            direct, argument_error = None, error
        if direct is not None:
            return direct
    records = parse_document(family, text, SOURCE)
    problems = [r for r in records if r.error is not None]
    if problems:
        raise argument_error or problems[0].error  # type: ignore[misc]
    if len(records) != 1:
        raise BadInput(f"expected one puzzle, found {len(records)}", source=SOURCE)
    return records[0].instance


def parse_instance(family: Family, value: Any, options: dict[str, Any]) -> Any:
    """The instance `value` describes, with the options applied (BadInput otherwise)."""
    if isinstance(value, bool) or value is None:
        raise BadInput("'instance' must be a JSON object, a text (text format, game ID or JSON) or a board size")
    if isinstance(value, int):
        instance = _from_size(family, value, options)
    elif isinstance(value, dict):
        instance = _from_object(family, value)
    elif isinstance(value, str):
        instance = _from_text(family, value, options)
    else:
        raise BadInput("'instance' must be a JSON object, a text (text format, game ID or JSON) or a board size")
    return family.apply_options(instance, options)
