"""C-Note grades (`grade.py`) and the published puzzles shipped with the package."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardlab.core.registry import get
from boardlab.core.requests import published
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.data import CNOTE_PUBLISHED
from boardlab.families.cnote import io
from boardlab.families.cnote.brute import solutions as brute_solutions
from boardlab.families.cnote.grade import GRADES, Empty, candidates, probe, propagate

family = get("cnote")
RECORDS = [json.loads(line) for line in CNOTE_PUBLISHED.read_text().splitlines() if line.strip()]


def brute_count(instance: io.CNoteInstance) -> list[list[list[int]]]:
    return list(brute_solutions(instance))


# ---- the grades ------------------------------------------------------------------------------------
@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_published_grades_are_reproducible_and_agree_with_the_solutions(record: dict) -> None:
    instance = family.from_json(record["instance"])
    first, second = family.grade(instance), family.grade(family.from_json(record["instance"]))
    assert first.to_json() == second.to_json()
    if record["unique"]:
        assert first.difficulty in GRADES
    else:
        assert first.difficulty == "ambiguous"


def test_the_published_grades() -> None:
    """The levels of the 13 unique published puzzles (measured; docs/cnote.md)."""
    grades = {r["id"]: family.grade(family.from_json(r["instance"])).difficulty for r in RECORDS}
    assert grades.pop("cnote-demo") == "ambiguous"
    assert grades.pop("square100-02") == "medium"
    assert set(grades.values()) == {"easy"}


def test_the_rules_decide_the_published_solution() -> None:
    """Where the rules decide every cell, they decide the published solution."""
    for record in RECORDS:
        if not record["unique"]:
            continue
        instance = family.from_json(record["instance"])
        domains = candidates(instance)
        propagate(instance, domains)
        probe(instance, domains)
        assert all(len(values) == 1 for values in domains.values()), record["id"]
        grid = [[next(iter(domains[r, c])) for c in range(instance.width)] for r in range(instance.height)]
        assert {"grid": grid} == record["solution"]


@st.composite
def tiny_puzzles(draw: st.DrawFn) -> io.CNoteInstance:
    height, width = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    target = draw(st.sampled_from([10, 20, 35, 60]))
    grid = [[draw(st.integers(0, 9)) for _ in range(width)] for _ in range(height)]
    if height == width:
        return io.make_instance(grid, target)
    rows = [target] * height
    total = target * height
    cols = [total // width] * (width - 1) + [total - (total // width) * (width - 1)]
    return io.make_instance(grid, None, rows, cols)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_puzzles())
def test_the_rules_never_remove_a_solution(instance: io.CNoteInstance) -> None:
    """Soundness against the brute-force enumerator: every solution keeps all its numbers as
    candidates after both rules, and the grade agrees with the number of solutions."""
    found = brute_count(instance)
    domains = candidates(instance)
    try:
        if not instance.balanced:
            raise Empty
        propagate(instance, domains)
        probe(instance, domains)
    except Empty:
        assert found == []
    else:
        for grid in found:
            for r, row in enumerate(grid):
                for c, value in enumerate(row):
                    assert value in domains[r, c]
    difficulty = family.grade(instance).difficulty
    expected = {0: "unsolvable", 1: None}.get(len(found), "ambiguous")
    if expected is None:
        assert difficulty in GRADES
    else:
        assert difficulty == expected


def test_grades_are_ordered_by_the_rules() -> None:
    """easy: line propagation alone; medium: it needs probing (square100-02 decides no cell by
    lines alone)."""
    record = next(r for r in RECORDS if r["id"] == "square100-02")
    instance = family.from_json(record["instance"])
    domains = candidates(instance)
    propagate(instance, domains)
    assert not all(len(v) == 1 for v in domains.values())
    grade = family.grade(instance)
    assert grade.details["decided_by_lines"] < grade.details["decided"] == 9


def test_generate_at_a_difficulty_gives_that_grade_and_one_solution() -> None:
    for level in ("easy", "medium"):
        made = family.generate(1, {"size": "4", "difficulty": level})
        assert made.difficulty == level
        assert family.grade(made.instance).difficulty == level
        assert len(brute_count(made.instance)) == 1


def test_grade_cli(cli_run, tmp_path) -> None:
    puzzle = tmp_path / "p.txt"
    assert cli_run(["cnote", "example", "--name", "square100-02", str(puzzle)]).code == 0
    answer = json.loads(cli_run(["cnote", "grade", str(puzzle), "--json"]).stdout)
    assert answer["difficulty"] == "medium" and answer["cells"] == 9
    assert cli_run(["cnote", "grade", str(puzzle)]).stdout.strip() == "medium"


# ---- the published puzzles: command line and web library -------------------------------------------
def test_the_library_lists_every_published_puzzle_and_each_solves() -> None:
    entries = family.library()
    assert [e["title"] for e in entries] == [r["id"] for r in RECORDS] and len(entries) == 14
    for entry, record in zip(entries, RECORDS, strict=True):
        assert entry["source"] == record["source"]
        instance = family.from_json(entry["instance"])
        assert family.check(instance, record["solution"]) == []
        result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
        assert result.status == Status.SOLVED and result.unique is record["unique"]
        if record["unique"]:
            assert result.solutions == [record["solution"]]


def test_example_by_name_writes_the_published_puzzle(cli_run, tmp_path) -> None:
    listed = cli_run(["cnote", "example", "--list"])
    assert listed.code == 0
    names = [line.split()[0] for line in listed.stdout.splitlines() if line.strip()]
    assert names == [r["id"] for r in RECORDS]
    for record in RECORDS:
        path = tmp_path / f"{record['id']}.txt"
        assert cli_run(["cnote", "example", "--name", record["id"], str(path)]).code == 0
        solved = json.loads(cli_run(["cnote", "solve", str(path), "--unique", "--json"]).stdout)
        assert solved["instance"] == record["instance"]
        assert solved["unique"] is record["unique"]
    assert published(family, "SQUARE100-01")["instance"] == RECORDS[4]["instance"]


def test_example_with_an_unknown_name_is_one_line_and_exit_2(cli_run) -> None:
    run = cli_run(["cnote", "example", "--name", "nope", "-"])
    assert run.code == 2 and "square100-01" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    assert "Traceback" not in run.stderr
