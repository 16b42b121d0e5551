"""Ground truth for the armies tests, written without the family's code: brute force over
placements, and canonical forms under the 16 symmetries (board symmetries, colour swap)."""

from __future__ import annotations

import json
from itertools import combinations
from math import comb
from pathlib import Path

A250000 = json.loads((Path(__file__).parent / "a250000.json").read_text())
PROVEN = {int(k): v for k, v in A250000["proven"].items()}
LOWER = {int(k): v for k, v in A250000["lower_bounds_only"].items()}


def attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def squares(n: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(n) for c in range(n)]


def safe_for_other(n: int, army: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """Squares where a queen of the other colour is safe from `army` (and not on it)."""
    return [s for s in squares(n) if not any(attack(s, q) for q in army)]


def count_placements(n: int, m: int) -> int:
    """Ordered (white, black) placements of m queens each, by brute force over white armies."""
    return sum(comb(len(safe_for_other(n, white)), m) for white in combinations(squares(n), m))


def placements(n: int, m: int):
    for white in combinations(squares(n), m):
        for black in combinations(safe_for_other(n, white), m):
            yield white, black


def canonical(n: int, white, black) -> tuple:
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    forms = []
    for f in maps:
        w = tuple(sorted(f(*s) for s in white))
        b = tuple(sorted(f(*s) for s in black))
        forms += [(w, b), (b, w)]
    return min(forms)


def count_classes(n: int, m: int) -> int:
    return len({canonical(n, w, b) for w, b in placements(n, m)})


def brute_optimum(n: int) -> int:
    """Largest m by brute force (tiny boards only)."""
    m = 0
    while any(True for _ in placements(n, m + 1)):
        m += 1
    return m
