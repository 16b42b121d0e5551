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
