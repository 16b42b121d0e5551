"""The benchmark report: `DIR/report.md`, one section per experiment, with PNG plots in `DIR/plots/`.

The report is written from the results file alone (plus the registered experiments' titles,
descriptions, baseline figures and options when they are registered), so it can be rewritten at any
time and holds everything the file holds for the mode (quick or full), not only the last run.

A section has the experiment's table (`tables.py`), its errors, then its plots (`plots.py`):
time against `x` (log scale), a cactus plot when there are series, per-case bars.
"""

from __future__ import annotations

import datetime
import importlib.util
import re
from pathlib import Path
from typing import Any

from boardlab.bench import environment
from boardlab.bench import format as fmt
from boardlab.bench.experiment import Experiment, experiments
from boardlab.bench.results import TIMEOUT, latest
from boardlab.bench.tables import Meta, answered, group_rows, plain_table, row_label, series_table

REPORT_NAME = "report.md"
PLOTS_DIR = "plots"
#: More cases than this get no bar chart (it would be unreadable); the table has them all.
MAX_BARS = 80


def _meta(key: str, records: list[dict[str, Any]], registered: dict[str, Experiment], quick: bool) -> Meta:
    experiment = registered.get(key)
    if experiment is None:
        first = records[0]
        return Meta(
            key,
            key,
            "(not registered any more: shown from the results file)",
            first.get("x"),
            first.get("series"),
            first.get("reference"),
        )
    try:
        order = [case.id for case in experiment.cases(quick)]
    except Exception:  # listing failed in the run too, where it was reported
        order = []
    return Meta(
        key,
        experiment.title,
        experiment.description,
        experiment.x,
        experiment.series,
        experiment.reference,
        experiment.baseline_figures,
        experiment.baseline_source,
        experiment.value_label,
        order,
        tuple(getattr(experiment, "stats_columns", ())),
    )


def _bar(record: dict[str, Any]) -> tuple[float, bool] | None:
    """One bar: the time to draw and whether the run answered (None: nothing to draw)."""
    seconds = _plotted_time(record)
    return None if seconds is None else (seconds, answered(record))


def _plotted_time(record: dict[str, Any]) -> float | None:
    """The time to draw: the median when measured, else the limit it ran into."""
    if fmt.seconds(record.get("seconds")) != "–":
        return float(record["seconds"])
    if record.get("status") == TIMEOUT and record.get("time_limit"):
        return float(record["time_limit"])
    return None


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()


def _sorted(records: list[dict[str, Any]], meta: Meta) -> list[dict[str, Any]]:
    """Records in the order the experiment lists its cases (unknown ids last, by file order)."""
    rank = {case_id: index for index, case_id in enumerate(meta.order)}
    return sorted(records, key=lambda r: rank.get(r["case"], len(rank)))


# ---- plots -------------------------------------------------------------------------------------
def _label(record: dict[str, Any], series: str | None) -> str:
    if series is None:
        return "time"
    return fmt.value(record.get("params", {}).get(series))


def _plots(meta: Meta, records: list[dict[str, Any]], out: Path) -> list[tuple[str, str]]:
    """Draw the experiment's plots; (caption, path relative to the report) for each."""
    try:
        from boardlab.bench import plots
    except ImportError:  # matplotlib is an extra: the tables are still worth having
        return []

    drawn: list[tuple[str, str]] = []
    stem = _slug(meta.key)
    timed = [r for r in records if _plotted_time(r) is not None]
    if not timed:
        return drawn
    if meta.x and any(meta.x in r.get("params", {}) for r in timed):
        groups: dict[str, list[plots.Point]] = {}
        for record in timed:
            bar = _bar(record)
            if meta.x in record.get("params", {}) and bar is not None:
                groups.setdefault(_label(record, meta.series), []).append((record["params"][meta.x], *bar))
        path = f"{PLOTS_DIR}/{stem}-time.png"
        plots.time_vs_x(f"{meta.key}: time against {meta.x}", meta.x, groups, out / path)
        drawn.append((f"time against {meta.x} (log scale)", path))
    if meta.series:
        rows, names = group_rows(records, meta.series)
        solved = {
            name: [r["seconds"] for row in rows for n, r in row.cells.items() if n == name and answered(r)]
            for name in names
        }
        path = f"{PLOTS_DIR}/{stem}-cactus.png"
        plots.cactus(f"{meta.key}: cactus plot by {meta.series}", solved, len(rows), out / path)
        drawn.append((f"cactus plot by {meta.series}", path))
        labels = [fmt.short(row_label(row, meta.series), 24) for row in rows]
        bar_groups = {
            name: [_bar(row.cells[name]) if name in row.cells else None for row in rows] for name in names
        }
    else:
        labels = [fmt.short(r["case"], 24) for r in records]
        bar_groups = {"time": [_bar(r) for r in records]}
    if len(labels) <= MAX_BARS:
        path = f"{PLOTS_DIR}/{stem}-bars.png"
        plots.bars(f"{meta.key}: time per case", labels, bar_groups, out / path)
        drawn.append(("time per case", path))
    return drawn


# ---- the report --------------------------------------------------------------------------------
def _distinct(records: list[dict[str, Any]], name: str) -> list[Any]:
    seen: list[Any] = []
    for record in records:
        item = record.get(name)
        if item not in seen:
            seen.append(item)
    return seen


def _header(
    records: list[dict[str, Any]], quick: bool, source: Path, command: str | None, notes: list[str]
) -> list[str]:
    limits = (
        ", ".join(f"{fmt.seconds(v)} s" for v in _distinct(records, "time_limit") if v is not None) or "none"
    )
    repeats = ", ".join(str(v) for v in _distinct(records, "repeat"))
    statuses: dict[str, int] = {}
    for record in records:
        statuses[record.get("status", "?")] = statuses.get(record.get("status", "?"), 0) + 1
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# boardlab benchmark report",
        "",
        f"- Mode: {'quick' if quick else 'full'}" + (f" (`{command}`)" if command else ""),
        f"- Written {now} from `{source.name}`: {len(records)} runs"
        + (
            " (" + ", ".join(f"{status} {count}" for status, count in sorted(statuses.items())) + ")"
            if records
            else ""
        ),
    ]
    if records:
        lines.append(
            f"- Per-case time limit: {limits}; seconds are the median of {repeats} repeat(s); seed(s) "
            + ", ".join(str(s) for s in _distinct(records, "seed"))
        )
    for info in _distinct(records, "machine"):
        lines.append(f"- Machine: {environment.describe_machine(info or {})}")
    for found in _distinct(records, "versions"):
        lines.append(f"- Versions: {environment.describe_versions(found or {})}")
    lines += [f"- Note: {note}" for note in notes]
    lines += [
        "",
        "Times are what each experiment measured (the solve; set-up is excluded where the experiment "
        "says so). A ratio is a time divided by the reference series' time on the same instance, "
        "measured in the same run: above 1 is slower than the reference. Compare ratios, not raw "
        "times, between machines.",
        "",
    ]
    return lines


def write(
    out: Path,
    records: list[dict[str, Any]],
    *,
    quick: bool,
    source: Path,
    command: str | None = None,
    notes: list[str] | None = None,
) -> Path:
    """Write `out/report.md` (and `out/plots/*.png`) from the records of mode `quick`; its path."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    chosen = [r for r in latest(records).values() if bool(r.get("quick")) == quick]
    registered = {e.key: e for e in experiments()}
    by_key: dict[str, list[dict[str, Any]]] = {}
    for record in chosen:
        by_key.setdefault(record["experiment"], []).append(record)
    notes = list(notes or [])
    if importlib.util.find_spec("matplotlib") is None:
        notes.append("no plots: matplotlib is not installed (pip install matplotlib)")
    lines = _header(chosen, quick, source, command, notes)
    if not by_key:
        lines.append("No results yet: no experiment was run in this mode.")
    else:
        lines.append("## Experiments")
        lines.append("")
        for key in sorted(by_key):
            lines.append(f"- [{key}](#{_slug(key)}): {registered[key].title if key in registered else ''}")
        lines.append("")
    for key in sorted(by_key):
        meta = _meta(key, by_key[key], registered, quick)
        group = _sorted(by_key[key], meta)
        lines += [f'<a id="{_slug(key)}"></a>', "", f"## {key}: {meta.title}", ""]
        if meta.description:
            lines += [meta.description, ""]
        if meta.series:
            text, dagger = series_table(meta, group)
            reference = f"; reference: {meta.reference}" if meta.reference else ""
            lines += [
                f"Series: {meta.series}{reference}. Cells: median seconds (ratio to the reference).",
                "",
                text,
                "",
            ]
            if dagger:
                lines += ["† the reference was measured by another run of this results file (resumed).", ""]
        else:
            lines += [plain_table(meta, group), ""]
        if meta.baseline_figures:
            lines += [
                f"Baseline figures (column `baseline`): {meta.baseline_source or 'the starting report'}. They were measured "
                "on other hardware with other software: compare their trend, not their values.",
                "",
            ]
        errors = [r for r in group if r.get("error")]
        for record in errors:
            lines.append(f"- `{record['case']}`: {fmt.cell(record['error'])}")
        if errors:
            lines.append("")
        for caption, path in _plots(meta, group, out):
            lines += [f"![{key}: {caption}]({path})", ""]
    target = out / REPORT_NAME
    target.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")
    return target
