"""WCAG 2.x contrast ratios (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): the relative
luminance of sRGB colours and the ratio (L1 + 0.05) / (L2 + 0.05). AA asks 4.5:1 for text and
3:1 for large text (24 px and over) and for graphical objects."""

from __future__ import annotations

import re

AA_TEXT = 4.5
AA_LARGE = 3.0


def luminance(colour: str) -> float:
    """Relative luminance of `#rgb`, `#rrggbb` or `rgb(r, g, b)` (alpha ignored)."""
    numbers = re.findall(r"[\d.]+", colour) if colour.startswith("rgb") else None
    if numbers:
        channels = [float(x) / 255 for x in numbers[:3]]
    else:
        hex_digits = colour.lstrip("#")
        if len(hex_digits) in (3, 4):
            hex_digits = "".join(ch * 2 for ch in hex_digits[:3])
        channels = [int(hex_digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
