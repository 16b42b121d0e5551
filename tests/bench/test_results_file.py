"""The results file: what is appended is read back; a torn last line never spoils the file."""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.bench.compare import compare
from boardlab.bench.format import geometric_mean
from boardlab.bench.results import ResultsFile, median, read_records

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
RECORDS = st.lists(
    st.fixed_dictionaries(
        {"experiment": st.text(min_size=1, max_size=8), "case": st.text(max_size=8), "value": JSON_VALUES}
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=RECORDS, cut=st.integers(min_value=1), extra=RECORDS)
def test_append_read_and_torn_tails(tmp_path: Path, records: list[dict], cut: int, extra: list[dict]) -> None:
    path = tmp_path / "results.jsonl"
    path.unlink(missing_ok=True)
    results = ResultsFile(path)
    for record in records:
        results.append(record)
    assert read_records(path) == records
    # a kill in mid-write: the last line loses its end
    data = path.read_bytes()
    last_start = data.rstrip(b"\n").rfind(b"\n") + 1
    torn = data[: last_start + cut % (len(data) - last_start - 1 or 1)]
    path.write_bytes(torn)
    kept = results.existing()
    assert kept == records[:-1] or (kept == records and torn.endswith(b"\n"))
    for record in extra:  # appending after the tear starts on a clean line
        results.append(record)
    assert read_records(path) == kept + extra


@given(st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=9))
def test_median(values: list[float]) -> None:
    assert median(values) == statistics.median(values)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(st.floats(min_value=1e-4, max_value=1e3), st.floats(min_value=1e-4, max_value=1e3)),
        min_size=1,
        max_size=6,
    )
)
def test_compare_is_antisymmetric(tmp_path: Path, pairs: list[tuple[float, float]]) -> None:
    """B/A from one side is the inverse of A/B from the other, for the overall geometric mean."""
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path, index in ((a, 0), (b, 1)):
        path.write_text(
            "".join(
                json.dumps(
                    {"experiment": "f/e", "case": str(i), "status": "solved", "seconds": p[index], "value": 1}
                )
                + "\n"
                for i, p in enumerate(pairs)
            )
        )
    forward, differing = compare(a, b)
    backward, _ = compare(b, a)
    assert differing == 0
    shown = [
        float(re.search(rf"\| \*\*all\*\* \| {len(pairs)} \| ([0-9.e+-]+)×", text).group(1))
        for text in (forward, backward)
    ]
    assert abs(shown[0] * shown[1] - 1) < 0.011  # printed to about 3 significant digits
    mean = geometric_mean([q / p for p, q in pairs])
    assert mean is not None and abs(shown[0] / mean - 1) < 0.0051
