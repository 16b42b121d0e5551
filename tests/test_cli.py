"""The command line: JSON contract, exit codes, stdin, and bad input as one line with exit 2."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab.core import registry

RESULT_KEYS = {"family", "status", "instance", "solutions", "count", "unique", "stats"}
STATUSES = {"solved", "optimal", "feasible", "unsatisfiable", "unknown"}


def check_schema(obj: dict) -> None:
    assert set(obj) == RESULT_KEYS
    assert obj["status"] in STATUSES
    assert isinstance(obj["solutions"], list)
    assert obj["count"] is None or isinstance(obj["count"], int)
    assert obj["unique"] in (None, True, False)
    assert isinstance(obj["stats"]["seconds"], float) and "backend" in obj["stats"]


def test_solve_json(cli_run) -> None:
    run = cli_run(["nqueens", "solve", "8", "--json"])
    assert run.code == 0
    [obj] = run.json_lines()
    check_schema(obj)
    assert obj["status"] == "solved" and len(obj["solutions"][0]["queens"]) == 8


def test_count_json_and_fundamental(cli_run) -> None:
    [obj] = cli_run(["nqueens", "count", "8", "--json"]).json_lines()
    check_schema(obj)
    assert obj["count"] == 92
    [obj] = cli_run(["nqueens", "count", "8", "--fundamental", "--json"]).json_lines()
    assert obj["count"] == 12 and obj["stats"]["total"] == 92


def test_all_and_limit(cli_run) -> None:
    [obj] = cli_run(["nqueens", "solve", "6", "--all", "--json"]).json_lines()
    assert obj["count"] == 4 and len(obj["solutions"]) == 4
    [obj] = cli_run(["nqueens", "solve", "8", "--limit", "3", "--json"]).json_lines()
    assert len(obj["solutions"]) == 3


def test_no_solution_is_an_answer(cli_run) -> None:
    run = cli_run(["nqueens", "solve", "3", "--json"])
    assert run.code == 0 and run.json_lines()[0]["status"] == "unsatisfiable"
    run = cli_run(["nqueens", "solve", "2"])
    assert run.code == 0 and "no solution" in run.stdout


def test_time_limit_exit_code(cli_run) -> None:
    run = cli_run(["nqueens", "count", "18", "--time-limit", "0.001", "--json"])
    assert run.code == 3 and run.json_lines()[0]["status"] == "unknown"


@pytest.mark.parametrize(
    "args",
    [
        ["chess", "solve", "8"],
        ["nqueens", "solve", "0"],
        ["nqueens", "solve", "-5"],
        ["nqueens", "solve", "1.5"],
        ["nqueens", "solve", "eight"],
        ["nqueens", "solve", "8", "--limit", "x"],
        ["nqueens", "solve", "8", "--limit", "0"],
        ["nqueens", "solve", "8", "--all", "--unique"],
        ["nqueens", "solve", "8", "--backend", "quantum"],
        ["nqueens", "solve", "8", "--nonsense"],
        ["nqueens", "count", "8", "--fundamental", "--backend", "cpsat"],
        ["nqueens", "solve", "/no/such/file.txt"],
        ["nqueens", "frobnicate", "8"],
        ["nqueens", "check", "8", "{not json"],
        ["nqueens", "check", "8", '{"rows": [1]}'],
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli_run, args) -> None:
    run = cli_run(args)
    assert run.code == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardlab: error:"), run.stderr
    assert "Traceback" not in run.stderr


def test_binary_and_malformed_files(cli_run, tmp_path) -> None:
    garbage = tmp_path / "garbage"
    garbage.write_bytes(os.urandom(512) + b"\x00")
    run = cli_run(["nqueens", "solve", str(garbage)])
    assert run.code == 2 and str(garbage) in run.stderr and len(run.stderr.strip().splitlines()) == 1
    bad = tmp_path / "bad.txt"
    bad.write_text("..Q\n.Z.\n...\n")
    run = cli_run(["nqueens", "solve", str(bad)])
    assert run.code == 2 and f"{bad}:2:2" in run.stderr


def test_stdin_and_many_puzzles_keep_order_and_good_answers(cli_run) -> None:
    lines = b'{"n": 4}\n{"n": "x"}\n{"n": 3}\n{"n": 5, "fixed": [[0, 0]]}\n'
    run = cli_run(["nqueens", "solve", "-", "--json"], stdin=lines)
    assert run.code == 2
    objs = run.json_lines()
    assert [o["status"] for o in objs] == ["solved", "error", "unsatisfiable", "solved"]
    assert objs[1]["source"] == "<stdin>:2" and ":2:" in run.stderr
    assert objs[3]["solutions"][0]["queens"][0] == 0


def test_check_valid_and_invalid(cli_run, tmp_path) -> None:
    assert cli_run(["nqueens", "check", "4", '{"queens": [1, 3, 0, 2]}']).code == 0
    run = cli_run(["nqueens", "check", "4", '{"queens": [0, 1, 2, 3]}', "--json"])
    assert run.code == 1 and run.json_lines()[0]["valid"] is False and run.json_lines()[0]["violations"]
    solved = tmp_path / "solved.json"
    solved.write_text(cli_run(["nqueens", "solve", "9", "--json"]).stdout)
    assert cli_run(["nqueens", "check", "9", str(solved)]).code == 0
    assert cli_run(["nqueens", "check", "4", "-"], stdin=b'{"queens": [2, 0, 3, 1]}').code == 0


def test_render_svg_never_overwrites_without_asking(cli_run, tmp_path) -> None:
    target = tmp_path / "board.svg"
    run = cli_run(["nqueens", "render", "6", "--solve", "--svg", str(target)])
    assert run.code == 0 and target.read_text().startswith("<svg") and target.read_text().count("\u265b") == 6
    target.write_text("precious")
    run = cli_run(["nqueens", "render", "6", "--svg", str(target)])
    assert run.code == 2 and target.read_text() == "precious"
    assert cli_run(["nqueens", "render", "6", "--svg", str(target), "--force"]).code == 0
    assert target.read_text().startswith("<svg")


def test_render_terminal_and_generate(cli_run, tmp_path) -> None:
    assert "\u265b" in cli_run(["nqueens", "render", "5", "--solve"]).stdout
    run = cli_run(["nqueens", "generate", "--seed", "4", "--size", "7", "--json"])
    obj = run.json_lines()[0]
    assert run.code == 0 and obj["seed"] == 4 and obj["instance"]["n"] == 7
    out = tmp_path / "puzzle.txt"
    assert cli_run(["nqueens", "generate", "--seed", "4", "--size", "7", "--out", str(out)]).code == 0
    [again] = cli_run(["nqueens", "solve", str(out), "--unique", "--json"]).json_lines()
    assert again["unique"] is True and again["solutions"][0] == obj["solution"]


def test_families_listing(cli_run) -> None:
    listed = json.loads(cli_run(["families", "--json"]).stdout)
    assert "nqueens" in {f["name"] for f in listed}


def test_real_entry_points_without_traceback() -> None:
    """The installed console script and `python -m boardlab` behave the same. The script is the
    one installed beside this interpreter (a venv's `bin`), else the one on PATH (`pip install
    --user`)."""
    beside = Path(sys.executable).with_name("boardlab")
    script = str(beside) if beside.exists() else shutil.which("boardlab")
    assert script is not None, f"no console script beside {sys.executable} or on PATH: is boardlab installed?"
    for command in ([script], [sys.executable, "-m", "boardlab"]):
        done = subprocess.run(command + ["nqueens", "solve", "nine"], capture_output=True, text=True)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        done = subprocess.run(
            command + ["nqueens", "solve", "-", "--json"], input='{"n": 6}', capture_output=True, text=True
        )
        assert done.returncode == 0 and json.loads(done.stdout)["status"] == "solved"


def test_render_json_carries_the_svg(cli_run) -> None:
    [obj] = cli_run(["nqueens", "render", "5", "--solve", "--json"]).json_lines()
    assert obj["solution"]["queens"] and obj["svg"].startswith("<svg") and obj["instance"]["n"] == 5


# ---- text output: every verb of every family, in plain English -----------------------------------
#: Per family: the arguments of each verb, fast ones; PUZZLE is the file `FAMILY example` wrote.
TEXT_RUNS: dict[str, list[list[str]]] = {
    "nqueens": [
        ["solve", "6", "--all", "--limit", "2"],
        ["solve", "1"],
        ["count", "6"],
        ["count", "1"],
        ["generate", "--size", "6", "--seed", "1", "--show-solution"],
        ["check", "4", '{"queens": [0, 1, 2, 3]}'],
        ["render", "5", "--solve"],
        ["hint", "6", '{"queens": [1]}'],
        ["convert", "6", "--to", "json"],
    ],
    "armies": [
        ["solve", "5", "--m", "1", "--backend", "cpsat"],
        ["solve", "4", "--optimise", "--backend", "cpsat"],
        ["count", "3", "--m", "1"],
        ["generate", "--size", "5", "--seed", "1", "--show-solution"],
        ["check", "4", "--m", "1", '{"white": [[0, 0]], "black": [[0, 1]]}'],
        ["render", "4", "--m", "1", "--solve", "--attacks"],
        ["hint", "5", "--m", "1", '{"white": [[0, 0]], "black": []}'],
        ["convert", "5", "--m", "1"],
    ],
    "chessnum": [
        ["solve", "PUZZLE", "--explain"],
        ["count", "PUZZLE"],
        ["generate", "--seed", "1", "--show-solution"],
        ["check", "PUZZLE", '{"K": "a1", "Q": "a2", "R": "a3", "B": "a4", "N": "a5", "P": "a6"}'],
        ["render", "PUZZLE", "--solve"],
        ["hint", "PUZZLE"],
        ["convert", "PUZZLE", "--to", "json"],
        ["grade", "PUZZLE"],
        ["generate", "--detective", "--size", "6", "--seed", "2", "--show-solution"],
    ],
    "cnote": [
        ["solve", "PUZZLE"],
        ["count", "PUZZLE"],
        ["generate", "--size", "3", "--seed", "1", "--show-solution"],
        ["check", "PUZZLE", '{"grid": [[3, 7, 9, 9], [8, 2, 4, 7], [7, 7, 8, 5], [3, 2, 6, 7]]}'],
        ["render", "PUZZLE", "--solve"],
        ["hint", "PUZZLE"],
        ["convert", "PUZZLE"],
        ["grade", "PUZZLE"],
    ],
    "tents": [
        ["solve", "PUZZLE", "--unique"],
        ["count", "PUZZLE"],
        ["generate", "--size", "6", "--seed", "1", "--show-solution"],
        ["check", "PUZZLE", '{"tents": [[0, 1]]}'],
        ["render", "PUZZLE", "--solve"],
        ["hint", "PUZZLE", '{"tents": [[0, 1]], "empty": []}'],
        ["hint", "PUZZLE"],
        ["grade", "PUZZLE"],
        ["explain", "PUZZLE"],
        ["convert", "PUZZLE", "--to", "gameid"],
        ["convert", "PUZZLE", "--to", "puzzlink"],
    ],
}

#: Python reprs that must never reach the text output.
REPRS = re.compile(r"\{'|'\}|\[\[|\bNone\b|\bTrue\b|\bFalse\b|\(s\)")
#: "1" before a plural noun ("1 tents", "1 white queens").
WRONG_PLURAL = re.compile(
    r"(?<![\d.\[,])\b1 (?:white |black |given )?(?:tents|trees|queens|pieces|rows|columns|numbers|solutions|cells)\b"
)


def test_every_verb_has_an_example_and_text_runs_for_each_family() -> None:
    from boardlab.cli.commands import verbs_of
    from boardlab.core import registry

    assert set(TEXT_RUNS) == {family.name for family in registry.families()}
    for family in registry.families():
        assert {run[0] for run in TEXT_RUNS[family.name]} | {"example"} == set(verbs_of(family)), family.name


@pytest.mark.parametrize("family", sorted(TEXT_RUNS))
def test_text_output_is_plain_english(cli_run, tmp_path, family: str) -> None:
    puzzle = tmp_path / f"{family}.txt"
    assert cli_run([family, "example", str(puzzle)]).code == 0 and puzzle.read_text().strip()
    for args in TEXT_RUNS[family]:
        run = cli_run([family] + [str(puzzle) if a == "PUZZLE" else a for a in args])
        assert run.code in (0, 1), (args, run.stderr)
        text = run.stdout + run.stderr
        assert text.strip(), args
        assert not REPRS.search(text), (args, REPRS.search(text).group(0), text)
        assert not WRONG_PLURAL.search(text), (args, WRONG_PLURAL.search(text).group(0), text)


def test_plurals_are_right_in_messages(cli_run, tmp_path) -> None:
    puzzle = tmp_path / "tents.json"
    puzzle.write_text('{"family": "tents", "grid": ["T.", ".."], "rows": [0, 1], "cols": [0, 1]}')
    run = cli_run(["tents", "check", str(puzzle), '{"tents": [[0, 1]]}'])
    assert run.code == 1 and "row 0 has 1 tent, its clue is 0" in run.stdout, run.stdout
    run = cli_run(["nqueens", "check", "2", '{"queens": [0]}'])
    assert run.code in (1, 2) and "1 queen for a board of 2 rows" in run.stdout + run.stderr
    run = cli_run(
        ["armies", "render", "4", "--m", "1", "--solution", '{"white": [[0, 0]], "black": [[1, 2]]}']
    )
    assert "1 white and 1 black queen" in run.stdout and "queens" not in run.stdout


def test_generate_shows_the_solution_only_when_asked(cli_run) -> None:
    args = ["nqueens", "generate", "--size", "6", "--seed", "1"]
    [made] = cli_run(args + ["--json"]).json_lines()
    given = len(made["instance"].get("fixed", []))
    assert made["solution"]["queens"] and given < 6
    hidden = cli_run(args).stdout
    assert hidden.count("\u265b") == given and "--show-solution" in hidden
    shown = cli_run(args + ["--show-solution"]).stdout
    assert shown.count("\u265b") == given + 6 and "solution" in shown


def test_boards_carry_the_coordinates_messages_use(cli_run) -> None:
    board = cli_run(["nqueens", "render", "4", "--solution", '{"queens": [1, 3, 0, 2]}']).stdout.splitlines()
    assert board[0].split() == ["0", "1", "2", "3"]
    assert [line.split()[0] for line in board[1:5]] == ["0", "1", "2", "3"]
    assert board[3].split().index("\u265b") - 1 == 0  # row 2's queen in column 0
    chess = cli_run(["chessnum", "example", "-"]).stdout
    assert chess and "a b c d e f g h" in cli_run(["chessnum", "render", "-"], stdin=chess.encode()).stdout


def test_plain_words_for_every_json_value() -> None:
    from boardlab.cli.output import plain

    assert plain({"2": 32, "4": None}) == "(2: 32; 4: none)"
    assert plain([[0.138, None, 16], [1.5, 3, 9]]) == "[0.138, none, 16] [1.5, 3, 9]"
    assert plain({"grid": [[3, None], [None, 12]]}) == "(grid: [0, 0] = 3, [1, 1] = 12)"
    assert plain({"tents": [[7, 1]], "empty": []}) == "(tents: [7, 1]; empty: none)"
    assert (plain(True), plain(False), plain(0.123456), plain("x")) == ("yes", "no", "0.1235", "x")


def test_boards_to_a_pipe_are_plain_text_and_never_wrapped(tmp_path) -> None:
    """Not a terminal: boards are written as plain text, whole lines, however wide."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-m", "boardlab", "nqueens", "solve", "60"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "COLUMNS": "40"},
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    board = [line for line in lines if line.split()[:1] in (["0"], ["59"]) and "\u00b7" in line]
    assert len(board) == 2 and all(len(line) > 120 for line in board), lines[:5]
    assert "\x1b[" not in run.stdout


@pytest.mark.parametrize("family", [f.name for f in registry.families()])
def test_drawings_with_every_display_option_print_as_text(family: str, tmp_path) -> None:
    """`render --solve` with each drawing flag, to a pipe: the drawing's text, never the repr
    of a rich object (a board with notes below it is a rich Group, not a Text)."""
    import subprocess
    import sys

    chosen = registry.get(family)
    puzzle = tmp_path / "puzzle.txt"
    subprocess.run(
        [sys.executable, "-m", "boardlab", family, "example", str(puzzle)], check=True, timeout=120
    )
    flags = [o.name for o in chosen.options if "render" in o.verbs and o.type is bool]
    for flag in [None, *flags]:
        args = [sys.executable, "-m", "boardlab", family, "render", str(puzzle), "--solve"]
        run = subprocess.run(
            args + ([f"--{flag}"] if flag else []), capture_output=True, text=True, timeout=120
        )
        assert run.returncode == 0, run.stderr
        assert "<rich." not in run.stdout and " object at 0x" not in run.stdout, (flag, run.stdout)
        assert len(run.stdout.splitlines()) >= 3, (flag, run.stdout)


@pytest.mark.parametrize("as_json", [False, True])
def test_a_reader_that_stops_early_ends_the_command_quietly(as_json: bool) -> None:
    """`boardlab ... | head -1`: the reader closes the pipe; the command ends with exit 0 and
    nothing on stderr, for the terminal output (rich, whose own answer is exit 1) as for JSON."""
    args = [sys.executable, "-m", "boardlab", "nqueens", "solve", "12", "--all"] + (
        ["--json"] if as_json else []
    )
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(20)
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait(timeout=120) == 0, stderr
    assert stderr == b""


@pytest.mark.parametrize(
    "args",
    [
        ["nqueens", "render", "8", "--solve"],  # a board written as plain text
        ["--version"],
        ["tents", "example", "-"],  # a file written to stdout
        ["armies", "convert", "8", "--m", "9", "--to", "json"],
        ["bench", "--list"],
        ["nqueens", "solve", "8", "--json"],
        ["armies", "render", "5", "--m", "4", "--solve"],  # through rich
    ],
    ids=lambda args: "-".join(args[:2]),
)
def test_a_reader_gone_before_the_first_line_ends_the_command_quietly(args: list[str]) -> None:
    """The reader's end of the pipe is closed before the command starts, so its very first write
    fails, whichever way it writes (one of them once ended with click's exit 1)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        run = subprocess.run(
            [sys.executable, "-m", "boardlab", *args], stdout=writer, stderr=subprocess.PIPE, timeout=120
        )
    finally:
        os.close(writer)
    assert (run.returncode, run.stderr) == (0, b"")


@pytest.mark.parametrize(
    "args",
    [
        ["cnote", "generate", "--size", "3", "--out", "{path}"],
        ["tents", "convert", "{puzzle}", "--to", "json", "--out", "{path}"],
        ["cnote", "render", "{puzzle}", "--solve", "--svg", "{path}"],
    ],
    ids=["generate", "convert", "render"],
)
def test_an_existing_output_file_is_refused_before_the_work(cli_run, monkeypatch, tmp_path, args) -> None:
    """`generate --out FILE` generated (up to its time) before refusing an existing FILE; every
    command that works before it writes now refuses first, and leaves the file as it was."""
    from boardlab.core import requests

    def no_work(*_: object, **__: object) -> None:
        raise AssertionError("the command worked before refusing its output file")

    for name in ("generate", "convert", "draw", "read_instances", "read_instance"):
        monkeypatch.setattr(requests, name, no_work)
    path = tmp_path / "kept.txt"
    path.write_text("mine\n")
    puzzle = tmp_path / "p.txt"
    puzzle.write_text("x\n")
    result = cli_run([a.format(path=path, puzzle=puzzle) for a in args])
    assert (result.code, result.stdout) == (2, "")
    assert "file exists (use --force to overwrite)" in result.stderr and path.read_text() == "mine\n"
