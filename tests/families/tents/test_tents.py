"""Tents: formats, the 19 Tatham puzzles, backends against each other and brute force, verify,
generator, hints, CLI."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardlab.core.errors import BadInput
from boardlab.core.registry import get
from boardlab.core.results import Mode, SolveRequest, Status
from boardlab.data import TENTS_TATHAM_SAMPLE
from boardlab.families.tents import game_id, io
from boardlab.families.tents.board import random_instance
from boardlab.families.tents.io import TentsInstance

SRC = Path(__file__).resolve().parents[3] / "src"
FAMILY = get("tents")
SAMPLE = [json.loads(line) for line in TENTS_TATHAM_SAMPLE.read_text().splitlines() if line.strip()]


def tents_of(result) -> list[frozenset]:
    return sorted((frozenset(tuple(x) for x in s["tents"]) for s in result.solutions), key=sorted)


# ---- ground truth: brute force over tent sets, with its own matching check --------------------
def _brute_matching(trees: list, tents: set) -> bool:
    """Perfect matching by trying every assignment (tiny boards only)."""
    if len(trees) != len(tents):
        return False

    def assign(i: int, used: frozenset) -> bool:
        if i == len(trees):
            return True
        r, c = trees[i]
        for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if cell in tents and cell not in used and assign(i + 1, used | {cell}):
                return True
        return False

    return assign(0, frozenset())


def brute_force(inst: TentsInstance) -> set[frozenset]:
    free = [(r, c) for r in range(inst.height) for c in range(inst.width) if (r, c) not in inst.trees]
    trees = sorted(inst.trees)
    found = set()
    for chosen in itertools.combinations(free, len(trees)):
        tents = set(chosen)
        if any(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1 for a, b in itertools.combinations(chosen, 2)):
            continue
        if any(
            clue is not None and sum(1 for t in tents if t[0] == r) != clue
            for r, clue in enumerate(inst.rows)
        ):
            continue
        if any(
            clue is not None and sum(1 for t in tents if t[1] == c) != clue
            for c, clue in enumerate(inst.cols)
        ):
            continue
        if not inst.given_tents <= tents or inst.given_empty & tents:
            continue
        if _brute_matching(trees, tents):
            found.add(frozenset(tents))
    return found


def tiny_instances(count: int, seed: int) -> list[TentsInstance]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        w, h = rng.randint(1, 5), rng.randint(1, 5)
        inst, planted = random_instance(w, h, rng.choice((0.12, 0.2, 0.25)), rng)
        trees = set(inst.trees)
        # perturb: move a tree, hide a clue, or shift a clue, so some boards have 0 or many solutions
        if trees and rng.random() < 0.3:
            trees.discard(rng.choice(sorted(trees)))
            free = [(r, c) for r in range(h) for c in range(w) if (r, c) not in trees]
            if free:
                trees.add(rng.choice(free))
        rows = [None if rng.random() < 0.15 else v for v in inst.rows]
        cols = [None if rng.random() < 0.15 else v for v in inst.cols]
        given = frozenset(t for t in planted if rng.random() < 0.1 and t not in trees)
        out.append(TentsInstance(w, h, frozenset(trees), tuple(rows), tuple(cols), given))
    return out


# ---- the 19 Tatham puzzles ---------------------------------------------------------------------
@pytest.mark.parametrize("record", SAMPLE, ids=[r["id"] for r in SAMPLE])
def test_tatham_game_id_round_trip_and_json(record):
    inst = game_id.decode(record["game_id"])
    assert game_id.encode(inst) == record["game_id"]
    assert inst == FAMILY.from_json(record["instance"])
    assert FAMILY.to_json(inst) == record["instance"]
    assert FAMILY.parse_text(FAMILY.dump_text(inst), "t")[0].instance == inst


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("record", SAMPLE, ids=[r["id"] for r in SAMPLE])
def test_tatham_unique_solution(record, backend):
    inst = FAMILY.from_argument(record["game_id"])
    result = FAMILY.solve(inst, SolveRequest(Mode.UNIQUE, backend=backend))
    assert result.unique is True
    assert result.solutions == [record["solution"]]


def test_tatham_file_of_game_ids():
    text = "\n".join(r["game_id"] for r in SAMPLE) + "\n"
    records = FAMILY.parse_text(text, "ids.txt")
    assert [r.error for r in records] == [None] * len(SAMPLE)
    assert [game_id.encode(r.instance) for r in records] == [r["game_id"] for r in SAMPLE]


# ---- game ID codec -----------------------------------------------------------------------------
instances = st.builds(
    lambda w, h, seed, p_tent, p_empty, p_missing: _random_full(w, h, seed, p_tent, p_empty, p_missing),
    st.integers(1, 40),
    st.integers(1, 40),
    st.integers(0, 10**6),
    st.sampled_from([0.0, 0.05]),
    st.sampled_from([0.0, 0.05]),
    st.sampled_from([0.0, 0.1]),
)


def _random_full(w, h, seed, p_tent, p_empty, p_missing) -> TentsInstance:
    rng = random.Random(seed)
    trees, tents, empty = set(), set(), set()
    for r in range(h):
        for c in range(w):
            x = rng.random()
            if x < 0.2:
                trees.add((r, c))
            elif x < 0.2 + p_tent:
                tents.add((r, c))
            elif x < 0.2 + p_tent + p_empty:
                empty.add((r, c))
    rows = tuple(None if rng.random() < p_missing else rng.randint(0, w) for _ in range(h))
    cols = tuple(None if rng.random() < p_missing else rng.randint(0, h) for _ in range(w))
    return TentsInstance(w, h, frozenset(trees), rows, cols, frozenset(tents), frozenset(empty))


@settings(max_examples=200, deadline=None)
@given(instances)
def test_game_id_round_trip(inst):
    text = game_id.encode(inst)
    assert game_id.decode(text) == inst
    assert game_id.encode(game_id.decode(text)) == text
    assert io.parse_text(io.dump_text(inst), "x")[0].instance == inst
    assert io.from_json(io.to_json(inst)) == inst


def test_game_id_run_lengths():
    # 30 blank squares then a tree: 'z' (25) then 'e' (5 blanks + tree); final tree past the end
    inst = TentsInstance(31, 1, frozenset({(0, 30)}), (1,), tuple([0] * 29 + [1, 0]))
    assert game_id.encode(inst).startswith("31x1:ze_,")
    assert game_id.decode("3x1:_!b,1,0,0,1").given_tents == frozenset({(0, 0)})
    # a mark after 'z' marks the 25th blank
    z = game_id.decode("25x1:z-_," + ",".join(["0"] * 26))
    assert z.given_empty == frozenset({(0, 24)}) and not z.trees


@pytest.mark.parametrize(
    "text, words",
    [
        ("8x8de#12345", "random-seed"),
        ("8x8", "no ':'"),
        ("8y8:abc", "bad parameters"),
        ("3x1:aa,1,0,0", "not enough numbers"),
        ("3x1:aa,1,0,0,1,7", "unexpected additional data"),
        ("3x1:_b_,1,0,0,1", "too much data"),
        ("3x1:,1,0,0,1", "not enough data"),
        ("3x1:A,1,0,0,1", "invalid character"),
        ("3x1:aa,1,0,x,1", "invalid character"),
        ("3x1:aa,5,0,0,1", "exceeds"),
        ("3x1:!b,1,0,0,1", "off the grid"),
        ("3x1:aa,,0,0,1", "missing number"),
    ],
)
def test_game_id_errors(text, words):
    with pytest.raises(BadInput) as caught:
        game_id.decode(text)
    assert words in str(caught.value)


def test_missing_clues():
    inst = game_id.decode("3x1:aa,?,0,0,?")
    assert inst.cols == (None, 0, 0) and inst.rows == (None,)
    assert game_id.encode(inst) == "3x1:aa,?,0,0,?"
    result = FAMILY.solve(inst, SolveRequest(Mode.COUNT))
    assert result.count == 1  # the tent: column 0 (column 2 has clue 0)


# ---- backends agree with each other and with brute force ------------------------------------
def test_backends_agree_with_brute_force_on_tiny_boards():
    for inst in tiny_instances(80, seed=7):
        truth = brute_force(inst)
        for backend in ("sat", "cpsat"):
            result = FAMILY.solve(inst, SolveRequest(Mode.ALL, backend=backend))
            assert set(tents_of(result)) == truth, (backend, game_id.encode(inst))
            assert result.count == len(truth)
        for model in ("lazy", "plain", "full", "baseline"):
            result = FAMILY.solve(inst, SolveRequest(Mode.COUNT, options={"model": model}))
            assert result.count == len(truth), (model, game_id.encode(inst))


@pytest.mark.parametrize(
    "encoding",
    ["seqcounter", "sortnetwrk", "cardnetwrk", "totalizer", "mtotalizer", "kmtotalizer", "native", "regular"],
)
def test_encodings_agree(encoding):
    for inst in tiny_instances(25, seed=11):
        expected = len(brute_force(inst))
        result = FAMILY.solve(inst, SolveRequest(Mode.COUNT, options={"encoding": encoding}))
        assert result.count == expected


def test_redundant_variants_keep_the_count():
    from boardlab.families.tents import model_sat

    for inst in tiny_instances(40, seed=5):
        expected = len(brute_force(inst))
        for strips, pairs in ((True, False), (False, True)):
            outcome = model_sat.solve(inst, SolveRequest(Mode.COUNT), strips=strips, pairs=pairs)
            assert outcome.count == expected, (strips, pairs, game_id.encode(inst))


def test_sat_and_cpsat_counts_on_small_random_boards():
    rng = random.Random(3)
    for _ in range(12):
        w, h = rng.randint(5, 8), rng.randint(5, 8)
        inst, _ = random_instance(w, h, 0.16, rng)
        rows = tuple(None if rng.random() < 0.2 else v for v in inst.rows)
        inst = TentsInstance(w, h, inst.trees, rows, inst.cols)
        sat = FAMILY.solve(inst, SolveRequest(Mode.COUNT, limit=1000))
        cp = FAMILY.solve(inst, SolveRequest(Mode.ALL, backend="cpsat"))
        assert sat.count == cp.count
        assert {frozenset(map(tuple, s["tents"])) for s in sat.solutions} == {
            frozenset(map(tuple, s["tents"])) for s in cp.solutions
        }


def test_unsatisfiable_is_an_answer():
    inst = game_id.decode("3x1:aa,1,0,1,2")  # a single tree cannot have 2 tents
    for backend in ("sat", "cpsat"):
        result = FAMILY.solve(inst, SolveRequest(Mode.FIRST, backend=backend))
        assert result.status == Status.UNSATISFIABLE


# ---- verify --------------------------------------------------------------------------------------
def test_verify_rejects_unmatchable_tents():
    # T ^ T     trees (0,0) and (0,2) both have the tent (0,1) next to them,
    # . . .     the counts are right and no tents touch, but the tent (2,0) is next to
    # ^ . .     no tree: the tents cannot be paired one-to-one with the trees.
    inst = TentsInstance(3, 3, frozenset({(0, 0), (0, 2)}), (1, 0, 1), (1, 1, 0))
    problems = FAMILY.verify(inst, {"tents": [[0, 1], [2, 0]]})
    assert len(problems) == 1 and "paired" in problems[0]
    # and the solvers agree there is no solution at all
    for backend in ("sat", "cpsat"):
        assert FAMILY.solve(inst, SolveRequest(Mode.COUNT, backend=backend)).count == 0
    # the baseline encoding alone would accept it; with its lazy matching check it must not
    assert FAMILY.solve(inst, SolveRequest(Mode.COUNT, options={"model": "baseline"})).count == 0
    assert brute_force(inst) == set()


def test_verify_catches_each_rule():
    inst = game_id.decode(SAMPLE[-1]["game_id"])
    good = SAMPLE[-1]["solution"]
    assert FAMILY.verify(inst, good) == []
    tents = [list(t) for t in good["tents"]]
    moved = tents[:-1] + [[tents[-1][0], (tents[-1][1] + 1) % inst.width]]
    assert FAMILY.verify(inst, {"tents": moved})
    assert FAMILY.verify(inst, {"tents": tents[:-1]})
    assert FAMILY.verify(inst, {"tents": tents + [tents[0]]})
    tree = sorted(inst.trees)[0]
    assert any("tree" in p for p in FAMILY.verify(inst, {"tents": tents[:-1] + [list(tree)]}))


# ---- generator -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size, seed", [("8x8", 1), ("10x7", 2), ("15x15", 3), ("25x25", 4)])
def test_generated_puzzles_are_unique_by_independent_count(size, seed):
    generated = FAMILY.generate(seed, {"size": size, "density": 0.16})
    inst = generated.instance
    assert FAMILY.verify(inst, generated.solution) == []
    count = FAMILY.solve(inst, SolveRequest(Mode.COUNT, backend="cpsat", limit=2))
    assert count.count == 1
    again = FAMILY.generate(seed, {"size": size, "density": 0.16})
    assert game_id.encode(again.instance) == game_id.encode(inst)  # deterministic per seed


def test_generated_small_puzzle_matches_brute_force():
    generated = FAMILY.generate(5, {"size": "5x5", "density": 0.2})
    assert brute_force(generated.instance) == {frozenset(map(tuple, generated.solution["tents"]))}


# ---- hints ---------------------------------------------------------------------------------------
def test_hint_progress_and_mistakes():
    record = SAMPLE[0]
    inst = game_id.decode(record["game_id"])
    answer = FAMILY.hint(inst, None).to_json()
    assert answer["status"] == "progress"
    solution = {tuple(t) for t in record["solution"]["tents"]}
    for cell in answer["place"]["tents"]:
        assert tuple(cell) in solution
    for cell in answer["place"]["empty"]:
        assert tuple(cell) not in solution
    assert answer["difficulty"]["by_search"] == 0  # an 'easy' Tatham puzzle needs no search
    wrong = next(
        (r, c)
        for r in range(inst.height)
        for c in range(inst.width)
        if (r, c) not in solution and (r, c) not in inst.trees
    )
    answer = FAMILY.hint(inst, {"tents": [list(wrong)]}).to_json()
    assert answer["status"] == "mistake" and answer["remove"]["tents"] == [list(wrong)]
    answer = FAMILY.hint(inst, {"tents": [list(t) for t in solution]}).to_json()
    assert answer["status"] == "solved"


def test_hint_walks_to_the_solution():
    record = SAMPLE[2]  # 'tricky': needs more than the simplest rules
    inst = game_id.decode(record["game_id"])
    solution = {tuple(t) for t in record["solution"]["tents"]}
    tents: set = set()
    empty: set = set()
    for _ in range(inst.width * inst.height):
        partial = {"tents": [list(t) for t in tents], "empty": [list(e) for e in empty]}
        answer = FAMILY.hint(inst, partial).to_json()
        if answer["status"] == "solved":
            break
        assert answer["status"] == "progress", answer
        tents |= {tuple(x) for x in answer["place"]["tents"]}
        empty |= {tuple(x) for x in answer["place"]["empty"]}
        assert tents <= solution and not (empty & solution)
    assert tents == solution


# ---- rendering -----------------------------------------------------------------------------------
def test_render_svg_and_text():
    inst = game_id.decode("4x1:_!a-__,1,0,0,0,1")
    svg = FAMILY.render_svg(inst, {"tents": [[0, 0]]})
    assert svg.startswith("<svg") and "\u25b2" in svg and "\u00d7" in svg and "\u2663" in svg
    assert "\u2663" in FAMILY.render_text(inst).plain


def test_two_digit_column_clues_do_not_run_together() -> None:
    """Squares two wide drew the clues 10 and 11 of adjacent columns as "1011"."""
    inst = TentsInstance(20, 20, frozenset({(0, 0)}), tuple([1] * 20), tuple([10, 11] + [0] * 18))
    clues = FAMILY.render_text(inst).plain.splitlines()[1].split()
    assert clues[:3] == ["10", "11", "0"] and len(clues) == 20


# ---- CLI -----------------------------------------------------------------------------------------
def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    return subprocess.run(
        [sys.executable, "-m", "boardlab", "tents", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_cli_solve_game_id_json():
    record = SAMPLE[4]
    run = cli("solve", record["game_id"], "--unique", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["unique"] is True and data["solutions"] == [record["solution"]]


def test_cli_file_and_check(tmp_path):
    path = tmp_path / "p.txt"
    inst = game_id.decode(SAMPLE[0]["game_id"])
    path.write_text(FAMILY.dump_text(inst))
    run = cli("solve", str(path), "--backend", "cpsat", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["solutions"] == [SAMPLE[0]["solution"]]
    assert cli("check", str(path), json.dumps(SAMPLE[0]["solution"])).returncode == 0
    assert cli("check", str(path), '{"tents": [[0, 0]]}').returncode == 1


@pytest.mark.parametrize(
    "content, words",
    [
        ("1 0 0\n1 T.\n", "expected 3"),
        ("1 0\n1 T#.\n", "expected 2"),  # '#' starts a comment: one cell for two columns
        ("1 0\n1 TQ\n", "unexpected character"),
        ("1 a\n1 T.\n", "bad clue"),
        ("1 0\n", "no rows"),
        ("3x1:aa,1,0,0\n", "not enough numbers"),
        ('{"family": "tents", "grid": ["T."], "rows": [1], "cols": [1]}', "column clues"),
        ('{"family": "tents", "grid": ["T."], "rows": [1, 0], "cols": [1, 0]}', "row clues"),
    ],
)
def test_cli_bad_files_exit_2(tmp_path, content, words):
    path = tmp_path / "bad.txt"
    path.write_text(content)
    run = cli("solve", str(path))
    assert run.returncode == 2, run.stdout
    assert words in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("arg", ["8x8de#12345", "10x10", "8x8:abc", "3x1:aa,1,0,0,1,9", "3x1:aa,1,0"])
def test_cli_bad_game_ids_exit_2(arg):
    run = cli("solve", arg)
    assert run.returncode == 2
    assert "game ID" in run.stderr and "Traceback" not in run.stderr


def test_cli_generate_json_is_unique_and_has_game_id():
    run = cli("generate", "--size", "12x9", "--seed", "5", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    inst = FAMILY.from_json(data["instance"])
    assert game_id.encode(inst) == data["stats"]["game_id"]
    assert FAMILY.solve(inst, SolveRequest(Mode.UNIQUE, backend="cpsat")).unique is True
    assert cli("generate", "--size", "1x", "--seed", "5").returncode == 2


def test_cli_hint():
    record = SAMPLE[0]
    run = cli("hint", record["game_id"], "--json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["status"] == "progress" and answer["place"]["tents"]
    assert tuple(answer["place"]["tents"][0]) in {tuple(t) for t in record["solution"]["tents"]}
    bad = cli("hint", record["game_id"], '{"tents": [[0, 0], [0, 0, 1]]}')
    assert bad.returncode == 2 and "Traceback" not in bad.stderr


def test_cli_file_with_several_game_ids(tmp_path):
    path = tmp_path / "ids.txt"
    path.write_text("# three puzzles\n" + "\n".join(r["game_id"] for r in SAMPLE[:3]) + "\n3x1:zz,1\n")
    run = cli("solve", str(path), "--unique", "--json")
    assert run.returncode == 2  # the last line is bad: reported, the others solved
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["unique"] for line in lines[:3]] == [True, True, True]
    assert lines[3]["status"] == "error" and ":5" in lines[3]["source"]


def test_hint_gives_a_tricky_step_where_the_easy_rules_are_stuck():
    # tatham-25x25dt-19 leaves cells that the easy rules cannot decide
    record = next(r for r in SAMPLE if r["id"] == "tatham-25x25dt-19")
    inst = game_id.decode(record["game_id"])
    from boardlab.families.tents.deduce import UNKNOWN, propagate

    state = propagate(inst)
    assert any(v == UNKNOWN for v in state.state.values())
    tents = {c for c, v in state.state.items() if v == 1}
    empty = {c for c, v in state.state.items() if v == 2}
    partial = {"tents": [list(c) for c in tents], "empty": [list(c) for c in empty]}
    answer = FAMILY.hint(inst, partial).to_json()
    assert answer["status"] == "progress" and answer["level"] == "tricky" and "forced" not in answer
    solution = {tuple(t) for t in record["solution"]["tents"]}
    for cell in answer["place"]["tents"]:
        assert tuple(cell) in solution
    for cell in answer["place"]["empty"]:
        assert tuple(cell) not in solution


def test_deduction_is_sound_on_tiny_boards():
    from boardlab.families.tents.deduce import EMPTY, TENT, propagate

    for inst in tiny_instances(120, seed=21):
        truth = brute_force(inst)
        state = propagate(inst)
        if not truth:
            continue
        assert state.contradiction is None, game_id.encode(inst)
        for cell, value in state.state.items():
            if value == TENT:
                assert all(cell in s for s in truth), (game_id.encode(inst), cell)
            elif value == EMPTY:
                assert all(cell not in s for s in truth), (game_id.encode(inst), cell)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789x:,_abcyz!-?T.^# \n", max_size=80))
def test_parsers_never_crash(text):
    from boardlab.core.io import parse_document

    for record in parse_document(FAMILY, text, "fuzz"):
        assert (record.instance is None) != (record.error is None)
    try:
        game_id.decode(text)
    except BadInput:
        pass


def test_cli_time_limit_exits_3():
    inst, _ = random_instance(60, 60, 0.16, random.Random(1))
    # 0.01 s: a random 60x60 board takes far longer to solve (0.5 s was once enough on CI, in
    # the thirty-first session's fresh-clone run: solved with 723 conflicts, exit 0)
    run = cli("solve", game_id.encode(inst), "--time-limit", "0.01", "--json")
    assert run.returncode == 3, run.stderr
    data = json.loads(run.stdout)
    assert data["status"] == "unknown" and data["solutions"] == []


def test_cli_render_svg_and_count(tmp_path):
    record = SAMPLE[1]
    out = tmp_path / "board.svg"
    run = cli("render", record["game_id"], "--solve", "--svg", str(out))
    assert run.returncode == 0, run.stderr
    assert out.read_text().startswith("<svg")
    run = cli("count", record["game_id"], "--json")
    assert run.returncode == 0 and json.loads(run.stdout)["count"] == 1
