"""boardlab: a constraint-programming lab for chessboard and grid puzzles.

The Python API (`boardlab.api`, documented there) is re-exported here:

>>> import boardlab
>>> boardlab.count(boardlab.load(8, family="nqueens")).count
92
"""

__version__ = "0.1.0"

# The drawing subpackage `boardlab.render` is imported before the API binds the name `render`
# here to its function: a first import of the subpackage later would bind the name to it again.
import boardlab.render as _drawing  # noqa: E402, F401
from boardlab.api import (  # noqa: E402
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

__all__ = [
    "Answer",
    "BadInput",
    "Checked",
    "FamilyInfo",
    "Generated",
    "Hint",
    "Puzzle",
    "Result",
    "__version__",
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
