"""The command line: answers, JSON, exit codes, and one-line errors for bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from boardlab.cli import main

from .conftest import DATA, published

EXAMPLE = ".1.6....\n........\n....2...\n........\n...0....\n........\n........\n........\n"


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(["chessnum", *args])
    captured = capsys.readouterr()
    return stop.value.code, captured.out, captured.err


@pytest.fixture
def example(tmp_path):
    path = tmp_path / "example.txt"
    path.write_text(EXAMPLE)
    return str(path)


def test_solve_unique_json(capsys, example) -> None:
    code, out, _ = run(capsys, "solve", example, "--unique", "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["unique"] is True
    assert data["solutions"] == [published()[0]["solution"]]


def test_solve_published_json_file(capsys) -> None:
    code, out, _ = run(capsys, "solve", str(DATA / "chessnum-04.json"), "--all", "--json")
    data = json.loads(out)
    assert code == 0 and data["count"] == 1


def test_explain_lists_attackers(capsys, example) -> None:
    code, out, _ = run(capsys, "solve", example, "--explain")
    assert code == 0 and "d8 = 6: king d7" in out
    code, out, _ = run(capsys, "solve", example, "--explain", "--json")
    assert code == 0 and "attackers" not in json.loads(out)["stats"]  # a drawing option, not a statistic


def test_count_and_unsatisfiable(capsys, tmp_path) -> None:
    path = tmp_path / "none.json"
    path.write_text(json.dumps({"clues": {"a1": 6, "h8": 6}}))
    code, out, _ = run(capsys, "count", str(path), "--json")
    assert code == 0 and json.loads(out)["status"] == "unsatisfiable"


def test_pieces_option(capsys, tmp_path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("pieces: QR\n....\n....\n....\n2...\n")
    code, out, _ = run(capsys, "solve", str(path), "--count", "--json")
    assert code == 0 and json.loads(out)["instance"]["pieces"] == "QR"
    code, out, _ = run(capsys, "solve", str(path), "--count", "--json", "--pieces", "QRN")
    assert code == 0 and json.loads(out)["instance"]["pieces"] == "QRN"


def test_check(capsys, example) -> None:
    good = json.dumps(published()[0]["solution"])
    assert run(capsys, "check", example, good)[0] == 0
    bad = json.dumps(dict(published()[0]["solution"], P="h1"))
    code, out, _ = run(capsys, "check", example, bad)
    assert code == 1 and "shows" in out
    code, out, _ = run(capsys, "check", example, '{"K": "d7"}')  # incomplete: invalid, not bad input
    assert code == 1 and "the solution places 0" in out


@pytest.mark.parametrize(
    "solution,pieces,words",
    [
        # the repro: two queens where the puzzle has one (it was exit 2, bad input)
        (
            {"K": "a1", "Q": ["b2", "c3"], "R": "d4", "B": "e5", "N": "f6", "P": "g2"},
            None,
            "1 Q, the solution places 2",
        ),
        # too few still reads the same way
        ({"K": "a1", "R": "d4", "B": "e5", "N": "f6", "P": "g2"}, None, "1 Q, the solution places 0"),
        # repeated pieces: three knights of two
        (
            {"K": "a1", "Q": "b2", "R": "c3", "B": "e5", "N": ["f6", "g1", "h2"], "P": "g2"},
            "KQRBNNP",
            "2 N, the solution places 3",
        ),
        # a letter the puzzle has none of: one pawn too many
        (
            {"K": "a1", "Q": "b2", "R": "c3", "B": "e5", "N": "f6", "P": "g2"},
            "KQRBNN",
            "0 P, the solution places 1",
        ),
    ],
)
def test_check_wrong_counts_are_invalid_not_bad_input(capsys, example, solution, pieces, words) -> None:
    """A well-formed solution placing too many or too few of a piece is invalid (exit 1, the
    violation listed, text and JSON alike), never bad input (exit 2)."""
    extra = ["--pieces", pieces] if pieces else []
    code, out, err = run(capsys, "check", example, json.dumps(solution), *extra)
    assert (code, err) == (1, "") and out.startswith("invalid") and words in out
    code, out, err = run(capsys, "check", example, json.dumps(solution), "--json", *extra)
    answer = json.loads(out)
    assert code == 1 and answer["status"] == "invalid" and answer["valid"] is False
    assert any(words in problem for problem in answer["violations"])


@pytest.mark.parametrize(
    "solution",
    [
        '{"K": "a1", "Q": ["b2", "zz"]}',  # not a square name
        '{"K": "a1", "Q": ["b2", "i1"]}',  # off the 8x8 board
        '{"K": "a1", "X": "b2"}',  # not a piece letter
        '{"K": ["a1", 3]}',  # wrong JSON type
        '["K", "a1"]',  # not an object
        '{"K": "a1", "b2": "Q"}',  # both shapes mixed
    ],
)
def test_check_malformed_solution_is_bad_input(capsys, example, solution) -> None:
    code, out, err = run(capsys, "check", example, solution)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_render_svg(capsys, example, tmp_path) -> None:
    path = tmp_path / "board.svg"
    code, _, _ = run(capsys, "render", example, "--solve", "--explain", "--svg", str(path))
    assert code == 0
    root = ET.fromstring(path.read_text())
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "6" in texts and "\u265b" in texts
    assert len(list(root.iter("{http://www.w3.org/2000/svg}line"))) == 1 + 6 + 2  # one per attack


def test_render_solution_with_a_piece_on_a_number_shows_both(capsys, example, tmp_path) -> None:
    """`render --solution` with the rook on the 0 of d4: the terminal shows the rook and the 0
    (it showed the 0 only), the SVG the same, and the rule broken is named."""
    given = json.dumps({"K": "a1", "Q": "b2", "R": "d4", "B": "e5", "N": "f6", "P": "g2"})
    code, out, err = run(capsys, "render", example, "--solution", given)
    assert code == 0 and "\u265c0" in out and "the rook on the numbered square d4 (0)" in out
    assert "invalid" in err
    path = tmp_path / "b.svg"
    code, _, _ = run(capsys, "render", example, "--solution", given, "--svg", str(path))
    texts = [t.text for t in ET.fromstring(path.read_text()).iter("{http://www.w3.org/2000/svg}text")]
    assert code == 0 and "\u265c0" in texts


def test_generate_json_deterministic(capsys) -> None:
    first = json.loads(run(capsys, "generate", "--size", "5", "--seed", "4", "--json")[1])
    second = json.loads(run(capsys, "generate", "--size", "5", "--seed", "4", "--json")[1])
    assert first["instance"] == second["instance"] and first["solution"] == second["solution"]
    assert first["instance"]["size"] == 5


@pytest.mark.parametrize(
    "content,where",
    [
        (".1.6....\n........\n..x.2...\n", ":3:3:"),
        ("....\n....\n....\n...\n", ":4:"),
        ('{"clues": {"b8": 9}}', "clue b8"),
        ('{"clues": {"b8": 1}', "malformed JSON"),
        ("", "empty input"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, tmp_path, content, where) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(content)
    code, out, err = run(capsys, "solve", str(path))
    assert code == 2
    assert where in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "no-such-file.txt"],
        ["generate", "--size", "3"],
        ["generate", "--size", "17"],
        ["generate", "--pieces", "KQZ"],
        ["solve", "EXAMPLE", "--model", "magic"],
        ["solve", "EXAMPLE", "--pieces", "QQ"],
        ["check", "EXAMPLE", "{not json"],
        ["solve", "EXAMPLE", "--all", "--unique"],
    ],
)
def test_bad_usage_exit_2(capsys, example, args) -> None:
    args = [example if a == "EXAMPLE" else a for a in args]
    code, _, err = run(capsys, *args)
    assert code == 2 and "Traceback" not in err and err.strip()


def test_a_tiny_time_limit_is_unknown_or_answered(capsys, example) -> None:
    code, out, _ = run(capsys, "solve", example, "--unique", "--time-limit", "0.001", "--json")
    assert code in (0, 3)
    assert json.loads(out)["status"] in ("solved", "unknown")


def test_pieces_option_admits_clues_above_six(cli_run, tmp_path) -> None:
    """--pieces applies before the clue range is checked: a file without a 'pieces:' line may
    hold a 7, and counts the same as the file that names the pieces itself."""
    board = "....\n..7.\n....\n....\n"
    bare, named, as_json = tmp_path / "bare.txt", tmp_path / "named.txt", tmp_path / "bare.json"
    bare.write_text(board)
    named.write_text("pieces: KQRBNNP\n" + board)
    as_json.write_text(json.dumps({"size": 4, "clues": {"c3": 7}}))
    expected = cli_run(["chessnum", "count", str(named), "--json"])
    assert expected.code == 0, expected.stderr
    count = json.loads(expected.stdout)["count"]
    assert count > 0
    for path in (bare, as_json):
        run = cli_run(["chessnum", "count", str(path), "--pieces", "KQRBNNP", "--json"])
        assert run.code == 0, run.stderr
        data = json.loads(run.stdout)
        assert data["count"] == count and data["instance"]["pieces"] == "KQRBNNP"
    # without --pieces (or with too few pieces) the clue is still an error: one line, located
    run = cli_run(["chessnum", "solve", str(bare)])
    assert run.code == 2 and f"{bare}:2:3:" in run.stderr and "--pieces" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
    run = cli_run(["chessnum", "solve", str(as_json), "--pieces", "QR"])
    assert run.code == 2 and str(as_json) in run.stderr and "2 pieces (QR)" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
