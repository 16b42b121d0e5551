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
    overwrite, with --force or without), nor a name ending in a separator (a folder's name,
    existing or not), and in a folder that exists. Every writer of a file the user names checks
    this first, so a command that works before it writes refuses before the work (a missing
    folder was "cannot write file: No such file or directory" once the work was done)."""
    empty_name(path, what, "- writes to standard output" if dash else "name a file")
    if dash and path == "-":
        return
    if os.path.isdir(path):
        raise BadInput(f"is a directory ({what} needs a file name)", source=path)
    if path.endswith(("/", os.sep)):
        raise BadInput(f"names a folder ({what} needs a file name)", source=path)
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        what_is = "is not a folder" if os.path.exists(folder) else "no such folder"
        raise BadInput(f"cannot write file: {what_is}: {folder}", source=path)
