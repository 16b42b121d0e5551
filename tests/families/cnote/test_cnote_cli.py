"""The cnote command line (in-process, through the shared `cli_run` fixture of tests/conftest.py):
the JSON contract, exit codes, and bad input as one line with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardlab.families.cnote.generate import REACHED
from boardlab.families.cnote.search import count_cap

DEMO = "# Friedman's first example\ntarget: 100\n8 8 4\n6 2 5\n3 6 1\n"
RESULT_KEYS = {"family", "status", "instance", "solutions", "count", "unique", "stats"}


@pytest.fixture
def demo(tmp_path: Path) -> str:
    path = tmp_path / "demo.txt"
    path.write_text(DEMO)
    return str(path)


def test_solve_json_contract(cli_run, demo: str) -> None:
    result = cli_run(["cnote", "solve", demo, "--json"])
    assert result.code == 0
    obj = json.loads(result.stdout)
    assert set(obj) == RESULT_KEYS and obj["status"] == "solved"
    assert obj["instance"] == {"family": "cnote", "target": 100, "grid": [[8, 8, 4], [6, 2, 5], [3, 6, 1]]}
    stats = obj["stats"]
    assert stats["backend"] == "cpsat" and stats["variables"] == 9 and stats["constraints"] == 6
    assert isinstance(stats["branches"], int) and isinstance(stats["conflicts"], int)


def test_count_all_unique(cli_run, demo: str) -> None:
    assert json.loads(cli_run(["cnote", "solve", demo, "--count", "--json"]).stdout)["count"] == 31
    assert json.loads(cli_run(["cnote", "count", demo, "--json"]).stdout)["count"] == 31
    obj = json.loads(cli_run(["cnote", "solve", demo, "--all", "--json"]).stdout)
    assert obj["count"] == 31 and len(obj["solutions"]) == 31
    obj = json.loads(cli_run(["cnote", "solve", demo, "--unique", "--json"]).stdout)
    assert obj["unique"] is False and len(obj["solutions"]) == 2
    obj = json.loads(cli_run(["cnote", "solve", demo, "--limit", "5", "--json"]).stdout)
    assert len(obj["solutions"]) == 5


def test_strategy_backend_model_and_presolve_flags(cli_run, demo: str) -> None:
    result = cli_run(
        ["cnote", "solve", demo, "--count", "--strategy", "max-domain:upper-half", "--no-presolve", "--json"]
    )
    obj = json.loads(result.stdout)
    assert result.code == 0 and obj["count"] == 31 and obj["stats"]["strategy"] == "max-domain:upper-half"
    assert obj["stats"]["presolve"] is False
    obj = json.loads(cli_run(["cnote", "solve", demo, "--count", "--backend", "brute", "--json"]).stdout)
    assert obj["count"] == 31 and obj["stats"]["backend"] == "brute"
    obj = json.loads(cli_run(["cnote", "solve", demo, "--count", "--model", "digits", "--json"]).stdout)
    assert obj["count"] == 31 and obj["stats"]["model"] == "digits encoding"


def test_target_flag_overrides_the_file(cli_run, demo: str) -> None:
    obj = json.loads(cli_run(["cnote", "solve", demo, "--target", "120", "--json"]).stdout)
    assert obj["instance"]["target"] == 120
    assert all(sum(row) == 120 for row in obj["solutions"][0]["grid"])
    obj = json.loads(cli_run(["cnote", "solve", demo, "--target", "60", "--count", "--json"]).stdout)
    assert obj["status"] == "unsatisfiable" and obj["count"] == 0


def test_stdin_and_json_input(cli_run) -> None:
    result = cli_run(
        ["cnote", "solve", "-", "--unique", "--json"],
        stdin=json.dumps({"family": "cnote", "grid": [[8, 7, 8], [3, 1, 2], [2, 7, 2]]}).encode(),
    )
    assert result.code == 0 and json.loads(result.stdout)["unique"] is True


def test_no_solution_is_an_answer(cli_run) -> None:
    result = cli_run(["cnote", "solve", "-", "--json"], stdin=b"target: 5\n9 9\n9 9\n")
    assert result.code == 0 and json.loads(result.stdout)["status"] == "unsatisfiable"


def test_time_limit_exit_code(cli_run, tmp_path: Path) -> None:
    result = cli_run(["cnote", "generate", "--size", "10", "--any", "--seed", "1", "--json"])
    path = tmp_path / "big.json"
    path.write_text(json.dumps(json.loads(result.stdout)["instance"]))
    result = cli_run(["cnote", "solve", str(path), "--count", "--time-limit", "0.05", "--json"])
    assert result.code == 3 and json.loads(result.stdout)["status"] == "unknown"


@pytest.mark.parametrize("mode", [[], ["--count"], ["--unique"]])
def test_time_limit_at_a_huge_target_is_unknown(tmp_path: Path, mode: list[str]) -> None:
    """A 2x2 grid at target 100,000 in the domain encoding (`--model domain`; the default builds
    the digit encoding there): CP-SAT's presolve runs on past its time limit and its stop
    (2.4 s). Under --time-limit 0.2 the command answers `unknown`, exit 3, and ends, in a real
    process: the limit passes while OR-Tools is imported and the model built (about 0.4 s) or
    during the presolve, which is then left behind in its thread (the process's end stops it;
    `tests/web/test_api.py` has a job whose presolve does start)."""
    import subprocess
    import sys

    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"family": "cnote", "target": 100_000, "grid": [[1, 2], [3, 4]]}))
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "boardlab",
            "cnote",
            "solve",
            str(path),
            *mode,
            "--model",
            "domain",
            "--time-limit",
            "0.2",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    answer = json.loads(run.stdout)
    assert run.returncode == 3 and answer["status"] == "unknown" and answer["solutions"] == [], run.stderr
    assert run.stderr == ""


def test_generate_unique_and_check(cli_run, tmp_path: Path) -> None:
    result = cli_run(["cnote", "generate", "--size", "5x4", "--target", "120", "--seed", "7", "--json"])
    assert result.code == 0
    made = json.loads(result.stdout)
    assert made["instance"]["rows"] == [120] * 4 and sum(made["instance"]["cols"]) == 480
    assert made["stats"]["unique"] is True
    path = tmp_path / "p.json"
    path.write_text(json.dumps(made["instance"]))
    result = cli_run(["cnote", "check", str(path), json.dumps(made["solution"])])
    assert result.code == 0 and "valid" in result.stdout
    wrong = [row[:] for row in made["solution"]["grid"]]
    wrong[0][0] += 1
    result = cli_run(["cnote", "check", str(path), json.dumps({"grid": wrong})])
    assert result.code == 1 and "invalid" in result.stdout
    result = cli_run(["cnote", "solve", str(path), "--unique", "--json"])
    assert json.loads(result.stdout)["solutions"] == [made["solution"]]


def test_generate_text_output_is_parseable(cli_run, tmp_path: Path) -> None:
    out_path = tmp_path / "g.txt"
    result = cli_run(["cnote", "generate", "--size", "3", "--seed", "2", "--out", str(out_path)])
    assert result.code == 0 and "text format" in result.stdout
    result = cli_run(["cnote", "solve", str(out_path), "--json"])
    assert result.code == 0 and json.loads(result.stdout)["status"] == "solved"


def test_render_terminal_and_svg(cli_run, demo: str, tmp_path: Path) -> None:
    result = cli_run(["cnote", "render", demo, "--solve"])
    assert result.code == 0 and "100" in result.stdout
    svg = tmp_path / "demo.svg"
    result = cli_run(
        [
            "cnote",
            "render",
            demo,
            "--solution",
            '{"grid": [[18, 8, 74], [69, 26, 5], [13, 66, 21]]}',
            "--svg",
            str(svg),
        ]
    )
    assert result.code == 0 and svg.read_text().startswith("<svg") and "<tspan" in svg.read_text()


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
def test_bad_input_is_one_line_and_exit_2(cli_run, text: str, args: list[str]) -> None:
    result = cli_run(["cnote", "solve", "-", *args], stdin=text.encode())
    assert result.code == 2, (result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr


@pytest.mark.parametrize("content", ["", "  \n\n", "# nothing but a comment\n"])
def test_empty_files_are_bad_input(cli_run, tmp_path: Path, content: str) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(content)
    result = cli_run(["cnote", "solve", str(path)])
    assert result.code == 2 and len(result.stderr.strip().splitlines()) == 1 and "empty" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["cnote", "generate", "--size", "0"],
        ["cnote", "generate", "--size", "41"],
        ["cnote", "generate", "--size", "-2"],
        ["cnote", "generate", "--size", "4x0"],
        ["cnote", "generate", "--size", "4x5x6"],
        ["cnote", "generate", "--cols", "5"],
        ["cnote", "generate", "--target", "0"],
        ["cnote", "generate", "--size", "9", "--target", "5"],
        ["cnote", "solve", "/no/such/puzzle.txt"],
        ["cnote", "check", "-", "{not json"],
        ["cnote", "check", "-", '{"grid": [[1]]}'],
    ],
)
def test_bad_usage_is_one_line_and_exit_2(cli_run, args: list[str]) -> None:
    result = cli_run(args, stdin=b"1 2\n3 4\n")
    assert result.code == 2, (result.stdout, result.stderr)
    assert (
        len([line for line in result.stderr.splitlines() if line.strip()]) == 1
        and "Traceback" not in result.stderr
    )


@pytest.mark.slow
def test_unique_generation_beyond_the_target_limit_is_one_line_exit_2(cli_run) -> None:
    # 200: no unique 5x5 grid found by any method (docs/cnote.md, "Large targets"); at 150-160
    # there are some, found by the cell heat bath since the nineteenth session
    result = cli_run(["cnote", "generate", "--size", "5", "--target", "200", "--seed", "0"])
    assert result.code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--any" in lines[0]
    # the side's own reach (`generate.reach`, thirty-first session), annealed (`Searched`)
    assert (
        f"unique 5x5 puzzles are found for line targets up to about {REACHED[5]}, and none exists at"
        in lines[0]
    )
    assert "least count" in lines[0]
    assert (
        f"counts capped at {count_cap(5, 5):,})" in lines[0] and count_cap(5, 5) > 20_000
    )  # uncapped chains


def test_grade_takes_target_as_solve_does(cli_run, tmp_path: Path) -> None:
    """`grade` had no --target (solve, count, generate, check, hint, render and convert have
    it): a grid unique at 194 (docs/cnote-journal.md, twenty-first session) saved at target 100 is
    graded at the target given."""
    path = tmp_path / "g.txt"
    path.write_text("target: 100\n3 6 9 9\n9 6 8 9\n9 8 9 9\n9 9 8 9\n")
    at_194 = json.loads(cli_run(["cnote", "grade", str(path), "--target", "194", "--json"]).stdout)
    assert at_194["instance"]["target"] == 194 and at_194["difficulty"] in ("easy", "medium", "hard")
    at_100 = json.loads(cli_run(["cnote", "grade", str(path), "--json"]).stdout)
    assert at_100["instance"]["target"] == 100 and at_100["difficulty"] == "unsolvable"


def test_generate_names_a_rectangle_as_its_size_flag_does(capsys) -> None:
    """`--size WxH` is W columns and H rows; the generator's messages said HxW ("no unique 6x4
    puzzle" for `--size 4x6`)."""
    from boardlab.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["cnote", "generate", "--size", "5x2", "--target", "3"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "too small for a 5x2 grid" in err, err


@pytest.mark.parametrize("mode", [[], ["--count"], ["--unique"]])
def test_domain_encoding_past_its_bound_is_refused(cli_run, tmp_path: Path, mode: list[str]) -> None:
    """`--model domain` where a cell may hold more than `DOMAIN_UP_TO`: CP-SAT's presolve needed
    3.4 GB at 200,000 on a 2x2 grid and failed with `std::bad_alloc` (an internal error, exit 4)
    from about 800,000. Refused before CP-SAT starts: one line naming the bound, exit 2; the
    default (`auto`, the digit encoding there) and `--model digits` answer."""
    from boardlab.families.cnote.model_cpsat import DOMAIN_UP_TO

    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"family": "cnote", "target": 800_000, "grid": [[1, 2], [3, 4]]}))
    result = cli_run(["cnote", "solve", str(path), *mode, "--model", "domain", "--json"])
    assert result.code == 2 and result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert "799,999" in line and f"{DOMAIN_UP_TO:,}" in line and "--model digits" in line
    for model in ("auto", "digits") if mode != ["--count"] else ():  # counting takes minutes there
        result = cli_run(["cnote", "solve", str(path), *mode, "--model", model, "--json"])
        assert result.code == 0 and json.loads(result.stdout)["status"] == "solved"
