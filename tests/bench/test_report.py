"""The report: one section per experiment, ratios to the reference, baseline figures, PNG plots."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from bench_tiny import A000170

from boardlab.bench import report

PNG = b"\x89PNG\r\n\x1a\n"


def _images(text: str) -> list[str]:
    return re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)


def _section(text: str, key: str) -> str:
    start = text.index(f"## {key}:")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def test_report_and_plots_exist_and_are_not_empty(tiny_run: tuple[int, Path]) -> None:
    code, tmp_path = tiny_run
    assert code == 0
    text = (tmp_path / "report.md").read_text()
    assert text.startswith("# boardlab benchmark report")
    assert "AMD" in text or "Machine:" in text
    images = _images(text)
    assert {Path(i).name for i in images} == {
        "tiny-plain-time.png",
        "tiny-plain-bars.png",
        "tiny-queens-time.png",
        "tiny-queens-cactus.png",
        "tiny-queens-bars.png",
    }
    for image in images:
        data = (tmp_path / image).read_bytes()
        assert data.startswith(PNG) and len(data) > 5000


def test_series_table_has_ratios_values_and_baseline_figures(tiny_run: tuple[int, Path]) -> None:
    code, tmp_path = tiny_run
    section = _section((tmp_path / "report.md").read_text(), "tiny/queens")
    rows = [line for line in section.splitlines() if line.startswith("| ")]
    assert rows[0] == "| n | count | bitboard (reference) | cpsat | baseline |"
    body = {row.split(" | ")[0].strip("| "): row for row in rows[1:]}
    for n in (4, 5, 6, 7):
        cells = [c.strip() for c in body[str(n)].strip("|").split("|")]
        assert cells[1] == str(A000170[n])  # both backends agree on the count
        assert cells[2].endswith("(1.00×)")  # the reference against itself
        assert re.fullmatch(r"[0-9.e+-]+ \([0-9.e+-]+×\) · branches [0-9]+", cells[3])  # stats_columns
    assert body["5"].rstrip(" |").endswith("cpsat: 10") or body["5"].rstrip(" |").endswith("10")
    assert body["6"].rstrip(" |").endswith("4")
    assert "geometric mean ratio" in section and "OEIS A000170" in section


def _record(
    experiment: str,
    case: str,
    params: dict[str, Any],
    seconds: float | None,
    value: Any,
    *,
    status: str = "solved",
    run_id: str = "r1",
    series: str | None = None,
    reference: str | None = None,
) -> dict[str, Any]:
    return {
        "experiment": experiment,
        "family": experiment.split("/")[0],
        "name": experiment.split("/")[1],
        "case": case,
        "params": params,
        "status": status,
        "seconds": seconds,
        "times": [] if seconds is None else [seconds],
        "repeat": 1,
        "value": value,
        "stats": {},
        "error": None,
        "time_limit": 5.0,
        "quick": False,
        "seed": 0,
        "x": "n",
        "series": series,
        "reference": reference,
        "versions": {"python": "3"},
        "machine": {"cpu": "test CPU", "cores": 2},
        "run_id": run_id,
    }


def _write(tmp_path: Path, records: list[dict[str, Any]]) -> str:
    path = tmp_path / "results.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    from boardlab.bench.results import read_records

    return report.write(tmp_path, read_records(path), quick=False, source=path).read_text()


def test_report_from_the_file_alone_flags_disagreeing_series(tmp_path: Path) -> None:
    """An experiment no longer registered is reported from its records; different answers are flagged."""
    records = [
        _record("gone/enc", "n=8 a", {"n": 8, "enc": "a"}, 2.0, 92, series="enc", reference="a"),
        _record("gone/enc", "n=8 b", {"n": 8, "enc": "b"}, 1.0, 91, series="enc", reference="a"),
        _record("gone/enc", "n=9 a", {"n": 9, "enc": "a"}, 4.0, 352, series="enc", reference="a"),
        _record(
            "gone/enc", "n=9 b", {"n": 9, "enc": "b"}, 1.0, 352, series="enc", reference="a", run_id="r2"
        ),
        _record(
            "gone/enc",
            "n=10 a",
            {"n": 10, "enc": "a"},
            5.0,
            None,
            status="unknown",
            series="enc",
            reference="a",
        ),
        _record(
            "gone/enc",
            "n=10 b",
            {"n": 10, "enc": "b"},
            None,
            None,
            status="timeout",
            series="enc",
            reference="a",
        ),
    ]
    text = _write(tmp_path, records)
    section = _section(text, "gone/enc")
    assert "not registered any more" in section
    assert "⚠ differ: a: 92; b: 91" in section
    assert "| 9 | 352 | 4 (1.00×) | 1 (0.250×†) |" in section  # reference from another run: marked
    assert "† the reference was measured by another run" in section
    assert "| 10 |  | unknown (limit 5 s) | timeout (> 5 s) |" in section
    assert "0.354× over 2" in section  # geometric mean of 0.5 and 0.25
    assert "test CPU, 2 cores" in text
    for image in _images(text):
        assert (tmp_path / image).read_bytes().startswith(PNG)


def test_plain_table_and_empty_report(tmp_path: Path) -> None:
    text = _write(
        tmp_path,
        [_record("gone/plain", "n=8", {"n": 8}, 0.5, 92), _record("gone/plain", "n=9", {"n": 9}, 1.5, 352)],
    )
    assert "| case | n | status | value | seconds |" in text
    assert "| n=8 | 8 | solved | 92 | 0.5 |" in text
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "No results yet" in report.write(empty, [], quick=True, source=empty / "results.jsonl").read_text()


def test_quick_and_full_reports_are_kept_apart(tmp_path: Path) -> None:
    quick = _record("gone/plain", "n=8", {"n": 8}, 0.5, 92)
    quick["quick"] = True
    text = _write(tmp_path, [quick, _record("gone/plain", "n=9", {"n": 9}, 1.5, 352)])
    assert "| n=9 |" in text and "| n=8 |" not in text


def test_a_numeric_series_finds_its_reference(tmp_path: Path) -> None:
    records = [
        _record("gone/workers", "w1", {"n": 8, "workers": 1}, 2.0, 92, series="workers", reference=1),
        _record("gone/workers", "w2", {"n": 8, "workers": 2}, 1.0, 92, series="workers", reference=1),
    ]
    section = _section(_write(tmp_path, records), "gone/workers")
    assert "In every case: n = 8." in section
    assert "| value | 1 (reference) | 2 |" in section
    assert "| 92 | 2 (1.00×) | 1 (0.500×) |" in section


def test_satisfiability_disagreement_is_flagged(tmp_path: Path) -> None:
    records = [
        _record("gone/sat", "a", {"n": 3, "m": "a"}, 1.0, None, series="m", reference="a"),
        _record(
            "gone/sat", "b", {"n": 3, "m": "b"}, 1.0, None, status="unsatisfiable", series="m", reference="a"
        ),
        _record(
            "gone/sat", "c", {"n": 4, "m": "a"}, 1.0, None, status="unsatisfiable", series="m", reference="a"
        ),
        _record(
            "gone/sat", "d", {"n": 4, "m": "b"}, 3.0, None, status="unsatisfiable", series="m", reference="a"
        ),
        _record("gone/sat", "e", {"n": 5, "m": "a"}, 1.0, 7, status="optimal", series="m", reference="a"),
        _record("gone/sat", "f", {"n": 5, "m": "b"}, 2.0, 6, status="feasible", series="m", reference="a"),
    ]
    section = _section(_write(tmp_path, records), "gone/sat")
    assert "| 3 | ⚠ differ: a: solved; b: unsatisfiable |" in section
    assert "| 4 | unsatisfiable | 1 (1.00×) | 3 (3.00×) |" in section
    assert "| 5 | 7 | 1 (1.00×) | 2 (2.00×) feasible |" in section  # a bound may differ: not flagged


def test_params_that_restate_the_series_do_not_split_rows(tmp_path: Path) -> None:
    records = []
    for n in (8, 10):
        for variant, backend in (("sat/seq", "sat"), ("sat/tot", "sat"), ("cpsat", "cpsat")):
            records.append(
                _record(
                    "gone/variants",
                    f"{n} {variant}",
                    {"n": n, "variant": variant, "backend": backend},
                    n / 8,
                    1,
                    series="variant",
                    reference="sat/seq",
                )
            )
    section = _section(_write(tmp_path, records), "gone/variants")
    assert "| n | value | sat/seq (reference) | sat/tot | cpsat |" in section
    assert "| 8 | 1 | 1 (1.00×) | 1 (1.00×) | 1 (1.00×) |" in section
    assert "| 10 | 1 | 1.25 (1.00×) | 1.25 (1.00×) | 1.25 (1.00×) |" in section


def test_long_params_give_way_to_row_names(tmp_path: Path) -> None:
    grid = "x" * 60  # an instance given inline
    records = [
        _record(
            "gone/inline",
            f"p{i} {m}",
            {"grid": grid + str(i), "m": m, "backend": "sat"},
            1.0 + i,
            1,
            series="m",
            reference="a",
        )
        for i in (1, 2)
        for m in ("a", "b")
    ]
    section = _section(_write(tmp_path, records), "gone/inline")
    assert "In every case: backend = sat." in section
    assert "| instance | value | a (reference) | b |" in section
    assert "| p1 | 1 | 2 (1.00×) | 2 (1.00×) |" in section and grid not in section


def test_a_series_table_without_values_has_no_value_column(tmp_path: Path) -> None:
    records = [
        _record("gone/novalue", f"{n} {m}", {"n": n, "m": m}, n / 8, None, series="m", reference="a")
        for n in (8, 16)
        for m in ("a", "b")
    ]
    section = _section(_write(tmp_path, records), "gone/novalue")
    assert "| n | a (reference) | b |" in section
    assert "| 8 | 1 (1.00×) | 1 (1.00×) |" in section
    assert "| **geometric mean ratio** | 1.00× over 2 | 1.00× over 2 |" in section


def test_an_unknown_cell_gives_the_experiments_reason(tmp_path: Path) -> None:
    records = [
        _record("gone/why", "a", {"n": 8, "m": "a"}, 1.0, None, series="m", reference="a"),
        _record("gone/why", "b", {"n": 8, "m": "b"}, 2.0, None, status="unknown", series="m", reference="a"),
    ]
    records[1]["stats"] = {"reason": "no extreme puzzle found in 50 attempts"}
    section = _section(_write(tmp_path, records), "gone/why")
    assert "unknown (no extreme puzzle found in 50 attempts)" in section
