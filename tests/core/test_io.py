"""Reading puzzles: JSON, JSON Lines, the family's text, stdin, and bad input with locations."""

from __future__ import annotations

import io

import pytest

from boardlab.core.errors import BadInput
from boardlab.core.io import load_json_argument, read_instances, read_source
from boardlab.core.registry import get

family = get("nqueens")


def test_size_argument() -> None:
    [record] = read_instances(family, "8")
    assert record.instance.n == 8
    for bad in ("0", "-3"):
        with pytest.raises(BadInput):
            read_instances(family, bad)
    with pytest.raises(BadInput, match="positive integer"):
        read_instances(family, "eight")


def test_json_lines_keeps_good_records_and_locates_bad_ones(tmp_path) -> None:
    path = tmp_path / "many.jsonl"
    path.write_text(
        '{"family": "nqueens", "n": 5}\n{"n": 6\n{"family": "tents", "n": 4}\n{"n": 0}\n{"instance": {"n": 4}}\n'
    )
    records = read_instances(family, str(path))
    assert [r.instance.n if r.instance else None for r in records] == [5, None, None, None, 4]
    assert [r.error.line if r.error else None for r in records] == [None, 2, 3, 4, None]
    assert "not 'nqueens'" in str(records[2].error)


def test_text_boards_separated_by_blank_lines(tmp_path) -> None:
    path = tmp_path / "boards.txt"
    path.write_text("# two puzzles\n.Q..\n....\n....\n....\n\nQ....\n.....\n..x..\n.....\n.....\n")
    first, second = read_instances(family, str(path))
    assert first.instance.fixed == ((0, 1),)
    assert second.error is not None and (second.error.line, second.error.column) == (9, 3)


def test_stdin_and_binary_garbage(tmp_path) -> None:
    [record] = read_instances(family, "-", stdin=io.BytesIO(b'{"n": 7}'))
    assert record.instance.n == 7
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(BadInput, match="not a text file"):
        read_instances(family, str(garbage))
    with pytest.raises(BadInput, match="not UTF-8"):
        read_instances(family, "-", stdin=io.BytesIO(b"\xff\xfe\xfa Q"))


def test_missing_file_and_directory(tmp_path) -> None:
    with pytest.raises(BadInput, match="positive integer"):
        read_instances(family, str(tmp_path / "missing.txt"))
    with pytest.raises(BadInput, match="directory"):
        read_instances(family, str(tmp_path))


def test_malformed_single_json_names_line_and_column(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{\n  "n": 8,\n  "fixed": [[0, 1]\n}\n')
    [record] = read_instances(family, str(path))
    assert record.error is not None and record.error.line == 4


def test_an_empty_path_is_named_as_such() -> None:
    """An empty (or blank) file name was reported as ": cannot read file" or, for a family
    with sizes, as a bad board size; now "empty file name", located at the argument if named."""
    chessnum = get("chessnum")
    for chosen in (family, chessnum):
        for blank in ("", "  "):
            with pytest.raises(BadInput, match="empty .*file name") as caught:
                read_instances(chosen, blank, what="PUZZLE")
            assert str(caught.value).startswith("PUZZLE: empty ")
    with pytest.raises(BadInput, match="^empty file name"):
        read_source("")
    with pytest.raises(BadInput, match="^SOLUTION_JSON: empty file name"):
        load_json_argument(" ", what="SOLUTION_JSON")


def test_a_number_longer_than_python_converts_is_bad_input_in_every_reader(tmp_path) -> None:
    """More than `sys.get_int_max_str_digits()` digits (4300) made `int` raise ValueError inside
    the families' parsers and `json`: an internal error (exit 4, HTTP 500). Now bad input, located."""
    long = "7" * 5000
    tents_text = "2 1\n1 T.\n" + long + " ..\n"
    for name, text in (("tents", tents_text), ("armies", f"{long} 3\n"), ("nqueens", f'{{"n": {long}}}')):
        path = tmp_path / f"{name}.txt"
        path.write_text(text)
        [record] = read_instances(get(name), str(path))
        assert record.error is not None and "5000 digits" in str(record.error)
        assert record.error.line == text.count("\n", 0, text.index(long)) + 1
    game_id = f"8x8:_jagkbidaabac,{long},1,0,3,1,2,2,1,2,1,1,1,2,1,0,4"
    with pytest.raises(BadInput, match="5000 digits"):
        read_instances(get("tents"), game_id, what="PUZZLE")
    with pytest.raises(BadInput, match="5000 digits"):
        load_json_argument(f'{{"queens": [{long}]}}')


def test_utf16_text_is_named_as_such(tmp_path) -> None:
    """Windows Notepad's "Unicode" saves UTF-16 with a byte order mark: it was refused as 'not
    a text file (binary data)', which sends the user looking for the wrong problem."""
    for encoding in ("utf-16", "utf-16-be"):
        path = tmp_path / f"{encoding}.txt"
        path.write_bytes(
            ("\ufeff" if encoding.endswith("be") else "").encode(encoding) + "8\r\n".encode(encoding)
        )
        with pytest.raises(BadInput, match="UTF-16.*UTF-8"):
            read_source(str(path))


def test_json_nested_too_deeply_is_bad_input(tmp_path) -> None:
    """`json` raises RecursionError past about 1000 levels: an internal error (exit 4) for a
    puzzle file, a JSON Lines file and a solution argument (the web answered 400 already)."""
    deep = "[" * 100_000 + "]" * 100_000
    for name, text in (("one.json", deep), ("lines.jsonl", '{"n": 4}\n' + deep + "\n")):
        path = tmp_path / name
        path.write_text(text)
        records = read_instances(family, str(path))
        assert any(r.error is not None and "nested too deeply" in str(r.error) for r in records)
    with pytest.raises(BadInput, match="nested too deeply"):
        load_json_argument(deep)
