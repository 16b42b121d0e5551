"""The JSON Schemas of the `--json` answers (and the web API's), shipped with the package.

One file per verb in `boardlab/schemas/` (`<name>.schema.json`, draft 2020-12), which refer to
`common.schema.json` for the shared parts (family name, stats, and each family's instance,
solution and partial-placement shapes under `$defs`), to `error.schema.json` for the line of a
puzzle that could not be read and to `unknown.schema.json` for generate, hint and render
stopped by their time limit. `SCHEMAS` maps each verb to its file: a new verb's schema is one
file and one line there. Validating needs the `jsonschema` package (the `test` extra); this
module only finds and reads the documents, and checks the top-level keys of a partial placement
(`partial_problem`), which `hint` relies on at run time. docs/design.md "JSON schemas" lists them.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from boardlab.core.words import shown

#: verb -> schema file name (without `.schema.json`).
SCHEMAS: dict[str, str] = {
    "solve": "solve",
    "count": "solve",
    "generate": "generate",
    "check": "check",
    "hint": "hint",
    "render": "render",
    "grade": "grade",
    "explain": "explain",
    "convert": "convert",
    "families": "families",
}
#: Documents the verb schemas refer to.
SHARED = ("common", "error", "unknown")
#: The base of the schemas' `$id`s (not a fetchable address: the documents ship with the package).
BASE = "https://boardlab.invalid/schemas/"


@cache
def document(name: str) -> dict[str, Any]:
    """The schema document `name` (`solve`, `common`, ...) as parsed JSON."""
    text = resources.files("boardlab").joinpath("schemas", f"{name}.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def schema(verb: str) -> dict[str, Any]:
    """The schema of `verb`'s `--json` answer (KeyError for a verb without one)."""
    return document(SCHEMAS[verb])


def documents() -> dict[str, dict[str, Any]]:
    """Every schema document by its `$id` (what a validator's reference registry needs)."""
    names = sorted(set(SCHEMAS.values()) | set(SHARED))
    return {document(name)["$id"]: document(name) for name in names}


def partial_problem(family: str, data: Any) -> str | None:
    """What is wrong with the top level of a partial placement for `family` (None: nothing
    seen): not a JSON object, or keys that are not the family's (another family's shape).
    The family reads the values itself. Families without a partial shape in `common` pass."""
    if not isinstance(data, dict):
        return f"a partial placement is a JSON object in the {family} solution shape, not {_kind(data)}"
    shape = document("common")["$defs"]["partials"].get(family)
    if shape is None:
        return None
    known = set(shape.get("properties", {}))
    pattern = shape.get("propertyNames", {}).get("pattern")
    for key in data:
        if key not in known and not (pattern and re.fullmatch(pattern, key)):
            expected = ", ".join(sorted(known)) if known else f"keys matching {pattern}"
            return f"unknown key {shown(key)} in the partial placement for {family} (expected: {expected})"
    return None


def _kind(data: Any) -> str:
    return {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(data), "a number" if isinstance(data, (int, float)) else type(data).__name__
    )
