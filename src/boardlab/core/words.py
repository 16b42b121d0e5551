"""Plain English for messages and text output: counts with the right plural."""

from __future__ import annotations


def plural(count: int, singular: str, many: str | None = None) -> str:
    """`count` and the noun, singular for exactly one: "1 tent", "2 tents", "0 tents";
    `many` for a plural not made by adding "s" ("1 queen of each colour")."""
    return f"{count} {singular if count == 1 else many or singular + 's'}"
