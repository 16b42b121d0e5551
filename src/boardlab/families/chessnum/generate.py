"""Chess-Num puzzles with a unique solution, by construction.

1. Put the pieces on random distinct squares (seeded: the same seed gives the same puzzle),
   gathered around a random focus square, drawn again until some square is attacked by every
   piece (see `random_placement`). Every other square would show the number of pieces
   attacking it.
2. Choose clue squares by counterexamples: solve the puzzle made of the clues chosen so far,
   with the intended placement excluded. A solution found is an *alternative* placement; a
   square *refutes* it when the alternative puts a piece there or gives that square another
   number. A placement other than the intended one solves the puzzle exactly when no clue
   square refutes it, so the loop "find an alternative, add a square that refutes it" ends
   with a puzzle whose only solution is the intended placement. Among the refuting squares
   the generator draws one at random, weighted by `(1 + number)^2`: large numbers pin the
   pieces down fastest (the published puzzles have 4s, 5s and 6s).
3. Clues are then removed again, in random order, while the solution stays unique, so no
   clue is superfluous (an irreducible clue set).
4. `min_clues`: the number of clues depends mostly on the placement (pieces gathered around
   one square give large numbers and short puzzles; an exact minimum per placement by an
   implicit hitting-set loop took 440 s on one 8x8 placement, too slow to offer), so
   `TRIES` placements are drawn and the puzzle with the fewest clues is kept.
5. A placement no clue set can pin down (an alternative that no square refutes) is dropped
   and another one drawn.

The questions "is there another solution with these clues?" go to one incremental SAT solver
per placement (`sat_model.Alternatives`: every candidate clue is in the formula, switched on by
an assumption literal), most answered in a few milliseconds. Each has a conflict budget
(deterministic, unlike a time limit); the rare ones past it, usually proofs that there is no
alternative, go to CP-SAT (one worker, no time limit). So the same seed gives the same
puzzle. `Family.generate` then checks the solution with `verify` and proves uniqueness by a
fresh solve.
"""

from __future__ import annotations

import random
from typing import Callable

from boardlab.core.errors import BadInput
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


def refuting_squares(size: int, intended: dict[Square, int], occupied: set[Square], alternative: Placement) -> frozenset[Square]:
    """The clue squares (of the intended placement) that rule `alternative` out."""
    numbers = attack_counts(size, alternative)
    taken = {square for _, square in alternative}
    return frozenset(s for s, value in intended.items() if s in taken or numbers.get(s) != value)


def _puzzle(size: int, pieces: str, intended: dict[Square, int], chosen: list[Square]) -> ChessNumInstance:
    ordered = sorted(chosen, key=lambda s: (-s[1], s[0]))
    return make_instance(size, pieces, [(s, intended[s]) for s in ordered])


def _pick(refuters: frozenset[Square], intended: dict[Square, int], rng: random.Random) -> Square:
    """A refuting square, drawn with weight (1 + its number)^2."""
    ordered = sorted(refuters)
    weights = [(1 + intended[s]) ** 2 for s in ordered]
    return rng.choices(ordered, weights)[0]


def clues_for(size: int, pieces: str, placement: Placement, rng: random.Random) -> ChessNumInstance | None:
    """An irreducible puzzle whose only solution is `placement`, or None when none exists."""
    occupied = {square for _, square in placement}
    intended = attack_counts(size, placement)
    counts = {letter: pieces.count(letter) for letter in dict.fromkeys(pieces)}
    alternatives = Alternatives(size, pieces, counts, placement, intended)

    def another(clues: list[Square]) -> list[tuple[str, Square]] | None:
        found = alternatives.find(clues)
        if found is False:  # the SAT budget ran out: ask CP-SAT
            cpsat, _ = model.find(_puzzle(size, pieces, intended, clues), exclude=[placement], limit=1)
            return cpsat[0] if cpsat else None
        return found  # type: ignore[return-value]

    try:
        chosen: list[Square] = []
        while True:
            found = another(chosen)
            if found is None:
                break
            refuters = refuting_squares(size, intended, occupied, found)
            if not refuters:
                return None
            chosen.append(_pick(refuters, intended, rng))
        for square in rng.sample(sorted(chosen), len(chosen)):
            trial = [s for s in chosen if s != square]
            if another(trial) is None:
                chosen = trial
    finally:
        alternatives.close()
    return _puzzle(size, pieces, intended, chosen)


def generate(
    size: int, pieces: str, seed: int, *, min_clues: bool = False, progress: Callable[[int, int], None] | None = None
) -> tuple[ChessNumInstance, Placement]:
    """A puzzle with exactly one solution, and that solution (deterministic per seed)."""
    rng = random.Random(seed)
    best: tuple[ChessNumInstance, Placement] | None = None
    tries = TRIES if min_clues else 1
    for attempt in range(ATTEMPTS):
        placement = random_placement(size, pieces, rng)
        puzzle = clues_for(size, pieces, placement, rng)
        if progress is not None:
            progress(attempt + 1, ATTEMPTS)
        if puzzle is None:
            continue
        if best is None or len(puzzle.clues) < len(best[0].clues):
            best = (puzzle, placement)
        tries -= 1
        if tries == 0:
            return best
    if best is not None:
        return best
    raise BadInput(f"no placement of {pieces} on a {size}x{size} board gave a unique puzzle in {ATTEMPTS} tries")
