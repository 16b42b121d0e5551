"""boardlab: a constraint-programming lab for chessboard and grid puzzles.

The Python API (`boardlab.api`, documented there) is re-exported here:

>>> import boardlab
>>> boardlab.count(boardlab.load(8, family="nqueens")).count
92
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False  # typing itself is not imported at start-up (mypy reads this name as True)
if TYPE_CHECKING:
    from typing import Any

#: The API's public names (`boardlab.api.__all__`), loaded on first use so that importing the
#: package (as the command line does first) costs nothing; kept equal to the API's by a test.
_API = (
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
)

__all__ = ["__version__", *_API]


def __getattr__(name: str) -> Any:
    """The API's names, imported on first use and then set on the package."""
    if name not in _API:
        raise AttributeError(f"module 'boardlab' has no attribute {name!r}")
    from boardlab import api

    globals().update({public: getattr(api, public) for public in _API})
    return globals()[name]


def _free_api_names() -> None:
    """The subpackages `boardlab.render` and `boardlab.families` share their names with API
    functions. Importing a subpackage for the first time sets it on the package, which would
    hide the function from `__getattr__` for good; so both (docstring-only, so cheap) are
    imported now and their names removed again: `boardlab.render` is then always the function,
    and `import boardlab.render.svg` still works. One form does not: `import
    boardlab.families.cnote.exhaustive as ex` looks the names up as attributes, and the attribute
    `families` is the function; write `from boardlab.families.cnote import exhaustive as ex`."""
    import importlib

    for sub in ("families", "render"):
        importlib.import_module(f"boardlab.{sub}")
        del globals()[sub]


_free_api_names()
