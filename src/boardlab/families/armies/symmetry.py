"""Symmetry breaking for peaceable armies: lex-leader constraints for CP-SAT and CNF.

The placements of one solution set are closed under a group G of order 16: the 8 symmetries of
the square (D4) and the colour swap. A placement is the 0/1 vector x = (w_0..w_{N-1},
b_0..b_{N-1}) (N = n^2, w_s: white queen on s, b_s: black queen on s). The lex-leader method
(Crawford, Ginsberg, Luks and Roy, "Symmetry-breaking predicates for search problems", KR 1996)
keeps only the lexicographically smallest vector of each orbit: x <=lex g(x) for every g in G.
Any subset of these constraints is sound (it keeps at least that smallest vector); all of them
keep exactly one placement per orbit, which is what counting "up to symmetry" needs (OEIS
A260680 counts optimal placements this way).

`x <=lex y` is encoded with a chain of "prefix equal" literals e_0..e_N:
e_0 is the enforcement literal (true, or a condition), e_i -> (x_i <= y_i) and
e_{i+1} <-> e_i and (x_i == y_i). The chain is fully defined (an equivalence), so enumeration
does not see duplicate solutions that differ only in helper variables. Positions where x_i and
y_i are the same variable are skipped (the prefix stays equal there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ortools.sat.python import cp_model

from boardlab.families.armies.geometry import permutations

#: Names of the symmetry-breaking levels.
LEVELS = ("none", "colour", "board", "full")


def images(n: int, level: str) -> list[tuple[list[int], bool]]:
    """The group elements to break at `level`, each as (square permutation, colour swapped).

    The identity is left out. `colour`: the colour swap alone; `board`: the 7 non-trivial board
    symmetries; `full`: all 15 non-trivial elements of D4 x colour swap.
    """
    perms = permutations(n)
    identity = perms[0]
    if level == "none":
        return []
    if level == "colour":
        return [(list(identity), True)]
    if level == "board":
        return [(list(p), False) for p in perms[1:]]
    if level == "full":
        return [(list(p), False) for p in perms[1:]] + [(list(p), True) for p in perms]
    raise ValueError(f"unknown symmetry level '{level}'")


def image_vector(x: Sequence[int], n: int, perm: Sequence[int], swap: bool) -> list[int]:
    """Indices into x of g(x): (g.w)[perm[s]] = w[s], colours exchanged when `swap`."""
    size = n * n
    inverse = [0] * size
    for s, t in enumerate(perm):
        inverse[t] = s
    white = [x[inverse[t]] for t in range(size)]
    black = [x[size + inverse[t]] for t in range(size)]
    return black + white if swap else white + black


def lex_leq_cpsat(model: cp_model.CpModel, x: Sequence, y: Sequence, enforce=None, name: str = "lex") -> None:
    """Post x <=lex y on Boolean variables (only when `enforce` is true, if given)."""
    if enforce is None:
        enforce = model.new_bool_var(f"{name}_on")
        model.add(enforce == 1)
    prefix = enforce
    for i, (xi, yi) in enumerate(zip(x, y)):
        if xi is yi:
            continue
        model.add_implication(xi, yi).only_enforce_if(prefix)
        nxt = model.new_bool_var(f"{name}_{i}")
        # nxt <-> prefix & (xi == yi); with xi <= yi under prefix, xi == yi is "not (yi and not xi)"
        model.add_bool_or([prefix.Not(), xi, yi, nxt])  # prefix & ~xi & ~yi -> nxt
        model.add_bool_or([prefix.Not(), xi.Not(), yi.Not(), nxt])  # prefix & xi & yi -> nxt
        model.add_implication(nxt, prefix)
        model.add_bool_or([nxt.Not(), xi, yi.Not()])  # nxt -> not (yi & ~xi)
        model.add_bool_or([nxt.Not(), xi.Not(), yi])  # nxt -> not (xi & ~yi)
        prefix = nxt


def lex_leq_cnf(
    new_var: Callable[[], int], add: Callable[[list[int]], None], x: Sequence[int], y: Sequence[int]
) -> None:
    """Clauses for x <=lex y over DIMACS literals (same chain as `lex_leq_cpsat`)."""
    prefix: int | None = None  # None: true
    for xi, yi in zip(x, y):
        if xi == yi:
            continue
        guard = [] if prefix is None else [-prefix]
        add(guard + [-xi, yi])
        nxt = new_var()
        add(guard + [xi, yi, nxt])
        add(guard + [-xi, -yi, nxt])
        if prefix is not None:
            add([-nxt, prefix])
        add([-nxt, xi, -yi])
        add([-nxt, -xi, yi])
        prefix = nxt
