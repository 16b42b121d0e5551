"""C-Note on cases found by the adversarial audit of the thirty-second session (hints, messages,
formats). Each test says what boardlab did before its fix."""

from __future__ import annotations

import pytest

from boardlab.core.registry import get
from boardlab.families.cnote import io

family = get("cnote")
DEMO = io.make_instance([[8, 8, 4], [6, 2, 5], [3, 6, 1]], 100)


def empty(height: int = 3, width: int = 3) -> list[list[int | None]]:
    return [[None] * width for _ in range(height)]


@pytest.mark.parametrize("number", [2**63 - 1, 8 * 10**23, 2**64 + 8])
def test_a_hint_placement_past_64_bits_is_a_mistake(number: int) -> None:
    """A placed number with the cell's digit but past CP-SAT's 64-bit integers (8 at [0, 0])
    was an internal error (ValueError "INT_MIN or INT_MAX is not supported", or a TypeError
    from `==`), exit 4 on the command line; it is a number no solution has."""
    assert "8" in str(number)
    partial = empty()
    partial[0][0] = number
    partial[1][1] = 26  # in a solution of the demo, kept by the closest solution
    given = family.hint(DEMO, {"grid": partial}).to_json()
    assert given["status"] == "mistake"
    assert given["remove"]["grid"][0][0] == number
    assert given["remove"]["grid"][1][1] is None


def test_a_hint_placement_larger_than_the_line_allows_is_a_mistake() -> None:
    """The same path for a number past the cell's bound that CP-SAT can hold (the answer it
    gave before): a mistake naming that number alone."""
    partial = empty()
    partial[0][0] = 98 + 1000
    given = family.hint(DEMO, {"grid": partial}).to_json()
    assert given["status"] == "mistake" and given["remove"]["grid"][0][0] == 1098


@pytest.mark.parametrize("target", [100, 1_000, 1_000_000])
def test_svg_targets_fit_their_margin(target: int) -> None:
    """The row and column targets are drawn in the margin right of and below the grid, one
    cell wide. Their font was 0.45 of a cell whatever their length: at target 1,000,000 (72 px
    cells, 32 px font) a row target was about 139 px wide, over the grid and past the image's
    edge; at 1,000 it overflowed too. A label may take at most 0.9 of its margin (target 100
    passed before too)."""
    import re

    instance = io.make_instance([[8, 8, 4, 1], [6, 2, 5, 1], [3, 6, 1, 1], [1, 2, 3, 4]], target)
    svg = family.render_svg(instance, None)
    cell = float(re.search(r'<rect x="4" y="4" width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    labels = re.findall(r'font-size="(\d+)"[^>]*fill="#333333">(\d+)</text>', svg)
    assert len(labels) == 8  # 4 row targets, 4 column targets
    for font, text in labels:
        assert text == str(target)
        # 0.62: a digit's width in em (`render.svg.CHAR_WIDTH`)
        assert 0.62 * int(font) * len(text) <= 0.9 * cell


def test_the_solved_hint_does_not_repeat_its_status(cli_run, tmp_path) -> None:
    """The command line prints a hint as `status: message`; the message of a solved grid began
    with "solved: " too, so the line read "solved: solved: every row and column adds up"."""
    puzzle = tmp_path / "demo.txt"
    puzzle.write_text("target: 100\n8 8 4\n6 2 5\n3 6 1\n")
    run = cli_run(["cnote", "hint", str(puzzle), '{"grid": [[18, 8, 74], [69, 26, 5], [13, 66, 21]]}'])
    assert run.code == 0, run.stderr
    assert run.stdout.splitlines()[0] == "solved: every row and column adds up"


def test_an_error_in_a_json_list_names_the_item() -> None:
    """A JSON list holds several puzzles; an item's error said only the file
    ("l.json: target must be a positive integer, got -1"), so `[1, 2]` gave the same line
    twice and nothing said which item was wrong. It names the item, as JSON Lines name the line."""
    from boardlab.core.io import parse_document

    text = '[{"grid": [[1]], "target": 1}, {"grid": [[1]], "target": -1}, 7]'
    records = parse_document(family, text, "l.json")
    assert records[0].error is None
    # since the thirty-fourth session by its line and column (`core.io.locate`)
    assert str(records[1].error) == "l.json:1:58: target must be a positive integer, got -1"
    assert str(records[2].error) == "l.json:1:63: a JSON instance must be an object"


@pytest.mark.parametrize("value", [False, 0.0])
def test_a_placement_of_false_or_a_float_zero_is_refused(value: object) -> None:
    """0 marks an empty cell of a hint's placement, and `false == 0` and `0.0 == 0` in Python:
    both were taken for an empty cell, where `true` and `1.5` were refused as not numbers."""
    from boardlab.core.errors import BadInput

    partial: list[list[object]] = [[value, None, None], [None] * 3, [None] * 3]
    with pytest.raises(BadInput, match=r"placement grid\[0\]\[0\] must be a number or null"):
        family.hint(DEMO, {"grid": partial})
    partial[0][0] = 0  # the integer 0 still marks an empty cell
    assert family.hint(DEMO, {"grid": partial}).to_json()["status"] == "progress"


@pytest.mark.parametrize(("side", "target", "seed"), [(3, 12, 0), (3, 12, 2), (4, 13, 1), (6, 16, 0)])
def test_unique_puzzles_at_the_least_targets_of_floors_one(side: int, target: int, seed: int) -> None:
    """At the least targets of the relaxed rigid shape (floors 1-9) its plantings are tens and
    ones only (3x3 at 12: every big 10 and every floor 1, all digits 1), and no choice of
    digits makes them unique: `generate` failed for every seed ("no unique 3x3 puzzle with
    target 12 found (60 planted solutions ...): try another seed, a smaller target, or --any")
    though such puzzles abound (`1 1 1 / 2 9 1 / 9 2 1` at 12). Random matrices take over after
    `FLOOR_ONE_PLANTINGS` plantings."""
    from boardlab.core.results import Mode, SolveRequest
    from boardlab.families.cnote.generate import generate

    instance, planted, _ = generate(side, side, target, seed)
    assert not family.verify(instance, {"grid": planted})
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and result.solutions[0]["grid"] == planted


@pytest.mark.parametrize(("target", "seed"), [(46, 0), (47, 3)])
def test_unique_puzzles_at_the_least_targets_of_floors_four(target: int, seed: int) -> None:
    """8 columns of 4 rows (columns at half the row target) at 46 and 47: every seed of 0-4
    failed after 60 plantings of floors 4-9, a stage that never ran dry there; it ends after
    `FLOOR_FOUR_PLANTINGS` now, and the floors-1 stage makes them. One solution by CP-SAT and
    by the depth-first count (`search.Enumerator`, a second method)."""
    from boardlab.core.results import Mode, SolveRequest
    from boardlab.families.cnote.generate import FLOOR_FOUR_PLANTINGS, generate
    from boardlab.families.cnote.search import Enumerator

    instance, planted, report = generate(4, 8, target, seed)
    assert report.attempts > FLOOR_FOUR_PLANTINGS
    assert not family.verify(instance, {"grid": planted})
    result = family.solve(instance, SolveRequest(mode=Mode.UNIQUE))
    assert result.unique is True and result.solutions[0]["grid"] == planted
    found, _, complete = Enumerator(instance.rows, instance.cols).count(instance.grid, 2, 10**9)
    assert complete and found == 1
