"""boardlab: a constraint-programming lab for chessboard and grid puzzles."""

__version__ = "0.1.0"
