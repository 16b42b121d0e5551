"""Drawing N-Queens boards: rich text in the terminal (rows and columns numbered from 0, given
queens in blue) and SVG."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardlab.core.errors import BadInput
from boardlab.families.nqueens.io import QueensInstance
from boardlab.render.terminal import MAX_DRAWN, board_text

QUEEN = "\u265b"


def _squares(instance: QueensInstance, solution: dict[str, Any] | None) -> dict[tuple[int, int], bool]:
    """Queen squares -> True when the queen was given (fixed)."""
    squares = {square: True for square in instance.fixed}
    if solution is not None:
        queens = solution.get("queens", [])
        if "queens_file" in solution:  # a constructed solution written to a file (huge n)
            with open(solution["queens_file"], "rb") as handle:
                queens = [int(line) for line in handle.read().split()]
        for row, col in enumerate(queens):
            squares.setdefault((row, col), False)
    return squares


def render_text(instance: QueensInstance, solution: dict[str, Any] | None = None) -> Text:
    n = instance.n
    if n > MAX_DRAWN:
        return Text(f"{n}x{n} board (too large to draw; use --json for the queens)")
    squares = _squares(instance, solution)
    cells = [[QUEEN if (r, c) in squares else "" for c in range(n)] for r in range(n)]
    styles = [[("bold blue3" if squares.get((r, c)) else "bold black") for c in range(n)] for r in range(n)]
    return board_text(cells, styles=styles, numbers=True)


#: Largest board drawn as SVG.
MAX_SVG = 256


def render_svg(instance: QueensInstance, solution: dict[str, Any] | None = None) -> str:
    from boardlab.render.svg import SvgBoard  # here, not at the top: only drawing needs it (CLI start-up)

    if instance.n > MAX_SVG:
        raise BadInput(f"a {instance.n}x{instance.n} board is too large to draw as SVG (at most {MAX_SVG})")
    squares = _squares(instance, solution)
    board = SvgBoard(
        instance.n,
        instance.n,
        cell=max(8, min(40, 640 // instance.n)),
        glyphs={square: QUEEN for square in squares},
        glyph_colors={square: "#163a78" for square, given in squares.items() if given},
        title=f"{instance.n}-queens",
    )
    return board.to_svg()
