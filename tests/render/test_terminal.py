"""Terminal boards: coordinates, and colours readable in light and dark terminals.

A colour is readable on both when it is not close to white or to black, unless it stands on a
background of its own (the checkered boards' greys), which must then differ from it enough.
"""

from __future__ import annotations

import random

import pytest
from rich.color import Color
from rich.console import Console

from boardlab.core import registry
from boardlab.render.terminal import board_text, number_labels


def _luminance(color: Color) -> float:
    red, green, blue = color.get_truecolor()
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def _segments(renderable: object) -> list:
    console = Console(color_system="truecolor", width=200, file=None, force_terminal=True)
    return [s for s in console.render(renderable) if s.text.strip()]


@pytest.mark.parametrize("family", [f.name for f in registry.families()])
def test_board_colours_read_in_light_and_dark_terminals(family: str) -> None:
    chosen = registry.get(family)
    checked = 0
    for seed in range(6):
        instance = chosen.sample(random.Random(seed))
        result = chosen.solve(instance)
        solution = result.solutions[0] if result.solutions else None
        for options in ({}, {o.name: True for o in chosen.options if "render" in o.verbs and o.type is bool}):
            for segment in _segments(chosen.render_text(instance, solution, options)):
                style = segment.style
                if style is None or style.color is None:
                    continue
                checked += 1
                light = _luminance(style.color)
                if style.bgcolor is not None:
                    assert abs(light - _luminance(style.bgcolor)) > 0.3, (family, segment)
                else:  # on the terminal's own background, white or black
                    assert 0.15 < light < 0.85 or style.dim, (family, segment)
                    assert style.color.name not in ("yellow", "bright_yellow", "white", "bright_white"), (
                        segment
                    )
    assert checked > 0


def test_column_numbers_stack_when_they_do_not_fit() -> None:
    assert number_labels(4, 2) == ["0 1 2 3 "]  # one column of 2 characters per number
    tens, units = number_labels(12, 2)
    assert tens.split() == ["1", "1"] and units.split() == [str(i % 10) for i in range(12)]
    text = board_text([["", "Q"], ["", ""]], numbers=True).plain.splitlines()
    assert text[0].split() == ["0", "1"] and [line.split()[0] for line in text[1:]] == ["0", "1"]


def _styled_characters(text: object) -> list[tuple[str, str]]:
    console = Console(color_system="truecolor", width=400, file=None, force_terminal=True)
    return [(ch, str(s.style)) for s in console.render(text) for ch in s.text]


@pytest.mark.parametrize("checkered", [True, False])
def test_cells_drawn_in_runs_keep_each_cells_style(checkered: bool) -> None:
    """Cells of one style are appended together (a speed-up): every character still carries
    the style its cell alone would give it."""
    from rich.text import Text

    from boardlab.render import terminal

    rng = random.Random(7)
    cells = [[rng.choice(["", "", "T", "^", "Q"]) for _ in range(9)] for _ in range(7)]
    styles = [[rng.choice([None, None, "bold red", "blue"]) for _ in range(9)] for _ in range(7)]
    expected = Text()
    for r in range(7):
        for c in range(9):
            background = (terminal.LIGHT if (r + c) % 2 == 0 else terminal.DARK) if checkered else ""
            if cells[r][c]:
                style = " ".join(p for p in (styles[r][c] or "", background) if p)
            else:
                dot = terminal.EMPTY_ON_BOARD if checkered else terminal.EMPTY_PLAIN
                style = " ".join(p for p in (dot, background) if p)
            expected.append((cells[r][c] or terminal.EMPTY).center(2), style=style or None)
        expected.append("\n")
    expected.rstrip()
    drawn = board_text(cells, styles=styles, checkered=checkered)
    assert drawn.plain == expected.plain
    assert _styled_characters(drawn) == _styled_characters(expected)


def _cell_backgrounds(text: object, rows: int, cols: int, width: int = 2) -> list[list[set[str | None]]]:
    """The background colour names of each cell's characters, cell by cell (a board drawn
    without labels: one line per row, `width` characters per cell)."""
    console = Console(color_system="truecolor", width=400, file=None, force_terminal=True)
    lines: list[list[tuple[str, object]]] = [[]]
    for segment in console.render(text):
        for ch in segment.text:
            if ch == "\n":
                lines.append([])
            else:
                lines[-1].append((ch, segment.style))
    return [
        [
            {s.bgcolor.name if s and s.bgcolor else None for _, s in lines[r][c * width : (c + 1) * width]}
            for c in range(cols)
        ]
        for r in range(rows)
    ]


@pytest.mark.parametrize("checkered", [True, False])
def test_a_cells_own_background_wins_over_the_checkering(checkered: bool) -> None:
    """A cell whose style names a background ("on yellow": a Chess-Num clue, a Detektivschach
    marked square) shows it on light and dark squares alike; the other cells keep the board's.
    The checkering was applied after the cell's style, so it hid the cell's background."""
    from boardlab.render import terminal

    cells = [["1", "2", "Q", ""], ["", "", "3", "Q"]]
    styles = [
        ["bold black on yellow", "bold black on yellow", "bold blue3", None],
        ["on grey50", "bold black", None, "bold black on grey50"],
    ]
    drawn = board_text(cells, styles=styles, checkered=checkered)
    light, dark = (terminal.LIGHT.split()[-1], terminal.DARK.split()[-1]) if checkered else (None, None)
    board = [[light if (r + c) % 2 == 0 else dark for c in range(4)] for r in range(2)]
    expected = [
        ["yellow", "yellow", board[0][2], board[0][3]],
        ["grey50", board[1][1], board[1][2], "grey50"],
    ]
    assert _cell_backgrounds(drawn, 2, 4) == [[{name} for name in row] for row in expected]
    # an empty cell keeps its dot, on its own background
    assert drawn.plain.splitlines()[1][:2] == terminal.EMPTY.center(2)
