"""The SAT model of Tents (python-sat; CaDiCaL 1.9.5 `cadical195` by default).

Variables: `t[cell]` "a tent stands on cell" for each candidate cell (see `prepare`), and for
the exact models `p[tree, cell]` "tree is paired with the tent on cell" for each tree and
candidate cell orthogonally next to it.

Models (the `model` option):

- `matching` (default): candidate cells only (after the deductions of `deduce`: cells they
  decide are fixed before search), and the one-to-one pairing encoded exactly:
  each tree has exactly one partner (at-least-one clause + pairwise at-most-one over its <= 4
  pairing variables); `p[tree, cell] -> t[cell]`; each tent has exactly one tree
  (`t[cell] -> OR p[*, cell]`, pairwise at-most-one over the <= 4 trees next to it). No two
  tents touch: `-t[a] v -t[b]` for every pair of candidate cells in one 2x2 block (and for
  orthogonal neighbours on one-line boards). Row and column clues: "exactly k" over the
  line's candidate cells with the chosen cardinality encoding. Redundant, to help
  propagation: each tree has a tent among its candidate cells (a clause over `t`), and the
  **flow constraints** of `sat_constraints.flows` across every boundary between two adjacent lines (the
  difference that made large boards fast: random 70x70 from no answer in 40 s to 5 s).
- `lazy`: the `baseline` clauses (no pairing variables) after deduction, plus "exactly as many
  tents as trees" when a clue is missing; the pairing is enforced by Hall cuts added on
  demand (counter-example guided): every model's tent set is matched to the trees (Kuhn's
  augmenting paths); when the matching fails, the trees S reachable by alternating paths
  from an unmatched tree have fewer tents next to them than |S| (Hall's theorem), and the
  cut "at least |S| tents among the candidate cells next to S" (valid for every solution,
  violated by this model) is added to the solver, which keeps what it learnt. Exact: a model
  that passes the matching is a solution, and no solution is ever cut off.
- `plain`: `matching` without the deduction step of `prepare` (only the simple
  simplifications), to measure what deduction buys.
- `full`: the same rules with a variable for every non-tree cell (no simplification): the
  starting report's "one variable per cell" encoding, the worse reference of the experiments.
- `baseline`: the encoding of the report the project started from: no pairing variables; each tree
  has at least one tent among its free neighbours, no two tents touch, line clues. It does not
  state the one-to-one matching, so it admits boards that break the rules; here every model is
  checked with a matching and rejected ones are blocked (on tent variables) and the search
  goes on (counter-example guided). Kept for the experiments: it shows what the exact matching
  buys.

Cardinality encodings (`encoding`): the pysat.card encodings that can say "equals":
`seqcounter` [Sinz 2005], `sortnetwrk` and `cardnetwrk` [Asin et al. 2011], `totalizer`
[Bailleux and Boufkhad 2003], `mtotalizer` [Ogawa et al. 2013], `kmtotalizer` [Morgado et al.
2014]; and `native`: CaDiCaL has no native cardinality constraints in python-sat
(`supports_atmost()` is false), so `native` switches to Minicard, whose at-most-k constraints
are native (equals k is at-most k over the literals and at-most n-k over their negations); and
`regular`: each line as one automaton for "exactly k tents, none consecutive" (see
`sat_constraints.regular`), propagation-complete for the line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.results import Outcome, SolveRequest
from boardlab.core.sat import CNF, solve_sat
from boardlab.families.tents import sat_constraints as sc
from boardlab.families.tents.choices import ENCODINGS, MODELS
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents.prepare import KING, Prepared, prepare

DEFAULT_ENCODING = "seqcounter"


@dataclass
class SatModel:
    """The formula (`core.sat.CNF`) and what identifies a solution."""

    cnf: CNF = field(default_factory=CNF)
    tent_var: dict[tuple[int, int], int] = field(default_factory=dict)
    needs_check: bool = False
    prepared: Prepared | None = None
    cut: Callable[[set[tuple[int, int]]], list[list[int]] | None] | None = None
    """The `lazy` model's Hall cut for a tent set (None when the tents can be matched)."""


def build(
    instance: TentsInstance,
    model: str = "matching",
    encoding: str = DEFAULT_ENCODING,
    strips: bool = False,
    pairs: bool = False,
    flow: bool = True,
    deadline: Deadline = NO_DEADLINE,
) -> SatModel:
    """The CNF of `instance` (see the module docstring for the models).

    `strips` and `pairs` add redundant line constraints that were measured and did not pay
    (docs/tents.md): two adjacent lines as one line of 2-cell slices, and each line cut into
    pairs of consecutive cells. Off by default, kept for the record. Building counts against
    `deadline` (checked between its stages: `OutOfTime`).
    """
    if model not in MODELS:
        raise ValueError(f"unknown SAT model {model!r}")
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown cardinality encoding {encoding!r}")
    deduce = model in ("matching", "lazy")
    prepared = prepare(instance, simplify=(model != "full"), deduce=deduce, deadline=deadline)
    deadline.check()
    out = SatModel(prepared=prepared)
    cnf = out.cnf
    pool, clauses = cnf.pool, cnf.clauses
    # `regular` states the lines as automata; the other cardinalities (flows) use the default.
    card = DEFAULT_ENCODING if encoding == "regular" else encoding
    if prepared.impossible:
        clauses.append([])
    t = {cell: pool.id(("t", cell)) for cell in prepared.cells}
    out.tent_var = t
    # Given cells (the `full` model keeps them as unit clauses; `prepare` already used them).
    for cell in set(instance.given_tents) | set(prepared.forced or ()):
        if cell in t:
            clauses.append([t[cell]])
    for cell in instance.given_empty:
        if cell in t:
            clauses.append([-t[cell]])
    # No two tents touch: every pair of candidate cells that are king-neighbours.
    for (r, c), var in t.items():
        for dr, dc in KING:
            other = (r + dr, c + dc)
            if other in t and other > (r, c):
                clauses.append([-var, -t[other]])
    if model in ("baseline", "lazy"):
        for near in prepared.partners.values():
            clauses.append([t[cell] for cell in near])
        out.needs_check = True
        if model == "lazy":
            out.cut = lambda tents: sc.hall_cut(prepared, t, cnf, tents)
            trees = len(instance.trees)
            rows_all = all(v is not None for v in instance.rows)
            cols_all = all(v is not None for v in instance.cols)
            row_sum = sum(v for v in instance.rows if v is not None)
            col_sum = sum(v for v in instance.cols if v is not None)
            if (rows_all and row_sum != trees) or (cols_all and col_sum != trees):
                clauses.append([])  # as many tents as trees: the clues say otherwise
            elif not rows_all and not cols_all:
                cnf.exactly(list(t.values()), trees, "totalizer")
    else:
        clauses.extend(sc.pairing(prepared, t, pool))
        deadline.check()
        if flow:
            for lits, bound in sc.flows(instance, prepared, pool):
                cnf.exactly(lits, bound, card)
    deadline.check()
    # Row and column clues.
    lines: list[tuple[list[int], int]] = []
    if encoding == "regular":
        for r, clue in enumerate(instance.rows):
            if clue is not None:
                sc.regular(clauses, pool, [t.get((r, c)) for c in range(instance.width)], clue, ("row", r))
        for c, clue in enumerate(instance.cols):
            if clue is not None:
                sc.regular(clauses, pool, [t.get((r, c)) for r in range(instance.height)], clue, ("col", c))
    else:
        for r, clue in enumerate(instance.rows):
            if clue is not None:
                lines.append(([t[(r, c)] for c in range(instance.width) if (r, c) in t], clue))
        for c, clue in enumerate(instance.cols):
            if clue is not None:
                lines.append(([t[(r, c)] for r in range(instance.height) if (r, c) in t], clue))
    if pairs:
        lines.extend(sc.pairs(instance, t, pool, clauses))
    if strips and model not in ("baseline", "lazy"):
        lines.extend(sc.strips(instance, t, pool, clauses))
    for lits, clue in lines:
        cnf.exactly(lits, clue, card)
    deadline.check()
    return out


def solve(
    instance: TentsInstance,
    request: SolveRequest,
    *,
    model: str = "matching",
    encoding: str = DEFAULT_ENCODING,
    solver_name: str | None = None,
    check: Callable[[set[tuple[int, int]]], bool] | None = None,
    strips: bool = False,
    pairs: bool = False,
) -> Outcome:
    """Run `request.mode` (first, all, count, unique), enumerating distinct tent sets only.

    The core engine's solve-block-repeat loop (`core.sat.solve_sat`) with this model's hook:
    a model whose tents cannot be matched to the trees is refused (blocked, not counted) and,
    for `lazy`, its Hall cut is added to the solver; `check(tents)` is the matching test of
    the `baseline` model. Building the model counts against the request's deadline.
    """
    if model in ("baseline", "lazy") and check is None:
        raise ValueError(f"the {model} model needs a matching check")
    start = time.perf_counter()
    built = build(instance, model, encoding, strips=strips, pairs=pairs, deadline=request.deadline)
    build_seconds = time.perf_counter() - start
    cells = sorted(built.tent_var)
    key = [built.tent_var[cell] for cell in cells]
    rejected = 0

    def tents_of(true: set[int]) -> set[tuple[int, int]]:
        return {cell for cell, var in zip(cells, key) if var in true}

    def reject(true: set[int]) -> bool:
        """Refuse tents that cannot be matched to the trees (the `lazy` cut goes into the CNF,
        whence the loop passes it to the solver)."""
        nonlocal rejected
        tents = tents_of(true)
        if built.cut is not None:
            refused = built.cut(tents) is not None
        else:
            refused = check is not None and not check(tents)
        rejected += refused
        return refused

    outcome = solve_sat(
        built.cnf,
        key,
        lambda true: {"tents": [list(cell) for cell in sorted(tents_of(true))]},
        request,
        solver_name=solver_name,
        model_name=f"{model}/{encoding}",
        reject=reject if built.needs_check else None,
    )
    outcome.stats.seconds = time.perf_counter() - start
    outcome.stats.extra["build_seconds"] = round(build_seconds, 4)
    outcome.stats.extra["candidate_cells"] = len(cells)
    if built.needs_check:
        outcome.stats.extra["rejected_without_matching"] = rejected
    return outcome
