"""Drawing Chess-Num boards: rich text in the terminal and SVG.

Clue squares show their number (bold, on a highlighted square; squares are three characters
wide in the terminal when a clue has two digits, `board_text`); pieces are chess glyphs. The
marked squares of a Detektivschach puzzle are shaded grey and show a dot until a piece stands
there. With
`explain` (the `--explain` render option) the drawing also lists, for each clue,
the pieces attacking it in the solution; the SVG draws a thin line from each attacker to the
clue square it attacks.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from boardlab.families.chessnum import explain as explaining
from boardlab.families.chessnum.io import FILES, PIECE_NAMES, ChessNumInstance, Square, placement_from_json
from boardlab.render.terminal import board_text

GLYPHS = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "N": "\u265e", "P": "\u265f"}
CLUE_FILL = "#fff3a8"
CLUE_STYLE = "bold black on yellow"
PIECE_COLOR = "#1a1a1a"
#: Marked squares (Detektivschach): a piece stands there, which one is the question.
MARK = "\u25cf"
MARK_FILL = "#c9c9c9"
MARK_STYLE = "bold black on grey70"


def _placement(instance: ChessNumInstance, solution: dict[str, Any] | None) -> list[tuple[str, Square]]:
    if not solution:
        return []
    return placement_from_json(instance, solution)


def render_text(
    instance: ChessNumInstance, solution: dict[str, Any] | None = None, explain: bool = False
) -> Any:
    n = instance.size
    clues = instance.clue_map
    placed = {square: letter for letter, square in _placement(instance, solution)}
    marked = set(instance.occupied)
    cells: list[list[str]] = []
    styles: list[list[str | None]] = []
    for rank in range(n - 1, -1, -1):
        row_cells: list[str] = []
        row_styles: list[str | None] = []
        for file in range(n):
            square = (file, rank)
            if square in clues:
                row_cells.append(str(clues[square]))
                row_styles.append(CLUE_STYLE)
            elif square in placed:
                row_cells.append(GLYPHS[placed[square]])
                row_styles.append(MARK_STYLE if square in marked else "bold black")
            elif square in marked:
                row_cells.append(MARK)
                row_styles.append(MARK_STYLE)
            else:
                row_cells.append("")
                row_styles.append(None)
        cells.append(row_cells)
        styles.append(row_styles)
    board = board_text(
        cells,
        styles=styles,
        row_labels=[str(rank + 1) for rank in range(n - 1, -1, -1)],
        col_labels=list(FILES[:n]),
        col_labels_below=True,
    )
    if not (explain and solution):
        return board
    lines = [Text("attackers of each clue:", style="dim")]
    for entry in explaining.explain(instance, solution):
        who = ", ".join(f"{PIECE_NAMES[a['piece']]} {a['square']}" for a in entry["attackers"]) or "none"
        lines.append(Text(f"  {entry['square']} = {entry['clue']}: {who}"))
    return Group(board, *lines)


def render_svg(
    instance: ChessNumInstance, solution: dict[str, Any] | None = None, explain: bool = False
) -> str:
    from boardlab.render.svg import SvgBoard  # here, not at the top: only drawing needs it (CLI start-up)

    n = instance.size
    cell = 48 if n <= 10 else 36
    clues = instance.clue_map
    placement = _placement(instance, solution)

    def cell_of(square: Square) -> tuple[int, int]:
        return n - 1 - square[1], square[0]

    glyphs: dict[tuple[int, int], str] = {cell_of(s): str(v) for s, v in clues.items()}
    colors = {cell_of(s): "#8a1c1c" for s in clues}
    fills = {cell_of(s): CLUE_FILL for s in clues}
    for square in instance.occupied:
        glyphs[cell_of(square)] = MARK
        colors[cell_of(square)] = "#555555"
        fills[cell_of(square)] = MARK_FILL
    for letter, square in placement:
        glyphs[cell_of(square)] = GLYPHS[letter]
        colors[cell_of(square)] = PIECE_COLOR
    title = f"{'Detektivschach' if instance.occupied else 'Chess-Num'} {n}x{n}, pieces {instance.pieces}"
    board = SvgBoard(
        n,
        n,
        cell=cell,
        fills=fills,
        glyphs=glyphs,
        glyph_colors=colors,
        left=[str(rank + 1) for rank in range(n - 1, -1, -1)],
        bottom=list(FILES[:n]),
        title=title,
    )
    svg = board.to_svg()
    if not (explain and solution):
        return svg
    # SvgBoard puts the board at (cell, 4) when there are left labels and no top labels.
    left, top = cell, 4

    def centre(square: Square) -> tuple[float, float]:
        row, col = cell_of(square)
        return left + col * cell + cell / 2, top + row * cell + cell / 2

    lines = []
    for entry in explaining.explain(instance, solution):
        tx, ty = centre(entry["target"])
        for attacker in entry["attackers"]:
            ax, ay = centre(attacker["at"])
            lines.append(
                f'<line x1="{ax:g}" y1="{ay:g}" x2="{tx:g}" y2="{ty:g}" stroke="#c0392b" '
                f'stroke-width="2" stroke-opacity="0.6"><title>{PIECE_NAMES[attacker["piece"]]} '
                f"{attacker['square']} attacks {entry['square']}</title></line>"
            )
    return svg.replace("</svg>", "\n".join(lines) + "\n</svg>")
