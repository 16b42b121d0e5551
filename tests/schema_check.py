"""Shared by the schema tests: small puzzles of every family, and validation against the shipped
JSON Schemas (`core.schemas`) with `jsonschema`."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from boardlab.core import schemas

#: Small puzzles: the instance JSON, a valid solution, a well-formed invalid one (incomplete),
#: the generate arguments, and the solve arguments beyond the instance.
CASES: dict[str, dict[str, Any]] = {
    "nqueens": {
        "instance": {"family": "nqueens", "n": 5},
        "solution": {"queens": [0, 2, 4, 1, 3]},
        "incomplete": {"queens": [0]},
        "generate": ["--size", "5", "--seed", "1"],
        "solve": [],
    },
    "armies": {
        "instance": {"family": "armies", "n": 3, "m": 1},
        "solution": {"white": [[0, 0]], "black": [[1, 2]]},
        "incomplete": {"white": [[0, 0]], "black": []},
        "generate": ["--size", "3", "--seed", "1"],
        "solve": [],
    },
    "chessnum": {
        "instance": {
            "family": "chessnum",
            "size": 8,
            "pieces": "KQRBNP",
            "clues": {"d6": 3, "f6": 1, "e5": 2, "a3": 6, "g1": 2},
        },
        "solution": {"K": "a4", "Q": "g3", "R": "a1", "B": "e7", "N": "c4", "P": "b2"},
        "incomplete": {"K": "a4", "Q": "g3"},
        "generate": ["--seed", "1"],
        "solve": ["--unique"],
    },
    "cnote": {
        "instance": {
            "family": "cnote",
            "target": 100,
            "grid": [[3, 7, 9, 9], [8, 2, 4, 7], [7, 7, 8, 5], [3, 2, 6, 7]],
        },
        "solution": {"grid": [[3, 79, 9, 9], [87, 2, 4, 7], [7, 7, 81, 5], [3, 12, 6, 79]]},
        "incomplete": {"grid": [[3, 79, 9, 9], [87, 2, 4, 7], [7, 7, 81, 5], [3, 12, 6, 7]]},
        "generate": ["--seed", "1"],
        "solve": ["--unique"],
    },
    "tents": {
        "instance": {
            "family": "tents",
            "grid": [".....", "T....", ".....", "T...T", ".T..."],
            "rows": [0, 0, 1, 0, 3],
            "cols": [2, 0, 1, 0, 1],
        },
        "solution": {"tents": [[2, 0], [4, 0], [4, 2], [4, 4]]},
        "incomplete": {"tents": [[2, 0]]},
        "generate": ["--size", "5x5", "--seed", "1"],
        "solve": ["--unique"],
    },
}
FAMILIES = sorted(CASES)
#: A partial placement of another family's shape, for each family.
FOREIGN = {"nqueens": {"tents": [[0, 0]]}, "tents": {"queens": [0]}}


def validator(verb: str) -> Draft202012Validator:
    store = Registry().with_resources(
        (uri, Resource.from_contents(document)) for uri, document in schemas.documents().items()
    )
    return Draft202012Validator(schemas.schema(verb), registry=store)


def assert_valid(verb: str, document: Any) -> None:
    errors = sorted(validator(verb).iter_errors(document), key=lambda e: list(e.absolute_path))
    assert not errors, f"{verb}: " + "; ".join(f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors)
