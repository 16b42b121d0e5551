"""What the commands print (to the terminal: JSON is the request pipeline's) and the files they
write."""

from __future__ import annotations

import json
import os
import sys
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from boardlab.core.errors import BadInput
from boardlab.core.family import Family, Generated, Record
from boardlab.core.paths import check_output_path
from boardlab.core.results import Result, Status


class ReaderGone(Exception):
    """The reader of stdout closed the pipe early (`boardlab ... | head`): the command stops
    quietly with exit 0 (`app.main`). Not an OSError, so that click's own handling of a broken
    pipe (exit 1) does not take it."""


def _reader_gone() -> NoReturn:
    """Point stdout at /dev/null (the interpreter's last flush must not fail again), then stop
    the command with ReaderGone."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    raise ReaderGone


class _Console(Console):
    """rich's console, with a reader that stops early ending the command as the JSON output
    does (ReaderGone, exit 0), not by rich's `SystemExit(1)`."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        _reader_gone()


out = _Console(highlight=False)
err = _Console(stderr=True, highlight=False)

STATUS_STYLE = {
    Status.SOLVED: "bold green",
    Status.OPTIMAL: "bold green",
    Status.FEASIBLE: "bold dark_orange",  # yellow is unreadable on a light terminal
    Status.UNSATISFIABLE: "bold red",
    Status.UNKNOWN: "bold magenta",
}


def say(message: str) -> None:
    """One line on stderr, never wrapped."""
    print(f"boardlab: {' '.join(message.split())}", file=sys.stderr, flush=True)


def write(text: str) -> None:
    """Text to stdout as it is, flushed. Every write to stdout that does not go through the
    console `out` goes through here: a BrokenPipeError escaping a command would reach click,
    which ends the program with exit 1 (its own handling of a closed pipe)."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_gone()


def print_json(data: Any) -> None:
    """One JSON object on one line of stdout."""
    write(json.dumps(data) + "\n")


def plain(value: Any) -> str:
    """A value of the JSON answers in plain words for the text output (never a Python repr):
    yes/no, "none" for null or nothing, numbers rounded to 4 significant digits, a list of
    numbers in brackets (`[7, 1]`: a cell, as messages write it), a list of lists as its items
    one after the other (`[7, 1] [7, 3]`), mappings as "key: value" pairs in parentheses,
    separated by semicolons; a `grid` of rows (null: an empty cell, as C-Note hints place
    numbers) as its filled cells (`[0, 0] = 3`)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "none"
        if all(isinstance(item, (list, tuple, dict)) for item in value):
            return " ".join(plain(item) for item in value)
        return "[" + ", ".join(plain(item) for item in value) + "]"
    if isinstance(value, dict):
        return "(" + "; ".join(f"{words(str(k))}: {_entry(str(k), v)}" for k, v in value.items()) + ")"
    return str(value)


def _entry(key: str, value: Any) -> str:
    """`plain(value)`, but a `grid` of rows (a placement: null for an empty cell) as its filled
    cells, also when none is empty (a 1x1 grid: `[0, 0] = 10`, not `[10]`)."""
    rows = value if key == "grid" and isinstance(value, list) else []
    if rows and all(isinstance(row, list) for row in rows):
        cells = [(r, c, x) for r, row in enumerate(rows) for c, x in enumerate(row) if x is not None]
        return ", ".join(f"[{r}, {c}] = {plain(x)}" for r, c, x in cells) or "none"
    return plain(value)


def words(key: str) -> str:
    """A JSON key as words: `solutions_per_second` -> "solutions per second"."""
    return key.replace("_", " ")


def print_stats(stats: dict[str, Any]) -> None:
    """The statistics of an answer, one dim paragraph in plain words."""
    shown = {k: v for k, v in stats.items() if v is not None and k != "seconds"}
    line = f"{stats['seconds']:.3f} s  " + "  ".join(f"{words(k)}: {plain(v)}" for k, v in shown.items())
    out.print(escape(line), style="dim")


def print_board(board: Any) -> None:
    """A drawn board (rich Text): never wrapped (a wrapped board is garbled); written as plain
    text when stdout is no terminal, where rich would drop the styles anyway (a 30x30 board
    costs ~50 ms through rich's renderer, which `solve --all` pays per solution)."""
    if out.is_terminal or not isinstance(board, Text):  # a Group (board and notes): rich draws it
        out.print(board, soft_wrap=True)
    else:
        write(board.plain.rstrip("\n") + "\n")


def print_result(family: Family, record: Record, result: Result, many: bool, options: dict[str, Any]) -> None:
    if many:
        out.rule(record.label, style="dim")
    status = result.status
    line = f"[{STATUS_STYLE[status]}]{status.value}[/]"
    if result.count is not None:
        line += f"  count: [bold]{result.count}[/]"
    if result.unique is not None:
        line += "  unique: " + ("[bold green]yes[/]" if result.unique else "[bold red]no[/]")
    if status == Status.UNSATISFIABLE:
        line += "  (no solution exists)"
    if status == Status.UNKNOWN:
        line += "  (time limit reached)"
    out.print(line)
    for index, solution in enumerate(result.solutions):
        if len(result.solutions) > 1:
            out.print(f"[dim]solution {index + 1}[/]")
        print_board(family.render_text(record.instance, solution, options))
    print_stats(result.stats.to_json())


def print_generated(
    family: Family, generated: Generated, options: dict[str, Any], show_solution: bool
) -> None:
    """The puzzle (drawn, and in the text format); its solution only if asked."""
    out.print(f"[bold]{family.title}[/] puzzle, seed {generated.stats.seed}:")
    print_board(family.render_text(generated.instance, None, options))
    form, text = family.shown_text(generated.instance)
    out.print("[dim]text format:[/]" if form == "text" else "[dim]JSON (the text format cannot hold it):[/]")
    out.print(text, markup=False, end="", soft_wrap=True)
    if show_solution:
        out.print("[dim]solution:[/]")
        print_board(family.render_text(generated.instance, generated.solution, options))
    else:
        out.print("[dim](--show-solution draws its solution)[/]")


def print_check(answer: dict[str, Any]) -> None:
    if answer["valid"]:
        out.print("[bold green]valid[/]")
        return
    out.print("[bold red]invalid[/]")
    for problem in answer["violations"]:
        out.print(f"  - {problem}", markup=False)


def print_hint(answer: dict[str, Any]) -> None:
    """The hint's status and message, then its other fields in plain words (`--json` has them
    as JSON)."""
    out.print(
        f"[bold]{escape(str(answer.get('status')))}[/]: {escape(str(answer.get('message')))}", highlight=False
    )
    for key, value in answer.items():
        if key not in ("family", "status", "message") and value not in (None, [], {}):
            out.print(f"  {words(key)}: {plain(value)}", markup=False)


def print_grade(label: str, answer: dict[str, Any], named: bool) -> None:
    steps = answer.get("steps")
    line = f"[bold]{escape(str(answer['difficulty']))}[/]"
    if steps is not None:
        line += f"  ({steps} step{'s' if steps != 1 else ''})"
    out.print((f"{escape(label)}: " if named else "") + line)


def print_explanation(family: Family, instance: Any, answer: dict[str, Any], options: dict[str, Any]) -> None:
    steps = answer["steps"]
    out.print(
        f"[bold]{escape(str(answer['difficulty']))}[/]: {len(steps)} step{'s' if len(steps) != 1 else ''}"
    )
    for number, step in enumerate(steps, 1):
        out.print(
            f"{number:>4}. [dim]({escape(step['level'])}, {escape(step['rule'])})[/] {escape(step['reason'])}"
        )
    if answer.get("solution") is not None:
        out.print(family.render_text(instance, answer["solution"], options))


def print_families(found: list[Family]) -> None:
    for family in found:
        out.print(f"[bold]{family.name}[/]  {family.title}")
        out.print(f"  {family.rules}", markup=False)
        out.print(f"  [dim]backends:[/] {', '.join(family.backends)}")
        if family.strategies:
            out.print(f"  [dim]strategies:[/] {', '.join(family.strategies)}")
        if family.offers_grade:
            out.print(f"  [dim]difficulty levels (grade):[/] {', '.join(family.levels)}")
        if family.offers_explain:
            out.print("  [dim]step by step:[/] explain")
        out.print(f"  [dim]formats (convert --to):[/] {', '.join(family.writes)}")
        for option in family.options:
            out.print(
                f"  [dim]{option.flag} ({'/'.join(option.verbs)}):[/] {escape(option.help)}", highlight=False
            )


def print_library(family: Family, entries: list[dict[str, Any]]) -> None:
    """The published puzzles a family ships: one line each, the name and where it is from."""
    if not entries:
        say(f"{family.name} ships no published puzzles")
    for entry in entries:
        out.print(f"{escape(entry['title'])}  [dim]{escape(entry['source'])}[/]", soft_wrap=True)


def claim_new_file(path: str, force: bool, what: str, as_json: bool = False) -> bool:
    """Whether `path` (- for stdout) may be written: BadInput for a path that names no file
    (`core.paths.check_output_path`), an existing file without --force (asked on a terminal),
    or - with `--json` (`as_json`: the JSON answer and the file would share standard output),
    True once allowed. Commands that work before they write call this first, so a refusal
    comes before the work, not after it; `what` names the flag or argument that gave the path."""
    check_output_path(path, what)
    if as_json and path == "-":
        raise BadInput(f"{what} - and --json both print on standard output: give {what} a file name")
    if path != "-" and os.path.exists(path) and not force:
        if sys.stdin.isatty() and err.is_terminal:
            if not typer.confirm(f"{path} exists. Overwrite?", default=False, err=True):
                raise BadInput("not overwritten", source=path)
        else:
            raise BadInput("file exists (use --force to overwrite)", source=path)
    return True


def write_new_file(path: str, text: str, force: bool, what: str) -> None:
    """Write `text` to `path` (- for stdout), never replacing an existing file unless asked
    (`claim_new_file`; `force` true once it has been asked)."""
    claim_new_file(path, force, what)
    if path == "-":
        write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise BadInput(f"cannot write file: {error.strerror}", source=path) from None
