"""The results file: one JSON object per finished run, appended as soon as the run ends.

A line is written (and flushed to disk) the moment a case has finished all its repeats, so an
interrupted or killed benchmark keeps everything it finished, and a rerun skips it (resume).
A line cut short by a kill in mid-write is dropped when the file is next opened for appending.

A line holds (see `make_record`): `experiment` ("family/name"), `family`, `name`, `case` (the
case id), `params`, `status`, `seconds` (median of the repeats' measured seconds), `times` (each
repeat), `wall` (median wall-clock seconds of a repeat, set-up included), `repeat` (the number of
repeats asked), `value`, `stats`, `error`, `time_limit`, `quick`, `seed`, the settings under
comparison pulled out of params or stats (`backend`, `model`, `encoding`, `strategy`), the
experiment's `x`, `series` and `reference` (so a file can be reported without the code that
wrote it), `versions`, `machine`, `run_id` and `finished` (UTC time).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from boardlab.core.errors import BadInput

#: Statuses a run can end with: the solver's (Result statuses), plus the runner's own.
ANSWERED = ("solved", "optimal", "feasible", "unsatisfiable")
UNKNOWN = "unknown"  # the experiment hit its time limit and said so
TIMEOUT = "timeout"  # the runner stopped a case that overran its time limit
ERROR = "error"  # the case raised an exception (or its worker died)

#: Settings worth a column of their own when present in params or stats.
SETTINGS = ("backend", "model", "encoding", "strategy")

RESULTS_NAME = "results.jsonl"


def jsonable(value: Any) -> Any:
    """`value` made JSON-able: numpy scalars become numbers, sets sorted lists, the rest str."""

    def default(item: Any) -> Any:
        if hasattr(item, "item") and callable(item.item):  # numpy scalar
            return item.item()
        if hasattr(item, "tolist") and callable(item.tolist):  # numpy array
            return item.tolist()
        if isinstance(item, (set, frozenset)):
            return sorted(item, key=repr)
        if hasattr(item, "value") and isinstance(item.value, (str, int)):  # an Enum
            return item.value
        return str(item)

    text = json.dumps(value, default=default, allow_nan=True)
    return json.loads(text)


def key_of(record: dict[str, Any]) -> tuple[str, str, bool]:
    """What a rerun matches on: the experiment, the case id, and quick or full mode."""
    return (str(record.get("experiment")), str(record.get("case")), bool(record.get("quick")))


def read_records(path: str | os.PathLike[str], *, tolerate_torn_tail: bool = False) -> list[dict[str, Any]]:
    """The records of a results file, in order.

    Raises BadInput naming the file and line for a line that is not a JSON object (a torn last
    line, without its newline, is skipped instead when `tolerate_torn_tail`).
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput("no such results file", source=source) from None
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read results file: {error}", source=source) from None
    lines = text.split("\n")
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        torn = number == len(lines) and not text.endswith("\n")
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            if torn and tolerate_torn_tail:
                continue
            raise BadInput(
                f"not a JSON results line ({error.msg})", source=source, line=number, column=error.colno
            ) from None
        if not isinstance(record, dict) or "experiment" not in record or "case" not in record:
            raise BadInput(
                "not a benchmark result (needs 'experiment' and 'case')", source=source, line=number
            )
        records.append(record)
    return records


class ResultsFile:
    """The JSON Lines file a benchmark appends to."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def existing(self) -> list[dict[str, Any]]:
        """What is already there (nothing when the file does not exist)."""
        if not self.path.exists():
            return []
        return read_records(self.path, tolerate_torn_tail=True)

    def reset(self) -> None:
        """Start afresh (`--fresh`): the old file is removed."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass

    def _repair_tail(self) -> None:
        """Cut a torn last line (a kill in mid-write) so the next line starts clean."""
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
            with open(self.path, "r+b") as handle:
                handle.truncate(keep)

    def append(self, record: dict[str, Any]) -> None:
        """Add one record and make sure it is on disk before returning."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._repair_tail()
        line = json.dumps(jsonable(record), sort_keys=False) + "\n"
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())


def median(values: Iterable[float]) -> float:
    """The median (mean of the two middle values for an even count); NaN for none."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def setting(record_params: dict[str, Any], stats: dict[str, Any], name: str) -> Any:
    """A compared setting (backend, model, ...) from the case's params, else the solver stats."""
    if name in record_params:
        return record_params[name]
    return stats.get(name)


def latest(records: Iterable[dict[str, Any]]) -> dict[tuple[str, str, bool], dict[str, Any]]:
    """The last record of each (experiment, case, mode): later lines replace earlier ones."""
    found: dict[tuple[str, str, bool], dict[str, Any]] = {}
    for record in records:
        found[key_of(record)] = record
    return found


def make_record(
    *,
    experiment: Any,
    case: Any,
    status: str,
    times: list[float],
    walls: list[float],
    repeat: int,
    value: Any,
    stats: dict[str, Any],
    error: str | None,
    time_limit: float | None,
    quick: bool,
    seed: int,
    versions: dict[str, Any],
    machine: dict[str, Any],
    run_id: str,
    finished: str,
) -> dict[str, Any]:
    """One results line for `case` of `experiment` (see the module docstring for the fields)."""
    params = jsonable(dict(case.params))
    stats = jsonable(dict(stats))
    record: dict[str, Any] = {
        "experiment": experiment.key,
        "family": experiment.family,
        "name": experiment.name,
        "case": case.id,
        "params": params,
        "status": status,
        "seconds": median(times) if times else None,
        "times": times,
        "wall": median(walls) if walls else None,
        "repeat": repeat,
        "value": jsonable(value),
        "stats": stats,
        "error": error,
        "time_limit": time_limit,
        "quick": quick,
        "seed": params.get("seed", seed),
    }
    for name in SETTINGS:
        record[name] = setting(params, stats, name)
    record.update(
        x=experiment.x,
        series=experiment.series,
        reference=experiment.reference,
        versions=versions,
        machine=machine,
        run_id=run_id,
        finished=finished,
    )
    return record
