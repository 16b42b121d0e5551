"""The Python API: boardlab as a library, for scripts and notebooks.

The same request pipeline (`boardlab.core.requests`) that the command line and the web API run:
the same options with the same checks, the same instances read the same way, the same JSON
answers, and the same one-line `BadInput` messages as the command line prints (an option is
named by its flag, as there: `--m`). Every solution returned has passed the family's
independent verifier.

>>> import boardlab
>>> queens = boardlab.load(8, family="nqueens")
>>> boardlab.count(queens).count
92
>>> result = boardlab.solve(queens)
>>> result.status, len(result.solution["queens"])
('solved', 8)
>>> boardlab.check(queens, result).valid
True

Puzzles and results show themselves as SVG boards in a notebook (`_repr_svg_`,
`_repr_html_`, a result with a small table of its summary) and as boards in a terminal with
rich (`__rich__`). Long runs take a time limit (`time_limit=`, seconds: the status is then
`unknown` if nothing was found), report progress where the solver can measure it
(`progress=`, called with `(done, total)`), and stop on Ctrl-C with a `KeyboardInterrupt` that
leaves the interpreter usable. The N-Queens counter's executors are family options:
`boardlab.count(queens, executor="processes", workers=2)` (`"ray"` with the cluster extra).

The answers' classes (`Result`, `Generated`, `Checked`, `Hint`, `FamilyInfo`) hold the JSON
of the command line's `--json` and show its fields as attributes; `to_json()` gives it back.
"""

from __future__ import annotations

import io
import os
import warnings
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal, Union

from boardlab.core import registry, requests
from boardlab.core.errors import BadInput
from boardlab.core.family import Family
from boardlab.core.options import Option
from boardlab.core.results import Mode
from boardlab.core.words import shown

if TYPE_CHECKING:
    from rich.console import RenderableType

__all__ = [
    "Answer",
    "BadInput",
    "Checked",
    "Converted",
    "Explanation",
    "FamilyInfo",
    "Generated",
    "Grade",
    "Hint",
    "Puzzle",
    "Result",
    "check",
    "convert",
    "count",
    "explain",
    "families",
    "generate",
    "grade",
    "hint",
    "load",
    "puzzle",
    "render",
    "solve",
]

Progress = Callable[[int, int], None]
"""A progress callback: called with (subproblems done, subproblems in all)."""


# ---- puzzles ------------------------------------------------------------------------------------
class Puzzle:
    """One puzzle of a family: made by `load`, `puzzle` or `generate`.

    >>> p = puzzle("nqueens", n=4)
    >>> p.family, p.to_json()
    ('nqueens', {'family': 'nqueens', 'n': 4})
    >>> p.text.splitlines()
    ['....', '....', '....', '....']
    """

    __slots__ = ("_family", "instance")

    def __init__(self, family: Family, instance: Any) -> None:
        self._family = family
        self.instance = instance
        """The family's own instance object (what its solvers take)."""

    @property
    def family(self) -> str:
        """The family's name, e.g. "tents"."""
        return self._family.name

    @property
    def text(self) -> str:
        """The puzzle in the family's text format (what `boardlab FAMILY solve FILE` reads), or its
        JSON on one line when the text format cannot hold it (a Chess-Num clue above 9)."""
        return requests.instance_json(self._family, self.instance, text=True)["text"]

    def to_json(self) -> dict[str, Any]:
        """The instance JSON, as in the `instance` field of every `--json` answer."""
        return requests.instance_json(self._family, self.instance)["instance"]

    def svg(self, solution: Any = None) -> str:
        """The board as a standalone SVG document, with `solution` (solution JSON or an answer
        holding one) drawn if given."""
        return render(self, solution)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __rich__(self) -> RenderableType:
        return self._family.render_text(self.instance)

    def __repr__(self) -> str:
        return f"Puzzle({self.family!r}, {_short(self.to_json())})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and other.to_json() == self.to_json()

    def __hash__(self) -> int:
        return hash(repr(sorted(self.to_json().items())))


PuzzleSource = Union[Puzzle, str, int, dict[str, Any], "os.PathLike[str]"]
"""What `load` reads: see there."""


# ---- answers ------------------------------------------------------------------------------------
class Answer:
    """An answer of the API: its JSON (the object the command line's `--json` prints), its
    fields as attributes.

    >>> answer = check(puzzle("nqueens", n=4), {"queens": [1, 3, 0, 2]})
    >>> answer.valid, answer.violations
    (True, [])
    >>> answer.to_json()
    {'family': 'nqueens', 'status': 'valid', 'valid': True, 'violations': []}
    """

    #: The fields shown in the summary table (`_repr_html_`, `__rich__`).
    summary: tuple[str, ...] = ()

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    def to_json(self) -> dict[str, Any]:
        """The answer's JSON (a copy: changing it changes nothing here)."""
        return _copy(self._data)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field '{name}'") from None

    def __dir__(self) -> Iterator[str]:
        return iter(sorted(set(super().__dir__()) | set(self._data)))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other._data == self._data  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({_short(self._data)})"

    def _rows(self) -> list[tuple[str, Any]]:
        """(field, value) of the summary table: the summary fields, then the stats given."""
        rows = [(name, self._data.get(name)) for name in self.summary if self._data.get(name) is not None]
        stats = self._data.get("stats") or {}
        rows += [(f"stats.{key}", value) for key, value in stats.items() if value not in (None, {}, [])]
        return rows

    def _board(self) -> str | None:
        """The SVG board shown under the table, if any."""
        return None

    def _repr_html_(self) -> str:
        import html  # here, not at start-up: the command line imports this module too

        cells = "".join(
            f"<tr><th style='text-align:left'>{html.escape(name)}</th>"
            f"<td style='text-align:left'>{html.escape(_cell(value))}</td></tr>"
            for name, value in self._rows()
        )
        table = f"<table><caption>{html.escape(type(self).__name__)}</caption>{cells}</table>"
        board = self._board()
        return table + (f"<div>{board}</div>" if board else "")

    def __rich__(self) -> RenderableType:
        from rich.table import Table

        table = Table(title=type(self).__name__, show_header=False)
        for name, value in self._rows():
            table.add_row(name, _cell(value))
        return table


class Result(Answer):
    """The answer of `solve` and `count`: `boardlab FAMILY solve --json`.

    Fields: `family`, `status` ("solved", "optimal", "feasible", "unsatisfiable", or "unknown"
    when the time limit came first), `instance`, `solutions` (solution JSON, each verified),
    `count` (when the solutions were counted or all listed), `unique` (when decided), `stats`.
    """

    summary = ("family", "status", "count", "unique")

    def __init__(self, data: dict[str, Any], puzzle: Puzzle) -> None:
        super().__init__(data)
        self.puzzle = puzzle
        """The puzzle solved (with the options applied)."""

    @property
    def solution(self) -> dict[str, Any] | None:
        """The first solution (None when there is none)."""
        solutions = self._data["solutions"]
        return _copy(solutions[0]) if solutions else None

    def _rows(self) -> list[tuple[str, Any]]:
        return super()._rows() + [("solutions", len(self._data["solutions"]))]

    def _board(self) -> str:
        return self.puzzle.svg(self.solution)

    def __rich__(self) -> RenderableType:
        from rich.console import Group

        return Group(super().__rich__(), self.puzzle._family.render_text(self.puzzle.instance, self.solution))


class Generated(Answer):
    """The answer of `generate`: `boardlab FAMILY generate --json` (with `text`).

    Fields: `family`, `instance`, `solution` (verified; unique where the family has clues),
    `seed` (the same seed gives the same puzzle), `stats`, `text` (the family's text format).
    """

    summary = ("family", "seed")

    def __init__(self, data: dict[str, Any], puzzle: Puzzle) -> None:
        super().__init__(data)
        self.puzzle = puzzle
        """The puzzle made."""

    def _board(self) -> str:
        return self.puzzle.svg() + " " + self.puzzle.svg(self._data["solution"])

    def __rich__(self) -> RenderableType:
        from rich.console import Group

        family = self.puzzle._family
        return Group(
            super().__rich__(),
            family.render_text(self.puzzle.instance),
            family.render_text(self.puzzle.instance, self._data["solution"]),
        )


class Checked(Answer):
    """The answer of `check`: `boardlab FAMILY check --json`: `family`, `status` ("valid" or
    "invalid"), `valid`, `violations`."""

    summary = ("family", "status", "valid", "violations")


class Hint(Answer):
    """The answer of `hint`: `boardlab FAMILY hint --json`: `family`, `status` ("solved",
    "mistake", "progress" or "unsolvable"), `message`, `place` and `remove` (partial solution
    JSON, or None), and whatever else the family tells (e.g. a difficulty)."""

    summary = ("family", "status", "message", "place", "remove")


class Grade(Answer):
    """The answer of `grade`: `boardlab FAMILY grade --json`: `family`, `instance`,
    `difficulty` (one of the family's `levels`, or "unsolvable", "ambiguous", "unknown"),
    `steps`, and the family's figures."""

    summary = ("family", "difficulty", "steps")


class Explanation(Answer):
    """The answer of `explain`: `boardlab FAMILY explain --json`: `family`, `instance`,
    `difficulty`, `steps` (each with its `rule`, `level`, `place`, `because` and `reason`) and
    the `solution` they reach."""

    summary = ("family", "difficulty", "solution")


class Converted(Answer):
    """The answer of `convert`: `boardlab FAMILY convert --json`: `family`, `instance`,
    `format` (one of the family's `writes`) and `text`, the puzzle in that format (it reads back,
    with `load`, to the same puzzle)."""

    summary = ("family", "format", "text")


class FamilyInfo(Answer):
    """A family's description: `boardlab families --json`: `name`, `title`, `rules`,
    `takes_size`, `backends`, `strategies`, `modes`, `options` (each with its `name`, the keyword
    argument, its type, default, choices, range and the verbs that take it), `has_clues`,
    `offers_hints`, `offers_grade` with the difficulty `levels`, `offers_explain`, and `writes`,
    the formats `convert` writes."""

    summary = ("name", "title", "rules", "backends", "strategies", "modes", "takes_size", "has_clues")

    def _rows(self) -> list[tuple[str, Any]]:
        rows = super()._rows()
        for option in self._data["options"]:
            verbs = "/".join(option["verbs"])
            rows.append((f"{option['name']}=", f"{option['type']} ({verbs}): {option['help']}"))
        return rows


# ---- the functions ------------------------------------------------------------------------------
def families() -> list[FamilyInfo]:
    """The registered puzzle families, by name.

    >>> [f.name for f in families()]
    ['armies', 'chessnum', 'cnote', 'nqueens', 'tents']
    >>> [o["name"] for o in families()[3].options if "count" in o["verbs"]][:2]
    ['fundamental', 'method']
    """
    return [FamilyInfo(family.describe()) for family in registry.families()]


def load(source: PuzzleSource, family: str | None = None, **options: Any) -> Puzzle:
    """One puzzle of `family` from `source`, with the family's `options` applied.

    `source` is instance JSON (a dict; its `"family"` may stand for `family`), a board size
    (families that take one), a path (`pathlib.Path`) to a file in the text format or JSON, a
    string without a newline read as the command line reads its puzzle argument (a board size,
    a file, a game ID), or a text: the family's text format (lines that end with a newline, as
    `Puzzle.text`) or JSON text. Raises `BadInput` with the command line's message.

    >>> load(8, family="nqueens")
    Puzzle('nqueens', {'family': 'nqueens', 'n': 8})
    >>> load("8x8:_jagkbidaabac,2,1,0,3,1,2,2,1,2,1,1,1,2,1,0,4", family="tents").family
    'tents'
    >>> load({"family": "cnote", "grid": [[5, 2], [8, 8]]}, target=13).to_json()["target"]
    13
    >>> load("banana", family="nqueens")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.BadInput: N must be a positive integer (or a puzzle file): 'banana'
    """
    if isinstance(source, Puzzle):
        chosen = _family_of(family or source.family)
        if chosen.name != source.family:
            raise BadInput(f"instance is for family '{source.family}', not '{chosen.name}'")
        given = requests.check_options(chosen, requests.VERBS, options, local=True, flags=True)
        return Puzzle(chosen, requests.with_options(chosen, source.instance, given))
    if family is None:
        if not (isinstance(source, dict) and isinstance(source.get("family"), str)):
            known = ", ".join(f.name for f in registry.families())
            raise BadInput(f"which family? load(..., family=NAME) (known: {known})")
        family = source["family"]
    chosen = _family_of(family)
    given = requests.check_options(chosen, requests.VERBS, options, local=True, flags=True)
    return Puzzle(chosen, requests.load_instance(chosen, source, given))


def puzzle(family: str, **fields: Any) -> Puzzle:
    """A puzzle from the fields of the family's instance JSON (see `Puzzle.to_json`).

    >>> tents = puzzle("tents", grid=["..T", "T.."], rows=[1, None], cols=[0, None, 1])
    >>> tents.to_json()["cols"]
    [0, None, 1]
    >>> puzzle("nqueens", n=0)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.BadInput: ...
    """
    return load({**fields, "family": family}, family)


def solve(
    puzzle: Puzzle,
    *,
    all: bool = False,  # the command line's --all
    count: bool = False,
    unique: bool = False,
    optimise: bool = False,
    limit: int | None = None,
    time_limit: float | None = None,
    backend: str | None = None,
    strategy: str | None = None,
    workers: int | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> Result:
    """Solve `puzzle`: one solution, or `all` (at most `limit`), a `count`, a `unique`ness proof,
    or an optimum (`optimise`, families with an objective): `boardlab FAMILY solve`.

    `time_limit` in seconds (then the status may be "unknown"), `backend` and `strategy` among
    the family's (see `families`), `workers` where the backend uses them, `seed` of the solver;
    the family's options by name (`families()` lists them; the checks and the messages are the
    command line's). `progress(done, total)` is called where the solver measures its progress.

    >>> p = puzzle("nqueens", n=6)
    >>> r = solve(p, unique=True)
    >>> r.status, r.unique, len(r.solutions)
    ('solved', False, 2)
    >>> solve(p, all=True, limit=3).count is None, len(solve(p, all=True).solutions)
    (True, 4)
    >>> solve(p, all=True, unique=True)
    Traceback (most recent call last):
    ...
    boardlab.core.errors.BadInput: choose one of --all, --unique
    """
    mode = requests.solve_mode(all=all, count=count, unique=unique, optimise=optimise, limit=limit)
    return _solve(
        puzzle, mode, ("count",) if mode == Mode.COUNT else ("solve",), options,
        limit=_field("limit", int, limit, 1), time_limit=_field("time_limit", float, time_limit, 0),
        backend=_field("backend", str, backend), strategy=_field("strategy", str, strategy),
        workers=_field("workers", int, workers, 1), seed=_field("seed", int, seed), progress=progress,
    )  # fmt: skip


def count(
    puzzle: Puzzle,
    *,
    limit: int | None = None,
    time_limit: float | None = None,
    backend: str | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> Result:
    """Count the solutions of `puzzle` (and list up to `limit` of them): `boardlab FAMILY count`.

    The arguments are those of `solve`. For N-Queens boards the family's counter runs on
    `workers` cores with the `executor` option ("serial", "processes", "threads", or "ray" with
    the cluster extra; `address=` a Ray cluster), `fundamental=True` counts the solutions up to
    symmetry; `progress` follows its subproblems.

    >>> count(puzzle("nqueens", n=10)).count
    724
    >>> count(puzzle("nqueens", n=10), fundamental=True, executor="serial").count
    92
    >>> count(puzzle("nqueens", n=10), executor="boat")
    Traceback (most recent call last):
    ...
    boardlab.core.errors.BadInput: --executor must be one of auto, serial, processes, threads, ray, got 'boat'
    """
    return _solve(
        puzzle, Mode.COUNT, ("count",), options,
        limit=_field("limit", int, limit, 1), time_limit=_field("time_limit", float, time_limit, 0),
        backend=_field("backend", str, backend), workers=_field("workers", int, workers, 1),
        progress=progress,
    )  # fmt: skip


def generate(family: str, *, seed: int | None = None, **options: Any) -> Generated:
    """A new puzzle of `family` with its solution (unique where the family has clues):
    `boardlab FAMILY generate`. The same `seed` gives the same puzzle; the family's generator
    options by name (e.g. `size=`).

    >>> g = generate("nqueens", seed=1, size=6)
    >>> g.seed, g.puzzle.family, check(g.puzzle, g.solution).valid
    (1, 'nqueens', True)
    >>> solve(g.puzzle, unique=True).unique
    True
    """
    chosen = _family_of(family)
    given = requests.check_options(chosen, ("generate",), options, local=True, flags=True)
    made = requests.generate(chosen, _field("seed", int, seed), given)
    return Generated(requests.generated_json(chosen, made, text=True), Puzzle(chosen, made.instance))


def check(puzzle: Puzzle, solution: Any, **options: Any) -> Checked:
    """Check a proposed `solution` (solution JSON, or a `Result` whose first solution is
    checked): `boardlab FAMILY check`. `valid` is False with the rules broken in `violations`;
    a solution of the wrong shape raises `BadInput`.

    >>> q = puzzle("nqueens", n=4)
    >>> check(q, {"queens": [0, 1, 2, 3]}).valid
    False
    >>> check(q, {"queens": "yes"})
    Traceback (most recent call last):
    ...
    boardlab.core.errors.BadInput: ...
    """
    chosen, instance, _ = _with_options(puzzle, ("check",), options)
    return Checked(requests.check(chosen, instance, _json_of(solution)))


def hint(puzzle: Puzzle, partial: dict[str, Any] | None = None) -> Hint:
    """A hint for a player who has made the placements `partial` (the family's solution JSON
    shape, maybe incomplete; its page in docs/ says what): the next placement that follows, or
    the mistakes made. `boardlab FAMILY hint`.

    >>> h = hint(puzzle("nqueens", n=4), {"queens": [0, None, None, None]})
    >>> h.status
    'mistake'
    """
    chosen = _family_of(puzzle.family)
    return Hint(requests.hint(chosen, puzzle.instance, _json_of(partial)))


def grade(puzzle: Puzzle, *, time_limit: float | None = None) -> Grade:
    """How hard `puzzle` is: one of its family's levels (tents: "easy" and "tricky" as Simon
    Tatham's solver grades, "hard", "extreme"), or "unsolvable" / "ambiguous". `boardlab FAMILY
    grade` (families that offer grades).

    >>> grade(load("7x5:accgcgd_,3,0,1,0,2,0,1,3,0,2,1,1", family="tents")).difficulty
    'easy'
    """
    chosen = _family_of(puzzle.family)
    return Grade(requests.grade(chosen, puzzle.instance, _field("time_limit", float, time_limit, 0)))


def explain(puzzle: Puzzle, *, time_limit: float | None = None) -> Explanation:
    """The solving path of `puzzle`, step by step, each step with its rule and its reason in
    words. `boardlab FAMILY explain` (families that offer it).

    >>> path = explain(load("7x5:accgcgd_,3,0,1,0,2,0,1,3,0,2,1,1", family="tents"))
    >>> path.steps[1]["reason"]
    'Column 0 needs 3 more tents in its 3 free cells ([0, 0], [2, 0] and [4, 0]), no two side by
    side: every way puts tents at [0, 0], [2, 0] and [4, 0].'
    """
    chosen = _family_of(puzzle.family)
    return Explanation(requests.explain(chosen, puzzle.instance, _field("time_limit", float, time_limit, 0)))


def convert(puzzle: Puzzle, to: str = "text", **options: Any) -> Converted:
    """`puzzle` written in the format `to`: one of its family's `writes` (`families()`), `text`
    and `json` in every family, tents also `gameid` (Simon Tatham's game ID) and `puzzlink` (a
    puzz.link URL). `boardlab FAMILY convert --to FORMAT`.

    >>> convert(load("tents/5/5/2g0h1i1j82323", family="tents"), to="gameid").text
    '5x5:bhbcbc,2,?,0,?,?,1,?,?,?,1'
    """
    chosen, instance, _ = _with_options(puzzle, ("convert",), options)
    return Converted(requests.convert(chosen, instance, to))


def render(
    puzzle: Puzzle,
    solution: Any = None,
    *,
    format: Literal["svg", "text"] = "svg",  # the name the command line uses
    solve: bool = False,
    **options: Any,
) -> str:
    """The board of `puzzle`, with `solution` (solution JSON or a `Result`) or, with
    `solve=True`, a solution found now: an SVG document (`format="svg"`) or the terminal
    drawing as plain text (`format="text"`). An invalid solution is drawn with a warning, as
    the command line does. `boardlab FAMILY render`.

    >>> print(render(puzzle("nqueens", n=4), {"queens": [1, 3, 0, 2]}, format="text"), end="")
      0 1 2 3
    0 · ♛ · ·
    1 · · · ♛
    2 ♛ · · ·
    3 · · ♛ ·
    >>> render(puzzle("nqueens", n=4), format="svg").startswith("<svg")
    True
    """
    if format not in ("svg", "text"):
        raise BadInput(f"format must be svg or text, got {shown(format)}")
    chosen, instance, given = _with_options(puzzle, ("render",), options)
    drawing = requests.draw(chosen, instance, _json_of(solution), solve_it=solve, options=given)
    if drawing.violations:
        warnings.warn(f"the solution is invalid: {drawing.violations[0]}", stacklevel=2)
    if format == "svg":
        return drawing.svg()
    return _plain(chosen.render_text(instance, drawing.solution, given))


# ---- helpers ------------------------------------------------------------------------------------
def _family_of(name: str) -> Family:
    if not isinstance(name, str):
        raise BadInput(f"a family is named by a string, got {shown(name)}")
    return requests.family(name)


def _with_options(
    puzzle: Puzzle, verbs: tuple[str, ...], options: dict[str, Any]
) -> tuple[Family, Any, dict[str, Any]]:
    """The family of `puzzle`, the verbs' options (checked, defaults filled in) and the instance
    with them applied."""
    if not isinstance(puzzle, Puzzle):
        got = type(puzzle).__name__
        raise BadInput(f"expected a Puzzle (from boardlab.load or boardlab.puzzle), got {got}")
    chosen = _family_of(puzzle.family)
    given = requests.check_options(chosen, verbs, options, local=True, flags=True)
    return chosen, requests.with_options(chosen, puzzle.instance, given), given


def _solve(
    puzzle: Puzzle, mode: Mode, verbs: tuple[str, ...], options: dict[str, Any], **fields: Any
) -> Result:
    chosen, instance, given = _with_options(puzzle, verbs, options)
    result = requests.solve(chosen, instance, requests.solve_request(mode, options=given, **fields))
    return Result(result.to_json(), Puzzle(chosen, instance))


def _field(name: str, kind: type, value: Any, minimum: float | None = None) -> Any:
    """A common argument checked as the command line checks its flag (None: not given)."""
    return Option(name, kind, None, "", minimum=minimum).check(value, "--" + name.replace("_", "-"))


def _json_of(value: Any) -> Any:
    """Solution JSON from an answer (its first solution) or JSON as given."""
    if isinstance(value, Result):
        return value.solution
    if isinstance(value, Generated):
        return value.to_json()["solution"]
    if isinstance(value, Answer):
        return value.to_json()
    return value


def _plain(renderable: Any) -> str:
    """A rich renderable as plain text (no colours), as wide as it needs."""
    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=10_000, color_system=None, highlight=False).print(renderable)
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"


def _copy(data: Any) -> Any:
    if isinstance(data, dict):
        return {key: _copy(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_copy(value) for value in data]
    return data


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _short(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 200 else text[:197] + "..."
