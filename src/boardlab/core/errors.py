"""Errors that reach the user as one clear line.

`BadInput` is the user's fault (exit code 2): it carries where the problem is (source, line,
column) so that the message can name it. An error in JSON that the raiser got already parsed
carries the JSON path of the value at fault instead (`path=("grid", 1, 1)`): the reader that
holds the text turns it into a line and column (`core.io.locate`). `SolverBug` means an answer failed the family's
independent `verify`: boardlab reports it instead of printing a wrong board.
"""

from __future__ import annotations

#: Where a value lies in a JSON document: object keys and list indices from the top (an index
#: into a string names one of its characters). A last step that is a `JsonKey` names the key
#: itself, not its value.
JsonPath = tuple[str | int, ...]


class JsonKey(str):
    """A JSON path step naming an object's key where the key, not its value, is at fault (a
    clue square's name, an unknown field): `core.io.locate` places the error at the key."""


def key_path(path: JsonPath) -> JsonPath:
    """`path` with its last step (an object key) naming the key instead of its value."""
    return (*path[:-1], JsonKey(path[-1])) if path and isinstance(path[-1], str) else path


class BoardlabError(Exception):
    """Base class of boardlab's own errors."""


class BadInput(BoardlabError):
    """Input that cannot be used: what is wrong and where."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: JsonPath | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.path = path

    def located(
        self, *, source: str | None = None, line: int | None = None, column: int | None = None
    ) -> BadInput:
        """A copy (of the same class) that fills in a location the raiser did not know."""
        copy = type(self).__new__(type(self))
        copy.args = self.args
        copy.__dict__.update(self.__dict__)
        copy.source = self.source or source
        copy.line = self.line if self.line is not None else line
        copy.column = self.column if self.column is not None else column
        return copy

    def within(self, *steps: str | int) -> BadInput:
        """A copy whose JSON path starts with `steps` (the value at fault lies in a wrapper)."""
        copy = self.located()
        copy.path = None if self.path is None else (*steps, *self.path)
        return copy

    def __str__(self) -> str:
        where = [str(part) for part in (self.source, self.line, self.column) if part is not None]
        return f"{':'.join(where)}: {self.message}" if where else self.message


class Unsupported(BadInput):
    """A request the family or backend does not offer (a usage error, exit code 2)."""


class NoPuzzle(BadInput):
    """A generator's proof that no puzzle with the asked properties exists (e.g. no C-Note grid of
    that size and target has exactly one solution): an answer to the request, not a failed
    search, and still a usage error (exit code 2)."""


class SolverBug(BoardlabError):
    """A solver answer that the family's independent checker rejected."""
