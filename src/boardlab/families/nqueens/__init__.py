"""N-Queens: place n non-attacking queens (OEIS A000170; fundamental solutions A002562)."""

from boardlab.core.registry import register
from boardlab.families.nqueens.family import NQueens

FAMILY = register(NQueens())

from boardlab.families.nqueens import experiments  # noqa: E402,F401  (registers the benchmark experiments)
