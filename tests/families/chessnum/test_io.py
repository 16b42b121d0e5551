"""Formats: text and JSON round trips, square names, and parse errors with line and column."""

from __future__ import annotations

import random

import pytest

from boardlab.core.errors import BadInput
from boardlab.families.chessnum import io

EXAMPLE = """# Friedman's worked example
.1.6....
........
....2...
........
...0....
........
........
........
"""


def test_example_text(family) -> None:
    [record] = family.parse_text(EXAMPLE, "ex.txt")
    assert record.error is None
    assert family.to_json(record.instance) == {
        "family": "chessnum",
        "size": 8,
        "pieces": "KQRBNP",
        "clues": {"b8": 1, "d8": 6, "e6": 2, "d4": 0},
    }


def test_round_trips(family) -> None:
    rng = random.Random(3)
    for _ in range(200):
        instance = family.sample(rng)
        assert family.from_json(family.to_json(instance)) == instance
        if all(v <= 9 for _, v in instance.clues):
            [record] = family.parse_text(family.dump_text(instance), "t")
            assert (
                record.instance == instance.canonical() or record.instance.canonical() == instance.canonical()
            )


def test_pieces_header_and_several_boards(family) -> None:
    text = "pieces: kqrbnnp\n....\n.7..\n....\n....\n\n# second\n0...\n....\n....\n...1\n"
    first, second = family.parse_text(text, "t")
    assert first.instance.pieces == "KQRBNNP" and first.instance.clue_map == {(1, 2): 7}
    assert second.instance.pieces == "KQRBNP" and second.instance.size == 4


def test_square_names_up_to_16() -> None:
    assert io.parse_square("p16", 16) == (15, 15)
    assert io.square_name((15, 15)) == "p16"
    assert io.parse_square("a10", 12) == (0, 9)
    for bad in ("i1", "a9", "a0", "aa", "", 5):
        with pytest.raises(BadInput):
            io.parse_square(bad, 8)


@pytest.mark.parametrize(
    "text,line,column,words",
    [
        ("....\n.x..\n....\n....\n", 2, 2, "unexpected character"),
        ("....\n....\n.....\n....\n", 3, 5, "5 squares"),
        ("....\n....\n....\n", 3, 1, "3 rows"),
        ("....\n....\n....\n....\n....\n", 5, 1, "5 rows"),
        ("...\n...\n...\n", 1, 1, "4 to 16"),
        ("pieces: KQX\n....\n....\n....\n....\n", 1, 9, "unknown piece letter"),
        ("# only a comment\n", None, None, "no board"),
    ],
)
def test_parse_errors_name_line_and_column(family, text, line, column, words) -> None:
    [record] = family.parse_text(text, "f.txt")
    assert record.error is not None
    assert words in record.error.message
    assert record.error.line == line and record.error.column == column
    assert record.error.source == "f.txt"


@pytest.mark.parametrize(
    "data,words",
    [
        ({"clues": {"b8": -1}}, "between 0"),
        ({"clues": {"b8": "1"}}, "integer"),
        ({"clues": {"z9": 1}}, "not a square name"),
        ({"clues": {"i9": 1}}, "off the 8x8 board"),
        ({"size": 5, "clues": {"f1": 1}}, "off the 5x5 board"),
        ({"size": 17, "clues": {}}, "from 4 to 16"),
        ({"pieces": "KQX", "clues": {}}, "unknown piece letter"),
        ({"pieces": "", "clues": {}}, "empty"),
        ({"clues": {}, "extra": 1}, "unknown field"),
        ({"size": 8}, 'needs "clues"'),
        ([], "must be an object"),
        ({"size": 4, "pieces": "Q" * 17, "clues": {}}, "do not fit"),
    ],
)
def test_bad_json(family, data, words) -> None:
    with pytest.raises(BadInput, match=words):
        family.from_json(data)


def test_clues_above_the_pieces_wait_for_the_options(family) -> None:
    """A clue above the number of pieces is reported when the options are applied (every
    reader applies them), unless they name pieces that the clues fit."""
    for text, pieces in (
        ("....\n..7.\n....\n....\n", "KQRBNP"),
        ("pieces: QR\n....\n..3.\n....\n....\n", "QR"),
    ):
        [record] = family.parse_text(text, "f.txt")
        assert record.error is None and record.instance.unsettled is not None
        with pytest.raises(BadInput, match=f"more than the {len(pieces)} pieces") as raised:
            family.apply_options(record.instance, {})
        line = 2 if pieces == "KQRBNP" else 3
        assert (raised.value.source, raised.value.line, raised.value.column) == ("f.txt", line, 3)
        for method in (lambda i: family.solve(i), lambda i: family.verify(i, {}), family.render_text):
            with pytest.raises(BadInput, match="more than the"):
                method(record.instance)
        settled = family.apply_options(record.instance, {"pieces": "KQRBNNP"})
        assert (
            settled.pieces == "KQRBNNP"
            and settled.unsettled is None
            and settled.clues == record.instance.clues
        )
        with pytest.raises(BadInput, match="between 0 and the 2 pieces"):
            family.apply_options(record.instance, {"pieces": "BN"})
    unsettled = family.from_json({"clues": {"b8": 7}})
    with pytest.raises(BadInput, match="between 0 and the 6 pieces"):
        family.apply_options(unsettled, {})
    assert family.apply_options(unsettled, {"pieces": "KQRBNNP"}).clue_map == {(1, 7): 7}
    with pytest.raises(BadInput, match="between 0"):  # never fixed by other pieces
        family.from_json({"clues": {"b8": -1}})


def test_solution_shapes(family) -> None:
    instance = io.make_instance(8, "KQRBNNP", [])
    solution = {"K": "a1", "Q": "b1", "R": "c1", "B": "d1", "N": ["f1", "e1"], "P": "g2"}
    assert family.solution_from_json(instance, solution)["N"] == ["e1", "f1"]
    # an incomplete placement, or one with too many of a piece, is a solution shape: `verify`
    # names what is wrong (check: exit 1)
    for wrong, words in [
        ({"K": "a1"}, "1 Q, the solution places 0"),
        (dict(solution, N="e1"), "2 N, the solution places 1"),
        (dict(solution, N=["e1", "f1", "g1"]), "2 N, the solution places 3"),
        (dict(solution, Q=["b1", "b2"]), "1 Q, the solution places 2"),
        (dict(solution, K=["a1", "a1"]), "1 K, the solution places 2"),
    ]:
        read = family.solution_from_json(instance, wrong)
        assert any(words in problem for problem in family.verify(instance, read)), (wrong, read)
    without_pawns = io.make_instance(8, "KQRBN", [])
    read = family.solution_from_json(without_pawns, dict(solution, N="e1"))
    assert "the puzzle has 0 P, the solution places 1" in family.verify(without_pawns, read)
    for bad, words in [
        (dict(solution, X="a1"), "unknown piece"),
        (dict(solution, N=["e1", "f1", "z9"]), "not a square"),
        (dict(solution, K="a9x"), "not a square name"),
        (dict(solution, K=7), "square"),
        ("K a1", "object"),
    ]:
        with pytest.raises(BadInput, match=words):
            family.solution_from_json(instance, bad)


def test_pieces_option_revalidates(family) -> None:
    instance = io.from_json({"clues": {"b8": 6}})
    assert family.apply_options(instance, {"pieces": "KQRBNNP"}).pieces == "KQRBNNP"
    with pytest.raises(BadInput, match="between 0 and the 2 pieces"):
        family.apply_options(instance, {"pieces": "QR"})
