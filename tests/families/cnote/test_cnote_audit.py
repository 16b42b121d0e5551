"""The C-Note command line and request pipeline on odd but plausible input (an audit): every bad
input is one line with exit 2 (a 4xx on the web), never an internal error; the `--json` answers
keep to their schemas; messages say what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from schema_check import assert_valid, validator

#: More digits than Python turns into an int by default (4300), so reading must refuse them.
LONG = "7" * 5000


@pytest.fixture
def write(tmp_path: Path):
    def make(name: str, text: str) -> str:
        path = tmp_path / name
        path.write_text(text)
        return str(path)

    return make


def test_per_line_targets_answer_in_the_schemas(cli_run, write) -> None:
    """An instance with a target per row and column is written with `rows` and `cols`, no
    `target`: the instance schema takes it (it required `target`)."""
    path = write("lines.txt", "rows: 10 20\ncols: 15 15\n1 2\n3 4\n")
    for verb, extra in (("solve", []), ("render", []), ("convert", ["--to", "json"])):
        run = cli_run(["cnote", verb, path, "--json", *extra])
        assert run.code == 0, run.stderr
        assert_valid(verb, run.json_lines()[0])
    generated = cli_run(["cnote", "generate", "--size", "3x1", "--any", "--seed", "3", "--json"])
    assert generated.code == 0, generated.stderr
    answer = generated.json_lines()[0]
    assert "target" not in answer["instance"]  # a 3x1 grid has per-line targets
    assert_valid("generate", answer)
    answer["instance"].pop("cols")  # neither one target nor both lists: still refused
    assert list(validator("generate").iter_errors(answer))
