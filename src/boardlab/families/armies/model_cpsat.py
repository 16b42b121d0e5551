"""CP-SAT formulations of peaceable armies of queens.

Variables: w_s, b_s in {0, 1} for each square s (a white / black queen on s). Every formulation
states "no queen attacks a queen of the other colour" (queens do not block, a square holds at
most one queen); they differ in how:

- `pairwise` (the plain model): w_s + b_t <= 1 for every pair of squares s, t on a common line,
  and for s = t. O(n^3) binary clauses.
- `lines` (per-line): one literal per line L (6n - 2 lines) and colour, u_L "L holds a white
  queen" and v_L "L holds a black queen", with u_L <-> OR(w_s : s on L), v_L likewise, and
  u_L + v_L <= 1. A line may hold one colour many times; what is forbidden is both colours on
  one line, which is exactly the attack relation. O(n^2) clauses.
- `colouring`: one literal c_L per line ("L is white"), w_s <-> AND of its four lines,
  b_s <-> AND of their negations (see `model_sat.py`, where it is the default SAT formulation).
  Symmetry breaking acts on the line literals.
- `dominance` (per-line plus maximality): in an optimal placement we may assume that both
  armies are *maximal*: every square attacked by no white queen holds a black queen and every
  square attacked by no black queen holds a white queen (b_s OR u_row OR u_col OR u_diag OR
  u_anti, and the same for w). Any placement (W, B) extends to such a pair with |W'| >= |W|
  and |B'| >= |B| (take B' = squares unattacked by W, then W' = squares unattacked by B'; B'
  stays unattacked by W'), so "m of each" is feasible iff a maximal pair has at least m of
  each. This is the Gecode example's model (the seed's "unattacked squares are black") made
  two-sided. The answer keeps m of each colour (the first m in square order).

Objective (mode optimise): maximise m with sum(w) >= m and sum(b) >= m (`dominance`), or
sum(w) = sum(b) = m (the exact models).

Symmetry breaking (`symmetry`): lex-leader constraints from `symmetry.py` for the colour swap,
the 7 board symmetries, or all 15. With `dominance` the colour swap is broken by
sum(w) <= sum(b) instead, plus the colour-swapped lex-leaders enforced only when the two
counts are equal (mixing the two kinds unconditionally would be unsound).

Cuts (`cuts`): `lower` adds m >= L for the value L of a placement found by the heuristic (and
hints it); sound, since the placement exists. `oeis` adds L <= m <= U with the published
A250000 values (proven for n <= 15): the "proof" of optimality is then conditional on the
literature, and the stats say so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model

from boardlab.families.armies.choices import MODELS
from boardlab.families.armies.geometry import attacks, lines, lines_of
from boardlab.families.armies.symmetry import image_vector, images, lex_leq_cpsat


@dataclass
class Built:
    """A built model and its parts."""

    model: cp_model.CpModel
    white: list[cp_model.IntVar]
    black: list[cp_model.IntVar]
    objective: cp_model.IntVar | None
    formulation: str
    symmetry: str
    exact: bool
    notes: dict[str, Any] = field(default_factory=dict)


def build(
    n: int,
    formulation: str,
    *,
    m: int | None = None,
    optimise: bool = False,
    symmetry: str = "none",
    lower: int | None = None,
    upper: int | None = None,
    hint: tuple[list[int], list[int]] | None = None,
) -> Built:
    """The CP-SAT model.

    Args:
        n: board size.
        formulation: one of `choices.MODELS`.
        m: the army size (decision or enumeration); None with `optimise`.
        optimise: maximise m.
        symmetry: one of `symmetry.LEVELS`.
        lower, upper: bounds on m (cuts), None for none.
        hint: a placement (white squares, black squares) to hint.
    """
    if formulation not in MODELS:
        raise ValueError(f"unknown formulation '{formulation}'")
    size = n * n
    model = cp_model.CpModel()
    w = [model.new_bool_var(f"w{s}") for s in range(size)]
    b = [model.new_bool_var(f"b{s}") for s in range(size)]
    exact = formulation in ("pairwise", "lines")
    line_literals = None
    if formulation == "colouring":
        line_literals = [model.new_bool_var(f"c{i}") for i in range(len(lines(n)))]
        for s, own in enumerate(lines_of(n)):
            model.add_bool_and([line_literals[i] for i in own]).only_enforce_if(w[s])
            model.add_bool_and([line_literals[i].Not() for i in own]).only_enforce_if(b[s])
            model.add_bool_or([line_literals[i].Not() for i in own] + [w[s]])
            model.add_bool_or([line_literals[i] for i in own] + [b[s]])
    elif formulation == "pairwise":
        for s in range(size):
            model.add_bool_or([w[s].Not(), b[s].Not()])
            for t in attacks(n)[s]:
                model.add_bool_or([w[s].Not(), b[t].Not()])
    else:
        all_lines = lines(n)
        u = [model.new_bool_var(f"u{i}") for i in range(len(all_lines))]
        v = [model.new_bool_var(f"v{i}") for i in range(len(all_lines))]
        for i, line in enumerate(all_lines):
            for s in line:
                model.add_implication(w[s], u[i])
                model.add_implication(b[s], v[i])
            model.add_bool_or([w[s] for s in line] + [u[i].Not()])
            model.add_bool_or([b[s] for s in line] + [v[i].Not()])
            model.add_bool_or([u[i].Not(), v[i].Not()])
        if formulation == "dominance":
            for s, own in enumerate(lines_of(n)):
                model.add_bool_or([b[s]] + [u[i] for i in own])
                model.add_bool_or([w[s]] + [v[i] for i in own])

    count_w = sum(w)
    count_b = sum(b)
    objective = None
    if optimise:
        objective = model.new_int_var(0, size // 2, "m")
        model.add(count_w >= objective)
        model.add(count_b >= objective)
        if exact:
            model.add(count_w == count_b)
        if lower is not None:
            model.add(objective >= lower)
        if upper is not None:
            model.add(objective <= upper)
        model.maximize(objective)
    else:
        assert m is not None
        if exact:
            model.add(count_w == m)
            model.add(count_b == m)
        else:
            model.add(count_w >= m)
            model.add(count_b >= m)

    x = w + b
    if symmetry != "none":
        if line_literals is not None:
            from boardlab.families.armies.model_sat import _line_images

            c = line_literals
            for index, (perm, swap) in enumerate(_line_images(n, symmetry)):
                inverse = [0] * len(perm)
                for i, j in enumerate(perm):
                    inverse[j] = i
                image = [(c[inverse[j]].Not() if swap else c[inverse[j]]) for j in range(len(c))]
                lex_leq_cpsat(model, c, image, name=f"lexl{index}")
        elif exact:
            for index, (perm, swap) in enumerate(images(n, symmetry)):
                lex_leq_cpsat(
                    model, x, [x[i] for i in image_vector(range(2 * size), n, perm, swap)], name=f"lex{index}"
                )
        else:
            board = symmetry in ("board", "full")
            colour = symmetry in ("colour", "full")
            if board:
                for index, (perm, swap) in enumerate(images(n, "board")):
                    lex_leq_cpsat(
                        model,
                        x,
                        [x[i] for i in image_vector(range(2 * size), n, perm, swap)],
                        name=f"lexb{index}",
                    )
            if colour:
                model.add(count_w <= count_b)
                equal = model.new_bool_var("equal_counts")
                model.add(count_w == count_b).only_enforce_if(equal)
                model.add(count_w != count_b).only_enforce_if(equal.Not())
                swaps = [g for g in images(n, "full") if g[1]] if board else images(n, "colour")
                for index, (perm, swap) in enumerate(swaps):
                    lex_leq_cpsat(
                        model,
                        x,
                        [x[i] for i in image_vector(range(2 * size), n, perm, swap)],
                        enforce=equal,
                        name=f"lexc{index}",
                    )
    if hint is not None:
        white, black = set(hint[0]), set(hint[1])
        for s in range(size):
            model.add_hint(w[s], s in white)
            model.add_hint(b[s], s in black)
    return Built(model, w, b, objective, formulation, symmetry, exact)
