"""The four published Chess-Num boards with their solutions, measured by the chessnum benchmarks.

Erich Friedman's Chess-Num page, as transcribed in public student projects; solutions re-checked
by solving (SOURCES.md). Each record keeps its `source` line. The tests read their own copies
(tests/data/chessnum).
"""

from __future__ import annotations

from typing import Any

PUBLISHED: list[dict[str, Any]] = [
    {
        "id": "chessnum-01",
        "source": "paulinho-16/MIEIC-PLOG: Project 2/source/board.pl (problemOne) ; same board in "
        "pedrovponte/PLOG-project: TP2/puzzles.pl (puzzle(0,...))",
        "instance": {
            "family": "chessnum",
            "size": 8,
            "pieces": "KQRBNP",
            "clues": {"b8": 1, "d8": 6, "e6": 2, "d4": 0},
        },
        "solution": {"K": "d7", "Q": "g8", "R": "c8", "B": "a5", "N": "b7", "P": "e7"},
    },
    {
        "id": "chessnum-02",
        "source": "paulinho-16/MIEIC-PLOG: Project 2/source/board.pl (problemTwo) ; same board in "
        "pedrovponte/PLOG-project: TP2/puzzles.pl (puzzle(1,...))",
        "instance": {
            "family": "chessnum",
            "size": 8,
            "pieces": "KQRBNP",
            "clues": {"c7": 4, "g5": 4, "a3": 0, "c1": 4},
        },
        "solution": {"K": "b1", "Q": "g1", "R": "c5", "B": "f4", "N": "e6", "P": "b6"},
    },
    {
        "id": "chessnum-03",
        "source": "paulinho-16/MIEIC-PLOG: Project 2/source/board.pl (problemThree) ; same board in "
        "pedrovponte/PLOG-project: TP2/puzzles.pl (puzzle(2,...))",
        "instance": {
            "family": "chessnum",
            "size": 8,
            "pieces": "KQRBNP",
            "clues": {
                "a8": 1,
                "b8": 0,
                "f8": 0,
                "h8": 1,
                "a6": 0,
                "d5": 0,
                "e5": 0,
                "h5": 0,
                "g4": 0,
                "h4": 0,
                "f2": 0,
                "f1": 0,
                "h1": 1,
            },
        },
        "solution": {"K": "h2", "Q": "h7", "R": "g7", "B": "h6", "N": "g5", "P": "b7"},
    },
    {
        "id": "chessnum-04",
        "source": "paulinho-16/MIEIC-PLOG: Project 2/source/board.pl (problemFour) ; same board in "
        "pedrovponte/PLOG-project: TP2/puzzles.pl (puzzle(3,...))",
        "instance": {
            "family": "chessnum",
            "size": 8,
            "pieces": "KQRBNP",
            "clues": {"c7": 3, "h7": 0, "e4": 5, "d2": 3, "h2": 0},
        },
        "solution": {"K": "d3", "Q": "f4", "R": "c4", "B": "a5", "N": "g3", "P": "f3"},
    },
]
