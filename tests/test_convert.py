"""`boardlab FAMILY convert PUZZLE --to FORMAT`: every format a family writes (`Family.writes`),
read back to the same puzzle; several puzzles per file; `--out` never overwrites without
`--force`; bad input is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardlab.core import registry
from boardlab.core.io import parse_document, read_instances
from boardlab.core.requests import example

FAMILIES = registry.families()
IDS = [f.name for f in FAMILIES]
TENTS_URL = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"  # pzprjs's test puzzle


def _one_error_line(stderr: str) -> bool:
    lines = stderr.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith("boardlab: error:")


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_every_format_reads_back_to_the_example(family, cli_run, tmp_path: Path) -> None:
    path = tmp_path / "example.txt"
    path.write_text(example(family)["text"])
    [original] = read_instances(family, str(path))
    for to in family.writes:
        run = cli_run([family.name, "convert", str(path), "--to", to])
        assert run.code == 0, (to, run.stderr)
        written = tmp_path / f"converted-{to}.txt"
        written.write_text(run.stdout)
        [record] = read_instances(family, str(written))
        assert record.error is None and record.instance == original.instance, to


def test_tents_formats_round_trip_exactly(cli_run) -> None:
    gameid = cli_run(["tents", "convert", TENTS_URL, "--to", "gameid"])
    assert gameid.stdout == "5x5:bhbcbc,2,?,0,?,?,1,?,?,?,1\n"
    url = cli_run(["tents", "convert", gameid.stdout.strip(), "--to", "puzzlink"])
    assert url.stdout == TENTS_URL + "\n"
    as_json = cli_run(["tents", "convert", TENTS_URL, "--to", "json"]).stdout
    assert json.loads(as_json)["cols"] == [2, None, 0, None, None]
    text = cli_run(["tents", "convert", TENTS_URL]).stdout  # --to text is the default
    [record] = parse_document(registry.get("tents"), text, "<text>")
    assert record.instance is not None
    assert registry.get("tents").write(record.instance, "puzzlink") == TENTS_URL


def test_several_puzzles_each_in_turn_and_a_bad_one_reported(cli_run, tmp_path: Path) -> None:
    many = tmp_path / "many.txt"
    many.write_text(f"{TENTS_URL}\n7x5:accgcgd_,3,0,1,0,2,0,1,3,0,2,1,1\ntents/5/5/2g0h\n")
    run = cli_run(["tents", "convert", str(many), "--to", "text"])
    assert run.code == 2 and _one_error_line(run.stderr) and f"{many}:3" in run.stderr
    records = parse_document(registry.get("tents"), run.stdout, "<text>")
    assert len(records) == 2 and all(r.error is None for r in records)
    ids = cli_run(["tents", "convert", str(many), "--to", "gameid", "--json"])
    lines = ids.json_lines()
    assert [line.get("format") for line in lines] == ["gameid", "gameid", None]
    assert lines[2]["status"] == "error"


def test_out_never_overwrites_without_force(cli_run, tmp_path: Path) -> None:
    target = tmp_path / "puzzle.url"
    first = cli_run(["tents", "convert", TENTS_URL, "--to", "puzzlink", "--out", str(target)])
    assert first.code == 0 and first.stdout == "" and target.read_text() == TENTS_URL + "\n"
    target.write_text("keep me\n")
    again = cli_run(["tents", "convert", TENTS_URL, "--to", "gameid", "--output", str(target)])
    assert again.code == 2 and _one_error_line(again.stderr) and "--force" in again.stderr
    assert target.read_text() == "keep me\n"
    forced = cli_run(["tents", "convert", TENTS_URL, "--to", "gameid", "--out", str(target), "--force"])
    assert forced.code == 0 and target.read_text() == "5x5:bhbcbc,2,?,0,?,?,1,?,?,?,1\n"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["nqueens", "convert", "8", "--to", "puzzlink"], "nqueens writes no format 'puzzlink'"),
        (["tents", "convert", TENTS_URL, "--to", "png"], "choose from text, json, gameid, puzzlink"),
        (["tents", "convert", "3x1:_!b,0,1,0,1", "--to", "puzzlink"], "no given tents"),
        (
            ["tents", "convert", "tents/5/5/2g0h1i1j8232", "--to", "json"],
            "<URL>:23: puzz.link URL: the trees end",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli_run, args: list[str], said: str) -> None:
    run = cli_run(args)
    assert run.code == 2 and run.stdout == ""
    assert _one_error_line(run.stderr) and said in run.stderr, run.stderr


def test_instance_options_apply(cli_run) -> None:
    armies = cli_run(["armies", "convert", "6", "--m", "4", "--to", "json"])
    assert json.loads(armies.stdout) == {"family": "armies", "n": 6, "m": 4}
