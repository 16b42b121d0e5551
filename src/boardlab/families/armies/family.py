"""The armies family (peaceable queens): m white and m black queens, no queen attacks a queen
of the other colour (OEIS A250000 for the largest m).

Modes: `first` with m (a placement or a proof that none exists), `first` without m and
`optimise` (the largest m with a proof, or the best placement and the best proven bound at the
time limit, status feasible), `all` / `count` / `unique` with m (exact placements, optionally
up to the 16 symmetries: board symmetries and colour swap).

Backends: `engine` (default; the branch-and-bound engine over line labellings of `engine.py`,
run by `prove.py` on one core, all local cores or Ray), `sat` (CaDiCaL on the `colouring`
formulation with full symmetry breaking; the default for enumeration), `cpsat` (every
formulation of `model_cpsat.py`), `anneal` (the heuristic alone: lower bounds for large boards, no
proofs), `construct` (the explicit construction of `construct.py`: lower bounds for any n in
milliseconds, no proofs).
"""

from __future__ import annotations

import random
from typing import Any

from boardlab.core.family import Family, Generated
from boardlab.core.options import BoardSize, Option
from boardlab.core.oracle import Hint
from boardlab.core.results import Mode, Result, SolveRequest
from boardlab.families.armies import io, known, render, verify
from boardlab.families.armies.choices import CUTS, ENCODINGS, EXECUTORS, MODELS, SYMMETRY_LEVELS
from boardlab.families.armies.io import ArmiesInstance


class Armies(Family[ArmiesInstance]):
    name = "armies"
    title = "Peaceable armies of queens"
    rules = (
        "Place m white and m black queens on an n x n board so that no queen attacks a queen of "
        "the other colour (queens of one colour may attack each other; pieces do not block). "
        "Without m: find the largest m (OEIS A250000)."
    )
    takes_size = True
    puzzle_help = (
        "board size N (with --m M: place M + M queens), a file of 'N' or 'N M' lines or JSON, or - for stdin"
    )
    hint_help = (
        'the queens placed so far: {"white": [[r, c], ...], "black": [[r, c], ...]}, rows and columns from 0'
    )
    backends = ("engine", "sat", "cpsat", "anneal", "construct")
    seeded_backends = ("cpsat", "anneal")
    parallel_backends = ("engine", "cpsat")
    modes = frozenset({Mode.FIRST, Mode.ALL, Mode.COUNT, Mode.UNIQUE, Mode.OPTIMISE})
    has_clues = False
    offers_hints = True
    options = (
        Option(
            "m",
            int,
            None,
            "army size: m queens of each colour (omit to find the largest m)",
            verbs=("solve", "count", "render", "check", "hint", "convert"),
            minimum=0,
        ),
        Option(
            "model",
            str,
            None,
            "formulation (default: colouring on sat, lines on cpsat; lines for enumeration)",
            choices=MODELS,
        ),
        Option(
            "symmetry",
            str,
            None,
            "symmetry breaking: none, colour swap, the 7 board symmetries, or all 15 (default: full; none when enumerating)",
            choices=SYMMETRY_LEVELS,
        ),
        Option("encoding", str, "kmtotalizer", "cardinality encoding of the sat backend", choices=ENCODINGS),
        Option(
            "cuts",
            str,
            "none",
            "cpsat optimisation cuts: lower (heuristic placement), oeis (published A250000 bounds, proof conditional)",
            choices=CUTS,
            verbs=("solve",),
        ),
        Option(
            "fundamental",
            bool,
            False,
            "placements up to the 16 symmetries (rotation, reflection, colour swap): list or count one per class",
            verbs=("solve", "count"),
        ),
        Option(
            "target",
            int,
            None,
            "anneal backend: stop once the armies reach this size",
            verbs=("solve",),
            minimum=0,
        ),
        Option(
            "verbose",
            bool,
            False,
            "print the incumbent and the bound as they improve (stderr)",
            verbs=("solve",),
            local=True,
        ),
        Option(
            "attacks",
            bool,
            False,
            "show which army attacks each square: one board per army in the terminal (w, b), tints in SVG",
            verbs=("render",),
        ),
        Option(
            "executor",
            str,
            None,
            "engine: where the subproblems run: auto, serial, processes (all local cores) or ray (boardlab[cluster])",
            choices=EXECUTORS,
            verbs=("solve",),
            local=True,
        ),
        Option(
            "address",
            str,
            None,
            "engine: Ray cluster address for --executor ray (default: a local Ray)",
            verbs=("solve",),
            local=True,
        ),
        Option(
            "checkpoint",
            str,
            None,
            "engine: record each refuted subproblem of the decision (--m) in this file; resume from it if it exists",
            verbs=("solve",),
            local=True,
            path=True,
        ),
        Option(
            "force",
            bool,
            False,
            "start an engine proof even when it is projected to take over an hour",
            verbs=("solve",),
            local=True,
        ),
        Option(
            "bounds",
            str,
            None,
            "engine: the bounds to use, all (default), none, or a comma list of live, family, joint, symmetry (for tests)",
            verbs=("solve",),
        ),
        Option(
            "size",
            BoardSize,
            8,
            "board size N of the generated instance",
            verbs=("generate",),
            minimum=1,
            maximum=io.MAX_N,
        ),
    )

    formats = io
    drawing = render

    # formats
    def from_size(self, n: int, options: dict[str, Any]) -> ArmiesInstance:
        return io.make_instance(n, options.get("m"))

    def apply_options(self, instance: ArmiesInstance, options: dict[str, Any]) -> ArmiesInstance:
        if options.get("m") is not None:
            instance = io.make_instance(instance.n, options["m"])
        return instance

    def verify(self, instance: ArmiesInstance, solution: dict[str, Any]) -> list[str]:
        return verify.violations(instance.n, instance.m, solution)

    # solving
    def solve_instance(self, instance: ArmiesInstance, request: SolveRequest) -> Result:
        from boardlab.families.armies.solve import solve

        outcome = solve(instance, request)
        return outcome.to_result(self.name, self.to_json(instance))

    # generating
    def generate_instance(self, seed: int, options: dict[str, Any]) -> Generated[ArmiesInstance]:
        """A random feasible instance: n = `size`, m drawn below the heuristic's value for n."""
        from boardlab.families.armies.generate import generate

        instance, solution, stats = generate(options.get("size") or 8, seed)
        return Generated(instance, solution, stats)

    def example_puzzle(self) -> Any:
        return "6 5"  # the largest peaceable armies on a 6x6 board (OEIS A250000)

    def sample(self, rng: random.Random) -> ArmiesInstance:
        """Small boards (n <= 7) with m up to one above the optimum: each solves in about a second."""
        n = rng.randint(1, 7)
        optimum = known.PROVEN[n]
        return io.make_instance(n, None if rng.random() < 0.3 else rng.randint(0, optimum + 1))

    # playing
    def hint(self, instance: ArmiesInstance, partial: dict[str, Any] | None) -> Hint:
        from boardlab.families.armies.hint import hint

        if partial is not None:
            partial = io.solution_from_json(instance, {"white": [], "black": [], **partial})
        return hint(instance, partial)
