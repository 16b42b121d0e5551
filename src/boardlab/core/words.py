"""Plain English for messages and text output: counts with the right plural, durations."""

from __future__ import annotations

import json
import math
from typing import Any


def plural(count: int, singular: str, many: str | None = None) -> str:
    """`count` and the noun, singular for exactly one: "1 tent", "2 tents", "0 tents";
    `many` for a plural not made by adding "s" ("1 queen of each colour")."""
    return f"{count} {singular if count == 1 else many or singular + 's'}"


def duration(seconds: float) -> str:
    """A (projected) time in words: "40 seconds", "3.2 hours", "12 days", "3,400 years"."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            value = seconds / size
            return f"{value:,.0f} {unit}" if value >= 10 else f"{value:.1f} {unit}"
    return f"{seconds:.0f} seconds"


#: Longest value `shown` writes whole; a longer one is cut, ending in "...".
SHOWN_LENGTH = 80


def shown(value: Any) -> str:
    """A value in a message as the user wrote it, never Python's spelling: JSON's (`null`,
    `true`, `[1, null]`, `{"a": 1}`, where `{value!r}` wrote `None`, `True`, `[1, None]`,
    `{'a': 1}`); a string in single quotes, as every message quotes a name (`'abc'`), or in
    JSON's double quotes with its escapes when it holds a single quote or a character that does
    not print (`"it's"`, `"\\u200b"`); cut to `SHOWN_LENGTH` characters. For values a request
    or a file gave: a JSON field, an option, a token of a text format."""
    if isinstance(value, str):
        plain = value.isprintable() and "'" not in value
        text = f"'{value}'" if plain else json.dumps(value, ensure_ascii=not value.isprintable())
    elif isinstance(value, float) and not math.isfinite(value):
        text = str(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (ValueError, TypeError):  # a circular structure or an odd key
            text = str(value)
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 3] + "..."
