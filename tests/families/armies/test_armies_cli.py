"""The armies command line (in-process, through the shared `cli_run` fixture of tests/conftest.py):
the JSON contract, exit codes, and bad input as one line."""

from __future__ import annotations

import json

import pytest


def test_solve_with_m_json(cli_run) -> None:
    result = cli_run(["armies", "solve", "5", "--m", "4", "--json"])
    data = json.loads(result.stdout)
    assert result.code == 0 and data["status"] == "solved" and data["family"] == "armies"
    assert data["instance"] == {"family": "armies", "n": 5, "m": 4}
    assert len(data["solutions"][0]["white"]) == len(data["solutions"][0]["black"]) == 4
    assert data["stats"]["backend"] == "engine"
    result = cli_run(["armies", "solve", "5", "--m", "4", "--json", "--backend", "sat"])
    assert json.loads(result.stdout)["stats"]["backend"].startswith("sat")


def test_no_solution_is_an_answer(cli_run) -> None:
    result = cli_run(["armies", "solve", "5", "--m", "5", "--json"])
    assert result.code == 0 and json.loads(result.stdout)["status"] == "unsatisfiable"
    result = cli_run(["armies", "solve", "5", "--m", "5"])
    assert result.code == 0 and "no solution exists" in result.stdout


def test_optimise_verbose_reports_progress(cli_run) -> None:
    result = cli_run(["armies", "solve", "6", "--verbose", "--json"])
    data = json.loads(result.stdout)
    assert result.code == 0 and data["status"] == "optimal" and len(data["solutions"][0]["white"]) == 5
    assert "incumbent" in result.stderr and "bound" in result.stderr
    assert data["stats"]["trace"][-1][1:] == [5, 5]


def test_time_limit_without_answer_exits_3(cli_run) -> None:
    for backend in ("sat", "engine"):
        n, m = (10, 15) if backend == "sat" else (14, 29)
        result = cli_run(
            ["armies", "solve", str(n), "--m", str(m), "--time-limit", "0.2", "--json", "--backend", backend]
        )
        assert result.code == 3 and json.loads(result.stdout)["status"] == "unknown"


def test_all_up_to_symmetry_and_count(cli_run) -> None:
    result = cli_run(["armies", "solve", "4", "--m", "2", "--all", "--fundamental", "--json"])
    data = json.loads(result.stdout)
    assert result.code == 0 and data["count"] == len(data["solutions"]) == 10
    result = cli_run(["armies", "count", "4", "--m", "2", "--json"])
    assert result.code == 0 and json.loads(result.stdout)["count"] == 112


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
        ["armies", "solve", "5", "--fundamental"],
        ["armies", "solve", "5", "--m", "3", "--backend", "cpsat", "--cuts", "lower"],
    ],
)
def test_bad_input_is_one_line_exit_2(cli_run, args: list[str]) -> None:
    result = cli_run(args)
    assert result.code == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardlab: error:"), result.stderr


def test_bad_file_names_line_and_column(cli_run, tmp_path) -> None:
    path = tmp_path / "boards.txt"
    path.write_text("4 2\n5 x\n")
    result = cli_run(["armies", "solve", str(path), "--json"])
    assert result.code == 2
    assert f"{path}:2:3" in result.stderr
    assert json.loads(result.stdout.splitlines()[0])["status"] == "solved"


def test_check_valid_and_invalid(cli_run) -> None:
    good = json.dumps({"white": [[0, 0]], "black": [[1, 2]]})
    bad = json.dumps({"white": [[0, 0]], "black": [[1, 1]]})
    assert cli_run(["armies", "check", "4", good, "--m", "1"]).code == 0
    result = cli_run(["armies", "check", "4", bad, "--m", "1"])
    assert result.code == 1 and "attacks" in result.stdout


def test_render_text_and_svg(cli_run) -> None:
    result = cli_run(["armies", "render", "5", "--m", "4", "--solve", "--attacks"])
    assert result.code == 0 and "\u2655" in result.stdout and "\u265b" in result.stdout
    result = cli_run(["armies", "render", "5", "--m", "4", "--solve", "--svg", "-"])
    assert result.code == 0 and result.stdout.lstrip().startswith("<svg") and "\u2655" in result.stdout


def test_generate(cli_run) -> None:
    result = cli_run(["armies", "generate", "--size", "6", "--seed", "3", "--json"])
    data = json.loads(result.stdout)
    assert result.code == 0 and data["instance"]["n"] == 6
    assert len(data["solution"]["white"]) == data["instance"]["m"]


def test_generate_is_the_same_for_the_same_seed_on_a_large_board(cli_run) -> None:
    # a 400 x 400 board once built a SAT cardinality encoding of ~n^2 m clauses and filled the
    # machine's memory; the placement now comes from the heuristic, whose run has a fixed length
    runs = [cli_run(["armies", "generate", "--size", "400", "--seed", "5", "--json"]) for _ in range(2)]
    assert [run.code for run in runs] == [0, 0]
    data, again = (json.loads(run.stdout) for run in runs)
    assert (data["instance"], data["solution"]) == (again["instance"], again["solution"])
    m = data["instance"]["m"]
    assert data["instance"]["n"] == 400 and 0 < m <= data["stats"]["heuristic_m"]
    assert len(data["solution"]["white"]) == len(data["solution"]["black"]) == m
    # the placement passes the independent verify (as every generated answer does), and a
    # second seed gives another instance
    other = json.loads(cli_run(["armies", "generate", "--size", "400", "--seed", "6", "--json"]).stdout)
    assert other["solution"] != data["solution"]
