"""The names of C-Note's models (`--model`) and search strategies, without importing the solver.

`model_cpsat.py` implements them: `domain` and `digits` are two formulations of "the number contains
the cell's digit" (see there); `auto`, the default, takes `domain` unless the target is huge.

A strategy is `VARIABLE:VALUE` (CP-SAT decision strategy with fixed search and one worker), or
`portfolio` (CP-SAT's default search); `model_cpsat.py` maps the names to CP-SAT's constants.
"""

from __future__ import annotations

MODELS = ("auto", "domain", "digits")
DEFAULT_MODEL = "auto"
#: The difficulty grades, easiest first (defined in `grade.py`).
GRADES = ("easy", "medium", "hard")
VARIABLE_CHOICES = ("first", "lowest-min", "highest-max", "min-domain", "max-domain")
VALUE_CHOICES = ("min", "max", "lower-half", "upper-half", "median")
DEFAULT_STRATEGY = "portfolio"
STRATEGIES: tuple[str, ...] = (DEFAULT_STRATEGY,) + tuple(
    f"{variable}:{value}" for variable in VARIABLE_CHOICES for value in VALUE_CHOICES
)
