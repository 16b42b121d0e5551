"""Hints for a player placing m white and m black queens (`Family.hint`).

Without m (the maximisation puzzle) the hints aim at a(n), the proven optimum (OEIS A250000,
n <= 15; reproduced by boardlab's own proofs for n <= 10); larger boards need m.

A partial placement has the solution's shape, `{"white": [[r, c], ...], "black": [...]}`, with
at most m queens of each colour. The answer:

- `mistake` when a queen attacks a queen of the other colour (the later-listed black queens of
  such pairs are named in `remove`), when a colour has more than m queens, or when the queens
  placed cannot all be kept in any placement of m each: the SAT solver's unsatisfiable core
  over the placed queens (as assumptions) names a set of queens that cannot stay together;
- `solved` when m of each are placed peacefully;
- `progress` with one queen to add (of the colour with fewer queens) from a placement of m
  each that keeps every queen placed;
- `unsolvable` when no placement of m each exists at all.

The questions go to the family's oracle (`oracle.armies_oracle`: the `colouring` formulation
without symmetry breaking, as placed queens break the symmetry; SAT, or CP-SAT on boards from
`oracle.CPSAT_FROM` on, where the SAT cardinality encoding grows to gigabytes); the answer is a
`core.oracle.Hint`.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.errors import Unsupported
from boardlab.core.oracle import Hint, HintStatus
from boardlab.families.armies import known
from boardlab.families.armies.io import ArmiesInstance
from boardlab.families.armies.oracle import armies_oracle


def _attacks(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def hint(instance: ArmiesInstance, partial: dict[str, Any] | None) -> Hint:
    n, m = instance.n, instance.m
    if m is None:  # the maximisation puzzle: play towards a(n)
        m = known.PROVEN.get(n)
        if m is None:
            raise Unsupported(f"hints on {n}x{n} need the army size (--m M): a(n) is not known")
    partial = partial or {"white": [], "black": []}
    white = [tuple(s) for s in partial.get("white", [])]
    black = [tuple(s) for s in partial.get("black", [])]
    off = [s for s in white + black if not (0 <= s[0] < n and 0 <= s[1] < n)]
    if off:
        return _answer("mistake", f"{len(off)} queen(s) off the board", remove=_split(off, white, black))
    clash = sorted({b for b in black for w in white if _attacks(w, b)})
    if clash:
        return _answer(
            "mistake",
            f"{len(clash)} black queen(s) attacked by white",
            remove={"white": [], "black": [list(s) for s in clash]},
        )
    for colour, army in (("white", white), ("black", black)):
        if len(army) > m:
            extra = army[m:]
            return _answer("mistake", f"more than {m} {colour} queens", remove=_split(extra, white, black))
    if len(white) == m and len(black) == m:
        return _answer("solved", f"{m} white and {m} black queens live in peace")
    queens = [("white", s) for s in white] + [("black", s) for s in black]
    with armies_oracle(n, m) as oracle:
        found = oracle.solution(queens)
        if found is None:
            culprits = oracle.conflict(queens)
            if not culprits:
                return _answer(
                    "unsolvable", f"no placement of {m} white and {m} black queens exists on {n}x{n}"
                )
            return _answer(
                "mistake",
                "these queens cannot all stay in any placement of m each",
                remove={
                    colour: [list(s) for c, s in culprits if c == colour] for colour in ("white", "black")
                },
            )
        # One step (`Oracle.step`), unproven: refuting a queen is an unsatisfiability proof,
        # which near the optimum can take minutes, so the queen is one of a placement found.
        colour = "white" if len(white) <= len(black) else "black"
        placed = set(white) if colour == "white" else set(black)
        candidates = sorted((c, s) for c, s in found if c == colour and s not in placed)
        chosen = oracle.step(queens, candidates, prove=False)
    assert chosen is not None  # fewer than m queens of this colour are placed
    (_, square), forced = chosen
    place: dict[str, list] = {"white": [], "black": []}
    place[colour] = [list(square)]
    return Hint.placement(
        place,
        f"a {colour} queen fits on [{square[0]}, {square[1]}]: a placement of {m} each with your "
        "queens has it there",
        forced,
    )


def _split(squares: list, white: list, black: list) -> dict[str, list]:
    chosen = set(squares)
    return {
        "white": [list(s) for s in white if s in chosen],
        "black": [list(s) for s in black if s in chosen],
    }


def _answer(status: str, message: str, place: dict | None = None, remove: dict | None = None) -> Hint:
    return Hint(HintStatus(status), message, place=place, remove=remove)
