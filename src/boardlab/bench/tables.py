"""The report's tables (Markdown): one row per case, or one row per instance and a column per series.

- An experiment with a `series` (strategy, encoding, backend, ...) gets one row per instance
  (the case's params without the series, and without params that only restate the series) and
  one column per series value: the median time and its ratio to the `reference` series' time
  on the same row (a † marks a reference measured by another run, after a resume); the
  geometric mean of the ratios ends the table. The value column flags complete answers that
  disagree, which would be a bug in one of the series.
- An experiment without one gets one row per case (params, status, value, time).
- Params equal in every case are said once above the table; params too long for a cell get
  no column. The baseline figures (Experiment.baseline_figures, by case id: the figures of the
  report the work started from) are shown beside ours,
  and the solver statistics named by Experiment.stats_columns beside the times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from boardlab.bench import format as fmt
from boardlab.bench.results import ANSWERED, ERROR, TIMEOUT, UNKNOWN

#: Statuses of a complete answer (feasible is a bound found under a time limit).
COMPLETE = ("solved", "optimal", "unsatisfiable")


@dataclass
class Meta:
    """What the report needs to know about an experiment (from the registry, else the records)."""

    key: str
    title: str
    description: str = ""
    x: str | None = None
    series: str | None = None
    reference: str | None = None
    baseline_figures: dict[str, Any] | None = None
    baseline_source: str | None = None
    value_label: str = "value"
    order: list[str] = field(default_factory=list)
    stats_columns: tuple[str, ...] = ()


def answered(record: dict[str, Any]) -> bool:
    """True when the run answered (a status of ANSWERED) with a measured time."""
    return record.get("status") in ANSWERED and fmt.seconds(record.get("seconds")) != "–"


#: A param whose values are longer than this (an instance given inline) gets no column.
LONG = 40


def _param_columns(records: list[dict[str, Any]], skip: str | None) -> tuple[list[str], dict[str, str]]:
    """The params worth a column, and the ones that are the same in every case (name -> value).

    Params that never change are said once above the table; params too long to show are left
    out (the case id names the instance).
    """
    columns: list[str] = []
    for record in records:
        for name in record.get("params", {}):
            if name != skip and name not in columns:
                columns.append(name)
    values = {name: {fmt.value(r.get("params", {}).get(name)) for r in records} for name in columns}
    fixed = {name: next(iter(v)) for name, v in values.items() if len(v) == 1 and len(records) > 1}
    shown = [name for name in columns if name not in fixed and all(len(v) <= LONG for v in values[name])]
    return shown, {name: value for name, value in fixed.items() if len(value) <= LONG}


def _all_params(records: list[dict[str, Any]]) -> list[str]:
    names: list[str] = []
    for record in records:
        names += [name for name in record.get("params", {}) if name not in names]
    return names


def _fixed_line(fixed: dict[str, str]) -> list[str]:
    if not fixed:
        return []
    return ["In every case: " + ", ".join(f"{name} = {value}" for name, value in fixed.items()) + ".", ""]


def _status_cell(record: dict[str, Any]) -> str:
    status = record.get("status", "?")
    if status == TIMEOUT:
        return f"timeout (> {fmt.seconds(record.get('time_limit'))} s)"
    if status == UNKNOWN:
        reason = (record.get("stats") or {}).get("reason")  # an experiment's own why, if it says
        return f"unknown ({reason or 'limit ' + fmt.seconds(record.get('time_limit')) + ' s'})"
    if status == ERROR:
        return "error"
    return str(status)


def _baseline_cell(meta: Meta, case_ids: list[tuple[str, str]]) -> str:
    """The baseline figures for these (label, case id) pairs."""
    if not meta.baseline_figures:
        return ""
    found = [
        (label, meta.baseline_figures[case_id])
        for label, case_id in case_ids
        if case_id in meta.baseline_figures
    ]
    if not found:
        return ""
    if len(found) == 1:
        return fmt.value(found[0][1])
    return "; ".join(f"{label}: {fmt.value(figure)}" for label, figure in found)


# ---- tables ------------------------------------------------------------------------------------
def plain_table(meta: Meta, records: list[dict[str, Any]]) -> str:
    columns, fixed = _param_columns(records, None)
    seeds = bool(meta.baseline_figures)
    stats = list(meta.stats_columns)
    headers = ["case", *columns, "status", meta.value_label, "seconds", *stats] + (
        ["baseline"] if seeds else []
    )
    rows = []
    for record in records:
        params = record.get("params", {})
        row = [
            record["case"],
            *[fmt.short(fmt.value(params.get(c))) for c in columns],
            _status_cell(record),
            fmt.value(record.get("value")),
            fmt.seconds(record.get("seconds")),
        ]
        row += [fmt.value((record.get("stats") or {}).get(name)) for name in stats]
        if seeds:
            row.append(_baseline_cell(meta, [("", record["case"])]))
        rows.append(row)
    return "\n".join(_fixed_line(fixed)) + fmt.table(headers, rows)


@dataclass
class Row:
    """One instance of a series experiment: its params (series left out) and a record per series."""

    params: dict[str, Any]
    cells: dict[str, dict[str, Any]] = field(default_factory=dict)


def _series_attributes(records: list[dict[str, Any]], series: str) -> set[str]:
    """Params that only restate the series (e.g. backend and encoding of a variant "sat/seqcounter").

    A param is such an attribute when it takes more than one value but a single value for each
    series value; it belongs to the series, not to the instance, and must not split the rows.
    """
    seen: dict[str, dict[str, set[str]]] = {}
    for record in records:
        params = record.get("params", {})
        name = fmt.value(params.get(series))
        for key, item in params.items():
            if key != series:
                seen.setdefault(key, {}).setdefault(name, set()).add(fmt.value(item))
    attributes = set()
    for key, by_series in seen.items():
        values = set().union(*by_series.values())
        if len(values) > 1 and all(len(v) == 1 for v in by_series.values()):
            attributes.add(key)
    return attributes


def group_rows(records: list[dict[str, Any]], series: str) -> tuple[list[Row], list[str]]:
    """One row per instance (params without the series and its attributes), and the series values."""
    rows: dict[str, Row] = {}
    names: list[str] = []
    attributes = _series_attributes(records, series)
    for record in records:
        params = {k: v for k, v in record.get("params", {}).items() if k not in attributes}
        name = fmt.value(params.pop(series, None))
        key = fmt.value(params)
        rows.setdefault(key, Row(params)).cells[name] = record
        if name not in names:
            names.append(name)
    return list(rows.values()), names


def row_label(row: Row, series: str) -> str:
    """A short name for a row: its case ids without the series value ("random-30x30"), when
    they agree; else its params."""
    labels = {
        re.sub(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", "", str(record["case"])).strip(" /-_:,;")
        for name, record in row.cells.items()
        if name
    }
    if len(labels) == 1 and all(labels):
        return labels.pop()
    if len(row.params) == 1:
        return fmt.value(next(iter(row.params.values())))
    return ", ".join(f"{key}={fmt.value(value)}" for key, value in row.params.items())


def _row_value(row: Row) -> str:
    """The row's value; a warning when complete answers disagree (a bug in one of the series).

    Complete answers (solved, optimal, unsatisfiable) must agree on satisfiability and value;
    feasible ones (a bound under a time limit) may differ and are listed.
    """
    complete = {name: record for name, record in row.cells.items() if record.get("status") in COMPLETE}
    answers = {
        name: ("unsatisfiable" if r["status"] == "unsatisfiable" else "yes", fmt.value(r.get("value")))
        for name, r in complete.items()
    }
    if len(set(answers.values())) > 1:
        return "⚠ differ: " + "; ".join(
            f"{name}: {value or complete[name]['status']}" for name, (_, value) in answers.items()
        )
    if answers:
        status, value = next(iter(answers.values()))
        return value or (status if status == "unsatisfiable" else "")
    values = {
        fmt.value(record.get("value")) for record in row.cells.values() if record.get("value") is not None
    }
    return "; ".join(sorted(values))


def _stats_text(record: dict[str, Any], names: tuple[str, ...]) -> str:
    stats = record.get("stats") or {}
    shown = [f"{name} {fmt.value(stats[name])}" for name in names if stats.get(name) is not None]
    return (" · " + ", ".join(shown)) if shown else ""


def _series_cell(
    record: dict[str, Any] | None, reference: dict[str, Any] | None
) -> tuple[str, float | None, bool]:
    """(cell text, ratio to the reference or None, reference from another run)."""
    if record is None:
        return "", None, False
    if not answered(record):
        return _status_cell(record), None, False
    text = fmt.seconds(record["seconds"])
    ratio = None
    other_run = False
    if reference is not None and answered(reference) and reference["seconds"] > 0:
        ratio = record["seconds"] / reference["seconds"]
        other_run = reference.get("run_id") != record.get("run_id")
        text += f" ({fmt.ratio(ratio)}{'†' if other_run else ''})"
    if record["status"] not in COMPLETE:  # feasible: a bound, not a proof
        text += f" {record['status']}"
    return text, ratio, other_run


def series_table(meta: Meta, records: list[dict[str, Any]]) -> tuple[str, bool]:
    """The pivot table, and whether a † (reference from another run) appears."""
    assert meta.series is not None
    rows, names = group_rows(records, meta.series)
    wanted = (
        fmt.value(meta.reference) if meta.reference is not None else None
    )  # series values are shown as text
    reference = wanted if wanted in names else None
    if reference is not None:
        names = [reference] + [n for n in names if n != reference]
    attributes = _series_attributes(records, meta.series)
    shown, fixed = _param_columns(records, meta.series)
    columns = [c for c in shown if c not in attributes]
    fixed = {k: v for k, v in fixed.items() if k not in attributes}
    # params too long for a column were left out: name the rows instead
    labelled = len(columns) < len(
        [c for c in _all_params(records) if c != meta.series and c not in attributes and c not in fixed]
    )
    seeds = bool(meta.baseline_figures)
    # the value column only where some run has a value (experiments may report in stats alone)
    valued = any(record.get("value") is not None for record in records)
    headers = (
        (["instance"] if labelled else [])
        + [*columns, *([meta.value_label] if valued else [])]
        + [f"{n} (reference)" if n == reference else n for n in names]
        + (["baseline"] if seeds else [])
    )
    ratios: dict[str, list[float]] = {n: [] for n in names}
    dagger = False
    lines = []
    for row in rows:
        ref = row.cells.get(reference) if reference else None
        line = (
            ([row_label(row, meta.series)] if labelled else [])
            + [fmt.short(fmt.value(row.params.get(c))) for c in columns]
            + ([_row_value(row)] if valued else [])
        )
        for name in names:
            text, ratio, other = _series_cell(row.cells.get(name), ref)
            if name in row.cells:
                text += _stats_text(row.cells[name], meta.stats_columns)
            dagger |= other
            if ratio is not None:
                ratios[name].append(ratio)
            line.append(text)
        if seeds:
            line.append(_baseline_cell(meta, [(n, r["case"]) for n, r in row.cells.items()]))
        lines.append(line)
    if reference is not None:
        means = [
            fmt.ratio(fmt.geometric_mean(ratios[n])) + f" over {len(ratios[n])}" if ratios[n] else "–"
            for n in names
        ]
        # the label fills the first column; the params' and value columns stay empty
        lines.append(
            ["**geometric mean ratio**"]
            + [""] * max(0, len(columns) + labelled + valued - 1)
            + means
            + ([""] if seeds else [])
        )
    return "\n".join(_fixed_line(fixed)) + fmt.table(headers, lines), dagger
