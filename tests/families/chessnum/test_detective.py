"""The Detektivschach variant (marked squares, the solver decides which piece stands on each):
the models against brute force over every assignment of the pieces to the marked squares
(checked by `verify` alone), both backends, formats, checks, hints and generation."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys

import pytest

from boardlab.core.errors import BadInput
from boardlab.core.results import Mode, SolveRequest
from boardlab.families.chessnum import verify
from boardlab.families.chessnum.choices import MODELS
from boardlab.families.chessnum.io import ChessNumInstance, make_instance, square_name

SOLVED_TEXT = """pieces: KQRRBBNN
..*.....
.3...*..
....*...
.*......
...2..*.
..*.....
......*.
.*....1.
"""


def assignments(instance: ChessNumInstance) -> list[dict[str, str]]:
    """Every solution, by brute force: each distinct order of the pieces on the marked squares,
    kept when `verify` (which shares no code with the models) finds no violation."""
    found = []
    marked = [square_name(s) for s in instance.occupied]
    for order in orders(instance.pieces):
        solution = dict(zip(marked, order))
        if not verify.violations(
            instance.size, instance.pieces, instance.clue_map, solution, frozenset(instance.occupied)
        ):
            found.append(solution)
    return found


def orders(pieces: str) -> list[tuple[str, ...]]:
    """The distinct orders of a multiset of letters (each once, in lexicographic order)."""
    counts = {letter: pieces.count(letter) for letter in sorted(set(pieces))}
    out: list[tuple[str, ...]] = []

    def extend(prefix: list[str]) -> None:
        if len(prefix) == len(pieces):
            out.append(tuple(prefix))
            return
        for letter in counts:
            if counts[letter]:
                counts[letter] -= 1
                extend([*prefix, letter])
                counts[letter] += 1

    extend([])
    return out


def test_orders_count_the_multiset_permutations() -> None:
    assert len(orders("KQRRBBNN")) == 40320 // 8
    assert len(set(orders("QRRN"))) == len(orders("QRRN")) == len(set(itertools.permutations("QRRN")))


def random_detective(rng: random.Random, size: int, pieces: str) -> ChessNumInstance:
    """Marked squares of a random placement with some of its numbers (at least one solution),
    or a third of the time random numbers."""
    squares = [(f, r) for f in range(size) for r in range(size)]
    chosen = rng.sample(squares, len(pieces))
    placed = list(zip(rng.sample(pieces, len(pieces)), chosen))
    attacked = verify.attacked_squares(size, placed)
    empty = [s for s in squares if s not in chosen]
    numbered = rng.sample(empty, rng.randint(1, 4))
    if rng.random() < 1 / 3:
        clues = [(s, rng.randint(0, len(pieces))) for s in numbered]
    else:
        clues = [(s, len(attacked.get(s, []))) for s in numbered]
    return make_instance(size, pieces, clues, occupied=chosen)


def key(solution: dict) -> list:
    return sorted((k, str(v)) for k, v in solution.items())


CASES = [(4, "KQRB", 0), (4, "QRRN", 1), (5, "KQRBN", 2), (5, "QQRBBNP", 3), (5, "KQRRBBNN", 4)]


@pytest.mark.parametrize("size,pieces,seed", CASES)
def test_models_match_brute_force(family, size, pieces, seed) -> None:
    _compare(family, size, pieces, seed, 4)


@pytest.mark.slow
def test_models_match_brute_force_ten_pieces(family) -> None:
    """KKQQRRBBNN: 113 400 orders per puzzle, about 17 s of brute force each."""
    _compare(family, 6, "KKQQRRBBNN", 5, 2)


def _compare(family, size: int, pieces: str, seed: int, puzzles: int) -> None:
    rng = random.Random(seed)
    for _ in range(puzzles):
        instance = random_detective(rng, size, pieces)
        expected = assignments(instance)
        result = family.solve(instance, SolveRequest(mode=Mode.ALL))
        assert sorted(map(key, result.solutions)) == sorted(map(key, expected)), instance
        assert result.count == len(expected)
        sat = family.solve(instance, SolveRequest(mode=Mode.ALL, backend="sat"))
        assert sorted(map(key, sat.solutions)) == sorted(map(key, expected)), (instance, "sat")
        for formulation in MODELS[1:]:
            other = family.solve(instance, SolveRequest(mode=Mode.COUNT, options={"model": formulation}))
            assert other.count == len(expected), (instance, formulation)


def test_marked_squares_block_and_others_do_not(family) -> None:
    """A rook behind a marked square does not reach the clue; an unmarked square never blocks."""
    # a1 and a3 marked, clue on a4: only the piece on a3 can attack it along the file.
    instance = make_instance(4, "RR", [((0, 3), 1)], occupied=[(0, 0), (0, 2)])
    assert family.solve(instance, SolveRequest(mode=Mode.COUNT)).count == 1  # the two rooks are alike
    both = make_instance(4, "RR", [((0, 3), 2)], occupied=[(0, 0), (0, 2)])
    assert family.solve(both, SolveRequest(mode=Mode.COUNT)).count == 0
    # an unmarked empty square between does not block: b1 marked, clue b4, nothing on b2 b3
    far = make_instance(4, "RN", [((1, 3), 1)], occupied=[(1, 0), (2, 2)])
    result = family.solve(far, SolveRequest(mode=Mode.ALL))
    assert result.solutions == [{"b1": "R", "c3": "N"}]


def test_solution_shapes(family) -> None:
    [record] = family.parse_text(SOLVED_TEXT, "<text>")
    instance = record.instance
    by_square = {"b1": "B", "b5": "R", "c3": "B", "c8": "Q", "e6": "N", "f7": "R", "g2": "K", "g4": "N"}
    by_piece = {"K": "g2", "Q": "c8", "R": ["b5", "f7"], "B": ["b1", "c3"], "N": ["e6", "g4"]}
    assert family.check(instance, by_square) == []
    assert family.check(instance, by_piece) == []
    assert family.solution_from_json(instance, by_piece) == by_square
    moved = dict(by_piece, N=["e6", "h4"])
    problems = family.check(instance, moved)
    assert any("not marked" in p for p in problems) and any("g4" in p for p in problems)
    with pytest.raises(BadInput):
        family.check(instance, {"K": "g2", "b5": "R"})  # mixed shapes
    result = family.solve(instance, SolveRequest(mode=Mode.FIRST))
    assert set(result.solutions[0]) == {square_name(s) for s in instance.occupied}
    assert result.stats.extra["solution_shape"] == "by square"


@pytest.mark.parametrize(
    "solution,words",
    [
        # by square: a queen where a bishop stands (two queens of one, one bishop of two)
        (
            {"b1": "Q", "b5": "R", "c3": "B", "c8": "Q", "e6": "N", "f7": "R", "g2": "K", "g4": "N"},
            "1 Q, the solution places 2",
        ),
        # by piece: three rooks of two (it was exit 2: "3 squares for R")
        (
            {"K": "g2", "Q": "c8", "R": ["b5", "f7", "b1"], "B": ["c3"], "N": ["e6", "g4"]},
            "2 R, the solution places 3",
        ),
        # by square, a pawn the puzzle does not have
        (
            {"b1": "P", "b5": "R", "c3": "B", "c8": "Q", "e6": "N", "f7": "R", "g2": "K", "g4": "N"},
            "0 P, the solution places 1",
        ),
    ],
)
def test_check_too_many_of_a_piece_is_invalid(capsys, tmp_path, solution, words) -> None:
    from boardlab.cli import main

    path = tmp_path / "det.txt"
    path.write_text(SOLVED_TEXT)
    for extra in ([], ["--json"]):
        with pytest.raises(SystemExit) as stop:
            main(["chessnum", "check", str(path), json.dumps(solution), *extra])
        out, err = capsys.readouterr()
        assert stop.value.code == 1 and err == "" and words in out
    with pytest.raises(SystemExit) as stop:
        main(["chessnum", "check", str(path), json.dumps({"b1": "X", "g2": "K"})])
    assert stop.value.code == 2 and "unknown piece" in capsys.readouterr().err


def test_formats_round_trip_and_errors(family) -> None:
    [record] = family.parse_text(SOLVED_TEXT, "<text>")
    instance = record.instance
    assert instance.occupied and len(instance.occupied) == 8
    assert family.dump_text(instance) == SOLVED_TEXT
    data = family.to_json(instance)
    assert data["occupied"] == ["b1", "b5", "c3", "c8", "e6", "f7", "g2", "g4"]
    assert family.from_json(json.loads(json.dumps(data))) == instance
    classic = family.to_json(make_instance(8, "KQRBNP", [((1, 7), 1)]))
    assert "occupied" not in classic
    too_few = SOLVED_TEXT.replace("..*.....\n.3", "........\n.3", 1)
    [bad] = family.parse_text(too_few, "f.txt")
    # like a clue too large, a miscount waits for --pieces (`settle`), then is reported located
    with pytest.raises(BadInput, match="7 marked squares") as raised:
        family.apply_options(bad.instance, {})
    assert raised.value.line == 1 and raised.value.source == "f.txt"
    fixed = family.apply_options(bad.instance, {"pieces": "KQRBBNN"})
    assert len(fixed.occupied) == 7 and fixed.pieces == "KQRBBNN"
    for wrong, words in (
        ({"occupied": ["b8", "b8"]}, "marked twice"),
        ({"occupied": ["c4"], "pieces": "Q"}, "both marked"),
        ({"occupied": "a1", "pieces": "Q"}, "must be a list"),
        ({"occupied": ["z9"], "pieces": "Q"}, "z9"),
    ):
        with pytest.raises(BadInput, match=words):
            family.from_json({"family": "chessnum", "clues": {"c4": 1}, **wrong})
    two = family.from_json(
        {"family": "chessnum", "clues": {"c4": 1}, "occupied": ["a1", "a2"], "pieces": "Q"}
    )
    with pytest.raises(BadInput, match="2 marked squares for 1 pieces"):
        family.apply_options(two, {})
    assert family.apply_options(two, {"pieces": "QN"}).pieces == "QN"


def test_cli_bad_text_exits_2(tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(SOLVED_TEXT.replace("..*.....\n.3", "........\n.3", 1))
    run = subprocess.run(
        [sys.executable, "-m", "boardlab", "chessnum", "solve", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "marked squares" in run.stderr and "bad.txt:1" in run.stderr


def test_hints(family) -> None:
    [record] = family.parse_text(SOLVED_TEXT, "<text>")
    instance = record.instance
    off = family.hint(instance, {"h2": "Q"})
    assert off.status.value == "mistake" and "unmarked" in off.message and off.remove == {"h2": "Q"}
    step = family.hint(instance, {"g2": "K", "c8": "Q", "e6": "N", "b5": "R"})
    assert step.status.value == "progress" and step.place == {"f7": "R"}
    full = {"b1": "B", "b5": "R", "c3": "B", "c8": "Q", "e6": "N", "f7": "R", "g2": "K", "g4": "N"}
    assert family.hint(instance, full).status.value == "solved"


def test_render_shows_marked_squares(family) -> None:
    [record] = family.parse_text(SOLVED_TEXT, "<text>")
    svg = family.render_svg(record.instance)
    assert "Detektivschach" in svg and svg.count("\u25cf") == 8


@pytest.mark.parametrize(
    "options,seed",
    [
        ({"detective": True}, 0),
        ({"detective": True, "size": 6, "pieces": "KQRBN"}, 1),
        ({"detective": True, "clue_set": "minimum"}, 2),
        pytest.param({"detective": True, "size": 10, "pieces": "KKQQRRBBNN"}, 3, marks=pytest.mark.slow),
    ],
)
def test_generated_detective_puzzles_are_unique_by_brute_force(family, options, seed) -> None:
    """Every assignment of the pieces to the marked squares, checked by `verify`: exactly one
    is a solution (the generator's questions go to the models; this shares no code with them)."""
    made = family.generate(seed, options)
    assert made.instance.detective
    assert assignments(made.instance) == [made.solution]


def test_generated_ten_piece_puzzle_counted_by_the_cnf(family) -> None:
    """The published 10x10 piece set: counted by the CNF model with CaDiCaL (Family.generate
    re-proves uniqueness with CP-SAT; the brute force of these is in the slow set)."""
    made = family.generate(3, {"detective": True, "size": 10, "pieces": "KKQQRRBBNN"})
    result = family.solve(made.instance, SolveRequest(mode=Mode.COUNT, backend="sat"))
    assert result.count == 1
