"""`boardlab nqueens count` and `solve --queens-out` from the command line (boardlab.cli.main)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardlab.cli import main

OEIS = json.loads((Path(__file__).parent / "data" / "oeis_nqueens.json").read_text())


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    captured = capsys.readouterr()
    return int(stop.value.code), captured.out, captured.err


@pytest.mark.parametrize("n", [1, 2, 6, 8, 12])
def test_count_json_stats(capsys: pytest.CaptureFixture[str], n: int) -> None:
    code, out, _ = run(capsys, "nqueens", "count", str(n), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["count"] == OEIS["A000170"]["values"][str(n)]
    assert data["status"] == ("solved" if data["count"] else "unsatisfiable")
    stats = data["stats"]
    assert stats["total"] == data["count"]
    assert stats["fundamental"] == OEIS["A002562"]["values"][str(n)]
    assert stats["seconds"] > 0 and stats["solutions_per_second"] >= 0
    if n > 4:
        assert stats["subproblems"] == stats["subproblems_finished"] > 0


def test_fundamental_and_workers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "nqueens", "count", "13", "--fundamental", "--workers", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 9233 and data["stats"]["total"] == 73712
    assert data["stats"]["workers"] == 2 and data["stats"]["executor"] == "processes"


@pytest.mark.parametrize("executor", ["serial", "processes", "threads"])
def test_executor_option(capsys: pytest.CaptureFixture[str], executor: str) -> None:
    code, out, _ = run(capsys, "nqueens", "count", "11", "--executor", executor, "--workers", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 2680 and data["stats"]["executor"] == executor


def test_checkpoint_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    code, out, _ = run(capsys, "nqueens", "count", "10", "--checkpoint", str(path), "--json")
    assert code == 0 and json.loads(out)["count"] == 724
    code, out, _ = run(capsys, "nqueens", "count", "10", "--checkpoint", str(path), "--json")
    stats = json.loads(out)["stats"]
    assert stats["subproblems_resumed"] == stats["subproblems"] and json.loads(out)["count"] == 724
    code, out, err = run(capsys, "nqueens", "count", "11", "--checkpoint", str(path))
    assert code == 2 and "another count" in err and "Traceback" not in err


def test_time_limit_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "nqueens", "count", "14", "--time-limit", "0.001", "--workers", "1", "--json")
    data = json.loads(out)
    assert code == 3 and data["status"] == "unknown" and data["count"] is None
    # the chunk running at the deadline is dropped (the executors stop waiting at once)
    assert 0 <= data["stats"]["counted_so_far"] < 365596


@pytest.mark.parametrize(
    "args, message",
    [
        (("count", "8", "--executor", "nope"), "must be one of"),
        (("count", "PUZZLE", "--checkpoint", "x"), "--checkpoint applies to counting an empty board"),
        (("count", "8", "--backend", "cpsat", "--executor", "ray"), "--executor applies"),
        (("count", "70"), "n <= 62"),
    ],
)
def test_bad_usage_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("Q...\n....\n....\n....\n")
    code, _, err = run(capsys, "nqueens", *[str(puzzle) if a == "PUZZLE" else a for a in args])
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_queens_out(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    code, out, _ = run(capsys, "nqueens", "solve", "100000", "--queens-out", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["solutions"] == [{"queens_file": str(path)}]
    assert len(path.read_text().split()) == 100000
    code, out, _ = run(capsys, "nqueens", "check", "100000", json.dumps({"queens_file": str(path)}))
    assert code == 0 and "valid" in out
    code, _, err = run(capsys, "nqueens", "solve", "8", "--queens-out", str(path))
    assert code == 2 and "file exists" in err


def test_huge_board_text_output_draws_no_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "nqueens", "solve", "200000")
    assert code == 0 and "too large to draw" in out and len(out) < 1000


def test_ray_missing_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "ray", None)  # as if Ray were not installed
    code, _, err = run(capsys, "nqueens", "count", "12", "--executor", "ray")
    assert code == 2 and "boardlab[cluster]" in err and "Traceback" not in err
