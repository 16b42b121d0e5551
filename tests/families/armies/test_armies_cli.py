"""The armies command line: the JSON contract, exit codes, and bad input as one line."""

from __future__ import annotations

import io
import json
import sys

import pytest

from boardlab import cli


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    cli.out.file, cli.err.file = out, err
    try:
        cli.main(args)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    finally:
        sys.stdout, sys.stderr = saved
        cli.out.file, cli.err.file = None, None
    return code, out.getvalue(), err.getvalue()


def test_solve_with_m_json() -> None:
    code, out, _ = run(["armies", "solve", "5", "--m", "4", "--json"])
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["family"] == "armies"
    assert data["instance"] == {"family": "armies", "n": 5, "m": 4}
    assert len(data["solutions"][0]["white"]) == len(data["solutions"][0]["black"]) == 4
    assert data["stats"]["backend"].startswith("sat")


def test_no_solution_is_an_answer() -> None:
    code, out, _ = run(["armies", "solve", "5", "--m", "5", "--json"])
    assert code == 0 and json.loads(out)["status"] == "unsatisfiable"
    code, out, _ = run(["armies", "solve", "5", "--m", "5"])
    assert code == 0 and "no solution exists" in out


def test_optimise_verbose_reports_progress() -> None:
    code, out, err = run(["armies", "solve", "6", "--verbose", "--json"])
    data = json.loads(out)
    assert code == 0 and data["status"] == "optimal" and len(data["solutions"][0]["white"]) == 5
    assert "incumbent" in err and "bound" in err
    assert data["stats"]["trace"][-1][1:] == [5, 5]


def test_time_limit_without_answer_exits_3() -> None:
    code, out, _ = run(["armies", "solve", "10", "--m", "15", "--time-limit", "0.2", "--json"])
    assert code == 3 and json.loads(out)["status"] == "unknown"


def test_all_up_to_symmetry_and_count() -> None:
    code, out, _ = run(["armies", "solve", "4", "--m", "2", "--all", "--up-to-symmetry", "--json"])
    data = json.loads(out)
    assert code == 0 and data["count"] == len(data["solutions"]) == 10
    code, out, _ = run(["armies", "count", "4", "--m", "2", "--json"])
    assert code == 0 and json.loads(out)["count"] == 112


@pytest.mark.parametrize(
    "args",
    [
        ["armies", "solve", "0"],
        ["armies", "solve", "-1"],
        ["armies", "solve", "abc"],
        ["armies", "solve", "5", "--m", "-1"],
        ["armies", "solve", "5", "--m", "x"],
        ["armies", "solve", "5", "--all"],
        ["armies", "solve", "5", "--m", "3", "--optimise"],
        ["armies", "solve", "5", "--m", "3", "--all", "--model", "colouring"],
        ["armies", "solve", "5", "--m", "3", "--all", "--symmetry", "full"],
        ["armies", "solve", "5", "--model", "nonsense"],
        ["armies", "solve", "5", "--backend", "gecode"],
        ["armies", "solve", "5", "--cuts", "oeis"],
        ["armies", "solve", "5", "--up-to-symmetry"],
        ["armies", "solve", "5", "--m", "3", "--backend", "cpsat", "--cuts", "lower"],
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str]) -> None:
    code, out, err = run(args)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardlab: error:"), err


def test_bad_file_names_line_and_column(tmp_path) -> None:
    path = tmp_path / "boards.txt"
    path.write_text("4 2\n5 x\n")
    code, out, err = run(["armies", "solve", str(path), "--json"])
    assert code == 2
    assert f"{path}:2:3" in err
    assert json.loads(out.splitlines()[0])["status"] == "solved"


def test_check_valid_and_invalid() -> None:
    good = json.dumps({"white": [[0, 0]], "black": [[1, 2]]})
    bad = json.dumps({"white": [[0, 0]], "black": [[1, 1]]})
    assert run(["armies", "check", "4", good, "--m", "1"])[0] == 0
    code, out, _ = run(["armies", "check", "4", bad, "--m", "1"])
    assert code == 1 and "attacks" in out


def test_render_text_and_svg() -> None:
    code, out, _ = run(["armies", "render", "5", "--m", "4", "--solve", "--attacks"])
    assert code == 0 and "\u2655" in out and "\u265b" in out
    code, out, _ = run(["armies", "render", "5", "--m", "4", "--solve", "--svg", "-"])
    assert code == 0 and out.lstrip().startswith("<svg") and "\u2655" in out


def test_generate() -> None:
    code, out, _ = run(["armies", "generate", "--size", "6", "--seed", "3", "--json"])
    data = json.loads(out)
    assert code == 0 and data["instance"]["n"] == 6
    assert len(data["solution"]["white"]) == data["instance"]["m"]
