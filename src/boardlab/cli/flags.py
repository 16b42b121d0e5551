"""The command-line flags: the common ones declared once (the same idea has the same flag, with
the same help, in every command), and each family's options (`Family.options`) as parameters of
the verbs they belong to, checked by the request pipeline like the API's."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape

from boardlab.core import requests
from boardlab.core.family import Family

# ---- common flags and arguments ------------------------------------------------------------------
Puzzle = Annotated[
    str, typer.Argument(metavar="PUZZLE", help="board size N, puzzle file (- for stdin) or game ID")
]
JsonFlag = Annotated[bool, typer.Option("--json", help="print JSON (one object per puzzle, one per line)")]
TimeLimit = Annotated[
    float | None,
    typer.Option("--time-limit", min=0.0, help="stop after this many seconds (status unknown)"),
]
Workers = Annotated[
    int | None, typer.Option("--workers", min=1, help="parallel workers where the backend uses them")
]
Backend = Annotated[str | None, typer.Option("--backend", help="solver backend (see `boardlab families`)")]
Strategy = Annotated[str | None, typer.Option("--strategy", help="search strategy (see `boardlab families`)")]
SolverSeed = Annotated[int | None, typer.Option("--seed", help="random seed of the solver")]
GeneratorSeed = Annotated[int | None, typer.Option("--seed", help="random seed (same seed, same puzzle)")]
Limit = Annotated[int | None, typer.Option("--limit", min=1, help="at most K solutions")]
Force = Annotated[bool, typer.Option("--force", help="overwrite the output file if it exists")]
SolutionJson = Annotated[
    str, typer.Argument(metavar="SOLUTION_JSON", help="solution JSON, inline or a file (- for stdin)")
]


# ---- family options ------------------------------------------------------------------------------
def _family_parameters(family: Family, verb: str) -> list[inspect.Parameter]:
    params = []
    for option in requests.options_for(family, (verb,), local=True).values():
        info = typer.Option(
            option.flag,
            help=escape(option.help + (f" (one of: {', '.join(option.choices)})" if option.choices else "")),
            min=option.minimum if option.type in (int, float) else None,
            max=option.maximum if option.type in (int, float) else None,
            show_default=option.default is not None,
        )
        # typer reads a runtime Optional[...] (not X | None) as "may be omitted"
        kind = option.type if option.default is not None else Optional[option.type]  # noqa: UP045
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

    parameters = [p for p in base.parameters.values() if p.name not in ("family", "options")] + extra
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__doc__ = function.__doc__
    return command
