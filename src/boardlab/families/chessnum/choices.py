"""The names of the Chess-Num models (`--model`), without importing a solver.

`model_cpsat.py` implements them (the CP-SAT blocking formulations, see its docstring); the SAT
backend has one CNF.
"""

from __future__ import annotations

#: CP-SAT formulations of "the pieces attacking a clue" (`--model`), the first is the default.
MODELS = ("piece", "piece-direct", "ray")
