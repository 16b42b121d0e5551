"""The jobs the solver processes run: solve, generate and hint, over the Family interface.

Each job gets plain JSON (family name, instance JSON, request fields) and returns plain JSON, so
it can cross the process boundary; the instance is rebuilt with `Family.from_json` in the worker.
Answers go through the checked entry points (`Family.solve`, `Family.generate`), so every
solution returned has passed the family's independent `verify`.
"""

from __future__ import annotations

import json
from typing import Any

from boardlab.core import registry
from boardlab.core.results import Mode, SolveRequest


class AnswerTooLarge(Exception):
    """The answer is larger than the server sends (e.g. all solutions of a large board)."""


def _sized(data: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    size = len(json.dumps(data))
    if size > max_bytes:
        raise AnswerTooLarge(
            f"the answer would be {size} bytes, more than the {max_bytes} this server sends "
            "(ask for fewer solutions, or use the command line)"
        )
    return data


def solve_job(family_name: str, instance_json: dict[str, Any], fields: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """`Family.solve` on the instance; the answer is the object `solve --json` prints."""
    family = registry.get(family_name)
    instance = family.from_json(instance_json)
    request = SolveRequest(
        mode=Mode(fields["mode"]),
        limit=fields.get("limit"),
        time_limit=fields.get("time_limit"),
        backend=fields.get("backend"),
        strategy=fields.get("strategy"),
        workers=fields.get("workers"),
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
