"""The command-line flags: the common ones declared once (the same idea has the same flag, with
the same help, in every command), and each family's options (`Family.options`) as parameters of
the verbs they belong to, checked by the request pipeline like the API's.

A family lists only the common flags it has (`OFFERED`: `--optimise` where it optimises,
`--strategy` where it has strategies, `solve --seed` where a backend is randomised), and its
PUZZLE and hint arguments carry its own help (`Family.puzzle_help`, `Family.hint_help`)."""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape

from boardlab.core import requests
from boardlab.core.errors import BadInput
from boardlab.core.family import Family
from boardlab.core.options import BoardSize
from boardlab.core.results import Mode

# ---- common flags and arguments ------------------------------------------------------------------
Puzzle = Annotated[
    str, typer.Argument(metavar="PUZZLE", help="board size N, puzzle file (- for stdin) or game ID")
]
JsonFlag = Annotated[bool, typer.Option("--json", help="print JSON (one object per puzzle, one per line)")]


def _positive_seconds(value: float | None) -> float | None:
    """--time-limit: a number of seconds above 0 (0 or less would mean "stop at once")."""
    if value is not None and not value > 0:
        raise BadInput(f"--time-limit must be more than 0 seconds, got {value:g}")
    return value


TimeLimit = Annotated[
    float | None,
    typer.Option(
        "--time-limit",
        callback=_positive_seconds,
        help="stop after this many seconds (> 0): the answer is then 'unknown', with what was found",
    ),
]
Workers = Annotated[
    int | None, typer.Option("--workers", min=1, help="parallel workers where the backend uses them")
]
Backend = Annotated[str | None, typer.Option("--backend", help="solver backend (see `boardlab families`)")]
Strategy = Annotated[str | None, typer.Option("--strategy", help="search strategy (see `boardlab families`)")]
SolverSeed = Annotated[
    int | None,
    typer.Option(
        "--seed", help="random seed of a randomised search (another seed may find another solution)"
    ),
]
GeneratorSeed = Annotated[
    int | None, typer.Option("--seed", min=0, help="random seed, 0 or more (same seed, same puzzle)")
]
Limit = Annotated[int | None, typer.Option("--limit", min=1, help="list at most K solutions (like --all)")]
Optimise = Annotated[
    bool, typer.Option("--optimise", "--optimize", help="find the best answer and prove it optimal")
]
Force = Annotated[bool, typer.Option("--force", help="overwrite the output file if it exists")]
OutFile = Annotated[
    str | None,
    typer.Option(
        "--out",
        "--output",
        help="write the puzzle to this file, not over an existing one without --force (generate: "
        "as JSON for a .json name, else the text format, and draws it too; convert: in the --to format)",
    ),
]
PublishedName = Annotated[
    str | None,
    typer.Option("--name", help="write the published puzzle of this name instead (see --list)"),
]
ListPublished = Annotated[
    bool, typer.Option("--list", help="list the published puzzles the family ships (name and source)")
]
SolutionJson = Annotated[
    str, typer.Argument(metavar="SOLUTION_JSON", help="solution JSON, inline or a file (- for stdin)")
]


#: Common parameters a family lists only when it offers what they ask: (verb or None for every
#: verb, parameter name) -> the test on the family. The others are hidden from its help.
OFFERED: dict[tuple[str | None, str], Callable[[Family], bool]] = {
    ("solve", "optimise"): lambda family: Mode.OPTIMISE in family.modes,
    ("solve", "all_"): lambda family: Mode.ALL in family.modes,
    ("solve", "limit"): lambda family: Mode.ALL in family.modes,
    ("solve", "count"): lambda family: Mode.COUNT in family.modes,
    ("solve", "unique"): lambda family: Mode.UNIQUE in family.modes,
    ("solve", "strategy"): lambda family: bool(family.strategies),
    ("solve", "seed"): lambda family: bool(family.seeded_backends),
    ("example", "name"): lambda family: _ships_puzzles(family),
    ("example", "listing"): lambda family: _ships_puzzles(family),
}


def _ships_puzzles(family: Family) -> bool:
    return bool(family.library())


def offered(family: Family, verb: str, name: str) -> bool:
    """Whether the common parameter `name` of `verb` is listed for `family` (`OFFERED`)."""
    test = OFFERED.get((verb, name)) or OFFERED.get((None, name))
    return test is None or test(family)


def _for_family(family: Family, verb: str, parameter: inspect.Parameter) -> inspect.Parameter:
    """A common parameter as `family` lists it: the PUZZLE and PARTIAL_JSON arguments (and
    convert's --to, the formats the family writes) with the family's own help; a flag the
    family does not offer hidden from its help (still parsed, so that the family says why it
    does not apply, in the words of the API)."""
    texts = {
        "puzzle": family.puzzle_help,
        "puzzles": family.puzzle_help,
        "placed": family.hint_help,
        "to": "the format to write: " + ", ".join(family.writes),  # convert
    }
    hide = not offered(family, verb, parameter.name)
    if parameter.name not in texts and not hide:
        return parameter
    infos = getattr(parameter.annotation, "__metadata__", ())
    info = next((i for i in infos if hasattr(i, "help")), None)
    if info is None:
        return parameter
    info = copy.copy(info)
    if hide:
        info.hidden = True
    else:
        info.help = escape(texts[parameter.name])
    return parameter.replace(annotation=Annotated[parameter.annotation.__origin__, info])


# ---- family options ------------------------------------------------------------------------------
def _family_parameters(family: Family, verb: str) -> list[inspect.Parameter]:
    params = []
    for option in requests.options_for(family, (verb,), local=True).values():
        numeric = option.type in (int, float)
        info = typer.Option(
            option.flag,
            help=escape(option.help + (f" (one of: {', '.join(option.choices)})" if option.choices else "")),
            min=option.minimum if numeric else None,
            max=option.maximum if numeric else None,
            show_default=option.default is not None,
            metavar="N|WxH" if option.rectangular else "N" if option.type is BoardSize else None,
        )
        # a board size is read as text (N or WxH) and checked by the pipeline (Option.check)
        python_type = str if option.type is BoardSize else option.type
        # typer reads a runtime Optional[...] (not X | None) as "may be omitted"
        kind = python_type if option.default is not None else Optional[python_type]  # noqa: UP045
        annotation: Any = Annotated[kind, info]
        params.append(
            inspect.Parameter(
                option.name, inspect.Parameter.KEYWORD_ONLY, default=option.default, annotation=annotation
            )
        )
    return params


def with_family_options(function: Callable[..., Any], family: Family, verb: str) -> Callable[..., Any]:
    """`function` with the family's options for `verb` added to its signature.

    The wrapper checks them (`requests.check_options`) and passes them to `function` as one
    `options` dict, with the `family`.
    """
    base = inspect.signature(function, eval_str=True)
    extra = _family_parameters(family, verb)
    names = {p.name for p in extra}
    clash = names & set(base.parameters)
    if clash:
        raise RuntimeError(f"{family.name} option(s) {clash} clash with common options")

    def command(**kwargs: Any) -> Any:
        given = {name: kwargs.pop(name) for name in names}
        options = requests.check_options(family, (verb,), given, local=True, flags=True)
        return function(family=family, options=options, **kwargs)

    parameters = [
        _for_family(family, verb, p) for p in base.parameters.values() if p.name not in ("family", "options")
    ] + extra
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__doc__ = function.__doc__
    if verb == "solve" and Mode.OPTIMISE in family.modes and command.__doc__:
        command.__doc__ = command.__doc__.rstrip(".") + ", or an optimum (--optimise)."
    return command
