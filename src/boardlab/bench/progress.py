"""Progress of a benchmark run: a rich bar with an ETA on a terminal, one line per case otherwise."""

from __future__ import annotations

from typing import Any, Protocol

from boardlab.bench.experiment import Case, Experiment


class Item(Protocol):
    """What the progress shows of a planned case (the runner's `Planned`)."""

    @property
    def experiment(self) -> Experiment: ...

    @property
    def case(self) -> Case: ...


class Reporter:
    """Shows progress: a rich bar with an ETA on a terminal, one line per case otherwise."""

    def __init__(self, total: int, console: Any | None) -> None:
        self.total = total
        self.count = 0
        self.console = console
        self.bar: Any = None
        if console is not None and console.is_terminal and total:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

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

    def starting(self, item: Item) -> None:
        if self.bar is not None:
            self.bar.update(self.task, description=f"{item.experiment.key} {item.case.id}")

    def finished(self, item: Item, record: dict[str, Any] | None) -> None:
        self.count += 1
        if self.bar is not None:
            self.bar.update(self.task, advance=1)
        if self.console is None:
            return
        if record is None:
            line = f"[{self.count}/{self.total}] {item.experiment.key} {item.case.id}: cut short by the budget (not kept)"
        else:
            seconds = record["seconds"]
            shown = f" {seconds:.3g} s" if isinstance(seconds, (int, float)) else ""
            detail = f" ({record['error']})" if record.get("error") else ""
            line = f"[{self.count}/{self.total}] {item.experiment.key} {item.case.id}: {record['status']}{shown}{detail}"
        if self.bar is not None:
            self.bar.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()
