"""The names of the Chess-Num models (`--model`), without importing a solver.

`model_cpsat.py` implements them (the CP-SAT blocking formulations, see its docstring); the SAT
backend has one CNF.
"""

from __future__ import annotations

#: CP-SAT formulations of "the pieces attacking a clue" (`--model`), the first is the default.
MODELS = ("piece", "piece-direct", "ray")

#: Clue sets the generator makes for a placement (`--clue-set`), the first is the default:
#: irreducible (no clue can be dropped) or minimum (no smaller clue set exists; exact search).
CLUE_SETS = ("irreducible", "minimum")

#: The generator's default pieces for Detektivschach (`--detective`): a set published in that
#: variant (two rooks, bishops and knights, no pawn).
DETECTIVE_PIECES = "KQRRBBNN"

#: Difficulty levels of `grade.py`, easiest first (propagation alone, probing, search).
LEVELS = ("easy", "medium", "hard")
