"""Drawing and explanations: glyphs, numbers, attackers, all board sizes."""

from __future__ import annotations

import io as stdio
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

from boardlab.families.chessnum import explain, render
from boardlab.families.chessnum.io import FILES, from_json, make_instance

from .conftest import published

SVG = "{http://www.w3.org/2000/svg}"


def text_of(renderable) -> str:
    console = Console(file=stdio.StringIO(), width=200, color_system=None)
    console.print(renderable)
    return console.file.getvalue()


@pytest.mark.parametrize("board", published(), ids=lambda b: b["id"])
def test_explanation_matches_every_clue(board) -> None:
    instance = from_json(board["instance"])
    entries = explain.explain(instance, board["solution"])
    assert [e["square"] for e in entries] == list(board["instance"]["clues"])
    for entry in entries:
        assert len(entry["attackers"]) == entry["clue"]


def test_text_board_shows_numbers_pieces_and_attackers() -> None:
    board = published()[0]
    instance = from_json(board["instance"])
    plain = text_of(render.render_text(instance))
    assert "6" in plain and "\u265b" not in plain and "a b c d e f g h" in plain
    solved = text_of(render.render_text(instance, board["solution"], explain=True))
    assert (
        "\u265b" in solved and "d8 = 6: king d7, knight b7, pawn e7, queen g8, rook c8, bishop a5" in solved
    )


@pytest.mark.parametrize("size", [4, 9, 16])
def test_every_size_draws(size) -> None:
    instance = make_instance(size, "KQNN", [((0, 0), 1), ((size - 1, size - 1), 0)])
    solution = {"K": "b2", "Q": "c3", "N": ["d1", "d2"]}
    text = text_of(render.render_text(instance, solution))
    assert str(size) in text and f" {FILES[size - 1]}" in text  # rank and file labels
    root = ET.fromstring(render.render_svg(instance, solution, explain=True))
    glyphs = [t.text for t in root.iter(SVG + "text")]
    assert glyphs.count("\u265e") == 2 and "1" in glyphs


def test_hint_with_repeated_pieces(family) -> None:
    instance = make_instance(4, "NN", [((0, 0), 2)])  # a1 = 2: knights on b3 and c2
    answer = family.hint(instance, {"N": ["b3"]}).to_json()
    assert answer["status"] == "progress" and answer["place"] == {"N": ["c2"]}
    assert family.hint(instance, {"N": ["b3", "c2"]}).to_json()["status"] == "solved"
    assert family.hint(instance, {"N": ["d4"]}).to_json()["status"] == "mistake"
