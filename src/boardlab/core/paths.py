"""File names the user gives (a puzzle to read, a file to write): what makes one unusable is
said here once, for the command line's arguments and flags and for the family options that
name files (`Option.path`)."""

from __future__ import annotations

import os

from boardlab.core.errors import BadInput


def empty_name(path: str, what: str | None, usage: str) -> None:
    """BadInput for an empty (or blank) file name: `what` names the argument or flag that gave
    it (as the location), `usage` what to give instead. An empty name would otherwise be
    reported as an error located at "" (": cannot read file")."""
    if not path.strip():
        raise BadInput(f"empty file name ({usage})", source=what)


def check_output_path(path: str, what: str, *, dash: bool = True) -> None:
    """BadInput unless `path` (given by the flag or argument `what`) can name a file to write:
    not empty (`dash`: `-` writes to standard output), not a directory (which is no file to
    overwrite, with --force or without). Every writer of a file the user names checks this
    first."""
    empty_name(path, what, "- writes to standard output" if dash else "name a file")
    if os.path.isdir(path):
        raise BadInput(f"is a directory ({what} needs a file name)", source=path)
