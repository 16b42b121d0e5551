"""Lemma 9 in general form: two repaired families of Lemma 2's general construction, on any
shape; no unique puzzle on the rectangles and targets of `CERTIFIED` (docs/cnote.md, "Proofs",
"Lemma 9, general form").

Lemma 2's general form (`positions`) puts the digits of a tens-place set C (cells connecting all
H + W lines with exactly one cycle) in the tens place, `10 d + u`, and the others in the units
place, `10 a + d`. Its 10 families of units digits are u + k sigma (mod 10), k = 0..9: sigma is
+1 and -1 alternately around C's cycle and 0 on the other cells of C (adding k sigma keeps every
line's sum of u's modulo 10; a family is fixed by its u on one cycle cell). A family gives a
solution when the transportation problem on the cells outside C, with each line's margin m (its
rest over 10), is feasible; as in Lemma 5 (`hundreds`) a cell of C may also take hundreds,
`100 h + 10 d + u`, lowering its row's and its column's margins by 10 h: a family is *repaired*
when some h (none, 1 or 2 on one cell of C, 1 on two: `hundreds.repairs`) leaves margins that
are >= 0 and satisfy Gale's condition on every set I of rows (the margin of I at most that of the
columns N(I) its cells outside C reach; only the subsets of one column's rows in C can miss a
column, `gale_sets`; or the same on columns, whichever has fewer sets: either side alone is
Gale's theorem).

*The lemma.* Two repaired families give two distinct solutions (they differ in the units digit
of every cycle cell). A digit grid with at most one repaired family has nine consecutive
families u, u + sigma, ..., u + 8 sigma none of which is repaired (those after the repaired one,
or any nine). *The certificate* (`certify`) asks CP-SAT for a digit grid (every digit a variable
in 1..9) and a base family with `width` consecutive unrepaired families (width 9 is the
condition exactly), with nothing abstracted: margins by 10 m = target - (C numbers) -
(units-place digits), one clause per family and repair (some margin negative, or some set of
`gale_sets` over its reach). Infeasible: every digit grid of the shape has two repaired
families at these targets, hence two solutions. The targets may be a range: rows at T, columns
`column_targets` (the total T H split evenly, as `generate` sets them), T an integer variable in
[lo, hi]; infeasible over the range is infeasible at each target in it. `CERTIFIED` holds the
ranges computed (`python -m boardlab.families.cnote.spanning --search W H TOP`, or `--step W H
FROM SPAN --set K`: ranges of SPAN targets down from FROM with one set, `step`), each with the
index of its tens-place set in `tens_sets` (`positions.spanning_sets`, then `MORE_SETS`);
`applies` reads it.

The infeasibility is taken as CP-SAT reports it (no proof log checked, as for Lemmas 5 and 9).
The constructive side is `solutions`: the solutions of the repaired families of a given grid, by
augmenting paths (`positions`' transportation), which the tests check with the independent
`verify` at certified targets. Lemma 9 (`twofamilies`) is the square case with C the cycle,
written with the cycle's own condition (F) and a symmetry constraint. Gale, "A theorem on flows
in networks", Pacific J. Math. 7 (1957).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any, NamedTuple

from boardlab.core.interrupts import run_as_program
from boardlab.families.cnote.hundreds import decide, repairs, run_certificate, verdict
from boardlab.families.cnote.instance import column_targets
from boardlab.families.cnote.positions import (
    best_hundreds,
    complete,
    family_grids,
    lifted,
    missing_sets,
    spanning_sets,
)

Grid = list[list[int]]
Cell = tuple[int, int]
#: a line: ("r", row) or ("c", column)
Line = tuple[str, int]

#: (columns, rows) -> [(lo, hi, k)]: every row at T, the columns `column_targets(T, rows,
#: columns)`, for every T in [lo, hi] `certify` with width 9 and the k-th of
#: `positions.spanning_sets(rows, columns)` is infeasible: no unique puzzle there. Thirty-sixth
#: session (`--search`; 3x7 at 224-239, 7x6 at 317-320, 7x8 at 287-298 and 8x6 at 330-333:
#: thirty-seventh; 8x5 at 358-409 and 3x6 at 272-351: thirty-eighth; 5x8 at 236-239, 6x8 at
#: 254-257, 5x6 at 262-269, 3x8 at 258-297, 8x4 at 414-425 and
#: 5x4 at 318-329: thirty-ninth; 4x7 at 219-226, 3x7 at 216-223, 3x8 at 210-257, 6x8 at
#: 250-253, 5x6 at 258-261, 5x4 at 314-317, 6x5 at 310-313 and 7x5 at 333-336: fortieth,
#: `--step`; 3x6 at 256-271, 3x8 at 208-209, 4x6 at 237, 5x8 at 226-235, 6x4 at 355-356, 7x4
#: at 381-384, 7x5 at 324-332, 7x6 at 316, 7x8 at 284-286 and 8x7 at 325: forty-first,
#: `--step`, ranges of 1-2; 3x6 at 255: forty-second; 3x7 at 214-215: forty-fourth; 6x4 at
#: 342-354 (342 with set 8, `MORE_SETS`) and 6x7 at 271-272: forty-fifth, single targets with
#: 30-600 s of wall; 6x5 at 307-309, 8x5 at 357 (set 11, `MORE_SETS`) and 4x6 at 229-236:
#: forty-sixth, single targets with 150-420 s); the CPU of
#: each in docs/cnote.md, "Lemma 9, general form".
CERTIFIED: dict[tuple[int, int], list[tuple[int, int, int]]] = {
    (3, 6): [
        (255, 255, 2),
        (256, 256, 2),
        (257, 257, 2),
        (258, 258, 2),
        (259, 259, 2),
        (260, 260, 2),
        (261, 261, 2),
        (262, 262, 2),
        (263, 263, 2),
        (264, 264, 2),
        (265, 265, 2),
        (266, 266, 2),
        (267, 267, 2),
        (268, 268, 2),
        (269, 269, 2),
        (270, 270, 2),
        (271, 271, 2),
        (272, 279, 0),
        (280, 287, 0),
        (288, 303, 0),
        (304, 319, 0),
        (320, 335, 0),
        (336, 351, 0),
        (352, 383, 0),
    ],
    (3, 7): [
        (214, 215, 3),
        (216, 219, 3),
        (220, 223, 3),
        (224, 239, 3),
        (240, 303, 2),
        (304, 367, 0),
        (368, 431, 0),
        (432, 495, 0),
        (496, 559, 0),
    ],
    (3, 8): [
        (208, 209, 4),
        (210, 213, 4),
        (214, 217, 2),
        (218, 221, 2),
        (222, 225, 2),
        (226, 229, 2),
        (230, 233, 2),
        (234, 237, 2),
        (238, 241, 2),
        (242, 245, 2),
        (246, 249, 2),
        (250, 253, 0),
        (254, 257, 0),
        (258, 261, 0),
        (262, 265, 0),
        (266, 269, 0),
        (270, 273, 0),
        (274, 277, 0),
        (278, 281, 0),
        (282, 285, 0),
        (286, 289, 0),
        (290, 293, 0),
        (294, 297, 0),
        (298, 361, 0),
    ],
    (4, 5): [(256, 263, 0), (264, 327, 0), (328, 391, 0)],
    (4, 6): [
        (229, 229, 4),
        (230, 230, 4),
        (231, 231, 4),
        (232, 232, 4),
        (233, 233, 4),
        (234, 234, 4),
        (235, 235, 4),
        (236, 236, 4),
        (237, 237, 4),
        (238, 269, 4),
        (270, 333, 1),
    ],
    (4, 7): [(219, 222, 0), (223, 226, 0), (227, 242, 0), (243, 274, 1)],
    (4, 8): [(213, 244, 2)],
    (5, 4): [
        (314, 317, 0),
        (318, 321, 0),
        (322, 325, 0),
        (326, 329, 0),
        (330, 361, 0),
        (362, 425, 0),
        (426, 489, 0),
    ],
    (5, 6): [(258, 261, 0), (262, 265, 0), (266, 269, 0), (270, 301, 0)],
    (5, 7): [(238, 253, 0), (254, 285, 0)],
    (5, 8): [
        (226, 226, 4),
        (227, 227, 10),
        (228, 228, 10),
        (229, 229, 10),
        (230, 230, 10),
        (231, 231, 10),
        (232, 232, 10),
        (233, 233, 10),
        (234, 234, 10),
        (235, 235, 10),
        (236, 239, 0),
        (240, 255, 0),
    ],
    (6, 4): [
        (342, 342, 8),
        (343, 343, 4),
        (344, 344, 4),
        (345, 345, 4),
        (346, 346, 4),
        (347, 347, 4),
        (348, 348, 4),
        (349, 349, 4),
        (350, 350, 4),
        (351, 351, 4),
        (352, 352, 4),
        (353, 353, 4),
        (354, 354, 4),
        (355, 355, 4),
        (356, 356, 4),
        (357, 372, 4),
        (373, 436, 0),
        (437, 500, 0),
    ],
    (6, 5): [(307, 307, 1), (308, 308, 1), (309, 309, 1), (310, 313, 1), (314, 329, 1), (330, 361, 0)],
    (6, 7): [(271, 271, 0), (272, 272, 0), (273, 288, 0)],
    (6, 8): [(250, 253, 0), (254, 257, 0), (258, 273, 0)],
    (7, 4): [(381, 381, 1), (382, 382, 7), (383, 383, 7), (384, 384, 7), (385, 416, 0), (417, 480, 0)],
    (7, 5): [
        (324, 324, 10),
        (325, 325, 10),
        (326, 326, 10),
        (327, 327, 10),
        (328, 328, 10),
        (329, 329, 10),
        (330, 330, 10),
        (331, 331, 10),
        (332, 332, 10),
        (333, 336, 1),
        (337, 400, 1),
    ],
    (7, 6): [(316, 316, 7), (317, 320, 7), (321, 336, 0)],
    (7, 8): [(284, 284, 0), (285, 285, 0), (286, 286, 0), (287, 290, 0), (291, 298, 0)],
    (8, 4): [(414, 417, 0), (418, 421, 0), (422, 425, 0), (426, 489, 0)],
    (8, 5): [(357, 357, 11), (358, 361, 4), (362, 377, 4), (378, 409, 1)],
    (8, 6): [(330, 333, 7), (334, 365, 0)],
    (8, 7): [(325, 325, 0), (326, 341, 0)],
}


#: (columns, rows) -> tens-place sets outside `positions.spanning_sets`, which `tens_sets`
#: numbers after them (so `RAISED`'s set k >= len(spanning_sets) is one of these). Lemma 9's
#: general form holds for any cells that connect every line with exactly one cycle (the module
#: docstring; `cycle_signs` checks the cycle, the tests the connection and that (0, 0), where
#: `solutions` anchors the families, is on the cycle); `spanning_sets` is one way of choosing
#: them. Forty-fourth session (lead; `draw`, `random_set`): random spanning trees of the lines'
#: graph plus one edge, kept when every grid left over so far on the shape has two repaired
#: families under them, then `certify`: 7x3 at 498, where all five of `spanning_sets`,
#: with and without hundreds, left a grid over (forty-third session), is infeasible with the
#: thirteenth set drawn (72.5 s of CPU); 8x3 at 553 likewise (52.8 s; the 40th set solved); 6x4
#: at 342 (forty-fifth session, `--draw 6 4 342 342 --tries 25 --time-limit 30`: the eighth set
#: solved, 17.7 s, after sets 0-7 of `spanning_sets` each left a grid over); 8x5 at 357
#: (forty-sixth session, `/work/notes/s67/proof/drive1.py`: the first random set solved, 19.7 s,
#: after set 4 was undecided at 150 s of wall and sets 0, 1, 7 and 9 left a grid over).
MORE_SETS: dict[tuple[int, int], tuple[tuple[Cell, ...], ...]] = {
    (7, 3): (((0, 0), (0, 1), (0, 4), (1, 3), (1, 5), (1, 6), (2, 0), (2, 2), (2, 4), (2, 6)),),
    (8, 3): (((0, 0), (0, 3), (0, 4), (1, 1), (1, 4), (1, 5), (1, 7), (2, 0), (2, 2), (2, 5), (2, 6)),),
    (6, 4): (((0, 0), (0, 5), (1, 0), (1, 2), (1, 3), (2, 1), (2, 4), (2, 5), (3, 1), (3, 3)),),
    (8, 5): (
        (
            (0, 0),
            (0, 2),
            (0, 4),
            (1, 1),
            (1, 3),
            (1, 5),
            (2, 0),
            (2, 5),
            (3, 1),
            (3, 4),
            (3, 6),
            (4, 6),
            (4, 7),
        ),
    ),
}


def tens_sets(width: int, height: int) -> list[frozenset[Cell]]:
    """The tens-place sets `CERTIFIED`, `RAISED`, `step` and the commands number (K) on a grid of
    `width` columns and `height` rows: `positions.spanning_sets`, then the shape's `MORE_SETS`."""
    return spanning_sets(height, width) + [frozenset(cells) for cells in MORE_SETS.get((width, height), ())]


#: (columns, rows) -> [(lo, hi, k, ((row, column, h), ...))]: as `CERTIFIED`, with the k-th set's
#: cells listed holding h hundreds more in every family (`certify` with `hundreds`; "With
#: hundreds" in docs/cnote.md, Lemma 9's general form), each range's hundreds those of
#: `positions.best_hundreds` at its least target (`step` with `raised`) or none. Forty-second
#: session; 3x5 at 390-461, 6x3 at 448-575 and 7x3 at 499-506: forty-third (3x5 at 390-445
#: with the hundreds of the range above, not `best_hundreds`' at its least target); 5x3 at
#: 416-655 and 3x5 at 270-389: forty-fourth (hundreds chosen against the grids left over, "With
#: hundreds"); 7x3 at 498 and 8x3 at 553 (set 5: the first of `MORE_SETS`), 3x5 at 238-269,
#: 5x3 at 400-415 and 6x3 at 439-447 (no hundreds): the forty-fourth session's lead (3x7 at
#: 214-215, no hundreds either, went into `CERTIFIED`); 5x3 at 394-399 (set 0, no hundreds,
#: ranges of 2 with 900 s of wall a solve): forty-fifth (helper, branch `proof-s66`).
RAISED: dict[tuple[int, int], list[tuple[int, int, int, tuple[tuple[int, int, int], ...]]]] = {
    (3, 5): [
        (238, 253, 0, ()),
        (254, 269, 0, ()),
        (270, 301, 1, ()),
        (302, 333, 0, ((1, 0, 1),)),
        (334, 349, 0, ((1, 0, 1),)),
        (350, 365, 0, ((1, 0, 1),)),
        (366, 373, 0, ((1, 0, 1),)),
        (374, 381, 0, ((1, 0, 1),)),
        (382, 385, 0, ((1, 0, 1),)),
        (386, 389, 0, ((1, 0, 1),)),
        (390, 397, 0, ((0, 0, 1), (1, 1, 2))),
        (398, 405, 0, ((0, 0, 1), (1, 1, 2))),
        (406, 413, 0, ((0, 0, 1), (1, 1, 2))),
        (414, 429, 0, ((0, 0, 1), (1, 1, 2))),
        (430, 437, 0, ((0, 0, 1), (1, 1, 2))),
        (438, 445, 0, ((0, 0, 1), (1, 1, 2))),
        (446, 453, 0, ((0, 0, 1), (1, 1, 2))),
        (454, 461, 0, ((0, 0, 1), (1, 1, 2))),
        (462, 469, 4, ((1, 0, 2), (2, 1, 1))),
        (470, 477, 0, ((0, 0, 1), (1, 1, 2))),
        (478, 481, 1, ()),
        (482, 497, 1, ((2, 1, 1), (2, 2, 1))),
        (498, 513, 2, ((0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 1, 2), (2, 1, 1))),
        (514, 545, 2, ((0, 0, 1), (0, 1, 1), (1, 1, 3))),
        (546, 561, 2, ((0, 0, 2), (0, 1, 1), (1, 1, 3), (2, 1, 1))),
        (562, 577, 2, ((0, 0, 2), (0, 1, 1), (1, 1, 3), (2, 1, 1))),
    ],
    (5, 3): [
        (394, 395, 0, ()),
        (396, 397, 0, ()),
        (398, 399, 0, ()),
        (400, 415, 0, ()),
        (416, 479, 0, ()),
        (480, 543, 0, ()),
        (544, 575, 0, ((0, 1, 1),)),
        (576, 607, 0, ((0, 1, 1),)),
        (608, 623, 0, ((0, 1, 1),)),
        (624, 639, 0, ((0, 1, 1),)),
        (640, 647, 0, ((0, 1, 1),)),
        (648, 655, 0, ((0, 1, 1),)),
        (656, 663, 4, ((0, 1, 2), (1, 2, 1))),
        (664, 679, 4, ((0, 1, 2), (1, 2, 1))),
        (680, 683, 4, ((0, 1, 2), (1, 2, 1))),
        (684, 687, 4, ((0, 1, 2), (1, 2, 1))),
        (688, 691, 4, ((0, 1, 2), (1, 2, 1))),
        (692, 707, 0, ((0, 1, 2), (1, 2, 1))),
        (708, 739, 0, ((0, 1, 2), (1, 2, 1))),
        (740, 755, 1, ((1, 2, 2), (2, 0, 1))),
        (756, 771, 0, ((0, 0, 1), (1, 1, 2))),
        (772, 803, 0, ((0, 1, 2), (1, 2, 1))),
        (804, 835, 0, ((0, 1, 2), (1, 2, 1))),
        (836, 851, 0, ((0, 0, 1), (1, 1, 2))),
        (852, 867, 0, ((0, 1, 2), (1, 2, 1))),
        (868, 899, 0, ((0, 1, 2), (1, 2, 1))),
        (900, 931, 2, ((0, 0, 1), (1, 0, 2), (1, 1, 3))),
        (932, 947, 0, ((0, 1, 2), (1, 2, 1))),
        (948, 963, 0, ((0, 1, 2), (1, 2, 1))),
    ],
    (6, 3): [
        (439, 439, 1, ()),
        (440, 443, 1, ()),
        (444, 447, 0, ()),
        (448, 463, 2, ()),
        (464, 495, 2, ()),
        (496, 527, 2, ()),
        (528, 543, 2, ()),
        (544, 559, 0, ()),
        (560, 567, 0, ()),
        (568, 575, 0, ()),
        (576, 583, 0, ()),
        (584, 591, 2, ((1, 1, 1),)),
        (592, 607, 2, ((1, 1, 1),)),
        (608, 671, 2, ((1, 1, 1),)),
        (672, 703, 1, ()),
        (704, 735, 0, ()),
        (736, 751, 0, ()),
        (752, 767, 0, ()),
    ],
    (7, 3): [
        (498, 498, 5, ()),
        (499, 502, 3, ()),
        (503, 506, 3, ()),
        (507, 514, 3, ()),
        (515, 516, 3, ()),
        (517, 518, 3, ()),
        (519, 526, 3, ()),
        (527, 542, 3, ()),
        (543, 606, 3, ()),
        (607, 670, 2, ()),
        (671, 734, 2, ()),
        (735, 798, 2, ((0, 1, 1),)),
        (799, 862, 0, ((0, 1, 1),)),
        (863, 894, 0, ((0, 1, 1),)),
        (895, 926, 0, ((0, 1, 1),)),
        (927, 942, 0, ((0, 1, 1),)),
        (943, 958, 0, ((0, 1, 1),)),
    ],
    (8, 3): [
        (553, 553, 5, ()),
        (554, 557, 3, ()),
        (558, 565, 3, ()),
        (566, 581, 3, ()),
        (582, 613, 2, ()),
        (614, 677, 2, ()),
        (678, 741, 2, ()),
        (742, 805, 0, ()),
        (806, 837, 0, ()),
        (838, 869, 0, ()),
        (870, 885, 0, ((0, 1, 1), (0, 3, 1), (1, 2, 1))),
        (886, 901, 0, ((0, 1, 1),)),
    ],
}


def entry(rows: list[int], cols: list[int]) -> tuple[int, int, int, tuple[tuple[int, int, int], ...]] | None:
    """The range of `CERTIFIED` (no hundreds) or `RAISED` that holds these targets (`generate`'s
    for a shape and a T inside it) as (lo, hi, set, hundreds), or None."""
    height, width = len(rows), len(cols)
    if not rows or len(set(rows)) != 1 or cols != column_targets(rows[0], height, width):
        return None
    none: tuple[tuple[int, int, int], ...] = ()
    ranges = [(lo, hi, k, none) for lo, hi, k in CERTIFIED.get((width, height), [])]
    ranges += RAISED.get((width, height), [])
    return next((found for found in ranges if found[0] <= rows[0] <= found[1]), None)


def applies(rows: list[int], cols: list[int]) -> bool:
    """The targets are `generate`'s for a shape and a T inside a range of `CERTIFIED` or
    `RAISED` (`entry`)."""
    return entry(rows, cols) is not None


def cycle_signs(tens: Collection[Cell]) -> dict[Cell, int]:
    """sigma: +1 and -1 alternately around the one cycle of `tens`, 0 on its other cells (the
    leaves are stripped until only the cycle is left)."""
    cells = set(tens)
    lines: dict[Line, set[Cell]] = {}
    for r, c in cells:
        lines.setdefault(("r", r), set()).add((r, c))
        lines.setdefault(("c", c), set()).add((r, c))
    left = set(cells)
    leaves = [line for line, on in lines.items() if len(on) == 1]
    while leaves:
        line = leaves.pop()
        if len(lines[line]) != 1:
            continue
        (cell,) = lines[line]
        left.discard(cell)
        for end in (("r", cell[0]), ("c", cell[1])):
            lines[end].discard(cell)
            if len(lines[end]) == 1:
                leaves.append(end)
    if not left or any(len(on) not in (0, 2) for on in lines.values()):
        raise ValueError("the tens-place cells must hold exactly one cycle")
    sign: dict[Cell, int] = {}
    cell, along, k = min(left), "r", 0
    while cell not in sign:
        sign[cell] = 1 if k % 2 == 0 else -1
        step: Line = ("r", cell[0]) if along == "r" else ("c", cell[1])
        (cell,) = lines[step] - {cell}
        along, k = ("c" if along == "r" else "r"), k + 1
    if len(sign) != len(left) or k % 2:
        raise ValueError("the tens-place cells must hold exactly one cycle")
    return {e: sign.get(e, 0) for e in cells}


def gale_sets(tens: Collection[Cell], height: int, width: int) -> list[tuple[list[Line], list[Line]]]:
    """The pairs (I, N(I)) of Gale's condition that can fail (module docstring): the
    `positions.missing_sets` of rows, or of columns (the grid transposed), whichever are fewer."""
    rows = [
        ([("r", a) for a in group], [("c", b) for b in reached])
        for group, reached in missing_sets(tens, height, width)
    ]
    transposed = {(c, r) for r, c in tens}
    cols = [
        ([("c", a) for a in group], [("r", b) for b in reached])
        for group, reached in missing_sets(transposed, width, height)
    ]
    return min((rows, cols), key=len)


@dataclass(frozen=True)
class Construction:
    """A tens-place set as a window of families needs it (module docstring): `cells`, C's cells
    in the order their units digits and repairs are listed; `signs`, sigma on them (+1 and -1
    around the cycle, 0 elsewhere); `lines`, every line once, in the order their margins are
    made; `checks`, pairs (group, reached) of indices into `lines`: the margins m left by a
    family and a repair admit the transport exactly when no check has the sum of m over group
    above the sum over reached (a margin below 0 is the check ((), (line,)))."""

    cells: tuple[Cell, ...]
    signs: tuple[int, ...]
    lines: tuple[Line, ...]
    checks: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


def spanning_tree(cells: Collection[Cell], height: int, width: int) -> bool:
    """`cells` connect all `height` + `width` lines without a cycle (rows and columns the
    vertices of the lines' graph, cells its edges): a tens-place set of Lemma 14 (`trees`)."""
    return forest(cells, height, width) and len(set(cells)) == height + width - 1


def forest(cells: Collection[Cell], height: int, width: int) -> bool:
    """`cells` (distinct) hold no cycle of the lines' graph: a spanning tree, or one with cells
    taken away (Lemma 14's forests, `trees`: one family where `family_exists` holds)."""
    parent = list(range(height + width))
    for r, c in cells:
        a, b = line_root(parent, r), line_root(parent, height + c)
        if a == b:
            return False
        parent[a] = b
    return True


def components(cells: Collection[Cell], height: int, width: int) -> list[list[Line]]:
    """The lines' graph's components under `cells` (rows and columns the vertices, cells the
    edges), each its rows then its columns; a line no cell meets is a component alone."""
    parent = list(range(height + width))
    for r, c in cells:
        a, b = line_root(parent, r), line_root(parent, height + c)
        parent[a] = b
    groups: dict[int, list[Line]] = {}
    for x in range(height + width):
        groups.setdefault(line_root(parent, x), []).append(("r", x) if x < height else ("c", x - height))
    return list(groups.values())


def family_exists(
    model: Any, digit: dict[Cell, Any], targets: Mapping[Line, Any], cells: Collection[Cell]
) -> Any:
    """On a CP-SAT `model`: a literal true exactly where a forest `cells` (no cycle) has its one
    family (Lemma 14, docs/cnote.md): on every component K of the lines' graph, the sum over K's
    rows of (target - the digits of the row's cells outside the forest) and the same over K's
    columns are equal modulo 10. Peeling K's leaf lines fixes each cell's units digit and meets
    every line of K but the last, which the balance meets (the forest's cells lie on one row and
    one column of K each, so their numbers cancel). None on a spanning tree: one component, whose
    balance is T H on both sides, so its family always exists."""
    height = 1 + max(r for r, _ in digit)
    width = 1 + max(c for _, c in digit)
    if spanning_tree(cells, height, width):
        return None
    inside = set(cells)
    met = []
    for component in components(cells, height, width):
        rest = []
        for kind, i in component:
            on = [(i, c) for c in range(width)] if kind == "r" else [(r, i) for r in range(height)]
            rest.append(
                (1 if kind == "r" else -1, targets[kind, i] - sum(digit[x] for x in on if x not in inside))
            )
        over = model.new_int_var(-(10**6), 10**6, "")
        remainder = model.new_int_var(0, 9, "")
        model.add(sum(sign * expr for sign, expr in rest) == 10 * over + remainder)
        met.append(model.new_bool_var(""))
        model.add(remainder == 0).only_enforce_if(met[-1])
        model.add(remainder != 0).only_enforce_if(~met[-1])
    exists = model.new_bool_var("")
    model.add_bool_and(met).only_enforce_if(exists)
    model.add_bool_or([exists, *(~m for m in met)])
    return exists


def construction(tens: Collection[Cell], height: int, width: int) -> Construction:
    """Lemma 2's general form on `tens`: its cells sorted, the rows then the columns, every margin
    non-negative and `gale_sets`. On a spanning tree or a forest (Lemma 14, `trees`) sigma is 0
    everywhere: the units digits are fixed by the lines' sums, one family (where `family_exists`)."""
    cells = tuple(sorted(tens))
    sign = dict.fromkeys(cells, 0) if forest(cells, height, width) else cycle_signs(cells)
    lines: tuple[Line, ...] = (*(("r", r) for r in range(height)), *(("c", c) for c in range(width)))
    index = {line: i for i, line in enumerate(lines)}
    checks: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), (i,)) for i in range(len(lines))]
    for group, reached in gale_sets(cells, height, width):
        checks.append((tuple(index[x] for x in group), tuple(index[x] for x in reached)))
    return Construction(cells, tuple(sign[x] for x in cells), lines, tuple(checks))


class Window(NamedTuple):
    """What `add_window` made: the base family's units digits (in `made.cells` order), per family
    of the window the literals of its checks without a repair (in `made.checks` order), and,
    when the family outside the window (base + 9 sigma) was made with `outside`, its units digits
    by cell of C and a literal that is false only where every repair leaves a broken check."""

    base: list[Any]
    plain: list[list[Any]]
    outside: dict[Cell, Any] | None = None
    repaired: Any = None


def units_agree(model: Any, digit: dict[Cell, Any], made: Sequence[Window]) -> dict[Cell, Any]:
    """On a CP-SAT `model`: the families `made` (each made with `outside`) that are repaired give
    solutions with the same units digit at every cell (Lemma 10's part (c), and Lemma 14's: else
    two of them give two solutions). A family's units digit is its `outside` digit on its cells
    and the grid's digit elsewhere. Asked as "every repaired family's digit equals one common
    digit per cell", which holds exactly when every two repaired families agree: one clause per
    family and cell rather than per pair of families and cell. Returns the common units digit
    of every cell (the digit's variable where no family has the cell): what every repaired
    family's solution holds there, free where none is repaired (`equal_lines_agree` asks more of it).

    Raises `ValueError` (before adding anything to `model`) when a family in `made` was made
    without `outside`: it has no units digits to compare."""
    units: list[tuple[Any, dict[Cell, Any]]] = []
    for window in made:
        if window.outside is None:
            raise ValueError("units_agree: every family must be made with outside")
        units.append((window.repaired, window.outside))
    common = dict(digit)
    for cell in sorted({cell for _, outside in units for cell in outside}):
        common[cell] = model.new_int_var(0, 9, "")
        for repaired, outside in units:
            model.add(outside.get(cell, digit[cell]) == common[cell]).only_enforce_if(repaired)
    return common


def equal_lines_agree(
    model: Any, digit: dict[Cell, Any], targets: Mapping[Line, Any], units: Mapping[Cell, Any]
) -> None:
    """On a CP-SAT `model`: two rows (or two columns) with the same digits and the same target
    hold the same units digits `units` (`units_agree`'s common digits: those of every repaired
    family's solution). Else a repaired family's solution S differs between them, and S with the
    two lines swapped is a second solution: each line keeps its target, every cross line the same
    numbers in another order, every cell a number containing its digit (Lemma 14's part (e),
    docs/cnote.md). One literal per pair of lines, true where their digits and targets are equal;
    lines whose `targets` are the same object (rows all at T) need no literal for the target."""
    height = 1 + max(r for r, _ in digit)
    width = 1 + max(c for _, c in digit)
    pairs = [
        (("r", i), ("r", k), [((i, c), (k, c)) for c in range(width)])
        for i, k in combinations(range(height), 2)
    ] + [
        (("c", j), ("c", m), [((r, j), (r, m)) for r in range(height)])
        for j, m in combinations(range(width), 2)
    ]
    for first, second, cells in pairs:
        differs = []
        for x, y in cells:
            differs.append(model.new_bool_var(""))
            model.add(digit[x] != digit[y]).only_enforce_if(differs[-1])
        if targets[first] is not targets[second]:
            differs.append(model.new_bool_var(""))
            model.add(targets[first] != targets[second]).only_enforce_if(differs[-1])
        equal = model.new_bool_var("")
        model.add_bool_or([*differs, equal])
        for x, y in cells:
            model.add(units[x] == units[y]).only_enforce_if(equal)


def add_window(
    model: Any,
    digit: dict[Cell, Any],
    targets: dict[Line, Any],
    made: Construction,
    window: int,
    top: int,
    tenth: Sequence[Collection[int]] = (),
    single: bool = False,
    outside: bool = False,
    hundreds: Mapping[Cell, int] | None = None,
    exists: Any = None,
) -> Window:
    """On a CP-SAT `model` whose digit variables are `digit` and line targets `targets` (ints or
    linear expressions, at most `top`), a base family on `made` and the `window` - 1 families
    after it (base + k sigma, mod 10), none of them repaired (module docstring): for each family
    and each repair (none, `hundreds.repairs` on `made.cells`) one clause, some check broken by
    the margins the repair leaves. With `tenth` (sets of indices into `made.lines`: Lemma 10's
    4-cycles, `placements`), also the family base + 9 sigma, for every repair and every set, has
    a check broken once the set's margins are lowered by 1 more. With `single`, that family has
    at most one repair without a broken check (two would give two solutions, which differ in a
    hundreds digit on C: Lemma 10's part (d)). With `outside` that family is made and returned
    with a literal "it is repaired" (`Window`: Lemma 10's part (c) compares two placements'). With
    `hundreds` (h per cell of C), every family holds 100 h more on those cells before its repair
    ("With hundreds"). With `exists` (a literal: `family_exists` on a forest), the families are
    made only where it holds, and none is repaired where it does not. Lemma 9 (`twofamilies`) and
    Lemma 10 (`placements`) use it with C's cycle and condition (F) as the construction."""
    height = 1 + max(r for r, _ in digit)
    width = 1 + max(c for _, c in digit)
    cells, lines = made.cells, made.lines
    on = [
        [(line[1], c) for c in range(width)] if line[0] == "r" else [(r, line[1]) for r in range(height)]
        for line in lines
    ]
    fixes = [{}, *({cells[e]: h for e, h in fix.items()} for fix in repairs(len(cells)))]
    raised = hundreds or {}
    base = [model.new_int_var(0, 9, "") for _ in cells]
    # a margin is at most the target over 10, and at least -10 per cell of its line (numbers < 100)
    bound = top // 10 + 10 * max(height, width) + 10
    plain: list[list[Any]] = []
    extra = bool(tenth) or single or outside
    found = Window(base, plain)
    for k in [*range(window), *([9] if extra else [])]:
        units = list(base)
        if k:
            moved = [e for e, s in enumerate(made.signs) if s]
            for e in moved:
                units[e] = model.new_int_var(0, 9, "")
            for e in moved:
                wrap = model.new_int_var(-1, 1, "")
                model.add(units[e] == base[e] + k * made.signs[e] - 10 * wrap)
        u = dict(zip(cells, units, strict=True))
        margin = []
        for line, its in zip(lines, on, strict=True):
            m = model.new_int_var(-bound, bound, "")
            tens_part = sum(10 * digit[x] + u[x] for x in its if x in u)
            equation = model.add(
                10 * m + tens_part + sum(digit[x] for x in its if x not in u) == targets[line]
            )
            if exists is not None:
                equation.only_enforce_if(exists)
            margin.append(m)
        works: list[Any] = []  # outside the window: per repair, false only where it leaves a broken check
        repaired: Any = model.new_bool_var("") if k >= window and outside else None
        if repaired is not None and exists is not None:
            model.add_implication(repaired, exists)
        for lowered in [*([()] if single or outside else []), *tenth] if k >= window else [()]:
            for fix in fixes:
                low = [10 * sum(fix.get(x, 0) + raised.get(x, 0) for x in its) for its in on]
                left = [margin[i] - low[i] - (i in lowered) for i in range(len(lines))]
                literals = []
                for group, reached in made.checks:
                    over = model.new_bool_var("")
                    model.add(sum(left[i] for i in group) > sum(left[i] for i in reached)).only_enforce_if(
                        over
                    )
                    literals.append(over)
                if k >= window and not lowered:  # `single`, `outside`
                    works.append(model.new_bool_var("") if single else repaired)
                    model.add_bool_or(literals).only_enforce_if(~works[-1])
                    if exists is not None:
                        model.add_implication(works[-1], exists)
                    if single and outside:
                        model.add_implication(works[-1], repaired)
                    continue
                model.add_bool_or(literals)
                if not fix and k < window:
                    plain.append(literals)
        if k >= window:
            if single:
                model.add(sum(works) <= 1)
            found = Window(base, plain, u, repaired)
    return found


def range_model(
    model: Any, width: int, height: int, lo: int, hi: int
) -> tuple[dict[Cell, Any], Any, dict[Line, Any]]:
    """On a CP-SAT `model`: the digits (variables in 1..9), the target T (a variable in [lo,
    hi]) and every line's target as `generate` sets them (rows at T, column c at `share`, + 1
    while c < the rest of T * height over width: `column_targets`). Shared by the certificates
    of Lemma 9's general form and Lemma 14."""
    digit = {(r, c): model.new_int_var(1, 9, f"g{r}_{c}") for r in range(height) for c in range(width)}
    target = model.new_int_var(lo, hi, "T")
    share = model.new_int_var(0, hi * height, "")
    rest = model.new_int_var(0, width - 1, "")
    model.add(target * height == share * width + rest)  # column c: share, + 1 while c < rest
    targets: dict[Line, Any] = {("r", r): target for r in range(height)}
    for c in range(width):
        bump = model.new_bool_var("")
        model.add(rest > c).only_enforce_if(bump)
        model.add(rest <= c).only_enforce_if(~bump)
        targets["c", c] = share + bump
    return digit, target, targets


def certify(
    width: int,
    height: int,
    lo: int,
    hi: int,
    tens: Collection[Cell],
    window: int = 9,
    time_limit: float = 600.0,
    hundreds: Mapping[Cell, int] | None = None,
) -> tuple[int, Grid] | None:
    """A target in [lo, hi] (rows at it, columns `column_targets`) and a digit grid of `height`
    rows and `width` columns with `window` consecutive unrepaired families on `tens` (with
    `hundreds` on its cells: "With hundreds"), or None when there is none (CP-SAT: infeasible).
    Raises TimeoutError when CP-SAT decides nothing within `time_limit` seconds (one worker),
    ValueError on bad arguments."""
    if not 1 <= window <= 9 or lo > hi or min(width, height) < 2 or lo < max(width, height):
        raise ValueError(
            "need sides of 2 or more, 1 <= window <= 9 and a range of targets of at least the longer side"
        )
    if hundreds and (not set(hundreds) <= set(tens) or min(hundreds.values()) < 0):
        raise ValueError("hundreds go on cells of the tens-place set, 0 or more each")
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    digit, target, targets = range_model(model, width, height, lo, hi)
    made = construction(tens, height, width)
    add_window(
        model, digit, targets, made, window, max(column_targets(hi, height, width) + [hi]), hundreds=hundreds
    )
    solver = decide(model, time_limit, f"{width}x{height} at {lo}-{hi}")
    if solver is None:
        return None
    return int(solver.value(target)), [
        [int(solver.value(digit[r, c])) for c in range(width)] for r in range(height)
    ]


def solutions(
    digits: Grid,
    rows: list[int],
    cols: list[int],
    tens: Collection[Cell],
    hundreds: Mapping[Cell, int] | None = None,
    enough: int | None = None,
) -> list[Grid]:
    """One solution per repaired family of `digits` (module docstring): for each of the 10
    families (`positions.family_grids`, u at (0, 0) = 0..9; with `hundreds` on its cells of C),
    the first repair (none, 100 or 200 on one cell of C, 100 on two) after which the
    transportation problem on the other cells is feasible (augmenting paths, not Gale's
    condition); with `enough`, only until that many are found (`escapes` asks for two)."""
    raised = hundreds or {}
    cells = sorted(tens)
    height, width = len(rows), len(cols)
    units = [[(r, c) not in tens for c in range(width)] for r in range(height)]
    fixes = [{}, *({cells[e]: h for e, h in fix.items()} for fix in repairs(len(cells)))]
    found = []
    for grid in family_grids(digits, rows, cols, tens, (0, 0)):
        for fix in fixes:
            solution = complete(lifted(grid, Counter(raised) + Counter(fix)), rows, cols, units)
            if solution is not None:
                found.append(solution)
                break
        if enough is not None and len(found) >= enough:
            break
    return found


def search(
    width: int,
    height: int,
    top: int,
    low: int = 100,
    time_limit: float = 240.0,
    finest: int = 1,
    log: bool = False,
) -> list[tuple[int, int, int, float]]:
    """Ranges certified downwards from `top` (every row at T): [hi - span + 1, hi] with the first
    tens-place set of `tens_sets` that certifies it (a set undecided within `time_limit`
    counts as not certifying), the span (64 at first) halved while no set does and kept for the
    next range below, until a range of `finest` targets has a grid left over (or an undecided
    model) at every set, or `low` is reached. Returns (lo, hi, set index, CPU seconds of the
    solves tried)."""
    sets = tens_sets(width, height)
    found: list[tuple[int, int, int, float]] = []
    hi, span = top, 64
    while hi >= low:
        lo = max(low, hi - span + 1)
        start = time.process_time()
        chosen = None
        for k, tens in enumerate(sets):
            try:
                if certify(width, height, lo, hi, tens, 9, time_limit) is None:
                    chosen = k
                    break
            except TimeoutError:
                continue
        spent = time.process_time() - start
        if log:
            print(
                f"{width}x{height} [{lo}, {hi}]: {'set ' + str(chosen) if chosen is not None else 'not certified'}"
                f" ({spent:.1f} s)",
                flush=True,
            )
        if chosen is not None:
            found.append((lo, hi, chosen, spent))
            hi = lo - 1
        elif hi - lo + 1 <= finest:
            break
        else:
            span = (hi - lo + 1) // 2
    return found


def line_root(parent: list[int], x: int) -> int:
    """x's representative in the union-find forest `parent` (paths halved on the way)."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def random_set(width: int, height: int, rng: random.Random) -> frozenset[Cell]:
    """A tens-place set drawn at random: a random spanning tree of the lines' graph (rows and
    columns the vertices, cells the edges; Kruskal's algorithm on the cells shuffled) plus the
    first cell after it that closes a cycle, drawn again until (0, 0), where `solutions` anchors
    the families, is on that cycle. Every such set connects every line with exactly one cycle,
    so Lemma 9's general form holds for it (`MORE_SETS`)."""
    if min(width, height) < 2:
        raise ValueError("need two lines or more on each side (a cycle)")
    cells = [(r, c) for r in range(height) for c in range(width)]
    while True:
        rng.shuffle(cells)
        parent = list(range(height + width))  # a union-find forest on the lines
        chosen: list[Cell] = []
        for r, c in cells:
            a, b = line_root(parent, r), line_root(parent, height + c)
            if a != b:
                parent[a] = b
                chosen.append((r, c))
            elif len(chosen) == height + width - 1:  # there is one: no cell of the complete
                chosen.append((r, c))  # bipartite graph of 2 or more a side is a bridge
                break
        if cycle_signs(chosen).get((0, 0), 0):
            return frozenset(chosen)


def escapes(
    grids: Sequence[tuple[int, Grid]],
    width: int,
    height: int,
    lo: int,
    hi: int,
    tens: Collection[Cell],
    hundreds: Mapping[Cell, int] | None = None,
) -> bool:
    """Some grid of `grids` ((target, digits) left over before) has at most one repaired family
    on `tens` with `hundreds` at lo, hi or its own target clamped into [lo, hi] (`solutions`,
    augmenting paths): a certificate on that set and those hundreds over [lo, hi] would leave a
    grid over, so `draw` skips it unsolved."""
    return any(
        len(solutions(grid, [t] * height, column_targets(t, height, width), tens, hundreds, enough=2)) <= 1
        for target, grid in grids
        for t in sorted({lo, hi, min(max(target, lo), hi)})
    )


def raisings(tens: Collection[Cell], cells: int, most: int) -> Iterator[dict[Cell, int]]:
    """The hundreds `draw` tries on a set: none, then 1 to `most` hundreds on each one cell of
    `tens`, then on each two cells, ... up to `cells` cells (the forty-fourth session's helper
    enumerated 1-3 cells at 1-3 hundreds on `spanning_sets`' sets; "With hundreds")."""
    yield {}
    for size in range(1, cells + 1):
        for chosen in combinations(sorted(tens), size):
            for heights in product(range(1, most + 1), repeat=size):
                yield dict(zip(chosen, heights, strict=True))


class Drawn(NamedTuple):
    """One solve of `draw`: the set, what `certify` said (None: infeasible; a (target, grid) left
    over), whether it was undecided within the limit, its CPU seconds, and the hundreds it ran
    with ((row, column, h), ...)."""

    tens: frozenset[Cell]
    found: tuple[int, Grid] | None
    undecided: bool
    cpu: float
    hundreds: tuple[tuple[int, int, int], ...] = ()


def draw(
    width: int,
    height: int,
    lo: int,
    hi: int,
    tries: int = 20,
    seed: int = 0,
    time_limit: float = 240.0,
    left_over: list[tuple[int, Grid]] | None = None,
    cells: int = 0,
    most: int = 1,
    per_set: int = 1,
) -> Iterator[Drawn]:
    """Random tens-place sets (`random_set`) certified on [lo, hi] one by one: per set, the
    hundreds of `raisings` (none only when `cells` is 0, the default; else up to `cells` cells of
    the set at 1 to `most` hundreds each) in order, each skipped unsolved where a grid of
    `left_over` (with the grids each solve leaves over, appended to it) escapes it (`escapes`),
    at most `per_set` solved; yields a `Drawn` per solve and stops after the first infeasible one
    or `tries` solves (forty-fourth session: 7x3 at 498, `MORE_SETS`, without hundreds;
    forty-fifth: with them). The skip decides nothing: only an infeasible solve certifies."""
    rng = random.Random(seed)
    grids = left_over if left_over is not None else []
    seen: set[frozenset[Cell]] = set()
    solved = drawn = 0
    while solved < tries and drawn < 1000 * tries:
        tens = random_set(width, height, rng)
        drawn += 1
        if tens in seen:
            continue
        seen.add(tens)
        here = 0
        for fixed in raisings(tens, cells, most):
            if solved >= tries or here >= per_set:
                break
            if escapes(grids, width, height, lo, hi, tens, fixed):
                continue
            solved, here = solved + 1, here + 1
            began = time.process_time()
            try:
                found, undecided = certify(width, height, lo, hi, tens, 9, time_limit, fixed), False
            except TimeoutError:
                found, undecided = None, True
            if found is not None:
                grids.append(found)
            given = tuple((r, c, h) for (r, c), h in sorted(fixed.items()))
            yield Drawn(tens, found, undecided, time.process_time() - began, given)
            if found is None and not undecided:
                return


class Step(NamedTuple):
    """One range of `step`: its targets [lo, hi], what CP-SAT said (`certify`'s result: None when
    infeasible, a (target, grid) left over; `undecided` when it decided nothing within the
    limit), the CPU seconds of the solve and the hundreds it ran with ((row, column, h), ...)."""

    lo: int
    hi: int
    found: tuple[int, Grid] | None
    undecided: bool
    cpu: float
    hundreds: tuple[tuple[int, int, int], ...] = ()


def step(
    width: int,
    height: int,
    start: int,
    span: int,
    k: int = 0,
    time_limit: float = 60.0,
    count: int | None = None,
    raised: bool = False,
    hundreds: Mapping[Cell, int] | None = None,
) -> Iterator[Step]:
    """Ranges of `span` targets certified downwards from `start` with the k-th set of
    `tens_sets` (one `certify` of width 9 each): [start - span, start - 1], then the
    range below, while CP-SAT says infeasible; yields each range's `Step` and stops after the
    first left over or undecided within `time_limit` seconds, after `count` ranges, or when the
    next range would go below the longer side (where `certify` stops). Unlike `search`, one set
    and one span: the way the thirty-ninth session stepped the bounds down. `raised`: each range
    with the hundreds of `positions.best_hundreds` on the set at its least target ("With
    hundreds", forty-second session; the search's CPU counts in the step's). `hundreds` (h per
    cell of the set, not with `raised`): every range with these, e.g. those that certified the
    range above (the forty-third session's way down 3x5; `RAISED`)."""
    sets = tens_sets(width, height)
    if span < 1 or not 0 <= k < len(sets) or time_limit <= 0 or (count is not None and count < 1):
        raise ValueError(
            f"need a span of 1 or more, a set index in 0..{len(sets) - 1}, a time limit above 0 "
            "and a count of 1 or more"
        )
    if hundreds and (raised or not set(hundreds) <= set(sets[k]) or min(hundreds.values()) < 0):
        raise ValueError(
            f"hundreds go on cells of set {k} ({sorted(sets[k])}), 0 or more each, and not with raised"
        )
    if min(width, height) < 2 or start - span < max(width, height):
        raise ValueError("need sides of 2 or more and a first range at or above the longer side")
    hi, done = start - 1, 0
    while hi - span + 1 >= max(width, height) and (count is None or done < count):
        lo = hi - span + 1
        began = time.process_time()
        fixed = (
            best_hundreds(sets[k], [lo] * height, column_targets(lo, height, width))[1]
            if raised
            else dict(hundreds or {})
        )
        try:
            found, undecided = certify(width, height, lo, hi, sets[k], 9, time_limit, fixed), False
        except TimeoutError:
            found, undecided = None, True
        done += 1
        given = tuple((r, c, h) for (r, c), h in sorted(fixed.items()))
        yield Step(lo, hi, found, undecided, time.process_time() - began, given)
        if found is not None or undecided:
            return
        hi = lo - 1


def given_hundreds(args: list[str]) -> tuple[list[str], dict[Cell, int]]:
    """The command's arguments without its `--hundreds R,C,H` options, and those hundreds (H on
    cell (R, C), the option once per cell); ValueError when one is missing or malformed."""
    rest, hundreds = [], {}
    given = iter(args)
    for a in given:
        if a == "--hundreds":
            r, c, h = (int(x) for x in next(given, "").split(","))
            hundreds[r, c] = h
        else:
            rest.append(a)
    return rest, hundreds


def given_options(args: list[str], options: dict[str, str]) -> list[str]:
    """The arguments that are not `options` (each option's value written into `options`, its
    default there); ValueError when an option has no value."""
    plain = []
    rest = iter(args)
    for a in rest:
        if a in options:
            value = next(rest, None)
            if value is None:
                raise ValueError
            options[a] = value
        else:
            plain.append(a)
    return plain


def main(argv: list[str] | None = None) -> int:
    """`python -m boardlab.families.cnote.spanning W H LO HI [K] [--hundreds R,C,H ...]`: rerun a
    certificate with the K-th tens-place set (and H hundreds on cell (R, C) of it, the option
    repeated per cell: `RAISED`'s entries; exit 0: infeasible, 1: a grid left over, printed);
    `--search W H TOP`: search ranges downwards from TOP; `--step W H FROM SPAN [--set K]
    [--time-limit S] [--count N] [--raise | --hundreds R,C,H ...]`: `step` (`raised` with
    `--raise`, `hundreds` with `--hundreds`, repeated per cell), one line a range
    (exit 0 when every range tried is infeasible, 1 when it stopped at a left-over, 3 at an
    undecided range); `--draw W H LO HI [--tries N] [--seed S] [--time-limit S] [--cells N]
    [--most M] [--per-set P]`: `draw` (with hundreds on up to N cells of each set at 1 to M each,
    at most P solves a set), one line a solve with its set (and its hundreds when N > 0; exit 0
    when a set certified the range, 1 when none of the tries did). Bad arguments: exit 2."""
    args = sys.argv[1:] if argv is None else argv
    usage = (
        "usage: python -m boardlab.families.cnote.spanning W H LO HI [K] [--hundreds R,C,H ...] | --search W H TOP"
        " | --step W H FROM SPAN [--set K] [--time-limit S] [--count N] [--raise | --hundreds R,C,H ...]"
        " | --draw W H LO HI [--tries N] [--seed S] [--time-limit S] [--cells N] [--most M] [--per-set P]"
    )

    def stepping() -> int:
        options = {"--set": "0", "--time-limit": "60", "--count": ""}
        raised = "--raise" in args
        try:
            named, given = given_hundreds([a for a in args[1:] if a != "--raise"])
            plain = given_options(named, options)
            w, h, start, span = (int(a) for a in plain)
            k, limit = int(options["--set"]), float(options["--time-limit"])
            count = int(options["--count"]) if options["--count"] else None
        except ValueError:
            raise ValueError(f"{usage}, got {' '.join(args)}") from None
        code = 0
        ranges = step(w, h, start, span, k, limit, count, raised, given)
        for lo, hi, found, undecided, cpu, hundreds in ranges:
            if undecided:
                outcome, code = f"undecided within {limit:g} s of wall", 3
            elif found is not None:
                outcome, code = f"left over: {found}", 1
            else:
                outcome = "infeasible, every digit grid has two families repaired"
            extra = f", hundreds {hundreds}" if raised or given else ""
            print(
                f"{w}x{h} targets {lo}-{hi}, set {k}{extra}: CP-SAT: {outcome}; {cpu:.1f} s of CPU",
                flush=True,
            )
        return code

    def drawing() -> int:
        options = {
            "--tries": "20",
            "--seed": "0",
            "--time-limit": "240",
            "--cells": "0",
            "--most": "1",
            "--per-set": "1",
        }
        try:
            w, h, lo, hi = (int(a) for a in given_options(args[1:], options))
            tries, seed, limit = (
                int(options["--tries"]),
                int(options["--seed"]),
                float(options["--time-limit"]),
            )
            cells, most, per_set = (int(options[o]) for o in ("--cells", "--most", "--per-set"))
            if tries < 1 or limit <= 0 or lo > hi or min(w, h) < 2 or lo < max(w, h):
                raise ValueError
            if cells < 0 or most < 1 or per_set < 1:
                raise ValueError
        except ValueError:
            raise ValueError(f"{usage}, got {' '.join(args)}") from None
        code = 1
        for tens, found, undecided, cpu, hundreds in draw(
            w, h, lo, hi, tries, seed, limit, cells=cells, most=most, per_set=per_set
        ):
            if undecided:
                outcome = f"undecided within {limit:g} s of wall"
            elif found is not None:
                outcome = f"left over: {found}"
            else:
                outcome, code = "infeasible, every digit grid has two families repaired", 0
            extra = f", hundreds {hundreds}" if cells else ""
            print(
                f"{w}x{h} targets {lo}-{hi}, set {tuple(sorted(tens))}{extra}: CP-SAT: {outcome}; {cpu:.1f} s of CPU",
                flush=True,
            )
        return code

    def body() -> int:
        if args[:1] == ["--step"]:
            return stepping()
        if args[:1] == ["--draw"]:
            return drawing()
        if args[:1] == ["--search"]:
            try:
                w, h, top = (int(a) for a in args[1:])
            except ValueError:
                raise ValueError(f"{usage}, got {' '.join(args)}") from None
            for lo, hi, k, spent in search(w, h, top, log=True):
                print(f"certified {w}x{h} [{lo}, {hi}] with set {k}: {spent:.1f} s of CPU")
            return 0
        try:
            plain, hundreds = given_hundreds(args)
            w, h, lo, hi, *rest = (int(a) for a in plain)
            k = rest[0] if rest else 0
            if len(rest) > 1:
                raise ValueError
            tens = tens_sets(w, h)[k]
        except (ValueError, IndexError):
            raise ValueError(f"{usage}, got {' '.join(args) or 'nothing'}") from None
        start = time.process_time()
        found = certify(w, h, lo, hi, tens, hundreds=hundreds)
        holds = "infeasible, every digit grid has two families repaired"
        shown = (
            f" with hundreds {tuple((r, c, x) for (r, c), x in sorted(hundreds.items()))}" if hundreds else ""
        )
        return verdict(f"{w}x{h} targets {lo}-{hi}, set {k}{shown}", found, holds, start)

    return run_certificate(body)


if __name__ == "__main__":  # pragma: no cover
    run_as_program(main)
