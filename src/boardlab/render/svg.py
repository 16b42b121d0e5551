"""SVG boards: a grid with optional checkering, cell fills, glyphs and edge labels.

The output is a standalone SVG 1.1 document (no scripts, no external references).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

LIGHT = "#f0d9b5"
DARK = "#b58863"
PLAIN = "#ffffff"
GRID = "#555555"
#: The width of a digit, in em (DejaVu Sans: 0.64, Arial: 0.56).
CHAR_WIDTH = 0.62


@dataclass
class SvgBoard:
    """A board to draw. Cells are addressed `(row, col)`, row 0 at the top."""

    rows: int
    cols: int
    checkered: bool = True
    cell: int = 40
    fills: Mapping[tuple[int, int], str] = field(default_factory=dict)
    glyphs: Mapping[tuple[int, int], str] = field(default_factory=dict)
    glyph_colors: Mapping[tuple[int, int], str] = field(default_factory=dict)
    left: list[str] | None = None
    right: list[str] | None = None
    top: list[str] | None = None
    bottom: list[str] | None = None
    title: str | None = None

    def to_svg(self) -> str:
        size: float = self.cell
        margin_left = size if self.left else 4
        margin_top = size if self.top else 4
        margin_right = size if self.right else 4
        margin_bottom = size if self.bottom else 4
        width = margin_left + self.cols * size + margin_right
        height = margin_top + self.rows * size + margin_bottom
        font = int(size * 0.7)
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif">'
        ]
        if self.title:
            parts.append(f"<title>{escape(self.title)}</title>")
        parts.append(f'<rect width="{width}" height="{height}" fill="#ffffff"/>')
        for r in range(self.rows):
            for c in range(self.cols):
                default = (LIGHT if (r + c) % 2 == 0 else DARK) if self.checkered else PLAIN
                fill = self.fills.get((r, c), default)
                x, y = margin_left + c * size, margin_top + r * size
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" stroke="{GRID}" stroke-width="0.5"/>'
                )
        for (r, c), glyph in sorted(self.glyphs.items()):
            x = margin_left + c * size + size / 2
            y = margin_top + r * size + size / 2
            color = self.glyph_colors.get((r, c), "#000000")
            parts.append(
                f'<text x="{x:g}" y="{y:g}" font-size="{font}" text-anchor="middle" '
                f'dominant-baseline="central" fill="{color}">{escape(glyph)}</text>'
            )
        # an edge label has one cell (its margin) of room: long labels (C-Note targets up to
        # 1,000,000) get a smaller font, a digit being about 0.62 em wide
        longest = max(
            (len(text) for edge in (self.left, self.right, self.top, self.bottom) for text in edge or []),
            default=1,
        )
        label_font = int(min(size * 0.45, size * 0.9 / (CHAR_WIDTH * longest)))

        def label(x: float, y: float, text: str) -> None:
            parts.append(
                f'<text x="{x:g}" y="{y:g}" font-size="{label_font}" text-anchor="middle" '
                f'dominant-baseline="central" fill="#333333">{escape(text)}</text>'
            )

        for r, text in enumerate(self.left or []):
            label(margin_left / 2, margin_top + r * size + size / 2, text)
        for r, text in enumerate(self.right or []):
            label(margin_left + self.cols * size + margin_right / 2, margin_top + r * size + size / 2, text)
        for c, text in enumerate(self.top or []):
            label(margin_left + c * size + size / 2, margin_top / 2, text)
        for c, text in enumerate(self.bottom or []):
            label(margin_left + c * size + size / 2, margin_top + self.rows * size + margin_bottom / 2, text)
        parts.append(
            f'<rect x="{margin_left}" y="{margin_top}" width="{self.cols * size}" '
            f'height="{self.rows * size}" fill="none" stroke="#000000" stroke-width="2"/>'
        )
        parts.append("</svg>")
        return "\n".join(parts) + "\n"
