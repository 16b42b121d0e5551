"""Solution counts of C-Note grids by depth-first enumeration of all rows but the last two and a
convolution for those, and annealing of digit grids on them (the generator's `Searched`
planter for 4x4 and 5x5 grids beyond the rigid shape's targets; docs/cnote.md, "Large targets").

The count (`Enumerator.count`, a compiled kernel in `search_kernels`), on an h x w grid
(h, w >= 2). Cells are filled row by row over the first h - 2 rows; a cell takes the numbers
containing its digit, ascending, up to the row's remainder less the least numbers of the row's
later cells and the column's remainder less the least numbers of the cells below it (every
number containing digit d is at least d); the last cell of a row is forced to the row's
remainder and is looked at when the cell before it is placed. Since the twenty-fifth session a
number is also passed over when what remains of its row (or its column) after it is no sum the
row's later cells (the column's lower cells) can make with numbers containing their digits:
the reach tables, built once per count as bit sets (`search_kernels._reach`; `PRUNE_FROM`).
That drops no solution, and it cuts most of the prefixes that led nowhere: the count of a 5x5
grid of one solution at 158 took 30 ms before and 4 ms after, a 6x6 grid's at 150 113 ms and
1.3 ms, a cell's nine digits on them 37 and 9 ms, 130 and 14 ms. Every solution is reached once:
it is fixed by its first h - 2 rows and its row h - 2 (the last row is then the columns'
remainders). Since the thirty-fourth session the row's test is dynamic (*live sets*,
`search_kernels._row_sets`): at the start of each row every cell's numbers are filtered by
its column's reach table (the column remainders are known there), and a number is placed only
when the row's later cells can make the rest of the row with such filtered numbers; so every
value placed leads to a complete row, and none is passed over one by one. On the grids a 6x6
chain's moves searched at 162 (366 searches of 1e6 units) the cells placed in row h - 3 fell
from 4.5e7 to 1.6e7 and the time to 0.6 of what it was (docs/cnote-journal.md, "Thirty-fourth
session"). On grids of `TRIM_FROM` rows or more every cell's numbers are first trimmed to those
whose row and column remainders the line's other cells can make (`search_kernels._trim`, two
rounds): 60-80 % of the numbers go on the annealing's 6x6 grids at 162, the column reach tables
and live sets shrink with them, and a wildcard cell (`count_cell`) admits only numbers its lines
allow. Of 198 cell searches an 8x8 chain made at 162 (cut at 1e6 units), 39 ended within their
budget against 4; with 2e7 units, 47 against 12.

The last two rows are counted, not enumerated. Let c_j be column j's remainder after the first
h - 2 rows and R row h - 2's target. A completion puts x_j in row h - 2 and c_j - x_j in row
h - 1 of column j; it is a solution exactly when every x_j is in
S_j(c_j) = {x : 1 <= x < c_j, x contains the digit of (h - 2, j), c_j - x contains that of
(h - 1, j)} and sum_j x_j = R (row h - 1 then adds up to its target: the c_j add up to both
rows' targets because the row and column targets have the same total). So the prefix has
#{(x_0, ..., x_{w-1}) in S_0 x ... x S_{w-1} : sum x_j = R} completions, the value at R of
the convolution of the S_j's indicators: the table of sums of the first w - 2 columns (plain
loops for up to 2 columns, a dynamic program over a window of sums for more) is read once per
pair of the last two columns' values. The table is kept while the first w - 2 column
remainders stay the same (consecutive prefixes often share them), and cleared as it was built.
The S_j(c) are made on first use, once per count. In row h - 3 a value whose column remainder
leaves S_j empty is skipped at once. The count stops at `cap` solutions (reported as the cap)
or after a budget of work units (a cell placed, a value scanned for an S_j, a step of the
table's loops), so a count is exact only when it ends on its own; both limits are counts, not
seconds, so the outcome is the same on every machine. Against the cell-by-cell enumeration of
the first h - 1 rows (the sixth session's kernel) on 200 random 4x4 grids of digits 7-9 at
target 180 (cap 20,000): the same counts, 0.32 s of CPU against 7.2 s. A count cut by its
budget also reports Knuth's estimate of the share of the search tree it covered
(`Enumerator.explored`; `search_kernels._explored`), which the annealing uses as a guide.

Since the twenty-seventh session the count is *memoised* on grids of 5 rows or more
(`MEMO_FROM`): what remains below a row boundary (rows r..h-1 to fill, r >= 2, or the last two
rows' completions) depends only on the columns' remainders there, since the rows below are
untouched and keep their targets; two prefixes with the same remainders (a move of zero row
sums among the rows above, such as +10 and -10 in one row and the reverse in another) have
the same completions. So each subtree's solutions (and, for `count_cell`, its tally by digit)
are kept in a table keyed by (row, remainders) when the subtree ends, and a prefix meeting a
kept key adds them instead of searching again (open addressing, `MEMO_SLOTS`; a count fills at
most half, then keeps no more). Nothing else changes: the same solutions are counted, each
once, in the same order (a cut count's Knuth estimate is of the same path). On the grids a 6x6
chain met at 152 (175 cell searches of 3e6 units each) 135 ended within their budget against
46 unmemoised, in about 1.1 times the time; at equal CPU the chains reached lower counts and
found puzzles where none had been made (6x6 at 153 and 154, 7x7 at 152 and 153, 5x5 at 170;
docs/cnote-journal.md, "Twenty-seventh session"). On 4 rows the memo holds only the last two rows'
completions, and the chains found less.

Since the twenty-ninth session the count takes a grid's rows in an order of its own
(`Enumerator.rows_in_order`, grids of `ORDER_FROM` rows or more): the rows whose cells admit the
fewest numbers first, so that the two admitting the most (the rows with small digits, which
the annealing's grids of nines and eights hold few of) are the last two, counted by the
convolution instead of enumerated. A grid's solutions are its rows' solutions in any order
(each row keeps its target), so the count is the same. On the grids the twenty-eighth
session's surveys made and grids two cells from them, a count took 0.43 (6x6) to 0.83 (5x5) of
the nodes, and a cell's search cut at 1e6 units ended within it for 163 against 120 of 243 6x6
grids, in 0.58 of the time; at equal CPU the chains found more (docs/cnote-journal.md, "Twenty-ninth
session").

`anneal`: simulated annealing (Kirkpatrick, Gelatt and Vecchi, "Optimization by simulated
annealing", Science 1983) of the digit grid on the logarithm of its count, by a heat bath on
one cell a move (tenth session): every digit of a random cell is counted, and the cell takes
its digit or one of those with solutions, drawn with weight (current count / count)^(1 /
temperature), the Gibbs sampler of Geman and Geman (1984) at one cell; the temperature starts
at 1 and cools by `cooling` (5 %) a move to 0.05. Since the thirteenth session the 9 digits
are counted in one search (`Enumerator.count_cell`: the cell moved to the last row and column
and made a wildcard, each completion tallied to the digits of the cell's number), about the
cost of one count instead of 8 (4x4 at 187, one chain, seeds 0-4: 5 found in 0.6-11.8 s of
CPU, against 1 in 9.4 s and 4 failures in 13.9-21.5 s). A search not finished within its
work budget (`Schedule.per_cell`) is taken as found / explored (Knuth's estimate of the full
count from the share of the tree searched, at most the cap), which gives the annealing a
slope where grids have thousands of solutions. After `restart` moves without a new least
count, a fresh random grid of digits `fresh`-9 (`SCHEDULES`; with `eights`, the later ones are
nines with some eights). It stops at a grid of count 1 or when the budget of work is spent.
On 4x4 (`Schedule.polish`, twenty-second session) each new grid of two solutions the heat bath
meets has its neighbours one and two cells away counted up to 2 solutions (`polish`, within a
few work units) before the annealing goes on: unique grids at 194, where the annealing's least
count is 2, lie two cells from such grids. Until the nineteenth session 5x5 and 6x6 grids
moved one random cell to one random digit, kept with the Metropolis probability min(1, (count /
new count)^(1 / temperature)) (4x4 until the tenth): the heat bath found more on every side
once its search's budget suited the side (`SCHEDULES`' measurements), and that move was
dropped.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from boardlab.core.errors import SolverBug
from boardlab.families.cnote.convolution import admissible, digit_table

#: Solutions counted at most per grid (more: the count is taken as this), and the most a count
#: cut by its budget is estimated at (`Schedule.cap`, by default); 20,000 rather than 1,000
#: gives the annealing a slope where most grids have thousands of solutions (4x4 at 160).
CAP = 20_000
#: `Schedule.cap` where counts are not capped in effect (5x5 and 6x6, twenty-sixth session).
UNCAPPED = 1_000_000_000


@dataclass(frozen=True)
class Schedule:
    """The annealing's settings for one chain on one grid shape (`SCHEDULES`), measured per side.

    `budget`: the work units each of the generator's annealing chains may spend
    (`generate.Searched`, one chain per schedule of the side, at the same time; reported as "nodes",
    all chains together; `anneal` takes what is left of it), set so that the whole command stays
    under ~9 s of wall. `per_count`: work units the count of a fresh grid may spend (about 5 ms at
    5e5; more: the count is cut and estimated, module docstring). `restart`: moves without a new
    least count before a fresh grid. `cooling`: the temperature's factor per move. `fresh`: fresh
    grids draw digits `fresh`-9 (small digits make many numbers admissible; 9 alone: every fresh
    grid is all nines, the chains differing in their moves). `per_cell`: work units of a move's one
    search over the cell's 9 digits (`Enumerator.count_cell`; cut, its counts are estimated).
    `eights`: when positive, a chain's fresh grids after its first are nines with each cell an 8
    with this probability instead (6x6: from all nines the chains descend best at 141-143, but a
    stalled descent is better left for such grids than for all nines again). `polish`: when
    positive, each grid of two solutions the annealing meets has its neighbours one or two cells
    away counted (`polish`) within this many work units before the annealing goes on. `cap`:
    counts are taken at most this (`CAP`; a fresh grid's count stops at that many solutions, and
    a count cut by its budget is estimated at most this): with `UNCAPPED` the annealing still
    has a slope where every grid near it has more than 20,000 solutions (6x6 above 152).
    `charge`: work units charged for each count or cell search on top of its own, its fixed
    cost (about 0.1 ms of arrays and tables: 3,000-5,000 units) where a chain's counts are often
    cut short by the reach tables within a few hundred units (`_NARROW_WIDE`).

    What the seventh session measured on 4x4 with one digit a move (the dropped move of the
    module docstring; its settings were 5e5 units a count, restart 300, cooling 1 %, fresh 7):
    at 190, seeds 0-4, 5e8 units in all, fresh digits 8-9: 2e5 units a count found 1 puzzle
    (least counts 3-5 otherwise), 5e5 none (4-22) in less time (fewer counts); with the sixth
    session's units (cells placed, about 3e7 a second), 5e6 and 2e7 found fewer puzzles at 170
    than 2e6. At 150, restart 3,000 and cooling 0.1 % found 0 of 5 seeds in the budget, restart
    300 and cooling 1 % 5 of 5. With 2e8 units, seeds 0-4, fresh digits 4-9 found 2 at 165 and
    1 at 170, 6-9 2 and 0, 7-9 4 and 3, 8-9 - and 1."""

    budget: int
    per_count: int
    restart: int
    cooling: float
    fresh: int
    per_cell: int
    eights: float = 0.0
    polish: int = 0
    cap: int = CAP
    charge: int = 0

    @property
    def one_fresh_grid(self) -> bool:
        """Whether every fresh grid is the same (all nines)."""
        return self.fresh == 9 and not self.eights

    def fresh_grid(self, rng: random.Random, height: int, width: int, first: bool) -> list[list[int]]:
        """A chain's fresh grid: digits `fresh`-9, or after its first (`first` false) with
        `eights`, nines with each cell an 8 with that probability."""
        if first or not self.eights:
            return [[rng.randint(self.fresh, 9) for _ in range(width)] for _ in range(height)]
        return [[8 if rng.random() < self.eights else 9 for _ in range(width)] for _ in range(height)]


#: The settings per side of the square grids the generator anneals (`generate.Searched`), each
#: declared once: one `Schedule` per chain the generator runs at the same time (`anneal_chains`,
#: threads; seeds drawn from the puzzle's seed), each with its budget: on two cores the same wall
#: time as one chain, and a seed fails only if both chains fail (eleventh session; measured in
#: docs/cnote.md, "Large targets"). Chains of different settings where no one setting is best
#: at every target (4x4, twentieth session).
#: 4x4 (tenth session): the cell heat bath with fresh digits 8-9, 2e5 units a count, a fresh
#: grid after 80 moves without progress, cooling 5 % a move (at 190, seeds 0-9, 4.5e8 units:
#: 8 found; the seventh session's settings (`Schedule`'s docstring) with one digit a move, none of
#: seeds 5-14). Thirteenth session: a cell's digits in one search cut after 1e5 units (one
#: chain of 5.5e8 units, seeds 10-14 at 191-193: 13 of 15 found; 3e5: 9, 1e6: 5, 5e4: 6, 3e4:
#: 3) and 3.6e8 units a chain, about 8e7 a second in two threads: a failing command takes 7-8 s
#: of wall (4.5e8: one success took 10.7 s, its first chain running to the end).
#: Measured in docs/cnote-journal.md, "Thirteenth session".
#: 5x5 (eighth session, branch cgen8; `search.anneal` called directly, seeds 0-4, 1.8e8 units):
#: fresh grids of digits 8-9, 2e5 units a count, a fresh grid after 50 moves without progress
#: and cooling by 5 % a move. At 140 this found 5 of 5 (0.1-2.7 s of CPU), where the 4x4
#: settings found 1 (2.5e8 units; least counts 97-5,068), digits 8-9 with the 4x4 schedule 3,
#: nines only with 50 moves and 5 % 5 (but at 126 nines only found none, least count 120 for
#: every seed, where digits 8-9 found 5 in 0.1 s); at 145 it found 1 of 5, at 150 and 160 none
#: (least counts 3-218, 80-7,133). 1.6e8 units in all, about 5-7 s at 2.3e7-3e7 units a second
#: (three rows enumerated; targets 126-160, load average 3-4; 1.8e8 took up to 9.4 s of CPU in
#: the command). Nineteenth session: the cell heat bath with a cell's search cut after 1e6
#: units (the fifteenth session had tried it with 4x4's 1e5 and found less). One chain, seeds
#: 0-7, 1.6e8 units: at 145 one digit a move found 1 of 8, the bath cut at 1e5 0, at 3e5 5, at
#: 1e6 4; at 150 1, 0, 1 and 4. With 3e8 units, 1e6 / 3e6: 143 6 / 6 of 8, 147 7 / 4, 150 5 /
#: 4, 153 1 / 1, 155 1 / 3, 160 1 / 0, 170 0 / 0 (least counts 134-20,000). 2.4e8 units a chain
#: (0.8-3.4 s of CPU per 1e8 units, by grid): a failing command takes 5-9 s of wall
#: (`boardlab bench --only cnote/anneal` compares the cuts).
#: 6x6 (seventh session, lead): the eighth session's 5x5 settings, measured as they are (6x6 at
#: 135: 3 of 3 seeds in 0.4-0.9 s of CPU; at 140 1 of 3; at 145 and 150 none, every count at
#: the cap; the 1.6e8 units spent in 5-6 s of CPU by the annealing). Nineteenth session, where
#: the nines diagonal does not plant (141 on): the cell heat bath cut at 3e6 units from fresh
#: grids of nines only (one chain, seeds 0-11: 6 of 12 at 141, 3 of 9 at 142, 2 of 8 at 143
#: with 1.5e8 units; from grids of digits 8-9, cut at 3e6, 2e8 units: 4 of 12 at 141 and 1 of
#: 8 at 142, most chains stuck at the cap, where the bath has no slope); 1.5e8 units a chain
#: (up to 9.7 s of CPU for 2e8). Twentieth session: a fresh grid after 20 moves without progress
#: instead of 50 and, after the first, fresh grids of nines with eights (`eights` 0.15): 50
#: moves of up to 3e6 units are a whole budget, so a chain stalled on its first grid never drew
#: another (144: all six chains spent their budget on the nines in 0.2-0.4 s). One chain, seeds
#: 0-5 at 141-146: 11 found of 36 (141 5, 142 3, 143 2, 146 1), 8 before (3, 3, 2 and none at
#: 144-146); restart 10: 9; eights 0.1 / 0.25 (142-146): 4 and 5 of 30 where 0.15 found 6.
#: 7x7 (twentieth session; above the nines diagonal, 149 on): 6x6's settings as they are. One
#: chain, seeds 0-5, 1.5e8 units (3.2-6.6 s of CPU): 2 found at 149, 1 at 150, none at 151-153
#: (least counts 2-720; at 153 all at the cap). 8x8 with them (157-160 and 162, seeds 0-5):
#: none (least counts 6-20,000), so 8x8 is not searched.
#: 4x4's second chain (twentieth session): 6x6's recipe on 4x4's cuts, a first grid of nines,
#: a fresh grid after 20 moves without progress and later ones nines with eights (0.15). One
#: chain, 3.6e8 units, seeds 0-23 (0-7 at 184-190 and 192, 8-23 at 186): found at 191 23 of 24
#: (the first chain's settings 14), 193 17 of 24 (7), 190 8 of 8 (5), 192 6 of 8 (4), 184,
#: 188 and 189 all (all), but 186 10 of 24 (24 of 24) and 187 5 of 16 (7); with the first grid
#: of digits 8-9 much the same (186 9 of 16, 187 6, 191 16, 193 11). So one chain of each.
#: 4x4's polish (twenty-second session): 3e7 units for each grid of two solutions, on both
#: chains (the budget unchanged; the polish's units weighted 4, `POLISH_WEIGHT`). One chain of
#: the second settings at 194, seeds 0-5 (weight 2.5): 4 found (0.6-3.8 s of CPU), none
#: without. The whole command (weight 4), seeds 0-4: 194 for 2 (none before; seeds 0-14: 4),
#: 193 for 4 (3 before), 187 for 3 (3), 186 for 5 (4), 184, 185 and 188-192 for all as before
#: (1.3-4.4 s of wall), 195 for none; failures in 5.3-7.2 s. Weighted 2.5: 194 for 5 of 15 and
#: 187 for 4 of 5, but failures up to 9.8 s; 5e7 a grid, or a budget of 4.6e8: 194 for the
#: same 4 of 15. On 5x5 at 152 the chains seldom meet a grid of two solutions (least counts
#: 2-20,000, seeds 0-5), and the polish changed nothing there.
#: Twenty-fifth session: the counts pruned by the reach tables (`Enumerator`, `PRUNE_FROM`), 3
#: to 100 times faster on 5x5-7x7 grids of few solutions, so every budget was measured again on
#: failing chains and whole commands (CPU per unit varies with the grid and target; the worst
#: rates taken): 4x4 3.6e8 units as before (its counts gained little; a failing command took
#: 6.0-6.2 s of wall), 5x5 4.5e8 (2.4e8 before; with 7e8 failing commands took up to 11.1 s,
#: with 5.5e8 up to 10.6 s at 162), 6x6 4.5e8 (1.5e8; with 6e8 up to 11.8 s at 154), 7x7 2e8
#: (1.5e8; with 2.8e8 up to 11.4 s at 153) and 8x8, annealed since this session with 6x6's
#: settings, 2.6e8 (one chain at 157 found 7 of 8 seeds, at 160 2 of 8). Per-cell cuts as
#: before (on 5x5 at 156 one chain with 5e5 and 2e6 found 3 and 2 of 8 seeds, 1e6 4). Values
#: the tables pass over are charged, four a unit (`PASSED_VALUES`, until the thirty-fourth session): uncharged,
#: a count's time per unit varied 60-fold and commands ran to 18 s; charged one a unit, 4x4's
#: cut searches ended too early (2-3 of 8 chains at 193 against 7). Measured in docs/cnote-journal.md,
#: "Twenty-fifth session".
#: Twenty-sixth session: counts uncapped (`Schedule.cap`; `UNCAPPED`) on 5x5's two chains and
#: 6x6's second. Above 152 on 6x6 every grid a chain met had more than 20,000 solutions (least
#: count 20,000, the cap, for every chain), so the heat bath drew its moves blind; uncapped, the
#: same chains reached least counts of 108 to 1.6e6 at 154 (seeds 0-3). One chain, seeds 0-5,
#: found 5x5 158 for 3 (capped: 1), 160 for 3 (2), 6x6 152 for 3 (1). The whole command, seeds
#: 5-9: 19 found of 35 at 5x5 153, 154, 157, 160 and 6x6 144, 152, 153 (capped: 10). On 6x6
#: both chains uncapped lost 149 and 151 for one seed each, so one chain is capped as before
#: (seeds 0-4 at 141-152 and 154: 59 found of 65, against 56 capped and 56 both uncapped; 155
#: for 2, never made before); on 5x5 one chain capped found less than two uncapped (152-160 and
#: 162, seeds 0-4: 28 against 36; both capped 24). 4x4 (194: 2 of 5
#: against 4), 7x7 (152, 153: none either way) and 8x8 (160: 1 of 5 against 2; one chain
#: uncapped with one capped: 2 again) keep the cap. Measured in docs/cnote-journal.md, "Twenty-sixth
#: session".
#: Twenty-seventh session: the count memoised on 5 rows or more (`MEMO_FROM`). Its units take
#: longer (a unit is still a cell placed or a value scanned, but the memo skips the cheap
#: repeated subtrees: on failing chains 4-7e7 units a CPU second against 0.8-1.2e8), and a
#: unit does more (a cell's search ends within its budget about 3 to 6 times as often). At equal CPU
#: (one chain of each, 4 s, seeds 0-5) the memoised chains reached lower counts (6x6 at 154:
#: 1 found, least counts 5-200 against 108-2.2e6 unmemoised) and found more (7x7 at 152: 1
#: against 0, 5x5 at 165: 2 against 1); on 4x4 (the memo on its last two rows only) fewer (194:
#: 3 of 24 against 8), so 4x4 is not memoised. Budgets measured again on whole commands at
#: failing targets (seeds 0-4; the failing commands' wall with 2.5e8, 2.5e8, 1e8 and 1.7e8
#: units: 5x5 up to 6.4 s, 6x6 6.9 s, 7x7 4.4 s, 8x8 5.8 s; with 3.4e8, 3.2e8, 2e8 and 2.6e8
#: up to 8.6, 9.1, 7.3 and 9.1 s, and a 5x5 success at 10.2 s): 5x5 3e8 units, 6x6 3e8, 7x7
#: 2e8 and 8x8 2.4e8. Measured in docs/cnote-journal.md, "Twenty-seventh session".
#: Twenty-eighth session: a cell's search cut at 1e6 units on 6x6-8x8 too (it was 3e6 since the
#: nineteenth session): with the memo a cut search ends within its budget 3 to 6 times as
#: often, so shorter cuts buy more moves. At equal CPU (one chain, 4 s, seeds 0-7 each) 1e6
#: against 3e6 found 14 against 5 of 40: 6x6 at 155 4/1, 158 (second schedule, seeds 8-15) 2/1,
#: 160 3/0, 7x7 at 156 4/3, 8x8 at 160 1/0; 3e5 found none at 6x6 155 (least counts 2 for 6
#: of 8) and at 5x5 175 (1e6: 3, 3e6: 4; kept at 1e6). The polish (`Schedule.polish`, 3e7)
#: found fewer with it than without (5x5 at 175: 2 against 3; 6x6 at 155: 2 against 4; 7x7 at
#: 156: 3 against 4), though many chains end at a count of 2. The whole command with 1e6
#: (seeds 0-4): 8x8's failures took 6.7-10.3 s of wall with 2.4e8 units (before: up to 9.1 s),
#: so its budget is 2e8; 6x6's 5.1-7.2 s and 7x7's 4.4-7.0 s, as before. Measured in
#: docs/cnote-journal.md, "Twenty-eighth session".
#: Twenty-ninth session: the count takes the rows admitting the fewest numbers first
#: (`Enumerator.rows_in_order`). At equal CPU (one chain, 4 s) the chains found more (4x4 at
#: 194: 11 of 32 against 4; 6x6 at 155 25 of 48 against 20, at 158 (second schedule) 13 of 32
#: against 8; 7x7 at 156: 34 of 48 against 21; 8x8 at 160: 19 of 48 against 11; 5x5 at 175,
#: 180, 185, 188 and 190: 34 of 104 against 27 of 102). The whole command's failures took at
#: most 5.5 s of wall on 4x4, 6.3 s on 6x6 and 6.1 s on 7x7, so their budgets are larger:
#: 4.5e8, 3.5e8 and 2.5e8 (a chain with a larger budget takes the same course as far as the smaller went:
#: it finds whatever the smaller found). With 3.75e8 a failing 6x6 command took 9.2 s, and
#: 8x8's took up to 9.3 s with 2.5e8 units (6.4 s with 2e8, which it keeps). Measured in
#: docs/cnote-journal.md, "Twenty-ninth session".
#: Thirty-fourth session: the count's live sets and trimmed numbers (`Enumerator`); at the old
#: budgets failing commands (5x5 at 195, 6x6 at 163, 7x7 at 163, 8x8 at 165, seeds 0-1) took
#: 0.59-0.76 of main's CPU (one 8x8 0.97), interleaved with main on a loaded machine, so the
#: budgets grew by about 1.3 (8x8 1.25): 5x5 3.9e8, 6x6 4.5e8, 7x7 3.2e8, 8x8 2.5e8; 4x4 (whose
#: counts are not trimmed and gained little) keeps 4.5e8. Then, on an idle machine, failing
#: commands took only 3-6 s of wall (two chains on two cores), so the lead raised them again: 5x5
#: 7e8, 6x6 8e8, 7x7 5.2e8, 8x8 3.6e8 (slowest command measured 8.1 s, a 6x6 failure at 163;
#: with 7x7 at 5.8e8 8.6 s and 8x8 at 4.5e8 9.0 s, too near 10 s): the first 6x6 puzzle made at
#: 165 (seed 0, 7.7e8 units a chain), 7x7 160 and 8x8 160 for every seed, 5x5 193 for 4 of 5.
#: Measured in docs/cnote-journal.md, "Thirty-fourth session".
_FOUR = Schedule(
    budget=450_000_000,
    per_count=200_000,
    restart=80,
    cooling=0.95,
    fresh=8,
    per_cell=100_000,
    polish=30_000_000,
)
_FIVE = Schedule(budget=700_000_000, per_count=200_000, restart=50, cooling=0.95, fresh=8, per_cell=1_000_000)
#: 6x6, and 7x7 and 8x8 with budgets of their own: 5x5's settings but for how fresh grids are
#: drawn (measured above).
_WIDE = replace(_FIVE, budget=800_000_000, restart=20, fresh=9, eights=0.15)
_SEVEN = replace(_WIDE, budget=520_000_000)
_EIGHT = replace(_WIDE, budget=360_000_000)
#: 7x7's second chain since the forty-sixth session (helper, branch `made-s67`): fresh grids of
#: digits 6-9 (the rectangles' chain, `RECTANGLE_CHAINS`) with a budget of its own, 3.2e8 units
#: (`anneal_chains`). The generator in-process (`nice -n 10`, load average 3-4.8), seeds 0-4:
#: the pair of 7x7's chain and this one (both at 5.2e8) made 166 for seed 0 (3.6 s of CPU, this
#: chain's grid after about 1.5e8 units), nothing at 166 for seeds 1-4 nor at 167 and 168
#: (least counts 8-2,060), failing in 8.2-10.0 s of CPU against 7.1-7.8 s for 7x7's two chains;
#: with 3.2e8 it still made 166 for seed 0 and failed in 6.9-7.0 s. Two chains of digits 7-9 and
#: 6-9 (the rectangles' pair) made 166 for seed 0 too, failing in 9.6-10.7 s; on 6x6 at 170 and
#: 8x8 at 169 that pair reached higher least counts (7-228, 20-20,000) than their chains (2-14,
#: 2-6) and made nothing, nor did 4x4's polish on 6x6 at 170 and 171, 7x7 at 166 and 167, 8x8 at
#: 169 and 170, 5x5 at 194 (seeds 0-4; docs/cnote-journal.md, "Forty-sixth session (helper,
#: branch `made-s67`)").
_SEVEN_SIX_DIGITS = replace(_SEVEN, budget=320_000_000, fresh=6, eights=0.0)


def _from_nines(schedule: Schedule) -> Schedule:
    """`schedule` with 6x6's way of drawing grids (`_WIDE`): a first fresh grid of nines, a
    fresh grid after 20 moves without progress, the later ones nines with eights."""
    return replace(schedule, restart=_WIDE.restart, fresh=_WIDE.fresh, eights=_WIDE.eights)


SCHEDULES = {
    4: (_FOUR, _from_nines(_FOUR)),
    5: (replace(_FIVE, cap=UNCAPPED),) * 2,
    6: (_WIDE, replace(_WIDE, cap=UNCAPPED)),
    7: (_SEVEN, _SEVEN_SIX_DIGITS),
    8: (_EIGHT, _EIGHT),
}

#: Rectangles whose shorter side is 4 (twenty-third session), annealed with that side as their
#: height (two rows enumerated, the rest counted by the convolution): 5x5's settings with fresh
#: grids of digits 4-9 (the second chain 6-9). Their long lines have the larger targets
#: (`instance.column_targets`: 4 columns of 6 rows at row target 100 have column targets of
#: 150), where fresh grids of 8-9 often have no solution at all at the short lines' targets
#: (4 numbers containing 8 or 9 adding up to 100), and a chain of such grids spends its budget
#: 35 units a grid (a 4x6 chain ran for minutes). One chain,
#: `search.anneal` called directly, seeds 0-1, 4 columns of 6 and 7 rows at 100: digits 4-9
#: and 6-9 found all 8 (0.1-1.8 s of CPU); 5 columns of 7 rows at 100 (three rows enumerated):
#: none (least counts 1,539-20,000), so the shorter side 5 was not annealed (5x6 since the
#: thirtieth session, with the pruned, memoised and ordered count: `_NARROW_WIDE`).
#: Since the forty-fourth session their chains draw fresh digits 7-9 and 6-9 (`RECTANGLE_CHAINS`).
_NARROW = replace(_FIVE, fresh=4)  # its budget: `NARROW_BUDGETS`
#: 5x6 rectangles, either way round (thirtieth session; annealed 5 high, three rows
#: enumerated): the same, with each count charged its fixed cost (`Schedule.charge`). Their
#: fresh grids of digits 4-9 often have counts the reach tables end within a few hundred units,
#: so a chain's time per unit varied tenfold (a chain of 7.4e7 units took 10.5 s of CPU on 7
#: columns of 5 rows at 140); charged, single chains of 3e8 units on rectangles of sides 5-8 at
#: 110-170 ran at 2.5e7-3.3e8 units a second. One chain, 4 s of CPU, seeds 0-3: 6 columns of 5
#: rows at 130 4 found, 7 of 5 at 150 3, where fresh grids of 8-9 (5x5's) found none (no
#: solution at the short lines' targets). Other rectangles of sides 5-8 were annealed too and
#: made a few more targets (7x5 at 170, 8x5 at 180, 5x8 at 120, 6x7 at 130, 7x6 at 150, 8x6 at
#: 160-170), but their rigid plantings already take 8-16 s of wall to fail there (5x8 at 130:
#: 11-16 s without the annealing), so they are left to a time-bounded rectangle path.
_NARROW_WIDE = replace(_NARROW, charge=4_000)
#: Their units take longer the longer the rows (the convolution's table over more columns):
#: 2.1e7-5e7 a second with 8 columns, 7e7-1.5e8 with 5 or 6 (4 rows at 100-170), so the budget
#: falls with the longer side (with 2e8 units a chain a failing 8x4 command at 140 took 27 s of
#: wall on a loaded machine; 4x5 at 150 was made for 1 of seeds 0-2 with 2e8, 2 with 4.5e8).
#: Keyed by (shorter side, longer side); 5x6 (thirtieth session): with 2e8 units its whole
#: command took at most 6.8 s of wall (failures 2.5-6.7 s) at 5x6 120-140 and 6x5 150-175,
#: seeds 0-2. Forty-fourth session (helper, branch `made-s65`): the shapes of `RECTANGLE_CHAINS`
#: with their chains there, budgets raised where a failing chain pair took little CPU (4 rows:
#: 1.4e8 units of digits 7-9 and 6-9 in 0.8 s at 4x7 125): 4x5, 4x6 and 4x7 1.2e9 (were 4.5e8,
#: 3e8 and 1.4e8), 4x8 2e9 (1e8), 5x6 7e8 (2e8), 5x7 7e8 (1.6e8), 5x8 8e8 (2e8). Failing
#: commands (the whole command, `nice -n 10`, about one core at load average 2.1-3.7) took
#: 4.3-9.3 s of wall on 4 rows (4.2-6.8 s of CPU), 4.3-6.6 s on 5x6, 5x8 and their turns,
#: 4.3-5.6 s on 5x7 and 7x5 (two 10.7-10.8 s, 4.8 s of CPU, while another session's process
#: held the cores; docs/cnote-journal.md, "Forty-fourth session (helper, branch `made-s65`)").
#: Forty-fifth session (helper, branch `made-s66`; the generator in-process, seeds 0-4, then the
#: whole command, `nice -n 10` at load average 1.8-2.8): 4x6 2.4e9 and 4x7 2e9 (were 1.2e9),
#: where failing commands with 1.2e9 took 3-4 s of CPU (6x4 at 213 and 216, 7x4 at 228 and 232):
#: with them 6x4 214 (seed 1), 7x4 230 (seed 4) and 4x7 133 (seed 0) were made, failing commands
#: took 6.6-7.9 s of wall (about the CPU) above them, and 4x7 at 130 seed 2 (rigid plantings
#: first) 8.7 s (9.1 s with 2.4e9 on 4x7, so 2e9 there). 5x7 at 1e9 and 5x8 at 1.4e9 made
#: nothing more (7x5 193 and 196, 8x5 218 and 222, seeds 0-4; failing in 5.4-7.2 s of CPU), so
#: they keep theirs. 6x7 2.4e8 (was 1.2e8), 6x8 and 7x8 2e8 with the chains of digits 7-9 and
#: 6-9 (`RECTANGLE_CHAINS`): failing commands 6.4-9.8 s of wall (6x8 127, 8x6 170, 6x7 140,
#: 7x6 164, 7x8 146, 8x7 164), 6x8's units being the slowest (2e8 a chain in 6-9.5 s of CPU).
#: 4x5 1.6e9 (was 1.2e9, failing in 3.8-4.5 s of CPU at 5x4 203 and 206, 4x5 162 and 165): 4x5
#: 163 made (seed 3; 162 for seeds 0 and 4 with 1.2e9 already), failing commands 6.5-7.1 s of
#: CPU (10.5-12.8 s of wall at load average 5: other sessions' processes); with 2.4e9 failing
#: commands took 7.9-9.4 s of CPU (5x4 203 seed 0 made with 2e9, 7.6 s: not taken).
NARROW_BUDGETS = {
    (4, 5): 1_600_000_000,
    (4, 6): 2_400_000_000,
    (4, 7): 2_000_000_000,
    (4, 8): 2_000_000_000,
    (5, 6): 700_000_000,
    (5, 7): 700_000_000,
    (5, 8): 800_000_000,
    (6, 7): 240_000_000,
    (6, 8): 200_000_000,
    (7, 8): 200_000_000,
}
#: Rectangles of sides 5-8 but 5x6 (forty-third session; the generator anneals them from
#: `generate.RECTANGLE_ANNEAL_FROM`): one chain of `_NARROW_WIDE` with fresh grids of digits 7-9,
#: one of nines with eights (`_WIDE`'s way), both charged. `search.anneal` through the generator
#: with the rigid plantings skipped, seeds 0-1, 2e8 units a chain, short lines at 120-150
#: (docs/cnote-journal.md, "Forty-third session"): 5x8 made at 120 and 125, 5x7 at 120, 6x7 at
#: 120-135, 7x8 at 130 and 140, failing in 4-8 s of CPU with 5 cells a short line, 8-13 s with
#: 6 and 12-16 s with 7 (so 6x7 and 7x8 get less); 6x8 made nothing at 120-150 (least counts
#: mostly above 20,000, 8-17 s of CPU) and is left to the rigid plantings. Digits 4-9 and 6-9
#: (`_NARROW_WIDE`'s two) made nothing on 5x8 at 120, 130 and 140 (seed 0, 2e8 units).
_RECTANGLE = (
    replace(_NARROW_WIDE, fresh=7),
    replace(_NARROW_WIDE, fresh=9, eights=_WIDE.eights, restart=_WIDE.restart),
)

#: The chains of a chain pair of fresh digits 7-9 and 6-9: uncharged on 4 rows (as `_NARROW`),
#: charged on 5 (as `_NARROW_WIDE`).
_SEVEN_SIX = (replace(_NARROW, fresh=7), replace(_NARROW, fresh=6))
_SEVEN_SIX_CHARGED = (replace(_NARROW_WIDE, fresh=7), replace(_NARROW_WIDE, fresh=6))
#: The same with each grid of two solutions polished (`polish`, 4x4's 3e7 units): 5x7, 6x7 and
#: 6x8.
_SEVEN_SIX_POLISHED = tuple(replace(chain, polish=_FOUR.polish) for chain in _SEVEN_SIX_CHARGED)
#: The uncharged pair polished: 4x5, 4x6 and 4x7 (forty-sixth session).
_SEVEN_SIX_FOUR_POLISHED = tuple(replace(chain, polish=_FOUR.polish) for chain in _SEVEN_SIX)
#: The chains of the rectangles by (shorter side, longer side), their budgets in
#: `NARROW_BUDGETS`; 6x7 and 7x8 take `_RECTANGLE`'s, and until this session 4xN and 5x6 took
#: `_NARROW`'s or `_NARROW_WIDE`'s two (fresh digits 4-9 and 6-9), 5x7 and 5x8 `_RECTANGLE`'s. Forty-fourth
#: session (helper, branch `made-s65`; `search.anneal` through the generator with the rigid
#: plantings skipped, seeds 0-2, then the whole command): on 5x7 `_RECTANGLE`'s chain of nines
#: with eights stayed at counts of 20,000 at 125-140 for every seed (4.5-4.9 s of CPU for 1.6e8
#: units, the pair's cost), while single chains of digits 7-9 and 6-9 spent 5e8 units in 1.7-3.7
#: s and made 130 for 2 and 3 of seeds 0-2; a pair of the two made 130 for every seed at 6e8,
#: 133, 135 and 137 for one each at 1e9 (failing in 7.7-9.7 s of CPU) and 137 at 7e8 again. On
#: 4 rows the chain of digits 7-9 reached lower counts than that of 4-9 (4x7 at 125-130, 1.4e8
#: units: least counts 2-86 against 4,106-20,000); a pair of 7-9 and 6-9 made 4x7 130 (2e9),
#: 4x6 140 (1.2e9) and 4x5 160 (1.2e9, two seeds of three), nothing at 4x8 125 and 130 (1.6e9:
#: least counts 37-180), where `_RECTANGLE`'s two, charged, made 125 for seeds 1 and 2 at 2e9. On
#: 5x6 and 5x8 the pair (charged) made 5x6 at 135-155 and 5x8 at 130 and 135 (7e8 and 6e8; 5x6
#: made up to 130 before, 5x8 125). On 7x8 it made 135-145 with 2e8 units but took 10-13 s at
#: short lines of 120-123 (7x8 at 120, 8x7 at 140: slow units), so 7x8 kept `_RECTANGLE`; on
#: 6x7 it made nothing at 140 (seeds 0-1, 3e8 units, 6.5-8.8 s of CPU).
#: Forty-fifth session (helper, branch `made-s66`; the generator in-process with each shape's
#: chains given, seeds 0-4, then the whole command; docs/cnote-journal.md, "Forty-fifth session
#: (helper, branch `made-s66`)"): 7x8 takes the pair (charged, 2e8) from short lines at 128
#: (`generate.RECTANGLE_ANNEAL_FROM`; below, the rigid plantings, which made 7x8 up to 127 and
#: fail within 3 s): it made 7x8 at 128 and 130 for every seed, 132 for 4 of 5, 140 and 145 for
#: seed 1 (none of seeds 0-4 at 146-149), 8x7 at 160 (seed 1), 161 (seeds 1 and 4) and 163
#: (seeds 2 and 4; none at 164-166). 6x8, annealed for the first time (from short lines at 125,
#: where its rigid plantings stop: they made 6x8 at 121-124, none at 125-133): the pair made 125
#: (seed 1) and nothing at 126-132 (least counts 2-20,000; 2e8 a chain in 6-9.5 s of CPU) until
#: each grid of two solutions was polished (`polish`, 4x4's 3e7 units): then 126 (seed 0, where
#: the chains had stopped at a count of 2) and 8x6 at 166 (seeds 1, 2), 168 (seed 0), 169
#: (seed 1), 171 (seeds 3, 4) and 172 (seeds 1, 4; none at 170 and 173-175). On 6x7 the polish
#: made 138 (seed 0, least count 2 without it) at 1.8e8 units and
#: 139 (seed 2) at 2.4e8, where the pair unpolished made nothing at 138-142 (seeds 0-4, 1.8e8;
#: seven least counts of 2 and 3) and `_RECTANGLE` at 1.2e8 made 136 (seed 3) and nothing at
#: 138 and 140; 7x6 then at 161 (seeds 0 and 3) and 163 (seed 2). On 6x4 at 213-220 the polish
#: with 2.4e9 made 213 (seed 1) only, the plain pair 214 (seeds 1 and 2): 4 rows keep it
#: unpolished. 7x8 is not polished (its least counts at 146-148 were 4-20,000: nothing to polish).
#: On 5x7 (7e8 units) the polish made 7x5 196 (seed 3; least count 2 without it, at 7e8 and at
#: 1e9) and 5x7 138 (seeds 2, 4) and 140 (seed 3; none at 141-142), and 5x7 137 and 7x5 190
#: (seed 1) again; on 6x5 at 190 and 192 nothing (seeds 0-4), so 5x6 and 5x8 keep the pair
#: unpolished.
#: Forty-sixth session (helper, branch `made-s67`; the generator in-process, seeds 0-4): on 4x5,
#: 4x6 and 4x7 the pair is polished too. Unpolished, 5x4 202 and 4x6 142 failed for every seed
#: with least counts of 2-4 (5.8-8.0 s of CPU); polished, 5x4 202 (seed 4), 203 (seed 1), 4x6
#: 142 (seed 1), 143 (seeds 1 and 2) and 7x4 231 (seed 2) were made, 4x5 163 (seed 3), 6x4 214
#: (seed 1) and 4x7 133 (seed 0) again, and failing commands took 5.1-7.9 s of CPU (5x4 202-204,
#: 4x5 164, 6x4 215, 4x6 142-143, 7x4 231-232, 4x7 134-135), about what they took before. (The
#: forty-fifth session had tried the polish on 6x4 at 213-220, where it made 213 and lost 214,
#: and kept 4 rows unpolished.) On 4x8 (`_RECTANGLE`) at 126 and 127 the chains made nothing,
#: unpolished or polished (seeds 0-4, least counts 2-193, 5.3-6.4 s of CPU), so it keeps them.
RECTANGLE_CHAINS = {
    (4, 5): _SEVEN_SIX_FOUR_POLISHED,
    (4, 6): _SEVEN_SIX_FOUR_POLISHED,
    (4, 7): _SEVEN_SIX_FOUR_POLISHED,
    (4, 8): _RECTANGLE,
    (5, 6): _SEVEN_SIX_CHARGED,
    (5, 7): _SEVEN_SIX_POLISHED,
    (5, 8): _SEVEN_SIX_CHARGED,
    (6, 7): _SEVEN_SIX_POLISHED,
    (6, 8): _SEVEN_SIX_POLISHED,
    (7, 8): _SEVEN_SIX_CHARGED,
}


def schedules(height: int, width: int) -> tuple[Schedule, ...] | None:
    """The schedules of the chains the generator anneals an h x w grid with (None: it does
    not anneal this shape): the side's on square grids (`SCHEDULES`); on rectangles of a budget
    in `NARROW_BUDGETS` (with a shorter side of 4 and a longer one of at most 8; 5x6, 5x7, 5x8,
    6x7, 6x8 and 7x8) the chains of their shape in `RECTANGLE_CHAINS` (every such shape has its
    own since the forty-fifth session; `_RECTANGLE`'s otherwise), annealed with the shorter side
    as their height (`generate.Searched` turns them), with their shape's budget. (Until the
    forty-fourth session `_NARROW`'s two chains of fresh digits 4-9 and 6-9 on a shorter side of
    4, `_NARROW_WIDE`'s on 5x6; until the forty-fifth `_RECTANGLE`'s on 6x7 and 7x8, and 6x8 was
    not annealed.)"""
    if height == width:
        return SCHEDULES.get(height)
    shorter = min(height, width)
    longer = max(height, width)
    if not (budget := NARROW_BUDGETS.get((shorter, longer))):
        return None
    chains = RECTANGLE_CHAINS.get((shorter, longer), _RECTANGLE)
    return tuple(replace(schedule, budget=budget) for schedule in chains)


def count_cap(height: int, width: int) -> int:
    """The most the generator's chains take a count of an h x w grid to be (`Schedule.cap`)."""
    return max((schedule.cap for schedule in schedules(height, width) or ()), default=CAP)


@lru_cache(maxsize=4)
def _tables(top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For digits 1-9 (index d - 1) and a wildcard (index `WILDCARD`, every positive number:
    the cell whose digits `Enumerator.count_cell` tallies): which of 0..top are admissible,
    those numbers ascending, how many there are, and the admissible ones as a bit set (64-bit
    words, bit s of word s >> 6 for the number s)."""
    allowed = np.array([admissible(d, top) for d in range(1, 10)] + [np.arange(top + 1) > 0])
    values = np.zeros((10, top), dtype=np.int64)
    sizes = np.zeros(10, dtype=np.int64)
    words = top // 64 + 1
    bits = np.zeros((10, words), dtype=np.uint64)
    for d in range(10):
        found = np.flatnonzero(allowed[d])
        values[d, : len(found)] = found
        sizes[d] = len(found)
        for s in found:
            bits[d, s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    return allowed, values, sizes, bits


#: Slots of an `Enumerator`'s memo of subtree counts (`search_kernels._slot`; a power of 2, at
#: most half of them filled by one count).
MEMO_SLOTS = 1 << 14
#: Grids of at least this many rows are counted with the memo (twenty-seventh session): on 4
#: rows it holds only the last two rows' completions, and the chains found fewer (4x4 at 194,
#: seeds 0-11, 4 CPU seconds a chain: 2 and 1 of 12 against 4 and 4).
MEMO_FROM = 5

#: The wildcard's index in `_tables`.
WILDCARD = 9


#: Grids of at least this many rows are counted with their rows reordered (`Enumerator.order`,
#: twenty-ninth session): on 3 rows the 3x3 scan's settled records (`exhaustive`) were made
#: within budgets of work in the given order.
ORDER_FROM = 4

#: Grids of at least this many rows have their cells' numbers trimmed by the line sums before they are counted
#: (`search_kernels._trim`, thirty-fourth session), in `TRIM_ROUNDS` rounds at most: on 4
#: rows the trimming's fixed cost (tens of microseconds) outweighed what it saved, the 4x4
#: chains' counts being short (their polish counts most of all).
TRIM_FROM = 5
TRIM_ROUNDS = 2

#: Grids of at least this many rows are counted with the reach tables' pruning
#: (`search_kernels.enumerate_count`'s `prune`): on 3 rows only the row's tables would apply,
#: and the 3x3 scan's settled records (`exhaustive`) were made within budgets of work without it.
PRUNE_FROM = 4


class Enumerator:
    """Capped counts of digit grids with these line targets (at least 2 rows and 2 columns).
    `prune`: cut prefixes by the reach tables (`search_kernels.enumerate_count`; the same
    counts, fewer nodes); by default on grids of `PRUNE_FROM` rows or more. `memo`: count each
    subtree of the enumeration once per count, by its column remainders (the same counts, fewer
    nodes; module docstring); by default on grids of `MEMO_FROM` rows or more. `order`: take
    the rows in the order of `rows_in_order` (the same counts, fewer nodes); by default on
    grids of `ORDER_FROM` rows or more. (A memo kept from count to count was tried and not
    merged: docs/cnote-journal.md, "Thirty-fifth session (helper, branch `gen-s56`)".)"""

    def __init__(
        self,
        rows: list[int],
        cols: list[int],
        prune: bool | None = None,
        memo: bool | None = None,
        order: bool | None = None,
        trim: bool | None = None,
    ):
        if len(rows) < 2 or len(cols) < 2:
            raise ValueError("the enumeration needs at least 2 rows and 2 columns")
        self.prune = len(rows) >= PRUNE_FROM if prune is None else prune
        self.order = len(rows) >= ORDER_FROM if order is None else order
        #: Whether the cells' numbers are trimmed first (`TRIM_FROM`; with `prune` only).
        self.trim = self.prune and (len(rows) >= TRIM_FROM if trim is None else trim)
        memo = len(rows) >= MEMO_FROM if memo is None else memo
        self.rows = np.array(rows, dtype=np.int64)
        self.cols = np.array(cols, dtype=np.int64)
        top = int(max(max(rows), max(cols), 9))
        self.table = _tables(top)
        #: Logarithms of the digits' counts of admissible numbers up to `top` (the rows' order).
        self.log_sizes = np.log(self.table[2])
        digits, sizes = digit_table(top)
        self.number_digits, self.number_sizes = digits - 1, sizes
        #: The memo of subtree counts (`search_kernels.enumerate_count`), one row a slot:
        #: generation, level, column remainders, solutions, the wildcard's 9 digit counts.
        self.memo = np.zeros((MEMO_SLOTS if memo else 0, len(cols) + 12), dtype=np.int64)
        self.generation = 0  # of the count under way: slots of other generations are empty
        #: Knuth's estimate of the share of the search done by the last count (1 when complete).
        self.explored = 1.0

    def count(self, digits: list[list[int]], cap: int, nodes: int) -> tuple[int, int, bool]:
        """(solutions found, nodes spent, complete): the exact count when `complete`, else at
        least the first entry (the search stopped at `cap` solutions or `nodes` nodes)."""
        d = np.array(digits, dtype=np.int64) - 1
        order = self.rows_in_order(d)
        return self._run(d[order], self.rows[order], self.cols, cap, nodes)

    def rows_in_order(self, d: np.ndarray, keep_last: bool = False) -> np.ndarray:
        """The order in which the count takes the rows of digit indices `d` (a permutation of
        their indices): with `order`, the rows whose cells admit the fewest numbers first (the
        sum of the logarithms of the cells' counts of admissible numbers up to the largest
        target; ties in the given order), so that the two rows admitting the most are the
        last two, whose completions are counted by the convolution, not enumerated; with
        `keep_last` the last row stays last (`count_cell`'s wildcard). A grid's solutions are
        its rows' solutions in any order, so the count is the same; the search is smaller.
        Twenty-ninth session (docs/cnote-journal.md): on the grids the generator's surveys made and
        grids two cells from them, a cell's search cut at 1e6 units ended within it for 163
        against 120 of 243 6x6 grids, in 0.58 of the time."""
        height = d.shape[0]
        if not self.order:
            return np.arange(height)
        movable = height - 1 if keep_last else height
        weight = self.log_sizes[d[:movable]].sum(axis=1)
        return np.concatenate([np.argsort(weight, kind="stable"), np.arange(movable, height)])

    def solution(self, digits: list[list[int]], nodes: int) -> list[list[int]] | None:
        """A solution of the grid (its numbers), or None when it has none or the count found
        none within `nodes` nodes: the first solution the count meets (`enumerate_count`'s
        `first`: the first h - 2 rows), its last two rows completed here. The generator's grids
        were counted unique by this search, so it finds theirs in about the nodes it took; a
        CP-SAT solve of the same grid took 1-30 s by its random seed (5x5 at 151, seed 4 of the
        twenty-seventh session), and the fresh proof then only has to block it."""
        height, width = len(digits), len(digits[0])
        first = np.zeros((height - 2) * width + 1, dtype=np.int64)
        d = np.array(digits, dtype=np.int64) - 1
        order = self.rows_in_order(d)
        rows = self.rows[order]
        self._run(d[order], rows, self.cols, 1, nodes, first=first)
        if first[-1] == 0:
            return None
        # the count's rows, in its order (`rows_in_order`), put back in the grid's at the end
        grid = [[int(v) for v in first[r * width : (r + 1) * width]] for r in range(height - 2)]
        below = self.cols - np.array(grid, dtype=np.int64).reshape(height - 2, width).sum(axis=0)
        allowed = self.table[0]
        upper, lower = digits[order[height - 2]], digits[order[height - 1]]
        # column j's choices for row h - 2: x with its digit, leaving c - x >= 1 with the other's
        choices = [
            [x for x in range(1, int(c)) if allowed[upper[j] - 1, x] and allowed[lower[j] - 1, c - x]]
            for j, c in enumerate(below)
        ]
        # sums the columns from j on can make (so that the choice below never goes astray)
        reach: list[set[int]] = [set() for _ in range(width)] + [{0}]
        for j in range(width - 1, -1, -1):
            reach[j] = {x + s for x in choices[j] for s in reach[j + 1]}
        rest = int(rows[height - 2])
        if rest not in reach[0]:
            raise SolverBug("C-Note count: the first solution counted has no completion")
        top: list[int] = []
        for j in range(width):
            x = next(x for x in choices[j] if rest - x in reach[j + 1])
            top.append(x)
            rest -= x
        counted = grid + [top, [int(c) - x for c, x in zip(below, top)]]
        solution: list[list[int]] = [[] for _ in range(height)]
        for place, row in zip(order, counted):
            solution[place] = row
        return solution

    def count_cell(
        self, digits: list[list[int]], row: int, col: int, nodes: int
    ) -> tuple[list[int], int, bool]:
        """(counts, nodes spent, complete): `counts[d - 1]` is the number of solutions of the
        grid with digit d in cell (row, col), for d = 1..9 (the cell's own digit ignored), all
        in one search: exact when `complete`, else those counted before the search stopped
        after `nodes` nodes (`explored` then estimates the share searched).

        The cell is moved to the last row and column (its row and its column, with their
        targets, put last: the permuted grid's solutions are the permuted solutions) and becomes
        a wildcard admitting every positive number; each completion is added to the counts of
        the digits its number contains (a number with several digits is a solution for each).
        One search costs about one count of the grid (the wildcard only loosens the pruning of
        its column), where the heat bath on a cell counted the 8 other digits one by one."""
        height, width = len(digits), len(digits[0])
        order_rows = [r for r in range(height) if r != row] + [row]
        order_cols = [c for c in range(width) if c != col] + [col]
        d = np.array([[digits[r][c] for c in order_cols] for r in order_rows], dtype=np.int64) - 1
        d[-1, -1] = WILDCARD
        order = self.rows_in_order(d, keep_last=True)
        rows = self.rows[order_rows][order]
        tally = np.zeros(9, dtype=np.int64)
        _, spent, complete = self._run(d[order], rows, self.cols[order_cols], 0, nodes, tally)
        return [int(v) for v in tally], spent, complete

    def _run(
        self,
        d: np.ndarray,
        rows: np.ndarray,
        cols: np.ndarray,
        cap: int,
        nodes: int,
        tally: np.ndarray | None = None,
        first: np.ndarray | None = None,
    ) -> tuple[int, int, bool]:
        """The compiled search (`search_kernels.enumerate_count`) on digit indices `d`
        (`_tables`) with these line targets; with `tally`, the wildcard's counts by digit; with
        `first`, the first solution's prefix."""
        from boardlab.families.cnote.search_kernels import enumerate_count

        if rows.sum() != cols.sum() or min(rows.min(), cols.min()) < 1:
            self.explored = 1.0
            return 0, 0, True
        allowed, values, sizes, bits = self.table
        self.generation += 1  # the memo's entries of earlier counts are void
        height, width = d.shape
        least = values[d, 0]
        row_least = np.zeros((height, width + 1), dtype=np.int64)
        row_least[:, :width] = np.cumsum(least[:, ::-1], axis=1)[:, ::-1]
        col_least = np.zeros((width, height + 1), dtype=np.int64)
        col_least[:, :height] = np.cumsum(least.T[:, ::-1], axis=1)[:, ::-1]
        found, spent, complete, share = enumerate_count(
            values[d],
            sizes[d],
            allowed[d],
            bits[d],
            rows,
            cols,
            row_least,
            col_least,
            cap,
            nodes,
            np.zeros(0, dtype=np.int64) if tally is None else tally,
            self.number_digits,
            self.number_sizes,
            self.prune,
            self.memo,
            self.generation,
            np.zeros(0, dtype=np.int64) if first is None else first,
            TRIM_ROUNDS if self.trim else 0,
        )
        self.explored = float(share)
        return int(found), int(spent), bool(complete)


def anneal(
    rows: list[int],
    cols: list[int],
    rng: random.Random,
    budget: int,
    schedule: Schedule = _FOUR,
    stop: Callable[[int], bool] | None = None,
) -> tuple[list[list[int]] | None, int, int]:
    """(a digit grid with exactly one solution or None, nodes spent, the least count reached,
    at most `schedule.cap`): the annealing of the module docstring with `schedule`'s settings
    within `budget` nodes (the schedule's own budget is the generator's, of which `budget` may
    be what is left), or until `stop(nodes spent so far)` is true (asked between two counts)."""
    cap = schedule.cap
    counter = Enumerator(rows, cols)
    height, width = len(rows), len(cols)
    spent, least = 0, cap

    def stopped(more: int = 0) -> bool:  # `more`: units spent and not yet added to `spent`
        return stop is not None and stop(spent + more)

    def count(grid: list[list[int]]) -> int:
        nonlocal spent
        found, nodes, complete = counter.count(grid, cap, schedule.per_count)
        spent += nodes + 1 + schedule.charge
        if complete or found >= cap:
            return found
        if found > 0 and counter.explored > 0:
            # an estimate (Knuth 1975); never 1, which only a complete count proves (an estimate
            # of 1 once ended a chain on a grid CP-SAT then refused, with "least count 1" said)
            return min(cap, max(found, round(found / counter.explored), 2))
        return cap

    def cell_counts(grid: list[list[int]], r: int, c: int) -> list[int]:
        # every digit of cell (r, c) counted in one search (`Enumerator.count_cell`); a count
        # cut by the budget is estimated as in `count` (never 1), and one that found nothing
        # before the cut is left out (0), as no move
        nonlocal spent
        found, nodes, complete = counter.count_cell(grid, r, c, schedule.per_cell)
        spent += nodes + 1 + schedule.charge
        if complete:
            return found
        share = counter.explored
        return [min(cap, max(f, round(f / share), 2)) if f > 0 and share > 0 else 0 for f in found]

    first = True
    polished: set[tuple[tuple[int, ...], ...]] = set()
    while spent < budget and not stopped():
        grid = schedule.fresh_grid(rng, height, width, first)
        first = False
        current = count(grid)
        if current == 0:
            if schedule.one_fresh_grid:
                break  # every fresh grid is this one
            continue
        least = min(least, current)
        temperature, since, best = 1.0, 0, current
        while spent < budget and since < schedule.restart and not stopped():
            if current == 1:
                return grid, spent, 1
            if current == 2 and schedule.polish and (seen := tuple(map(tuple, grid))) not in polished:
                polished.add(seen)
                near, used = polish(
                    counter, seen, rng, min(schedule.polish, budget - spent), schedule.per_count, stopped
                )
                spent += used
                if near is not None:
                    return near, spent, 1
            r, c = rng.randrange(height), rng.randrange(width)
            old = grid[r][c]
            options = [(old, current)]
            for digit, found in enumerate(cell_counts(grid, r, c), start=1):
                if digit != old and found > 0:
                    options.append((digit, found))
            weights = [(current / found) ** (1 / temperature) for _, found in options]
            grid[r][c], current = rng.choices(options, weights)[0]
            since += 1
            if current < best:
                best, since = current, 0
                least = min(least, best)
            temperature = max(0.05, temperature * schedule.cooling)
        if current == 1:
            return grid, spent, 1
    return None, spent, least


#: What a work unit of `polish`'s counts is charged, in the annealing's units: its short counts
#: run at about 2e7 units a second, the annealing's at 5.5e7-1e8 (4x4 at 194).
POLISH_WEIGHT = 4


def polish(
    counter: Enumerator,
    grid: tuple[tuple[int, ...], ...],
    rng: random.Random,
    budget: int,
    per_count: int,
    stopped: Callable[[int], bool],
) -> tuple[list[list[int]] | None, int]:
    """(a grid with exactly one solution that differs from `grid` in one or two cells, or None;
    work units charged, each of its counts' units weighted `POLISH_WEIGHT`): such grids counted
    up to 2 solutions (each cut after `per_count` units and then passed over), those one cell
    away first, then those two cells away in a random order, until one is unique, `budget`
    units are charged or `stopped(units charged)`.

    The heat bath changes one cell a move, so a grid of two solutions whose unique neighbours
    all lie two cells away is a dead end for it. Twenty-second session, 4x4 at 194 (where the
    annealing's least count is 2): a unique grid two cells away, none one cell away, from the
    first grid of count 2 of two of three chains (docs/cnote.md)."""
    cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[0]))]
    others = {cell: [d for d in range(1, 10) if d != grid[cell[0]][cell[1]]] for cell in cells}
    ones = [((a, d),) for a in cells for d in others[a]]
    twos = [
        ((a, d), (b, e))
        for i, a in enumerate(cells)
        for b in cells[i + 1 :]
        for d in others[a]
        for e in others[b]
    ]
    rng.shuffle(twos)
    spent = 0
    work = [list(row) for row in grid]
    for change in ones + twos:
        if spent >= budget or stopped(spent):
            break
        for (r, c), d in change:
            work[r][c] = d
        found, nodes, complete = counter.count(work, 2, per_count)
        spent += POLISH_WEIGHT * (nodes + 1)
        if found == 1 and complete:
            return work, spent
        for (r, c), _ in change:
            work[r][c] = grid[r][c]
    return None, spent


def anneal_chains(
    rows: list[int],
    cols: list[int],
    rngs: list[random.Random],
    budget: int,
    schedules: Sequence[Schedule],
) -> tuple[list[list[int]] | None, int, int, int]:
    """`anneal` run as independent chains, one per random generator and schedule (paired in
    order), each within `budget` nodes and its schedule's own budget (`Schedule.budget`; chains of
    one shape may have budgets of their own since the forty-sixth session), at the same time in threads (the count's kernel
    releases the GIL): (the grid of the chain that found one with the fewest nodes, the earlier
    in the order of `rngs` on a tie, or None; the nodes that chain spent, or the most any spent;
    the least count reached; the nodes spent by all chains).

    The answer does not depend on the threads' timing, since each chain's course depends on its
    generator alone: a chain stops early once its nodes (and place) exceed those of a grid
    found by another, as it can no longer find one with fewer; the winner never stops early.
    (Until the nineteenth session the first chain in order won, so it ran to its budget after
    a later chain's find: 5x5 at 150, seed 0, took 11.1 s where the second chain found its
    grid at 2.6 s.) Ctrl-C and time limits stop all chains between two counts
    (`core.interrupts`)."""
    from boardlab.core.interrupts import in_thread

    if len(schedules) != len(rngs):
        raise ValueError(f"{len(rngs)} random generators for {len(schedules)} schedules")
    interrupted = threading.Event()
    found: list[tuple[list[list[int]] | None, int, int]] = [(None, 0, s.cap) for s in schedules]
    ended = [threading.Event() for _ in rngs]
    errors: list[BaseException] = []
    lock = threading.Lock()
    best: list[tuple[float, int]] = [(math.inf, len(rngs))]  # (nodes, chain) of the best grid found yet

    def chain(k: int) -> None:
        def beaten(spent: int) -> bool:
            return interrupted.is_set() or (spent, k) > best[0]

        try:
            own = min(budget, schedules[k].budget)  # each chain within its schedule's budget too
            found[k] = grid, spent, _ = anneal(rows, cols, rngs[k], own, schedules[k], stop=beaten)
            if grid is not None:
                with lock:
                    best[0] = min(best[0], (spent, k))
        except BaseException as error:  # passed on by `work`, after stopping the other chains
            errors.append(error)
            interrupted.set()
        finally:
            ended[k].set()

    def work() -> None:
        for k in range(1, len(rngs)):
            threading.Thread(target=chain, args=(k,), name="boardlab-chain", daemon=True).start()
        chain(0)
        for event in ended:
            event.wait()
        if errors:
            raise errors[0]

    in_thread(work, interrupted.set)
    least = min(least for _, _, least in found)
    total = sum(spent for _, spent, _ in found)
    if best[0][1] < len(rngs):
        grid, spent, _ = found[best[0][1]]
        return grid, spent, least, total
    return None, max(spent for _, spent, _ in found), least, total
