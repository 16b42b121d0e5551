"""Drawing Chess-Num boards: rich text in the terminal and SVG.

Clue squares show their number (bold, on a highlighted square; squares are three characters
wide in the terminal when a clue has two digits, `board_text`); pieces are chess glyphs. The
marked squares of a Detektivschach puzzle are shaded grey and show a dot until a piece stands
there. A placement that breaks the board's rules on a square (a piece on a numbered square, two
pieces on one square: a player's solution drawn by `render --solution`) shows everything on
that square, the pieces' glyphs then the number (`♜0`), in red on a red square in the SVG and
red underlined in the terminal, with one line per such square below the terminal board and a
tooltip in the SVG (`conflicts`); both drawings show the same characters, nothing is hidden.
With
`explain` (the `--explain` render option) the drawing also lists, for each clue,
the pieces attacking it in the solution; the SVG draws a thin line from each attacker to the
clue square it attacks.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from rich.console import Group
from rich.text import Text

from boardlab.families.chessnum import explain as explaining
from boardlab.families.chessnum.io import (
    FILES,
    PIECE_NAMES,
    ChessNumInstance,
    Square,
    placement_from_json,
    square_name,
)
from boardlab.families.chessnum.squares import square_conflicts
from boardlab.render.terminal import board_text

GLYPHS = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "N": "\u265e", "P": "\u265f"}
CLUE_FILL = "#fff3a8"
CLUE_STYLE = "bold black on yellow"
PIECE_COLOR = "#1a1a1a"
#: Marked squares (Detektivschach): a piece stands there, which one is the question.
MARK = "\u25cf"
MARK_FILL = "#c9c9c9"
MARK_STYLE = "bold black on grey50"  # darker than both of the board's greys
#: A square whose placement breaks a rule (a piece on a number, two pieces on one square).
CONFLICT_STYLE = "bold red3 underline"
CONFLICT_COLOR = "#b71c1c"
CONFLICT_FILL = "#f4b4b4"


def _placement(instance: ChessNumInstance, solution: dict[str, Any] | None) -> list[tuple[str, Square]]:
    if not solution:
        return []
    return placement_from_json(instance, solution)


def _by_square(instance: ChessNumInstance, solution: dict[str, Any] | None) -> dict[Square, list[str]]:
    """The piece letters standing on each square, in the order the solution gives them."""
    on: dict[Square, list[str]] = {}
    for letter, square in _placement(instance, solution):
        on.setdefault(square, []).append(letter)
    return on


def conflicts(instance: ChessNumInstance, solution: dict[str, Any] | None) -> dict[Square, str]:
    """The squares whose placement breaks a rule by itself (`squares.square_conflicts`), each
    with what is wrong there: a piece on a numbered square, or more than one piece on a square."""
    clues = instance.clue_map
    placed = _placement(instance, solution)
    found: dict[Square, str] = {}
    for square, indices in sorted(square_conflicts(instance, placed).items()):
        names = " and ".join(f"the {PIECE_NAMES[placed[i][0]]}" for i in indices)
        name = square_name(square)
        if square in clues:
            found[square] = f"{names} on the numbered square {name} ({clues[square]})"
        else:
            found[square] = f"{names} on one square, {name}"
    return found


def _shown(instance: ChessNumInstance, square: Square, letters: list[str]) -> str:
    """What a conflict square shows: every piece's glyph, then its number if it has one."""
    clue = instance.clue_map.get(square)
    return "".join(GLYPHS[letter] for letter in letters) + ("" if clue is None else str(clue))


def render_text(
    instance: ChessNumInstance, solution: dict[str, Any] | None = None, explain: bool = False
) -> Any:
    n = instance.size
    clues = instance.clue_map
    on = _by_square(instance, solution)
    wrong = conflicts(instance, solution)
    marked = set(instance.occupied)
    cells: list[list[str]] = []
    styles: list[list[str | None]] = []
    for rank in range(n - 1, -1, -1):
        row_cells: list[str] = []
        row_styles: list[str | None] = []
        for file in range(n):
            square = (file, rank)
            if square in wrong:
                row_cells.append(_shown(instance, square, on[square]))
                row_styles.append(CONFLICT_STYLE)
            elif square in clues:
                row_cells.append(str(clues[square]))
                row_styles.append(CLUE_STYLE)
            elif square in on:
                row_cells.append(GLYPHS[on[square][0]])
                row_styles.append(MARK_STYLE if square in marked else "bold black")
            elif square in marked:
                row_cells.append(MARK)
                row_styles.append(MARK_STYLE)
            else:
                row_cells.append("")
                row_styles.append(None)
        cells.append(row_cells)
        styles.append(row_styles)
    longest = max(len(text) for row in cells for text in row)
    board = board_text(
        cells,
        styles=styles,
        row_labels=[str(rank + 1) for rank in range(n - 1, -1, -1)],
        col_labels=list(FILES[:n]),
        col_labels_below=True,
        cell_width=longest + 1 if longest > 2 else None,  # two pieces and a number: 4 wide
    )
    notes = [Text(f"  {what}", style="red3") for what in wrong.values()]
    if notes:
        notes.insert(0, Text("breaks the rules (red):", style="red3"))
    if not (explain and solution):
        return Group(board, *notes) if notes else board
    lines = [*notes, Text("attackers of each clue:", style="dim")]
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
    wrong = conflicts(instance, solution)
    on = _by_square(instance, solution)
    for square in wrong:  # drawn below, smaller, with a tooltip: the square's fill marks it here
        del glyphs[cell_of(square)]
        fills[cell_of(square)] = CONFLICT_FILL
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
    # SvgBoard puts the board at (cell, 4) when there are left labels and no top labels.
    left, top = cell, 4

    def centre(square: Square) -> tuple[float, float]:
        row, col = cell_of(square)
        return left + col * cell + cell / 2, top + row * cell + cell / 2

    marks = []
    for square, what in wrong.items():
        x, y = centre(square)
        shown = _shown(instance, square, on[square])
        font = int(cell * 0.7 * min(1.0, 1.6 / len(shown)))  # as SvgBoard's glyphs, smaller when several
        marks.append(
            f'<g><title>{escape(what)}</title><text x="{x:g}" y="{y:g}" font-size="{font}" '
            f'text-anchor="middle" dominant-baseline="central" fill="{CONFLICT_COLOR}">{escape(shown)}</text></g>'
        )
    if marks:
        svg = svg.replace("</svg>", "\n".join(marks) + "\n</svg>")
    if not (explain and solution):
        return svg
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
