"""Difficulty grades, the step-by-step solution and one-step hints of Tents (issue 15).

Cross-checks: Tatham's own grades of his puzzles; the exact solver (every decided cell holds in
every solution; each explain step's negation is infeasible from the position before it, asked
to the SAT oracle); brute force on tiny boards.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab.core.deadline import Deadline
from boardlab.core.errors import Unsupported
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.tents import game_id
from boardlab.families.tents.board import random_instance
from boardlab.families.tents.deduce import EMPTY, GRADES, LEVELS, TENT, UNKNOWN, Deducer, _line_facts, deduce
from boardlab.families.tents.grade import explain, grade, level_of
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.oracle import TentsOracle

FAMILY = get("tents")
DATA = Path(__file__).resolve().parents[2] / "data" / "tents" / "tatham-sample.jsonl"
SAMPLE = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
GRADED = [r for r in SAMPLE if "tatham" in r]

#: Random solution-first boards (`board.random_instance(12, 12, 0.2, Random(seed))`, seeds 16
#: and 42) that have one solution and that the hard rules do not solve.
EXTREME = [
    "12x12:ee_baatcbabbdeeaeaidbbbfidcgaa,2,3,2,2,3,2,3,2,3,2,1,4,2,3,2,3,2,2,2,4,2,2,1,4",
    "12x12:dcabcgecchdcncbccjeccad_cafg_a,4,1,4,1,3,2,3,1,4,1,2,3,3,2,3,2,2,2,1,3,2,3,1,5",
]
#: Random boards (10x10 seed 41, 8x8 seed 59, density 0.2) graded hard.
HARD = [
    "10x10:dbcdfgbcgacjf_cgc_eca,3,1,1,3,1,3,2,1,4,1,2,2,2,2,1,2,1,3,1,4",
    "8x8:ab_qa_r_abcacb,3,1,1,2,2,1,1,2,2,2,1,1,1,2,1,3",
]


def _solutions(inst: TentsInstance) -> list[set[tuple[int, int]]]:
    result = FAMILY.solve(inst, SolveRequest(Mode.ALL, limit=50))
    return [{tuple(c) for c in s["tents"]} for s in result.solutions]  # type: ignore[misc]


def _line_facts_by_enumeration(
    fixed: tuple[int, ...], clue: int
) -> tuple[list[int], list[int], list[int]] | None:
    """`_line_facts` by listing every placement of the line (the definition, no tables)."""
    n = len(fixed)
    ways = [
        bits
        for bits in itertools.product((0, 1), repeat=n)
        if sum(bits) == clue
        and all(not (bits[i] and bits[i + 1]) for i in range(n - 1))
        and all((v != TENT or b) and (v != EMPTY or not b) for v, b in zip(fixed, bits, strict=True))
    ]
    if not ways:
        return None
    unknown = [j for j in range(n) if fixed[j] == UNKNOWN]
    tents = [j for j in unknown if all(b[j] for b in ways)]
    empty = [j for j in unknown if not any(b[j] for b in ways)]
    touching = [
        j
        for j in range(n)
        if TENT not in fixed[max(j - 1, 0) : j + 2] and all(any(b[max(j - 1, 0) : j + 2]) for b in ways)
    ]
    return tents, empty, touching


def test_line_rule_matches_the_placements_of_every_short_line():
    """The line rule's interval tables (`_line_facts`) against all placements, every line of up
    to 7 cells and every clue; as a tuple and as the bytes the work list passes."""
    for n in range(1, 8):
        for fixed in itertools.product((UNKNOWN, TENT, EMPTY), repeat=n):
            for clue in range(n // 2 + 3):
                expected = _line_facts_by_enumeration(fixed, clue)
                assert _line_facts.__wrapped__(fixed, clue) == expected, (fixed, clue)
                assert _line_facts.__wrapped__(bytes(fixed), clue) == expected, (fixed, clue)


# ---- grades ---------------------------------------------------------------------------------------
def test_tatham_puzzles_grade_as_tatham_graded_them():
    assert {r["tatham"]["grade"] for r in GRADED} == {"easy", "tricky"}
    for record in GRADED:
        inst = game_id.decode(record["game_id"])
        graded = FAMILY.grade(inst)
        assert graded.difficulty == record["tatham"]["grade"], record["id"]
        # Tatham keeps a Tricky board only when his Easy solver fails on it
        easy = deduce(inst, level="easy")
        assert (easy.level == "easy") == (record["tatham"]["grade"] == "easy")
        tricky = deduce(inst, level="tricky")
        assert tricky.tents == {tuple(t) for t in record["solution"]["tents"]}


def test_levels_are_declared_once():
    assert FAMILY.offers_grade and FAMILY.offers_explain
    assert FAMILY.levels == GRADES == (*LEVELS, "extreme")
    assert FAMILY.describe()["levels"] == list(GRADES)
    with pytest.raises(Unsupported):
        get("nqueens").grade(get("nqueens").from_size(8, {}))


@pytest.mark.parametrize("gid", HARD)
def test_hard_puzzles_need_the_hard_rules(gid):
    inst = game_id.decode(gid)
    assert FAMILY.grade(inst).difficulty == "hard"
    assert deduce(inst, level="tricky").level is None
    assert len(_solutions(inst)) == 1


@pytest.mark.parametrize("gid", EXTREME)
def test_extreme_puzzles_are_unique_but_beyond_the_rules(gid):
    inst = game_id.decode(gid)
    graded = FAMILY.grade(inst)
    assert graded.difficulty == "extreme" and graded.steps is None
    assert level_of(inst) == "extreme"
    assert len(_solutions(inst)) == 1


def test_unsolvable_and_ambiguous():
    ambiguous = TentsInstance(3, 1, frozenset({(0, 1)}), (1,), (None, 0, None))  # tent left or right
    assert FAMILY.grade(ambiguous).difficulty == "ambiguous"
    unsolvable = TentsInstance(3, 1, frozenset({(0, 1)}), (2,), (1, 0, 1))
    assert FAMILY.grade(unsolvable).difficulty == "unsolvable"
    assert level_of(unsolvable) is None
    assert FAMILY.grade(unsolvable, Deadline.after(0.0)).difficulty in ("unknown", "unsolvable")


def test_grades_agree_with_the_exact_solver_on_random_boards():
    seen = set()
    for seed in range(40):
        inst, _ = random_instance(8, 8, 0.2, random.Random(seed))
        solutions = _solutions(inst)
        graded = FAMILY.grade(inst).difficulty
        seen.add(graded)
        if graded in LEVELS or graded == "extreme":
            assert len(solutions) == 1
        else:
            assert graded == ("ambiguous" if len(solutions) > 1 else "unsolvable")
        found = deduce(inst)
        assert found.contradiction is None
        for cell, value in found.state.items():  # every decided cell holds in every solution
            if value == TENT:
                assert all(cell in s for s in solutions)
            elif value == EMPTY:
                assert all(cell not in s for s in solutions)
    assert {"easy", "tricky", "ambiguous"} <= seen


def _brute(inst: TentsInstance) -> list[set[tuple[int, int]]]:
    cells = [(r, c) for r in range(inst.height) for c in range(inst.width) if (r, c) not in inst.trees]
    found = []
    for k in range(len(inst.trees) + 1):
        for tents in itertools.combinations(cells, k):
            if not FAMILY.verify(inst, {"tents": [list(t) for t in tents]}):
                found.append(set(tents))
    return found


def test_deduction_is_sound_against_brute_force_on_tiny_boards():
    for seed in range(60):
        rng = random.Random(seed)
        inst, _ = random_instance(rng.randint(2, 5), rng.randint(2, 4), 0.25, rng)
        solutions = _brute(inst)
        found = deduce(inst)
        if not solutions:
            assert FAMILY.grade(inst).difficulty == "unsolvable"
            continue
        assert found.contradiction is None
        for cell, value in found.state.items():
            if value != UNKNOWN:
                assert all((cell in s) == (value == TENT) for s in solutions), (seed, cell)
        expected = "ambiguous" if len(solutions) > 1 else None
        graded = FAMILY.grade(inst).difficulty
        assert graded == expected if expected else graded in GRADES


# ---- explain ----------------------------------------------------------------------------------------
def _replay_and_check(inst: TentsInstance, steps: list[dict]) -> set[tuple[int, int]]:
    """Replay the steps from the empty board; each must hold in the unique solution and follow
    from the position before it (its negation has no solution, asked to a SAT formula built
    without the deduction rules)."""
    [solution] = _solutions(inst)
    tents = set(inst.given_tents)
    empty = set(inst.given_empty)
    with TentsOracle(inst, model="full") as oracle:  # no deduction in this formula
        for step in steps:
            place = step["place"]
            for cell in map(tuple, place["tents"]):
                assert cell in solution, step
                assert not oracle.possible(tents, empty | {cell}), step
            for cell in map(tuple, place["empty"]):
                assert cell not in solution, step
                assert not oracle.possible(tents | {cell}, empty), step
            tents |= {tuple(c) for c in place["tents"]}
            empty |= {tuple(c) for c in place["empty"]}
    free = {(r, c) for r in range(inst.height) for c in range(inst.width)} - set(inst.trees)
    assert tents | empty == free
    return tents  # type: ignore[return-value]


@pytest.mark.parametrize(
    "gid",
    [r["game_id"] for r in GRADED if r["id"].startswith(("tatham-8x8", "tatham-10x10"))] + HARD + EXTREME,
)
def test_explain_steps_are_valid_and_reach_the_solution(gid):
    inst = game_id.decode(gid)
    answer = FAMILY.explain(inst).to_json()
    assert answer["difficulty"] == FAMILY.grade(inst).difficulty
    tents = _replay_and_check(inst, answer["steps"])
    assert {tuple(c) for c in answer["solution"]["tents"]} == tents
    levels = {step["level"] for step in answer["steps"]}
    assert answer["difficulty"] in levels  # the path uses a rule of its grade
    assert all(GRADES.index(level) <= GRADES.index(answer["difficulty"]) for level in levels)
    for step in answer["steps"]:
        assert step["reason"] and step["rule"]
        assert step["place"]["tents"] or step["place"]["empty"] or step["links"]


def test_explain_of_an_ambiguous_puzzle_stops_short():
    ambiguous = TentsInstance(3, 1, frozenset({(0, 1)}), (1,), (None, 0, None))
    answer = explain(ambiguous).to_json()
    assert answer["difficulty"] == "ambiguous" and answer["solution"] is None


def test_grade_steps_count_the_explain_path():
    inst = game_id.decode(GRADED[0]["game_id"])
    assert grade(inst).steps == len(explain(inst).steps)


# ---- hints: one step --------------------------------------------------------------------------------
def test_hint_is_one_step_and_all_forced_only_on_request():
    record = GRADED[0]
    inst = game_id.decode(record["game_id"])
    answer = FAMILY.hint(inst, None)
    plain = answer.to_json()
    assert "forced" not in plain and plain["rule"] and plain["level"] == "easy"
    path = Deducer(inst)
    first = next(s for s in path.steps("easy") if not s.obvious)  # the path's first step a player needs
    assert plain["message"] == first.reason
    full = answer.to_json(all_forced=True)
    solution = {tuple(t) for t in record["solution"]["tents"]}
    assert {tuple(c) for c in full["forced"]["tents"]} == solution  # an easy puzzle: all follows


def test_hint_on_an_extreme_position_falls_back_to_search():
    inst = game_id.decode(EXTREME[0])
    found = deduce(inst)
    tents = [list(c) for c, v in found.state.items() if v == TENT]
    empty = [list(c) for c, v in found.state.items() if v == EMPTY]
    answer = FAMILY.hint(inst, {"tents": tents, "empty": empty}).to_json(all_forced=True)
    assert answer["status"] == "progress" and answer["rule"] == "search"
    assert answer["forced"]["by"] == "search"


# ---- the command line --------------------------------------------------------------------------------
def cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[3] / "src"))
    return subprocess.run(
        [sys.executable, "-m", "boardlab", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_cli_grade_explain_and_hint(tmp_path):
    path = tmp_path / "ids.txt"
    path.write_text("\n".join(r["game_id"] for r in GRADED[:3]) + "\n")
    run = cli("tents", "grade", str(path), HARD[1], "--json")
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["difficulty"] for line in lines] == [r["tatham"]["grade"] for r in GRADED[:3]] + ["hard"]
    assert all(line["family"] == "tents" and line["steps"] > 0 and line["instance"] for line in lines)
    text = cli("tents", "grade", HARD[1])
    assert text.returncode == 0 and text.stdout.startswith("hard")
    run = cli("tents", "explain", HARD[1], "--json")
    answer = json.loads(run.stdout)
    assert answer["difficulty"] == "hard" and answer["solution"]["tents"]
    text = cli("tents", "explain", HARD[1])
    assert text.returncode == 0 and "(hard, " in text.stdout
    hint = cli("tents", "hint", HARD[1], "--json")
    assert "forced" not in json.loads(hint.stdout)
    hint = cli("tents", "hint", HARD[1], "--all-forced", "--json")
    assert json.loads(hint.stdout)["forced"]["by"] == "deduction"
    missing = cli("nqueens", "grade", "8")
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    bad = cli("tents", "grade", "8x8:zz")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_deduction_is_sound_with_givens_and_missing_clues():
    """Every level's decided cells hold in every solution found by the exact solver (up to 50),
    on the family's samples: given tents and empty cells, missing clues, unsolvable boards."""
    rng = random.Random(11)
    checked = 0
    for _ in range(80):
        inst = FAMILY.sample(rng)
        solutions = _solutions(inst)
        found = deduce(inst)
        graded = FAMILY.grade(inst).difficulty
        assert graded == ("unsolvable" if not solutions else "ambiguous" if len(solutions) > 1 else graded)
        if not solutions:
            assert found.contradiction is not None or found.level is None or level_of(inst) is None
            continue
        assert found.contradiction is None and (graded in GRADES) == (len(solutions) == 1)
        for cell, value in found.state.items():
            if value != UNKNOWN:
                assert all((cell in s) == (value == TENT) for s in solutions), (game_id.encode(inst), cell)
        checked += 1
    assert checked > 20


def test_cli_grade_at_the_time_limit_is_unknown():
    run = cli("tents", "grade", EXTREME[0], "--time-limit", "0.000001", "--json")
    assert run.returncode == 3, run.stderr
    assert json.loads(run.stdout)["difficulty"] == "unknown"
    run = cli("tents", "explain", EXTREME[0], "--time-limit", "0.000001")
    assert run.returncode == 3 and "unknown" in run.stdout


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_explain_of_generated_puzzles_with_givens(seed):
    """Generated puzzles may carry given tents and empty cells: the path starts from them."""
    from boardlab.families.tents.generate import generate

    inst = generate(10, 10, 0.16, seed)[0]  # the `--givens` generator's puzzle, as it makes it
    answer = FAMILY.explain(inst).to_json()
    tents = _replay_and_check(inst, answer["steps"])
    assert {tuple(c) for c in answer["solution"]["tents"]} == tents
    assert answer["difficulty"] == FAMILY.grade(inst).difficulty
