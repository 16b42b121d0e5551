"""The peaceable armies instance: a board size `n` and, optionally, the army size `m`.

With m, "place m white and m black queens" (or prove it impossible); without m, "find the
largest m". Its formats are in `io.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from boardlab.core.errors import BadInput
from boardlab.core.words import shown

#: Largest board accepted (the construction places both armies in well under a second up to
#: here; the exact models have O(n^2) variables and answer far smaller boards; drawing stops earlier).
MAX_N = 1000


@dataclass(frozen=True)
class ArmiesInstance:
    """An n x n board and the army size m (None: maximise)."""

    n: int
    m: int | None = None


def _integer(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} must be an integer, got {shown(value)}", path=(what,))
    return value


def make_instance(n: Any, m: Any = None) -> ArmiesInstance:
    """A validated instance: 1 <= n <= MAX_N, 0 <= m (m above n^2 / 2 is simply impossible)."""
    n = _integer(n, "n")
    if n < 1:
        raise BadInput(f"n must be a positive integer, got {n}", path=("n",))
    if n > MAX_N:
        raise BadInput(f"n = {n} is larger than the supported {MAX_N}", path=("n",))
    if m is not None:
        m = _integer(m, "m")
        if m < 0:
            raise BadInput(f"m must be 0 or more, got {m}", path=("m",))
    return ArmiesInstance(n, m)
