"""Every verb's `--json` answer, for every family, validated against its shipped JSON Schema
(`boardlab/schemas/`, `core.schemas`), in process and in real `python -m boardlab` processes; the
schemas reject wrong shapes; and the JSON input checks of `check` and `hint` (issue 17)."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from boardlab.core import registry, schemas
from schema_check import CASES, FAMILIES, FOREIGN, assert_valid, validator

SRC = str(Path(__file__).resolve().parent.parent / "src")


@pytest.fixture
def puzzle(tmp_path: Path):
    def write(family: str) -> str:
        path = tmp_path / f"{family}.json"
        path.write_text(json.dumps(CASES[family]["instance"]))
        return str(path)

    return write


def test_the_schemas_are_valid_and_cover_every_verb() -> None:
    from boardlab.cli.commands import VERBS

    for document in schemas.documents().values():
        Draft202012Validator.check_schema(document)
    with_json = {
        verb for verb, function in VERBS.items() if "as_json" in inspect.signature(function).parameters
    }
    assert {"solve", "check", "hint"} <= with_json <= set(schemas.SCHEMAS)
    assert sorted(schemas.document("common")["$defs"]["instances"]) == sorted(
        f.name for f in registry.families()
    )
    assert set(CASES) == {f.name for f in registry.families()}


@pytest.mark.parametrize("family", FAMILIES)
def test_every_verb_answers_in_its_schema(family: str, cli_run, puzzle) -> None:
    chosen = registry.get(family)
    case = CASES[family]
    path = puzzle(family)
    solved = cli_run([family, "solve", path, "--json", *case["solve"]])
    assert solved.code == 0, solved.stderr
    assert_valid("solve", solved.json_lines()[0])
    if "count" in {m.value for m in chosen.modes}:
        counted = cli_run([family, "count", path, "--json"])
        assert counted.code == 0, counted.stderr
        assert_valid("count", counted.json_lines()[0])
    generated = cli_run([family, "generate", "--json", *case["generate"]])
    assert generated.code == 0, generated.stderr
    assert_valid("generate", generated.json_lines()[0])
    for solution, code in ((case["solution"], 0), (case["incomplete"], 1)):
        checked = cli_run([family, "check", path, json.dumps(solution), "--json"])
        assert checked.code == code, checked.stdout + checked.stderr
        assert_valid("check", checked.json_lines()[0])
    for extra in ([], ["--solve"], ["--solution", json.dumps(case["solution"])]):
        drawn = cli_run([family, "render", path, "--json", *extra])
        assert drawn.code == 0, drawn.stderr
        assert_valid("render", drawn.json_lines()[0])
    if chosen.offers_hints:
        for extra in ([], [json.dumps(case["incomplete"])], ["--all-forced"]):
            hinted = cli_run([family, "hint", path, "--json", *extra])
            assert hinted.code == 0, hinted.stderr
            assert_valid("hint", hinted.json_lines()[0])
    for verb, offered in (("grade", chosen.offers_grade), ("explain", chosen.offers_explain)):
        if offered:
            answered = cli_run([family, verb, path, "--json"])
            assert answered.code == 0, answered.stderr
            assert_valid(verb, answered.json_lines()[0])
    for to in chosen.writes:
        converted = cli_run([family, "convert", path, "--to", to, "--json"])
        assert converted.code == 0, converted.stderr
        assert_valid("convert", converted.json_lines()[0])


def test_families_and_error_lines_answer_in_their_schemas(cli_run, tmp_path: Path) -> None:
    listed = cli_run(["families", "--json"])
    assert listed.code == 0
    assert_valid("families", listed.json_lines()[0])
    broken = tmp_path / "many.jsonl"
    broken.write_text('{"family": "tents", "grid": ["T."], "rows": [1], "cols": [0, 1]}\n{"oops"\n')
    answered = cli_run(["tents", "solve", str(broken), "--json"])
    lines = answered.json_lines()
    assert answered.code == 2 and len(lines) == 2
    for line in lines:
        assert_valid("solve", line)
    assert lines[1]["status"] == "error"


@pytest.mark.parametrize("family", FAMILIES)
def test_processes_print_answers_in_their_schemas(family: str, tmp_path: Path) -> None:
    """A real `python -m boardlab` process: what a script reading stdout sees."""
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(CASES[family]["instance"]))
    env = {**os.environ, "PYTHONPATH": SRC}
    run = subprocess.run(
        [sys.executable, "-m", "boardlab", family, "solve", str(path), "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert_valid("solve", json.loads(run.stdout))


BROKEN = [
    ("solve", {"family": "nqueens", "status": "solved", "instance": {"family": "nqueens", "n": 4}}),
    (
        "solve",
        {
            "family": "nqueens",
            "status": "done",
            "instance": {"family": "nqueens", "n": 4},
            "solutions": [],
            "count": None,
            "unique": None,
            "stats": {},
        },
    ),
    ("check", {"family": "tents", "status": "valid", "valid": False, "violations": ["x"]}),
    ("check", {"family": "tents", "valid": True, "violations": []}),
    ("hint", {"family": "tents", "status": "progress", "message": "m", "place": [1], "remove": None}),
    ("render", {"family": "tents", "instance": {"family": "tents"}, "solution": None, "svg": "<svg/>"}),
    ("generate", {"family": "cnote", "instance": {"family": "cnote", "target": 1, "grid": []}, "seed": 1}),
    ("convert", {"family": "nqueens", "instance": {"family": "nqueens", "n": 4}, "format": "text"}),
    ("convert", {"family": "nqueens", "instance": {"family": "nqueens", "n": 4}, "format": "", "text": "4"}),
]


@pytest.mark.parametrize(("verb", "document"), BROKEN)
def test_a_wrong_shape_is_rejected(verb: str, document: dict[str, Any]) -> None:
    assert list(validator(verb).iter_errors(document))


def test_a_solution_of_another_family_is_rejected(cli_run) -> None:
    good = cli_run(["nqueens", "solve", "5", "--json"]).json_lines()[0]
    assert_valid("solve", good)
    good["solutions"] = [{"tents": [[0, 0]], "queens": [1]}]
    assert list(validator("solve").iter_errors(good))
    good["solutions"] = []
    good["stats"]["seconds"] = "fast"
    assert list(validator("solve").iter_errors(good))


@pytest.mark.parametrize("family", FAMILIES)
def test_check_malformed_is_bad_input_for_every_family(family: str, cli_run, puzzle) -> None:
    for wrong in ("[1, 2]", '"b3"', "null"):
        checked = cli_run([family, "check", puzzle(family), wrong])
        assert checked.code == 2, checked.stdout + checked.stderr
        assert checked.stderr.startswith("boardlab:") and len(checked.stderr.splitlines()) == 1
        assert "Traceback" not in checked.stderr


@pytest.mark.parametrize("family", [f for f in FAMILIES if registry.get(f).offers_hints])
def test_hint_rejects_a_partial_that_is_not_the_familys_shape(family: str, cli_run, puzzle) -> None:
    foreign = FOREIGN.get(family, {"queens": [0]} if family != "nqueens" else {"tents": []})
    for wrong in ("[1, 2]", "[]", json.dumps(foreign)):
        hinted = cli_run([family, "hint", puzzle(family), wrong])
        assert hinted.code == 2, hinted.stdout + hinted.stderr
        assert hinted.stderr.startswith("boardlab: ") and len(hinted.stderr.splitlines()) == 1
        assert "partial placement" in hinted.stderr


def test_partial_problem_names_what_is_wrong() -> None:
    assert schemas.partial_problem("nqueens", {"queens": [None, 1]}) is None
    assert schemas.partial_problem("chessnum", {"k": "a1", "Q": ["b2"]}) is None
    assert "array" in (schemas.partial_problem("tents", [[0, 0]]) or "")
    assert "'queens'" in (schemas.partial_problem("chessnum", {"queens": [0]}) or "")
    assert "'X'" in (schemas.partial_problem("chessnum", {"X": "a1"}) or "")


def test_the_schemas_are_package_data() -> None:
    """`pip install .` ships every schema file (pyproject's package-data covers them)."""
    import fnmatch
    import tomllib

    root = Path(SRC).parent
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    shipped = root / "src" / "boardlab" / "schemas"
    files = sorted(p.relative_to(shipped.parent).as_posix() for p in shipped.glob("*.json"))
    assert len(files) == len(set(schemas.SCHEMAS.values()) | set(schemas.SHARED))
    for name in files:
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns["boardlab"]), name


@pytest.mark.parametrize("family", FAMILIES)
def test_the_python_api_answers_in_the_same_schemas(family: str) -> None:
    import boardlab

    case = CASES[family]
    puzzle = boardlab.load(case["instance"])
    assert_valid("solve", boardlab.solve(puzzle).to_json())
    for solution in (case["solution"], case["incomplete"]):
        assert_valid("check", boardlab.check(puzzle, solution).to_json())
    if registry.get(family).offers_hints:
        assert_valid("hint", boardlab.hint(puzzle, case["incomplete"]).to_json())
    assert_valid("families", [info.to_json() for info in boardlab.families()])


def test_a_verb_stopped_by_its_time_limit_answers_in_its_schema(cli_run) -> None:
    stopped = cli_run(
        ["tents", "generate", "--size", "200x200", "--seed", "3", "--time-limit", "0.01", "--json"]
    )
    assert stopped.code == 3, stopped.stdout + stopped.stderr
    answer = stopped.json_lines()[0]
    assert answer["status"] == "unknown"
    assert_valid("generate", answer)
