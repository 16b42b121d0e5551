"""Hints for a player: the next number to write, or the numbers that no solution has.

A partial placement has the solution's shape, `{"grid": [[n or null, ...], ...]}`; null (or 0)
marks a cell still empty. The answer follows `Family.hint`:
- `solved`: every cell is filled and the checker accepts the grid;
- `mistake`: numbers that break the rules on their own (not containing the digit, not
  positive), or, when no solution extends the placement, the numbers that differ from the
  solution closest to it (most numbers in common, found by CP-SAT) are named in `remove`;
- `progress`: one empty cell and its number in `place`. A number that every solution extending
  the placement shares is preferred (the message says it is forced); on a puzzle with several
  solutions a cell may have no forced number, and the hint then says it is one possibility;
- `unsolvable`: the puzzle itself has no solution.
With `--all-forced` a progress hint also gives `forced`: every number that all solutions
extending the placement share, in the empty cells (null elsewhere; one CP-SAT question per
cell at most, `Oracle.all_forced`); other hints say why there is none (`forced_note`).

The questions go to the family's oracle (`oracle.CNoteOracle`: `solution`, `forced`,
`closest`); the answer is a `core.oracle.Hint`.
"""

from __future__ import annotations

from typing import Any

from boardlab.core.errors import BadInput, SolverBug
from boardlab.core.oracle import Hint, HintStatus
from boardlab.core.words import plural, shown
from boardlab.families.cnote.io import CNoteInstance
from boardlab.families.cnote.model_cpsat import trivially_unsatisfiable
from boardlab.families.cnote.oracle import CNoteOracle
from boardlab.families.cnote.verify import violations


def _partial(instance: CNoteInstance, data: Any) -> list[list[int | None]]:
    if data is None:
        return [[None] * instance.width for _ in range(instance.height)]
    grid = data.get("grid") if isinstance(data, dict) else None
    if not isinstance(grid, list) or len(grid) != instance.height:
        raise BadInput(
            f'a cnote placement is {{"grid": [[n or null, ...], ...]}} with {plural(instance.height, "row")}',
            path=(),
        )
    cells: list[list[int | None]] = []
    for r, row in enumerate(grid):
        if not isinstance(row, list) or len(row) != instance.width:
            raise BadInput(
                f"placement row {r} must have {plural(instance.width, 'entry', 'entries')}", path=("grid", r)
            )
        line: list[int | None] = []
        for c, value in enumerate(row):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                # first: false and 0.0 equal 0, which marks an empty cell
                raise BadInput(
                    f"placement grid[{r}][{c}] must be a number or null, got {shown(value)}",
                    path=("grid", r, c),
                )
            line.append(None if value is None or value == 0 else value)
        cells.append(line)
    return cells


def hint(instance: CNoteInstance, data: Any) -> Hint:
    """The hint for the placement `data` (see the module docstring)."""
    partial = _partial(instance, data)
    placed = [(r, c, v) for r, row in enumerate(partial) for c, v in enumerate(row) if v is not None]
    if len(placed) == instance.height * instance.width:
        problems = violations(instance.grid, instance.rows, instance.cols, {"grid": partial})
        if not problems:
            return Hint(HintStatus.SOLVED, "every row and column adds up")
    wrong = [(r, c, v) for r, c, v in placed if v < 1 or str(instance.grid[r][c]) not in str(v)]
    if wrong:
        r, c, v = wrong[0]
        why = (
            "is not a positive integer"
            if v < 1
            else f"does not contain the given digit {instance.grid[r][c]}"
        )
        return _mistake(instance, wrong, f"{v} at [{r}, {c}] {why}")
    if trivially_unsatisfiable(instance) is not None:
        return Hint(HintStatus.UNSOLVABLE, "this puzzle has no solution")
    oracle = CNoteOracle(instance)
    found = oracle.solution(placed)
    if not isinstance(found, frozenset):
        nearest = oracle.closest(placed)
        if nearest is None:
            return Hint(HintStatus.UNSOLVABLE, "this puzzle has no solution")
        differing = [(r, c, v) for r, c, v in placed if nearest[r][c] != v]
        return _mistake(instance, differing, "no solution has all these numbers")
    empty = {(r, c) for r in range(instance.height) for c in range(instance.width) if partial[r][c] is None}
    candidates = sorted(item for item in found if item[:2] in empty)
    if not candidates:  # a full grid the model accepts but the checker rejected
        raise SolverBug("cnote: the model and the checker disagree on a full grid")
    chosen = oracle.step(placed, candidates)
    assert chosen is not None
    (r, c, value), forced = chosen
    message = (
        f"[{r}, {c}] must be {value}"
        if forced
        else f"[{r}, {c}] can be {value} (the puzzle has several solutions)"
    )
    answer = Hint.placement(_grid_with(instance, [(r, c, value)]), message, forced)
    answer.forced_by = lambda: _grid_with(instance, oracle.all_forced(placed, candidates) or [])
    return answer


def _grid_with(instance: CNoteInstance, cells: list[tuple[int, int, int]]) -> dict[str, Any]:
    grid: list[list[int | None]] = [[None] * instance.width for _ in range(instance.height)]
    for r, c, v in cells:
        grid[r][c] = v
    return {"grid": grid}


def _mistake(instance: CNoteInstance, cells: list[tuple[int, int, int]], message: str) -> Hint:
    return Hint(HintStatus.MISTAKE, message, remove=_grid_with(instance, cells))
