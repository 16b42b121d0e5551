"""Family-specific options, declared once and used by the CLI, the web API and benchmarks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Verbs an option can belong to.
VERBS = ("solve", "count", "generate", "render", "check")


@dataclass(frozen=True)
class Option:
    """One family option, e.g. `--target 100` for cnote.

    `name` is a Python identifier (the CLI spells it with dashes); `type` is one of int, float,
    str, bool; `choices` restricts a str option; `verbs` says where the option is accepted.
    A default of None means "not given" (the family decides). `local` marks an option that
    reaches this machine's files, processes or network (a path, a cluster address): the command
    line offers it, the web API never accepts it.
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    verbs: tuple[str, ...] = ("solve", "count")
    minimum: float | None = None
    maximum: float | None = None
    local: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "flag": self.flag,
            "type": self.type.__name__,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices) if self.choices else None,
            "verbs": list(self.verbs),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "local": self.local,
        }
