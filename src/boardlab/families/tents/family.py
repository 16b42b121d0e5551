"""The Tents family (Tents and Trees, as in Simon Tatham's collection).

Backends: `sat` (python-sat, CaDiCaL 1.9.5 by default; models `matching`, `lazy`, `plain`,
`full`, `baseline` and the cardinality encodings of `model_sat`), `cpsat` (OR-Tools CP-SAT,
`model_cpsat`, one worker unless `--workers` says more), and `auto` (the default,
`auto_backend`: SAT up to 900 cells, CP-SAT beyond, unless a SAT option is given:
docs/tents.md, "The auto backend").
Both enumerate distinct tent sets only (never pairings). Formats: `io` (text, JSON),
`game_id` (Tatham's descriptive game IDs) and `puzzlink` (puzz.link URLs), the last two also
accepted directly as the PUZZLE argument; `convert` writes all four (`writes`).
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

from boardlab.core.deadline import Deadline
from boardlab.core.errors import BadInput, Unsupported
from boardlab.core.family import Family, Generated
from boardlab.core.grading import Explanation, Grade
from boardlab.core.options import BoardSize, Option, parse_board_size
from boardlab.core.oracle import Hint
from boardlab.core.results import Mode, Result, SolveRequest, Stats
from boardlab.families.tents import game_id, io, puzzlink, render, verify
from boardlab.families.tents.choices import ENCODINGS, MODELS
from boardlab.families.tents.deduce import GRADES
from boardlab.families.tents.io import TentsInstance

#: `auto` runs SAT (CaDiCaL) up to this many cells and CP-SAT (one worker, `model_cpsat.WORKERS`)
#: above. Measured (issue 15) on random solution-first boards, 16% tents, all clues, seeds 0-2,
#: CPU seconds of the whole solve (first / unique), the machine shared (wall up to 7x CPU):
#:   side:    20          30          40          50          70          100
#:   SAT:     .014-.022   .067-.099   .33-.88     .85-1.8     3.3-8.2 *   6-10, none in 20 s wall
#:   CP-SAT:  .027-.043   .048-.088   .11-.22     .16-.30     .37-.60     .86-1.0 / 1.4-1.7
#: (* two of six unanswered in 20 s wall). SAT is faster up to 20x20, even at 30x30, and
#: CP-SAT 3-5x faster at 40x40, 6-8x at 50x50, 10x at 70x70: the rule switches above 30x30.
#: Generated and Tatham puzzles of up to 30x30 (SAT as fast or faster, docs/tents.md) stay
#: with SAT; generated ones above go to CP-SAT too (`auto_backend`). Full table and commands:
#: docs/tents.md, "The auto backend".
AUTO_CPSAT_CELLS = 900

_SIZE = re.compile(r"^\s*(\d+)\s*[xX]\s*(\d+)\s*$")
_LOOKS_LIKE_ID = re.compile(r"^\s*\d+x\d+(?:d[a-z]*)?\s*[:#]")


def auto_backend(instance: TentsInstance, request: SolveRequest) -> str:
    """The backend `auto` runs: "sat" for a board of at most `AUTO_CPSAT_CELLS` cells or when
    a SAT option (`--model`, `--encoding`, `--sat-solver`) is given, "cpsat" otherwise, in
    every mode. (Before issue 15, proving a puzzle with givens unique went to SAT at any size:
    CP-SAT then ran with its default workers and got no answer on a generated 70x70 in 60 s;
    with one worker it proves generated puzzles with givens 2.4-3.6x faster than SAT, 60x60
    0.83-1.15 CPU s against 3.0-3.1, 70x70 1.8-2.3 against 4.2-6.4: docs/tents.md.)"""
    options = request.options or {}
    if any(options.get(name) is not None for name in ("encoding", "model", "sat_solver")):
        return "sat"
    return "cpsat" if instance.width * instance.height > AUTO_CPSAT_CELLS else "sat"


class Tents(Family[TentsInstance]):
    name = "tents"
    title = "Tents and Trees"
    rules = (
        "Place tents on empty cells so that the tents can be paired one-to-one with the trees, each "
        "tent orthogonally next to its own tree (it may touch other trees too); no two tents touch, "
        "not even diagonally; each row and column holds as many tents as its clue (a missing clue, "
        "'?', leaves the line free). Solutions differ when their tent sets differ."
    )
    puzzle_help = (
        "a Tatham game ID (WxH:...), a puzz.link URL (https://puzz.link/p?tents/W/H/..., or tents/W/H/...), "
        "a puzzle file (clue line, then rows of T and ., or JSON) or - for stdin (write one with "
        "'boardlab tents example')"
    )
    hint_help = (
        'the tents placed so far: {"tents": [[r, c], ...], "empty": [[r, c], ...]}, rows and columns from 0'
    )
    backends = ("auto", "sat", "cpsat")
    seeded_backends = ("cpsat",)
    parallel_backends = ("auto", "cpsat")
    modes = frozenset({Mode.FIRST, Mode.ALL, Mode.COUNT, Mode.UNIQUE})
    has_clues = True
    offers_hints = True
    #: Tatham's easy and tricky, boardlab's hard, and extreme (search needed): `deduce.GRADES`.
    levels = GRADES
    #: `generate` makes a tricky puzzle unless asked otherwise (issue 15: Tatham's default).
    default_level = "tricky"
    offers_grade = True
    offers_explain = True
    options = (
        Option(
            "encoding",
            str,
            None,
            "cardinality encoding of the SAT backend (default seqcounter)",
            choices=ENCODINGS,
        ),
        Option(
            "model",
            str,
            None,
            "SAT model: matching (exact pairing after deduction, default), lazy (pairing by Hall "
            "cuts on demand), plain (no deduction), full (no simplification), baseline (the starting "
            "report's encoding, pairing checked lazily)",
            choices=MODELS,
        ),
        Option("sat_solver", str, None, "python-sat solver name (default cadical195)"),
        Option(
            "size",
            BoardSize,
            "10x10",
            "board of the generated puzzle: N (N x N) or WxH (W columns, H rows)",
            verbs=("generate",),
            minimum=2,
            maximum=200,
            rectangular=True,
        ),
        Option(
            "density",
            float,
            0.16,
            "share of cells holding a tent in the generated puzzle",
            verbs=("generate",),
            minimum=0.01,
            maximum=0.25,
        ),
        Option(
            "givens",
            bool,
            False,
            "the earlier generator: the puzzle made unique by given tents and empty cells (^, x) where "
            "another solution differs, instead of a standard puzzle of trees and clues only",
            verbs=("generate",),
        ),
        Option(
            "hide_clues",
            float,
            0.0,
            "hide up to this share of the row and column clues (puzz.link style), each only where the "
            "puzzle stays unique at its level",
            verbs=("generate",),
            minimum=0.0,
            maximum=1.0,
        ),
    )

    #: `convert --to`: text and JSON (`io`), Tatham's game ID, the puzz.link URL.
    writes = ("text", "json", "gameid", "puzzlink")
    formats = io
    drawing = render

    # formats

    def from_argument(self, argument: str) -> TentsInstance | None:
        if puzzlink.looks_like_url(argument):
            return puzzlink.decode(argument, source="<URL>")
        if _LOOKS_LIKE_ID.match(argument) or "#" in argument:
            return game_id.decode(argument, source="<game ID>")
        if _SIZE.match(argument) or re.match(r"^\s*\d+x\d+d[a-z]*\s*$", argument):
            raise BadInput(
                f"'{argument}' is a board size, not a puzzle: give a file, a descriptive game ID "
                "(WxH:...), or make one with 'boardlab tents generate --size WxH'"
            )
        return None

    def game_id(self, instance: TentsInstance) -> str:
        """Tatham's descriptive game ID of `instance`."""
        return game_id.encode(instance)

    def write_instance(self, instance: TentsInstance, to: str) -> str:
        if to == "gameid":
            return game_id.encode(instance)
        if to == "puzzlink":
            return puzzlink.encode(instance)
        return super().write_instance(instance, to)

    # checking
    def verify(self, instance: TentsInstance, solution: dict[str, Any]) -> list[str]:
        return verify.instance_violations(instance, solution)

    def _matches(self, instance: TentsInstance, tents: set[tuple[int, int]]) -> bool:
        return not self.verify(instance, {"tents": [list(c) for c in sorted(tents)]})

    # solving
    def solve_instance(self, instance: TentsInstance, request: SolveRequest) -> Result:
        options = request.options or {}
        backend = request.backend or "auto"
        if backend == "auto":
            backend = auto_backend(instance, request)
            request = self.auto_workers(request, backend, request.mode == Mode.FIRST)
        if backend == "cpsat":
            for name in ("encoding", "model", "sat_solver"):
                if options.get(name) is not None:
                    raise Unsupported(f"--{name.replace('_', '-')} applies to the sat backend only")
            from boardlab.families.tents import model_cpsat

            outcome = model_cpsat.solve(instance, request)
        else:
            from boardlab.families.tents import model_sat

            encoding = options.get("encoding") or model_sat.DEFAULT_ENCODING
            model = options.get("model") or "matching"
            solver_name = options.get("sat_solver")
            if solver_name is not None:
                from pysat.solvers import SolverNames

                known = sorted(
                    {n for names in vars(SolverNames).values() if isinstance(names, tuple) for n in names}
                )
                if solver_name not in known:
                    raise BadInput(f"unknown SAT solver '{solver_name}' (known: {', '.join(known)})")
            outcome = model_sat.solve(
                instance,
                request,
                model=model,
                encoding=encoding,
                solver_name=solver_name,
                check=lambda tents: self._matches(instance, tents),
            )
        return outcome.to_result(self.name, self.to_json(instance))

    # generating
    def generate_instance(self, seed: int, options: dict[str, Any]) -> Generated[TentsInstance]:
        """A standard puzzle (`standard.py`: trees and clues only, made to the asked level), or
        with `givens` the earlier generator (`generate.py`), brought to the level by
        `standard.aim_givens`."""
        from boardlab.families.tents import standard

        width, height = parse_board_size(
            options.get("size") or "10x10", rectangular=True, minimum=2, maximum=200
        )
        density = float(options.get("density") or 0.16)
        level = options.get("difficulty") or self.default_level
        hide = float(options.get("hide_clues") or 0.0)
        start = time.perf_counter()
        figures: dict[str, Any]
        if options.get("givens"):
            from boardlab.families.tents.generate import generate

            instance, tents, made = generate(width, height, density, seed)
            instance, hidden = standard.aim_givens(instance, set(tents), level, hide, random.Random(seed))
            figures = {**made, "method": "givens", "hidden_clues": hidden}
            figures["givens"] = len(instance.given_tents) + len(instance.given_empty)
            backend = "sat:cadical195"
        else:
            instance, tents, figures = standard.generate(width, height, density, seed, level, hide)
            backend = "rules" + ("+sat:cadical195" if level == "extreme" else "")
        stats = Stats(seconds=time.perf_counter() - start, backend=backend, model="matching")
        stats.extra.update(figures)
        stats.extra["game_id"] = game_id.encode(instance)
        return Generated(instance, {"tents": [list(c) for c in tents]}, stats)

    def example_puzzle(self) -> Any:
        return self.library()[0]["instance"]  # Tatham's generator, 8x8 easy: one solution

    def library(self) -> list[dict[str, Any]]:
        from boardlab.data import TENTS_TATHAM_SAMPLE, entries, json_lines

        return entries(json_lines(TENTS_TATHAM_SAMPLE))

    def sample(self, rng: random.Random) -> TentsInstance:
        from boardlab.families.tents.board import random_instance

        width, height = rng.randint(1, 9), rng.randint(1, 9)
        instance, tents = random_instance(width, height, rng.choice((0.1, 0.16, 0.2)), rng)
        rows = tuple(None if rng.random() < 0.1 else v for v in instance.rows)
        cols = tuple(None if rng.random() < 0.1 else v for v in instance.cols)
        free = [(r, c) for r in range(height) for c in range(width) if (r, c) not in instance.trees]
        given_tents = frozenset(t for t in tents if rng.random() < 0.1)
        given_empty = frozenset(c for c in free if c not in tents and rng.random() < 0.05)
        return TentsInstance(width, height, instance.trees, rows, cols, given_tents, given_empty)

    # grading and explaining
    def grade_instance(self, instance: TentsInstance, deadline: Deadline) -> Grade:
        from boardlab.families.tents.grade import grade

        return grade(instance, deadline)

    def explain_instance(self, instance: TentsInstance, deadline: Deadline) -> Explanation:
        from boardlab.families.tents.grade import explain

        return explain(instance, deadline)

    # playing
    def hint(self, instance: TentsInstance, partial: dict[str, Any] | None) -> Hint:
        """Partial placement: `{"tents": [[r, c], ...], "empty": [[r, c], ...]}` (both optional)."""
        from boardlab.families.tents.hint import difficulty, hint

        tents, empty = io.partial_from_json(instance, partial)
        answer = hint(instance, tents, empty)
        answer.details["difficulty"] = difficulty(instance)
        return answer
