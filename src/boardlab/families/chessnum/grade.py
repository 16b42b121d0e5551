"""Difficulty grades of Chess-Num puzzles (classic and Detektivschach): how much reasoning the
unique solution needs, measured on the CNF of `model_sat` (the `sat` backend's model).

Levels (`LEVELS`, easiest first):

- ``easy``: unit propagation alone decides every piece variable `x[p, s]` (a player's direct
  deductions: "this 0 leaves no room for the king here", "this 6 needs every piece on its
  lines", each one forced by one clue or one count at a time);
- ``medium``: not easy, but failed-literal probing decides them all (Freeman's failed
  literals, "Improvements to propositional satisfiability search algorithms", 1995; Le Berre,
  "Exploiting the real power of unit propagation lookahead", 2001): repeatedly, a piece
  variable whose one value leads to a contradiction by unit propagation takes the other
  value, until nothing changes. This is a player's one-step "what if the queen stood here?"
  reasoning;
- ``hard``: probing stops with piece variables undecided: the solution needs search
  (trying a placement and following it further than one propagation).

Both closures are unique (unit propagation and failed-literal probing to a fixpoint do not
depend on the order of the clauses or of the probes), so the grade is a property of the
puzzle and its CNF, the same on every machine and solver. The CNF is read by a fresh
MiniSat 2.2 (python-sat `propagate`: unit propagation on the original clauses only, nothing
learned). Puzzles without exactly one solution get the outcome words: CP-SAT counts first
(up to two solutions): ``unsolvable`` or ``ambiguous``.

`easier(instance, numbers, level)` adds clues of the solution to a puzzle until it is at that
level or easier (the generator's way to `--difficulty easy` and `medium`: fewer clues mean
harder puzzles, as in Simon Tatham's collection, and a minimal puzzle is rarely easy).

`details`: `pieces` (piece variables), `propagated` (decided by unit propagation), `probed`
(decided by probing), `probes` (propagation calls spent by probing). `steps` is the number of
probing rounds that decided something (0 for an easy puzzle).
"""

from __future__ import annotations

from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import SolverBug
from boardlab.core.grading import Grade
from boardlab.families.chessnum import model_cpsat
from boardlab.families.chessnum import model_sat as sat_model
from boardlab.families.chessnum.choices import LEVELS
from boardlab.families.chessnum.instance import ChessNumInstance, Square, make_instance

#: The solver whose `propagate` is used (plain unit propagation on the clauses given).
PROPAGATOR = "minisat22"


def grade(instance: ChessNumInstance, deadline: Deadline = NO_DEADLINE) -> Grade:
    """The grade (see the module docstring)."""
    found, _ = model_cpsat.find(instance, limit=2)
    if not found:
        return Grade("unsolvable")
    if len(found) > 1:
        return Grade("ambiguous")
    deadline.check()
    closure = Closure(instance, {})
    try:
        return closure.level([square for square, _ in instance.clues], deadline)
    finally:
        closure.close()


class Closure:
    """Unit propagation and failed-literal probing on the per-piece CNF of `instance`, whose
    clues, and any `extra` candidate clues, are switched on by assuming their selectors (the
    closure with a clue's selector assumed is the closure of the CNF that has the clue)."""

    def __init__(self, instance: ChessNumInstance, extra: dict[Square, int]) -> None:
        from pysat.solvers import Solver

        sat = sat_model.SatModel(instance.size, instance.pieces, instance.counts, occupied=instance.occupied)
        self.sat = sat
        for target, value in [*instance.clues, *extra.items()]:
            sat.add_clue(target, value, sat.selector(target), by_piece=True)
        self.pieces = sat.key
        # every clause gets the literal -g and every question assumes g: so the facts that unit
        # propagation derives from the clauses alone come back too (python-sat's `propagate`
        # reports only what follows the assumptions, not the top-level facts)
        self.gate = 1 + max((abs(lit) for clause in sat.cnf.clauses for lit in clause), default=0)
        clauses = [[*clause, -self.gate] for clause in sat.cnf.clauses]
        self.solver = Solver(name=PROPAGATOR, bootstrap_with=clauses)

    def close(self) -> None:
        self.solver.delete()

    def propagated(self, clues: list[Square]) -> set[int] | None:
        """What unit propagation derives with the clues on `clues` (None: a contradiction)."""
        ok, implied = self.solver.propagate(assumptions=[self.gate, *(self.sat.selector(s) for s in clues)])
        return set(implied) if ok else None

    def decided(self, known: set[int]) -> int:
        return sum(1 for v in self.pieces if v in known or -v in known)

    def level(self, clues: list[Square], deadline: Deadline = NO_DEADLINE) -> Grade:
        """The level of the puzzle with the clues on `clues` (which has one solution)."""
        known = self.propagated(clues)
        if known is None:
            raise SolverBug("chessnum: unit propagation refutes a puzzle that has a solution")
        propagated = self.decided(known)
        details = {"pieces": len(self.pieces), "propagated": propagated, "probed": 0, "probes": 0}
        if propagated == len(self.pieces):
            return Grade("easy", 0, details)
        known, rounds, probes = self.probed(clues, known, deadline)
        decided = self.decided(known)
        details.update(probed=decided - propagated, probes=probes)
        return Grade("medium" if decided == len(self.pieces) else "hard", rounds, details)

    def probed(
        self, clues: list[Square], known: set[int], deadline: Deadline = NO_DEADLINE
    ) -> tuple[set[int], int, int]:
        """Failed-literal probing of the puzzle with the clues on `clues`, from its unit
        propagation closure `known` to the fixpoint: (what is known then, the rounds that
        decided something, the propagation calls). Each probe assumes the clues and the values
        probing has forced so far: unit propagation derives the rest again, so the answers are
        those of assuming the whole closure, from a shorter list (8x8 Detektivschach, `easier`
        to medium, seed 0: 18.4 -> 14.7 s CPU)."""
        known = set(known)
        forced = [self.gate, *(self.sat.selector(s) for s in clues)]
        rounds = probes = 0
        changed = True
        while changed:
            changed = False
            for var in self.pieces:
                if var in known or -var in known:
                    continue
                deadline.check()
                for literal in (var, -var):
                    probes += 1
                    fine, _ = self.solver.propagate(assumptions=[*forced, literal])
                    if not fine:  # a failed literal: the other value holds, with what follows
                        fine, implied = self.solver.propagate(assumptions=[*forced, -literal])
                        if not fine:
                            raise SolverBug("chessnum: probing refutes a puzzle that has a solution")
                        forced.append(-literal)
                        known |= set(implied)
                        changed = True
                        break
            rounds += changed
        return known, rounds, probes


def easier(
    instance: ChessNumInstance, numbers: dict[Square, int], wanted: str, deadline: Deadline = NO_DEADLINE
) -> ChessNumInstance:
    """`instance` (one solution, whose numbers on the empty squares are `numbers`) with clues
    added until its level is `wanted` or easier: each time the clue after which the reasoning
    of the wanted level (unit propagation for easy, probing for medium) decides the most piece
    variables (ties: the larger number, then the square). Clues are only added, so the solution
    stays the same and unique. (Ranking by unit propagation alone for medium too made 16-39
    clues on 8x8 Detektivschach, where one clue rarely lets propagation decide anything.)"""
    target = LEVELS.index(wanted)
    given = {square for square, _ in instance.clues}
    extra = {s: v for s, v in numbers.items() if s not in given}
    closure = Closure(instance, extra)
    try:
        chosen = [square for square, _ in instance.clues]
        while LEVELS.index(closure.level(chosen, deadline).difficulty) > target:

            def gain(square: Square) -> tuple[int, int, Square]:
                known = closure.propagated([*chosen, square])
                if known is None:
                    return (-1, extra[square], square)
                if target > 0:
                    known = closure.probed([*chosen, square], known, deadline)[0]
                return (closure.decided(known), extra[square], square)

            left = [s for s in sorted(extra) if s not in chosen]
            if not left:
                break
            chosen.append(max(left, key=gain))
        clues = [*instance.clues, *((s, extra[s]) for s in chosen if s in extra)]
        clues.sort(key=lambda clue: (-clue[0][1], clue[0][0]))
        return make_instance(instance.size, instance.pieces, clues, occupied=instance.occupied)
    finally:
        closure.close()
