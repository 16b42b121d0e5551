"""The CP-SAT model of C-Note: one integer variable per cell, the number written there.

Constraints: every row adds up to its target and every column to its target (one linear
equality each). Every number is at least 1, so a cell's number is at most
`min(row target - (width - 1), column target - (height - 1))`.

"Contains the digit" (the number's decimal writing, without leading zeros, includes the cell's
given digit; equivalently: digits were written before and/or after it) has two encodings, an
option of the model (`--model`) so that experiments can compare them:

- `domain` (the default): the admissible numbers of a cell are enumerated once, in Python, up to
  the cell's bound (`str(d) in str(v)` for v = 1..bound; O(bound), cached per digit and bound),
  and become the variable's domain (`Domain.from_values`, a sorted list of intervals). The rule
  then costs no constraint at all: CP-SAT's domain encoding excludes the holes itself and every
  propagation of the sums lands on admissible values. A unary constraint enforced once and for
  all by restricting the domain is node consistency (Bessiere, "Constraint Propagation", ch. 3
  of the Handbook of Constraint Programming, 2006). It is exact for any target (nothing assumes
  100, the bound follows from the targets); for target 10,000 a cell's domain is about 3,400
  values in about 820 intervals, which CP-SAT handles without effort.
- `digits`: the seed's encoding translated to CP-SAT. The seed (002, `includes_digit/2`) states
  the rule by recursion on `Var mod 10` and `Var // 10`, a disjunction that CLP(FD) resolves by
  backtracking over the digit positions. Here: for each position k where the digit can stand,
  a Boolean `p_k`, exactly one true, and `p_k => x = a_k * 10^(k+1) + d * 10^k + b_k` with
  `0 <= b_k < 10^k` (the digits after it) and `a_k >= 0` (the digits before it; `a_k >= 1` when
  d = 0, so no leading zero); `not p_k => a_k = b_k = 0`, so that enumeration does not count the
  unused helpers. A number holding the digit twice (88 for an 8) has two positions: the model
  has one solution per position, which `solve_cpsat` de-duplicates on the cell numbers.
  It is kept to measure what the domain encoding saves (experiment `cnote/encodings`), and it is
  what `auto` takes at huge targets.
- `auto` (the default): `domain`, unless some cell's bound exceeds `DIGITS_FROM`; then `digits`.
  A domain of a cell grows with the target (470,000 values in 66,000 intervals at 10^6) and
  CP-SAT's presolve with it: on a 2x2 grid, where the sums make the four cells affine in one
  another, a solve took 0.05 s at target 10,000, 0.5 s at 30,000, 6.8 s at 100,000, 192 s at
  500,000, and failed with `std::bad_alloc` at 1,000,000; on 3x3-5x5 grids 0.1-0.8 s at
  100,000 and 3.3 s at 1,000,000, the digit encoding 0.01-0.9 s at each (random grids, first
  and unique modes; thirty-third session, docs/cnote.md "The model"). Below the bound the
  domain encoding stays: it proves generated puzzles unique without a branch, where the digit
  encoding needs thousands (the table there); targets that large have no unique square
  puzzle of 4x4 or more anyway (Lemma 2).

An explicit `domain` is refused (`Unsupported`, exit 2, one line naming the cell and its bound)
where some cell's bound exceeds `DOMAIN_UP_TO` (100,000). Where a line has two cells the sums
make its cells affine in one another, and CP-SAT's presolve then needs memory quadratic in the
bound: on a 2x2 grid 0.9 GB and 9.5 s at 100,000, 1.9 GB and 17 s at 150,000, 3.4 GB and 33 s
at 200,000, 7.6 GB and 86 s at 300,000 (a 2x3 grid with columns of 200,000: 3.5 GB, 52 s; 5x2
with rows of 750,000, bounds 299,995: 7.8 GB, 225 s), and from about 800,000 an allocation
fails at once with `std::bad_alloc` (an internal error, exit 4, before). Lines of three cells
or more stay linear (3x3 and 5x5 at 1,000,000: 0.3-0.5 GB, 3-4 s; 20x20 at 1,000,000: 4 GB,
79 s, the digit encoding 9 s): one bound for every shape, where the worst shape is still about
a gigabyte and ten seconds; `auto` and `digits` answer beyond it.

Unique mode (`--unique`, and the generator's final proof) is a solve, then a solve with that
solution blocked (`core.cpsat.enumerate_by_blocking`; twenty-seventh session), not CP-SAT's
enumeration of solutions: each solve keeps CP-SAT's presolve, which the enumeration turns off.
On the annealed grids of one solution at the largest targets the enumeration took up to 7.6 s
(5x5 at 180) where the two solves took 0.3 s; on easy grids both take hundredths of a second
(docs/cnote-journal.md, "Twenty-seventh session").

Search strategies (`Family.strategies`): `portfolio` is CP-SAT's default (its portfolio of
workers when solving for one solution); the others are `VARIABLE:VALUE` pairs passed to
`AddDecisionStrategy` on the cell variables in row-major order and followed exactly
(`search_branching = FIXED_SEARCH`, one worker), the CP-SAT counterparts of the SICStus
`labeling/2` options compared in the starting report (the `cnote/strategies` experiment
maps them).
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

from ortools.sat.python import cp_model

from boardlab.core.cpsat import enumerate_by_blocking, solve_cpsat
from boardlab.core.deadline import NO_DEADLINE, Deadline
from boardlab.core.errors import Unsupported
from boardlab.core.results import Mode, Outcome, SolveRequest, Stats, Status
from boardlab.families.cnote.choices import (
    DEFAULT_MODEL,
    DEFAULT_STRATEGY,
    MODELS,
    VALUE_CHOICES,
    VARIABLE_CHOICES,
)
from boardlab.families.cnote.io import CNoteInstance

#: Variable selection: strategy name part -> CP-SAT constant.
VARIABLE_CHOICE = dict(
    zip(
        VARIABLE_CHOICES,
        (
            cp_model.CHOOSE_FIRST,
            cp_model.CHOOSE_LOWEST_MIN,
            cp_model.CHOOSE_HIGHEST_MAX,
            cp_model.CHOOSE_MIN_DOMAIN_SIZE,
            cp_model.CHOOSE_MAX_DOMAIN_SIZE,
        ),
    )
)
#: Value selection: strategy name part -> CP-SAT constant.
VALUE_CHOICE = dict(
    zip(
        VALUE_CHOICES,
        (
            cp_model.SELECT_MIN_VALUE,
            cp_model.SELECT_MAX_VALUE,
            cp_model.SELECT_LOWER_HALF,
            cp_model.SELECT_UPPER_HALF,
            cp_model.SELECT_MEDIAN_VALUE,
        ),
    )
)


@lru_cache(maxsize=64)
def admissible(digit: int, bound: int) -> tuple[int, ...]:
    """The numbers 1..bound whose decimal writing contains `digit` (ascending)."""
    mark = str(digit)
    return tuple(v for v in range(1, bound + 1) if mark in str(v))


def cell_bounds(instance: CNoteInstance) -> list[list[int]]:
    """The largest number each cell can hold (all other cells of its lines hold at least 1)."""
    return [
        [
            min(instance.rows[r] - (instance.width - 1), instance.cols[c] - (instance.height - 1))
            for c in range(instance.width)
        ]
        for r in range(instance.height)
    ]


def smallest(digit: int) -> int:
    """The smallest positive number whose decimal writing contains `digit`: the digit itself,
    10 for a 0 (so a cell of bound b admits a number exactly when b >= smallest(digit))."""
    return digit if digit > 0 else 10


def empty_cell(instance: CNoteInstance) -> tuple[int, int] | None:
    """A cell that no number fits (then there is no solution), or None. Constant time a cell:
    it listed the admissible numbers (`admissible`) before the time limit could stop it, 0.4 to
    0.9 s of a 2x2 or 3x3 grid's solve at target 1,000,000 under `--time-limit 0.2`."""
    bounds = cell_bounds(instance)
    for r, row in enumerate(instance.grid):
        for c, digit in enumerate(row):
            if bounds[r][c] < smallest(digit):
                return r, c
    return None


#: `auto` takes the digit encoding when some cell's bound exceeds this (module docstring).
DIGITS_FROM = 20_000


#: The domain encoding is refused where some cell's bound exceeds this (module docstring): on a
#: 2x2 grid CP-SAT's presolve needed 0.9 GB and 9.5 s at 100,000, 3.4 GB at 200,000, 7.6 GB at
#: 300,000 and failed with `std::bad_alloc` from about 800,000.
DOMAIN_UP_TO = 100_000


def encoding_for(instance: CNoteInstance, encoding: str = DEFAULT_MODEL) -> str:
    """The encoding built for `encoding` (one of `choices.MODELS`): `auto` resolved by the
    cells' bounds (module docstring), the others as they are; `Unsupported` for `domain` where
    a cell's bound exceeds `DOMAIN_UP_TO`."""
    if encoding not in MODELS:
        raise ValueError(f"unknown encoding {encoding!r}")
    bounds = cell_bounds(instance)
    largest = max((bound for row in bounds for bound in row), default=0)
    if encoding == "domain" and largest > DOMAIN_UP_TO:
        r, c = next((r, c) for r, row in enumerate(bounds) for c, bound in enumerate(row) if bound == largest)
        raise Unsupported(
            f"--model domain: cell [{r}, {c}] may hold numbers up to {largest:,}, more than the domain "
            f"encoding's {DOMAIN_UP_TO:,} (its presolve needs gigabytes beyond: 3.4 GB at 200,000 on a "
            "2x2 grid, std::bad_alloc from about 800,000); use --model digits or auto (the default)"
        )
    if encoding != "auto":
        return encoding
    return "digits" if largest > DIGITS_FROM else "domain"


class Model:
    """The built model: the CP-SAT model, the cell variables (row-major) and its size.
    `encoding`: one of `choices.MODELS`; `self.encoding` is the one built (`auto` resolved)."""

    def __init__(
        self,
        instance: CNoteInstance,
        encoding: str = DEFAULT_MODEL,
        strategy: str | None = None,
        deadline: Deadline = NO_DEADLINE,
    ) -> None:
        bounds = cell_bounds(instance)
        self.instance = instance
        self.encoding = encoding_for(instance, encoding)
        self.model = cp_model.CpModel()
        self.domain_values = 0
        self.bounds = bounds
        self.cells: list[list[cp_model.IntVar]] = []
        for r, row in enumerate(instance.grid):
            variables = []
            for c, digit in enumerate(row):
                deadline.check()  # a cell's domain is O(target) values: 2 s for 10x10 at 1,000,000
                if self.encoding == "domain":
                    values = admissible(digit, bounds[r][c])
                    self.domain_values += len(values)
                    variables.append(
                        self.model.new_int_var_from_domain(cp_model.Domain.from_values(values), f"x{r}_{c}")
                    )
                else:
                    variables.append(self._digits_cell(digit, bounds[r][c], f"x{r}_{c}"))
            self.cells.append(variables)
        for r in range(instance.height):
            self.model.add(sum(self.cells[r]) == instance.rows[r])
        for c in range(instance.width):
            self.model.add(sum(self.cells[r][c] for r in range(instance.height)) == instance.cols[c])
        self.flat = [v for row in self.cells for v in row]
        self.fixed_search = strategy not in (None, DEFAULT_STRATEGY)
        if self.fixed_search:
            variable, value = strategy.split(":")  # type: ignore[union-attr]
            self.model.add_decision_strategy(self.flat, VARIABLE_CHOICE[variable], VALUE_CHOICE[value])

    def _digits_cell(self, digit: int, bound: int, name: str) -> cp_model.IntVar:
        """A cell variable with the positional ("digits") encoding of "contains the digit"."""
        model = self.model
        x = model.new_int_var(1, bound, name)
        positions = []
        k = 0
        # the smallest number with the digit at position k: d * 10^k, or 10^(k+1) for a 0
        while (10 ** (k + 1) if digit == 0 else digit * 10**k) <= bound:
            here = model.new_bool_var(f"{name}_p{k}")
            before = (
                model.new_int_var(1 if digit == 0 else 0, bound // 10 ** (k + 1), f"{name}_a{k}")
                if bound >= 10 ** (k + 1)
                else None
            )
            after = model.new_int_var(0, 10**k - 1, f"{name}_b{k}")
            expression = digit * 10**k + after + (before * 10 ** (k + 1) if before is not None else 0)
            model.add(x == expression).only_enforce_if(here)
            if before is not None:
                if digit == 0:
                    # before >= 1 always, so pin it to its lower bound when unused
                    model.add(before == 1).only_enforce_if(~here)
                else:
                    model.add(before == 0).only_enforce_if(~here)
            model.add(after == 0).only_enforce_if(~here)
            positions.append(here)
            k += 1
        model.add_exactly_one(positions)
        self.domain_values += bound
        return x

    def admits(self, r: int, c: int, value: int) -> bool:
        """Whether `value` lies within cell [r, c]'s range (1 to its bound). A number outside
        it is in no solution, and one past CP-SAT's 64-bit integers (a player's hint
        placement can be any integer) cannot even be written in a constraint: ask first."""
        return 1 <= value <= self.bounds[r][c]

    def decode(self, value: Any) -> dict[str, Any]:
        return {"grid": [[int(value(v)) for v in row] for row in self.cells]}

    def block(self, grid: list[list[int]]) -> None:
        """Excludes the solution `grid` (its cell numbers) from later solves: a no-good, some
        cell differs (one Boolean a cell)."""
        differs = []
        for variable, value in zip(self.flat, (v for row in grid for v in row), strict=True):
            differs.append(self.model.new_bool_var(""))
            self.model.add(variable != value).only_enforce_if(differs[-1])
        self.model.add_bool_or(differs)


def solve(instance: CNoteInstance, request: SolveRequest) -> Outcome:
    """Run the request on the model (see the module docstring for the options)."""
    encoding = encoding_for(instance, request.options.get("model") or DEFAULT_MODEL)
    presolve = not request.options.get("no_presolve")
    strategy = request.strategy or DEFAULT_STRATEGY
    model_name = f"{encoding} encoding"
    trivial = trivially_unsatisfiable(instance)
    if trivial is not None:
        stats = Stats(
            backend="cpsat",
            strategy=strategy,
            model=model_name,
            branches=0,
            conflicts=0,
            variables=0,
            constraints=0,
        )
        stats.extra["reason"] = trivial
        return Outcome(
            Status.UNSATISFIABLE, count=0, unique=False if request.mode == Mode.UNIQUE else None, stats=stats
        )
    start = time.perf_counter()
    built = Model(instance, encoding, strategy, request.deadline)
    build_seconds = time.perf_counter() - start
    parameters: dict[str, Any] = {}
    if not presolve:
        parameters["cp_model_presolve"] = False
    settings: dict[str, Any] = dict(
        fixed_search=built.fixed_search, model_name=model_name, parameters=parameters
    )
    if request.mode == Mode.UNIQUE:  # a solve, then a solve with it blocked (module docstring)
        block = lambda solution: built.block(solution["grid"])  # noqa: E731
        outcome = enumerate_by_blocking(built.model, built.flat, built.decode, request, block, **settings)
    else:
        outcome = solve_cpsat(built.model, built.flat, built.decode, request, **settings)
    outcome.stats.strategy = strategy
    outcome.stats.extra["domain_values"] = built.domain_values
    outcome.stats.extra["build_seconds"] = round(build_seconds, 6)
    outcome.stats.extra["presolve"] = presolve
    return outcome


def trivially_unsatisfiable(instance: CNoteInstance) -> str | None:
    if instance.unbalanced is not None:
        return instance.unbalanced
    cell = empty_cell(instance)
    if cell is not None:
        r, c = cell
        return f"no number containing {instance.grid[r][c]} fits cell [{r}, {c}] (all numbers are at least 1)"
    return None
