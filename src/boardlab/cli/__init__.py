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

from boardlab.cli.app import app, main
from boardlab.cli.output import err, out

__all__ = ["app", "err", "main", "out"]
