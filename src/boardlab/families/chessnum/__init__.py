"""Chess-Num (Erich Friedman's puzzle): pieces whose attacks match the numbered squares."""

from boardlab.core.registry import register
from boardlab.families.chessnum.family import ChessNum

FAMILY = register(ChessNum())
