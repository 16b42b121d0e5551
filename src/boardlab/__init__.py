"""boardlab: a constraint-programming lab for chessboard and grid puzzles.

The Python API (`boardlab.api`, documented there) is re-exported here:

>>> import boardlab
>>> boardlab.count(boardlab.load(8, family="nqueens")).count
92
"""

__version__ = "0.1.0"

# `boardlab.render` and `boardlab.families` are the API's functions. The subpackages of the same
# names (drawing, the families) are imported first, so that the functions bind the names last: a
# first import of a subpackage later would bind its name to the module again. The subpackages
# stay importable by their full names (`from boardlab.render.svg import ...`,
# `importlib.import_module("boardlab.families")`), not as attributes of `boardlab`.
import boardlab.families as _families_package  # noqa: E402, F401
import boardlab.render as _drawing_package  # noqa: E402, F401
from boardlab import api as _api  # noqa: E402
from boardlab.api import *  # noqa: E402, F403

#: The public names: `__version__` and those of `boardlab.api`.
__all__ = ["__version__", *_api.__all__]
