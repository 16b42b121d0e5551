"""Random solution-first Tents boards: tents and their trees placed first, clues computed after.

`random_board(width, height, density, rng)` visits the cells in random order and puts a tent
on a cell when no tent touches it (8-neighbourhood) and an orthogonal neighbour is free for its
tree, then puts the tree on a random free orthogonal neighbour, until the tents reach
`density` of the area (or no cell is left). The pairing is a valid one-to-one matching by
construction, so the board has at least this solution. Deterministic per `rng`.
"""

from __future__ import annotations

import random

from boardlab.families.tents.io import TentsInstance

ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def random_board(
    width: int, height: int, density: float, rng: random.Random
) -> tuple[set[tuple[int, int]], dict[tuple[int, int], tuple[int, int]]]:
    """(trees, tent -> its tree) of a random valid placement with about `density` * area tents."""
    target = max(1, round(density * width * height))
    trees: set[tuple[int, int]] = set()
    pairs: dict[tuple[int, int], tuple[int, int]] = {}
    cells = [(r, c) for r in range(height) for c in range(width)]
    for _round in range(3):
        rng.shuffle(cells)
        for r, c in cells:
            if len(pairs) >= target:
                return trees, pairs
            if (r, c) in trees or (r, c) in pairs:
                continue
            if any((r + dr, c + dc) in pairs for dr, dc in KING):
                continue
            free = [
                (r + dr, c + dc)
                for dr, dc in ORTHOGONAL
                if 0 <= r + dr < height
                and 0 <= c + dc < width
                and (r + dr, c + dc) not in trees
                and (r + dr, c + dc) not in pairs
            ]
            if not free:
                continue
            tree = rng.choice(free)
            trees.add(tree)
            pairs[(r, c)] = tree
    return trees, pairs


def clues_of(
    width: int, height: int, tents: set[tuple[int, int]] | dict
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(row clues, column clues) of a tent set."""
    rows = [0] * height
    cols = [0] * width
    for r, c in tents:
        rows[r] += 1
        cols[c] += 1
    return tuple(rows), tuple(cols)


def random_instance(
    width: int, height: int, density: float, rng: random.Random
) -> tuple[TentsInstance, list[tuple[int, int]]]:
    """A random solution-first instance with all clues, and its planted tents."""
    trees, pairs = random_board(width, height, density, rng)
    rows, cols = clues_of(width, height, pairs)
    return TentsInstance(width, height, frozenset(trees), rows, cols), sorted(pairs)
