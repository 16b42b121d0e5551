"""The progress bar of a long solve, on stderr when it is a terminal (rich.progress is imported
only then: not at start-up)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardlab.cli import output

if TYPE_CHECKING:
    from rich.progress import Progress


def progress_bar() -> tuple[Progress | None, Callable[[int, int], None] | None]:
    """A progress bar on stderr (only when it is a terminal) and the callback that feeds it."""
    if not output.err.is_terminal:
        return None, None
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=output.err,
        transient=True,
    )
    task = bar.add_task("subproblems", total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return bar, update
