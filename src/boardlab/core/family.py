"""The Family interface: what every puzzle family offers, and the checks every answer passes.

A family subclasses `Family`, fills in the abstract methods, and registers an instance with
`boardlab.core.registry.register`. The CLI, the web API and the benchmarks only use this
interface. `Family.solve` and `Family.generate` wrap the family's own `solve_instance` and
`generate_instance` and pass every answer through the family's independent `verify`: an answer
that fails it raises `SolverBug` instead of reaching the user.
"""

from __future__ import annotations

import json
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from boardlab.core.deadline import NO_DEADLINE, Deadline, OutOfTime
from boardlab.core.errors import BadInput, SolverBug, Unsupported
from boardlab.core.grading import OUTCOMES, Explanation, Grade
from boardlab.core.interrupts import limit_passed
from boardlab.core.options import Option
from boardlab.core.oracle import Hint
from boardlab.core.results import Mode, Result, SolveRequest, Stats, Status
from boardlab.core.words import shown

InstanceT = TypeVar("InstanceT")

#: How many puzzles `Family.generate` makes at most to find one of the asked level.
LEVEL_ATTEMPTS = 50


@dataclass
class Generated(Generic[InstanceT]):
    """A generated puzzle, its solution, and how it was made.

    `unique`: the generator made the solution unique (the default of every generator; False only
    where a family offers an explicit option for unconstrained instances, e.g. cnote's `any`).
    """

    instance: InstanceT
    solution: dict[str, Any]
    stats: Stats = field(default_factory=Stats)
    unique: bool = True
    #: the grade of the puzzle when `generate` was asked for a level (checked by `Family.grade`)
    difficulty: str | None = None


def difficulty_option(levels: tuple[str, ...], default: str | None) -> Option:
    """The common generate option of every family with `offers_grade`: the level to make,
    one of the family's `levels` (the result is graded anew by `Family.generate`)."""
    return Option(
        "difficulty",
        str,
        default,
        "make a puzzle of this level (as `grade` says)" + ("" if default else "; default: any level"),
        choices=levels,
        verbs=("generate",),
    )


@dataclass
class Record(Generic[InstanceT]):
    """One puzzle read from an input: where it came from, and the instance or what was wrong."""

    label: str
    instance: InstanceT | None = None
    error: BadInput | None = None


class Formats(Protocol):
    """A family's `io` module: its text and JSON formats (the first module of the kit)."""

    def parse_text(self, text: str, source: str) -> list[Record[Any]]: ...

    def dump_text(self, instance: Any) -> str: ...

    def from_json(self, data: Any) -> Any: ...

    def to_json(self, instance: Any) -> dict[str, Any]: ...

    def solution_from_json(self, instance: Any, data: Any) -> dict[str, Any]: ...


class Drawing(Protocol):
    """A family's `render` module: the board in the terminal and as SVG. Display options (the
    family's bool options of the verb "render") arrive as keyword arguments of the same name."""

    @property
    def render_text(self) -> Callable[..., Any]: ...

    @property
    def render_svg(self) -> Callable[..., str]: ...


class Family(ABC, Generic[InstanceT]):
    """A puzzle family. Subclasses set the class attributes and the abstract methods.

    Attributes:
        name: the CLI and JSON name, e.g. "nqueens".
        title: a human name, e.g. "N-Queens".
        rules: the rules in one paragraph (shown by `boardlab families` and the web page).
        takes_size: the instance can be given as a board size N on the command line.
        puzzle_help: what a PUZZLE argument may be for this family (the command line's help).
        hint_help: what the partial placement of `hint` looks like (the command line's help).
        backends: solver backends, the first is the default.
        seeded_backends: the backends whose search a `--seed` changes (randomised: a seed may
            find another solution); empty: the family's solving is deterministic and `solve`
            offers no `--seed`.
        parallel_backends: the backends whose search runs on several workers when asked
            (`--workers W`, `SolveRequest.workers`); W above 1 with another backend named is
            refused (`Unsupported`), since it would change nothing (W = 1 is what every backend
            does); `auto`'s choice gets at most W (`auto_workers`).
        strategies: named search strategies (first is the default), empty if none.
        options: family-specific options.
        modes: the solve modes the family answers.
        has_clues: generated puzzles must have a unique solution (checked by a fresh solve).
        offers_hints: the family answers `hint` (the web page shows its hint button).
        levels: the difficulty levels of the family's grades, easiest first (`core.grading`).
        offers_grade: the family answers `grade` (one of `levels`, or an outcome word).
        offers_explain: the family answers `explain` (a solving path, step by step).
        default_level: the level `generate` makes when none is asked (families with
            `offers_grade`); None: any level. A family with `offers_grade` gets the common
            generate option `difficulty` (one of `levels`), added to `options` here once.
        formats: the family's `io` module; the format methods below read and write through it.
        writes: the formats `convert` writes a puzzle in (`Family.write`): `text` and `json`
            (the kit's `io`) in every family, plus the family's own (tents: `gameid`,
            `puzzlink`), written by `write_instance`. Every one is read back by the same
            argument readers (`core.io`), to the same instance.
        drawing: the family's `render` module; `render_text`/`render_svg` draw through it.

    What a family offers is declared by these flags, never detected by whether a method is
    overridden. The module kit a family is made of is in docs/design.md ("Adding a family").
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rules: ClassVar[str]
    takes_size: ClassVar[bool] = False
    puzzle_help: ClassVar[str] = "a puzzle file in the family's text format or JSON (- for stdin)"
    hint_help: ClassVar[str] = "the placements so far: solution JSON, maybe incomplete (inline or a file)"
    backends: ClassVar[tuple[str, ...]] = ("cpsat",)
    seeded_backends: ClassVar[tuple[str, ...]] = ()
    parallel_backends: ClassVar[tuple[str, ...]] = ()
    strategies: ClassVar[tuple[str, ...]] = ()
    options: ClassVar[tuple[Option, ...]] = ()
    modes: ClassVar[frozenset[Mode]] = frozenset({Mode.FIRST, Mode.ALL, Mode.COUNT, Mode.UNIQUE})
    has_clues: ClassVar[bool] = True
    offers_hints: ClassVar[bool] = False
    levels: ClassVar[tuple[str, ...]] = ()
    offers_grade: ClassVar[bool] = False
    offers_explain: ClassVar[bool] = False
    default_level: ClassVar[str | None] = None
    writes: ClassVar[tuple[str, ...]] = ("text", "json")
    formats: Formats
    drawing: Drawing

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.offers_grade and not any(o.name == "difficulty" for o in cls.options):
            if cls.default_level is not None and cls.default_level not in cls.levels:
                raise TypeError(f"{cls.__name__}: default_level {cls.default_level!r} is not a level")
            cls.options = (*cls.options, difficulty_option(cls.levels, cls.default_level))

    # ---- formats (the kit's io module) ---------------------------------------------------
    def parse_text(self, text: str, source: str) -> list[Record[InstanceT]]:
        """Parse the family's text format; a text may hold several puzzles."""
        return self.formats.parse_text(text, source)

    def dump_text(self, instance: InstanceT) -> str:
        """The family's text format; `parse_text(dump_text(x))` gives back x."""
        return self.formats.dump_text(instance)

    def shown_text(self, instance: InstanceT) -> tuple[str, str]:
        """The puzzle as text to show, edit or save beside an answer: `("text", dump_text)`, or
        `("json", the instance JSON on one line)` when the text format cannot hold the puzzle
        (`dump_text` raises BadInput: a Chess-Num clue above 9). Both read back to the puzzle
        wherever a puzzle is read; `convert --to text` still refuses such a puzzle, since it
        asks for the text format by name."""
        try:
            return "text", self.dump_text(instance)
        except BadInput:
            return "json", json.dumps(self.to_json(instance)) + "\n"

    def from_json(self, data: Any) -> InstanceT:
        """An instance from its JSON form (raises BadInput)."""
        instance: InstanceT = self.formats.from_json(data)
        return instance

    def to_json(self, instance: InstanceT) -> dict[str, Any]:
        """The instance's JSON form, with `"family": name`."""
        return self.formats.to_json(instance)

    def write(self, instance: InstanceT, to: str) -> str:
        """The puzzle in the format `to`, one of `writes` (the verb `convert`): `text` the text
        format (`dump_text`), `json` the instance JSON on one line, any other the family's own
        (`write_instance`). BadInput for a format the family does not write, or a puzzle the
        format cannot hold (e.g. a tents puzzle with givens as a puzz.link URL)."""
        self.check_format(to)
        if to == "text":
            return self.dump_text(instance)
        if to == "json":
            return json.dumps(self.to_json(instance))
        return self.write_instance(instance, to)

    def check_format(self, to: Any) -> str:
        """`to`, one of the formats the family writes (`writes`); Unsupported naming them otherwise."""
        if not isinstance(to, str) or to not in self.writes:
            raise Unsupported(
                f"{self.name} writes no format {shown(to)} (choose from {', '.join(self.writes)})"
            )
        return to

    def write_instance(self, instance: InstanceT, to: str) -> str:
        """The puzzle in one of the family's own formats (`writes` beyond text and json)."""
        raise Unsupported(f"{self.name} writes no format {shown(to)}")

    def from_size(self, n: int, options: dict[str, Any]) -> InstanceT:
        """The instance for board size `n` (families with `takes_size`)."""
        raise Unsupported(f"{self.name} takes a file, not a board size")

    def from_argument(self, argument: str) -> InstanceT | None:
        """An instance written directly on the command line (e.g. a game ID), or None."""
        return None

    def apply_options(self, instance: InstanceT, options: dict[str, Any]) -> InstanceT:
        """The instance with command-line overrides applied (e.g. cnote's `--target`)."""
        return instance

    def solution_from_json(self, instance: InstanceT, data: Any) -> dict[str, Any]:
        """A solution in canonical JSON form from user JSON (raises BadInput on bad shape)."""
        return self.formats.solution_from_json(instance, data)

    # ---- checking ------------------------------------------------------------------------
    @abstractmethod
    def verify(self, instance: InstanceT, solution: dict[str, Any]) -> list[str]:
        """Rule violations of `solution` (empty when valid).

        Plain Python that shares no code with the model: it is the independent referee.
        """

    # ---- solving and generating ----------------------------------------------------------
    @abstractmethod
    def solve_instance(self, instance: InstanceT, request: SolveRequest) -> Result:
        """The family's solver. Called through `solve`, which verifies the answer."""

    @abstractmethod
    def generate_instance(self, seed: int, options: dict[str, Any]) -> Generated[InstanceT]:
        """A new puzzle from `seed` (deterministic per seed). Called through `generate`."""

    def example_puzzle(self) -> Any:
        """The puzzle `example` writes and the page opens on, in any form
        `core.requests.parse_value` reads (a size, text, a JSON object): solvable and, where the
        family has clues, with one solution. None (the default): the family's `sample` with seed 1."""
        return None

    def library(self) -> list[dict[str, Any]]:
        """The published puzzles the family ships (`boardlab.data`), each `{"title", "source",
        "instance"}`: the page's puzzles menu and `example --name` / `--list`. Default: none."""
        return []

    @abstractmethod
    def sample(self, rng: random.Random) -> InstanceT:
        """A random well-formed instance (solvable or not), cheap: for format tests."""

    # ---- drawing -------------------------------------------------------------------------
    # `options` are the family's options by name, as for solving: a display choice (armies'
    # `attacks`, chessnum's `explain`) is an option with the verb "render", read here; it is
    # never a field of the instance.
    def render_text(
        self,
        instance: InstanceT,
        solution: dict[str, Any] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Any:
        """A rich renderable of the board, with the solution if given."""
        return self.drawing.render_text(instance, solution, **self.display_flags(options))

    def render_svg(
        self,
        instance: InstanceT,
        solution: dict[str, Any] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> str:
        """A standalone SVG document of the board, with the solution if given."""
        return self.drawing.render_svg(instance, solution, **self.display_flags(options))

    def display_flags(self, options: Mapping[str, Any] | None) -> dict[str, bool]:
        """The display flags set in `options`: the family's bool options of the verb "render"."""
        given = options or {}
        return {
            o.name: True for o in self.options if "render" in o.verbs and o.type is bool and given.get(o.name)
        }

    # ---- playing -------------------------------------------------------------------------
    def hint(self, instance: InstanceT, partial: dict[str, Any] | None) -> Hint:
        """A hint for a player who has made the placements `partial`.

        `partial` has the family's solution JSON shape but may be incomplete (each family
        documents what a partial placement looks like). The answer is a `core.oracle.Hint`,
        whose JSON is `{"status": "solved" | "mistake" | "progress" | "unsolvable", "message":
        str, "place": <partial solution JSON to add> | None, "remove": <partial solution JSON
        to take away> | None}`: a mistake names placements that no solution extends, progress
        names one placement that follows (by deduction where the family can say why). Every
        family answers through its `core.oracle.Oracle`, the one the generator asks.
        """
        raise Unsupported(f"{self.name} offers no hints")

    def grade_instance(self, instance: InstanceT, deadline: Deadline) -> Grade:
        """How hard the puzzle is (families with `offers_grade`). Called through `grade`."""
        raise Unsupported(f"{self.name} offers no difficulty grades")

    def explain_instance(self, instance: InstanceT, deadline: Deadline) -> Explanation:
        """The solving path from the empty board (families with `offers_explain`). Called
        through `explain`."""
        raise Unsupported(f"{self.name} offers no step-by-step solutions")

    # ---- provided: the checked entry points ----------------------------------------------
    def grade(self, instance: InstanceT, deadline: Deadline = NO_DEADLINE) -> Grade:
        """The puzzle's grade: one of `levels`, or `unsolvable` / `ambiguous` / `unknown`
        (`core.grading`); `unknown` when the deadline passes first."""
        if not self.offers_grade:
            raise Unsupported(f"{self.name} offers no difficulty grades")
        try:
            grade = self.grade_instance(instance, deadline)
        except OutOfTime:
            if limit_passed():  # the command's --time-limit, not the grade's deadline
                raise
            return Grade("unknown")
        if grade.difficulty not in self.levels and grade.difficulty not in OUTCOMES:
            raise SolverBug(f"{self.name}: grade '{grade.difficulty}' is not one of its levels")
        return grade

    def explain(self, instance: InstanceT, deadline: Deadline = NO_DEADLINE) -> Explanation:
        """The solving path, step by step; the solution it reaches passes `verify`."""
        if not self.offers_explain:
            raise Unsupported(f"{self.name} offers no step-by-step solutions")
        try:
            explanation = self.explain_instance(instance, deadline)
        except OutOfTime:
            if limit_passed():
                raise
            return Explanation("unknown", [])
        if explanation.difficulty not in self.levels and explanation.difficulty not in OUTCOMES:
            raise SolverBug(f"{self.name}: grade '{explanation.difficulty}' is not one of its levels")
        if explanation.solution is not None:
            self._check_solution(instance, explanation.solution)
        return explanation

    def solve(self, instance: InstanceT, request: SolveRequest | None = None) -> Result:
        """Solve, then check every solution with `verify` and the result for consistency."""
        request = request or SolveRequest()
        if request.mode not in self.modes:
            raise Unsupported(f"{self.name} does not offer mode '{request.mode.value}'")
        if request.backend is not None and request.backend not in self.backends:
            raise Unsupported(
                f"unknown backend '{request.backend}' for {self.name} "
                f"(choose from {', '.join(self.backends)})"
            )
        if request.seed is not None and (request.backend or self.backends[0]) not in self.seeded_backends:
            if not self.seeded_backends:
                raise Unsupported(f"{self.name} solves deterministically: --seed changes nothing here")
            raise Unsupported(
                f"--seed changes the search of the {', '.join(self.seeded_backends)} backend(s) of "
                f"{self.name}, not of '{request.backend or self.backends[0]}' (choose --backend)"
            )
        self.check_workers(request)
        if request.strategy is not None and request.strategy not in self.strategies:
            known = ", ".join(self.strategies) or "none"
            raise Unsupported(f"unknown strategy '{request.strategy}' for {self.name} (known: {known})")
        started = time.perf_counter()
        try:
            result = self.solve_instance(instance, request)
        except OutOfTime:  # the deadline passed before a solver could answer (e.g. while building)
            if limit_passed():
                raise
            stats = Stats(time.perf_counter() - started)
            result = Result(self.name, Status.UNKNOWN, self.to_json(instance), stats=stats)
        self._check_result(instance, result)
        return result

    def check_workers(self, request: SolveRequest) -> None:
        """Unsupported for `--workers W` above 1 with a backend chosen by name that runs on one
        worker (the option would be ignored); W = 1 is what such a backend does, so it passes
        (the web API asks for 1 unless told otherwise). With `auto` W is an allowance, not a
        demand: auto's choice runs on the workers it uses (`auto_workers`)."""
        backend = request.backend or self.backends[0]
        if request.workers is None or request.workers <= 1 or backend in self.parallel_backends:
            return
        if not self.parallel_backends:
            raise Unsupported(
                f"{self.name} solves on one worker: --workers {request.workers} changes nothing here"
            )
        named = [b for b in self.parallel_backends if b != "auto"]
        noun = "backend" if len(named) == 1 else "backends"
        listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
        raise Unsupported(
            f"--workers applies to the {listed} {noun} of {self.name}; the {backend} backend runs "
            "on one worker (choose another --backend, or leave out --workers)"
        )

    def auto_workers(self, request: SolveRequest, backend: str, parallel: bool = True) -> SolveRequest:
        """The request as `auto`'s choice `backend` runs it: `--workers` allowed auto up to W
        workers, and a choice that runs on one (not a parallel backend, or `parallel` false: the
        mode runs on one worker there, as CP-SAT's enumeration) gets 1, which its stats report."""
        if (request.workers or 1) > 1 and not (parallel and backend in self.parallel_backends):
            return replace(request, workers=1)
        return request

    def generate(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> Generated[InstanceT]:
        """Generate a puzzle; its solution is verified and, for clue puzzles made unique (the
        default, `Generated.unique`), proven unique anew by a fresh solve.

        Every family's generator runs the loop of `core.generate` (plant, refine, minimise).
        With the option `difficulty` (families with `offers_grade`) the puzzle is graded and
        kept only at that level. A family's generator that aims at the level itself (it reads
        `options["difficulty"]`) is kept at its first attempt; otherwise this is the generic
        way: up to `LEVEL_ATTEMPTS` puzzles from seeds derived from `seed`, the first of the
        level wins (the same seed gives the same puzzle); none: BadInput, exit 2."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        options = dict(options or {})
        wanted = options.get("difficulty")
        for attempt in range(LEVEL_ATTEMPTS if wanted is not None else 1):
            # attempt 0 is the seed itself; later ones derive a seed from it (deterministic)
            made_seed = seed if attempt == 0 else random.Random(f"{seed}:{attempt}").randrange(2**31)
            generated = self.generate_instance(made_seed, options)
            self._check_solution(generated.instance, generated.solution)
            if self.has_clues and generated.unique:
                # the verified solution is known: an engine that solves and blocks need not
                # find it again (`SolveRequest.known_solution`), only prove there is no other
                known = SolveRequest(mode=Mode.UNIQUE, known_solution=generated.solution)
                recheck = self.solve(generated.instance, known)
                if recheck.unique is not True:
                    raise SolverBug(f"{self.name} generator produced a puzzle without a unique solution")
            generated.stats.seed = seed
            if wanted is None:
                return generated
            generated.difficulty = self.grade(generated.instance).difficulty
            if generated.difficulty == wanted:
                generated.stats.extra["attempts"] = attempt + 1
                return generated
        raise BadInput(
            f"{self.name}: no {wanted} puzzle found in {LEVEL_ATTEMPTS} attempts with these options"
            " (another size or level may work)"
        )

    def check(self, instance: InstanceT, data: Any) -> list[str]:
        """Violations of a user's proposed solution (BadInput if it is not a solution shape)."""
        return self.verify(instance, self.solution_from_json(instance, data))

    def _check_solution(self, instance: InstanceT, solution: dict[str, Any]) -> None:
        problems = self.verify(instance, solution)
        if problems:
            raise SolverBug(f"{self.name}: solver answer failed verification: {problems[0]}")

    def _check_result(self, instance: InstanceT, result: Result) -> None:
        for solution in result.solutions:
            self._check_solution(instance, solution)
        if result.status == Status.UNSATISFIABLE and result.solutions:
            raise SolverBug(f"{self.name}: 'unsatisfiable' with solutions attached")
        if result.status in (Status.SOLVED, Status.OPTIMAL, Status.FEASIBLE) and not result.solutions:
            if result.count is None or result.count == 0:
                raise SolverBug(f"{self.name}: status '{result.status.value}' without a solution")
        if len(result.solutions) > 1:
            keys = [repr(sorted(s.items())) for s in result.solutions]
            if len(set(keys)) != len(keys):
                raise SolverBug(f"{self.name}: the same solution was reported twice")
        if result.count is not None and result.count < len(result.solutions):
            raise SolverBug(f"{self.name}: count {result.count} below the solutions listed")
        if result.unique is True and (len(result.solutions) != 1 or result.count not in (None, 1)):
            raise SolverBug(f"{self.name}: 'unique' with other than one solution")

    def describe(self) -> dict[str, Any]:
        """The family's metadata as JSON (for `boardlab families --json` and the web API)."""
        return {
            "name": self.name,
            "title": self.title,
            "rules": self.rules,
            "takes_size": self.takes_size,
            "backends": list(self.backends),
            "strategies": list(self.strategies),
            "modes": sorted(m.value for m in self.modes),
            "options": [o.to_json() for o in self.options],
            "has_clues": self.has_clues,
            "offers_hints": self.offers_hints,
            "offers_grade": self.offers_grade,
            "offers_explain": self.offers_explain,
            "levels": list(self.levels),
            "writes": list(self.writes),
        }
