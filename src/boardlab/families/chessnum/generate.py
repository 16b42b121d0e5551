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
   one square give large numbers and short puzzles; an exact minimum per placement by an
   implicit hitting-set loop took 440 s on one 8x8 placement, too slow to offer), so
   `TRIES` placements are drawn and the puzzle with the fewest clues is kept.
5. A placement no clue set can pin down (an alternative that no square refutes) is dropped
   and another one drawn.

The questions "is there another solution with these clues?" go to one incremental SAT solver
per placement (`model_sat.Alternatives`: every candidate clue is in the formula, switched on by
an assumption literal), most answered in a few milliseconds. Each has a conflict budget
(deterministic, unlike a time limit); the rare ones past it, usually proofs that there is no
alternative, go to CP-SAT (one worker, no time limit). So the same seed gives the same
puzzle. `Family.generate` then checks the solution with `verify` and proves uniqueness by a
fresh solve.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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


def _puzzle(size: int, pieces: str, clues: Clues) -> ChessNumInstance:
    ordered = sorted(clues, key=lambda clue: (-clue[0][1], clue[0][0]))
    return make_instance(size, pieces, list(ordered))


def _pick(refuters: frozenset[Square], intended: dict[Square, int], rng: random.Random) -> Square:
    """A refuting square, drawn with weight (1 + its number)^2."""
    ordered = sorted(refuters)
    weights = [(1 + intended[s]) ** 2 for s in ordered]
    return rng.choices(ordered, weights)[0]


class ChessNumStrategy(Strategy[Clues, Placement, tuple[Square, int]]):
    """Clue squares refuting alternatives, then dropped while unique (module docstring)."""

    def __init__(self, size: int, pieces: str):
        self.size, self.pieces = size, pieces
        self.counts = {letter: pieces.count(letter) for letter in dict.fromkeys(pieces)}
        self.planted: Placement = []
        self.intended: dict[Square, int] = {}
        self.alternatives: Alternatives | None = None

    def plant(self, rng: random.Random) -> Placement:
        return random_placement(self.size, self.pieces, rng)

    def begin(self, planted: Placement) -> None:
        self.planted = planted
        self.intended = attack_counts(self.size, planted)
        self.alternatives = Alternatives(self.size, self.pieces, self.counts, planted, self.intended)

    def end(self) -> None:
        if self.alternatives is not None:
            self.alternatives.close()
            self.alternatives = None

    def start(self, planted: Placement, rng: random.Random) -> Clues:
        return ()

    def alternative(self, puzzle: Clues, budget: float | None) -> Placement | None:
        """Another placement with the clues `puzzle`: SAT within its conflict budget, CP-SAT
        (complete, deterministic) for the rare questions past it."""
        assert self.alternatives is not None
        found = self.alternatives.find(square for square, _ in puzzle)
        if found is False:
            cpsat, _ = model.find(_puzzle(self.size, self.pieces, puzzle), exclude=[self.planted], limit=1)
            return cpsat[0] if cpsat else None
        return found  # type: ignore[return-value]

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


def generate(
    size: int,
    pieces: str,
    seed: int,
    *,
    min_clues: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[ChessNumInstance, Placement]:
    """A puzzle with exactly one solution, and that solution (deterministic per seed)."""
    made = make_unique(
        ChessNumStrategy(size, pieces),
        seed,
        attempts=ATTEMPTS,
        keep=TRIES if min_clues else 1,
        score=len,
        progress=progress,
        failure=lambda tally: (
            f"no placement of {pieces} on a {size}x{size} board gave a unique puzzle in {ATTEMPTS} tries"
        ),
    )
    return _puzzle(size, pieces, made.puzzle), made.solution
