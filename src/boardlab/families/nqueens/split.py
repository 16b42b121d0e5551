"""Splitting the full-symmetry search into independent subproblems.

A subproblem is a partial board the kernels of `fullsym` can finish on their own: the kind
(0 corner, 1 side), `bound1`, and the bit patterns of the first rows. The top-level pieces are
the fixed first rows of each kind (n - 3 corner pieces, about n / 2 side pieces: far too few and
too uneven to keep several cores busy). `split` extends every piece row by row, with the same
symmetry-breaking rules as the kernels (`fullsym.row_allowed`), until there are at least
`target` pieces: at depth 3 (three rows placed) n = 16 gives about 1,100 pieces, so the largest
piece is a small fraction of the whole and a dynamic queue balances the cores. The order is
deterministic, so a piece's index names it in checkpoints and on a cluster.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from boardlab.families.nqueens.fullsym import row_allowed

#: Default number of pieces to aim for (more only helps balance; each costs a few microseconds).
DEFAULT_TARGET = 512


@dataclass(frozen=True)
class Piece:
    """One subproblem: kind (0 corner, 1 side), bound1, and the bit pattern of each fixed row."""

    kind: int
    bound1: int
    prefix: tuple[int, ...]


def top_level(n: int) -> list[Piece]:
    """The fixed first rows of each kind (n >= 5): side pieces first, they are the larger."""
    pieces = []
    bound1 = 1
    while bound1 < n - 1 - bound1:
        pieces.append(Piece(1, bound1, (1 << bound1,)))
        bound1 += 1
    for bound1 in range(2, n - 1):
        pieces.append(Piece(0, bound1, (1, 1 << bound1)))
    return pieces


def children(n: int, piece: Piece) -> list[Piece]:
    """The piece's extensions by one row (dead ends dropped)."""
    mask = (1 << n) - 1
    left = down = right = 0
    for bit in piece.prefix:
        left = ((left | bit) << 1) & mask
        down |= bit
        right = (right | bit) >> 1
    y = len(piece.prefix)
    free = mask & ~(left | down | right) & row_allowed(n, piece.kind, piece.bound1, y, down)
    result = []
    while free:
        bit = free & -free
        free ^= bit
        result.append(Piece(piece.kind, piece.bound1, piece.prefix + (bit,)))
    return result


def split(n: int, target: int = DEFAULT_TARGET) -> list[Piece]:
    """At least `target` pieces where the board allows: every piece deepened to the same number
    of fixed rows (never the last two rows, which the kernels handle)."""
    pieces = top_level(n)
    depth = 2
    while True:
        deeper: list[Piece] = []
        for piece in pieces:
            deeper.extend(_deepen(n, piece, depth))
        pieces = deeper
        if len(pieces) >= target or depth >= n - 2:
            return pieces
        depth += 1


def _deepen(n: int, piece: Piece, depth: int) -> list[Piece]:
    if len(piece.prefix) >= depth:
        return [piece]
    return [deeper for child in children(n, piece) for deeper in _deepen(n, child, depth)]


def arrays(n: int, pieces: list[Piece]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The pieces as the kernels' arrays: kinds, bounds, prefixes (padded rows), lengths."""
    m = len(pieces)
    width = max((len(p.prefix) for p in pieces), default=1)
    kinds = np.fromiter((p.kind for p in pieces), dtype=np.int64, count=m)
    bounds = np.fromiter((p.bound1 for p in pieces), dtype=np.int64, count=m)
    lengths = np.fromiter((len(p.prefix) for p in pieces), dtype=np.int64, count=m)
    prefixes = np.zeros((m, width), dtype=np.int64)
    for i, piece in enumerate(pieces):
        prefixes[i, : len(piece.prefix)] = piece.prefix
    return kinds, bounds, prefixes, lengths


def digest(n: int, pieces: list[Piece]) -> str:
    """A short fingerprint of the split (a checkpoint only resumes the very same split)."""
    text = repr((n, [(p.kind, p.bound1, p.prefix) for p in pieces]))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
