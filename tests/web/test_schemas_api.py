"""The web API answers with the objects `--json` prints: each route's answer, for every family,
validated against the verb's shipped JSON Schema (`core.schemas`)."""

from __future__ import annotations

import pytest

from boardlab.core import registry
from schema_check import CASES, FAMILIES, assert_valid


def test_families_route_in_its_schema(client) -> None:
    answer = client.get("/api/families")
    assert answer.status_code == 200
    assert_valid("families", answer.json())


@pytest.mark.parametrize("family", FAMILIES)
def test_routes_answer_in_their_schemas(client, family: str) -> None:
    chosen = registry.get(family)
    case = CASES[family]
    instance = case["instance"]

    def post(verb: str, body: dict) -> dict:
        answer = client.post(f"/api/{family}/{verb}", json=body)
        assert answer.status_code == 200, answer.text
        return answer.json()

    assert_valid("solve", post("solve", {"instance": instance}))
    if "count" in {m.value for m in chosen.modes}:
        assert_valid("count", post("solve", {"instance": instance, "mode": "count"}))
    assert_valid(
        "generate", post("generate", {"seed": 1, "options": {"size": 5} if family == "nqueens" else {}})
    )
    for solution, valid in ((case["solution"], True), (case["incomplete"], False)):
        checked = post("check", {"instance": instance, "solution": solution})
        assert_valid("check", checked)
        assert checked["valid"] is valid
    assert_valid("render", post("render", {"instance": instance}))
    assert_valid("render", post("render", {"instance": instance, "solution": case["solution"]}))
    if chosen.offers_hints:
        assert_valid("hint", post("hint", {"instance": instance}))
        assert_valid("hint", post("hint", {"instance": instance, "partial": case["incomplete"]}))
        wrong = client.post(f"/api/{family}/hint", json={"instance": instance, "partial": {"nonsense": 1}})
        assert wrong.status_code == 400 and wrong.json()["error"] == "bad_input"
    for verb, offered in (("grade", chosen.offers_grade), ("explain", chosen.offers_explain)):
        if offered:
            assert_valid(verb, post(verb, {"instance": instance}))
    for to in chosen.writes:
        assert_valid("convert", post("convert", {"instance": instance, "to": to}))
