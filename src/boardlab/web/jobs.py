"""The jobs the worker processes run: the request pipeline (`boardlab.core.requests`), sized.

All family code the server calls on a request runs here, never in the server process: parsing
(a board size can ask for an enormous text), checking, drawing, solving, generating, hints.
Each job gets plain JSON (family name, the instance as given or as instance JSON, validated
options, request fields) and returns the pipeline's JSON answer (the command line's), so it
can cross the process boundary; what the server adds is the limit on an answer's size.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from typing import Any, TypeVar

from boardlab.core import requests
from boardlab.core.errors import BadInput

Job = TypeVar("Job", bound=Callable[..., Any])

#: Request fields of the API that the command line spells as flags (`--time-limit`).
FIELDS = ("mode", "limit", "time_limit", "backend", "strategy", "workers", "seed")

_FLAG = re.compile(r"--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")


class AnswerTooLarge(Exception):
    """The answer is larger than the server sends (e.g. all solutions of a large board)."""


def api_words(message: str, family_name: str) -> str:
    """`message` as the API names things: a flag of one of the family's options (`--model`) is
    `option 'model'`, a flag of a request field (`--time-limit`) `field 'time_limit'`; other
    words, and flags the API has no name for, are left as they are."""
    options = {o.name for o in requests.family(family_name).options if not o.local}

    def word(match: re.Match[str]) -> str:
        name = match.group(1).replace("-", "_")
        if name in options:
            return f"option '{name}'"
        return f"field '{name}'" if name in FIELDS else match.group()

    return _FLAG.sub(word, message)


def _job(function: Job) -> Job:
    """A job whose bad-input errors name options and fields as the API does (`api_words`): the
    family code raising them speaks the command line's flags."""

    @functools.wraps(function)
    def job(family_name: str, *args: Any) -> Any:
        try:
            return function(family_name, *args)
        except BadInput as error:
            reworded = api_words(error.message, family_name)
            if reworded == error.message:
                raise
            copy = error.located()
            copy.message, copy.args = reworded, (reworded,)
            raise copy from None

    return job  # type: ignore[return-value]


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


@_job
def parse_job(
    family_name: str, value: Any, options: dict[str, Any], want_text: bool, max_bytes: int
) -> dict[str, Any]:
    """The instance `value` describes (text, game ID, JSON or size): its JSON and text format."""
    family = requests.family(family_name)
    instance = requests.parse_value(family, value, options)
    return _sized(requests.instance_json(family, instance, text=want_text), max_bytes)


@_job
def check_job(family_name: str, value: Any, options: dict[str, Any], solution: Any) -> dict[str, Any]:
    """Violations of a proposed solution, as `check --json` prints them."""
    family = requests.family(family_name)
    instance = requests.parse_value(family, value, options)
    return _sized(requests.check(family, instance, solution), 8 * 1024 * 1024)


@_job
def convert_job(
    family_name: str, value: Any, options: dict[str, Any], to: str, max_bytes: int
) -> dict[str, Any]:
    """`convert --json`: the puzzle written in the format `to` (one of the family's `writes`)."""
    family = requests.family(family_name)
    instance = requests.parse_value(family, value, options)
    return _sized(requests.convert(family, instance, to), max_bytes)


@_job
def render_job(
    family_name: str, value: Any, options: dict[str, Any], solution: Any, max_bytes: int
) -> dict[str, Any]:
    """`render --json` (`{"family", "instance", "solution", "svg"}`) plus the solution's violations."""
    family = requests.family(family_name)
    instance = requests.parse_value(family, value, options)
    return _sized(
        requests.draw(family, instance, solution, options=options).to_json(violations=True), max_bytes
    )


@_job
def solve_job(
    family_name: str, instance_json: dict[str, Any], fields: dict[str, Any], max_bytes: int
) -> dict[str, Any]:
    """`Family.solve` on the instance; the answer is the object `solve --json` prints."""
    family = requests.family(family_name)
    instance = family.from_json(instance_json)
    request = requests.solve_request(
        fields["mode"],
        limit=fields.get("limit"),
        time_limit=fields.get("time_limit"),
        backend=fields.get("backend"),
        strategy=fields.get("strategy"),
        workers=fields.get("workers") or 1,  # the server's pool is its parallelism
        seed=fields.get("seed"),
        options=fields.get("options"),
    )
    return _sized(requests.solve(family, instance, request).to_json(), max_bytes)


@_job
def generate_job(
    family_name: str, seed: int | None, options: dict[str, Any], max_bytes: int
) -> dict[str, Any]:
    """`Family.generate`; the answer is the object `generate --json` prints, plus `text`."""
    family = requests.family(family_name)
    generated = requests.generate(family, seed, options)
    return _sized(requests.generated_json(family, generated, text=True), max_bytes)


@_job
def hint_job(
    family_name: str, instance_json: dict[str, Any], partial: dict[str, Any] | None, max_bytes: int
) -> dict[str, Any]:
    """`Family.hint` for a player's partial placement."""
    family = requests.family(family_name)
    return _sized(requests.hint(family, family.from_json(instance_json), partial), max_bytes)


@_job
def grade_job(family_name: str, instance_json: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """`Family.grade`: the puzzle's difficulty, as `grade --json`."""
    family = requests.family(family_name)
    return _sized(requests.grade(family, family.from_json(instance_json)), max_bytes)


@_job
def explain_job(family_name: str, instance_json: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """`Family.explain`: the solving path, as `explain --json`."""
    family = requests.family(family_name)
    return _sized(requests.explain(family, family.from_json(instance_json)), max_bytes)
