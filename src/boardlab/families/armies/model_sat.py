"""SAT formulations of peaceable armies (python-sat, CaDiCaL by default).

Formulations (the same names as the CP-SAT ones in `model_cpsat.py`):

- `pairwise`: clauses (-w_s | -b_t) for s, t on a common line (and s = t).
- `lines`: u_L <-> OR(w_s : s on L), v_L <-> OR(b_s : s on L), (-u_L | -v_L).
- `dominance`: `lines` plus maximal armies, (b_s | u_row | u_col | u_diag | u_anti) and the
  same for w (see `model_cpsat.py`); for "at least m of each" only.
- `colouring` (the default): one literal c_L per line, "L is a white line" (false: a black
  line). A white queen needs all four of its lines white, a black queen all four black:
  w_s <-> c_row & c_col & c_diag & c_anti, b_s <-> all four false. Every colouring gives a
  peaceful placement (a line cannot be both), and every placement comes from a colouring (colour
  each line by the queens on it, empty lines either way), so "m of each" is feasible iff some
  colouring has at least m white and m black squares; the answer keeps the first m of each.
  With the equivalences the armies are maximal (the dominance argument of `model_cpsat.py`), and the
  search runs over 6n - 2 line literals only.

Cardinalities (sum(w) >= m, sum(b) >= m, or = m for enumeration) use `pysat.card` encodings
(`encoding`, default the k-modulo totalizer [Ogawa, Liu, Hasegawa, Koshimura and Fujita,
"Modulo based CNF encoding of cardinality constraints and its application to MaxSAT solvers",
ICTAI 2013], measured fastest on the proofs; totalizer [Bailleux and Boufkhad 2003] and the
others of `pysat.card` are selectable).

Symmetry breaking: lex-leader constraints (`symmetry.py`). For `colouring` they act on the
line literals: a board symmetry permutes the lines, the colour swap negates them; the 16-element
group maps colourings to colourings with the two counts exchanged at most, so all 15 lex-leaders
are sound for "at least m of each". For the other formulations they act on (w, b) (for
`dominance` too: the group maps maximal pairs to maximal pairs).
"""

from __future__ import annotations

from functools import lru_cache

from boardlab.core.sat import CNF
from boardlab.families.armies.choices import MODELS
from boardlab.families.armies.geometry import attacks, lines, lines_of, permutations
from boardlab.families.armies.symmetry import image_vector, images, lex_leq_cnf


class Formula(CNF):
    """The core CNF of a formulation, with the square literals of each colour."""

    def __init__(self, n: int, formulation: str) -> None:
        super().__init__()
        self.n = n
        self.formulation = formulation
        self.white: list[int] = []
        self.black: list[int] = []

    @property
    def exact(self) -> bool:
        return self.formulation in ("pairwise", "lines")


@lru_cache(maxsize=64)
def line_permutation(n: int, symmetry: int) -> tuple[int, ...]:
    """Image line index of each line under board symmetry number `symmetry`."""
    all_lines = lines(n)
    index = {frozenset(line): i for i, line in enumerate(all_lines)}
    perm = permutations(n)[symmetry]
    return tuple(index[frozenset(perm[s] for s in line)] for line in all_lines)


def build(n: int, formulation: str, symmetry: str = "full") -> Formula:
    """The clauses of `formulation` with symmetry breaking at level `symmetry` (no cardinalities)."""
    if formulation not in MODELS:
        raise ValueError(f"unknown SAT formulation '{formulation}'")
    f = Formula(n, formulation)
    size = n * n
    f.white = [f.pool.id(("w", s)) for s in range(size)]
    f.black = [f.pool.id(("b", s)) for s in range(size)]
    w, b = f.white, f.black
    all_lines = lines(n)
    if formulation == "pairwise":
        for s in range(size):
            f.add([-w[s], -b[s]])
            for t in attacks(n)[s]:
                f.add([-w[s], -b[t]])
    elif formulation in ("lines", "dominance"):
        u = [f.pool.id(("u", i)) for i in range(len(all_lines))]
        v = [f.pool.id(("v", i)) for i in range(len(all_lines))]
        for i, line in enumerate(all_lines):
            for s in line:
                f.add([-w[s], u[i]])
                f.add([-b[s], v[i]])
            f.add([w[s] for s in line] + [-u[i]])
            f.add([b[s] for s in line] + [-v[i]])
            f.add([-u[i], -v[i]])
        if formulation == "dominance":
            for s, own in enumerate(lines_of(n)):
                f.add([b[s]] + [u[i] for i in own])
                f.add([w[s]] + [v[i] for i in own])
    else:
        c = [f.pool.id(("c", i)) for i in range(len(all_lines))]
        for s, own in enumerate(lines_of(n)):
            for i in own:
                f.add([-w[s], c[i]])
                f.add([-b[s], -c[i]])
            f.add([-c[i] for i in own] + [w[s]])
            f.add([c[i] for i in own] + [b[s]])
        if symmetry != "none":
            for perm, swap in _line_images(n, symmetry):
                inverse = [0] * len(perm)
                for i, j in enumerate(perm):
                    inverse[j] = i
                image = [(-c[inverse[j]] if swap else c[inverse[j]]) for j in range(len(c))]
                lex_leq_cnf(f.fresh, f.add, c, image)
        return f
    if symmetry != "none":
        x = w + b
        for perm, swap in images(n, symmetry):
            lex_leq_cnf(f.fresh, f.add, x, [x[i] for i in image_vector(range(2 * size), n, perm, swap)])
    return f


def _line_images(n: int, level: str) -> list[tuple[list[int], bool]]:
    board = [list(line_permutation(n, k)) for k in range(8)]
    if level == "colour":
        return [(board[0], True)]
    if level == "board":
        return [(p, False) for p in board[1:]]
    if level == "full":
        return [(p, False) for p in board[1:]] + [(p, True) for p in board]
    raise ValueError(f"unknown symmetry level '{level}'")
