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
    """The API's names, imported on first use. They are then set on the package, over the
    subpackages `boardlab.render` and `boardlab.families` of the same names (as an eager
    `from boardlab.api import *` did)."""
    if name not in _API:
        raise AttributeError(f"module 'boardlab' has no attribute {name!r}")
    import boardlab.families  # noqa: F401  (the subpackages first: the API's names go over them)
    import boardlab.render  # noqa: F401
    from boardlab import api

    globals().update({public: getattr(api, public) for public in _API})
    return globals()[name]
