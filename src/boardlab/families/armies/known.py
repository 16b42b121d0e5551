"""Published values of OEIS A250000 (peaceable queens), for reports, tests and the `oeis` cuts.

Source: The On-Line Encyclopedia of Integer Sequences, A250000. n<=13 proven by integer
programming (2014), n=14,15 (2018); n>=16 best known placements only.
The models never use these values unless asked (`--cuts oeis`).
"""

#: a(n) proven optimal in the literature.
PROVEN: dict[int, int] = {
    1: 0,
    2: 0,
    3: 1,
    4: 2,
    5: 4,
    6: 5,
    7: 7,
    8: 9,
    9: 12,
    10: 14,
    11: 17,
    12: 21,
    13: 24,
    14: 28,
    15: 32,
}

#: Best known lower bounds (placements published; optimality open).
LOWER_BOUNDS: dict[int, int] = {
    16: 37,
    17: 42,
    18: 47,
    19: 52,
    20: 58,
    21: 64,
    22: 70,
    23: 77,
    24: 84,
    25: 91,
    26: 98,
    27: 106,
    28: 114,
    29: 122,
    30: 131,
}


def best_known(n: int) -> tuple[int | None, bool]:
    """(value, proven) for board size n; (None, False) when nothing is recorded."""
    if n in PROVEN:
        return PROVEN[n], True
    return LOWER_BOUNDS.get(n), False
