"""Chess-Num (Erich Friedman's puzzle): pieces whose attacks match the numbered squares."""

from boardlab.core.registry import register
from boardlab.families.chessnum.family import ChessNum

FAMILY = register(ChessNum())

from boardlab.families.chessnum import experiments  # noqa: E402,F401  (registers the benchmarks)
