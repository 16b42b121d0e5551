"""boardlab: a constraint-programming lab for chessboard and grid puzzles.

The Python API (`boardlab.api`, documented there) is re-exported here:

>>> import boardlab
>>> boardlab.count(boardlab.load(8, family="nqueens")).count
92

Its functions import the solvers on first use, so `import boardlab` stays cheap (the command
line imports this package too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: The public names, all from `boardlab.api`.
__all__ = [
    "Answer",
    "BadInput",
    "Checked",
    "FamilyInfo",
    "Generated",
    "Hint",
    "Puzzle",
    "Result",
    "check",
    "count",
    "families",
    "generate",
    "hint",
    "load",
    "puzzle",
    "render",
    "solve",
]

if TYPE_CHECKING:
    from boardlab.api import (
        Answer,
        BadInput,
        Checked,
        FamilyInfo,
        Generated,
        Hint,
        Puzzle,
        Result,
        check,
        count,
        families,
        generate,
        hint,
        load,
        puzzle,
        render,
        solve,
    )


def __getattr__(name: str) -> Any:
    """The API's names, imported on first use (PEP 562)."""
    if name in __all__:
        from boardlab import api

        return getattr(api, name)
    raise AttributeError(f"module 'boardlab' has no attribute {name!r}")
