"""Every registered family implements the whole interface, and its formats round-trip."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from boardlab.core.family import Family
from boardlab.core.io import parse_document
from boardlab.core.registry import families
from boardlab.core.deadline import Deadline
from boardlab.core.results import Mode, SolveRequest, Status

FAMILIES = families()
IDS = [f.name for f in FAMILIES]


def test_there_are_families() -> None:
    assert "nqueens" in IDS


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_interface_is_complete(family: Family) -> None:
    assert not getattr(type(family), "__abstractmethods__", None)
    description = family.describe()
    assert description["name"] == family.name and family.title and family.rules
    assert family.backends and Mode.FIRST in family.modes
    json.dumps(description)


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_text_and_json_round_trip(family: Family, seed: int) -> None:
    instance = family.sample(random.Random(seed))
    as_json = family.to_json(instance)
    assert as_json["family"] == family.name
    assert family.from_json(json.loads(json.dumps(as_json))) == instance
    [record] = parse_document(family, family.dump_text(instance), "<text>")
    assert record.error is None and record.instance == instance
    [record] = parse_document(family, json.dumps(as_json), "<json>")
    assert record.instance == instance


@pytest.mark.parametrize("family", FAMILIES, ids=IDS)
def test_answers_are_verified_and_drawn(family: Family) -> None:
    rng = random.Random(7)
    for _ in range(3):
        instance = family.sample(rng)
        result = family.solve(instance, SolveRequest(deadline=Deadline.after(20)))
        assert result.status in (Status.SOLVED, Status.OPTIMAL, Status.FEASIBLE, Status.UNSATISFIABLE)
        json.dumps(result.to_json())
        solution = result.solutions[0] if result.solutions else None
        if solution is not None:
            assert family.verify(instance, solution) == []
            assert family.check(instance, json.loads(json.dumps(solution))) == []
        assert family.render_text(instance, solution) is not None
        assert family.render_svg(instance, solution).lstrip().startswith("<svg")
