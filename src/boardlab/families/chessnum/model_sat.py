"""The Chess-Num model as CNF for python-sat (backend `sat`, and the generator's fast checks).

The same formulation as the CP-SAT model (`model_cpsat.py`), in clauses:

- `x[p, s]` for every piece letter p and square s; `o[s] <-> OR_p x[p, s]` (occupied);
  `exactly count(p)` of the `x[p, *]` (sequential counter, Sinz 2005); at most one piece per
  square (pairwise);
- a clue square t: no piece on it (`-x[p, t]`), so `o[t]` is false and it blocks nothing;
- Detektivschach (marked squares given): `o[s]` is a unit clause on each marked square and
  `-x[p, s]` on every other one;
- blocking, chain encoding: for a clue t and a direction d with squares `s_1, s_2, ...`,
  `e_1` is true and `e_{k+1} <-> e_k and -o[s_k]` ("s_1 .. s_k empty"); a line piece p moving
  along d attacks t from `s_k` iff `a <-> e_k and x[p, s_k]` (three clauses each);
- the clue: exactly v of its attack literals (the step pieces' `x` on attacking squares and
  the line pieces' `a`), by a cardinality encoding (`seqcounter` by default) from the shared
  `IDPool`.

With `selectors`, every clue's clauses carry an extra literal `-sel[t]`: the clue holds only
when `sel[t]` is assumed. The generator builds one solver with every candidate clue square
of its placement and asks "another solution?" under assumptions, incrementally, instead of
building a model per question.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardlab.core.errors import Unsupported
from boardlab.core.sat import CNF, DEFAULT_SOLVER, solve_before
from boardlab.families.chessnum.geometry import (
    DIAGONAL,
    LINE_DIRECTIONS,
    ORTHOGONAL,
    STEP_PIECES,
    ray,
    step_attackers,
)
from boardlab.families.chessnum.io import ChessNumInstance, Square, placement_to_json

#: Encodings of the clue cardinalities ("exactly v attackers").
CARD_ENCODINGS = ("seqcounter", "totalizer", "cardnetwrk")


class SatModel:
    """CNF of a board with pieces and clues (optionally switchable by selector literals)."""

    def __init__(
        self,
        size: int,
        pieces: str,
        counts: dict[str, int],
        card: str = "seqcounter",
        occupied: tuple[Square, ...] = (),
    ) -> None:
        self.size = size
        self.pieces = pieces
        self.counts = counts
        if card not in CARD_ENCODINGS:
            raise Unsupported(f"unknown clue encoding '{card}' (choose from {', '.join(CARD_ENCODINGS)})")
        self.card = card
        self.cnf = CNF()
        self.squares = [(f, r) for r in range(size) for f in range(size)]
        for letter, count in counts.items():
            self.cnf.exactly([self.x(letter, s) for s in self.squares], count, "seqcounter")
        for square in self.squares:
            lits = [self.x(letter, square) for letter in counts]
            taken = self.o(square)
            for lit in lits:
                self.cnf.add([-lit, taken])
            self.cnf.add([-taken, *lits])
            if len(lits) > 1:
                self.cnf.at_most(lits, 1, "pairwise")
        if occupied:
            marked = set(occupied)
            for square in self.squares:
                if square in marked:
                    self.cnf.add([self.o(square)])
                else:
                    for letter in counts:
                        self.cnf.add([-self.x(letter, square)])

    def x(self, letter: str, square: Square) -> int:
        return self.cnf.var(("x", letter, square))

    def o(self, square: Square) -> int:
        return self.cnf.var(("o", square))

    def selector(self, square: Square) -> int:
        return self.cnf.var(("sel", square))

    @property
    def key(self) -> list[int]:
        return [self.x(letter, s) for letter in self.counts for s in self.squares]

    def _attack_literals(self, target: Square) -> list[tuple[str, int]]:
        """The literals "a piece of this letter attacks `target` from that square", with their
        letters: the step pieces' first, then the rays' (the order of the clue's cardinality
        constraint, which the generator's puzzles per seed depend on)."""
        lits: list[tuple[str, int]] = []
        for letter in self.counts:
            if letter in STEP_PIECES:
                lits.extend((letter, self.x(letter, s)) for s in step_attackers(self.size, letter, target))
        for direction in ORTHOGONAL + DIAGONAL:
            movers = [p for p in self.counts if p in LINE_DIRECTIONS and direction in LINE_DIRECTIONS[p]]
            if not movers:
                continue
            squares = ray(self.size, target, direction)
            empty_before = 0  # 0 stands for "true" (k = 1)
            for k, square in enumerate(squares):
                if k > 0:
                    e = self.cnf.var(("e", target, direction, k))
                    o = self.o(squares[k - 1])
                    if empty_before == 0:
                        self.cnf.add([-e, -o])
                        self.cnf.add([e, o])
                    else:
                        self.cnf.add([-e, empty_before])
                        self.cnf.add([-e, -o])
                        self.cnf.add([e, -empty_before, o])
                    empty_before = e
                for letter in movers:
                    if k == 0:
                        lits.append((letter, self.x(letter, square)))
                        continue
                    a = self.cnf.var(("a", target, direction, k, letter))
                    self.cnf.add([-a, empty_before])
                    self.cnf.add([-a, self.x(letter, square)])
                    self.cnf.add([a, -empty_before, -self.x(letter, square)])
                    lits.append((letter, a))
        return lits

    def add_clue(
        self, target: Square, value: int, selector: int | None = None, *, by_piece: bool = False
    ) -> None:
        """The clue `target = value`; with `selector`, only when that literal is true.

        `by_piece`: the clue counts per piece letter first, as the CP-SAT model's `att[p, t]`:
        unary counters `u[p, j]` <-> "at least j of p's attack literals" (`j` up to the number
        of p, which also bounds p's attack literals), then exactly `value` of the `u`. The
        solutions are the same; unit propagation learns more (`grade.py` uses it)."""
        guard = [] if selector is None else [-selector]
        for letter in self.counts:
            self.cnf.add(guard + [-self.x(letter, target)])
        lits = self._attack_literals(target)
        if not by_piece:
            self.cnf.exactly([lit for _, lit in lits], value, self.card, unless=guard)
            return
        counters: list[int] = []
        for letter, count in self.counts.items():
            own = [lit for mine, lit in lits if mine == letter]
            self.cnf.at_most(own, count, self.card, unless=guard)
            for j in range(1, min(count, len(own)) + 1):
                u = self.cnf.var(("u", target, letter, j))
                self.cnf.at_least(own, j, unless=[*guard, -u])
                self.cnf.at_most(own, j - 1, self.card, unless=[*guard, u])
                counters.append(u)
        self.cnf.exactly(counters, value, self.card, unless=guard)

    def exclude(self, placement: Iterable[tuple[str, Square]]) -> None:
        self.cnf.add([-self.x(letter, square) for letter, square in placement])

    def placement(self, true: set[int]) -> list[tuple[str, Square]]:
        return sorted(
            (letter, s) for letter in self.counts for s in self.squares if self.x(letter, s) in true
        )


def build(instance: ChessNumInstance, card: str = "seqcounter", *, by_piece: bool = False) -> SatModel:
    """The CNF of `instance`; `by_piece`: clues counted per piece letter (see `add_clue`)."""
    sat = SatModel(instance.size, instance.pieces, instance.counts, card, instance.occupied)
    for target, value in instance.clues:
        sat.add_clue(target, value, by_piece=by_piece)
    return sat


def solve(instance: ChessNumInstance, request: Any) -> Any:
    """Run a `SolveRequest` with python-sat (CaDiCaL), blocking on the piece variables only."""
    from boardlab.core.sat import solve_sat

    sat = build(instance)
    return solve_sat(
        sat.cnf,
        sat.key,
        lambda true: placement_to_json(instance, sat.placement(true)),
        request,
        model_name="CNF: chain blocking, seqcounter clues",
    )


class Alternatives:
    """An incremental solver for "which placements other than `placement` satisfy these clues?".

    Every empty square of `placement` is a candidate clue with the number `placement` gives it,
    switched on by assuming its selector. Each question gets a conflict budget (deterministic,
    unlike a time limit): CDCL finds alternatives in a millisecond or two but can be slow to
    prove there is none, which CP-SAT's presolve does better, so the caller hands those over.
    """

    def __init__(
        self,
        size: int,
        pieces: str,
        counts: dict[str, int],
        placement: list[tuple[str, Square]],
        numbers: dict[Square, int],
        budget: int = 2000,
        occupied: tuple[Square, ...] = (),
    ) -> None:
        self.sat = SatModel(size, pieces, counts, occupied=occupied)
        for square, value in numbers.items():
            self.sat.add_clue(square, value, self.sat.selector(square))
        self.sat.exclude(placement)
        self.solver = self.sat.cnf.solver(DEFAULT_SOLVER)
        self.budget = budget

    def find(self, clues: Iterable[Square]) -> list[tuple[str, Square]] | None | bool:
        """Another placement satisfying the clues on `clues`; None when there is none (unique);
        False when the conflict budget ran out first (the caller asks CP-SAT instead)."""
        assumptions = [self.sat.selector(s) for s in clues]
        answer = solve_before(self.solver, assumptions=assumptions, conflicts=self.budget)
        if answer is None:
            return False
        if not answer:
            return None
        return self.sat.placement({lit for lit in self.solver.get_model() if lit > 0})

    def close(self) -> None:
        self.solver.delete()
