"""Difficulty grades and step-by-step solutions: the answers of the `grade` and `explain` verbs.

A family that can say how hard a puzzle is declares its levels once (`Family.levels`, easiest
first) and sets `offers_grade`; one that can show a solving path sets `offers_explain`. The
checked entry points `Family.grade` and `Family.explain` call the family's `grade_instance` and
`explain_instance` and check the answers here (a level the family declared, a path that ends
on a verified solution).

A grade is one of the family's levels, or an outcome that is not a level: `unsolvable` (no
solution), `ambiguous` (several solutions), `unknown` (the time limit came first).

A step is one deduction: the placements it decides (`place`, in the family's partial solution
JSON shape, as a hint's), the rule and its level, the cells or squares that justify it
(`because`, in the family's coordinates) and the reason in a player's words. A hint that says
what follows is one step (`Hint.from_step`): the same words as the explanation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Grades that are not levels: no solution, several solutions, no answer in time.
OUTCOMES = ("unsolvable", "ambiguous", "unknown")


@dataclass
class Grade:
    """How hard a puzzle is: a level of the family (or an `OUTCOMES` word), the number of
    steps of the solving path, and the family's documented figures (`details`)."""

    difficulty: str
    steps: int | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"difficulty": self.difficulty, "steps": self.steps, **self.details}


@dataclass
class Step:
    """One deduction of a solving path (see the module docstring). `details`: the family's
    documented extra keys (tents: `links`)."""

    rule: str
    level: str
    place: Any
    because: list[Any]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "level": self.level,
            "place": self.place,
            "because": self.because,
            "reason": self.reason,
            **self.details,
        }


@dataclass
class Explanation:
    """A solving path from the empty board: the steps, the grade, and the solution it reaches
    (None when it does not reach one: an unsolvable or ambiguous puzzle, or the time limit)."""

    difficulty: str
    steps: list[Step]
    solution: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "difficulty": self.difficulty,
            "steps": [step.to_json() for step in self.steps],
            "solution": self.solution,
        }
