"""Fast lower bounds: simulated annealing over line colourings (numba).

A colouring gives every line (row, column, diagonal, anti-diagonal) a colour; a square whose
four lines are all white takes a white queen, one whose four lines are all black a black queen
(the `colouring` formulation of `model_sat.py`). Every colouring is a peaceful placement, so the
search never leaves the feasible set; it maximises min(#white, #black).

State: the line colours and, per square, how many of its lines are white (0..4). Flipping one
line updates the squares on it in O(n). Moves flip one random line; they are accepted by the
Metropolis rule on the score `2 min(W, B) + (W + B) / (2 n^2)`: among equal minima a larger
total is preferred (it keeps more room to balance). Temperature falls geometrically from 2 to
0.05; restarts keep the best, each cooling twice as slowly as the one before (long anneals matter:
at n = 24, 4 runs of 8M moves reached 84 once, 4 runs of 40M moves three times).

Kirkpatrick, Gelatt and Vecchi, "Optimization by simulated annealing", Science 1983. The line
colouring as the search space is this module's choice: it makes every state peaceful and both
armies maximal, so the search only trades one army's size against the other's.
"""

from __future__ import annotations

import functools
import time

import numpy as np
from numba import njit

from boardlab.core import compiling
from boardlab.core.interrupts import POLL_MASK, flag, in_thread, stop_flag

compiling.watch()


@njit(cache=True, nogil=True)
def _anneal(n, square_lines, line_squares, line_length, iterations, seed, t_start, t_end, colour, stop):
    np.random.seed(seed)
    size = n * n
    nlines = line_length.shape[0]
    white = np.zeros(size, np.int64)
    for s in range(size):
        k = 0
        for j in range(4):
            k += colour[square_lines[s, j]]
        white[s] = k
    W = 0
    B = 0
    for s in range(size):
        if white[s] == 4:
            W += 1
        elif white[s] == 0:
            B += 1
    scale = 1.0 / (2.0 * size)
    score = 2.0 * min(W, B) + (W + B) * scale
    best = min(W, B)
    best_colour = colour.copy()
    ratio = (t_end / t_start) ** (1.0 / max(1, iterations))
    t = t_start
    for step in range(iterations):
        if (step & POLL_MASK) == 0 and stop[0] != 0:  # Ctrl-C: the best so far (core.interrupts)
            break
        line = np.random.randint(nlines)
        delta = 1 - 2 * colour[line]
        dW = 0
        dB = 0
        for k in range(line_length[line]):
            s = line_squares[line, k]
            old = white[s]
            new = old + delta
            if old == 4:
                dW -= 1
            elif old == 0:
                dB -= 1
            if new == 4:
                dW += 1
            elif new == 0:
                dB += 1
        W2 = W + dW
        B2 = B + dB
        new_score = 2.0 * min(W2, B2) + (W2 + B2) * scale
        if new_score >= score or np.random.random() < np.exp((new_score - score) / t):
            colour[line] = 1 - colour[line]
            for k in range(line_length[line]):
                white[line_squares[line, k]] += delta
            W = W2
            B = B2
            score = new_score
            if min(W, B) > best:
                best = min(W, B)
                best_colour[:] = colour
        t *= ratio
    return best, best_colour


def _square_lines(n: int) -> np.ndarray:
    r, c = np.divmod(np.arange(n * n, dtype=np.int64), n)
    return np.stack([r, n + c, 2 * n + (r - c) + (n - 1), 4 * n - 1 + r + c], axis=1)


def _tables(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per square its four line indices (as `geometry.lines_of`), per line its squares (padded
    with -1, in the order of `geometry.lines`) and its length; vectorised, since at n = 1000 the
    Python tuples of `geometry` take over a second (tests compare both)."""
    size = n * n
    square_lines = _square_lines(n)
    nlines = 6 * n - 2
    length = np.zeros(nlines, dtype=np.int64)
    squares = np.full((nlines, n), -1, dtype=np.int64)
    for k in range(4):
        index = square_lines[:, k]
        order = np.argsort(index, kind="stable")  # squares by line, increasing within a line
        counts = np.bincount(index, minlength=nlines)
        first = np.cumsum(counts) - counts
        sorted_index = index[order]
        squares[sorted_index, np.arange(size) - first[sorted_index]] = order
        length += counts
    return square_lines, squares, length


def placement(n: int, colour: np.ndarray) -> tuple[list[int], list[int]]:
    """White and black squares of a line colouring."""
    whites = np.asarray(colour)[_square_lines(n)].sum(axis=1)
    return np.flatnonzero(whites == 4).tolist(), np.flatnonzero(whites == 0).tolist()


def anneal(
    n: int,
    *,
    seconds: float = 5.0,
    seed: int = 0,
    target: int | None = None,
    iterations: int | None = None,
    grow: bool = True,
    report=None,
    initial: np.ndarray | None = None,
) -> tuple[int, list[int], list[int], int]:
    """Best placement found in `seconds` (restarts until then, or until `target` is reached).

    The first run anneals for `iterations` moves (default 10^4 n^2); with `grow`, each restart
    anneals twice as long as the previous one, so that a long time limit buys slower
    cooling rather than only more of the same short runs. A run is shortened to fit the time
    left (at the speed measured so far), so the time limit holds within one short run.

    `initial` (a colouring of `geometry.lines(n)`, 1 white, e.g. from `construct.py`): the first
    run starts from it, cooler (from 0.5), and the result is never worse than it.

    Returns (m, white squares, black squares, restarts). `report(seconds, m)` is called on each
    improvement.
    """
    square_lines, squares, length = _tables(n)
    rng = np.random.default_rng(seed)
    budget: float = iterations or max(20_000, 10_000 * n * n)
    growth = 2.0 if grow else 1.0
    start = time.perf_counter()
    best = -1
    best_colour = np.zeros(len(length), dtype=np.int64)
    restarts = 0
    # moves per second: a cautious guess (a move updates the O(n) squares of one line: about
    # 5e5 moves/s at n = 1000 and some 5e6 at n = 24 were measured), then measured on each run
    rate = min(2e6, 1e8 / n)
    while True:
        remaining = seconds - (time.perf_counter() - start)
        moves = max(1_000, min(int(budget), int(rate * remaining)))
        hot = 2.0
        if initial is not None and restarts == 0:
            colour, hot = initial.astype(np.int64).copy(), 0.5
            white, black = placement(n, colour)
            best, best_colour = min(len(white), len(black)), colour.copy()
        else:
            colour = rng.integers(0, 2, len(length)).astype(np.int64)
        began = time.perf_counter()
        stop = flag()
        run = functools.partial(
            _anneal,
            n,
            square_lines,
            squares,
            length,
            moves,
            int(rng.integers(2**31)),
            hot,
            0.05,
            colour,
            stop,
        )
        value, found = in_thread(run, stop_flag(stop))
        measured = moves / max(1e-6, time.perf_counter() - began)
        # the first call may include numba's compilation; later ones measure the current speed
        rate = 0.9 * (max(rate, measured) if restarts == 0 else measured)
        restarts += 1
        budget *= growth
        if value > best:
            best, best_colour = value, found.copy()
            if report is not None:
                report(time.perf_counter() - start, best)
        if (target is not None and best >= target) or time.perf_counter() - start >= seconds:
            break
    white, black = placement(n, best_colour)
    return best, white, black, restarts
