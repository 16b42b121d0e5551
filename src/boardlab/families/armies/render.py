"""Drawing armies: rich text in the terminal and SVG.

White queens are drawn as the outline queen, black queens as the solid queen; in the terminal
rows and columns are numbered from 0, as hints and JSON write a square `[row, col]`. With
`attacks` (the `--attacks` render option) the terminal draws one board per army, the squares it
attacks marked `w` (white) or `b` (black); in SVG they are tinted.
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
    both = "queen" if len(black) == 1 else "queens"
    return f"{instance.n}x{instance.n} board, {len(white)} white and {len(black)} black {both}"


#: Styles on the board's grey squares (readable in light and dark terminals alike): the white
#: army is the outline queen in blue, the black army the solid queen in black.
WHITE_STYLE = "bold blue3"
BLACK_STYLE = "bold black"


def _board(
    n: int,
    white: set[tuple[int, int]],
    black: set[tuple[int, int]],
    marked: set[tuple[int, int]] = frozenset(),  # type: ignore[assignment]
    mark: str = "",
    mark_style: str = "",
) -> Text:
    cells: list[list[str]] = []
    styles: list[list[str | None]] = []
    for r in range(n):
        row_cells: list[str] = []
        row_styles: list[str | None] = []
        for c in range(n):
            square = (r, c)
            if square in white:
                row_cells.append(WHITE_QUEEN)
                row_styles.append(WHITE_STYLE)
            elif square in black:
                row_cells.append(BLACK_QUEEN)
                row_styles.append(BLACK_STYLE)
            elif square in marked:
                row_cells.append(mark)
                row_styles.append(mark_style)
            else:
                row_cells.append("")
                row_styles.append(None)
        cells.append(row_cells)
        styles.append(row_styles)
    return board_text(cells, styles=styles, numbers=True)


def render_text(
    instance: ArmiesInstance, solution: dict[str, Any] | None = None, attacks: bool = False
) -> Text:
    """The board (white: outline queens, black: solid queens), rows and columns numbered from
    0. With `attacks`, one board per army: the empty squares that army attacks marked `w`
    (white) or `b` (black)."""
    n = instance.n
    white, black = _armies(solution)
    if n > MAX_DRAWN:
        return Text(_title(instance, white, black) + " (too large to draw; use --json for the squares)")
    if not attacks:
        text = _board(n, white, black)
    else:
        by_white, by_black = attacked(n, white) - black, attacked(n, black) - white
        text = Text(f"squares the white army ({WHITE_QUEEN}) attacks, marked w:\n", style="dim")
        text.append_text(_board(n, white, black, by_white, "w", WHITE_STYLE.replace("bold ", "")))
        text.append(f"\nsquares the black army ({BLACK_QUEEN}) attacks, marked b:\n", style="dim")
        text.append_text(_board(n, white, black, by_black, "b", "red3"))
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
