"""The names of the Tents SAT models (`--model`) and cardinality encodings (`--encoding`),
without importing a solver. `model_sat.py` implements them (see its docstring).
"""

from __future__ import annotations

#: SAT models (`--model`), the first is the default. `baseline` is the encoding of the report
#: the project started from, kept to measure the others against.
MODELS = ("matching", "lazy", "plain", "full", "baseline")
#: Cardinality encodings of the SAT backend (`--encoding`), the first is the default: the
#: python-sat encodings, then `native` (Minicard's native constraints) and `regular` (a
#: line automaton).
ENCODINGS = (
    "seqcounter",
    "sortnetwrk",
    "cardnetwrk",
    "totalizer",
    "mtotalizer",
    "kmtotalizer",
    "native",
    "regular",
)
