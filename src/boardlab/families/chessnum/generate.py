"""Chess-Num puzzles with a unique solution, by construction: a strategy of `core.generate`.

1. Put the pieces on random distinct squares (seeded: the same seed gives the same puzzle),
   gathered around a random focus square, drawn again until some square is attacked by every
   piece (see `random_placement`). Every other square would show the number of pieces
   attacking it.
2. (`refine`) Choose clue squares by counterexamples: solve the puzzle made of the clues chosen so far,
   with the intended placement excluded. A solution found is an *alternative* placement; a
   square *refutes* it when the alternative puts a piece there or gives that square another
   number. A placement other than the intended one solves the puzzle exactly when no clue
   square refutes it, so the loop "find an alternative, add a square that refutes it" ends
   with a puzzle whose only solution is the intended placement. Among the refuting squares
   the generator draws one at random, weighted by `(1 + number)^2`: large numbers pin the
   pieces down fastest (the published puzzles have 4s, 5s and 6s).
3. (`minimise`) Clues are then removed again, one at a time in random order, while the
   solution stays unique, so no clue is superfluous (an irreducible clue set).
4. `min_clues`: the number of clues depends mostly on the placement (pieces gathered around
   one square give large numbers and short puzzles), so `TRIES` placements are drawn and the
   puzzle with the fewest clues is kept.
5. A placement no clue set can pin down (an alternative that no square refutes) is dropped
   and another one drawn.
6. `clue_set="minimum"` replaces steps 2-3 by an exact search for a smallest clue set of the
   placement (`minimum_clues`: implicit hitting sets, below); step 3 then finds nothing to drop.
7. Detektivschach (`detective`): the squares of the planted placement are marked in the
   puzzle; an alternative then puts the same pieces on the same squares in another order,
   and the same loop chooses the clues.

Minimum clue sets (`minimum_clues`). A clue set S (squares with the planted numbers) has the
planted placement as its only solution exactly when every alternative placement A is refuted
by some square of S, i.e. S meets the set R(A) of squares that refute A (`refuting_squares`).
So the smallest S is a minimum hitting set of {R(A) : A an alternative}: too many to list,
hence the implicit hitting-set loop (Moreno-Centeno and Karp, "The implicit hitting set
approach to solve combinatorial optimization problems with an application to multigenome
alignment", Operations Research 2013; the same loop as MaxHS, Davies and Bacchus, CP 2011):
keep a few sets R(A), take a minimum hitting set H of them (CP-SAT, exact), ask the SAT
oracle for an alternative satisfying the clues H; none: H is a minimum (a hitting set of
every R(A) is a clue set, and H is minimum already for the sets known, a subset of them).
Otherwise its R(A) is added and the loop goes on. Three measures keep the loop short:

- the loop starts from the refuting sets of the placement's neighbours, computed without the
  oracle (`neighbour_placements`: each piece moved to another free square, two different
  pieces swapped), the inclusion-minimal ones kept: every placement A other than the planted
  one gives a set that any clue set must meet, whether or not A satisfies some clues, so
  these constrain the minimum from the first round (seeding the hitting-set solver with
  constraints read off the instance: Davies and Bacchus, "Exploiting the power of MIP solvers
  in MaxSAT", SAT 2013). Detektivschach's alternatives keep the marked squares, so there only
  swaps are neighbours (a moved piece would be no alternative, and its set no constraint). On
  40 placements of 8x8 `KQRBNP` the loop took 0.59 times the CPU (103.2 s to 60.6 s) and its
  slowest placement 6.0 s instead of 8.6, the minima unchanged (docs/chessnum.md, "Figures");

- each R(A) is shrunk to a *minimal* refuting set (a minimal correction set: Marques-Silva et
  al., "On computing minimal correction subsets", IJCAI 2013) by asking for an alternative
  that satisfies every clue outside R(A) plus one square s of it: found, R shrinks to that
  alternative's (smaller) refuting set; none, s stays. A smaller set cuts off more hitting
  sets, and the sets found are always true R(A') of real alternatives, so nothing is lost;
- from each H the greedy refinement of step 2 is run (refute each new alternative by the
  refuting square of largest number), which harvests several sets per minimum hitting set
  and gives an upper bound (a unique clue set): the loop stops as soon as the hitting set is
  as large as the best unique set found.

Every question goes to the incremental SAT solver (assumptions switch clues on), with CP-SAT
for those past the conflict budget, so the search is deterministic.

The questions "is there another solution with these clues?" go to one incremental SAT solver
per placement (`model_sat.Alternatives`: every candidate clue is in the formula, switched on by
an assumption literal), most answered in a few milliseconds. Each has a conflict budget
(deterministic, unlike a time limit); the rare ones past it, usually proofs that there is no
alternative, go to CP-SAT (one worker, no time limit). So the same seed gives the same
puzzle. `Family.generate` then checks the solution with `verify` and proves uniqueness by a
fresh solve.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence

from ortools.sat.python import cp_model

from boardlab.core.cpsat import solve_interruptibly
from boardlab.core.generate import Strategy, make_unique
from boardlab.families.chessnum import model_cpsat as model
from boardlab.families.chessnum.geometry import attack_counts, attackers
from boardlab.families.chessnum.io import ChessNumInstance, Square, make_instance
from boardlab.families.chessnum.model_sat import Alternatives

#: Placements tried with `min_clues`.
TRIES = 6
#: Gathered placements drawn in search of a square attacked by every piece.
DRAWS = 100
#: Probability that a piece is placed where it attacks the focus square (measured on 10 seeds
#: of 8x8: 0.75 gave 8..27 clues, median 11.5; 1.0 gave 8..15, median 10, and was faster).
FOCUS = 1.0
#: Placements tried before giving up.
ATTEMPTS = 40

Placement = list[tuple[str, Square]]
#: The puzzle during generation: the clues chosen so far, (square, number).
Clues = tuple[tuple[Square, int], ...]


def random_placement(size: int, pieces: str, rng: random.Random) -> Placement:
    """Pieces gathered around a focus square, drawn until some square sees all of them.

    Up to `DRAWS` gathered placements are drawn (`_gathered`); the first in which some empty
    square is attacked by every piece is taken, otherwise the one with the largest number.
    A square attacked by all pieces is Friedman's favourite clue (the 6 of his worked
    example): on 10 seeds of 8x8 it brought the clues from 8..15 (median 10) to 5..9
    (median 7.5), and the generation time from 24 s to 10 s for the ten.
    """
    best: Placement = []
    best_number = -1
    for _ in range(DRAWS):
        placement = _gathered(size, pieces, rng)
        number = max(attack_counts(size, placement).values(), default=0)
        if number > best_number:
            best, best_number = placement, number
        if number == len(pieces):
            break
    return best


def _gathered(size: int, pieces: str, rng: random.Random) -> Placement:
    """Pieces on distinct random squares, gathered around a random focus square.

    Each piece is put, with probability `FOCUS`, on a square from which it would attack the
    focus square on an empty board (anywhere when there is none left).
    """
    squares = [(f, r) for f in range(size) for r in range(size)]
    focus = rng.choice(squares)
    taken = {focus} if len(pieces) < len(squares) else set()
    placement = []
    for letter in rng.sample(pieces, len(pieces)):
        free = [s for s in squares if s not in taken]
        near = [s for s in free if _reaches(size, letter, s, focus)]
        square = rng.choice(near if near and rng.random() < FOCUS else free)
        taken.add(square)
        placement.append((letter, square))
    return sorted(placement)


def _reaches(size: int, letter: str, square: Square, target: Square) -> bool:
    """Whether `letter` on `square` attacks `target` on an otherwise empty board."""
    return bool(attackers(size, [(letter, square)], target))


def refuting_squares(size: int, intended: dict[Square, int], alternative: Placement) -> frozenset[Square]:
    """The clue squares (of the intended placement) that rule `alternative` out."""
    numbers = attack_counts(size, alternative)
    taken = {square for _, square in alternative}
    return frozenset(s for s, value in intended.items() if s in taken or numbers.get(s) != value)


def _puzzle(size: int, pieces: str, clues: Clues, occupied: Sequence[Square] = ()) -> ChessNumInstance:
    ordered = sorted(clues, key=lambda clue: (-clue[0][1], clue[0][0]))
    return make_instance(size, pieces, list(ordered), occupied=tuple(occupied))


def _pick(refuters: frozenset[Square], intended: dict[Square, int], rng: random.Random) -> Square:
    """A refuting square, drawn with weight (1 + its number)^2."""
    ordered = sorted(refuters)
    weights = [(1 + intended[s]) ** 2 for s in ordered]
    return rng.choices(ordered, weights)[0]


class ChessNumStrategy(Strategy[Clues, Placement, tuple[Square, int]]):
    """Clue squares refuting alternatives, then dropped while unique (module docstring).

    `detective`: the planted squares are marked (Detektivschach); `minimum`: each placement
    starts from a minimum clue set (`minimum_clues`)."""

    def __init__(self, size: int, pieces: str, *, detective: bool = False, minimum: bool = False):
        self.size, self.pieces = size, pieces
        self.detective, self.minimum = detective, minimum
        self.counts = {letter: pieces.count(letter) for letter in dict.fromkeys(pieces)}
        self.planted: Placement = []
        self.intended: dict[Square, int] = {}
        self.alternatives: Alternatives | None = None
        #: minimum_clues: (hitting-set rounds, refuting sets found) of the last placement
        self.search: tuple[int, int] = (0, 0)

    @property
    def occupied(self) -> tuple[Square, ...]:
        return tuple(sorted(square for _, square in self.planted)) if self.detective else ()

    def plant(self, rng: random.Random) -> Placement:
        if self.detective:  # the pieces anywhere: which piece stands where is the puzzle
            squares = rng.sample(
                [(f, r) for f in range(self.size) for r in range(self.size)], len(self.pieces)
            )
            return sorted(zip(rng.sample(self.pieces, len(self.pieces)), squares))
        return random_placement(self.size, self.pieces, rng)

    def begin(self, planted: Placement) -> None:
        self.planted = planted
        self.intended = attack_counts(self.size, planted)
        self.alternatives = Alternatives(
            self.size, self.pieces, self.counts, planted, self.intended, occupied=self.occupied
        )

    def end(self) -> None:
        if self.alternatives is not None:
            self.alternatives.close()
            self.alternatives = None

    def start(self, planted: Placement, rng: random.Random) -> Clues:
        if self.minimum:
            found = minimum_clues(self)
            return () if found is None else tuple((s, self.intended[s]) for s in sorted(found))
        return ()

    def alternative(self, puzzle: Clues, budget: float | None) -> Placement | None:
        """Another placement with the clues `puzzle`: SAT within its conflict budget, CP-SAT
        (complete, deterministic) for the rare questions past it."""
        assert self.alternatives is not None
        found = self.alternatives.find(square for square, _ in puzzle)
        if found is False:
            cpsat, _ = model.find(
                _puzzle(self.size, self.pieces, puzzle, self.occupied), exclude=[self.planted], limit=1
            )
            return cpsat[0] if cpsat else None
        return found  # type: ignore[return-value]

    def alternative_to(self, squares: Iterable[Square]) -> Placement | None:
        """Another placement satisfying the planted numbers on `squares` (None: there is none)."""
        return self.alternative(tuple((s, self.intended[s]) for s in squares), None)

    def refute(self, puzzle: Clues, alternative: Placement, rng: random.Random) -> Clues | None:
        refuters = refuting_squares(self.size, self.intended, alternative)
        if not refuters:
            return None  # no clue square tells them apart: plant another placement
        square = _pick(refuters, self.intended, rng)
        return puzzle + ((square, self.intended[square]),)

    def items(self, puzzle: Clues, rng: random.Random) -> list[tuple[Square, int]]:
        return rng.sample(sorted(puzzle), len(puzzle))

    def without(self, puzzle: Clues, items: Sequence[tuple[Square, int]]) -> Clues:
        return tuple(clue for clue in puzzle if clue not in items)


def minimum_clues(strategy: ChessNumStrategy) -> frozenset[Square] | None:
    """A smallest clue set of the strategy's planted placement (None: no clue set makes it
    unique, some alternative is refuted by no square). The implicit hitting-set loop of the
    module docstring; `strategy.search` gets (rounds, sets found)."""
    intended = strategy.intended
    candidates = sorted(intended)
    sets: list[frozenset[Square]] = []
    best: frozenset[Square] | None = None
    rounds = 0

    def refuters(alternative: Placement) -> frozenset[Square]:
        return refuting_squares(strategy.size, intended, alternative)

    def shrink(refuting: frozenset[Square]) -> frozenset[Square]:
        """A minimal refuting set inside `refuting` (linear search for a minimal correction set)."""
        rest = set(refuting)
        while rest:
            square = min(rest, key=lambda s: (intended[s], s))  # keep large numbers when possible
            rest.discard(square)
            found = strategy.alternative_to([s for s in candidates if s not in refuting or s == square])
            if found is not None:  # it satisfies every clue the current one does, and `square`
                refuting = refuters(found)
                if not refuting:  # no clue square tells this one apart: no clue set is unique
                    return refuting
                rest &= refuting
        return refuting

    def add(alternative: Placement) -> frozenset[Square] | None:
        refuting = refuters(alternative)
        if not refuting:
            return None
        minimal = shrink(refuting)
        if not minimal:
            return None
        sets.append(minimal)
        return minimal

    seeded: set[frozenset[Square]] = set()
    for neighbour in neighbour_placements(strategy.size, strategy.planted, moves=not strategy.detective):
        refuting = refuters(neighbour)
        if not refuting:  # a placement no square tells apart: no clue set is unique
            strategy.search = (rounds, len(sets))
            return None
        seeded.add(refuting)
    sets.extend(inclusion_minimal(seeded))

    hitting: frozenset[Square] = frozenset()
    while True:
        rounds += 1
        hitting = _minimum_hitting_set(candidates, sets, len(hitting), hitting)
        if best is not None and len(hitting) >= len(best):
            break
        chosen = set(hitting)
        alternative = strategy.alternative_to(chosen)
        if alternative is None:
            best = frozenset(chosen)
            break
        # greedy harvest: refute each alternative by its best square until unique (an upper bound)
        while alternative is not None:
            minimal = add(alternative)
            if minimal is None:
                strategy.search = (rounds, len(sets))
                return None
            chosen.add(max(minimal, key=lambda s: (intended[s], s)))
            alternative = strategy.alternative_to(chosen)
        if best is None or len(chosen) < len(best):
            best = frozenset(chosen)
    strategy.search = (rounds, len(sets))
    return best


def neighbour_placements(size: int, placement: Placement, *, moves: bool = True) -> Iterator[Placement]:
    """The placements one step from `placement`: each piece moved to a free square (`moves`;
    Detektivschach keeps its squares, so not there), and two different pieces swapped. Each is
    a placement of the same pieces other than `placement` (identical pieces are never
    swapped), in a fixed order."""
    taken = {square for _, square in placement}
    if moves:
        free = [(f, r) for f in range(size) for r in range(size) if (f, r) not in taken]
        for i, (letter, _) in enumerate(placement):
            for square in free:
                yield sorted([*placement[:i], (letter, square), *placement[i + 1 :]])
    for i, j in itertools.combinations(range(len(placement)), 2):
        (a, first), (b, second) = placement[i], placement[j]
        if a != b:
            swapped = list(placement)
            swapped[i], swapped[j] = (a, second), (b, first)
            yield sorted(swapped)


def inclusion_minimal(sets: Iterable[frozenset[Square]]) -> list[frozenset[Square]]:
    """The sets that contain no other one (a hitting set of these hits all), smallest first."""
    kept: list[frozenset[Square]] = []
    for found in sorted(sets, key=lambda found: (len(found), sorted(found))):
        if not any(smaller <= found for smaller in kept):
            kept.append(found)
    return kept


def _minimum_hitting_set(
    candidates: list[Square], sets: list[frozenset[Square]], at_least: int, hint: frozenset[Square]
) -> frozenset[Square]:
    """A smallest set of candidates meeting every set (CP-SAT, one worker: deterministic).

    `at_least`: a known lower bound (the previous round's minimum: sets are only added, so
    the minimum never falls); `hint`: the previous round's hitting set, a starting point. A
    secondary objective (prefer larger numbers) was tried and dropped: it made the proofs of
    optimality 10 to 100 times slower. `linearization_level` 2 (the full LP relaxation, which
    bounds a set cover well) made the 23 hitting-set problems of one hard 8x8 placement ten
    times faster (4.15 s to 0.39 s CPU, measured)."""
    if not sets:
        return frozenset()
    hit = cp_model.CpModel()
    chosen = {s: hit.new_bool_var("") for s in candidates}
    for found in sets:
        hit.add_bool_or([chosen[s] for s in found])
    total = sum(chosen.values())
    hit.add(total >= at_least)
    for square, var in chosen.items():
        hit.add_hint(var, square in hint)
    hit.minimize(total)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.linearization_level = 2
    code = solve_interruptibly(solver, hit)
    if code != cp_model.OPTIMAL:
        raise RuntimeError(f"CP-SAT did not solve the hitting-set problem ({solver.status_name(code)})")
    return frozenset(s for s, var in chosen.items() if solver.value(var))


def generate(
    size: int,
    pieces: str,
    seed: int,
    *,
    min_clues: bool = False,
    minimum: bool = False,
    detective: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[ChessNumInstance, Placement]:
    """A puzzle with exactly one solution, and that solution (deterministic per seed).

    `min_clues`: the best of `TRIES` placements; `minimum`: a minimum clue set per placement
    (`minimum_clues`); `detective`: a Detektivschach puzzle (the pieces' squares marked)."""
    strategy = ChessNumStrategy(size, pieces, detective=detective, minimum=minimum)
    made = make_unique(
        strategy,
        seed,
        attempts=ATTEMPTS,
        keep=TRIES if min_clues else 1,
        score=len,
        progress=progress,
        failure=lambda tally: (
            f"no placement of {pieces} on a {size}x{size} board gave a unique puzzle in {ATTEMPTS} tries"
        ),
    )
    occupied = tuple(sorted(square for _, square in made.solution)) if detective else ()
    return _puzzle(size, pieces, made.puzzle, occupied), made.solution
