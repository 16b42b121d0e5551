"""The names of the N-Queens count executors (`--executor`) and counting methods (`--method`),
without importing numba or numpy.

`parallel.py` implements them (see its docstring).
"""

from __future__ import annotations

EXECUTORS = ("auto", "serial", "processes", "threads", "ray")
#: Counting methods of an empty board (`--method`): the faster for n, Q27 constellations,
#: Takahashi, and the constellations searched 8 at a time in SIMD lanes (n <= 19).
METHODS = ("auto", "constellation", "fullsym", "lanes")
