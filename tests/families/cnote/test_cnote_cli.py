"""The cnote command line: the JSON contract, exit codes, and bad input as one line with exit 2."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

DEMO = "# Friedman's first example\ntarget: 100\n8 8 4\n6 2 5\n3 6 1\n"
RESULT_KEYS = {"family", "status", "instance", "solutions", "count", "unique", "stats"}


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    """`boardlab ARGS` in-process: (exit code, stdout, stderr)."""
    from boardlab import cli

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr = out, err
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    cli.out.file, cli.err.file = out, err
    try:
        cli.main(args)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
        cli.out.file, cli.err.file = None, None
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def demo(tmp_path: Path) -> str:
    path = tmp_path / "demo.txt"
    path.write_text(DEMO)
    return str(path)


def test_solve_json_contract(demo: str) -> None:
    code, out, _ = run(["cnote", "solve", demo, "--json"])
    assert code == 0
    obj = json.loads(out)
    assert set(obj) == RESULT_KEYS and obj["status"] == "solved"
    assert obj["instance"] == {"family": "cnote", "target": 100, "grid": [[8, 8, 4], [6, 2, 5], [3, 6, 1]]}
    stats = obj["stats"]
    assert stats["backend"] == "cpsat" and stats["variables"] == 9 and stats["constraints"] == 6
    assert isinstance(stats["branches"], int) and isinstance(stats["conflicts"], int)


def test_count_all_unique(demo: str) -> None:
    assert json.loads(run(["cnote", "solve", demo, "--count", "--json"])[1])["count"] == 31
    assert json.loads(run(["cnote", "count", demo, "--json"])[1])["count"] == 31
    obj = json.loads(run(["cnote", "solve", demo, "--all", "--json"])[1])
    assert obj["count"] == 31 and len(obj["solutions"]) == 31
    obj = json.loads(run(["cnote", "solve", demo, "--unique", "--json"])[1])
    assert obj["unique"] is False and len(obj["solutions"]) == 2
    obj = json.loads(run(["cnote", "solve", demo, "--limit", "5", "--json"])[1])
    assert len(obj["solutions"]) == 5


def test_strategy_backend_model_and_presolve_flags(demo: str) -> None:
    code, out, _ = run(["cnote", "solve", demo, "--count", "--strategy", "max-domain:upper-half", "--no-presolve", "--json"])
    obj = json.loads(out)
    assert code == 0 and obj["count"] == 31 and obj["stats"]["strategy"] == "max-domain:upper-half"
    assert obj["stats"]["presolve"] is False
    obj = json.loads(run(["cnote", "solve", demo, "--count", "--backend", "brute", "--json"])[1])
    assert obj["count"] == 31 and obj["stats"]["backend"] == "brute"
    obj = json.loads(run(["cnote", "solve", demo, "--count", "--model", "digits", "--json"])[1])
    assert obj["count"] == 31 and obj["stats"]["model"] == "digits encoding"


def test_target_flag_overrides_the_file(demo: str) -> None:
    obj = json.loads(run(["cnote", "solve", demo, "--target", "120", "--json"])[1])
    assert obj["instance"]["target"] == 120
    assert all(sum(row) == 120 for row in obj["solutions"][0]["grid"])
    obj = json.loads(run(["cnote", "solve", demo, "--target", "60", "--count", "--json"])[1])
    assert obj["status"] == "unsatisfiable" and obj["count"] == 0


def test_stdin_and_json_input() -> None:
    code, out, _ = run(["cnote", "solve", "-", "--unique", "--json"], stdin=json.dumps({"family": "cnote", "grid": [[8, 7, 8], [3, 1, 2], [2, 7, 2]]}))
    assert code == 0 and json.loads(out)["unique"] is True


def test_no_solution_is_an_answer() -> None:
    code, out, _ = run(["cnote", "solve", "-", "--json"], stdin="target: 5\n9 9\n9 9\n")
    assert code == 0 and json.loads(out)["status"] == "unsatisfiable"


def test_time_limit_exit_code(tmp_path: Path) -> None:
    code, out, _ = run(["cnote", "generate", "--size", "10", "--seed", "1", "--json"])
    path = tmp_path / "big.json"
    path.write_text(json.dumps(json.loads(out)["instance"]))
    code, out, _ = run(["cnote", "solve", str(path), "--count", "--time-limit", "0.05", "--json"])
    assert code == 3 and json.loads(out)["status"] == "unknown"


def test_generate_unique_and_check(tmp_path: Path) -> None:
    code, out, _ = run(["cnote", "generate", "--size", "4", "--cols", "5", "--target", "120", "--unique", "--seed", "7", "--json"])
    assert code == 0
    made = json.loads(out)
    assert made["instance"]["rows"] == [120] * 4 and sum(made["instance"]["cols"]) == 480
    assert made["stats"]["unique"] is True
    path = tmp_path / "p.json"
    path.write_text(json.dumps(made["instance"]))
    code, out, _ = run(["cnote", "check", str(path), json.dumps(made["solution"])])
    assert code == 0 and "valid" in out
    wrong = [row[:] for row in made["solution"]["grid"]]
    wrong[0][0] += 1
    code, out, _ = run(["cnote", "check", str(path), json.dumps({"grid": wrong})])
    assert code == 1 and "invalid" in out
    code, out, _ = run(["cnote", "solve", str(path), "--unique", "--json"])
    assert json.loads(out)["solutions"] == [made["solution"]]


def test_generate_text_output_is_parseable(tmp_path: Path) -> None:
    out_path = tmp_path / "g.txt"
    code, out, _ = run(["cnote", "generate", "--size", "3", "--seed", "2", "--out", str(out_path)])
    assert code == 0 and "text format" in out
    code, out, _ = run(["cnote", "solve", str(out_path), "--json"])
    assert code == 0 and json.loads(out)["status"] == "solved"


def test_render_terminal_and_svg(demo: str, tmp_path: Path) -> None:
    code, out, _ = run(["cnote", "render", demo, "--solve"])
    assert code == 0 and "100" in out
    svg = tmp_path / "demo.svg"
    code, _, _ = run(["cnote", "render", demo, "--solution", '{"grid": [[18, 8, 74], [69, 26, 5], [13, 66, 21]]}', "--svg", str(svg)])
    assert code == 0 and svg.read_text().startswith("<svg") and "<tspan" in svg.read_text()


@pytest.mark.parametrize(
    "text, args",
    [
        ("1 2\n3\n", []),  # ragged
        ("1 a\n2 3\n", []),  # not a digit
        ("1 23\n4 5\n", []),  # a number, not a digit
        ("target: 0\n1 2\n3 4\n", []),  # non-positive target
        ("target: -100\n1 2\n3 4\n", []),
        ("target: lots\n1 2\n3 4\n", []),
        ("", []),  # empty
        ("   \n# nothing\n", []),
        ('{"family": "cnote", "grid": [[1, 2], [3]]}', []),
        ('{"family": "cnote", "grid": [[1, 2]], "target": -1}', []),
        ('{"family": "tents", "grid": ["T."]}', []),
        ("{broken json", []),
        ("1 2\n3 4\n", ["--target", "0"]),
        ("1 2\n3 4\n", ["--strategy", "fastest"]),
        ("1 2\n3 4\n", ["--model", "bits"]),
        ("1 2\n3 4\n", ["--backend", "quantum"]),
        ("1 2\n3 4\n", ["--all", "--count"]),
        ("1 2\n3 4\n", ["--backend", "brute", "--strategy", "first:min"]),
    ],
)
def test_bad_input_is_one_line_and_exit_2(text: str, args: list[str]) -> None:
    code, out, err = run(["cnote", "solve", "-", *args], stdin=text)
    assert code == 2, (out, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in err, err


@pytest.mark.parametrize("content", ["", "  \n\n", "# nothing but a comment\n"])
def test_empty_files_are_bad_input(tmp_path: Path, content: str) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(content)
    code, _, err = run(["cnote", "solve", str(path)])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "empty" in err


@pytest.mark.parametrize(
    "args",
    [
        ["cnote", "generate", "--size", "0"],
        ["cnote", "generate", "--size", "41"],
        ["cnote", "generate", "--cols", "-2"],
        ["cnote", "generate", "--target", "0"],
        ["cnote", "generate", "--size", "9", "--target", "5"],
        ["cnote", "solve", "/no/such/puzzle.txt"],
        ["cnote", "check", "-", "{not json"],
        ["cnote", "check", "-", '{"grid": [[1]]}'],
    ],
)
def test_bad_usage_is_one_line_and_exit_2(args: list[str]) -> None:
    code, out, err = run(args, stdin="1 2\n3 4\n")
    assert code == 2, (out, err)
    assert len([line for line in err.splitlines() if line.strip()]) == 1 and "Traceback" not in err
