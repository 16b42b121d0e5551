"""The family registry: families register themselves; everything else looks them up here.

`boardlab.families` is scanned once, on first use: every subpackage is imported, and each
registers its family in its `__init__`. A family added later appears in the CLI, the web API and
the benchmarks without changes there.
"""

from __future__ import annotations

import importlib
import pkgutil

from boardlab.core.errors import BadInput
from boardlab.core.family import Family

_FAMILIES: dict[str, Family] = {}
_discovered = False


def register(family: Family) -> Family:
    """Add a family (called by the family package's `__init__`)."""
    if family.name in _FAMILIES and type(_FAMILIES[family.name]) is not type(family):
        raise ValueError(f"family name '{family.name}' registered twice")
    _FAMILIES[family.name] = family
    return family


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    # by its full name: `boardlab.families`, the attribute, is the API's function of that name
    package = importlib.import_module("boardlab.families")
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"{package.__name__}.{module.name}")
    _discovered = True


def families() -> list[Family]:
    """All registered families, by name."""
    _discover()
    return [_FAMILIES[name] for name in sorted(_FAMILIES)]


def get(name: str) -> Family:
    """The family called `name` (BadInput naming the known ones otherwise)."""
    _discover()
    try:
        return _FAMILIES[name]
    except KeyError:
        known = ", ".join(sorted(_FAMILIES)) or "none"
        raise BadInput(f"unknown family '{name}' (known: {known})") from None
