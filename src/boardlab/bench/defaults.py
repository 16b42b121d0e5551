"""The defaults of a `boardlab bench` run, apart from the runner so that the command's help
texts can show them without importing the runner (every `boardlab` command builds that help)."""

from __future__ import annotations

#: Per-case time limit (seconds per repeat) when none is given, by quick mode.
DEFAULT_TIME_LIMIT = {True: 10.0, False: 120.0}
#: Repeats per case when none is given (the median is kept), by quick mode.
DEFAULT_REPEAT = {True: 1, False: 3}
#: Seconds the whole quick run may spend running cases (CI runs it; it must end within 3 minutes).
QUICK_BUDGET = 130.0
