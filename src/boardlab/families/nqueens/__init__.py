"""N-Queens: place n non-attacking queens (OEIS A000170; fundamental solutions A002562)."""

from boardlab.core.registry import register
from boardlab.families.nqueens.family import NQueens

FAMILY = register(NQueens())
