"""`boardlab bench --compare A.jsonl B.jsonl`: a table of time ratios between two results files.

Made for checking a change for speed regressions: run the benchmark before and after (same
machine), then compare. Cases are matched by experiment and case id (the last line of each wins);
the ratio is B's median time over A's, so above 1 means B is slower. Ratios are only taken when
both runs answered; each experiment and the whole file get the geometric mean of their ratios.
A case whose answer (value) differs between A and B is flagged (and the command exits with 1):
a change that makes things faster by making them wrong is not a speed-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardlab.bench import environment
from boardlab.bench import format as fmt
from boardlab.bench.results import ANSWERED, read_records


def _matches(key: str, only: tuple[str, ...]) -> bool:
    if not only:
        return True
    family = key.split("/", 1)[0]
    return any(selector in (key, family) for selector in only)


def _index(records: list[dict[str, Any]], only: tuple[str, ...]) -> dict[tuple[str, str], dict[str, Any]]:
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for record in records:
        if _matches(str(record["experiment"]), only):
            found[(str(record["experiment"]), str(record["case"]))] = record
    return found


def _answered(record: dict[str, Any]) -> bool:
    seconds = record.get("seconds")
    return record.get("status") in ANSWERED and isinstance(seconds, (int, float)) and seconds > 0


def _describe(label: str, path: Path, records: list[dict[str, Any]]) -> str:
    machines = {environment.describe_machine(r.get("machine") or {}) for r in records}
    boardlab = {str((r.get("versions") or {}).get("boardlab")) for r in records}
    runs = {r.get("run_id") for r in records}
    versions = ", ".join(sorted(boardlab))
    return (
        f"- {label}: `{path}`: {len(records)} lines, {len(runs)} run(s), boardlab {versions}; "
        f"machine {'; '.join(sorted(machines))}"
    )


def compare(a: str | Path, b: str | Path, only: tuple[str, ...] = ()) -> tuple[str, int]:
    """The comparison of results files `a` and `b` as Markdown, and the number of cases answered
    differently (BadInput for unreadable files)."""
    a, b = Path(a), Path(b)
    records_a, records_b = read_records(a), read_records(b)
    index_a, index_b = _index(records_a, only), _index(records_b, only)
    common = [key for key in index_a if key in index_b]
    lines = [
        "# boardlab bench: comparison",
        "",
        _describe("A", a, records_a),
        _describe("B", b, records_b),
        "",
    ]
    lines.append("B/A is B's median time over A's: above 1 means B is slower.")
    lines.append("")
    rows: list[list[Any]] = []
    by_experiment: dict[str, list[float]] = {}
    everything: list[float] = []
    differing = 0
    for key in common:
        first, second = index_a[key], index_b[key]
        ratio = None
        if _answered(first) and _answered(second):
            ratio = second["seconds"] / first["seconds"]
            by_experiment.setdefault(key[0], []).append(ratio)
            everything.append(ratio)
        note = ""
        both = first.get("status") in ANSWERED and second.get("status") in ANSWERED
        if both and fmt.value(first.get("value")) != fmt.value(second.get("value")):
            note = f"⚠ value {fmt.value(first.get('value'))} → {fmt.value(second.get('value'))}"
            differing += 1
        status = (
            first.get("status")
            if first.get("status") == second.get("status")
            else f"{first.get('status')} → {second.get('status')}"
        )
        rows.append(
            [
                key[0],
                key[1],
                fmt.seconds(first.get("seconds")),
                fmt.seconds(second.get("seconds")),
                fmt.ratio(ratio),
                status,
                note,
            ]
        )
    if rows:
        lines.append(fmt.table(["experiment", "case", "A s", "B s", "B/A", "status", "note"], rows))
        lines.append("")
        summary = [
            [name, str(len(values)), fmt.ratio(fmt.geometric_mean(values))]
            for name, values in sorted(by_experiment.items())
        ]
        summary.append(["**all**", str(len(everything)), fmt.ratio(fmt.geometric_mean(everything))])
        lines.append(fmt.table(["experiment", "ratios", "geometric mean B/A"], summary))
        lines.append("")
    else:
        lines += ["No case is in both files.", ""]
    only_a = len([k for k in index_a if k not in index_b])
    only_b = len([k for k in index_b if k not in index_a])
    if only_a or only_b:
        lines.append(f"Cases in one file only: {only_a} in A, {only_b} in B.")
    if differing:
        lines.append(f"⚠ {differing} case(s) answered differently in A and B.")
    return "\n".join(lines).rstrip() + "\n", differing
