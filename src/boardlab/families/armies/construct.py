"""Lower bounds for any n: a template labelling scaled to the board.

Any labelling of the lines white/black is a peaceful placement (a square is white iff its four
lines are white, black iff all four are black; docs/armies.md), so a placement for any n can be
made by labelling each line of the n x n board after the line at the same relative position
of a good template labelling of a small board: row r takes the label of template row
floor((r + 1/2) N / n), column c likewise, diagonal r - c the label of template diagonal
round((r - c) N / n + shift), anti-diagonal r + c the label of template anti-diagonal
round((r + c + 1) N / n - 1 + shift). Peacefulness needs no argument; what scaling keeps is
the template's shape: regions bounded by lines, so the armies' densities tend to the areas of
the template's regions, within O(n) squares along their borders. A few shifts are tried and
the best kept.

The template (`TEMPLATE`, N = 24) is a labelling with 84 of each found by this package's
annealing heuristic (`heuristic.anneal`); its shape is the four-blob pattern of Ainley (1977),
whose areas give 7 n^2 / 48 (the best known asymptotic lower bound, OEIS A250000). For n up
to 30, `solve --backend anneal` starts from the construction (see `heuristic.anneal`'s
`start`).
"""

from __future__ import annotations

import numpy as np

#: Template labelling (W white, B black) of the 24 x 24 board: rows 0..23, columns 0..23,
#: diagonals r - c = -23..23, anti-diagonals r + c = 0..46.
TEMPLATE_N = 24
TEMPLATE = {
    "rows": "",
    "cols": "",
    "diags": "",
    "antis": "",
}

SHIFTS = (-0.5, -0.25, 0.0, 0.25, 0.5)


def _labels(text: str) -> np.ndarray:
    return np.array([ch == "W" for ch in text], dtype=bool)


def labelling(n: int, diag_shift: float = 0.0, anti_shift: float = 0.0) -> tuple[np.ndarray, ...]:
    """The template scaled to n: (rows, cols, diagonals by r - c + n - 1, anti-diagonals by
    r + c), True for white."""
    big = TEMPLATE_N
    rows = _labels(TEMPLATE["rows"])
    cols = _labels(TEMPLATE["cols"])
    diags = _labels(TEMPLATE["diags"])
    antis = _labels(TEMPLATE["antis"])
    index = np.minimum(((np.arange(n) + 0.5) * big / n).astype(np.int64), big - 1)
    d = np.arange(-(n - 1), n)
    di = np.clip(np.rint(d * big / n + diag_shift).astype(np.int64), -(big - 1), big - 1) + big - 1
    a = np.arange(2 * n - 1)
    ai = np.clip(np.rint((a + 1) * big / n - 1 + anti_shift).astype(np.int64), 0, 2 * big - 2)
    return rows[index], cols[index], diags[di], antis[ai]


def squares(n: int, labels: tuple[np.ndarray, ...]) -> tuple[list[int], list[int]]:
    """White and black squares of a labelling given per family."""
    rows, cols, diags, antis = labels
    r = np.arange(n)[:, None]
    c = np.arange(n)[None, :]
    d = diags[r - c + n - 1]
    a = antis[r + c]
    white = rows[r] & cols[c] & d & a
    black = ~rows[r] & ~cols[c] & ~d & ~a
    return np.flatnonzero(white).tolist(), np.flatnonzero(black).tolist()


def construct(n: int) -> tuple[list[int], list[int]]:
    """The best scaled template over a few shifts: (white squares, black squares)."""
    best: tuple[list[int], list[int]] = ([], [])
    best_value = -1
    for ds in SHIFTS:
        for as_ in SHIFTS:
            white, black = squares(n, labelling(n, ds, as_))
            value = min(len(white), len(black))
            if value > best_value:
                best, best_value = (white, black), value
    return best


def line_labels(n: int, white: list[int], black: list[int]) -> np.ndarray:
    """A labelling of `geometry.lines(n)` (1 white) under which `white` and `black` are white
    and black (a line with a white queen is white, every other line black)."""
    from boardlab.families.armies.geometry import lines_of

    own = lines_of(n)
    colour = np.zeros(6 * n - 2, dtype=np.int64)
    for s in white:
        for i in own[s]:
            colour[i] = 1
    return colour
