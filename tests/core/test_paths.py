"""File names the user gives: empty ones (and, to write, directories) are bad input that says so."""

from __future__ import annotations

import pytest

from boardlab.core.errors import BadInput
from boardlab.core.paths import check_output_path


def test_an_empty_output_path_says_so(tmp_path) -> None:
    for blank in ("", " "):
        with pytest.raises(BadInput, match="^--out: empty file name"):
            check_output_path(blank, "--out")
    check_output_path(str(tmp_path / "new.txt"), "--out")  # a new file is fine
    check_output_path("-", "--out")  # standard output


@pytest.mark.parametrize(
    "family,verb,option",
    [
        ("nqueens", "count", "checkpoint"),
        ("nqueens", "solve", "queens_out"),
        ("armies", "solve", "checkpoint"),
    ],
)
def test_an_option_naming_a_file_refuses_an_empty_name(family, verb, option) -> None:
    """`--checkpoint ''` ran without a checkpoint (the empty name read as "not given") and
    `--queens-out ''` said ": cannot write file"; options declared `path` now say it is empty."""
    from boardlab.core import requests

    chosen = requests.family(family)
    flag = "--" + option.replace("_", "-")
    with pytest.raises(BadInput, match=f"^{flag}: empty file name"):
        requests.check_options(chosen, (verb,), {option: ""}, local=True, flags=True)


def test_a_directory_is_no_output_path(tmp_path) -> None:
    with pytest.raises(BadInput, match=r"is a directory \(--svg needs a file name\)") as caught:
        check_output_path(str(tmp_path), "--svg")
    assert caught.value.source == str(tmp_path)


@pytest.mark.parametrize(
    "args",
    [
        ["nqueens", "solve", "10", "--queens-out", "{dir}"],
        ["nqueens", "count", "8", "--checkpoint", "{dir}"],
        ["armies", "solve", "5", "--m", "3", "--checkpoint", "{dir}"],
    ],
)
def test_an_option_naming_a_file_refuses_a_directory(capsys, tmp_path, args) -> None:
    """`--queens-out DIR` said "file exists", armies `--checkpoint DIR` was an internal error
    (IsADirectoryError, exit 4)."""
    from boardlab.cli import main

    with pytest.raises(SystemExit) as stop:
        main([a.replace("{dir}", str(tmp_path)) for a in args])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1, err
    assert f"{tmp_path}: is a directory (--" in err


def test_a_folder_name_or_a_missing_folder_is_no_output_path(tmp_path) -> None:
    """A name ending in / whose folder does not exist said "cannot write file: Is a directory",
    and a file in a missing folder was refused only once the work was done."""
    with pytest.raises(BadInput, match=r"names a folder \(--out needs a file name\)") as caught:
        check_output_path(str(tmp_path / "new") + "/", "--out")
    assert caught.value.source == str(tmp_path / "new") + "/"
    with pytest.raises(BadInput, match=": cannot write file: no such folder: .*missing$"):
        check_output_path(str(tmp_path / "missing" / "a.json"), "--out")
    (tmp_path / "plain").write_text("x")
    with pytest.raises(BadInput, match=": cannot write file: is not a folder: .*plain$"):
        check_output_path(str(tmp_path / "plain" / "a.json"), "--out")
    check_output_path("a.json", "--out")  # the current folder


def test_generate_refuses_a_missing_folder_before_the_work(capsys, tmp_path) -> None:
    from boardlab.cli import main

    target = tmp_path / "missing" / "puzzle.txt"
    with pytest.raises(SystemExit) as stop:
        main(["cnote", "generate", "--size", "3", "--out", str(target)])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1, err
    assert "no such folder" in err and not target.exists()
