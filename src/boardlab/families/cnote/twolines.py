"""Every grid that agrees with a grid three cells wide or high outside two of its lines, counted
at once: the 9^6 digit choices of the two lines, each grid's solutions counted exactly up to 2
(fifty-fourth session; Lemma 14's part (d) for a class of grids, docs/cnote.md "Two lines free").

*Lines and pairs*, as in `dp3`: the lines are the rows of a grid three columns wide (else the
columns of a grid three rows high), three cells each, with their targets; the three cross lines
have sums S_1 <= S_2 <= S_3 in some order of them. A solution gives each line a *pair* (a, b),
its numbers on the first two cross lines, which contain the line's digits there, and its third
number, target - a - b >= 1, contains the third digit. The pairs of all lines add up to (S_1,
S_2); the third cross line then adds up as the totals agree (no solution when the line targets
and the cross sums have different totals). So a grid's solutions are its choices of one pair a
line adding up to (S_1, S_2).

*Capped counts.* [x] = min(x, 2); for x, y >= 0, [x + y] = [[x] + y], so a count capped after
every addition is the capped count. Fix every line but two, i and j:
- W(s, t): the capped ways the fixed lines' pairs add up to (s, t) (one `spread` a fixed line);
  R(x, y) = W(S_1 - x, S_2 - y), the ways they leave (x, y) to the free lines;
- for digits d of line i, V_d(u) = [sum over line i's pairs p with digits d of R(p + u)], for u
  the first two numbers of line j (`correlate`: one addition a pair and non-zero entry of R, those
  with x + y below the two lines' targets together, as p and u each add up to less than their
  line's target; near the frontier the fixed lines leave about 1% of R non-zero);
- for digits e of line j, count(d, e) = [sum over line j's pairs u with digits e of V_d(u)]:
  one pass over u adds V_d(u) to every digit triple that u's three numbers contain (`by_digits`,
  each number's digits listed once: `digit_lists`).
count(d, e) is the capped number of solutions of the grid with line i's digits d and line j's e:
all 531,441 grids of the class in 729 passes of integer arithmetic, no transform. On 3 columns
of 8 rows at 187, the two first rows over six rows of nines: 0.22 s of CPU since the fifty-fifth
session (R's non-zero entries, the digit lists; 1.9 s before; `dp3` counts a grid in about 2 ms:
18 minutes for the class). The counts agree with `dp3`'s on random grids and on
classes holding unique grids (tests).
"""

from __future__ import annotations

import numpy as np

from boardlab.families.cnote.dp3 import Band, NotBand, containing

Grid = list[list[int]]


def lines_are_rows(width: int, height: int) -> bool:
    """Whether the lines of three cells are the rows (three columns), else the columns."""
    if 3 not in (width, height):
        raise NotBand(f"grids three cells wide or high, not {width}x{height}")
    return width == 3


def free_counts(digits: Grid, rows: list[int], cols: list[int], free: tuple[int, int]) -> np.ndarray:
    """The capped counts (0, 1, and 2 for two or more) of every grid that agrees with `digits`
    outside the lines `free` (two line indices: rows of a grid three columns wide, else columns
    of a grid three rows high): an int64 array of shape (9,) * 6, entry [d - 1, e - 1] for line
    free[0]'s digits d and line free[1]'s digits e, each read along its line. The free lines'
    cells of `digits` are not read. Raises NotBand when neither side is 3, ValueError when `free`
    is not two distinct lines."""
    from boardlab.families.cnote.instance import make_instance
    from boardlab.families.cnote.twolines_kernels import by_digits, correlate, digit_lists, line_pairs, spread

    band = Band(make_instance(digits, None, rows, cols))  # its lines, digits in the cross lines' order
    lines, targets = band.cells, band.targets
    i, j = free
    if i == j or not (0 <= i < len(lines) and 0 <= j < len(lines)):
        raise ValueError(f"two distinct lines of {len(lines)} to free, not {free}")
    counts = np.zeros((9,) * 6, np.int64)
    if not band.balanced:
        return counts
    top1, top2 = band.sums[0], band.sums[1]
    has = containing(max(max(targets), 1))

    def pairs(target: int, line: list[int]) -> np.ndarray:
        return line_pairs(target, *line, top1, top2, has)  # type: ignore[no-any-return]

    ways = np.zeros((top1 + 1, top2 + 1), np.int64)
    ways[0, 0] = 1
    for k, line in enumerate(lines):
        if k not in free:
            ways = spread(ways, pairs(targets[k], line))
    # R's non-zero entries, R(x, y) = W(S_1 - x, S_2 - y), those the free lines can reach: their
    # first two numbers add up to less than the two lines' targets together
    rest = ways[::-1, ::-1]
    xs, ys = np.nonzero(rest)
    near = xs + ys < targets[i] + targets[j]
    xs, ys = xs[near], ys[near]
    ws = rest[xs, ys]
    digits_of = digit_lists(has)
    back = np.argsort(band.order)  # by_digits reads digits in the cross lines' order
    for d in np.ndindex(9, 9, 9):
        found = pairs(targets[i], [d[k] + 1 for k in band.order])
        if len(found):
            met = by_digits(correlate(xs, ys, ws, found, targets[j]), targets[j], digits_of)
            counts[d] = met.transpose(back)
    return counts


def unique_grids(digits: Grid, rows: list[int], cols: list[int], free: tuple[int, int]) -> list[Grid]:
    """The grids agreeing with `digits` outside the lines `free` that have exactly one solution
    (`free_counts`), in the order of their free lines' digits."""
    counts = free_counts(digits, rows, cols, free)
    transposed = not lines_are_rows(len(digits[0]), len(digits))
    found = []
    for d, e in ((tuple(x[:3]), tuple(x[3:])) for x in np.argwhere(counts == 1)):
        grid = [list(row) for row in digits]
        for line, values in zip(free, (d, e), strict=True):
            for k, value in enumerate(values):
                if transposed:
                    grid[k][line] = int(value) + 1
                else:
                    grid[line][k] = int(value) + 1
        found.append(grid)
    return found
