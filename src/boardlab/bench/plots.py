"""PNG plots for the benchmark report (matplotlib, Agg backend: no display needed).

Three kinds:
- time against x (board size, target, ...) on a log time axis, one line per series;
- cactus plots for series comparisons (strategies, encodings, backends): for each series, its
  answered cases sorted by time; the curve that is lower and reaches further right is better
  (the usual way SAT competitions compare solvers);
- per-case bars (grouped by series), log scale when the times span more than two decades.

Runs that did not answer (time limit, timeout, error) are drawn as crosses at the time they
took, never as answers.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)
from matplotlib.ticker import MaxNLocator  # noqa: E402

#: Smallest time drawn on a log axis (a 0 s measurement would not show).
FLOOR = 1e-6

Point = tuple[Any, float, bool]  # (x, seconds, answered)


def _floor(seconds: float) -> float:
    return max(FLOOR, seconds)


def _numeric(values: list[Any]) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _save(figure: Any, path: Path, bottom: float = 0.12) -> None:
    """Write the PNG. Fixed margins, not tight_layout: that measures every tick label and
    costs more than drawing the plot."""
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.subplots_adjust(left=0.12, right=0.97, top=0.91, bottom=bottom)
    figure.savefig(path, dpi=100)
    plt.close(figure)


def time_vs_x(title: str, xlabel: str, groups: dict[str, list[Point]], path: Path) -> None:
    """Time against x, log time axis; one line per series (label -> points)."""
    figure, axes = plt.subplots(figsize=(7, 4.5))
    xs = sorted({point[0] for points in groups.values() for point in points}, key=lambda v: (str(type(v)), v))
    numeric = _numeric(xs)
    position = {value: value if numeric else index for index, value in enumerate(xs)}
    for label, points in groups.items():
        points = sorted(points, key=lambda p: (str(type(p[0])), p[0]))
        answered = [(position[x], _floor(s)) for x, s, ok in points if ok]
        missed = [(position[x], _floor(s)) for x, s, ok in points if not ok]
        line = axes.plot([p[0] for p in answered], [p[1] for p in answered], marker="o", label=label)
        colour = line[0].get_color()
        if missed:
            axes.plot(
                [p[0] for p in missed],
                [p[1] for p in missed],
                linestyle="none",
                marker="x",
                markersize=9,
                color=colour,
            )
    axes.set_yscale("log")
    axes.set_xlabel(xlabel)
    axes.set_ylabel("seconds (median; x: no answer)")
    bottom = 0.12
    if not numeric:
        axes.set_xticks(range(len(xs)), [str(v) for v in xs], rotation=30, ha="right")
        bottom = 0.25
    elif all(isinstance(v, int) for v in xs):
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_title(title)
    axes.grid(True, which="both", alpha=0.3)
    if len(groups) > 1:
        axes.legend(fontsize="small")
    _save(figure, path, bottom)


def cactus(title: str, groups: dict[str, list[float]], total: int, path: Path) -> None:
    """Cactus plot: for each series, the times of its answered cases in increasing order."""
    figure, axes = plt.subplots(figsize=(7, 4.5))
    for label, times in groups.items():
        ordered = sorted(_floor(t) for t in times)
        axes.plot(
            range(1, len(ordered) + 1),
            ordered,
            marker="o",
            markersize=3,
            label=f"{label} ({len(ordered)}/{total})",
        )
    axes.set_yscale("log")
    axes.set_xlabel("cases answered")
    axes.set_ylabel("seconds per case, sorted")
    axes.set_xlim(0, max(total, 1) + 0.5)
    axes.set_title(title)
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize="small")
    _save(figure, path)


def bars(
    title: str, cases: list[str], groups: dict[str, list[tuple[float, bool] | None]], path: Path
) -> None:
    """Per-case bars: one group of bars per case, one bar per series (hatched: no answer)."""
    width_inches = min(16.0, max(6.0, 0.45 * len(cases) * max(1, len(groups)) + 2))
    figure, axes = plt.subplots(figsize=(width_inches, 4.8))
    count = max(1, len(groups))
    width = 0.8 / count
    times = [t for values in groups.values() for v in values if v is not None for t in [v[0]]]
    spread = (max(times) / max(min(times), FLOOR)) if times else 1.0
    for index, (label, values) in enumerate(groups.items()):
        xs, heights, hatches = [], [], []
        for position, value in enumerate(values):
            if value is None:
                continue
            xs.append(position + (index - (count - 1) / 2) * width)
            heights.append(_floor(value[0]))
            hatches.append("" if value[1] else "//")
        drawn = axes.bar(xs, heights, width=width, label=label)
        for patch, hatch in zip(drawn, hatches):
            patch.set_hatch(hatch)
    if spread > 100:
        axes.set_yscale("log")
    slanted = len(cases) > 4 or max((len(c) for c in cases), default=0) > 12
    axes.set_xticks(
        range(len(cases)),
        cases,
        rotation=40 if slanted else 0,
        ha="right" if slanted else "center",
        fontsize="small",
    )
    axes.set_ylabel("seconds (median; hatched: no answer)")
    axes.set_title(title)
    axes.grid(True, axis="y", which="both", alpha=0.3)
    if len(groups) > 1:
        axes.legend(fontsize="small")
    longest = max((len(c) for c in cases), default=0)
    _save(figure, path, min(0.4, 0.1 + 0.009 * longest) if slanted else 0.12)


def finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
