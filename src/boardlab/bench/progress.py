"""Progress of a benchmark run: a rich bar with an ETA on a terminal, one line per case otherwise.

Cases are named by their label (experiment key and case id), so this module knows nothing of
the runner that calls it.
"""

from __future__ import annotations

from typing import Any


class Reporter:
    """Shows progress: a rich bar with an ETA on a terminal, one line per case otherwise."""

    def __init__(self, total: int, console: Any | None) -> None:
        self.total = total
        self.count = 0
        self.console = console
        self.bar: Any = None
        if console is not None and console.is_terminal and total:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("[bold]bench[/]"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                TextColumn("{task.description}"),
                console=console,
                transient=True,
            )
            self.task = self.bar.add_task("", total=total)
            self.bar.start()

    def starting(self, label: str) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description=label)

    def finished(self, label: str, record: dict[str, Any] | None) -> None:
        self.count += 1
        if self.bar is not None:
            self.bar.update(self.task, advance=1)
        if self.console is None:
            return
        if record is None:
            line = f"[{self.count}/{self.total}] {label}: cut short by the budget (not kept)"
        else:
            seconds = record["seconds"]
            shown = f" {seconds:.3g} s" if isinstance(seconds, (int, float)) else ""
            detail = f" ({record['error']})" if record.get("error") else ""
            line = f"[{self.count}/{self.total}] {label}: {record['status']}{shown}{detail}"
        if self.bar is not None:
            self.bar.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()
