"""Lemma 13 (docs/cnote.md): a grid turned a quarter has the turned solutions, so a proof for
one orientation answers the other (`generate.proof`, forty-third session)."""

from __future__ import annotations

import random

import pytest

from boardlab.core.errors import NoPuzzle
from boardlab.families.cnote import brute
from boardlab.families.cnote.generate import (
    RECTANGLES_REACHED,
    digits_of,
    generate,
    proof,
    proven_from,
    proving_lemma,
    random_matrix,
    upright_lemma,
    upright_proof,
)
from boardlab.families.cnote.instance import column_targets, make_instance


def turned(grid: list[list[int]]) -> list[list[int]]:
    return [list(column) for column in zip(*grid, strict=True)]


@pytest.mark.parametrize("seed", range(12))
def test_a_turned_grid_has_the_turned_solutions(seed: int) -> None:
    """Lemma 13 checked by the brute force (which shares nothing with the lemmas): the solutions
    of a random grid with random line targets (the digits of a planted random matrix, so at
    least one), turned, are exactly those of the turned grid with the rows' and columns'
    targets exchanged."""
    rng = random.Random(seed)
    height, width = rng.choice([(2, 3), (3, 2), (2, 4), (3, 3)])
    target = rng.randrange(12, 40)
    rows = [target] * height
    cols = column_targets(target, height, width)
    planted = random_matrix(rows, cols, rng)
    digits = [[rng.choice(digits_of(number)) for number in row] for row in planted]
    upright = list(brute.solutions(make_instance(digits, None, rows, cols)))
    side = brute.solutions(make_instance(turned(digits), None, cols, rows))
    assert planted in upright
    assert sorted(turned(solution) for solution in upright) == sorted(side)


@pytest.mark.parametrize(
    ("width", "height", "target", "other"),
    [
        (4, 5, 212, 265),
        (6, 5, 300, 250),
        (8, 4, 412, 206),
        (7, 6, 315, 270),
        (6, 8, 249, 332),
    ],
)
def test_a_proof_of_the_turned_grid_answers(width: int, height: int, target: int, other: int) -> None:
    """Targets no lemma proves as the grid stands but as it lies turned: H columns of W rows at
    H T / W, whose proof `proof` gives with the turned shape named."""
    rows, cols = [target] * height, column_targets(target, height, width)
    assert cols == [other] * width
    assert upright_proof(rows, cols) is None
    why = upright_proof(cols, rows)
    assert why is not None
    assert proof(rows, cols) == (
        f"{why} on the grid turned a quarter ({height} columns of {width} rows at {other:,}; Lemma 13, docs/cnote.md)"
    )
    named = upright_lemma(cols, rows)
    assert named is not None and named[1] == why and named[0].startswith("Lemma ")
    assert proving_lemma(rows, cols) == (
        f"Lemma 13 with {named[0]} ({height} columns of {width} rows at {other:,})",
        proof(rows, cols),
    )


def test_turning_needs_a_proof_of_the_turned_grid() -> None:
    """Where the columns' share is uneven the turned grid's rows differ, and no table holds
    them (5 columns of 3 rows at 288, the columns at 173, 173, 173, 173, 172: the generator makes
    a unique puzzle there, `RECTANGLES_REACHED`, so no lemma ever will; since the sixty-third
    session, when the example below Lemma 14's ranges, 324, was certified: 327 from the
    sixty-second, 329 before); a square turned is itself."""
    assert RECTANGLES_REACHED[5, 3] >= 288
    rows, cols = [288] * 3, column_targets(288, 3, 5)
    assert cols == [173, 173, 173, 173, 172]
    assert proof(rows, cols) is None and upright_proof(cols, rows) is None
    assert proof([200] * 6, [200] * 6) is None and proving_lemma([200] * 6, [200] * 6) is None


@pytest.mark.parametrize(
    ("rows", "cols", "name"),
    [
        ([1000] * 5, [1000] * 5, "Lemma 2"),
        ([300] * 5, [300] * 5, "Lemma 5"),
        ([257] * 5, [257] * 5, "Lemma 10"),
        ([998] * 3, [1497] * 2, "Lemma 11"),
        ([700] * 3, column_targets(700, 3, 8), "Lemma 9, general form"),
    ],
)
def test_the_lemma_is_named_with_its_sentence(rows: list[int], cols: list[int], name: str) -> None:
    """`proving_lemma` names the lemma whose sentence `proof` gives, as its heading in
    docs/cnote.md calls it (5x5: at 1,000 past Lemma 2's least target, 314; at 300 in Lemma 5's
    certified boxes; at 257 Lemma 10's bound; 2 columns of 3 rows at 998 is recorded none by
    the survey; 8x3 at 700 is a range of Lemma 9's general form)."""
    found = proving_lemma(rows, cols)
    assert found is not None and found == (name, proof(rows, cols))
    assert f"({name}" in found[1]


def test_turning_lowers_the_bounds_it_meets() -> None:
    """4 columns of 7 rows at T is 7 columns of 4 rows at 7 T / 4, proven none from 362: so none
    from 212 where Lemma 14 alone gave 213 (forty-seventh session; since the forty-ninth, Lemma 14
    upright gives 207, below it); likewise 7x6 from 315 (6x7
    at 270), 6x8 from 249 (8x6 at 332), 3x6 from 196 (6x3 at 392, fiftieth session; 197 by 6x3
    at 394 in the forty-eighth, 219 by 6x3 at 438 before, 224 until the forty-fourth; since the
    fifty-first Lemma 14 upright gives 189, below it, 187 since the fifty-third), 6x5 from 300 (5x6 at 250, beside 301
    upright, fiftieth session), 3x7 from 201 (7x3 at 469 beside 202 upright; 189 upright since
    the fifty-first session, 186 since the fifty-third), 4x5 from 216 (5x4 at 270 beside 217
    upright, fifty-first session; 215 upright since the fifty-third)
    and 4x6 from 210 (6x4 at 315 beside 211 upright, both
    forty-eighth session; 210 upright too since the forty-ninth, 207 since the fiftieth), and 8x4 from 412 (4x8 at 206,
    forty-ninth session, beside 413 upright); 5x8 and 8x5 gain nothing from each
    other since Lemma 14 (4x8 from 207 and 5x8 from 216 as they stood in the forty-seventh
    session were 8x4 at 414 and 8x5 at 360 turned; 3x5 at 237 was 5x3 at 395 in the forty-fifth
    session), nor did 5x3 and 3x5 until the sixty-second session (5x3 at 325 is 3x5 at 195)."""
    assert (proven_from(7, 4), proven_from(7, 4, turn=False)) == (207, 207)
    assert (proven_from(6, 7), proven_from(6, 7, turn=False)) == (315, 316)
    assert (proven_from(8, 4), proven_from(8, 4, turn=False)) == (202, 202)
    assert (proven_from(4, 8), proven_from(4, 8, turn=False)) == (412, 413)
    assert (proven_from(8, 5), proven_from(8, 5, turn=False)) == (216, 216)
    assert (proven_from(8, 6), proven_from(8, 6, turn=False)) == (249, 250)
    # 3x6 at T is 6x3 at 2 T, proven none from 381 upright (387 when first pinned): 191 turned,
    # below it 187 upright
    assert (proven_from(6, 3), proven_from(6, 3, turn=False)) == (187, 187)
    # and back: 6x3 at an even T is 3x6 at T / 2, none from 187, so 386 turned beside 387
    # upright (fifty-eighth session); 386 upright too since the sixtieth, 384 upright since the
    # sixty-first (below the turned bound); 381 upright since the sixty-second, where 380 is
    # 3x6 at 190 turned
    assert (proven_from(3, 6), proven_from(3, 6, turn=False)) == (380, 381)
    # 6x5 at T is 5x6 at 5 T / 6, proven none from 225 (turned only where 6 divides T)
    assert (proven_from(5, 6), proven_from(5, 6, turn=False)) == (300, 301)
    assert (proven_from(7, 3), proven_from(7, 3, turn=False)) == (186, 186)
    # 4x5 at T is 5x4 at 5 T / 4, proven none from 263 since the fifty-sixth session (265
    # before; turned only where 4 divides T): 212 turned, but 213 and 214 are not; 215 upright
    # since the fifty-third session
    assert (proven_from(5, 4), proven_from(5, 4, turn=False)) == (215, 215)
    assert (proven_from(6, 4), proven_from(6, 4, turn=False)) == (207, 207)
    # sixty-second session: 5x3 none from 326 upright and 3x5 from 189, so 5x3 at 325 is 3x5 at
    # 195 turned (the first time 5x3 gains from 3x5); 4x3 from 301 upright, 300 = 3x4 at 225
    # (sixty-third session: 5x3 323 and 3x5 187 upright, 4x3 300 upright as well; sixty-fourth:
    # 4x3 298 and 3x4 223 upright, 4x4 230; sixty-fifth: 3x4 221, 4x4 227, 5x5 244, 8x3 509; sixty-sixth: 3x4 220, 5x5 243,
    # 8x3 508; sixty-eighth: 3x4 210, 4x4 219, 5x5 242, 4x3 286 (296 upright is open: it is 3x4
    # at 222 turned, so the drive skipped it), 8x3 505 (504 turned: 3x8 at 189), 7x3 452 (455 is
    # 3x7 at 195 turned, skipped upright); sixty-ninth: 3x4 207, 4x4 217, 5x5 241, 4x3 280 (284
    # and 280 are 3x4 at 213 and 210 turned), 8x3 503, 7x3 448 (3x7 at 192 turned); seventieth:
    # 4x3 275 (276 is 3x4 at 207 turned), 3x4 204, 4x4 216, 5x5 240, 7x3 446; seventy-first:
    # 3x4 203, 4x3 271 (272 is 3x4 at 204 turned), 7x3 443, 5x5 238, 4x8 204 (8x4 stays 412);
    # seventy-second: 4x4 215, 3x4 202 (4x3 stays 271), 5x5 236, 4x8 203; seventy-third: 4x8 202
    # (8x4 stays 412), 7x3 442 (441 is 3x7 at 189 turned); seventy-fourth: 7x3 440 and 439,
    # 3x4 201 and 200 (4x3 stays 271); seventy-fifth: 8x3 502 (505 upright: 504 is 3x8 at 189
    # turned), 4x4 214, 3x4 199 and 198 (4x3 stays 271); seventy-sixth: 5x5 235 and 234;
    # seventy-seventh: 5x5 233, 6x6 243 (its first move since the fifty-third session);
    # seventy-eighth: 5x5 232; seventy-ninth: 5x5 231, 6x6 242; eightieth: 5x5 230, 6x6 241;
    # eighty-first: 5x5 229, 6x6 240; eighty-second: 6x6 239; eighty-third: 5x5 228, 6x6 238;
    # eighty-fourth: 6x6 237
    assert (proven_from(3, 5), proven_from(3, 5, turn=False)) == (323, 323)
    assert (proven_from(5, 3), proven_from(5, 3, turn=False)) == (187, 187)
    assert (proven_from(3, 4), proven_from(3, 4, turn=False)) == (271, 297)
    assert (proven_from(4, 3), proven_from(4, 3, turn=False)) == (198, 198)
    assert (proven_from(4, 4), proven_from(4, 4, turn=False)) == (214, 214)
    assert (proven_from(5, 5), proven_from(5, 5, turn=False)) == (228, 228)
    assert (proven_from(6, 6), proven_from(6, 6, turn=False)) == (237, 237)
    assert (proven_from(3, 8), proven_from(3, 8, turn=False)) == (502, 505)
    assert (proven_from(3, 7), proven_from(3, 7, turn=False)) == (439, 456)


def test_the_generator_answers_none_from_the_turned_grid() -> None:
    """4 columns of 5 rows at 212 is 5 columns of 4 rows at 265, none from 263 (4x5 upright is
    none from 215 since the fifty-third session, when 216, the example until then, was proven
    upright; 3x6, the example until the fiftieth session, is proven upright below its turned
    bound since the fifty-first): the generator answers at once, naming the turn."""
    with pytest.raises(NoPuzzle, match="turned a quarter \\(5 columns of 4 rows at 265; Lemma 13"):
        generate(5, 4, 212, 0)
