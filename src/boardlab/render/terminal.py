"""Terminal boards with rich: a grid of short cell texts on a checkered or plain background."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

#: Widest board drawn cell by cell; larger boards get a one-line summary instead.
MAX_DRAWN = 60

LIGHT = "on grey82"
DARK = "on grey62"
PLAIN = ""
EMPTY = "\u00b7"  # a middle dot marks an empty cell, so boards read without colours


def board_text(
    cells: Sequence[Sequence[str]],
    *,
    styles: Sequence[Sequence[str | None]] | None = None,
    checkered: bool = True,
    row_labels: Sequence[str] | None = None,
    col_labels: Sequence[str] | None = None,
    col_labels_below: bool = False,
    cell_width: int = 2,
) -> Text:
    """A board as rich Text.

    `cells[r][c]` is the (1-2 character) content of a cell, `styles[r][c]` an optional rich
    style for it (e.g. "bold red"). Labels go left of rows and above (or below) columns.
    """
    rows = len(cells)
    cols = len(cells[0]) if rows else 0
    label_width = max((len(x) for x in row_labels), default=0) if row_labels else 0
    text = Text()

    def column_header() -> None:
        if col_labels is None:
            return
        text.append(" " * (label_width + (1 if row_labels else 0)))
        for label in col_labels:
            text.append(
                label.center(cell_width)[:cell_width] if len(label) <= cell_width else label[-cell_width:],
                style="dim",
            )
        text.append("\n")

    if not col_labels_below:
        column_header()
    for r in range(rows):
        if row_labels:
            text.append(row_labels[r].rjust(label_width) + " ", style="dim")
        for c in range(cols):
            background = (LIGHT if (r + c) % 2 == 0 else DARK) if checkered else PLAIN
            style = " ".join(part for part in ((styles[r][c] if styles else None) or "", background) if part)
            content = cells[r][c] or EMPTY
            if not cells[r][c]:
                style = " ".join(part for part in ("grey50", background) if part)
            text.append(content.center(cell_width), style=style or None)
        text.append("\n")
    if col_labels_below:
        column_header()
    text.rstrip()
    return text
