"""Lower bounds for any n: a labelling by intervals, scaled to the board and tuned.

Any labelling of the lines white/black is a peaceful placement (a square is white iff its four
lines are white, black iff all four are black; docs/armies.md), so a placement for any n is
made by labelling each family of parallel lines by a few intervals: row r is white iff r / n
falls in one of the row intervals, and likewise columns (c / n), diagonals ((r - c) / n) and
anti-diagonals ((r + c) / n). Peacefulness needs no argument. The intervals (`SHAPE`) were
found by a local search over breakpoints on small boards, refined on larger ones (the
annealing heuristic's placements for n = 24 suggested the start: two blobs of each colour,
as in Ainley's constructions). On boards up to `TUNE_UP_TO` the breakpoints, rounded to
lines, are then tuned by a local search (moves of one or two lines while min(W, B), then
W + B, improves).

Densities reached: see docs/armies.md (the best known asymptotic bound is 7 n^2 / 48,
Ainley 1977, rediscovered by Jubin 2015, OEIS A250000).
"""

from __future__ import annotations

import numpy as np

#: White intervals [a, b) of each family, in units of n: rows (r / n), columns (c / n),
#: diagonals ((r - c) / n), anti-diagonals ((r + c) / n).
SHAPE: dict[str, tuple[float, ...]] = {
    "rows": (0.25, 0.5, 0.75, 1.0),
    "cols": (0.0, 0.5365),
    "diags": (0.0, 1.0),
    "antis": (0.0, 0.625, 0.9583, 1.2917),
}

#: Boards up to this size get the local search over breakpoints.
TUNE_UP_TO = 200

#: The density min(W, B) / n^2 that the construction keeps from n = DENSITY_FROM on (tested).
DENSITY = 0.1415
DENSITY_FROM = 100

FAMILIES = ("rows", "cols", "diags", "antis")


def _breakpoints(n: int) -> list[int]:
    return [round(t * n) for family in FAMILIES for t in SHAPE[family]]


def _split(points: list[int]) -> list[list[int]]:
    out, k = [], 0
    for family in FAMILIES:
        size = len(SHAPE[family])
        out.append(points[k : k + size])
        k += size
    return out


def _inside(x: np.ndarray, bounds: list[int]) -> np.ndarray:
    mask = np.zeros(x.shape, dtype=bool)
    for a, b in zip(bounds[0::2], bounds[1::2]):
        mask |= (x >= a) & (x < b)
    return mask


def labels(n: int, points: list[int]) -> tuple[np.ndarray, ...]:
    """Per family, True for white: rows, columns, diagonals (index r - c + n - 1),
    anti-diagonals (index r + c)."""
    rows, cols, diags, antis = _split(points)
    line = np.arange(n)
    return (
        _inside(line, rows),
        _inside(line, cols),
        _inside(np.arange(-(n - 1), n), diags),
        _inside(np.arange(2 * n - 1), antis),
    )


def _masks(n: int, points: list[int]) -> tuple[np.ndarray, np.ndarray]:
    rows, cols, diags, antis = labels(n, points)
    r = np.arange(n)[:, None]
    c = np.arange(n)[None, :]
    d = diags[r - c + n - 1]
    a = antis[r + c]
    white = rows[r] & cols[c] & d & a
    black = ~rows[r] & ~cols[c] & ~d & ~a
    return white, black


def _score(n: int, points: list[int]) -> tuple[int, int]:
    white, black = _masks(n, points)
    w, b = int(np.count_nonzero(white)), int(np.count_nonzero(black))
    return min(w, b), w + b


def _tune(n: int, points: list[int]) -> list[int]:
    best = _score(n, points)
    improved = True
    while improved:
        improved = False
        for i in range(len(points)):
            for step in (1, -1, 2, -2):
                trial = points.copy()
                trial[i] += step
                score = _score(n, trial)
                if score > best:
                    best, points, improved = score, trial, True
    return points


def construct(n: int) -> tuple[list[int], list[int]]:
    """(white squares, black squares) of the construction on the n x n board."""
    points = _breakpoints(n)
    if n <= TUNE_UP_TO:
        points = _tune(n, points)
    white, black = _masks(n, points)
    return np.flatnonzero(white).tolist(), np.flatnonzero(black).tolist()


def line_colours(n: int, white: list[int]) -> np.ndarray:
    """A labelling of `geometry.lines(n)` (1 white) under which every square of `white` is
    white: the lines through a white queen are white, every other line black."""
    from boardlab.families.armies.geometry import lines_of

    own = lines_of(n)
    colour = np.zeros(6 * n - 2, dtype=np.int64)
    for s in white:
        for i in own[s]:
            colour[i] = 1
    return colour
