"""C-Note puzzles from a planted solution, unique by default (a strategy of `core.generate`).

A puzzle is made from a planted solution (a matrix of positive numbers with the right row and
column sums): each cell shows one non-zero digit of its number (digits 1-9, as in Friedman's
puzzles), so the planted solution solves the puzzle by construction.

With `unique=False` (the `any` option), the planted solution is a random matrix with the given
sums, drawn by a random walk on such matrices: start from a north-west-corner matrix, then apply
many moves `+k` on two opposite corners of a random rectangle and `-k` on the other two, which
keeps every sum (Diaconis and Gangolli, "Rectangular arrays with fixed margins", 1995).

Unique puzzles (the default), three steps (a 7x7 puzzle at target 100 in about 0.1 s on average
without mixing, 1 to 1.5 s with it; see docs/cnote.md):

1. A rigid planted solution. Random matrices are almost never the solution of a unique puzzle,
   whatever digits are shown (measured: of 200 random 4x4 puzzles at target 100, none was
   unique and 198 had 50 solutions or more; for 4 of 5 random matrices no choice of digits at
   all made the puzzle unique): a number whose given digit is its last digit can move by 10
   in either direction, and two such moves on a rectangle keep every sum. The planted solution
   is therefore made of "floor" cells, single digits 4-9 that can only grow and only by 10 or
   by 9*d or more (d -> 1d, 2d, ..., or d0..d9), and few "big" numbers (at least one per row
   and per column: a permutation on a square grid when the sums allow), found by CP-SAT with
   random hints. Digits 1-3 on floors make small moves possible and are avoided; if the
   targets leave no room for this shape, floors 1-9, then a random matrix, are used instead
   (random matrices also after `FLOOR_ONE_PLANTINGS` plantings of floors 1-9).
   Where the big numbers would reach 110 (line targets above about 110 + 4 per other cell) the
   rigid shape admits no unique puzzle (two bigs showing their units or tens digit both keep
   them under -100, and two floors d take +100 as 10d: a rectangle move), so only random
   matrices are planted there; they give unique 3x3 puzzles up to target ~150, and nothing
   found here gives unique puzzles from ~200 on (docs/cnote.md, "Large targets").
2. (`refine`) The digits by counterexample-guided search (CEGAR, as in Solar-Lezama et al., "Combinatorial
   sketching for finite programs", 2006): keep a list of other solutions seen so far; choose,
   by a small CP-SAT model, a digit of each planted number such that every listed solution
   misses the chosen digit somewhere (random weights break ties, so the seed decides); then ask
   CP-SAT for up to a few solutions of that puzzle other than the planted one. None: the puzzle
   is unique. Otherwise add them to the list and choose again. If no digit choice rules out the
   list, this planted solution admits no unique puzzle: plant another.
3. (`polish`, `propose`) Mixing: the rigid solutions are regular (one big number per row and column), so a few
   random-walk moves are then proposed on the solution, each kept when CEGAR finds digits that
   keep it unique (`moves`, default twice the longer side; 0 keeps the rigid puzzle, which is
   3 to 25 times faster to make, measured on 3x3 to 10x10).

Beyond the rigid shape's targets, step 1 is replaced where one of these applies (issue 19;
docs/cnote.md, "Large targets"):

- 2x2 grids: every unique puzzle is listed by exhaustion (`pairs.unique_puzzles`, all 6,561
  digit grids counted at once) and one is picked by the seed; when there is none (targets 99,
  110, 199, 210, 221, ..., 999 and 1,000 among those up to 1,000) `generate` says so at once.
- grids two cells wide or high (2 columns of 3 or more rows, or the transpose) beyond the rigid
  shape, since the thirty-eighth session: the exact search of `narrow` (docs/cnote.md, "Lemma
  11": pairwise compatible states, each candidate counted in full) with the command's seed,
  within `narrow.SEARCH_NODES` states, then (thirty-ninth session) its restarts on random
  subgraphs of rare types (`narrow.Narrow.find`, `narrow.RESTART_NODES`), each phase also within
  a work budget (fortieth session: `narrow.SEARCH_WORK`, `narrow.RESTART_WORK`); where it ends without a
  puzzle, or the shipped survey (`data/cnote-narrow.jsonl`) proved none at that target,
  `generate` says at once that none exists; where its budget runs out, the planters below (rigid
  plantings, the heat bath).
- square grids of 4x4 or more from a line target of about 300 on (394 on 4x4, 314 on 5x5, 294
  on 6x6, 288 on 7x7 and 8x8): no unique puzzle exists (Lemma 2, `positions`: every digit grid
  has at least 10 solutions), and `generate` says so at once.
- 4x4 grids from target 267, 5x5 from 266, 6x6 from 265, 7x7 from 264 and 8x8 from 273 up to
  Lemma 2's targets, where
  Lemma 2's construction with hundreds on the cycle always works (Lemma 5, `hundreds`: a
  certificate enumerates every margin vector that breaks the transportation condition and
  repairs each by hundreds on cycle cells):
  `generate` says at once that none exists. Since the thirty-fifth session also 4x4 at 263-266,
  5x5 from 258, 6x6 from 257 and 8x8 from 269 (Lemma 9, `twofamilies`: two of Lemma 5's ten
  families are always repaired, a CP-SAT certificate per target); since the thirty-sixth
  session also the targets of Lemma 10 (`placements`: the same at one of several placements of
  the cycle).
- rectangles, since the thirty-sixth session: where Lemma 2's general form holds (`positions.
  certificate`: the digits of a set of cells connecting every line, with one cycle, in the tens
  place; rectangles of sides 4-8 from 245-501, eight 3-wide ones from 362-965) and on the ranges
  of Lemma 9's general form (`spanning.CERTIFIED`): `generate` says at once that none exists.
- 3x3 grids at a target where an exhaustive scan found no unique grid (`exhaustive.recorded`;
  all 9^9 digit grids counted, docs/cnote.md, "Exhaustive 3x3 search"): `generate` says so
  at once.
- 3x3 grids at a target where the recorded scan found few unique orbits (300, 500, 700):
  the scan's pairs of first rows are searched, the most constrained first, until a grid has
  one solution (`Scanned`, `exhaustive.search`); 700's only orbit comes at pair 93 of 35,355.
- grids with at most 3 columns or rows (3x3, 5x3, ...): the digit grid itself is annealed on
  its exact solution count until the count is 1, a whole line at a time (`heat_bath`: all 729
  digit choices of a line counted at once by `convolution.Counter.line_counts`); random
  plantings gave 0 unique 3x3 puzzles of 60 at target 200, the heat bath gives one in 0.1-0.6 s
  of CPU there, and unique 3x3 puzzles at 300 and 500 for some seeds. No mixing follows
  (annealed grids are irregular already).
- 4x4 grids beyond the rigid shape: the digit grid is annealed one cell at a time on its
  solution count (`Searched`, `search.anneal`: the first rows enumerated depth-first, the last
  two rows' completions counted by a convolution over the columns; counts capped and cut by a
  budget of work units, a cut count estimated by Knuth's estimator; a 4x4 move counts all
  digits of one cell and draws one, a heat bath; two chains, of different settings since the
  twentieth session); unique 4x4 puzzles for seeds 0-4 up to 185 and at 188-192, most at 186,
  187 and 193, none at 194-195 (docs/cnote.md, "Large targets"). 5x5 grids
  beyond the rigid shape (from 126) are annealed the same way with settings of their own
  (`search.SCHEDULES`; the cell heat bath since the nineteenth session): unique 5x5 puzzles for
  seeds 0-4 up to 144 and at 146-148 and 150, for 4 of 5 at 145, 149 and 151;
  6x6 grids where the nines diagonal does not plant, with settings of their own since the
  nineteenth session (a first fresh grid of nines, later ones with some eights since the
  twentieth: 141 for seeds 0-4, 142 and 143 for 2 of 5, 145 and 146 for 1, none at 144;
  with 5x5's earlier settings they reached 139 for seeds 0-4 and none from 141; the diagonal
  plants 137-140 since the seventeenth session). 7x7 grids where the nines diagonal does not
  plant (149 on) with 6x6's settings since the twentieth session: 149 for 4 of seeds 0-4, 150
  and 151 for 1 (before, nothing above 148; at 140 the seventh session's settings had seen
  every count at the cap). 8x8 grids are not searched this way: the same settings found none
  at 157-162. Rectangles with a shorter side of 4 and a longer one of at most 8 are, since the
  twenty-third session (`search.schedules`), turned so that the shorter side is the height
  (two rows enumerated): fresh grids of digits 4-9, a budget by the longer side; 5x6 ones
  too since the thirtieth session (three rows enumerated, each count charged its fixed cost). Tall ones
  (4 columns) have columns above the target (`column_targets`: 150 for 6 rows at 100), and
  failed at the default target 100 before (random plantings); the sixth session's counts of
  such grids rarely ended, the seventh's convolution does. Other rectangles are planted.
- 6x6, 7x7 and 8x8 grids from target 110 to 136, 141 and 150: rigid plantings with floors 7-9
  first (floors 4-9 leave big numbers of 90 or more there, whose checks failed or took 6-48 s
  of CPU on 7x7 and 8x8 at 126-137, and made 8x8 puzzles at 120-125 in up to 13 s), then,
  after `HIGH_PLANTINGS` of them, the nines planting where it is unique by construction
  (`nines`: floors 9 and big numbers T - 9(n - 1) of at most 87 showing their tens digit),
  then floors 7-9 again: seeds 0-4 at 126-136 on 6x6, 126-141 on 7x7 and 126-150 on 8x8
  (ninth session), and at 110-125 (sixteenth session; the band started at 126 before).
- 6x6 at 137-140, 7x7 at 142-148 and 8x8 at 151-157: the nines diagonal (`Diagonal`).
- Rectangles of sides 4 or more beyond the rigid shape (twenty-third session): annealed
  turned where the shorter side is 4 and the longer at most 8 (above); otherwise rigid
  plantings with floors 7-9 and no permutation first, then 4-9 (random matrices before:
  5 columns of 7 or 8 rows failed at the default target 100, their columns at 140 and 160).

Everything is seeded (Python's `random.Random(seed)`, CP-SAT with one worker and seeds drawn
from it), so the same seed gives the same puzzle.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from typing import Any

from ortools.sat.python import cp_model

from boardlab.core.cpsat import one_worker, solve_interruptibly
from boardlab.core.errors import BadInput, NoPuzzle
from boardlab.core.generate import Strategy, Tally, make_unique, propose, refine
from boardlab.core.oracle import UNDECIDED, Undecided
from boardlab.families.cnote.convolution import Counter
from boardlab.families.cnote.dp import cheap_strip
from boardlab.families.cnote.exhaustive import pair_representatives, period, recorded, search
from boardlab.families.cnote.hundreds import applies as hundreds_applies
from boardlab.families.cnote.hundreds import box as margin_box
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.io import CNoteInstance, check_target, make_instance
from boardlab.families.cnote.model_cpsat import admissible
from boardlab.families.cnote.narrow import RESTART_NODES, RESTART_WORK, SEARCH_NODES, SEARCH_WORK, Narrow
from boardlab.families.cnote.narrow import recorded as narrow_recorded
from boardlab.families.cnote.narrow import recorded_none as narrow_none
from boardlab.families.cnote.oracle import CNoteOracle, as_grid
from boardlab.families.cnote.orbits import images
from boardlab.families.cnote.pairs import unique_puzzles
from boardlab.families.cnote.placements import applies as placements_apply
from boardlab.families.cnote.positions import certificate, hundreds_certificate, least_target
from boardlab.families.cnote.search import Enumerator, anneal_chains, count_cap, schedules
from boardlab.families.cnote.spanning import entry as spanning_entry
from boardlab.families.cnote.trees import applies as trees_apply
from boardlab.families.cnote.twofamilies import applies as two_families_apply
from boardlab.families.cnote.wide import CLASSES as WIDE_CLASSES
from boardlab.families.cnote.wide import COUNTS as WIDE_COUNTS
from boardlab.families.cnote.wide import NODES as WIDE_NODES
from boardlab.families.cnote.wide import Wide

#: The largest line target at which unique puzzles were found by rigid plantings (docs/cnote.md);
#: named in the one-line error when the search gives up on a shape with no figure of its own
#: (`reach`: squares of 9 or more, rectangles with a side above 8).
UNIQUE_TARGET_LIMIT = 120
#: The same on 3x3 grids by the heat bath (docs/cnote.md), named in 3x3's error (`reach`; other
#: grids 3 wide or high have their own figures since the thirty-first session,
#: `RECTANGLES_REACHED`).
ANNEAL_TARGET_LIMIT = 500
#: The same on square grids of 4x4 to 8x8, by side (seeds 0-4 of the whole command, within
#: 10 s): 4x4 by `Searched` with two chains of the cell heat bath (thirteenth session, a cell's
#: digits counted in one search; twentieth, the chains of different settings: every seed up to
#: 185 and at 188-192, most at 186, 187 and 193, none at 194 and 195; twenty-second, grids of
#: two solutions polished, `search.polish`: every seed up to 186 and at 188-192, 3 of 5 at
#: 187, 4 at 193, 2 at 194 (4 of seeds 0-14), none at 195), 5x5 by `Searched`
#: (eighth session; since the nineteenth the cell heat bath: every seed up to 144 and at
#: 146-148 and 150, 4 of 5 at 145, 149 and 151, 1 of 5 at 152), 6x6 by rigid planting up to
#: 136 (`HIGH_UNTIL`) and by `Searched` at 137-139 until the seventeenth session, 7x7 and 8x8
#: by rigid planting with floors 7-9 or the nines planting (`Rigid` with `high`; ninth session),
#: and since the fifteenth session 6x6 at 140 (137-140 since the seventeenth), 7x7 at 142-148 and 8x8 at 151-156 by the
#: nines diagonal (`Diagonal`; seeds 0-4 measured); since the nineteenth session 6x6 from 141
#: by `Searched` (twentieth session: 141 for every seed, 142 and 143 for 2 of 5, 145 and 146
#: for 1, 144 for none; twenty-second session, `cnote/reach`: 150 for 1 of seeds 0-2), and
#: since the twentieth 7x7 at 149 (4 of 5), 150 and 151 (1 of 5). Twenty-fifth session, the
#: counts pruned by reach tables (`search.Enumerator`) and 8x8 annealed from 157: every seed at
#: 4x4 up to 192, 5x5 up to 151 and at 156, 6x6 141-151 but 144 (4 of 5), 7x7 149-151 and 8x8
#: 157-159; some at 4x4 193-194, 5x5 152-160 (1-4 of 5), 6x6 144 and 152, 8x8 160 (docs/cnote.md).
#: Twenty-sixth session, 5x5 and 6x6 counts uncapped (`search.Schedule.cap`): every seed at 5x5
#: up to 152 and 158, 6x6 141-151; some at 5x5 153-169 but 162 and 165, 6x6 152 and 155-157.
#: Twenty-seventh session, the count memoised (`search.MEMO_FROM`): every seed at 5x5 up to 160
#: and at 166 and 169, 6x6 141-151 but 144 (4 of 5), 7x7 149-151, 8x8 157-158; some at 5x5
#: 161-185 but 172, 173 and 175, 6x6 152, 154-157 and 159-161, 7x7 152 and 154-160, 8x8 159-160.
#: Twenty-eighth session, a cell's search cut at 1e6 units on 6x6-8x8: every seed at 6x6 141-152,
#: 7x7 149-151, 8x8 157-159; some at 6x6 153-156, 158, 159 and 161, 7x7 152 and 154-159, 8x8 160;
#: 5x5 tried above 185 for the first time: some at 186-192 (188 every seed), none at 193-210.
#: Twenty-ninth session, the count's rows ordered (`search.Enumerator.rows_in_order`) and the
#: 4x4, 6x6 and 7x7 budgets larger: every seed at 4x4 193-194, 6x6 141-152 and 155-157, 7x7
#: 149-151, 154, 155 and 158, 8x8 157-159; some at 5x5 186-193 (193 for the first time), 6x6
#: 153, 154 and 158-161, 7x7 152, 156, 157 and 159-161, 8x8 160 and 163.
#: Thirty-fourth session, the count's live sets and trimmed numbers (`search_kernels`) and 5x5-8x8
#: budgets about 1.3 times larger: every seed at 6x6 158-160, 7x7 152 and 155-157, 8x8 160, 5x5
#: 165, 171 and 177; some at 6x6 161 and 162 (162 for the first time), 7x7 153, 159, 160 and
#: 162 (162 for the first time), 5x5 183, 186 and 192; none at 6x6 163-165, 7x7 161 and 163,
#: 8x8 161-165 (main made 7x7 161 and 8x8 163 for one seed each).
#: With the lead's budgets after it (`search`): 6x6 at 165 (seed 0), 7x7 161 (seed 1).
#: Thirty-fifth session, the same generator surveyed further (docs/cnote-journal.md, "Thirty-fifth
#: session"): every seed at 6x6 161 and 7x7 159; some at 6x6 166, 168 and 169 (the first at
#: 169), 7x7 153 (3 of 5) and 164, 8x8 165; none at 6x6 163, 164, 167 and 170, 7x7 163, 8x8 161-164.
#: Thirty-sixth session (helper's survey, timed idle by the lead): 7x7 165 (seed 4), 8x8 168 (seed 2).
#: Forty-sixth session (helper, branch `made-s67`): 7x7 166 (seed 0) with 7x7's second chain
#: drawing fresh grids of digits 6-9 within a budget of its own (`search.SCHEDULES`):
#: `generate --size 7 --target 166 --seed 0` in 6.0 s of wall (4.0 s of CPU, `nice -n 10` at
#: load average 4.7), unique by CP-SAT (`solve --unique --backend cpsat`); 7x7 165 seed 4 is no
#: longer made (its grid was the old second chain's); failing 7x7 167 seed 0 12.0 s of wall, 8.2
#: s of CPU at load 4.7 (main's 7x7 failures 7.1-7.8 s of CPU). Nothing more on 4x4-6x6 and 8x8
#: (docs/cnote-journal.md, "Forty-sixth session (helper, branch `made-s67`)").
REACHED = {4: 194, 5: 193, 6: 169, 7: 166, 8: 168}
#: The largest target at which a unique puzzle was made on each rectangle of sides 2-8 (W
#: columns, H rows: key (W, H)), for a failure's message (`reach`): the thirty-first session's
#: surveys (seed 0 at 100, 150, 200, 300, 500 and 1,000, and on sides 4-8 at 110-190; 70
#: commands at random targets, seeds 0-4; `cnote/reach`, seeds 0-2; docs/cnote.md) and, on
#: the shapes with a side of 2 or 3, the thirty-seventh session's (seed 0 at every 50 from 100
#: to 1,000: 2 columns of 3-7 rows to 350-900, 4-8 columns of 2 rows to 900-950, 5 and 8 columns
#: of 3 rows to 250 and 350; docs/cnote-journal.md, "Thirty-seventh session"). A bound of what
#: was tried, not of what exists. Grids one line wide are made at every target (`Forced`).
#: Thirty-eighth session, the exact search on the shapes two cells wide (`Exact`, docs/cnote.md
#: "Lemma 11"): the largest target where its survey (`data/cnote-narrow.jsonl`, seed 0, every
#: target up to 1,000) found a unique puzzle, each made by `generate --seed 0` in 0.9-4.8 s of
#: wall (2x3 997, 2x4 820, 2x5 717, 2x6 636, 2x7 627, 2x8 415, 4x2 992, 5x2 959, 7x2 903, 8x2
#: 998; 3x2 and 6x2 at 1,000); the lead's second pass of 4x2 made 993 (2.3 s of wall).
#: Thirty-ninth session, the survey's pass with restarts (`narrow.Narrow.settle`): 2x5 727, 2x6
#: 713, 5x2 979, 7x2 982, 8x2 1,000, each made by `generate --seed 0` in 2.8-5.5 s of wall.
#: Thirty-ninth session, the lead's finer survey of the rectangles of sides 3-8 (every 10
#: above the figure, seeds 0-1, until two targets in a row failed; 161 commands, the made ones
#: 0.8-6.5 s of wall, at most 5.8 s of CPU; docs/cnote-journal.md, "Thirty-ninth session"):
#: 3x5 170, 3x7 140, 4x3 240, 4x7 120, 5x3 270, 5x4 180, 5x6 130, 5x8 110, 6x4 200, 7x3 360,
#: 7x4 210, 8x3 380 and 8x4 240 (3x8 at 140 was made by seed 1 only after 11.9 s of CPU: not
#: counted). Fortieth session, the survey's pass with restarts on 2x7 and 2x8 (helper, branch
#: narrow-s61): 2x8 425 (seed 0 6.7 s of wall, load average 2.2; seeds 1 and 2 made in 9.6 and
#: 19.9 s); 2x7 unchanged by that pass (no puzzle found above 627). The lead's pass of the same
#: session (the fast tail counts, work budgets of 1e10 and 2e9): 2x7 715 (seed 0 5.7 s of wall,
#: load average 3; 725 has a unique puzzle too, but seed 0 took 12.4 s of wall: not counted).
#: Forty-first session (lead): 2x7 725, seeds 0-2 each in 4.6-4.7 s of wall at load average 3.6
#: (1.3-1.5 s of CPU) once the core's final proof of a strip is `dp`'s (0.4 ms) instead of
#: CP-SAT's (20-33 s). Forty-first session (helper, branch narrow-s62): 2x8 617 (was 425), where
#: the survey's complete search, descending from 999, met its first unique puzzle after proving
#: none at every undecided target of 618-999; made by `generate --seed 0` in 2.7 s of wall (load
#: average 2.0; the restarts' puzzle, 26 rounds), seed 1 in 3.1 s, seed 2 in 14.9 s (on the
#: branch, before `dp`; with it, the lead's timing in docs/cnote.md). So 2x8 is made up to 617
#: and none exists from 618: its two figures meet (undecided targets remain below, 616 and
#: 426-435 among them). Forty-second session (helper, branch narrow-s63): 7x2 unchanged at 982
#: (the thirty-ninth session's figure, seed 0), but the survey's mirrored complete searches
#: proved none at every target from 983 to 1,000, so its two figures meet too (982 / 983).
#: Forty-second session (helper, branch wide3-s63), the rare-type search on the shapes three
#: cells wide or high (`WideExact` above `WIDE_FROM`, docs/cnote.md "Lemma 12"): 3x4 180, 3x6
#: 156, 3x7 155, 3x8 156, 5x3 274, 6x3 313, 7x3 366 and 8x3 416, each made by `generate --seed
#: 0`, 1 and 2 in 1.6-4.6 s of wall (load average 3.1-3.2 from two other sessions' processes;
#: at most 2.1 s of CPU); 3x5 and 4x3 unchanged (nothing found above 170 and 240). The targets
#: between the old figures and these are not all made (e.g. 3x8 at 157, 8x3 at 405 and 412:
#: the budgets run out first). Forty-third session (helper, branch wide-s64), the same search
#: with its products made as bitsets (`wide.Wide.capped`) and larger budgets, and the core's
#: final proof by the bitset listing (`dp3`; CP-SAT's had taken up to about 40 s): 3x4 181,
#: 3x6 163, 3x7 165, 4x3 242, 5x3 288, 6x3 326, 7x3 385 and 8x3 417, each made by `generate
#: --seed 0`, 1 and 2 in 1.5-3.4 s of wall (at most 2.2 s of CPU, load average 3.3); 3x5 170 and
#: 3x8 156 unchanged (nothing found at 3x5 171-182 nor 3x8 157-172). Not every target between is
#: made (in-process survey, seed 0: e.g. none at 3x6 157-162, 6x3 314-320, 7x3 368-382, 8x3 418;
#: docs/cnote.md, "Since the forty-third session").
#: Forty-third session (lead): the annealing alone from short lines at `RECTANGLE_ANNEAL_FROM`
#: (`search._RECTANGLE`): 5x8 125 (seed 1), 8x5 200 (seed 1), 7x5 180 (seed 0), 6x7 135 (seed 1),
#: 7x6 160 (seed 1), 7x8 130 (seeds 0 and 1) and 8x7 150 (seeds 0 and 1), each command 1.2-9.5 s
#: of CPU (2.4-14.5 s of wall at load average 3.9-6.4: two helpers' searches on the two cores;
#: failing squares' commands took 9.6-9.8 s of CPU, 14-15 s of wall, at load 4.2); 5x7 unchanged
#: (nothing at 125-135, seeds 0-1). Targets between are not all made (5x8 at 130, 7x6 at 155).
#: Forty-fourth session (helper, branch `made-s65`): the chains of each shape
#: (`search.RECTANGLE_CHAINS`: fresh digits 7-9 and 6-9 on 4x5-4x7 and 5x6-5x8, `_RECTANGLE`'s on
#: 4x8) with larger budgets (`search.NARROW_BUDGETS`): 4x5 160 (seeds 1 and 2), 5x4 200 (seeds 1
#: and 2), 4x6 140 (seed 0), 6x4 210 (seed 0), 4x7 130 (seed 0), 7x4 225 (seed 1), 4x8 125
#: (seed 2), 8x4 250 (seed 1), 5x6 155 (seeds 0 and 1), 6x5 180 (seed 1), 5x7 137 (seed 1; 130
#: for seed 2 with the forty-third session's chains already), 7x5 190 (seed 1), 5x8 135 (seed 1)
#: and 8x5 216 (seeds 0 and 1), each command 1.5-5.7 s of wall (1.4-4.6 s of CPU, `nice -n 10`
#: at load average 2.3-2.6), unique by CP-SAT (`solve --unique --backend cpsat`) and by
#: `search.Enumerator`; failing commands above them 4.3-9.3 s of wall, two on 5x7 10.7-10.8 s
#: (4.8 s of CPU) while another session's process held the cores (docs/cnote-journal.md,
#: "Forty-fourth session (helper, branch `made-s65`)").
#: Targets between are not all made (4x7 130 for seed 0 only, 5x7 135 and 138 failed for the
#: seeds tried).
#: Forty-fifth session (helper, branch `made-s66`; seeds 0-4, where the forty-fourth tried 0-2):
#: 6x8 126 (seed 0) and 8x6 172 (seed 1), annealed for the first time (from `RECTANGLE_ANNEAL_FROM`,
#: 125 on their 6-cell lines; the rigid plantings below already made 6x8 124 and 8x6 160 for
#: some seeds), 7x8 145 (seed 1) and 8x7 163 (seeds 2 and 4) with the chains of digits 7-9 and
#: 6-9 (`search.RECTANGLE_CHAINS`) from short lines at 128, 6x7 139 (seed 2) and 7x6 163 (seed 2)
#: with that pair polished (`search.polish`), 5x7 140 and 7x5 196 (seed 3) with the pair of their
#: shape polished, 6x4 214 (seed 1), 4x7 133 (seed 0), 7x4 230 (seed 4) and 4x5 163 (seed 3;
#: its failing commands 10.5-12.8 s of wall at load average 5, 6.5-7.1 s of CPU) with larger
#: budgets (`search.NARROW_BUDGETS`), and with the forty-fourth session's
#: settings as they were, seeds or targets it had not tried: 8x4 256 (seed 1) and 6x5 189
#: (seed 4). Each command 1.9-7.3 s of wall (at most 7.3 s of CPU; `nice -n 10` at load average
#: 1.9-2.7, about one core: the CPU is about the wall), unique by CP-SAT (`solve --unique
#: --backend cpsat`); failing commands above them 3.5-9.8 s of wall (docs/cnote-journal.md,
#: "Forty-fifth session (helper, branch `made-s66`)"). Targets between are not all made (none
#: of seeds 0-4 at 6x8 127-132, 7x8 146-149, 8x7 164-166, 7x6 164-165, 8x6 170 and 173-175,
#: 5x7 141-142, 7x5 198 and 200).
#: Forty-sixth session (helper, branch `made-s67`; seeds 0-4, the generator in-process, then the
#: whole command, `nice -n 10` at load average 4-5 from two other sessions' processes, so the
#: wall about 1.6 times the CPU): 5x4 203 (seed 1), 4x6 143 (seeds 1 and 2) and 7x4 231 (seed 2)
#: with the pair of 4 rows polished (`search.RECTANGLE_CHAINS`; 5x4 201 for seeds 1-4 and 4x6
#: 141 for seed 4 without it), 5x6 158 (seed 4; 156 for seed 1, 157 for seed 4) and 5x8 137 (seeds 3 and 4)
#: with the forty-fourth session's settings, at targets or seeds not tried before. Whole
#: commands, one at a time (wall / CPU, load average 4.4-5.0): 5x4 203 9.5 / 6.2 s, 4x6 143 9.1
#: / 6.2 s, 5x6 158 9.6 / 6.5 s, 5x8 137 1.6 / 1.0 s, 7x4 231 7.3 / 4.8 s, each unique by CP-SAT
#: (`solve --unique --backend cpsat`) and valid (`check`); failing commands above them 8.3-14.3 s
#: of wall, 5.2-8.8 s of CPU (5x4 204, 4x6 144, 5x6 159, 5x8 138, 7x4 232; docs/cnote-journal.md,
#: "Forty-sixth session (helper, branch `made-s67`)").
#: Forty-seventh session (helper, branch `made-s68`; the generator as it was, its settings
#: unchanged, at seeds up to 39 where the earlier sessions tried 0-4, and at targets they had
#: not tried with these settings; in-process first, then the
#: whole command, `nice -n 10` at load average 4-5 from the lead's proof drive): 8x4 257 (seed
#: 11; none of seeds 0-39 at 258), 7x4 234 (seed 9; 233 for seeds 8 and 16, 232 for 11; none of
#: seeds 0-19 at 236), 6x4 217 (seed 1; 216 for 24 and 39, 215 for 28) and 8x5 221 (seed 11; 218 for 11
#: and 16, 220 for 15 and 19; none of seeds 0-19 at 222 and 223). Whole commands (wall / CPU,
#: load average 4-5): 8x4 257 6.7 / 6.1 s, 7x4 234 7.1 / 7.1 s, 6x4 217 2.4 / 2.2 s, 8x5 221
#: 2.2 / 2.0 s, each unique by CP-SAT (`solve --unique --backend cpsat`) and valid (`check`).
#: The same on four shapes outside the brief, seeds 5-16: 8x7 166 (seeds 13 and 14; 165 for 10,
#: 12 and 14, 164 for 14; none of seeds 5-14 at 167 and 168), 8x6 173 (seeds 12 and 15), 7x6 164
#: (seed 14) and 7x5 197 (seed 8); none at 6x5 190, 8x6 174, 7x6 165 and 7x5 198. Whole
#: commands: 8x7 166 2.6 / 1.9 s (load average 3.1), 8x6 173 7.1 / 6.9 s, 7x6 164 5.7 / 5.5 s
#: and 7x5 197 6.3 / 6.1 s (4.6-4.7). A rectangle's instance at a target whose turned shape has
#: an integer target is that shape's turned, annealed alike where both go to the annealing at
#: once: 6x8 129 is 8x6 172 turned (seed 1, 3.7 / 3.1 s, load 3.9) and 4x6 144 is 6x4 216
#: (seed 39, 3.1 / 2.9 s); 4x8 128 (8x4 256 turned) is not made by seed 1, whose rigid
#: plantings come first there and draw differently. 4x7 134 (seed 10, 6.7 / 6.5 s). Each unique
#: by CP-SAT (docs/cnote-journal.md, "Forty-seventh session (helper, branch `made-s68`)").
#: Forty-eighth session (helper, branch `made-s69`; the generator as it was, its settings
#: unchanged, at seeds and targets the earlier sessions had not tried; in-process first, then the
#: whole command, `nice -n 10` at load average 3.5-4.7 from the lead's proof drives): 8x7 167
#: (seed 24; none of seeds 13-14 and 24-32 at 168), 8x6 174 (seed 22; none of 12, 15, 22 and 27-33
#: at 175), 7x8 146 (seed 9; none of 9 and 15-22 at 147), 6x8 130 (seed 10; none of 10 and 15-22
#: at 131), 8x4 260 (seed 8; 259 for seed 0; none of seeds 0-9 at 261 and 262, 0-4 at 263 and
#: 264), 6x4 221 (seed 2; none of seeds 20-29 at 218 after 0-19), 8x5 223 (seeds 21 and 25; 222
#: for seed 49 of 40-49; none of 21, 25 and 30-37 at 224, 20-27 at 226), 6x7 141 (seed 28; 140 for
#: seed 15; none of 28 and 34-41 at 142), 7x4 236 (seed 37 of 20-39; none of seeds 0-9, 37 and
#: 40-44 at 237) and 7x5 199 (seed 37; 198 for seed 31 of 17-36; none of seeds 0-9, 37 and 45-49
#: at 200), 7x6 165 (seed 49 of 15-54) and, as 6x4 219 (seed 13, the forty-seventh session's)
#: turned, 4x6 146. Whole commands (wall / CPU, load average 3.5-4.7): 8x7 167 8.9 / 8.6 s, 8x6
#: 174 6.3 / 6.0 s, 7x8 146 8.3 / 8.1 s, 6x8 130 8.6 / 8.3 s, 8x4 260 3.6 / 3.0 s, 6x4 221 7.4 /
#: 7.1 s, 8x5 223 1.9 / 1.6 s, 6x7 141 4.0 / 3.6 s, 7x4 236 2.4 / 1.3 s, 7x5 199 3.2 / 2.5 s, 7x6
#: 165 9.8 / 9.3 s, 4x6 146 9.1 / 8.5 s, each unique by CP-SAT (`solve --unique --backend cpsat`)
#: and valid (`check`). A figure is the largest target made for some seed; targets between the old
#: figure and the new are not all made (8x4 258, 6x4 218 and 220 and 7x4 235 for none of the seeds
#: tried; docs/cnote-journal.md, "Forty-eighth session (helper, branch `made-s69`)").
#: Forty-ninth session (helper, branch `made-s70`; the generator as it was, its settings unchanged,
#: at seeds and targets the earlier sessions had not tried; in-process first, then the whole
#: command, `nice -n 10` at load average 3.8-5.1 from the lead's drives): 4x5 168 (seed 11; 169 for
#: seed 8 in 11.3 s of wall, then 7.6 s: not claimed, as 6x4 219 in the forty-eighth session; 167
#: for 10, 166 for 7, 165 for 6 and 16, 164 for 22 and 25; none of seeds 0-9 at 170-172), 5x4 210
#: (seed 11, as 4x5 168 turned; 205 for seed 22 as 4x5 164 turned, 204 for seeds 14 and 22; none of
#: seeds 5-44 at 206), 6x5 191 (seed 12; none of seeds 17-31 at 190, 20-49 at 192), 5x6 159 (seed
#: 19; none of 5-19 at 160) and 5x8 139 (seed 34; 138 for seed 19; none of 10-20, 22-29 and 46-50 at
#: 140). Whole commands (wall / CPU, load average 3.2-4.8): 4x5 168 7.1 / 5.0 s, 5x4 210 8.8 / 5.3 s
#: and 5.9 / 5.0 s, 6x5 191 6.4 / 6.2 s, 5x6 159 5.4 / 5.0 s, 5x8 139 2.7 / 2.3 s, each unique by
#: CP-SAT (`solve --unique --backend cpsat`) and valid (`check`). Nothing on 4x7 (135: seeds 5-44)
#: and 4x8 (126: seeds 5-44); nothing on the shapes three cells wide or high, where
#: `wide.Wide.search` finds the same grids for every seed (nothing at 4x3 243-270, 5x3 301-320, 6x3
#: 341-360, 7x3 396-420, 3x4 193-205, 3x5 183-195, 3x6 173-185, 3x7 171-185, 3x8 173-185 and at
#: 8x3's untried targets 423-450) and the heat bath after it planted no solution (4x3 243, seed 1).
#: Targets between the old figure and the new are not all made (6x5 190 for none of seeds 0-31, 5x4
#: 206 for none of 5-44, 208 and 209 not tried, 207 made by seed 6; docs/cnote-journal.md,
#: "Forty-ninth session (helper, branch `made-s70`)").
#: Fifty-fifth session (lead): the rare-type route's classes of two lines free after its rounds
#: (`wide.Wide.classes`; on 3x5 the route runs for the first time, `WIDE_FROM`): 4x3 243 (seeds
#: 0-2) and 3x5 171 (seeds 0-4), whole commands 2.4-6.8 s of wall, 1.5-4.1 s of CPU (load average
#: 3.8-4.2 from the lead's drives), each unique by CP-SAT (`solve --unique --backend cpsat`) and
#: valid (`check`). Every class of the ranking with a core of 6 types found nothing at 4x3 244,
#: 3x5 172, 3x4 182, 5x3 289, 6x3 327, 3x6 164, 7x3 386 and 3x7 166 (nor with 4 types at 3x8 157,
#: nor 40 classes at 8x3 418; docs/cnote-journal.md, "Fifty-fifth session (lead)"); failing
#: commands: 4x3 244 and 3x5 172, seed 0, 10.1 and 12.2 s of wall (6.1 and 7.3 s of CPU) at load
#: average 4.2.
RECTANGLES_REACHED = {
    (2, 3): 997, (2, 4): 820, (2, 5): 727, (2, 6): 713, (2, 7): 725, (2, 8): 617,
    (3, 2): 1000, (3, 4): 181, (3, 5): 171, (3, 6): 163, (3, 7): 165, (3, 8): 156,
    (4, 2): 993, (4, 3): 243, (4, 5): 168, (4, 6): 146, (4, 7): 134, (4, 8): 125,
    (5, 2): 979, (5, 3): 288, (5, 4): 210, (5, 6): 159, (5, 7): 140, (5, 8): 139,
    (6, 2): 1000, (6, 3): 326, (6, 4): 221, (6, 5): 191, (6, 7): 141, (6, 8): 130,
    (7, 2): 982, (7, 3): 385, (7, 4): 236, (7, 5): 199, (7, 6): 165, (7, 8): 146,
    (8, 2): 1000, (8, 3): 417, (8, 4): 260, (8, 5): 223, (8, 6): 174, (8, 7): 167,
}  # fmt: skip
#: The exact search of grids two cells wide or high (`Exact`) may pick `narrow.SEARCH_NODES`
#: states (5,000,000), then its restarts on random subgraphs `narrow.RESTART_NODES` more
#: (6,000,000), each phase within its work besides (`narrow.SEARCH_WORK`, `narrow.RESTART_WORK`,
#: fortieth session), before the planter chosen without it takes over: the budgets are
#: `Narrow.settle`'s defaults, declared there with their measurements. The complete search's
#: states are the shipped survey's second pass's (seed 0, 5,000,000 states a target and
#: 1,000,000 of restarts, thirty-ninth session), so that beyond the targets it recorded none a
#: proof is rare (10 million before the thirty-ninth session); the restarts give a puzzle only,
#: never a proof.
#: The heat bath's reach on grids three cells wide or high (3 columns of H rows, W columns of 3
#: rows; `RECTANGLES_REACHED` up to the forty-first session): above it, given a seed, the exact
#: search of rare-type grids (`Wide`, docs/cnote.md "Lemma 12", forty-second session) runs first
#: within `wide.NODES` states and `wide.COUNTS` grids counted, then the planter chosen without
#: it; at and below it nothing changes. Not on 3 columns of 5 rows, where it found nothing
#: above the heat bath's figure (3x5 at 171-182, also with the forty-third session's budgets)
#: and would only delay a failure by its budgets. On 4 columns of 3 rows since the forty-third
#: session (helper, branch wide-s64), where the larger budgets of the bitset products found 241
#: and 242 (not 243-256); before, nothing at 248, 252, 260 and 272 with complete rounds up to
#: a core of 8 types. Since the fifty-fifth session the route counts classes of grids with two
#: lines free after its rounds (`wide.Wide.classes`, `wide.CLASSES` of them a seed), and runs on
#: 3 columns of 5 rows above 170 too, where the classes made 171 (the rounds still nothing).
WIDE_FROM = {
    (3, 4): 172, (3, 5): 170, (3, 6): 150, (3, 7): 140, (3, 8): 130,
    (4, 3): 240, (5, 3): 270, (6, 3): 300, (7, 3): 360, (8, 3): 380,
}  # fmt: skip
#: Nodes `Searched` gives the count that finds the solution of a grid it annealed to one (the
#: count that found it unique took at most a move's `per_cell`, 1e6; 8.7e6 to count the 420
#: grids of the twenty-seventh session's surveys again): more, CP-SAT finds it.
SOLUTION_NODES = 30_000_000
#: Transforms the heat bath on digit grids may spend (3-wide grids at large targets; a step
#: costs two): at most this many ...
ANNEAL_TRANSFORMS = 5000
#: ... and at most this many transform entries in all (with the twelfth session's period,
#: about the target per axis on 3x3, a transform with its share of the kernel costs 1.3e-8 to
#: 3e-8 s per entry, the most at periods near 1,000: with 3e8, 3x3 at 990 took 7.9-9.8 s of
#: CPU for the whole command on an idle machine; 2,441 transforms at target 300 on 3x3, 953
#: at 500, 238 at 1,000; 3.5e8 and 4 times fewer transforms, of 4 times the entries, before).
ANNEAL_WORK = 250_000_000
#: 3x3 targets whose recorded exhaustive scan found at most this many unique orbits (300, 500
#: and 700) are searched pair by pair (`Scanned`) instead of by the heat bath, which misses
#: such rare grids (700: not found in its budget; 500: 3 seeds of 8).
SCAN_FEW = 20
#: 3x3 targets from this one on are searched pair by pair (`Scanned`) whatever their record
#: (one saying none is answered before): the ordered scan found a unique grid within its budget
#: at 285, 290, 295, 299 and 301 (first unique pair 889 to 3,060; 1.7-3.7 s of CPU), at 360, 370,
#: 380 and 390 (26, 30, 19 and 5 unique orbits recorded; pairs 2,741, 1,145, 703 and 1,266) and
#: at 250-280 within 65 pairs, where the heat bath failed at 290 for one seed of three. Below,
#: the heat bath gives more varied puzzles and finds them. Above `SCAN_UNTIL` a pair costs more
#: than `SCAN_WORK` assumes (the rows' transforms are rarely reused): without a record of few
#: orbits the scan failed there in 12.7-14.0 s of CPU (777 and 990, seed 0), so the heat bath
#: ran; since the fifteenth session the scan runs there with a smaller budget (`SCAN_GUESS`)
#: where no scan is recorded, and the heat bath where a record lists many orbits. Since the
#: tenth session every target from 281 to 399 is scanned and recorded; since the eleventh
#: (`SCAN_WORK` raised, two threads) the ordered scan makes seed 0 at each of them with unique
#: grids, 347 and 351 included (one orbit each).
SCAN_FROM = 281
SCAN_UNTIL = 400
#: Transform entries (pairs times the period squared) the ordered scan may spend: 5,470 pairs
#: at targets 300-319, 2,100 at 500, 1,080 at 700 (measured: 1.3-16 ms of CPU per pair). 4e8
#: until the seventh session; raised so that 302 and 303, one unique orbit each (recorded),
#: are found (first unique pairs 5,391 and 5,240: 7.2-7.7 s wall for the whole command), while
#: a target without one fails in about 8 s (315: 8.1 s wall, 7.6 s of CPU, load 2.6). Raised to
#: 6.8e8 in the eleventh session, when the inverse transforms went into reused buffers (a pair
#: at 351: 2.0 to 1.55 ms of CPU), so that 347 and 351 (one unique orbit each, first unique
#: pairs 5,091 and 4,892 of 5,246 at period 360) are found too.
SCAN_WORK = 680_000_000
#: Above `SCAN_UNTIL`, at targets without a record, the ordered scan spends SCAN_GUESS /
#: period^2.55 pairs (`scan_pairs`; 1,300 at 536, 480 at 777, 270 at 990): there the rows'
#: transforms are rarely reused and a pair costs 5.2, 15.9 and 25.9 ms of wall in two threads
#: at periods 540, 800 and 1,000 (measured, fifteenth session, idle machine), so `SCAN_WORK`
#: would take 12-18 s to fail; these pairs take about 7 s. The first unique pair of every
#: recorded target above 400 with unique orbits lies within this budget but at 401, 465 and
#: 467 (pairs 1,975, 2,238 and 1,612, where `SCAN_WORK` is spent: they are recorded); at
#: 585-599 it lies at pairs 172-504 and at 700 at 92. Before, the heat bath ran there.
SCAN_GUESS = 12_000_000_000
#: The fewest pairs worth scanning at a target without a record: below it (periods from about
#: 3,800, targets from about 3,800) a pair takes seconds and gigabytes (one pair took 17 s and
#: 3.5 GB at 10,000, more than 40 s and 7.6 GB at 20,000; 100,000 did not end), so the
#: generator does not scan there (thirty-third session).
SCAN_LEAST = 8
#: Square grids of sides 6-8 from this line target to `HIGH_UNTIL` (by side) are planted rigid
#: with floors 7-9 first (`Rigid` with `high`): floors 4-9 leave big numbers of 90 or more
#: there, and the uniqueness checks of such plantings failed, or took 6-48 s of CPU (7x7 and 8x8
#: at 126-137); with floors 7-9 and the nines planting the whole command made seeds 0-4 in
#: 1.3-7.2 s of CPU (docs/cnote-journal.md, "Ninth session, 6x6-8x8"). The band ends where floors
#: 7-9 stop finding puzzles for most seeds (7x7: 3 of 5 at 143, 1 at 145, failing in 3-4 s; 8x8:
#: 0 of 3 at 150 and 160, where 150 is made by the nines planting; 6x6: 0 of 3 at 138 and 140,
#: where `Searched` finds some). Since the fifteenth session 7x7 from 142 goes to `Diagonal`,
#: which makes every seed there (the band ran to 145). The band started at 126 until the
#: sixteenth session: floors 4-9 made 8x8 puzzles at 120 and 125 in 4.1-13.0 s of wall (the whole
#: command, seeds 0-2), floors 7-9 first make every 8x8 target from 110 to 125 in 1.4-7.1 s
#: (seeds 0-4), and 6x6 and 7x7 there faster too (docs/cnote-journal.md, "Sixteenth session").
HIGH_FROM = 110
HIGH_UNTIL = {6: 136, 7: 141, 8: 150}
#: The least floor of the first plantings there, and how many of them before the nines planting.
HIGH_FLOOR = 7
HIGH_PLANTINGS = 10
#: Rectangles (sides 4 or more) whose big numbers of floors 4 would reach this plant floors 7-9
#: first (`Rigid`'s `high`), as 6x6-8x8 do from `HIGH_FROM` (twenty-third session: 6 columns of
#: 8 rows at 100, bigs of floors 4 up to 105, failed in 28.8 s of wall with floors 4-9), and where
#: the annealing takes the shape (`search.schedules`) at most `RECTANGLE_PLANTINGS` of them
#: before it (4 columns of 6-8 rows at 100: floors 7-9 3 of seeds 0-2 each in 0.9-2.6 s, where
#: the annealing made 4x7 for seed 2 in 11.7 s and 4x8 for 2 of 3; 4x8 at 100, seed 0, needs 7
#: plantings; with 8, failing commands take 6.5-10 s of wall).
RECTANGLE_HIGH = 90
RECTANGLE_PLANTINGS = 8
#: Rectangles of sides 5-8 with a side of 7 or 8 whose annealing `search.schedules` holds (5x7,
#: 5x8, 6x7, 7x8, either way round; forty-third session) are annealed alone once their short
#: lines' target reaches this, and planted rigid alone below it: the rigid plantings made them
#: up to short lines at 110-122 (`RECTANGLES_REACHED` before) and took 8-16 s to fail above, the
#: annealing alone made 5x8, 6x7 and 7x8 at short lines of 120-140 and failed at 110-115
#: (counts above 20,000 at every step: fresh grids of 7-9 at such targets have many solutions).
#: Keyed by (shorter side, longer side) since the forty-fifth session (helper, branch `made-s66`;
#: 120 for each shape before, the generator in-process with the rigid plantings alone and then
#: with the annealing alone, seeds 0-4, `nice -n 10` at load average 2-2.8, about one core):
#: the rigid plantings, whose checks have had their budget since (`CHECK_WORK`), fail within
#: 0.6-7 s of CPU on 6x8 and 7x8 and make 6x8 at 121-124 (seeds 0-4: 2, 1, 1 and 2 of 5; none
#: at 120 or 125-133) and 7x8 at 121-127 (3 of 5 at 127, none at 130-140), where the annealing
#: with the chains of digits 7-9 and 6-9 (`search.RECTANGLE_CHAINS`) failed at 6x8 120 (seeds
#: 0-2, 9-13 s of CPU, counts at 20,000 for seed 0) and took 8-14 s at 7x8 120-123 (2 of 3
#: failing), but made 6x8 at 125 (seed 1, 1.0 s) and 7x8 at 128 and 130 for every seed of 0-4
#: (0.1-7.7 s). So 6x8 is annealed from 125 (6-cell lines: 8x6 from 167) and 7x8 from 128
#: (7-cell lines: 8x7 from 147); below, the rigid plantings alone. 6x8 was not annealed before.
RECTANGLE_ANNEAL_FROM = {(5, 7): 120, (5, 8): 120, (6, 7): 120, (6, 8): 125, (7, 8): 128}
#: Rigid plantings on grids 3 wide or high before the heat bath takes over (`Annealed`, which
#: otherwise starts where the rigid shape stops, `rigid_useful`). Near that end the rigid
#: plantings fail: 3x3 at 113-117, seeds 0-9, made 9, 8, 8, 0 and 0 of 10 in 60 plantings,
#: where the heat bath made all 50 of 108-117 (seeds 0-4) in 0.01-0.2 s each. Of 789 commands
#: on grids 3 wide or high at the rigid shape's targets (seeds 0-2, thirty-second session,
#: docs/cnote.md) 8 failures are now made and 3 puzzles changed (3x3 at 114 and 115, 31-53
#: plantings before); the other 778 are the same. On grids 2 wide or high it made one command
#: of 636 fail (8 columns of 2 rows at 60, seed 2, made by its 28th rigid planting), so they
#: keep their rigid plantings.
BATH_AFTER = 20
#: Rigid plantings with floors 1-9 (the relaxed shape, at the smallest targets, where floors 4
#: leave no room) tried before random matrices take over. Near the least targets of the
#: shape its numbers are tens and ones only (3x3 at 12: every big 10 and every floor 1, all
#: digits 1), which no choice of digits makes unique: every seed failed at 3x3 12, 4x4 13-14,
#: 5x5 14-15, 6x6 15-17, 7x7 16-21 and 25, 8x8 17-34 (thirty-second session's audit), where random
#: matrices made puzzles for seeds 0-2 in one or two plantings.
FLOOR_ONE_PLANTINGS = 4
#: The same bound on the floors 4-9 stage of rectangles: near the least targets of that shape
#: its plantings can fail as well, and the stage did not run dry either (8 columns of 4 rows at
#: 46 and 47 failed for every seed of 0-4; with this bound the floors-1 stage makes them after
#: 21-23 plantings). Not on squares: there the stage near its largest targets needs more
#: plantings and the later stages fail (4x4 at 121, seed 1: 46; 5x5 at 125, seed 0: 27).
#: Thirty-second session, docs/cnote-journal.md.
FLOOR_FOUR_PLANTINGS = 20
#: The uniqueness checks times cells of those rectangles' rigid plantings (`Planter.check_cells`):
#: with random matrices' 4,000, 6 columns of 8 rows at 120 failed in 10.8-11.2 s of wall (seeds
#: 0 and 2; seed 1 made in 11.0 s); the puzzles at 100 took 22-55 checks (5x7, 5x8, 4x8).
RECTANGLE_CHECK_CELLS = 3000
#: Square grids of these sides from `DIAGONAL_FROM` (where the earlier planters stop making every
#: seed: the nines planting on 7x7 and 8x8; on 6x6 where the rigid band ends, 137) to
#: `DIAGONAL_UNTIL` are planted by
#: `Diagonal` (fifteenth session): bigs of `DIAGONAL_BIGS` on the diagonal showing 9, floors
#: elsewhere; at most `DIAGONAL_PLANTINGS` plantings, each solve and check within
#: `DIAGONAL_SECONDS` deterministic seconds. Above these targets 100 plantings found no unique
#: one for seeds 0-3 (8x8 at 158 and 159, 7x7 at 149 and 150, 6x6 at 141) or none escapes the
#: 2-cycles (6x6 from 142, 7x7 from 151, 8x8 from 160); measured in docs/cnote-journal.md, "Fifteenth
#: session". On 6x6 at 137-139 the diagonal replaced the annealing (`Searched`) in the seventeenth
#: session: the whole command took 1.3-9.8 s of wall with the annealing (139: 5.6-9.8 s), with
#: the diagonal under a second in-process (docs/cnote-journal.md, "Seventeenth session"); it also plants
#: 6x6 from 125 and 7x7 from 135, where the rigid planting and its mixing stay (their puzzles are
#: less regular, and they take at most 6 s). 8x8 at 157 (2 of 5 seeds by the diagonal) is annealed
#: since the twenty-fifth session, as above it (one chain found 7 of 8 seeds there).
DIAGONAL_FROM = {6: 137, 7: 142, 8: 151}
DIAGONAL_UNTIL = {6: 140, 7: 148, 8: 156}
DIAGONAL_BIGS = (90, 98)
DIAGONAL_PLANTINGS = 60
DIAGONAL_SECONDS = 1.0
#: Uniqueness checks times cells that random-matrix plantings (`RandomMatrices`, where no other
#: planter applies) may spend: 150 checks (the default) up to 26 cells, fewer on larger grids,
#: where a check costs more and they have not made a unique puzzle beyond the rigid shape (7x7 at
#: 146, 150, 200 and 250, 8x8 at 151, 155, 200 and 250, seed 0: none in 154 checks, 8.8-10.1
#: and 12.7-14.4 s of CPU; with 5,400, 110 and 84 checks, 6.4-8.2 s; ninth session), so that
#: they fail in well under 10 s.
RANDOM_CHECK_CELLS = 4000
#: Estimated seconds (`oracle.SECONDS_PER_DETERMINISTIC`) the uniqueness checks of one command
#: may spend in all, planting and mixing: checks grow costly with long lines and large targets,
#: where counting them alone let failing commands run past 10 s (thirty-first session: 5
#: columns of 8 rows at 130, 81 checks, 11.4 s; 3 columns of 8 rows at 1,000, 154 checks, 9.7 s
#: of their own, 11.1 s in all). Of 351 commands (squares in the rigid bands, seeds 0-4;
#: rectangles of sides 2-8 at 100-1,000, seed 0) every one that made a puzzle spent at most 2.6
#: estimated seconds (1.9 before its mixing), so 4 cuts only failures; with it the slowest
#: failing commands measured took 7.4 s of wall (docs/cnote-journal.md, "Thirty-first session").
CHECK_WORK = 4.0
#: Uniqueness checks mixing may spend, per proposed move on average (a budget in solves, so
#: the puzzle stays the same per seed): a move at a large target can cost 15 checks.
MIX_CHECKS = 3
#: Deterministic seconds of one uniqueness check during mixing (a slower check rejects the move):
#: 0.05 since the seventeenth session (0.1 before): mixing is most of an 8x8 puzzle's time above
#: target 125, and a check cut at 0.1 cost about 0.4 s of wall; measured in-process on seeds
#: 0-2 (8x8 at 120, 139, 144, 150: 42.6 s in all instead of 54.1, 67 moves kept instead of 66;
#: 7x7 at 130, 141: 19.9 s instead of 25.8, 32 kept instead of 33; 3x3-6x6 the same).
MIX_BUDGET = 0.05


@dataclass
class Report:
    """How a puzzle was made."""

    attempts: int = 0
    solves: int = 0
    #: Estimated seconds of the uniqueness checks (`CNoteOracle.work`).
    work: float = 0.0
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


def random_matrix(
    rows: list[int], cols: list[int], rng: random.Random, moves: int | None = None
) -> list[list[int]]:
    """A random matrix of positive integers with row sums `rows` and column sums `cols`."""
    height, width = len(rows), len(cols)
    row_left = [t - width for t in rows]
    col_left = [t - height for t in cols]
    matrix = [[1] * width for _ in range(height)]
    r = c = 0
    while r < height and c < width:  # north-west corner rule on what is left above 1
        amount = min(row_left[r], col_left[c])
        matrix[r][c] += amount
        row_left[r] -= amount
        col_left[c] -= amount
        if row_left[r] == 0:
            r += 1
        else:
            c += 1
    if height < 2 or width < 2:
        return matrix
    for _ in range(moves if moves is not None else 200 * height * width):
        r1, r2 = rng.sample(range(height), 2)
        c1, c2 = rng.sample(range(width), 2)
        room = min(matrix[r1][c2], matrix[r2][c1]) - 1
        if room < 1:
            continue
        k = rng.randint(1, room)
        matrix[r1][c1] += k
        matrix[r2][c2] += k
        matrix[r1][c2] -= k
        matrix[r2][c1] -= k
    return matrix


def digits_of(number: int) -> list[int]:
    """The distinct non-zero digits of `number`, ascending."""
    return sorted({int(ch) for ch in str(number) if ch != "0"})


def choose_digits(
    planted: list[list[int]], others: list[list[list[int]]], weights: list[list[dict[int, int]]]
) -> list[list[int]] | None:
    """Digits of the planted numbers that rule out every solution in `others`, or None.

    One Boolean per (cell, digit of the planted number), exactly one per cell; for each other
    solution, a clause: some cell's chosen digit is missing from that solution's number there.
    Among the choices, the one of least random weight (so that the seed decides).
    """
    model = cp_model.CpModel()
    choice: dict[tuple[int, int, int], cp_model.IntVar] = {}
    for r, row in enumerate(planted):
        for c, value in enumerate(row):
            options = digits_of(value)
            for digit in options:
                choice[r, c, digit] = model.new_bool_var(f"c{r}_{c}_{digit}")
            model.add_exactly_one(choice[r, c, digit] for digit in options)
    for other in others:
        model.add_bool_or(
            [var for (r, c, digit), var in choice.items() if str(digit) not in str(other[r][c])]
        )
    model.minimize(sum(weights[r][c][digit] * var for (r, c, digit), var in choice.items()))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    code = solve_interruptibly(solver, model)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    digits = [[0] * len(row) for row in planted]
    for (r, c, digit), var in choice.items():
        if solver.value(var):
            digits[r][c] = digit
    return digits


def rigid_matrix(
    rows: list[int], cols: list[int], floor: int, rng: random.Random, permutation: bool
) -> list[list[int]] | None:
    """A planted solution of "floor" digits `floor`..9 and few "big" numbers (>= 10).

    With `permutation` (square grids), the big cells are a random permutation; otherwise CP-SAT
    chooses them (at least one per row and per column), hinted towards a random permutation-like
    pattern so that there are few and the seed decides (a feasibility solve: minimising the
    number of big cells cost 0.4 s per planted solution for no better puzzles).
    """
    height, width = len(rows), len(cols)
    model = cp_model.CpModel()
    cells, bigs = [], []
    for r in range(height):
        row_cells, row_bigs = [], []
        for c in range(width):
            x = model.new_int_var(floor, max(floor, min(rows[r], cols[c])), f"x{r}_{c}")
            big = model.new_bool_var(f"b{r}_{c}")
            model.add(x >= 10).only_enforce_if(big)
            model.add(x <= 9).only_enforce_if(~big)
            model.add_hint(x, rng.randint(floor, 9))
            row_cells.append(x)
            row_bigs.append(big)
        cells.append(row_cells)
        bigs.append(row_bigs)
    for r in range(height):
        model.add(sum(cells[r]) == rows[r])
        model.add_bool_or(bigs[r])
    for c in range(width):
        model.add(sum(cells[r][c] for r in range(height)) == cols[c])
        model.add_bool_or([bigs[r][c] for r in range(height)])
    order = rng.sample(range(width), width)
    for r in range(height):
        for c in range(width):
            if permutation:
                model.add(bigs[r][c] == (order[r % width] == c))
            else:
                model.add_hint(bigs[r][c], order[r % width] == c)
    solver = one_worker(rng.randrange(2**31), 0.25)
    code = solve_interruptibly(solver, model)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[int(solver.value(v)) for v in row] for row in cells]


def heat_bath(
    rows: list[int], cols: list[int], rng: random.Random, transforms: int, restart: int = 15
) -> tuple[list[list[int]] | None, int]:
    """A digit grid (1-9) with exactly one solution by the convolution count, or None; and the
    number of transforms spent.

    A heat bath (Gibbs sampling, Geman and Geman, "Stochastic relaxation, Gibbs distributions,
    and the Bayesian restoration of images", 1984) on whole lines of the digit grid (rows of 3
    cells, or columns when the grid is 3 high): a step picks a line, counts every one of its
    9^3 digit choices with the other lines fixed (`Counter.line_counts`: one inverse transform
    and a compiled pass), and draws one of those with solutions with probability proportional
    to (least count / count)^(1 / temperature); the temperature starts at 1 and cools by 3 % a
    step to 0.1. After `restart` steps without a new least count, a fresh random grid. At most
    `transforms` transforms (a step costs one inverse and one forward transform, a fresh grid
    one per line), so the outcome is the same per seed. Against single-digit annealing on the
    same counts (the second session's `anneal`, which this replaced), a step evaluates 729 grids
    for the price of about two counts (docs/cnote.md, "Large targets").
    """
    counter = Counter(rows, cols)
    lines, width = len(counter.rows), len(counter.cols)
    spent = 0
    while spent + lines + 2 <= transforms:
        digits = [[rng.randint(1, 9) for _ in range(width)] for _ in range(lines)]
        for r, line in enumerate(digits):
            counter.set_row(r, line)
        spent += lines
        best, since, temperature = math.inf, 0, 1.0
        while since < restart and spent + 2 <= transforms:
            r = rng.randrange(lines)
            counts = counter.line_counts(r).ravel()
            spent += 1
            alive = counts > 0
            if not alive.any():
                break  # the other lines leave this one nothing: start afresh
            least = counts[alive].min()
            weights = [float(least / c) ** (1.0 / temperature) if c > 0 else 0.0 for c in counts.tolist()]
            k = rng.choices(range(len(weights)), weights)[0]
            digits[r] = [k // 9 ** (width - 1 - i) % 9 + 1 for i in range(width)]
            counter.set_row(r, digits[r])
            spent += 1
            if counts[k] == 1:
                grid = [list(col) for col in zip(*digits)] if counter.transposed else digits
                return grid, spent
            since = 0 if counts[k] < best else since + 1
            best = min(best, counts[k])
            temperature = max(0.1, temperature * 0.97)
    return None, spent


@dataclass
class Digits:
    """The puzzle during generation: the digits shown, and the other solutions seen so far.
    `proven`: digits a planter gave and proved unique (`Planter.proves`), asked about no more
    until the core's final proof."""

    digits: list[list[int]]
    others: tuple[list[list[int]], ...] = ()
    proven: bool = False


Grid = list[list[int]]


class Planter:
    """Where the generator's solutions come from (step 1 of the module docstring): `plant`
    gives a solution and, where the planter chose them too, its digits (a unique puzzle
    already); None when it has no more to give. `mixes`: mixing moves may follow (planted
    matrices are regular; listed and annealed digit grids are not, and moves on them are
    rarely kept). `kind` names the last planting in the report. `check_cells`: the uniqueness
    checks times cells the generator may spend with this planter (None: its `max_checks`).
    `proves`: its digits come proven unique (`confirmed`: CP-SAT, the dp listing on strips),
    so the strategy does not ask again before the core's final proof (twenty-seventh session:
    the question repeated the proof, within 2 deterministic seconds, and a grid whose proof took
    longer was lost after it had been proven)."""

    mixes = True
    proves = False
    kind = ""
    check_cells: int | None = None

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        raise NotImplementedError


def confirmed(grid: Grid, rows: list[int], cols: list[int], report: Report) -> tuple[Grid, Grid] | None:
    """(its one solution, the grid) when CP-SAT proves that a digit grid a planter's own count
    called unique has exactly one solution, else None: the planters that choose the digits
    themselves and count them (`Annealed`, `Scanned`, `Searched`: `Planter.proves`) confirm this
    way before the grid is used. A solve, then a solve with that solution blocked
    (`CNoteOracle.alternative`; twenty-seventh session): until then CP-SAT enumerated two
    solutions, without its presolve, up to 7.6 s on a 5x5 grid at 180 where this takes 0.3 s.
    On a grid one or two cells wide or high, where `dp` is cheap (`dp.cheap_strip`), its partial
    sums list the first two solutions instead (forty-second session: the `auto` backend's
    choice, exact, milliseconds where CP-SAT took 20-33 s to prove a 2x7 puzzle at 725 unique;
    the heat bath runs on strips when the exact search's budget runs out). On a grid three cells
    wide or high the same choice gives `dp3.Band`, the bitset partial sums of two cross lines
    (forty-third session, helper, branch wide-s64: milliseconds at the 3-wide targets the
    generator serves, where CP-SAT's solve and blocked solve took seconds to tens of seconds)."""
    instance = make_instance(grid, None, rows, cols)
    report.solves += 1
    if (strip := cheap_strip(instance)) is not None:
        first_two = list(islice(strip.solutions(), 2))
        return (first_two[0], grid) if len(first_two) == 1 else None
    oracle = CNoteOracle(instance)
    found = oracle.solution()
    if not isinstance(found, frozenset) or oracle.alternative(found) is not None:
        return None
    return as_grid(found, len(rows), len(cols)), grid  # type: ignore[return-value]  # a whole grid


class Forced(Planter):
    """Grids of one row or one column: each cell is the only cell of a line (a row of a grid
    one column wide, a column of a grid one row high), so it holds that line's target in
    every solution, and the puzzle is unique whichever of its number's non-zero digits each
    cell shows (thirty-first session: the heat bath found none on one column of 4 rows or more,
    whose line of 4+ cells has 9^4+ digit choices). One planting; nothing to mix."""

    mixes = False
    proves = True
    kind = "forced (one cell a line)"

    def __init__(self, rows: list[int], cols: list[int]):
        self.solution = [[target] for target in rows] if len(cols) == 1 else [list(cols)]
        self.planted = False

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        if self.planted:
            return None
        self.planted = True
        return self.solution, [[rng.choice(digits_of(v)) for v in row] for row in self.solution]


class Listed(Planter):
    """2x2 grids: one of the unique puzzles listed by exhaustion (`pairs.unique_puzzles`)."""

    mixes = False

    def __init__(self, puzzles: list[tuple[Grid, Grid]]):
        self.puzzles = puzzles
        self.kind = f"one of the {len(puzzles)} unique 2x2 puzzles (exhaustion)"

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        digits, solution = rng.choice(self.puzzles)
        return solution, digits


class Exact(Planter):
    """Grids two cells wide or high (2 columns or 2 rows, the other side 3 or more) beyond the
    rigid shape: the unique puzzle the exact search finds (`narrow.Narrow.search`, docs/cnote.md
    "Lemma 11") with the command's seed (the first line's states in a random order, the lines
    of equal targets shuffled) within `narrow.SEARCH_NODES` states picked, or when that stops
    undecided the restarts' puzzle (`narrow.Narrow.settle`: short seeded searches on subgraphs
    of a few rare types, `narrow.RESTART_NODES` states in all; each phase also within its work,
    `narrow.SEARCH_WORK` and `narrow.RESTART_WORK`). One planting; nothing to
    mix. Built by `exact`, which raises NoPuzzle when the search ends without one; `planter`
    takes the planter it chose before (a rigid planting or the heat bath) when the budget runs
    out. `proves`: its count is exact (the polynomial product), so the strategy does not ask
    CP-SAT within its budget before the core's final proof (2 columns of 8 rows at 415, seed 0:
    the budgeted check of a grid counted unique, and unique for CP-SAT without a budget, came
    back undecided and the command failed)."""

    mixes = False
    proves = True

    def __init__(self, digits: Grid, solution: Grid, nodes: int):
        self.digits, self.solution = digits, solution
        self.planted = False
        self.kind = f"exact search of grids two cells wide ({nodes:,} states picked)"

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        if self.planted:
            return None
        self.planted = True
        return self.solution, self.digits


class WideExact(Exact):
    """Grids three cells wide or high beyond the heat bath's reach (`WIDE_FROM`): the unique
    puzzle the exact search of rare-type grids finds (`wide.Wide.search`, docs/cnote.md "Lemma
    12") with the command's seed, its count exact (the capped polynomial product), so, as
    `Exact`, not asked of CP-SAT before the core's final proof."""

    def __init__(self, digits: Grid, solution: Grid, nodes: int, classes: int = 0):
        super().__init__(digits, solution, nodes)
        self.kind = f"exact search of rare-type grids three cells wide ({nodes:,} states picked)"
        if classes:
            self.kind += f", then classes of two lines free ({classes} counted)"


def wide_exact(rows: list[int], cols: list[int], seed: int, report: Report) -> WideExact | None:
    """The rare-type search's puzzle on a grid three cells wide or high (`WideExact`), else the
    puzzle of the seed's classes of two lines free (`Wide.classes`), None when neither finds one
    (never a proof)."""
    wide = Wide(rows, cols)
    outcome = wide.search(seed)
    report.extra["wide_nodes"] = outcome.nodes
    report.extra["wide_counted"] = outcome.counted
    if outcome.puzzles:
        digits, solution = outcome.puzzles[0]
        return WideExact(digits, solution, outcome.nodes)
    classed = wide.classes(seed)
    report.extra["wide_classes"] = classed.counted
    if classed.puzzles:
        digits, solution = classed.puzzles[0]
        return WideExact(digits, solution, outcome.nodes, classed.counted)
    return None


def exact(rows: list[int], cols: list[int], seed: int, report: Report) -> Exact | None:
    """The exact search's puzzle on a grid two cells wide or high (`Exact`; the complete search,
    then the restarts: `narrow.Narrow.settle`), None when both budgets ran out first; raises
    NoPuzzle when the complete search ended without one (a proof, docs/cnote.md "Lemma 11")."""
    outcome = Narrow(rows, cols).settle(seed)
    report.extra["narrow_nodes"] = outcome.nodes
    if outcome.rounds:
        report.extra["narrow_rounds"] = outcome.rounds
    if outcome.puzzles:
        digits, solution = outcome.puzzles[0]
        return Exact(digits, solution, outcome.nodes)
    if outcome.complete:
        which = f"target {rows[0]}" if len(set(rows)) == 1 else "these line targets"
        raise NoPuzzle(
            f"no {len(cols)}x{len(rows)} puzzle with {which} has exactly one solution: the exact search of "
            f"grids two cells wide or high ended without one ({outcome.nodes:,} states picked, "
            f"{outcome.candidates:,} candidates counted; docs/cnote.md, 'Lemma 11'): try another target or --any"
        )
    return None


class Annealed(Planter):
    """Grids with at most 3 columns or rows beyond the rigid shape: the digit grid annealed on
    its exact count (`heat_bath`) within a budget of transforms. `confirmed` checks the count
    before the grid is used; the core proves uniqueness once more."""

    mixes = False
    proves = True
    kind = "annealed digits (convolution counts)"

    def __init__(self, rows: list[int], cols: list[int], transforms: int, report: Report):
        self.rows, self.cols, self.report = rows, cols, report
        # at most ANNEAL_WORK transform entries in all (ValueError: no counts for this shape)
        self.transforms = max(1, min(transforms, ANNEAL_WORK // Counter(rows, cols).entries))

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        while self.transforms > 0:
            grid, spent = heat_bath(self.rows, self.cols, rng, self.transforms)
            self.transforms -= spent
            self.report.extra["transforms"] = self.report.extra.get("transforms", 0) + spent
            if grid is None:
                return None
            if planted := confirmed(grid, self.rows, self.cols, self.report):
                return planted
        return None


def scan_pairs(target: int, recorded: bool) -> int:
    """The pairs of rows the ordered scan may count at a 3x3 target: `SCAN_WORK` transform
    entries up to `SCAN_UNTIL` and where a record sends the generator to the scan, else (above
    it, no record) `SCAN_GUESS` / period^2.55, the measured growth of a pair's cost there."""
    size = period(target)
    if recorded or target <= SCAN_UNTIL:
        return max(1, SCAN_WORK // size**2)
    return max(1, int(SCAN_GUESS / size**2.55))


class Scanned(Planter):
    """3x3 grids at a target where the recorded exhaustive scan found few unique orbits, every
    3x3 target from `SCAN_FROM` to `SCAN_UNTIL`, and every 3x3 target above it that has no
    record (fifteenth session; `scan_pairs` sets the smaller budget there): the pairs of first rows are searched in
    `exhaustive.ordered_pairs` order (the rows with the fewest completions first), each pair's
    729 third rows counted at once, until a grid has one solution (`exhaustive.search`: the
    exhaustive scan's counting, in another order). A record is only the reason to search this
    way; the grid comes from the search. Among the
    pair's unique grids the seed picks one and one of its 72 images (row and column
    permutations, transposition: Lemma 3, the same count). CP-SAT confirms the count before
    the grid is used; the core proves uniqueness once more. The budget is in pairs
    (`scan_pairs`), so the puzzle is the same per seed."""

    mixes = False
    proves = True
    kind = "ordered scan of row pairs (exhaustive counts)"

    def __init__(self, target: int, report: Report, recorded: bool = True):
        self.target, self.report = target, report
        self.stop = scan_pairs(target, recorded)
        self.next = 0

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        while self.next < self.stop:
            pair, grids = next(iter(search(self.target, self.next, self.stop)), (self.stop, []))
            self.next = pair + 1
            self.report.extra["pairs"] = min(self.next, self.stop)
            if not grids:
                break
            image = rng.choice(list(images(rng.choice(grids))))
            targets = [self.target] * 3
            if planted := confirmed([list(row) for row in image], targets, targets, self.report):
                return planted
        return None


class Searched(Planter):
    """4x4, 5x5, 6x6 and 7x7 grids beyond the rigid shape's and the nines diagonal's targets,
    and rectangles with a shorter side of 4, 5x6 ones and 5x7, 5x8, 6x7, 6x8 and 7x8 ones (turned,
    `search.schedules`):
    the digit grid annealed on its solution count (`search.anneal`: the first rows enumerated
    depth-first, the last two counted by a convolution) in chains at the same time, one per
    `search.Schedule` of the side (`search.SCHEDULES`, `search.anneal_chains`), each within its
    budget of work units (reported as "nodes", all chains together), so the puzzle is the same
    per seed. The count that found the grid unique also gives its solution
    (`search.Enumerator.solution`; twenty-eighth session), which the core's fresh proof blocks
    (`SolveRequest.known_solution`), so no CP-SAT solve searches for it: one took 1-30 s by its
    random seed on a 5x5 grid at 151 (docs/cnote.md). A grid whose solution that count does not
    reach within `SOLUTION_NODES` is confirmed by CP-SAT as the other planters' (`confirmed`)."""

    mixes = False
    proves = True
    kind = "annealed digits (enumerated counts)"

    def __init__(self, rows: list[int], cols: list[int], report: Report):
        self.rows, self.cols, self.report = rows, cols, report
        found = schedules(len(rows), len(cols))
        if found is None:
            raise ValueError(f"no annealing schedules for {len(cols)}x{len(rows)} grids")
        self.schedules = found
        self.nodes = max(schedule.budget for schedule in self.schedules)
        #: A rectangle is annealed turned, with its shorter side as its height: the count
        #: enumerates every row but the last two (`search.Enumerator`).
        self.turned = len(rows) > len(cols)
        self.lines = (cols, rows) if self.turned else (rows, cols)

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        while self.nodes > 0:
            chains = [random.Random(rng.getrandbits(64)) for _ in self.schedules]
            annealed, spent, least, total = anneal_chains(*self.lines, chains, self.nodes, self.schedules)
            self.nodes -= spent
            self.report.extra["nodes"] = self.report.extra.get("nodes", 0) + total
            self.report.extra["least_count"] = min(least, self.report.extra.get("least_count", least))
            if annealed is None:
                return None
            # the solution the count meets (as annealed), else CP-SAT's (`confirmed`)
            found = Enumerator(*self.lines).solution(annealed, SOLUTION_NODES)
            if found is not None:
                return self.turn(found), self.turn(annealed)
            if planted := confirmed(self.turn(annealed), self.rows, self.cols, self.report):
                return planted
        return None

    def turn(self, grid: Grid) -> Grid:
        """A grid as annealed, in the puzzle's orientation (turned back for a rectangle)."""
        return [list(column) for column in zip(*grid)] if self.turned else grid


class RandomMatrices(Planter):
    """Random matrices with the line sums (`random_matrix`): where the rigid shape admits no
    unique puzzle (docs/cnote.md), they sometimes do (3x3 up to target ~150)."""

    kind = "random"
    check_cells: int | None = RANDOM_CHECK_CELLS

    def __init__(self, rows: list[int], cols: list[int]):
        self.rows, self.cols = rows, cols

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        return random_matrix(self.rows, self.cols, rng), None


@dataclass
class Stage:
    """One planter of `Chained` and how many plantings it has left (None: no limit)."""

    planter: Planter
    left: int | None = None


class Chained(Planter):
    """Planters tried in turn, each for at most its number of plantings or until it has no
    more to give; `kind`, `mixes` and `proves` are those of the planter of the last planting."""

    def __init__(self, *stages: Stage):
        self.stages = list(stages)

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        while self.stages:
            stage = self.stages[0]
            planted = None if stage.left == 0 else stage.planter.plant(rng)
            if planted is None:
                self.stages.pop(0)
                continue
            if stage.left is not None:
                stage.left -= 1
            self.kind, self.mixes, self.proves = stage.planter.kind, stage.planter.mixes, stage.planter.proves
            return planted
        return None


class Shaped(Planter):
    """One shape of rigid plantings (`rigid_matrix`): floors `floor`-9, the big numbers on a
    permutation or not; None once the targets leave no room for it. Floors 9 on a permutation
    is the nines planting, whose digits are the leading ones (`nines`)."""

    def __init__(self, rows: list[int], cols: list[int], floor: int, permutation: bool):
        self.rows, self.cols, self.floor, self.permutation = rows, cols, floor, permutation
        self.kind = "rigid (nines)" if floor == 9 else f"rigid (floors {floor}-9)"

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        planted = rigid_matrix(self.rows, self.cols, self.floor, rng, self.permutation)
        if planted is None:
            return None
        if self.floor == 9:  # the nines planting: its digits are the leading ones
            return planted, [[int(str(v)[0]) for v in row] for row in planted]
        return planted, None


class Rigid(Chained):
    """Rigid solutions (`rigid_matrix`): floors 4-9 and a permutation of big numbers, relaxed
    for good (floors 1-9, no permutation, then random matrices) when the targets leave no room:
    a `Chained` of one `Shaped` stage per shape, random matrices last (after
    `FLOOR_ONE_PLANTINGS` plantings of floors 1-9; on rectangles also after
    `FLOOR_FOUR_PLANTINGS` of floors 4-9).

    With `high` (square grids of sides 6-8 at targets `HIGH_FROM` to `HIGH_UNTIL`, where floors
    4-9 leave big numbers of 90 or more), floors 7-9 first: at most `HIGH_PLANTINGS` of them,
    then the nines planting when `nines` proves it unique, then floors 7-9 again."""

    def __init__(self, rows: list[int], cols: list[int], high: bool = False):
        square = len(rows) == len(cols)
        shapes: list[tuple[int, bool, int | None]] = (
            [(4, True, None), (4, False, None), (1, False, FLOOR_ONE_PLANTINGS)]
            if square
            else [(4, False, FLOOR_FOUR_PLANTINGS), (1, False, FLOOR_ONE_PLANTINGS)]
        )
        if high:
            first = [(HIGH_FLOOR, square, HIGH_PLANTINGS)] + ([(9, True, 1)] if nines(rows, cols) else [])
            shapes = first + [(HIGH_FLOOR, square, None)] + shapes
            if not square:  # checks of long lines cost more
                self.check_cells = RECTANGLE_CHECK_CELLS
        super().__init__(
            *(Stage(Shaped(rows, cols, floor, permutation), left) for floor, permutation, left in shapes),
            Stage(RandomMatrices(rows, cols)),
        )


def nines(rows: list[int], cols: list[int]) -> bool:
    """Whether the nines planting is unique (docs/cnote-journal.md, "Ninth session, 6x6-8x8"): on
    a square grid with every line at target T, floors 9 and a permutation of big numbers
    b = T - 9(n - 1) showing their tens digit a (b = 10a + u), when 10 <= b, u != a and
    9a + u < 81 (b <= 87).

    Proof: a floor shows 9, so it holds 9 + D with D = 0, a positive multiple of 10 (19, ..., 89)
    or D >= 81 (90 and above). If a row's floors grow by S > 0 in all, S is a positive multiple
    of 10 or at least 81, and its big number becomes b - S, which must show a. The numbers below
    b that contain a are 10a..b - 1 (S < 10), 11a when u > a (S = u - a < 10) and 10j + a for
    0 <= j < a (S = 10(a - j) + u - a: not a multiple of 10 since u != a, and at most
    9a + u < 81). So S = 0 in every row: every floor is 9 and every big number b. Checked by
    CP-SAT at every target of the band (tests/families/cnote/test_cnote_generate_high.py)."""
    n = len(rows)
    if n != len(cols) or len(set(rows + cols)) != 1:
        return False
    big = rows[0] - 9 * (n - 1)
    tens, units = divmod(big, 10)
    return 10 <= big < 100 and units != tens and 9 * tens + units < 81


def growths(floor: int) -> list[int]:
    """The shifts x in 0..89 that keep a single-digit floor's digit (floor + x contains it):
    the only changes a floor has in another solution of a nines-diagonal planting (`Diagonal`)."""
    return [number - floor for number in admissible(floor, floor + 89)]


def shrinks(big: int) -> list[int]:
    """The shifts x >= 0 after which a big number still shows its 9 (big - x contains 9)."""
    return [big - number for number in admissible(9, big)]


class Diagonal(Planter):
    """Square grids of sides 6-8 from `DIAGONAL_FROM` (fifteenth session): big numbers b_i of
    90-98 on the diagonal, each showing its 9, and single-digit floors elsewhere, each showing
    itself, row i and column i adding up to T (both hold b_i); plantings are CP-SAT feasibility
    solves hinted towards random values, each one checked by its circulations (`circulation`,
    below), and a planting with a second solution is excluded from then on by the values of the
    cells that solution changes (a move works on any planting with those values there: the
    shown digits are the values' own).

    What another solution can be: a floor is the least number containing its digit, so it can
    only grow, and a row with one big number can then only shrink it. So another solution is
    floors grown by g_ij (each in G(f), the growths that keep f: 10, 20, ... and 9f..9f+9,
    ...) with row i's growth equal to column i's (both shrink b_i), b_i - S_i still containing
    9: a circulation among the diagonal cells. Bigs of 90-98 showing 9 keep it under no shift
    by a multiple of 10, which every floor allows. Two bigs i, j whose floors (i, j), (j, i)
    admit one shift x that both bigs admit give the 2-cycle x: those plantings are excluded in
    the model (`_two_cycles`); longer circulations are what the checks find. The core proves
    uniqueness once more with the generic model. The budget is in plantings
    (`DIAGONAL_PLANTINGS`) and deterministic seconds, so the puzzle is the same per seed."""

    mixes = False
    kind = "nines diagonal (floors and bigs of 90-98)"

    def __init__(self, target: int, side: int, report: Report):
        self.target, self.side, self.report = target, side, report
        self.left = DIAGONAL_PLANTINGS
        self.model = cp_model.CpModel()
        n = side
        self.bigs = [self.model.new_int_var(DIAGONAL_BIGS[0], DIAGONAL_BIGS[1], f"b{i}") for i in range(n)]
        self.cells = [
            [self.bigs[i] if i == j else self.model.new_int_var(1, 9, f"f{i}_{j}") for j in range(n)]
            for i in range(n)
        ]
        for i in range(n):
            self.model.add(sum(self.cells[i]) == target)
            self.model.add(sum(self.cells[j][i] for j in range(n)) == target)
        bad = self._two_cycles()
        for i in range(n):
            for j in range(i + 1, n):
                self.model.add_forbidden_assignments(
                    [self.bigs[i], self.bigs[j], self.cells[i][j], self.cells[j][i]], bad
                )

    @staticmethod
    def _two_cycles() -> list[tuple[int, int, int, int]]:
        """(b_i, b_j, f_ij, f_ji) admitting a common shift x: b_i - x and b_j - x contain 9,
        f_ij + x and f_ji + x their floors' digits (the 2-cycle move of the docstring)."""
        low, high = DIAGONAL_BIGS
        shrink = {b: set(shrinks(b)) - {0} for b in range(low, high + 1)}
        grow = {f: set(growths(f)) - {0} for f in range(1, 10)}
        return [
            (bi, bj, fij, fji)
            for bi in range(low, high + 1)
            for bj in range(low, high + 1)
            for fij in range(1, 10)
            for fji in range(1, 10)
            if shrink[bi] & shrink[bj] & grow[fij] & grow[fji]
        ]

    def circulation(self, values: Grid) -> Grid | None | Undecided:
        """Another solution of the planting `values` (floors showing themselves, bigs showing
        9), None when it has none, or UNDECIDED: by CP-SAT over the circulations of the
        docstring, which are all the other solutions. (Floor (i, j) holds f + g_ij with g_ij
        >= 0, as f is the least number containing f; so row i's big number shrinks by S_i, the
        sum of its row's g, and by its column's, and b_i - S_i >= 9 holds a 9: each g_ij <= 89.)
        A few hundredths of a second where the generic enumeration of an 8x8 puzzle took about
        0.2 s."""
        n = self.side
        model = cp_model.CpModel()
        grown = {}
        for i in range(n):
            for j in range(n):
                if i != j:
                    allowed = cp_model.Domain.from_values(growths(values[i][j]))
                    grown[i, j] = model.new_int_var_from_domain(allowed, f"g{i}_{j}")
        shrunk = []
        for i in range(n):
            allowed = cp_model.Domain.from_values(shrinks(values[i][i]))
            shrink = model.new_int_var_from_domain(allowed, f"s{i}")
            model.add(sum(grown[i, j] for j in range(n) if j != i) == shrink)
            model.add(sum(grown[k, i] for k in range(n) if k != i) == shrink)
            shrunk.append(shrink)
        model.add(sum(shrunk) >= 1)
        solver = one_worker(budget=DIAGONAL_SECONDS)
        code = solve_interruptibly(solver, model)
        if code == cp_model.INFEASIBLE:
            return None
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return UNDECIDED
        return [
            [
                values[i][j] - int(solver.value(shrunk[i]))
                if i == j
                else values[i][j] + int(solver.value(grown[i, j]))
                for j in range(n)
            ]
            for i in range(n)
        ]

    def plant(self, rng: random.Random) -> tuple[Grid, Grid | None] | None:
        n, model = self.side, self.model
        low, high = DIAGONAL_BIGS
        while self.left > 0:
            self.left -= 1
            # a feasibility solve hinted towards random values: the first planting near them
            model.clear_hints()
            for i in range(n):
                for j in range(n):
                    model.add_hint(self.cells[i][j], rng.randint(low, high) if i == j else rng.randint(1, 9))
            solver = one_worker(rng.randrange(2**31), DIAGONAL_SECONDS)
            code = solve_interruptibly(solver, model)
            if code == cp_model.INFEASIBLE:
                return None  # no planting left
            if code != cp_model.FEASIBLE and code != cp_model.OPTIMAL:
                continue  # none found within the budget: another hint
            values = [[int(solver.value(var)) for var in row] for row in self.cells]
            digits = [[9 if i == j else values[i][j] for j in range(n)] for i in range(n)]
            other = self.circulation(values)
            self.report.solves += 1
            if other is None:
                return values, digits  # the core's check decides (one CP-SAT enumeration)
            if other is UNDECIDED:
                continue  # undecided within the budget: another planting
            changed = []
            for i in range(n):
                for j in range(n):
                    if other[i][j] != values[i][j]:
                        moved = model.new_bool_var("")
                        model.add(self.cells[i][j] != values[i][j]).only_enforce_if(moved)
                        model.add(self.cells[i][j] == values[i][j]).only_enforce_if(~moved)
                        changed.append(moved)
            model.add_bool_or(changed)
        return None


def rigid_useful(rows: list[int], cols: list[int], below: int = 110) -> bool:
    """Whether rigid solutions can give unique puzzles: their big numbers are about the target,
    and from 110 on they share a move by -100 (digits kept) that two floors absorb (d -> 10d).
    (The largest big number of floors 4 is under `below`.)"""
    return max(max(rows) - 4 * (len(cols) - 1), max(cols) - 4 * (len(rows) - 1)) < below


def planter(
    rows: list[int],
    cols: list[int],
    transforms: int,
    report: Report,
    record: dict[str, Any] | None = None,
    seed: int | None = None,
) -> Planter:
    """The planter for these line targets (the choice of step 1, made once): the one solution
    of a grid one row high or one column wide (`Forced`), the exhaustive
    list on 2x2 grids (BadInput when it is empty), rigid solutions with floors 7-9 and the
    nines planting on 6x6, 7x7 and 8x8 grids from `HIGH_FROM` to `HIGH_UNTIL`, the nines
    diagonal from `DIAGONAL_FROM` to `DIAGONAL_UNTIL` (`Diagonal`), rigid solutions
    elsewhere where they can work, the ordered scan on 3x3 grids where the recorded exhaustive
    scan found few unique orbits, from `SCAN_FROM` to `SCAN_UNTIL` and above it where no scan
    is recorded (`Scanned`), the heat
    bath on grids 3 wide or high (`transforms` > 0), the
    annealing on enumerated counts on 4x4 to 8x8 grids (`Searched`, `transforms` > 0:
    from target 126 on 5x5, and on 6x6, 7x7 and 8x8 beyond the diagonal's targets or with
    unequal targets; found up to 160, 152, 151 and 160), on rectangles of sides 4 or more whose big numbers
    of floors 4 would reach `RECTANGLE_HIGH` rigid plantings of floors 7-9 first and, with a
    shorter side of 4 (and 5x6 ones), the annealing (`Chained`); on 5x7, 5x8, 6x7, 6x8 and 7x8
    (either way round) the annealing alone once their short lines reach their shape's
    `RECTANGLE_ANNEAL_FROM`, the rigid plantings alone below; random matrices elsewhere.
    `record`: the finished exhaustive scan of a 3x3 target (`exhaustive.recorded`), if any.
    Grids two cells wide or high (not 2x2) beyond the rigid shape, given a `seed`: the exact
    search's puzzle (`Exact`; NoPuzzle when it proves none), the choice above when its budget
    runs out (`report.extra["narrow"]` says so). Grids three cells wide or high above the heat
    bath's reach (`WIDE_FROM`), given a `seed`: the rare-type search's puzzle, else its classes'
    (`WideExact`), the choice above when neither finds one (`report.extra["wide"]`)."""
    height, width = len(rows), len(cols)
    if height == 1 or width == 1:
        return Forced(rows, cols)
    if (
        seed is not None
        and min(height, width) == 2
        and max(height, width) > 2
        and not rigid_useful(rows, cols)
    ):
        found = exact(rows, cols, seed, report)
        if found is not None:
            return found
        report.extra["narrow"] = (
            f"undecided within {SEARCH_NODES:,} states and {RESTART_NODES:,} more of restarts "
            f"(or {SEARCH_WORK:,} and {RESTART_WORK:,} units of work)"
        )
    if seed is not None and (width, height) in WIDE_FROM and max(rows) > WIDE_FROM[width, height]:
        wide = wide_exact(rows, cols, seed, report)
        if wide is not None:
            return wide
        report.extra["wide"] = (
            f"none found within {WIDE_NODES:,} states and {WIDE_COUNTS:,} grids counted, "
            f"nor in {WIDE_CLASSES} classes of two lines free"
        )
    if height == width == 2:
        listed = unique_puzzles(rows, cols)
        if not listed:
            raise NoPuzzle(
                f"no 2x2 puzzle with target {rows[0]} has exactly one solution (all 6,561 digit "
                "grids counted; docs/cnote.md, 'Large targets'): try another target or --any"
            )
        return Listed(listed)
    if (
        height == width in DIAGONAL_UNTIL
        and len(set(rows + cols)) == 1
        and DIAGONAL_FROM[height] <= rows[0] <= DIAGONAL_UNTIL[height]
    ):
        return Diagonal(rows[0], height, report)
    if height == width and height in HIGH_UNTIL and HIGH_FROM <= max(rows + cols) <= HIGH_UNTIL[height]:
        return Rigid(rows, cols, high=True)
    if height != width and min(height, width) >= 4 and not rigid_useful(rows, cols, RECTANGLE_HIGH):
        # rectangles whose big numbers of floors 4 would reach the 90s: floors 7-9 first, then
        # the annealing where it takes the shape (twenty-third session)
        rigid = Rigid(rows, cols, high=True)
        if not (transforms > 0 and schedules(height, width)):
            return rigid
        searched = Searched(rows, cols, report)
        # the short lines' one big number above floors 7-9 (the lines of the shorter side's
        # length: the rows of 4 cells of a tall grid): from 110 on rigid plantings failed
        # where the annealing made puzzles (4x5 at 150, 5x4 at 180), below it they did better
        short = min(height, width)
        shorts = max(rows if width == short else cols)  # the target of the lines of `short` cells
        if short >= 5 and max(height, width) >= 7:
            return searched if shorts >= RECTANGLE_ANNEAL_FROM[short, max(height, width)] else rigid
        if shorts - HIGH_FLOOR * (short - 1) >= 110:
            return searched
        return Chained(Stage(rigid, RECTANGLE_PLANTINGS), Stage(searched))
    if rigid_useful(rows, cols):
        if transforms > 0 and min(height, width) == 3:
            # the heat bath after `BATH_AFTER` rigid plantings on grids 3 wide or high: near
            # the rigid shape's end its plantings fail (3x3 at 116 and 117 for every seed); not
            # on grids 2 wide or high, where it finds less than more rigid plantings (8x2 at 60)
            try:
                bath = Annealed(rows, cols, transforms, report)
            except ValueError:  # no exact counts for this shape
                return Rigid(rows, cols)
            return Chained(Stage(Rigid(rows, cols), BATH_AFTER), Stage(bath))
        return Rigid(rows, cols)
    if height == width == 3 and len(set(rows + cols)) == 1:
        if (
            SCAN_FROM <= rows[0] <= SCAN_UNTIL
            or record is not None
            and 0 < record["unique_orbits"] <= SCAN_FEW
        ):
            return Scanned(rows[0], report)
        if record is None and rows[0] > SCAN_UNTIL and scan_pairs(rows[0], False) >= SCAN_LEAST:
            return Scanned(rows[0], report, recorded=False)
    if transforms > 0:
        try:
            return Annealed(rows, cols, transforms, report)
        except ValueError:  # no exact counts for this shape
            pass
    if transforms > 0 and schedules(height, width) is not None:
        return Searched(rows, cols, report)
    return RandomMatrices(rows, cols)


def proof(rows: list[int], cols: list[int]) -> str | None:
    """Why no puzzle with these line targets has exactly one solution, where a lemma proves it
    (docs/cnote.md, "Proofs"; asked in this order, the cheapest first): how many solutions every
    digit grid has and by which lemma, or None; when no lemma holds for the grid as it stands,
    the lemmas asked of the grid turned a quarter (Lemma 13: the columns' targets become the
    rows', so W columns of H rows at T is H columns of W rows at H T / W where W divides H T).
    The 2x2 exhaustion and the 3x3 scans have their own answers (`planter`, `generate`)."""
    found = proving_lemma(rows, cols)
    return None if found is None else found[1]


def proving_lemma(rows: list[int], cols: list[int]) -> tuple[str, str] | None:
    """`proof` with the lemma that gives it, by the name of its heading in docs/cnote.md
    ("Lemma 9, general form"; on the grid turned a quarter, "Lemma 13 with ..." naming the
    turned grid's lemma): (name, `proof`'s sentence), or None."""
    if (upright := upright_lemma(rows, cols)) is not None:
        return upright
    if rows == cols or (turned := upright_lemma(cols, rows)) is None:
        return None
    name, why = turned
    at = f" at {cols[0]:,}" if len(set(cols)) == 1 else ""
    shape = f"{len(rows)} columns of {len(cols)} rows{at}"
    return (
        f"Lemma 13 with {name} ({shape})",
        f"{why} on the grid turned a quarter ({shape}; Lemma 13, docs/cnote.md)",
    )


def upright_proof(rows: list[int], cols: list[int]) -> str | None:
    """`proof` without turning the grid: the lemmas asked of the rows and columns as given."""
    found = upright_lemma(rows, cols)
    return None if found is None else found[1]


def upright_lemma(rows: list[int], cols: list[int]) -> tuple[str, str] | None:
    """`upright_proof` with the lemma that gives it (`proving_lemma`'s pair), or None."""
    height, width = len(rows), len(cols)
    if (
        min(height, width) == 2
        and len(set(rows)) == 1
        and cols == column_targets(rows[0], height, width)
        and narrow_none(width, height, rows[0])
    ):
        name = "Lemma 11"
        return (
            name,
            f"2 or none ({name}, docs/cnote.md: the exact search of grids two cells wide or high, recorded)",
        )
    tens = certificate(rows, cols)
    if tens is not None:
        if height == width:
            name = "Lemma 2"
            return name, f"10 from target {least_target(height)} on ({name}, docs/cnote.md, 'Large targets')"
        name = "Lemma 2, general form"
        return name, (
            f"10 ({name}: the digits of {len(tens)} cells connecting every line, with one cycle, in the tens "
            "place, docs/cnote.md, 'Large targets')"
        )
    if (found := hundreds_certificate(rows, cols)) is not None:
        tens, raised = found
        name = "Lemma 2, general form, with hundreds"
        return name, (
            f"10 ({name}: the digits of {len(tens)} cells connecting every line, with one cycle, in the tens "
            f"place, {len(raised)} of them with hundreds, docs/cnote.md, 'Large targets')"
        )
    if hundreds_applies(rows, cols):
        lo, hi = margin_box(height, rows[0])
        name = "Lemma 5"
        return (
            name,
            f"10 ({name}, docs/cnote.md, 'Large targets': its margin box [{lo}, {hi}] lies in a certified one)",
        )
    if two_families_apply(rows, cols):
        name = "Lemma 9"
        return name, (
            f"2 ({name}, docs/cnote.md, 'Large targets': two of Lemma 5's ten families are repaired, a CP-SAT "
            "certificate)"
        )
    if placements_apply(rows, cols):
        name = "Lemma 10"
        return name, (
            f"2 ({name}, docs/cnote.md, 'Large targets': two of Lemma 5's ten families are repaired, or one "
            "with room for two transports, or one in two ways, at one of several placements of the cycle, or "
            "one at each of two with different solutions, a CP-SAT certificate)"
        )
    if (held := spanning_entry(rows, cols)) is not None:
        lifted = f", {len(held[3])} of them with hundreds" if held[3] else ""
        name = "Lemma 9, general form" + (", with hundreds" if held[3] else "")
        return name, (
            "2 (Lemma 9, general form, docs/cnote.md, 'Large targets': two of ten families on cells "
            f"connecting every line, with one cycle{lifted}, are repaired, a CP-SAT certificate)"
        )
    if trees_apply(rows, cols):
        name = "Lemma 14"
        return name, (
            f"2, or none ({name}, docs/cnote.md, 'Large targets': at several spanning trees of cells in the "
            "tens place, one family each: two repairs of one work, or one with room for two transports, or two "
            "trees' solutions differ, or the grid was counted, a CP-SAT certificate)"
        )
    return None


#: The largest target `proven_from` looks at (issue 19's range).
PROVEN_UNTIL = 1000


@lru_cache(maxsize=128)
def proven_from(height: int, width: int, turn: bool = True) -> int | None:
    """The least target T such that `proof` holds at every target from T to `PROVEN_UNTIL`
    (every row at the target, the columns `column_targets`), or None when it does not hold at
    `PROVEN_UNTIL`; with `turn` False, `upright_proof` (the docs' tables of each lemma's own
    bounds). Squares start below Lemma 2's least target, which holds at every target above it
    ((n - 3) T >= K, docs/cnote.md, "Lemma 2"); other shapes at `PROVEN_UNTIL`, one target a
    step down (1-2 ms each)."""
    holds = proof if turn else upright_proof
    least = least_target(height) if height == width else None
    target = min(PROVEN_UNTIL, least - 1) if least is not None else PROVEN_UNTIL
    while target >= width and holds([target] * height, column_targets(target, height, width)) is not None:
        target -= 1
    return target + 1 if target < PROVEN_UNTIL else None


#: The sides of issue 19's grid of shapes (2x2 to 8x8, W columns of H rows).
FRONTIER_SIDES = range(2, 9)


def frontier(width: int, height: int) -> tuple[int, int | None] | None:
    """Where a shape of sides 2-8 stands (docs/cnote.md, "Every shape of sides 2-8 at once"):
    the largest target at which the generator made a unique puzzle (for some seeds at least:
    `REACHED` on squares, `RECTANGLES_REACHED` otherwise) and the least target from which none
    exists up to 1,000 (`proven_from`, None where no lemma reaches 1,000); None on 2x2 and 3x3,
    decided at every target (Lemma 1, the exhaustive scans). The open band lies between."""
    if width == height <= 3:
        return None
    made = REACHED[height] if width == height else RECTANGLES_REACHED[width, height]
    return made, proven_from(height, width)


def reach(height: int, width: int) -> str:
    """Where unique puzzles of this shape were found, for a failure's message: the side's
    figure on squares (`REACHED`, 3x3 `ANNEAL_TARGET_LIMIT`, larger ones `UNIQUE_TARGET_LIMIT`),
    the measured made figures on rectangles of sides 2-8 (`RECTANGLES_REACHED`), else the
    general figure;
    and where none exists up to 1,000 (`proven_from`), so that the targets between are the open
    ones."""
    least = proven_from(height, width)
    proven = (
        f", and none exists at {least:,}{'' if least == PROVEN_UNTIL else f'-{PROVEN_UNTIL:,}'} (proven: "
        "docs/cnote.md, 'Large targets')"
        if least is not None
        else ""
    )
    if height == width:
        limit = REACHED.get(height, ANNEAL_TARGET_LIMIT if height == 3 else UNIQUE_TARGET_LIMIT)
        return f"unique {width}x{height} puzzles are found for line targets up to about {limit}{proven}"
    if (survey := narrow_recorded(width, height)) is not None:
        surveyed = survey["to"] - survey["from"] + 1 + len(survey["also"])
        last = max([survey["to"], *survey["also"]])
        return (
            f"the exact search of grids two cells wide (docs/cnote.md, 'Lemma 11') found unique {width}x{height} "
            f"puzzles at {survey['unique']:,} of the {surveyed:,} targets it surveyed up to {last:,} (every one "
            f"from {survey['from']:,} to {survey['to']:,}), none exists at {len(survey['none']):,} of them and "
            f"{len(survey['undecided']):,} were left undecided by its budget{proven}"
        )
    if (found := RECTANGLES_REACHED.get((width, height))) is not None:
        return (
            f"unique {width}x{height} puzzles were made up to target {found} (for some seeds at least: "
            f"docs/cnote.md, 'Every shape of sides 2-8 at once'){proven}"
        )
    return f"unique puzzles are found for line targets up to about {UNIQUE_TARGET_LIMIT}{proven}"


def check_budget(planter: Planter, max_checks: int, cells: int) -> int:
    """The uniqueness checks the generator may spend with this planter: `max_checks`, but at
    most the planter's `check_cells` / cells (`RANDOM_CHECK_CELLS` for random matrices alone)."""
    if planter.check_cells is not None:
        return min(max_checks, planter.check_cells // cells)
    return max_checks


class CNoteStrategy(Strategy[Digits, Grid, Any]):
    """Digits chosen by CEGAR on a planted solution (from `planter`), then mixing moves
    (module docstring).

    `refine`'s alternative is a batch of up to `batch` other solutions (one CP-SAT call), and
    refuting it re-chooses every digit against all the solutions seen so far. A question past
    its deterministic budget, or more than `patience` counterexamples, drops the planted
    solution; `max_checks` questions in all stop the search.
    """

    def __init__(
        self,
        rows: list[int],
        cols: list[int],
        batch: int,
        patience: int,
        max_checks: int,
        moves: int,
        transforms: int = 0,
        record: dict[str, Any] | None = None,
        seed: int | None = None,
    ):
        self.rows, self.cols = rows, cols
        self.height, self.width = len(rows), len(cols)
        self.batch, self.patience, self.max_checks, self.moves = batch, patience, max_checks, moves
        self.budget = 2.0
        self.report = Report()
        self.planter = planter(rows, cols, transforms, self.report, record, seed)
        self.given: Grid | None = None  # digits that came with the planted solution
        self.rng = random.Random()
        self.planted: Grid = []
        self.weights: list[list[dict[int, int]]] = []

    def stop(self) -> bool:
        return self.report.solves >= self.max_checks or self.spent()

    def spent(self) -> bool:
        """Whether the uniqueness checks' estimated seconds reached `CHECK_WORK`."""
        return self.report.work >= CHECK_WORK

    def plant(self, rng: random.Random) -> Grid | None:
        self.rng = rng
        self.report.attempts += 1
        planted = self.planter.plant(rng)
        if planted is None:
            return None
        solution, self.given = planted
        return solution

    def start(self, planted: list[list[int]], rng: random.Random) -> Digits:
        self.planted = planted
        self.weights = [[{d: rng.randrange(1000) for d in digits_of(v)} for v in row] for row in planted]
        if self.given is not None:
            # the digits that came with it, preferred by the weights if CEGAR ever re-chooses
            digits, self.given = self.given, None
            for r, row in enumerate(digits):
                for c, digit in enumerate(row):
                    self.weights[r][c][digit] = -1
            return Digits(digits, proven=self.planter.proves)
        return self._choose(())  # type: ignore[return-value]  # no counterexample: always a choice

    def _choose(self, others: tuple[list[list[int]], ...]) -> Digits | None:
        digits = choose_digits(self.planted, list(others), self.weights)
        return None if digits is None else Digits(digits, others)

    def alternative(self, puzzle: Digits, budget: float | None) -> list[list[list[int]]] | None | Undecided:
        if puzzle.proven:
            return None  # the planter's proof (`confirmed`); the core proves it once more
        if self.spent():
            return UNDECIDED  # no check left: this planted solution ends here
        instance = make_instance(puzzle.digits, None, self.rows, self.cols)
        oracle = CNoteOracle(instance)
        answer = oracle.several(self.batch + 1, self.rng.randrange(2**31), budget)
        self.report.solves += 1
        self.report.work += oracle.work
        if answer is UNDECIDED:
            return UNDECIDED
        found = [s for s in answer if s != self.planted]
        if not found:
            self.report.extra["counterexamples"] = len(puzzle.others)
            return None
        return found

    def refute(self, puzzle: Digits, alternative: list[list[list[int]]], rng: random.Random) -> Digits | None:
        others = puzzle.others + tuple(alternative)
        if len(others) > self.patience:
            return None
        return self._choose(others)  # None: no choice of digits rules them all out

    def polish(
        self, puzzle: Digits, planted: list[list[int]], rng: random.Random
    ) -> tuple[Digits, list[list[int]]]:
        """Mixing: `moves` random-walk moves on the solution (+k, -k, +k, -k on the corners of a
        rectangle, k <= 30), each kept when CEGAR finds digits (the current ones preferred) that
        keep it unique (`core.generate.propose`, the cspuz way). A check over `MIX_BUDGET`
        deterministic seconds of CP-SAT, or 15 counterexamples, rejects the move, and mixing
        stops after `MIX_CHECKS` checks per proposed move: hard puzzles are welcome, slow
        generation is not (0.5 s per check cost 8x8 puzzles at target 120 up to 11 s of CPU)."""
        self.report.extra["planted"] = self.planter.kind
        if self.height < 2 or self.width < 2 or not self.planter.mixes:
            self.report.extra["mixing_moves"] = f"0/{self.moves if self.planter.mixes else 0}"
            return puzzle, planted
        state = {"planted": planted}
        self.patience, self.budget = 15, MIX_BUDGET
        spent = self.report.solves

        def move(current: Digits) -> Digits | None:
            if self.report.solves - spent >= MIX_CHECKS * self.moves or self.spent():
                return None  # the mixing budget is spent: the remaining moves are not tried
            r1, r2 = rng.sample(range(self.height), 2)
            c1, c2 = rng.sample(range(self.width), 2)
            solution = state["planted"]
            room = min(solution[r1][c2], solution[r2][c1]) - 1
            if room < 1:
                return None
            k = rng.randint(1, min(room, 30))
            trial = [row[:] for row in solution]
            trial[r1][c1] += k
            trial[r2][c2] += k
            trial[r1][c2] -= k
            trial[r2][c1] -= k
            self.planted = trial
            self.weights = [
                [
                    {d: 0 if d == current.digits[r][c] else rng.randrange(1, 1000) for d in digits_of(v)}
                    for c, v in enumerate(row)
                ]
                for r, row in enumerate(trial)
            ]
            start = self._choose(())
            assert start is not None
            kept = refine(self, start, rng, Tally(), self.budget)
            if kept is not None:
                state["planted"] = trial
            return kept

        puzzle, accepted = propose(puzzle, (move for _ in range(self.moves)))
        self.report.extra["mixing_moves"] = f"{accepted}/{self.moves}"
        return puzzle, state["planted"]


def generate(
    height: int,
    width: int,
    target: int,
    seed: int,
    unique: bool = True,
    moves: int | None = None,
    max_attempts: int = 60,
    batch: int = 8,
    patience: int = 120,
    max_checks: int = 150,
    transforms: int = ANNEAL_TRANSFORMS,
) -> tuple[CNoteInstance, list[list[int]], Report]:
    """A puzzle (unique unless `unique` is False), its planted solution, and how it was made.

    Args:
        height, width: the grid's shape.
        target: every row's target; the columns share `target * height` as evenly as possible.
        seed: the random seed (same seed, same puzzle).
        unique: make the solution unique (the default; False: any puzzle the planted random
            matrix solves, instant at every target).
        moves: mixing moves proposed on a unique puzzle (default 2 * the longer side; 0: none).
        max_attempts: planted solutions tried before giving up (BadInput).
        batch: other solutions asked for per uniqueness check.
        patience: counterexamples collected for one planted solution before planting another.
        max_checks: uniqueness checks (CP-SAT solves) before giving up (BadInput); a budget in
            solves, not seconds, so that the outcome stays the same per seed. The checks' own
            estimate of their seconds (`CHECK_WORK`, deterministic too) ends them as well.
        transforms: Fourier transforms the heat bath may spend (grids with at most 3 columns or
            rows, beyond the rigid shape's targets; 0: plant random matrices there instead).
    """
    check_target(target)
    if height < 1 or width < 1:
        raise BadInput("the grid needs at least one row and one column")
    rows = [target] * height
    cols = column_targets(target, height, width)
    if target < width or min(cols) < height:
        raise BadInput(
            f"target {target} is too small for a {width}x{height} grid (every number is at least 1)"
        )
    start = time.perf_counter()
    if not unique:
        rng = random.Random(seed)
        report = Report(attempts=1)
        planted = random_matrix(rows, cols, rng)
        digits = [[rng.choice(digits_of(v)) for v in row] for row in planted]
        report.seconds = time.perf_counter() - start
        report.extra["planted"] = "random"
        return make_instance(digits, target, rows, cols), planted, report
    if narrow_none(width, height, target):
        raise NoPuzzle(
            f"no {width}x{height} puzzle with target {target} has exactly one solution: the exact search "
            "of grids two cells wide or high found none (data/cnote-narrow.jsonl; docs/cnote.md, "
            "'Lemma 11'): try another target or --any"
        )
    if (why := proof(rows, cols)) is not None:
        raise NoPuzzle(
            f"no {width}x{height} puzzle with target {target} has exactly one solution: every digit grid "
            f"has at least {why}: try a smaller target or --any"
        )
    record = recorded(target) if height == width == 3 else None  # a finished exhaustive scan
    if record is not None and record["unique_orbits"] == 0:
        settled = record.get("settled", 0)
        how = (
            f"counted ({record['pairs']:,} pairs of rows up to symmetry; the least count is "
            f"{record['least_count']:,}"
            if not settled
            else f"examined ({record['pairs']:,} pairs of rows up to symmetry; {settled:,} settled by "
            "moves of ten and counts stopped at two"
            + (
                f", the others counted in full, least count {record['least_count']:,}"
                if settled < record["pairs"]
                else ""
            )
        )
        raise NoPuzzle(
            f"no 3x3 puzzle with target {target} has exactly one solution: all 9^9 digit grids were "
            f"{how}; docs/cnote.md, 'Exhaustive 3x3 search'): try a smaller target or --any"
        )
    strategy = CNoteStrategy(
        rows,
        cols,
        batch,
        patience,
        max_checks,
        2 * max(height, width) if moves is None else moves,
        transforms,
        record,
        seed,
    )
    strategy.max_checks = check_budget(strategy.planter, max_checks, height * width)
    extra = strategy.report.extra
    made = make_unique(
        strategy,
        seed,
        attempts=max_attempts,
        failure=lambda tally: (
            f"no unique {width}x{height} puzzle with target {target} found ({tally.attempts} "
            f"planted solutions, {strategy.report.solves} uniqueness checks"
            + (f", their {CHECK_WORK:g} s estimated budget spent" if strategy.spent() else "")
            + (f", the exact search {extra['narrow']}" if "narrow" in extra else "")
            + (f", {extra['transforms']} transforms" if "transforms" in extra else "")
            + (
                f", the first {extra.get('pairs', 0):,} of "
                f"{len(pair_representatives()):,} pairs of rows scanned; "
                + (
                    f"the recorded exhaustive scan found {record['unique_orbits']:,} unique "
                    f"orbit{'s' if record['unique_orbits'] != 1 else ''}, beyond this search's budget"
                    if record is not None
                    else f"`python -m boardlab.families.cnote.exhaustive --target {target}` scans them all"
                )
                if isinstance(strategy.planter, Scanned)
                else ""
            )
            + (  # what the annealing reached, whichever planter (or stage of one) ran it
                f", {extra['nodes']:,} nodes of annealing, least count "
                f"{extra.get('least_count', '?')} (counts capped at {count_cap(height, width):,})"
                if "nodes" in extra
                else ""
            )
            + f"; {reach(height, width)}): try "
            + ("" if isinstance(strategy.planter, Scanned) else "another seed, ")  # the scan ignores it
            + "a smaller target, or --any"
        ),
    )
    report = strategy.report
    report.seconds = time.perf_counter() - start
    return make_instance(made.puzzle.digits, target, rows, cols), made.solution, report
