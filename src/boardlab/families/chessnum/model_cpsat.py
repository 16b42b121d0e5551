"""The Chess-Num CP-SAT model.

Variables: one Boolean `x[p, s]` per piece letter p and square s where a piece may stand ("a
piece p stands on s"): every square without a clue, or in the Detektivschach variant the
marked squares only, each of which then holds exactly one piece (`sum_p x[p, s] = 1`; the
other squares are empty, so blocking is fixed and presolve reduces the rays to constants).
Constraints:

- piece counts: `sum_s x[p, s] = count(p)` (one of each piece in the original);
- one piece per square: `sum_p x[p, s] <= 1`; clue squares have no variables (empty);
- identical pieces (two knights) are a set of squares, so the model has no symmetric copies
  of a solution and counts placements exactly;
- for each clue t with value v, one integer `att[p, t]` in `0..count(p)` per piece letter (how
  many p attack t) and `sum_p att[p, t] = v`. For a king, knight or pawn,
  `att[p, t] = sum of x[p, s]` over the squares s from which p attacks t (fixed geometry).

Blocking, exactly. For a clue t and each of its 8 directions d, let `s_1, s_2, ...` be the
squares where a piece may stand (not numbered; marked, in Detektivschach) from t outwards to
the edge, and `occ_k = sum_p x[p, s_k]` (0/1). A line piece p that moves along d attacks t
from `s_k` exactly when `x[p, s_k] = 1` and `occ_1 = ... = occ_{k-1} = 0`. The other squares
are left out of the rays: they are always empty, so they block nothing, as the rules say. With `a[p, t, d, k]` that Boolean,
`att[p, t] = sum_{d, k} a[p, t, d, k]`. Formulations (option `model`, names in `choices.py`):

- `piece` (default): chain encoding. Booleans `e_k` = "s_1 .. s_{k-1} are empty", shared by
  the pieces of the ray: `e_1 = 1`, `e_{k+1} <-> e_k and not occ_k` (three inequalities:
  `e_{k+1} <= e_k`, `e_{k+1} + occ_k <= 1`, `e_{k+1} >= e_k - occ_k`), then
  `a <-> e_k and x[p, s_k]` (`a <= e_k`, `a <= x`, `a >= e_k + x - 1`). Linear in the ray.
- `piece-direct`: `a <-> x[p, s_k] and no piece before it`, stated as `a <= x`,
  `a + occ_j <= 1` for each j < k and `a >= x - sum_{j<k} occ_j`. Quadratic in the ray.
- `ray`: the first formulation, without per-piece counts: one `a_k <-> e_k and L_k` per ray
  square, where `L_k` sums the x of every line piece moving along d, and the clue sums the
  `a_k` and the step pieces' x directly. Exact, but it propagates badly (thousands of
  branches where `piece` needs none); kept for the benchmark.

Redundant, per line piece and clue: `att[p, t] <= sum of x[p, s]` over the squares from which
p would attack t on an empty board (blocking only removes attacks). Measured on the published
boards, what makes the model easy is the per-piece integer `att[p, t]`: its domain `0..1` says
"at most one of p's attack literals", and with it CP-SAT's presolve solves and proves the
published boards unique without a single branch (`ray` needs 4 500 to 47 000 on three of
them).

All encodings are exact: every attack Boolean equals the attack relation in every solution,
so solution counts are exact (tests compare them with brute force over all placements).

The model is built in the order the clues are given; the answer does not depend on it, and
the benchmark measures that the time does not either.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ortools.sat.python import cp_model

from boardlab.core.cpsat import solve_interruptibly
from boardlab.families.chessnum.choices import MODELS
from boardlab.families.chessnum.geometry import (
    DIAGONAL,
    LINE_DIRECTIONS,
    ORTHOGONAL,
    STEP_PIECES,
    ray,
    step_attackers,
)
from boardlab.families.chessnum.io import ChessNumInstance, Square, placement_to_json


@dataclass
class Built:
    """A built model: the model, the piece variables, and the solution decoder."""

    model: cp_model.CpModel
    x: dict[tuple[str, Square], cp_model.IntVar]
    instance: ChessNumInstance

    @property
    def key(self) -> list[cp_model.IntVar]:
        return [self.x[k] for k in sorted(self.x)]

    def decode(self, value: Callable[[Any], int]) -> dict[str, Any]:
        placed = [(letter, square) for (letter, square), var in self.x.items() if value(var)]
        return placement_to_json(self.instance, placed)

    def placement(self, value: Callable[[Any], int]) -> list[tuple[str, Square]]:
        return sorted((letter, square) for (letter, square), var in self.x.items() if value(var))


def build(
    instance: ChessNumInstance,
    encoding: str = "piece",
    *,
    fixed: Iterable[tuple[str, Square]] = (),
    forbid: Iterable[tuple[str, Square]] = (),
    exclude: Iterable[Iterable[tuple[str, Square]]] = (),
) -> Built:
    """The model of `instance`.

    Args:
        encoding: one of `choices.MODELS` (see the module docstring).
        fixed: placements that must hold (`(letter, square)`), e.g. a player's moves.
        forbid: placements that must not hold (no piece of that letter on that square).
        exclude: complete placements that are not allowed (the generator's "another solution").
    """
    if encoding not in MODELS:
        raise ValueError(f"unknown encoding {encoding!r}")
    n = instance.size
    counts = instance.counts
    clues = instance.clue_map
    model = cp_model.CpModel()
    if instance.occupied:
        free = list(instance.occupied)
    else:
        free = [(f, r) for r in range(n) for f in range(n) if (f, r) not in clues]
    x: dict[tuple[str, Square], cp_model.IntVar] = {}
    for letter in counts:
        for square in free:
            x[letter, square] = model.new_bool_var(f"{letter}@{square[0]},{square[1]}")
    for letter, count in counts.items():
        model.add(cp_model.LinearExpr.sum([x[letter, s] for s in free]) == count)
    if instance.occupied:
        for square in free:
            model.add_exactly_one(x[letter, square] for letter in counts)
    elif len(counts) > 1:
        for square in free:
            model.add_at_most_one(x[letter, square] for letter in counts)

    occupied = {s: cp_model.LinearExpr.sum([x[letter, s] for letter in counts]) for s in free}

    def occ(square: Square) -> Any:
        return occupied.get(square, 0)

    places = set(free)
    for target, value in instance.clues:
        if encoding == "ray":
            terms = _clue_terms_by_ray(model, x, counts, places, occ, n, target)
        else:
            terms = _clue_terms_by_piece(model, x, counts, places, occ, n, target, encoding)
        model.add(sum(terms) == value)

    for letter, square in fixed:
        if (letter, square) in x:
            model.add(x[letter, square] == 1)
        else:  # a piece on a clue square or a letter not in the puzzle: no solution
            model.add_bool_or([])
    for letter, square in forbid:
        if (letter, square) in x:
            model.add(x[letter, square] == 0)
    for placement in exclude:
        placement = list(placement)
        model.add(sum(x[p] for p in placement if p in x) <= len(placement) - 1)
    return Built(model, x, instance)


def _empty_prefixes(
    model: cp_model.CpModel, occ: Callable[[Square], Any], squares: list[Square]
) -> list[Any]:
    """`e_k` for k = 1..len(squares): "squares[0 .. k-2] are all empty" (chain encoding).

    `e_1` is the constant 1; `e_{k+1} <-> e_k and not occ(squares[k-1])` by three inequalities.
    """
    prefixes: list[Any] = [1]
    for k in range(1, len(squares)):
        e = model.new_bool_var("")
        o = occ(squares[k - 1])
        before = prefixes[-1]
        if k == 1:
            model.add(e + o == 1)
        else:
            model.add(e <= before)
            model.add(e + o <= 1)
            model.add(e >= before - o)
        prefixes.append(e)
    return prefixes


def _first_is(
    model: cp_model.CpModel,
    occ: Callable[[Square], Any],
    squares: list[Square],
    k: int,
    piece: Any,
    prefixes: list[Any] | None,
) -> Any:
    """A Boolean equal to "`piece` (a 0/1 expression on squares[k]) holds and squares[0..k-1] are empty"."""
    if k == 0:
        return piece
    a = model.new_bool_var("")
    model.add(a <= piece)
    if prefixes is not None:  # chain
        e = prefixes[k]
        model.add(a <= e)
        model.add(a >= e + piece - 1)
    else:  # direct
        between = [occ(s) for s in squares[:k]]
        for o in between:
            model.add(a + o <= 1)
        model.add(a >= piece - sum(between))
    return a


def _clue_terms_by_piece(
    model: cp_model.CpModel,
    x: dict[tuple[str, Square], Any],
    counts: dict[str, int],
    places: set[Square],
    occ: Callable[[Square], Any],
    n: int,
    target: Square,
    encoding: str,
) -> list[Any]:
    """Per piece letter p, `att_p` = how many p attack the clue; returns the att_p.

    Adds the redundant `att_p <= sum of x[p, s] over the squares s from which p would attack
    the clue on an empty board` (blocking only removes attacks), which lets presolve and
    propagation reason per piece. The empty-prefix chains are shared by the pieces of a ray.
    """
    terms: list[Any] = []
    rays: dict[tuple[int, int], tuple[list[Square], list[Any] | None]] = {}
    for direction in ORTHOGONAL + DIAGONAL:
        if any(p in LINE_DIRECTIONS and direction in LINE_DIRECTIONS[p] for p in counts):
            squares = [s for s in ray(n, target, direction) if s in places]
            prefixes = _empty_prefixes(model, occ, squares) if encoding == "piece" else None
            rays[direction] = (squares, prefixes)
    for letter in counts:
        att = model.new_int_var(0, counts[letter], f"att_{letter}")
        terms.append(att)
        if letter in STEP_PIECES:
            model.add(att == sum(x[letter, s] for s in step_attackers(n, letter, target) if s in places))
            continue
        attacks: list[Any] = []
        reach: list[Any] = []
        for direction in LINE_DIRECTIONS[letter]:
            squares, prefixes = rays[direction]
            for k, square in enumerate(squares):
                reach.append(x[letter, square])
                attacks.append(_first_is(model, occ, squares, k, x[letter, square], prefixes))
        model.add(att == sum(attacks))
        model.add(att <= sum(reach))
    return terms


def _clue_terms_by_ray(
    model: cp_model.CpModel,
    x: dict[tuple[str, Square], Any],
    counts: dict[str, int],
    places: set[Square],
    occ: Callable[[Square], Any],
    n: int,
    target: Square,
) -> list[Any]:
    """The first formulation: one attack Boolean per ray square for any line piece moving along it.

    `a_k <-> e_k and L_k` with `L_k` the sum of the x of the line pieces that move along the
    ray; no per-piece attack counts. Kept for the benchmark: it is exact but propagates badly.
    """
    terms: list[Any] = []
    for letter in counts:
        if letter in STEP_PIECES:
            terms.extend(x[letter, s] for s in step_attackers(n, letter, target) if s in places)
    for direction in ORTHOGONAL + DIAGONAL:
        movers = [p for p in counts if p in LINE_DIRECTIONS and direction in LINE_DIRECTIONS[p]]
        if not movers:
            continue
        squares = [s for s in ray(n, target, direction) if s in places]
        prefixes = _empty_prefixes(model, occ, squares)
        for k, square in enumerate(squares):
            terms.append(_first_is(model, occ, squares, k, sum(x[p, square] for p in movers), prefixes))
    return terms


def solve(instance: ChessNumInstance, request: Any, encoding: str = "piece") -> Any:
    """Run a `SolveRequest` on the model (one worker unless the request asks for more)."""
    from dataclasses import replace

    from boardlab.core.cpsat import solve_cpsat

    start = time.perf_counter()
    built = build(instance, encoding)
    build_seconds = time.perf_counter() - start
    if request.workers is None:
        request = replace(request, workers=1)
    outcome = solve_cpsat(
        built.model, built.key, built.decode, request, model_name=f"boolean squares, {encoding} encoding"
    )
    outcome.stats.extra["build_seconds"] = round(build_seconds, 6)
    outcome.stats.seconds += build_seconds
    return outcome


def find(
    instance: ChessNumInstance,
    *,
    fixed: Iterable[tuple[str, Square]] = (),
    forbid: Iterable[tuple[str, Square]] = (),
    exclude: Iterable[Iterable[tuple[str, Square]]] = (),
    limit: int = 1,
    encoding: str = "piece",
) -> tuple[list[list[tuple[str, Square]]], bool]:
    """Up to `limit` placements (as sorted `(letter, square)` lists) and whether that is all.

    Used by the generator and the hints: one worker, no time limit, deterministic.
    """
    built = build(instance, encoding, fixed=fixed, forbid=forbid, exclude=exclude)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = limit > 1

    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[list[tuple[str, Square]]] = []
            self.seen: set[tuple[tuple[str, Square], ...]] = set()

        def on_solution_callback(self) -> None:
            placement = built.placement(self.value)
            if tuple(placement) not in self.seen:
                self.seen.add(tuple(placement))
                self.found.append(placement)
            if len(self.found) >= limit:
                self.stop_search()

    collect = Collect()
    code = solve_interruptibly(solver, built.model, collect)
    if code == cp_model.MODEL_INVALID:
        raise RuntimeError("CP-SAT rejected the chessnum model as invalid")
    complete = code in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and len(collect.found) < limit
    return collect.found[:limit], complete
