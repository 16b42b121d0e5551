"""Terminal boards with rich: a grid of short cell texts on a checkered or plain background,
with coordinates: the row and column numbers (0-based, as messages, hints and the JSON write a
cell `[row, col]`) or the family's own labels (chess files and ranks).

Colours: a checkered board has its own light and dark grey squares, so the pieces on it are
dark (black, blue, red) and read the same in light and dark terminals; text off the board
uses colours readable on both (no white, no black). A cell whose style names a background of
its own (a Chess-Num clue on yellow, a Detektivschach marked square) shows that background
instead of the board's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

#: Widest board drawn cell by cell; larger boards get a one-line summary instead.
MAX_DRAWN = 60

LIGHT = "on grey85"
DARK = "on grey70"
PLAIN = ""
EMPTY = "\u00b7"  # a middle dot marks an empty cell, so boards read without colours
#: An empty cell's dot: on the board's greys (checkered), or on the terminal's own background.
EMPTY_ON_BOARD = "grey30"
EMPTY_PLAIN = "grey50"


def number_labels(count: int, width: int) -> list[str]:
    """Lines of column numbers 0..count-1 for cells `width` characters wide: one line when
    every number fits with a space to spare, else the digits stacked (tens above units)."""
    labels = [str(i) for i in range(count)]
    if all(len(label) < width for label in labels):
        return ["".join(label.center(width) for label in labels)]
    digits = max(len(label) for label in labels)
    padded = [label.rjust(digits) for label in labels]
    return ["".join(label[d].center(width) for label in padded) for d in range(digits)]


def board_text(
    cells: Sequence[Sequence[str]],
    *,
    styles: Sequence[Sequence[str | None]] | None = None,
    checkered: bool = True,
    row_labels: Sequence[str] | None = None,
    col_labels: Sequence[str] | None = None,
    col_labels_below: bool = False,
    cell_width: int | None = None,
    numbers: bool = False,
    label_style: str = "dim",
) -> Text:
    """A board as rich Text.

    `cells[r][c]` is the (1-2 character) content of a cell, `styles[r][c]` an optional rich
    style for it (e.g. "bold red"); a background in it ("bold black on yellow": a Chess-Num
    clue) takes the place of the board's (checkered grey or none) on that cell, and an empty
    cell keeps only that background (its dot has the board's dot colour). Labels go left of rows and above (or below) columns.
    `numbers`: the row numbers on the far left and the column numbers on top, 0-based.
    `cell_width`: the characters a cell takes; by default 2, or 3 when a cell or a column label
    has two characters (a Chess-Num clue or a Tents column clue of 10 or more), which would
    otherwise touch the next one.
    """
    if cell_width is None:
        texts = [text for row in cells for text in row] + list(col_labels or [])
        cell_width = 3 if any(len(text) > 1 for text in texts) else 2
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    label_width = max((len(x) for x in row_labels), default=0) if row_labels else 0
    number_width = len(str(rows - 1)) if numbers else 0
    margin = (number_width + 1 if numbers else 0) + (label_width + 1 if row_labels else 0)
    text = Text()
    if numbers:
        for line in number_labels(cols, cell_width):
            text.append(" " * margin + line.rstrip() + "\n", style="dim")

    def column_header() -> None:
        if col_labels is None:
            return
        text.append(" " * margin)
        for label in col_labels:
            text.append(
                label.center(cell_width)[:cell_width] if len(label) <= cell_width else label[-cell_width:],
                style=label_style,
            )
        text.append("\n")

    if not col_labels_below:
        column_header()
    for r in range(rows):
        if numbers:
            text.append(str(r).rjust(number_width) + " ", style="dim")
        if row_labels:
            text.append(row_labels[r].rjust(label_width) + " ", style=label_style)
        run: list[str] = []  # cells of one style, appended together (a board has few runs)
        run_style = ""
        for c in range(cols):
            background = (LIGHT if (r + c) % 2 == 0 else DARK) if checkered else PLAIN
            own = (styles[r][c] if styles else None) or ""
            # the board's background first: a background in the cell's own style comes later and
            # wins (rich keeps the last "on COLOUR" of a style)
            style = " ".join(part for part in (background, own) if part)
            content = cells[r][c] or EMPTY
            if not cells[r][c]:  # the dot's colour, on the cell's own background if it has one
                own_background = Style.parse(own).bgcolor if own else None
                if own_background is not None:
                    background = f"on {own_background.name}"
                dot = EMPTY_ON_BOARD if background else EMPTY_PLAIN
                style = " ".join(part for part in (dot, background) if part)
            if style != run_style and run:
                text.append("".join(run), style=run_style or None)
                run = []
            run_style = style
            run.append(content.center(cell_width))
        text.append("".join(run), style=run_style or None)
        text.append("\n")
    if col_labels_below:
        column_header()
    text.rstrip()
    return text
