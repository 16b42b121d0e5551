"""Drawing armies: rich text in the terminal and SVG.

White queens are drawn as the outline queen, black queens as the solid queen. With
`attacks` (the `--attacks` render option), empty squares attacked by one army are marked:
`w` (white only), `b` (black only), `x` (both); in SVG they are tinted.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardlab.core.errors import BadInput
from boardlab.families.armies.io import ArmiesInstance
from boardlab.render.terminal import MAX_DRAWN, board_text

WHITE_QUEEN = "\u2655"
BLACK_QUEEN = "\u265b"
#: Largest board drawn as SVG.
MAX_SVG = 256


def _armies(solution: dict[str, Any] | None) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    if not solution:
        return set(), set()
    return {tuple(s) for s in solution.get("white", [])}, {tuple(s) for s in solution.get("black", [])}  # type: ignore[misc]


def attacked(n: int, queens: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Squares attacked by at least one of `queens` (queens do not block)."""
    rows = {r for r, _ in queens}
    cols = {c for _, c in queens}
    diags = {r - c for r, c in queens}
    antis = {r + c for r, c in queens}
    return {
        (r, c)
        for r in range(n)
        for c in range(n)
        if r in rows or c in cols or r - c in diags or r + c in antis
    } - queens


def _title(instance: ArmiesInstance, white: set, black: set) -> str:
    return f"{instance.n}x{instance.n} board, {len(white)} white and {len(black)} black queens"


def render_text(
    instance: ArmiesInstance, solution: dict[str, Any] | None = None, attacks: bool = False
) -> Text:
    n = instance.n
    white, black = _armies(solution)
    if n > MAX_DRAWN:
        return Text(_title(instance, white, black) + " (too large to draw; use --json for the squares)")
    by_white = attacked(n, white) if attacks else set()
    by_black = attacked(n, black) if attacks else set()
    cells = []
    styles = []
    for r in range(n):
        row_cells, row_styles = [], []
        for c in range(n):
            square = (r, c)
            if square in white:
                row_cells.append(WHITE_QUEEN)
                row_styles.append("bold bright_white")
            elif square in black:
                row_cells.append(BLACK_QUEEN)
                row_styles.append("bold black")
            elif square in by_white and square in by_black:
                row_cells.append("x")
                row_styles.append("magenta")
            elif square in by_white:
                row_cells.append("w")
                row_styles.append("blue")
            elif square in by_black:
                row_cells.append("b")
                row_styles.append("red")
            else:
                row_cells.append("")
                row_styles.append("")
        cells.append(row_cells)
        styles.append(row_styles)
    text = board_text(cells, styles=styles)
    if solution is not None:
        text.append("\n" + _title(instance, white, black), style="dim")
    return text


def render_svg(
    instance: ArmiesInstance, solution: dict[str, Any] | None = None, attacks: bool = False
) -> str:
    from boardlab.render.svg import SvgBoard  # here, not at the top: only drawing needs it (CLI start-up)

    n = instance.n
    if n > MAX_SVG:
        raise BadInput(f"a {n}x{n} board is too large to draw as SVG (at most {MAX_SVG})")
    white, black = _armies(solution)
    fills: dict[tuple[int, int], str] = {}
    if attacks:
        by_white, by_black = attacked(n, white), attacked(n, black)
        for square in by_white | by_black:
            if square in white or square in black:
                continue
            fills[square] = (
                "#d9b3e6"
                if square in by_white and square in by_black
                else ("#b3cde6" if square in by_white else "#e6b3b3")
            )
    glyphs = {square: WHITE_QUEEN for square in white}
    glyphs.update({square: BLACK_QUEEN for square in black})
    board = SvgBoard(
        n,
        n,
        cell=max(8, min(40, 640 // n)),
        fills=fills,
        glyphs=glyphs,
        glyph_colors={square: "#000000" for square in glyphs},
        title=_title(instance, white, black),
    )
    return board.to_svg()
