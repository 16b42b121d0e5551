"""Small formatting helpers shared by the report and the comparison (Markdown tables, numbers)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any


def seconds(value: Any) -> str:
    """Seconds with three significant digits: "0.0123", "4.56", "123"."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        return "–"
    if value == 0:
        return "0"
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.3g}"


def ratio(value: float | None) -> str:
    """A time ratio to about three significant digits: "1.00×", "0.250×", "0.0167×", "13.4×"."""
    if value is None or not math.isfinite(value):
        return "–"
    if value >= 100:
        return f"{value:.0f}×"
    if value >= 10:
        return f"{value:.1f}×"
    if value >= 1:
        return f"{value:.2f}×"
    if value >= 0.1:
        return f"{value:.3f}×"
    return f"{value:.3g}×"


def value(item: Any) -> str:
    """Any figure (a count, a bound, a dict of seed figures) as a short cell."""
    if item is None:
        return ""
    if isinstance(item, float):
        return f"{item:.4g}"
    if isinstance(item, (dict, list)):
        return json.dumps(item, separators=(", ", ": "))
    return str(item)


def short(text: str, width: int = 40) -> str:
    """`text` cut to `width` characters (an instance given inline in params would fill the table)."""
    return text if len(text) <= width else text[: width - 1] + "…"


def cell(text: Any) -> str:
    """Text safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(headers: list[str], rows: Iterable[list[Any]]) -> str:
    """A GitHub-flavoured Markdown table."""
    lines = [
        "| " + " | ".join(cell(h) for h in headers) + " |",
        "|" + "|".join(" --- " for _ in headers) + "|",
    ]
    for row in rows:
        lines.append("| " + " | ".join(cell(c) for c in row) + " |")
    return "\n".join(lines)


def geometric_mean(values: list[float]) -> float | None:
    """The geometric mean of positive ratios (None for none): the fair average of ratios."""
    positive = [v for v in values if v > 0 and math.isfinite(v)]
    if not positive:
        return None
    return math.exp(sum(math.log(v) for v in positive) / len(positive))
