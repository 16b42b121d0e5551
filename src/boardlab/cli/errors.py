"""Exit codes, and Ctrl-C on its way through typer to `main`."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from boardlab.core.interrupts import INTERRUPTED, caused_by_ctrl_c

EXIT_OK, EXIT_INVALID, EXIT_BAD_INPUT, EXIT_TIME_LIMIT, EXIT_INTERNAL = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = INTERRUPTED


class Interrupted(BaseException):
    """Ctrl-C during a command, on its way to `main`. typer turns a KeyboardInterrupt into a
    silent exit code 130 (click into Abort), so a command cannot let it through: it raises this
    instead (a BaseException, like KeyboardInterrupt, so no `except Exception` stops it)."""


def interruptible(function: Callable[..., Any]) -> Callable[..., Any]:
    """`function` (a command), raising `Interrupted` where it was interrupted by Ctrl-C, so that
    `main` says "interrupted" once and exits 130."""

    @functools.wraps(function)
    def command(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except Exception as error:
            if caused_by_ctrl_c(error):  # Ctrl-C reported by native code (core.interrupts)
                raise Interrupted() from None
            raise

    return command
