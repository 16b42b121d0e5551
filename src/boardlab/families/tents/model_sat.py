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
from dataclasses import dataclass, field
from typing import Any, Callable

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from boardlab.core.results import Mode, Outcome, SolveRequest, Stats
from boardlab.core.sat import enumeration_outcome, solve_before
from boardlab.families.tents.io import TentsInstance
from boardlab.families.tents import sat_constraints as sc
from boardlab.families.tents.choices import ENCODINGS, MODELS
from boardlab.families.tents.prepare import KING, Prepared, prepare

EQUALS_ENCODINGS: dict[str, int] = {
    "seqcounter": EncType.seqcounter,
    "sortnetwrk": EncType.sortnetwrk,
    "cardnetwrk": EncType.cardnetwrk,
    "totalizer": EncType.totalizer,
    "mtotalizer": EncType.mtotalizer,
    "kmtotalizer": EncType.kmtotalizer,
}
DEFAULT_ENCODING = "seqcounter"
DEFAULT_SOLVER = "cadical195"
NATIVE_SOLVER = "minicard"


@dataclass
class SatModel:
    """Clauses, native at-most constraints, and what identifies a solution."""

    clauses: list[list[int]] = field(default_factory=list)
    atmost: list[tuple[list[int], int]] = field(default_factory=list)
    tent_var: dict[tuple[int, int], int] = field(default_factory=dict)
    num_vars: int = 0
    needs_check: bool = False
    prepared: Prepared | None = None
    cut: Callable[[set[tuple[int, int]]], list[list[int]] | None] | None = None
    """The `lazy` model's Hall cut for a tent set (None when the tents can be matched)."""


def build(instance: TentsInstance, model: str = "matching", encoding: str = DEFAULT_ENCODING, strips: bool = False, pairs: bool = False, flow: bool = True) -> SatModel:
    """The CNF of `instance` (see the module docstring for the models).

    `strips` and `pairs` add redundant line constraints that were measured and did not pay
    (docs/tents.md): two adjacent lines as one line of 2-cell slices, and each line cut into
    pairs of consecutive cells. Off by default, kept for the record.
    """
    if model not in MODELS:
        raise ValueError(f"unknown SAT model {model!r}")
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown cardinality encoding {encoding!r}")
    prepared = prepare(instance, simplify=(model != "full"), deduce=(model in ("matching", "lazy")))
    pool = IDPool()
    out = SatModel(prepared=prepared)
    clauses = out.clauses
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
        for tree, near in prepared.partners.items():
            clauses.append([t[cell] for cell in near])
        out.needs_check = True
        if model == "lazy":
            out.cut = lambda tents: sc.hall_cut(prepared, t, pool, tents)
            trees = len(instance.trees)
            rows_all = all(v is not None for v in instance.rows)
            cols_all = all(v is not None for v in instance.cols)
            if (rows_all and sum(instance.rows) != trees) or (cols_all and sum(instance.cols) != trees):
                clauses.append([])  # as many tents as trees: the clues say otherwise
            elif not rows_all and not cols_all:
                _equals(out, pool, list(t.values()), trees, "totalizer")
    else:
        clauses.extend(sc.pairing(prepared, t, pool))
        if flow:
            for lits, bound in sc.flows(instance, prepared, pool):
                _equals(out, pool, lits, bound, encoding)
    # Row and column clues.
    lines: list[tuple[list[int], int]] = []
    if encoding == "regular":
        for r, clue in enumerate(instance.rows):
            if clue is not None:
                sc.regular(out.clauses, pool, [t.get((r, c)) for c in range(instance.width)], clue, ("row", r))
        for c, clue in enumerate(instance.cols):
            if clue is not None:
                sc.regular(out.clauses, pool, [t.get((r, c)) for r in range(instance.height)], clue, ("col", c))
    else:
        for r, clue in enumerate(instance.rows):
            if clue is not None:
                lines.append(([t[(r, c)] for c in range(instance.width) if (r, c) in t], clue))
        for c, clue in enumerate(instance.cols):
            if clue is not None:
                lines.append(([t[(r, c)] for r in range(instance.height) if (r, c) in t], clue))
    if pairs:
        lines.extend(sc.pairs(instance, t, pool, out.clauses))
    if strips and model not in ("baseline", "lazy"):
        lines.extend(sc.strips(instance, t, pool, out.clauses))
    for lits, clue in lines:
        _equals(out, pool, lits, clue, encoding)
    out.num_vars = pool.top
    return out


def _equals(out: SatModel, pool: IDPool, lits: list[int], k: int, encoding: str) -> None:
    if k < 0 or k > len(lits):
        out.clauses.append([])
        return
    if k == 0:
        out.clauses.extend([-lit] for lit in lits)
        return
    if k == len(lits):
        out.clauses.extend([lit] for lit in lits)
        return
    if encoding == "native":
        out.atmost.append((list(lits), k))
        out.atmost.append(([-lit for lit in lits], len(lits) - k))
        return
    chosen = EQUALS_ENCODINGS.get(encoding, EQUALS_ENCODINGS[DEFAULT_ENCODING])  # `regular`: lines only
    encoded = CardEnc.equals(lits=lits, bound=k, vpool=pool, encoding=chosen)
    out.clauses.extend(encoded.clauses)


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

    `check(tents)` is the matching test the `baseline` model needs (models it rejects are
    blocked and do not count).
    """
    if model in ("baseline", "lazy") and check is None:
        raise ValueError(f"the {model} model needs a matching check")
    start = time.perf_counter()
    built = build(instance, model, encoding, strips=strips, pairs=pairs)
    build_seconds = time.perf_counter() - start
    if solver_name is None:
        solver_name = NATIVE_SOLVER if encoding == "native" else DEFAULT_SOLVER
    if built.atmost and solver_name != NATIVE_SOLVER:
        raise ValueError("native cardinality constraints need the minicard solver")
    deadline = None if request.time_limit is None else start + request.time_limit
    stop_at = {Mode.FIRST: 1, Mode.UNIQUE: 2, Mode.ALL: request.limit, Mode.COUNT: None}[request.mode]
    keep = request.limit if request.mode == Mode.COUNT else None
    if request.mode == Mode.COUNT and keep is None:
        keep = 0
    cells = sorted(built.tent_var)
    key = [built.tent_var[cell] for cell in cells]
    solutions: list[dict[str, Any]] = []
    found = rejected = 0
    finished = False
    with Solver(name=solver_name, bootstrap_with=built.clauses) as solver:
        for lits, bound in built.atmost:
            solver.add_atmost(lits, bound)
        while stop_at is None or found < stop_at:
            answer = solve_before(solver, deadline)
            if answer is None:
                break
            if not answer:
                finished = True
                break
            true = {lit for lit in solver.get_model() if lit > 0}
            tents = {cell for cell, var in zip(cells, key) if var in true}
            solver.add_clause([-v if v in true else v for v in key])
            if built.cut is not None:
                cut = built.cut(tents)
                if cut is not None:
                    rejected += 1
                    for clause in cut:
                        solver.add_clause(clause)
                    continue
            if built.needs_check and check is not None and not check(tents):
                rejected += 1
                continue
            found += 1
            if keep is None or len(solutions) < keep:
                solutions.append({"tents": [list(cell) for cell in sorted(tents)]})
        raw = solver.accum_stats() or {}
    stats = Stats(
        seconds=time.perf_counter() - start,
        backend=f"sat:{solver_name}",
        model=f"{model}/{encoding}",
        branches=raw.get("decisions"),
        conflicts=raw.get("conflicts"),
        variables=built.num_vars,
        constraints=len(built.clauses) + len(built.atmost),
        seed=request.seed,
    )
    stats.extra["build_seconds"] = round(build_seconds, 4)
    stats.extra["candidate_cells"] = len(cells)
    if built.needs_check:
        stats.extra["rejected_without_matching"] = rejected
    timed_out = not finished and (stop_at is None or found < stop_at)
    outcome = enumeration_outcome(request.mode, found, finished, timed_out, solutions)
    if timed_out:
        stats.extra["found_before_limit"] = found
    outcome.stats = stats
    return outcome

