"""Drawing C-Note grids: rich text in the terminal and SVG.

The given digit of a cell is drawn in bold blue, the digits written around it in orange (and
dim grey in a puzzle without solution). When a number holds the given digit more than once
(88 for an 8), the leftmost occurrence is marked: the solution JSON does not say which one was
given, and any choice is a valid reading. Row targets are drawn right of the grid, column
targets below it; the row and column numbers (from 0, as hints write a cell `[row, col]`)
left of and above it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from boardlab.families.cnote.io import CNoteInstance

GIVEN_STYLE = "bold dodger_blue2"  # a blue readable on light and dark terminals
ADDED_STYLE = "bold dark_orange"
GIVEN_COLOR = "#1f4e9c"
ADDED_COLOR = "#d2691e"


def split(number: int, digit: int) -> tuple[str, str, str]:
    """(digits before, the given digit, digits after) of `number`; a number without the digit
    (an invalid solution, drawn with a warning) as it is, all of it written around no given digit."""
    text = str(number)
    at = text.find(str(digit))
    if at < 0:
        return text, "", ""
    return text[:at], text[at], text[at + 1 :]


def _numbers(instance: CNoteInstance, solution: dict[str, Any] | None) -> list[list[int]] | None:
    grid = solution.get("grid") if solution else None
    if not isinstance(grid, list) or len(grid) != instance.height:
        return None
    if not all(isinstance(row, list) and len(row) == instance.width for row in grid):
        return None
    return grid


def render_text(instance: CNoteInstance, solution: dict[str, Any] | None = None) -> Text:
    numbers = _numbers(instance, solution)
    texts = [
        [str(numbers[r][c]) if numbers else str(digit) for c, digit in enumerate(row)]
        for r, row in enumerate(instance.grid)
    ]
    width = max(max(len(t) for row in texts for t in row), max(len(str(t)) for t in instance.cols)) + 1
    width = max(width, len(str(instance.width - 1)) + 1)
    margin = len(str(instance.height - 1)) + 1
    text = Text()
    # the row and column numbers, from 0, as hints and messages write a cell [row, col]
    text.append(
        " " * margin + "".join(str(c).rjust(width) for c in range(instance.width)) + "\n", style="dim"
    )
    for r, row in enumerate(instance.grid):
        text.append(str(r).rjust(margin - 1) + " ", style="dim")
        for c, digit in enumerate(row):
            cell = Text()
            if numbers:
                before, given, after = split(numbers[r][c], digit)
                cell.append(before, style=ADDED_STYLE)
                cell.append(given, style=GIVEN_STYLE)
                cell.append(after, style=ADDED_STYLE)
            else:
                cell.append(str(digit), style=GIVEN_STYLE)
            text.append(" " * (width - len(cell.plain)))
            text.append_text(cell)
        text.append("  \u2192 ", style="dim")
        text.append(str(instance.rows[r]), style="dim")
        text.append("\n")
    text.append(" " * margin + "".join(str(t).rjust(width) for t in instance.cols), style="dim")
    return text


def render_svg(instance: CNoteInstance, solution: dict[str, Any] | None = None) -> str:
    # here, not at the top: only drawing needs it (CLI start-up)
    from boardlab.render.svg import CHAR_WIDTH, SvgBoard

    numbers = _numbers(instance, solution)
    digits = max(len(str(v)) for row in (numbers or instance.grid) for v in row)
    labels = max(len(str(t)) for t in instance.rows + instance.cols)
    cell = max(24, min(72, 12 + 11 * max(digits, labels)))
    board = SvgBoard(
        instance.height,
        instance.width,
        checkered=False,
        cell=cell,
        right=[str(t) for t in instance.rows],
        bottom=[str(t) for t in instance.cols],
        title=f"C-Note {instance.width}x{instance.height}"
        + (f", target {instance.target}" if instance.target is not None else ""),
    )
    svg = board.to_svg()
    font = int(min(cell * 0.6, cell * 0.9 / (CHAR_WIDTH * digits)))
    margin = 4
    parts = []
    for r, row in enumerate(instance.grid):
        for c, digit in enumerate(row):
            x = margin + c * cell + cell / 2
            y = margin + r * cell + cell / 2
            if numbers:
                before, given, after = split(numbers[r][c], digit)
            else:
                before, given, after = "", str(digit), ""
            spans = "".join(
                f'<tspan fill="{color}"{weight}>{piece}</tspan>'
                for piece, color, weight in (
                    (before, ADDED_COLOR, ""),
                    (given, GIVEN_COLOR, ' font-weight="bold"'),
                    (after, ADDED_COLOR, ""),
                )
                if piece
            )
            parts.append(
                f'<text x="{x:g}" y="{y:g}" font-size="{font}" text-anchor="middle" '
                f'dominant-baseline="central">{spans}</text>'
            )
    return svg.replace("</svg>", "\n".join(parts) + "\n</svg>")
