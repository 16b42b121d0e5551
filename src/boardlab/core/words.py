"""Plain English for messages and text output: counts with the right plural, durations."""

from __future__ import annotations


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
