"""Armies formats: text and JSON round trips, and bad input located by line and column."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlab.core.errors import BadInput
from boardlab.core.io import parse_document
from boardlab.core.registry import get

FAMILY = get("armies")


@given(n=st.integers(1, 400), m=st.one_of(st.none(), st.integers(0, 10_000)))
def test_round_trips(n: int, m: int | None) -> None:
    instance = FAMILY.from_json({"family": "armies", "n": n, "m": m})
    assert FAMILY.from_json(json.loads(json.dumps(FAMILY.to_json(instance)))) == instance
    [record] = parse_document(FAMILY, FAMILY.dump_text(instance), "<t>")
    assert record.instance == instance


def test_text_with_comments_and_several_lines() -> None:
    records = parse_document(FAMILY, "# boards\n8 9\n\n5   # maximise\n", "f.txt")
    assert [(r.instance.n, r.instance.m) for r in records] == [(8, 9), (5, None)]


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("8 x\n", 1, 3, "not an integer"),
        ("\n0 3\n", 2, 1, "positive"),
        ("5 -1\n", 1, 3, "0 or more"),
        ("5 2 7\n", 1, 5, "expected"),
    ],
)
def test_bad_text_is_located(text: str, line: int, column: int, words: str) -> None:
    [record] = parse_document(FAMILY, text, "f.txt")
    assert record.error is not None
    assert (record.error.line, record.error.column) == (line, column)
    assert words in record.error.message


@pytest.mark.parametrize(
    "data",
    [
        {"n": 0},
        {"n": -3},
        {"n": 5, "m": -1},
        {"n": True},
        {"n": 5, "m": 2.5},
        {"m": 3},
        {"n": 5, "colour": 1},
        [5],
        {"n": 10_000},
    ],
)
def test_bad_json(data) -> None:
    with pytest.raises(BadInput):
        FAMILY.from_json(data)


@pytest.mark.parametrize(
    "data",
    [
        {"white": []},
        {"white": [[0, 0]], "black": "a1"},
        {"white": [[0]], "black": []},
        {"white": [[0, True]], "black": []},
        [1, 2],
    ],
)
def test_bad_solution_shape(data) -> None:
    instance = FAMILY.from_size(4, {"m": 1})
    with pytest.raises(BadInput):
        FAMILY.solution_from_json(instance, data)
