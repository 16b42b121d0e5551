"""The names of the N-Queens count executors (`--executor`), without importing numba or numpy.

`parallel.py` implements them (see its docstring).
"""

from __future__ import annotations

EXECUTORS = ("auto", "serial", "processes", "threads", "ray")
