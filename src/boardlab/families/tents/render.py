"""Drawing Tents boards: rich text in the terminal and SVG.

Trees are green, tents orange (given tents bold blue), given empty cells a grey cross; row clues
on the left, column clues on top (`?` for a missing clue), in bold; left of and above them the
row and column numbers, from 0 (dim), as hints and JSON write a cell `[row, col]`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardlab.core.errors import BadInput
from boardlab.families.tents.io import TentsInstance
from boardlab.render.terminal import MAX_DRAWN, board_text

TREE_GLYPH = "\u2663"  # club suit, a tree
TENT_GLYPH = "\u25b2"  # black up-pointing triangle, a tent
CROSS_GLYPH = "\u00d7"
MAX_SVG = 256


def _clue(value: int | None) -> str:
    return "?" if value is None else str(value)


def _tents(solution: dict[str, Any] | None) -> set[tuple[int, int]]:
    if not solution:
        return set()
    return {tuple(x) for x in solution.get("tents", [])}  # type: ignore[misc]


def render_text(instance: TentsInstance, solution: dict[str, Any] | None = None) -> Text:
    w, h = instance.width, instance.height
    if max(w, h) > MAX_DRAWN:
        return Text(f"{w}x{h} board (too large to draw; use --json for the tents)")
    tents = _tents(solution)
    cells: list[list[str]] = []
    styles: list[list[str | None]] = []
    for r in range(h):
        row: list[str] = []
        style: list[str | None] = []
        for c in range(w):
            cell = (r, c)
            if cell in instance.trees:
                row.append(TREE_GLYPH)
                style.append("bold green")
            elif cell in instance.given_tents:
                row.append(TENT_GLYPH)
                style.append("bold dodger_blue2")  # readable on light and dark terminals
            elif cell in tents:
                row.append(TENT_GLYPH)
                style.append("bold dark_orange")
            elif cell in instance.given_empty:
                row.append(CROSS_GLYPH)
                style.append("grey50")
            else:
                row.append("")
                style.append(None)
        cells.append(row)
        styles.append(style)
    return board_text(
        cells,
        styles=styles,
        checkered=False,
        row_labels=[_clue(v) for v in instance.rows],
        col_labels=[_clue(v) for v in instance.cols],
        numbers=True,
        label_style="bold",
    )


def render_svg(instance: TentsInstance, solution: dict[str, Any] | None = None) -> str:
    from boardlab.render.svg import SvgBoard  # here, not at the top: only drawing needs it (CLI start-up)

    w, h = instance.width, instance.height
    if max(w, h) > MAX_SVG:
        raise BadInput(f"a {w}x{h} board is too large to draw as SVG (at most {MAX_SVG} per side)")
    tents = _tents(solution)
    glyphs: dict[tuple[int, int], str] = {}
    colors: dict[tuple[int, int], str] = {}
    fills: dict[tuple[int, int], str] = {}
    for cell in instance.trees:
        glyphs[cell] = TREE_GLYPH
        colors[cell] = "#1b7a1b"
    for cell in tents | set(instance.given_tents):
        glyphs[cell] = TENT_GLYPH
        colors[cell] = "#1f4e9c" if cell in instance.given_tents else "#d2691e"
    for cell in instance.given_empty:
        glyphs[cell] = CROSS_GLYPH
        colors[cell] = "#707070"
    for cell in set(instance.given_tents) | set(instance.given_empty):
        fills[cell] = "#e4ecf7"  # given cells are shaded
    board = SvgBoard(
        h,
        w,
        checkered=False,
        cell=max(8, min(40, 800 // max(w, h))),
        fills=fills,
        glyphs=glyphs,
        glyph_colors=colors,
        left=[_clue(v) for v in instance.rows],
        top=[_clue(v) for v in instance.cols],
        title=f"Tents {w}x{h}",
    )
    return board.to_svg()
