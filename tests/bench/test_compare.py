"""`boardlab bench --compare A.jsonl B.jsonl` and the arguments `boardlab bench` refuses (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def _record(
    experiment: str, case: str, seconds: float | None, value: Any, status: str = "solved"
) -> dict[str, Any]:
    return {
        "experiment": experiment,
        "case": case,
        "params": {},
        "status": status,
        "seconds": seconds,
        "value": value,
        "quick": False,
        "run_id": "x",
        "machine": {"cpu": "test CPU", "cores": 2},
        "versions": {"boardlab": "0.1.0"},
    }


def _file(path: Path, records: list[dict[str, Any]]) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def test_compare_ratios(bench, tmp_path: Path) -> None:
    a = _file(
        tmp_path / "a.jsonl",
        [
            _record("f/e", "c1", 1.0, 5),
            _record("f/e", "c2", 2.0, 7),
            _record("f/e", "c3", 1.0, 1),
            _record("g/e", "c1", 4.0, None),
            _record("f/e", "only-a", 1.0, 0),
        ],
    )
    b = _file(
        tmp_path / "b.jsonl",
        [
            _record("f/e", "c1", 2.0, 5),
            _record("f/e", "c2", 4.0, 8),
            _record("f/e", "c3", None, None, "timeout"),
            _record("g/e", "c1", 2.0, None),
        ],
    )
    ran = bench("--compare", a, b)
    assert ran.code == 1, ran.err  # c2 answered differently
    assert "| f/e | c1 | 1 | 2 | 2.00× | solved |  |" in ran.out
    assert (
        "| f/e | c2 | 2 | 4 | 2.00× | solved | ⚠ value 7 → 8 |" in ran.out
    )  # faster or slower, a wrong answer is flagged
    assert "| f/e | c3 | 1 | – | – | solved → timeout |  |" in ran.out
    assert "| g/e | c1 | 4 | 2 | 0.500× | solved |  |" in ran.out
    assert "| f/e | 2 | 2.00× |" in ran.out and "| g/e | 1 | 0.500× |" in ran.out
    assert "| **all** | 3 | 1.26× |" in ran.out  # (2 * 2 * 0.5) ** (1/3)
    assert "1 in A, 0 in B" in ran.out and "1 case(s) answered differently" in ran.out
    only = bench("--compare", a, b, "--only", "g")
    assert only.code == 0 and "| g/e | c1 |" in only.out and "| f/e |" not in only.out


def test_compare_two_real_runs(bench, tmp_path: Path) -> None:
    from boardlab.bench import runner

    for name in ("a", "b"):
        assert runner.run(runner.Settings(out=tmp_path / name, only=("tiny/plain",), repeat=1)).ran == 4
    ran = bench("--compare", str(tmp_path / "a" / "results.jsonl"), str(tmp_path / "b" / "results.jsonl"))
    assert ran.code == 0, ran.err
    for n in (5, 6, 7, 8):
        assert f"| tiny/plain | n={n} |" in ran.out
    assert "answered differently" not in ran.out


def test_compare_bad_files(bench, tmp_path: Path) -> None:
    good = _file(tmp_path / "good.jsonl", [_record("f/e", "c1", 1.0, 5)])
    missing = bench("--compare", good, str(tmp_path / "nope.jsonl"))
    assert missing.code == 2 and "nope.jsonl: no such results file" in missing.err
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(_record("f/e", "c1", 1.0, 5)) + "\n{not json\n")
    ran = bench("--compare", good, str(bad))
    assert ran.code == 2 and "bad.jsonl:2:" in ran.err and "Traceback" not in ran.err
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text('{"a": 1}\n')
    assert bench("--compare", good, str(wrong)).code == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (["--repeat", "0"], "--repeat"),
        (["--time-limit", "0"], "--time-limit"),
        (["--time-limit", "-1"], "--time-limit"),
        (["--time-limit", "soon"], "--time-limit"),
        (["--budget", "0"], "--budget"),
        (["--only", "nosuch"], "no such experiment"),
        (["--only", "tiny/nosuch"], "no such experiment"),
        (["--only", "a/b/c"], "FAMILY or FAMILY/EXPERIMENT"),
        (["--only", "/plain"], "FAMILY or FAMILY/EXPERIMENT"),
        (["--bogus"], "bogus"),
        (["--compare", "a.jsonl"], "--compare"),
        (["--compare", "a.jsonl", "b.jsonl", "--fresh"], "--compare takes only --only"),
        (["--compare", "a.jsonl", "b.jsonl", "--quick"], "--compare takes only --only"),
    ],
)
def test_bad_arguments_exit_2(bench, tmp_path: Path, args: list[str], message: str) -> None:
    ran = bench(*args, "--out", str(tmp_path)) if "--compare" not in args else bench(*args)
    assert ran.code == 2, ran.err
    assert message in ran.err
    assert "Traceback" not in ran.err
    assert not (tmp_path / "results.jsonl").exists()


def test_out_must_be_a_directory(bench, tmp_path: Path) -> None:
    afile = tmp_path / "file"
    afile.write_text("x")
    ran = bench("--only", "tiny/plain", "--out", str(afile))
    assert ran.code == 2 and "not a directory" in ran.err


def test_list(bench) -> None:
    ran = bench("--list", "--only", "tiny", "--only", "tinybad/nocases")
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert lines[0].startswith("tiny/plain\t2/4 cases (quick/full)\tx: n\t")
    assert lines[1].startswith(
        "tiny/queens\t6/8 cases (quick/full)\tx: n, series: backend, reference: bitboard\t"
    )
    assert lines[2].startswith("tinybad/nocases\tcases fail: RuntimeError: cannot list cases")
    assert len(lines) == 3


def test_out_must_be_creatable(bench, tmp_path: Path) -> None:
    afile = tmp_path / "file"
    afile.write_text("x")
    ran = bench("--only", "tiny/plain", "--out", str(afile / "below"))
    assert ran.code == 2 and "cannot create the directory" in ran.err


def test_report_only(bench, tmp_path: Path) -> None:
    missing = bench("--report-only", "--out", str(tmp_path))
    assert missing.code == 2 and "no such results file" in missing.err
    _file(tmp_path / "results.jsonl", [_record("f/e", "c1", 1.0, 5), _record("f/e", "c2", 2.0, 7)])
    ran = bench("--report-only", "--out", str(tmp_path))
    assert ran.code == 0, ran.err
    text = (tmp_path / "report.md").read_text()
    assert "## f/e:" in text and "| c2 |" in text and "--report-only" in text
    assert (tmp_path / "results.jsonl").read_text().count("\n") == 2  # nothing ran
    assert bench("--report-only", "--fresh", "--out", str(tmp_path)).code == 2
