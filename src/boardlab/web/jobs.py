"""The jobs the worker processes run, over the Family interface only.

All family code the server calls on a request runs here, never in the server process: parsing
(a board size can ask for an enormous text), checking, drawing, solving, generating, hints.
Each job gets plain JSON (family name, the instance as given or as instance JSON, validated
options, request fields) and returns plain JSON, so it can cross the process boundary.
Answers go through the checked entry points (`Family.solve`, `Family.generate`), so every
solution returned has passed the family's independent `verify`.
"""

from __future__ import annotations

import json
import math
from typing import Any

from boardlab.core import registry
from boardlab.core.deadline import Deadline
from boardlab.core.results import Mode, SolveRequest
from boardlab.web.inputs import parse_instance


class AnswerTooLarge(Exception):
    """The answer is larger than the server sends (e.g. all solutions of a large board)."""


def _finite(data: Any) -> Any:
    """`data` with NaN and infinite floats replaced by None: JSON has no such numbers (a
    solver's bound can be infinite), and the server would otherwise fail to send the answer."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {key: _finite(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(value) for value in data]
    return data


def _sized(data: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    try:
        text = json.dumps(data, allow_nan=False)
    except ValueError:
        data = _finite(data)
        text = json.dumps(data, allow_nan=False)
    size = len(text)
    if size > max_bytes:
        raise AnswerTooLarge(
            f"the answer would be {size} bytes, more than the {max_bytes} this server sends "
            "(ask for fewer solutions, or use the command line)"
        )
    return data


def parse_job(family_name: str, value: Any, options: dict[str, Any], want_text: bool, max_bytes: int) -> dict[str, Any]:
    """The instance `value` describes (text, game ID, JSON or size): its JSON and text format."""
    family = registry.get(family_name)
    instance = parse_instance(family, value, options)
    answer: dict[str, Any] = {"family": family.name, "instance": family.to_json(instance)}
    if want_text:
        answer["text"] = family.dump_text(instance)
    return _sized(answer, max_bytes)


def check_job(family_name: str, value: Any, options: dict[str, Any], solution: Any) -> dict[str, Any]:
    """Violations of a proposed solution, as `check --json` prints them."""
    family = registry.get(family_name)
    instance = parse_instance(family, value, options)
    if isinstance(solution, dict) and isinstance(solution.get("solutions"), list) and solution["solutions"]:
        solution = solution["solutions"][0]  # the answer of a solve, as `check` on the command line
    problems = family.check(instance, solution)
    return _sized({"family": family.name, "valid": not problems, "violations": problems}, 8 * 1024 * 1024)


def render_job(family_name: str, value: Any, options: dict[str, Any], solution: Any, max_bytes: int) -> dict[str, Any]:
    """`render --json` (`{"family", "instance", "solution", "svg"}`) plus the solution's violations."""
    family = registry.get(family_name)
    instance = parse_instance(family, value, options)
    drawn = None
    problems = None
    if solution is not None:
        drawn = family.solution_from_json(instance, solution)
        problems = family.verify(instance, drawn)
    return _sized(
        {
            "family": family.name,
            "instance": family.to_json(instance),
            "solution": drawn,
            "svg": family.render_svg(instance, drawn),
            "violations": problems,
        },
        max_bytes,
    )


def solve_job(family_name: str, instance_json: dict[str, Any], fields: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """`Family.solve` on the instance; the answer is the object `solve --json` prints."""
    family = registry.get(family_name)
    instance = family.from_json(instance_json)
    request = SolveRequest(
        mode=Mode(fields["mode"]),
        limit=fields.get("limit"),
        deadline=Deadline.after(fields.get("time_limit")),
        backend=fields.get("backend"),
        strategy=fields.get("strategy"),
        workers=fields.get("workers") or 1,  # the server's pool is its parallelism
        seed=fields.get("seed"),
        options=dict(fields.get("options") or {}),
    )
    result = family.solve(instance, request)
    return _sized(result.to_json(), max_bytes)


def generate_job(family_name: str, seed: int | None, options: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """`Family.generate`; the answer is the object `generate --json` prints, plus `text`."""
    family = registry.get(family_name)
    generated = family.generate(seed, options)
    return _sized(
        {
            "family": family.name,
            "instance": family.to_json(generated.instance),
            "solution": generated.solution,
            "seed": generated.stats.seed,
            "stats": generated.stats.to_json(),
            "text": family.dump_text(generated.instance),
        },
        max_bytes,
    )


def hint_job(family_name: str, instance_json: dict[str, Any], partial: dict[str, Any] | None, max_bytes: int) -> dict[str, Any]:
    """`Family.hint` for a player's partial placement."""
    family = registry.get(family_name)
    instance = family.from_json(instance_json)
    answer = dict(family.hint(instance, partial))
    answer.setdefault("family", family.name)
    return _sized(answer, max_bytes)
