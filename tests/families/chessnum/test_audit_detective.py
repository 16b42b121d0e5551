"""Cases found by an adversarial audit of the Detektivschach variant (thirty-second session)."""

from __future__ import annotations

import json

import pytest

from boardlab.core.errors import BadInput
from boardlab.families.chessnum.io import make_instance, solution_from_json

# Detektivschach, 4x4, KQRN on a1 b1 c3 d4, one clue (the solution's value does not matter here).
MARKED = [(0, 0), (1, 0), (2, 2), (3, 3)]


@pytest.mark.parametrize(
    "solution",
    [
        {"K": "a1", "Q": "a1", "R": "c3", "N": "d4"},  # by piece
        {"a1": "K", "A1": "Q", "c3": "R", "d4": "N"},  # by square, a1 named twice in two cases
    ],
)
def test_two_pieces_on_one_marked_square_are_named(family, solution) -> None:
    """Written by square, the two pieces on a1 collapsed into one key: `check` reported "the
    puzzle has 1 K, the solution places 0" (a piece missing) instead of the two on one square."""
    instance = make_instance(4, "KQRN", [((3, 0), 1)], occupied=MARKED)
    problems = family.check(instance, solution)
    assert "K and Q are both on a1" in problems
    assert "no piece stands on the marked square b1" in problems
    assert not any("places" in p for p in problems), problems
    # both pieces survive the normalisation that `check` and `render --solution` apply
    normalised = solution_from_json(instance, solution)
    assert normalised == {"K": "a1", "Q": "a1", "R": "c3", "N": "d4"}
    # a placement without such a mistake keeps the by-square shape of the variant
    assert solution_from_json(instance, {"K": "b1", "Q": "a1", "R": "c3", "N": "d4"}) == {
        "a1": "Q",
        "b1": "K",
        "c3": "R",
        "d4": "N",
    }


# ---- clues above 9: the text format cannot hold them ------------------------------------------
def run(capsys, *args: str) -> tuple[int, str, str]:
    from boardlab.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["chessnum", *args])
    captured = capsys.readouterr()
    return stop.value.code, captured.out, captured.err


def test_generate_shows_a_puzzle_with_a_clue_above_9_as_json(capsys, tmp_path) -> None:
    """The puzzle was made and drawn, then `generate` failed with exit 2 ("clues above 9
    cannot be written in the text format") while printing its text form; `boardlab.generate`
    and the web API's `generate` raised the same error for a good puzzle."""
    args = ("generate", "--size", "6", "--pieces", "KKKKKNNNNN", "--seed", "0")
    code, _, err = run(capsys, *args, "--json")
    assert code == 0, err
    made = json.loads(_out_of(capsys, args, "--json"))["instance"]
    assert max(made["clues"].values()) > 9  # the case in point
    code, out, err = run(capsys, *args)
    assert code == 0 and err == "", err
    [line] = [line for line in out.splitlines() if line.startswith("{")]
    assert json.loads(line) == made  # the JSON shown reads back to the puzzle
    path = tmp_path / "shown.txt"
    path.write_text(line + "\n")
    code, out, _ = run(capsys, "solve", str(path), "--unique", "--json")
    assert code == 0 and json.loads(out)["unique"] is True


def _out_of(capsys, args: tuple[str, ...], *extra: str) -> str:
    code, out, err = run(capsys, *args, *extra)
    assert code == 0, err
    return out


def test_text_of_a_puzzle_with_a_clue_above_9_reads_back() -> None:
    """`Puzzle.text` and the web API's `parse` (`requests.instance_json(..., text=True)`) raised
    BadInput for a valid puzzle with a clue of 10; they give its JSON, which reads back."""
    import boardlab
    from boardlab.core import registry, requests

    puzzle = boardlab.puzzle("chessnum", size=8, pieces="KKQQRRBBNNN", clues={"d4": 10, "a1": 0})
    assert boardlab.load(puzzle.text, family="chessnum") == puzzle
    answer = requests.instance_json(registry.get("chessnum"), puzzle.instance, text=True)
    assert json.loads(answer["text"]) == answer["instance"]
    # asked for the text format by name, it is still refused
    with pytest.raises(BadInput, match="clue d4 = 10: clues above 9"):  # names the clue
        boardlab.convert(puzzle, to="text")
    # a puzzle the text format holds is shown in it, as before
    small = boardlab.puzzle("chessnum", size=4, pieces="KQ", clues={"a1": 1})
    assert small.text == "pieces: KQ\n....\n....\n....\n1...\n"


def test_generate_out_keeps_a_puzzle_with_a_clue_above_9(capsys, tmp_path) -> None:
    """`generate --out p.txt` made the puzzle, then failed (exit 2) without writing it; the
    file now holds it as JSON, said on stderr, and reads back to the same puzzle."""
    path = tmp_path / "p.txt"
    code, _, err = run(
        capsys, "generate", "--size", "6", "--pieces", "KKKKKNNNNN", "--seed", "0", "--out", str(path)
    )
    assert code == 0 and "as JSON" in err and "Traceback" not in err
    written = json.loads(path.read_text())
    assert max(written["clues"].values()) > 9
    code, out, _ = run(capsys, "solve", str(path), "--unique", "--json")
    assert code == 0 and json.loads(out)["instance"] == written


def test_error_in_a_json_list_names_the_puzzle_index(capsys, tmp_path) -> None:
    """In a JSON list of puzzles, the error line said only the file (`list.json: c2 is both
    marked ...`), not which puzzle, though the `--json` record's source had the index."""
    path = tmp_path / "list.json"
    good = {"size": 4, "pieces": "KQ", "clues": {"c2": 1}, "occupied": ["a4", "b3"]}
    bad = {"size": 4, "pieces": "KQ", "clues": {"c2": 1}, "occupied": ["a4", "c2"]}
    path.write_text(json.dumps([good, bad]))
    code, out, err = run(capsys, "solve", str(path), "--count")
    assert code == 2 and "count: 2" in out
    [line] = err.strip().splitlines()
    assert line == f"boardlab: error: {path}[1]: c2 is both marked (a piece stands there) and numbered"


def test_a_huge_clue_is_shown_cut_short(capsys, tmp_path) -> None:
    """A clue of 4 000 digits was printed whole in the error line (4 KB); it is cut like every
    value a message shows (`core.words.shown`)."""
    path = tmp_path / "huge.json"
    path.write_text('{"clues": {"a1": ' + "9" * 4000 + "}}")
    code, _, err = run(capsys, "solve", str(path))
    [line] = err.strip().splitlines()
    assert code == 2 and "clue a1: clue 999" in line and "..." in line and len(line) < 300
