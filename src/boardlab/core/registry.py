"""The family registry: families register themselves; everything else looks them up here.

`boardlab.families` is scanned once, on first use: every subpackage is imported, and each
registers its family in its `__init__`. A family added later appears in the CLI, the web API and
the benchmarks without changes there.

A family looked up by name (`get`, `lookup`) is imported alone when its package has its name
(as every family's does): a command of one family (`boardlab nqueens count 8`) does not import
the other four. A name that no package has scans them all, so a family registered under another
name is still found.
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


def _package_names() -> set[str]:
    """The names of the subpackages of `boardlab.families` (listed, not imported)."""
    package = importlib.import_module("boardlab.families")
    return {module.name for module in pkgutil.iter_modules(package.__path__) if module.ispkg}


def lookup(name: str) -> Family | None:
    """The family called `name`, or None; imports its package alone when it has that name."""
    if name not in _FAMILIES and not _discovered and name in _package_names():
        importlib.import_module(f"boardlab.families.{name}")
    if name not in _FAMILIES:
        _discover()
    return _FAMILIES.get(name)


def families() -> list[Family]:
    """All registered families, by name."""
    _discover()
    return [_FAMILIES[name] for name in sorted(_FAMILIES)]


def get(name: str) -> Family:
    """The family called `name` (BadInput naming the known ones otherwise)."""
    found = lookup(name)
    if found is None:
        known = ", ".join(sorted(_FAMILIES)) or "none"
        raise BadInput(f"unknown family '{name}' (known: {known})")
    return found
