"""Bad values in JSON are reported at their line and column (DESIGN.md: "one line saying what is
wrong and where (file, line, column)"); until the thirty-fourth session only malformed JSON had
a line and column, and a bad value was named by its JSON path alone (`a.json: grid[1][1] ...`).

The raisers give the value's JSON path (`BadInput.path`); `core.io.json_offset` finds where that
value starts in the text. Checked here: the walk against `json`'s own decoder on random documents
and layouts, and every family's instance and solution readers end to end through the CLI.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.errors import BadInput, key_path
from boardlab.core.io import json_offset, locate, parse_document
from boardlab.core.registry import get

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)


def _paths(value: Any, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found = [prefix]
    if isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*prefix, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    return found


def _at(value: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@settings(max_examples=300, deadline=None)
@given(values, st.sampled_from([None, 0, 2, "\t"]), st.booleans(), st.data())
def test_the_offset_of_every_path_is_where_that_value_starts(value, indent, ascii_only, data) -> None:
    """On any document, in any layout (one line, indented, tabs, escapes), the offset of every
    path is where `json` decodes exactly the value at that path; a path into nothing has none."""
    text = " \n" + json.dumps(value, indent=indent, ensure_ascii=ascii_only) + "\n"
    path = data.draw(st.sampled_from(_paths(value)))
    at = json_offset(text, path)
    assert at is not None
    decoded, _ = json.JSONDecoder().raw_decode(text, at)
    assert decoded == _at(value, path) or decoded != decoded  # (no NaN: floats exclude it)
    assert json_offset(text, (*path, "no such key")) is None
    assert json_offset(text, (*path, 10**6)) is None
    if isinstance(_at(value, path), list):  # one past its end, even inside another list
        assert json_offset(text, (*path, len(_at(value, path)))) is None
    if isinstance(_at(value, path), str):  # each character where it is written, escaped or not
        string = _at(value, path)
        for index, character in enumerate(string):
            spot = json_offset(text, (*path, index))
            assert spot is not None
            escape = re.match(r"\\u[0-9a-fA-F]{4}(\\u[dD][c-fC-F][0-9a-fA-F]{2})?|\\.|.", text[spot:], re.S)
            assert escape is not None and json.loads(f'"{escape.group()}"') == character
        assert json_offset(text, (*path, len(string))) is None
    if path and isinstance(path[-1], str):  # the key itself, where a key is at fault
        spot = json_offset(text, key_path(path))
        assert spot is not None and json.JSONDecoder().raw_decode(text, spot)[0] == path[-1]


def test_a_located_error_keeps_its_class_and_names_line_and_column() -> None:
    from boardlab.core.errors import Unsupported

    text = '{"a": [1,\n  2, {"b": true}]}'
    error = locate(Unsupported("no", path=("a", 2, "b")), text)
    assert isinstance(error, Unsupported) and (error.line, error.column) == (2, 12)
    assert locate(BadInput("no", path=("a", 9)), text).line is None  # no such value: unplaced
    assert json_offset("[[1], 2]", (0, 1)) is None and json_offset("[[1], 2]", (1,)) == 6
    assert locate(BadInput("no", line=7, path=("a",)), text).line == 7  # a place is kept


def test_a_key_and_a_character_of_a_string_are_placed() -> None:
    """A `JsonKey` step is placed at the key, an index into a string at its character (an escape
    or a surrogate pair counting as the one character it stands for); past the end: nothing."""
    from boardlab.core.errors import JsonKey

    text = '{"a": "x\\u00e9\\ud83d\\ude00\\"y", "b": 1}'
    assert [json_offset(text, ("a", i)) for i in range(5)] == [7, 8, 14, 26, 28]
    assert json_offset(text, ("a", 5)) is None and json_offset(text, ("b", 0)) is None
    assert json_offset(text, (JsonKey("b"),)) == 32 and json_offset(text, (JsonKey("c"),)) is None
    assert json_offset(text, (JsonKey("a"), 0)) is None  # a key names no value inside it
    assert key_path(("clues", "z9")) == ("clues", "z9") and isinstance(key_path(("clues", "z9"))[-1], JsonKey)
    assert key_path(("grid", 1)) == ("grid", 1)


def _where(text: str, needle: str) -> tuple[int, int]:
    """Line and column (1-based) of the only occurrence of `needle` in `text`."""
    assert text.count(needle) == 1, needle
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


# (family, document, the text that starts the bad value, words of the message)
DOCUMENTS = [
    (
        "cnote",
        '{"family": "cnote",\n "grid": [[8, 8, 4],\n  [6, "x", 5],\n  [3, 6, 1]]}',
        '"x"',
        "grid[1][1]",
    ),
    ("cnote", '{"grid": [[1, 2], [3, 4]],\n "rows": [100, 0]}', "0]", "rows[1]"),
    ("cnote", '{"grid": [[1]],\n  "colour": "red", "size": 3}', '"colour"', "unknown field"),
    ("nqueens", '[{"n": 4},\n {"n": 4, "fixed": [[0, 1], [9, 9]]}]', "[9, 9]", "fixed[1]"),
    ("nqueens", '{"n": 4}\n{"n": -4}\n', "-4", "positive integer"),
    ("armies", '{"instance": {"family": "armies",\n  "n": 5, "m": -1}}', "-1", "m must be 0 or more"),
    ("tents", '{"grid": ["T.", ".."],\n "rows": [1, 0],\n "cols": [0, 7]}', "7]", "column clue 1"),
    (
        "tents",
        '{"grid": ["T.", "..",\n   "x"], "rows": [1, 0], "cols": [0, 1]}',
        '"x"',
        "grid row 2 has 1 cells",
    ),
    ("tents", '{"grid": ["T.",\n  ".?"], "rows": [1, 0], "cols": [0, 1]}', '?"', "grid row 1, column 1"),
    ("chessnum", '{"size": 8,\n "clues": {"b8": 1, "z9": 2}}', '"z9"', "not a square name"),
    ("chessnum", '{"size": 4,\n "clues": {"b2": 1, "e1": 2}}', '"e1"', "off the 4x4 board"),
    (
        "chessnum",
        '{"pieces": "KQRBN",\n "clues": {"b8": 1},\n "occupied": ["a1", "i2"]}',
        '"i2"',
        "occupied square",
    ),
    ("chessnum", '{"size": 3, "clues": {}}', "3", "size must be"),
    ("chessnum", '{"clues": {"b8": 1,\n  "c3": "two"}}', '"two"', "clue c3: the clue must be an integer"),
    ("chessnum", '{"clues": {"b8": 1,\n  "B8": 2}}', '"B8"', "two clues on b8"),
]


@pytest.mark.parametrize(("name", "text", "needle", "words"), DOCUMENTS)
def test_a_bad_value_in_a_puzzle_file_is_named_by_line_and_column(
    tmp_path, capsys, name, text, needle, words
) -> None:
    from boardlab.cli import main

    path = tmp_path / "puzzle.json"
    path.write_text(text)
    line, column = _where(text, needle)
    with pytest.raises(SystemExit) as stop:
        main([name, "solve", str(path)])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err
    assert f"{path}:{line}:{column}: " in err and words in err, err


# (family, puzzle JSON, solution document, the text that starts the bad value, words)
SOLUTIONS = [
    ("cnote", {"grid": [[1, 2], [3, 4]]}, '{"grid": [[11, 89],\n  [89, "x"]]}', '"x"', "solution grid[1][1]"),
    ("nqueens", {"n": 4}, '{"queens": [1, 3,\n  0, true]}', "true", "column numbers"),
    (
        "tents",
        {"grid": ["T.", ".."], "rows": [1, 0], "cols": [0, 1]},
        '{"tents": [\n  [0, 1], [5, 5]]}',
        "[5, 5]",
        "off the",
    ),
    ("cnote", {"grid": [[1, 2], [3, 4]]}, "[[11, 89],\n  [89, 11]]", "[[11", "a cnote solution is"),
    ("armies", {"n": 3, "m": 1}, '{"white": [[0, 0]],\n "black": [[2, "2"]]}', '[2, "2"]', "black[0]"),
    ("chessnum", {"clues": {"b8": 1}, "pieces": "KQ"}, '{"K": "a1",\n "Q": ["b2", 5]}', "5]", "square of Q"),
    ("chessnum", {"clues": {"b8": 1}, "pieces": "KQ"}, '{"a1": "K",\n "b2": "X"}', '"X"', "unknown piece"),
]


@pytest.mark.parametrize(("name", "puzzle", "text", "needle", "words"), SOLUTIONS)
def test_a_bad_value_in_a_solution_file_is_named_by_line_and_column(
    tmp_path, capsys, name, puzzle, text, needle, words
) -> None:
    from boardlab.cli import main

    puzzle_path, solution_path = tmp_path / "puzzle.json", tmp_path / "solution.json"
    puzzle_path.write_text(json.dumps(puzzle))
    solution_path.write_text(text)
    line, column = _where(text, needle)
    for verb in (
        ["check", str(puzzle_path), str(solution_path)],
        ["render", str(puzzle_path), "--solution", str(solution_path)],
    ):
        with pytest.raises(SystemExit) as stop:
            main([name, *verb])
        err = capsys.readouterr().err
        assert stop.value.code == 2 and "Traceback" not in err
        assert f"{solution_path}:{line}:{column}: " in err and words in err, (verb, err)


def test_a_bad_value_in_a_hint_placement_is_named_by_line_and_column(tmp_path, capsys) -> None:
    from boardlab.cli import main

    puzzle_path, placed_path = tmp_path / "q.json", tmp_path / "placed.json"
    puzzle_path.write_text('{"n": 6}')
    text = '{"queens": [1,\n   null, 9]}'
    placed_path.write_text(text)
    with pytest.raises(SystemExit) as stop:
        main(["nqueens", "hint", str(puzzle_path), str(placed_path)])
    line, column = _where(text, "9")
    err = capsys.readouterr().err
    assert stop.value.code == 2 and f"{placed_path}:{line}:{column}: row 2: column 9 is off the board" in err


def test_an_error_without_a_path_still_names_the_item_of_a_list() -> None:
    """An error the raiser does not place in the JSON (here: marked squares that are numbered,
    found when the whole instance is read) still names the list item, as before."""
    family = get("chessnum")
    text = '[{"clues": {"b8": 1}}, {"pieces": "K", "clues": {"b8": 1}, "occupied": ["b8"]}]'
    records = parse_document(family, text, "l.json")
    assert records[0].error is None
    assert str(records[1].error) == "l.json[1]: b8 is both marked (a piece stands there) and numbered"


def test_only_errors_about_the_given_json_are_placed_in_it() -> None:
    """`JsonArgument.located()` surrounds work that also reads options and the puzzle: an error
    without a JSON path is not about the document and keeps its own place (none here)."""
    from boardlab.core.io import located_in

    with pytest.raises(BadInput) as caught, located_in('{"a": 1}', "s.json"):
        raise BadInput("--foo must be positive")
    assert str(caught.value) == "--foo must be positive"
    with pytest.raises(BadInput) as caught, located_in('{"a": 1}', "s.json"):
        raise BadInput("a must be 2", path=("a",))
    assert str(caught.value) == "s.json:1:7: a must be 2"


def test_json_typed_inline_is_named_by_its_path_alone(capsys) -> None:
    """A solution typed on the command line gets the Python API's message (the value's path),
    no `<argument>:1:12` place (tests/test_api.py compares the two)."""
    from boardlab.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["nqueens", "check", "4", '{"queens": [1, 3, 0, "x"]}'])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "<argument>" not in err and "got 'x' in row 3" in err
