"""The `boardlab` command line, built from the family registry.

`boardlab FAMILY VERB ...` exists for every registered family, with the verbs solve, count,
generate, check, render and hint; each family's own options (declared in `Family.options`) are
added to the verbs they belong to. Exit codes (DESIGN.md): 0 answered (also "no solution"), 1 a
checked solution is invalid, 2 bad input or usage, 3 time limit reached without an answer, 4
internal error (an answer failed verification). Errors are one line on stderr, never a
traceback (set BOARDLAB_DEBUG=1 to see one).

The modules: `app` (the typer application and `main`, the entry point), `flags` (the common
flags, declared once, and the family options as parameters), `commands` (the verbs, over the
request pipeline `boardlab.core.requests`, which the web API runs too), `output` (printing
answers, writing files) and `progress` (the progress bar on a terminal).
"""

from typing import Any

from boardlab.cli.app import main, whole
from boardlab.cli.output import err, out

__all__ = ["app", "err", "main", "out"]

# `boardlab.cli.app`, the module, set itself on the package when imported above; the package's
# `app` is the typer application (every family), built on first use (`__getattr__`).
del globals()["app"]


def __getattr__(name: str) -> Any:
    """`app`: the whole typer application, built on first use (a command builds only its own)."""
    if name == "app":
        return whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
