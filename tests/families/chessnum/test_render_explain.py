"""Drawing and explanations: glyphs, numbers, attackers, all board sizes."""

from __future__ import annotations

import io as stdio
import xml.etree.ElementTree as ET
from typing import Any

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


def svg_texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(SVG + "text")]


def styled(renderable) -> dict[str, Any]:
    """Each non-blank text run of the terminal drawing and its rich style."""
    console = Console(file=stdio.StringIO(), width=200, color_system="truecolor", force_terminal=True)
    return {s.text.strip(): s.style for s in console.render(renderable) if s.text.strip()}


WITH_ROOK_ON_ZERO = {"K": "a1", "Q": "b2", "R": "d4", "B": "e5", "N": "f6", "P": "g2"}


def test_a_piece_on_a_numbered_square_shows_piece_and_number_in_both_drawings() -> None:
    """The terminal showed the number and hid the piece, the SVG the piece and hid the number:
    both now show the piece's glyph and the number, marked as breaking the rules."""
    instance = from_json(published()[0]["instance"])  # d4 = 0
    text = text_of(render.render_text(instance, WITH_ROOK_ON_ZERO))
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line[:1].isdigit()}
    assert rows["4"][3] == "\u265c0"  # file d of rank 4: the rook and the 0
    assert "the rook on the numbered square d4 (0)" in text
    style = styled(render.render_text(instance, WITH_ROOK_ON_ZERO))["\u265c0"]
    assert style.color.name == "red3" and style.underline and style.bold  # marked, not just shown
    luminance = [
        0.2126 * r + 0.7152 * g + 0.0722 * b
        for r, g, b in (style.color.get_truecolor(), style.bgcolor.get_truecolor())
    ]
    assert abs(luminance[0] - luminance[1]) > 0.3 * 255  # readable on the board's grey
    svg = render.render_svg(instance, WITH_ROOK_ON_ZERO)
    assert "\u265c0" in svg_texts(svg) and "0" not in svg_texts(svg)  # the number is on the rook's square
    assert render.CONFLICT_FILL in svg and "<title>the rook on the numbered square d4 (0)</title>" in svg
    assert render.conflicts(instance, WITH_ROOK_ON_ZERO) == {(3, 3): "the rook on the numbered square d4 (0)"}


def test_two_pieces_on_one_square_show_both_in_both_drawings() -> None:
    instance = from_json(published()[0]["instance"])
    both = dict(WITH_ROOK_ON_ZERO, Q="a1", R="c1")
    text = text_of(render.render_text(instance, both))
    assert "\u265a\u265b" in text and "the king and the queen on one square, a1" in text
    assert "\u265a\u265b" in svg_texts(render.render_svg(instance, both))
    # two pieces and a two-digit number: 4 characters, the cells widen so that none touch
    many = make_instance(8, "KQRBNNPPPP", [((0, 0), 10)])
    crowded = {"K": "a1", "Q": "a1", "R": "c1", "B": "d1", "N": ["e1", "f1"], "P": ["a2", "b2", "c2", "d2"]}
    line = next(
        line for line in text_of(render.render_text(many, crowded)).splitlines() if line.startswith("1")
    )
    assert "\u265a\u265b10 " in line and " \u265c " in line
    assert "\u265a\u265b10" in svg_texts(render.render_svg(many, crowded))


def test_detective_piece_on_a_numbered_square_is_shown(family) -> None:
    instance = make_instance(4, "QR", [((0, 3), 1)], occupied=[(0, 0), (2, 2)])
    solution = {"a4": "Q", "c3": "R"}  # by square: the queen on the clue a4 = 1
    assert "\u265b1" in text_of(render.render_text(instance, solution))
    assert "\u265b1" in svg_texts(render.render_svg(instance, solution))
    assert family.check(instance, solution)  # and check lists it


def test_a_valid_solution_marks_nothing() -> None:
    board = published()[0]
    instance = from_json(board["instance"])
    assert render.conflicts(instance, board["solution"]) == {}
    text = text_of(render.render_text(instance, board["solution"]))
    assert "breaks the rules" not in text and "\u265b" in text
    svg = render.render_svg(instance, board["solution"])
    assert render.CONFLICT_FILL not in svg and "6" in svg_texts(svg) and "\u265b" in svg_texts(svg)


def square_backgrounds(renderable, size: int) -> dict[str, set[str | None]]:
    """The background colour names of each square's characters in the terminal drawing, by
    square name (rank labels one character wide and a space, squares two characters wide)."""
    console = Console(file=stdio.StringIO(), width=200, color_system="truecolor", force_terminal=True)
    lines: list[list[tuple[str, Any]]] = [[]]
    for segment in console.render(renderable):
        for ch in segment.text:
            if ch == "\n":
                lines.append([])
            else:
                lines[-1].append((ch, segment.style))
    found: dict[str, set[str | None]] = {}
    for row, line in enumerate(lines[:size]):
        rank = size - row
        assert "".join(ch for ch, _ in line[:2]).strip() == str(rank)
        for file in range(size):
            cell = line[2 + 2 * file : 4 + 2 * file]
            found[f"{FILES[file]}{rank}"] = {s.bgcolor.name if s and s.bgcolor else None for _, s in cell}
    return found


def test_terminal_clue_squares_keep_their_own_background() -> None:
    """The clue squares are drawn on yellow in the terminal, on light and dark squares alike, as
    the SVG highlights them; the board's checkering stays on the other squares. The checkering
    was laid over the clue's own background, so no clue showed its yellow."""
    from rich.style import Style

    from boardlab.render import terminal

    board = published()[0]
    instance = from_json(board["instance"])
    clue = Style.parse(render.CLUE_STYLE).bgcolor.name
    light, dark = (Style.parse(s).bgcolor.name for s in (terminal.LIGHT, terminal.DARK))
    for solution in (None, board["solution"]):
        drawn = square_backgrounds(render.render_text(instance, solution), 8)
        for name, backgrounds in drawn.items():
            file, rank = FILES.index(name[0]), int(name[1:]) - 1
            board_colour = light if (file + rank) % 2 == 1 else dark  # a1 dark, as on a chessboard
            assert backgrounds == {clue if name in board["instance"]["clues"] else board_colour}, name


def test_terminal_marked_squares_stand_out_on_light_and_dark_squares() -> None:
    """A Detektivschach marked square is shaded in the terminal as in the SVG, with its dot or
    the piece standing there, in a grey of its own: it was the board's dark grey, so a marked
    dark square looked like any other and a marked light square like a dark one."""
    from rich.style import Style

    from boardlab.render import terminal

    instance = make_instance(4, "QR", [((3, 3), 1)], occupied=[(0, 0), (0, 1)])  # a1 dark, a2 light
    mark = Style.parse(render.MARK_STYLE).bgcolor.name
    light, dark = (Style.parse(s).bgcolor.name for s in (terminal.LIGHT, terminal.DARK))
    assert mark not in (light, dark)
    for solution in (None, {"a1": "Q", "a2": "R"}):
        drawn = square_backgrounds(render.render_text(instance, solution), 4)
        assert drawn["a1"] == drawn["a2"] == {mark}
        assert drawn["b1"] == {light} and drawn["b2"] == {dark}
        text = text_of(render.render_text(instance, solution))
        assert (render.MARK in text) == (solution is None)
