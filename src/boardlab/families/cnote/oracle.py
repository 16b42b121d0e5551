"""The C-Note oracle (`core.oracle.Oracle`): items are numbers in cells, `(row, col, number)`.

Each question is one CP-SAT solve of the `domain` model (one worker, so deterministic) with the
placed numbers fixed and the forbidden ones excluded; a budget is CP-SAT deterministic time.
`several` enumerates up to a few solutions at once (the generator's uniqueness check, which
refutes several counterexamples per round) and `closest` the solution sharing most placed
numbers (a hint's mistake).
"""

from __future__ import annotations

from collections.abc import Collection

from ortools.sat.python import cp_model

from boardlab.core.cpsat import one_worker, solve_interruptibly
from boardlab.core.oracle import UNDECIDED, Oracle, Undecided
from boardlab.families.cnote.io import CNoteInstance
from boardlab.families.cnote.model_cpsat import Model

Item = tuple[int, int, int]
Grid = list[list[int]]

#: `CNoteOracle.several`'s estimate of a solve's seconds (`work`): this many per CP-SAT
#: deterministic second, plus `SECONDS_PER_VALUE` per value of the cells' domains (CP-SAT's
#: deterministic time leaves out loading the model, which dominates at large targets: 0.06 s
#: of wall for 0.001 deterministic seconds on 3 columns of 8 rows at 1,000). Fitted by least
#: squares on the 1,103 checks of 12 generator commands (thirty-first session: 3x8 at 600 and
#: 1,000, 3x6 at 1,000, 5x8 at 130 and 1,000, 6x8 at 150 and 300, 5x7 at 130, 8x6 at 180, 4x4
#: at 120, 7x7 at 130, 8x8 at 140; seed 0). A command's checks took 0.7-1.6 times their
#: estimate (the most on rectangles of 8 rows, where each solution the enumeration finds costs
#: about 4 ms more than its deterministic time says: 5x8 at 125, seed 1, 7.8 s for 4.9
#: estimated; squares in the rigid band less). It depends only on the model and the solver's
#: answer, so a budget of it keeps the generator deterministic per seed.
SECONDS_PER_DETERMINISTIC = 1.3
SECONDS_PER_VALUE = 9e-6


def as_items(grid: Grid) -> frozenset[Item]:
    """A solution grid as its items."""
    return frozenset((r, c, value) for r, row in enumerate(grid) for c, value in enumerate(row))


def as_grid(items: Collection[Item], height: int, width: int) -> list[list[int | None]]:
    """Items as a grid of numbers, None where no item is (the reverse of `as_items`)."""
    grid: list[list[int | None]] = [[None] * width for _ in range(height)]
    for r, c, value in items:
        grid[r][c] = value
    return grid


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, cells: list[list[cp_model.IntVar]], cap: int) -> None:
        super().__init__()
        self._cells = cells
        self._cap = cap
        self.found: list[Grid] = []

    def on_solution_callback(self) -> None:
        self.found.append([[int(self.value(v)) for v in row] for row in self._cells])
        if len(self.found) >= self._cap:
            self.stop_search()


class CNoteOracle(Oracle[Item]):
    """Questions on one C-Note puzzle."""

    def __init__(self, instance: CNoteInstance):
        self.instance = instance
        #: Estimated seconds of the solves of `several` so far (`SECONDS_PER_DETERMINISTIC`).
        self.work = 0.0

    def _model(self, placed: Collection[Item], forbidden: Collection[Item]) -> Model:
        built = Model(self.instance)
        for r, c, value in placed:
            if built.admits(r, c, value):
                built.model.add(built.cells[r][c] == value)
            else:  # a number out of the cell's range (`Model.admits`): no solution has it
                built.model.add_bool_or([])
        for r, c, value in forbidden:
            if built.admits(r, c, value):  # out of range, it is excluded already
                built.model.add(built.cells[r][c] != value)
        return built

    def solution(
        self, placed: Collection[Item] = (), forbidden: Collection[Item] = (), budget: float | None = None
    ) -> frozenset[Item] | None | Undecided:
        return self._solve(self._model(placed, forbidden), budget)

    def alternative(
        self, solution: Collection[Item], placed: Collection[Item] = (), budget: float | None = None
    ) -> frozenset[Item] | None | Undecided:
        """A solution containing `placed` other than `solution`, in one solve: `solution`
        blocked by a no-good (`Model.block`), where the core's default asks one solve per item.
        A `solution` that does not fill the grid goes to the default (a no-good on a whole grid
        would not say "other than" it)."""
        grid = as_grid(solution, self.instance.height, self.instance.width)
        if any(value is None for row in grid for value in row):
            return super().alternative(solution, placed, budget)
        built = self._model(placed, ())
        built.block(grid)  # type: ignore[arg-type]  # every cell filled
        return self._solve(built, budget)

    def _solve(self, built: Model, budget: float | None) -> frozenset[Item] | None | Undecided:
        """One solve of `built`: a solution's items, None (none), or UNDECIDED (budget)."""
        solver = one_worker(budget=budget)
        code = solve_interruptibly(solver, built.model)
        if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return as_items([[int(solver.value(v)) for v in row] for row in built.cells])
        if code == cp_model.INFEASIBLE:
            return None
        if code == cp_model.MODEL_INVALID:
            raise RuntimeError("CP-SAT rejected the model as invalid")
        return UNDECIDED

    def several(self, cap: int, seed: int, budget: float | None = None) -> list[Grid] | Undecided:
        """Up to `cap` solutions (all of them when there are fewer); `UNDECIDED` when `budget`
        (deterministic seconds) ran out first. `seed` is CP-SAT's random seed. Adds the solve's
        estimated seconds to `work`."""
        built = Model(self.instance)
        solver = one_worker(seed, budget)
        solver.parameters.enumerate_all_solutions = True
        collector = _Collector(built.cells, cap)
        code = solve_interruptibly(solver, built.model, collector)
        self.work += (
            SECONDS_PER_DETERMINISTIC * solver.deterministic_time + SECONDS_PER_VALUE * built.domain_values
        )
        if code == cp_model.MODEL_INVALID:
            raise RuntimeError("CP-SAT rejected the model as invalid")
        # enumeration that ends complete is OPTIMAL (or INFEASIBLE); FEASIBLE with fewer than
        # `cap` solutions means the budget stopped it part-way: the other solutions are unknown
        if code in (cp_model.UNKNOWN, cp_model.FEASIBLE) and len(collector.found) < cap:
            if budget is None:
                raise RuntimeError("CP-SAT stopped without an answer while counting")
            return UNDECIDED
        return collector.found

    def closest(self, placed: Collection[Item]) -> Grid | None:
        """A solution sharing the most numbers with `placed` (None: the puzzle has none)."""
        built = Model(self.instance)
        agree = []
        for r, c, value in placed:
            if not built.admits(r, c, value):  # no solution agrees with it (`Model.admits`)
                continue
            same = built.model.new_bool_var(f"same{r}_{c}")
            built.model.add(built.cells[r][c] == value).only_enforce_if(same)
            agree.append(same)
        built.model.maximize(sum(agree))
        solver = one_worker()
        if solve_interruptibly(solver, built.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return [[int(solver.value(v)) for v in row] for row in built.cells]
        return None
