"""Cases found by an adversarial audit (session 42): bad input that was accepted silently."""

from __future__ import annotations

import json

import pytest

from boardlab.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(["chessnum", *args])
    captured = capsys.readouterr()
    return stop.value.code, captured.out, captured.err


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.mark.parametrize(
    "text,key",
    [
        ('{"family": "chessnum", "clues": {"b8": 1, "b8": 2}}', "b8"),
        (
            '{"family": "chessnum", "pieces": "KQ", "clues": {"a1": 1}, "occupied": ["c3"], "pieces": "K"}',
            "pieces",
        ),
        ('[{"clues": {"d4": 0, "d4": 1}}]', "d4"),
    ],
)
def test_duplicate_json_keys_are_bad_input(capsys, tmp_path, text, key) -> None:
    """A JSON object naming one square twice kept the last value silently (exit 0)."""
    path = tmp_path / "dup.json"
    path.write_text(text)
    code, out, err = run(capsys, "solve", str(path))
    assert code == 2 and out == ""
    line = one_error_line(err)
    assert str(path) in line and f"'{key}'" in line and "twice" in line


def test_duplicate_key_in_a_solution_is_bad_input(capsys, tmp_path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"family": "chessnum", "pieces": "KQ", "clues": {"a1": 1}}))
    code, _, err = run(capsys, "check", str(path), '{"K": "c3", "Q": "h8", "K": "b2"}')
    assert code == 2 and "'K'" in one_error_line(err)


def test_empty_json_list_is_bad_input(capsys, tmp_path) -> None:
    """`[]` printed nothing and exited 0."""
    path = tmp_path / "empty.json"
    path.write_text("[]\n")
    for verb in ("solve", "grade", "render"):
        code, out, err = run(capsys, verb, str(path))
        assert code == 2 and out == "", verb
        assert "no puzzle" in one_error_line(err)


def test_generate_empty_pieces_is_bad_input(capsys) -> None:
    """`generate --pieces ''` made a KQRBNP puzzle as if no --pieces was given."""
    for extra in ((), ("--detective",)):
        code, out, err = run(capsys, "generate", "--size", "4", "--pieces", "", "--seed", "1", *extra)
        assert code == 2 and out == ""
        assert "--pieces" in one_error_line(err)


def test_duplicate_key_in_json_lines_names_its_line(capsys, tmp_path) -> None:
    path = tmp_path / "two.jsonl"
    path.write_text('{"clues": {"b8": 1, "d8": 6, "e6": 2, "d4": 0}}\n{"clues": {"d4": 0, "d4": 1}}\n')
    code, out, err = run(capsys, "solve", str(path), "--json")
    assert code == 2 and json.loads(out.splitlines()[0])["status"] == "solved"
    assert f"{path}:2: a JSON object names 'd4' twice" in err


# ---- session 43 --------------------------------------------------------------------------------
FRIEDMAN = ".1.6....\n........\n....2...\n........\n...0....\n........\n........\n........\n"
SOLUTION = '{"K": "d7", "Q": "g8", "R": "c8", "B": "a5", "N": "b7", "P": "e7"}'


@pytest.fixture
def puzzle_file(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(FRIEDMAN)
    return str(path)


@pytest.mark.parametrize(
    "args,where",
    [
        (("check", "{puzzle}", ""), "SOLUTION_JSON"),
        (("check", "{puzzle}", "  "), "SOLUTION_JSON"),
        (("check", "", SOLUTION), "PUZZLE"),
        (("hint", "{puzzle}", ""), "PARTIAL_JSON"),
        (("render", "{puzzle}", "--solution", ""), "--solution"),
        (("solve", ""), "PUZZLE"),
        (("grade", "{puzzle}", ""), "PUZZLE"),
        (("convert", "", "--to", "json"), "PUZZLE"),
        (("example", ""), "FILE"),
        (("render", "{puzzle}", "--svg", ""), "--svg"),
        (("convert", "{puzzle}", "--out", ""), "--out"),
        (("generate", "--size", "4", "--seed", "1", "--out", ""), "--out"),
    ],
)
def test_an_empty_path_says_so(capsys, puzzle_file, args, where) -> None:
    """`check PUZZLE ''` said ": cannot read file" (an empty name before the colon); every
    argument naming a file, read or written, now says "empty file name" and which argument."""
    code, out, err = run(capsys, *(a.replace("{puzzle}", puzzle_file) for a in args))
    line = one_error_line(err)
    assert code == 2 and f"error: {where}: empty file name" in line, line
    assert ": :" not in line and "cannot" not in line


@pytest.mark.parametrize(
    "args,flag",
    [
        (("example", "{dir}"), "FILE"),
        (("render", "{puzzle}", "--svg", "{dir}"), "--svg"),
        (("convert", "{puzzle}", "--out", "{dir}"), "--out"),
        (("generate", "--size", "4", "--seed", "1", "--out", "{dir}"), "--out"),
    ],
)
@pytest.mark.parametrize("force", [False, True])
def test_a_directory_as_output_path_says_so(capsys, tmp_path, puzzle_file, args, flag, force) -> None:
    """A directory given to write to said "file exists (use --force to overwrite)", and with
    --force "cannot write file: Is a directory"; now one line saying it is a directory."""
    folder = tmp_path / "out"
    folder.mkdir()
    given = [a.replace("{puzzle}", puzzle_file).replace("{dir}", str(folder)) for a in args]
    code, _, err = run(capsys, *given, *(["--force"] if force else []))
    line = one_error_line(err)
    assert code == 2 and f"error: {folder}: is a directory ({flag} needs a file name)" in line, line
    assert "exists" not in line and "cannot write" not in line


def _columns(line: str, margin: int, width: int, count: int) -> list[str]:
    return [line[margin + i * width : margin + (i + 1) * width] for i in range(count)]


def test_two_digit_clues_keep_the_columns_apart(capsys, tmp_path) -> None:
    """Clues of 10 or more ran into the next square ("1011" for 10 beside 11: squares were two
    characters wide); the squares are now three wide when a clue has two digits."""
    path = tmp_path / "big.json"
    clues = {"a16": 10, "b16": 11, "c16": 3, "p16": 12, "d8": 10, "a1": 0}
    path.write_text(json.dumps({"family": "chessnum", "size": 16, "pieces": "KQQRRBBNNPPPP", "clues": clues}))
    code, out, _ = run(capsys, "render", str(path))
    assert code == 0
    lines = out.rstrip("\n").split("\n")
    assert len(lines) == 17 and len({len(line.rstrip()) for line in lines[:16]}) <= 2
    margin, width = 3, 3  # "16 " before the squares
    top = _columns(lines[0], margin, width, 16)
    assert [top[0].strip(), top[1].strip(), top[2].strip(), top[15].strip()] == ["10", "11", "3", "12"]
    assert all(cell != cell.strip() for cell in top[:3]), top  # a space inside every square
    assert _columns(lines[8], margin, width, 16)[3].strip() == "10"  # d8
    assert [label.strip() for label in _columns(lines[16], margin, width, 16)] == list("abcdefghijklmnop")
    small = tmp_path / "small.txt"  # one-digit clues: squares stay two wide
    small.write_text(FRIEDMAN)
    code, out, _ = run(capsys, "render", str(small))
    assert out.split("\n")[0].rstrip() == "8 · 1 · 6 · · · ·"


def test_two_digit_clues_in_a_detective_solution(capsys, tmp_path) -> None:
    """Detektivschach with repeated pieces: a clue of 10 beside pieces, drawn with the solution."""
    path = tmp_path / "det.json"
    data = {
        "family": "chessnum",
        "size": 5,
        "pieces": "QQQQRRBBNNNN",
        "clues": {"c3": 10},
        "occupied": ["a2", "a4", "b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4", "e2", "e4"],
    }
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "solve", str(path))
    assert code == 0, err
    rows = out.split("\n")[1:6]  # after the status line: ranks 5 to 1
    assert [row[:1] for row in rows] == list("54321"), out
    middle = _columns(rows[2], 2, 3, 5)  # rank 3
    assert middle[2].strip() == "10" and all(
        len(cell.strip()) == 1 for i, cell in enumerate(middle) if i != 2
    )


DETECTIVE = (
    "pieces: KQRRBBNN\n.......*\n1.......\n.....2..\n*.....**\n*..2...2\n1....1..\n.*.*.*..\n...2....\n"
)
DETECTIVE_SOLUTION = {"a4": "B", "a5": "N", "b2": "B", "d2": "K", "f2": "Q", "g5": "R", "h5": "R", "h8": "N"}


@pytest.mark.parametrize("key", ["A4", "a4", " a4 ", "A4 "])
def test_check_and_hint_read_the_same_square_keys(capsys, tmp_path, key) -> None:
    """`hint` refused the square key "A4" (a by-square placement) that `check` accepts: its
    partial-placement check knew lower-case squares only."""
    path = tmp_path / "det.txt"
    path.write_text(DETECTIVE)
    solution = {key if square == "a4" else square: piece for square, piece in DETECTIVE_SOLUTION.items()}
    code, out, err = run(capsys, "check", str(path), json.dumps(solution))
    assert (code, out.strip()) == (0, "valid"), err
    code, out, err = run(capsys, "hint", str(path), json.dumps({key: "b", "D2": "K"}), "--json")
    assert code == 0, err
    assert json.loads(out)["status"] == "progress"


@pytest.mark.parametrize("square", ["D7", "d7", " D7"])
def test_check_and_hint_read_the_same_square_values(capsys, puzzle_file, square) -> None:
    solution = json.loads(SOLUTION) | {"K": square}
    code, out, err = run(capsys, "check", puzzle_file, json.dumps(solution))
    assert (code, out.strip()) == (0, "valid"), err
    code, out, err = run(capsys, "hint", puzzle_file, json.dumps({"k": [square]}), "--json")
    assert code == 0 and json.loads(out)["status"] == "progress", err


def test_every_square_the_family_reads_passes_the_partial_check() -> None:
    """The shape check of `hint` (`schemas.partial_problem`) and the family's square parser
    (`parse_square`, which `check`, `hint` and `render` use) accept the same square keys."""
    from boardlab.core.schemas import partial_problem
    from boardlab.families.chessnum.io import FILES, parse_square

    for name in [f"{f}{r}" for f in FILES for r in range(1, 17)]:
        for spelled in (name, name.upper(), f" {name}"):
            assert parse_square(spelled, 16) is not None
            assert partial_problem("chessnum", {spelled: "Q"}) is None, spelled
    for piece in "KQRBNPkqrbnp":
        assert partial_problem("chessnum", {piece: "a1"}) is None
    for wrong in ("x1", "Z", "queens", "a 1"):
        assert partial_problem("chessnum", {wrong: "Q"}) is not None, wrong


def test_grade_takes_pieces_as_solve_does(capsys, tmp_path) -> None:
    """`grade` had no --pieces (solve, generate, check, hint, render and convert have it), so a
    file whose clues need other pieces could not be graded."""
    from boardlab.core.registry import get

    [pieces] = [o for o in get("chessnum").options if o.name == "pieces"]
    assert {"solve", "generate", "grade"} <= set(pieces.verbs)  # one declaration, every verb
    path = tmp_path / "seven.txt"
    path.write_text(FRIEDMAN.replace(".1.6....", ".1.7...."))
    code, out, err = run(capsys, "grade", str(path))
    assert code == 2 and "--pieces" in one_error_line(err)
    code, out, err = run(capsys, "grade", str(path), "--pieces", "KQRBNNP", "--json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["instance"]["pieces"] == "KQRBNNP" and answer["difficulty"]
    code, solved, err = run(capsys, "solve", str(path), "--pieces", "KQRBNNP", "--json")
    solvable = json.loads(solved)["status"] == "solved"
    assert (answer["difficulty"] != "unsolvable") == solvable
    code, _, err = run(capsys, "grade", str(path), "--pieces", "KQX")
    assert code == 2 and "--pieces" in one_error_line(err)
