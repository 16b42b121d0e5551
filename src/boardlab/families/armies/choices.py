"""The names of the armies choices (`--model`, `--symmetry`, `--encoding`, `--cuts`,
`--executor`), without importing a solver. The models implement them: `model_cpsat.py` (CP-SAT)
and `model_sat.py` (SAT) the formulations, `model_sat.py` the cardinality encodings,
`symmetry.py` the symmetry levels, `solve.py` the cuts, `prove.py` the executors.
"""

from __future__ import annotations

#: Formulations (`--model`), see `model_cpsat.py` and `model_sat.py`.
MODELS = ("pairwise", "lines", "dominance", "colouring")
#: Symmetry breaking (`--symmetry`), see `symmetry.py`.
SYMMETRY_LEVELS = ("none", "colour", "board", "full")
#: Cardinality encodings of the SAT backend (`--encoding`), the first is the default.
ENCODINGS = ("kmtotalizer", "totalizer", "seqcounter", "sortnetwrk", "cardnetwrk", "mtotalizer")
#: CP-SAT optimisation cuts (`--cuts`), see `solve.py`.
CUTS = ("none", "lower", "oeis")
#: Where the engine's subproblems run (`--executor`), see `prove.py`.
EXECUTORS = ("auto", "serial", "processes", "ray")
