"""Every glyph of every family's SVG drawing reaches WCAG AA contrast against the square it
stands on: 3:1 for the board's glyphs (28 px: large text), 4.5:1 for the 18 px labels; drawn
for sample puzzles and their solutions with each drawing option."""

from __future__ import annotations

import random
import re

import pytest

from boardlab.core import registry
from contrast import AA_LARGE, AA_TEXT, ratio

RECT = re.compile(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="[\d.]+" fill="(#[0-9a-fA-F]+)"')
TEXT = re.compile(
    r'<text x="([\d.]+)" y="([\d.]+)" font-size="(\d+)"[^>]*fill="(#[0-9a-fA-F]+)"[^>]*>([^<]*)<'
)


def _poor_contrast(svg: str) -> list[tuple[str, str, str, float]]:
    rects = [(float(m[1]), float(m[2]), float(m[3]), m[4]) for m in RECT.finditer(svg)]
    found = []
    for m in TEXT.finditer(svg):
        x, y, size, colour, glyph = float(m[1]), float(m[2]), int(m[3]), m[4], m[5]
        under = [fill for (rx, ry, side, fill) in rects if rx <= x <= rx + side and ry <= y <= ry + side]
        ground = under[-1] if under else "#ffffff"  # the last rect drawn under the glyph
        need = AA_LARGE if size >= 24 else AA_TEXT
        if ratio(colour, ground) < need:
            found.append((glyph, colour, ground, round(ratio(colour, ground), 2)))
    return found


@pytest.mark.parametrize("family", [f.name for f in registry.families()])
def test_svg_glyphs_reach_aa_contrast(family: str) -> None:
    chosen = registry.get(family)
    drawn = 0
    for seed in range(4):
        instance = chosen.sample(random.Random(seed))
        result = chosen.solve(instance)
        solution = result.solutions[0] if result.solutions else None
        flags = [o.name for o in chosen.options if "render" in o.verbs and o.type is bool]
        for options in [{}, *({flag: True} for flag in flags)]:
            svg = chosen.render_svg(instance, solution, options)
            drawn += len(TEXT.findall(svg))
            assert _poor_contrast(svg) == [], (family, seed, options)
    assert drawn > 0


def test_the_contrast_check_can_fail() -> None:
    """The blue of the old given queens on a dark square (2.5:1) is caught."""
    svg = (
        '<svg><rect x="0" y="0" width="40" height="40" fill="#b58863"/>'
        '<text x="20" y="20" font-size="28" fill="#1f4e9c">Q</text></svg>'
    )
    assert _poor_contrast(svg) == [("Q", "#1f4e9c", "#b58863", 2.54)]
