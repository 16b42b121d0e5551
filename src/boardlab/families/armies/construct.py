"""Lower bounds for any n: Ainley's four-pentagon construction, scaled to the board and tuned.

Any labelling of the lines white/black is a peaceful placement (a square is white iff its four
lines are white, black iff all four are black; docs/armies.md), so a placement for any n is
made by labelling each family of parallel lines by a few intervals: row r is white iff r / n
falls in one of the row intervals, and likewise columns (c / n), diagonals ((r - c) / n) and
anti-diagonals ((r + c) / n). Peacefulness needs no argument.

The intervals (`SHAPE`) describe the four-pentagon ("4-blob") construction of Ainley (1977,
"Mathematical Puzzles", as reported in OEIS A250000; rediscovered by Jubin in 2015), which
reaches 7 n^2 / 48 in the limit: rows white on [0, 1/2), columns on [1/4, 1/2) and [3/4, 1),
diagonals r - c < 0, anti-diagonals on [1/4, 2/3), [1, 4/3) and [7/4, 2). The white army is
two pentagons in the upper half, of areas 19/288 and 23/288 of the board (docs/armies.md gives
the integrals), 42/288 = 7/48 in all. Every family's labelling is antisymmetric under the
half-turn (line x is white iff its image is black: row r <-> n - 1 - r, r - c <-> c - r,
r + c <-> 2n - 2 - r - c), so the black army is the white one turned by 180 degrees and the
armies are equal in the limit. The shape was read off a 30 x 30 placement with 131 of each
that the annealing heuristic found (it is Ainley's), and its three free breakpoints (1/4, 1/4,
2/3) confirmed by a grid search over them.

On a board the breakpoints are rounded to lines; up to `TUNE_UP_TO` they are then tuned by a
local search (moves of one breakpoint by one or two lines, then, up to `PAIR_UP_TO`, of two
breakpoints at once, while min(W, B), then W + B, improves).
"""

from __future__ import annotations

import itertools

import numpy as np

#: White intervals [a, b) of each family, in units of n: rows (r / n), columns (c / n),
#: diagonals ((r - c) / n), anti-diagonals ((r + c) / n).
SHAPE: dict[str, tuple[float, ...]] = {
    "rows": (0.0, 0.5),
    "cols": (0.25, 0.5, 0.75, 1.0),
    "diags": (-1.0, 0.0),
    "antis": (0.25, 2 / 3, 1.0, 4 / 3, 1.75, 2.0),
}

#: Boards up to this size get the local search over breakpoints.
TUNE_UP_TO = 200
#: Boards up to this size also try moving two breakpoints at once (reaches the best known value
#: for every even n from 16 to 30 and for n = 17, 19, 21, 25, 29; docs/armies.md).
PAIR_UP_TO = 64

#: The density min(W, B) / n^2 that the construction keeps from n = DENSITY_FROM on (checked for
#: every n up to 1000 in the slow tests, on samples in the default ones).
DENSITY = 0.145
DENSITY_FROM = 56

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


def _moves(size: int, pairs: bool):
    """Candidate moves: offsets for one breakpoint, then (with `pairs`) for two at once."""
    for i in range(size):
        for step in (1, -1, 2, -2):
            yield ((i, step),)
    if pairs:
        for i, j in itertools.combinations(range(size), 2):
            for a, b in itertools.product((1, -1, 2, -2), repeat=2):
                yield ((i, a), (j, b))


def _tune(n: int, points: list[int]) -> list[int]:
    best = _score(n, points)
    improved = True
    while improved:
        improved = False
        for move in _moves(len(points), n <= PAIR_UP_TO):
            trial = points.copy()
            for i, step in move:
                trial[i] += step
            score = _score(n, trial)
            if score > best:
                best, points, improved = score, trial, True
                break
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
