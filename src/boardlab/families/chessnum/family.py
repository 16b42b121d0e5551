"""The Chess-Num family (Erich Friedman's puzzle), generalised to other boards and piece sets.

Rules: place the pieces (one king, queen, rook, bishop, knight and pawn in the original) on
distinct squares, none on a numbered square, so that every numbered square is attacked by
exactly as many pieces as its number. Queen, rook and bishop are blocked by any piece between
them and the square; numbered squares are empty and block nothing. The king attacks its 8
neighbours, the knight its 8 jumps; the pawn is white and attacks the two squares diagonally
towards the last rank (it may stand on the first or the last rank; on the last it attacks
nothing).

Backends: `cpsat` (the model in `model_cpsat.py`, default) and `sat` (the same formulation as
CNF for CaDiCaL, `model_sat.py`; used to cross-check). Options: `--pieces` (any multiset of
KQRBNP), `--model` (the CP-SAT model's blocking formulation, for experiments), `--explain` (a
drawing option: list each clue's attackers), and for `generate`: `--size`, `--min-clues`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput
from boardlab.core.family import Family, Generated
from boardlab.core.grading import Grade
from boardlab.core.options import BoardSize, Option
from boardlab.core.oracle import Hint
from boardlab.core.results import Mode, Result, SolveRequest, Stats
from boardlab.families.chessnum import io, render, verify
from boardlab.families.chessnum.choices import CLUE_SETS, DETECTIVE_PIECES, LEVELS, MODELS
from boardlab.families.chessnum.io import ChessNumInstance


class ChessNum(Family[ChessNumInstance]):
    name = "chessnum"
    title = "Chess-Num"
    rules = (
        "Place one king, queen, rook, bishop, knight and pawn (or the pieces given) on the board, "
        "never on a numbered square, so that each numbered square is attacked by exactly as many "
        "pieces as its number. Queen, rook and bishop are blocked by pieces in between; numbered "
        "squares block nothing. The pawn is white and attacks diagonally towards the top rank."
    )
    takes_size = False
    puzzle_help = (
        "a puzzle file: one line per rank from the top, '.' empty, a digit a clue (or JSON); - for stdin "
        "(write one with 'boardlab chessnum example')"
    )
    hint_help = 'the pieces placed so far: {"K": "d7", "Q": "g8", ...}, any of them left out'
    backends = ("cpsat", "sat")
    seeded_backends = ("cpsat",)
    parallel_backends = ("cpsat",)
    modes = frozenset({Mode.FIRST, Mode.ALL, Mode.COUNT, Mode.UNIQUE})
    has_clues = True
    offers_hints = True
    levels = LEVELS
    offers_grade = True
    options = (
        Option(
            "pieces",
            str,
            None,
            "piece multiset, e.g. KQRBNNP (default: the puzzle's, KQRBNP)",
            verbs=("solve", "count", "generate", "render", "check", "hint", "grade", "convert"),
        ),
        Option(
            "model",
            str,
            None,
            "blocking formulation of the CP-SAT model (default: piece)",
            choices=MODELS,
            verbs=("solve", "count"),
        ),
        Option(
            "explain",
            bool,
            False,
            "draw, for each clue, the pieces that attack it",
            verbs=("solve", "render"),
        ),
        Option(
            "size",
            BoardSize,
            8,
            "board size N of the generated puzzle",
            verbs=("generate",),
            minimum=4,
            maximum=16,
        ),
        Option(
            "min_clues",
            bool,
            False,
            "try harder for few clues (best of several placements)",
            verbs=("generate",),
        ),
        Option(
            "clue_set",
            str,
            None,
            "clues of a placement: irreducible (no clue can go; default) or minimum (fewest possible, "
            "exact search)",
            choices=CLUE_SETS,
            verbs=("generate",),
        ),
        Option(
            "detective",
            bool,
            False,
            "Detektivschach: mark the squares of the pieces (default pieces then KQRRBBNN)",
            verbs=("generate",),
        ),
    )

    formats = io
    drawing = render

    # formats

    def apply_options(self, instance: ChessNumInstance, options: dict[str, Any]) -> ChessNumInstance:
        pieces = options.get("pieces")
        instance = io.settle(instance, None if pieces is None else io.normalise_pieces(pieces, "--pieces"))
        return instance

    # checking
    def verify(self, instance: ChessNumInstance, solution: dict[str, Any]) -> list[str]:
        instance = io.settle(instance)
        return verify.violations(
            instance.size, instance.pieces, instance.clue_map, solution, frozenset(instance.occupied)
        )

    # solving
    def solve_instance(self, instance: ChessNumInstance, request: SolveRequest) -> Result:
        from boardlab.families.chessnum import model_cpsat as model

        instance = io.settle(instance)
        formulation = request.options.get("model") or MODELS[0]
        if formulation not in MODELS:
            raise BadInput(f"unknown model '{formulation}' (choose from {', '.join(MODELS)})")
        if request.backend == "sat":
            from boardlab.families.chessnum import model_sat as sat_model

            if request.options.get("model"):
                raise BadInput("--model chooses a CP-SAT formulation; the sat backend has one CNF")
            outcome = sat_model.solve(instance, request)
        else:
            outcome = model.solve(instance, request, formulation)
        result = outcome.to_result(self.name, self.to_json(instance))
        result.stats.extra["solution_shape"] = "by square" if instance.detective else "by piece"
        return result

    # generating
    def generate_instance(self, seed: int, options: dict[str, Any]) -> Generated[ChessNumInstance]:
        from boardlab.families.chessnum.generate import generate

        size = io.check_size(options.get("size") or 8, "--size")
        detective = bool(options.get("detective"))
        default = DETECTIVE_PIECES if detective else io.DEFAULT_PIECES
        given = options.get("pieces")  # "" is an empty piece set (an error), not the default
        pieces = io.normalise_pieces(default if given is None else given, "--pieces")
        if len(pieces) >= size * size:
            raise BadInput(f"{len(pieces)} pieces leave no square for a clue on a {size}x{size} board")
        clue_set = options.get("clue_set") or CLUE_SETS[0]
        if clue_set not in CLUE_SETS:
            raise BadInput(f"unknown clue set '{clue_set}' (choose from {', '.join(CLUE_SETS)})")
        start = time.perf_counter()
        instance, placement = generate(
            size,
            pieces,
            seed,
            min_clues=bool(options.get("min_clues")),
            minimum=clue_set == "minimum",
            detective=detective,
        )
        wanted = options.get("difficulty")
        if wanted is not None and wanted != LEVELS[-1]:
            from boardlab.families.chessnum.geometry import attack_counts
            from boardlab.families.chessnum.grade import easier

            instance = easier(instance, attack_counts(size, placement), wanted)
        method = (
            "minimum clue set (implicit hitting sets)" if clue_set == "minimum" else "irreducible clue set"
        )
        stats = Stats(
            seconds=time.perf_counter() - start,
            backend="cpsat",
            model=f"counterexample-guided clue choice, {method}",
        )
        stats.extra["clues"] = len(instance.clues)
        return Generated(instance, io.placement_to_json(instance, placement), stats)

    def example_puzzle(self) -> Any:
        return self.library()[0]["instance"]  # Friedman's first published board: one solution

    def library(self) -> list[dict[str, Any]]:
        from boardlab.data import entries
        from boardlab.data.chessnum_published import PUBLISHED

        return entries(PUBLISHED)

    def sample(self, rng: random.Random) -> ChessNumInstance:
        size = rng.randint(io.MIN_SIZE, 10)
        pieces = "".join(rng.choice(io.PIECE_ORDER) for _ in range(rng.randint(1, 8)))
        pieces = io.normalise_pieces(pieces)
        squares = rng.sample(
            [(f, r) for f in range(size) for r in range(size)], rng.randint(0, 6) + len(pieces)
        )
        marked = squares[: len(pieces)] if rng.random() < 1 / 3 else []  # Detektivschach
        squares = squares[len(pieces) :]
        squares.sort(key=lambda square: (-square[1], square[0]))  # reading order of the text format
        clues = [(s, rng.randint(0, min(9, len(pieces)))) for s in squares]
        return io.make_instance(size, pieces, clues, occupied=marked)

    # drawing
    def render_text(
        self,
        instance: ChessNumInstance,
        solution: dict[str, Any] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Any:
        return super().render_text(io.settle(instance), solution, options)

    def render_svg(
        self,
        instance: ChessNumInstance,
        solution: dict[str, Any] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        return super().render_svg(io.settle(instance), solution, options)

    # grading
    def grade_instance(self, instance: ChessNumInstance, deadline: Deadline) -> Grade:
        from boardlab.families.chessnum.grade import grade

        return grade(io.settle(instance), deadline)

    # playing
    def hint(self, instance: ChessNumInstance, partial: dict[str, Any] | None) -> Hint:
        from boardlab.families.chessnum.hint import hint

        return hint(io.settle(instance), partial)
